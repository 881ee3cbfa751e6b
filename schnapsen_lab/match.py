"""Bummerl (match) accounting per B1: counters from 7, dealer alternation, the winner."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Outcome, Seat

__all__ = ["START", "Bummerl"]

START = 7
"""Both counters at the start of a Bummerl."""


@dataclass(frozen=True, slots=True)
class Bummerl:
    """The state of one Bummerl between deals.

    ``counters`` are A's and B's counters; ``dealer`` deals the next deal;
    ``deals`` counts the deals played so far.
    """

    counters: tuple[int, int] = (START, START)
    dealer: Seat = Seat.B
    deals: int = 0

    @property
    def is_decided(self) -> bool:
        """Whether a counter has reached 0 or below."""
        return min(self.counters) <= 0

    @property
    def winner(self) -> Seat | None:
        """The player whose counter reached 0 first, once decided."""
        if self.counters[0] <= 0:
            return Seat.A
        if self.counters[1] <= 0:
            return Seat.B
        return None

    @property
    def next_deal(self) -> int:
        """The number of the next deal, from 1."""
        return self.deals + 1

    def after(self, outcome: Outcome | None, dealer: Seat | None = None) -> Bummerl:
        """The Bummerl after a deal dealt by ``dealer`` (default: the expected one).

        An unfinished deal (``None``) changes no counter but still passes the deal on.
        """
        d = self.dealer if dealer is None else dealer
        counters = self.counters
        if outcome is not None:
            c = list(counters)
            c[outcome.winner] -= outcome.game_points
            counters = (c[0], c[1])
        return Bummerl(counters, d.other, self.deals + 1)
