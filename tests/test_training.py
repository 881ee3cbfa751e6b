"""Training exercises: counting questions checked against the knowledge model, closing."""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.advisor import advise
from schnapsen_lab.cards import CARDS, PACK20, Card
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import CLOSE, STRICT, Seat
from schnapsen_lab.psn import Record
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.training import (
    RESULT_COLUMNS,
    AnswerLog,
    Ask,
    CountingItem,
    Tally,
    check_answer,
    closing_exercises,
    counting_questions,
    counting_quiz,
    counting_steps,
    explain,
    judge_closing,
    load_results,
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
    outside = next(c for c in PACK20.cards if c not in unknown.answer)
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
    quiz = CountingQuiz(items)
    quiz.watch_to_stop()
    return quiz, items


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


# -- counting from the play (issue 50 §1) --------------------------------------------------------

_CARD = re.compile(r'data-card="(\w\w)"')


def test_a_deal_is_watched_from_the_deal_to_each_stop() -> None:
    """Every stop of a deal is watched from the one before it, the first from the deal as
    dealt, all from one seat; a stop comes after a trick the one before did not."""
    recs = _records(80, seed=4)
    for stops in (1, 3):
        items = counting_quiz(recs, count=30, seed=2, stops=stops)
        assert len(items) == 30
        last: dict[int, Any] = {}
        for item in items:
            before = last.get(id(item.record))
            if before is None:
                assert item.watch_from == 0
            else:
                assert item.watch_from == before.step and item.seat == before.seat
                assert (item.record.positions()[item.step].tricks_played
                        > before.record.positions()[before.step].tricks_played)
            assert item.watch == range(item.watch_from, item.step + 1)
            last[id(item.record)] = item
        if stops == 3:
            assert max(sum(1 for i in items if i.record is r.record) for r in items) == 3


def _watched(records: list[Record], stops: int, **quiz: Any) -> list[tuple[Any, dict[int, str]]]:
    """Each quiz item with the table the quiz showed at each step of the deal up to it
    (its own watch and the watches of the deal's stops before it), watched one step at
    a time; checks that the questions, the tallies and the counting panel stay hidden
    until the stop."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import CountingQuiz

    items = counting_quiz(records, count=8, seed=5, stops=stops)
    widget = CountingQuiz(items, **quiz)
    out = []
    frames: dict[int, dict[int, str]] = {}
    for n, item in enumerate(items):
        assert widget.index == n
        seen = frames.setdefault(id(item.record), {})
        while True:
            seen[widget.shown_step] = widget.table.value
            if widget.at_stop:
                break
            assert widget.questions_box.layout.display == "none"
            assert widget.tallies.value == "" and widget.counting.value == ""
            assert widget.side.layout.display == "none"
            assert widget.check() == []
            widget.step()
        assert widget.questions_box.layout.display is None
        assert widget.tallies.value == ""  # still hidden while answering
        out.append((item, dict(seen)))
        widget.answer({Ask.MY_SCORE: "0", Ask.OPPONENT_SCORE: "0", Ask.TRUMPS_OUT: "0",
                       Ask.UNKNOWN: "none"})
        widget.next()
    return out


def test_every_answer_rests_on_what_the_watch_showed() -> None:
    """The unknown cards and the trumps out leave out only cards the watch showed on the
    table (in the hand, played, the indicator, known in his hand), and each score adds
    the tricks the watch showed being won, with their cards on the table at that step,
    and the marriages announced in it."""
    for stops in (1, 3):
        for item, frames in _watched(_records(40, seed=6), stops):
            assert set(frames) == set(range(item.step + 1))  # every step from the deal
            shown = {Card[m] for html in frames.values() for m in _CARD.findall(html)}
            for q in item.questions:
                reasons = explain(item, q)
                assert all(0 <= r.step <= item.step for r in reasons)
                if q.ask in (Ask.UNKNOWN, Ask.TRUMPS_OUT):
                    assert isinstance(q.answer, frozenset)
                    trump = item.record.positions()[item.step].trump_suit
                    pool = {c for c in PACK20.cards if q.ask is Ask.UNKNOWN or c.suit == trump}
                    assert pool - q.answer <= shown, (q.ask, pool - q.answer - shown)
                    k = [r.kind for r in reasons].index("answer")
                    told = {c for r in reasons[:k] for c in r.cards}
                    assert told == pool - q.answer and reasons[k].cards == tuple(sorted(q.answer))
                else:
                    assert sum(r.points for r in reasons) == q.answer
                    for r in reasons:
                        if r.kind == "trick":
                            on_table = {Card[m] for m in _CARD.findall(frames[r.step])}
                            assert set(r.cards) <= on_table
                    assert reasons[-1].kind == "total" and str(q.answer) in reasons[-1].text


def test_the_watch_turns_his_tricks_down_where_the_rules_do() -> None:
    """Under the strict profile the learner may not look through the opponent's won
    tricks (K1): during the watch they lie face down on the table."""
    rng = random.Random(9)
    recs = [random_record(rng, STRICT) for _ in range(30)]
    down = 0
    for _item, frames in _watched(recs, 1):
        down += sum(html.count("sl-won-down") for html in frames.values())
    assert down > 0


def test_after_answering_the_replay_explains_each_answer() -> None:
    """Once every question is answered, the replay of the deal up to the stop opens with
    the tallies and the counting panel; each answer's reasons name the tricks, and
    picking one shows its step."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import CountingQuiz

    items = counting_quiz(_records(30), count=2, seed=1)
    quiz = CountingQuiz(items)
    assert not quiz.explained and quiz.explain_box.layout.display == "none"
    qs = {q.ask: q for q in items[0].questions}
    quiz.answer({Ask.MY_SCORE: str(qs[Ask.MY_SCORE].answer)})
    assert not quiz.explained  # three questions still open
    quiz.answer({Ask.OPPONENT_SCORE: "999", Ask.TRUMPS_OUT: "0", Ask.UNKNOWN: "none"})
    assert quiz.explained and quiz.explain_box.layout.display is None
    assert "sl-tallies" in quiz.tallies.value and "sl-count" in quiz.counting.value
    text = quiz.explanation()
    assert f"your score: {qs[Ask.MY_SCORE].answer} ✔" in text
    assert "your opponent's score" in text and "✘" in text
    assert "trick 1: " in text and "played, trick 1: " in text
    labels = [label for label, _ in quiz.reason_list.options]
    first_trick = next(i for i, t in enumerate(labels) if "trick 1:" in t)
    step = int(re.search(r"step (\d+)", labels[first_trick]).group(1))  # type: ignore[union-attr]
    assert step < items[0].step
    quiz.reason_list.value = quiz.reason_list.options[first_trick][1]
    assert quiz.shown_step == step and quiz.slider.value == step
    assert f'data-step="{step}"' in quiz.table.value
    assert "sl-tallies" in quiz.tallies.value
    quiz.slider.value = items[0].step
    assert quiz.shown_step == items[0].step
    quiz.next()  # the next position is watched again, the tallies hidden
    assert not quiz.explained and quiz.tallies.value == "" and not quiz.at_stop


def test_results_are_a_table_and_a_csv_file(tmp_path: Path) -> None:
    """Every answer is a row (position, question, answer, expected, right or wrong,
    seconds taken); saved as CSV and read back, a class's files make one table."""
    pytest.importorskip("ipywidgets")
    pd = pytest.importorskip("pandas")
    from schnapsen_lab.widgets.training import CountingQuiz

    items = counting_quiz(_records(30), count=2, seed=1)
    sheets = []
    for student, wrong in (("Anna", False), ("Bert", True)):
        quiz = CountingQuiz(items, student=student)
        qs = {q.ask: q for q in items[0].questions}
        quiz.answer({Ask.MY_SCORE: "999" if wrong else str(qs[Ask.MY_SCORE].answer),
                     Ask.UNKNOWN: "none"})
        quiz.next()
        quiz.answer({Ask.TRUMPS_OUT: "0"})
        df = quiz.results()
        assert tuple(df.columns) == RESULT_COLUMNS
        assert list(df["position"]) == [1, 1, 2]
        assert list(df["question"]) == ["my_score", "unknown", "trumps_out"]
        assert df["student"].eq(student).all() and df["trainer"].eq("counting").all()
        assert list(df["step"]) == [items[0].step, items[0].step, items[1].step]
        assert df.loc[0, "correct"] == (not wrong)
        assert df.loc[0, "expected"] == str(qs[Ask.MY_SCORE].answer)
        assert df.loc[0, "answer"] == ("999" if wrong else str(qs[Ask.MY_SCORE].answer))
        assert (df["seconds"] >= 0).all()
        path = quiz.save_results(tmp_path / f"{student}.csv")
        pd.testing.assert_frame_equal(load_results(path), df)
        sheets.append(path)
    both = load_results(*sheets)
    assert len(both) == 6 and list(both["student"]) == ["Anna"] * 3 + ["Bert"] * 3
    assert both.groupby("student")["correct"].sum().to_dict() == {
        "Anna": int(both[both.student == "Anna"].correct.sum()),
        "Bert": int(both[both.student == "Bert"].correct.sum())}
    assert tuple(load_results().columns) == RESULT_COLUMNS


def test_an_answer_log_counts_seconds_from_the_question() -> None:
    now = [100.0]
    log = AnswerLog("counting", "Anna", clock=lambda: now[0])
    now[0] = 103.0
    log.shown()
    now[0] = 110.0
    row = log.add(1, 12, "unknown", "A♥", "A♥ 10♣", False)
    assert row["seconds"] == 7.0
    assert log.frame().loc[0, "question"] == "unknown"


def test_the_closing_trainer_keeps_its_answers_the_same_way() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import ClosingTrainer, KeepsResults

    ex = closing_exercises(_records(60, seed=2), count=2, seed=1, max_talon=4)
    trainer = ClosingTrainer(ex, samples=3, student="Anna")
    assert isinstance(trainer, KeepsResults)
    fb = trainer.choose("close")
    df = trainer.results()
    assert tuple(df.columns) == RESULT_COLUMNS and len(df) == 1
    row = df.iloc[0]
    assert (row.trainer, row.position, row.step, row.question, row.answer) == (
        "closing", 1, ex[0].step, "close", "close")
    assert row.expected == fb.best and bool(row.correct) == fb.correct


def test_the_trainers_do_not_import_pandas_before_results_are_asked() -> None:
    code = ("import sys; import schnapsen_lab.training; "
            "print('pandas' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=False)
    assert r.stdout.strip() == "False", r.stderr


def test_notebook_02_runs_without_driving_the_learners_quiz() -> None:
    """Run All leaves the learner's quiz (cell ``quiz = CountingQuiz(...)``) at its first
    position, before its stop, unanswered: the code demonstrations use their own quiz."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebooks = Path(__file__).resolve().parent.parent / "notebooks"
    nb = nbformat.read(notebooks / "02-counting.ipynb", as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(
        "print(quiz.index, quiz.shown_step == quiz.item.watch_from, quiz.at_stop, str(quiz.tally),"
        " len(quiz.results()), quiz.questions_box.layout.display)"))
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=False,
                            resources={"metadata": {"path": str(notebooks)}}).execute()
    out = "".join(o.get("text", "") for o in nb.cells[-1].outputs).strip()
    assert out == "0 True False 0 / 0 0 none"


def test_the_watch_does_not_go_back() -> None:
    """Stopping the player (its value back to the first step) leaves the table where
    the watch is: the learner counts from memory, as at the table."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import CountingQuiz

    quiz = CountingQuiz(counting_quiz(_records(30), count=1, seed=1))
    quiz.step()
    quiz.step()
    assert quiz.shown_step == 2
    quiz.play.value = 0  # the Play widget's stop button
    assert quiz.shown_step == 2 and quiz.play.value == 2
    quiz.play.value = 3
    assert quiz.shown_step == 3 and 'data-step="3"' in quiz.table.value
