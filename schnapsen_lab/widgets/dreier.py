"""The table for three: play Dreierschnapsen in JupyterLab against two bots.

::

    from schnapsen_lab.widgets import practice_table
    w = practice_table(variant="dreier")                 # you (A) and two bots, to 24
    w = practice_table("heuristic", variant="dreier", seat="B")
    w.take_over("records/study/dreier-layaway-wins.psn", step=4, seat="C")

A widget around :class:`~schnapsen_lab.games.dreier.table.DreierTable`; it is the table
for four (:class:`~schnapsen_lab.widgets.bauern.BauernPracticeTable`) with the game's
seats, calls, drawing and words. The table is drawn as the replay draws it
(:func:`schnapsen_lab.games.dreier.html.table_html`), the student at the bottom; below
it the hand: as forehand the student fixes trump from the three cards seen (a button
for each suit held, or "turn up"); in the round of calls a button for weiter, spritze
and each contract the rules allow at that moment (Bettler, Schnapser, Gang,
Bauernschnapser, Kontraschnapser, Kontrabauernschnapser); as declarer, having taken the
talon, lays two cards away by clicking them (one click each; they count for nobody,
3T2). Once the calls are over the header says who plays with whom: the declarer alone
against the other two (3K1). Taking over, saving, the list of what was said, the
teacher's switches and the match counters are the table for four's.

Stable CSS classes: those of the table for four, with ``sl-practice3`` for the widget
(instead of ``sl-practice4``), ``sl-call-bettler`` and ``sl-call-kontrabauernschnapser``,
and ``sl-sides`` (who plays with whom, in the header).
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..cards import Card
from ..games.dreier import html as dreier_html
from ..games.dreier.rules import CALLS, Phase, Seat, lay_away
from ..games.dreier.table import DreierTable
from ..headers import bot_name as bot_words
from ..headers import rules_name
from ..i18n import N_, Texts, localized
from ..notation import card_text, text_with_cards
from .bauern import TEXT as FOUR_TEXT
from .bauern import BauernPracticeTable

__all__ = ["TEXT", "DreierPracticeTable"]

TEXT = Texts({
    **FOUR_TEXT.source,
    "talon.ask": N_("<b>You took the talon</b>: lay away two cards by clicking them; "
                    "they count for nobody."),
    "their_turn.talon": N_("{who} takes the talon and lays away two cards"),
    "refused.layaway": N_("You cannot lay away {card}: {why} ({rule})"),
    "header3": N_("<b>{me}</b> ({seat}, you) · {sides} · bots {player} · rules {rules}"),
    "sides.open": N_("against {others} until the calls say who plays alone"),
    "sides.declarer": N_("you play alone against {others}"),
    "sides.defender": N_("with {partner} against {declarer}, who plays alone"),
    "take.title": N_("<b>Take over a position</b> from any step of a three-player record"),
})
"""Every text this widget shows (the table for four's, and the table for three's own)."""

_STUDY_GUESSES = ("records/study/dreier-layaway-wins.psn",
                  "../records/study/dreier-layaway-wins.psn")


@localized
class DreierPracticeTable(BauernPracticeTable):
    """The table-for-three widget around a :class:`DreierTable` (``table``).

    Everything the buttons do can be done from Python, as at the table for four:
    :meth:`name_trump`, :meth:`turn_up`, :meth:`call`, :meth:`lay_away` (or :meth:`play`
    while laying away), :meth:`play`, :meth:`marriage`, :meth:`claim`,
    :meth:`decline_claim`, :meth:`new_deal`, :meth:`new_match`, :meth:`take_over`,
    :meth:`save` and :meth:`open_replay`. ``bot`` names the registered player at the two
    other seats. ``lang`` is the language it speaks.
    """

    texts = TEXT
    calls = CALLS
    drawing = dreier_html
    study_guesses = _STUDY_GUESSES
    css_class = "sl-practice3"

    def __init__(self, bot: str = "heuristic", *, seat: Seat | str = Seat.A,
                 profile: Any = "dreier", names: tuple[str, ...] = ("Anna", "Bert", "Cilli"),
                 seed: int | None = None, pause: float = 0.6,
                 save_path: str = "practice-three.psn", take_source: str | None = None,
                 table: DreierTable | None = None, lang: str | None = None,
                 show_reasons: bool = False, show_tallies: bool | None = None,
                 background: bool | None = None) -> None:
        table = table or DreierTable(bot, seat=seat, profile=profile, names=names,
                                     seed=seed, auto_bots=False)
        super().__init__(bot, table=table, pause=pause, save_path=save_path,
                         take_source=take_source, lang=lang, show_reasons=show_reasons,
                         show_tallies=show_tallies, background=background)

    # -- the student's actions ------------------------------------------------------------------
    def lay_away(self, card: Card | str) -> None:
        """Lay ``card`` away from the eight cards (declarer, after taking the talon)."""
        self._run(lay_away(card))

    def play(self, card: Card | str) -> None:
        """Play (lead or follow) ``card``; while the student lays away, lay it away."""
        if self.table.phase is Phase.TALON:
            self.lay_away(card)
        else:
            super().play(card)

    def why_not(self, card: Card | str) -> str:
        """Why ``card`` may not be played (or laid away) now, in words with the rule ('' if
        it may)."""
        if self.table.phase is not Phase.TALON:
            return super().why_not(card)
        c = Card.parse(card) if isinstance(card, str) else card
        refused = self.table.refusal(lay_away(c))
        if refused is None:
            return ""
        rule, why = refused
        return TEXT["refused.layaway"].format(card=card_text(c), why=text_with_cards(why),
                                              rule=rule)

    # -- rendering ------------------------------------------------------------------------------
    def _sides_text(self) -> str:
        """Who plays with whom, as far as the student knows (3K1: once the calls are over,
        the declarer alone against the two others)."""
        t = self.table
        names = self._names()
        me = int(t.seat)
        others = self._seats(names, 0b111 & ~(1 << me))
        if not t.knows_sides() or t.phase in (Phase.TRUMP, Phase.AUCTION):
            return TEXT["sides.open"].format(others=others)
        d = t.position.declarer
        if d == me:
            return TEXT["sides.declarer"].format(others=others)
        partner = self._seats(names, 0b111 & ~(1 << me) & ~(1 << d))
        return TEXT["sides.defender"].format(partner=partner,
                                             declarer=self._seats(names, 1 << d))

    def _header_html(self) -> str:
        t = self.table
        names = self._names()
        me = t.seat
        sides = f'<span class="sl-sides">{self._sides_text()}</span>'
        text = TEXT["header3"].format(me=names[me], seat=me.name, sides=sides,
                                      player=escape(bot_words(t.bot_name)),
                                      rules=escape(rules_name(t.profile.name)))
        if t.source is not None:
            text += "<br><small>" + TEXT["header.source"].format(source=escape(t.source))
            text += "</small>"
        return f'<div style="font:14px sans-serif">{text}</div>'
