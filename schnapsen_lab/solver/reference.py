"""The plain minimax: the exact value of a position by trying every line through the engine.

It is slow (no pruning, no memory) and exists to check the fast solver: it knows the
rules only through :class:`~schnapsen_lab.games.twohand.rules.Position`
(``legal_actions``, ``play``, ``outcome``), plus the solver's convention (docs/solver.md)
that a correct claim is made at once. Every other legal action is tried, a false claim
too (RULES.md C4 and SECHSUNDSECHZIG.md 6G2 can make it pay), so its value is the game's
under the full rules of whatever profile the position is played by: the referee is the
only rulebook it reads.
"""

from __future__ import annotations

from ..games.twohand.rules import CLAIM, ActionKind, Outcome, Position, Seat

__all__ = ["claim_now", "minimax", "outcome_value", "state_key"]


def outcome_value(outcome: Outcome) -> int:
    """Game points from A's side: positive when A wins."""
    return outcome.game_points if outcome.winner is Seat.A else -outcome.game_points


def claim_now(pos: Position) -> Outcome | None:
    """The outcome of the correct claim that may be made now (E2), or None if there is none."""
    c = pos.claim_by
    if c < 0 or pos.claimed or not pos.claim_is_correct(c):
        return None
    if pos.lead >= 0 and not pos.lead_marriage:
        return None
    out = pos.play(CLAIM).outcome
    assert out is not None
    return out


StateKey = tuple[object, ...]


def state_key(pos: Position) -> StateKey:
    """Every field of a position that the rest of its deal depends on (for a memo)."""
    return (pos.deck, pos.profile, tuple(pos.hands), pos.next_draw, pos.indicator,
            pos.exhausted, pos.closed_by, pos.closed_opp_tricks, pos.closed_opp_score,
            pos.leader, pos.lead, pos.lead_marriage, pos.claim_by, pos.claimed,
            tuple(pos.trick_points), tuple(pos.marriage_points), tuple(pos.pending),
            tuple(pos.tricks), pos.outcome)


def minimax(pos: Position, memo: dict[StateKey, int] | None = None) -> int:
    """The exact value of ``pos`` (game points from A's side), by full-width minimax.

    With ``memo``, positions met again (the same state by another order of play) are
    looked up there instead of searched again; the result is the same.
    """
    claim = claim_now(pos)
    if claim is not None:
        return outcome_value(claim)
    if pos.outcome is not None:
        return outcome_value(pos.outcome)
    if memo is not None:
        key = state_key(pos)
        got = memo.get(key)
        if got is not None:
            return got
    # A false claim is searched too (a correct one was made above): under C4 or 6G2 it
    # can pay. After a marriage lead the claim is the leader's, not the follower's to
    # choose: the leader takes the better of claiming and letting the follower play.
    legal = pos.legal_actions()
    values = [minimax(pos.play(a), memo) for a in legal
              if a.kind is not ActionKind.CLAIM or pos.lead < 0]
    v = max(values) if pos.to_move is Seat.A else min(values)
    if pos.lead >= 0 and CLAIM in legal:
        out = pos.play(CLAIM).outcome
        assert out is not None
        f = outcome_value(out)
        v = max(v, f) if pos.leader == Seat.A else min(v, f)
    if memo is not None:
        memo[key] = v
    return v
