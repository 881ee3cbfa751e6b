"""What each seat may know at a three-player position (DREIER.md 3W1, 3T3).

:func:`view` gives a seat's :class:`~schnapsen_lab.games.auction.knowledge.View` (the
auction family's): its hand (while forehand fixes trump, only its first packet of three,
3R1), every card played, the card turned up for trump until it is played or laid away,
the other half of an announced marriage, the calls; the declarer alone knows the talon
and the cards he laid away (3T3). The sides are public: the declarer (forehand until a
contract is called) against the two others. Inferences from play are kept apart, as in
the other games.
"""

from __future__ import annotations

from ..auction.knowledge import View, make_view
from .rules import Action, Phase, Position, Seat

__all__ = ["View", "first_packet", "view"]


def view(pos: Position, seat: Seat | int, legal: list[Action] | None = None) -> View:
    """What ``seat`` may know at ``pos`` (3W1).

    ``legal`` gives the seat's own choices: by default the legal actions when it is to
    move (else none); a simulator passes ``(CLAIM,)`` to ask a seat whether its side
    claims.
    """
    me = int(seat)
    hand = first_packet(pos, me) if pos.phase == Phase.TRUMP else pos.hands[me]
    talon = laid = 0
    if me == pos.declarer and pos.phase in (Phase.TALON, Phase.PLAY, Phase.OVER):
        talon = (1 << pos.talon[0]) | (1 << pos.talon[1])
        for c in pos.laid:
            laid |= 1 << c
    return make_view(pos, me, legal, hand=hand, teammates=pos.side_seats[pos.side[me]],
                     talon=talon, laid=laid)


def first_packet(pos: Position, seat: int) -> int:
    """The three cards ``seat`` was dealt first (3D2): all it has seen of its hand while
    forehand fixes trump (3R1)."""
    k = (seat - pos.forehand) % 3
    d = pos.deck
    return (1 << d[3 * k]) | (1 << d[3 * k + 1]) | (1 << d[3 * k + 2])
