"""The closing trainer in a real JupyterLab: decide a closing and see the feedback the
widget computes (both numbers and the closer's plan). The counting quiz has its own
file (``test_counting_browser.py``).

Opens ``notebooks/03-closing.ipynb`` (with the records it reads beside it, as in the
repository), runs all cells and drives the first trainer. Keeps screenshots in
``tests/artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .lab import Lab

CLOSING = "notebooks/03-closing.ipynb"
RECORDS = "records/heuristic-vs-heuristic.psn"


@pytest.mark.lab_files((CLOSING, CLOSING), (RECORDS, RECORDS),
                       ("records/study", "records/study"))
def test_closing_trainer_shows_the_advisor(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = lab.open_notebook(page, CLOSING)
    lab.run_all(page)
    trainer = notebook.locator(".sl-closing").first
    expect(trainer).to_be_visible()
    trainer.locator("button.sl-closing-next").click()
    expect(trainer.locator(".sl-closing-header")).to_contain_text("Position 2 of")
    trainer.locator("button.sl-closing-play").click()
    result = trainer.locator(".sl-closing-result")
    expect(result).to_contain_text("closing with the best plan", timeout=60_000)
    expect(result.locator(".sl-closing-numbers")).to_be_visible()
    expect(result.locator(".sl-closing-numbers")).to_contain_text("seeing every card")
    plan = result.locator(".sl-closing-plan")
    expect(plan).to_be_visible()
    expect(plan.locator(".sl-closing-plan-step").first).to_contain_text("play")
    # folded: the first two decisions open, a line below them opens with a click
    shut = plan.locator("details:not([open]) > summary")
    assert shut.count() > 0
    summary = shut.first.element_handle()
    inner = summary.evaluate_handle("s => s.nextElementSibling").as_element()
    assert inner is not None and not inner.is_visible()
    summary.click()
    assert inner.is_visible()
    trainer.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "after-choice")
    review = notebook.locator(".sl-review").first
    expect(review.locator(".sl-review-graph")).to_be_visible()
