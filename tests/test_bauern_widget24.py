"""The table for four with the 24-card pack (BAUERN.md BN), headless: six cards in the
student's hand, a nine drawn, named and picked as the browser sends it."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab.games.bauern.rules import BAUERN24, Call, Kind, Phase
from schnapsen_lab.psn import Record
from schnapsen_lab.widgets import practice_table
from schnapsen_lab.widgets.bauern import BauernPracticeTable

NAMES = {"North": "Anna", "East": "Bert", "South": "Cilli", "West": "Dani"}
# dealer E: the student S is forehand, first three 9H AS KC, then 9C TC AC
DECK = "9H AS KC TH TS JC AD 9S TD KH QH JH 9C TC AC QC JS KD QD 9D JD KS QS AH"


def test_the_student_holds_six_cards_and_plays_a_nine_by_its_pick() -> None:
    w = practice_table(profile="bauern24", pause=0, seed=1)
    assert isinstance(w, BauernPracticeTable) and w.table.profile is BAUERN24
    w.take_over(Record.from_actions(DECK.split(), [], dealer=1, profile=BAUERN24,
                                    tags=NAMES), 0)
    # while trump is fixed the student has seen three of six
    assert w.hand.html.count("sl-face sl-") == 3 and w.hand.html.count("sl-face-down") == 3
    assert 'data-pick="9H"' in w.hand.html
    w.turn_up_button.click()  # card 13: the nine of clubs
    assert w.table.position.trump_suit is not None and w.table.position.trump_suit.name == "C"
    w.call_buttons[Call.WEITER].click()  # the bots answer; the play begins
    assert w.table.phase is Phase.PLAY
    html = w.hand.html
    assert html.count("data-pick=") == 6
    at = [html.index(f'data-pick="{c}"') for c in ("AC", "TC", "KC", "9C", "9H", "AS")]
    assert at == sorted(at)  # by suit, the nine after the king here (no QC, JC held)
    rng = random.Random(3)
    for _ in range(60):  # play on, the nines picked as the page sends them
        t = w.table
        if t.finished:
            break
        acts = t.student_actions()
        if t.claim_question:
            w.no_claim_button.click()
            continue
        plays = [a for a in acts if a.kind is Kind.PLAY]
        if not plays:
            w.call_buttons[next(a.call for a in acts if a.call is not None)].click()
            continue
        nine = [a for a in plays if a.card is not None and a.card >= 20]
        a = nine[0] if nine else rng.choice(plays)
        before = len(t.actions)
        w.hand._on_msg(None, {"pick": str(a.card)}, [])
        assert len(t.actions) > before, str(a.card)
    assert w.table.finished
    assert any(a.card is not None and a.card >= 20 for a in w.table.actions)
