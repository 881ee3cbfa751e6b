"""One short test per rule id of BAUERN.md for the four-player referee (BZ: test_bauern2)."""

from __future__ import annotations

import pytest

from schnapsen_lab.cards import PACK20, Card, parse_cards
from schnapsen_lab.games import SetupError, find_game
from schnapsen_lab.games.bauern import (
    BAUERN,
    BAUERN_CALLED,
    BAUERN_HEAD,
    CLAIM,
    PROFILES,
    Call,
    End,
    IllegalAction,
    Outcome,
    Partners,
    Position,
    Profile,
    Seat,
    profile_named,
)
from schnapsen_lab.games.bauern.game import BAUERN_GAME
from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.tricks import ALL_CARDS, follow_mask

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = 0, 1

# Table A: N deals, E is forehand and holds hearts among his first three.
A = {"E": "AH TH KH QS JS", "S": "AC TC KC QH JH", "W": "AD TD KD QC JC",
     "N": "AS TS KS QD JD"}
# Table B: contracts for E (hearts), W holds the diamonds.
B = {"E": "AH TH KH AC JD", "S": "QD JH TC KC QC", "W": "AD TD KD QH JC",
     "N": "AS TS KS QS JS"}
# Table C: E holds the trump marriage.
C = {"E": "AH KH QH AC JD", "S": "TH JH TC KC QC", "W": "AD TD KD QD JC",
     "N": "AS TS KS QS JS"}
# Table D: a Gang for E.
D = {"E": "AH TH KH AS AC", "S": "QH JH TS KS QS", "W": "AD TD KD QD JD",
     "N": "JS TC KC QC JC"}
# Table M: marriages in a normal game.
M = {"E": "KH QH AH JS TS", "S": "AC TC KC QC JC", "W": "AD TD KD QD JD",
     "N": "TH JH AS KS QS"}


def deck_for(dealer: Seat, hands: dict[str, str], knock: bool = False) -> list[Card]:
    """A deck order that deals these hands (after a cut the first three of each hand
    are its packet of three, BD2; after a knock the five in order, BD3)."""
    f = (int(dealer) + 1) % 4
    order = ["NESW"[(f + k) % 4] for k in range(4)]
    hs = {s: parse_cards(hands[s]) for s in "NESW"}
    assert all(len(h) == 5 for h in hs.values())
    if knock:
        cards = [c for o in order for c in hs[o]]
    else:
        cards = [c for o in order for c in hs[o][:3]] + [c for o in order for c in hs[o][3:]]
    assert len(set(cards)) == 20
    return cards


def table(hands: dict[str, str], dealer: Seat = N, knock: bool = False,
          profile: Profile = BAUERN) -> Position:
    return Position.deal(deck_for(dealer, hands, knock), dealer, profile, knock)


def run(pos: Position, moves: str) -> Position:
    for tok in moves.split():
        if not tok.endswith("."):
            pos = pos.play(tok)
    return pos


def rule_of(pos: Position, token: str) -> str:
    with pytest.raises(IllegalAction) as e:
        pos.play(token)
    return e.value.rule


def tokens(pos: Position) -> set[str]:
    return {str(a) for a in pos.legal_actions()}


def hand(pos: Position, seat: Seat) -> set[str]:
    return {str(c) for c in pos.hand(seat)}


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


NORMAL = "T:H weiter weiter weiter weiter"


# -- seats and teams ------------------------------------------------------------------------------

def test_bs1_four_seats_clockwise_partners_opposite() -> None:
    assert [s.next for s in (N, E, S, W)] == [E, S, W, N]
    assert N.opposite is S and E.opposite is W
    p = table(A)
    assert p.side_names == ("NS", "EW")
    assert p.side_of(N) == p.side_of(S) == NS and p.side_of(E) == p.side_of(W) == EW


def test_bs2_the_deal_passes_clockwise_from_the_first_dealer() -> None:
    m = BAUERN_GAME.new_match(BAUERN)
    dealers = []
    for _ in range(5):
        dealers.append(m.dealer)
        m = m.after(None)
    assert dealers == [0, 1, 2, 3, 0]  # N by default, then E, S, W (PSN default N)
    assert BAUERN_GAME.new_match(BAUERN, dealer=3).after(None).dealer == 0


