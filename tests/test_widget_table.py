"""The practice table widget, headless: the defects a new user met (issue 13), each checked.

The claim question in words, why a greyed card may not be played, the claim that asks
first and says what a false claim costs (and not the score), buttons that look enabled
or disabled, the trump suit after closing, "1 trick", a card dropped onto the table.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from schnapsen_lab.cards import Card
from schnapsen_lab.games.twohand.rules import CLAIM, Action, ActionKind, End, Seat
from schnapsen_lab.games.twohand.table import Table
from schnapsen_lab.psn import Record
from schnapsen_lab.widgets.table import PracticeTable

from .conftest import build_deck
from .test_table import _find_last_trick_takeover

# A closes before the first trick and leads A♥; B holds Q♥ J♥ and must follow in hearts.
DECK = build_deck("AH TH KH AS TS", "QH JH KD KS JS", "AC")


def _record(actions: list[str]) -> Record:
    return Record.from_actions(DECK, actions, dealer=Seat.B,
                               tags={"PlayerA": "Anna", "PlayerB": "Bert"})


def _following_after_closing() -> PracticeTable:
    w = PracticeTable("heuristic", pause=0, student_name="Bert", bot_name="Anna")
    w.take_over(_record(["C", "AH"]), 2, "B")
    assert w.table.students_turn and w.table.position.lead == Card.AH
    return w


def test_a_greyed_card_says_why_it_cannot_be_played() -> None:
    w = _following_after_closing()
    assert w.hand.pickable == {Card.QH, Card.JH}
    n = len(w.table.actions)
    w.hand.click(Card.KD)  # greyed: must follow in hearts (F2)
    assert len(w.table.actions) == n
    rule, why = w.table.position.check(Action(ActionKind.PLAY, Card.KD)) or ("", "")
    assert rule == "F2" and "KD" in why
    assert why == "KD does not follow suit"
    assert w.status == "You cannot play K♦ now: you must follow suit (F2)"
    # the greyed card's tooltip gives the same reason (issue 22)
    assert 'title="You cannot play K♦ now: you must follow suit (F2)"' in w.hand.html
    assert "sl-refusal" in w.messages_html.value and "(F2)" in w.messages_html.value
    w.hand.click(Card.QH)  # a playable card is played, and the reason goes away
    assert len(w.table.actions) > n and w.status == ""


def test_a_greyed_card_in_marriage_mode_says_which_to_click() -> None:
    for seed in range(200):
        w = PracticeTable("heuristic", seed=seed, pause=0)
        m = [a for a in w.table.student_actions() if a.kind is ActionKind.MARRIAGE]
        if m:
            break
    else:
        pytest.fail("no deal with a marriage in the first hand")
    button = w.marriage40_button if m[0].points == 40 else w.marriage20_button
    button.click()
    other = next(c for c in w.table.position.hand(w.table.seat) if c not in w.hand.pickable)
    w.hand.click(other)
    assert f"king or queen of a marriage of {m[0].points}" in w.status


def test_a_card_dropped_onto_the_table_is_played_like_a_click() -> None:
    w = _following_after_closing()
    n = len(w.table.actions)
    w.hand._on_msg(w.hand, {"pick": "KD", "how": "drop"}, [])  # what the browser sends
    assert len(w.table.actions) == n and "(F2)" in w.status
    w.hand._on_msg(w.hand, {"pick": "XX", "how": "drop"}, [])  # not a card: ignored
    w.hand.drop(Card.JH)
    assert w.table.actions[n] == Action(ActionKind.PLAY, Card.JH)
    assert w.hand.draggable


def test_the_last_trick_question_says_what_each_choice_brings() -> None:
    rec, step, seat, card = _find_last_trick_takeover()
    w = PracticeTable("heuristic", pause=0)
    w.take_over(rec, step, seat)
    w.hand.click(card)
    t = w.table
    assert t.claim_question_kind == "last_trick"
    assert w.no_claim_button.description == "let the last trick count"
    question = w.messages_html.value
    assert "sl-question" in question and "Claim 66 with your score" in question
    out = t.position.outcome
    assert out is not None and out.end is End.LAST_TRICK
    assert f"let the last trick count: {t.names[out.winner]} wins" in question
    assert f"({out.rule})" in question and "false" in question
    assert "Claim 66 now, or play on?" not in question


def test_the_marriage_question_offers_to_play_on() -> None:
    for seed in range(200):
        w = PracticeTable("heuristic", seed=seed, pause=0)
        m = [a for a in w.table.student_actions() if a.kind is ActionKind.MARRIAGE]
        if m:
            break
    else:
        pytest.fail("no deal with a marriage in the first hand")
    w.marriage(m[0].card, m[0].points)  # type: ignore[arg-type]
    assert w.table.claim_question_kind == "marriage"
    assert w.no_claim_button.description == "play on"
    assert f"You announced {m[0].points}" in w.messages_html.value
    w.claim_button.click()  # the question is the confirmation: the claim is made
    assert w.table.finished and w.table.outcome is not None
    assert w.table.outcome.claimant is w.table.seat


def _after_a_won_trick() -> PracticeTable:
    """Anna (A) leads A♥ and wins the trick against Bert: she may claim now."""
    w = PracticeTable("heuristic", pause=0, seed=1)
    w.take_over(_record([]), 0, "A")
    w.hand.click(Card.AH)
    assert CLAIM in w.table.student_actions()
    return w


def test_claim_asks_first_and_says_what_a_false_claim_costs() -> None:
    w = _after_a_won_trick()
    n = len(w.table.actions)
    assert w.confirm_box.layout.display == "none"
    w.claim_button.click()
    assert len(w.table.actions) == n  # nothing claimed yet
    assert w.confirm_box.layout.display is None and w.claim_button.disabled
    text = w.confirm_html.value
    cost = w.table.false_claim_outcome()
    assert cost.winner is Seat.B and cost.end is End.FALSE_CLAIM
    assert f"Bert wins {cost.game_points} game points after a false claim" in text
    # the text tells nothing of the score: the same with 70 points
    pos = w.table.position
    saved = pos.trick_points[0]
    pos.trick_points[0] = 70
    w.render()
    assert w.confirm_html.value == text
    pos.trick_points[0] = saved
    w.cancel_button.click()
    assert w.confirm_box.layout.display == "none" and len(w.table.actions) == n
    w.claim_button.click()
    w.confirm_button.click()
    assert w.table.finished and w.table.outcome is not None
    assert w.table.outcome.end is End.FALSE_CLAIM  # 21 points is no 66


def test_false_claim_cost_follows_the_rules() -> None:
    t = Table("heuristic", seed=1)
    t.take_over(_record(["C", "AH", "QH"]), 3, "A")  # A closed; B has no trick
    assert t.false_claim_outcome().rule == "C3" and t.false_claim_outcome().game_points == 3
    t.take_over(_record(["AH", "QH"]), 2, "A")
    assert t.false_claim_outcome().rule == "G2" and t.false_claim_outcome().game_points == 3


def test_enabled_and_disabled_buttons_look_different() -> None:
    w = _after_a_won_trick()
    buttons = (w.marriage20_button, w.marriage40_button, w.exchange_button, w.close_button,
               w.claim_button)
    assert any(not b.disabled for b in buttons) and any(b.disabled for b in buttons)
    for b in buttons:
        assert (b.button_style == "") == b.disabled, b.description


def test_the_felt_shows_the_trump_after_closing() -> None:
    w = PracticeTable("heuristic", pause=0, seed=1)
    w.take_over(_record([]), 0, "A")
    assert 'data-trump="C"' in w.hand.felt
    w.close_button.click()
    assert w.table.position.closed_by == 0
    felt = w.hand.felt
    assert "indicator turned down" in felt and 'data-trump="C"' in felt and "♣" in felt


def test_one_trick_is_singular() -> None:
    w = _after_a_won_trick()
    shown = w.hand.felt + w.scores.value
    assert "1 trick" in shown and "1 tricks" not in shown and "0 tricks" in shown


def test_table_texts_write_cards_as_printed() -> None:
    w = _following_after_closing()
    w.hand.click(Card.KD)
    shown: list[str] = [w.hand.felt, w.messages_html.value, w.header.value]
    shown += [e.text for e in w.messages]
    text = re.sub(r"<[^>]+>", " ", " ".join(shown))
    assert "A♥" in text and not re.search(r"\bT[♣♦♥♠]|\b[AKQJT][CDHS]\b", text)


def _layout(widget: Any) -> tuple[str, str, str]:
    return (widget.layout.width, widget.layout.min_width, widget.layout.max_width)


def test_the_table_has_a_fixed_width() -> None:
    w = PracticeTable("heuristic", pause=0, seed=1)
    left = next(c for c in w.children[2].children if "sl-table-panel" in c._dom_classes)
    assert len(set(_layout(left))) == 1 and _layout(left)[0].endswith("px")
    assert len(set(_layout(w.hand))) == 1
