"""Training widgets: a counting quiz and a closing trainer (ipywidgets).

::

    from schnapsen_lab import training
    from schnapsen_lab.widgets.training import CountingQuiz, ClosingTrainer
    CountingQuiz(training.counting_quiz(records, count=5))
    ClosingTrainer(training.closing_exercises(records, count=5))

The quiz is watched from one seat up to each stop, answered, then explained on the
replay with the tallies. Both can be driven from code too (:meth:`CountingQuiz.step`,
:meth:`CountingQuiz.watch_to_stop`, :meth:`CountingQuiz.answer`,
:meth:`ClosingTrainer.choose`), which is what the notebooks' own demonstrations and the
tests do. Both keep every answer (:meth:`KeepsResults.results`, a pandas table, and
:meth:`KeepsResults.save_results`, a CSV file). Parts carry the CSS classes
``sl-quiz-*`` and ``sl-closing-*``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from .. import html as H
from ..advisor import DEFAULT_SAMPLES, PLAN_OPEN, ClosingAdvice, advise, key_groups
from ..cards import Card, cards_in
from ..games.twohand import html as SH
from ..games.twohand.rules import Action
from ..i18n import C_, N_, NP_, Plurals, Texts, localized, resolve
from ..notation import TEXT as NOTATION_TEXT
from ..notation import action_text, card_text, plural, seat_label
from ..numbers import number
from ..replay import Replay
from ..solver.plan import PlanLine, PlanStep
from ..training import TEXT as TRAINING_TEXT
from ..training import (
    AnswerLog,
    Ask,
    ClosingExercise,
    ClosingFeedback,
    CountingItem,
    Feedback,
    Question,
    Reason,
    Tally,
    bummerl_note,
    check_answer,
    choice_text,
    explain,
    judge_closing,
    prompt,
)
from .replay import TEXT as REPLAY_TEXT

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PLURALS", "TEXT", "ClosingTrainer", "CountingQuiz", "KeepsResults", "advice_html",
           "plan_html", "verdict_text"]

_BOX = "font:13px/1.4 'DejaVu Sans',Arial,sans-serif;margin:4px 0;"
_GOOD = "color:#1b7a3a"
_BAD = "color:#c8102e"

TEXT = Texts({
    "no_items": N_("no quiz items: give records with deals of at least a few tricks"),
    "check": N_("Check"),
    "next": N_("Next position"),
    "summary_button": N_("See your score"),
    "again": N_("Start again"),
    "header": N_("<b>Position {n} of {total}</b>: you are {who}, after step {step}, "
                 "{tricks} played."),
    "score": N_("score: <b>{tally}</b>"),
    "watch.header": N_("<b>Position {n} of {total}</b>: you are {who}. Watch the deal from "
                       "your seat and count; the questions come at step {stop}."),
    "watch.step": N_("Next step"),
    "watch.play": REPLAY_TEXT.source["play"],
    "watch.pace": N_("pace"),
    "watch.seconds": N_("{seconds} s a step"),
    "watch.line": N_("<b>Step {step} of {stop}</b>: {what}"),
    "review.title": N_("<b>Why</b>: the deal up to the questions, with the tallies. Pick a "
                       "line to see its step."),
    "review.step": REPLAY_TEXT.source["step"],
    "review.answer": N_("{question}: {expected}"),
    "review.reason": N_("step {step}: {text}"),
    "summary.title": N_("Quiz done: {right} of {asked} answers right ({positions} positions)."),
    "summary.all_right": N_("Every question answered right."),
    "summary.missed": N_("Missed:"),
    "summary.item": N_("position {n}, {question}: {expected}{given}"),
    "short.my_score": N_("your score"),
    "short.opponent_score": N_("your opponent's score"),
    "short.trumps_out": N_("trumps still out"),
    "short.unknown": N_("unknown cards"),
    "summary.given": N_(" (you said {given})"),
    "summary.unanswered": N_(" (not answered)"),
    "no_exercises": N_("no exercises: give records where closing was possible"),
    "closing.close": N_("Close the talon"),
    "closing.play_on": N_("Play on"),
    "closing.thinking": N_("The advisor is thinking ..."),
    "closing.chose": N_("You chose to {choice}."),
    "closing.in_game.closed": N_("In the game, {who} closed."),
    "closing.in_game.played_on": N_("In the game, {who} played on."),
    "advice.close": C_("a row of the advisor's table", "close, the best plan"),
    "advice.close_seeing": C_("a row of the advisor's table", "close, seeing every card"),
    "advice.seeing_note": N_("exact; no player can count on it"),
    "advice.close_played": C_("a row of the advisor's table", "close, played out"),
    "advice.play_on_played": C_("a row of the advisor's table", "play on ({action}), played out"),
    "advice.plan": N_("<b>The plan after closing</b> (he answers as if he saw your cards):"),
    "advice.guess": N_("(won seeing every card)"),
    "advice.play_on": N_("play on ({action})"),
    "advice.wins": N_("wins"),
    "advice.game_points": N_("game points"),
    "advice.more": N_("... and {n} more"),
    "advice.often": N_("Cards he holds more often when the plan fails: {cards}"),
    "advice.key_card": N_("{cards}: in {losing} of the hands that beat the plan, against "
                          "{all} of all his possible hands"),
    "advice.no_hand": N_("No opponent hand beats the plan."),
    "advice.beat": N_("Opponent hands that beat the plan ({n} of {hands})"),
    "advice.title": N_("Advisor: {verdict}"),
    "advice.title_exchanged": N_("Advisor (after exchanging the trump jack): {verdict}"),
    "verdict.close": C_("the advisor's verdict", "close"),
    "verdict.play on": C_("the advisor's verdict", "play on"),
    "verdict.either": C_("the advisor's verdict", "either"),
    "verdict.close call": C_("the advisor's verdict", "close call"),
})
"""Every text of the counting quiz and the closing trainer, as format strings."""

PLURALS = Plurals({
    "closing.header": NP_(
        "<b>Position {position} of {total}</b>: you are {who} to lead; the talon holds {n} "
        "card. Close, or play on? <span>(your answers: {right} of {asked})</span>",
        "<b>Position {position} of {total}</b>: you are {who} to lead; the talon holds {n} "
        "cards. Close, or play on? <span>(your answers: {right} of {asked})</span>"),
    "advice.exact": NP_("exact, {n} hand; sure to get it", "exact, {n} hands; sure to get it"),
    "advice.found": NP_("a plan found, {n} hand; sure for it, a better one may exist",
                        "a plan found, {n} hands; sure for it, a better one may exist"),
    "advice.guesses": NP_("{n} of them is lost only because you cannot see his hand.",
                          "{n} of them are lost only because you cannot see his hand."),
    "advice.sampled": NP_("95% CI [{low}, {high}], {n} world",
                          "95% CI [{low}, {high}], {n} worlds"),
    "advice.played_note": NP_(
        "strong players, neither seeing the other's cards; the same {n} world for both; "
        "the verdict uses these two rows",
        "strong players, neither seeing the other's cards; the same {n} worlds for both; "
        "the verdict uses these two rows"),
    "advice.hand_value": NP_("{value} game point", "{value} game points"),
})
"""Texts that depend on a number."""


def _feedback_html(fb: Feedback) -> str:
    style = _GOOD if fb.correct else _BAD
    mark = "✔" if fb.correct else "✘"
    return f'<span style="{style}">{mark} {escape(fb.message)}</span>'


def _note_html(text: str) -> str:
    return f'<span style="color:#666">{escape(text)}</span>'


class KeepsResults:
    """What every quiz and trainer does with the answers it keeps (its :class:`AnswerLog`,
    ``answer_log``): a pandas table and a CSV file a teacher puts together with
    :func:`schnapsen_lab.training.load_results`."""

    answer_log: AnswerLog

    def results(self) -> pd.DataFrame:
        """Every answer given so far, one row an answer
        (:data:`schnapsen_lab.training.RESULT_COLUMNS`)."""
        return self.answer_log.frame()

    def save_results(self, path: str | os.PathLike[str]) -> Path:
        """Write :meth:`results` to a CSV file and return its path."""
        return self.answer_log.save(path)


_PACES = (500, 1000, 2000, 3000)
"""The watch's paces to choose from (milliseconds a step)."""