def test_bs3_forehand_sits_after_the_dealer() -> None:
    assert table(A, dealer=N).forehand == E
    p = table(A, dealer=W)
    assert p.forehand == N and p.to_move is N


# -- deal -----------------------------------------------------------------------------------------

def test_bd1_the_deck_order_fixes_the_deal() -> None:
    deck = deck_for(N, A)
    assert [hand(Position.deal(deck, N), s) for s in (N, E, S, W)] == \
        [hand(table(A), s) for s in (N, E, S, W)]
    with pytest.raises(IllegalAction) as e:
        Position.deal(deck[:19], N)
    assert e.value.rule == "BD1"
    with pytest.raises(IllegalAction) as e:
        Position.deal([*deck[:19], deck[0]], N)
    assert e.value.rule == "BD1"
    with pytest.raises(SetupError) as se:
        BAUERN_GAME.start({"Variant": "bauern"}, BAUERN, 0)
    assert se.value.rule == "BD1" and se.value.tag is None
    with pytest.raises(SetupError) as se:
        BAUERN_GAME.start({"Deck": "AH AH"}, BAUERN, 0)
    assert se.value.rule == "BD1" and se.value.tag == "Deck"


def test_bd2_cut_three_then_two_from_forehand() -> None:
    p = Position.deal(list(PACK20.cards), N)  # forehand E
    assert {int(c) for c in p.hand(E)} == {0, 1, 2, 12, 13}
    assert {int(c) for c in p.hand(S)} == {3, 4, 5, 14, 15}
    assert {int(c) for c in p.hand(W)} == {6, 7, 8, 16, 17}
    assert {int(c) for c in p.hand(N)} == {9, 10, 11, 18, 19}


def test_bd3_knock_five_each_where_the_profile_allows_it() -> None:
    p = Position.deal(list(PACK20.cards), N, knock=True)
    assert [{int(c) for c in p.hand(s)} for s in (E, S, W, N)] == \
        [set(range(0, 5)), set(range(5, 10)), set(range(10, 15)), set(range(15, 20))]
    strict = Profile("no-knock", knock_allowed=False)
    with pytest.raises(IllegalAction) as e:
        Position.deal(list(PACK20.cards), N, strict, knock=True)
    assert e.value.rule == "BD3"
    deck = " ".join(str(c) for c in PACK20.cards)
    with pytest.raises(SetupError) as se:
        BAUERN_GAME.start({"Deck": deck, "Cut": "knock"}, strict, 0)
    assert se.value.rule == "BD3" and se.value.tag == "Cut"
    with pytest.raises(SetupError) as se:
        BAUERN_GAME.start({"Deck": deck, "Cut": "knocked"}, BAUERN, 0)
    assert se.value.rule == "PSN" and se.value.tag == "Cut"
    assert BAUERN_GAME.start({"Deck": deck, "Cut": "KNOCK"}, BAUERN, 0).knock


def test_bd4_every_card_is_in_a_hand() -> None:
    for knock in (False, True):
        p = Position.deal(list(PACK20.cards), W, knock=knock)
        union = 0
        for s in range(4):
            assert bin(p.hands[s]).count("1") == 5
            assert union & p.hands[s] == 0
            union |= p.hands[s]
        assert union == ALL_CARDS


# -- trump ----------------------------------------------------------------------------------------

def test_br1_forehand_fixes_trump_first_and_once() -> None:
    p = table(A)
    assert p.to_move is E and tokens(p) == {"T:H", "T:up"}
    assert rule_of(p, "weiter") == "BR1"
    assert rule_of(p, "AH") == "BR1"
    assert rule_of(p, "66") == "BR1"
    assert rule_of(p.play("T:H"), "T:S") == "BR1"
    v = view(p, E)  # forehand has seen his first three cards only
    assert {str(c) for c in v.hand_cards} == cards("AH TH KH")


