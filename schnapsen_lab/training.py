"""Training exercises: counting quizzes and closing decisions, as pure functions.

Counting: at a chosen step of a real record the tallies are hidden and the student, in
one player's seat, answers what that player should know (RULES.md K2): their own score,
the opponent's score, the trumps still out, and the unknown cards (those that may be in
the opponent's hand or in the talon). :func:`counting_questions` makes the questions,
:func:`check_answer` checks an answer against the knowledge model
(:func:`schnapsen_lab.games.twohand.knowledge.view`), and :class:`Tally` keeps the running score::

    from schnapsen_lab import training
    items = training.counting_quiz(records, count=5, seed=1)
    q = items[0].questions[0]
    fb = training.check_answer(q, "34")
    print(fb.message)

The learner watches the deal from that seat up to the question (:attr:`CountingItem.watch`:
from the deal, or from the previous stop of the same deal), and after answering
:func:`explain` tells where each answer comes from (which cards, which trick, at which
step). Several stops a deal come with ``counting_quiz(..., stops=3)``.

Every quiz and trainer keeps its answers in an :class:`AnswerLog` (position, question,
answer, expected, right or wrong, seconds taken): ``log.frame()`` is a pandas table,
``log.save(path)`` a CSV file, and :func:`load_results` puts a class's files together.

Closing: :func:`closing_exercises` finds leads of real records where closing was legal;
the student chooses ``close`` or ``play on`` and :func:`judge_closing` compares the
choice with the closing advisor's numbers (:mod:`schnapsen_lab.advisor`): closing is
judged by what its best plan is sure to achieve, not by what seeing every card would
give.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import SUIT_OF, Card, cards_in, parse_card
from .games.twohand.knowledge import view
from .games.twohand.rules import CLOSE, EXCHANGE, Position, Seat
from .i18n import C_, N_, NP_, Plurals, Texts
from .notation import action_text, cards_text, suit_name
from .numbers import number
from .psn import Record
from .replay import Replay
from .scope import analysis_refusal

if TYPE_CHECKING:
    import pandas as pd

    from .advisor import ClosingAdvice

__all__ = [
    "RESULT_COLUMNS",
    "AnswerLog",
    "Ask",
    "ClosingExercise",
    "ClosingFeedback",
    "CountingItem",
    "Feedback",
    "Question",
    "Reason",
    "Tally",
    "bummerl_note",
    "check_answer",
    "choice_text",
    "closing_exercises",
    "counting_questions",
    "counting_quiz",
    "counting_steps",
    "explain",
    "judge_closing",
    "load_results",
    "parse_answer",
    "prompt",
]


class Ask(Enum):
    """What a counting question asks."""

    MY_SCORE = "my_score"
    OPPONENT_SCORE = "opponent_score"
    TRUMPS_OUT = "trumps_out"
    UNKNOWN = "unknown"


#: Every text of the counting exercises, as format strings (cards in the display
#: notation of :mod:`schnapsen_lab.notation`).
TEXT = Texts({
    "ask.my_score": N_("Your score (card points of your tricks plus your marriages that count)?"),
    "ask.opponent_score": N_("Your opponent's score?"),
    "ask.trumps_out": N_("Which trumps are still out (not played, not in your hand, not the "
                         "face-up indicator)? A number is accepted too."),
    "ask.unknown": N_("Which cards could be in your opponent's hand or in the talon, "
                      "without your knowing which (leave out cards you know they hold)?"),
    "unreadable": N_("Could not read the answer: {error}"),
    "right": N_("Right: {expected}."),
    "wrong": N_("Not quite: the answer is {expected} (you said {given})."),
    "missing": N_("Missing: {cards}."),
    "extra": N_("Not out: {cards}."),
    "empty": N_("No answer yet: type one, then press Check."),
    "none": C_("no cards", "none"),
    "not_a_number": N_("{text!r} is not a number"),
    "no_bool": N_("give a number or cards, not True/False"),
    "name_cards": N_("name the cards (e.g. 'AH 10C QS')"),
    # the closing trainer
    "choose": N_("choose 'close' or 'play on', not {choice!r}"),
    "choice.close": C_("after 'You chose to'", "close the talon"),
    "choice.play_on": C_("after 'You chose to'", "play on"),
    "verdict.either": N_("Both are worth about the same"),
    "verdict.close_call": N_("Too close to call with this many samples"),
    "verdict.right": N_("Right"),
    "verdict.wrong": N_("The advisor disagrees"),
    "closing.seeing": N_("; seeing every card, closing would win {chance}, {close}: no "
                         "player can collect that"),
})

PLURALS = Plurals({
    "closing.numbers": NP_(
        "{why}: closing with the best plan is sure to win {chance} of the {n} possible hand "
        "({close} game points on average{seeing}); playing on ({action}) is worth {play} "
        "[{low}, {high}].",
        "{why}: closing with the best plan is sure to win {chance} of the {n} possible hands "
        "({close} game points on average{seeing}); playing on ({action}) is worth {play} "
        "[{low}, {high}]."),
    "closing.numbers_found": NP_(
        "{why}: closing with the plan found (a better one may exist) is sure to win {chance} "
        "of the {n} possible hand ({close} game points on average{seeing}); playing on "
        "({action}) is worth {play} [{low}, {high}].",
        "{why}: closing with the plan found (a better one may exist) is sure to win {chance} "
        "of the {n} possible hands ({close} game points on average{seeing}); playing on "
        "({action}) is worth {play} [{low}, {high}]."),
    "closing.played": NP_(
        "Played out by strong players who do not see each other's cards, in the same "
        "{n} sampled world: closing {close}, playing on {play}; the verdict uses these.",
        "Played out by strong players who do not see each other's cards, in the same "
        "{n} sampled worlds: closing {close}, playing on {play}; the verdict uses these."),
})
"""Texts that depend on a number."""

_TRUMP_COUNT = "{n} ({cards})"


def prompt(ask: Ask) -> str:
    """The question ``ask`` in the language spoken."""
    return TEXT[f"ask.{ask.value}"]


def choice_text(choice: str) -> str:
    """A closing choice (``close`` or ``play on``) in the language spoken."""
    return TEXT["choice.close" if choice == "close" else "choice.play_on"]


@dataclass(frozen=True, slots=True)
class Question:
    """One counting question at the position after ``step`` actions of a record, put to
    ``seat``; ``answer`` is what the knowledge model says (a number or a set of cards)."""

    ask: Ask
    prompt: str
    answer: int | frozenset[Card]
    step: int
    seat: Seat

    @property
    def wants_cards(self) -> bool:
        """Whether the answer is a set of cards."""
        return isinstance(self.answer, frozenset)

    @property
    def answer_text(self) -> str:
        """The expected answer as text (cards in card order, as printed: ``10♥``)."""
        return _text(self.answer)


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one answer, with what was missing or wrong for card sets."""

    question: Question
    correct: bool
    given: str
    expected: str
    missing: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    error: str | None = None

    @property
    def message(self) -> str:
        """One line for the student."""
        if self.error is not None:
            return TEXT["unreadable"].format(error=self.error)
        if self.correct:
            return TEXT["right"].format(expected=self.expected)
        parts = [TEXT["wrong"].format(expected=self.expected, given=self.given)]
        if self.missing:
            parts.append(TEXT["missing"].format(cards=cards_text(self.missing)))
        if self.extra:
            parts.append(TEXT["extra"].format(cards=cards_text(self.extra)))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Tally:
    """A running score: answers right out of answers given."""

    right: int = 0
    asked: int = 0

    def add(self, feedback: Feedback) -> Tally:
        """The tally after one more answer (an unreadable answer does not count)."""
        if feedback.error is not None:
            return self
        return Tally(self.right + feedback.correct, self.asked + 1)

    def __str__(self) -> str:
        return f"{self.right} / {self.asked}"


