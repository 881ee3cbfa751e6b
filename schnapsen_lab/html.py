"""Static HTML for notebooks and widgets: records, and the drawing each game gives.

Everything here returns a string of HTML with inline styles and stable ``sl-*`` CSS
classes (so tests and browser tests can find the parts). The cards and panels come from
:mod:`schnapsen_lab.render` (the leaf, re-exported here); a game's table, tallies and
counting panel come from its drawing (:class:`Drawing`, the game's part ``drawing``).
Every text a user typed (names, tags, comments) is escaped. Every text shown is a format
string in :data:`TEXT` (the games' drawings share it). No widgets are imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from . import _moved
from .headers import bot_name, header_pairs
from .i18n import C_, N_, NP_, Plurals, Texts
from .notation import error_text
from .psn import GLYPHS, Record, RecordError
from .render import (
    FELT_STYLE,
    FELT_WIDTH,
    LABEL_STYLE,
    PANEL_STYLE,
    RED,
    back_html,
    card_html,
    card_span,
    cards_html,
    render_kit,
)
from .replay import Replay

__all__ = [
    "FELT_STYLE",
    "FELT_WIDTH",
    "LABEL_STYLE",
    "PANEL_STYLE",
    "PLURALS",
    "TEXT",
    "Drawing",
    "back_html",
    "card_html",
    "card_span",
    "cards_html",
    "drawing_for",
    "error_html",
    "glyph_text",
    "movetext_html",
    "record_html",
    "record_with_drawing",
    "render_kit",
    "tags_html",
]

TEXT = Texts({
    "face_down": N_("face down"),
    "title.players": N_("{a} <small>(A)</small> vs {b} <small>(B)</small>"),
    "record.indicator": N_("indicator"),
    "record.trump": N_("trump {symbol} {suit}"),
    "record.unfinished": N_("unfinished"),
    "record.broken": N_("not replayable past its first error"),
    "record.scores": N_("scores {a} : {b}, tricks {ta} : {tb}"),
    "record.counters": N_("Bummerl counters {a} : {b}"),
    "record.match_counters": N_("match counters {a} : {b}"),
    "talon.exhausted": N_("talon exhausted"),
    "talon.turned_down": N_("indicator turned down"),
    "talon.closed_by": N_("closed by {who}"),
    "talon.size": N_("{n} in the talon"),
    "trump": N_("trump"),
    "to_play": N_("{who} to play"),
    "over": N_("the deal is over"),
    "hand.to_play": C_("after a player's name on the table", "to play"),
    "trick.led": N_("{who} led"),
    "trick.won": N_("trick {n}: {who} wins {points}"),
    "won.label": N_("{who}: won tricks"),
    "won.hidden": N_("trick {n}: may not be looked at"),
    "tallies.score": N_("score"),
    "tallies.pending": N_("pending marriages"),
    "tallies.tricks": N_("tricks"),
    "tallies.counters": N_("Bummerl counters"),
    "tallies.match_counters": N_("match counters"),
    "tallies.bonus": N_("{who} takes the {points} for the last trick"),
    "tallies.carried": N_("game points carried to the next deal's winner: {n}"),
    "tallies.error": N_("the record stops at an error: {error}"),
    "count.facts": N_("Facts for {who}"),
    "count.unknown": N_("unknown"),
    "count.number": N_("#"),
    "count.cards": N_("cards"),
    "count.known": N_("known in {who}'s hand: {cards}"),
    "count.trumps_out": N_("trumps out: {cards}"),
    "count.points_out": N_("card points out: {n}"),
    "count.scores": N_("scores {mine} (me) : {theirs} (opponent); pending {pm} : {po}"),
    "count.none": C_("no cards", "none"),
    # Translators: "trumps out: none" (French "aucun", agreeing with "atouts")
    "count.no_trumps": C_("no trumps", "none"),
    "count.inferences": N_("Inferences from play"),
    "count.no_inferences": N_("Inferences from play: none"),
    "count.inference": N_("step {step}: {text}"),
    "count.talon": N_("so in the closed talon: {cards}"),
    # the replay's parts (the widget and the shared page)
    "deal": N_("Deal"),
    "moves": N_("Moves"),
    "view.open": N_("Open table"),
    "view.open_short": N_("open table"),
    "view.seat": N_("{who}'s view"),
    "step.line": N_("step {step} of {last}"),
    "nag.1": N_("good move"), "nag.2": N_("mistake"), "nag.3": N_("brilliant move"),
    "nag.4": N_("blunder"), "nag.5": N_("interesting move"), "nag.6": N_("dubious move"),
    "nag.other": N_("annotation ${n}"),
})
"""Every text this module shows, as format strings."""

PLURALS = Plurals({
    "talon.pile": NP_("talon: {n} card", "talon: {n} cards"),
})
"""Texts that depend on a number."""

def error_html(error: RecordError) -> str:
    """An error of a record in the language spoken, escaped (it may quote what was typed)."""
    return escape(error_text(error.line, error.col, error.rule, error.message))


def glyph_text(nags: Sequence[int]) -> str:
    """Move-quality glyphs as suffixes (``!?``) and other NAGs as ``$n``."""
    out = "".join(_GLYPH_OF.get(n, "") for n in nags)
    rest = " ".join(f"${n}" for n in nags if n not in _GLYPH_OF)
    return out + (" " + rest if rest else "")


# -- records ---------------------------------------------------------------------------------

_GLYPH_OF = {v: k for k, v in GLYPHS.items()}

_SHOWN_TAGS = ("Event", "Site", "Date", "Round", "Match", "Deal", "Dealer", "Rules", "Score",
               "Result")
_HIDDEN_TAGS = (*_SHOWN_TAGS, "Deck", "PlayerA", "PlayerB")


def tags_html(record: Record) -> str:
    """The record's tags as a compact header (every value escaped): the players by seat
    (``Anna (A) vs Bert (B)``; four players ``Anna (N), Bert (E), ...``), then the tags."""
    names = [escape(bot_name(n)) for n in record.player_names]
    seats = record.seats
    if len(names) == 2:
        title = TEXT["title.players"].format(a=names[0], b=names[1])
    else:
        title = ", ".join(f"{n} <small>({s})</small>" for n, s in zip(names, seats, strict=True))
    hidden = (*_HIDDEN_TAGS, *record.game.name_tags)
    # tag names, profiles, results and bots in the language spoken (the file keeps its own)
    bits = [f"<b>{escape(k)}</b> {escape(v)}"
            for k, v in header_pairs(record.tags, _SHOWN_TAGS, hidden)]
    return (f'<div class="sl-tags" style="{PANEL_STYLE}"><div class="sl-title" '
            f'style="font-size:15px;font-weight:bold">{title}</div>'
            f'<div style="color:#555">{" · ".join(bits)}</div></div>')


def movetext_html(record: Record) -> str:
    """The main line's moves as PSN tokens, with trick numbers, glyphs and comments."""
    words: list[str] = []
    for mv in record.main.moves:
        if mv.number is not None:
            words.append(f"<b>{mv.number}.</b>")
        words.append(escape(str(mv.action)) + escape(glyph_text(mv.nags)))
        words.extend(f'<i style="color:#666">{{{escape(c)}}}</i>' for c in mv.comments)
    return " ".join(words)


