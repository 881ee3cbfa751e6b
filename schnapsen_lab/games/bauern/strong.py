"""A strong four-player seat: the auction family's strong player
(:class:`~schnapsen_lab.games.auction.strong.StrongAuctionPlayer`, perfect-information
Monte Carlo on the solver) with Bauernschnapsen's view (BW1, BW2), its sampling, its
called partner and its rule of thumb.

:class:`StrongBauernPlayer` sees only its seat's :class:`~.knowledge.View`. Its worlds
(:func:`~.worlds.sample_worlds`) put the called card wherever the world puts it until
the seat knows its holder; they are drawn without regard to the calls, so it never
doubles a contract. The called partner (BC1) is the highest trump not among its three
cards. Should the budget run out before one world is finished (one world of the first
trick can take a few hundred thousand nodes), the decision is the rule-of-thumb
player's (:class:`~.players.HeuristicBauernPlayer`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..auction.strong import (
    AUCTION_SAMPLES,
    BUDGET,
    CONTRACT_MARGIN,
    CONTRACT_SURE,
    FIRST_LEAD_SAMPLES,
    NODE_BUDGET,
    PLAY_SAMPLES,
    SPRITZE_MARGIN,
    SPRITZE_SURE,
    SPRITZE_Z,
    TRUMP_SAMPLES,
    AuctionDecision,
    StrongAuctionPlayer,
    choice_words,
    spritze_is_clear,
)
from .knowledge import View
from .players import HeuristicBauernPlayer, SeatPlayer, partner_of
from .rules import Action, Phase
from .worlds import World, sample_worlds, sides_of

__all__ = ["AUCTION_SAMPLES", "BUDGET", "CONTRACT_MARGIN", "CONTRACT_SURE",
           "FIRST_LEAD_SAMPLES", "NODE_BUDGET", "PLAY_SAMPLES", "SPRITZE_MARGIN",
           "SPRITZE_SURE", "SPRITZE_Z", "TRUMP_SAMPLES", "BauernDecision",
           "StrongBauernPlayer", "choice_words", "spritze_is_clear"]

BauernDecision = AuctionDecision
"""What one choice of :class:`StrongBauernPlayer` rests on (the family's decision)."""


class StrongBauernPlayer(StrongAuctionPlayer, SeatPlayer):
    """Chooses by sampled worlds and the four-hand solver; see the module docs and
    :class:`~schnapsen_lab.games.auction.strong.StrongAuctionPlayer` for its settings."""

    name = "strong"

    def sample(self, view: View, n: int, rng: random.Random,
               sizes: Sequence[int] | None = None) -> list[World]:
        """``n`` worlds consistent with the seat's view (:func:`~.worlds.sample_worlds`)."""
        return sample_worlds(view, n, rng, sizes)

    def sides(self, view: View, hands: World) -> tuple[int, ...]:
        """Fixed teams, or forehand and the called card's holder in the world
        (:func:`~.worlds.sides_of`)."""
        return sides_of(view, hands)

    def rule_of_thumb(self, view: View, rng: random.Random) -> Action | None:
        """:class:`~.players.HeuristicBauernPlayer`'s choice."""
        return HeuristicBauernPlayer().act(view, rng)

    def own_step(self, view: View, legal: Sequence[Action], rng: random.Random
                 ) -> Action | None:
        """The called partner (BC1): the highest trump it does not hold."""
        if view.phase != Phase.PARTNER:
            return None
        a = self._partner(view)
        self.last = AuctionDecision(a, "partner")
        return a

    def _partner(self, view: View) -> Action:
        """The highest trump it does not hold, as the rule-of-thumb player calls."""
        return partner_of(view)