@dataclass(frozen=True, slots=True)
class CountingItem:
    """The questions at one step of one record, put to ``seat`` after watching the deal
    from that seat since ``watch_from`` (0: the deal as dealt; a later stop of the same
    deal: the stop before it, watched already)."""

    record: Record
    step: int
    seat: Seat
    questions: tuple[Question, ...]
    watch_from: int = 0

    @property
    def watch(self) -> range:
        """The steps the learner watches before the questions, the stop included."""
        return range(self.watch_from, self.step + 1)


def _text(value: int | frozenset[Card]) -> str:
    if isinstance(value, int):
        return str(value)
    return cards_text(sorted(value)) or TEXT["none"]


_SPLIT = re.compile(r"[\s,;]+")


def parse_answer(ask: Ask, answer: str | int | Iterable[Card | str]) -> int | frozenset[Card]:
    """Read an answer: a number for scores, a set of cards (or, for trumps, a number)."""
    if isinstance(answer, bool):
        raise ValueError(TEXT["no_bool"])
    if isinstance(answer, int):
        if ask in (Ask.MY_SCORE, Ask.OPPONENT_SCORE, Ask.TRUMPS_OUT):
            return answer
        raise ValueError(TEXT["name_cards"])
    if isinstance(answer, str):
        text = answer.strip()
        if ask in (Ask.MY_SCORE, Ask.OPPONENT_SCORE) or (ask is Ask.TRUMPS_OUT
                                                          and text.isdigit()):
            if not text.lstrip("-").isdigit():
                raise ValueError(TEXT["not_a_number"].format(text=text))
            return int(text)
        empty = ("none", "-", TEXT["none"].lower())
        words = [w for w in _SPLIT.split(text) if w and w.lower() not in empty]
        return frozenset(parse_card(w) for w in words)
    return frozenset(c if isinstance(c, Card) else parse_card(c) for c in answer)


