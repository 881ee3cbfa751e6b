"""The four-player replay: what each seat knows and counts, ``replay --json`` rows, text.

Registered as the :class:`~schnapsen_lab.replay.ReplayKit` of Bauernschnapsen, so that
``schnapsen_lab.replay.Replay(record)`` takes a four-player record as it takes a
two-player one. Knowledge is BAUERN.md BW1-BW2 (:func:`.knowledge.view`): a seat's own
hand (during the trump and partner calls only the cards it has seen), every card
played, the card turned up for trump while forehand holds it, the other half of an
announced marriage; with called partners the holder of the called card knows the
partnership from the start, the others once the card falls. Inferences from play (a
seat that did not follow suit is void in it; one that neither followed nor trumped is
void in trumps too) are kept apart from those facts. The rows of ``replay --json`` are
described in docs/bauern.md; the kit is the auction family's
(:class:`~schnapsen_lab.games.auction.replay.AuctionKit`) with the called partner and the
knock.
"""

from __future__ import annotations

from typing import Any

from ...replay import Replay
from ..auction.replay import AuctionKit, SeatCounting, card_of
from .knowledge import View, view
from .rules import SEATS, Action, Partners, Position

__all__ = ["BauernKit", "SeatCounting"]


class BauernKit(AuctionKit):
    """The replay kit of four-player Bauernschnapsen."""

    SEATS = SEATS

    def view(self, pos: Position, seat: int) -> View:
        """BAUERN.md BW1-BW2 (:func:`.knowledge.view`)."""
        return view(pos, seat)

    def seat_facts(self, pos: Position) -> dict[str, Any]:
        """The called card and whether the partnership is known (BC3)."""
        called = pos.profile.partners is Partners.CALLED
        return {"called": str(pos.called_card) if pos.called_card is not None else None,
                "partner_known": pos.partner_known if called else True}

    def own_step(self, pos: Position, a: Action) -> str:
        """Calling a partner (BC1, BC2)."""
        alone = " (he holds it: alone)" if pos.partner == pos.forehand else ""
        return f"calls {card_of(a.card)} as partner{alone}"

    def own_token(self, a: Action, viewer: int | None, pos: Position) -> str:
        """``P:`` and the called card as printed."""
        return f"P:{card_of(a.card)}"

    def header(self, pos: Position) -> str:
        """Whether the cards were cut or knocked (BD2, BD3)."""
        return f", {'knock' if pos.knock else 'cut'}"

    def drawing_html(self, rp: Replay, step: int) -> str:
        """The four-player table and, beside it, the auction and the tallies
        (:mod:`schnapsen_lab.games.bauern.html`)."""
        from .html import table_html, tallies_html

        return table_html(rp, step) + tallies_html(rp, step)


KIT = BauernKit()
"""The four-player replay kit (the game's part ``kit``)."""
