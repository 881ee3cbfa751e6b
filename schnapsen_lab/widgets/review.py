"""A reviewed deal in the replay widget, with an evaluation graph (matplotlib).

::

    from schnapsen_lab.widgets.review import ReviewWidget, evaluation_figure
    ReviewWidget(record, samples=40)            # reviews the deal, then shows it
    evaluation_figure(review)                   # the graph alone (a matplotlib Figure)

The replay shows the annotated record (:func:`schnapsen_lab.review.annotate`): each
reviewed move carries its class glyph and a comment with the best alternative. Beside it
a list of the decisions (picking one steps the replay there) and the graph: the expected
game points for A after each decision, judged from the player who made it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W

from ..psn import Record
from ..review import DEFAULT_SAMPLES, Judgement, Review, annotate, review_record
from .replay import ReplayWidget

__all__ = ["CLASS_COLORS", "ReviewWidget", "evaluation_figure", "figure_png"]

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
        ax.step(xs, after, where="post", color="#333", linewidth=1.2, label="after the move")
        ax.plot(xs, before, linestyle=":", color="#777", linewidth=1, label="best option")
        for j in Judgement:
            pts = [(x, y) for x, y, d in zip(xs, after, ds, strict=True) if d.judgement is j]
            if pts:
                ax.scatter([p[0] for p in pts], [p[1] for p in pts], color=CLASS_COLORS[j],
                           s=28 if j is Judgement.BEST else 48, zorder=3,
                           label=j.value if j is not Judgement.BEST else None)
        ax.legend(loc="best", fontsize=7, frameon=False)
    ax.set_ylim(-3.3, 3.3)
    ax.set_xlim(0, max(review.steps, 1) + 1)
    ax.set_xlabel("step")
    ax.set_ylabel(f"game points for {names[0]}")
    ax.set_title(f"Review: {names[0]} (A) vs {names[1]} (B)", fontsize=9)
    return fig


def figure_png(fig: Any, dpi: int = 100) -> bytes:
    """A matplotlib figure as PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def _decision_label(review: Review, i: int, names: Sequence[str]) -> str:
    d = review.decisions[i]
    glyph = d.judgement.glyph
    best = "" if d.judgement is Judgement.BEST else f"  (best {d.best.token}, -{d.loss:.2f})"
    return f"{d.step + 1:>2}. {names[d.actor]}: {d.played}{glyph} {d.played_option.mean:+.2f}{best}"


class ReviewWidget(W.VBox):  # type: ignore[misc]
    """The replay of a reviewed deal, its decisions list and the evaluation graph.

    Give a ``review`` made earlier, or let the widget review the record with ``samples``
    worlds a decision and ``seed``.
    """

    def __init__(self, record: Record, review: Review | None = None, *,
                 samples: int = DEFAULT_SAMPLES, seed: int = 0, progress: bool = True) -> None:
        if review is None:
            review = review_record(record, samples=samples, seed=seed, progress=progress)
        self.review = review
        self.annotated = annotate(record, review)
        names = record.player_names
        self.replay = ReplayWidget(self.annotated)
        self.summary = W.HTML(self._summary_html(names))
        self.summary.add_class("sl-review-summary")
        options = [(_decision_label(review, i, names), review.decisions[i].step + 1)
                   for i in range(len(review.decisions))]
        self.decisions = W.Select(options=options or [("no decisions", 0)], rows=10,
                                  layout=W.Layout(width="320px"))
        self.decisions.index = None
        self.decisions.add_class("sl-review-decisions")
        self.decisions.observe(self._on_pick, names="value")
        self.figure = evaluation_figure(review, names)
        self.graph = W.Image(value=figure_png(self.figure), format="png")
        self.graph.add_class("sl-review-graph")
        super().__init__([self.summary, W.HBox([self.decisions, self.graph]), self.replay])
        self.add_class("sl-review")

    def _summary_html(self, names: Sequence[str]) -> str:
        rows = []
        for p in self.review.players:
            rows.append(f"<tr><td>{escape(names[p.seat])} ({p.seat})</td>"
                        f"<td>{p.accuracy:.0f}%</td><td>{p.decisions}</td>"
                        f"<td>{p.inaccuracies}</td><td>{p.mistakes}</td><td>{p.blunders}</td>"
                        f"<td>{p.average_loss:.2f}</td></tr>")
        return ('<table style="font:13px sans-serif;border-collapse:collapse">'
                "<tr><th></th><th>accuracy</th><th>decisions</th><th>?!</th><th>?</th>"
                "<th>??</th><th>average loss</th></tr>" + "".join(rows) + "</table>"
                f'<div style="font:12px sans-serif;color:#666">{self.review.samples} worlds a '
                f"decision, seed {self.review.seed}</div>")

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.replay.go(int(change["new"]))

    def show_step(self, step: int) -> None:
        """Step the replay to ``step``."""
        self.replay.go(step)
