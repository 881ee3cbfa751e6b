"""Dreierschnapsen, three players, one against two (DREIER.md): referee and knowledge.

``rules`` is the referee (:class:`Position`), ``game`` the
:class:`~schnapsen_lab.games.protocol.Game` that registers the variant ``dreier``.
"""

from __future__ import annotations

from . import rules
from .rules import *  # noqa: F403  (the referee's names, re-exported)

__all__ = list(rules.__all__)