def test_br2_name_a_suit_of_the_three_or_turn_up_the_fourth() -> None:
    p = table(A)
    assert rule_of(p, "T:S") == "BR2"  # QS and JS came in the packet of two
    q = p.play("T:up")  # card 13 after a cut: QS, E's fourth card
    assert q.trump_suit is not None and q.trump_suit.name == "S"
    assert q.turned_card is Card.QS and Card.QS in q.hand(E)
    assert Card.QS not in set(view(q, S).unknown_cards)  # face up for everyone
    q = run(q, "weiter weiter weiter weiter QS")
    assert q.turned_card is None
    k = table(A, knock=True).play("T:up")  # card 4 after a knock: again QS
    assert k.turned_card is Card.QS


# -- announcements ---------------------------------------------------------------------------

def test_ba1_each_speaks_once_from_forehand_and_must_outbid() -> None:
    p = table(A).play("T:H")
    order = []
    for tok in ("schnapser", "gang", "weiter", "weiter"):
        order.append(p.to_move)
        p = p.play(tok)
    assert order == [E, S, W, N]
    q = run(table(A), "T:H schnapser")
    assert rule_of(q, "schnapser") == "BA1"  # not worth more than 6
    assert tokens(q) == {"weiter", "spritze", "gang", "bauernschnapser", "kontraschnapser"}
    assert rule_of(p, "weiter") == "BA1"  # the round is over


def test_ba2_contract_values_and_kontraschnapser_not_by_forehand() -> None:
    assert [c.value_points for c in (Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER,
                                     Call.KONTRASCHNAPSER)] == [6, 9, 12, 12]
    p = table(A).play("T:H")
    assert rule_of(p, "kontraschnapser") == "BA2"
    q = run(p, "weiter kontraschnapser")
    assert rule_of(q, "bauernschnapser") == "BA1"  # 12 is not more than 12


def test_ba3_the_highest_contract_is_played_by_its_caller() -> None:
    p = run(table(A), NORMAL)
    assert p.contract is None and p.declarer == -1 and p.to_move is E
    q = run(table(A), "T:H weiter schnapser gang weiter")
    assert q.contract is Call.GANG and q.declarer == W and q.to_move is W


def test_ba4_spritze_by_the_other_team_once() -> None:
    p = table(A).play("T:H")  # forehand E: team EW
    assert rule_of(p, "spritze") == "BA4"
    q = p.play("weiter")
    assert "spritze" in tokens(q)  # S, team NS
    q = q.play("spritze")
    assert rule_of(q, "spritze") == "BA4"  # W: forehand's partner
    r = q.play("weiter")
    assert rule_of(r, "spritze") == "BA4"  # N: once a deal
    assert r.play("weiter").spritze == S


def test_ba4_spritze_is_said_against_the_holder_of_the_game() -> None:
    """BAUERN.md's BA4 examples, forehand E (calls E, S, W, N)."""
    p = table(A).play("T:H")
    r = run(p, "weiter spritze weiter weiter")  # S doubles E's normal game
    assert r.spritze == S and r.spritze_stands and r.holder == E
    q = run(p, "weiter schnapser")  # S holds the game: W, forehand's partner, may double
    assert "spritze" in tokens(q) and q.holder == S
    r = run(q, "spritze weiter")
    assert r.spritze == W and r.spritze_stands
    q = run(p, "weiter spritze weiter")  # N, S's partner, takes the game: it lapses
    r = q.play("schnapser")
    assert r.spritze == S and not r.spritze_stands and r.holder == N
    q = run(p, "weiter schnapser weiter")  # N is the declarer's partner
    assert rule_of(q, "spritze") == "BA4"
    assert "spritze" in tokens(run(p, "schnapser"))  # S against E's own Schnapser
    assert rule_of(run(p, "schnapser weiter"), "spritze") == "BA4"  # W: E's partner
    # a spritze that stands doubles, one that lapsed does not (BG4)
    assert run(p, "weiter spritze weiter schnapser").spritze_stands is False