@localized
class CountingQuiz(KeepsResults, W.VBox):  # type: ignore[misc]
    """Count as at the table: watch a real deal from one seat up to a stop, then answer
    what that player should know; the answers are explained on the replay.

    The watch goes one step at a time (**Next step**) or plays at a chosen pace; the
    table shows what the player sees, the won tricks face up or down as the rules let
    the player look through them (K1; ``show_won_tricks=False`` leaves them out, to
    count from memory alone); the tallies and the counting panel are hidden. At the stop
    the questions appear. One answer a question counts: once answered, a question's box
    is locked. Once every question is answered the replay of the watched steps opens
    with the tallies and the counting panel, and each answer's reasons (which cards,
    which trick) lead to their step. After the last position :meth:`next` shows a
    summary (the score and the questions missed) and then starts again. Every answer
    is kept (:meth:`results`, :meth:`save_results`), with ``student`` as its first
    column. ``lang`` is the language it speaks (None: the one set with
    :func:`schnapsen_lab.set_language`).
    """

    def __init__(self, items: Sequence[CountingItem], *, show_won_tricks: bool = True,
                 student: str = "", lang: str | None = None) -> None:
        self.lang = resolve(lang)
        if not items:
            raise ValueError(TEXT["no_items"])
        self.show_won_tricks = show_won_tricks
        self.items = list(items)
        self.index = 0
        self.tally = Tally()
        self.finished = False
        self.answer_log = AnswerLog("counting", student)
        self.answers: list[dict[Ask, Feedback]] = [{} for _ in self.items]
        self.shown_step = 0
        self.reasons: dict[Ask, tuple[Reason, ...]] = {}
        self._reason_steps: list[int] = []
        self._replay: Replay | None = None
        self._busy = False
        self.header = W.HTML()
        self.table = W.HTML(layout=W.Layout(width=f"{H.FELT_WIDTH + 8}px"))
        self.said = W.HTML()
        self.tallies = W.HTML()
        self.counting = W.HTML()
        self.side = W.VBox([self.tallies, self.counting], layout=W.Layout(width="290px"))
        self.step_button = W.Button(description=TEXT["watch.step"], button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.play = W.Play(value=0, min=0, max=1, step=1, interval=1000, show_repeat=False,
                           description=TEXT["watch.play"])
        self.pace = W.Dropdown(options=[(TEXT["watch.seconds"].format(
                                   seconds=number(ms / 1000, ".1f")), ms) for ms in _PACES],
                               value=1000, description=TEXT["watch.pace"],
                               layout=W.Layout(width="170px"))
        self.watch_controls = W.HBox([self.step_button, self.play, self.pace],
                                     layout=W.Layout(align_items="center"))
        self.slider = W.IntSlider(value=0, min=0, max=1, description=TEXT["review.step"],
                                  layout=W.Layout(width="360px"))
        self.reason_list = W.Select(options=[], rows=10,
                                    layout=W.Layout(width=f"{H.FELT_WIDTH + 8}px"))
        self.explain_title = W.HTML()
        self.explain_box = W.VBox([self.explain_title, self.slider, self.reason_list])
        self.score_label = W.HTML()
        self.summary = W.HTML()
        self.inputs: dict[Ask, W.Text] = {}
        self.feedback: dict[Ask, W.HTML] = {}
        rows = []
        for ask in Ask:
            box = W.Text(layout=W.Layout(width="260px"))
            box.add_class(f"sl-quiz-{ask.value}")
            fb = W.HTML()
            fb.add_class(f"sl-quiz-{ask.value}-feedback")
            self.inputs[ask] = box
            self.feedback[ask] = fb
            label = W.HTML()
            label.add_class("sl-quiz-prompt")
            rows.append(W.VBox([label, W.HBox([box, fb])]))
        self._labels = [r.children[0] for r in rows]
        self.questions_box = W.VBox(rows)
        self.check_button = W.Button(description=TEXT["check"], button_style="primary")
        self.next_button = W.Button(description=TEXT["next"], layout=W.Layout(width="auto"))
        self.watch_box = W.HBox([W.VBox([self.table, self.said]), self.side],
                                layout=W.Layout(align_items="flex-start",
                                                flex_flow="row wrap"))
        for w, cls in ((self.header, "header"), (self.table, "table"), (self.said, "said"),
                       (self.tallies, "tallies"), (self.counting, "counting"),
                       (self.side, "side"), (self.step_button, "step"), (self.play, "play"),
                       (self.pace, "pace"), (self.watch_controls, "watch"),
                       (self.slider, "slider"), (self.reason_list, "reasons"),
                       (self.explain_box, "explain"), (self.score_label, "score"),
                       (self.summary, "summary"), (self.check_button, "check"),
                       (self.next_button, "next"), (self.questions_box, "questions")):
            w.add_class(f"sl-quiz-{cls}")
        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.next())
        self.step_button.on_click(lambda _b: self.step())
        self.play.observe(self._on_play, names="value")
        self.pace.observe(self._on_pace, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.reason_list.observe(self._on_reason, names="value")
        super().__init__([self.header, self.watch_box, self.watch_controls, self.explain_box,
                          self.questions_box, self.summary,
                          W.HBox([self.check_button, self.next_button, self.score_label])])
        self.add_class("sl-quiz")
        self._show()

    @property
    def item(self) -> CountingItem:
        """The current quiz item."""
        return self.items[self.index]

    @property
    def replay(self) -> Replay:
        """The replay of the current item's deal."""
        if self._replay is None or self._replay.record is not self.item.record:
            self._replay = Replay(self.item.record)
        return self._replay

    @property
    def at_stop(self) -> bool:
        """Whether the watch has reached the stop (the questions are shown)."""
        return self.shown_step >= self.item.step

    @property
    def explained(self) -> bool:
        """Whether the replay with the tallies and the reasons is open (every question of
        the position answered)."""
        return bool(self.reasons)

    def _show(self) -> None:
        item = self.item
        self.finished = False
        self.reasons = {}
        self.summary.value = ""
        self.summary.layout.display = "none"
        self.watch_box.layout.display = None
        last = self.index == len(self.items) - 1
        self.next_button.description = TEXT["summary_button" if last else "next"]
        self._busy = True
        try:
            self.play.playing = False
            self.play.min = 0
            self.play.max = max(1, item.step)
            self.play.min = item.watch_from
            self.play.value = item.watch_from
        finally:
            self._busy = False
        done = self.answers[self.index]
        asked = {q.ask: q for q in item.questions}
        for ask, label in zip(Ask, self._labels, strict=True):
            q = asked.get(ask)
            label.value = f'<div style="{_BOX}">{escape(prompt(ask))}</div>' if q else ""
            fb = done.get(ask)
            self.inputs[ask].value = fb.given if fb is not None else ""
            self.inputs[ask].disabled = q is None or fb is not None
            self.feedback[ask].value = _feedback_html(fb) if fb is not None else ""
        self._watch(item.step if done else item.watch_from)
        self._score()

    def _watch(self, step: int) -> None:
        """Show ``step`` of the watch; at the stop, the questions."""
        item = self.item
        step = max(item.watch_from, min(item.step, step))
        self.shown_step = step
        stopped = step >= item.step
        self._render(step)
        names = item.record.player_names
        who = escape(seat_label(names, item.seat))
        if stopped:
            header = TEXT["header"].format(n=self.index + 1, total=len(self.items), who=who,
                                           step=item.step,
                                           tricks=plural("tricks", self.replay[item.step]
                                                         .tricks_played))
        else:
            header = TEXT["watch.header"].format(n=self.index + 1, total=len(self.items),
                                                 who=who, stop=item.step)
        self.header.value = f'<div style="{_BOX}">{header}</div>'
        self.watch_controls.layout.display = "none" if stopped else None
        self.questions_box.layout.display = None if stopped else "none"
        self.check_button.disabled = not stopped
        if stopped and not self.answers[self.index]:
            self.answer_log.shown()
        if stopped and all(q.ask in self.answers[self.index] for q in item.questions):
            self._explain()
        else:
            self.explain_box.layout.display = "none"
            self.side.layout.display = "none"
            self.tallies.value = ""
            self.counting.value = ""

    def _render(self, step: int) -> None:
        """The table at ``step`` from the learner's seat, and what happened."""
        item = self.item
        rp = self.replay
        self.table.value = SH.table_html(rp, step, item.seat, won_tricks=self.show_won_tricks)
        what = NOTATION_TEXT["move.dealt"] if step == 0 else H.drawing_for(rp.game).said(
            rp, step, int(item.seat))
        line = TEXT["watch.line"].format(step=step, stop=item.step, what=what)
        self.said.value = f'<div style="{_BOX}">{line}</div>'
        if self.explained:
            self.tallies.value = SH.tallies_html(rp, step)
            self.counting.value = SH.counting_html(rp.counting(step, item.seat),
                                                   item.record.player_names)

    def step(self) -> None:
        """One step of the watch forward (at the stop, nothing)."""
        if not self.at_stop and not self.finished:
            self.play.value = self.shown_step + 1  # the observer shows it

    def watch_to_stop(self) -> None:
        """Watch the rest of the deal up to the stop at once (as a notebook's code does)."""
        while not self.at_stop and not self.finished:
            self.step()

    def _on_play(self, change: dict[str, Any]) -> None:
        if self._busy or self.finished:
            return
        if change["new"] > self.shown_step:
            self._watch(int(change["new"]))
        elif change["new"] < self.shown_step and not self.explained:
            # the player's stop button: the watch does not go back, play goes on from here
            self._busy = True
            try:
                self.play.value = self.shown_step
            finally:
                self._busy = False

    def _on_pace(self, change: dict[str, Any]) -> None:
        self.play.interval = int(change["new"])

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._busy and self.explained:
            self.show(int(change["new"]))

    def _on_reason(self, change: dict[str, Any]) -> None:
        if not self._busy and change["new"] is not None and self.explained:
            self.show(self._reason_steps[int(change["new"])])

    def show(self, step: int) -> None:
        """After answering: the replay at ``step`` (of the deal up to the stop) with the
        tallies and the counting panel."""
        if not self.explained:
            return
        step = max(0, min(self.item.step, int(step)))
        self.shown_step = step
        self._busy = True
        try:
            self.slider.value = step
        finally:
            self._busy = False
        self._render(step)

    def _explain(self) -> None:
        """Open the replay with the tallies and each answer's reasons."""
        item = self.item
        rp = self.replay
        self.reasons = {q.ask: explain(item, q, rp) for q in item.questions}
        options: list[tuple[str, int]] = []
        steps: list[int] = []
        for q in item.questions:
            fb = self.answers[self.index].get(q.ask)
            mark = "" if fb is None else (" ✔" if fb.correct else " ✘")
            options.append((TEXT["review.answer"].format(
                question=TEXT[f"short.{q.ask.value}"], expected=q.answer_text) + mark, len(steps)))
            steps.append(item.step)
            for r in self.reasons[q.ask]:
                options.append(("    " + TEXT["review.reason"].format(step=r.step, text=r.text),
                                len(steps)))
                steps.append(r.step)
        self._reason_steps = steps
        self._busy = True
        try:
            self.slider.min = 0
            self.slider.max = max(1, item.step)
            self.slider.value = item.step
            self.reason_list.options = options
            self.reason_list.value = None
        finally:
            self._busy = False
        self.explain_title.value = f'<div style="{_BOX}">{TEXT["review.title"]}</div>'
        self.explain_box.layout.display = None
        self.side.layout.display = None
        self._render(self.shown_step)

    def explanation(self) -> str:
        """The reasons of the answers at the current position as text, one line each (the
        list the replay shows after answering; empty before)."""
        return "\n".join(str(label) for label, _ in self.reason_list.options) \
            if self.explained else ""

    def _score(self) -> None:
        score = TEXT["score"].format(tally=self.tally)
        self.score_label.value = f'<span style="{_BOX}margin-left:12px">{score}</span>'

    def answer(self, answers: Mapping[Ask, str | int | Sequence[str]]) -> list[Feedback]:
        """Answer the current questions from code (as if typed), check them, and return
        the feedback of the answers counted now (the watch goes to the stop first)."""
        self.watch_to_stop()
        for ask, value in answers.items():
            if self.inputs[ask].disabled:
                continue
            v = value if isinstance(value, str) else (
                str(value) if isinstance(value, int) else " ".join(value))
            self.inputs[ask].value = v
        return self.check()

    def check(self) -> list[Feedback]:
        """Check the typed answers and return the feedback of those counted now.

        A question counts once: an answered question keeps its verdict and its box is
        locked. An empty box gets a reminder, an unreadable answer says why; neither
        counts. Nothing is checked before the watch reaches the stop. Once every
        question is answered, the replay explains the answers."""
        if self.finished or not self.at_stop:
            return []
        out = []
        done = self.answers[self.index]
        for q in self.item.questions:
            if q.ask in done:
                continue
            text = self.inputs[q.ask].value
            if not text.strip():
                self.feedback[q.ask].value = _note_html(TRAINING_TEXT["empty"])
                continue
            fb = check_answer(q, text)
            self.feedback[q.ask].value = _feedback_html(fb)
            if fb.error is not None:
                continue
            done[q.ask] = fb
            self.inputs[q.ask].disabled = True
            self.tally = self.tally.add(fb)
            self.answer_log.add(self.index + 1, q.step, q.ask.value, fb.given, fb.expected,
                         fb.correct)
            out.append(fb)
        self._score()
        if out and all(q.ask in done for q in self.item.questions):
            self._explain()
        return out

    def missed(self) -> list[tuple[int, Question, Feedback | None]]:
        """The questions answered wrong or not at all: (position from 1, question, the
        verdict or None when unanswered), of the positions shown so far."""
        out: list[tuple[int, Question, Feedback | None]] = []
        for i, item in enumerate(self.items[: self.index + 1]):
            done = self.answers[i]
            for q in item.questions:
                fb = done.get(q.ask)
                if fb is None or not fb.correct:
                    out.append((i + 1, q, fb))
        return out

    def next(self) -> None:
        """Go to the next position; after the last, show the summary; after the summary,
        start again (a new score)."""
        if self.finished:
            self.index = 0
            self.tally = Tally()
            self.answers = [{} for _ in self.items]
            self._show()
            return
        if self.index + 1 < len(self.items):
            self.index += 1
            self._show()
            return
        self._finish()

    def _finish(self) -> None:
        self.finished = True
        self.play.playing = False
        for w in (self.questions_box, self.watch_box, self.watch_controls, self.explain_box):
            w.layout.display = "none"
        self.check_button.disabled = True
        self.next_button.description = TEXT["again"]
        self.header.value = ""
        self.summary.layout.display = None
        self.summary.value = self._summary_html()

    def _summary_html(self) -> str:
        asked = sum(len(i.questions) for i in self.items)
        title = TEXT["summary.title"].format(right=self.tally.right, asked=asked,
                                             positions=len(self.items))
        missed = self.missed()
        if not missed:
            body = f'<div style="{_GOOD}">{TEXT["summary.all_right"]}</div>'
        else:
            rows = []
            for n, q, fb in missed:
                given = (TEXT["summary.unanswered"] if fb is None
                         else TEXT["summary.given"].format(given=fb.given))
                rows.append("<li>" + escape(TEXT["summary.item"].format(
                    n=n, question=TEXT[f"short.{q.ask.value}"], expected=q.answer_text,
                    given=given)) + "</li>")
            body = (f'<div>{TEXT["summary.missed"]}</div>'
                    f'<ul class="sl-quiz-missed" style="margin:2px 0">{"".join(rows)}</ul>')
        return f'<div style="{_BOX}"><b>{escape(title)}</b>{body}</div>'


def _card_html(card: Card | int) -> str:
    """A card as ``10♥`` in its colour (HTML)."""
    color = "#c8102e" if Card(card).is_red else "#111"
    return f'<span style="color:{color};white-space:nowrap">{escape(card_text(card))}</span>'


def _action_html(a: Action) -> str:
    """An action as HTML: its card in colour (with the marriage announced, ``K♥ +20``)."""
    return action_text(a, card=_card_html)


def _cards_html(mask: int) -> str:
    """Cards (a bit mask) as ``10♥ K♠`` in their colours (HTML)."""
    return " ".join(_card_html(c) for c in cards_in(mask))


def _hand_value(value: int) -> str:
    """A hand's value with its unit: ``-2 game points``."""
    return PLURALS.text("advice.hand_value", abs(value), value=f"{value:+d}")


def plan_html(step: PlanStep, depth: int = 0, open_: int = PLAN_OPEN) -> str:
    """The closer's plan as a small decision tree (HTML): what to lead, and what to do
    next after each answer of the opponent, ``depth`` of his decisions deep (0: to the
    end of the deal). Folded: the lines of the first ``open_`` decisions show, each line
    with more under it opens with a click (``<details>``, no script needed); 0: all
    open."""
    return (f'<div class="sl-closing-plan">'
            f"{_plan_line_html(step.tree(_action_html, _cards_html, depth), 0, open_)}</div>")


def _plan_line_html(line: PlanLine, level: int, open_: int) -> str:
    style = f"margin-left:{18 * level}px"
    if not line.lines:
        return f'<div class="sl-closing-plan-step" style="{style}">{line.text}</div>'
    shut = open_ and line.decision >= open_
    below = "".join(_plan_line_html(x, level + 1, open_) for x in line.lines)
    return (f'<details class="sl-closing-plan-branch"{"" if shut else " open"}>'
            f'<summary class="sl-closing-plan-step" style="{style}">{line.text}</summary>'
            f"{below}</details>")


def advice_html(advice: ClosingAdvice, max_hands: int = 12, plan_depth: int = 0) -> str:
    """The advisor's numbers (closing with the best plan, and seeing every card), the plan
    (to the end, with ``plan_depth`` 0), and the opponent hands that beat it, each with the
    line by which it does, as HTML."""
    close = advice.close
    dd = advice.close_double_dummy
    play = advice.play_on
    td = '<td style="padding:1px 10px 1px 0">'
    exact = PLURALS.text("advice.exact" if advice.exact else "advice.found", advice.hands)
    sampled = PLURALS.text("advice.sampled", play.samples, low=number(play.low, "+.2f"),
                           high=number(play.high, "+.2f"))
    play_on = TEXT["advice.play_on"].format(action=action_text(advice.play_on_action))
    rows = [
        f"<tr>{td}{TEXT['advice.close']}</td>{td}{number(close.win_chance, '.0%')}</td>"
        f"{td}{number(close.mean, '+.2f')}</td>{td}{escape(exact)}</td></tr>",
        f'<tr style="color:#666">{td}{TEXT["advice.close_seeing"]}</td>'
        f"{td}{number(dd.win_chance, '.0%')}</td>{td}{number(dd.mean, '+.2f')}</td>"
        f"{td}{escape(TEXT['advice.seeing_note'])}</td></tr>",
        f"<tr>{td}{escape(play_on)}</td>"
        f"{td}{number(play.win_chance, '.0%')}</td>{td}{number(play.mean, '+.2f')}</td>"
        f"{td}{escape(sampled)}</td></tr>",
    ]
    po = advice.played
    if po is not None:
        note = escape(PLURALS.text("advice.played_note", po.worlds))
        label = escape(TEXT["advice.play_on_played"].format(
            action=action_text(po.play_on_action)))
        rows += [
            f'<tr class="sl-closing-played">{td}{TEXT["advice.close_played"]}</td>'
            f"{td}{po.close.win_chance:.0%}</td>{td}{po.close.mean:+.2f}</td>"
            f"{td}{note}</td></tr>",
            f'<tr class="sl-closing-played">{td}{label}</td>'
            f"{td}{po.play_on.win_chance:.0%}</td>{td}{po.play_on.mean:+.2f}</td>{td}</td></tr>",
        ]
    th = '<th style="text-align:left;padding:1px 10px 1px 0">'
    table = ('<table class="sl-closing-numbers" style="border-collapse:collapse">'
             f"<tr>{th}</th>{th}{TEXT['advice.wins']}</th>{th}{TEXT['advice.game_points']}</th>"
             f"{th}</th></tr>" + "".join(rows) + "</table>")
    plan = ""
    if advice.plan is not None:
        plan = (f"<div>{TEXT['advice.plan']}</div>{plan_html(advice.plan, plan_depth)}")
    losing = advice.losing_hands
    if losing:
        hands = "".join(
            f'<div class="sl-closing-hand">{H.cards_html(r.hand, "sm")} '
            f"<span>{escape(_hand_value(r.value))}</span>"
            + (f' <span class="sl-closing-guess" style="color:#666">'
               f"{escape(TEXT['advice.guess'])}</span>" if r.guess else "")
            + (f'<div class="sl-closing-line" style="margin-left:18px;color:#444">'
               f"{line}</div>" if (line := advice.line(r, _action_html)) else "")
            + "</div>" for r in losing[:max_hands])
        more = (f"<div>{escape(TEXT['advice.more'].format(n=len(losing) - max_hands))}</div>"
                if len(losing) > max_hands else "")
        keys = "; ".join(TEXT["advice.key_card"].format(
            cards=" ".join(_card_html(k.card) for k in group),
            losing=number(group[0].in_losing, ".0%"), all=number(group[0].in_all, ".0%"))
            for group in key_groups(advice.key_cards[:4]))
        key_line = (f"<div>{TEXT['advice.often'].format(cards=keys)}</div>"
                    if keys else "")
        guesses = len(advice.guess_hands)
        guess_line = (f"<div>{escape(PLURALS.text('advice.guesses', guesses))}</div>"
                      if guesses else "")
        beat = (f"<div><b>{escape(TEXT['advice.beat'].format(n=len(losing), hands=advice.hands))}"
                f"</b></div>{guess_line}{hands}{more}{key_line}")
    else:
        beat = f"<div><b>{escape(TEXT['advice.no_hand'])}</b></div>"
    title = TEXT["advice.title_exchanged" if advice.exchanged else "advice.title"].format(
        verdict=verdict_text(advice.verdict))
    return (f'<div class="sl-closing-advice" style="{_BOX}"><div><b>{escape(title)}'
            f"</b></div>{table}{plan}{beat}</div>")


def verdict_text(verdict: str) -> str:
    """The advisor's verdict (``close``, ``play on``, ``either``, ``close call``) in the
    language spoken."""
    key = f"verdict.{verdict}"
    return TEXT.get(key, verdict)


@localized
class ClosingTrainer(KeepsResults, W.VBox):  # type: ignore[misc]
    """Leads where closing was legal: choose close or play on, then see the advisor.
    With ``played`` > 0 both choices are also played out by strong players in that many
    sampled worlds, and the choice is judged by them (like with like, docs/closing.md).
    Every choice is kept (:meth:`results`, :meth:`save_results`; the question ``close``,
    the answer ``close`` or ``play on``, the advisor's verdict expected), with
    ``student`` as its first column. ``lang`` is the language it speaks (None: the one
    set with :func:`schnapsen_lab.set_language`)."""

    def __init__(self, exercises: Sequence[ClosingExercise], samples: int = DEFAULT_SAMPLES,
                 seed: int = 0, *, played: int = 0, student: str = "",
                 lang: str | None = None) -> None:
        self.lang = resolve(lang)
        if not exercises:
            raise ValueError(TEXT["no_exercises"])
        self.answer_log = AnswerLog("closing", student)
        self.exercises = list(exercises)
        self.samples = samples
        self.seed = seed
        self.played = played
        self.index = 0
        self.right = 0
        self.asked = 0
        self.advice: ClosingAdvice | None = None
        self.header = W.HTML()
        self.table = W.HTML()
        self.counting = W.HTML()
        self.result = W.HTML()
        self.close_button = W.Button(description=TEXT["closing.close"], button_style="warning")
        self.play_button = W.Button(description=TEXT["closing.play_on"], button_style="info")
        self.next_button = W.Button(description=TEXT["next"])
        for w, cls in ((self.header, "header"), (self.table, "table"),
                       (self.counting, "counting"), (self.result, "result"),
                       (self.close_button, "close"), (self.play_button, "play"),
                       (self.next_button, "next")):
            w.add_class(f"sl-closing-{cls}")
        self.close_button.on_click(lambda _b: self.choose("close"))
        self.play_button.on_click(lambda _b: self.choose("play on"))
        self.next_button.on_click(lambda _b: self.next())
        super().__init__([self.header, W.HBox([self.table, self.counting]),
                          W.HBox([self.close_button, self.play_button, self.next_button]),
                          self.result])
        self.add_class("sl-closing")
        self._show()

    @property
    def exercise(self) -> ClosingExercise:
        """The current exercise."""
        return self.exercises[self.index]

    def _show(self) -> None:
        ex = self.exercise
        rec = ex.record
        names = rec.player_names
        rp = Replay(rec)
        self.advice = None
        header = PLURALS.text(
            "closing.header", ex.talon, position=self.index + 1, total=len(self.exercises),
            who=escape(seat_label(names, ex.seat)), right=self.right, asked=self.asked)
        self.header.value = f'<div style="{_BOX}">{header}</div>'
        self.table.value = SH.table_html(rp, ex.step, ex.seat)
        self.counting.value = SH.counting_html(rp.counting(ex.step, ex.seat), names)
        self.result.value = ""
        self.close_button.disabled = False
        self.play_button.disabled = False
        self.answer_log.shown()

    def choose(self, choice: str) -> ClosingFeedback:
        """Choose ``close`` or ``play on``; show and return the advisor's verdict."""
        ex = self.exercise
        if self.advice is None:
            self.result.value = f'<div style="{_BOX}">{TEXT["closing.thinking"]}</div>'
            self.advice = advise(ex.position, samples=self.samples, seed=self.seed,
                                 played=self.played)
        fb = judge_closing(choice, self.advice)
        self.asked += 1
        self.right += fb.correct
        self.answer_log.add(self.index + 1, ex.step, "close", fb.choice, fb.best, fb.correct)
        who = seat_label(ex.record.player_names, ex.seat)
        played = TEXT["closing.in_game.closed" if ex.closed
                      else "closing.in_game.played_on"].format(who=who)
        chose = TEXT["closing.chose"].format(choice=choice_text(fb.choice))
        style = _GOOD if fb.correct else _BAD
        note = bummerl_note(ex, self.advice)  # with the record's Score tag
        in_bummerl = f"<div>{escape(note)}</div>" if note is not None else ""
        self.result.value = (f'<div style="{_BOX}"><div style="{style}"><b>{escape(chose)}'
                             f"</b> {escape(fb.message)}</div>{in_bummerl}"
                             f"<div>{escape(played)}</div>{advice_html(self.advice)}</div>")
        self.close_button.disabled = True
        self.play_button.disabled = True
        return fb

    def next(self) -> None:
        """Go to the next position (round to the first after the last)."""
        self.index = (self.index + 1) % len(self.exercises)
        self._show()
