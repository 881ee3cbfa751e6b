"""One short test per rule id of RULES.md, with the rules' worked example."""

from __future__ import annotations

import pytest

from schnapsen_lab.cards import CARD_POINTS, PACK20, PACK24, Card, Rank, Suit, parse_card
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.rules import (
    BEGINNER,
    CLAIM,
    CLOSE,
    EXCHANGE,
    SOFT,
    STRICT,
    End,
    IllegalAction,
    Position,
    Profile,
    Seat,
    TrickReview,
    marriage,
    play,
)

from .conftest import build_deck


def deal(fh: str, dl: str, ind: str, talon: str = "", *, dealer: Seat = Seat.B,
         profile: Profile = SOFT) -> Position:
    """Forehand (A when B deals) gets ``fh``, the dealer ``dl``."""
    return Position.deal(build_deck(fh, dl, ind, talon), dealer, profile)


def run(pos: Position, moves: str) -> Position:
    for tok in moves.split():
        pos = pos.play(tok)
    return pos


def tokens(pos: Position) -> set[str]:
    return {str(a) for a in pos.legal_actions()}


def rule_of(pos: Position, token: str) -> str:
    with pytest.raises(IllegalAction) as e:
        pos.play(token)
    return e.value.rule


# -- cards and deal ------------------------------------------------------------------------------

def test_s1_twenty_cards_rank_order_and_120_points() -> None:
    assert len(PACK20.cards) == 20 and sum(CARD_POINTS[c] for c in PACK20.cards) == 120
    assert [r.points for r in PACK20.ranks] == [11, 10, 4, 3, 2]
    assert PACK24.size == 24 and PACK24.points == 120 and Card.NH.points == 0
    assert parse_card("10h") is parse_card("T♥") is Card.TH
    assert str(Card.TH) == "TH" and Card.TH.suit is Suit.H and Card.TH.rank is Rank.T


def test_s2_s3_s4_deal_from_the_deck_order() -> None:
    deck = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC".split()
    p = Position.deal(deck, Seat.B)
    assert p.forehand is Seat.A and p.to_move is Seat.A  # S2, S4
    assert [str(c) for c in p.hand(Seat.A)] == ["AC", "JC", "TD", "AS", "TS"]
    assert [str(c) for c in p.hand(Seat.B)] == ["QD", "JD", "QH", "QS", "JS"]
    assert p.face_up_indicator is Card.QC and p.trump_suit is Suit.C
    assert p.talon_size == 10 and [str(c) for c in p.talon_cards][:2] == ["JH", "KH"]
    with pytest.raises(IllegalAction) as e:
        Position.deal(deck[:19], Seat.B)
    assert e.value.rule == "S3"


# -- the leader's turn ---------------------------------------------------------------------------

def test_x1_exchange_the_trump_jack() -> None:
    p = deal("JH AC TC KC QC", "AS TS KS QS JS", "AH")
    assert "X" in tokens(p)
    q = p.play(EXCHANGE)
    assert Card.AH in q.hand(Seat.A) and q.face_up_indicator is Card.JH
    assert rule_of(deal("AC TC KC QC JC", "AS TS KS QS JS", "AH"), "X") == "X1"  # no jack
    assert rule_of(p.play(CLOSE), "X") == "X1"  # closed talon
    assert rule_of(p.play("AC"), "X") == "X1"  # the follower may not


def test_c1_closing_needs_the_profile_minimum() -> None:
    p = deal("AH TC KC QC JC", "AS TS KS QS JS", "AD")
    q = p.play(CLOSE)
    assert q.closed_by == Seat.A and q.face_up_indicator is None and q.to_move is Seat.A
    assert rule_of(q, "C") == "C1"
    assert rule_of(deal("AH TC KC QC JC", "AS TS KS QS JS", "AD", profile=BEGINNER), "C") == "C1"
    # play until the talon holds 2 (soft may close) - strict needs 4
    for prof, ok in ((SOFT, True), (STRICT, False)):
        s = deal("AH TC KC QC JC", "AS TS KS QS JS", "AD", profile=prof)
        s = run(s, "AH AS TC TS KC KS QC QS")  # A wins four tricks; talon 10 -> 2
        assert s.talon_size == 2
        assert ("C" in tokens(s)) is ok
    # nobody draws after closing; the closer's opponent's tricks and score are recorded
    r = run(deal("AC TC KC QC JC", "AS TS KS QS JS", "AD"), "AC AS C")
    assert r.closed_opp_tricks == 0 and r.closed_opp_score == 0
    r2 = r.play("TC")
    r2 = r2.play(r2.legal_actions()[0])
    assert len(r2.hand(Seat.A)) == 4 and len(r2.hand(Seat.B)) == 4  # no draw after the trick


