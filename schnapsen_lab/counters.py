"""Bummerl counters as a player is shown them: never below 0, the winner's excess said.

The counters count down from 7 (B1); the deal that decides a Bummerl may take the
winner's counter below 0 (4 : -1 after a deal worth 3 from 2). The arithmetic keeps that
value (:class:`~schnapsen_lab.match.MatchState`); a learner is told what notebook 01
teaches, that the counter reaches 0, and by how much the winner went past it:
"Bert wins the Bummerl (1 game point past 0)", counters "4 : 0". Counters that count up
(``bauern2``, the four-player game) are shown as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import NP_, Plurals

__all__ = ["PLURALS", "over", "over_text", "shown"]

PLURALS = Plurals({
    "over": NP_("{n} game point past 0", "{n} game points past 0"),
})
"""How far the winner went past 0, in the language spoken."""


def shown(counters: Sequence[int], counts_up: bool = False) -> tuple[int, ...]:
    """The counters as shown: a counter counting down stops at 0."""
    return tuple(counters) if counts_up else tuple(max(0, c) for c in counters)


def over(counters: Sequence[int], counts_up: bool = False) -> int:
    """By how many game points the winner's counter went below 0 (0 when none did)."""
    return 0 if counts_up or not counters else max(0, -min(counters))


def over_text(counters: Sequence[int], counts_up: bool = False) -> str:
    """" (1 game point past 0)" after a Bummerl won with points to spare, else ''."""
    n = over(counters, counts_up)
    return f" ({PLURALS.text('over', n)})" if n else ""
