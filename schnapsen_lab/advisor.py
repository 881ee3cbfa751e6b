"""The closing advisor: should the leader close the talon here, or play on?

Judged from the leader's knowledge only (K2). Once the talon is closed nobody draws
again, so the talon's order no longer matters: the advisor goes through *every* hand
the opponent may hold, plays each closed game out with all cards known (the solver), and
reports exactly how often closing wins and what it is worth on average. Playing on
depends on the talon's order too, so its value is estimated by sampling worlds
(perfect-information Monte Carlo), with the sample size and a 95 % confidence interval.

Both numbers assume that, in each world, both players then play as if they saw every
card (double-dummy); the hands that beat the closer explain the verdict.

Example::

    from schnapsen_lab import advisor
    advice = advisor.advise(position)            # the leader of ``position`` is advised
    print(advice.explain())
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CARDS, Card, cards_in
from .rules import CLOSE, EXCHANGE, Action, ActionKind, Position, Seat
from .worlds import (
    ActionEstimate,
    Estimate,
    build_world,
    estimate,
    estimate_actions,
    hidden_cards,
    opponent_hands,
    sample_worlds_hidden,
    side,
)

__all__ = [
    "DEFAULT_SAMPLES",
    "KEY_CARD_LIFT",
    "ClosingAdvice",
    "HandResult",
    "KeyCard",
    "advise",
    "closing_hands",
    "closing_possible",
]

DEFAULT_SAMPLES = 60
"""Worlds sampled to estimate playing on."""
KEY_CARD_LIFT = 0.1
"""A key card is held in at least this much larger a share of the losing hands."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand the opponent may hold, and what the closed game then gives the closer."""

    hand: tuple[Card, ...]
    value: int

    @property
    def closer_wins(self) -> bool:
        """Whether the closer wins the closed game against this hand."""
        return self.value > 0

    def __str__(self) -> str:
        return f"{' '.join(str(c) for c in self.hand)}: {self.value:+d}"


@dataclass(frozen=True, slots=True)
class KeyCard:
    """A card the opponent holds more often in the hands that beat the closer.

    ``in_losing`` is the share of the losing hands that hold it, ``in_all`` the share of
    all consistent hands.
    """

    card: Card
    in_losing: float
    in_all: float


@dataclass(frozen=True, slots=True)
class ClosingAdvice:
    """The advisor's verdict at one lead, from the leader's knowledge.

    ``close`` is exact over every opponent hand (``hands`` of them); ``play_on`` is the
    best non-closing lead's estimate over ``samples`` worlds, ``play_on_actions`` every
    such lead's. With ``exchanged`` the leader is assumed to exchange the trump jack
    first (X1), both for closing and for playing on.
    """

    seat: Seat
    exchanged: bool
    hands: int
    close: Estimate
    close_distribution: tuple[tuple[int, int], ...]
    results: tuple[HandResult, ...]
    play_on: Estimate
    play_on_action: Action
    play_on_actions: tuple[ActionEstimate, ...]
    key_cards: tuple[KeyCard, ...]

    @property
    def close_win_chance(self) -> float:
        """The chance that closing wins (exact)."""
        return self.close.win_chance

    @property
    def close_expected(self) -> float:
        """Expected game points of closing for the closer (exact)."""
        return self.close.mean

    @property
    def losing_hands(self) -> tuple[HandResult, ...]:
        """The opponent hands that beat the closer, worst first."""
        return tuple(sorted((r for r in self.results if not r.closer_wins),
                            key=lambda r: (r.value, r.hand)))

    @property
    def verdict(self) -> str:
        """``close`` or ``play on``; ``either`` when both are worth the same; ``close call``
        when closing's exact value lies inside playing on's confidence interval."""
        c = self.close.mean
        if abs(c - self.play_on.mean) < 1e-9:
            return "either"
        if self.play_on.low <= c <= self.play_on.high:
            return "close call"
        return "close" if c > self.play_on.mean else "play on"

    def explain(self, max_hands: int = 8) -> str:
        """The verdict in a few lines of plain text."""
        lines = []
        pre = "after exchanging the trump jack, " if self.exchanged else ""
        lines.append(f"{self.seat} to lead; {pre}verdict: {self.verdict}.")
        lines.append(f"Close: wins against {self.close.win_chance:.0%} of the "
                     f"{self.hands} possible opponent hands; expected {self.close.mean:+.2f} "
                     f"game points (exact).")
        lines.append(f"Play on ({self.play_on_action}): expected {self.play_on.mean:+.2f} "
                     f"game points, 95% CI [{self.play_on.low:+.2f}, {self.play_on.high:+.2f}] "
                     f"over {self.play_on.samples} sampled worlds; wins in "
                     f"{self.play_on.win_chance:.0%} of them.")
        losing = self.losing_hands
        if losing:
            lines.append(f"Hands that beat the closer ({len(losing)}):")
            lines.extend(f"  {r}" for r in losing[:max_hands])
            if len(losing) > max_hands:
                lines.append(f"  ... and {len(losing) - max_hands} more")
            if self.key_cards:
                keys = ", ".join(f"{k.card} ({k.in_losing:.0%} of them vs {k.in_all:.0%})"
                                 for k in self.key_cards[:4])
                lines.append(f"The opponent then often holds: {keys}.")
        else:
            lines.append("No opponent hand beats the closer.")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "seat": str(self.seat),
            "exchanged": self.exchanged,
            "verdict": self.verdict,
            "close": {
                "hands": self.hands,
                "win_chance": self.close.win_chance,
                "expected": self.close.mean,
                "distribution": {str(v): n for v, n in self.close_distribution},
            },
            "play_on": {
                "best": str(self.play_on_action),
                "expected": self.play_on.mean,
                "ci95": [self.play_on.low, self.play_on.high],
                "samples": self.play_on.samples,
                "win_chance": self.play_on.win_chance,
                "actions": {e.token: {"expected": e.mean, "ci95": [e.estimate.low,
                                                                   e.estimate.high]}
                            for e in self.play_on_actions},
            },
            "losing_hands": [{"hand": [str(c) for c in r.hand], "value": r.value}
                             for r in self.losing_hands],
            "key_cards": [{"card": str(k.card), "in_losing": k.in_losing, "in_all": k.in_all}
                          for k in self.key_cards],
        }


