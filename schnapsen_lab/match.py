"""Match accounting: counters between deals, the dealer's turn, when a match is decided.

Two shapes, one arithmetic:

* :class:`MatchState` for any game: counters named by :class:`MatchRules` (``A``/``B``
  for two players, ``NS``/``EW`` for fixed teams, ``N``/``E``/``S``/``W`` for called
  partners), counting down (RULES.md B1: 7 to 0) or up (BAUERN.md BX1, BZ5: 0 to 21),
  the deal passing round the seats. A game says which counters a deal's outcome moves
  (see :mod:`schnapsen_lab.games.protocol`).

The two-player Bummerl of the simulator and the practice table is the two-player game's
own (:class:`schnapsen_lab.games.twohand.match.Bummerl`), over the same arithmetic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import _moved

__all__ = ["START", "MatchRules", "MatchState", "moved_counters", "reached"]

START = 7
"""Both counters at the start of a Bummerl (B1)."""


def moved_counters(counters: tuple[int, ...], gains: Iterable[tuple[int, int]],
                   counts_up: bool) -> tuple[int, ...]:
    """The counters after a deal: each ``(index, game points)`` of ``gains`` moves that
    counter toward the target (up or down). Totals are not capped at the target."""
    out = list(counters)
    for i, gp in gains:
        out[i] += gp if counts_up else -gp
    return tuple(out)


def reached(value: int, target: int, counts_up: bool) -> bool:
    return value >= target if counts_up else value <= target


_SCORE_RE = re.compile(r"\s*(-?\d+)((?:\s*-\s*-?\d+)*)\s*")
_SCORE_PART_RE = re.compile(r"-\s*(-?\d+)")


@dataclass(frozen=True, slots=True)
class MatchRules:
    """How a game keeps a match: the counters' names, where they start, the value that
    decides the match, how many seats the deal goes round and who deals first.

    ``start > target`` counts down (B1), ``start < target`` counts up (BX1).
    ``highest_wins``: once a counter reached the target, the match goes to the best
    counter (two or more when level at the top) rather than to every counter that
    reached it (DREIER.md 3X1).
    """

    keys: tuple[str, ...]
    start: int
    target: int
    seats: int
    first_dealer: int
    highest_wins: bool = False

    @property
    def counts_up(self) -> bool:
        """Whether the counters count up toward the target."""
        return self.target > self.start

    def score_text(self, counters: tuple[int, ...]) -> str:
        """The Score tag's text for these counters: ``7-5``, ``3-12``, ``0-6-6-0``."""
        return "-".join(str(c) for c in counters)

    def parse_score(self, text: str) -> tuple[int, ...]:
        """Counters from a Score tag's text; raise ValueError if it is not one number
        per counter joined by ``-``."""
        m = _SCORE_RE.fullmatch(text)
        if m is None:
            raise ValueError(f"Score is {'-'.join(self.keys)}, e.g. "
                             f"{self.score_text((self.start,) * len(self.keys))!r}, "
                             f"not {text!r}")
        values = (int(m.group(1)), *(int(x) for x in _SCORE_PART_RE.findall(m.group(2))))
        if len(values) != len(self.keys):
            raise ValueError(f"Score holds {len(self.keys)} counters "
                             f"({'-'.join(self.keys)}), not {len(values)}: {text!r}")
        return values

    def counters_dict(self, counters: tuple[int, ...]) -> dict[str, int]:
        """The counters keyed by their names, as ``check --json`` writes them."""
        return dict(zip(self.keys, counters, strict=True))

    def new(self, dealer: int | None = None) -> MatchState:
        """A match before its first deal (``dealer`` deals it; default the first dealer)."""
        return MatchState(self, (self.start,) * len(self.keys),
                          self.first_dealer if dealer is None else dealer, 0)


@dataclass(frozen=True, slots=True)
class MatchState:
    """One match between deals: its rules, the counters, who deals next, deals played."""

    rules: MatchRules
    counters: tuple[int, ...]
    dealer: int
    deals: int = 0
    carry: int = 0
    """Game points waiting for the winner of the next decided deal (a standoff's,
    SECHSUNDSECHZIG.md 6G4); 0 in the games without standoffs."""

    @property
    def is_decided(self) -> bool:
        """Whether a counter has reached the target."""
        r = self.rules
        up = r.counts_up
        return any(reached(c, r.target, up) for c in self.counters)

    @property
    def winners(self) -> tuple[str, ...]:
        """The names of the counters that won the match (empty while undecided): those
        that reached the target (with called partners two players of a side may reach it
        together), or where the game says the best counter wins (``highest_wins``), the
        best among all, more than one when level at the top."""
        r = self.rules
        up = r.counts_up
        if r.highest_wins:
            if not self.is_decided:
                return ()
            best = max(self.counters) if up else min(self.counters)
            return tuple(k for k, c in zip(r.keys, self.counters, strict=True) if c == best)
        return tuple(k for k, c in zip(r.keys, self.counters, strict=True)
                     if reached(c, r.target, up))

    @property
    def next_deal(self) -> int:
        """The number of the next deal, from 1."""
        return self.deals + 1

    @property
    def score_text(self) -> str:
        """The Score tag of the next deal."""
        return self.rules.score_text(self.counters)

    def counters_dict(self) -> dict[str, int]:
        """The counters keyed by name."""
        return self.rules.counters_dict(self.counters)

    def after(self, gains: Iterable[tuple[int, int]] | None,
              dealer: int | None = None, carry: int | None = None) -> MatchState:
        """The match after a deal dealt by ``dealer`` (default: the expected one) whose
        outcome moved the counters ``gains`` (``(counter index, game points)`` pairs;
        ``None`` for an unfinished deal, which moves nothing but passes the deal on);
        ``carry`` the points then waiting (default: as before)."""
        d = self.dealer if dealer is None else dealer
        r = self.rules
        counters = (self.counters if gains is None
                    else moved_counters(self.counters, gains, r.counts_up))
        return MatchState(r, counters, (d + 1) % r.seats, self.deals + 1,
                          self.carry if carry is None else carry)


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