def test_bg4_a_lapsed_spritze_doubles_nothing() -> None:
    """The holder's own side calling higher keeps the spritze; the spritzer's side calling
    higher lets it lapse, and the contract counts single."""
    p = table(A).play("T:H")
    stands = run(p, "schnapser spritze gang weiter")  # W, E's partner, takes it over
    assert stands.spritze_stands and stands.holder == W
    lapsed = run(p, "schnapser spritze weiter gang")  # N, the spritzer's partner
    assert not lapsed.spritze_stands and lapsed.holder == N
    assert lapsed.contract is Call.GANG


def test_ba5_a_call_that_breaks_the_rules_is_not_a_move() -> None:
    p = table(A).play("T:H")
    with pytest.raises(IllegalAction) as e:
        p.play("kontraschnapser")
    assert {str(a) for a in e.value.legal} == {"weiter", "schnapser", "gang",
                                                "bauernschnapser"}
    assert p.calls == () and p.to_move is E  # unchanged


# -- contracts -------------------------------------------------------------------------------------

def test_bk1_a_partners_trick_is_no_help_to_the_declarer() -> None:
    p = run(table(B), "T:H bauernschnapser weiter weiter weiter 1. JD QD AD AS")
    assert p.outcome == Outcome(0b0101, 12, End.CONTRACT_BROKEN, "BK3")  # W, E's partner


def test_bk2_schnapser_made_at_66_or_broken_after_three_tricks() -> None:
    bid = "T:H schnapser weiter weiter weiter"
    broken = run(table(B), f"{bid} 1. AH JH QH JS 2. TH QC JC TS 3. KH KC KD KS")
    assert broken.declarer_score() == 59
    assert broken.outcome == Outcome(0b0101, 6, End.CONTRACT_BROKEN, "BK2")
    made = run(table(B), f"{bid} 1. AH JH QH AS 2. TH TC AD TS")  # 27 + 41 = 68
    assert made.tricks_played == 2
    assert made.outcome == Outcome(0b1010, 6, End.CONTRACT_MADE, "BK2")
    assert rule_of(made, "KH") == "BE5"
    p = run(table(C), f"{bid} 1. AH JH AD JS")  # 26
    q = p.play("KH+40")  # effective at once: 66
    assert q.outcome is not None and q.outcome.end is End.CONTRACT_MADE
    assert q.trick == [Card.KH] and q.score(EW) == 66


def test_bk3_gang_made_with_all_five_tricks_broken_by_any_other() -> None:
    made = run(table(D), "T:H gang weiter weiter weiter 1. AH QH JD JC 2. TH JH QD QC "
                         "3. KH TS KD KC 4. AS KS AD JS 5. AC QS TD TC")
    assert made.outcome == Outcome(0b1010, 9, End.CONTRACT_MADE, "BK3")
    d2 = {"E": "AH TH KH KS AC", "S": "QH JH TS AS QS", "W": "AD TD KD QD JD",
          "N": "JS TC KC QC JC"}
    broken = run(table(d2), "T:H gang weiter weiter weiter 1. KS AS JD JS")
    assert broken.outcome == Outcome(0b0101, 9, End.CONTRACT_BROKEN, "BK3")


def test_bk4_gang_has_no_trump() -> None:
    p = run(table(D), "T:H gang weiter weiter weiter")
    assert p.trump_suit is None
    q = p.play("AC")
    assert tokens(q) == hand(q, S)  # void in clubs, nobody must trump
    r = run(q, "QH QD JC")
    assert r.last_trick is not None and r.last_trick[2] == E  # a heart does not win


def test_bk5_no_marriages_in_gang_and_bauernschnapser() -> None:
    p = run(table(C), "T:H bauernschnapser weiter weiter weiter")
    assert not {"KH+40", "QH+40"} & tokens(p)
    assert rule_of(p, "KH+40") == "BK5"


# -- play -----------------------------------------------------------------------------------------

def test_bp1_the_leader_plays_any_card_then_clockwise() -> None:
    p = run(table(A), NORMAL)
    assert tokens(p) >= hand(p, E)
    seen = []
    for tok in ("JS", "JH", "AD", "AS"):
        seen.append(p.to_move)
        p = p.play(tok)
    assert seen == [E, S, W, N]


