"""The strong player playing for the Bummerl rather than for game points.

:class:`BummerlStrongPlayer` is the strong player (:mod:`schnapsen_lab.players.strong`)
told the counters before each deal (``new_deal``, which
:func:`schnapsen_lab.simulate.play_bummerl` calls): it samples and solves the same worlds,
but takes the action with the highest *equity*, the mean over the worlds of its chance to
win the Bummerl after the deal (:mod:`schnapsen_lab.bummerl`, through the equity table of
the deal's rules profile). At 1 : 6 a safe single game point then beats a risky three;
at 6 : 1 only a win keeps the Bummerl alive. Between equal equities it takes more
expected game points, then the surer win, then rather not closing. Closing is judged as
the strong player judges it, by the best plan the closer can follow over every opponent
hand (:mod:`schnapsen_lab.solver.plan`), its per-hand results mapped to equity; the
closed game is played by that plan (after closing the stakes are fixed, so the plan that
wins the most hands is also the best for the Bummerl). ``plan=False`` judges closing by
the sampled worlds instead (the first version, kept for comparisons). Without the
counters (or without a table for the profile) it plays exactly as the strong player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..bummerl import BummerlScore
from ..equity import EquityTable
from ..equity import table as equity_table
from ..games.twohand.knowledge import View
from ..games.twohand.rules import CLOSE, Action, Position, Seat
from ..scope import analysis_refusal
from ..worlds import (
    ActionEstimate,
    HiddenCards,
    estimate,
)
from .registry import register
from .strong import DEFAULT_SAMPLES, StrongPlayer

__all__ = ["BummerlStrongPlayer", "ExpertPlayer"]

EQUITY_MARGIN = 0.02
"""Closing is searched for a plan only when, over the sampled worlds, its double-dummy
equity comes within this much (2 percentage points, about the strong player's quarter of
a game point at the start of a Bummerl) of the best other action's."""


def _by_chance(score: BummerlScore, me: Seat
               ) -> Callable[[ActionEstimate], tuple[float, float, float, bool]]:
    """The sort key that puts the options best first by ``me``'s chance to win the
    Bummerl, then by game points, then by the share of worlds won, then not closing."""
    def key(e: ActionEstimate) -> tuple[float, float, float, bool]:
        return (-round(score.mean_equity(e.values, me), 12), -round(e.mean, 12),
                -e.estimate.win_chance, e.action is CLOSE)
    return key


