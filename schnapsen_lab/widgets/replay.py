"""The replay widget: step through a deal (or a whole match) in JupyterLab.

::

    from schnapsen_lab.widgets import replay
    replay("records/study/closing-wins-3.psn")           # a file: every deal, with a picker
    replay(record, view="A")                               # one record, A's view

The widget is built once; stepping only updates the values of its parts (no
re-creation, no flashing). The move list, the table and the side panel have fixed
widths, so the table never moves between steps; on a narrow screen the side panel
goes below. A file or list with nothing to replay shows why (the reader's first error,
as ``schnapsen-lab check`` reports it) instead of the table.

Its parts carry stable CSS classes for browser tests: ``sl-replay``, ``sl-header``,
``sl-deal``, ``sl-view``, ``sl-first``, ``sl-back``, ``sl-forward``, ``sl-last``,
``sl-play``, ``sl-slider``, ``sl-step``, ``sl-replay-body``, ``sl-moves-panel``,
``sl-moves``, ``sl-table-panel``, ``sl-table-view``, ``sl-side-panel``, ``sl-scores``,
``sl-counting``, ``sl-comments``, ``sl-record-error`` (the error where the record stops
being valid) and ``sl-replay-problem`` (nothing to replay).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from html import escape
from typing import Any

import ipywidgets as W

from .. import html as H
from ..i18n import C_, N_, NP_, Plurals, Texts, localized, resolve
from ..notation import SEAT_LABEL, error_text, text_with_cards
from ..notation import TEXT as NOTATION_TEXT
from ..psn import Record, read
from ..replay import Replay, match_groups

__all__ = ["MOVES_WIDTH", "PLURALS", "SIDE_WIDTH", "TABLE_WIDTH", "TEXT", "VIEWS",
           "ReplayWidget", "keep_pairs", "move_label"]

TEXT = Texts({
    "view.open": H.TEXT.source["view.open"],
    "deal": H.TEXT.source["deal"],
    "first": N_("first step"),
    "back": N_("one step back"),
    "forward": N_("one step forward"),
    "last": N_("last step"),
    "play": C_("plays the steps one after another", "play"),
    "step": N_("step"),
    "moves": H.TEXT.source["moves"],
    "deal.match": N_("{match} deal {deal}"),
    "deal.record": N_("record {index}"),
    "deal.label": N_("{n}: {what} · {a} vs {b} · {result}"),
    "deal.label.many": N_("{n}: {what} · {players} · {result}"),
    "step.line": H.TEXT.source["step.line"],
    # Translators: a label and what it says ("step 4 of 8: Anna leads 10♥"); French puts
    # a narrow no-break space before the colon
    "labelled": N_("{label}: {text}"),
    "step.dealt": NOTATION_TEXT.source["move.dealt"],
    "step.open": H.TEXT.source["view.open_short"],
    "step.view": H.TEXT.source["view.seat"],
    "error.here": N_("The record stops being valid here: {error}"),
    "error.after": N_("What follows the error in the record:"),
    "skipped.first": N_("{where}deal {index}, {error}"),
    "problem.empty": N_("Nothing to replay: there is no record (the list is empty)."),
    "problem.file_empty": N_("Nothing to replay: {path} holds no record."),
    "problem.no_file": N_("Nothing to replay: {path}: no such PSN file."),
    "problem.unreadable": N_("Nothing to replay: {where}deal {index}, {error}"),
    "bad_source": N_("replay() takes a Record, records, a Replay or a PSN file path"),
    "bad_view": N_("view is 'open' or a seat ({seats}), not {view!r}"),
    **{f"nag.{k}": H.TEXT.source[f"nag.{k}"] for k in (1, 2, 3, 4, 5, 6, "other")},
})
"""Every text this widget shows, as format strings."""

PLURALS = Plurals({
    "skipped": NP_("{n} record could not be replayed; the first: {error}",
                   "{n} records could not be replayed; the first: {error}"),
})
"""Texts that depend on a number."""

_MOVE = "{step:>2} {words}"
_COMMENT_MARK = " {…}"

VIEWS: tuple[str, ...] = ("open", "A", "B")
"""The view selector's values for a two-player deal: the open table, A's view, B's view
(a four-player deal: ``open``, ``N``, ``E``, ``S``, ``W``)."""


def _view_who(names: Sequence[str], seats: Sequence[str], k: int) -> str:
    """Whose view seat ``k`` is, as the shared page says it: the player's name, with the
    seat when two players have the same name."""
    name = names[k] if k < len(names) else seats[k]
    if list(names).count(name) > 1:
        return SEAT_LABEL.format(name=name, seat=seats[k])
    return name


def _view_options(seats: Sequence[str], names: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The view selector's options for a game's seats, labelled in the language spoken by
    the players' names ("Anna's view"), as the shared page labels them."""
    return [(TEXT["view.open"], "open"),
            *((TEXT["step.view"].format(who=_view_who(names, seats, k)), v)
              for k, v in enumerate(seats))]