def test_bp2_follow_suit_else_trump_no_duty_to_beat() -> None:
    p = run(table(A), f"{NORMAL} QS")
    assert tokens(p) == {"QH", "JH"}  # void in spades: a trump, either
    assert rule_of(p, "AC") == "BP2"
    p = p.play("JH")
    assert tokens(p) == hand(p, W)  # void in spades and trumps: anything
    p = p.play("AD")
    assert tokens(p) == {"AS", "TS", "KS"}  # follow suit, beating or not
    assert rule_of(p, "QD") == "BP2"


def test_bp3_highest_trump_else_highest_of_the_led_suit() -> None:
    p = run(table(A), f"{NORMAL} 1. QS JH AD KS")
    assert p.last_trick is not None and p.last_trick[2] == S  # the trump, not KS
    q = run(table(B), f"{NORMAL} 1. JD QD AD AS")  # no trump: the led suit's highest
    assert q.last_trick is not None and q.last_trick[2] == W


def test_bp4_the_winner_leads_the_next_trick() -> None:
    p = run(table(A), f"{NORMAL} 1. QS JH AD KS")
    assert p.to_move is S and p.leader == S and p.table == ()


def test_bp5_only_cards_of_ones_own_hand() -> None:
    p = run(table(A), NORMAL)
    assert rule_of(p, "AC") == "BP5"
    assert rule_of(p.play("QS"), "QS") == "BP5"


# -- marriages --------------------------------------------------------------------------------

def test_bm1_the_leader_announces_40_in_trumps_20_else() -> None:
    p = run(table(M), NORMAL)
    assert {"KH+40", "QH+40"} <= tokens(p)
    assert rule_of(p, "KH+20") == "BM1"
    assert rule_of(p, "JS+20") == "BM1"
    q = p.play("KH+40")
    assert rule_of(q, "KC+20") == "BM1"  # S follows: no announcement
    assert view(q, N).known[E] == 1 << Card.QH  # the other half is shown


def test_bm2_a_marriage_counts_once_its_side_has_a_trick() -> None:
    p = run(table(M), f"{NORMAL} 1. KH+40 AC AD TH")
    assert p.score(EW) == 0 and p.pending(EW) == 40 and p.score(NS) == 36
    q = run(p, "2. QS TS TC TD")
    assert q.score(EW) == 33 + 40 and q.pending(EW) == 0
    s = run(table(M), "T:H weiter schnapser weiter weiter 1. JC JD JH AH")
    t = s.play("KH+40")  # E defends S's Schnapser: his marriage counts for nothing
    assert t.score(EW) == 17 and t.pending(EW) == 0 and t.outcome is None


# -- the end of the normal game ------------------------------------------------------------------

def test_be1_a_sides_score_is_both_players_tricks_and_marriages() -> None:
    p = run(table(M), f"{NORMAL} 1. KH+40 AC AD TH 2. QS TS TC TD")
    assert p.points[E] == 33 and p.points[W] == 0 and p.score(EW) == 73


def test_be2_claims_right_after_a_sides_trick_or_marriage() -> None:
    p = run(table(A), f"{NORMAL} 1. AH JH QC JD")
    assert p.check(CLAIM) is None and p.claim_by == EW
    assert rule_of(p.play("QS"), "66") == "BE2"  # after a lead
    q = run(table(M), NORMAL).play("KH+40")
    assert q.check(CLAIM) is None  # right after the announcement
    assert rule_of(q.play("AC"), "66") == "BE2"  # not after the next card
    c = run(table(B), "T:H schnapser weiter weiter weiter 1. AH JH QH JS")
    assert rule_of(c, "66") == "BE2"  # no claims in a contract
    assert rule_of(run(table(A), "T:H weiter"), "66") == "BE2"


def test_be3_a_claim_ends_the_deal_correct_or_false() -> None:
    p = run(table(M), f"{NORMAL} 1. KH+40 AC AD TH 2. QS TS TC TD 66")
    assert p.outcome == Outcome(0b1010, 1, End.CLAIM, "BG1", 0b1010)
    assert rule_of(p, "JS") == "BE3"
    f = run(table(A), f"{NORMAL} 1. AH JH QC JD 66")
    assert f.outcome is not None and f.outcome.end is End.FALSE_CLAIM
    assert f.outcome.winner == "NS"


