"""Two-player Schnapsen (RULES.md) and its profiles, ``bauern2`` among them.

Everything that is this game's own lives here: ``rules`` (the referee, :class:`Position`),
``knowledge`` (what each player may know), ``game`` (the registered
:class:`~schnapsen_lab.games.protocol.Game`), ``players`` (the random and rule-of-thumb
players), ``table`` (the practice-table model) and the game's parts that the generic
layers ask for through the registration (words, drawing, replay kit, page data,
self-play, statistics features).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import _moved
from . import rules
from .rules import *  # noqa: F403  (the referee's names, re-exported)

__all__ = list(rules.__all__)


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