def check_answer(question: Question, answer: str | int | Iterable[Card | str]) -> Feedback:
    """Check an answer against the knowledge model."""
    expected = question.answer
    try:
        given = parse_answer(question.ask, answer)
    except ValueError as e:
        return Feedback(question, False, str(answer), _text(expected), error=str(e))
    if isinstance(expected, frozenset) and isinstance(given, int):
        # a number of trumps
        return Feedback(question, given == len(expected), str(given),
                        _TRUMP_COUNT.format(n=len(expected), cards=_text(expected)))
    if isinstance(expected, frozenset):
        assert isinstance(given, frozenset)
        missing = tuple(sorted(expected - given))
        extra = tuple(sorted(given - expected))
        return Feedback(question, not missing and not extra, _text(given), _text(expected),
                        missing, extra)
    return Feedback(question, given == expected, _text(given), _text(expected))


def counting_questions(pos: Position, step: int, seat: Seat | int,
                       asks: Sequence[Ask] = tuple(Ask)) -> tuple[Question, ...]:
    """The questions ``asks`` put to ``seat`` at ``pos`` (the position after ``step``)."""
    v = view(pos, seat)
    out = []
    for a in asks:
        answer: int | frozenset[Card]
        if a is Ask.MY_SCORE:
            answer = v.my_score
        elif a is Ask.OPPONENT_SCORE:
            answer = v.opponent_score
        elif a is Ask.TRUMPS_OUT:
            answer = frozenset(v.trumps_out)
        else:
            answer = frozenset(cards_in(v.unknown))
        out.append(Question(a, prompt(a), answer, step, Seat(int(seat))))
    return tuple(out)


def _two_player(record: Record) -> bool:
    """Whether the record is of the game these trainers ask (the game the analysis
    engine judges, ``Game.solvable``; four-player records are skipped)."""
    return bool(record.game.solvable)


def counting_steps(record: Record, min_tricks: int = 2) -> list[tuple[int, Seat]]:
    """Steps worth a quiz: the deal still running, at least ``min_tricks`` tricks played,
    and a player about to lead or follow (that player is asked)."""
    out: list[tuple[int, Seat]] = []
    if not record.main_line_ok or record.deck is None or not _two_player(record):
        return out
    for step, pos in enumerate(record.positions()):
        who = pos.to_move
        if who is None or pos.tricks_played < min_tricks:
            continue
        if pos.lead < 0 or view(pos, who).unknown:
            out.append((step, who))
    return out


