"""Two-player Schnapsen (RULES.md) and its profiles, ``bauern2`` among them.

Schnapsen is a game of the two-player talon family (:mod:`schnapsen_lab.games.twohand`),
which holds the referee, the knowledge, the players and the parts it shares with
Sechsundsechzig; this package registers the game (``game``: the 20-card pack, its
profiles, its notation and its Bummerl).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import _moved
from ..twohand import rules
from ..twohand.rules import *  # noqa: F403  (the referee's names, re-exported)

__all__ = list(rules.__all__)


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