def test_m1_marriages_20_40_and_strict_king() -> None:
    p = deal("KH QH KC QC JS", "AS TS KS QS JD", "AH")
    assert {"KH+40", "QH+40", "KC+20", "QC+20"} <= tokens(p)
    assert rule_of(p, "KC+40") == "M1"
    assert rule_of(p, "KS+20") == "M1"  # not holding the pair
    s = deal("KH QH KC QC JS", "AS TS KS QS JD", "AH", profile=STRICT)
    assert "QC+20" not in tokens(s) and rule_of(s, "QC+20") == "M1"
    after = p.play("KH+40")
    assert after.to_move is Seat.B and after.trick == [Card.KH]
    assert Card.QH in after.hand(Seat.A)  # the other half stays in the hand


def test_m2_pending_marriage_counts_after_the_first_trick() -> None:
    p = deal("KC QC AD JD JS", "AC TS KS QS TD", "AH")
    q = run(p, "KC+20 AC")  # B wins the trick: A has no trick yet
    assert q.pending[0] == 20 and q.score(Seat.A) == 0
    q = run(q, "TS JS")  # B wins again: still pending
    assert q.pending[0] == 20
    r = run(q, "TD AD")  # A wins a first trick: the marriage counts
    assert r.pending[0] == 0 and r.marriage_points[0] == 20
    assert r.score(Seat.A) == 11 + 10 + 20


# -- follower and trick --------------------------------------------------------------------------

def test_h1_only_own_cards() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JS", "AD")
    assert rule_of(p, "AS") == "H1"
    assert rule_of(p.play("AC"), "AC") == "H1"


def test_f1_open_talon_any_card() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JH", "AD").play("JC")
    assert tokens(p) == {"AS", "TS", "KS", "QS", "JH"}


def test_f2_closed_talon_follow_beat_trump() -> None:
    p = deal("KC JD KH QS JS", "AC QC TD AH TS", "AD").play(CLOSE)
    assert tokens(p.play("KC")) == {"AC"}  # beat if possible
    assert tokens(p.play("JD")) == {"TD"}  # JD trump: the follower must beat with trump TD
    assert tokens(p.play("KH")) == {"AH"}
    q = deal("KC JH KH QS JS", "QC JC TD AD TS", "AH").play(CLOSE)
    assert tokens(q.play("KC")) == {"QC", "JC"}  # cannot beat: follow suit lower
    r = deal("KC JH KH QS JS", "AD TD KD QD TS", "AH").play(CLOSE).play("KC")
    assert tokens(r) == {"AD", "TD", "KD", "QD", "TS"}  # void in clubs and hearts: any
    s = deal("KC JH KH QS JS", "AD TD KD QD TH", "AS").play(CLOSE).play("KC")
    assert tokens(s) == {"AD", "TD", "KD", "QD", "TH"}  # no club, no trump (spades): any
    t = deal("KC JH KH QS JD", "AD TD KD QD TS", "AS").play(CLOSE).play("KC")
    assert tokens(t) == {"TS"}  # void in clubs: must trump (spades)
    e = t.illegal(play("AD"))
    assert e is not None and e.rule == "F2" and [str(a) for a in e.legal] == ["TS"]


def test_t1_trump_wins_offsuit_never() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JH", "AH")
    assert p.play("AC").play("JH").leader == Seat.B  # a trump wins
    assert p.play("JC").play("AS").leader == Seat.A  # another non-trump suit never wins
    assert p.play("KC").play("JH").trick_points[1] == 6


def test_t2_draw_order_and_last_draw_takes_the_indicator() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JS", "AD", "JD QD KD TD AH KH QH JH TH")
    q = p.play("AC").play("AS")  # A wins and draws JD, B draws QD
    assert Card.JD in q.hand(Seat.A) and Card.QD in q.hand(Seat.B)
    q = run(q, "TC TS KC KS QC QS")  # A wins every trick
    assert q.talon_size == 2 and not q.exhausted
    q = run(q, "JC JS")  # the last draw: A takes TH, B the indicator AD
    assert q.exhausted and q.talon_size == 0
    assert Card.TH in q.hand(Seat.A) and Card.AD in q.hand(Seat.B)


def test_t3_winner_leads() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JH", "AH").play("AC").play("JH")
    assert p.leader == Seat.B and p.to_move is Seat.B


# -- claims and end ------------------------------------------------------------------------------

WORKED = ("TH", "TS AC KD KH QH", "AS TC JD QS JS")  # indicator, A's hand, B's hand


def worked_example() -> Position:
    ind, a, b = WORKED
    return deal(a, b, ind).play("TS").play("AS").play("TC").play("AC").play("KD").play("JD")


