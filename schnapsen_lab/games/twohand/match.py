"""The two-player Bummerl (RULES.md B1, BAUERN.md BZ5) as the simulator and the practice
table keep it: counters of A and B, :class:`~schnapsen_lab.games.twohand.rules.Seat`
dealers, over the match arithmetic of :mod:`schnapsen_lab.match`."""

from __future__ import annotations

from dataclasses import dataclass

from ...match import START, moved_counters, reached
from .rules import SOFT, Outcome, Profile, Seat

__all__ = ["Bummerl"]


@dataclass(frozen=True, slots=True)
class Bummerl:
    """The state of one two-player match between deals.

    ``counters`` are A's and B's counters; ``dealer`` deals the next deal;
    ``deals`` counts the deals played so far; ``start`` and ``target`` are the
    profile's (B1 by default: from 7 down to 0; BZ5: from 0 up to 21).
    """

    counters: tuple[int, int] = (START, START)
    dealer: Seat = Seat.B
    deals: int = 0
    start: int = START
    target: int = 0
    carry: int = 0
    """Game points a standoff left for the next decided deal's winner (6G4)."""

    @classmethod
    def new(cls, profile: Profile = SOFT, dealer: Seat = Seat.B) -> Bummerl:
        """A match of ``profile`` before its first deal."""
        s = profile.match_start
        return cls((s, s), dealer, 0, s, profile.match_target)

    @property
    def counts_up(self) -> bool:
        """Whether the counters count up (BZ5) rather than down (B1)."""
        return self.target > self.start

    @property
    def is_decided(self) -> bool:
        """Whether a counter has reached the target."""
        up = self.counts_up
        return any(reached(c, self.target, up) for c in self.counters)

    @property
    def winner(self) -> Seat | None:
        """The player whose counter reached the target first, once decided."""
        up = self.counts_up
        if reached(self.counters[0], self.target, up):
            return Seat.A
        if reached(self.counters[1], self.target, up):
            return Seat.B
        return None

    @property
    def next_deal(self) -> int:
        """The number of the next deal, from 1."""
        return self.deals + 1

    def after(self, outcome: Outcome | None, dealer: Seat | None = None) -> Bummerl:
        """The Bummerl after a deal dealt by ``dealer`` (default: the expected one).

        An unfinished deal (``None``) changes no counter but still passes the deal on; a
        standoff moves none either, and its point goes to the next deal's winner.
        """
        d = self.dealer if dealer is None else dealer
        counters = self.counters
        carry = self.carry
        if outcome is not None:
            if outcome.winner is None:  # a standoff: its point waits for the next winner
                carry += 1
            else:
                a, b = moved_counters(
                    counters, ((int(outcome.winner), outcome.game_points + carry),),
                    self.counts_up)
                counters = (a, b)
                carry = 0
        return Bummerl(counters, d.other, self.deals + 1, self.start, self.target, carry)
