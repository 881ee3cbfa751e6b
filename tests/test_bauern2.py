"""BAUERN.md BZ: the two-player form, refereed by the two-player engine with the
``bauern2`` profile's data only."""

from __future__ import annotations

import random

import pytest

from schnapsen_lab.games import find_game
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.rules import (
    BAUERN2,
    CLOSE,
    EXCHANGE,
    SOFT,
    End,
    IllegalAction,
    Position,
    Profile,
    Seat,
)
from schnapsen_lab.tricks import SUIT_MASKS, won_deal_points

# Shared case 20 (valid.psn): A 75, B 33 with two tricks, A claims after trick 6.
DECK_33 = "AS AH QC TH KC QH TC AD KS JS KH JH TS QD JC AC KD QS JD TD".split()
LINE_33 = "QC KC QH+20 AS JS AD QD KD X KS+20 JH TC AC 66".split()


def run(pos: Position, moves: list[str]) -> Position:
    for tok in moves:
        pos = pos.play(tok)
    return pos


def test_bz1_deal_exchange_marriages_and_claims_as_schnapsen() -> None:
    deck = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS".split()
    soft, b2 = Position.deal(deck, Seat.B), Position.deal(deck, Seat.B, BAUERN2)
    assert soft.hands == b2.hands and soft.indicator == b2.indicator
    assert {str(a) for a in soft.legal_actions()} - {"C"} == \
        {str(a) for a in b2.legal_actions()}
    p = run(Position.deal(DECK_33, Seat.A, BAUERN2), LINE_33[:8])
    assert EXCHANGE in p.legal_actions()


def test_bz2_no_closing() -> None:
    p = Position.deal(DECK_33, Seat.A, BAUERN2)
    assert CLOSE not in p.legal_actions()
    with pytest.raises(IllegalAction) as e:
        p.play("C")
    assert e.value.rule == "C1"


def _exhausted_follows(profile: Profile, seeds: range) -> list[tuple[Position, set[int]]]:
    """Positions after the talon ran out where the follower holds the led suit,
    with the cards the follower may play by BZ3 (independently computed)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        deck = list(range(20))
        rng.shuffle(deck)
        p = Position.deal(deck, Seat.B, profile)
        while p.outcome is None:
            legal = [a for a in p.legal_actions() if str(a) != "66"]
            if p.exhausted and p.lead >= 0:
                hand = p.hands[1 - p.leader]
                same = hand & SUIT_MASKS[p.lead // 5]
                trumps = hand & SUIT_MASKS[p.trump]
                want = same or trumps or hand
                out.append((p.copy(), {c for c in range(20) if want >> c & 1}))
            p.apply_unchecked(rng.choice(legal))
    return out


def test_bz3_follow_and_trump_without_beating_once_the_talon_is_gone() -> None:
    cases = _exhausted_follows(BAUERN2, range(300))
    lower_allowed = 0
    for p, want in cases:
        got = {int(a.card) for a in p.legal_actions() if a.card is not None}
        assert got == want
        hand = p.hands[1 - p.leader]
        same = hand & SUIT_MASKS[p.lead // 5]
        if same & ((1 << p.lead) - 1) and same & ~((1 << p.lead) - 1):
            lower_allowed += 1  # holds a higher and a lower card: both allowed here
    assert lower_allowed > 10
    for p, _ in _exhausted_follows(SOFT, range(50)):  # soft keeps the duty to beat
        hand = p.hands[1 - p.leader]
        higher = hand & SUIT_MASKS[p.lead // 5] & ((1 << p.lead) - 1)
        if higher:
            got = {int(a.card) for a in p.legal_actions() if a.card is not None}
            assert got == {c for c in range(20) if higher >> c & 1}


def test_bz4_game_points_as_bg1_a_loser_with_33_gives_2() -> None:
    assert won_deal_points(33, 1, BAUERN2.schneider_below) == 2
    assert won_deal_points(33, 1, SOFT.schneider_below) == 1
    b2 = run(Position.deal(DECK_33, Seat.A, BAUERN2), LINE_33)
    assert b2.scores == (75, 33) and b2.tricks[1] == 2
    assert b2.outcome is not None and (str(b2.outcome), b2.outcome.end) == ("A 2", End.CLAIM)
    soft = run(Position.deal(DECK_33, Seat.A, SOFT), LINE_33)  # the same line is legal
    assert soft.outcome is not None and str(soft.outcome) == "A 1"


def test_bz5_both_count_up_from_0_to_21() -> None:
    b = Bummerl.new(BAUERN2)
    assert b.counters == (0, 0) and b.dealer is Seat.B and b.counts_up
    p = run(Position.deal(DECK_33, Seat.A, BAUERN2), LINE_33)
    b = b.after(p.outcome, Seat.A)
    assert b.counters == (2, 0) and b.dealer is Seat.B and not b.is_decided
    b = Bummerl((20, 3), Seat.A, 9, 0, 21).after(p.outcome)
    assert b.counters == (22, 3) and b.is_decided and b.winner is Seat.A
    assert Bummerl().after(p.outcome).counters == (5, 7)  # B1 counts down


def test_bz6_written_as_a_two_player_record_with_rules_bauern2() -> None:
    game = find_game({"Rules": "bauern2"})
    assert game.key == "schnapsen" and game.seats == ("A", "B")
    profile = game.profile_from_tags({"Rules": "bauern2"})
    assert profile is BAUERN2
    m = game.new_match(profile)
    assert m.score_text == "0-0" and m.dealer == 1  # B deals first (PSN.md)
    deck = " ".join(DECK_33)
    p = game.start({"Deck": deck}, profile, 0)
    res = game.replay(p, [game.parse_action(t) for t in LINE_33], keep=False)
    assert res.ok and game.result_text(res.final.outcome) == "A 2"
    m = game.after_deal(m, res.final, profile, 0)
    assert m.counters_dict() == {"A": 2, "B": 0} and m.dealer == 1
    assert game.check_fields(res.final, True)["scores"] == {"A": 75, "B": 33}
