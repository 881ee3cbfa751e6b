"""Brute force for closed-game plans: every pure plan of the planner, every opponent hand.

Independent of :mod:`schnapsen_lab.solver.plan`: it knows the game only through the
engine (:class:`~schnapsen_lab.games.twohand.rules.Position`), with the solver's conventions (a
correct
claim is made at once, a false one never). A plan maps each of the planner's decisions,
known by the actions played since the root (what he has seen), to one of his legal
actions; every such map is enumerated. Each plan is played against each opponent hand
with the opponent choosing, at each of his turns, the answer that beats the plan where
one does (he sees every card and the plan).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from schnapsen_lab.games.twohand.rules import CLAIM, Action, Position, Seat
from schnapsen_lab.solver.reference import claim_now
from schnapsen_lab.worlds import build_world

History = tuple[Action, ...]


@dataclass(frozen=True)
class Plan:
    """A pure plan: at the decision reached by ``history`` play ``moves[history]``."""

    moves: tuple[tuple[History, Action], ...]

    def at(self, history: History) -> Action:
        """The action at the decision reached by ``history``."""
        for h, a in self.moves:
            if h == history:
                return a
        raise KeyError(history)


def worlds_of(pos: Position, seat: int, hands: Sequence[int]) -> list[Position]:
    """``pos`` once for each opponent hand (the talon is closed: its order does not matter)."""
    hidden = pos.hands[1 - seat]
    if not pos.exhausted:
        for c in pos.deck[pos.next_draw:]:
            hidden |= 1 << c
    out = []
    for hand in hands:
        talon = [c for c in range(24) if (hidden & ~hand) >> c & 1]
        out.append(build_world(pos, seat, hand, talon))
    return out


def _settle(pos: Position) -> Position:
    """``pos`` with a correct claim made when one may be made (E2)."""
    if claim_now(pos) is not None:
        return pos.play(CLAIM)
    return pos


def _planner_moves(pos: Position, seat: int) -> list[Action]:
    return [a for a in pos.legal_actions() if a is not CLAIM]


def _next_decisions(pos: Position, seat: int, history: History
                    ) -> Iterator[tuple[History, Position]]:
    """Every way the opponent can play from ``pos`` (after a planner's action) up to the
    planner's next decision or the end: ``(history, position)``."""
    pos = _settle(pos)
    if pos.outcome is not None or pos.to_move == seat:
        yield history, pos
        return
    for a in pos.legal_actions():
        if a is CLAIM:
            continue
        yield from _next_decisions(pos.play(a), seat, (*history, a))


def all_plans(nodes: Sequence[Position], seat: int, history: History = ()) -> Iterator[Plan]:
    """Every pure plan of ``seat`` from the decision ``history`` (``nodes``: that decision
    in each world that can reach it)."""
    first = nodes[0]
    for a in _planner_moves(first, seat):
        after: dict[History, list[Position]] = {}
        for n in nodes:
            for h, p in _next_decisions(n.play(a), seat, (*history, a)):
                if p.outcome is None:
                    after.setdefault(h, []).append(p)
        keys = list(after)
        subplans = [list(all_plans(after[k], seat, k)) for k in keys]
        for combo in itertools.product(*subplans):
            moves: list[tuple[History, Action]] = [(history, a)]
            for sub in combo:
                moves.extend(sub.moves)
            yield Plan(tuple(moves))


def wins(plan: Plan, world: Position, seat: int, history: History = ()) -> bool:
    """Whether ``plan`` wins ``world`` against every answer of the opponent."""
    pos = _settle(world)
    if pos.outcome is not None:
        return pos.outcome.winner == Seat(seat)
    if pos.to_move == seat:
        a = plan.at(history)
        return wins(plan, pos.play(a), seat, (*history, a))
    return all(wins(plan, pos.play(a), seat, (*history, a))
               for a in pos.legal_actions() if a is not CLAIM)


def best_by_brute_force(pos: Position, seat: int, hands: Sequence[int]
                        ) -> tuple[int, int, list[int]]:
    """``(plans tried, most worlds one plan wins, for each world whether the best plan
    found first wins it)``."""
    worlds = worlds_of(pos, seat, hands)
    best = -1
    best_row: list[int] = []
    tried = 0
    for plan in all_plans(worlds, seat):
        tried += 1
        row = [int(wins(plan, w, seat)) for w in worlds]
        if sum(row) > best:
            best = sum(row)
            best_row = row
    return tried, best, best_row


# -- with the false claim (C4) ---------------------------------------------------------------

def _moves_with_claims(pos: Position) -> list[Action]:
    """Every action of the player to move, a false claim at a lead too (a correct one is
    made at once by :func:`_settle`); after a marriage lead the claim is the leader's."""
    return [a for a in pos.legal_actions() if a is not CLAIM or pos.lead < 0]


def _next_decisions_fc(pos: Position, seat: int, history: History
                       ) -> Iterator[tuple[History, Position]]:
    pos = _settle(pos)
    if pos.outcome is not None or pos.to_move == seat:
        yield history, pos
        return
    for a in _moves_with_claims(pos):
        yield from _next_decisions_fc(pos.play(a), seat, (*history, a))


def all_plans_fc(nodes: Sequence[Position], seat: int, history: History = ()
                 ) -> Iterator[Plan]:
    """Every pure plan of ``seat``, his false claims included."""
    first = nodes[0]
    for a in _moves_with_claims(first):
        after: dict[History, list[Position]] = {}
        for n in nodes:
            for h, p in _next_decisions_fc(n.play(a), seat, (*history, a)):
                if p.outcome is None:
                    after.setdefault(h, []).append(p)
        keys = list(after)
        subplans = [list(all_plans_fc(after[k], seat, k)) for k in keys]
        for combo in itertools.product(*subplans):
            moves: list[tuple[History, Action]] = [(history, a)]
            for sub in combo:
                moves.extend(sub.moves)
            yield Plan(tuple(moves))


def value(plan: Plan, world: Position, seat: int, history: History = ()) -> int:
    """The game points ``plan`` is sure of in ``world`` (for ``seat``), against the
    opponent's best answer, his false claims included."""
    pos = _settle(world)
    if pos.outcome is not None:
        gp = pos.outcome.game_points
        return gp if pos.outcome.winner == Seat(seat) else -gp
    if pos.to_move == seat:
        a = plan.at(history)
        return value(plan, pos.play(a), seat, (*history, a))
    return min(value(plan, pos.play(a), seat, (*history, a)) for a in _moves_with_claims(pos))


def best_value_by_brute_force(pos: Position, seat: int, hands: Sequence[int]
                              ) -> tuple[int, int, list[int]]:
    """``(plans tried, the best total game points of one plan over the worlds, that plan's
    value in each world)``, both players' false claims searched."""
    worlds = worlds_of(pos, seat, hands)
    best: int | None = None
    best_row: list[int] = []
    tried = 0
    for plan in all_plans_fc(worlds, seat):
        tried += 1
        row = [value(plan, w, seat) for w in worlds]
        if best is None or sum(row) > best:
            best = sum(row)
            best_row = row
    assert best is not None
    return tried, best, best_row
