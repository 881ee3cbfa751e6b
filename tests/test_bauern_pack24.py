"""The 24-card pack of Bauernschnapsen (BAUERN.md BN): one short test a rule id."""

from __future__ import annotations

from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import PACK20, PACK24, Card, parse_cards
from schnapsen_lab.games.bauern import (
    BAUERN,
    BAUERN24,
    BAUERN24_CALLED,
    PROFILES,
    End,
    IllegalAction,
    Partners,
    Position,
    Profile,
    Seat,
    parse_action,
    profile_named,
)
from schnapsen_lab.games.bauern.knowledge import view

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# BAUERN.md BN's worked example: dealer N, cut, bauern24.
EXAMPLE_DECK = ("QH 9C AS QS JS JH QD KD 9D AD 9H JC AH KS KH QC JD TC KC TD TS 9S AC TH")
EXAMPLE = """[Variant "bauern"]
[Dealer "N"]
[Rules "bauern24"]
[Deck "QH 9C AS QS JS JH QD KD 9D AD 9H JC AH KS KH QC JD TC KC TD TS 9S AC TH"]
[Result "NS 9"]

T:H gang weiter weiter weiter 1. QH JH KD 9H 2. AS JS TS 9S 3. AH QC TD TH
4. KH TC QD AD 5. KS QS 9D AC 6. 9C JD KC JC
"""


def deal(profile: Profile = BAUERN24, knock: bool = False, deck: str = EXAMPLE_DECK,
         dealer: Seat = N) -> Position:
    return Position.deal(parse_cards(deck), dealer, profile, knock)


def run(pos: Position, moves: str) -> Position:
    for tok in moves.split():
        if not tok.endswith("."):
            pos = pos.play(tok)
    return pos


def rule_of(pos: Position, token: str) -> str:
    with pytest.raises(IllegalAction) as e:
        pos.play(token)
    return e.value.rule


def hand(pos: Position, seat: Seat) -> set[str]:
    return {str(c) for c in pos.hand(seat)}


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


def test_bn11_the_built_in_24_card_profiles() -> None:
    assert BAUERN24 is PROFILES["bauern24"] is profile_named("Bauern24")
    assert BAUERN24_CALLED is profile_named("bauern24-called")
    for p in (BAUERN24, BAUERN24_CALLED):
        assert (p.match_target, p.must_head, p.knock_allowed, p.pack, p.deck, p.tricks) \
            == (21, False, True, PACK24, 24, 6)
    assert BAUERN24.partners is Partners.FIXED
    assert BAUERN24_CALLED.partners is Partners.CALLED
    assert (BAUERN.pack, BAUERN.deck, BAUERN.tricks) == (PACK20, 20, 5)
    # a house profile is data: must_head with 24 cards (BF1)
    house = Profile("club24", must_head=True, pack=PACK24)
    assert house.tricks == 6 and house.cards == PACK24.mask


def test_bn3_after_a_cut_three_then_three() -> None:
    p = deal()
    assert p.forehand == E
    assert hand(p, E) == cards("QH 9C AS AH KS KH")  # cards 1-3 and 13-15
    assert hand(p, S) == cards("QS JS JH QC JD TC")  # 4-6 and 16-18
    assert hand(p, W) == cards("QD KD 9D KC TD TS")
    assert hand(p, N) == cards("AD 9H JC 9S AC TH")  # the dealer: 10-12 and 22-24


def test_bn4_a_knock_deals_six_each_and_turns_up_card_4() -> None:
    p = deal(knock=True)
    assert hand(p, E) == cards("QH 9C AS QS JS JH")
    assert hand(p, N) == cards("TS 9S AC TH TD KC")
    q = p.play("T:up")
    assert q.turned_card is Card.QS and q.trump_suit is not None and q.trump_suit.name == "S"
    # after a cut the turned card is card 13 (AH here), as with 20 cards
    assert deal().play("T:up").turned_card is Card.AH


def test_bn1_a_nine_is_named_turned_up_and_trumps_but_marries_nobody() -> None:
    # E's first three are QH 9C AS: the nine alone lets him name clubs
    p = deal().play("T:C")
    assert p.trump_suit is not None and p.trump_suit.name == "C"
    # a nine turned up: card 13 is 9S in this deck
    deck = parse_cards(EXAMPLE_DECK)
    deck[12], deck[21] = deck[21], deck[12]
    q = Position.deal(deck, N, BAUERN24).play("T:up")
    assert q.turned_card is Card.NS and str(q.turned_card) == "9S"
    assert rule_of(run(deal(), "T:H weiter weiter weiter weiter"), "9C+20") == "BM1"


