"""The replay and the practice table in French and Russian, in a real JupyterLab.

Opens ``languages.ipynb`` (beside this file): a replay of the closing that wins 3 and a
practice table (Bert must follow Anna's A♥ after she closed the talon) in each language,
made with ``lang=`` while the session speaks English. The translated texts are shown, and
the widgets still work: a step forward shows the model's scores and the move in words; a
greyed card says why in the language of the table; the expert bot is picked from the list
by its name in that language, a playable card is played, and the bot leads on with its
reason shown. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.replay import Replay

from .conftest import REPO_ROOT
from .lab import Lab

NOTEBOOK = "languages.ipynb"
DEAL = REPO_ROOT / "records" / "study" / "closing-wins-3.psn"

#: What each language says: the view switch, the step line after forward (the closing),
#: the tallies, a refused card (F2) and the move Bert makes.
WORDS = {
    "fr": {"views": ["Table ouverte", "vue du joueur Anna", "vue du joueur Bert"],
           "step": re.compile(r"étape 1 sur 8\s*: Anna ferme le talon"),
           "moves": "Coups", "score": "points", "tricks": "plis",
           "closed": "fermé par A", "buttons": {"sl-close": "fermer", "sl-claim": "annoncer 66"},
           "refused": re.compile(r"Vous ne pouvez pas jouer K♦ maintenant\s*: "
                                 r"vous devez fournir à la couleur \(F2\)"),
           "played": "Bert joue Q♥", "at_table": "À table", "expert": "expert",
           "reason": re.compile(r"pourquoi Anna a joué ainsi\s*: le premier coup du meilleur "
                                r"plan contre les \d+ mains")},
    "ru": {"views": ["Открытый стол", "вид: Anna", "вид: Bert"],
           "step": re.compile(r"шаг 1 из 8: Anna закрывает колоду"),
           "moves": "Ходы", "score": "очки", "tricks": "взятки",
           "closed": "колода закрыта: A",
           "buttons": {"sl-close": "закрыть", "sl-claim": "заявить 66"},
           "refused": re.compile(r"Сейчас нельзя сыграть K♦: нужно ходить в масть \(F2\)"),
           "played": "Bert кладёт Q♥", "at_table": "За столом", "expert": "эксперт",
           "reason": re.compile(r"Anna: почему такой ход — первый ход лучшего плана против "
                                r"\d+ рук")},
}


@pytest.mark.lab_files(NOTEBOOK, ("records/study", "records/study"))
def test_the_replay_and_the_table_in_french_and_russian(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    rp = Replay(next(psn.read(DEAL)))
    notebook = lab.open_notebook(page, NOTEBOOK)
    lab.run_all(page)

    for lang, words in WORDS.items():
        # -- the replay ---------------------------------------------------------------------
        widget = notebook.locator(f".t-replay-{lang}")
        widget.scroll_into_view_if_needed()
        expect(widget.locator(".sl-view button")).to_have_text(words["views"])
        expect(widget.locator(".sl-moves-panel")).to_contain_text(words["moves"])
        expect(widget.locator(".sl-scores")).to_contain_text(words["score"])
        expect(widget.locator(".sl-scores")).to_contain_text(words["tricks"])
        step_number = widget.locator(".sl-step-number")
        expect(step_number).to_have_text("0")
        widget.locator("button.sl-forward").click()
        expect(step_number).to_have_text("1")
        expect(widget.locator(".sl-step")).to_contain_text(words["step"])
        expect(widget.locator(".sl-table-view")).to_contain_text(words["closed"])
        for _ in range(3):  # on to the first change of score: the model's numbers
            widget.locator("button.sl-forward").click()
        expect(step_number).to_have_text("4")
        a, b = rp[4].scores
        expect(widget.locator(".sl-score-A")).to_have_text(str(a))
        expect(widget.locator(".sl-score-B")).to_have_text(str(b))
        widget.evaluate("e => e.scrollIntoView()")
        lab.screenshot(page, f"replay-{lang}")

        # -- the practice table -------------------------------------------------------------
        table = notebook.locator(f".t-table-{lang}")
        table.scroll_into_view_if_needed()
        for cls, text in words["buttons"].items():
            expect(table.locator(f"button.{cls}")).to_have_text(text)
        expect(table.locator(".sl-messages")).to_contain_text(words["at_table"])
        hand = table.locator(".sl-hand-row")
        felt = hand.locator(".sl-practice-felt")
        expect(felt).to_have_attribute("data-step", "2")
        hand.locator(".sl-card-KD").click()  # greyed: Bert must follow in hearts
        expect(table.locator(".sl-messages .sl-refusal")).to_contain_text(words["refused"])
        expect(felt).to_have_attribute("data-step", "2")
        # Anna plays on as the expert bot, picked from the list in the table's language,
        # and the teacher's switch shows why she leads as she does: her closed game's plan.
        picker = table.locator(".sl-bot select")
        expect(picker.locator("option", has_text=words["expert"])).to_have_count(1)
        picker.select_option(label=words["expert"])
        table.locator(".sl-show-reasons input").check()
        hand.locator(".sl-card-QH.sl-playable").click()
        expect(hand.locator(".sl-card-QH")).to_have_count(0)
        expect(table.locator(".sl-trick-area")).to_have_attribute("data-tricks", "1")
        expect(table.locator(".sl-messages")).to_contain_text(words["played"])
        expect(table.locator(".sl-messages .sl-refusal")).to_have_count(0)
        expect(table.locator(".sl-bot-reason")).to_contain_text(words["reason"])
        table.evaluate("e => e.scrollIntoView()")
        lab.screenshot(page, f"table-{lang}")
