"""The shared page's data for a three-player Dreierschnapsen deal (:mod:`schnapsen_lab.share`).

The auction family's page data (:func:`schnapsen_lab.games.auction.share.deal_data`) with
A at the bottom, B left and C right in every view, and what only Dreierschnapsen has: the
two talon cards (``talon_cards``, 3D2; the script shows them, and the cards laid away,
only at the open table and to the declarer, 3T3), the sides formed by the game's holder
as the calls go (``sides_by_holder``, 3A4), each side's first trick face up
(``first_up``, 3W1) and the game's name for the page without its script
(``game_title``).
"""

from __future__ import annotations

from typing import Any

from ...replay import Replay
from ..auction import share

__all__ = ["deal_data"]

_PLACES = ("bottom", "left", "right")  # A, B, C: A's chair at the bottom


def deal_data(rp: Replay) -> dict[str, Any]:
    """One three-player deal's data for the page."""
    p0 = rp[0]
    return share.deal_data(
        rp, _PLACES, {"knock": False, "called": False, "talon_cards": list(p0.talon),
                      "sides_by_holder": True, "first_up": True,
                      "game_title": rp.game.title},
        {"partner": -1, "partner_known_at": -1})
