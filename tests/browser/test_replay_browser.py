"""The replay notebook in a real JupyterLab: run it, press forward, read the scores.

Opens ``notebooks/01-replay.ipynb`` (with ``records/study`` beside it, as in the
repository), runs all cells, and drives the first replay widget (the closing that wins
3): the forward button, the move list and the view selector change what is shown, and
the scores shown are the replay model's. Keeps a screenshot in ``tests/artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.replay import Replay

from .conftest import REPO_ROOT
from .lab import Lab

NOTEBOOK = "notebooks/01-replay.ipynb"
DEAL = REPO_ROOT / "records" / "study" / "closing-wins-3.psn"


@pytest.mark.lab_files((NOTEBOOK, NOTEBOOK), ("records/study", "records/study"))
def test_replay_widget_forward_shows_the_models_scores(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    rp = Replay(next(psn.read(DEAL)))
    notebook = lab.open_notebook(page, NOTEBOOK)
    lab.run_all(page)

    widget = notebook.locator(".sl-replay").first
    expect(widget).to_be_visible()
    step_number = widget.locator(".sl-step-number")
    score_a = widget.locator(".sl-score-A")
    score_b = widget.locator(".sl-score-B")
    expect(step_number).to_have_text("0")  # the notebook leaves it at the start
    expect(score_a).to_have_text("0")
    expect(score_b).to_have_text("0")

    forward = widget.locator("button.sl-forward")
    first_change = next(i for i in range(len(rp)) if rp[i].scores != rp[0].scores)
    for step in range(1, first_change + 1):
        forward.click()
        expect(step_number).to_have_text(str(step))
        a, b = rp[step].scores
        expect(score_a).to_have_text(str(a))
        expect(score_b).to_have_text(str(b))
    assert rp[first_change].scores != (0, 0)
    widget.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "after-forward")

    # a click in the move list jumps there
    last = rp.last
    widget.locator(".sl-moves select").select_option(value=None, index=last)
    expect(step_number).to_have_text(str(last))
    expect(score_a).to_have_text(str(rp[last].scores[0]))
    expect(widget.locator(".sl-result")).to_contain_text("3 game points")

    # Bert's view: Anna's hand face down, the counting panel for Bert
    widget.locator(".sl-view button", has_text="Bert's view").click()
    expect(widget.locator(".sl-counting")).to_contain_text(re.compile(r"Facts for Bert"))
    widget.locator("button.sl-first").click()
    expect(step_number).to_have_text("0")
    expect(widget.locator(".sl-hand-A.sl-hidden .sl-face-down")).to_have_count(5)
    # one meaning a class: sl-back is the back button, never a card
    expect(widget.locator(".sl-back")).to_have_count(1)
    expect(widget.locator("button.sl-back")).to_have_count(1)
    widget.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "b-view")