def counting_quiz(records: Iterable[Record], count: int = 10, seed: int = 0,
                  asks: Sequence[Ask] = tuple(Ask), min_tricks: int = 2, *,
                  stops: int = 1) -> list[CountingItem]:
    """``count`` quiz items from different records where possible, chosen reproducibly
    by ``seed``: up to ``stops`` steps of each deal, each after a different trick, in the
    order of play, all put to one player (a later stop of a deal is watched from the
    stop before it)."""
    rng = random.Random(seed)
    pool = [r for r in records if r.main_line_ok and r.deck is not None and _two_player(r)]
    rng.shuffle(pool)
    items: list[CountingItem] = []
    for rec in pool:
        if len(items) >= count:
            break
        steps = counting_steps(rec, min_tricks)
        if not steps:
            continue
        if stops <= 1:
            chosen = [steps[rng.randrange(len(steps))]]
        else:
            positions = rec.positions()
            me = Seat(rng.randrange(2))  # one seat for the whole deal
            by_trick: dict[int, list[tuple[int, Seat]]] = {}
            for step, seat in steps:
                if seat == me:
                    by_trick.setdefault(positions[step].tricks_played, []).append((step, seat))
            if not by_trick:
                continue
            tricks = sorted(rng.sample(sorted(by_trick), min(stops, len(by_trick))))
            chosen = [rng.choice(by_trick[t]) for t in tricks]
        start = 0
        for step, seat in chosen[: count - len(items)]:
            pos = rec.positions()[step]
            items.append(CountingItem(rec, step, seat, counting_questions(pos, step, seat, asks),
                                      start))
            start = step
    return items


# -- why an answer is what it is -----------------------------------------------------------------

#: The explanations' texts (cards as printed).
EXPLAIN_TEXT = Texts({
    "trick": N_("trick {n}: {cards}, {points}"),
    "marriage": N_("{points} in {suit} ({cards})"),
    "pending": N_("{points} in {suit} ({cards}), counts once a trick is won"),
    "total": N_("together {total}"),
    "hand": N_("in your hand: {cards}"),
    "played": N_("played, trick {n}: {cards}"),
    "on_table": N_("on the table: {cards}"),
    "indicator": N_("the indicator, face up: {cards}"),
    "turned_down": N_("the indicator, turned down when the talon was closed: {cards}"),
    "known": N_("known in {who}'s hand: {cards}"),
    "trumps_out": N_("still out: {cards}"),
    "unknown": N_("unknown, in {who}'s hand or the talon: {cards}"),
})


@dataclass(frozen=True, slots=True)
class Reason:
    """One line of an answer's explanation: the words, the step of the deal it points at
    (the trick that was won, the announcement), the cards it names, for a score the
    points it adds, and its kind: ``trick``, ``marriage``, ``pending``, ``total``;
    ``hand``, ``played``, ``on_table``, ``indicator``, ``turned_down``, ``known`` (where
    a card is) and ``answer`` (the cards of the answer)."""

    text: str
    step: int
    cards: tuple[Card, ...] = ()
    points: int = 0
    kind: str = ""


def _known_since(rp: Replay, seat: Seat, card: Card, stop: int) -> int:
    """The first step up to ``stop`` from which ``seat`` knows ``card`` is in the
    opponent's hand."""
    for s in range(stop + 1):
        if view(rp[s], seat).opponent >> card & 1:
            return s
    return stop


