"""The practice table widget: play against a bot in JupyterLab.

::

    from schnapsen_lab.widgets.table import practice_table
    w = practice_table("heuristic")          # a Bummerl against the rule-of-thumb bot
    w.take_over("records/study/closing-wins-3.psn", step=4, seat="B")

The student's hand is a row of cards (an anywidget drawn with
:func:`schnapsen_lab.html.card_html`): only legal cards can be clicked, the others are
greyed. Buttons announce a marriage (20 or 40, then click the card), exchange the trump
jack, close the talon and claim 66. The bot answers after a short pause (``pause``
seconds; 0 in tests) and its marriages, exchanges and closing are announced in words.
At the end: the outcome with the rule, the Bummerl counters, "save as PSN" (atomic),
"open in replay" and "review" (the engine's judgement of every decision).

Stable CSS classes for browser tests: ``sl-practice``, ``sl-hand-row`` (cards inside are
``sl-pick sl-card-AH`` plus ``sl-playable`` or ``sl-disabled``), ``sl-trick-area``,
``sl-scores``, ``sl-counters``, ``sl-messages``, ``sl-marriage-20``, ``sl-marriage-40``,
``sl-exchange``, ``sl-close``, ``sl-claim``, ``sl-no-claim``, ``sl-new-deal``,
``sl-new-bummerl``, ``sl-bot``, ``sl-end``, ``sl-save``, ``sl-save-path``,
``sl-open-replay``, ``sl-open-review``, ``sl-replay-box``, ``sl-take-over`` (with
``sl-take-source``, ``sl-take-step``, ``sl-take-seat``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from .. import html as H
from ..cards import CARDS, Card, Suit, cards_in
from ..players.registry import player_names
from ..psn import Record
from ..rules import CLAIM, CLOSE, EXCHANGE, SOFT, Action, ActionKind, Profile, Seat
from ..table import Event, Table

__all__ = ["CardRow", "PracticeTable", "practice_table"]

_STUDY_GUESSES = ("records/study/failed-closing.psn", "../records/study/failed-closing.psn")

_ESM = """
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("html");
    el.querySelectorAll("[data-pick]").forEach((node) => {
      node.addEventListener("click", (ev) => {
        ev.preventDefault();
        model.send({ pick: node.dataset.pick });
      });
    });
  };
  draw();
  model.on("change:html", draw);
}
export default { render };
"""


class CardRow(anywidget.AnyWidget):
    """A row of cards of which some can be clicked (picked).

    :meth:`show` sets the cards and which of them are clickable; a click in the
    browser (or :meth:`click` from Python) calls the handlers given to :meth:`on_pick`
    with the card.
    """

    _esm = _ESM
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[Card] = []
        self.pickable: set[Card] = set()
        self._handlers: list[Callable[[Card], None]] = []
        self.on_msg(self._on_msg)

    def show(self, cards: Iterable[Card | int], pickable: Iterable[Card | int] = (), *,
             size: str = "lg", empty: str = "") -> None:
        """Show ``cards``; those in ``pickable`` can be clicked, the others are greyed."""
        self.cards = [CARDS[int(c)] for c in cards]
        self.pickable = {CARDS[int(c)] for c in pickable}
        parts = []
        for c in self.cards:
            if c in self.pickable:
                parts.append(f'<span class="sl-pick sl-card-{c.name} sl-playable" '
                             f'data-pick="{c.name}" title="play {c.symbol}" '
                             f'style="cursor:pointer;display:inline-block">'
                             f"{H.card_html(c, size)}</span>")
            else:
                parts.append(f'<span class="sl-pick sl-card-{c.name} sl-disabled" '
                             f'style="cursor:not-allowed;display:inline-block;'
                             f'filter:grayscale(.7)">{H.card_html(c, size, dim=True)}</span>')
        inner = "".join(parts) or f'<span style="opacity:.7">{escape(empty)}</span>'
        self.html = (f'<div class="sl-card-row" style="min-height:80px;display:flex;'
                     f'flex-wrap:wrap;align-items:flex-end">{inner}</div>')

    def on_pick(self, handler: Callable[[Card], None]) -> None:
        """Call ``handler(card)`` when a clickable card is clicked."""
        self._handlers.append(handler)

    def click(self, card: Card | str) -> None:
        """Click ``card`` (as the browser does); a card that is not clickable is ignored."""
        c = Card.parse(card) if isinstance(card, str) else CARDS[int(card)]
        if c not in self.pickable:
            return
        for h in list(self._handlers):
            h(c)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("pick"), str):
            self.click(content["pick"])


def _classes(widget: Any, *names: str) -> Any:
    for n in names:
        widget.add_class(n)
    return widget


def _button(text: str, cls: str, tooltip: str = "", width: str = "auto") -> W.Button:
    return _classes(W.Button(description=text, tooltip=tooltip or text,
                             layout=W.Layout(width=width)), cls)


class PracticeTable(W.VBox):  # type: ignore[misc]
    """The practice table widget around a :class:`~schnapsen_lab.table.Table` (``table``).

    Everything the buttons do can be done from Python: :meth:`play` (a card),
    :meth:`marriage`, :meth:`exchange`, :meth:`close`, :meth:`claim`,
    :meth:`decline_claim`, :meth:`new_deal`, :meth:`new_bummerl`, :meth:`take_over`,
    :meth:`save` and :meth:`open_replay`.
    """

    def __init__(self, bot: str = "heuristic", *, seat: Seat | str = Seat.A,
                 profile: Profile = SOFT, student_name: str = "Anna", bot_name: str = "Bert",
                 seed: int | None = None, pause: float = 0.6, all_scores: bool = False,
                 save_path: str = "practice.psn", take_source: str | None = None,
                 table: Table | None = None) -> None:
        self.table = table or Table(bot, seat=seat, profile=profile, student_name=student_name,
                                    bot_name=bot_name, seed=seed)
        self.pause = pause
        self.all_scores = all_scores
        self.messages: list[Event] = []
        self.status = ""
        self._marriage_points: int | None = None

        self.header = _classes(W.HTML(), "sl-practice-header")
        names = player_names()
        current = self.table.player.name if self.table.player.name in names else None
        options = names if current is not None else [*names, self.table.player.name]
        self.bot_picker = _classes(W.Dropdown(options=options,
                                              value=current or self.table.player.name,
                                              description="Bot", layout=W.Layout(width="220px")),
                                   "sl-bot")
        self.counters_html = _classes(W.HTML(), "sl-counters")
        self.felt = _classes(W.HTML(), "sl-felt")
        self.hand = _classes(CardRow(), "sl-hand-row")
        self.scores = _classes(W.HTML(), "sl-scores")
        self.messages_html = _classes(W.HTML(), "sl-messages")
        self.marriage20_button = _button("announce 20", "sl-marriage-20",
                                         "announce a marriage of 20, then click its K or Q")
        self.marriage40_button = _button("announce 40", "sl-marriage-40",
                                         "announce the trump marriage, then click its K or Q")
        self.exchange_button = _button("exchange jack", "sl-exchange",
                                       "exchange the trump jack for the indicator")
        self.close_button = _button("close", "sl-close", "close the talon")
        self.claim_button = _button("claim 66", "sl-claim", "claim 66: the deal ends")
        self.no_claim_button = _button("no claim", "sl-no-claim", "play on without claiming")
        self.new_deal_button = _button("new deal", "sl-new-deal")
        self.new_bummerl_button = _button("new Bummerl", "sl-new-bummerl")
        self.end_html = _classes(W.HTML(), "sl-end-text")
        self.save_path = _classes(W.Text(value=save_path, description="file",
                                         layout=W.Layout(width="280px")), "sl-save-path")
        self.save_button = _button("save as PSN", "sl-save")
        self.replay_button = _button("open in replay", "sl-open-replay")
        self.review_button = _button("review", "sl-open-review",
                                     "the engine judges every decision of the deal")
        self.end_box = _classes(W.VBox([self.end_html, W.HBox([self.save_path, self.save_button,
                                                               self.replay_button,
                                                               self.review_button])]),
                                "sl-end")
        self.replay_box = _classes(W.VBox([]), "sl-replay-box")
        if take_source is None:
            take_source = next((p for p in _STUDY_GUESSES if os.path.isfile(p)), "")
        self.take_source = _classes(W.Text(value=take_source,
                                           description="record",
                                           layout=W.Layout(width="330px")), "sl-take-source")
        self.take_index = _classes(W.BoundedIntText(value=1, min=1, max=9999,
                                                    description="deal",
                                                    layout=W.Layout(width="130px")),
                                   "sl-take-index")
        self.take_step = _classes(W.BoundedIntText(value=0, min=0, max=60, description="step",
                                                   layout=W.Layout(width="130px")),
                                  "sl-take-step")
        self.take_seat = _classes(W.ToggleButtons(options=["A", "B"], value=self.table.seat.name,
                                                  style={"button_width": "40px"}),
                                  "sl-take-seat")
        self.take_button = _button("take over here", "sl-take-over")

        self.hand.on_pick(self._on_card)
        self.marriage20_button.on_click(lambda _b: self._toggle_marriage(20))
        self.marriage40_button.on_click(lambda _b: self._toggle_marriage(40))
        self.exchange_button.on_click(lambda _b: self.exchange())
        self.close_button.on_click(lambda _b: self.close())
        self.claim_button.on_click(lambda _b: self.claim())
        self.no_claim_button.on_click(lambda _b: self.decline_claim())
        self.new_deal_button.on_click(lambda _b: self.new_deal())
        self.new_bummerl_button.on_click(lambda _b: self.new_bummerl())
        self.save_button.on_click(lambda _b: self.save())
        self.replay_button.on_click(lambda _b: self.open_replay())
        self.review_button.on_click(lambda _b: self.open_review())
        self.take_button.on_click(lambda _b: self._take_over_clicked())
        self.bot_picker.observe(self._on_bot, names="value")

        actions = W.HBox([self.marriage20_button, self.marriage40_button, self.exchange_button,
                          self.close_button, self.claim_button, self.no_claim_button],
                         layout=W.Layout(flex_flow="row wrap"))
        top = W.HBox([self.bot_picker, self.new_deal_button, self.new_bummerl_button,
                       self.counters_html], layout=W.Layout(align_items="center",
                                                            flex_flow="row wrap"))
        take = W.HBox([self.take_source, self.take_index, self.take_step, self.take_seat,
                       self.take_button], layout=W.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        left = W.VBox([self.felt, self.hand, actions])
        right = W.VBox([self.scores, self.messages_html],
                       layout=W.Layout(margin="0 0 0 12px", width="300px"))
        super().__init__([self.header, top, W.HBox([left, right]), self.end_box,
                          W.HTML("<b>Take over a position</b> from any step of a record"), take,
                          self.replay_box])
        self.add_class("sl-practice")
        self._show_events(self.table.log)
        self.render()

    # -- the student's actions ---------------------------------------------------------------
    def _run(self, action: Action | None) -> None:
        t = self.table
        self._marriage_points = None
        try:
            ev = t.student_act(action)
        except ValueError as e:
            self.status = str(e)
            self.render()
            return
        self.status = ""
        self._show_events([ev])
        self.render()
        self._bot_answers()

    def _bot_answers(self) -> None:
        t = self.table
        while True:
            if self.pause > 0 and t.bot_step_due():
                time.sleep(self.pause)
            ev = t.bot_step()
            if ev is None:
                break
            self._show_events([ev])
            self.render()
        self.render()

    def _on_card(self, card: Card) -> None:
        if self._marriage_points is not None:
            self.marriage(card, self._marriage_points)
        else:
            self.play(card)

    def play(self, card: Card | str) -> None:
        """Play (lead or follow) ``card`` from the student's hand."""
        c = Card.parse(card) if isinstance(card, str) else card
        self._run(Action(ActionKind.PLAY, c))

    def marriage(self, card: Card | str, points: int | None = None) -> None:
        """Announce a marriage and lead ``card`` (its K or Q); points from the suit."""
        c = Card.parse(card) if isinstance(card, str) else card
        pts = points or (40 if c // 5 == self.table.position.trump else 20)
        self._run(Action(ActionKind.MARRIAGE, c, pts))

    def exchange(self) -> None:
        """Exchange the trump jack for the indicator."""
        self._run(EXCHANGE)

    def close(self) -> None:
        """Close the talon."""
        self._run(CLOSE)

    def claim(self) -> None:
        """Claim 66."""
        self._run(CLAIM)

    def decline_claim(self) -> None:
        """Play on without claiming (after a marriage announcement or the last trick)."""
        self._run(None)

    def _toggle_marriage(self, points: int) -> None:
        self._marriage_points = None if self._marriage_points == points else points
        self.render()

    # -- deals -------------------------------------------------------------------------------
    def new_deal(self) -> None:
        """The next deal of the Bummerl."""
        self.table.new_deal()
        self._fresh()

    def new_bummerl(self) -> None:
        """A new Bummerl at 7 : 7."""
        self.table.new_bummerl()
        self._fresh()

    def take_over(self, source: Record | str, step: int, seat: Seat | str | None = None, *,
                  index: int = 1) -> None:
        """Play on from step ``step`` of a record (or a PSN file's record ``index``)."""
        try:
            self.table.take_over(source, step, seat, index=index)
        except (ValueError, OSError) as e:
            self.status = f"cannot take over: {e}"
            self.render()
            return
        self._fresh()

    def _take_over_clicked(self) -> None:
        self.take_over(self.take_source.value.strip(), int(self.take_step.value),
                       self.take_seat.value, index=int(self.take_index.value))

    def _fresh(self) -> None:
        self.messages = []
        self.status = ""
        self._marriage_points = None
        self.replay_box.children = []
        self._show_events(self.table.log)
        self.render()

    def _on_bot(self, change: dict[str, Any]) -> None:
        try:
            self.table.set_bot(str(change["new"]))
        except KeyError as e:
            self.status = str(e)
            self.render()

    # -- the end -----------------------------------------------------------------------------
    def save(self, path: str | None = None) -> str | None:
        """Save the deal (with the Bummerl's deals before it) as PSN; return the path."""
        p = (path or self.save_path.value).strip()
        if not p:
            self.status = "give a file name to save to"
            self.render()
            return None
        try:
            self.table.save(p)
        except OSError as e:
            self.status = f"could not save {p}: {e.strerror or e}"
            self.render()
            return None
        self.status = f"saved to {p}"
        self.render()
        return p

    def open_replay(self) -> Any:
        """Show the deal (and the Bummerl's deals before it) in the replay widget."""
        from .replay import ReplayWidget

        recs = self.table.records()
        rw = ReplayWidget(recs, deal=len(recs) - 1)
        rw.last()
        self.replay_box.children = [rw]
        return rw

    def open_review(self, samples: int = 30, seed: int = 0) -> Any:
        """Review the deal just played (each decision judged from its player's knowledge)
        and show it with the evaluation graph."""
        from .review import ReviewWidget

        rec = self.table.record()
        self.status = "reviewing the deal…"
        self.render()
        rw = ReviewWidget(rec, samples=samples, seed=seed, progress=False)
        self.replay_box.children = [rw]
        self.status = "review ready below"
        self.render()
        return rw

    # -- rendering ---------------------------------------------------------------------------
    def _show_events(self, events: Iterable[Event]) -> None:
        self.messages.extend(events)
        self.messages = self.messages[-12:]

    def render(self) -> None:
        """Bring every part up to date with the table."""
        t = self.table
        pos = t.position
        names = t.names
        me = t.seat
        acts = t.student_actions()
        self.header.value = self._header_html()
        c = t.counters
        self.counters_html.value = (f'<span class="sl-counters-text" style="margin-left:12px">'
                                    f"Bummerl: {escape(names[0])} {c[0]} : {c[1]} "
                                    f"{escape(names[1])}</span>"
                                    if t.in_bummerl else
                                    '<span class="sl-counters-text" style="margin-left:12px">'
                                    "taken-over deal (not counted)</span>")
        self.felt.value = self._felt_html()
        if self._marriage_points is not None:
            pick = [a.card for a in acts if a.kind is ActionKind.MARRIAGE
                    and a.points == self._marriage_points and a.card is not None]
        else:
            pick = [a.card for a in acts if a.kind is ActionKind.PLAY and a.card is not None]
        self.hand.show(pos.hand(me), pick, empty="no cards in hand")
        self.scores.value = self._scores_html()
        self.messages_html.value = self._messages_html()
        m20 = any(a.kind is ActionKind.MARRIAGE and a.points == 20 for a in acts)
        m40 = any(a.kind is ActionKind.MARRIAGE and a.points == 40 for a in acts)
        self.marriage20_button.disabled = not m20
        self.marriage40_button.disabled = not m40
        for b, pts in ((self.marriage20_button, 20), (self.marriage40_button, 40)):
            b.button_style = "warning" if self._marriage_points == pts else ""
        self.exchange_button.disabled = EXCHANGE not in acts
        self.close_button.disabled = CLOSE not in acts
        self.claim_button.disabled = CLAIM not in acts
        self.no_claim_button.layout.display = None if t.claim_question else "none"
        self.end_box.layout.display = None if t.finished else "none"
        self.end_html.value = self._end_html()

    def _header_html(self) -> str:
        t = self.table
        names = t.names
        me = t.seat
        trump = Suit(t.position.trump)
        src = (f"<br><small>taken over: {escape(t.source)}</small>"
               if t.source is not None else "")
        return (f'<div style="font:14px sans-serif"><b>{escape(names[me])}</b> ({me}) against '
                f"<b>{escape(names[me.other])}</b> ({me.other}, bot "
                f"{escape(t.player.name)}) · rules {escape(t.profile.name)} · dealer "
                f"{escape(names[t.start.dealer])} · trump {trump.symbol} {trump.title}"
                f"{src}</div>")

    def _felt_html(self) -> str:
        t = self.table
        pos = t.position
        names = t.names
        me = t.seat
        bot = me.other
        v = t.student_view()
        known = v.opponent
        hand = pos.hands[bot]
        if t.finished:
            bot_cards = H.cards_html(pos.hand(bot))
        else:
            inner = "".join(H.card_html(c, mark="sl-known") for c in cards_in(hand & known))
            inner += "".join(H.back_html() for _ in range(bin(hand & ~known).count("1")))
            bot_cards = f'<span class="sl-cards">{inner}</span>'
        turn = ""
        if not t.finished:
            turn = (f"<b>your turn</b>, {escape(names[me])}" if t.students_turn
                    else f"{escape(names[bot])} to play")
        top = (f'<div class="sl-bot-hand"><span style="font-size:12px">{escape(names[bot])} '
               f"· {pos.tricks[bot]} tricks</span><br>{bot_cards}</div>")
        trick = self._trick_html()
        said = ""
        last = next((e for e in reversed(self.messages) if e.seat == bot), None)
        if last is not None and last.announced and not t.finished:
            said = (f'<div class="sl-announcement" style="background:#fff8dc;color:#222;'
                    f'border-radius:8px;padding:4px 8px;margin-top:6px;font-weight:bold">'
                    f"{escape(last.text)}</div>")
        mid = (f'<div style="display:flex;gap:28px;align-items:center;margin:8px 0">'
               f"{H._talon_html(pos)}{trick}"
               f'<div style="font-size:12px">{turn}{said}</div></div>')
        bottom = (f'<div style="font-size:12px">{escape(names[me])} (you) · '
                  f"{pos.tricks[me]} tricks</div>")
        return (f'<div class="sl-table sl-practice-felt" data-step="{len(t.actions)}" '
                f'style="background:#2e7d4f;border-radius:10px;padding:8px 10px;color:#fff;'
                f'font:13px/1.4 sans-serif;min-width:520px">{top}{mid}{bottom}</div>')

    def _trick_html(self) -> str:
        t = self.table
        pos = t.position
        names = t.names
        if pos.lead >= 0:
            body = H.card_html(pos.lead, "lg")
            cap = f"{escape(names[pos.leader])} led"
        elif pos.last_trick is not None:
            lead, follow, w = pos.last_trick
            body = H.card_html(lead, "lg") + H.card_html(follow, "lg")
            pts = CARDS[lead].points + CARDS[follow].points
            cap = f"last trick: {escape(names[w])} took {pts}"
        else:
            body, cap = "", "&nbsp;"
        return (f'<div class="sl-trick-area" data-cards="{len(pos.trick)}" '
                f'data-tricks="{pos.tricks_played}" style="min-width:130px;text-align:center">'
                f'<div style="min-height:78px">{body}</div>'
                f'<div style="font-size:12px">{cap}</div></div>')

    def _scores_html(self) -> str:
        t = self.table
        pos = t.position
        names = t.names
        shown = t.visible_scores(all_scores=self.all_scores)
        rows = []
        for s in (t.seat, t.seat.other):
            sc = shown[s]
            val = (str(sc) if sc is not None else
                   '<span title="the rules do not let you look this up: count it">?</span>')
            pend = ""
            if pos.pending[s] and (s == t.seat or t.finished or self.all_scores):
                pend = f" (+{pos.pending[s]} pending)"
            who = f"{escape(names[s])}{' (you)' if s == t.seat else ''}"
            rows.append(f'<tr class="sl-score-{s.name}"><td>{who}</td>'
                        f'<td class="sl-score-value" style="text-align:right;padding-left:8px">'
                        f"{val}{pend}</td><td style='padding-left:8px'>{pos.tricks[s]} tricks"
                        f"</td></tr>")
        return (f'<div class="sl-score-box" style="font:13px sans-serif"><b>Scores</b>'
                f'<table>{"".join(rows)}</table></div>')

    def _messages_html(self) -> str:
        items = []
        for e in self.messages[-8:]:
            text = escape(e.text)
            if e.announced:
                text = f"<b>{text}</b>"
            items.append(f'<li class="sl-event">{text}</li>')
        status = (f'<div class="sl-status" style="color:#c8102e">{escape(self.status)}</div>'
                  if self.status else "")
        if self._marriage_points is not None:
            status += (f'<div class="sl-status">click the king or queen of your '
                       f"{self._marriage_points} marriage</div>")
        if self.table.claim_question:
            status += ('<div class="sl-status"><b>Claim 66 now, or play on?</b></div>')
        return (f'<div style="font:13px sans-serif"><b>At the table</b>'
                f'<ul style="margin:2px 0;padding-left:18px">{"".join(items)}</ul>{status}'
                f"</div>")

    def _end_html(self) -> str:
        t = self.table
        if not t.finished:
            return ""
        pos = t.position
        names = t.names
        c = t.counters
        text = escape(t.outcome_text())
        sc = pos.scores
        more = f"scores {sc[0]} : {sc[1]}, tricks {pos.tricks[0]} : {pos.tricks[1]}"
        bummerl = ""
        if t.in_bummerl:
            bummerl = (f"<br>Bummerl counters: {escape(names[0])} {c[0]} : {c[1]} "
                       f"{escape(names[1])}")
            w = t.bummerl_winner
            if w is not None:
                bummerl += f" · <b>{escape(names[w])} wins the Bummerl</b>"
        return (f'<div class="sl-outcome" style="font:14px sans-serif;background:#fff8dc;'
                f'padding:6px 10px;border-left:4px solid #e0b000"><b>{text}</b><br>{more}'
                f"{bummerl}</div>")


def practice_table(bot: str = "heuristic", **kwargs: Any) -> PracticeTable:
    """The practice table widget against ``bot`` (see :class:`PracticeTable`)."""
    return PracticeTable(bot, **kwargs)
