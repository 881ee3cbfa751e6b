"""What every game's deal data for the shared page (its part ``page``) writes the same way
at each step: the match counters (never below 0, the winner's excess apart), the
comments and the glyphs of the move. The keys are the page script's (``b``, ``o``, ``q``,
``g``; :mod:`schnapsen_lab.share`)."""

from __future__ import annotations

from typing import Any

from .counters import over, over_text, shown
from .replay import Replay

__all__ = ["step_action", "step_notes"]


def step_action(rp: Replay, step: int) -> tuple[Any, int, Any] | None:
    """The action that led to ``step``, the seat number of who did it (-1: nobody) and
    the position before it; None at the deal (step 0)."""
    a = rp.action(step)
    if a is None:
        return None
    actor = rp.actor(step)
    return a, (-1 if actor is None else int(actor)), rp[step - 1]


def step_notes(rp: Replay, step: int, out: dict[str, Any]) -> dict[str, Any]:
    """Add to ``out`` (a step's data) the counters after ``step`` and its comments and
    glyphs, each where there is one; return ``out``."""
    counters = rp.counters(step)
    if counters is not None:
        up = rp.record.match_rules.counts_up
        out["b"] = list(shown(counters, up))  # never below 0; "o" the winner's excess
        if over(counters, up):
            out["o"] = over_text(counters, up)
    comments = rp.comments(step)
    if comments:
        out["q"] = comments
    nags = rp.nags(step)
    if nags:
        out["g"] = nags
    return out
