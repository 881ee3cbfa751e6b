"""Training widgets: a counting quiz and a closing trainer (ipywidgets).

::

    from schnapsen_lab import training
    from schnapsen_lab.widgets.training import CountingQuiz, ClosingTrainer
    CountingQuiz(training.counting_quiz(records, count=5))
    ClosingTrainer(training.closing_exercises(records, count=5))

Both can be driven from code too (:meth:`CountingQuiz.answer`, :meth:`ClosingTrainer.choose`),
which is what the notebooks' unattended runs and the tests do. Parts carry the CSS classes
``sl-quiz-*`` and ``sl-closing-*``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

import ipywidgets as W

from .. import html as H
from ..advisor import DEFAULT_SAMPLES, ClosingAdvice, advise
from ..cards import Card
from ..replay import Replay
from ..rules import Action, ActionKind
from ..solver.plan import PlanStep
from ..training import (
    Ask,
    ClosingExercise,
    ClosingFeedback,
    CountingItem,
    Feedback,
    Tally,
    check_answer,
    judge_closing,
)

__all__ = ["ClosingTrainer", "CountingQuiz", "advice_html", "plan_html"]

_BOX = "font:13px/1.4 'DejaVu Sans',Arial,sans-serif;margin:4px 0;"
_GOOD = "color:#1b7a3a"
_BAD = "color:#c8102e"


def _feedback_html(fb: Feedback) -> str:
    style = _GOOD if fb.correct else _BAD
    mark = "✔" if fb.correct else "✘"
    return f'<span style="{style}">{mark} {escape(fb.message)}</span>'


def _table_without_won_tricks(html: str) -> str:
    """The table HTML without its won-tricks row (counting from memory)."""
    cut = html.find('<div class="sl-won-tricks"')
    if cut < 0:
        return html
    return html[:cut] + "</div>"


class CountingQuiz(W.VBox):  # type: ignore[misc]
    """Steps of real records with the tallies hidden: answer as the player to move.

    ``show_won_tricks`` shows the won tricks the rules let the player look through (K1);
    by default they are hidden, so the scores must come from memory.
    """

    def __init__(self, items: Sequence[CountingItem], *, show_won_tricks: bool = False) -> None:
        if not items:
            raise ValueError("no quiz items: give records with deals of at least a few tricks")
        self.show_won_tricks = show_won_tricks
        self.items = list(items)
        self.index = 0
        self.tally = Tally()
        self.header = W.HTML()
        self.table = W.HTML()
        self.score_label = W.HTML()
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
        self.check_button = W.Button(description="Check", button_style="primary")
        self.check_button.add_class("sl-quiz-check")
        self.next_button = W.Button(description="Next position")
        self.next_button.add_class("sl-quiz-next")
        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.next())
        self.header.add_class("sl-quiz-header")
        self.table.add_class("sl-quiz-table")
        self.score_label.add_class("sl-quiz-score")
        super().__init__([self.header, self.table, *rows,
                          W.HBox([self.check_button, self.next_button, self.score_label])])
        self.add_class("sl-quiz")
        self._show()

    @property
    def item(self) -> CountingItem:
        """The current quiz item."""
        return self.items[self.index]

    def _show(self) -> None:
        item = self.item
        rec = item.record
        names = rec.player_names
        rp = Replay(rec)
        self.header.value = (f'<div style="{_BOX}"><b>Position {self.index + 1} of '
                             f'{len(self.items)}</b>: you are {escape(names[item.seat])} '
                             f'({item.seat}), after step {item.step}, '
                             f'{rp[item.step].tricks_played} tricks played.</div>')
        table = H.table_html(rp, item.step, item.seat)
        self.table.value = table if self.show_won_tricks else _table_without_won_tricks(table)
        asked = {q.ask: q for q in item.questions}
        for ask, label in zip(Ask, self._labels, strict=True):
            q = asked.get(ask)
            label.value = f'<div style="{_BOX}">{escape(q.prompt)}</div>' if q else ""
            self.inputs[ask].value = ""
            self.inputs[ask].disabled = q is None
            self.feedback[ask].value = ""
        self._score()

    def _score(self) -> None:
        self.score_label.value = (f'<span style="{_BOX}margin-left:12px">score: '
                                  f"<b>{self.tally}</b></span>")

    def answer(self, answers: Mapping[Ask, str | int | Sequence[str]]) -> list[Feedback]:
        """Answer the current questions from code (as if typed), check them, and return
        the feedback."""
        for ask, value in answers.items():
            v = value if isinstance(value, str) else (
                str(value) if isinstance(value, int) else " ".join(value))
            self.inputs[ask].value = v
        return self.check()

    def check(self) -> list[Feedback]:
        """Check the typed answers; unanswered questions are skipped."""
        out = []
        for q in self.item.questions:
            text = self.inputs[q.ask].value
            if not text.strip():
                continue
            fb = check_answer(q, text)
            self.feedback[q.ask].value = _feedback_html(fb)
            self.tally = self.tally.add(fb)
            out.append(fb)
        self._score()
        return out

    def next(self) -> None:
        """Go to the next position (round to the first after the last)."""
        self.index = (self.index + 1) % len(self.items)
        self._show()


_RANKS = ("A", "10", "K", "Q", "J")


def _card_text(card: Card) -> str:
    """A card as ``10♥`` in its colour (HTML)."""
    color = "#c8102e" if card.is_red else "#111"
    return (f'<span style="color:{color};white-space:nowrap">'
            f"{_RANKS[card.rank]}{card.suit.symbol}</span>")


def _action_text(a: Action) -> str:
    """An action as HTML: its card (with the marriage announced, ``K♥ +20``)."""
    if a.card is None:
        return escape(str(a))
    text = _card_text(a.card)
    if a.kind is ActionKind.MARRIAGE:
        text += f" +{a.points}"
    return text


def plan_html(step: PlanStep, depth: int = 2) -> str:
    """The closer's plan as a small decision tree (HTML): what to lead, and what to do
    next after each answer of the opponent."""
    rows = []
    for level, text in step.outline(depth, _action_text):
        rows.append(f'<div class="sl-closing-plan-step" style="margin-left:{18 * level}px">'
                    f"{text}</div>")
    return f'<div class="sl-closing-plan">{"".join(rows)}</div>'


def advice_html(advice: ClosingAdvice, max_hands: int = 12, plan_depth: int = 2) -> str:
    """The advisor's numbers (closing with the best plan, and seeing every card), the plan,
    and the opponent hands that beat it, as HTML."""
    close = advice.close
    dd = advice.close_double_dummy
    play = advice.play_on
    td = '<td style="padding:1px 10px 1px 0">'
    rows = [
        f"<tr>{td}close, the best plan</td>{td}{close.win_chance:.0%}</td>"
        f"{td}{close.mean:+.2f}</td>{td}exact, {advice.hands} hands; sure to get it</td></tr>",
        f'<tr style="color:#666">{td}close, seeing every card</td>{td}{dd.win_chance:.0%}</td>'
        f"{td}{dd.mean:+.2f}</td>{td}exact; no player can count on it</td></tr>",
        f"<tr>{td}play on ({_action_text(advice.play_on_action)})</td>"
        f"{td}{play.win_chance:.0%}</td>{td}{play.mean:+.2f}</td>"
        f"{td}95% CI [{play.low:+.2f}, {play.high:+.2f}], {play.samples} worlds</td></tr>",
    ]
    th = '<th style="text-align:left;padding:1px 10px 1px 0">'
    table = ('<table class="sl-closing-numbers" style="border-collapse:collapse">'
             f"<tr>{th}</th>{th}wins</th>{th}game points</th>{th}</th></tr>"
             + "".join(rows) + "</table>")
    plan = ""
    if advice.plan is not None:
        plan = (f"<div><b>The plan after closing</b> (he answers as if he saw your cards):"
                f"</div>{plan_html(advice.plan, plan_depth)}")
    losing = advice.losing_hands
    if losing:
        hands = "".join(
            f'<div class="sl-closing-hand">{H.cards_html(r.hand, "sm")} '
            f"<span>{r.value:+d}</span>"
            + (' <span class="sl-closing-guess" style="color:#666">(won seeing every card)'
               "</span>" if r.guess else "")
            + "</div>" for r in losing[:max_hands])
        more = (f"<div>... and {len(losing) - max_hands} more</div>"
                if len(losing) > max_hands else "")
        keys = ", ".join(f"{_card_text(k.card)} ({k.in_losing:.0%} vs {k.in_all:.0%})"
                         for k in advice.key_cards[:4])
        key_line = f"<div>Often in those hands: {keys}</div>" if keys else ""
        guesses = len(advice.guess_hands)
        guess_line = (f"<div>{guesses} of them are lost only because you cannot see his "
                      "hand.</div>" if guesses else "")
        beat = (f"<div><b>Opponent hands that beat the plan ({len(losing)} of "
                f"{advice.hands})</b></div>{guess_line}{hands}{more}{key_line}")
    else:
        beat = "<div><b>No opponent hand beats the plan.</b></div>"
    pre = " (after exchanging the trump jack)" if advice.exchanged else ""
    return (f'<div class="sl-closing-advice" style="{_BOX}"><div><b>Advisor{pre}: '
            f"{escape(advice.verdict)}</b></div>{table}{plan}{beat}</div>")


class ClosingTrainer(W.VBox):  # type: ignore[misc]
    """Leads where closing was legal: choose close or play on, then see the advisor."""

    def __init__(self, exercises: Sequence[ClosingExercise], samples: int = DEFAULT_SAMPLES,
                 seed: int = 0) -> None:
        if not exercises:
            raise ValueError("no exercises: give records where closing was possible")
        self.exercises = list(exercises)
        self.samples = samples
        self.seed = seed
        self.index = 0
        self.right = 0
        self.asked = 0
        self.advice: ClosingAdvice | None = None
        self.header = W.HTML()
        self.table = W.HTML()
        self.counting = W.HTML()
        self.result = W.HTML()
        self.close_button = W.Button(description="Close the talon", button_style="warning")
        self.play_button = W.Button(description="Play on", button_style="info")
        self.next_button = W.Button(description="Next position")
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
        self.header.value = (f'<div style="{_BOX}"><b>Position {self.index + 1} of '
                             f"{len(self.exercises)}</b>: you are {escape(names[ex.seat])} "
                             f"({ex.seat}) to lead; the talon holds {ex.talon} cards. "
                             f"Close, or play on? <span>(score {self.right} / "
                             f"{self.asked})</span></div>")
        self.table.value = H.table_html(rp, ex.step, ex.seat)
        self.counting.value = H.counting_html(rp.counting(ex.step, ex.seat), names)
        self.result.value = ""
        self.close_button.disabled = False
        self.play_button.disabled = False

    def choose(self, choice: str) -> ClosingFeedback:
        """Choose ``close`` or ``play on``; show and return the advisor's verdict."""
        ex = self.exercise
        if self.advice is None:
            self.result.value = f'<div style="{_BOX}">The advisor is thinking ...</div>'
            self.advice = advise(ex.position, samples=self.samples, seed=self.seed)
        fb = judge_closing(choice, self.advice)
        self.asked += 1
        self.right += fb.correct
        played = "closed" if ex.closed else "played on"
        style = _GOOD if fb.correct else _BAD
        self.result.value = (f'<div style="{_BOX}"><div style="{style}"><b>You chose '
                             f"{escape(fb.choice)}.</b> {escape(fb.message)}</div>"
                             f"<div>In the game, {escape(ex.record.player_names[ex.seat])} "
                             f"{played}.</div>{advice_html(self.advice)}</div>")
        self.close_button.disabled = True
        self.play_button.disabled = True
        return fb

    def next(self) -> None:
        """Go to the next position (round to the first after the last)."""
        self.index = (self.index + 1) % len(self.exercises)
        self._show()
