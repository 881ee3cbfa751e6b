"""What the practice tables of every game share, each game keeping its own drawing and
texts: the buttons' look, the loop of the student's action and the bots' answers, the
claim's confirmation, taking over a record, saving it, and the list of what was said.

A game's table widget subclasses :class:`TableWidget` over its table model (the game's
part ``table``, which keeps the :class:`TableModel` protocol) and supplies its texts
(:attr:`TableWidget.texts`), its drawing (``render``) and its own actions.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from html import escape
from typing import Any, ClassVar, Protocol

import ipywidgets as W

from .. import html as H
from ..i18n import Texts, localized
from ..notation import text_with_cards

__all__ = ["TABLE_WIDTH", "TableModel", "TableWidget", "classes", "enable", "fixed",
           "reasons_switch", "tallies_switch"]

TABLE_WIDTH = H.FELT_WIDTH + 8
"""The width (px) of the table panel: the felt and the margins ipywidgets gives its parts."""


_BOTS: ThreadPoolExecutor | None = None
_BOTS_LOCK = threading.Lock()


def bots_thread() -> ThreadPoolExecutor:
    """The one thread in which the tables' bots decide, in the order asked: the kernel
    goes on serving the widgets meanwhile, and a bot's solver keeps its tables between
    decisions (one solver a thread)."""
    global _BOTS
    with _BOTS_LOCK:
        if _BOTS is None:
            _BOTS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="schnapsen-lab-bots")
        return _BOTS


class TableModel(Protocol):
    """What a table widget asks of its game's table model (``games/*/table.py``)."""

    log: list[Any]
    auto_bots: bool

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        ...

    def next_bot(self) -> Any:
        """The seat of the bot to act next (None: none now)."""
        ...

    def warm_up(self) -> None:
        """Pay now what a bot's first decision would pay once."""
        ...

    def student_act(self, action: Any) -> Any:
        """Play the student's action (None: decline a claim); the event it made."""
        ...

    def bot_step_due(self) -> bool:
        """Whether a bot is to act now."""
        ...

    def bot_step(self) -> Any:
        """Let the next bot act; its event, or None when the student is to act."""
        ...

    def new_deal(self) -> None:
        """Deal the match's next deal."""
        ...

    def take_over(self, source: Any, step: int, seat: Any, *, index: int = 1) -> None:
        """Play on from a record's step, the student at ``seat``."""
        ...

    def save(self, path: str) -> None:
        """Write the match so far as PSN."""
        ...


def classes(widget: Any, *names: str) -> Any:
    """``widget`` with the CSS classes ``names`` (tests and browser tests find it by them)."""
    for n in names:
        widget.add_class(n)
    return widget


def enable(button: W.Button, enabled: bool, style: str = "info") -> None:
    """Enabled buttons are coloured, disabled ones grey: one look each."""
    button.disabled = not enabled
    button.button_style = style if enabled else ""


def fixed(width: int) -> W.Layout:
    """A layout of exactly ``width`` pixels."""
    return W.Layout(width=f"{width}px", min_width=f"{width}px", max_width=f"{width}px",
                    flex="0 0 auto")


def reasons_switch(texts: Texts, on: bool) -> W.Checkbox:
    """The teacher's switch (``sl-show-reasons``): show the bots' reasons as the deal is
    played; ``texts`` holds its words (``reasons``, ``reasons.tip``)."""
    box = W.Checkbox(value=on, description=texts["reasons"], tooltip=texts["reasons.tip"],
                     indent=False, layout=W.Layout(width="auto"))
    return classes(box, "sl-show-reasons")


def tallies_switch(texts: Texts, on: bool) -> W.Checkbox:
    """The switch that shows the tallies (``sl-show-tallies``): the scores and pending
    marriages as the deal is played, which a player at the table counts; ``texts`` holds
    its words (``tallies``, ``tallies.tip``)."""
    box = W.Checkbox(value=on, description=texts["tallies"], tooltip=texts["tallies.tip"],
                     indent=False, layout=W.Layout(width="auto"))
    return classes(box, "sl-show-tallies")


