"""The training notebooks in a real JupyterLab: answer a counting question, decide a
closing, and see the feedback the widgets compute (for a closing: both numbers and the
closer's plan).

Opens ``notebooks/02-counting.ipynb`` and ``notebooks/03-closing.ipynb`` (with the
records they read beside them, as in the repository), runs all cells and drives the
first quiz and trainer. Keeps screenshots in ``tests/artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .lab import Lab

COUNTING = "notebooks/02-counting.ipynb"
CLOSING = "notebooks/03-closing.ipynb"
RECORDS = "records/heuristic-vs-heuristic.psn"


@pytest.mark.lab_files((COUNTING, COUNTING), (RECORDS, RECORDS))
def test_counting_quiz_checks_an_answer(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = lab.open_notebook(page, COUNTING)
    lab.run_all(page)
    quiz = notebook.locator(".sl-quiz").first
    expect(quiz).to_be_visible()
    expect(quiz.locator(".sl-quiz-table .sl-table")).to_be_visible()
    # the won tricks the player may look through are on the table, as 02 says (K1)
    expect(quiz.locator(".sl-quiz-table .sl-won-tricks")).to_be_visible()
    box = quiz.locator(".sl-quiz-my_score input")
    box.fill("-5")  # a score is never negative: wrong for sure
    box.press("Enter")
    check = quiz.locator("button.sl-quiz-check")
    score = quiz.locator(".sl-quiz-score")
    found = re.search(r"(\d+) / (\d+)", score.inner_text())  # what the notebook answered
    assert found is not None
    after = f"{found.group(1)} / {int(found.group(2)) + 1}"
    check.click()
    expect(quiz.locator(".sl-quiz-my_score-feedback")).to_contain_text("Not quite")
    expect(score).to_contain_text(after)
    check.click()  # pressing Check again counts nothing again
    check.click()
    expect(score).to_contain_text(after)
    expect(box).to_be_disabled()
    quiz.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "after-check")
    # an empty answer gets feedback; after the last position, a summary
    nxt = quiz.locator("button.sl-quiz-next")
    nxt.click()
    check.click()
    expect(quiz.locator(".sl-quiz-unknown-feedback")).to_contain_text("No answer yet")
    summary = quiz.locator(".sl-quiz-summary")
    header = quiz.locator(".sl-quiz-header")
    for _ in range(10):  # on to the last position
        if "See your score" in nxt.inner_text():
            break
        before = header.inner_text()
        nxt.click()
        expect(header).not_to_have_text(before)
    expect(nxt).to_have_text("See your score")
    nxt.click()  # after the last position: the summary, no wrap to position 1
    expect(summary).to_contain_text("Quiz done")
    expect(nxt).to_have_text("Start again")
    expect(summary.locator(".sl-quiz-missed li").first).to_be_visible()
    expect(quiz.locator(".sl-quiz-header")).not_to_contain_text("Position 1 of")
    quiz.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "summary")


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
