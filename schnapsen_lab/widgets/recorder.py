"""The recorder widget: enter a deal played at a real table and save it as PSN.

::

    from schnapsen_lab.widgets.recorder import deal_recorder
    w = deal_recorder(names=("Anna", "Bert"))

First the deal: the dealer, then the three parts one at a time, chosen with the
buttons "A's hand", "B's hand", "indicator": click the cards of A's hand, those of B's
hand (five each; six in Sechsundsechzig, whose pack of 24 cards is offered then) and the
indicator. The part being entered is named above the cards; a part
that is full takes no more cards (a click then says so: nothing spills into the next
part); a click on an entered card takes it back. Then the play: the cards of the player
to act that may be played are clickable (only legal ones), with buttons for the
exchange, closing, marriages and claims when they are legal; after each trick while the
talon is open, click the card the winner drew, then the one the loser drew: only cards
nobody has seen are offered, and the cards not yet entered lie face down. "undo" takes
the last entry back; "save as PSN" writes the record atomically. Everything is checked
by :class:`schnapsen_lab.recorder.Recorder`.

CSS classes: ``sl-recorder``, ``sl-rec-dealer``, ``sl-rec-target``, ``sl-rec-deck``,
``sl-rec-setup`` (the prompt: which part is being entered), ``sl-rec-part-A``,
``sl-rec-part-B``, ``sl-rec-part-I`` (the entered cards; a click takes one back),
``sl-rec-start``, ``sl-rec-position``, ``sl-rec-prompt``, ``sl-rec-cards``,
``sl-rec-actions`` (buttons ``sl-rec-action``), ``sl-rec-undo``, ``sl-rec-save``,
``sl-rec-path``, ``sl-rec-psn``, ``sl-rec-message``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from ..cards import CARDS, Card, Rank, mask_of
from ..games import games
from ..games.twohand import html as SH
from ..games.twohand.rules import PROFILES, SOFT, Action, ActionKind, Profile, Seat
from ..headers import rules_name
from ..i18n import C_, N_, Texts, localized, resolve
from ..io import atomic_write
from ..notation import card_text, outcome_text, plural, text_with_cards
from ..psn import Record, dumps
from ..recorder import Draw, Entry, Recorder, RecorderError
from .table import CardRow

__all__ = ["TEXT", "RecorderWidget", "deal_recorder"]

TEXT = Texts({
    "title": N_("<b>Record a deal played at the table</b>"),
    "deals": N_("{seat} deals"),
    "rules": N_("rules"),
    "part.A": N_("A's hand"),
    "part.B": N_("B's hand"),
    "part.I": N_("indicator"),
    "enter": N_("enter&nbsp;"),
    "clear": N_("clear"),
    "start": N_("start entering the play"),
    "undo": N_("undo"),
    "file": N_("file"),
    "save": N_("save as PSN"),
    "part.label.A": N_("{name} (A): hand"),
    "part.label.B": N_("{name} (B): hand"),
    "part.label.I": N_("indicator"),
    "setup.entering": N_("Now entering <b>{part}</b>: click its {size} cards ({have} of {size} "
                         "so far). A click on an entered card takes it back."),
    "setup.entering_one": N_("Now entering <b>{part}</b>: click the indicator card. A click on "
                             "an entered card takes it back."),
    "setup.full": N_("<b>{part}</b> is complete. Choose {next} above to go on."),
    "setup.ready": N_("All three parts are entered: start entering the play."),
    "full": N_("{part} already holds {size}: click one of them to take it back, or choose "
               "another part above"),
    "taken_back": N_("{card} taken back from {part}"),
    "take_back_tip": N_("take {card} back"),
    "size.indicator": N_("1 card"),
    "first": N_("enter the deal first (dealer, both hands, the indicator)"),
    "draw.winner": N_("after trick {n}: the card <b>{who}</b> drew (the winner draws first)"),
    "draw.loser": N_("after trick {n}: {winner} drew {card}; the card <b>{who}</b> drew"),
    "draw.last": N_(" ({who} takes the indicator)"),
    "over": N_("the deal is over"),
    "over.outcome": N_("the deal is over: {outcome}"),
    "to_act": N_("<b>{who}</b> ({seat}) to act"),
    "label.exchange": N_("exchange jack (X)"),
    "label.exchange_nine": N_("exchange nine (X)"),
    "label.close": N_("close (C)"),
    "label.claim": N_("claim 66"),
    # the claim as the players of a game say it (German Sechsundsechzig: "Ich habe genug")
    "label.claim.sechsundsechzig": C_("the claim in Sechsundsechzig", "claim 66"),
    "nothing": N_("nothing to save yet"),
    "give_file": N_("give a file name"),
    "cannot_save": N_("could not save {path}: {error}"),
    "saved": N_("saved to {path}"),
})
"""Every text this widget shows, as format strings."""

_PARTS = ("A", "B", "I")


def _profiles() -> dict[str, Profile]:
    """The two-player profiles a deal may be recorded under, by name: Schnapsen's, then
    those of the other registered games (Sechsundsechzig)."""
    out = dict(PROFILES)
    for g in games():
        for name, p in g.profiles.items():
            if isinstance(p, Profile) and len(g.seats) == 2:
                out.setdefault(name, p)
    return out


def _classes(widget: Any, *names: str) -> Any:
    for n in names:
        widget.add_class(n)
    return widget


def _label(a: Action, profile: Profile = SOFT) -> str:
    """An action's button: the exchange names the card exchanged (the jack, or the nine
    in Sechsundsechzig), the claim is said as the game's players say it."""
    if a.kind is ActionKind.EXCHANGE:
        return TEXT["label.exchange_nine" if profile.exchange_rank == Rank.N
                    else "label.exchange"]
    if a.kind is ActionKind.CLOSE:
        return TEXT["label.close"]
    if a.kind is ActionKind.CLAIM:
        return TEXT.get(f"label.claim.{profile.game}") or TEXT["label.claim"]
    assert a.card is not None
    return f"{card_text(a.card)} +{a.points}"


