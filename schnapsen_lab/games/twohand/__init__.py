"""The two-player talon games: Schnapsen (RULES.md, with ``bauern2``) and Sechsundsechzig
(SECHSUNDSECHZIG.md), one family.

What the family's games share lives here once: ``rules`` (the referee, :class:`Position`,
driven by the fields of its :class:`Profile`: the pack, the deal, the exchange card, when
closing and marriages are allowed, the last-trick bonus, the scoring), ``knowledge``
(what each player may know), ``match`` (the Bummerl), ``players`` (the random and
rule-of-thumb players), ``table`` (the practice-table model) and the parts the generic
layers ask for through a game's registration (drawing, replay kit, page data, self-play,
statistics features). Each game of the family is a package of its own that registers a
:class:`~schnapsen_lab.games.protocol.Game` and its profiles
(:mod:`schnapsen_lab.games.schnapsen`, :mod:`schnapsen_lab.games.sechsundsechzig`).
"""

from __future__ import annotations

from . import rules
from .rules import *  # noqa: F403  (the referee's names, re-exported)

__all__ = list(rules.__all__)
