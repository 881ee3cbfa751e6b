"""Deal review: every decision of a record judged from what its player could know.

For each decision (the player to act had more than one legal choice) the review samples
worlds consistent with the actor's knowledge at that moment (K2, plus the F2 inferences
of :func:`~schnapsen_lab.worlds.inferred_absent`), solves every legal action in each
world with all cards known, and averages: the *expected game points* of each action for
the actor. The best action is the one with the highest mean; the *loss* of the action
played is the best mean minus its mean (the same worlds judge every action).

Classes, by the loss in expected game points (a deal is worth 1 to 3 game points,
a Bummerl is 7):

============  =====  ==========================  ======
class         glyph  loss                        NAG
============  =====  ==========================  ======
best                 below 0.25
inaccuracy    ?!     0.25 or more, below 0.5     $6
mistake       ?      0.5 or more, below 1.0      $2
blunder       ??     1.0 or more                 $4
============  =====  ==========================  ======

A decision's *accuracy* is ``100 * max(0, 1 - loss / 1.0)`` per cent (100 % for a loss
of nothing, 0 % for a blunder's loss or more); a player's accuracy for the deal is the
mean over their decisions. Forced moves (one legal action) are not decisions.

In Bummerl terms: when the record's Score tag gives the counters before the deal, every
option also gets its *equity*, the chance to win the Bummerl, averaged over the same
worlds (:mod:`schnapsen_lab.bummerl`); a decision whose best option differs between the
two measures is marked (``flips``). With ``by="equity"`` (``review --by equity``) the
classes and the accuracy are those of the equity loss, in percentage points of the chance
to win the Bummerl:

============  =====  ==========================
class         glyph  equity loss
============  =====  ==========================
best                 below 2 points
inaccuracy    ?!     2 or more, below 4
mistake       ?      4 or more, below 8
blunder       ??     8 or more
============  =====  ==========================

(one game point at 7 : 7 is worth about 7.5 points of equity, so at the start of a
Bummerl both measures class a decision alike; docs/review.md says why.)

When the talon is closed or exhausted and there are at most ``samples`` consistent
worlds, every world is used once and the values are exact. Sampling is reproducible:
decision ``k`` draws its worlds from a generator seeded with ``(seed, k)``.

Closing and the closed game are judged by plans a player can follow
(:mod:`schnapsen_lab.solver.plan`): closing is worth what its best plan is sure to
achieve over every hand the opponent may hold (exact), and once the talon is closed each
choice is worth what the best plan starting with it achieves (exact, every hand the
opponent may hold). Seeing every card would promise more (strategy fusion,
docs/closing.md).

Like with like (``played``, ``review --played N``): the closing plan's sure value and
the other choices' clairvoyant ones are not of one standard (docs/closing.md). With
``played=N`` every *closing decision* (one where closing was legal) is also judged by
the advisor's like-with-like standard (:mod:`schnapsen_lab.played_out`): closing, the
best other choice by the clairvoyant numbers ("play on") and the choice made are each
played out by the strong player in both seats, neither seeing the other's cards, in the
same ``N`` worlds sampled from the actor's knowledge; the best, the loss, the class and
the accuracy of the decision are then those of the played-out values (the same
thresholds), and the clairvoyant numbers stay beside them (:attr:`Decision.options`,
:attr:`Decision.clairvoyant_loss`). Each value says its standard: ``plan``,
``clairvoyant`` or ``played-out`` (:data:`~schnapsen_lab.played_out.STANDARDS`). Other
decisions keep the clairvoyant standard (playing every option of every decision out
would cost minutes a deal).

A correct claim made when it is first possible is never worse than waiting (docs on the
solver), so a decision is also reviewed when the move is ``66`` after a marriage lead or
after the last trick: the alternative there is to decline (shown as ``-``). The leader's
silent decision not to claim after a marriage lead is not reviewed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from . import psn
from .advisor import ADVICE_BUDGET, plan_cap
from .bummerl import BummerlScore, best_by_equity, option_equities, score_of
from .games.twohand.rules import CLAIM, CLOSE, Action, ActionKind, Position, Seat
from .played_out import CLAIRVOYANT, PLAN, PLAYED_OUT, play_out_choices
from .psn import Line, Move, Record
from .worlds import (
    ActionEstimate,
    HiddenCards,
    estimate,
    estimate_actions,
    hidden_cards,
    inferred_absent,
    opponent_hands,
    sample_worlds_hidden,
    world_count,
)

__all__ = [
    "BLUNDER",
    "DEFAULT_SAMPLES",
    "EQUITY_BLUNDER",
    "EQUITY_INACCURACY",
    "EQUITY_MISTAKE",
    "INACCURACY",
    "MEASURES",
    "MISTAKE",
    "Decision",
    "Judgement",
    "PlayerSummary",
    "Review",
    "accuracy_of",
    "annotate",
    "decision_points",
    "judge",
    "judge_equity",
    "review_decision",
    "review_record",
]

INACCURACY = 0.25
"""Smallest loss (expected game points) of an inaccuracy."""
MISTAKE = 0.5
"""Smallest loss of a mistake."""
BLUNDER = 1.0
"""Smallest loss of a blunder."""
DEFAULT_SAMPLES = 100
"""Worlds sampled a decision by default."""
EQUITY_INACCURACY = 0.02
"""Smallest equity loss (chance to win the Bummerl) of an inaccuracy."""
EQUITY_MISTAKE = 0.04
"""Smallest equity loss of a mistake."""
EQUITY_BLUNDER = 0.08
"""Smallest equity loss of a blunder."""
MEASURES = ("points", "equity")
"""What the classes may be computed on: expected game points, or equity."""


class Judgement(Enum):
    """The class of a decision by its loss."""

    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def nag(self) -> int | None:
        """The PSN NAG: ``$6`` (?!), ``$2`` (?), ``$4`` (??); None for best."""
        return _NAGS[self]

    @property
    def glyph(self) -> str:
        """``?!``, ``?``, ``??`` or empty."""
        return _GLYPHS[self]


_NAGS = {Judgement.BEST: None, Judgement.INACCURACY: 6, Judgement.MISTAKE: 2,
         Judgement.BLUNDER: 4}
_GLYPHS = {Judgement.BEST: "", Judgement.INACCURACY: "?!", Judgement.MISTAKE: "?",
           Judgement.BLUNDER: "??"}
_REVIEW_NAGS = {2, 4, 6}


def judge(loss: float) -> Judgement:
    """The class of a loss in expected game points (thresholds in the module docs)."""
    if loss >= BLUNDER:
        return Judgement.BLUNDER
    if loss >= MISTAKE:
        return Judgement.MISTAKE
    if loss >= INACCURACY:
        return Judgement.INACCURACY
    return Judgement.BEST


def accuracy_of(loss: float) -> float:
    """A decision's accuracy in per cent: 100 at no loss, 0 at a blunder's loss or more."""
    return 100.0 * max(0.0, 1.0 - loss / BLUNDER)


def judge_equity(loss: float) -> Judgement:
    """The class of an equity loss (a chance to win the Bummerl, 0 to 1; thresholds in the
    module docs)."""
    if loss >= EQUITY_BLUNDER:
        return Judgement.BLUNDER
    if loss >= EQUITY_MISTAKE:
        return Judgement.MISTAKE
    if loss >= EQUITY_INACCURACY:
        return Judgement.INACCURACY
    return Judgement.BEST


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: at the position after ``step`` actions, ``actor`` played
    ``played``; ``options`` are every choice's estimates, best first.

    ``exact`` when every consistent world was used. ``value`` is what the actor could
    expect before choosing (the best option's mean), from the actor's side.

    ``score`` is the Bummerl score of the deal when known (the Score tag): each option's
    equity is then known too; ``by`` says which loss the class and the accuracy are of
    (``points`` or ``equity``, which needs the score).

    ``options`` are valued by the review's search: by a plan's sure value for the
    choices in ``by_plan`` (closing; every choice once the talon is closed), by sampled
    worlds solved with every card known (clairvoyant) for the others. ``played_out``, when
    the choices were played out by strong players (``review_record(..., played=N)`` at a
    closing decision), holds those played out, best first: the decision is then judged by
    them (:attr:`standard` ``played-out``): :attr:`best`, :attr:`played_option`,
    :attr:`loss`, :attr:`judgement`, :attr:`accuracy` and the equities are theirs, and
    :attr:`clairvoyant_best` and :attr:`clairvoyant_loss` those of ``options``.
    """

    step: int
    actor: Seat
    played: Action
    options: tuple[ActionEstimate, ...]
    worlds: int
    exact: bool
    score: BummerlScore | None = None
    by: str = "points"
    played_out: tuple[ActionEstimate, ...] | None = None
    by_plan: tuple[Action | None, ...] = ()

    @property
    def standard(self) -> str:
        """Which standard the decision is judged by: ``played-out`` when its choices were
        played out, else ``clairvoyant`` (the review's search: the plan's sure value of
        closing against the clairvoyant values of the other choices)."""
        return PLAYED_OUT if self.played_out is not None else CLAIRVOYANT

    @property
    def judged(self) -> tuple[ActionEstimate, ...]:
        """The options the decision is judged by (``played_out`` or ``options``), best
        first."""
        return self.played_out if self.played_out is not None else self.options

    def option_standard(self, option: ActionEstimate) -> str:
        """The standard of one of ``options``: ``plan`` or ``clairvoyant``."""
        return PLAN if option.action in self.by_plan else CLAIRVOYANT

    @property
    def best(self) -> ActionEstimate:
        """The best option (by the decision's standard)."""
        return self.judged[0]

    @property
    def played_option(self) -> ActionEstimate:
        """The estimate of the action played (by the decision's standard)."""
        return _option(self.judged, self.played)

    @property
    def loss(self) -> float:
        """Expected game points lost by the action played (0 for the best), by the
        decision's standard."""
        return max(0.0, self.best.mean - self.played_option.mean)

    @property
    def clairvoyant_best(self) -> ActionEstimate:
        """The best of ``options`` (the review's search, whatever the standard)."""
        return self.options[0]

    @property
    def clairvoyant_loss(self) -> float:
        """The loss by ``options`` (the review's search), beside a played-out loss."""
        return max(0.0, self.options[0].mean - _option(self.options, self.played).mean)

    @property
    def judgement(self) -> Judgement:
        """The class of the loss (of the equity loss when ``by`` is ``equity``)."""
        eq = self.equity_loss if self.by == "equity" else None
        return judge(self.loss) if eq is None else judge_equity(eq)

    @property
    def accuracy(self) -> float:
        """The decision's accuracy in per cent (by the equity loss when ``by`` is
        ``equity``: 0 at a blunder's equity loss or more)."""
        eq = self.equity_loss if self.by == "equity" else None
        if eq is None:
            return accuracy_of(self.loss)
        return 100.0 * max(0.0, 1.0 - eq / EQUITY_BLUNDER)

    @property
    def equities(self) -> tuple[float, ...] | None:
        """Each option's equity for the actor (the chance to win the Bummerl, averaged over
        the same worlds), in the order of :attr:`judged`; None without the score."""
        if self.score is None:
            return None
        return option_equities(self.judged, self.actor, self.score)

    @property
    def best_by_equity(self) -> ActionEstimate | None:
        """The option with the best equity; None without the score."""
        eqs = self.equities
        return None if eqs is None else best_by_equity(self.judged, eqs)

    def equity_of(self, option: ActionEstimate) -> float | None:
        """One option's equity for the actor; None without the score."""
        if self.score is None:
            return None
        return self.score.mean_equity(option.values, self.actor)

    @property
    def equity_loss(self) -> float | None:
        """The chance to win the Bummerl lost by the action played (0 for the best by
        equity); None without the score."""
        best = self.best_by_equity
        if best is None:
            return None
        b = self.equity_of(best)
        p = self.equity_of(self.played_option)
        assert b is not None and p is not None
        return max(0.0, b - p)

    @property
    def flips(self) -> bool:
        """Whether the best option by equity is not the best by expected game points, each
        better on its measure by more than a rounding difference (0.005 game points, 0.05
        percentage points); False without the score."""
        best = self.best_by_equity
        if best is None or best.action == self.best.action:
            return False
        gb, eb = self.equity_of(self.best), self.equity_of(best)
        assert gb is not None and eb is not None
        return self.best.mean >= best.mean + 0.005 and eb >= gb + 0.0005

    @property
    def value(self) -> float:
        """The expected game points for the actor before choosing."""
        return self.best.mean

    def value_for_a(self, after: bool = True) -> float:
        """The expected game points from A's side, after the move played (or before)."""
        v = self.played_option.mean if after else self.best.mean
        return v if self.actor is Seat.A else -v

    def comment(self) -> str:
        """A short PSN comment: the class, the loss and the best alternative; with the
        score, the Bummerl chance of the move played and, when it differs, the best
        option for the Bummerl."""
        if self.score is None:
            return self._points_comment()
        p = self.played_option
        best = self.best_by_equity
        pe, be = self.equity_of(p), (self.equity_of(best) if best is not None else None)
        assert best is not None and pe is not None and be is not None
        if self.by == "equity" and self.judgement is not Judgement.BEST:
            how = self.how
            eq = self.equity_loss
            assert eq is not None
            return (f"{self.judgement.value}: {p.token} Bummerl {pe:.0%}, best {best.token} "
                    f"{be:.0%}, loss {100 * eq:.1f} pp ({how}); "
                    f"game points {p.mean:+.2f}" + self._clairvoyant_comment())
        tail = f"; Bummerl {pe:.0%}"
        if best.action != p.action and be > pe + 0.005:
            tail += f", best for the Bummerl {best.token} {be:.0%}"
        return self._points_comment() + tail

    @property
    def how(self) -> str:
        """What the decision's numbers rest on: ``exact``, ``100 worlds`` or ``played out
        in 4 worlds``."""
        if self.played_out is not None:
            return f"played out in {counted(len(self.played_out[0].values), 'world')}"
        return "exact" if self.exact else f"{self.worlds} worlds"

    def _points_comment(self) -> str:
        p = self.played_option
        how = self.how
        j = self.judgement if self.by == "points" else Judgement.BEST
        if self.best.action == self.played or j is Judgement.BEST:
            head = f"{p.token} {p.mean:+.2f}"
            if self.best.mean > p.mean + 0.005:
                head += f"; {self.best.token} {self.best.mean:+.2f}"
            text = f"{head} ({how})"
        else:
            text = (f"{j.value}: {p.token} {p.mean:+.2f}, best {self.best.token} "
                    f"{self.best.mean:+.2f}, loss {self.loss:.2f} ({how})")
        return text + self._clairvoyant_comment()

    def _clairvoyant_comment(self) -> str:
        """Beside played-out numbers, the review's search: ``; seeing every card: best AH
        +1.70, C +1.20, loss 0.50 (mistake)``; empty without them."""
        if self.played_out is None:
            return ""
        b, p = self.clairvoyant_best, _option(self.options, self.played)
        loss = self.clairvoyant_loss
        return (f"; clairvoyant: best {b.token} {b.mean:+.2f}, {p.token} {p.mean:+.2f}, "
                f"loss {loss:.2f} ({judge(loss).value})")

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: ``standard`` says what ``best``, ``loss`` and ``class`` are
        of; ``options`` are the review's search, each with its ``standard`` (``plan`` or
        ``clairvoyant``); played out, also ``played_out`` (its worlds and options) and
        ``clairvoyant`` (best, loss and class by ``options``). With the score: each judged
        option's ``equity``, and the decision's ``equity`` object: best by equity, equity
        loss, its class, ``flips``."""
        d: dict[str, Any] = {
            "step": self.step,
            "actor": str(self.actor),
            "played": str(self.played),
            "standard": self.standard,
            "best": self.best.token,
            "loss": round(self.loss, 4),
            "class": self.judgement.value,
            "worlds": self.worlds,
            "exact": self.exact,
            "options": {o.token: {**_option_dict(o), "standard": self.option_standard(o)}
                        for o in self.options},
        }
        if self.played_out is not None:
            seeing = self.clairvoyant_loss
            d["played_out"] = {
                "worlds": len(self.played_out[0].values),
                "options": {o.token: {**_option_dict(o), "standard": PLAYED_OUT}
                            for o in self.played_out}}
            d["clairvoyant"] = {"best": self.clairvoyant_best.token,
                                "loss": round(seeing, 4), "class": judge(seeing).value}
        eqs = self.equities
        best = self.best_by_equity
        loss = self.equity_loss
        if eqs is not None and best is not None and loss is not None:
            judged = d["played_out"]["options"] if self.played_out is not None \
                else d["options"]
            for o, e in zip(self.judged, eqs, strict=True):
                judged[o.token]["equity"] = round(e, 4)
            d["equity"] = {"best": best.token, "loss": round(loss, 4),
                           "class": judge_equity(loss).value, "flips": self.flips}
        return d


def _option(options: Sequence[ActionEstimate], action: Action | None) -> ActionEstimate:
    """The estimate of ``action`` among ``options``; LookupError when it is not there."""
    for o in options:
        if o.action == action:
            return o
    raise LookupError(f"{action} is not among the options")


def _option_dict(o: ActionEstimate) -> dict[str, Any]:
    return {"expected": round(o.mean, 4),
            "ci95": [None if x is None else round(x, 4) for x in o.estimate.ci95],
            "win_chance": round(o.estimate.win_chance, 4)}


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's decisions in the deal, counted by class, and their accuracy."""

    seat: Seat
    decisions: int
    accuracy: float
    average_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {"decisions": self.decisions, "accuracy": round(self.accuracy, 2),
                "average_loss": round(self.average_loss, 4),
                "inaccuracies": self.inaccuracies, "mistakes": self.mistakes,
                "blunders": self.blunders}

    def counts_text(self) -> str:
        """``0 inaccuracies, 1 mistake, 2 blunders``."""
        return (f"{counted(self.inaccuracies, 'inaccuracy', 'inaccuracies')}, "
                f"{counted(self.mistakes, 'mistake')}, {counted(self.blunders, 'blunder')}")


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` with the word in singular or plural: ``1 mistake``, ``2 mistakes``."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one record's main line (``played``: worlds each closing decision's
    choices were played out in, 0 when not)."""

    decisions: tuple[Decision, ...]
    players: tuple[PlayerSummary, PlayerSummary]
    samples: int
    seed: int
    steps: int
    score: BummerlScore | None = None
    by: str = "points"
    played: int = 0

    @property
    def flips(self) -> tuple[Decision, ...]:
        """The decisions whose best option differs between game points and equity."""
        return tuple(d for d in self.decisions if d.flips)

    def decision_at(self, step: int) -> Decision | None:
        """The decision taken at the position after ``step`` actions, if it was one."""
        for d in self.decisions:
            if d.step == step:
                return d
        return None

    def evaluation(self) -> list[tuple[int, float]]:
        """``(step, expected game points for A)`` after each reviewed move: a graph's data."""
        return [(d.step + 1, d.value_for_a()) for d in self.decisions]

    def summary(self) -> str:
        """One line a player: accuracy and counts."""
        return "; ".join(f"{p.seat}: accuracy {p.accuracy:.0f}% over "
                         f"{counted(p.decisions, 'decision')}, {p.counts_text()}"
                         for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (``by`` and ``bummerl``, the score, only when the record's
        counters are known or the classes are by equity; ``played`` only when the closing
        decisions were played out)."""
        d: dict[str, Any] = {
            "samples": self.samples,
            "seed": self.seed,
            **({"played": self.played} if self.played else {}),
            "players": {str(p.seat): p.to_dict() for p in self.players},
            "decisions": [d.to_dict() for d in self.decisions],
        }
        if self.score is not None:
            d["by"] = self.by
            d["bummerl"] = self.score.to_dict()
        return d


def decision_points(record: Record) -> list[tuple[int, Seat, list[Action | None]]]:
    """The record's decisions: ``(step, actor, options)`` where there was a choice.

    ``None`` among the options stands for declining a claim.
    """
    positions = record.positions()
    out: list[tuple[int, Seat, list[Action | None]]] = []
    for step, move in enumerate(record.moves):
        pos = positions[step]
        a = move.action
        options: list[Action | None]
        if pos.outcome is not None:  # a claim after the last trick (E2 a)
            actor = Seat(pos.claim_by)
            options = [CLAIM, None]
        elif pos.lead >= 0 and a.kind is ActionKind.CLAIM:  # a claim after a marriage lead
            actor = Seat(pos.leader)
            options = [CLAIM, None]
        else:
            to_move = pos.to_move
            assert to_move is not None
            actor = to_move
            legal = pos.legal_actions()
            if pos.lead >= 0:
                legal = [b for b in legal if b.kind is not ActionKind.CLAIM]
            options = list(legal)
        if len(options) > 1:
            out.append((step, actor, options))
    return out


def review_decision(positions: Sequence[Position], step: int, played: Action,
                    actor: Seat, options: Sequence[Action | None], samples: int,
                    rng: random.Random, play_out_worlds: int = 0,
                    budget: int = ADVICE_BUDGET) -> Decision:
    """Review one decision at ``positions[step]`` (``positions`` up to it at least); at
    a closing decision with ``play_out_worlds``, also play its choices out in that many
    worlds (the module docs: like with like). ``budget`` bounds its plan search as the
    advisor's (:data:`~schnapsen_lab.advisor.ADVICE_BUDGET`, the whole decision at most
    :func:`~schnapsen_lab.advisor.plan_cap` of it; 0: no bound)."""
    pos = positions[step]
    absent = inferred_absent(positions[:step + 1], actor)
    h = hidden_cards(pos, actor, absent)
    planned = _closed_game_options(pos, h, actor, options, budget)
    if planned is not None:
        ranked, searched = planned
        return Decision(step, actor, played, ranked, len(ranked[0].values), searched,
                        by_plan=tuple(o.action for o in ranked))
    closed = pos.closed_by >= 0 or pos.exhausted
    exact = world_count(h, ordered_talon=not closed) <= samples
    worlds = sample_worlds_hidden(pos, h, samples, rng, exhaustive=True)
    est = estimate_actions(worlds, actor, options, exact=exact)
    if CLOSE not in options:
        return Decision(step, actor, played, est, len(worlds), exact)
    est = _with_closing_plan(pos, h, actor, est, budget)
    po = None
    if play_out_worlds > 0:  # drawn after the sampling: the search's numbers stay
        po = _played_out_options(pos, h, played, est, play_out_worlds,
                                 rng.randrange(1 << 32))
    return Decision(step, actor, played, est, len(worlds), exact, played_out=po,
                    by_plan=(CLOSE,))


def _played_out_options(pos: Position, h: HiddenCards, played: Action,
                        est: Sequence[ActionEstimate], worlds: int, seed: int
                        ) -> tuple[ActionEstimate, ...]:
    """At a closing decision: closing, the best other choice of ``est`` (playing on, as
    the advisor chooses it) and ``played``, each played out by strong players in the same
    ``worlds`` worlds (:func:`~schnapsen_lab.played_out.play_out_choices`), best first."""
    play_on = next(e.action for e in est if e.action is not CLOSE and e.action is not None)
    choices = list(dict.fromkeys((CLOSE, play_on, played)))
    values = play_out_choices(pos, choices, worlds, seed, hidden=h)
    out = [ActionEstimate(a, estimate(v), v) for a, v in zip(choices, values, strict=True)]
    out.sort(key=lambda e: -e.mean)
    return tuple(out)


def _closed_game_options(pos: Position, h: HiddenCards, actor: Seat,
                         options: Sequence[Action | None], budget: int
                         ) -> tuple[tuple[ActionEstimate, ...], bool] | None:
    """In the closed game, each option valued by the best plan starting with it, over
    every opponent hand, and whether the search went to the end (None where this does
    not apply: a claim to decide)."""
    from .solver.plan import closed_plan

    if pos.closed_by < 0 or pos.outcome is not None or pos.to_move != actor:
        return None
    if any(a is None or a.kind is ActionKind.CLAIM for a in options):
        return None
    hands = list(opponent_hands(h))
    if not hands:
        return None
    plan = closed_plan(pos, actor, hands, depth=1, every_action=True, budget=budget,
                       cap=plan_cap(budget))
    values = dict(plan.action_values)
    if not all(a in values for a in options):
        return None
    out = [ActionEstimate(a, estimate(list(values[a]), exact=True), values[a])
           for a in options if a is not None]
    out.sort(key=lambda e: -e.mean)
    return tuple(out), plan.exact


def _with_closing_plan(pos: Position, h: HiddenCards, actor: Seat,
                       est: tuple[ActionEstimate, ...], budget: int
                       ) -> tuple[ActionEstimate, ...]:
    """``est`` with closing valued by its best plan over every opponent hand (exact, unless
    the search stops at the work budget: then the best plan found)."""
    from .solver.plan import closed_plan

    hands = list(opponent_hands(h))
    plan = closed_plan(pos.play(CLOSE), actor, hands, depth=1, budget=budget,
                       cap=plan_cap(budget))
    close = ActionEstimate(CLOSE, estimate(list(plan.achieved), exact=True), plan.achieved)
    out = [close if e.action is CLOSE else e for e in est]
    out.sort(key=lambda e: -e.mean)
    return tuple(out)


def _summary(seat: Seat, decisions: Sequence[Decision]) -> PlayerSummary:
    mine = [d for d in decisions if d.actor is seat]
    n = len(mine)
    acc = sum(d.accuracy for d in mine) / n if n else 100.0
    loss = sum(d.loss for d in mine) / n if n else 0.0
    count = {j: sum(1 for d in mine if d.judgement is j) for j in Judgement}
    return PlayerSummary(seat, n, acc, loss, count[Judgement.INACCURACY],
                         count[Judgement.MISTAKE], count[Judgement.BLUNDER])


def review_record(record: Record, samples: int = DEFAULT_SAMPLES, seed: int = 0, *,
                  steps: Collection[int] | None = None, progress: bool = False,
                  on_decision: Callable[[Decision], None] | None = None,
                  by: str = "points", played: int = 0,
                  budget: int = ADVICE_BUDGET) -> Review:
    """Review every decision of ``record``'s main line (or those at ``steps`` only).

    ``progress`` shows a tqdm bar. With the record's Score tag every option also gets its
    equity (:mod:`schnapsen_lab.bummerl`); ``by="equity"`` classes the decisions by the
    equity loss. ``played``: at each closing decision, play closing, playing on and the
    choice made out with strong players in that many worlds and judge the decision by
    them (like with like, as ``advise(..., played=N)``; 0: not). ``budget`` bounds each
    decision's plan search as ``advise``'s does (the same work; 0: no bound). Raise
    ValueError when the record breaks a rule or has no deck, for ``by="equity"`` without
    a Score tag, or for ``played`` or ``budget`` below 0.
    """
    if not record.main_line_ok or record.deck is None:
        first = record.errors[0] if record.errors else "no valid Deck"
        raise ValueError(f"the record cannot be reviewed: {first}")
    if samples < 1:
        raise ValueError("samples must be at least 1")
    if by not in MEASURES:
        raise ValueError(f"by {by!r}: give one of {', '.join(MEASURES)}")
    if played < 0:
        raise ValueError("played must be 0 or more")
    if budget < 0:
        raise ValueError("budget must be 0 or more")
    score = score_of(record)
    if by == "equity" and score is None:
        why = ("it has no Score tag (the counters before the deal)"
               if "Score" not in record.tags else
               "its Score tag gives no counters of an undecided Bummerl with an equity "
               "table for its rules")
        raise ValueError(f"the review by equity needs the Bummerl's counters: {why}")
    positions = record.positions()
    points = decision_points(record)
    if steps is not None:
        points = [p for p in points if p[0] in steps]
    it: Any = points
    if progress:
        from tqdm.auto import tqdm

        from .terminal import progress_stream

        it = tqdm(points, desc="review", unit="decision", file=progress_stream())
    decisions = []
    for step, actor, options in it:
        rng = random.Random(f"{seed}:{step}")
        d = review_decision(positions, step, record.moves[step].action, actor, options,
                            samples, rng, played, budget)
        if score is not None:
            d = replace(d, score=score, by=by)
        decisions.append(d)
        if on_decision is not None:
            on_decision(d)
    ds = tuple(decisions)
    return Review(ds, (_summary(Seat.A, ds), _summary(Seat.B, ds)), samples, seed,
                  len(record.moves), score, by, played)


def annotate(record: Record, review: Review) -> Record:
    """A copy of ``record`` with the review as NAGs, comments and best-move variations.

    Each reviewed move gets a comment with its value; an inaccuracy, mistake or blunder
    also gets its glyph (replacing any ``?``, ``??``, ``?!`` already there) and a variation
    with the best action. The deal's first comment sums up both players.
    """
    copy = psn.loads(psn.dumps([record]))[0]
    copy.index = record.index
    copy.file = record.file
    moves = copy.moves
    positions = copy.positions()
    by = (f", classes by the chance to win the Bummerl at {review.score.text}"
          if review.score is not None and review.by == "equity" else "")
    if review.played:
        by += (", closing decisions played out by strong players in "
               f"{counted(review.played, 'world')}")
    head = (f"Review ({review.samples} worlds a decision, seed {review.seed}{by}): "
            f"{review.summary()}")
    copy.main.comments.append(head)
    for d in review.decisions:
        mv = moves[d.step]
        j = d.judgement
        mv.comments.append(d.comment())
        if j is Judgement.BEST:
            continue
        mv.nags[:] = [n for n in mv.nags if n not in _REVIEW_NAGS]
        nag = j.nag
        assert nag is not None
        mv.nags.append(nag)
        opt = d.best
        note = f"best, {d.best.mean:+.2f}"
        by_equity = d.best_by_equity if d.by == "equity" else None
        if by_equity is not None:
            opt = by_equity
            note = f"best for the Bummerl, {d.equity_of(opt):.0%}"
        best = opt.action
        if best is not None and best != d.played:
            prev = moves[d.step - 1].action if d.step > 0 else None
            number = psn.trick_number(positions[d.step], best, prev)
            alt = Move(best, number=number, comments=[note])
            mv.variations.append(Line([alt]))
    return copy
