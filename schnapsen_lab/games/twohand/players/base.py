"""The player interface: a player sees only its
:class:`~schnapsen_lab.games.twohand.knowledge.View`."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ...protocol import Explains, reason
from ..knowledge import View
from ..rules import Action, Seat

__all__ = ["Explains", "Player", "ScoreAware", "reason"]


@runtime_checkable
class Player(Protocol):
    """Chooses an action for the player to move.

    ``act`` is given the acting player's view (its hand, the public facts, the cards it
    can count, and ``view.legal``, never empty) and a random generator to draw from, and
    returns one of ``view.legal``. It never sees the opponent's hand or the talon order.

    ``view.legal`` holds only the asking player's own actions. The claim questions come
    with ``view.legal == (CLAIM,)``, and returning ``None`` there declines the claim:
    right after the player announced a marriage, before the follower plays (E2 b; the
    follower's own view then does not list that claim), and after the last trick, to
    that trick's winner (E2 a). The simulator (:mod:`schnapsen_lab.simulate`) asks a
    player only when it has a choice, so a player must not rely on seeing every
    position; it is given the same view for the same knowledge, so ``act`` should be a
    function of ``view`` and ``rng`` alone.
    """

    name: str

    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action (``None`` only to decline the claim after the last trick)."""
        ...


@runtime_checkable
class ScoreAware(Protocol):
    """A player that wants the Bummerl's counters before each deal (to play for the
    Bummerl, not for game points): :func:`schnapsen_lab.simulate.play_bummerl` calls
    ``new_deal`` with A's and B's counters and the deal's dealer before every deal."""

    def new_deal(self, counters: tuple[int, int], dealer: Seat) -> None:
        """Be told the counters before the next deal and who deals it."""
        ...
