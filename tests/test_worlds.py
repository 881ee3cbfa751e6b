"""Worlds consistent with a player's knowledge: sampling, enumeration, inferences."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import CLAIM, CLOSE, Position, Seat
from schnapsen_lab.worlds import (
    build_world,
    estimate,
    hidden_cards,
    inferred_absent,
    opponent_hands,
    position_from_view,
    sample_worlds,
    world_count,
)


def _random_histories(seed: int, games: int, close_bias: float = 0.0) -> list[list[Position]]:
    """Random legal deals, as lists of positions (claims left out so deals run long)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, Seat(rng.randrange(2)))
        hist = [pos]
        while pos.outcome is None:
            legal = [a for a in pos.legal_actions() if a is not CLAIM]
            a = CLOSE if CLOSE in legal and rng.random() < close_bias else rng.choice(legal)
            pos = pos.play(a)
            hist.append(pos)
        out.append(hist)
    return out


def test_sampled_worlds_look_the_same_to_the_viewer() -> None:
    rng = random.Random(7)
    for hist in _random_histories(1, 40):
        for pos in hist[:-1]:
            for seat in (Seat.A, Seat.B):
                seen = view(pos, seat)
                for w in sample_worlds(pos, seat, 3, rng):
                    assert view(w, seat) == seen
                    assert sorted(w.deck) == list(range(20))
                    assert w.hands[seat] == pos.hands[seat]


def _card_places_ok(p: Position) -> bool:
    """Every card in exactly one place: a hand, the face-down talon, the indicator, played."""
    talon = 0 if p.exhausted else sum(1 << c for c in p.deck[p.next_draw:])
    ind = 1 << p.indicator if p.indicator >= 0 and not p.exhausted else 0
    places = [p.hands[0], p.hands[1], talon, ind, p.played]
    return sum(bin(m).count("1") for m in places) == 20 and (
        places[0] | places[1] | talon | ind | p.played) == (1 << 20) - 1