class Drawing(Protocol):
    """How a game's deals are drawn by the replay widget (and a notebook's ``Replay``):
    one drawing per game, its declared part ``drawing`` (:func:`drawing_for`). Viewers are
    seat indexes, None for the open table; every text a user typed comes out escaped."""

    def move_text(self, rp: Replay, step: int) -> str:
        """The move list's text for ``step`` > 0 after the step number: the seat and the
        action in words (``A leads 10♥``, ``S: double``)."""
        ...

    def said(self, rp: Replay, step: int, viewer: int | None) -> str:
        """The sentence (HTML) for the action that led to ``step`` > 0, as ``viewer``
        may hear it."""
        ...

    def table(self, rp: Replay, step: int, viewer: int | None) -> str:
        """The table at ``step`` as ``viewer`` may see it, of width :data:`FELT_WIDTH`."""
        ...

    def tallies(self, rp: Replay, step: int, viewer: int | None) -> str:
        """Scores, tricks, pending marriages, the match and the outcome (and what else
        the game shows beside the table)."""
        ...

    def counting(self, rp: Replay, step: int, viewer: int | None) -> str:
        """The counting panel of ``viewer`` (the open table: the game decides)."""
        ...

    def record(self, record: Record) -> str:
        """A record for a notebook (``Record._repr_html_``): its tags, the deal, the
        moves, the outcome and its errors."""
        ...


def drawing_for(game: Any) -> Drawing:
    """The drawing of ``game`` (its declared part ``drawing``); raise KeyError when it
    has none."""
    d: Drawing = game.part("drawing")
    return d


def record_html(record: Record) -> str:
    """A record for a notebook, as its game draws it (:meth:`Drawing.record`)."""
    return drawing_for(record.game).record(record)


def record_with_drawing(record: Record, d: Drawing) -> str:
    """A record drawn from its replay: its tags, the table as dealt, the moves and the
    outcome as the drawing ``d`` shows them at the last step; a record that cannot be
    replayed shows its PSN text and errors."""
    errs = "".join(f"<li>{error_html(e)}</li>" for e in record.errors)
    errors = (f'<ul class="sl-errors" style="{PANEL_STYLE}color:{RED}">{errs}</ul>'
              if errs else "")
    if not record.can_replay:
        return (f'<div class="sl-record"><pre class="sl-psn" style="{PANEL_STYLE}">'
                f"{escape(str(record))}</pre>{errors}</div>")
    rp = Replay(record)
    comments = "".join(f'<div class="sl-comment" style="{PANEL_STYLE}font-style:italic">'
                       f"{escape(c)}</div>" for c in record.main.comments)
    moves = (f'<div class="sl-movetext" style="{PANEL_STYLE}font-family:monospace">'
             f"{movetext_html(record)}</div>" if record.main.moves else "")
    return (f'<div class="sl-record">{tags_html(record)}{d.table(rp, 0, None)}{comments}'
            f"{moves}{d.tallies(rp, rp.last, None)}{errors}</div>")


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