def test_worked_example_27_plus_40_claims_at_once() -> None:
    p = worked_example()
    assert p.score(Seat.A) == 27 and p.score(Seat.B) == 21 and p.tricks == [2, 1]
    q = p.play("KH+40")
    assert q.score(Seat.A) == 67 and "66" in tokens(q)
    done = q.play(CLAIM)
    assert done.outcome is not None
    assert (done.outcome.winner, done.outcome.game_points, done.outcome.rule) == (Seat.A, 2, "G1")
    assert Bummerl().after(done.outcome).counters == (5, 7)  # 7 - 2 = 5


def test_worked_example_closing_against_a_trickless_opponent_gives_3() -> None:
    p = deal("KH QH AH TH TC", "AC JC AS JD QD", "JH")
    p = run(p, "C KH+40 JC TC AC AS QH AH JD")
    assert p.score(Seat.B) == 21 and p.score(Seat.A) >= 66
    done = p.play(CLAIM)
    assert done.outcome is not None
    assert (done.outcome.winner, done.outcome.game_points, done.outcome.rule) == (Seat.A, 3, "C2")


def test_e1_score_is_trick_points_plus_effective_marriages() -> None:
    p = worked_example().play("KH+40")
    assert p.score(Seat.A) == p.trick_points[0] + p.marriage_points[0] == 27 + 40


def test_e2_claim_only_after_a_trick_or_a_marriage() -> None:
    p = worked_example()
    assert "66" in tokens(p)  # right after winning a trick
    assert rule_of(p.play("QH"), "66") == "E2"  # after a plain lead
    ex = deal("JH AC TC KC QC", "AS TS KS QS JS", "AH").play("AC").play("JS")
    assert rule_of(ex.play(EXCHANGE), "66") == "E2"  # after another action
    assert rule_of(deal("AC TC KC QC JC", "AS TS KS QS JS", "AD"), "66") == "E2"  # at the start


def test_e3_a_claim_ends_the_deal_and_a_correct_claim_wins() -> None:
    done = worked_example().play("KH+40").play(CLAIM)
    assert done.is_over and done.legal_actions() == []
    assert rule_of(done, "AS") == "E3"
    false = worked_example().play(CLAIM)  # A has 27: a false claim
    assert false.outcome is not None and false.outcome.end is End.FALSE_CLAIM
    assert false.outcome.winner is Seat.B


def test_e4_reaching_66_without_claiming_plays_on() -> None:
    p = worked_example().play("KH+40")
    q = p.play(p.legal_actions()[0])  # B plays a card instead of A claiming
    assert q.score(Seat.A) >= 66 and not q.is_over


def test_e5_and_g3_all_tricks_played_last_trick_wins_1() -> None:
    import random

    from schnapsen_lab.random_deals import random_deck

    rng = random.Random(5)
    found = 0
    for _ in range(200):
        p = Position.deal(random_deck(rng), Seat.B)
        while not p.is_over:
            legal = [a for a in p.legal_actions() if a is not CLAIM and a is not CLOSE]
            p = p.play(legal[0])
        if p.outcome is not None and p.outcome.end is End.LAST_TRICK:
            found += 1
            assert p.tricks_played == 10 and p.outcome.game_points == 1
            assert p.outcome.rule == "G3" and p.outcome.winner == p.leader
            assert rule_of(p, "AC") == "E5"
            claimed = p.play(CLAIM)  # E2 a: the last trick's winner may still claim
            assert claimed.outcome is not None and claimed.outcome.claimant == p.leader
    assert found > 50


def test_g1_claim_points_by_the_losers_score_and_tricks() -> None:
    p = worked_example().play("KH+40").play(CLAIM)  # B 21 with one trick
    assert p.outcome is not None and p.outcome.game_points == 2
    q = deal("KH QH AH TH TC", "AC JC AS JD QD", "JH")
    q = run(q, "KH+40 JC AH JD TH QD")  # A: 6+40, 13, 13 = 72, B trickless
    assert q.score(Seat.A) >= 66 and q.tricks[1] == 0
    done = q.play(CLAIM)
    assert done.outcome is not None and (done.outcome.game_points, done.outcome.rule) == (3, "G1")


def test_g2_false_claim_gives_the_opponent_2_or_3() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JH", "AH").play("AC").play("JH")  # B trumps
    done = p.play(CLAIM)  # B claims with 13: false; A has no trick
    assert done.outcome is not None
    assert (done.outcome.winner, done.outcome.game_points, done.outcome.rule) == (Seat.A, 3, "G2")
    q = run(deal("AC TC KC QC JC", "AS TS KS QS JH", "AH"), "AC AS TC JH")
    done = q.play(CLAIM)  # B false claim; A has a trick
    assert done.outcome is not None
    assert (done.outcome.winner, done.outcome.game_points) == (Seat.A, 2)


