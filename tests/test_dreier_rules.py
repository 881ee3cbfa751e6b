"""Dreierschnapsen's referee against DREIER.md: the deal, trump, the calls, spritze, the
talon laid away, the contracts and the match to 24."""

from __future__ import annotations

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import CARD_POINTS, parse_card
from schnapsen_lab.games import find_game, game_named
from schnapsen_lab.games.dreier.rules import (
    DREIER,
    DREIER_HEAD,
    PROFILES,
    Call,
    End,
    IllegalAction,
    Kind,
    Phase,
    Position,
    lay_away,
    parse_action,
)

DECK = "AH AS KH AC QS QD KC KS JS AD QH KD JC QC JD TD TS TC JH TH"


def _pos(*tokens: str, deck: str = DECK, dealer: int = 2) -> Position:
    p = Position.deal(deck.split(), dealer)
    for t in tokens:
        p = p.play(t)
    return p


def test_the_deal_gives_six_each_and_two_to_the_talon() -> None:
    """3D2: 1-3 and 12-14 to forehand, 4-6 and 15-17 to middlehand, 7-9 and 18-20 to the
    dealer, 10-11 to the talon; dealer C makes A forehand (3S3)."""
    p = Position.deal(DECK.split(), 2)
    cards = DECK.split()
    assert p.forehand == 0
    assert {str(c) for c in p.hand(0)} == {*cards[0:3], *cards[11:14]}
    assert {str(c) for c in p.hand(1)} == {*cards[3:6], *cards[14:17]}
    assert {str(c) for c in p.hand(2)} == {*cards[6:9], *cards[17:20]}
    assert [str(c) for c in p.talon_cards] == cards[9:11]
    q = Position.deal(DECK.split(), 0)  # dealer A: B is forehand
    assert q.forehand == 1 and {str(c) for c in q.hand(1)} == {*cards[0:3], *cards[11:14]}


def test_trump_is_named_from_the_first_three_or_turned_up() -> None:
    p = Position.deal(DECK.split(), 2)
    assert p.check(parse_action("T:D")) == ("3R2", "forehand A holds no diamonds among his "
                                                   "first three cards")
    up = p.play("T:up")
    assert up.trump_suit is not None and up.turned_card == parse_card("KD")  # card 12
    assert up.phase == Phase.AUCTION


def test_who_may_call_what() -> None:
    """3A2: Schnapser and Bauernschnapser forehand's alone, the Kontra contracts never his."""
    p = _pos("T:H")
    words = {str(a) for a in p.legal_actions()}
    assert words == {"weiter", "bettler", "schnapser", "gang", "bauernschnapser"}
    err = p.illegal(parse_action("kontraschnapser"))
    assert err is not None and err.rule == "3A2" and "kontraschnapser" not in \
        {str(a) for a in err.legal}
    q = p.play("weiter")
    assert {str(a) for a in q.legal_actions()} == {
        "weiter", "spritze", "bettler", "gang", "kontraschnapser", "kontrabauernschnapser"}
    assert q.check(parse_action("schnapser"))[0] == "3A2"  # type: ignore[index]
    r = q.play("gang")
    assert r.check(parse_action("bettler"))[0] == "3A1"  # type: ignore[index]


@pytest.mark.parametrize(("calls", "holder", "points"), [
    ("weiter spritze weiter", 0, 2),  # B doubles A's normal game
    ("weiter gang spritze", 1, 2),  # C doubles B's Gang
    ("weiter spritze bettler", 2, 2),  # C takes the game; B's spritze doubles it
])
def test_a_spritze_always_stands(calls: str, holder: int, points: int) -> None:
    """3A4, 3G5: the examples of DREIER.md."""
    p = _pos("T:H", *calls.split())
    assert p.holder == holder and p.declarer == holder and p.spritze_stands
    assert p.phase == Phase.TALON


def test_forehand_never_says_spritze_and_only_once() -> None:
    p = _pos("T:H")
    assert p.check(parse_action("spritze"))[0] == "3A4"  # type: ignore[index]
    q = p.play("weiter").play("spritze")
    assert q.check(parse_action("spritze"))[0] == "3A4"  # type: ignore[index]


def test_the_declarer_takes_the_talon_and_lays_two_away() -> None:
    """3T1-3T3: eight cards, any two laid away (the talon's and the turned card too),
    out of play; then the first lead."""
    p = _pos("T:up", "weiter", "weiter", "weiter")
    assert p.phase == Phase.TALON and p.declarer == 0 and len(p.hand(0)) == 8
    assert {a.kind for a in p.legal_actions()} == {Kind.LAYAWAY}
    assert p.check(parse_action("AS"))[0] == "3T1"  # type: ignore[index]
    assert p.check(parse_action("L:TS"))[0] == "3T1"  # type: ignore[index]  # B holds it
    q = p.play("L:KD").play(lay_away("QH"))  # the turned card and a talon card
    assert q.turned_card is None and q.laid_points == CARD_POINTS[parse_card("KD")] + 3
    assert q.phase == Phase.PLAY and q.turn == 0 and len(q.hand(0)) == 6
    assert q.check(parse_action("L:AH"))[0] == "3T1"  # type: ignore[index]


