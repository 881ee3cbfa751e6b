"""The replay widget: step through a deal (or a whole match) in JupyterLab.

::

    from schnapsen_lab.widgets import replay
    replay("records/study/closing-wins-3.psn")           # a file: every deal, with a picker
    replay(record, view="A")                               # one record, A's view

The widget is built once; stepping only updates the values of its parts (no
re-creation, no flashing). Its parts carry stable CSS classes for browser tests:
``sl-header``, ``sl-deal``, ``sl-view``, ``sl-first``, ``sl-back``, ``sl-forward``,
``sl-last``, ``sl-play``, ``sl-slider``, ``sl-step``, ``sl-table-view``, ``sl-scores``,
``sl-counting``, ``sl-moves``, ``sl-comments``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

import ipywidgets as W

from .. import html as H
from ..psn import Record, read
from ..replay import Replay, match_groups
from ..rules import SEATS, ActionKind, Seat

__all__ = ["VIEWS", "ReplayWidget", "move_label"]

VIEWS: tuple[tuple[str, str], ...] = (("Open table", "open"), ("A's view", "A"),
                                      ("B's view", "B"))
"""The view selector's options: label and value."""


def _records_of(source: Any) -> list[Record]:
    if isinstance(source, Replay):
        return [source.record]
    if isinstance(source, Record):
        return [source]
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not os.path.isfile(path):
            raise ValueError(f"{path}: no such PSN file")
        return list(read(path))
    if isinstance(source, Iterable):
        recs = list(source)
        if not all(isinstance(r, Record) for r in recs):
            raise TypeError("replay() takes a Record, records, a Replay or a PSN file path")
        return recs
    raise TypeError("replay() takes a Record, records, a Replay or a PSN file path")


def move_label(rp: Replay, step: int) -> str:
    """The move list's text for ``step``: trick number, who, the action, glyphs, a note."""
    if step == 0:
        return "0.  as dealt" + ("  {…}" if rp.record.main.comments else "")
    a = rp.action(step)
    assert a is not None
    who = rp.actor(step)
    mv = rp.move(step)
    assert mv is not None
    num = f"{mv.number}." if mv.number is not None else "  "
    tok = str(a)
    if a.card is not None:
        tok = a.card.symbol + (f"+{a.points}" if a.kind is ActionKind.MARRIAGE else "")
    tok += H.glyph_text(mv.nags)
    note = "  {…}" if mv.comments else ""
    return f"{step:>2} {num:<4}{'?' if who is None else who.name}  {tok}{note}"


def _classes(widget: Any, *names: str) -> Any:
    for n in names:
        widget.add_class(n)
    return widget