def test_be4_reaching_66_without_claiming_plays_on() -> None:
    p = run(table(M), f"{NORMAL} 1. KH+40 AC AD TH 2. QS TS TC TD")
    assert p.score(EW) >= 66 and p.outcome is None
    assert p.play("JS").outcome is None


def test_be5_after_the_fifth_trick_only_its_winners_may_still_claim() -> None:
    line = (f"{NORMAL} 1. AH JH QC JD 2. TH QH JC QD 3. KH KC KD KS 4. JS TC TD AS "
            "5. TS QS AC AD")
    p = run(table(A), line)
    assert p.outcome == Outcome(0b0101, 1, End.LAST_TRICK, "BG3")
    assert p.legal_actions() == [CLAIM] and p.to_move is None
    assert rule_of(p, "AH") == "BE5"
    q = p.play("66")  # NS 68
    assert q.outcome == Outcome(0b0101, 1, End.CLAIM, "BG1", 0b0101)
    assert q.legal_actions() == []


# -- game points ----------------------------------------------------------------------------------

def test_bg1_a_correct_claim_scores_3_2_or_1_and_33_gives_2() -> None:
    deck = "AH QC JC KH AS QS KC QD JD TH QH KS TS JH AD AC KD TD JS TC".split()
    p = run(Position.deal(deck, N), "T:C weiter weiter weiter weiter 1. JH KH KC QH "
                                    "2. QD+20 TC JC AD 3. JS TS AS JD 4. AC KD TH QC 66")
    assert p.scores == (79, 33) and p.side_trick_counts == (3, 1)
    assert p.outcome == Outcome(0b0101, 2, End.CLAIM, "BG1", 0b0101)
    three = run(table(A), f"{NORMAL} 1. AH JH AD JD 2. TH QH TD QD 3. KH KC KD KS 66")
    assert three.score(EW) == 68 and three.outcome is not None
    assert three.outcome.game_points == 3  # NS have no trick
    one = run(table(M), f"{NORMAL} 1. KH+40 AC AD TH 2. QS TS TC TD 66")
    assert one.score(NS) == 36 and one.outcome is not None and one.outcome.game_points == 1


def test_bg2_a_false_claim_gives_the_others_2_or_3() -> None:
    p = run(table(A), f"{NORMAL} 1. AH JH QC JD 66")
    assert p.outcome == Outcome(0b0101, 3, End.FALSE_CLAIM, "BG2", 0b1010)
    q = run(table(A), f"{NORMAL} 1. AH JH QC JD 2. QS QH AD KS 66")  # NS claim 21
    assert q.outcome == Outcome(0b1010, 2, End.FALSE_CLAIM, "BG2", 0b0101)


def test_bg3_five_tricks_without_a_claim_score_1() -> None:
    line = (f"{NORMAL} 1. AH JH QC JD 2. TH QH JC QD 3. KH KC KD KS 4. JS TC TD AS "
            "5. TS QS AC AD")
    p = run(table(A), line)
    assert p.scores == (68, 52)
    assert p.outcome is not None and (p.outcome.game_points, p.outcome.rule) == (1, "BG3")


def test_bg4_contracts_score_their_value_and_spritze_doubles() -> None:
    broken = run(table(B), "T:H schnapser spritze weiter weiter 1. AH JH QH JS "
                           "2. TH QC JC TS 3. KH KC KD KS")
    assert broken.outcome == Outcome(0b0101, 12, End.CONTRACT_BROKEN, "BK2")
    normal = run(table(A), "T:H weiter spritze weiter weiter 1. AH JH QC JD 66")
    assert normal.outcome is not None and normal.outcome.game_points == 6
    gang = run(table(D), "T:H gang spritze weiter weiter 1. AH QH JD JC 2. TH JH QD QC "
                         "3. KH TS KD KC 4. AS KS AD JS 5. AC QS TD TC")
    assert gang.outcome == Outcome(0b1010, 18, End.CONTRACT_MADE, "BK3")


# -- the match ------------------------------------------------------------------------------------

