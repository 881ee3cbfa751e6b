"""What each seat may know at a four-player position (BAUERN.md BW1, BW2).

:func:`view` gives a seat's :class:`View`: its hand, the public facts (every card
played, the card turned up for trump while forehand still holds it, the other half of
an announced marriage, the calls) and, kept apart from those facts, the inferences from
play: a seat that did not follow suit is void in the led suit, one that neither followed
nor trumped is void in trumps too. With called partners (BC3, BW2) the holder of the
called card knows the partnership from the start; the others learn it when the card is
played. Players see nothing else (:mod:`schnapsen_lab.games.bauern.players`).
"""

from __future__ import annotations

from ..auction.knowledge import View, make_view
from .rules import Action, Partners, Phase, Position, Seat

__all__ = ["View", "known_side", "view"]


def view(pos: Position, seat: Seat | int, legal: list[Action] | None = None) -> View:
    """What ``seat`` may know at ``pos`` (BW1, BW2).

    ``legal`` gives the seat's own choices: by default the legal actions when it is to
    move (else none); a simulator passes ``(CLAIM,)`` to ask a seat whether its side
    claims (after its marriage announcement, or after the last trick).
    """
    me = int(seat)
    hand = pos.hands[me]
    if pos.phase <= Phase.PARTNER:
        hand = _first_packet(pos, me)
    return make_view(pos, me, legal, hand=hand, teammates=_teammates(pos, me),
                     called=pos.called_card)


def _first_packet(pos: Position, seat: int) -> int:
    """The cards ``seat`` holds while forehand fixes trump and calls a partner: after a
    cut its packet of three (the two follow later, BC2); after a knock forehand's first
    three, the others' five (BR1)."""
    f = pos.forehand
    k = (seat - f) & 3
    if pos.knock and k:
        return pos.hands[seat]
    base = 0 if pos.knock else 3 * k
    d = pos.deck
    return (1 << d[base]) | (1 << d[base + 1]) | (1 << d[base + 2])


def known_side(pos: Position, seat: Seat | int) -> int:
    """The seats ``seat`` knows to be on its side (itself at least): a seat mask."""
    t = _teammates(pos, int(seat))
    return (1 << int(seat)) if t is None else t


def _teammates(pos: Position, me: int) -> int | None:
    """The viewer's side as it knows it (BS1, BW2), else None."""
    if pos.profile.partners is Partners.FIXED:
        return pos.side_seats[pos.side[me]]
    if pos.called < 0:
        return None
    if pos.partner_known or me == pos.partner:  # the holder knows from the start (BW2)
        return pos.side_seats[pos.side[me]]
    return None