@localized
class TableWidget(W.VBox):  # type: ignore[misc]
    """The part of a practice table every game shares (see the module's docstring)."""

    texts: ClassVar[Texts]
    """The game's widget texts (its module's ``TEXT``)."""
    shown_messages: ClassVar[int] = 8
    """How many of the last things said the side panel lists."""
    messages_style: ClassVar[str] = ""
    """Extra inline style of the panel of what was said."""

    table: Any
    lang: str
    pause: float
    messages: list[Any]
    status: str
    note: str
    confirming: bool
    _marriage_points: int | None
    take_source: Any
    take_index: Any
    take_step: Any
    take_seat: Any
    save_path: Any
    replay_box: Any
    reasons_box: Any
    tallies_box: Any
    background: bool
    """Whether the bots decide in :func:`bots_thread` (the table answers clicks
    meanwhile and says who is thinking) or at once, before a click returns (``pause``
    0: driven from Python, tests)."""
    thinking: str = ""
    """The name of the bot deciding now ('' when none)."""
    _busy: bool = False
    _future: Future[None] | None = None
    _lock: threading.RLock

    # what each game's widget supplies
    def _draw(self) -> None:
        """Draw everything again (the table is not changed meanwhile)."""
        raise NotImplementedError

    def play(self, card: Any) -> None:
        """Play ``card``."""
        raise NotImplementedError

    def marriage(self, card: Any, points: int | None = None) -> None:
        """Announce a marriage and lead ``card``."""
        raise NotImplementedError

    def _question_html(self) -> str:
        raise NotImplementedError

    def _false_claim_words(self) -> str:
        raise NotImplementedError

    def _set_bot(self, name: str) -> None:
        raise NotImplementedError

    # what every game's widget does the same way
    def _start(self, pause: float, background: bool | None) -> None:
        """Set up the bots' answering (the game's ``__init__`` calls it before it draws)."""
        self.pause = pause
        self.background = pause > 0 if background is None else background
        self.thinking = ""
        self._busy = False
        self._future = None
        self._lock = threading.RLock()
        self.table.auto_bots = False  # the table starts its bots itself (_bot_answers)

    def _opened(self) -> None:
        """The widget is built: make the bots ready, and let them act if it is theirs."""
        self._warm_up()
        self._bot_answers()

    def _warm_up(self) -> None:
        """In the background, let the bots pay now what their first decision would pay
        once (:meth:`TableModel.warm_up`, in the thread they decide in)."""
        if not self.background:
            return

        def warm() -> None:
            with contextlib.suppress(Exception):  # a bot that cannot be warmed decides cold
                self.table.warm_up()

        self._future = bots_thread().submit(warm)

    def render(self) -> None:
        """Bring every part up to date with the table. While a bot decides, the table
        is drawn again as soon as it has acted."""
        if not self._lock.acquire(blocking=not self._busy):
            return  # a bot is deciding: the bots' thread draws when it has acted
        try:
            self._draw()
        finally:
            self._lock.release()

    @property
    def busy(self) -> bool:
        """Whether a bot is deciding (the student's actions wait for it)."""
        return self._busy

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the bots have answered (at once when they answer in the
        foreground); raise what went wrong in the bots' thread."""
        f = self._future
        if f is not None:
            f.result(timeout)

    def _free(self) -> bool:
        """Wait until no bot decides (an action from Python, or a button the table
        offers while a bot thinks, comes after the bots' answers, never between them);
        then the student may act."""
        if self._busy:
            self.wait()
        return not self._busy

    def _run(self, action: Any) -> None:
        if not self._free():
            return
        t = self.table
        self._marriage_points = None
        self.confirming = False
        try:
            ev = t.student_act(action)
        except ValueError as e:
            self.status = text_with_cards(str(e))
            self.render()
            return
        self.status = ""
        self.note = ""
        self._show_events([ev])
        self.render()
        self._bot_answers()

    def _bot_answers(self) -> None:
        """The bots act until it is the student's turn: in the bots' thread with
        :attr:`background` (the table says who is thinking), else at once."""
        t = self.table
        if not t.bot_step_due():
            self.render()
            return
        if not self.background:
            self._answer()
            return
        self._busy = True
        self.thinking = self._bot_name()
        self.render()
        self._future = bots_thread().submit(self._answer_in_background)

    def _bot_name(self) -> str:
        seat = self.table.next_bot()
        return "" if seat is None else str(self.table.names[int(seat)])

    def _answer_in_background(self) -> None:
        try:
            self._answer()
        except Exception as e:  # shown at the table, not lost in the thread
            with self._lock:
                self.status = text_with_cards(str(e))
                self._draw()
            raise

    def _answer(self) -> None:
        t = self.table
        try:
            while True:
                with self._lock:
                    if not t.bot_step_due():
                        break
                    self.thinking = self._bot_name()
                    self._draw()
                if self.pause > 0:
                    time.sleep(self.pause)
                with self._lock:
                    ev = t.bot_step()
                    self.thinking = ""
                    if ev is None:
                        break
                    self._show_events([ev])
                    self._draw()
        finally:
            with self._lock:
                self.thinking = ""
                self._draw()
                self._busy = False

    def _thinking_html(self) -> str:
        """Who is thinking now, on the felt (``sl-thinking``; '' when no bot decides)."""
        if not self.thinking:
            return ""
        return (f'<span class="sl-thinking" style="font-style:italic">'
                f'{self.texts["thinking"].format(who=escape(self.thinking))}</span>')

    def _on_card(self, card: Any) -> None:
        if self._marriage_points is not None:
            self.marriage(card, self._marriage_points)
        else:
            self.play(card)

    def cancel_claim(self) -> None:
        """Do not claim after all."""
        self.confirming = False
        self.render()

    def decline_claim(self) -> None:
        """Play on without claiming (after a marriage announcement or the last trick)."""
        self._run(None)

    def _toggle_marriage(self, points: int) -> None:
        self._marriage_points = None if self._marriage_points == points else points
        self.status = ""
        self.render()

    def new_deal(self) -> None:
        """The next deal of the match (two players: of the Bummerl)."""
        if not self._free():
            return
        self.table.new_deal()
        self._fresh()

    def take_over(self, source: Any, step: int, seat: Any = None, *,
                  index: int = 1) -> None:
        """Play on from step ``step`` of a record of the table's game (or a PSN file's
        record ``index``), the student at ``seat``."""
        if not self._free():
            return
        try:
            self.table.take_over(source, step, seat, index=index)
        except (ValueError, OSError) as e:
            self.status = self.texts["cannot_take_over"].format(error=e)
            self.render()
            return
        # the take-over box shows the take-over performed, not its defaults (issue 22)
        if isinstance(source, str):
            self.take_source.value = source
        self.take_index.value = index
        self.take_step.value = min(step, self.take_step.max)
        self.take_seat.value = self.table.seat.name
        self._fresh()

    def _take_over_clicked(self) -> None:
        self.take_over(self.take_source.value.strip(), int(self.take_step.value),
                       self.take_seat.value, index=int(self.take_index.value))

    def _fresh(self) -> None:
        self.messages = []
        self.status = ""
        self.note = ""
        self.confirming = False
        self._marriage_points = None
        self.replay_box.children = []
        self._show_events(self.table.log)
        self.render()
        self._bot_answers()

    def _on_bot(self, change: dict[str, Any]) -> None:
        self._free()  # the bot deciding now finishes its decision first
        try:
            self._set_bot(str(change["new"]))
        except KeyError as e:
            self.status = str(e)
            self.render()
            return
        self._warm_up()

    def save(self, path: str | None = None) -> str | None:
        """Save the deal (with the match's deals before it) as PSN; return the path."""
        p = (path or self.save_path.value).strip()
        if not p:
            self.status = self.texts["give_file"]
            self.render()
            return None
        try:
            self.table.save(p)
        except OSError as e:
            self.status = self.texts["cannot_save"].format(path=p, error=e.strerror or e)
            self.render()
            return None
        self.status = ""
        self.note = self.texts["saved"].format(path=p)
        self.render()
        return p

    def _show_events(self, events: Iterable[Any]) -> None:
        self.messages.extend(events)
        self.messages = self.messages[-(self.shown_messages + 4):]

    def _confirm_html(self) -> str:
        text = self.texts["confirm.text"].format(outcome=self._false_claim_words())
        return (f'<div style="font:13px sans-serif;background:#fdecea;border-left:4px solid '
                f'#c8102e;padding:4px 8px;margin:4px 0">{text}</div>')

    @property
    def show_reasons(self) -> bool:
        """Whether the reason a bot gave for its last move is shown while the deal is
        played (a teacher's view: the reasons name the bot's cards). Off by default; the
        record keeps them either way (the table's ``reasons``)."""
        return bool(self.reasons_box.value)

    @show_reasons.setter
    def show_reasons(self, on: bool) -> None:
        self.reasons_box.value = bool(on)

    @property
    def show_tallies(self) -> bool:
        """Whether the scores and pending marriages are shown while the deal is played (a
        counting aid: at the table a player counts them). Off by default, on in the
        teacher's mode (``show_reasons=True``); shown either way once the deal is over."""
        return bool(self.tallies_box.value)

    @show_tallies.setter
    def show_tallies(self, on: bool) -> None:
        self.tallies_box.value = bool(on)

    def _last_reason(self) -> tuple[str, str] | None:
        """The last reason a bot gave this deal and the bot's name (None: none given)."""
        raise NotImplementedError

    def _reason_html(self) -> str:
        """The last reason a bot gave, when :attr:`show_reasons` (``sl-bot-reason``)."""
        said = self._last_reason() if self.show_reasons else None
        if said is None:
            return ""
        who, reason = said
        return (f'<div class="sl-bot-reason" style="font:12px sans-serif;font-style:italic;'
                f'color:#555;margin-top:4px">'
                f'{self.texts["reason"].format(who=escape(who), reason=escape(reason))}</div>')

    def _messages_html(self) -> str:
        items = []
        for e in self.messages[-self.shown_messages:]:
            text = escape(e.text)
            if e.announced:
                text = f"<b>{text}</b>"
            items.append(f'<li class="sl-event">{text}</li>')
        status = (f'<div class="sl-status sl-refusal" style="color:#c8102e">'
                  f"{escape(self.status)}</div>" if self.status else "")
        if self.note:
            status += f'<div class="sl-note" style="color:#555">{escape(self.note)}</div>'
        if self._marriage_points is not None:
            status += (f'<div class="sl-status">'
                       f'{self.texts["pick_marriage"].format(points=self._marriage_points)}</div>')
        status += self._question_html()
        return (f'<div style="font:13px sans-serif{self.messages_style}">'
                f'<b>{self.texts["at_table"]}</b>'
                f'<ul style="margin:2px 0;padding-left:18px">{"".join(items)}</ul>{status}'
                f"</div>")
