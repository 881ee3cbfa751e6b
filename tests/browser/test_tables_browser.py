"""The practice tables in a real JupyterLab (issue 50): the bot thinks aloud and the
notebook keeps answering; the scores show only when the switch asks for them.

Opens ``tables.ipynb`` (beside this file). Against a bot with a long pause, a click on a
card shows "Bert is thinking…" on the felt at once, and another cell runs while the bot
decides (the bot decides in the bots' thread, so the kernel is free); then Bert plays and
the label goes. On a two-player table after Anna won a trick, and on a table for four in
the play, the scores are hidden until the "show the scores" switch is checked.
Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from .lab import Lab

NOTEBOOK = "tables.ipynb"


def _open(lab: Lab, page: Any) -> Any:
    page.set_viewport_size({"width": 1366, "height": 768})
    notebook = lab.open_notebook(page, NOTEBOOK)
    lab.run_all(page)
    return notebook


@pytest.mark.lab_files(NOTEBOOK)
def test_the_table_says_the_bot_is_thinking_and_the_kernel_goes_on(lab: Lab,
                                                                   page: Any) -> None:
    from playwright.sync_api import expect

    notebook = _open(lab, page)
    table = notebook.locator(".t-slow")
    table.scroll_into_view_if_needed()
    hand = table.locator(".sl-hand-row")
    trick = table.locator(".sl-trick-area")
    thinking = table.locator(".sl-thinking")
    expect(thinking).to_have_count(0)
    expect(hand.locator(".sl-card-AS.sl-playable")).to_be_visible()
    clicked = time.monotonic()
    hand.locator(".sl-card-AS").click()
    # at once: the card is on the table and Bert is thinking (he pauses 4 s)
    expect(thinking).to_have_text("Bert is thinking…", timeout=3_000)
    assert time.monotonic() - clicked < 3.5
    lab.screenshot(page, "bert-is-thinking")
    # meanwhile the kernel runs another cell
    page.evaluate(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            w.content.activeCellIndex = w.content.widgets.length - 1;
            window.jupyterapp.commands.execute('notebook:run-cell');
        }"""
    )
    last = notebook.locator(".jp-Cell").last.locator(".jp-OutputArea-output")
    expect(last).to_contain_text("the kernel answers", timeout=3_000)
    assert thinking.count() == 1, "the cell ran only after the bot had answered"
    assert time.monotonic() - clicked < 4.0
    # then Bert plays: the trick is complete, the label is gone
    expect(trick).to_have_attribute("data-tricks", "1", timeout=20_000)
    expect(thinking).to_have_count(0)
    expect(hand.locator(".sl-playable").first).to_be_visible()


@pytest.mark.lab_files(NOTEBOOK)
def test_the_scores_show_only_when_the_switch_asks(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = _open(lab, page)
    two = notebook.locator(".t-won")
    two.scroll_into_view_if_needed()
    mine = two.locator(".sl-score-A .sl-score-value")
    expect(mine).to_have_text("?")
    expect(two.locator(".sl-score-B .sl-score-value")).to_have_text("?")
    switch = two.locator(".sl-show-tallies input")
    expect(two.locator(".sl-show-tallies")).to_contain_text("show the scores")
    switch.check()
    expect(mine).to_have_text(re.compile(r"^\d+$"))
    assert int(mine.text_content() or "0") > 0
    lab.screenshot(page, "two-player-scores-shown")
    switch.uncheck()
    expect(mine).to_have_text("?")

    four = notebook.locator(".t-four")
    four.scroll_into_view_if_needed()
    scores = four.locator(".sl-scores")
    expect(scores.locator(".sl-tallies-hidden")).to_be_visible()
    expect(scores.locator('[class^="sl-score-"]')).to_have_count(0)
    expect(scores).to_contain_text("count them")
    lab.screenshot(page, "four-player-scores-hidden")
    four.locator(".sl-show-tallies input").check()
    expect(scores.locator(".sl-score-NS")).to_be_visible()
    expect(scores.locator(".sl-score-EW")).to_be_visible()
    lab.screenshot(page, "four-player-scores-shown")
