"""The table for four and its texts: the defects found in the browser (issue 21, section 4)
and the revised spritze (BA4) as the table, the replay and the shared page show it.

Each test failed before its fix: the side panel before the partner is called, the knock,
whose turn it is and to do what, forehand's prompt, the student's label, the outcome's
rule words, the finished trick kept in sight, the won tricks' space reserved, the counting
panel's columns, the partner row on one line, a lapsed spritze not shown as doubling.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab import psn
from schnapsen_lab.games.bauern.html import WON_HEIGHT, counting_html, table_html, tallies_html
from schnapsen_lab.games.bauern.rules import BAUERN, BAUERN_CALLED, Call, Phase
from schnapsen_lab.games.bauern.share import deal_data
from schnapsen_lab.notation import four_outcome_text
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay
from schnapsen_lab.widgets import practice_table
from schnapsen_lab.widgets.bauern import BauernPracticeTable

from .conftest import DATA

NAMES = {"North": "Anna", "East": "Bert", "South": "Cilli", "West": "Dani"}
DECK = "AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _replay(actions: str, profile: object = BAUERN, knock: bool = False,
            dealer: int = 1) -> Replay:
    tags = dict(NAMES)
    if knock:
        tags["Cut"] = "knock"
    rec = Record.from_actions(DECK.split(), actions.split(), dealer=dealer,
                              profile=profile, tags=tags)  # type: ignore[arg-type]
    return Replay(rec)


def _table(profile: str = "bauern", dealer: int = 1) -> BauernPracticeTable:
    w = practice_table(profile=profile, pause=0, seed=1)
    assert isinstance(w, BauernPracticeTable)
    w.take_over(Record.from_actions(DECK.split(), [], dealer=dealer, profile=w.table.profile,
                                    tags=NAMES), 0)
    return w


# -- the side panel and the table -----------------------------------------------------------

def test_before_the_partner_is_called_the_panel_says_so() -> None:
    rp = _replay("T:H", BAUERN_CALLED)  # forehand S has named trump; no card called yet
    for viewer in (0, 2, 3):
        said = _text(tallies_html(rp, rp.last, viewer))
        assert "The partner card is not called yet" in said
        assert "J♠ falls" not in said and "until" not in said
    rp2 = _replay("T:H P:AD", BAUERN_CALLED)
    assert "until" in _text(tallies_html(rp2, rp2.last, 3))  # W does not hold A♦


def test_after_a_knock_forehand_still_fixes_trump_from_three_cards() -> None:
    rp = _replay("", knock=True)
    said = _text(tallies_html(rp, 0, None))
    assert "five cards each" not in said
    assert "first three cards" in said


def test_the_seat_to_move_is_named_for_what_it_does() -> None:
    rp = _replay("T:H weiter")
    assert "to fix trump" in _text(table_html(rp, 0)) and "to play" not in _text(
        table_html(rp, 0))
    assert "to speak" in _text(table_html(rp, 1))
    rp2 = _replay("T:H", BAUERN_CALLED)
    assert "to call a partner" in _text(table_html(rp2, 1))
    rp3 = _replay("T:H weiter weiter weiter weiter")
    assert "to play" in _text(table_html(rp3, rp3.last))


def test_the_outcome_names_its_rule_words_once() -> None:
    rp = Replay(Record.from_actions(
        "KS AC QC TC QS JC KH TH AS AD QD QH KC JS JH AH JD TD KD TS".split(),
        "T:up weiter weiter weiter weiter KS QS AS TS JD AD AC JC KC+40 66".split(),
        dealer=1, profile=BAUERN, tags=NAMES))
    out = rp.outcome(rp.last)
    assert out is not None
    text = four_outcome_text(out, rp[rp.last], ("Anna", "Bert", "Cilli", "Dani"),
                             explain=True)
    assert text.count("correct claim") == 1, text
    assert "BG1" in text and "33" in text


def test_the_won_tricks_have_their_space_from_the_start() -> None:
    rp = _replay("T:H weiter weiter weiter weiter AH TH AD KH")
    before, after = table_html(rp, 0), table_html(rp, rp.last)
    style = f"min-height:{WON_HEIGHT}px"
    assert before.count(style) == after.count(style) == 4  # a cell each seat, from the start
    assert 'class="sl-tricks-' not in before and 'class="sl-tricks-' in after


def test_the_counting_panel_keeps_its_columns_apart() -> None:
    rp = _replay("T:H weiter weiter weiter weiter")
    html = counting_html(rp, rp.last, 2)
    row = re.search(r'<tr class="sl-unknown-D">(.*?)</tr>', html)
    assert row is not None
    cells = re.findall(r"<td([^>]*)>", row.group(1))
    assert "padding:0 10px 0 0" in cells[2] and "padding-left:6px" in cells[3]


# -- the practice table -----------------------------------------------------------------------

def test_forehand_is_not_offered_a_double() -> None:
    w = _table()  # dealer E: the student S is forehand
    w.trump_buttons[next(s for s in w.trump_buttons if s.name == "H")].click()
    assert w.table.phase is Phase.AUCTION and w.table.students_turn
    prompt = _text(w.prompt.value)
    assert "double" not in prompt and "pass or bid a contract" in prompt
    assert not [c for c, b in w.call_buttons.items()
                if c is Call.SPRITZE and b.layout.display != "none"]
    w2 = _table(dealer=0)  # dealer N: E is forehand; after E's call the student S speaks
    assert w2.table.students_turn and "pass, double or bid" in _text(w2.prompt.value)


def test_the_students_label_says_each_thing_once() -> None:
    w = _table()
    line = re.search(r'class="sl-turn-line"[^>]*>(.*?)</div>', w.hand.felt)
    assert line is not None
    text = _text(line.group(1))
    assert text == "Cilli (S, you) · your turn", text
    w.turn_up_button.click()
    t = w.table
    for _ in range(60):
        if t.finished:
            break
        acts = t.student_actions()
        if t.claim_question:
            w.no_claim_button.click()
        elif acts:
            w._run(acts[0])
    assert t.finished
    line = re.search(r'class="sl-turn-line"[^>]*>(.*?)</div>', w.hand.felt)
    assert line is not None
    assert _text(line.group(1)) == "Cilli (S, you)"  # no dangling dot


def test_the_finished_trick_stays_in_sight_during_the_next() -> None:
    w = _table(dealer=3)  # dealer W: N is forehand and leads; the student S is third
    t = w.table
    assert 'class="sl-last-trick" data-trick="0"' in w.hand.felt  # reserved from the start
    for _ in range(40):
        if t.position.tricks_played >= 1 and t.position.table:
            break
        acts = t.student_actions()
        if t.claim_question:
            w.no_claim_button.click()
        elif acts:
            w._run(acts[0])
    assert t.position.tricks_played == 1 and t.position.table  # trick 2 begun
    m = re.search(r'class="sl-last-trick" data-trick="1"[^>]*>(.*?)</div></div>', w.hand.felt,
                  re.S)
    assert m is not None
    first = t.position.last_trick
    assert first is not None
    assert len(re.findall(r'data-card="', m.group(1))) == 4


def test_the_partner_row_keeps_its_seventeen_cards_on_one_line() -> None:
    w = _table("bauern-called")
    w.trump_buttons[next(s for s in w.trump_buttons if s.name == "H")].click()
    html = w.partner_row.html
    assert html.count("sl-playable") == 17
    assert "flex-wrap:nowrap" in html and "margin-right:-3px" in html
    assert 17 * (30 + 4 - 3) <= 548  # small cards, 3 px closer: within the table's width


# -- the revised spritze on the table and the page ---------------------------------------------

def test_a_lapsed_spritze_is_not_shown_as_doubling() -> None:
    # forehand S (dealer E), calls S W N E: W doubles S's normal game; it stands when N
    # and E pass, and lapses when E, W's partner, bids a Schnapser (BA4)
    stands = _replay("T:H weiter spritze weiter weiter")
    assert stands[stands.last].spritze_stands
    assert "sl-spritze" in tallies_html(stands, stands.last, None)
    lapsed = _replay("T:H weiter spritze weiter schnapser")
    pos = lapsed[lapsed.last]
    assert pos.spritze >= 0 and not pos.spritze_stands
    assert 'class="sl-spritze' not in tallies_html(lapsed, lapsed.last, None)
    assert 'class="sl-spritze' not in table_html(lapsed, lapsed.last)
    # a finished conformance deal with a lapsed spritze: the page's result does not double
    rec = next(r for r in psn.read(DATA / "conformance" / "bauern" / "valid.psn")
               if r.index == 48)
    rp = Replay(rec)
    assert rp[rp.last].spritze >= 0 and not rp[rp.last].spritze_stands
    data = json.loads(json.dumps(deal_data(rp)))
    assert data["result"]["spritze"] == -1 and data["result"]["points"] == 6
