"""The practice table widget: play against a bot in JupyterLab.

::

    from schnapsen_lab.widgets.table import practice_table
    w = practice_table("heuristic")          # a Bummerl against the rule-of-thumb bot
    w.take_over("records/study/closing-wins-3.psn", step=4, seat="B")

The table and the student's hand are one anywidget (:class:`CardRow`, drawn with
:func:`schnapsen_lab.html.card_html`): a card is played by a click or by dragging it
onto the table. Only legal cards are playable, the others are greyed; a click on a
greyed card, or a drop of one, says why it may not be played (the engine's rule).
Buttons announce a marriage (20 or 40, then click the card), exchange the trump jack,
close the talon and claim 66 (after asking to confirm, with what a false claim costs);
enabled buttons are coloured, disabled ones grey. After a marriage announcement or the
last trick the table asks in words whether to claim. The bot answers after a short
pause (``pause`` seconds; 0 in tests) and its marriages, exchanges and closing are
announced in words. With a pause it decides in the bots' thread
(:func:`~schnapsen_lab.widgets.tablekit.bots_thread`): the table says "Bert is thinking…"
and the notebook goes on answering meanwhile; the bot is made ready (its first decision's
one-time costs paid) when the table opens. The scores are hidden while the deal is
played, as at a real table, unless the switch "show the scores" is on (``show_tallies``;
on in the teacher's mode). At the end: the outcome with the rule, the Bummerl counters and who
won the Bummerl, "save as PSN" (atomic), "open in replay" and "review". A bot that says
why it chose (the strong players) leaves its reasons in the saved deal and its replay; a
teacher's switch (``show_reasons``) shows each reason as the deal is played, which names
the bot's cards.

Stable CSS classes for browser tests: ``sl-practice``, ``sl-hand-row`` (the table and
the hand: ``sl-drop-zone`` holds the felt ``sl-practice-felt``; cards are ``sl-pick
sl-card-AH`` plus ``sl-playable`` or ``sl-disabled``), ``sl-trick-area``, ``sl-trump``,
``sl-scores``, ``sl-counters``, ``sl-messages``, ``sl-status`` (``sl-refusal``: why a card
or an action was refused; ``sl-question``: the claim question), ``sl-note``,
``sl-marriage-20``, ``sl-marriage-40``, ``sl-exchange``, ``sl-close``, ``sl-claim``,
``sl-no-claim``, ``sl-claim-confirm-box`` (with ``sl-claim-confirm`` and
``sl-claim-cancel``), ``sl-new-deal``, ``sl-new-bummerl``, ``sl-bot``, ``sl-end``,
``sl-save``, ``sl-save-path``, ``sl-open-replay``, ``sl-open-review``,
``sl-replay-box``, ``sl-take-over`` (with ``sl-take-source``, ``sl-take-step``,
``sl-take-seat``), ``sl-show-reasons`` (the teacher's switch), ``sl-bot-reason``
(the bot's reason, when shown), ``sl-show-tallies`` (the scores' switch) and
``sl-thinking`` (who is thinking, on the felt); ``sl-table-panel`` and ``sl-side-panel``
for the layout.
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as W

from .. import html as H
from ..cards import CARDS, Card, Rank, Suit, cards_in
from ..counters import over_text, shown
from ..games.twohand import html as SH
from ..games.twohand.rules import CLAIM, CLOSE, EXCHANGE, SOFT, Action, ActionKind, Profile, Seat
from ..games.twohand.table import Event, Table
from ..headers import bot_name as bot_words
from ..headers import rules_name
from ..i18n import C_, N_, Texts, localized, resolve
from ..notation import (
    FOUR,
    bummerl_text,
    card_text,
    outcome_text,
    plural,
    suit_name,
    text_with_cards,
)
from ..players.registry import player_names, refusal
from ..psn import dumps, loads
from ..scope import analysis_refusal
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

__all__ = ["TEXT", "CardRow", "PracticeTable", "practice_table"]

TEXT = Texts({
    # the hand
    "no_cards": N_("no cards in hand"),
    "refused": N_("You cannot play {card} now: {why} ({rule})"),
    "refused.marriage": N_("Click the king or queen of a marriage of {points}."),
    # buttons
    "marriage20": N_("announce 20"),
    "marriage20.tip": N_("announce a marriage of 20, then click its K or Q"),
    "marriage40": N_("announce 40"),
    "marriage40.tip": N_("announce the trump marriage, then click its K or Q"),
    "exchange": N_("exchange jack"),
    "exchange.tip": N_("exchange the trump jack for the indicator"),
    "exchange_nine": N_("exchange nine"),
    "exchange_nine.tip": N_("exchange the trump nine for the indicator"),
    "close": N_("close"),
    "close.tip": N_("close the talon"),
    "claim": N_("claim 66"),
    # the claim as the players of a game say it (German Sechsundsechzig: "Ich habe genug")
    "claim.sechsundsechzig": C_("the claim in Sechsundsechzig", "claim 66"),
    "claim.tip": N_("claim 66: the deal ends"),
    "no_claim.marriage": N_("play on"),
    "no_claim.last_trick": N_("let the last trick count"),
    "no_claim.tip": N_("do not claim"),
    "confirm": N_("yes, claim 66"),
    "cancel": N_("cancel"),
    "new_deal": N_("new deal"),
    "new_bummerl": N_("new Bummerl"),
    "new_match": N_("new match"),
    "bot": N_("Bot"),
    "file": N_("file"),
    "save": N_("save as PSN"),
    "open_replay": N_("open in replay"),
    "review": N_("review"),
    "review.tip": N_("the engine judges every decision of the deal"),
    "take.title": N_("<b>Take over a position</b> from any step of a record"),
    "take.record": N_("record"),
    "take.deal": N_("deal"),
    "take.step": N_("step"),
    "take.button": N_("take over here"),
    # questions
    "ask.marriage": N_("You announced {points}. Claim 66 now with your score, or play on "
                       "and let {bot} answer your card?"),
    "ask.last_trick": N_("All cards are played and you took the last trick. Claim 66 with "
                         "your score, or let the last trick count: {outcome}?"),
    "ask.cost": N_("If your score is under 66, the claim is false: {outcome}."),
    "confirm.text": N_("Claim 66 now? The deal ends. If your score is under 66, the claim is "
                       "false: {outcome}."),
    "pick_marriage": N_("click the king or queen of your {points} marriage"),
    # the felt and the side panel
    "your_turn": N_("<b>your turn</b>, {who}"),
    "their_turn": N_("{who} to play"),
    "my_hand": N_("{who} (you) · {tricks}"),
    "led": N_("{who} led"),
    "last_trick": N_("last trick: {who} took {points}"),
    "counters": N_("Bummerl: {a} {ca} : {cb} {b}"),
    "counters.match": N_("match: {a} {ca} : {cb} {b}"),
    "taken_over": N_("taken-over deal (not counted)"),
    "header": N_("<b>{me}</b> ({seat}) against <b>{bot}</b> ({bot_seat}, bot {player}) · "
                 "rules {rules} · dealer {dealer} · trump {symbol} {suit}"),
    "header.source": N_("taken over: {source}"),
    "scores": N_("Scores"),
    "you": N_(" (you)"),
    "pending": N_(" (+{n} pending)"),
    "hidden_score": N_("count it: at the table nobody shows you the score"),
    "at_table": N_("At the table"),
    "end.more": N_("scores {a} : {b}, tricks {ta} : {tb}"),
    "end.counters": N_("Bummerl counters: {a} {ca} : {cb} {b}"),
    "end.counters.match": N_("match counters: {a} {ca} : {cb} {b}"),
    # status lines
    "cannot_take_over": N_("cannot take over: {error}"),
    "give_file": N_("give a file name to save to"),
    "cannot_save": N_("could not save {path}: {error}"),
    "saved": N_("saved to {path}"),
    "reviewing": N_("reviewing the deal…"),
    "review_ready": N_("review ready below"),
    "reasons": N_("show the bot's reasons"),
    "reasons.tip": N_("for a teacher: why the bot chose each move, shown as the deal is "
                      "played (the reasons name its cards)"),
    "reason": N_("why {who} chose that: {reason}"),
    "thinking": N_("{who} is thinking…"),
    "tallies": N_("show the scores"),
    "tallies.tip": N_("a counting aid: the scores and pending marriages as the deal is "
                      "played (at the table a player counts them)"),
})
"""Every text this widget shows, as format strings."""

SIDE_WIDTH = 300
"""The width (px) of the side panel: scores and what was said."""

_STUDY_GUESSES = ("records/study/failed-closing.psn", "../records/study/failed-closing.psn")

def _button(key: str, cls: str, tip: str = "", width: str = "auto") -> W.Button:
    text = TEXT[key]
    return classes(W.Button(description=text, tooltip=TEXT[tip] if tip else text,
                             layout=W.Layout(width=width)), cls)


@localized
class PracticeTable(TableWidget):
    """The practice table widget around a :class:`~schnapsen_lab.games.twohand.table.Table`
    (``table``).

    Everything the buttons do can be done from Python: :meth:`play` (a card),
    :meth:`marriage`, :meth:`exchange`, :meth:`close`, :meth:`claim`,
    :meth:`decline_claim`, :meth:`new_deal`, :meth:`new_bummerl`, :meth:`take_over`,
    :meth:`save` and :meth:`open_replay`. The claim button asks first
    (:meth:`ask_claim`, then :meth:`claim` or :meth:`cancel_claim`). ``lang`` is the
    language it speaks (None: the one set with :func:`schnapsen_lab.set_language`).
    ``show_reasons`` starts with the teacher's switch on (:attr:`show_reasons`). The
    scores are hidden while the deal is played (a player counts them) unless the switch
    :attr:`show_tallies` is on: ``show_tallies`` (default: on in the teacher's mode,
    ``show_reasons=True``; ``all_scores=True`` is its older name).
    """

    texts = TEXT

    def __init__(self, bot: str = "heuristic", *, seat: Seat | str = Seat.A,
                 profile: Profile = SOFT, student_name: str = "Anna", bot_name: str = "Bert",
                 seed: int | None = None, pause: float = 0.6, all_scores: bool = False,
                 save_path: str = "practice.psn", take_source: str | None = None,
                 table: Table | None = None, lang: str | None = None,
                 show_reasons: bool = False, show_tallies: bool | None = None,
                 background: bool | None = None) -> None:
        self.lang = resolve(lang)
        self.table = table or Table(bot, seat=seat, profile=profile, student_name=student_name,
                                    bot_name=bot_name, seed=seed, auto_bots=False)
        self._start(pause, background)
        self.messages: list[Event] = []
        self.status = ""  # why something was refused, or an error (red)
        self.note = ""  # what was done: saved, review ready
        self.confirming = False
        self._marriage_points: int | None = None

        self.header = classes(W.HTML(), "sl-practice-header")
        # only the bots that play this table's rules (the engine's refuse bauern2)
        names = [n for n in player_names() if refusal(n, self.table.profile) is None]
        current = self.table.player.name if self.table.player.name in names else None
        options = names if current is not None else [*names, self.table.player.name]
        self.bot_picker = classes(W.Dropdown(options=[(bot_words(n), n) for n in options],
                                              value=current or self.table.player.name,
                                              description=TEXT["bot"],
                                              layout=W.Layout(width="220px")), "sl-bot")
        self.counters_html = classes(W.HTML(), "sl-counters")
        self.hand = classes(CardRow(draggable=True, layout=fixed(TABLE_WIDTH)),
                             "sl-hand-row")
        self.scores = classes(W.HTML(), "sl-scores")
        self.messages_html = classes(W.HTML(), "sl-messages")
        self.reasons_box = reasons_switch(TEXT, show_reasons)
        self.tallies_box = tallies_switch(TEXT, show_tallies if show_tallies is not None
                                          else all_scores or show_reasons)
        self.marriage20_button = _button("marriage20", "sl-marriage-20", "marriage20.tip")
        self.marriage40_button = _button("marriage40", "sl-marriage-40", "marriage40.tip")
        nine = self.table.profile.exchange_rank == Rank.N  # Sechsundsechzig, 6X1
        self.exchange_button = (_button("exchange_nine", "sl-exchange", "exchange_nine.tip")
                                if nine else _button("exchange", "sl-exchange", "exchange.tip"))
        self.close_button = _button("close", "sl-close", "close.tip")
        own = f"claim.{self.table.profile.game}"
        self.claim_button = _button(own if own in TEXT else "claim", "sl-claim", "claim.tip")
        self.no_claim_button = _button("no_claim.marriage", "sl-no-claim", "no_claim.tip")
        self.confirm_html = classes(W.HTML(), "sl-claim-confirm-text")
        self.confirm_button = _button("confirm", "sl-claim-confirm")
        self.confirm_button.button_style = "danger"
        self.cancel_button = _button("cancel", "sl-claim-cancel")
        self.confirm_box = classes(W.VBox([self.confirm_html, W.HBox([self.confirm_button,
                                                                       self.cancel_button])]),
                                    "sl-claim-confirm-box")
        self.new_deal_button = _button("new_deal", "sl-new-deal")
        # a match counting up (Sechsundsechzig to 7, bauern2 to 21) is no Bummerl (B1)
        self._up = self.table.profile.match_target > self.table.profile.match_start
        self.new_bummerl_button = _button("new_match" if self._up else "new_bummerl",
                                          "sl-new-bummerl")
        self.end_html = classes(W.HTML(), "sl-end-text")
        # the path is never cut: the field takes the row's room, its label its own width
        self.save_path = classes(W.Text(value=save_path, description=TEXT["file"],
                                         layout=W.Layout(width="auto", flex="1 1 360px",
                                                         min_width="280px"),
                                         style={"description_width": "initial"}),
                                  "sl-save-path")
        self.save_button = _button("save", "sl-save")
        self.replay_button = _button("open_replay", "sl-open-replay")
        self.review_button = _button("review", "sl-open-review", "review.tip")
        # the review's engine knows RULES.md's duty to beat and thresholds only (scope.py)
        self.review_button.disabled = analysis_refusal(self.table.profile) is not None
        self.end_box = classes(W.VBox([self.end_html, W.HBox([self.save_path, self.save_button,
                                                               self.replay_button,
                                                               self.review_button],
                                                              layout=W.Layout(
                                                                  flex_flow="row wrap"))]),
                                "sl-end")
        self.replay_box = classes(W.VBox([]), "sl-replay-box")
        if take_source is None:
            take_source = next((p for p in _STUDY_GUESSES if os.path.isfile(p)), "")
        self.take_source = classes(W.Text(value=take_source,
                                           description=TEXT["take.record"],
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
        self.take_seat = classes(W.ToggleButtons(options=["A", "B"], value=self.table.seat.name,
                                                  style={"button_width": "40px"}),
                                  "sl-take-seat")
        self.take_button = _button("take.button", "sl-take-over")

        self.hand.on_pick(self._on_card)
        self.hand.on_refuse(self._on_refused_card)
        self.marriage20_button.on_click(lambda _b: self._toggle_marriage(20))
        self.marriage40_button.on_click(lambda _b: self._toggle_marriage(40))
        self.exchange_button.on_click(lambda _b: self.exchange())
        self.close_button.on_click(lambda _b: self.close())
        self.claim_button.on_click(lambda _b: self._claim_clicked())
        self.no_claim_button.on_click(lambda _b: self.decline_claim())
        self.confirm_button.on_click(lambda _b: self.claim())
        self.cancel_button.on_click(lambda _b: self.cancel_claim())
        self.new_deal_button.on_click(lambda _b: self.new_deal())
        self.new_bummerl_button.on_click(lambda _b: self.new_bummerl())
        self.save_button.on_click(lambda _b: self.save())
        self.replay_button.on_click(lambda _b: self.open_replay())
        self.review_button.on_click(lambda _b: self.open_review())
        self.take_button.on_click(lambda _b: self._take_over_clicked())
        self.bot_picker.observe(self._on_bot, names="value")
        self.reasons_box.observe(lambda _c: self.render(), names="value")
        self.tallies_box.observe(lambda _c: self.render(), names="value")

        actions = W.HBox([self.marriage20_button, self.marriage40_button, self.exchange_button,
                          self.close_button, self.claim_button, self.no_claim_button],
                         layout=W.Layout(flex_flow="row wrap"))
        top = W.HBox([self.bot_picker, self.new_deal_button, self.new_bummerl_button,
                       self.counters_html], layout=W.Layout(align_items="center",
                                                            flex_flow="row wrap"))
        take = W.HBox([self.take_source, self.take_index, self.take_step, self.take_seat,
                       self.take_button], layout=W.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        left = classes(W.VBox([self.hand, actions, self.confirm_box],
                               layout=fixed(TABLE_WIDTH)), "sl-table-panel")
        right = classes(W.VBox([self.scores, self.tallies_box, self.messages_html,
                                self.reasons_box], layout=fixed(SIDE_WIDTH)),
                         "sl-side-panel")
        body = W.HBox([left, right], layout=W.Layout(flex_flow="row wrap", grid_gap="12px",
                                                     align_items="flex-start"))
        super().__init__([self.header, top, body, self.end_box, W.HTML(TEXT["take.title"]),
                          take, self.replay_box])
        self.add_class("sl-practice")
        self._show_events(self.table.log)
        self.render()
        self._opened()

    # -- the student's actions ---------------------------------------------------------------
    def _on_refused_card(self, card: Card) -> None:
        """A greyed card was clicked or dropped: say why it may not be played."""
        self.status = self.why_not(card)
        self.render()

    def why_not(self, card: Card | str) -> str:
        """Why ``card`` may not be played now, in words with the rule ('' if it may)."""
        c = Card.parse(card) if isinstance(card, str) else card
        pts = self._marriage_points
        if pts is not None:
            acts = self.table.student_actions()
            if Action(ActionKind.MARRIAGE, c, pts) in acts:
                return ""
            return TEXT["refused.marriage"].format(points=pts)
        refused = self.table.refusal(Action(ActionKind.PLAY, c))
        if refused is None:
            return ""
        rule, why = refused
        return TEXT["refused"].format(card=card_text(c), why=text_with_cards(why), rule=rule)

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
        """Claim 66 (at once: the button asks first, see :meth:`ask_claim`)."""
        self._run(CLAIM)

    def ask_claim(self) -> None:
        """Ask to confirm a claim and say what a false claim would cost."""
        if CLAIM not in self.table.student_actions():
            return
        self.confirming = True
        self.render()

    def _claim_clicked(self) -> None:
        # The question after a marriage or the last trick already is the confirmation.
        if self.table.claim_question:
            self.claim()
        else:
            self.ask_claim()

    # -- deals -------------------------------------------------------------------------------
    def new_bummerl(self) -> None:
        """A new Bummerl at 7 : 7."""
        if not self._free():
            return
        self.table.new_bummerl()
        self._fresh()

    # -- the end -----------------------------------------------------------------------------
    def open_replay(self) -> Any:
        """Show the deal (and the Bummerl's deals before it) in the replay widget."""
        from .replay import ReplayWidget

        # read back as a saved file is: the reader places each deal in its Bummerl
        # (Match, Deal, the counters before and after, who won the Bummerl)
        recs = loads(dumps(self.table.records()))
        rw = ReplayWidget(recs, deal=len(recs) - 1)
        rw.last()
        self.replay_box.children = [rw]
        return rw

    def open_review(self, samples: int = 30, seed: int = 0) -> Any:
        """Review the deal just played (each decision judged from its player's knowledge)
        and show it with the evaluation graph."""
        from .review import ReviewWidget

        refused = analysis_refusal(self.table.profile, "the review")
        if refused is not None:
            raise ValueError(refused)
        rec = self.table.record()
        for tag in ("Match", "Deal"):  # one deal judged alone, outside its Bummerl
            rec.tags.pop(tag, None)
        self.note = TEXT["reviewing"]
        self.render()
        rw = ReviewWidget(rec, samples=samples, seed=seed, progress=False)
        self.replay_box.children = [rw]
        self.note = TEXT["review_ready"]
        self.render()
        return rw

    # -- rendering ---------------------------------------------------------------------------
    def _set_bot(self, name: str) -> None:
        self.table.set_bot(name)

    def _draw(self) -> None:
        """Bring every part up to date with the table."""
        t = self.table
        pos = t.position
        names = t.names
        me = t.seat
        acts = t.student_actions()
        if CLAIM not in acts:
            self.confirming = False
        self.header.value = self._header_html()
        c = shown(t.counters)
        counters = (TEXT["counters.match" if self._up else "counters"].format(
                        a=escape(names[0]), ca=c[0], cb=c[1], b=escape(names[1]))
                    if t.in_bummerl else TEXT["taken_over"])
        self.counters_html.value = (f'<span class="sl-counters-text" style="margin-left:12px">'
                                    f"{counters}</span>")
        if self._marriage_points is not None:
            pick = [a.card for a in acts if a.kind is ActionKind.MARRIAGE
                    and a.points == self._marriage_points and a.card is not None]
        else:
            pick = [a.card for a in acts if a.kind is ActionKind.PLAY and a.card is not None]
        self.hand.felt = self._felt_html()
        self.hand.show(pos.hand(me), pick, empty=TEXT["no_cards"], why=self.why_not)
        self.scores.value = self._scores_html()
        self.messages_html.value = self._messages_html() + self._reason_html()
        m20 = any(a.kind is ActionKind.MARRIAGE and a.points == 20 for a in acts)
        m40 = any(a.kind is ActionKind.MARRIAGE and a.points == 40 for a in acts)
        for b, pts, on in ((self.marriage20_button, 20, m20), (self.marriage40_button, 40, m40)):
            enable(b, on, "warning" if self._marriage_points == pts else "info")
        enable(self.exchange_button, EXCHANGE in acts)
        enable(self.close_button, CLOSE in acts)
        enable(self.claim_button, CLAIM in acts and not self.confirming)
        kind = t.claim_question_kind
        self.no_claim_button.layout.display = None if kind else "none"
        if kind:
            self.no_claim_button.description = TEXT[f"no_claim.{kind}"]
            enable(self.no_claim_button, True)
        self.confirm_box.layout.display = None if self.confirming else "none"
        self.confirm_html.value = self._confirm_html() if self.confirming else ""
        self.end_box.layout.display = None if t.finished else "none"
        self.end_html.value = self._end_html()

    def _last_reason(self) -> tuple[str, str] | None:
        """The bot's last reason this deal and its name (:attr:`Table.reasons`)."""
        t = self.table
        if not t.reasons:
            return None
        return t.names[t.seat.other], t.reasons[max(t.reasons)]

    def _false_claim_words(self) -> str:
        """What a false claim by the student would bring, in words (no score shown)."""
        t = self.table
        names = tuple(escape(n) for n in t.names)
        return outcome_text(t.false_claim_outcome(), names)

    def _header_html(self) -> str:
        t = self.table
        names = t.names
        me = t.seat
        trump = Suit(t.position.trump)
        text = TEXT["header"].format(me=escape(names[me]), seat=me, bot=escape(names[me.other]),
                                     bot_seat=me.other, player=escape(bot_words(t.player.name)),
                                     rules=escape(rules_name(t.profile.name)),
                                     dealer=escape(names[t.start.dealer]),
                                     symbol=trump.symbol, suit=suit_name(trump))
        if t.source is not None:
            text += "<br><small>" + TEXT["header.source"].format(source=escape(t.source))
            text += "</small>"
        return f'<div style="font:14px sans-serif">{text}</div>'

    def _felt_html(self) -> str:
        t = self.table
        pos = t.position
        names = tuple(escape(n) for n in t.names)
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
        turn = self._thinking_html()
        if not t.finished and not turn:
            turn = (TEXT["your_turn"].format(who=names[me]) if t.students_turn
                    else TEXT["their_turn"].format(who=names[bot]))
        theirs = f"{names[bot]} · {plural('tricks', pos.tricks[bot])}"
        top = (f'<div class="sl-bot-hand" style="min-height:86px"><span style="font-size:12px">'
               f"{theirs}</span><br>{bot_cards}</div>")
        trick = self._trick_html()
        said = ""
        last = next((e for e in reversed(self.messages) if e.seat == bot), None)
        if last is not None and last.announced and not t.finished:
            said = (f'<div class="sl-announcement" style="background:#fff8dc;color:#222;'
                    f'border-radius:8px;padding:4px 8px;margin-top:6px;font-weight:bold">'
                    f"{escape(last.text)}</div>")
        mid = (f'<div style="display:flex;gap:20px;align-items:center;margin:8px 0">'
               f"{SH.talon_html(pos)}{trick}{SH.trump_html(pos)}"
               f'<div style="font-size:12px;flex:1">{turn}{said}</div></div>')
        mine = TEXT["my_hand"].format(who=names[me], tricks=plural("tricks", pos.tricks[me]))
        bottom = f'<div style="font-size:12px">{mine}</div>'
        return (f'<div class="sl-table sl-practice-felt" data-step="{len(t.actions)}" '
                f'style="background:#2e7d4f;border-radius:10px;padding:8px 10px;color:#fff;'
                f'font:13px/1.4 sans-serif;width:{H.FELT_WIDTH}px;box-sizing:border-box">'
                f"{top}{mid}{bottom}</div>")

    def _trick_html(self) -> str:
        t = self.table
        pos = t.position
        names = tuple(escape(n) for n in t.names)
        if pos.lead >= 0:
            body = H.card_html(pos.lead, "lg")
            cap = TEXT["led"].format(who=names[pos.leader])
        elif pos.last_trick is not None:
            lead, follow, w = pos.last_trick
            body = H.card_html(lead, "lg") + H.card_html(follow, "lg")
            pts = CARDS[lead].points + CARDS[follow].points
            cap = TEXT["last_trick"].format(who=names[w], points=pts)
        else:
            body, cap = "", "&nbsp;"
        return (f'<div class="sl-trick-area" data-cards="{len(pos.trick)}" '
                f'data-tricks="{pos.tricks_played}" style="width:124px;text-align:center">'
                f'<div style="min-height:78px">{body}</div>'
                f'<div style="font-size:12px">{cap}</div></div>')

    def _scores_html(self) -> str:
        t = self.table
        pos = t.position
        names = t.names
        shown = self.show_tallies or t.finished
        rows = []
        for s in (t.seat, t.seat.other):
            val = (str(pos.scores[s]) if shown else
                   f'<span title="{TEXT["hidden_score"]}">?</span>')
            pend = TEXT["pending"].format(n=pos.pending[s]) if shown and pos.pending[s] else ""
            who = f"{escape(names[s])}{TEXT['you'] if s == t.seat else ''}"
            rows.append(f'<tr class="sl-score-{s.name}"><td>{who}</td>'
                        f'<td class="sl-score-value" style="text-align:right;padding-left:8px">'
                        f"{val}{pend}</td><td style='padding-left:8px'>"
                        f"{plural('tricks', pos.tricks[s])}</td></tr>")
        return (f'<div class="sl-score-box" style="font:13px sans-serif"><b>{TEXT["scores"]}</b>'
                f'<table>{"".join(rows)}</table></div>')

    def _question_html(self) -> str:
        """The claim question in words: what claiming and not claiming each bring."""
        t = self.table
        kind = t.claim_question_kind
        if kind is None:
            return ""
        names = tuple(escape(n) for n in t.names)
        if kind == "marriage":
            pts = t.actions[-1].points if t.actions else 20
            ask = TEXT["ask.marriage"].format(points=pts, bot=names[t.bot_seat])
        else:
            out = t.position.outcome
            assert out is not None
            ask = TEXT["ask.last_trick"].format(outcome=outcome_text(out, names))
        cost = TEXT["ask.cost"].format(outcome=self._false_claim_words())
        return (f'<div class="sl-status sl-question" style="background:#eef5ff;'
                f'border-left:4px solid #1f77b4;padding:4px 8px;margin-top:4px">'
                f"<b>{ask}</b><br>{cost}</div>")

    def _end_html(self) -> str:
        t = self.table
        if not t.finished:
            return ""
        pos = t.position
        names = tuple(escape(n) for n in t.names)
        c = t.counters
        text = escape(t.outcome_text())
        sc = pos.scores
        more = TEXT["end.more"].format(a=sc[0], b=sc[1], ta=pos.tricks[0], tb=pos.tricks[1])
        bummerl = ""
        if t.in_bummerl:
            s = shown(c)
            key = "end.counters.match" if self._up else "end.counters"
            bummerl = "<br>" + TEXT[key].format(a=names[0], ca=s[0], cb=s[1], b=names[1])
            w = t.bummerl_winner
            if w is not None:
                won = (FOUR["match.won"].format(who=names[w]) if self._up
                       else bummerl_text(w, names))
                bummerl += (f' · <b class="sl-bummerl-winner">{won}'
                            f"{over_text(c)}</b>")
        return (f'<div class="sl-outcome" style="font:14px sans-serif;background:#fff8dc;'
                f'padding:6px 10px;border-left:4px solid #e0b000"><b>{text}</b><br>{more}'
                f"{bummerl}</div>")


def _game_and_profile(variant: str | None, profile: Any) -> tuple[Any, Any]:
    """The game a practice table plays and its profile: from ``variant`` (a Variant name)
    and ``profile`` (a profile, or a profile's name, which also tells the game)."""
    from ..games import game_named, game_of_profile, games

    if profile is not None and not isinstance(profile, str):
        return game_of_profile(profile), profile
    if variant is not None:
        game = game_named(variant)
    elif profile is not None:
        key = profile.strip().lower()
        found = [g for g in games() if key in g.profiles]
        if not found:
            raise KeyError(f"unknown rules profile {profile!r}; known: "
                           f"{', '.join(sorted(n for g in games() for n in g.profiles))}")
        game = found[0]
    else:
        game = game_named("schnapsen")
    return game, (game.profile_named(profile) if profile is not None else game.default_profile)


def practice_table(bot: str = "heuristic", *, variant: str | None = None, profile: Any = None,
                   **kwargs: Any) -> Any:
    """The practice table widget against ``bot``: two-player Schnapsen
    (:class:`PracticeTable`) by default; ``variant="bauern"`` or a four-player profile
    (``profile="bauern-called"``, ``"bauern-head"``) gives the table for four
    (:class:`~schnapsen_lab.widgets.bauern.BauernPracticeTable`), ``variant="dreier"``
    the table for three (:class:`~schnapsen_lab.widgets.dreier.DreierPracticeTable`):
    the widget a game declares (its part ``widget``), else for a two-player game with a
    table model this table. ``profile`` may be a profile or its name; ``lang=`` chooses
    the language."""
    import importlib

    game, prof = _game_and_profile(variant, profile)
    where = game.parts.get("widget")
    if where is None:
        if len(game.seats) == 2 and game.has_part("table"):  # any two-player talon game
            return PracticeTable(bot, profile=prof, **kwargs)
        raise KeyError(f"{game.title} has no practice table")
    module, _, name = where.partition(":")
    widget: Any = getattr(importlib.import_module(module), name)
    return widget(bot, profile=prof, **kwargs)