def test_bn5_bn6_the_worked_example_a_gang_broken_on_the_sixth_trick() -> None:
    rec = psn.loads(EXAMPLE)[0]
    assert rec.errors == []
    assert rec.profile is BAUERN24
    out = rec.outcome
    assert out is not None and (out.winner, out.game_points, out.end) == ("NS", 9,
                                                                          End.CONTRACT_BROKEN)
    fin = rec.positions()[-1]
    assert fin.tricks_played == 6 and fin.won[E] == 5


def test_bn5_the_normal_game_ends_after_the_sixth_trick() -> None:
    p = run(deal(), "T:H weiter weiter weiter weiter")
    n = 0
    while not p.is_over:
        a = p.legal_actions()
        plays = [x for x in a if x.kind.value == "play"]
        p = p.play(plays[0] if plays else a[0])
        n = p.tricks_played
    assert n == 6 and p.outcome is not None
    assert p.outcome.end in (End.LAST_TRICK, End.CLAIM, End.FALSE_CLAIM)
    assert sum(p.won) == 6 and sum(p.points) == 120  # BN7: no points for the last trick


def test_bn9_forehand_may_call_any_of_21_cards() -> None:
    p = deal(BAUERN24_CALLED).play("T:H")
    calls = [a for a in p.legal_actions() if a.kind.value == "partner"]
    assert len(calls) == 21 and parse_action("P:9D") in calls
    assert rule_of(p, "P:9C") == "BC1"  # among his first three
    alone = p.play("P:KS")  # card 14: in his own last three
    assert alone.partner == E


def test_bn10_a_nine_is_no_card_of_the_20_card_pack() -> None:
    deck20 = "AH TH KH QS JS AC TC KC QH JH AD TD KD QC JC AS TS KS QD JD"
    p = Position.deal(parse_cards(deck20), N, BAUERN).play("T:H")
    called = Position.deal(parse_cards(deck20), N, profile_named("bauern-called")).play("T:H")
    assert rule_of(called, "P:9C") == "BP5"
    p = run(p, "weiter weiter weiter weiter")
    assert rule_of(p, "9H") == "BP5"
    with pytest.raises(IllegalAction) as e:
        Position.deal(parse_cards(EXAMPLE_DECK), N, BAUERN)
    assert e.value.rule == "BD1"
    with pytest.raises(IllegalAction):
        Position.deal(parse_cards(deck20), N, BAUERN24)


def test_bw1_what_a_seat_knows_counts_the_nines() -> None:
    p = deal().play("T:H")
    v = view(p, S)
    assert bin(v.unknown).count("1") == 24 - 6
    assert v.points_out == 120 - sum(c.points for c in p.hand(S))


def test_a_nine_turned_up_is_told_in_words() -> None:
    """BN1: a nine turned up for trump is said with its suit (the move list's sentence)."""
    from schnapsen_lab.notation import four_describe

    deck = parse_cards(EXAMPLE_DECK)
    deck[12], deck[21] = deck[21], deck[12]  # card 13: 9S
    before = Position.deal(deck, N, BAUERN24)
    after = before.play("T:up")
    said = four_describe(before, parse_action("T:up"), after, ["Anna", "Bert", "Cilli", "Dani"])
    assert "9♠" in said and "spades" in said, said


def test_the_24_card_profiles_in_words() -> None:
    """A record's header names the built-in profiles in the language spoken."""
    from schnapsen_lab.headers import rules_name
    from schnapsen_lab.i18n import language

    assert rules_name("bauern24") == "Bauernschnapsen with 24 cards, fixed partners"
    with language("de"):
        assert rules_name("bauern24-called") == "Bauernschnapsen mit 24 Karten, gerufener Partner"
    for name in PROFILES:
        with language("ru"):
            assert rules_name(name) != name, name


@pytest.mark.parametrize("rules", ["bauern24", "bauern24-called"])
def test_simulate_plays_24_card_matches(tmp_path: Path, rules: str) -> None:
    """``simulate --rules bauern24``: whole matches of 24-card deals that check, the same
    file whatever the number of jobs."""
    from schnapsen_lab.cli import main

    files = []
    for jobs in ("1", "2"):
        out = tmp_path / f"m{jobs}.psn"
        assert main(["simulate", "--players", "heuristic,random", "--matches", "2",
                     "--seed", "3", "--rules", rules, "--jobs", jobs, "--quiet",
                     "-o", str(out)]) == 0
        files.append(out.read_bytes())
    assert files[0] == files[1]
    records = psn.loads(files[0].decode("utf-8"))
    assert records and all(r.ok and r.profile.name == rules for r in records)
    assert all(len(r.tags["Deck"].split()) == 24 for r in records)
    assert {r.match for r in records} == {"3-1", "3-2"}
    assert main(["check", str(tmp_path / "m1.psn")]) == 0
