"""The counting quiz of notebook 02 in a real JupyterLab, as a learner meets it: watch
the deal from one seat to the stop (a step, then played at a chosen pace) with the
tallies hidden, answer, and see the replay explain each answer with the tallies shown.

Keeps screenshots in ``tests/artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .lab import Lab

COUNTING = "notebooks/02-counting.ipynb"
RECORDS = "records/heuristic-vs-heuristic.psn"
LAPTOP = {"width": 1366, "height": 768}


def _step_line(quiz: Any) -> tuple[int, int]:
    found = re.search(r"Step (\d+) of (\d+)", quiz.locator(".sl-quiz-said").inner_text())
    assert found is not None
    return int(found.group(1)), int(found.group(2))


@pytest.mark.lab_files((COUNTING, COUNTING), (RECORDS, RECORDS))
def test_watch_the_deal_answer_and_see_why(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(LAPTOP)
    notebook = lab.open_notebook(page, COUNTING)
    lab.run_all(page)
    quiz = notebook.locator(".sl-quiz").first
    expect(quiz).to_be_visible()
    # Run All leaves the learner's quiz alone: position 1, at the deal, nothing answered
    header = quiz.locator(".sl-quiz-header")
    expect(header).to_contain_text("Position 1 of 8")
    expect(header).to_contain_text("Watch the deal")
    expect(quiz.locator(".sl-quiz-score")).to_contain_text("0 / 0")
    table = quiz.locator(".sl-quiz-table .sl-table")
    expect(table).to_have_attribute("data-step", "0")
    questions = quiz.locator(".sl-quiz-questions")
    expect(questions).to_be_hidden()
    expect(quiz.locator(".sl-quiz-tallies .sl-tallies")).to_have_count(0)
    expect(quiz.locator(".sl-quiz-counting .sl-count")).to_have_count(0)
    # one step by hand
    quiz.locator("button.sl-quiz-step").click()
    expect(table).to_have_attribute("data-step", "1")
    step, stop = _step_line(quiz)
    assert step == 1 and stop > 1
    # the rest played at the quickest pace, to the stop
    quiz.locator(".sl-quiz-pace select").select_option(value=None, index=0)
    quiz.locator(".sl-quiz-play button").first.click()
    expect(questions).to_be_visible(timeout=stop * 2_000 + 10_000)
    expect(table).to_have_attribute("data-step", str(stop))
    expect(header).to_contain_text(f"after step {stop}")
    expect(quiz.locator(".sl-quiz-tallies .sl-tallies")).to_have_count(0)  # still hidden
    quiz.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "at-the-stop")
    # answer: one question first (counted once), then the rest
    check = quiz.locator("button.sl-quiz-check")
    box = quiz.locator(".sl-quiz-my_score input")
    box.fill("-5")  # a score is never negative: wrong for sure
    check.click()
    expect(quiz.locator(".sl-quiz-my_score-feedback")).to_contain_text("Not quite")
    expect(quiz.locator(".sl-quiz-score")).to_contain_text("0 / 1")
    check.click()
    expect(quiz.locator(".sl-quiz-score")).to_contain_text("0 / 1")
    expect(box).to_be_disabled()
    explain = quiz.locator(".sl-quiz-explain")
    expect(explain).to_be_hidden()  # three questions still open
    quiz.locator(".sl-quiz-opponent_score input").fill("-5")
    quiz.locator(".sl-quiz-trumps_out input").fill("0")
    quiz.locator(".sl-quiz-unknown input").fill("none")
    check.click()
    expect(quiz.locator(".sl-quiz-score")).to_contain_text(" / 4")
    # the replay with the tallies explains each answer
    expect(explain).to_be_visible()
    expect(quiz.locator(".sl-quiz-tallies .sl-tallies")).to_be_visible()
    expect(quiz.locator(".sl-quiz-counting .sl-count")).to_be_visible()
    reasons = quiz.locator(".sl-quiz-reasons select")
    expect(reasons).to_contain_text("your score:")
    expect(reasons).to_contain_text("trick 1:")
    expect(reasons).to_contain_text("unknown, in ")
    labels = [t.replace("\u00a0", " ") for t in  # the widget keeps spaces as no-break spaces
              reasons.evaluate("s => Array.from(s.options).map(o => o.text)")]
    k = next(i for i, t in enumerate(labels) if "trick 1:" in t)
    found = re.search(r"step (\d+):", labels[k])
    assert found is not None
    trick_step = int(found.group(1))
    assert trick_step < stop
    reasons.select_option(value=None, index=k)
    expect(table).to_have_attribute("data-step", str(trick_step))
    expect(quiz.locator(".sl-quiz-said")).to_contain_text(f"Step {trick_step} of {stop}")
    quiz.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "explained")
    # the next position is watched again, with the tallies hidden
    quiz.locator("button.sl-quiz-next").click()
    expect(header).to_contain_text("Position 2 of 8")
    expect(questions).to_be_hidden()
    expect(explain).to_be_hidden()
    expect(quiz.locator(".sl-quiz-tallies .sl-tallies")).to_have_count(0)
