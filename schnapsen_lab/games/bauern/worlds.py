"""Worlds a four-player seat cannot rule out: the auction family's engine
(:mod:`schnapsen_lab.games.auction.worlds`), with the sides of Bauernschnapsen.

The holder of the called card (BC) is whoever holds it in the world, until the seat
knows it (BC3): :func:`sides_of`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..auction import worlds as family
from ..auction.solver import Deal
from ..auction.worlds import World, hand_sizes, sample_worlds
from .knowledge import View
from .rules import Call, Partners

__all__ = ["World", "hand_sizes", "sample_worlds", "sides_of", "state_of_world"]


def sides_of(v: View, hands: Sequence[int], called: int | None = None) -> tuple[int, ...]:
    """The side of each seat in a world, numbered as the referee does: fixed teams NS
    (0) and EW (1), or forehand and the holder of the called card (0) against the
    others (1); ``called`` overrides the view's called card."""
    f = int(v.forehand)
    if v.profile.partners is Partners.FIXED:
        return (0, 1, 0, 1)
    first = 1 << f
    if v.teammates is not None and v.teammates >> f & 1:
        first = v.teammates
    elif v.teammates is not None:
        first = 0b1111 ^ v.teammates
    else:
        c = called if called is not None else (int(v.called) if v.called is not None else -1)
        if c >= 0:
            for s in range(4):
                if hands[s] >> c & 1:
                    first |= 1 << s
    return tuple(0 if first >> s & 1 else 1 for s in range(4))


def state_of_world(v: View, hands: Sequence[int], *, contract: Call | None = None,
                   declarer: int = -1, spritzer: int = -1, trump: int | None = None,
                   leader: int | None = None, auction: bool = False) -> Deal:
    """The solver's state of a world (:func:`~schnapsen_lab.games.auction.worlds.state_of_world`)
    with the sides of :func:`sides_of`."""
    return family.state_of_world(v, hands, side=sides_of(v, hands), contract=contract,
                                 declarer=declarer, spritzer=spritzer, trump=trump,
                                 leader=leader, auction=auction)
