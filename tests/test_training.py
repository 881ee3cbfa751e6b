"""Training exercises: counting questions checked against the knowledge model, closing."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.advisor import advise
from schnapsen_lab.cards import CARDS, Card
from schnapsen_lab.games.schnapsen.knowledge import view
from schnapsen_lab.games.schnapsen.rules import CLOSE, Seat
from schnapsen_lab.psn import Record
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.training import (
    Ask,
    CountingItem,
    Tally,
    check_answer,
    closing_exercises,
    counting_questions,
    counting_quiz,
    counting_steps,
    judge_closing,
    parse_answer,
)


def _records(n: int, seed: int = 1) -> list[Record]:
    rng = random.Random(seed)
    return [random_record(rng) for _ in range(n)]


def test_questions_follow_the_knowledge_model() -> None:
    rec = next(r for r in _records(30) if counting_steps(r))
    step, seat = counting_steps(rec)[0]
    pos = rec.positions()[step]
    v = view(pos, seat)
    qs = {q.ask: q for q in counting_questions(pos, step, seat)}
    assert qs[Ask.MY_SCORE].answer == pos.score(seat)
    assert qs[Ask.OPPONENT_SCORE].answer == pos.score(1 - seat)
    assert qs[Ask.TRUMPS_OUT].answer == frozenset(v.trumps_out)
    assert qs[Ask.UNKNOWN].answer == frozenset(CARDS[c] for c in range(20) if v.unknown >> c & 1)
    for q in qs.values():
        assert q.step == step and q.seat == seat and q.prompt


def test_right_and_wrong_answers() -> None:
    rec = next(r for r in _records(30) if counting_steps(r))
    step, seat = counting_steps(rec)[-1]
    pos = rec.positions()[step]
    qs = {q.ask: q for q in counting_questions(pos, step, seat)}
    mine = qs[Ask.MY_SCORE]
    assert check_answer(mine, str(mine.answer)).correct
    assert check_answer(mine, mine.answer).correct
    assert isinstance(mine.answer, int)
    wrong = check_answer(mine, mine.answer + 3)
    assert not wrong.correct and str(mine.answer) in wrong.message
    unknown = qs[Ask.UNKNOWN]
    assert isinstance(unknown.answer, frozenset)
    cards = sorted(unknown.answer)
    assert check_answer(unknown, " ".join(str(c) for c in reversed(cards))).correct
    if cards:
        fb = check_answer(unknown, [str(c) for c in cards[1:]])
        assert not fb.correct and fb.missing == (cards[0],)
    outside = next(c for c in Card if c not in unknown.answer)
    fb = check_answer(unknown, [*cards, outside])
    assert not fb.correct and fb.extra == (outside,)
    trumps = qs[Ask.TRUMPS_OUT]
    assert isinstance(trumps.answer, frozenset)
    assert check_answer(trumps, len(trumps.answer)).correct
    assert check_answer(trumps, str(len(trumps.answer))).correct
    bad = check_answer(mine, "lots")
    assert bad.error is not None and not bad.correct


def test_tally() -> None:
    rec = next(r for r in _records(30) if counting_steps(r))
    step, seat = counting_steps(rec)[0]
    q = counting_questions(rec.positions()[step], step, seat, [Ask.MY_SCORE])[0]
    t = Tally()
    t = t.add(check_answer(q, q.answer))
    t = t.add(check_answer(q, 999))
    t = t.add(check_answer(q, "not a number"))
    assert (t.right, t.asked) == (1, 2) and str(t) == "1 / 2"


def test_parse_answer() -> None:
    assert parse_answer(Ask.UNKNOWN, "AH, 10C ks") == frozenset(
        {Card.AH, Card.TC, Card.KS})
    assert parse_answer(Ask.UNKNOWN, "none") == frozenset()
    assert parse_answer(Ask.MY_SCORE, " 42 ") == 42
    with pytest.raises(ValueError):
        parse_answer(Ask.UNKNOWN, "XY")
    with pytest.raises(ValueError):
        parse_answer(Ask.UNKNOWN, 3)


def test_quiz_is_reproducible() -> None:
    recs = _records(40)
    one = counting_quiz(recs, count=5, seed=3)
    two = counting_quiz(recs, count=5, seed=3)
    assert len(one) == 5
    assert [(i.record.deck, i.step, i.seat) for i in one] == [
        (i.record.deck, i.step, i.seat) for i in two]
    for item in one:
        assert item.record.positions()[item.step].to_move == item.seat
        assert item.record.positions()[item.step].tricks_played >= 2


def test_closing_exercises_and_judgement() -> None:
    recs = _records(60, seed=2)
    ex = closing_exercises(recs, count=3, seed=1, max_talon=4)
    assert ex
    for e in ex:
        pos = e.position
        assert CLOSE in pos.legal_actions() and pos.leader == e.seat and e.talon <= 4
        assert e.closed == (e.record.moves[e.step].action == CLOSE)
    advice = advise(ex[0].position, samples=4)
    a = judge_closing("close", advice)
    b = judge_closing("play on", advice)
    assert a.best == b.best
    if advice.verdict in ("close", "play on"):
        assert a.correct != b.correct
    assert "closing with the best plan is sure to win" in a.message
    assert a.close_expected == advice.close.mean
    assert a.close_double_dummy == advice.close_double_dummy.mean >= a.close_expected
    with pytest.raises(ValueError):
        judge_closing("maybe", advice)


def test_a_bundled_study_record_gives_questions() -> None:
    recs = list(psn.read(Path(__file__).parent.parent / "records/study/small-match.psn"))
    items = counting_quiz(recs, count=2, seed=0)
    assert items and all(len(i.questions) == 4 for i in items)
    assert all(i.seat in (Seat.A, Seat.B) for i in items)


def test_counting_quiz_widget() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import CountingQuiz

    items = counting_quiz(_records(30), count=2, seed=1)
    quiz = CountingQuiz(items)
    qs = {q.ask: q for q in quiz.item.questions}
    fbs = quiz.answer({Ask.MY_SCORE: str(qs[Ask.MY_SCORE].answer),
                       Ask.OPPONENT_SCORE: "999"})
    assert [f.correct for f in fbs] == [True, False]
    assert str(quiz.tally) == "1 / 2"
    assert "✔" in quiz.feedback[Ask.MY_SCORE].value
    assert "✘" in quiz.feedback[Ask.OPPONENT_SCORE].value
    quiz.next()
    assert quiz.index == 1 and quiz.inputs[Ask.MY_SCORE].value == ""
    assert str(quiz.tally) == "1 / 2"
    # the table shows the won tricks the player may look through (K1), as 02 says
    assert "sl-table" in quiz.table.value and "sl-won-tricks" in quiz.table.value
    assert "sl-won-tricks" not in CountingQuiz(items, show_won_tricks=False).table.value


def _quiz(count: int = 2) -> tuple[Any, list[CountingItem]]:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import CountingQuiz

    items = counting_quiz(_records(30), count=count, seed=1)
    return CountingQuiz(items), items


def test_quiz_counts_one_answer_a_question() -> None:
    quiz, _ = _quiz()
    qs = {q.ask: q for q in quiz.item.questions}
    right, wrong = str(qs[Ask.MY_SCORE].answer), "999"
    quiz.inputs[Ask.MY_SCORE].value = right
    quiz.inputs[Ask.OPPONENT_SCORE].value = wrong
    for _ in range(4):  # pressing Check again does not count the same answers again
        quiz.check_button.click()
    assert str(quiz.tally) == "1 / 2"
    assert quiz.inputs[Ask.MY_SCORE].disabled
    assert quiz.answer({Ask.MY_SCORE: right, Ask.OPPONENT_SCORE: right}) == []
    assert str(quiz.tally) == "1 / 2"


def test_quiz_empty_and_unreadable_answers_get_feedback() -> None:
    quiz, _ = _quiz()
    assert quiz.check() == []
    for ask in Ask:
        assert "No answer yet" in quiz.feedback[ask].value
    assert str(quiz.tally) == "0 / 0"
    quiz.inputs[Ask.MY_SCORE].value = "lots"
    quiz.check()
    assert "Could not read" in quiz.feedback[Ask.MY_SCORE].value
    assert not quiz.inputs[Ask.MY_SCORE].disabled  # try again
    assert str(quiz.tally) == "0 / 0"


def test_quiz_ends_with_a_summary_then_starts_again() -> None:
    quiz, items = _quiz(count=2)
    q0 = {q.ask: q for q in items[0].questions}
    quiz.answer({Ask.MY_SCORE: str(q0[Ask.MY_SCORE].answer),
                 Ask.OPPONENT_SCORE: "999"})
    quiz.next()
    assert quiz.index == 1 and quiz.next_button.description == "See your score"
    q1 = {q.ask: q for q in items[1].questions}
    quiz.answer({Ask.TRUMPS_OUT: str(len(q1[Ask.TRUMPS_OUT].answer))})
    quiz.next()  # after the last position: no wrap, a summary
    assert quiz.finished and quiz.index == 1
    summary = quiz.summary.value
    assert "Quiz done: 2 of 8 answers right" in summary
    missed = quiz.missed()
    assert [(n, q.ask) for n, q, _ in missed] == [
        (1, Ask.OPPONENT_SCORE), (1, Ask.TRUMPS_OUT), (1, Ask.UNKNOWN),
        (2, Ask.MY_SCORE), (2, Ask.OPPONENT_SCORE), (2, Ask.UNKNOWN)]
    assert summary.count("<li>") == 6 and "you said 999" in summary
    assert "not answered" in summary
    assert quiz.questions_box.layout.display == "none"
    assert quiz.check_button.disabled
    quiz.next()  # start again: position 1, a new score
    assert not quiz.finished and quiz.index == 0 and str(quiz.tally) == "0 / 0"
    assert quiz.inputs[Ask.MY_SCORE].value == "" and not quiz.inputs[Ask.MY_SCORE].disabled


def test_quiz_feedback_writes_cards_as_printed() -> None:
    quiz, items = _quiz()
    q = next(q for q in items[0].questions if q.ask is Ask.UNKNOWN)
    assert isinstance(q.answer, frozenset) and q.answer
    fb = quiz.answer({Ask.UNKNOWN: "none"})[0]
    assert not fb.correct and fb.missing
    shown = quiz.feedback[Ask.UNKNOWN].value
    for c in fb.missing:
        rank = "10" if c.name[0] == "T" else c.name[0]
        assert rank + c.suit.symbol in shown
    assert not re.search(r"\b[AKQJT][CDHS]\b|\bT[♣♦♥♠]", shown)


def test_closing_trainer_widget() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import ClosingTrainer

    ex = closing_exercises(_records(60, seed=2), count=2, seed=1, max_talon=4)
    trainer = ClosingTrainer(ex, samples=3)
    fb = trainer.choose("play on")
    assert trainer.advice is not None and trainer.asked == 1
    assert trainer.right == int(fb.correct)
    assert "sl-closing-advice" in trainer.result.value
    assert "close, seeing every card" in trainer.result.value
    assert ("sl-closing-plan" in trainer.result.value) == (trainer.advice.plan is not None)
    assert trainer.close_button.disabled
    trainer.next()
    assert trainer.advice is None and not trainer.close_button.disabled


def test_the_advice_shows_the_plan_as_a_tree_in_the_language_spoken() -> None:
    """The study deal where the two numbers differ: both rows, the plan (the lead, then
    the next play after his answer, indented), the one hand that beats it marked as won
    seeing every card; in German too."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.i18n import language
    from schnapsen_lab.widgets.training import advice_html, plan_html

    rec = next(psn.read(Path(__file__).resolve().parent.parent / "records" / "study"
                        / "closing-guess.psn"))
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    advice = advise(rec.positions()[step], samples=8, seed=0)
    assert advice.plan is not None
    with language("en"):
        html = advice_html(advice)
        tree = plan_html(advice.plan)
    assert "close, the best plan" in html and "close, seeing every card" in html
    assert "83%" in html and "100%" in html and "+1.33" in html and "+2.00" in html
    assert html.count('class="sl-closing-guess"') == 1
    steps = re.findall(r'margin-left:(\d+)px">(.*?)</(?:div|summary)>', tree)
    assert [int(m) for m, _ in steps] == [0, 18]
    assert steps[0][1].startswith("play ") and "A" in steps[0][1] and "♦" in steps[0][1]
    assert steps[1][1].startswith("if he plays ") and ": play " in steps[1][1]
    with language("de"):
        german = advice_html(advice)
    assert "zudrehen, jede Karte sehend" in german and "Der Plan nach dem Zudrehen" in german
    assert "spiel " in german and "legt er " in german and "play " not in german


def test_a_plan_cut_short_by_the_work_budget_is_not_called_the_best() -> None:
    """When the plan search stops at its work budget, the trainer's sentence speaks of
    the plan found and says a better one may exist (in German too); searched to the end,
    it speaks of the best plan."""
    from schnapsen_lab.i18n import language

    rec = list(itertools.islice(psn.read(Path(__file__).resolve().parent.parent / "records"
                                         / "heuristic-vs-heuristic.psn"), 2))[-1]
    pos = rec.positions()[2]
    full = advise(pos, samples=4, exchange_first=False, budget=0)
    cut = advise(pos, samples=4, exchange_first=False, budget=1)
    assert full.exact and not cut.exact
    with language("en"):
        whole = judge_closing("close", full).message
        short = judge_closing("close", cut).message
    assert "closing with the best plan is sure to win" in whole
    assert "plan found (a better one may exist)" not in whole
    assert "closing with the plan found (a better one may exist) is sure to win" in short
    assert "best plan" not in short
    with language("de"):
        german = judge_closing("close", cut).message
    assert "mit dem gefundenen Plan (ein besserer ist möglich)" in german
