"""Decisions in Bummerl terms: a deal's exact outcomes as chances to win the Bummerl.

The review, the closing advisor and the strong player judge a choice by solving it in
many worlds (:mod:`schnapsen_lab.worlds`): each world gives an exact outcome, game points
won or lost. When the counters before the deal are known (the record's Score tag), each
outcome becomes the chance to win the Bummerl after the deal, read from the equity table
of the deal's rules profile (:mod:`schnapsen_lab.equity`); averaged over the worlds, that
is the choice's *equity*. No new search: the same worlds, the same solved values.

::

    from schnapsen_lab import bummerl
    score = bummerl.score_of(record)          # None without a Score tag
    if score is not None:
        score.equity(+2, Seat.A)              # A wins the deal with 2 game points
        bummerl.option_equities(decision.options, decision.actor, score)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import equity
from .equity import EquityTable
from .games.twohand.rules import Seat
from .notation import text_with_cards
from .worlds import ActionEstimate, side

if TYPE_CHECKING:
    from .advisor import ClosingAdvice

__all__ = [
    "BummerlScore",
    "ClosingEquity",
    "best_by_equity",
    "closing_equity",
    "option_equities",
    "score_of",
]


@dataclass(frozen=True, slots=True)
class BummerlScore:
    """Where a deal stands in its Bummerl: A's and B's game points still to make before
    the deal (Schnapsen's counters, the Score tag; in Sechsundsechzig, whose Score tag
    counts up to 7, what is left to 7), who deals it, and the equity table that values
    the counters after it; ``tag`` is the Score tag's text where it differs from the
    counters."""

    counters: tuple[int, int]
    dealer: Seat
    table: EquityTable
    tag: str = ""

    def equity(self, value: int, me: Seat | int) -> float:
        """``me``'s chance to win the Bummerl once the deal ends with ``value`` game points
        from ``me``'s side (positive: ``me`` wins them, negative: the opponent does)."""
        return equity.value_equity(side(me, value), self.counters, self.dealer, me, self.table)

    def mean_equity(self, values: Iterable[int], me: Seat | int) -> float:
        """The mean of :meth:`equity` over ``values`` (one a world); raise ValueError when
        there are none."""
        vs = list(values)
        if not vs:
            raise ValueError("no outcomes to average")
        return sum(self.equity(v, me) for v in vs) / len(vs)

    @property
    def text(self) -> str:
        """The counters as the Score tag writes them: ``1-6``."""
        return self.tag or f"{self.counters[0]}-{self.counters[1]}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the counters (game points still to make), the dealer and
        the table used; and the Score tag's text where it counts up (``score``)."""
        d: dict[str, Any] = {"counters": {"A": self.counters[0], "B": self.counters[1]},
                             "dealer": str(self.dealer), "table": f"{self.table.profile}/"
                             f"{self.table.player}"}
        if self.tag:
            d["score"] = self.tag
        return d


def score_of(record: Any, table: EquityTable | None = None) -> BummerlScore | None:
    """The Bummerl score of a two-player ``record`` from its Score tag and dealer, valued
    with ``table`` (default: the shipped table of the record's rules profile); None when
    there is no Score tag, no shipped table for the profile, or the counters are not those
    of an undecided Bummerl (each between 1 and the table's start to go). A match that
    counts up (Sechsundsechzig's, to 7) is read as the points left to its target; no
    standoff point is taken to be pending (no tag says so)."""
    text = record.tags.get("Score")
    if text is None:
        return None
    try:
        counters = record.match_rules.parse_score(text)
    except ValueError:
        return None
    if len(counters) != 2:
        return None
    rules = record.match_rules
    shown = ""
    if rules.counts_up:
        shown = rules.score_text(counters)
        counters = tuple(rules.target - c for c in counters)
    if table is None:
        try:
            table = equity.table(record.profile.name)
        except (KeyError, AttributeError):
            return None
    if not all(1 <= c <= table.start for c in counters):
        return None
    return BummerlScore((counters[0], counters[1]), Seat(int(record.dealer)), table, shown)


def option_equities(options: Sequence[ActionEstimate], me: Seat | int,
                    score: BummerlScore) -> tuple[float, ...]:
    """Each option's equity for ``me``: the mean over its worlds of the chance to win the
    Bummerl after the deal (``options``' values are game points from ``me``'s side)."""
    return tuple(score.mean_equity(o.values, me) for o in options)


def best_by_equity(options: Sequence[ActionEstimate], equities: Sequence[float]
                   ) -> ActionEstimate:
    """The option with the highest equity; between equal equities, the one with more
    expected game points (then the first)."""
    if not options:
        raise ValueError("no options")
    best = 0
    for i in range(1, len(options)):
        e, b = equities[i], equities[best]
        if e > b + 1e-12 or (abs(e - b) <= 1e-12 and options[i].mean > options[best].mean
                             + 1e-12):
            best = i
    return options[best]


@dataclass(frozen=True, slots=True)
class ClosingEquity:
    """The closing advisor's choice in Bummerl terms: the leader's chance to win the
    Bummerl if they close (exact, over every opponent hand, as the advice's closing value)
    and for each lead that plays on (over the advice's sampled worlds, best first)."""

    seat: Seat
    score: BummerlScore
    close: float
    play_on: tuple[tuple[ActionEstimate, float], ...]
    by_points: str

    @property
    def play_on_best(self) -> tuple[ActionEstimate, float]:
        """The lead that plays on with the best equity, and its equity."""
        return self.play_on[0]

    @property
    def verdict(self) -> str:
        """``close`` or ``play on`` by equity; ``either`` when both are worth the same."""
        best = self.play_on_best[1]
        if abs(self.close - best) < 1e-9:
            return "either"
        return "close" if self.close > best else "play on"

    @property
    def flips(self) -> bool:
        """Whether closing or playing on is best by equity but not by game points."""
        return (self.verdict in ("close", "play on") and self.by_points in ("close", "play on")
                and self.verdict != self.by_points)

    def explain(self) -> str:
        """The Bummerl chances in a few lines of plain text."""
        a, e = self.play_on_best
        lines = [f"Bummerl at {self.score.text} (A-B), {self.score.dealer} deals: "
                 f"{self.seat}'s chance to win it if {self.seat} closes {self.close:.1%}, "
                 f"plays on ({text_with_cards(a.token)}) {e:.1%}; for the Bummerl: {self.verdict}."]
        if self.flips:
            lines.append(f"The two measures disagree: by game points {self.by_points}, "
                         f"for the Bummerl {self.verdict}.")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {**self.score.to_dict(), "seat": str(self.seat), "close": self.close,
                "play_on": {"best": self.play_on_best[0].token,
                            "equity": self.play_on_best[1],
                            "actions": {a.token: e for a, e in self.play_on}},
                "verdict": self.verdict, "flips": self.flips}


def closing_equity(advice: ClosingAdvice, score: BummerlScore) -> ClosingEquity:
    """The Bummerl chances of closing and of each lead that plays on, from the same hands
    and worlds the advice solved (no new search). By game points, the better of closing
    and the best lead that plays on (``by_points``) is compared with the better by
    equity."""
    me = advice.seat
    close = score.mean_equity([r.value for r in advice.results], me)
    per = [(a, score.mean_equity(a.values, me)) for a in advice.play_on_actions]
    per.sort(key=lambda t: (-t[1], -t[0].mean))
    c, p = advice.close.mean, advice.play_on.mean
    by_points = "either" if abs(c - p) < 1e-9 else ("close" if c > p else "play on")
    return ClosingEquity(me, score, close, tuple(per), by_points)