def explain(item: CountingItem, question: Question, replay: Replay | None = None
            ) -> tuple[Reason, ...]:
    """Where the answer to ``question`` comes from, in the play the learner watched:
    for a score each trick won and each marriage that counts (their points add up to
    the answer); for the trumps and the unknown cards where each other card is (in your
    hand, played in which trick, the indicator, known in his hand), then the answer."""
    rp = replay if replay is not None else Replay(item.record)
    stop, seat = question.step, question.seat
    names = item.record.player_names
    other = names[1 - seat]
    out: list[Reason] = []
    tricks = rp.tricks(stop)
    if question.ask in (Ask.MY_SCORE, Ask.OPPONENT_SCORE):
        whose = seat if question.ask is Ask.MY_SCORE else seat.other
        for t in tricks:
            if t.winner == whose:
                out.append(Reason(EXPLAIN_TEXT["trick"].format(
                    n=t.number, cards=cards_text(t.cards), points=t.points), t.step,
                    tuple(t.cards), t.points, "trick"))
        for m in rp.marriages(stop):
            if m.seat != whose:
                continue
            pair = (Card(m.suit * 5 + 2), Card(m.suit * 5 + 3))
            words = dict(points=m.points, suit=suit_name(m.suit), cards=cards_text(pair))
            if m.effective_at(stop):
                out.append(Reason(EXPLAIN_TEXT["marriage"].format(**words),
                                  m.step, pair, m.points, "marriage"))
            else:
                out.append(Reason(EXPLAIN_TEXT["pending"].format(**words),
                                  m.step, pair,
                                  kind="pending"))
        total = sum(r.points for r in out)
        out.append(Reason(EXPLAIN_TEXT["total"].format(total=total), stop, kind="total"))
        return tuple(out)
    pos = rp[stop]
    v = view(pos, seat)
    trump_suit = int(v.trump)

    def keep(cards: Iterable[Card | int]) -> tuple[Card, ...]:
        return tuple(Card(c) for c in cards
                     if question.ask is not Ask.TRUMPS_OUT or SUIT_OF[c] == trump_suit)

    def add(key: str, at: int, cards: Iterable[Card | int], **words: object) -> None:
        cs = keep(cards)
        if cs:
            out.append(Reason(EXPLAIN_TEXT[key].format(cards=cards_text(cs), **words),
                              at, cs, kind=key))

    add("hand", stop, cards_in(v.hand))
    for t in tricks:
        add("played", t.step, t.cards, n=t.number)
    if pos.lead >= 0:
        add("on_table", stop, [pos.lead])
    if v.indicator is not None:
        add("indicator", stop, [v.indicator])
    if v.out_of_play:
        closed = next(s for s in range(stop + 1) if rp[s].closed_by >= 0)
        add("turned_down", closed, cards_in(v.out_of_play))
    known: list[Reason] = []
    by_step: dict[int, list[Card]] = {}
    for c in keep(cards_in(v.opponent)):
        by_step.setdefault(_known_since(rp, seat, c, stop), []).append(c)
    for s, cs in sorted(by_step.items()):
        known.append(Reason(EXPLAIN_TEXT["known"].format(cards=cards_text(cs), who=other),
                            s, tuple(cs), kind="known"))
    answer = question.answer
    assert isinstance(answer, frozenset)
    rest = tuple(sorted(answer))
    key = "trumps_out" if question.ask is Ask.TRUMPS_OUT else "unknown"
    last = Reason(EXPLAIN_TEXT[key].format(cards=cards_text(rest) or TEXT["none"], who=other),
                  stop, rest, kind="answer")
    # a trump known in his hand is still out; a card known there is not unknown
    if question.ask is Ask.TRUMPS_OUT:
        return (*out, last, *known)
    return (*out, *known, last)


# -- the answers a class gives -----------------------------------------------------------------

RESULT_COLUMNS = ("student", "trainer", "position", "step", "question", "answer",
                  "expected", "correct", "seconds")
"""The columns of a results table, in order: who answered (as given to the quiz), which
trainer (``counting``, ``closing``), the position's number from 1, the step of its deal,
the question (``my_score``, ``opponent_score``, ``trumps_out``, ``unknown``; ``close``
for the closing choice), the answer given and the one expected (as text), whether it was
right, and the seconds from the question shown to the answer."""