def test_bx1_teams_count_up_to_21_and_a_new_match_follows() -> None:
    m = BAUERN_GAME.new_match(BAUERN)
    assert m.counters == (0, 0) and m.rules.keys == ("NS", "EW")
    for winners, gp in ((0b0101, 12), (0b1010, 9), (0b0101, 12)):
        assert not m.is_decided
        out = Outcome(winners, gp, End.CONTRACT_MADE, "BK3")
        m = m.after(BAUERN_GAME.match_gains(out, BAUERN))
    assert m.counters == (24, 9) and m.is_decided and m.winners == ("NS",)  # not capped
    assert m.score_text == "24-9" and m.rules.parse_score("24 - 9") == (24, 9)
    longer = Profile("to-24", match_target=24)
    assert not BAUERN_GAME.new_match(longer).after(((0, 21),)).is_decided


# -- called partner -------------------------------------------------------------------------------

def test_bc1_forehand_calls_a_card_not_among_his_three() -> None:
    p = table(A, profile=BAUERN_CALLED).play("T:H")
    assert rule_of(p, "weiter") == "BC1"
    assert rule_of(p, "P:AH") == "BC1"
    assert tokens(p) == {f"P:{c}" for c in PACK20.cards} - {"P:AH", "P:TH", "P:KH"}
    q = p.play("P:AS")  # N holds it
    assert q.partner == N and q.side_names == ("NE", "SW")
    assert rule_of(table(A).play("T:H"), "P:AS") == "BC1"  # fixed partners


def test_bc2_forehand_holding_the_called_card_plays_alone() -> None:
    p = run(table(A, profile=BAUERN_CALLED), "T:H P:QS")
    assert p.partner == E and p.side_names == ("E", "NSW")


def test_bc3_only_the_holder_knows_the_partner_until_the_card_falls() -> None:
    p = run(table(A, profile=BAUERN_CALLED), "T:H P:AS weiter weiter weiter weiter")
    assert view(p, N).teammates == 0b0011
    assert view(p, E).teammates is None and view(p, S).teammates is None
    q = run(p, "1. JS JH AD AS")
    assert q.partner_known
    assert all(view(q, s).teammates is not None for s in (N, E, S, W))
    assert view(q, S).partners == (W,)


def test_bc4_spritze_neither_by_forehand_nor_by_the_holder() -> None:
    p = run(table(A, profile=BAUERN_CALLED), "T:H P:AS")
    assert rule_of(p, "spritze") == "BC4"
    assert rule_of(p, "kontraschnapser") == "BA2"
    q = run(p, "weiter weiter weiter")
    assert rule_of(q, "spritze") == "BC4"  # N holds AS
    r = run(p, "weiter spritze")  # S may
    assert r.spritze == S
    # only against forehand's game: after W's Schnapser nobody may double
    s = run(p, "weiter weiter schnapser")
    assert rule_of(s, "spritze") == "BC4"
    s = run(p, "schnapser")  # forehand's own contract: S may double it
    assert "spritze" in tokens(s)
    # a later contract of the spritzer's side (S, W: N holds AS) lets it lapse
    t = run(p, "weiter spritze schnapser weiter")
    assert t.spritze == S and not t.spritze_stands
    t = run(p, "weiter spritze weiter schnapser")  # N, forehand's partner: it stands
    assert t.spritze_stands


def test_bc5_each_player_of_the_winning_side_scores() -> None:
    rules = BAUERN_GAME.match_rules(BAUERN_CALLED)
    assert rules.keys == ("N", "E", "S", "W") and rules.start == 0 and rules.target == 21
    out = Outcome(0b0011, 6, End.CONTRACT_MADE, "BK2")
    assert BAUERN_GAME.match_gains(out, BAUERN_CALLED) == ((0, 6), (1, 6))
    m = rules.new().after(((0, 21), (1, 21)))
    assert m.is_decided and m.winners == ("N", "E")
    assert m.score_text == "21-21-0-0"