def test_c2_c3_c4_closed_deal_scoring() -> None:
    # C3: the closer fails when the last trick is played without the closer's claim
    p = deal("AC TC KC QC JC", "AS TS KS QS JS", "AD").play("AC").play("AS").play(CLOSE)
    while not p.is_over:
        p = p.play(p.legal_actions()[-1] if p.legal_actions()[-1] is not CLAIM
                   else p.legal_actions()[0])
    assert p.outcome is not None and p.outcome.rule == "C3" and p.outcome.winner is Seat.B
    assert p.outcome.game_points == 3  # B had no trick when A closed
    # C4: a false claim by the opponent gives the closer 2 (the closer has a trick)
    q = run(deal("AC TC KC QC JC", "AS TS KS QS JH", "AH"), "AC AS C TC JH")  # B trumps
    done = q.play(CLAIM)  # B claims 10 + 2: false
    assert done.outcome is not None
    assert (done.outcome.winner, done.outcome.game_points, done.outcome.rule) == (Seat.A, 2, "C4")
    # C3: the closer's false claim gives the opponent 2, or 3 if trickless at closing
    r = run(deal("AC TC KC QC JC", "AS TS KS QS JS", "AH"), "C AC AS")
    done = r.play(CLAIM)
    assert done.outcome is not None
    assert (done.outcome.winner, done.outcome.game_points, done.outcome.rule) == (Seat.B, 3, "C3")


def test_b1_bummerl_counters_and_winner() -> None:
    b = Bummerl()
    assert b.counters == (7, 7) and b.dealer is Seat.B and not b.is_decided
    p = worked_example().play("KH+40").play(CLAIM)
    assert p.outcome is not None
    for _ in range(3):
        b = b.after(p.outcome)
    assert b.counters == (1, 7) and b.dealer is Seat.A and not b.is_decided
    b = b.after(p.outcome)
    assert b.counters == (-1, 7) and b.is_decided and b.winner is Seat.A


def test_k1_profiles_say_which_tricks_may_be_reviewed() -> None:
    assert SOFT.trick_review is TrickReview.OWN_AND_OPPONENT_LAST
    assert STRICT.trick_review is TrickReview.LAST_ONLY
    assert BEGINNER.close_min_talon is None


def test_profile_is_data_not_a_name() -> None:
    house = Profile("house", close_min_talon=6, marriage_ranks=frozenset({Rank.Q}))
    p = deal("KH QH KC QC JS", "AS TS KS QS JD", "AH", profile=house)
    assert "QH+40" in tokens(p) and "KH+40" not in tokens(p) and "C" in tokens(p)
    late = Profile("late", close_min_talon=12)
    assert "C" not in tokens(deal("KH QH KC QC JS", "AS TS KS QS JD", "AH", profile=late))
    assert marriage("QH", 40) in deal("KH QH KC QC JS", "AS TS KS QS JD", "AH",
                                      profile=house).legal_actions()


def test_illegal_action_lists_what_was_legal() -> None:
    p = deal("AC TC KC QC JC", "AS TS KS QS JS", "AD")
    with pytest.raises(IllegalAction) as e:
        p.play("AS")
    assert e.value.rule == "H1" and "AS" in e.value.message
    assert {str(a) for a in e.value.legal} == tokens(p)


def test_a_card_not_in_hand_is_h1_in_every_phase() -> None:
    p = deal("KC JH KH QS JS", "AD TD KD QD TS", "AS")
    assert rule_of(p.play("KC"), "AC") == "H1"  # talon open
    closed = p.play(CLOSE).play("KC")
    assert rule_of(closed, "AC") == "H1"  # talon closed: still H1, not F2
    assert rule_of(closed, "AD") == "F2"  # in hand, but the trump TS must be played
    e = closed.illegal(play("AC"))
    assert e is not None and e.message == "AC is not in B's hand"


def test_after_the_last_trick_the_winner_may_still_claim() -> None:
    import random

    from schnapsen_lab.random_deals import random_deck

    rng = random.Random(9)
    for _ in range(100):
        p = Position.deal(random_deck(rng), Seat.B)
        while p.outcome is None:
            p = p.play(next(a for a in p.legal_actions() if a is not CLAIM and a is not CLOSE))
        if p.claimed:
            continue
        assert p.legal_actions() == [CLAIM] and p.to_move is None and p.is_over
        assert p.outcome.end is End.LAST_TRICK  # the result stands if nobody claims ...
        claimed = p.play(CLAIM)  # ... and the claim replaces it (E2 a)
        assert claimed.outcome is not None and claimed.outcome.claimant == p.leader
        assert claimed.outcome.end in (End.CLAIM, End.FALSE_CLAIM)
        assert claimed.legal_actions() == [] and rule_of(claimed, "66") == "E3"
