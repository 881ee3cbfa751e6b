"""The practice table and the recorder in a real JupyterLab, as a new user meets them.

Opens ``practice.ipynb`` (beside this file): Bert must follow Anna's A♥ after she
closed the talon. A card is dragged onto the table with Playwright's drag (HTML5 drag and
drop in Chromium); a greyed card dragged or clicked says why it may not be played; the
trump suit stays on the felt after closing; enabled and disabled buttons look different.
Then the recorder's set-up: the part being entered is named, nothing spills into the next
part, and a click on an entered card takes it back. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .lab import Lab

NOTEBOOK = "practice.ipynb"


def _open(lab: Lab, page: Any) -> Any:
    page.set_viewport_size({"width": 1366, "height": 768})
    notebook = lab.open_notebook(page, NOTEBOOK)
    lab.run_all(page)
    return notebook


@pytest.mark.lab_files(NOTEBOOK)
def test_drag_a_card_onto_the_table(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = _open(lab, page)
    table = notebook.locator(".t-follow")
    table.scroll_into_view_if_needed()
    hand = table.locator(".sl-hand-row")
    zone = hand.locator(".sl-drop-zone")
    felt = hand.locator(".sl-practice-felt")
    status = table.locator(".sl-messages .sl-refusal")
    expect(felt).to_have_attribute("data-step", "2")
    expect(hand.locator(".sl-playable")).to_have_count(2)  # Q♥ and J♥ only
    # The trump suit is on the felt although the indicator is turned down (closed).
    expect(felt.locator(".sl-trump")).to_contain_text("♣")
    expect(felt).to_contain_text("closed by A")

    # A greyed card dropped onto the table is not played: the table says why (F2).
    hand.locator(".sl-card-KD").drag_to(zone)
    expect(status).to_contain_text(re.compile(r"You cannot play K♦ now: .*\(F2\)"))
    expect(felt).to_have_attribute("data-step", "2")
    # ... and so does a click on it.
    hand.locator(".sl-card-KS").click()
    expect(status).to_contain_text(re.compile(r"You cannot play K♠ now: .*\(F2\)"))
    lab.screenshot(page, "greyed-card-says-why")

    # A playable card dragged onto the table is played; the bot answers.
    hand.locator(".sl-card-QH.sl-playable").drag_to(zone)
    expect(hand.locator(".sl-card-QH")).to_have_count(0)
    expect(table.locator(".sl-trick-area")).to_have_attribute("data-tricks", "1")
    expect(status).to_have_count(0)
    step = int(felt.get_attribute("data-step") or "0")
    assert step >= 3
    table.scroll_into_view_if_needed()
    lab.screenshot(page, "after-drop")


@pytest.mark.lab_files(NOTEBOOK)
def test_buttons_and_the_claim_that_asks_first(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = _open(lab, page)
    table = notebook.locator(".t-lead")
    table.scroll_into_view_if_needed()
    close = table.locator("button.sl-close")
    claim = table.locator("button.sl-claim")
    expect(close).to_be_enabled()
    expect(claim).to_be_disabled()
    look = "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.opacity]; }"
    enabled, disabled = close.evaluate(look), claim.evaluate(look)
    assert enabled[0] != disabled[0], (enabled, disabled)  # another colour ...
    assert float(disabled[1]) < float(enabled[1])  # ... and faded
    # Anna leads A♥ and wins the trick: she may claim; the claim asks first.
    table.locator(".sl-hand-row .sl-card-AH").click()
    expect(claim).to_be_enabled()
    claim.click()
    box = table.locator(".sl-claim-confirm-box")
    expect(box).to_be_visible()
    expect(box).to_contain_text(re.compile(r"Bert wins 3 game points after a false claim"))
    lab.screenshot(page, "claim-asks-first")
    table.locator("button.sl-claim-cancel").click()
    expect(box).to_be_hidden()
    expect(table.locator(".sl-end")).to_be_hidden()


@pytest.mark.lab_files(NOTEBOOK)
def test_recorder_setup_names_the_part_and_never_spills(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = _open(lab, page)
    rec = notebook.locator(".sl-recorder")
    rec.scroll_into_view_if_needed()
    deck = rec.locator(".sl-rec-deck")
    setup = rec.locator(".sl-rec-setup")
    expect(setup).to_contain_text("Now entering Anna (A): hand")
    for card in ("AD", "KS", "QS", "TH", "TD"):
        deck.locator(f".sl-card-{card}").click()
    expect(setup).to_contain_text("Anna (A): hand is complete")
    deck.locator(".sl-card-AC").click()  # a sixth card for A goes nowhere
    expect(rec.locator(".sl-rec-message")).to_contain_text("already holds 5 cards")
    expect(rec.locator(".sl-rec-part-B .sl-pick")).to_have_count(0)
    # a click on an entered card takes it back
    rec.locator(".sl-rec-part-A .sl-card-KS").click()
    expect(rec.locator(".sl-rec-part-A .sl-pick")).to_have_count(4)
    expect(rec.locator(".sl-rec-message")).to_contain_text("K♠ taken back")
    rec.locator(".sl-rec-target button", has_text="B's hand").click()
    expect(setup).to_contain_text("Now entering Bert (B): hand")
    deck.locator(".sl-card-AC").click()
    expect(rec.locator(".sl-rec-part-B .sl-card-AC")).to_have_count(1)
    lab.screenshot(page, "recorder-setup")


@pytest.mark.lab_files(NOTEBOOK)
def test_the_strong_bots_reasons_show_in_the_replay_after_the_deal(lab: Lab, page: Any) -> None:
    """Anna plays the closed game out against the strong bot by clicking; during the deal
    the table shows no reason (they name the bot's cards) unless the teacher's switch is
    on; the replay opened after it shows, at the step after Bert's first answer, what
    that answer rested on."""
    from playwright.sync_api import expect

    notebook = _open(lab, page)
    table = notebook.locator(".t-strong")
    table.scroll_into_view_if_needed()
    hand = table.locator(".sl-hand-row")
    end = table.locator(".sl-end-text .sl-outcome")
    no_claim = table.locator("button.sl-no-claim")
    reason = re.compile(r"the first move of the best plan against \d+ hands he may hold")
    trick = table.locator(".sl-trick-area")
    # The teacher's switch shows the bot's reason as the deal is played, and hides it.
    hand.locator(".sl-playable").first.click()
    expect(trick).to_have_attribute("data-tricks", "1")
    expect(table).not_to_contain_text(reason)
    switch = table.locator(".sl-show-reasons input")
    switch.check()
    expect(table.locator(".sl-bot-reason")).to_contain_text(
        re.compile(r"why Bert chose that: the first move of the best plan"))
    lab.screenshot(page, "teachers-switch")
    switch.uncheck()
    expect(table.locator(".sl-bot-reason")).to_have_count(0)
    for _ in range(12):
        expect(hand.locator(".sl-playable").first.or_(end).or_(no_claim.locator("visible=true"))
               .first).to_be_visible()
        if end.count():
            break
        if no_claim.is_visible():
            no_claim.click()  # the last trick's question: let it count
            break
        tricks = int(trick.get_attribute("data-tricks") or "0")
        hand.locator(".sl-playable").first.click()
        # each of Anna's cards completes a trick (Bert answers): wait for it, so that the
        # next click finds the hand as it is now
        expect(trick).to_have_attribute("data-tricks", str(tricks + 1))
        expect(table).not_to_contain_text(reason)
    expect(end).to_be_visible()
    expect(table).not_to_contain_text(reason)
    table.locator("button.sl-open-replay").click()
    replay = table.locator(".sl-replay-box")
    expect(replay.locator(".sl-step")).to_be_visible()
    replay.locator("button.sl-first").click()
    expect(replay.locator(".sl-step-number")).to_have_text("0")
    for step in (1, 2, 3):
        replay.locator("button.sl-forward").click()
        expect(replay.locator(".sl-step-number")).to_have_text(str(step))
        if step < 3:  # Anna's closing and her lead: no reason
            expect(replay.locator(".sl-comments")).not_to_contain_text(reason)
    expect(replay.locator(".sl-comments")).to_contain_text(reason)
    replay.scroll_into_view_if_needed()
    lab.screenshot(page, "strong-bot-reason-in-replay")
