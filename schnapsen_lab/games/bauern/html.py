"""The four-player table drawn in HTML: the replay widget's drawing of Bauernschnapsen.

Declared as the game's part ``drawing`` (:data:`DRAWING`). The drawing is the auction
family's (:mod:`schnapsen_lab.games.auction.html`: the table, the auction, the tallies
and the counting panel, for any number of seats), with S at the bottom of the open table
and what only Bauernschnapsen shows: how the cards were dealt (cut or knocked, BD2,
BD3) and the called partner (BC). With called partners the partner is unknown until the
called card falls, to everyone but its holder (BW2): the sides, their scores and the
partner's name are then not shown in that view.

Stable CSS classes: those of the family's drawing, with ``sl-table-4`` and ``sl-trick4``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...html import card_span
from ...notation import seats_text
from ...replay import Replay
from ..auction.html import (
    TEXT,
    WON_HEIGHT,
    AuctionDrawing,
    auction_html,
    counting_html,
    last_trick_html,
    table_html,
    tallies_html,
)
from ..auction.rules import AuctionPosition
from .rules import Partners, Position

__all__ = ["DRAWING", "TEXT", "WON_HEIGHT", "BauernDrawing", "auction_html", "counting_html",
           "last_trick_html", "table_html", "tallies_html"]


class BauernDrawing(AuctionDrawing):
    """Four-player Bauernschnapsen in the replay widget (:class:`~schnapsen_lab.html.Drawing`)."""

    bottom = 2

    def seat_marks(self, pos: AuctionPosition, seat: int, names: Sequence[str],
                   sides_known: bool) -> list[str]:
        """With a called partner: who plays with forehand, or alone (as far as the viewer
        knows)."""
        assert isinstance(pos, Position)
        marks = []
        if pos.profile.partners is Partners.CALLED and pos.called >= 0:
            fh = pos.forehand
            if not sides_known:
                if seat == fh:
                    marks.append(TEXT["seat.partner_unknown"])
            elif pos.partner == fh:
                if seat == fh:
                    marks.append(TEXT["seat.alone"])
            elif seat == pos.partner:
                marks.append(TEXT["seat.with"].format(who=names[fh]))
        return marks

    def dealt_how(self, pos: AuctionPosition) -> str:
        """Cut or knocked (BD2, BD3)."""
        assert isinstance(pos, Position)
        return TEXT["auction.knock" if pos.knock else "auction.cut"]

    def auction_lines(self, rp: Replay, step: int, viewer: int | None,
                      names: Sequence[str]) -> list[str]:
        """The called card and its holder, as far as ``viewer`` knows it (BC1-BC3)."""
        pos: Position = rp[step]
        if pos.called < 0:
            return []
        fh = pos.forehand
        card = card_span(pos.called)
        line = TEXT["auction.partner"].format(card=card, who=_who(pos, names, 1 << fh))
        holder = pos.partner
        who = _who(pos, names, 1 << holder)
        if holder == fh:
            known = TEXT["auction.alone"] if (viewer is None or viewer == fh) else None
        elif viewer is None:
            known = (TEXT["auction.holder"] if pos.partner_known
                     else TEXT["auction.holder_secret"]).format(who=who)
        elif viewer == holder:
            known = TEXT["auction.holder_you"]
        elif rp.knowledge(step, viewer).partner_known:
            known = TEXT["auction.holder"].format(who=who)
        else:
            known = None
        line += "; " + (known if known is not None else TEXT["auction.holder_unknown"])
        return [f'<span class="sl-partner">{line}</span>']

    def sides_formed(self, pos: AuctionPosition) -> bool:
        """Fixed partners always; a called partner once the card is called (BC1)."""
        assert isinstance(pos, Position)
        return not (pos.profile.called and pos.called < 0)

    def sides_unknown(self, pos: AuctionPosition) -> str:
        """Until the called card falls, or before it is called."""
        assert isinstance(pos, Position)
        return (TEXT["tallies.unknown"].format(card=card_span(pos.called))
                if pos.called >= 0 else TEXT["tallies.not_called"])


def _who(pos: Position, names: Sequence[str], mask: int) -> str:
    return seats_text(names, mask, pos.LETTERS)


DRAWING = BauernDrawing()
"""The four-player game's drawing (its part ``drawing``)."""