def test_bc6_team_means_the_side_of_this_deal() -> None:
    p = run(table(A, profile=BAUERN_CALLED),
            "T:H P:AS weiter weiter weiter weiter 1. AH JH QC JD")
    assert p.claim_by == 0 and p.side_name(0) == "NE"  # E's side: E and N
    q = p.play("66")  # 18: false
    assert q.outcome == Outcome(0b1100, 3, End.FALSE_CLAIM, "BG2", 0b0011)
    assert q.outcome.winner == "SW"


# -- knowledge ------------------------------------------------------------------------------------

def test_bw1_what_a_seat_sees_facts_apart_from_inferences() -> None:
    p = run(table(A), "T:up weiter weiter weiter weiter")  # spades trump, QS face up
    v = view(p, S)
    assert v.hand == p.hands[S] and v.known[E] == 1 << Card.QS
    assert v.unknown == ALL_CARDS & ~p.hands[S] & ~(1 << Card.QS)
    q = run(table(A), f"{NORMAL} 1. QS JH AD KS")
    v = view(q, N)
    assert v.played == (1 << Card.QS) | (1 << Card.JH) | (1 << Card.AD) | (1 << Card.KS)
    assert v.voids[S] == 0b1000  # did not follow spades
    assert v.voids[W] == 0b1100  # neither followed nor trumped: no hearts either
    assert v.known[S] == 0 and v.known[W] == 0  # inferences are not facts
    assert not v.could_hold(W) & (0x1F << 15)
    assert v.last_trick is not None and v.last_trick[2] == S
    assert view(q.play("AC"), N).last_trick is None  # only until the next lead
    m = run(table(M), NORMAL).play("KH+40")
    assert all(view(m, s).known[E] == 1 << Card.QH for s in (N, S, W))


def test_bw2_the_holder_knows_his_partner_from_the_start() -> None:
    p = run(table(A, profile=BAUERN_CALLED), "T:H P:AS")
    assert view(p, N).partners == (E,)
    assert view(p, E).partners == () and view(p, W).partners == ()


# -- profiles -------------------------------------------------------------------------------------

def test_bf1_a_profile_is_data_and_the_engine_never_reads_its_name() -> None:
    g = {"E": "AH TH KH QS JD", "S": "JS AS AC TC KC", "W": "AD TD KD QC JC",
         "N": "TS KS QH JH QD"}
    named_like_default = Profile("bauern", must_head=True)
    p = run(table(g, profile=named_like_default), f"{NORMAL} QS")
    assert tokens(p) == {"AS"}  # must beat QS
    assert rule_of(p, "JS") == "BP2"
    p = p.play("AS")
    assert tokens(p) == hand(p, W)  # a discard stays free
    q = run(table(g, profile=Profile("bauern-head", must_head=False)), f"{NORMAL} QS")
    assert tokens(q) == {"AS", "JS"}
    # overtrumping: void in the led suit, a trump must beat a trump already in the trick
    hand_mask = (1 << Card.AH) | (1 << Card.JH) | (1 << Card.AC)
    assert follow_mask(hand_mask, Card.KS, Card.KH, 2, True) == 1 << Card.AH
    assert follow_mask(hand_mask, Card.KS, Card.KH, 2, False) == (1 << Card.AH) | (1 << Card.JH)


def test_bf2_the_built_in_profiles() -> None:
    assert set(PROFILES) == {"bauern", "bauern-called", "bauern-head", "bauern24",
                             "bauern24-called"}
    assert (BAUERN.match_target, BAUERN.must_head, BAUERN.partners, BAUERN.knock_allowed,
            BAUERN.pack, BAUERN.deck, BAUERN.tricks) == (21, False, Partners.FIXED, True,
                                                         PACK20, 20, 5)
    assert BAUERN_CALLED.partners is Partners.CALLED and BAUERN_HEAD.must_head
    assert profile_named("Bauern-Called") is BAUERN_CALLED
    house = Profile("club")
    assert profile_named("club", [house]) is house
    game = find_game({"Variant": "bauern"})
    assert game.profile_from_tags({}) is BAUERN
    assert game.profile_from_tags({"Rules": "club"}, [house]) is house
    with pytest.raises(SetupError) as e:
        game.profile_from_tags({"Rules": "soft"})
    assert e.value.rule == "PSN" and e.value.tag == "Rules"