MOVES_WIDTH = 280
"""The move list's width (px)."""
SIDE_WIDTH = 280
"""The side panel's width (px): tallies and counting."""
TABLE_WIDTH = H.FELT_WIDTH + 8
"""The table panel's width (px): the felt and the margins ipywidgets gives its parts."""


def _records_of(source: Any) -> tuple[list[Record], str | None]:
    """The records of ``source`` and, when there are none, why (a line for the user)."""
    if isinstance(source, Replay):
        return [source.record], None
    if isinstance(source, Record):
        return [source], None
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not os.path.isfile(path):
            return [], TEXT["problem.no_file"].format(path=path)
        recs = list(read(path))
        return recs, None if recs else TEXT["problem.file_empty"].format(path=path)
    if isinstance(source, Iterable):
        recs = list(source)
        if not all(isinstance(r, Record) for r in recs):
            raise TypeError(TEXT["bad_source"])
        return recs, None if recs else TEXT["problem.empty"]
    raise TypeError(TEXT["bad_source"])


def _where(r: Record) -> str:
    return f"{r.file}: " if r.file else ""


def _first_error(r: Record) -> str:
    """The record's first error in words, as ``schnapsen-lab check`` gives it."""
    if not r.errors:
        return ""
    e = r.errors[0]
    return error_text(e.line, e.col, e.rule, e.message)


_NUMBER_LABEL = re.compile(r"(\d) \(")
_SPACED_COLON = re.compile(r"( |\u00a0|\u202f): ")


def keep_pairs(markup: str) -> str:
    """``markup`` with each "a : b" kept on one line: no break between a number and its
    label, "0 (me)", nor on either side of a spaced colon, "0 (me) : 0 (opponent)" (a
    French colon keeps its narrow space)."""
    markup = _NUMBER_LABEL.sub("\\1\u00a0(", markup)
    return _SPACED_COLON.sub(lambda m: ("\u00a0" if m.group(1) == " " else m.group(1))
                             + ":\u00a0", markup)


def move_label(rp: Replay, step: int) -> str:
    """The move list's text for ``step``: one step number, the seat, the action in words
    (``3 A exchanges J♠ for the indicator``, ``2 E names ♥ hearts``, ``4 S: double``),
    its glyphs, and a mark for comments."""
    if step == 0:
        return (_MOVE.format(step=0, words=TEXT["step.dealt"])
                + (_COMMENT_MARK if rp.record.main.comments else ""))
    mv = rp.move(step)
    assert mv is not None
    words = H.drawing_for(rp.game).move_text(rp, step)
    glyphs = H.glyph_text(mv.nags)
    text = _MOVE.format(step=step, words=words + (f" {glyphs}" if glyphs else ""))
    return text + (_COMMENT_MARK if mv.comments else "")


def _classes(widget: Any, *names: str) -> Any:
    for n in names:
        widget.add_class(n)
    return widget


def _fixed(width: int) -> W.Layout:
    """A layout of a fixed width that never shrinks or grows."""
    return W.Layout(width=f"{width}px", min_width=f"{width}px", max_width=f"{width}px",
                    flex="0 0 auto")


