"""The strong four-player player's work is bounded (issue 21 section 2: a decision within
1 s of one core): the solver stops exactly at a node budget, on the largest positions,
and a decision never searches more nodes than its budget, whatever its worlds cost.
Structural: nodes are counted, nothing is timed."""

from __future__ import annotations

import random
import time

import pytest

from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.games.bauern.players import HeuristicBauernPlayer
from schnapsen_lab.games.bauern.rules import (
    BAUERN,
    BAUERN_CALLED,
    CALLS,
    TRUMP_UP,
    Call,
    Phase,
    Position,
)
from schnapsen_lab.games.bauern.solver import (
    NodeBudget,
    OutOfBudget,
    action_values,
    solve,
    state_of,
)
from schnapsen_lab.games.bauern.strong import (
    AUCTION_SAMPLES,
    FIRST_LEAD_SAMPLES,
    NODE_BUDGET,
    TRUMP_SAMPLES,
    StrongBauernPlayer,
)

WEITER = CALLS[Call.WEITER]


def _deck(seed: int) -> list[int]:
    deck = list(range(20))
    random.Random(seed).shuffle(deck)
    return deck


def _first_lead(seed: int, profile=BAUERN) -> Position:  # type: ignore[no-untyped-def]
    """The first lead of a normal game: every hand full, the largest search there is."""
    pos = Position.deal(_deck(seed), seed % 4, profile).play(TRUMP_UP)
    while pos.phase != Phase.PLAY:  # every seat says weiter; the first card is called
        pos = pos.play(WEITER if pos.phase == Phase.AUCTION else pos.legal_actions()[0])
    assert pos.phase == Phase.PLAY and pos.tricks_played == 0 and not pos.table
    return pos


def _small(seed: int) -> Position:
    """A position three tricks in (cheap to solve exactly)."""
    pos = _first_lead(seed)
    rng = random.Random(seed)
    while pos.tricks_played < 3 and pos.outcome is None:
        pos = pos.play(rng.choice([a for a in pos.legal_actions() if a.kind.name != "CLAIM"]))
    return pos


@pytest.mark.parametrize("seed", range(4))
def test_a_search_stops_exactly_at_its_node_budget(seed: int) -> None:
    st = state_of(_first_lead(seed))
    before = st.copy()
    b = NodeBudget(200)
    with pytest.raises(OutOfBudget):
        solve(st, b)
    assert b.spent == 200 and b.left == 0 and b.exhausted
    assert st == before  # the search worked on a copy
    b = NodeBudget(700)
    with pytest.raises(OutOfBudget):
        action_values(_first_lead(seed), budget=b)
    assert b.spent == 700


def test_a_budget_large_enough_changes_nothing() -> None:
    searched = 0
    for seed in range(8):
        pos = _small(seed)
        if pos.outcome is not None:
            continue
        free = NodeBudget(None)
        exact = solve(pos, free)
        assert free.left is None
        if free.spent == 0:  # decided by a claim: no search
            continue
        tight = NodeBudget(free.spent)  # exactly the nodes it needs
        assert solve(pos, tight) == exact and tight.left == 0
        if free.spent > 1:
            with pytest.raises(OutOfBudget):
                solve(pos, NodeBudget(free.spent - 1))
        values = action_values(pos)
        assert action_values(pos, budget=NodeBudget(10**9)) == values
        searched += 1
    assert searched >= 3


def test_the_clock_guard_stops_a_search_past_its_deadline() -> None:
    past = NodeBudget(None, deadline=time.process_time() - 1.0)
    assert past.exhausted
    with pytest.raises(OutOfBudget):
        solve(_first_lead(1), past)
    assert past.spent == 0


def _decisions() -> list[tuple[str, Position, int, int]]:
    """The player's largest decisions: fixing trump (five full solves a world), the call
    of forehand (each contract solved a world) and the first lead (each card)."""
    out = []
    for seed in (11, 12):
        for profile in (BAUERN, BAUERN_CALLED):
            start = Position.deal(_deck(seed), seed % 4, profile)
            out.append(("trump", start, start.turn, TRUMP_SAMPLES))
            auction = start.play(TRUMP_UP)
            while auction.phase == Phase.PARTNER:
                auction = auction.play(auction.legal_actions()[0])
            out.append(("auction", auction, auction.turn, AUCTION_SAMPLES))
            lead = _first_lead(seed, profile)
            out.append(("lead", lead, lead.turn, FIRST_LEAD_SAMPLES))
    return out


@pytest.mark.parametrize("nodes", [5_000, 40_000])
def test_a_decision_never_searches_beyond_its_node_budget(nodes: int) -> None:
    """On the largest decisions, with budgets that cut them short: the nodes searched
    never exceed the budget, some worlds are dropped, and the same seed gives the same
    choice after the same work (no clock: ``budget`` infinite)."""
    cut = 0
    for name, pos, seat, wanted in _decisions():
        v = view(pos, seat)
        runs = []
        for _ in range(2):
            p = StrongBauernPlayer(seed=7, nodes=nodes, budget=float("inf"))
            a = p.act(v, random.Random(7))
            assert a in v.legal, name
            assert 0 < p.last_nodes <= nodes, (name, p.last_nodes)
            runs.append((a, p.last_nodes, p.last_worlds))
        assert runs[0] == runs[1], name
        cut += runs[0][2] < wanted
    assert cut >= 3  # the budgets did bind


def test_the_default_budget_holds_on_the_largest_decisions() -> None:
    for name, pos, seat, _ in _decisions()[:3]:
        p = StrongBauernPlayer(seed=3, budget=float("inf"))
        assert p.nodes == NODE_BUDGET
        p.act(view(pos, seat), random.Random(3))
        assert 0 < p.last_nodes <= NODE_BUDGET and p.last_worlds > 0, name


def test_no_world_finished_falls_back_on_the_rule_of_thumb() -> None:
    for name, pos, seat, _ in _decisions():
        v = view(pos, seat)
        p = StrongBauernPlayer(seed=5, nodes=1, budget=float("inf"))
        a = p.act(v, random.Random(5))
        assert p.last_worlds == 0 and p.last_nodes <= 1, name
        assert a == HeuristicBauernPlayer().act(v, random.Random(5)), name


def test_a_node_budget_is_positive() -> None:
    with pytest.raises(ValueError):
        StrongBauernPlayer(nodes=0)
    with pytest.raises(ValueError):
        NodeBudget(-1)
