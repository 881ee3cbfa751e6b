"""The three-player table drawn in HTML: the replay widget's drawing of Dreierschnapsen.

Declared as the game's part ``drawing`` (:data:`DRAWING`). The drawing is the auction
family's (:mod:`schnapsen_lab.games.auction.html`) for three seats: the viewer (A at the
open table) at the bottom, the next seat left and the one after right, with what only
Dreierschnapsen shows: the two cards dealt to the talon (3D2), the talon the declarer
took and the cards he laid away, face up only at the open table and to the declarer
(3T3), and each side's first trick face up (3W1).

Stable CSS classes: those of the family's drawing, with ``sl-table-3``, ``sl-trick3`` and
``sl-talon-line`` (the talon and lay-away lines of the auction panel).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import CARDS
from ...html import card_span
from ...notation import seats_text
from ...replay import Replay
from ..auction import html as family
from ..auction.html import TEXT, AuctionDrawing, auction_html, counting_html, last_trick_html
from ..auction.rules import AuctionPosition
from .rules import Phase, Position

__all__ = ["DRAWING", "DreierDrawing", "auction_html", "counting_html", "last_trick_html",
           "table_html", "tallies_html"]

_TAKEN = (Phase.TALON, Phase.PLAY, Phase.OVER)


class DreierDrawing(AuctionDrawing):
    """Three-player Dreierschnapsen in the replay widget
    (:class:`~schnapsen_lab.html.Drawing`)."""

    bottom = 0

    def dealt_how(self, pos: AuctionPosition) -> str:
        """Two cards to the talon (3D2)."""
        return TEXT["auction.talon"]

    def auction_lines(self, rp: Replay, step: int, viewer: int | None,
                      names: Sequence[str]) -> list[str]:
        """The talon the declarer took and the cards he laid away: their faces only at
        the open table and to him (3T3)."""
        pos: Position = rp[step]
        if pos.phase not in _TAKEN:
            return []
        d = pos.declarer
        who = seats_text(names, 1 << d, pos.LETTERS)
        sees = viewer is None or viewer == d
        if sees:
            talon = " ".join(card_span(CARDS[c]) for c in pos.talon)
            lines = [TEXT["auction.talon_taken"].format(cards=talon, who=who)]
        else:
            lines = [TEXT["auction.talon_hidden"].format(who=who)]
        if pos.laid:
            if sees:
                laid = " ".join(card_span(CARDS[c]) for c in pos.laid)
                lines.append(TEXT["auction.laid"].format(cards=laid))
            else:
                lines.append(TEXT["auction.laid_hidden"].format(n=len(pos.laid)))
        return [f'<span class="sl-talon-line">{line}</span>' for line in lines]

    def table(self, rp: Replay, step: int, viewer: int | None) -> str:
        """:func:`table_html`, the viewer at the bottom."""
        return table_html(rp, step, viewer)


def table_html(rp: Replay, step: int, viewer: int | None = None, *, bottom: int | None = None,
               hands: bool = True, won_tricks: bool = True, last_trick: bool = False) -> str:
    """The three-player table (:func:`schnapsen_lab.games.auction.html.table_html`):
    ``bottom`` the seat drawn at the bottom, by default the viewer (A at the open
    table)."""
    if bottom is None:
        bottom = viewer if viewer is not None else DRAWING.bottom
    return family.table_html(rp, step, viewer, bottom=bottom, hands=hands,
                             won_tricks=won_tricks, last_trick=last_trick)


def tallies_html(rp: Replay, step: int, viewer: int | None = None) -> str:
    """The auction with the talon, the tallies and the outcome
    (:func:`schnapsen_lab.games.auction.html.tallies_html`)."""
    return family.tallies_html(rp, step, viewer)


DRAWING = DreierDrawing()
"""The three-player game's drawing (its part ``drawing``)."""
