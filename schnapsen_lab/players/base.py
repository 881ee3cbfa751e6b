"""The player interface: a player sees only its :class:`~schnapsen_lab.knowledge.View`."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..knowledge import View
from ..rules import Action

__all__ = ["Player"]


@runtime_checkable
class Player(Protocol):
    """Chooses an action for the player to move.

    ``act`` is given the acting player's view (its hand, the public facts, the cards it
    can count, and ``view.legal``, never empty) and a random generator to draw from, and
    returns one of ``view.legal``. After the last trick the trick's winner is asked once
    more with ``view.legal == (CLAIM,)`` plus nothing else only when a claim is possible
    (E2 a); returning ``None`` there declines it.
    """

    name: str

    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action (``None`` only to decline the claim after the last trick)."""
        ...
