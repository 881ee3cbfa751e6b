"""Bauernschnapsen, the four-player partnership game (BAUERN.md): referee and knowledge.

``rules`` is the referee (:class:`Position`), ``knowledge`` what each seat may know,
``game`` the :class:`~schnapsen_lab.games.protocol.Game` that registers the variant ``bauern``,
``selfplay`` whole matches between four players (imported on demand: it sits above the
players).
"""

from __future__ import annotations

from . import rules
from .rules import *  # noqa: F403  (the referee's names, re-exported)

__all__ = list(rules.__all__)