class ReplayWidget(W.VBox):  # type: ignore[misc]
    """A replay of one deal, or of several (a match, a file) with a deal picker.

    ``step``, ``viewer`` and ``replay`` tell what is shown; :meth:`go`, :meth:`forward`,
    :meth:`back`, :meth:`first`, :meth:`last`, :meth:`set_view` and :meth:`pick` change it
    (the buttons, the slider, the move list and the selectors call them).
    """

    def __init__(self, source: Any, *, view: str | None = None, step: int = 0,
                 deal: int = 0) -> None:
        records = [r for r in _records_of(source) if r.deck is not None]
        if not records:
            raise ValueError("nothing to replay: no record with a valid Deck")
        self.records: list[Record] = records
        self._replays: dict[int, Replay] = {}
        self._busy = False
        self.viewer: Seat | None = None
        self._groups = match_groups(records)

        self.header = _classes(W.HTML(), "sl-header")
        picker_options = [(self._deal_label(i, r), i) for i, r in enumerate(records)]
        self.deal_picker = _classes(W.Dropdown(options=picker_options, value=0,
                                               description="Deal",
                                               layout=W.Layout(width="auto")), "sl-deal")
        if len(records) < 2:
            self.deal_picker.layout.display = "none"
        self.view_picker = _classes(W.ToggleButtons(options=list(VIEWS), value="open",
                                                    style={"button_width": "100px"}), "sl-view")
        btn = W.Layout(width="44px")
        self.first_button = _classes(W.Button(icon="fast-backward", tooltip="first step",
                                              layout=btn), "sl-first")
        self.back_button = _classes(W.Button(icon="step-backward", tooltip="one step back",
                                             layout=btn), "sl-back")
        self.forward_button = _classes(W.Button(icon="step-forward",
                                                tooltip="one step forward", layout=btn),
                                       "sl-forward")
        self.last_button = _classes(W.Button(icon="fast-forward", tooltip="last step",
                                             layout=btn), "sl-last")
        self.play = _classes(W.Play(value=0, min=0, max=1, step=1, interval=900,
                                    show_repeat=False, description="play"), "sl-play")
        self.slider = _classes(W.IntSlider(value=0, min=0, max=1, description="step",
                                           continuous_update=True,
                                           layout=W.Layout(width="360px")), "sl-slider")
        # A kernel-side link: a frontend (js) link would echo stale values back to the
        # kernel when the step is changed from code several times in a row.
        self._link = W.link((self.play, "value"), (self.slider, "value"))
        self.step_label = _classes(W.HTML(), "sl-step")
        self.table = _classes(W.HTML(), "sl-table-view")
        self.scores = _classes(W.HTML(), "sl-scores")
        self.counting_panel = _classes(W.HTML(), "sl-counting")
        self.moves = _classes(W.Select(options=[("0", 0)], value=0, rows=16,
                                       layout=W.Layout(width="210px")), "sl-moves")
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
        right = W.VBox([self.scores, self.counting_panel],
                       layout=W.Layout(margin="0 0 0 12px", min_width="260px"))
        left = W.VBox([self.table, self.step_label, self.comments])
        side = W.VBox([W.HTML("<b>Moves</b>"), self.moves])
        body = W.HBox([side, left, right], layout=W.Layout(align_items="flex-start"))
        super().__init__([self.header, W.HBox([self.deal_picker, self.view_picker]),
                          controls, body])
        self.add_class("sl-replay")

        self.replay: Replay = self._replay_of(0)
        self.step = 0
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
        pa, pb = r.player_names
        what = f"{r.match} deal {r.deal}" if r.match is not None else f"record {r.index}"
        return f"{i + 1}: {what} · {pa} vs {pb} · {r.result_text}"

    # -- actions -------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show ``step`` (clamped to the deal's steps)."""
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
        self.go(self.replay.last)

    def set_view(self, view: str | Seat | None) -> None:
        """Show the open table (``None``/``"open"``) or ``"A"``'s or ``"B"``'s view."""
        value = "open" if view is None or str(view).lower() == "open" else str(view).upper()
        if value not in ("open", "A", "B"):
            raise ValueError(f"view is 'open', 'A' or 'B', not {view!r}")
        if self.view_picker.value != value:
            self.view_picker.value = value  # the observer renders
        else:
            self._apply_view(value)

    def pick(self, deal: int) -> None:
        """Show the record at index ``deal`` (from 0), from its first step."""
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
        self.viewer = None if value == "open" else Seat[value]
        self._render()

    def _on_deal(self, change: dict[str, Any]) -> None:
        self._load(int(change["new"]), 0)

    def _load(self, i: int, step: int) -> None:
        self.replay = self._replay_of(i)
        rp = self.replay
        self._busy = True
        try:
            if self.deal_picker.value != i:
                self.deal_picker.value = i
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
                    f"{escape(str(rec.errors[0]))}</div>")
        return out

    def _render(self) -> None:
        rp = self.replay
        step = self.step
        viewer = self.viewer
        self.table.value = H.table_html(rp, step, viewer)
        self.scores.value = H.tallies_html(rp, step)
        names = rp.record.player_names
        if viewer is None:
            panels = "".join(H.counting_html(rp.counting(step, s), names) for s in SEATS)
            self.counting_panel.value = (f'<div style="display:flex;flex-direction:column;'
                                         f'gap:8px">{panels}</div>')
        else:
            self.counting_panel.value = H.counting_html(rp.counting(step, viewer), names)
        self.step_label.value = self._step_html()
        self.comments.value = self._comments_html()

    def _step_html(self) -> str:
        rp = self.replay
        step = self.step
        names = rp.record.player_names
        if step == 0:
            what = "as dealt"
        else:
            a = rp.action(step)
            who = rp.actor(step)
            assert a is not None
            name = escape(names[who]) if who is not None else "?"
            what = f"{name} {_describe(rp, step)}"
        view = "open table" if self.viewer is None else f"{escape(names[self.viewer])}'s view"
        return (f'<div style="font:13px sans-serif;margin:4px 0"><b>step <span '
                f'class="sl-step-number">{step}</span> of {rp.last}</b>: {what} '
                f'<span style="color:#777">({view})</span></div>')

    def _comments_html(self) -> str:
        rp = self.replay
        step = self.step
        items = [f"<div>“{escape(c)}”</div>" for c in rp.comments(step)]
        nags = rp.nags(step)
        if nags:
            items.insert(0, f"<div><b>{escape(H.glyph_text(nags))}</b> "
                            f"{escape(_nag_words(nags))}</div>")
        if not items:
            return '<div class="sl-comment-box" style="min-height:1em"></div>'
        return (f'<div class="sl-comment-box" style="font:13px sans-serif;font-style:italic;'
                f'background:#fff8dc;border-left:3px solid #e0b000;padding:4px 8px">'
                f'{"".join(items)}</div>')


_NAG_WORDS = {1: "good move", 2: "mistake", 3: "brilliant move", 4: "blunder",
              5: "interesting move", 6: "dubious move"}


def _nag_words(nags: Sequence[int]) -> str:
    return ", ".join(_NAG_WORDS.get(n, f"annotation ${n}") for n in nags)


def _describe(rp: Replay, step: int) -> str:
    a = rp.action(step)
    assert a is not None
    before = rp[step - 1]
    if a.kind is ActionKind.EXCHANGE:
        return f"exchanges the trump jack for {_sym(before.indicator)}"
    if a.kind is ActionKind.CLOSE:
        return "closes the talon"
    if a.kind is ActionKind.CLAIM:
        out = rp[step].outcome
        ok = out is not None and out.end.value == "claim"
        return "claims 66 (correct)" if ok else "claims 66 (false)"
    assert a.card is not None
    if a.kind is ActionKind.MARRIAGE:
        return f"announces {a.points} and leads {_sym(a.card)}"
    if before.lead >= 0:
        t = rp.tricks(step)[-1]
        names = rp.record.player_names
        return f"plays {_sym(a.card)}; {escape(names[t.winner])} takes {t.points}"
    return f"leads {_sym(a.card)}"


def _sym(c: int) -> str:
    from ..cards import CARDS

    card = CARDS[c]
    color = "#c8102e" if card.is_red else "#111"
    return f'<span style="color:{color}">{card.symbol}</span>'
