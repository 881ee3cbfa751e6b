"""Sechsundsechzig (Sixty-six), the German 24-card parent of Schnapsen
(SECHSUNDSECHZIG.md).

A game of the two-player talon family (:mod:`schnapsen_lab.games.twohand`): the family's
referee plays it from the fields of its profile (the 24-card pack, six cards a hand dealt
three and three, the trump nine exchanged after a first trick, no closing before it, the
10 for the last trick, the higher score winning a deal played out, the standoff, a match
counted up to 7). This package holds what is the game's own: its profile and its
registered :class:`~schnapsen_lab.games.protocol.Game` (``game``).
"""

from __future__ import annotations

from .game import SECHSUNDSECHZIG, SECHSUNDSECHZIG_PROFILE, SechsundsechzigGame

__all__ = ["SECHSUNDSECHZIG", "SECHSUNDSECHZIG_PROFILE", "SechsundsechzigGame"]