def test_worlds_play_out_under_the_rules() -> None:
    rng = random.Random(3)
    played = 0
    for hist in _random_histories(2, 15):
        pos = hist[len(hist) // 3]
        seat = pos.to_move
        assert seat is not None
        for w in sample_worlds(pos, seat, 2, rng):
            assert w.hands[seat] == pos.hands[seat] and w.played == pos.played
            assert w.scores == pos.scores and w.tricks == pos.tricks
            p = w
            while p.outcome is None:
                assert _card_places_ok(p), p
                legal = [a for a in p.legal_actions() if a is not CLAIM]
                assert legal, p  # the deal never stalls before its end
                p = p.play(rng.choice(legal))  # IllegalAction if the world broke a rule
                played += 1
            assert _card_places_ok(p) and 1 <= p.outcome.game_points <= 3
            assert p.tricks_played == 10 or p.closed_by >= 0 or p.claimed
    assert played > 100


def test_the_true_position_is_among_the_worlds() -> None:
    for hist in _random_histories(4, 30):
        for pos in hist[:-1]:
            for seat in (Seat.A, Seat.B):
                h = hidden_cards(pos, seat)
                opp = pos.hands[1 - seat]
                assert opp & h.opponent_known == h.opponent_known
                assert bin(opp & h.unknown).count("1") == h.opponent_hidden


def _consistent_hands_by_brute_force(pos: Position, seat: Seat) -> set[int]:
    """Every opponent hand that leaves the viewer's view unchanged, found by trying all."""
    me, opp = int(seat), 1 - int(seat)
    seen = view(pos, seat)
    ind = pos.indicator if pos.talon_open else -1
    pool = [c for c in range(20) if not (pos.hands[me] | pos.played) >> c & 1 and c != ind
            and not (pos.closed_by >= 0 and c == pos.indicator)]
    size = bin(pos.hands[opp]).count("1")
    talon_n = 0 if pos.exhausted else 20 - pos.next_draw
    out = set()
    for combo in itertools.combinations(pool, size):
        hand = sum(1 << c for c in combo)
        rest = [c for c in pool if not hand >> c & 1]
        if len(rest) != talon_n:
            continue
        w = pos.copy()
        w.hands[opp] = hand
        others = [c for c in range(20) if c not in set(rest)]
        w.deck = tuple(others + rest)
        if view(w, seat) == seen:
            out.add(hand)
    return out


def test_opponent_hands_are_exactly_the_consistent_ones() -> None:
    hists = _random_histories(5, 12)
    checked = 0
    for hist in hists:
        for pos in hist[6:-1:5]:
            for seat in (Seat.A, Seat.B):
                h = hidden_cards(pos, seat)
                got = list(opponent_hands(h))
                assert len(got) == len(set(got)) == world_count(h, ordered_talon=False)
                assert set(got) == _consistent_hands_by_brute_force(pos, seat)
                checked += 1
    assert checked > 20


def test_enumeration_when_there_are_few_worlds() -> None:
    # Late in a closed deal the viewer's worlds are few: all are returned, once each.
    for hist in _random_histories(6, 40, close_bias=0.5):
        for pos in hist:
            if pos.closed_by >= 0 and pos.outcome is None and pos.tricks_played >= 5:
                seat = pos.to_move
                assert seat is not None
                h = hidden_cards(pos, seat)
                n = world_count(h, ordered_talon=False)
                ws = sample_worlds(pos, seat, 10_000, random.Random(0))
                assert len(ws) == n
                assert len({w.hands[1 - seat] for w in ws}) == n
                return
    pytest.fail("no closed position found")


def test_world_count_of_an_open_talon_counts_orders() -> None:
    pos = Position.deal(list(range(20)))
    h = hidden_cards(pos, Seat.A)
    assert h.opponent_hidden == 5 and h.talon_hidden == 9
    assert world_count(h) == math.comb(14, 5) * math.factorial(9)
    assert world_count(h, ordered_talon=False) == math.comb(14, 5)


def test_sampling_is_uniform_over_hands() -> None:
    # Each unknown card lands in the opponent's hand 5 times in 14 (first lead).
    pos = Position.deal(list(range(20)))
    ws = sample_worlds(pos, Seat.A, 2800, random.Random(11), exhaustive=False)
    h = hidden_cards(pos, Seat.A)
    for c in range(20):
        if h.unknown >> c & 1:
            share = sum(1 for w in ws if w.hands[1] >> c & 1) / len(ws)
            assert abs(share - 5 / 14) < 0.06


def test_inferred_absences_hold_in_the_real_deal() -> None:
    found = 0
    for hist in _random_histories(8, 80, close_bias=0.3):
        for i, pos in enumerate(hist):
            for seat in (Seat.A, Seat.B):
                absent = inferred_absent(hist[:i + 1], seat)
                assert not pos.hands[1 - seat] & absent
                h = hidden_cards(pos, seat, absent)
                found += h.absent != 0
                assert h.consistent()
    assert found > 0


def test_inference_from_a_discard_in_the_closed_phase() -> None:
    # Constructed: the talon is closed, the follower discards a club on a heart lead:
    # void in hearts and, clubs not being trump, in trumps too.
    for hist in _random_histories(9, 300, close_bias=0.6):
        for i in range(len(hist) - 1):
            before, after = hist[i], hist[i + 1]
            if (before.closed_by >= 0 and before.lead >= 0 and after.last_trick is not None
                    and after.tricks_played == before.tricks_played + 1):
                lead, card, _ = after.last_trick
                if card // 5 != lead // 5 and card // 5 != before.trump:
                    follower = 1 - before.leader
                    absent = inferred_absent(hist[:i + 2], Seat(1 - follower))
                    suit = 0b11111 << (5 * (lead // 5))
                    trumps = 0b11111 << (5 * before.trump)
                    assert absent & suit == suit and absent & trumps == trumps
                    return
    pytest.fail("no discard found")


def test_build_world_rejects_other_cards() -> None:
    pos = Position.deal(list(range(20)))
    with pytest.raises(ValueError):
        build_world(pos, Seat.A, pos.hands[1], list(range(11, 19)))


def test_position_from_view_looks_the_same() -> None:
    for hist in _random_histories(10, 30, close_bias=0.2):
        for pos in hist[:-1]:
            seat = pos.to_move
            assert seat is not None
            seen = view(pos, seat)
            p, h = position_from_view(seen, pos.profile,
                                      (pos.closed_opp_tricks, pos.closed_opp_score))
            assert view(p, seat) == seen
            # the leader's claim after a marriage lead is not the follower's to see
            mine = [a for a in pos.legal_actions() if pos.lead < 0 or a is not CLAIM]
            assert [a for a in p.legal_actions() if pos.lead < 0 or a is not CLAIM] == mine
            assert h == hidden_cards(pos, seat)


def test_estimate_interval() -> None:
    e = estimate([1, -1, 1, -1])
    assert e.mean == 0 and e.low < 0 < e.high and e.win_chance == 0.5
    x = estimate([2, 2, 2], exact=True)
    assert x.low == x.high == 2 and x.exact