def test_the_worked_example_gang_broken_at_the_fifth_trick() -> None:
    """DREIER.md's worked example: B's Gang, C's spritze, C wins trick 5: A and C score 18."""
    text = """[Variant "dreier"]
[Dealer "C"]
[Deck "QS KD QH TC JC JS AS KC QC TH AD KH TS JD JH AC KS QD TD AH"]
[Result "AC 18"]

T:up weiter gang spritze L:JS L:KS 1. AC QC QS 2. TC KC TS 3. JC AS QH 4. AD QD JD
5. TH AH KH
"""
    rec = next(iter(psn.loads(text)))
    assert rec.ok, rec.errors
    out = rec.outcome
    assert out is not None and out.winner == "AC" and out.game_points == 18
    assert out.end is End.CONTRACT_BROKEN and out.rule == "3K3"


def test_gang_and_bettler_have_no_trump_once_the_calls_are_over() -> None:
    """3K5: the trump of 3R is fixed first; the contract takes it away as soon as it is
    the game played, while the declarer lays away too."""
    for word in ("bettler", "gang"):
        p = _pos("T:H", word, "weiter", "weiter")
        assert p.phase == Phase.TALON and p.trump_suit is None and p.named_trump == 2
    assert _pos("T:H", "schnapser", "weiter", "weiter").trump_suit is not None


def test_bettler_is_broken_by_the_first_trick_the_declarer_wins() -> None:
    p = _pos("T:H", "bettler", "weiter", "weiter", "L:AD", "L:QH")
    assert p.contract is Call.BETTLER and p.trump_suit is None and p.turn == 0
    assert not [a for a in p.legal_actions() if a.kind is Kind.MARRIAGE]
    while p.outcome is None:
        p = p.play(p.legal_actions()[-1])
    assert p.outcome.end in (End.CONTRACT_MADE, End.CONTRACT_BROKEN)
    assert p.outcome.rule == "3K4" and p.outcome.game_points == 4
    broken = p.outcome.end is End.CONTRACT_BROKEN
    assert (p.won[0] > 0) is broken and p.outcome.winner == ("BC" if broken else "A")


def test_dreier_head_makes_the_follower_beat_the_trick() -> None:
    assert PROFILES == {"dreier": DREIER, "dreier-head": DREIER_HEAD}
    assert DREIER.match_target == DREIER_HEAD.match_target == 24
    assert not DREIER.must_head and DREIER_HEAD.must_head


def test_a_deck_that_is_not_the_twenty_cards_is_refused() -> None:
    with pytest.raises(IllegalAction) as info:
        Position.deal([*DECK.split()[:-1], "AH"], 2)
    assert info.value.rule == "3D1"


def test_the_game_is_registered_with_its_tags() -> None:
    g = find_game({"Variant": "Dreier"})
    assert g is game_named("dreierschnapsen") and g.key == "dreier"
    assert g.name_tags == ("PlayerA", "PlayerB", "PlayerC")
    assert g.default_dealer(DREIER) == 2
    assert g.same_result("CB 4", _outcome("BC")) and not g.same_result("C 4", _outcome("BC"))


def _outcome(winner: str) -> object:
    from schnapsen_lab.games.dreier.rules import Outcome
    mask = sum(1 << "ABC".index(ch) for ch in winner)
    return Outcome(mask, 4, End.CONTRACT_MADE, "3K4")


def test_each_defender_scores_in_full_up_to_24() -> None:
    """3G6, 3X1: both defenders add the game points; the first deal to bring a counter to
    24 decides the match."""
    g = game_named("dreier")
    m = g.new_match(DREIER)
    assert m.counters == (0, 0, 0) and m.dealer == 2
    m = m.after(g.match_gains(_outcome("BC"), DREIER))
    assert m.counters == (0, 4, 4) and m.dealer == 0 and not m.is_decided
    m = m.after(((1, 24),))
    assert m.is_decided and m.counters_dict() == {"A": 0, "B": 28, "C": 4}


@pytest.mark.parametrize("token", ["weiter", "gang", "T:H", "L:AS", "AS"])
def test_any_action_after_the_deal_is_over_is_3e5(token: str) -> None:
    """DREIER.md "Records": any action after the deal is over is 3E3 (after a claim) or
    3E5, a call and a trump too."""
    p = _pos("T:H", "bettler", "weiter", "weiter", "L:AD", "L:QH")
    while p.outcome is None:
        p = p.play(p.legal_actions()[-1])
    assert p.check(parse_action(token))[0] == "3E5"  # type: ignore[index]
