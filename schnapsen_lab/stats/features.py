"""What happened in one deal: closing, marriages, the trump-jack exchange, missed claims.

Pure functions of a :class:`~schnapsen_lab.psn.Record`: the record's main line is
replayed with the engine (:class:`~schnapsen_lab.rules.Position`), so every figure
follows the rules in RULES.md. Nothing here needs pandas.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..psn import Record
from ..rules import ActionKind, Position

__all__ = ["DealFeatures", "ScorePoint", "deal_features", "score_trajectory"]


@dataclass(frozen=True, slots=True)
class DealFeatures:
    """Facts of one deal's main line, per player as ``(A, B)`` pairs.

    ``closer`` is the seat (0 A, 1 B) that closed the talon or -1; ``close_talon`` is the
    talon size (face-down cards plus the indicator) and ``close_trick`` the number of the
    trick about to be led when it closed; ``close_opp_score``/``close_opp_tricks`` are the
    opponent's score and tricks at that moment (C1). ``marriages20``/``marriages40`` count
    announcements, ``pending_marriages`` those that never counted (M2: the announcer won
    no trick). ``exchanged_by`` is the seat that exchanged the trump jack or -1.
    ``held66`` is True for a player who could have claimed correctly and did something
    else (or let the deal end): E4. ``actions`` counts the main line's actions.
    """

    closer: int
    close_talon: int | None
    close_trick: int | None
    close_opp_score: int | None
    close_opp_tricks: int | None
    marriages20: tuple[int, int]
    marriages40: tuple[int, int]
    pending_marriages: tuple[int, int]
    marriage_points: tuple[int, int]
    exchanged_by: int
    tricks: tuple[int, int]
    scores: tuple[int, int]
    held66: tuple[bool, bool]
    actions: int


def deal_features(record: Record) -> DealFeatures | None:
    """The facts of the record's main line; None when it has no playable deck."""
    if record.deck is None:
        return None
    try:
        pos = record.start()
    except ValueError:
        return None
    closer = -1
    close_talon: int | None = None
    close_trick: int | None = None
    m20 = [0, 0]
    m40 = [0, 0]
    exchanged_by = -1
    held = [False, False]
    n = 0
    actions = record.actions
    if record.errors:  # a line built by hand: stop where it goes wrong
        done = record.game.replay(pos, actions, keep=False)
        if done.index is not None:
            actions = actions[:done.index]
    for a in actions:
        kind = a.kind
        cb = pos.claim_by
        # a correct claim was available (after a trick won, or after a marriage)
        if (kind is not ActionKind.CLAIM and cb >= 0 and pos.outcome is None
                and pos.trick_points[cb] + pos.marriage_points[cb] >= 66):
            held[cb] = True
        if kind is ActionKind.CLOSE:
            closer = pos.leader
            close_talon = pos.talon_size
            close_trick = pos.tricks_played + 1
        elif kind is ActionKind.MARRIAGE:
            if a.points == 40:
                m40[pos.leader] += 1
            else:
                m20[pos.leader] += 1
        elif kind is ActionKind.EXCHANGE:
            exchanged_by = pos.leader
        pos.apply_unchecked(a)
        n += 1
    if pos.outcome is not None and pos.legal_actions() and pos.claim_is_correct(pos.leader):
        held[pos.leader] = True  # the last trick's winner could claim (E2 a) and did not
    pending = tuple(m20[s] + m40[s] if pos.tricks[s] == 0 else 0 for s in (0, 1))
    return DealFeatures(
        closer=closer,
        close_talon=close_talon,
        close_trick=close_trick,
        close_opp_score=pos.closed_opp_score if closer >= 0 else None,
        close_opp_tricks=pos.closed_opp_tricks if closer >= 0 else None,
        marriages20=(m20[0], m20[1]),
        marriages40=(m40[0], m40[1]),
        pending_marriages=(pending[0], pending[1]),
        marriage_points=(pos.marriage_points[0], pos.marriage_points[1]),
        exchanged_by=exchanged_by,
        tricks=(pos.tricks[0], pos.tricks[1]),
        scores=pos.scores,
        held66=(held[0], held[1]),
        actions=n,
    )


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """Both E1 scores after an action: ``step`` counts actions from 1, ``trick`` tricks done."""

    step: int
    trick: int
    action: str
    score_a: int
    score_b: int
    pending_a: int
    pending_b: int


def score_trajectory(record: Record) -> list[ScorePoint]:
    """The scores after each action of the main line (up to any error), starting with the
    deal (step 0); two-player records."""
    done = record.game.replay(record.start(), record.actions)
    out = [ScorePoint(0, 0, "", 0, 0, 0, 0)]
    positions: tuple[Position, ...] = done.positions
    for step, (pos, a) in enumerate(zip(positions[1:], record.actions, strict=False), 1):
        sa, sb = pos.scores
        out.append(ScorePoint(step, pos.tricks_played, str(a), sa, sb,
                              pos.pending[0], pos.pending[1]))
    return out
