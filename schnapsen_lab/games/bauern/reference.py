"""The plain minimax of a four-player deal's play: the exact value by trying every line
through the referee.

It is slow (no pruning) and exists to check the fast solver
(:mod:`schnapsen_lab.games.bauern.solver`): it knows the rules only through
:class:`~schnapsen_lab.games.bauern.rules.Position` (``legal_actions``, ``play``,
``outcome``), plus the solver's two conventions: a correct claim is made at once, and a
false claim is never chosen. Values are side 0's game points (positive when side 0
wins); side 0's seats maximise, side 1's minimise.
"""

from __future__ import annotations

from .rules import CLAIM, Kind, Outcome, Position

__all__ = ["claim_now", "minimax", "outcome_value"]


def outcome_value(pos: Position, outcome: Outcome) -> int:
    """Game points from side 0's point of view."""
    return outcome.game_points if outcome.winners == pos.side_seats[0] else -outcome.game_points


def claim_now(pos: Position) -> Outcome | None:
    """The outcome of the correct claim that may be made now (BE2), or None."""
    c = pos.claim_by
    if c < 0 or pos.claimed or not pos.claim_is_correct(c):
        return None
    if CLAIM not in pos.legal_actions():
        return None
    out = pos.play(CLAIM).outcome
    assert out is not None
    return out


def minimax(pos: Position, memo: dict[tuple[object, ...], int] | None = None) -> int:
    """The exact value of ``pos`` (side 0's game points) by full-width minimax; ``memo``
    (keyed by every field the rest of the deal depends on) only saves work."""
    claim = claim_now(pos)
    if claim is not None:
        return outcome_value(pos, claim)
    if pos.outcome is not None:
        return outcome_value(pos, pos.outcome)
    key: tuple[object, ...] | None = None
    if memo is not None:
        key = (tuple(pos.hands), pos.table, pos.leader, pos.turn, tuple(pos.points),
               tuple(pos.won), tuple(pos.marriages), pos.claim_by, pos.lead_marriage)
        got = memo.get(key)
        if got is not None:
            return got
    values = [minimax(pos.play(a), memo) for a in pos.legal_actions()
              if a.kind is not Kind.CLAIM]
    v = max(values) if pos.side[pos.turn] == 0 else min(values)
    if key is not None and memo is not None:
        memo[key] = v
    return v