@localized
class ReplayWidget(W.VBox):  # type: ignore[misc]
    """A replay of one deal, or of several (a match, a file) with a deal picker.

    ``step``, ``viewer`` and ``replay`` tell what is shown; :meth:`go`, :meth:`forward`,
    :meth:`back`, :meth:`first`, :meth:`last`, :meth:`set_view` and :meth:`pick` change it
    (the buttons, the slider, the move list and the selectors call them). With nothing
    to replay, ``problem`` says why and the widget shows only that. ``lang`` is the
    language it speaks (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; None: the language set
    with :func:`schnapsen_lab.set_language`).
    """

    def __init__(self, source: Any, *, view: str | None = None, step: int = 0,
                 deal: int = 0, lang: str | None = None) -> None:
        self.lang = resolve(lang)
        given, problem = _records_of(source)
        records = [r for r in given if r.can_replay]
        broken = [r for r in given if not r.can_replay]
        if not records and problem is None:
            r = broken[0]
            problem = TEXT["problem.unreadable"].format(where=_where(r), index=r.index,
                                                        error=_first_error(r))
        self.problem: str | None = problem
        self.skipped: list[Record] = broken
        self.records: list[Record] = records
        self._replays: dict[int, Replay] = {}
        self._busy = False
        self.viewer: IntEnum | None = None
        self.step = 0
        self.header = _classes(W.HTML(), "sl-header")
        if not records:
            self.header.value = (f'<div class="sl-replay-problem" style="font:14px sans-serif;'
                                 f'color:#c8102e">{escape(problem or "")}</div>')
            super().__init__([self.header])
            self.add_class("sl-replay")
            return
        self._groups = match_groups(records)

        picker_options = [(self._deal_label(i, r), i) for i, r in enumerate(records)]
        self.deal_picker = _classes(W.Dropdown(options=picker_options, value=0,
                                               description=TEXT["deal"],
                                               layout=W.Layout(width="auto")), "sl-deal")
        if len(records) < 2:
            self.deal_picker.layout.display = "none"
        self._seats: tuple[str, ...] = records[0].seats
        self._names: tuple[str, ...] = tuple(records[0].player_names)
        self.view_picker = _classes(W.ToggleButtons(options=_view_options(
                                                        self._seats, records[0].player_names),
                                                    value="open",
                                                    style={"button_width": "auto"}), "sl-view")
        btn = W.Layout(width="44px")
        self.first_button = _classes(W.Button(icon="fast-backward", tooltip=TEXT["first"],
                                              layout=btn), "sl-first")
        self.back_button = _classes(W.Button(icon="step-backward", tooltip=TEXT["back"],
                                             layout=btn), "sl-back")
        self.forward_button = _classes(W.Button(icon="step-forward",
                                                tooltip=TEXT["forward"], layout=btn),
                                       "sl-forward")
        self.last_button = _classes(W.Button(icon="fast-forward", tooltip=TEXT["last"],
                                             layout=btn), "sl-last")
        self.play = _classes(W.Play(value=0, min=0, max=1, step=1, interval=900,
                                    show_repeat=False, description=TEXT["play"]), "sl-play")
        self.slider = _classes(W.IntSlider(value=0, min=0, max=1, description=TEXT["step"],
                                           continuous_update=True,
                                           layout=W.Layout(width="360px")), "sl-slider")
        # A kernel-side link: a frontend (js) link would echo stale values back to the
        # kernel when the step is changed from code several times in a row.
        self._link = W.link((self.play, "value"), (self.slider, "value"))
        self.step_label = _classes(W.HTML(), "sl-step")
        self.table = _classes(W.HTML(layout=_fixed(TABLE_WIDTH)), "sl-table-view")
        self.scores = _classes(W.HTML(), "sl-scores")
        self.counting_panel = _classes(W.HTML(), "sl-counting")
        # no margin: 100% of the panel is all of its width (a margin of 2 px each side
        # made the list 284 px in a 280 px panel, its right edge clipped)
        self.moves = _classes(W.Select(options=[("0", 0)], value=0, rows=16,
                                       layout=W.Layout(width="100%", margin="0px")),
                              "sl-moves")
        self.comments = _classes(W.HTML(), "sl-comments")

        self.first_button.on_click(lambda _b: self.first())
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.last_button.on_click(lambda _b: self.last())
        self.slider.observe(self._on_slider, names="value")
        self.moves.observe(self._on_move, names="value")
        self.view_picker.observe(self._on_view, names="value")
        self.deal_picker.observe(self._on_deal, names="value")

        controls = W.HBox([self.first_button, self.back_button, self.forward_button,
                           self.last_button, self.play, self.slider],
                          layout=W.Layout(align_items="center", flex_flow="row wrap"))
        side = _classes(W.VBox([W.HTML(f"<b>{TEXT['moves']}</b>"), self.moves],
                               layout=_fixed(MOVES_WIDTH)), "sl-moves-panel")
        middle = _classes(W.VBox([self.table, self.step_label, self.comments],
                                 layout=_fixed(TABLE_WIDTH)), "sl-table-panel")
        right = _classes(W.VBox([self.scores, self.counting_panel], layout=_fixed(SIDE_WIDTH)),
                         "sl-side-panel")
        body = _classes(W.HBox([side, middle, right],
                               layout=W.Layout(align_items="flex-start", flex_flow="row wrap",
                                               grid_gap="12px")), "sl-replay-body")
        super().__init__([self.header, W.HBox([self.deal_picker, self.view_picker]),
                          controls, body])
        self.add_class("sl-replay")

        self.replay: Replay = self._replay_of(0)
        self.drawing: H.Drawing = H.drawing_for(self.replay.game)
        self._load(max(0, min(deal, len(records) - 1)), step)
        if view is not None:
            self.set_view(view)

    # -- state ---------------------------------------------------------------------------
    @property
    def record(self) -> Record:
        """The record shown."""
        return self.replay.record

    @property
    def deal(self) -> int:
        """The index (from 0) of the record shown among the widget's records."""
        return int(self.deal_picker.value)

    def _replay_of(self, i: int) -> Replay:
        rp = self._replays.get(i)
        if rp is None:
            rp = Replay(self.records[i])
            self._replays[i] = rp
        return rp

    def _deal_label(self, i: int, r: Record) -> str:
        names = r.player_names
        what = (TEXT["deal.match"].format(match=r.match, deal=r.deal) if r.match is not None
                else TEXT["deal.record"].format(index=r.index))
        if len(names) == 2:
            return TEXT["deal.label"].format(n=i + 1, what=what, a=names[0], b=names[1],
                                             result=r.result_text)
        return TEXT["deal.label.many"].format(n=i + 1, what=what, players=", ".join(names),
                                              result=r.result_text)

    # -- actions -------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show ``step`` (clamped to the deal's steps)."""
        if not self.records:
            return
        step = max(0, min(self.replay.last, int(step)))
        self.step = step
        self.replay.go(step)
        self._busy = True
        try:
            self.slider.value = step
            self.moves.value = step
        finally:
            self._busy = False
        self._render()

    def forward(self) -> None:
        """One step forward."""
        self.go(self.step + 1)

    def back(self) -> None:
        """One step back."""
        self.go(self.step - 1)

    def first(self) -> None:
        """To the deal as dealt."""
        self.go(0)

    def last(self) -> None:
        """To the last step."""
        if self.records:
            self.go(self.replay.last)

    def set_view(self, view: str | IntEnum | None) -> None:
        """Show the open table (``None``/``"open"``) or a seat's view (``"A"``, ``"B"``;
        four players ``"N"``, ``"E"``, ``"S"``, ``"W"``)."""
        if not self.records:
            return
        value = "open" if view is None or str(view).lower() == "open" else str(view).upper()
        if value != "open" and value not in self._seats:
            raise ValueError(TEXT["bad_view"].format(seats=", ".join(self._seats), view=view))
        if self.view_picker.value != value:
            self.view_picker.value = value  # the observer renders
        else:
            self._apply_view(value)

    def pick(self, deal: int) -> None:
        """Show the record at index ``deal`` (from 0), from its first step."""
        if self.records:
            self.deal_picker.value = int(deal)

    # -- observers -----------------------------------------------------------------------
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._busy and change["new"] != self.step:
            self.go(change["new"])

    def _on_move(self, change: dict[str, Any]) -> None:
        if not self._busy and change["new"] is not None and change["new"] != self.step:
            self.go(change["new"])

    def _on_view(self, change: dict[str, Any]) -> None:
        self._apply_view(change["new"])

    def _apply_view(self, value: str) -> None:
        rp = self.replay
        self.viewer = None if value == "open" else rp.seat_values[rp.seats.index(value)]
        self._render()

    def _on_deal(self, change: dict[str, Any]) -> None:
        self._load(int(change["new"]), 0)

    def _load(self, i: int, step: int) -> None:
        self.replay = self._replay_of(i)
        rp = self.replay
        self.drawing = H.drawing_for(rp.game)
        self._busy = True
        try:
            if self.deal_picker.value != i:
                self.deal_picker.value = i
            if (rp.seats, rp.record.player_names) != (self._seats, self._names):
                # a deal of another game or other players: its seats' views
                self._seats = rp.seats
                self._names = rp.record.player_names
                keep = self.view_picker.value if self.view_picker.value in rp.seats else "open"
                self.view_picker.options = _view_options(rp.seats, rp.record.player_names)
                self.view_picker.value = keep
                self.viewer = (None if keep == "open"
                               else rp.seat_values[rp.seats.index(keep)])
            self.slider.max = rp.last
            self.play.max = rp.last
            self.moves.options = [(move_label(rp, s), s) for s in range(len(rp))]
        finally:
            self._busy = False
        self.header.value = self._header_html()
        self.go(step)

    # -- rendering -----------------------------------------------------------------------
    def _header_html(self) -> str:
        rec = self.record
        out = H.tags_html(rec)
        if rec.errors:
            out += (f'<div class="sl-errors" style="color:#c8102e">'
                    f"{H.error_html(rec.errors[0])}</div>")
        if self.skipped:
            r = self.skipped[0]
            first = TEXT["skipped.first"].format(where=_where(r), index=r.index,
                                                 error=_first_error(r))
            skipped = PLURALS.text("skipped", len(self.skipped), error=first)
            out += f'<div class="sl-skipped" style="color:#c8102e">{escape(skipped)}</div>'
        return out

    def _render(self) -> None:
        rp = self.replay
        step = self.step
        viewer = None if self.viewer is None else int(self.viewer)
        d = self.drawing
        self.table.value = d.table(rp, step, viewer)
        self.scores.value = d.tallies(rp, step, viewer)
        self.counting_panel.value = keep_pairs(d.counting(rp, step, viewer))
        self.step_label.value = self._step_html()
        self.comments.value = self._comments_html()

    def _step_html(self) -> str:
        rp = self.replay
        step = self.step
        viewer = None if self.viewer is None else int(self.viewer)
        what = TEXT["step.dealt"] if step == 0 else self.drawing.said(rp, step, viewer)
        view = (TEXT["step.open"] if viewer is None
                else TEXT["step.view"].format(
                    who=escape(_view_who(rp.record.player_names, rp.seats, viewer))))
        number = f'<span class="sl-step-number">{step}</span>'
        label = f'<b>{TEXT["step.line"].format(step=number, last=rp.last)}</b>'
        line = (f'{TEXT["labelled"].format(label=label, text=what)} '
                f'<span style="color:#777">({view})</span>')
        return f'<div style="font:13px sans-serif;margin:4px 0">{line}</div>'

    def _comments_html(self) -> str:
        rp = self.replay
        step = self.step
        # a comment's PSN cards as printed (a review's "best AD +0.50": best A♦ +0.50)
        items = [f"<div>“{escape(text_with_cards(c))}”</div>" for c in rp.comments(step)]
        nags = rp.nags(step)
        if nags:
            items.insert(0, f"<div><b>{escape(H.glyph_text(nags))}</b> "
                            f"{escape(_nag_words(nags))}</div>")
        box = ""
        if items:
            box = (f'<div class="sl-comment-box" style="font:13px sans-serif;font-style:italic;'
                   f'background:#fff8dc;border-left:3px solid #e0b000;padding:4px 8px">'
                   f'{"".join(items)}</div>')
        if step == rp.last and rp.error is not None:
            box += self._error_html()
        return box or '<div class="sl-comment-box" style="min-height:1em"></div>'

    def _error_html(self) -> str:
        """Where the record stops being valid: the error, then the comments after it."""
        rp = self.replay
        assert rp.error is not None
        error = TEXT["error.here"].format(error=H.error_html(rp.error))
        after = ""
        if rp.comments_after_error:
            quoted = "".join(f"<div>“{escape(c)}”</div>" for c in rp.comments_after_error)
            after = (f'<div style="margin-top:4px">{escape(TEXT["error.after"])}</div>'
                     f'<div style="font-style:italic">{quoted}</div>')
        return (f'<div class="sl-record-error" style="font:13px sans-serif;color:#8a0015;'
                f'background:#fdecea;border-left:3px solid #c8102e;padding:4px 8px;'
                f'margin-top:4px"><b>{error}</b>{after}</div>')


def _nag_words(nags: Sequence[int]) -> str:
    return ", ".join(TEXT.get(f"nag.{n}", TEXT["nag.other"].format(n=n)) for n in nags)
