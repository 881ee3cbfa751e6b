"""Dreierschnapsen in a real JupyterLab: notebook 08 top to bottom, and a deal at the table
for three played by clicking.

Runs ``dreier-table.ipynb`` beside this file at a laptop's 1366x768: on the table for
three the student (Anna, A, forehand) names trump with a button, says weiter with the
calls' buttons (only the legal calls shown: no spritze for forehand), takes the talon
after both bots pass and lays two cards away by clicking them (the header then says she
plays alone against Bert and Cilli), plays the deal to its end by clicking cards and
answering claim questions, saves it and runs ``check`` on the saved record. A German
table shows the game's own words (Talon, weglegen, Bettler). Notebook 08 runs without an
error with the bundled records beside it: its tour's replay steps in Cilli's view, and
its table for three shows a finished deal.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main

from .conftest import REPO_ROOT
from .lab import Lab

LAPTOP = {"width": 1366, "height": 768}
NOTEBOOK = "notebooks/08-dreierschnapsen.ipynb"
#: notebook 08 and what it reads: the study deals and the three-player collections
NOTEBOOK_FILES = ((NOTEBOOK, NOTEBOOK), ("records/study", "records/study"),
                  *((f"records/{p.name}", f"records/{p.name}")
                    for p in sorted((REPO_ROOT / "records").glob("dreier-*.psn"))))


@pytest.mark.lab_files(*NOTEBOOK_FILES)
def test_notebook_08_runs_top_to_bottom(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(LAPTOP)
    notebook = lab.open_notebook(page, NOTEBOOK)
    lab.run_all(page)  # raises if a cell raised
    tour = notebook.locator(".sl-replay").first
    tour.scroll_into_view_if_needed()
    expect(tour.locator(".sl-step-number")).to_have_text("0")
    tour.locator("button.sl-forward").click()
    expect(tour.locator(".sl-step-number")).to_have_text("1")
    expect(tour.locator(".sl-step")).to_contain_text("Cilli (C) names")
    table = notebook.locator(".sl-practice3").first
    table.scroll_into_view_if_needed()
    expect(table.locator(".sl-end .sl-outcome")).to_contain_text("game point")
    lab.screenshot(page, "notebook-08-table", full_page=False)

NEXT = """(root) => {
  const vis = e => e && e.offsetParent !== null;
  if (vis(root.querySelector('.sl-end .sl-outcome'))) return 'end';
  const en = sel => Array.from(root.querySelectorAll(sel)).find(b => vis(b) && !b.disabled);
  if (en('button.sl-no-claim')) return 'no-claim';
  if (en('.sl-trump-bar button')) return 'trump';
  if (en('.sl-calls-bar button')) return 'call';
  if (vis(root.querySelector('.sl-hand-row .sl-row .sl-playable'))) return 'card';
  return '';
}"""


@pytest.mark.lab_files("dreier-table.ipynb")
def test_a_deal_at_the_table_for_three_played_by_clicking(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(LAPTOP)
    notebook = lab.open_notebook(page, "dreier-table.ipynb")
    lab.run_all(page)
    table = notebook.locator(".t-three")
    table.scroll_into_view_if_needed()
    expect(table).to_have_class(re.compile(r"sl-practice3"))
    felt = table.locator(".sl-practice-felt")
    header = table.locator(".sl-practice-header")
    expect(header).to_contain_text("until the calls say who plays alone")
    # forehand names trump from the three cards seen
    expect(table.locator(".sl-hand-row .sl-row .sl-face-down")).to_have_count(3)
    table.locator(".sl-trump-bar button.sl-trump-H").click()
    # the calls as buttons, only the legal ones: forehand may not say spritze
    expect(table.locator("button.sl-call-bettler")).to_be_visible()
    expect(table.locator("button.sl-call-spritze")).to_be_hidden()
    expect(table.locator("button.sl-call-kontraschnapser")).to_be_hidden()
    table.locator("button.sl-call-weiter").click()
    # both bots pass: Anna takes the talon and lays two of her eight cards away
    expect(table.locator(".sl-prompt")).to_contain_text("You took the talon")
    expect(table.locator(".sl-hand-row .sl-row .sl-playable")).to_have_count(8)
    expect(header).to_contain_text("you play alone against Bert & Cilli (BC)")
    for left in (7, 6):
        before = felt.get_attribute("data-step")
        card = table.locator(".sl-hand-row .sl-row .sl-playable").first
        name = card.get_attribute("data-pick")
        card.click()
        expect(table.locator(f".sl-hand-row .sl-row .sl-card-{name}")).to_have_count(0)
        expect(felt).not_to_have_attribute("data-step", before or "")
        if left == 7:
            expect(table.locator(".sl-hand-row .sl-row .sl-playable")).to_have_count(7)
    expect(table.locator(".sl-messages")).to_contain_text("Anna (A) lays a card away")
    table.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "table-for-three", full_page=False)

    kinds: list[str] = []
    for _ in range(30):
        handle = table.element_handle()
        assert handle is not None
        page.wait_for_function(f"r => ({NEXT})(r) !== ''", arg=handle, timeout=60_000)
        kind = page.evaluate(NEXT, handle)
        kinds.append(kind)
        if kind == "end":
            break
        before = felt.get_attribute("data-step")
        if kind == "no-claim":
            table.locator("button.sl-no-claim").click()
            continue
        assert kind == "card", kinds
        card = table.locator(".sl-hand-row .sl-row .sl-playable").first
        name = card.get_attribute("data-pick")
        card.click()
        expect(table.locator(f".sl-hand-row .sl-row .sl-card-{name}")).to_have_count(0)
        expect(felt).not_to_have_attribute("data-step", before or "")
    assert kinds[-1] == "end", kinds
    outcome = table.locator(".sl-end .sl-outcome")
    expect(outcome).to_contain_text(re.compile(r"game points? to .+\(3[GK]\d"))
    saved = lab.folder / "three-by-clicks.psn"
    path_box = table.locator(".sl-save-path input")
    path_box.fill(str(saved))
    path_box.press("Enter")
    table.locator("button.sl-save").click()
    expect(table.locator(".sl-messages")).to_contain_text("saved to")
    assert main(["check", str(saved)]) == 0
    (record,) = list(psn.read(saved))
    assert record.outcome is not None and not record.errors
    assert record.player_names == ("Anna", "Bert", "Cilli")
    assert sum(1 for a in record.actions if str(a).startswith("L:")) == 2
    table.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "table-for-three-end", full_page=False)

    german = notebook.locator(".t-three-de")
    german.scroll_into_view_if_needed()
    expect(german.locator(".sl-prompt")).to_contain_text("Talon")
    expect(german.locator(".sl-prompt")).to_contain_text("weglegen")
    expect(german.locator(".sl-messages")).to_contain_text("Bert (B) sagt weiter")
    german.evaluate("e => e.scrollIntoView()")
    lab.screenshot(page, "table-for-three-de", full_page=False)