class BummerlStrongPlayer(StrongPlayer):
    """The strong player choosing by the chance to win the Bummerl when it knows the
    counters; see the module docs. ``table`` fixes the equity table (default: the
    shipped one of each deal's rules profile); the other settings are the strong
    player's."""

    name = "strong-bummerl"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seed: int | None = None,
                 table: EquityTable | None = None, *, plan: bool = True,
                 second_look: int = 0, look_nodes: int = 0, infer: bool = False,
                 close_share: int = 0, lead_weight: int = 100,
                 answer_weight: int = 100, margin_weight: int = 100,
                 reply_worlds: int = 0, lead_worlds: int = 0,
                 playout_talon: int = 0, playout_answers: bool = True,
                 paired_playouts: bool = False, last_closing: bool = False,
                 free_closing: int = 0) -> None:
        super().__init__(samples, seed, plan=plan, second_look=second_look,
                         look_nodes=look_nodes, infer=infer, close_share=close_share,
                         lead_weight=lead_weight, answer_weight=answer_weight,
                         margin_weight=margin_weight, reply_worlds=reply_worlds,
                         lead_worlds=lead_worlds, playout_talon=playout_talon,
                         playout_answers=playout_answers,
                         paired_playouts=paired_playouts, last_closing=last_closing,
                         free_closing=free_closing)
        self.table = table
        self.counters: tuple[int, int] | None = None
        self.dealer: Seat | None = None

    def __repr__(self) -> str:
        return f"BummerlStrongPlayer(samples={self.samples}, plan={self.plan})"

    def new_deal(self, counters: tuple[int, int], dealer: Seat | int) -> None:
        """Be told A's and B's counters before the next deal, and who deals it."""
        self.counters = (int(counters[0]), int(counters[1]))
        self.dealer = Seat(int(dealer))

    def score(self, view: View) -> BummerlScore | None:
        """The Bummerl score this deal is played at, or None when not known (no counters,
        no equity table for the profile, or counters outside the table)."""
        if self.counters is None or self.dealer is None:
            return None
        t = self.table
        if t is None:
            try:
                t = equity_table(view.profile.name)
            except KeyError:
                return None
        if not all(1 <= c <= t.start for c in self.counters):
            return None
        return BummerlScore(self.counters, self.dealer, t)

    def _choose(self, view: View, pos: Position, h: HiddenCards,
                ranked: list[ActionEstimate]) -> Action:
        """By equity when the score is known (closing judged by its plan in equity),
        else as the strong player. The closed game is the strong player's: after closing
        the stakes are fixed (C2, C3), so the plan that wins the most worlds also has the
        best equity."""
        score = self.score(view)
        if score is None:
            return super()._choose(view, pos, h, ranked)
        me = view.viewer
        self._by_equity = True
        if self.plan and self.closing != "pimc" and any(e.action is CLOSE for e in ranked):
            return self._judge_closing_for_the_bummerl(pos, h, ranked, score, me)
        self._ranked = sorted(ranked, key=_by_chance(score, me))
        best = self._ranked[0]
        assert best.action is not None
        return best.action

    def _order(self, view: View, judged: list[ActionEstimate]) -> list[ActionEstimate]:
        """By equity when the score is known (``reply_worlds``, ``lead_worlds``: the cards
        valued with the opponent's next choice guessed), else as the strong player."""
        score = self.score(view)
        if score is None:
            return super()._order(view, judged)
        me = view.viewer
        self._by_equity = True
        return sorted(judged, key=_by_chance(score, me))

    def _judge_closing_for_the_bummerl(self, pos: Position, h: HiddenCards,
                                       ranked: Sequence[ActionEstimate],
                                       score: BummerlScore, me: Seat) -> Action:
        """Close or play on as the strong player judges it (closing valued by its best
        plan over every opponent hand, the other actions over sampled worlds), but in
        equity: close only when the plan's equity beats the best other action's beyond its
        sampling error (the upper end of its 95 % interval with ``closing="ci"``, its mean
        with ``"mean"``), and only a plan that wins ``close_share`` of the hands (see
        :class:`~schnapsen_lab.players.strong.StrongPlayer`)."""
        from ..solver.plan import closed_plan

        others = sorted((e for e in ranked if e.action is not CLOSE),
                        key=_by_chance(score, me))
        sampled = next(e for e in ranked if e.action is CLOSE)
        if not others:
            return CLOSE
        best = others[0]
        self._ranked = [*others, sampled]
        if (score.mean_equity(sampled.values, me)
                < score.mean_equity(best.values, me) - EQUITY_MARGIN):
            assert best.action is not None
            return best.action  # even seeing every card closing would not pay
        hands, every = self.plan_against(h)
        plan = closed_plan(pos.play(CLOSE), int(h.viewer), hands, depth=1, budget=self.budget)
        close = score.mean_equity(plan.achieved, me) if plan.achieved else 0.0
        other = estimate([score.equity(v, me) for v in best.values],
                         exact=best.estimate.exact)
        bar = other.high if self.closing == "ci" else other.mean
        valued = ActionEstimate(CLOSE, estimate(list(plan.achieved), exact=every),
                                plan.achieved)
        if plan.achieved:
            self._weighed = (valued.mean, valued.estimate.win_chance)
        self._ranked = [*others, valued]
        if close > bar + 1e-12 and self.sure_to_close(pos, plan.achieved):
            if self._weighed is not None:
                self.closings.append(self._weighed)
            self._ranked = [valued, *others]
            return CLOSE
        assert best.action is not None
        return best.action


class ExpertPlayer(BummerlStrongPlayer):
    """The best player of the runs measured: the Bummerl-aware strong player with 60
    worlds a decision and 200 more for a close call (as many as 4,000,000 search nodes
    allow), the opponent's lead read (``infer``, ``lead_weight=50``), closing only on a
    plan that wins at least 80 % of his hands but at the last two chances to close, with
    4 or 2 cards in the talon, whenever the plan beats playing on (``free_closing=4``,
    ``last_closing``), its leads with 8 or fewer cards in the talon judged with his
    answer chosen over 6 worlds of his own view, and its leads and answers with 4 or 6
    cards in the talon judged by playouts in which every later choice while the talon is
    open, his and its own, is made from the chooser's view (``playout_talon=6``), the
    cards of one world played out with the same random draws (``paired_playouts``).
    Against the public MCTS bot it is about even: 225 of 420 Bummerls over every run at
    these settings (53.6 %, 95 % interval 48.8-58.3 %; docs/review.md). About 0.55 s of
    one core a decision on average, a few seconds at most."""

    name = "expert"

    def __init__(self, seed: int | None = None, table: EquityTable | None = None) -> None:
        super().__init__(60, seed, table, second_look=200, look_nodes=4_000_000,
                         infer=True, close_share=80, lead_weight=50, reply_worlds=6,
                         playout_talon=6, paired_playouts=True, last_closing=True,
                         free_closing=4)

    def __repr__(self) -> str:
        return "ExpertPlayer()"


register("strong-bummerl", BummerlStrongPlayer, refuse=analysis_refusal)
register("expert", ExpertPlayer, refuse=analysis_refusal)