class AnswerLog:
    """The answers given in one quiz or trainer, one row each (:data:`RESULT_COLUMNS`),
    as plain data; :meth:`frame` and :meth:`save` give them to pandas and a CSV file.
    ``clock`` gives seconds (``time.monotonic``)."""

    def __init__(self, trainer: str, student: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.trainer = trainer
        self.student = student
        self.clock = clock
        self.rows: list[dict[str, Any]] = []
        self._shown = clock()

    def shown(self) -> None:
        """A question is shown now: the seconds of the next answers count from here."""
        self._shown = self.clock()

    def add(self, position: int, step: int, question: str, answer: str, expected: str,
            correct: bool) -> dict[str, Any]:
        """Keep one answer (the seconds since the question was shown) and return its row."""
        row = {"student": self.student, "trainer": self.trainer, "position": position,
               "step": step, "question": question, "answer": answer, "expected": expected,
               "correct": bool(correct),
               "seconds": round(max(0.0, self.clock() - self._shown), 1)}
        self.rows.append(row)
        return row

    def frame(self) -> pd.DataFrame:
        """The answers as a pandas table, one row an answer (:data:`RESULT_COLUMNS`)."""
        import pandas as pd

        return _typed(pd.DataFrame(self.rows, columns=list(RESULT_COLUMNS)))

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the answers to a CSV file (UTF-8, a header row) and return its path."""
        out = Path(path)
        self.frame().to_csv(out, index=False)
        return out


_TEXT_COLUMNS = ("student", "trainer", "question", "answer", "expected")


def _typed(df: pd.DataFrame) -> pd.DataFrame:
    """A results table with its columns' types: text, whole numbers, right or wrong,
    seconds."""
    df = df.astype({**dict.fromkeys(_TEXT_COLUMNS, object), "position": "int64",
                    "step": "int64", "correct": bool, "seconds": "float64"})
    return df


def load_results(*paths: str | os.PathLike[str]) -> pd.DataFrame:
    """Read results saved with :meth:`AnswerLog.save` (a quiz's ``save_results``) and
    put them together in one table, in the order given."""
    import pandas as pd

    frames = [pd.read_csv(p, dtype=dict.fromkeys(_TEXT_COLUMNS, str), keep_default_na=False)
              for p in paths]
    if not frames:
        return _typed(pd.DataFrame(columns=list(RESULT_COLUMNS)))
    df = pd.concat(frames, ignore_index=True)
    return _typed(df[list(RESULT_COLUMNS)])


# -- closing -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ClosingExercise:
    """A lead of a real record where the leader (``seat``) could close the talon;
    ``closed`` tells whether the player did."""

    record: Record
    step: int
    seat: Seat
    talon: int
    closed: bool

    @property
    def position(self) -> Position:
        """The position after ``step`` actions."""
        pos: Position = self.record.positions()[self.step]
        return pos


@dataclass(frozen=True, slots=True)
class ClosingFeedback:
    """The advisor's verdict on the student's choice. ``best`` is ``close`` or ``play
    on``, or ``either`` / ``close call`` when neither is the better one (then every
    choice counts as right). ``close_expected`` is what closing with the best plan is
    sure to achieve, ``close_double_dummy`` what it would give seeing every card."""

    choice: str
    best: str
    correct: bool
    close_expected: float
    play_on_expected: float
    message: str
    close_double_dummy: float = 0.0


def closing_exercises(records: Iterable[Record], count: int = 10, seed: int = 0, *,
                      max_talon: int = 6, min_talon: int = 2, min_score: int = 30
                      ) -> list[ClosingExercise]:
    """``count`` leads where closing was legal (talon between ``min_talon`` and
    ``max_talon`` cards) and worth thinking about (the leader has at least ``min_score``,
    the opponent less than 66), at most one a record, chosen reproducibly by ``seed``."""
    rng = random.Random(seed)
    pool = [r for r in records if r.main_line_ok and r.deck is not None
            and analysis_refusal(r.profile) is None]  # the advisor judges these
    rng.shuffle(pool)
    out: list[ClosingExercise] = []
    for rec in pool:
        if len(out) >= count:
            break
        positions = rec.positions()
        found = []
        for step, pos in enumerate(positions[:-1]):
            if pos.lead >= 0 or pos.outcome is not None or not pos.talon_open:
                continue
            if not min_talon <= pos.talon_size <= max_talon:
                continue
            legal = pos.legal_actions()
            if CLOSE not in legal or EXCHANGE in legal:
                continue
            if pos.claim_is_correct(pos.leader) and pos.claim_by == pos.leader:
                continue
            if pos.score(pos.leader) < min_score or pos.score(1 - pos.leader) >= 66:
                continue
            found.append((step, pos))
        if not found:
            continue
        step, pos = found[rng.randrange(len(found))]
        closed = rec.moves[step].action == CLOSE
        out.append(ClosingExercise(rec, step, Seat(pos.leader), pos.talon_size, closed))
    return out


def judge_closing(choice: str, advice: ClosingAdvice) -> ClosingFeedback:
    """Compare ``choice`` (``close`` or ``play on``) with the advisor's numbers."""
    c = choice.strip().lower().replace("_", " ").replace("-", " ")
    if c in ("c", "close", "closing"):
        c = "close"
    elif c in ("p", "play", "play on", "continue"):
        c = "play on"
    else:
        raise ValueError(TEXT["choose"].format(choice=choice))
    close = advice.close.mean
    play = advice.play_on.mean
    # like with like when both choices were played out (docs/closing.md)
    verdict = advice.played.verdict if advice.played is not None else advice.verdict
    if verdict in ("either", "close call"):
        best = verdict  # neither choice is the better one: both count as right
        correct = True
        why = TEXT["verdict.either" if verdict == "either" else "verdict.close_call"]
    else:
        best = verdict
        correct = c == best
        why = TEXT["verdict.right" if correct else "verdict.wrong"]
    dd = advice.close_double_dummy
    seeing = ("" if dd.mean == close else
              TEXT["closing.seeing"].format(chance=number(dd.win_chance, ".0%"),
                                            close=number(dd.mean, "+.2f")))
    numbers = "closing.numbers" if advice.exact else "closing.numbers_found"
    msg = PLURALS.text(numbers, advice.hands, why=why,
                       chance=number(advice.close.win_chance, ".0%"),
                       close=number(close, "+.2f"),
                       seeing=seeing,
                       action=action_text(advice.play_on_action), play=number(play, "+.2f"),
                       low=number(advice.play_on.low, "+.2f"),
                       high=number(advice.play_on.high, "+.2f"))
    po = advice.played
    if po is not None:
        msg += " " + PLURALS.text("closing.played", po.worlds,
                                  close=number(po.close.mean, "+.2f"),
                                  play=number(po.play_on.mean, "+.2f"))
    return ClosingFeedback(c, best, correct, close, play, msg, dd.mean)


# -- the closing choice in Bummerl terms -------------------------------------------------------

#: The closing trainer's texts for the Bummerl (shown when the record has a Score tag).
BUMMERL_TEXT = Texts({
    "close": N_("In the Bummerl, at {score}: closing wins it {close}, playing on ({action}) "
                "{play}; for the Bummerl, close."),
    "play_on": N_("In the Bummerl, at {score}: closing wins it {close}, playing on "
                  "({action}) {play}; for the Bummerl, play on."),
    "either": N_("In the Bummerl, at {score}: closing wins it {close}, playing on ({action}) "
                 "{play}; for the Bummerl, either."),
    "flip": N_("Here game points and the Bummerl disagree: the score decides."),
})


def bummerl_note(exercise: ClosingExercise, advice: ClosingAdvice) -> str | None:
    """The closing choice in Bummerl terms when the exercise's record has a Score tag: the
    leader's chance to win the Bummerl by closing and by playing on, the choice for the
    Bummerl, and whether game points choose otherwise; None without the counters."""
    from .bummerl import closing_equity, score_of

    score = score_of(exercise.record)
    if score is None:
        return None
    eq = closing_equity(advice, score)
    action, play = eq.play_on_best
    key = {"close": "close", "play on": "play_on"}.get(eq.verdict, "either")
    text = BUMMERL_TEXT[key].format(score=score.text, close=number(eq.close, ".0%"),
                                    action=action_text(action.action), play=number(play, ".0%"))
    if eq.flips:
        text += " " + BUMMERL_TEXT["flip"]
    return text
