"""The closing advisor: its closing numbers are exact (checked by brute force)."""

from __future__ import annotations

import itertools
import json
import random
from collections import defaultdict

import pytest

from schnapsen_lab.advisor import advise, closing_hands, closing_possible
from schnapsen_lab.knowledge import view
from schnapsen_lab.rules import CLAIM, CLOSE, EXCHANGE, ActionKind, Position, Seat
from schnapsen_lab.solver.reference import minimax


def _lead_with_talon(seed: int, talon: int) -> Position:
    """A lead of a random deal where the talon holds ``talon`` cards and closing is legal."""
    rng = random.Random(seed)
    while True:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while pos.outcome is None and pos.talon_size > talon:
            legal = [a for a in pos.legal_actions()
                     if a not in (CLAIM, CLOSE, EXCHANGE)]
            pos = pos.play(rng.choice(legal))
        while pos.outcome is None and pos.lead >= 0:
            pos = pos.play(rng.choice([a for a in pos.legal_actions() if a is not CLAIM]))
        if (pos.outcome is None and pos.talon_size == talon and CLOSE in pos.legal_actions()
                and not pos.claim_is_correct(pos.leader)):
            return pos


def _brute_force(pos: Position) -> dict[int, list[int]]:
    """Every world the leader cannot tell from ``pos`` (found by trying every placement of
    the cards it cannot see), closed and played out by plain minimax: the closer's values,
    grouped by the opponent's hand."""
    me = pos.leader
    opp = 1 - me
    seen = view(pos, me)
    pool = [c for c in range(20) if not (pos.hands[me] | pos.played) >> c & 1
            and c != pos.indicator]
    size = bin(pos.hands[opp]).count("1")
    out: dict[int, list[int]] = defaultdict(list)
    for combo in itertools.combinations(pool, size):
        hand = sum(1 << c for c in combo)
        rest = [c for c in pool if not hand >> c & 1]
        for order in itertools.permutations(rest):
            w = pos.copy()
            w.hands[opp] = hand
            w.deck = tuple([c for c in range(20) if c not in set(order)] + list(order))
            if view(w, me) != seen:
                continue
            v = minimax(w.play(CLOSE))
            out[hand].append(v if me == 0 else -v)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_closing_numbers_are_exact_with_a_talon_of_two(seed: int) -> None:
    pos = _lead_with_talon(seed, 2)
    truth = _brute_force(pos)
    results = closing_hands(pos)
    got = {sum(1 << c for c in r.hand): r.value for r in results}
    assert set(got) == set(truth)
    for hand, values in truth.items():
        assert values == [got[hand]] * len(values)
    advice = advise(pos, samples=6, exchange_first=False)
    all_values = [v for vs in truth.values() for v in vs]
    assert advice.hands == len(truth)
    assert advice.close_win_chance == pytest.approx(
        sum(1 for v in all_values if v > 0) / len(all_values))
    assert advice.close_expected == pytest.approx(sum(all_values) / len(all_values))
    assert {sum(1 << c for c in r.hand) for r in advice.losing_hands} == {
        h for h, vs in truth.items() if vs[0] <= 0}


def test_closing_numbers_are_exact_with_a_talon_of_four() -> None:
    # 3 face-down cards: the talon order varies, the closed game's value must not.
    pos = _lead_with_talon(4, 4)
    truth = _brute_force(pos)
    got = {sum(1 << c for c in r.hand): r.value for r in closing_hands(pos)}
    assert set(got) == set(truth)
    assert len(truth) > 20
    for hand, values in truth.items():
        assert len(values) == 6
        assert values == [got[hand]] * 6


def test_play_on_estimate() -> None:
    pos = _lead_with_talon(5, 4)
    advice = advise(pos, samples=8, seed=1, exchange_first=False)
    leads = {a for a in pos.legal_actions() if a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)}
    assert {e.action for e in advice.play_on_actions} == leads
    assert advice.play_on.samples == 8
    assert advice.play_on.low <= advice.play_on.mean <= advice.play_on.high
    assert advice.play_on_action == advice.play_on_actions[0].action
    assert advice.play_on.mean == max(e.mean for e in advice.play_on_actions)
    again = advise(pos, samples=8, seed=1, exchange_first=False)
    assert again == advice
    assert advice.verdict in ("close", "play on", "close call", "either")
    text = advice.explain()
    assert "Close:" in text and "Play on" in text
    data = json.loads(json.dumps(advice.to_dict()))
    assert data["close"]["hands"] == advice.hands
    assert data["play_on"]["samples"] == 8


def _lead_with_jack(seed: int) -> Position:
    """A lead with a talon of 4 where the leader holds the trump jack (random deals)."""
    rng = random.Random(seed)
    while True:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        jack = pos.trump * 5 + 4
        while pos.outcome is None and pos.talon_size > 4:
            legal = [a for a in pos.legal_actions()
                     if a not in (CLAIM, CLOSE, EXCHANGE) and a.card != jack]
            pos = pos.play(rng.choice(legal))
        if (pos.outcome is None and pos.lead < 0 and pos.talon_size == 4
                and EXCHANGE in pos.legal_actions()):
            return pos


def test_exchange_first() -> None:
    pos = _lead_with_jack(12)
    advice = advise(pos, samples=2)
    assert advice.exchanged
    assert closing_possible(pos)
    after = pos.play(EXCHANGE)
    assert advice.results == closing_hands(after)
    plain = advise(pos, samples=2, exchange_first=False)
    assert not plain.exchanged
    assert plain.results == closing_hands(pos)


def test_closing_must_be_legal() -> None:
    pos = Position.deal(list(range(20))).play(CLOSE)
    with pytest.raises(ValueError):
        advise(pos)  # already closed
    follow = Position.deal(list(range(20)))
    follow = follow.play(follow.legal_actions()[-1])
    with pytest.raises(ValueError):
        advise(follow)  # the follower's turn
    assert not closing_possible(follow)
    assert Seat.A is follow.forehand
