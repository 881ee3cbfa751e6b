"""Two-player Schnapsen as a :class:`~schnapsen_lab.games.protocol.Game`: a game of the
two-player talon family (:class:`~schnapsen_lab.games.twohand.game.TalonGame`).

The game of every record without a Variant tag. Its profiles are the referee's
(``soft``, ``strict``, ``beginner`` and ``bauern2``, BAUERN.md BZ, or a house profile),
all dealt from the 20-card pack; the profile's fields decide closing, following, scoring
thresholds and how the match is kept, so this adapter never reads a name.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..twohand.game import PARTS, TalonGame
from ..twohand.rules import PROFILES, SOFT, Profile

__all__ = ["SCHNAPSEN", "SchnapsenGame"]


class SchnapsenGame(TalonGame):
    """Two-player Schnapsen: seats A and B, the RULES.md referee, Bummerl accounting."""

    key = "schnapsen"
    title = "Schnapsen"
    variant_names = ("schnapsen",)
    default_profile = SOFT
    profiles: Mapping[str, Profile] = PROFILES
    deck_rule = "S3"
    solvable = True
    parts: Mapping[str, str] = PARTS


SCHNAPSEN = SchnapsenGame()
"""The registered two-player game."""
