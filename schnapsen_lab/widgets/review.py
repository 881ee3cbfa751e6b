"""A reviewed deal in the replay widget, with an evaluation graph (matplotlib).

::

    from schnapsen_lab.widgets.review import ReviewWidget, evaluation_figure
    ReviewWidget(record, samples=40)            # reviews the deal, then shows it
    evaluation_figure(review)                   # the graph alone (a matplotlib Figure)

The replay shows the annotated record (:func:`schnapsen_lab.review.annotate`): each
reviewed move carries its class glyph and a comment with the best alternative. Beside it
a list of the decisions (picking one steps the replay there) and the graph: the expected
game points for A after each decision, judged from the player who made it. The list and
the graph have fixed widths that fit a laptop's output area (they wrap when it is
narrower). Every text shown is a format string in :data:`TEXT`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W

from ..i18n import localized, resolve
from ..notation import action_text, seat_label
from ..numbers import format_numbers
from ..psn import Record
from ..review import DEFAULT_SAMPLES, Judgement, Review, annotate, review_record
from ..scope import analysis_refusal
from .replay import ReplayWidget
from .reviewtexts import PLURALS, TEXT, summary_html

__all__ = ["CLASS_COLORS", "GRAPH_WIDTH", "PLURALS", "TEXT", "ReviewWidget", "evaluation_figure",
           "figure_png"]


_DECISION = "{step:>2}. {who}: {played}{glyph} {value:+.2f}"

GRAPH_WIDTH = 560
"""The width (px) of the evaluation graph in the widget."""

CLASS_COLORS = {Judgement.BEST: "#2e7d4f", Judgement.INACCURACY: "#e0b000",
                Judgement.MISTAKE: "#f07800", Judgement.BLUNDER: "#c8102e"}
"""The colour of each class in the graph and the decision list."""


def evaluation_figure(review: Review, names: Sequence[str] = ("A", "B"),
                      width: float = 7.0, height: float = 2.6) -> Any:
    """The evaluation graph: expected game points for A after each reviewed move
    (marked by class), and before it (the best option's value), over the deal's steps."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    ax = fig.add_subplot()
    names = [n.replace("$", r"\$") for n in names]  # a name is text, never mathtext
    ds = review.decisions
    xs = [d.step + 1 for d in ds]
    after = [d.value_for_a() for d in ds]
    before = [d.value_for_a(after=False) for d in ds]
    ax.axhline(0, color="#999", linewidth=0.8)
    if ds:
        ax.step(xs, after, where="post", color="#333", linewidth=1.2, label=TEXT["plot.after"])
        ax.plot(xs, before, linestyle=":", color="#777", linewidth=1, label=TEXT["plot.best"])
        for j in Judgement:
            pts = [(x, y) for x, y, d in zip(xs, after, ds, strict=True) if d.judgement is j]
            if pts:
                ax.scatter([p[0] for p in pts], [p[1] for p in pts], color=CLASS_COLORS[j],
                           s=28 if j is Judgement.BEST else 48, zorder=3,
                           label=TEXT[f"class.{j.value}"] if j is not Judgement.BEST else None)
        ax.legend(loc="best", fontsize=7, frameon=False)
    ax.set_ylim(-3.3, 3.3)
    ax.set_xlim(0, max(review.steps, 1) + 1)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # steps are whole numbers
    ax.set_xlabel(TEXT["plot.step"])
    ax.set_ylabel(TEXT["plot.value"].format(who=names[0]))
    ax.set_title(TEXT["plot.title"].format(a=names[0], b=names[1]), fontsize=9)
    return fig


def figure_png(fig: Any, dpi: int = 100) -> bytes:
    """A matplotlib figure as PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def _decision_label(review: Review, i: int, names: Sequence[str]) -> str:
    """``12. Anna (A): 10♥? -0.40  loss 1.00 — best A♦`` (the loss only for a worse move);
    with the record's counters the chance to win the Bummerl after the move, and a mark
    when the best move for the Bummerl is another."""
    d = review.decisions[i]
    text = format_numbers(_DECISION, step=d.step + 1, who=seat_label(names, d.actor),
                          played=action_text(d.played), glyph=d.judgement.glyph,
                          value=d.played_option.mean)
    by_equity = d.best_by_equity if d.by == "equity" else None
    if d.judgement is not Judgement.BEST:
        if by_equity is not None:
            text += format_numbers(TEXT["decision.equity_loss"], loss=d.equity_loss,
                                   best=action_text(by_equity.action))
        else:
            text += format_numbers(TEXT["decision.loss"], loss=d.loss,
                                   best=action_text(d.best.action))
    equity = d.equity_of(d.played_option)
    if equity is not None:  # the record's Score tag gives the counters
        text += format_numbers(TEXT["decision.equity"], equity=equity)
    flip = d.best_by_equity
    if d.flips and flip is not None:
        text += TEXT["decision.flip"].format(best=action_text(flip.action))
    if d.played_out is not None:  # judged like with like: the clairvoyant loss beside
        text += format_numbers(TEXT["decision.played_out"], loss=d.clairvoyant_loss,
                               best=action_text(d.clairvoyant_best.action))
    return text


@localized
class ReviewWidget(W.VBox):  # type: ignore[misc]
    """The replay of a reviewed deal, its decisions list and the evaluation graph.

    Give a ``review`` made earlier, or let the widget review the record with ``samples``
    worlds a decision and ``seed``; with ``played`` each closing decision is judged by
    playing its choices out with strong players in that many worlds (like with like,
    :func:`~schnapsen_lab.review.review_record`; marked ▸, the loss seeing every card
    beside it). ``lang`` is the language it speaks (None: the one set
    with :func:`schnapsen_lab.set_language`); the comments the review writes into the
    record (:func:`~schnapsen_lab.review.annotate`) are the record's, in English.
    """

    def __new__(cls, record: Record, *args: Any, **kwargs: Any) -> Any:
        """A four-player record gets its own review widget (widgets/bauern_review.py);
        ValueError when it is asked to play closing decisions out (it has none)."""
        if record.game.has_part("review"):  # a game with its own review (four players)
            from .bauern_review import BauernReviewWidget

            if kwargs.pop("played", 0):
                raise ValueError(f"a {record.game.title} record's review has no "
                                 "played-out standard (played=0)")

            return BauernReviewWidget(record, *args, **kwargs)
        return super().__new__(cls, record, *args, **kwargs)

    def __init__(self, record: Record, review: Review | None = None, *,
                 samples: int = DEFAULT_SAMPLES, seed: int = 0, progress: bool = True,
                 played: int = 0, lang: str | None = None) -> None:
        self.lang = resolve(lang)
        refused = analysis_refusal(record.profile, "the review")
        if refused is not None:
            raise ValueError(refused)
        if review is None:
            review = review_record(record, samples=samples, seed=seed, progress=progress,
                                   played=played)
        self.review = review
        self.annotated = annotate(record, review)
        names = record.player_names
        self.replay = ReplayWidget(self.annotated, lang=self.lang)
        self.summary = W.HTML(self._summary_html(names))
        self.summary.add_class("sl-review-summary")
        options = [(_decision_label(review, i, names), review.decisions[i].step + 1)
                   for i in range(len(review.decisions))]
        self.decisions = W.Select(options=options or [(TEXT["no_decisions"], 0)], rows=10,
                                  layout=W.Layout(width="340px", flex="0 0 auto"))
        self.decisions.index = None
        self.decisions.add_class("sl-review-decisions")
        self.decisions.observe(self._on_pick, names="value")
        self.figure = evaluation_figure(review, names, width=GRAPH_WIDTH / 100,
                                        height=2.4)
        self.graph = W.Image(value=figure_png(self.figure), format="png",
                             layout=W.Layout(width=f"{GRAPH_WIDTH}px", max_width="100%",
                                             height="auto", flex="0 1 auto"))
        self.graph.add_class("sl-review-graph")
        top = W.HBox([self.decisions, self.graph],
                     layout=W.Layout(flex_flow="row wrap", grid_gap="12px"))
        super().__init__([self.summary, top, self.replay])
        self.add_class("sl-review")

    def _summary_html(self, names: Sequence[str]) -> str:
        return summary_html(((escape(seat_label(names, p.seat)), p.accuracy, p.decisions,
                              p.inaccuracies, p.mistakes, p.blunders, p.average_loss)
                             for p in self.review.players),
                            self.review.samples, self.review.seed, self.review.played)

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.replay.go(int(change["new"]))

    def show_step(self, step: int) -> None:
        """Step the replay to ``step``."""
        self.replay.go(step)