def closing_possible(pos: Position) -> bool:
    """Whether the player to move may close now (C1), directly or after exchanging."""
    legal = pos.legal_actions()
    if CLOSE in legal:
        return True
    return EXCHANGE in legal and CLOSE in pos.play(EXCHANGE).legal_actions()


def closing_hands(pos: Position) -> tuple[HandResult, ...]:
    """For every opponent hand the leader of ``pos`` cannot rule out, the closed game's
    exact value for the leader (who closes now, at ``pos``)."""
    from .solver import solve

    if CLOSE not in pos.legal_actions():
        raise ValueError("closing is not legal here")
    me = pos.leader
    h = hidden_cards(pos, me)
    out = []
    for hand in opponent_hands(h):
        rest = [c for c in range(20) if (h.unknown & ~hand) >> c & 1]
        w = build_world(pos, me, hand, rest)
        w.apply_unchecked(CLOSE)
        out.append(HandResult(tuple(cards_in(hand)), side(me, solve(w))))
    return tuple(out)


def _key_cards(results: Sequence[HandResult], candidates: int) -> tuple[KeyCard, ...]:
    losing = [r for r in results if not r.closer_wins]
    if not losing or len(losing) == len(results):
        return ()
    all_count: Counter[Card] = Counter(c for r in results for c in r.hand)
    lose_count: Counter[Card] = Counter(c for r in losing for c in r.hand)
    keys = []
    for c in CARDS:
        if not candidates >> c & 1:
            continue
        a = all_count[c] / len(results)
        b = lose_count[c] / len(losing)
        if b >= a + KEY_CARD_LIFT:
            keys.append(KeyCard(c, b, a))
    keys.sort(key=lambda k: (-(k.in_losing - k.in_all), k.card))
    return tuple(keys)


def advise(pos: Position, samples: int = DEFAULT_SAMPLES, seed: int = 0, *,
           exchange_first: bool = True) -> ClosingAdvice:
    """Close or play on, for the leader of ``pos``, from the leader's knowledge.

    With ``exchange_first`` and the trump jack in hand, the leader exchanges first.
    Raise ValueError when closing is not legal at ``pos``.
    """
    if pos.outcome is not None or pos.lead >= 0:
        raise ValueError("the advisor works at a lead, before the leader acts")
    exchanged = False
    legal = pos.legal_actions()
    if exchange_first and EXCHANGE in legal:
        pos = pos.play(EXCHANGE)
        exchanged = True
        legal = pos.legal_actions()
    if CLOSE not in legal:
        raise ValueError("closing is not legal here (C1)")
    me = Seat(pos.leader)
    results = closing_hands(pos)
    values = [r.value for r in results]
    close = estimate(values, exact=True)
    dist = tuple(sorted(Counter(values).items()))
    leads = [a for a in legal if a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)]
    h = hidden_cards(pos, me)
    rng = random.Random(seed)
    worlds = sample_worlds_hidden(pos, h, samples, rng, exhaustive=False)
    per = estimate_actions(worlds, me, leads)
    best = per[0]
    assert best.action is not None
    return ClosingAdvice(
        seat=me,
        exchanged=exchanged,
        hands=len(results),
        close=close,
        close_distribution=dist,
        results=results,
        play_on=best.estimate,
        play_on_action=best.action,
        play_on_actions=per,
        key_cards=_key_cards(results, h.unknown),
    )
