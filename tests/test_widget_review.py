"""The review widget, headless: the decision list in words, the graph's steps and size."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib")

from schnapsen_lab.notation import action_text
from schnapsen_lab.review import Judgement, review_record
from schnapsen_lab.widgets.review import GRAPH_WIDTH, ReviewWidget, evaluation_figure

from .test_review import _record_with_a_blunder


def test_the_decision_list_gives_the_loss_and_the_best_move() -> None:
    rec, step, _ = _record_with_a_blunder(5)
    rec.tags["PlayerA"] = rec.tags["PlayerB"] = "bot"
    review = review_record(rec, samples=2, seed=0, steps=range(step, 100))
    w = ReviewWidget(rec, review)
    labels = [label for label, _ in w.decisions.options]
    blunder = next(d for d in review.decisions if d.step == step)
    assert blunder.judgement is Judgement.BLUNDER
    label = labels[review.decisions.index(blunder)]
    best = action_text(blunder.best.action)
    # "loss 2.00 — best A♦": a loss, then the better move in the cards' notation
    assert f"loss {blunder.loss:.2f} — best {best}" in label, label
    assert "(best" not in label and not re.search(r"\b[AKQJT][CDHS]\b", label)
    assert f"bot ({blunder.actor.name})" in label  # two players of one name stay apart
    for d, text in zip(review.decisions, labels, strict=True):
        assert ("loss" in text) == (d.judgement is not Judgement.BEST)


def test_the_graph_has_whole_steps_and_fits_the_output() -> None:
    rec, step, _ = _record_with_a_blunder(5)
    review = review_record(rec, samples=2, seed=0, steps=range(step, 100))
    fig = evaluation_figure(review, rec.player_names)
    ax = fig.axes[0]
    ax.set_xlim(0, 2.5)  # a short deal: matplotlib would tick at 0.5 steps
    fig.canvas.draw()
    ticks = ax.get_xticks()
    assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks)
    w = ReviewWidget(rec, review)
    assert w.graph.layout.width == f"{GRAPH_WIDTH}px" and w.graph.layout.max_width == "100%"
    width_px = w.figure.get_size_inches()[0] * 100
    assert width_px == pytest.approx(GRAPH_WIDTH)
