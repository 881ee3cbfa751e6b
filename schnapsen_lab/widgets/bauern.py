"""The table for four: play Bauernschnapsen in JupyterLab with a bot partner against two bots.

::

    from schnapsen_lab.widgets import practice_table
    w = practice_table(variant="bauern")                 # fixed partners, to 21
    w = practice_table(profile="bauern-called")          # a partner called each deal
    w.take_over("records/study/bauern-gang.psn", step=5, seat="W")

A widget around :class:`~schnapsen_lab.games.bauern.table.BauernTable`. The table is
drawn as the replay draws it (:func:`schnapsen_lab.games.bauern.html.table_html`), turned
so that the student sits at the bottom; the student's hand lies below it in a
:class:`~schnapsen_lab.widgets.table.CardRow` (click a card, or drag it onto the table):
only legal cards can be played, the others are greyed and a click on one says why (the
engine's rule). As forehand the student fixes trump from the three cards seen (a button
for each suit held, or "turn up"); with called partners calls a partner's card by
clicking it; in the round of calls gets a button for weiter, spritze and each contract
the rules allow at that moment; announces 20 or 40 (then clicks its K or Q) and claims
66 for the side (after a confirmation that says what a false claim costs). The bots
answer after a short pause (``pause`` seconds; 0 in tests), their calls, marriages and
claims said in words; with a pause they decide in the bots' thread and the table says who
is thinking. The sides' scores are hidden while the deal is played unless the switch
"show the scores" is on (``show_tallies``; on in the teacher's mode). At the end: the
outcome with its rule, the match counters and who won the match; "save as PSN" (atomic)
and "open in replay".

Stable CSS classes: ``sl-practice4`` (the widget), ``sl-hand-row`` (the felt
``sl-practice-felt`` and the hand: ``sl-pick sl-card-AH`` with ``sl-playable`` or
``sl-disabled``), ``sl-trump-bar`` (``sl-trump-C`` ... ``sl-trump-S``, ``sl-turn-up``),
``sl-partner-row``, ``sl-calls-bar`` (``sl-call-weiter``, ``sl-call-spritze``,
``sl-call-schnapser``, ...), ``sl-marriage-20``, ``sl-marriage-40``, ``sl-claim``,
``sl-no-claim``, ``sl-claim-confirm-box`` (``sl-claim-confirm``, ``sl-claim-cancel``),
``sl-scores``, ``sl-messages`` (``sl-event``; ``sl-status sl-refusal``,
``sl-question``), ``sl-new-deal``, ``sl-new-match``, ``sl-bot``, ``sl-counters``,
``sl-end`` (``sl-outcome``), ``sl-save``, ``sl-save-path``, ``sl-open-replay``,
``sl-replay-box``, ``sl-take-over`` (``sl-take-source``, ``sl-take-index``,
``sl-take-step``, ``sl-take-seat``), ``sl-show-reasons`` (the teacher's switch:
``show_reasons``), ``sl-bot-reason`` (the last reason a bot gave, when shown),
``sl-show-tallies`` (the scores' switch; ``sl-tallies-hidden`` the panel without them)
and ``sl-thinking`` (which bot is thinking);
``sl-table-panel`` and ``sl-side-panel``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as W

from ..cards import Card, Suit, cards_in, sort_cards
from ..games.auction.table import AuctionTable
from ..games.bauern import html as bauern_html
from ..games.bauern.rules import (
    CALLS,
    CLAIM,
    TRUMP_NAMED,
    TRUMP_UP,
    Action,
    Call,
    Kind,
    Phase,
    Profile,
    Seat,
    marriage,
    partner_call,
    play,
)
from ..games.bauern.table import BauernTable, Event
from ..headers import bot_name as bot_words
from ..headers import rules_name
from ..html import PANEL_STYLE
from ..i18n import N_, Texts, localized, resolve
from ..notation import (
    FOUR,
    call_name,
    card_text,
    four_outcome_text,
    seats_text,
    suit_name,
    text_with_cards,
)
from ..players.registry import player_names
from ..psn import dumps, loads
from ..replay import Replay
from .cards import CardRow
from .tablekit import (
    TABLE_WIDTH,
    TableWidget,
    classes,
    enable,
    fixed,
    reasons_switch,
    tallies_switch,
)

__all__ = ["SIDE_WIDTH", "TEXT", "BauernPracticeTable"]

TEXT = Texts({
    # the hand
    "refused": N_("You cannot play {card} now: {why} ({rule})"),
    "refused.marriage": N_("Click the king or queen of a marriage of {points}."),
    "no_cards": N_("no cards in hand"),
    "unseen": N_("not looked at yet: you fix trump from your first three cards"),
    # trump, partner, calls
    "trump.ask": N_("<b>You are forehand</b>: name trump from your three cards, or turn up "
                    "your fourth card."),
    "trump.name": N_("{symbol} {suit}"),
    "trump.name.tip": N_("name {suit} trump"),
    "trump.up": N_("turn up"),
    "trump.up.tip": N_("turn up your fourth card: its suit is trump"),
    "partner.ask": N_("<b>Call your partner</b>: click a card that is not among your three; "
                      "its holder plays with you this deal."),
    "partner.tip": N_("call {card}"),
    "calls.ask": N_("<b>Your call</b>: pass, double or bid a contract."),
    "calls.ask.no_double": N_("<b>Your call</b>: pass or bid a contract."),
    "call.tip.weiter": N_("no contract, no double"),
    "call.tip.spritze": N_("double the deal's game points"),
    "call.tip.contract": N_("bid {contract}: worth {value}"),
    "call.contract": N_("{contract} ({value})"),
    # play
    "marriage20": N_("announce 20"),
    "marriage20.tip": N_("announce a marriage of 20, then click its K or Q"),
    "marriage40": N_("announce 40"),
    "marriage40.tip": N_("announce the trump marriage, then click its K or Q"),
    "claim": N_("claim 66"),
    "claim.tip": N_("claim 66 for your side: the deal ends"),
    "no_claim.marriage": N_("play on"),
    "no_claim.last_trick": N_("let the last trick count"),
    "no_claim.tip": N_("do not claim"),
    "confirm": N_("yes, claim 66"),
    "cancel": N_("cancel"),
    "confirm.text": N_("Claim 66 for your side now? The deal ends. If your side's score is "
                       "under 66, the claim is false: {outcome}."),
    "ask.marriage": N_("You announced {points}. Claim 66 for your side now, or play on?"),
    "ask.last_trick": N_("You took the last trick. Claim 66 for your side, or let the last "
                         "trick count: {outcome}?"),
    "ask.cost": N_("If your side's score is under 66, the claim is false: {outcome}."),
    "pick_marriage": N_("click the king or queen of your {points} marriage"),
    # around the table
    "new_deal": N_("new deal"),
    "new_match": N_("new match"),
    "bots": N_("Bots"),
    "header": N_("<b>{me}</b> ({seat}, you) · partner {partner} · against {others} · bots "
                 "{player} · rules {rules}"),
    "header.called": N_("a called partner each deal"),
    "header.source": N_("taken over: {source}"),
    "your_turn": N_("<b>your turn</b>"),
    "their_turn": N_("{who} to play"),
    "their_turn.trump": N_("{who} fixes trump"),
    "their_turn.partner": N_("{who} calls a partner card"),
    "their_turn.call": N_("{who} to speak"),
    "me": N_("{name} ({seat}, you)"),
    "at_table": N_("At the table"),
    "counters": N_("Match: {counters}"),
    "taken_over": N_("taken-over deal (not counted)"),
    "end.counters": N_("Match counters: {counters}"),
    "file": N_("file"),
    "save": N_("save as PSN"),
    "open_replay": N_("open in replay"),
    "give_file": N_("give a file name to save to"),
    "cannot_save": N_("could not save {path}: {error}"),
    "saved": N_("saved to {path}"),
    "take.title": N_("<b>Take over a position</b> from any step of a four-player record"),
    "take.record": N_("record"),
    "take.deal": N_("deal"),
    "take.step": N_("step"),
    "take.button": N_("take over here"),
    "cannot_take_over": N_("cannot take over: {error}"),
    "reasons": N_("show the bots' reasons"),
    "reasons.tip": N_("for a teacher: why each bot chose its move, shown as the deal is "
                      "played (the reasons name its cards)"),
    "reason": N_("why {who} chose that: {reason}"),
    "thinking": N_("{who} is thinking…"),
    "tallies": N_("show the scores"),
    "tallies.tip": N_("a counting aid: the scores and pending marriages as the deal is "
                      "played (at the table a player counts them)"),
    "tallies.hidden": N_("The scores are not shown: at the table you count them."),
})
"""Every text this widget shows, as format strings."""

SIDE_WIDTH = 300
"""The width (px) of the side panel: the auction, the scores and what was said."""

_STUDY_GUESSES = ("records/study/bauern-spritze.psn", "../records/study/bauern-spritze.psn")
_CONTRACTS = (Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER, Call.KONTRASCHNAPSER)


def _button(text: str, cls: str, tip: str = "") -> W.Button:
    return classes(W.Button(description=text, tooltip=tip or text,
                             layout=W.Layout(width="auto")), cls)


def _show(widget: Any, shown: bool) -> None:
    widget.layout.display = None if shown else "none"


@localized
class BauernPracticeTable(TableWidget):
    """The table-for-four widget around a :class:`BauernTable` (``table``).

    Everything the buttons do can be done from Python: :meth:`name_trump`,
    :meth:`turn_up`, :meth:`call_partner`, :meth:`call`, :meth:`play`, :meth:`marriage`,
    :meth:`claim` (the button asks first: :meth:`ask_claim`), :meth:`decline_claim`,
    :meth:`new_deal`, :meth:`new_match`, :meth:`take_over`, :meth:`save` and
    :meth:`open_replay`. ``lang`` is the language it speaks. The sides' scores are
    hidden while the deal is played (a player counts them) unless the switch
    :attr:`show_tallies` is on: ``show_tallies`` (default: on in the teacher's mode,
    ``show_reasons=True``).
    """

    texts = TEXT
    shown_messages = 10
    messages_style = ";margin-top:6px"
    calls: Mapping[Call, Action] = CALLS
    """The game's calls and their actions, in the order the buttons show them."""
    drawing: Any = bauern_html
    """The game's drawing module (``table_html``, ``tallies_html``, ``auction_html``)."""
    study_guesses: tuple[str, ...] = _STUDY_GUESSES
    """Where a study record to take over is looked for."""
    css_class = "sl-practice4"

    def __init__(self, bot: str = "heuristic", *, seat: Seat | str = Seat.S,
                 profile: Profile | str = "bauern",
                 names: tuple[str, str, str, str] = ("Anna", "Bert", "Cilli", "Dani"),
                 seed: int | None = None, pause: float = 0.6,
                 save_path: str = "practice-four.psn", take_source: str | None = None,
                 table: AuctionTable[Any] | None = None, lang: str | None = None,
                 show_reasons: bool = False, show_tallies: bool | None = None,
                 background: bool | None = None) -> None:
        self.lang = resolve(lang)
        self.table: Any = table or BauernTable(bot, seat=seat, profile=profile, names=names,
                                          seed=seed, auto_bots=False)
        self._start(pause, background)
        self.messages: list[Event] = []
        self.status = ""
        self.note = ""
        self.confirming = False
        self._marriage_points: int | None = None

        self.header = classes(W.HTML(), "sl-practice-header")
        bots = player_names(self.table.GAME.key)
        current = self.table.bot_name
        self.bot_picker = classes(W.Dropdown(options=[(bot_words(n), n) for n in (
                                                  bots if current in bots else [*bots, current])],
                                              value=current,
                                              description=TEXT["bots"],
                                              layout=W.Layout(width="220px")), "sl-bot")
        self.counters_html = classes(W.HTML(), "sl-counters")
        self.new_deal_button = _button(TEXT["new_deal"], "sl-new-deal")
        self.new_match_button = _button(TEXT["new_match"], "sl-new-match")
        self.hand = classes(CardRow(draggable=True, layout=fixed(TABLE_WIDTH)),
                             "sl-hand-row")
        # trump: a button for each suit and "turn up"
        self.prompt = classes(W.HTML(), "sl-prompt")
        self.trump_buttons = {s: _button(TEXT["trump.name"].format(symbol=s.symbol,
                                                                   suit=suit_name(s)),
                                         f"sl-trump-{s.name}",
                                         TEXT["trump.name.tip"].format(suit=suit_name(s)))
                              for s in Suit}
        self.turn_up_button = _button(TEXT["trump.up"], "sl-turn-up", TEXT["trump.up.tip"])
        self.trump_bar = classes(W.HBox([*self.trump_buttons.values(), self.turn_up_button],
                                         layout=W.Layout(flex_flow="row wrap")),
                                  "sl-trump-bar")
        # the partner's card
        self.partner_row = classes(CardRow(layout=fixed(TABLE_WIDTH)), "sl-partner-row")
        # the calls
        self.call_buttons: dict[Call, W.Button] = {}
        for c in self.calls:  # the game's calls (BA1, BA2; 3A1, 3A2)
            if c.is_contract:
                text = TEXT["call.contract"].format(contract=call_name(c), value=c.value_points)
                tip = TEXT["call.tip.contract"].format(contract=call_name(c),
                                                       value=c.value_points)
            else:
                text, tip = call_name(c), TEXT[f"call.tip.{c.value}"]
            self.call_buttons[c] = _button(text, f"sl-call-{c.value}", tip)
        self.calls_bar = classes(W.HBox(list(self.call_buttons.values()),
                                         layout=W.Layout(flex_flow="row wrap")),
                                  "sl-calls-bar")
        # play
        self.marriage20_button = _button(TEXT["marriage20"], "sl-marriage-20",
                                         TEXT["marriage20.tip"])
        self.marriage40_button = _button(TEXT["marriage40"], "sl-marriage-40",
                                         TEXT["marriage40.tip"])
        self.claim_button = _button(TEXT["claim"], "sl-claim", TEXT["claim.tip"])
        self.no_claim_button = _button(TEXT["no_claim.marriage"], "sl-no-claim",
                                       TEXT["no_claim.tip"])
        self.play_bar = classes(W.HBox([self.marriage20_button, self.marriage40_button,
                                         self.claim_button, self.no_claim_button],
                                        layout=W.Layout(flex_flow="row wrap")), "sl-play-bar")
        self.confirm_html = classes(W.HTML(), "sl-claim-confirm-text")
        self.confirm_button = _button(TEXT["confirm"], "sl-claim-confirm")
        self.confirm_button.button_style = "danger"
        self.cancel_button = _button(TEXT["cancel"], "sl-claim-cancel")
        self.confirm_box = classes(W.VBox([self.confirm_html,
                                            W.HBox([self.confirm_button, self.cancel_button])]),
                                    "sl-claim-confirm-box")
        # beside the table
        self.scores = classes(W.HTML(), "sl-scores")
        self.messages_html = classes(W.HTML(), "sl-messages")
        self.reasons_box = reasons_switch(TEXT, show_reasons)
        self.tallies_box = tallies_switch(TEXT, show_reasons if show_tallies is None
                                          else show_tallies)
        # the end
        self.end_html = classes(W.HTML(), "sl-end-text")
        self.save_path = classes(W.Text(value=save_path, description=TEXT["file"],
                                         layout=W.Layout(width="auto", flex="1 1 360px",
                                                         min_width="280px"),
                                         style={"description_width": "initial"}),
                                  "sl-save-path")
        self.save_button = _button(TEXT["save"], "sl-save")
        self.replay_button = _button(TEXT["open_replay"], "sl-open-replay")
        self.end_box = classes(W.VBox([self.end_html,
                                        W.HBox([self.save_path, self.save_button,
                                                self.replay_button],
                                               layout=W.Layout(flex_flow="row wrap"))]),
                                "sl-end")
        self.replay_box = classes(W.VBox([]), "sl-replay-box")
        # take over
        if take_source is None:
            take_source = next((p for p in self.study_guesses if os.path.isfile(p)), "")
        self.take_source = classes(W.Text(value=take_source, description=TEXT["take.record"],
                                           layout=W.Layout(width="330px"),
                                           style={"description_width": "initial"}),
                                    "sl-take-source")
        self.take_index = classes(W.BoundedIntText(value=1, min=1, max=9999,
                                                    description=TEXT["take.deal"],
                                                    layout=W.Layout(width="130px")),
                                   "sl-take-index")
        self.take_step = classes(W.BoundedIntText(value=0, min=0, max=60,
                                                   description=TEXT["take.step"],
                                                   layout=W.Layout(width="130px")),
                                  "sl-take-step")
        self.take_seat = classes(W.ToggleButtons(options=list(self.table.SEAT_LETTERS),
                                                  value=self.table.seat.name,
                                                  style={"button_width": "36px"}),
                                  "sl-take-seat")
        self.take_button = _button(TEXT["take.button"], "sl-take-over")

        self.hand.on_pick(self._on_card)
        self.hand.on_refuse(self._on_refused_card)
        self.partner_row.on_pick(self.call_partner)
        for s, b in self.trump_buttons.items():
            b.on_click(lambda _b, s=s: self.name_trump(s))
        self.turn_up_button.on_click(lambda _b: self.turn_up())
        for c, b in self.call_buttons.items():
            b.on_click(lambda _b, c=c: self.call(c))
        self.marriage20_button.on_click(lambda _b: self._toggle_marriage(20))
        self.marriage40_button.on_click(lambda _b: self._toggle_marriage(40))
        self.claim_button.on_click(lambda _b: self._claim_clicked())
        self.no_claim_button.on_click(lambda _b: self.decline_claim())
        self.confirm_button.on_click(lambda _b: self.claim())
        self.cancel_button.on_click(lambda _b: self.cancel_claim())
        self.new_deal_button.on_click(lambda _b: self.new_deal())
        self.new_match_button.on_click(lambda _b: self.new_match())
        self.save_button.on_click(lambda _b: self.save())
        self.replay_button.on_click(lambda _b: self.open_replay())
        self.take_button.on_click(lambda _b: self._take_over_clicked())
        self.bot_picker.observe(self._on_bot, names="value")
        self.reasons_box.observe(lambda _c: self.render(), names="value")
        self.tallies_box.observe(lambda _c: self.render(), names="value")

        top = W.HBox([self.bot_picker, self.new_deal_button, self.new_match_button,
                      self.counters_html], layout=W.Layout(align_items="center",
                                                           flex_flow="row wrap"))
        left = classes(W.VBox([self.hand, self.prompt, self.trump_bar, self.partner_row,
                                self.calls_bar, self.play_bar, self.confirm_box],
                               layout=fixed(TABLE_WIDTH)), "sl-table-panel")
        right = classes(W.VBox([self.scores, self.tallies_box, self.messages_html,
                                self.reasons_box], layout=fixed(SIDE_WIDTH)),
                         "sl-side-panel")
        body = W.HBox([left, right], layout=W.Layout(flex_flow="row wrap", grid_gap="12px",
                                                     align_items="flex-start"))
        take = classes(W.HBox([self.take_source, self.take_index, self.take_step,
                                self.take_seat, self.take_button],
                               layout=W.Layout(flex_flow="row wrap", align_items="center")),
                        "sl-take-box")
        super().__init__([self.header, top, body, self.end_box, W.HTML(self.texts["take.title"]),
                          take, self.replay_box])
        self.add_class(self.css_class)
        self._show_events(self.table.log)
        self.render()
        self._opened()

    # -- the student's actions ------------------------------------------------------------------
    def name_trump(self, suit: Suit | str) -> None:
        """Name ``suit`` trump (forehand, from the three cards seen)."""
        s = suit if isinstance(suit, Suit) else Suit[str(suit).strip().upper()[0]]
        self._run(TRUMP_NAMED[s])

    def turn_up(self) -> None:
        """Turn up the fourth card: its suit is trump."""
        self._run(TRUMP_UP)

    def call_partner(self, card: Card | str) -> None:
        """Call the holder of ``card`` as partner (called partners, forehand)."""
        self._run(partner_call(card))

    def call(self, call: Call | str) -> None:
        """Say ``call`` in the round of calls: ``weiter``, ``spritze`` or a contract."""
        c = call if isinstance(call, Call) else Call(str(call).strip().lower())
        self._run(self.calls[c])

    def play(self, card: Card | str) -> None:
        """Play (lead or follow) ``card``."""
        self._run(play(card))

    def marriage(self, card: Card | str, points: int | None = None) -> None:
        """Announce a marriage and lead ``card`` (its K or Q); points from the suit."""
        c = Card.parse(card) if isinstance(card, str) else card
        pts = points or (40 if c // 5 == self.table.position.trump else 20)
        self._run(marriage(c, pts))

    def claim(self) -> None:
        """Claim 66 for the side (at once: the button asks first, :meth:`ask_claim`)."""
        self._run(CLAIM)

    def ask_claim(self) -> None:
        """Ask to confirm a claim and say what a false claim would cost."""
        if CLAIM in self.table.student_actions():
            self.confirming = True
            self.render()

    def _claim_clicked(self) -> None:
        if self.table.claim_question:  # the question already is the confirmation
            self.claim()
        else:
            self.ask_claim()

    def _on_refused_card(self, card: Card) -> None:
        self.status = self.why_not(card)
        self.render()

    def why_not(self, card: Card | str) -> str:
        """Why ``card`` may not be played now, in words with the rule ('' if it may)."""
        c = Card.parse(card) if isinstance(card, str) else card
        pts = self._marriage_points
        if pts is not None:
            if any(a.kind is Kind.MARRIAGE and a.card == c and a.points == pts
                   for a in self.table.student_actions()):
                return ""
            return TEXT["refused.marriage"].format(points=pts)
        refused = self.table.refusal(play(c))
        if refused is None:
            return ""
        rule, why = refused
        return TEXT["refused"].format(card=card_text(c), why=text_with_cards(why), rule=rule)

    # -- deals ----------------------------------------------------------------------------------
    def new_match(self) -> None:
        """A new match at 0 : 0."""
        if not self._free():
            return
        self.table.new_match()
        self._fresh()

    # -- the end --------------------------------------------------------------------------------
    def open_replay(self) -> Any:
        """Show the deal (and the match's deals before it) in the replay widget."""
        from .replay import ReplayWidget

        recs = loads(dumps(self.table.records()))  # read back as a saved file is
        rw = ReplayWidget(recs, deal=len(recs) - 1, lang=self.lang)
        rw.last()
        self.replay_box.children = [rw]
        return rw

    # -- rendering ------------------------------------------------------------------------------
    def _set_bot(self, name: str) -> None:
        self.table.set_bots(name)

    def _draw(self) -> None:
        """Bring every part up to date with the table."""
        t = self.table
        pos = t.position
        me = t.seat
        acts = t.student_actions()
        if CLAIM not in acts:
            self.confirming = False
        rp = Replay(t.record())
        step = rp.last
        self.header.value = self._header_html()
        self.counters_html.value = self._counters_html()
        v = t.student_view()
        phase = t.phase
        # the hand: playable cards (or a marriage's K and Q) pickable
        if self._marriage_points is not None:
            pick = [a.card for a in acts if a.kind is Kind.MARRIAGE
                    and a.points == self._marriage_points and a.card is not None]
        else:
            pick = [a.card for a in acts if a.kind in (Kind.PLAY, Kind.LAYAWAY)
                    and a.card is not None]
        seen = v.hand
        unseen = bin(pos.hands[me] & ~seen).count("1")
        self.hand.felt = self._felt_html(rp, step)
        self.hand.show(sort_cards(cards_in(seen)), pick, empty=TEXT["no_cards"],
                       backs=unseen, back_title=TEXT["unseen"], why=self.why_not)
        # what the student is asked
        prompts = {Phase.TRUMP: "trump.ask", Phase.PARTNER: "partner.ask",
                   Phase.AUCTION: "calls.ask", Phase.TALON: "talon.ask"}
        key = prompts.get(phase) if acts and not t.claim_question else None
        if key == "calls.ask" and not any(a.call is Call.SPRITZE for a in acts):
            key = "calls.ask.no_double"  # forehand, the holder's side (BA4, BC4)
        asked = self.texts[key] if key else ""
        self.prompt.value = (f'<div style="font:13px sans-serif;margin:4px 0">{asked}</div>'
                             if key else "")
        trumps = {a.suit for a in acts if a.kind is Kind.TRUMP and a.suit is not None}
        _show(self.trump_bar, phase is Phase.TRUMP and bool(acts))
        for s, b in self.trump_buttons.items():
            _show(b, s in trumps)
            enable(b, s in trumps)
        enable(self.turn_up_button, TRUMP_UP in acts)
        callable_cards = [a.card for a in acts if a.kind is Kind.PARTNER and a.card is not None]
        _show(self.partner_row, bool(callable_cards))
        self.partner_row.show(callable_cards, callable_cards, size="sm",
                              tip=TEXT["partner.tip"], tight=True)
        calls = {a.call for a in acts if a.kind is Kind.CALL}
        _show(self.calls_bar, bool(calls))
        for c, b in self.call_buttons.items():
            _show(b, c in calls)
            enable(b, c in calls, "warning" if c.is_contract else "info")
        in_play = phase is Phase.PLAY or t.claim_question
        _show(self.play_bar, in_play)
        m20 = any(a.kind is Kind.MARRIAGE and a.points == 20 for a in acts)
        m40 = any(a.kind is Kind.MARRIAGE and a.points == 40 for a in acts)
        for b, pts, on in ((self.marriage20_button, 20, m20), (self.marriage40_button, 40, m40)):
            enable(b, on, "warning" if self._marriage_points == pts else "info")
        enable(self.claim_button, CLAIM in acts and not self.confirming)
        kind = t.claim_question_kind
        _show(self.no_claim_button, kind is not None)
        if kind:
            self.no_claim_button.description = TEXT[f"no_claim.{kind}"]
            enable(self.no_claim_button, True)
        _show(self.confirm_box, self.confirming)
        self.confirm_html.value = self._confirm_html() if self.confirming else ""
        self.scores.value = self._tallies_html(rp, step)
        self.messages_html.value = self._messages_html() + self._reason_html()
        _show(self.end_box, t.finished)
        self.end_html.value = self._end_html()

    def _tallies_html(self, rp: Replay, step: int) -> str:
        """The auction, and the sides' scores, tricks and pending marriages when
        :attr:`show_tallies` or the deal is over (``sl-tallies``; hidden:
        ``sl-tallies-hidden``)."""
        me = int(self.table.seat)
        if self.show_tallies or self.table.finished:
            return str(self.drawing.tallies_html(rp, step, me))
        return (f'<div class="sl-tallies sl-tallies-hidden" style="{PANEL_STYLE}">'
                f"{self.drawing.auction_html(rp, step, me)}"
                f'<div class="sl-tallies-note" style="color:#555">{TEXT["tallies.hidden"]}'
                f"</div></div>")

    def _last_reason(self) -> tuple[str, str] | None:
        """The last reason a bot gave this deal and that bot's name
        (:attr:`BauernTable.reasons`)."""
        t = self.table
        if not t.reasons:
            return None
        seat, said = t.reasons[max(t.reasons)]
        return t.names[seat], said

    def _names(self) -> tuple[str, ...]:
        return tuple(escape(n) for n in self.table.names)

    def _seats(self, names: tuple[str, ...], mask: int) -> str:
        """The players of seat mask ``mask`` with the game's seat letters."""
        return seats_text(names, mask, str(self.table.SEAT_LETTERS))

    def _header_html(self) -> str:
        t = self.table
        names = self._names()
        me = t.seat
        if t.profile.called:
            partner = TEXT["header.called"]
            others = ", ".join(seats_text(names, 1 << s) for s in t.bot_seats)
        else:
            partner = seats_text(names, 1 << me.opposite)
            others = seats_text(names, (1 << me.next) | (1 << me.opposite.next))
        text = TEXT["header"].format(me=names[me], seat=me.name, partner=partner, others=others,
                                     player=escape(bot_words(t.bot_name)),
                                     rules=escape(rules_name(t.profile.name)))
        if t.source is not None:
            text += "<br><small>" + TEXT["header.source"].format(source=escape(t.source))
            text += "</small>"
        return f'<div style="font:14px sans-serif">{text}</div>'

    def _counters_text(self) -> str:
        return " · ".join(f"{k} {v}" for k, v in self.table.counters.items())

    def _counters_html(self) -> str:
        t = self.table
        text = (TEXT["counters"].format(counters=self._counters_text()) if t.in_match
                else TEXT["taken_over"])
        return f'<span class="sl-counters-text" style="margin-left:12px">{text}</span>'

    def _felt_html(self, rp: Replay, step: int) -> str:
        """The table as the student sees it, the student at the bottom (the hand is
        below it, to be played from), with whose turn it is and the last thing a bot
        said aloud."""
        t = self.table
        names = self._names()
        me = t.seat
        # the finished trick stays in sight while the next one is played (BW1)
        table = self.drawing.table_html(rp, step, int(me), bottom=int(me), hands=False,
                                        last_trick=True)
        turn = self._thinking_html()
        if not t.finished and not turn:
            who = t.position.turn
            key = {Phase.TRUMP: "their_turn.trump", Phase.PARTNER: "their_turn.partner",
                   Phase.AUCTION: "their_turn.call",
                   Phase.TALON: "their_turn.talon"}.get(t.phase, "their_turn")
            turn = (TEXT["your_turn"] if t.students_turn
                    else self.texts[key].format(who=self._seats(names, 1 << who)))
        said = ""
        last = next((e for e in reversed(self.messages) if e.seat != me), None)
        if last is not None and last.announced and not t.finished:
            said = (f'<div class="sl-announcement" style="background:#fff8dc;color:#222;'
                    f'border-radius:8px;padding:3px 8px;margin-top:4px;font-weight:bold">'
                    f"{escape(last.text)}</div>")
        mine = TEXT["me"].format(name=names[me], seat=me.name)
        line = " · ".join(x for x in (mine, turn) if x)  # no dangling dot once it is over
        return (f'<div class="sl-practice-felt" data-step="{len(t.actions)}">{table}'
                f'<div class="sl-turn-line" style="font:12px sans-serif;margin:4px 2px">'
                f"{line}{said}</div></div>")

    def _false_claim_words(self) -> str:
        t = self.table
        return four_outcome_text(t.false_claim_outcome(), t.position, self._names())

    def _question_html(self) -> str:
        t = self.table
        kind = t.claim_question_kind
        if kind is None:
            return ""
        if kind == "marriage":
            last = t.actions[-1] if t.actions else None
            ask = TEXT["ask.marriage"].format(points=last.points if last is not None else 20)
        else:
            out = t.position.outcome
            assert out is not None
            ask = TEXT["ask.last_trick"].format(
                outcome=four_outcome_text(out, t.position, self._names()))
        cost = TEXT["ask.cost"].format(outcome=self._false_claim_words())
        return (f'<div class="sl-status sl-question" style="background:#eef5ff;'
                f'border-left:4px solid #1f77b4;padding:4px 8px;margin-top:4px">'
                f"<b>{ask}</b><br>{cost}</div>")

    def _end_html(self) -> str:
        t = self.table
        if not t.finished:
            return ""
        text = escape(t.outcome_text())
        more = ""
        if t.in_match:
            more = "<br>" + TEXT["end.counters"].format(counters=self._counters_text())
            won = t.match_winners
            if won:
                mask = sum(1 << t.SEAT_LETTERS.index(ch) for ch in won[0])
                who = self._seats(self._names(), mask)
                more += (f' · <b class="sl-match-winner">{FOUR["match.won"].format(who=who)}'
                         f"</b>")
        return (f'<div class="sl-outcome" style="font:14px sans-serif;background:#fff8dc;'
                f'padding:6px 10px;border-left:4px solid #e0b000"><b>{text}</b>{more}</div>')
