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


def _score_cells(w: PracticeTable) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in
            re.findall(r'class="sl-score-value"[^>]*>(.*?)</td>', w.scores.value)]


def test_the_scores_are_shown_only_when_asked() -> None:
    """During the deal the table shows no score, the student's own neither: a player at
    the table counts them (issue 50). The switch shows both, and the pending marriages;
    it starts on in the teacher's mode; at the end of the deal they are shown."""
    w = _after_a_won_trick()
    assert w.table.position.scores[0] > 0
    assert not w.show_tallies and _score_cells(w) == ["?", "?"]
    assert "sl-show-tallies" in w.tallies_box._dom_classes
    assert w.tallies_box.description == "show the scores"
    w.tallies_box.value = True  # the switch, as a click sets it
    a, b = w.table.position.scores
    assert _score_cells(w) == [str(a), str(b)]
    w.show_tallies = False
    assert _score_cells(w) == ["?", "?"]
    teacher = PracticeTable("heuristic", pause=0, seed=1, show_reasons=True)
    assert teacher.show_tallies and "?" not in _score_cells(teacher)
    assert PracticeTable("heuristic", pause=0, seed=1, all_scores=True).show_tallies
    assert not PracticeTable("heuristic", pause=0, seed=1, show_reasons=True,
                             show_tallies=False).show_tallies
    w.claim_button.click()
    w.confirm_button.click()
    assert w.table.finished and "?" not in _score_cells(w)


def test_the_bot_decides_in_the_background_and_the_table_says_who_is_thinking() -> None:
    """With a pause (a table for people) a click returns at once: the bot decides in the
    bots' thread while the table says "Bert is thinking…" and takes no other action; then
    it plays and the student's turn comes back (issue 50: 2.6-5.0 s without a word)."""
    import time

    w = PracticeTable("heuristic", pause=1.0, seed=1, background=True)
    w.wait(30)
    w.take_over(_record([]), 0, "A")
    w.wait(30)
    assert w.table.students_turn and not w.busy
    start = time.perf_counter()
    w.hand.click(Card.AS)
    assert time.perf_counter() - start < 0.8  # the click does not wait for the bot
    assert w.busy and w.thinking == "Bert"
    assert 'class="sl-thinking"' in w.hand.felt and "Bert is thinking…" in w.hand.felt
    n = len(w.table.actions)
    w.hand.click(Card.AH)  # not the student's card to play while the bot decides
    assert len(w.table.actions) in (n, n + 1)
    w.wait(30)
    assert not w.busy and w.thinking == ""
    assert "sl-thinking" not in w.hand.felt
    assert w.table.position.tricks_played == 1 and len(w.table.actions) == n + 1
    assert w.table.students_turn or w.table.finished
    assert any(e.seat == Seat.B for e in w.messages)
    # an action from Python while the bot thinks comes after its answer
    w.hand.click(next(iter(w.hand.pickable)))
    assert w.busy
    w.take_over(_record([]), 0, "B")
    assert not w.busy or w.table.seat is Seat.B
    w.wait(30)
    assert w.table.seat is Seat.B and len(w.table.actions) >= 1


def test_without_a_pause_the_bot_answers_before_the_click_returns() -> None:
    w = PracticeTable("heuristic", pause=0, seed=1)
    assert not w.background
    w.take_over(_record([]), 0, "A")
    w.hand.click(Card.AS)
    assert not w.busy and w.table.position.tricks_played == 1


def test_the_bot_is_warmed_up_in_the_thread_it_decides_in() -> None:
    """When the table opens, the bot pays in the bots' thread what its first decision
    would pay once (the solver's tables are one a thread), and decides there later."""
    import threading

    threads: dict[str, str] = {}

    class Watched(Table):
        def warm_up(self) -> None:
            threads["warm_up"] = threading.current_thread().name
            super().warm_up()

        def bot_step(self) -> Any:
            threads["decides"] = threading.current_thread().name
            return super().bot_step()

    t = Watched("strong", seed=1, auto_bots=False)
    w = PracticeTable(table=t, pause=0.1, background=True)
    w.wait(60)
    w.take_over(_record([]), 0, "A")
    w.hand.click(Card.AS)
    w.wait(60)
    assert threads["warm_up"] == threads["decides"]
    assert threads["warm_up"].startswith("schnapsen-lab-bots")
    assert threads["warm_up"] != threading.current_thread().name