@localized
class RecorderWidget(W.VBox):  # type: ignore[misc]
    """Enter a deal from a real table (see the module docstring); ``recorder`` holds it.

    From Python: :meth:`set_deal` (dealer, hands, indicator) then :meth:`start`, or click
    cards with :meth:`pick` after choosing :attr:`target`; then :meth:`enter` or
    :meth:`pick`, :meth:`undo`, :meth:`save`. ``lang`` is the language it speaks (None:
    the one set with :func:`schnapsen_lab.set_language`).
    """

    def __init__(self, *, names: tuple[str, str] = ("A", "B"), profile: Profile = SOFT,
                 save_path: str = "table-deal.psn", lang: str | None = None) -> None:
        self.lang = resolve(lang)
        self.recorder: Recorder | None = None
        self.chosen: dict[str, list[Card]] = {"A": [], "B": [], "I": []}
        self.message = ""
        self._note = False  # the message is a note (saved, taken back), not an error
        self._draw_first: Card | None = None

        self.dealer_picker = _classes(W.ToggleButtons(
            options=[(TEXT["deals"].format(seat=x), x) for x in ("A", "B")], value="B",
            style={"button_width": "auto"}), "sl-rec-dealer")
        self.profile_picker = _classes(W.Dropdown(options=[(rules_name(p), p)
                                                           for p in _profiles()],
                                                  value=profile.name,
                                                  description=TEXT["rules"],
                                                  layout=W.Layout(width="180px")),
                                       "sl-rec-profile")
        self.name_a = _classes(W.Text(value=names[0], description="A",
                                      layout=W.Layout(width="180px")), "sl-rec-name-A")
        self.name_b = _classes(W.Text(value=names[1], description="B",
                                      layout=W.Layout(width="180px")), "sl-rec-name-B")
        self.target_picker = _classes(W.ToggleButtons(
            options=[(TEXT[f"part.{x}"], x) for x in _PARTS], value="A",
            style={"button_width": "auto"}), "sl-rec-target")
        self.deck_row = _classes(CardRow(), "sl-rec-deck")
        self.setup_html = _classes(W.HTML(), "sl-rec-setup")
        self.part_labels: dict[str, W.HTML] = {x: W.HTML(layout=W.Layout(width="140px"))
                                               for x in _PARTS}
        self.part_rows: dict[str, CardRow] = {x: _classes(CardRow(), f"sl-rec-part-{x}")
                                              for x in _PARTS}
        self.clear_button = _classes(W.Button(description=TEXT["clear"]), "sl-rec-clear")
        self.start_button = _classes(W.Button(description=TEXT["start"],
                                              button_style="primary",
                                              layout=W.Layout(width="auto")), "sl-rec-start")
        self.position_html = _classes(W.HTML(), "sl-rec-position")
        self.prompt = _classes(W.HTML(), "sl-rec-prompt")
        self.cards_row = _classes(CardRow(), "sl-rec-cards")
        self.actions_box = _classes(W.HBox([]), "sl-rec-actions")
        self.undo_button = _classes(W.Button(description=TEXT["undo"]), "sl-rec-undo")
        self.path = _classes(W.Text(value=save_path, description=TEXT["file"],
                                    layout=W.Layout(width="280px")), "sl-rec-path")
        self.save_button = _classes(W.Button(description=TEXT["save"]), "sl-rec-save")
        self.psn_html = _classes(W.HTML(), "sl-rec-psn")
        self.message_html = _classes(W.HTML(), "sl-rec-message")

        self.deck_row.on_pick(self._on_setup_pick)
        self.deck_row.on_refuse(self.take_back)  # an entered card, greyed in the deck
        for row in self.part_rows.values():
            row.on_pick(self.take_back)
        self.cards_row.on_pick(self.pick)
        self.clear_button.on_click(lambda _b: self.clear())
        self.start_button.on_click(lambda _b: self.start())
        self.undo_button.on_click(lambda _b: self.undo())
        self.save_button.on_click(lambda _b: self.save())
        self.target_picker.observe(self._on_target, names="value")
        self.profile_picker.observe(self._on_target, names="value")  # the hands' size
        for box in (self.name_a, self.name_b):
            box.observe(lambda _c: self.render(), names="value")

        parts = W.VBox([W.HBox([self.part_labels[x], self.part_rows[x]],
                               layout=W.Layout(align_items="center")) for x in _PARTS])
        self.setup_box = W.VBox([
            W.HBox([self.dealer_picker, self.profile_picker]),
            W.HBox([self.name_a, self.name_b]),
            W.HBox([W.HTML(TEXT["enter"]), self.target_picker]),
            self.setup_html, self.deck_row, parts,
            W.HBox([self.clear_button, self.start_button])])
        self.play_box = W.VBox([self.position_html, self.prompt, self.cards_row,
                                self.actions_box,
                                W.HBox([self.undo_button, self.path, self.save_button]),
                                self.psn_html])
        super().__init__([W.HTML(TEXT["title"]), self.setup_box, self.play_box,
                          self.message_html])
        self.add_class("sl-recorder")
        self.render()

    # -- setting up --------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, str]:
        """The players' names (A, B)."""
        return (self.name_a.value.strip() or "A", self.name_b.value.strip() or "B")

    @property
    def target(self) -> str:
        """The part a click on the deck row enters: ``"A"``, ``"B"`` or ``"I"``."""
        return str(self.target_picker.value)

    @property
    def profile(self) -> Profile:
        """The rules the deal is recorded under: the recorder's, or the one chosen."""
        if self.recorder is not None:
            return self.recorder.profile
        return _profiles()[str(self.profile_picker.value)]

    def _size(self, part: str) -> int:
        """The cards a part holds: the indicator one, a hand the profile's deal's."""
        return 1 if part == "I" else self.profile.hand_size

    def _part_name(self, part: str) -> str:
        names = self.names
        return {"A": TEXT["part.label.A"].format(name=names[0]),
                "B": TEXT["part.label.B"].format(name=names[1]),
                "I": TEXT["part.label.I"]}[part]

    def _on_target(self, _change: dict[str, Any]) -> None:
        self.message = ""
        self.render()

    def _on_setup_pick(self, card: Card) -> None:
        """A free card was clicked: it joins the part being entered, if that has room."""
        t = self.target
        if len(self.chosen[t]) >= self._size(t):
            size = TEXT["size.indicator"] if t == "I" else plural("cards", self._size(t))
            self.message = TEXT["full"].format(part=self._part_name(t), size=size)
        else:
            self.chosen[t].append(card)
            self.message = ""
        self.render()

    def take_back(self, card: Card | str) -> None:
        """Take an entered card back out of its part (a click on it does this)."""
        c = Card.parse(card) if isinstance(card, str) else card
        for part in _PARTS:
            if c in self.chosen[part]:
                self.chosen[part].remove(c)
                self.message = TEXT["taken_back"].format(card=card_text(c),
                                                         part=self._part_name(part))
                self._note = True
                break
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
                                     profile=self.profile)
        except RecorderError as e:
            self.message = text_with_cards(str(e))
            self.render()
            return False
        self.message = ""
        self.render()
        return True

    # -- the play ----------------------------------------------------------------------------
    def enter(self, entry: Entry | str) -> bool:
        """Enter an action or a draw; False (with the reason shown) if it is refused."""
        if self.recorder is None:
            self.message = TEXT["first"]
            self.render()
            return False
        try:
            self.recorder.enter(entry)
        except RecorderError as e:
            self.message = text_with_cards(str(e))
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
            self.message = TEXT["nothing"] if rec is None else TEXT["give_file"]
            self.render()
            return None
        try:
            with atomic_write(p) as f:
                f.write(dumps([rec]))
        except OSError as e:
            self.message = TEXT["cannot_save"].format(path=p, error=e.strerror or e)
            self.render()
            return None
        self.message = TEXT["saved"].format(path=p)
        self._note = True
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
        color = "#222" if self._note else "#c8102e"
        self._note = False
        self.message_html.value = (f'<div style="color:{color};font:13px sans-serif">'
                                   f"{escape(self.message)}</div>" if self.message else "")

    def _render_setup(self) -> None:
        used = {c for cs in self.chosen.values() for c in cs}
        pack = self.profile.pack.cards
        self.deck_row.show(pack, [c for c in pack if c not in used], size="md")
        t = self.target
        for part in _PARTS:
            cards = self.chosen[part]
            have = f"{len(cards)}/{self._size(part)}"
            weight = "bold" if part == t else "normal"
            self.part_labels[part].value = (
                f'<span style="font:13px sans-serif;font-weight:{weight}">'
                f"{escape(self._part_name(part))} {have}</span>")
            self.part_rows[part].show(cards, cards, size="sm", tip=TEXT["take_back_tip"])
        missing = [p for p in _PARTS if len(self.chosen[p]) < self._size(p)]
        part = f"{escape(self._part_name(t))}"
        if not missing:
            text = TEXT["setup.ready"]
        elif len(self.chosen[t]) < self._size(t):
            text = (TEXT["setup.entering_one"].format(part=part) if t == "I" else
                    TEXT["setup.entering"].format(part=part, size=self._size(t),
                                                  have=len(self.chosen[t])))
        else:
            text = TEXT["setup.full"].format(part=part, next=TEXT[f"part.{missing[0]}"])
        self.setup_html.value = (f'<div class="sl-rec-setup-text" style="font:14px sans-serif;'
                                 f'background:#eef5ff;border-left:4px solid #1f77b4;'
                                 f'padding:4px 8px;margin:4px 0">{text}</div>')
        self.start_button.disabled = bool(missing)

    def _render_play(self, rec: Recorder) -> None:
        pos = rec.position
        names = self.names
        esc = (escape(names[0]), escape(names[1]))
        # Cards in the hands that nobody has entered yet (the draw due) lie face down.
        undrawn = (pos.hands[0] | pos.hands[1]) & ~mask_of(rec.seen)
        self.position_html.value = SH.position_html(pos, names, face_down=undrawn)
        buttons: list[W.Button] = []
        order = rec.draw_order()
        if order is not None:
            w, lo = order
            n = pos.tricks_played
            if self._draw_first is None:
                text = TEXT["draw.winner"].format(n=n, who=esc[w])
            else:
                text = TEXT["draw.loser"].format(n=n, winner=esc[w],
                                                 card=card_text(self._draw_first), who=esc[lo])
            if rec.last_draw:
                text += TEXT["draw.last"].format(who=esc[lo])
            unseen = [c for c in rec.unseen() if c != self._draw_first
                      and c != CARDS[pos.indicator]]
            self.cards_row.show(unseen, unseen, size="md")
            legal = rec.legal_actions()
        else:
            actor = rec.to_act()
            legal = rec.legal_actions()
            if actor is None:
                text = (TEXT["over.outcome"].format(outcome=outcome_text(pos.outcome, esc))
                        if pos.outcome else TEXT["over"])
                self.cards_row.show([], [], empty="")
            else:
                text = TEXT["to_act"].format(who=esc[actor], seat=actor)
                plays = [a.card for a in legal if a.kind is ActionKind.PLAY and a.card is not None]
                self.cards_row.show(pos.hand(actor) if pos.outcome is None else [], plays)
        for a in legal:
            if a.kind is ActionKind.PLAY:
                continue
            b = _classes(W.Button(description=_label(a, rec.profile),
                                  layout=W.Layout(width="auto")),
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
    """The recorder widget (see :class:`RecorderWidget`; ``lang=`` chooses its language)."""
    return RecorderWidget(**kwargs)
