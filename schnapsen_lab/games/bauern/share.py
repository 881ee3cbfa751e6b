"""The shared page's data for a four-player Bauernschnapsen deal (:mod:`schnapsen_lab.share`).

The auction family's page data (:func:`schnapsen_lab.games.auction.share.deal_data`) with
N at the top, S at the bottom in every view, and what only Bauernschnapsen has: whether
the cards were knocked (BD3), whether a partner is called (BC), the called card's holder
and the step from which everyone knows it (``partner_known_at``).
"""

from __future__ import annotations

from typing import Any

from ...replay import Replay
from ..auction import share

__all__ = ["deal_data"]

_PLACES = ("top", "right", "bottom", "left")  # N, E, S, W: as bridge players draw it


def deal_data(rp: Replay) -> dict[str, Any]:
    """One four-player deal's data for the page."""
    p0 = rp[0]
    fin = rp[rp.last]
    return share.deal_data(
        rp, _PLACES, {"knock": p0.knock, "called": rp.record.profile.called},
        {"partner": fin.partner if fin.called >= 0 else -1,
         "partner_known_at": next((i for i in range(len(rp)) if rp[i].partner_known), -1)})
