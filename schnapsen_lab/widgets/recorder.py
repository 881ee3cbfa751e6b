"""The recorder widget: enter a deal played at a real table and save it as PSN.

::

    from schnapsen_lab.widgets.recorder import deal_recorder
    w = deal_recorder(names=("Anna", "Bert"))

First the deal: the dealer, then click the five cards of A's hand, of B's hand and the
indicator. Then the play: the cards of the player to act that may be played are
clickable (only legal ones), with buttons for the exchange, closing, marriages and
claims when they are legal; after each trick while the talon is open, click the card
the winner drew, then the one the loser drew. "undo" takes the last entry back; "save
as PSN" writes the record atomically. Everything is checked by
:class:`schnapsen_lab.recorder.Recorder`.

CSS classes: ``sl-recorder``, ``sl-rec-dealer``, ``sl-rec-target``, ``sl-rec-deck``,
``sl-rec-setup``, ``sl-rec-start``, ``sl-rec-position``, ``sl-rec-prompt``,
``sl-rec-cards``, ``sl-rec-actions`` (buttons ``sl-rec-action``), ``sl-rec-undo``,
``sl-rec-save``, ``sl-rec-path``, ``sl-rec-psn``, ``sl-rec-message``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from .. import html as H
from ..cards import CARDS, Card
from ..io import atomic_write
from ..psn import Record, dumps
from ..recorder import Draw, Entry, Recorder, RecorderError
from ..rules import PROFILES, SOFT, Action, ActionKind, Profile, Seat
from ..table import outcome_text
from .table import CardRow

__all__ = ["RecorderWidget", "deal_recorder"]


def _classes(widget: Any, *names: str) -> Any:
    for n in names:
        widget.add_class(n)
    return widget


def _label(a: Action) -> str:
    if a.kind is ActionKind.EXCHANGE:
        return "exchange jack (X)"
    if a.kind is ActionKind.CLOSE:
        return "close (C)"
    if a.kind is ActionKind.CLAIM:
        return "claim 66"
    assert a.card is not None
    return f"{a.card.symbol} +{a.points}"


class RecorderWidget(W.VBox):  # type: ignore[misc]
    """Enter a deal from a real table (see the module docstring); ``recorder`` holds it.

    From Python: :meth:`set_deal` (dealer, hands, indicator) then :meth:`start`, or click
    cards with :meth:`pick` after choosing :attr:`target`; then :meth:`enter` or
    :meth:`pick`, :meth:`undo`, :meth:`save`.
    """

    def __init__(self, *, names: tuple[str, str] = ("A", "B"), profile: Profile = SOFT,
                 save_path: str = "table-deal.psn") -> None:
        self.recorder: Recorder | None = None
        self.chosen: dict[str, list[Card]] = {"A": [], "B": [], "I": []}
        self.message = ""
        self._draw_first: Card | None = None

        self.dealer_picker = _classes(W.ToggleButtons(options=[("A deals", "A"),
                                                               ("B deals", "B")], value="B",
                                                      style={"button_width": "80px"}),
                                      "sl-rec-dealer")
        self.profile_picker = _classes(W.Dropdown(options=list(PROFILES), value=profile.name,
                                                  description="rules",
                                                  layout=W.Layout(width="180px")),
                                       "sl-rec-profile")
        self.name_a = _classes(W.Text(value=names[0], description="A",
                                      layout=W.Layout(width="180px")), "sl-rec-name-A")
        self.name_b = _classes(W.Text(value=names[1], description="B",
                                      layout=W.Layout(width="180px")), "sl-rec-name-B")
        self.target_picker = _classes(W.ToggleButtons(options=[("A's hand", "A"),
                                                               ("B's hand", "B"),
                                                               ("indicator", "I")], value="A",
                                                      style={"button_width": "90px"}),
                                      "sl-rec-target")
        self.deck_row = _classes(CardRow(), "sl-rec-deck")
        self.setup_html = _classes(W.HTML(), "sl-rec-setup")
        self.clear_button = _classes(W.Button(description="clear"), "sl-rec-clear")
        self.start_button = _classes(W.Button(description="start entering the play",
                                              button_style="primary",
                                              layout=W.Layout(width="auto")), "sl-rec-start")
        self.position_html = _classes(W.HTML(), "sl-rec-position")
        self.prompt = _classes(W.HTML(), "sl-rec-prompt")
        self.cards_row = _classes(CardRow(), "sl-rec-cards")
        self.actions_box = _classes(W.HBox([]), "sl-rec-actions")
        self.undo_button = _classes(W.Button(description="undo"), "sl-rec-undo")
        self.path = _classes(W.Text(value=save_path, description="file",
                                    layout=W.Layout(width="280px")), "sl-rec-path")
        self.save_button = _classes(W.Button(description="save as PSN"), "sl-rec-save")
        self.psn_html = _classes(W.HTML(), "sl-rec-psn")
        self.message_html = _classes(W.HTML(), "sl-rec-message")

        self.deck_row.on_pick(self._on_setup_pick)
        self.cards_row.on_pick(self.pick)
        self.clear_button.on_click(lambda _b: self.clear())
        self.start_button.on_click(lambda _b: self.start())
        self.undo_button.on_click(lambda _b: self.undo())
        self.save_button.on_click(lambda _b: self.save())
        self.target_picker.observe(lambda _c: self.render(), names="value")

        self.setup_box = W.VBox([
            W.HBox([self.dealer_picker, self.profile_picker]),
            W.HBox([self.name_a, self.name_b]),
            W.HBox([W.HTML("click the cards of&nbsp;"), self.target_picker]),
            self.deck_row, self.setup_html, W.HBox([self.clear_button, self.start_button])])
        self.play_box = W.VBox([self.position_html, self.prompt, self.cards_row,
                                self.actions_box,
                                W.HBox([self.undo_button, self.path, self.save_button]),
                                self.psn_html])
        super().__init__([W.HTML("<b>Record a deal played at the table</b>"), self.setup_box,
                          self.play_box, self.message_html])
        self.add_class("sl-recorder")
        self.render()

    # -- setting up --------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, str]:
        """The players' names (A, B)."""
        return (self.name_a.value.strip() or "A", self.name_b.value.strip() or "B")

    @property
    def target(self) -> str:
        """Where a click on the deck row puts the card: ``"A"``, ``"B"`` or ``"I"``."""
        return str(self.target_picker.value)

    def _on_setup_pick(self, card: Card) -> None:
        t = self.target
        limit = 1 if t == "I" else 5
        if len(self.chosen[t]) >= limit:
            self.message = f"{'the indicator is' if t == 'I' else 'a hand holds'} " \
                           f"{limit} card{'s' if limit > 1 else ''}: clear to change it"
        else:
            self.chosen[t].append(card)
            self.message = ""
            if len(self.chosen[t]) == limit:
                nxt = next((k for k in ("A", "B", "I") if len(self.chosen[k])
                            < (1 if k == "I" else 5)), None)
                if nxt is not None:
                    self.target_picker.value = nxt
        self.render()

    def clear(self) -> None:
        """Forget the entered deal and start over."""
        self.chosen = {"A": [], "B": [], "I": []}
        self.recorder = None
        self.message = ""
        self._draw_first = None
        self.target_picker.value = "A"
        self.render()

    def set_deal(self, dealer: Seat | str, hand_a: str | list[Card], hand_b: str | list[Card],
                 indicator: Card | str) -> None:
        """Enter the dealer, both first hands and the indicator at once."""
        from ..cards import parse_card, parse_cards

        self.dealer_picker.value = str(dealer)
        self.chosen = {
            "A": parse_cards(hand_a) if isinstance(hand_a, str) else list(hand_a),
            "B": parse_cards(hand_b) if isinstance(hand_b, str) else list(hand_b),
            "I": [parse_card(indicator) if isinstance(indicator, str) else indicator],
        }
        self.render()

    def start(self) -> bool:
        """Check the deal entered and go on to the play; False (with a message) if wrong."""
        try:
            self.recorder = Recorder(self.dealer_picker.value, self.chosen["A"],
                                     self.chosen["B"],
                                     self.chosen["I"][0] if self.chosen["I"] else "?",
                                     profile=PROFILES[self.profile_picker.value])
        except RecorderError as e:
            self.message = str(e)
            self.render()
            return False
        self.message = ""
        self.render()
        return True

    # -- the play ----------------------------------------------------------------------------
    def enter(self, entry: Entry | str) -> bool:
        """Enter an action or a draw; False (with the reason shown) if it is refused."""
        if self.recorder is None:
            self.message = "enter the deal first (dealer, both hands, the indicator)"
            self.render()
            return False
        try:
            self.recorder.enter(entry)
        except RecorderError as e:
            self.message = str(e)
            self.render()
            return False
        self.message = ""
        self._draw_first = None
        self.render()
        return True

    def pick(self, card: Card | str) -> bool:
        """A click on a card of the play: play it, or (after a trick) the card drawn."""
        c = Card.parse(card) if isinstance(card, str) else card
        rec = self.recorder
        if rec is None:
            return False
        order = rec.draw_order()
        if order is None:
            return self.enter(Action(ActionKind.PLAY, c))
        w, _lo = order
        if rec.last_draw:
            return self.enter(Draw(**{w.name.lower(): c}))
        if self._draw_first is None:
            self._draw_first = c
            self.render()
            return True
        first = self._draw_first
        self._draw_first = None
        return self.enter(Draw(**{w.name.lower(): first, w.other.name.lower(): c}))

    def undo(self) -> None:
        """Take the last entry back (or the first half of a draw)."""
        if self._draw_first is not None:
            self._draw_first = None
        elif self.recorder is not None and self.recorder.undo() is None:
            self.recorder = None
        self.message = ""
        self.render()

    def record(self) -> Record | None:
        """The record entered so far (None before the deal is entered)."""
        if self.recorder is None:
            return None
        n = self.names
        return self.recorder.record({"PlayerA": n[0], "PlayerB": n[1]})

    def save(self, path: str | None = None) -> str | None:
        """Write the record as PSN (atomically); return the path, None if nothing saved."""
        rec = self.record()
        p = (path or self.path.value).strip()
        if rec is None or not p:
            self.message = "nothing to save yet" if rec is None else "give a file name"
            self.render()
            return None
        try:
            with atomic_write(p) as f:
                f.write(dumps([rec]))
        except OSError as e:
            self.message = f"could not save {p}: {e.strerror or e}"
            self.render()
            return None
        self.message = f"saved to {p}"
        self.render()
        return p

    # -- rendering ---------------------------------------------------------------------------
    def render(self) -> None:
        """Bring the parts up to date."""
        rec = self.recorder
        self.setup_box.layout.display = "none" if rec is not None else None
        self.play_box.layout.display = None if rec is not None else "none"
        if rec is None:
            self._render_setup()
        else:
            self._render_play(rec)
        color = "#c8102e" if self.message and not self.message.startswith("saved") else "#222"
        self.message_html.value = (f'<div style="color:{color};font:13px sans-serif">'
                                   f"{escape(self.message)}</div>" if self.message else "")

    def _render_setup(self) -> None:
        used = {c for cs in self.chosen.values() for c in cs}
        self.deck_row.show(CARDS, [c for c in CARDS if c not in used], size="md")
        names = self.names
        rows = []
        for key, label in (("A", f"{names[0]} (A)"), ("B", f"{names[1]} (B)"),
                           ("I", "indicator")):
            rows.append(f"<div><span style='display:inline-block;width:120px'>"
                        f"{escape(label)}</span>{H.cards_html(self.chosen[key], 'sm')}</div>")
        self.setup_html.value = f'<div style="font:13px sans-serif">{"".join(rows)}</div>'
        ready = (len(self.chosen["A"]) == 5 and len(self.chosen["B"]) == 5
                 and len(self.chosen["I"]) == 1)
        self.start_button.disabled = not ready

    def _render_play(self, rec: Recorder) -> None:
        pos = rec.position
        names = self.names
        self.position_html.value = H.position_html(pos, names)
        buttons: list[W.Button] = []
        order = rec.draw_order()
        if order is not None:
            w, lo = order
            n = pos.tricks_played
            if self._draw_first is None:
                text = (f"after trick {n}: the card <b>{escape(names[w])}</b> drew "
                        f"(the winner draws first)")
            else:
                text = (f"after trick {n}: {escape(names[w])} drew "
                        f"{self._draw_first.symbol}; the card <b>{escape(names[lo])}</b> drew")
            if rec.last_draw:
                text += f" ({escape(names[lo])} takes the indicator)"
            unseen = [c for c in rec.unseen() if c != self._draw_first
                      and c != CARDS[pos.indicator]]
            self.cards_row.show(unseen, unseen, size="md")
            legal = rec.legal_actions()
        else:
            actor = rec.to_act()
            legal = rec.legal_actions()
            if actor is None:
                text = "the deal is over" + (": " + escape(outcome_text(pos.outcome, names))
                                             if pos.outcome else "")
                self.cards_row.show([], [], empty="")
            else:
                text = f"<b>{escape(names[actor])}</b> ({actor}) to act"
                plays = [a.card for a in legal if a.kind is ActionKind.PLAY and a.card is not None]
                self.cards_row.show(pos.hand(actor) if pos.outcome is None else [], plays)
        for a in legal:
            if a.kind is ActionKind.PLAY:
                continue
            b = _classes(W.Button(description=_label(a), layout=W.Layout(width="auto")),
                         "sl-rec-action", f"sl-rec-action-{str(a).replace('+', '-')}")
            b.on_click(lambda _b, a=a: self.enter(a))
            buttons.append(b)
        self.actions_box.children = buttons
        self.prompt.value = f'<div style="font:13px sans-serif">{text}</div>'
        record = self.record()
        psn_text = dumps([record]) if record is not None else ""
        self.psn_html.value = (f'<pre style="font-size:12px;background:#f6f6f6;padding:4px">'
                               f"{escape(psn_text)}</pre>")


def deal_recorder(**kwargs: Any) -> RecorderWidget:
    """The recorder widget (see :class:`RecorderWidget`)."""
    return RecorderWidget(**kwargs)
