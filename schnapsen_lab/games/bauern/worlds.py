"""Worlds a four-player seat cannot rule out: the auction family's engine
(:mod:`schnapsen_lab.games.auction.worlds`), with the sides of Bauernschnapsen.

The holder of the called card (BC) is whoever holds it in the world, until the seat
knows it (BC3): :meth:`~.knowledge.View.sides_in`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..auction.worlds import World, hand_sizes, sample_worlds, state_of_world
from .knowledge import View

__all__ = ["World", "hand_sizes", "sample_worlds", "sides_of", "state_of_world"]


def sides_of(v: View, hands: Sequence[int], called: int | None = None) -> tuple[int, ...]:
    """The side of each seat in a world, numbered as the referee does (see
    :meth:`~.knowledge.View.sides_in`); ``called`` overrides the view's called card."""
    return v.sides_in(hands, called)
