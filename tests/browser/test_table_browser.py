"""The practice table in a real JupyterLab: run 05-practice.ipynb and play cards by clicking.

Opens the notebook with the bundled study records beside it, runs every cell, then
plays a few cards on the first practice table (the student's own) by clicking them in
Chromium, and checks that the trick and the score display follow; then enters one card
in the recorder widget by clicking.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .lab import Lab


@pytest.mark.lab_files("notebooks/05-practice.ipynb", ("records/study", "records/study"))
def test_play_cards_by_clicking(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = lab.open_notebook(page, "05-practice.ipynb")
    lab.run_all(page)

    table = notebook.locator(".sl-practice").first
    expect(table).to_be_visible()
    table.scroll_into_view_if_needed()
    felt = table.locator(".sl-practice-felt")
    trick = table.locator(".sl-trick-area")
    scores = table.locator(".sl-scores")
    hand = table.locator(".sl-hand-row")
    expect(felt).to_have_count(1)
    expect(scores).to_contain_text("Scores")
    # Only legal cards are clickable; the rest of the hand is drawn greyed.
    expect(hand.locator(".sl-pick")).to_have_count(5)

    tricks_start = int(trick.get_attribute("data-tricks") or "0")
    for n in range(1, 4):
        playable = hand.locator(".sl-playable")
        expect(playable.first).to_be_visible()
        step_before = int(felt.get_attribute("data-step") or "0")
        tricks_before = int(trick.get_attribute("data-tricks") or "0")
        name = playable.first.get_attribute("data-pick")
        assert name is not None and re.fullmatch(r"[ATKQJ][CDHS]", name)
        playable.first.click()
        # The student's card is played, then the bot answers: a trick is completed.
        expect(trick).not_to_have_attribute("data-tricks", str(tricks_before))
        # each card of the student's completes one trick (the bot answers, or it led)
        expect(trick).to_have_attribute("data-tricks", str(tricks_start + n))
        assert int(felt.get_attribute("data-step") or "0") > step_before
        expect(hand.locator(f".sl-card-{name}")).to_have_count(0)  # the card left the hand
        expect(scores).to_contain_text(re.compile(r"[1-9] tricks?"))
        expect(table.locator(".sl-messages .sl-event").first).to_be_visible()
        # The student's turn comes back (or the deal is over after a claim).
        expect(hand.locator(".sl-playable").or_(table.locator(".sl-end-text .sl-outcome"))
               .first).to_be_visible()
        if table.locator(".sl-end-text .sl-outcome").count():
            break

    lab.screenshot(page, "practice-table")

    # The recorder below offers only legal cards; a click enters one into the record.
    recorder = notebook.locator(".sl-recorder").first
    recorder.scroll_into_view_if_needed()
    psn_text = recorder.locator(".sl-rec-psn")
    expect(psn_text).to_contain_text("2. X")
    offered = recorder.locator(".sl-rec-cards .sl-playable")
    expect(offered.first).to_be_visible()
    card = offered.first.get_attribute("data-pick")
    offered.first.click()
    expect(psn_text).to_contain_text(f"X {card}")
    lab.screenshot(page, "recorder")
