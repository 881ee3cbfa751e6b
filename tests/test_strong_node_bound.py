"""The strong player's work bound: a decision's first look solves its worlds within a
deterministic number of search nodes (Sechsundsechzig's long talon), while Schnapsen's
choices are those of the unbounded player."""

from __future__ import annotations

import random

from schnapsen_lab.cards import PACK24
from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE as SIXTY_SIX
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import SOFT, Position, Profile, Seat
from schnapsen_lab.players.strong import LONG_NODES, LONG_TALON, StrongPlayer
from schnapsen_lab.solver import Solver
from schnapsen_lab.solver.api import default_solver


def first_lead(seed: int, profile: Profile) -> Position:
    """A deal of ``profile`` at its first lead, the cards shuffled by ``seed``."""
    rng = random.Random(seed)
    deck = [int(c) for c in profile.pack.cards]
    rng.shuffle(deck)
    return Position.deal(deck, Seat(rng.randrange(2)), profile)


def decide(player: StrongPlayer, pos: Position) -> tuple[str, tuple[object, ...], int]:
    """The player's choice at ``pos``, its ranked options and the search nodes it took."""
    me = pos.to_move
    assert me is not None
    solver = default_solver()
    start = solver.nodes
    a = player.act(view(pos, Seat(me)), random.Random(1))
    assert player.last is not None
    ranked = tuple((str(e.action), e.values) for e in player.last.ranked)
    return str(a), ranked, solver.nodes - start


def test_schnapsen_choices_are_those_of_the_unbounded_player() -> None:
    # Schnapsen's first leads are its costliest decisions by sampling (10 cards in the
    # talon): the bound never bites there, so choices and values are unchanged.
    for seed in range(6):
        pos = first_lead(seed, SOFT)
        bounded = decide(StrongPlayer(seed=seed), pos)
        unbounded = decide(StrongPlayer(seed=seed, decision_nodes=0, long_nodes=0), pos)
        assert bounded[:2] == unbounded[:2]
        assert len(bounded[1][0][1]) == 30  # every world solved


def test_sechsundsechzigs_first_lead_is_solved_within_its_node_bound() -> None:
    pos = first_lead(3, SIXTY_SIX)
    assert pos.talon_size > LONG_TALON
    player = StrongPlayer(seed=3)
    choice, ranked, nodes = decide(player, pos)
    assert player.last is not None
    # the worlds are taken until the bound is reached; the last one may cross it once
    assert nodes < 2 * LONG_NODES
    assert 1 <= player.last.worlds < player.samples
    assert all(len(values) == player.last.worlds for _, values in ranked)
    # deterministic: the same bound gives the same choice
    again = decide(StrongPlayer(seed=3), pos)
    assert (choice, ranked) == again[:2]


def test_solve_within_gives_up_beyond_its_nodes_and_stays_exact() -> None:
    rng = random.Random(5)
    deck = [int(c) for c in PACK24.cards]
    rng.shuffle(deck)
    pos = Position.deal(deck, Seat.A, SIXTY_SIX)
    solver = Solver()
    assert solver.solve_within(pos, 50) is None
    exact = Solver().solve(pos)
    assert solver.solve(pos) == exact
    assert solver.solve_within(pos, 0) == exact
    assert Solver().solve_within(pos, 10**9) == exact


def test_a_world_too_big_for_the_bound_is_left_out_and_the_bound_doubles() -> None:
    from schnapsen_lab.players.strong import solved_within
    from schnapsen_lab.worlds import sample_worlds, world_action_values

    pos = first_lead(2, SOFT)
    me = pos.to_move
    assert me is not None
    worlds = sample_worlds(pos, me, 12, random.Random(4))
    actions = [a for a in pos.legal_actions() if a.card is not None]
    taken, ranked = solved_within(worlds, me, actions, 1000)
    # no world fits in 1,000 nodes: each one left out doubles the next one's bound, until
    # one is solved (whole: its exact values); then the bound is spent and the look ends
    assert len(taken) == 1 and taken[0] in worlds[1:]
    exact = dict(zip(actions, world_action_values(taken[0], actions), strict=True))
    sign = 1 if me == Seat.A else -1
    assert all(e.values == (sign * exact[e.action],) for e in ranked
               if e.action is not None)
    everything, _ = solved_within(worlds, me, actions, 0)
    assert everything == worlds
