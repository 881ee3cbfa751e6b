"""The three-player replay: what each seat knows and counts, ``replay --json`` rows, text.

The auction family's kit (:class:`~schnapsen_lab.games.auction.replay.AuctionKit`) with
Dreierschnapsen's knowledge (3W1, :func:`.knowledge.view`) and its talon: each row of
``replay --json`` adds ``talon`` (the two talon cards), ``laid`` (the cards laid away)
and ``laid_count``; a viewer other than the declarer sees neither the talon nor what
was laid away (3T3), only how many, and reads a card laid away as ``L:?``. The first
trick each side won stays face up (3W1).
"""

from __future__ import annotations

from typing import Any

from ...replay import Replay, TrickShown, sorted_names
from ..auction.knowledge import View
from ..auction.replay import AuctionKit, SeatCounting
from .knowledge import view
from .rules import SEATS, Action, Position

__all__ = ["KIT", "DreierKit", "SeatCounting"]

HIDDEN = "L:?"
"""A card laid away as a seat other than the declarer reads it (3T3)."""


class DreierKit(AuctionKit):
    """The replay kit of three-player Dreierschnapsen."""

    SEATS = SEATS

    def view(self, pos: Position, seat: int) -> View:
        """DREIER.md 3W1 (:func:`.knowledge.view`)."""
        return view(pos, seat)

    def seat_facts(self, pos: Position) -> dict[str, Any]:
        """The talon, the cards laid away and how many (3T1)."""
        laid = 0
        for c in pos.laid:
            laid |= 1 << c
        return {"talon": sorted_names((1 << pos.talon[0]) | (1 << pos.talon[1])),
                "laid": sorted_names(laid), "laid_count": len(pos.laid)}

    def hide(self, row: dict[str, Any], rp: Replay, step: int, viewer: int, v: View) -> None:
        """The talon and the cards laid away are the declarer's alone (3T3)."""
        if not v.talon:
            row["talon"] = None
            row["laid"] = None
            a = rp.action(step)
            if a is not None and str(a).startswith("L:"):
                row["action"] = HIDDEN

    def own_step(self, pos: Position, a: Action) -> str:
        """A card laid away (3T1)."""
        return f"lays away {len(pos.laid)} of 2"

    def own_token(self, a: Action, viewer: int | None, pos: Position) -> str:
        """``L:`` and the card as printed, for the declarer and the open table; ``L:?``
        for the others (3T3)."""
        if viewer is not None and viewer != pos.declarer:
            return HIDDEN
        from ..auction.replay import card_of

        return f"L:{card_of(a.card)}"

    def visible_tricks(self, rp: Replay, step: int, viewer: int | None) -> list[TrickShown]:
        """Won tricks lie face down except each side's first, which stays face up; the
        last one may be looked at until the next lead (3W1). At the open table and once
        the deal is over every trick is face up."""
        shown = super().visible_tricks(rp, step, viewer)
        pos: Position = rp.positions[step]
        firsts: set[int] = set()
        out = []
        for ts in shown:
            side = pos.side[int(ts.trick.winner)]
            first = side not in firsts
            firsts.add(side)
            out.append(TrickShown(ts.trick, ts.face_up or first))
        return out

    def drawing_html(self, rp: Replay, step: int) -> str:
        """The three-player table and, beside it, the calls and the tallies
        (:mod:`schnapsen_lab.games.dreier.html`)."""
        from .html import table_html, tallies_html

        return table_html(rp, step) + tallies_html(rp, step)


KIT = DreierKit()
"""The three-player replay kit (the game's part ``kit``)."""
