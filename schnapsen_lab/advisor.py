"""The closing advisor: should the leader close the talon here, or play on?

Judged from the leader's knowledge only (K2). Once the talon is closed nobody draws
again, so the talon's order no longer matters: the advisor goes through *every* hand the
opponent may hold. For closing it gives two exact numbers (the first within a work
budget, :data:`ADVICE_BUDGET`; past it, what the best plan found is sure of, marked as
such):

- what the best *plan* is sure to achieve: the closer plays from what he sees (his hand,
  the cards played), the same way against every hand he cannot tell apart, and the
  opponent answers as if he saw every card and the plan (:mod:`schnapsen_lab.solver.plan`);
  this is the number the verdict uses, with the plan itself (what to lead, and what next
  after each answer) and the hands that beat it;
- what closing would give if the closer saw every card (double-dummy, an upper bound):
  the difference is what strategy fusion promises and no player can collect
  (docs/closing.md).

Playing on depends on the talon's order too, so its value is estimated by sampling worlds
(perfect-information Monte Carlo), with the sample size and a 95 % confidence interval.

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
from .games.twohand.rules import CLOSE, EXCHANGE, Action, ActionKind, Position, Seat
from .notation import action_text, card_text, cards_text
from .played_out import PlayedOut, played_out
from .solver.plan import ClosedPlan, PlanStep, closed_plan
from .worlds import (
    ActionEstimate,
    Estimate,
    estimate,
    estimate_actions,
    hidden_cards,
    opponent_hands,
    sample_worlds_hidden,
)

__all__ = [
    "ADVICE_BUDGET",
    "DEFAULT_SAMPLES",
    "KEY_CARD_LIFT",
    "PLAN_OPEN",
    "ClosingAdvice",
    "HandResult",
    "KeyCard",
    "advise",
    "closing_hands",
    "closing_plan",
    "closing_possible",
    "key_groups",
    "plan_cap",
]

DEFAULT_SAMPLES = 60
"""Worlds sampled to estimate playing on."""
KEY_CARD_LIFT = 0.1
PLAN_OPEN = 2
"""How many of the closer's decisions a folded plan shows (the rest is one click or
``explain(full=True)`` away)."""
"""A key card is held in at least this much larger a share of the losing hands."""
ADVICE_BUDGET = 2_500
"""Work (about one unit a search node) the plan search of one closing decision may do, so
that the advice comes within about half a second. Most decisions are searched to the end
well within it (the numbers are then exact); past it the best plan found so far is
reported, still a real plan, so its number is still sure, but a better plan may exist
(:attr:`ClosingAdvice.exact` False). 0: no bound."""
PLAN_CAP = 3
"""The whole plan search of one decision stops at this many times its budget (the work
counted the same way): its quick first pass included, and in the review every choice's
search together, so that no decision searches for long (past it, each search still to
come gives the plan that plays the move winning the most hands seeing every card)."""


def plan_cap(budget: int) -> int:
    """The work the whole plan search of one decision may do (0: no bound), for a
    ``budget`` of :data:`ADVICE_BUDGET`'s kind."""
    return PLAN_CAP * budget


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand the opponent may hold, and what the closed game then gives the closer:
    ``value`` with the best plan (the closer not seeing the hand), ``double_dummy``
    seeing it. Both in game points from the closer's side."""

    hand: tuple[Card, ...]
    value: int
    double_dummy: int

    @property
    def closer_wins(self) -> bool:
        """Whether the best plan wins against this hand."""
        return self.value > 0

    @property
    def guess(self) -> bool:
        """Whether the closer would win seeing the hand, but the plan loses to it: he
        cannot tell it from hands that need another play."""
        return self.double_dummy > 0 >= self.value

    def __str__(self) -> str:
        tail = " (won seeing every card)" if self.guess else ""
        unit = "game point" if abs(self.value) == 1 else "game points"
        return f"{cards_text(self.hand)}: {self.value:+d} {unit}{tail}"


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

    ``close`` is what closing and then following the best plan is sure to achieve, exact
    over every opponent hand (``hands`` of them); ``close_double_dummy`` what closing
    would give seeing every card (an upper bound); ``closed`` the whole plan search
    (each hand's result, the plan). ``play_on`` is the best non-closing lead's estimate
    over ``samples`` worlds, ``play_on_actions`` every such lead's. With ``exchanged`` the
    leader is assumed to exchange the trump jack first (X1), both for closing and for
    playing on.
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
    close_double_dummy: Estimate
    closed: ClosedPlan
    played: PlayedOut | None = None
    """Both choices played out by strong players who do not see each other's cards, in
    the same sampled worlds (like with like; :mod:`schnapsen_lab.played_out`), when asked
    for."""

    @property
    def played_verdict(self) -> str | None:
        """The verdict of the like-with-like comparison (None when not asked for)."""
        return self.played.verdict if self.played is not None else None

    @property
    def plan(self) -> PlanStep | None:
        """The best plan after closing (None when no plan wins against any hand)."""
        return self.closed.plan

    @property
    def exact(self) -> bool:
        """Whether the plan search went to the end (else ``close`` is what the best plan
        found is sure of, and a better plan may exist)."""
        return self.closed.exact

    @property
    def guess_hands(self) -> tuple[HandResult, ...]:
        """The hands closing would beat seeing every card, but the plan loses to."""
        return tuple(r for r in self.losing_hands if r.guess)

    @property
    def close_win_chance(self) -> float:
        """The chance that closing with the best plan wins (exact)."""
        return self.close.win_chance

    @property
    def close_expected(self) -> float:
        """Expected game points of closing with the best plan, for the closer (exact)."""
        return self.close.mean

    @property
    def losing_hands(self) -> tuple[HandResult, ...]:
        """The opponent hands that beat the closer's best plan, worst first."""
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

    def explain(self, max_hands: int = 8, plan_depth: int = 0, full: bool = False) -> str:
        """The verdict in a few lines of plain text, with the plan and, for each hand that
        beats it, the line by which it does. The plan is folded: its first two decisions,
        each line that hides more ending in "… (7 more lines)"; with ``full`` it is
        shown to the end, or ``plan_depth`` of the closer's decisions deep. Cards as the
        widgets print them (``10♦``, ``K♥ +20``)."""
        lines = []
        pre = "after exchanging the trump jack, " if self.exchanged else ""
        lines.append(f"{self.seat} to lead; {pre}verdict: {self.verdict}.")
        dd = self.close_double_dummy
        if self.exact:
            lines.append(f"Close: the best plan wins against {self.close.win_chance:.0%} of "
                         f"the {self.hands} possible opponent hands; expected "
                         f"{self.close.mean:+.2f} game points (exact and sure: the opponent "
                         "may even see every card).")
        else:
            lines.append(f"Close: a plan wins against at least {self.close.win_chance:.0%} of "
                         f"the {self.hands} possible opponent hands; expected at least "
                         f"{self.close.mean:+.2f} game points (sure for this plan; the search "
                         "stopped at its work budget, so a better plan may exist).")
        guesses = len(self.guess_hands)
        if guesses:
            are = "hand is" if guesses == 1 else "hands are"
            lines.append(f"Seeing every card, closing would win {dd.win_chance:.0%} "
                         f"({dd.mean:+.2f}): {guesses} {are} lost only because the "
                         "closer cannot see the opponent's hand (strategy fusion).")
        else:
            lines.append(f"Seeing every card would not win more ({dd.win_chance:.0%}, "
                         f"{dd.mean:+.2f}).")
        if self.plan is not None:
            lines.append("The plan:")
            if full or plan_depth:
                lines.extend(plan_lines(self.plan, depth=plan_depth, indent="  "))
            else:
                shown = plan_lines(self.plan, indent="  ", open_=PLAN_OPEN)
                lines.extend(shown)
                if len(shown) < len(plan_lines(self.plan)):
                    lines.append("  (A line ending in \"more lines\" hides the rest of its "
                                 "branch: explain(full=True) shows the whole plan.)")
        lines.append(f"Play on ({action_text(self.play_on_action)}): expected "
                     f"{self.play_on.mean:+.2f} game points, 95% CI "
                     f"[{self.play_on.low:+.2f}, {self.play_on.high:+.2f}] "
                     f"over {self.play_on.samples} sampled worlds; wins in "
                     f"{self.play_on.win_chance:.0%} of them.")
        po = self.played
        if po is not None:
            lines.append(
                f"Like with like (both played out by the strong player in the same "
                f"{po.worlds} sampled worlds, neither seeing the other's cards): close "
                f"{po.close.mean:+.2f} [{po.close.low:+.2f}, {po.close.high:+.2f}], play on "
                f"({action_text(po.play_on_action)}) {po.play_on.mean:+.2f} "
                f"[{po.play_on.low:+.2f}, {po.play_on.high:+.2f}]; difference "
                f"{po.difference.mean:+.2f} [{po.difference.low:+.2f}, "
                f"{po.difference.high:+.2f}]; verdict: {po.verdict}. (The numbers above: "
                "closing's is sure against a defender who sees every card, playing on's "
                "sees every card for both players.)")
        losing = self.losing_hands
        if losing:
            lines.append(f"Hands that beat the plan ({len(losing)}):")
            for r in losing[:max_hands]:
                lines.append(f"  {r}")
                line = self.line(r)
                if line:
                    lines.append(f"    {line}")
            if len(losing) > max_hands:
                lines.append(f"  ... and {len(losing) - max_hands} more")
            if self.key_cards:
                keys = "; ".join(
                    f"{' '.join(card_text(k.card) for k in g)}: in {g[0].in_losing:.0%} of "
                    f"the hands that beat the plan, against {g[0].in_all:.0%} of all his "
                    "possible hands" for g in key_groups(self.key_cards[:4]))
                lines.append(f"Cards he holds more often when the plan fails: {keys}.")
        else:
            lines.append("No opponent hand beats the plan.")
        return "\n".join(lines)

    def line(self, result: HandResult, name: Any = action_text) -> str:
        """The line by which the hand of ``result`` beats the plan, in words (empty when
        it does not beat it); ``name`` writes an action."""
        mask = sum(1 << int(c) for c in result.hand)
        try:
            index = self.closed.hands.index(mask)
        except ValueError:
            return ""
        return self.closed.line(index, name)

    def to_dict(self, plan_depth: int = 3) -> dict[str, Any]:
        """Plain data for JSON: both numbers, the plan ``plan_depth`` decisions deep, and
        every opponent hand with both its results."""
        dd = self.close_double_dummy
        dd_dist = Counter(r.double_dummy for r in self.results)
        return {
            "seat": str(self.seat),
            "exchanged": self.exchanged,
            "verdict": self.verdict,
            "close": {
                "hands": self.hands,
                "win_chance": self.close.win_chance,
                "expected": self.close.mean,
                "distribution": {str(v): n for v, n in self.close_distribution},
                "double_dummy": {
                    "win_chance": dd.win_chance,
                    "expected": dd.mean,
                    "distribution": {str(v): n for v, n in sorted(dd_dist.items())},
                },
                "guess_hands": len(self.guess_hands),
                "exact": self.exact,
                "plan": self.plan.to_dict(plan_depth) if self.plan is not None else None,
            },
            "play_on": {
                "best": str(self.play_on_action),
                "expected": self.play_on.mean,
                "ci95": self.play_on.ci95,
                "samples": self.play_on.samples,
                "win_chance": self.play_on.win_chance,
                "actions": {e.token: {"expected": e.mean, "ci95": e.estimate.ci95}
                            for e in self.play_on_actions},
            },
            "losing_hands": [{"hand": [str(c) for c in r.hand], "value": r.value,
                              "double_dummy": r.double_dummy,
                              "line": self.line(r, str)} for r in self.losing_hands],
            "hands": [{"hand": [str(c) for c in r.hand], "value": r.value,
                       "double_dummy": r.double_dummy} for r in self.results],
            "key_cards": [{"card": str(k.card), "in_losing": k.in_losing, "in_all": k.in_all}
                          for k in self.key_cards],
            "played_out": self.played.to_dict() if self.played is not None else None,
        }


def key_groups(keys: Sequence[KeyCard]) -> list[list[KeyCard]]:
    """Key cards with the same two shares together, in order."""
    groups: list[list[KeyCard]] = []
    for k in keys:
        if groups and (groups[-1][0].in_losing, groups[-1][0].in_all) == (k.in_losing,
                                                                           k.in_all):
            groups[-1].append(k)
        else:
            groups.append([k])
    return groups


def plan_lines(step: PlanStep, depth: int = 0, indent: str = "", open_: int = 0
               ) -> list[str]:
    """A plan as text lines (:meth:`PlanStep.tree`), ``depth`` of the planner's decisions
    deep (0: to the end); with ``open_``, folded: the first ``open_`` decisions, each line
    that hides more saying how many lines (:meth:`PlanStep.folded`). Cards as printed
    (``10♦``)."""
    rows = (step.folded(open_, action_text, _cards_text) if open_
            else step.outline(depth, action_text, _cards_text))
    return [indent + "  " * level + text for level, text in rows]


def _cards_text(mask: int) -> str:
    return cards_text(cards_in(mask))


def closing_possible(pos: Position) -> bool:
    """Whether the player to move may close now (C1), directly or after exchanging."""
    legal = pos.legal_actions()
    if CLOSE in legal:
        return True
    return EXCHANGE in legal and CLOSE in pos.play(EXCHANGE).legal_actions()


def closing_plan(pos: Position, depth: int = 3, budget: int = ADVICE_BUDGET) -> ClosedPlan:
    """The best plan of the leader of ``pos`` after closing now, against every opponent hand
    he cannot rule out (``depth``: how many of his decisions the plan shows; ``budget``:
    see :data:`ADVICE_BUDGET`)."""
    if CLOSE not in pos.legal_actions():
        raise ValueError("closing is not legal here")
    me = pos.leader
    hands = list(opponent_hands(hidden_cards(pos, me)))
    return closed_plan(pos.play(CLOSE), me, hands, depth=depth, budget=budget,
                       cap=plan_cap(budget))


def closing_hands(pos: Position, budget: int = ADVICE_BUDGET) -> tuple[HandResult, ...]:
    """For every opponent hand the leader of ``pos`` cannot rule out, what closing now
    gives him: with the best plan, and seeing every card."""
    return _hand_results(closing_plan(pos, depth=1, budget=budget))


def _hand_results(plan: ClosedPlan) -> tuple[HandResult, ...]:
    return tuple(HandResult(tuple(cards_in(h)), a, d)
                 for h, a, d in zip(plan.hands, plan.achieved, plan.double_dummy, strict=True))


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
           exchange_first: bool = True, plan_depth: int = 0,
           budget: int = ADVICE_BUDGET, played: int = 0) -> ClosingAdvice:
    """Close or play on, for the leader of ``pos``, from the leader's knowledge.

    With ``exchange_first`` and the trump jack in hand, the leader exchanges first.
    ``plan_depth``: how many of the closer's decisions the plan keeps (0: all);
    ``budget`` bounds the plan search (:data:`ADVICE_BUDGET`; 0: search to the end).
    ``played``: in that many sampled worlds, play both choices out with strong players
    (like with like, :attr:`ClosingAdvice.played`; 0: not). Raise ValueError when
    closing is not legal at ``pos``.
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
    plan = closing_plan(pos, depth=plan_depth, budget=budget)
    results = _hand_results(plan)
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
        close_double_dummy=estimate(list(plan.double_dummy), exact=True),
        closed=plan,
        played=played_out(pos, best.action, played, seed) if played > 0 else None,
    )
