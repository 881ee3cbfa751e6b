"""Static HTML for notebooks and widgets: playing cards, records, positions, replay tables.

Everything here returns a string of HTML with inline styles (so it looks the same in a
notebook output, an ipywidgets ``HTML`` and an exported page) and stable ``sl-*`` CSS
classes (so tests and browser tests can find the parts); each class has one meaning
(``sl-face`` a card face up, ``sl-face-down`` a card face down). Every text a user typed
(names, tags, comments) is escaped. Cards are written in the display notation of
:mod:`schnapsen_lab.notation` (``10♥``). Every text shown is a format string in
:data:`TEXT`. Only the lower layers are imported: no widgets.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, Protocol

from .cards import CARDS, Card, Suit, cards_in
from .counters import over_text, shown
from .headers import bot_name, header_pairs
from .i18n import C_, N_, NP_, Plurals, Texts
from .knowledge import view
from .match import MatchState
from .notation import (
    RANK_TEXT,
    action_words,
    bummerl_text,
    card_name,
    card_text,
    describe,
    error_text,
    inference_text,
    outcome_text,
    plural,
    seat_label,
    suit_name,
)
from .psn import GLYPHS, Record, RecordError
from .replay import Counting, Replay
from .rules import SEATS, Position, Seat

__all__ = [
    "BUILTIN_DRAWINGS",
    "FELT_STYLE",
    "FELT_WIDTH",
    "LABEL_STYLE",
    "PANEL_STYLE",
    "PLURALS",
    "TEXT",
    "Drawing",
    "SchnapsenDrawing",
    "back_html",
    "card_html",
    "card_span",
    "cards_html",
    "counting_html",
    "drawing_for",
    "error_html",
    "glyph_text",
    "position_html",
    "record_html",
    "register_drawing",
    "table_html",
    "tags_html",
    "tallies_html",
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

_SIZES = {"lg": (52, 74, 16, 28), "md": (44, 62, 14, 22), "sm": (30, 42, 11, 14)}
_RED = "#c8102e"
_BLACK = "#111"
_GLYPH_OF = {v: k for k, v in GLYPHS.items()}

FELT_WIDTH = 540
"""The width (px) of the green table: fixed, so that nothing moves between steps."""

_CARD_STYLE = (
    "display:inline-flex;flex-direction:column;justify-content:space-between;"
    "box-sizing:border-box;width:{w}px;height:{h}px;padding:2px 3px;margin:2px;"
    "border:1px solid #9a9a9a;border-radius:5px;background:#fff;color:{color};"
    "font:bold {fs}px/1 'DejaVu Sans',Arial,sans-serif;vertical-align:top;"
    "box-shadow:1px 1px 2px rgba(0,0,0,.25);user-select:none;{extra}"
)
_BACK_STYLE = (
    "display:inline-block;box-sizing:border-box;width:{w}px;height:{h}px;margin:2px;"
    "border:1px solid #555;border-radius:5px;vertical-align:top;"
    "background:repeating-linear-gradient(45deg,#1f4e9c 0 4px,#3568c0 4px 8px);"
    "box-shadow:inset 0 0 0 3px #fff,1px 1px 2px rgba(0,0,0,.25);{extra}"
)
_PANEL = "font:13px/1.4 'DejaVu Sans',Arial,sans-serif;color:#222;"
_FELT = ("background:#2e7d4f;border-radius:10px;padding:8px 10px;color:#fff;"
         f"font:13px/1.4 'DejaVu Sans',Arial,sans-serif;width:{FELT_WIDTH}px;"
         "box-sizing:border-box;")
_LABEL = "font-size:12px;opacity:.9;margin:2px 0;"
FELT_STYLE = _FELT
"""The green table's inline style (fixed width :data:`FELT_WIDTH`)."""
PANEL_STYLE = _PANEL
"""The side panels' inline style."""
LABEL_STYLE = _LABEL
"""The style of the small labels on the table."""


def _card_title(c: Card) -> str:
    return card_name(c)


def card_html(card: Card | int, size: str = "md", *, mark: str = "", dim: bool = False) -> str:
    """One card drawn face up: rank and suit in the corners and a large suit in the middle.

    ``mark`` adds a CSS class (e.g. ``sl-known``) and a yellow outline; ``dim`` greys it.
    """
    c = CARDS[int(card)]
    w, h, fs, big = _SIZES[size]
    color = _RED if c.is_red else _BLACK
    extra = ""
    if mark:
        extra += "outline:2px solid #f5c518;outline-offset:-1px;"
    if dim:
        extra += "opacity:.55;"
    style = _CARD_STYLE.format(w=w, h=h, fs=fs, color=color, extra=extra)
    rank = RANK_TEXT[c.rank]
    sym = c.suit.symbol
    color_cls = "sl-red" if c.is_red else "sl-black"
    cls = f"sl-card sl-face {color_cls}" + (f" {mark}" if mark else "")
    corner = f"{rank}{sym}"
    return (f'<span class="{cls}" data-card="{c.name}" title="{_card_title(c)}" '
            f'style="{style}"><span style="align-self:flex-start">{corner}</span>'
            f'<span style="align-self:center;font-size:{big}px">{sym}</span>'
            f'<span style="align-self:flex-end;transform:rotate(180deg)">{corner}</span></span>')


def back_html(size: str = "md", *, title: str = "") -> str:
    """A card face down (class ``sl-face-down``)."""
    w, h, _, _ = _SIZES[size]
    return (f'<span class="sl-card sl-face-down" title="{escape(title or TEXT["face_down"])}" '
            f'style="{_BACK_STYLE.format(w=w, h=h, extra="")}"></span>')


def cards_html(cards: Iterable[Card | int], size: str = "md", *, known: int = 0,
               cls: str = "sl-cards") -> str:
    """A row of face-up cards; cards in the ``known`` mask are outlined."""
    inner = "".join(card_html(c, size, mark="sl-known" if known >> int(c) & 1 else "")
                    for c in cards)
    return f'<span class="{cls}" style="display:inline-block;min-height:10px">{inner}</span>'


def card_span(card: Card | int) -> str:
    """A card in running text, in the display notation and its suit's colour: ``10♥``."""
    c = CARDS[int(card)]
    color = _RED if c.is_red else _BLACK
    return f'<span style="color:{color};white-space:nowrap">{card_text(c)}</span>'


def error_html(error: RecordError) -> str:
    """An error of a record in the language spoken, escaped (it may quote what was typed)."""
    return escape(error_text(error.line, error.col, error.rule, error.message))


def glyph_text(nags: Sequence[int]) -> str:
    """Move-quality glyphs as suffixes (``!?``) and other NAGs as ``$n``."""
    out = "".join(_GLYPH_OF.get(n, "") for n in nags)
    rest = " ".join(f"${n}" for n in nags if n not in _GLYPH_OF)
    return out + (" " + rest if rest else "")


def _escaped(names: Sequence[str]) -> tuple[str, str]:
    return (escape(names[0]), escape(names[1]))


# -- records ---------------------------------------------------------------------------------

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
    return (f'<div class="sl-tags" style="{_PANEL}"><div class="sl-title" '
            f'style="font-size:15px;font-weight:bold">{title}</div>'
            f'<div style="color:#555">{" · ".join(bits)}</div></div>')


def record_html(record: Record) -> str:
    """A record for a notebook: tags, both hands as dealt, the moves, outcome and errors.

    A record of a game these two-player pictures do not draw (four-player
    Bauernschnapsen, for now) is shown as its PSN text, with its errors."""
    if len(record.seats) != len(SEATS):
        return _other_record_html(record)
    parts = [tags_html(record)]
    if record.deck is not None:
        p0 = record.start()
        names = _escaped(record.player_names)
        trump = Suit(p0.trump)
        rows = []
        for s in SEATS:
            rows.append(f'<div><span style="display:inline-block;width:110px">'
                        f'{seat_label(names, s)}</span>{cards_html(p0.hand(s), "sm")}</div>')
        what = TEXT["record.trump"].format(symbol=trump.symbol, suit=suit_name(trump))
        rows.append(f'<div><span style="display:inline-block;width:110px">'
                    f'{TEXT["record.indicator"]}</span>{card_html(p0.deck[6], "sm")} {what}</div>')
        parts.append(f'<div class="sl-dealt" style="{_PANEL}">{"".join(rows)}</div>')
    for c in record.main.comments:
        parts.append(f'<div class="sl-comment" style="{_PANEL}font-style:italic">'
                     f'{escape(c)}</div>')
    if record.main.moves:
        parts.append(f'<div class="sl-movetext" style="{_PANEL}font-family:monospace">'
                     f'{_movetext_html(record)}</div>')
    parts.append(_outcome_html(record))
    if record.errors:
        errs = "".join(f"<li>{error_html(e)}</li>" for e in record.errors)
        parts.append(f'<ul class="sl-errors" style="{_PANEL}color:{_RED}">{errs}</ul>')
    return f'<div class="sl-record">{"".join(parts)}</div>'


def _movetext_html(record: Record) -> str:
    words: list[str] = []
    for mv in record.main.moves:
        if mv.number is not None:
            words.append(f"<b>{mv.number}.</b>")
        words.append(escape(str(mv.action)) + escape(glyph_text(mv.nags)))
        words.extend(f'<i style="color:#666">{{{escape(c)}}}</i>' for c in mv.comments)
    return " ".join(words)


def _outcome_html(record: Record) -> str:
    out = record.outcome
    fin = record.final
    names = _escaped(record.player_names)
    if out is None:
        text = TEXT["record.unfinished" if record.main_line_ok else "record.broken"]
    else:
        text = outcome_text(out, names)
    if fin is not None:
        text += "; " + TEXT["record.scores"].format(a=fin.score(0), b=fin.score(1),
                                                    ta=fin.tricks[0], tb=fin.tricks[1])
    if record.counters is not None:
        up = record.match_rules.counts_up
        seen = shown(record.counters, up)
        text += "; " + TEXT["record.counters"].format(a=seen[0], b=seen[1])
        w = _bummerl_winner(record, record.counters)
        if w is not None:
            text += f"; <b>{bummerl_text(w, names)}{over_text(record.counters, up)}</b>"
    return f'<div class="sl-outcome" style="{_PANEL}">{text}</div>'


def _bummerl_winner(record: Record, counters: tuple[int, ...]) -> Seat | None:
    """Who won the Bummerl: the counter that reached the match's target (B1: 0; the
    ``bauern2`` profile, BZ5: 21), else None."""
    won = MatchState(record.match_rules, counters, 0).winners
    return Seat[won[0]] if won else None


# -- positions -------------------------------------------------------------------------------

def _talon_html(pos: Position) -> str:
    n = pos.talon_size
    if pos.exhausted:
        return (f'<div class="sl-talon" data-talon="0" style="{_LABEL}">'
                f'{TEXT["talon.exhausted"]}</div>')
    pile = back_html("md", title=PLURALS.text("talon.pile", n))
    ind = CARDS[pos.indicator] if pos.indicator >= 0 else None
    if pos.closed_by >= 0:
        ind_html = back_html("md", title=TEXT["talon.turned_down"])
        label = TEXT["talon.closed_by"].format(who=SEATS[pos.closed_by].name)
    else:
        ind_html = card_html(ind, "md") if ind is not None else ""
        label = TEXT["talon.size"].format(n=n)
    return (f'<div class="sl-talon" data-talon="{n}" style="text-align:center">'
            f'<div style="white-space:nowrap"><span class="sl-indicator" '
            f'style="display:inline-block;transform:rotate(90deg);margin:0 -4px 0 12px">'
            f'{ind_html}</span>{pile}</div><div style="{_LABEL}">{label}</div></div>')


def _trump_html(pos: Position) -> str:
    """The trump suit, shown all deal long (also once the indicator is turned down)."""
    trump = Suit(pos.trump)
    return (f'<div class="sl-trump" data-trump="{trump.name}" style="{_LABEL}">'
            f'{TEXT["trump"]}<br><span style="font-size:26px;'
            f'color:{_RED if trump.is_red else "#fff"}">{trump.symbol}</span></div>')


def position_html(pos: Position, names: Sequence[str] = ("A", "B"), *,
                  face_down: int = 0) -> str:
    """A position with both hands open: who is to play, hands, indicator and talon, the
    trick, the scores. Cards in the ``face_down`` mask are drawn face down."""
    esc = _escaped(names)
    rows = []
    for s in (Seat.B, Seat.A):
        facts = " · ".join((seat_label(esc, s), plural("points", pos.score(s)),
                            plural("tricks", pos.tricks[s])))
        hand = pos.hands[s]
        inner = "".join(card_html(c) for c in cards_in(hand & ~face_down))
        inner += "".join(back_html() for _ in range(bin(hand & face_down).count("1")))
        rows.append(f'<div class="sl-hand sl-hand-{s.name}"><span style="{_LABEL}">{facts}'
                    f'</span><br><span class="sl-cards">{inner}</span></div>')
    trick = "".join(card_html(c) for c in pos.trick)
    mid = (f'<div style="display:flex;gap:24px;align-items:center;margin:6px 0">'
           f'{_talon_html(pos)}<div class="sl-trick" style="min-width:100px">{trick}</div>'
           f'{_trump_html(pos)}</div>')
    mover = pos.to_move
    if pos.outcome is not None:
        turn = outcome_text(pos.outcome, esc)
    elif mover is not None:
        turn = TEXT["to_play"].format(who=seat_label(esc, mover))
    else:
        turn = TEXT["over"]
    head = f'<div class="sl-to-play" style="font-weight:bold;margin-bottom:4px">{turn}</div>'
    return f'<div class="sl-position" style="{_FELT}">{head}{rows[0]}{mid}{rows[1]}</div>'


# -- replay ----------------------------------------------------------------------------------

def _hand_row(rp: Replay, step: int, seat: Seat, viewer: Seat | None) -> str:
    pos = rp[step]
    names = _escaped(rp.record.player_names)
    face_down = viewer is not None and viewer != seat
    to_move = f" · {TEXT['hand.to_play']}" if pos.to_move == seat else ""
    label = f'<span style="{_LABEL}"><b>{names[seat]}</b> ({seat}){to_move}</span>'
    if face_down:
        assert viewer is not None
        known = view(pos, viewer).opponent
        hand = pos.hands[seat]
        inner = "".join(card_html(c, mark="sl-known") for c in cards_in(known))
        inner += "".join(back_html() for _ in range(bin(hand & ~known).count("1")))
        body = f'<span class="sl-cards">{inner}</span>'
    else:
        body = cards_html(pos.hand(seat))
    cls = f"sl-hand sl-hand-{seat.name}" + (" sl-hidden" if face_down else "")
    return (f'<div class="{cls}" data-seat="{seat.name}" style="min-height:86px">'
            f'{label}<br>{body}</div>')


def _trick_area(rp: Replay, step: int) -> str:
    pos = rp[step]
    names = _escaped(rp.record.player_names)
    if pos.lead >= 0:
        body = card_html(pos.lead, "lg")
        cap = TEXT["trick.led"].format(who=names[pos.leader])
    else:
        done = rp.tricks(step)
        if done and done[-1].step == step:
            t = done[-1]
            body = card_html(t.lead, "lg") + card_html(t.follow, "lg")
            cap = TEXT["trick.won"].format(n=t.number, who=names[t.winner], points=t.points)
        else:
            body = ""
            cap = "&nbsp;"
    return (f'<div class="sl-trick" style="width:130px;text-align:center">'
            f'<div style="min-height:78px">{body}</div><div style="{_LABEL}">{cap}</div></div>')


def _won_tricks(rp: Replay, step: int, viewer: Seat | None) -> str:
    names = _escaped(rp.record.player_names)
    shown = rp.visible_tricks(step, viewer)
    cols = []
    for s in SEATS:
        items = []
        for ts in shown:
            if ts.trick.winner != s:
                continue
            t = ts.trick
            if ts.face_up:
                inner = card_html(t.lead, "sm") + card_html(t.follow, "sm")
                cls = "sl-won sl-won-up"
            else:
                inner = back_html("sm", title=TEXT["won.hidden"].format(n=t.number))
                cls = "sl-won sl-won-down"
            items.append(f'<span class="{cls}" data-trick="{t.number}" '
                         f'style="display:inline-block;margin-right:4px">{inner}</span>')
        label = TEXT["won.label"].format(who=seat_label(names, s))
        cols.append(f'<div class="sl-tricks-{s.name}"><span style="{_LABEL}">{label}</span>'
                    f'<div style="display:flex;flex-wrap:wrap;min-height:20px">'
                    f'{"".join(items) or "-"}</div></div>')
    return f'<div class="sl-won-tricks" style="margin-top:6px">{"".join(cols)}</div>'


def table_html(rp: Replay, step: int, viewer: Seat | int | None = None, *,
               won_tricks: bool = True) -> str:
    """The table at ``step`` as ``viewer`` may see it (None: open table), of a fixed width.

    The other hand is face down in a player's view, but cards known to be in it (K2)
    are shown outlined; the won tricks are face up or down as K1 allows (left out
    without ``won_tricks``).
    """
    pos = rp[step]
    viewer = None if viewer is None else Seat(viewer)
    bottom = Seat.A if viewer is None else viewer
    top = bottom.other
    mid = (f'<div style="display:flex;gap:28px;align-items:center;margin:8px 0">'
           f'{_talon_html(pos)}{_trick_area(rp, step)}{_trump_html(pos)}</div>')
    won = _won_tricks(rp, step, viewer) if won_tricks else ""
    return (f'<div class="sl-table" data-step="{step}" style="{_FELT}">'
            f'{_hand_row(rp, step, top, viewer)}{mid}{_hand_row(rp, step, bottom, viewer)}'
            f'{won}</div>')


def tallies_html(rp: Replay, step: int) -> str:
    """Scores, pending marriages, tricks, the game points at the end, the Bummerl
    counters and, once a counter reaches 0, who won the Bummerl."""
    pos = rp[step]
    names = _escaped(rp.record.player_names)
    head = ("<tr><th></th>" + "".join(f'<th style="padding:0 10px">{seat_label(names, s)}'
                                      f"</th>" for s in SEATS) + "</tr>")
    rows = [
        ("sl-score", TEXT["tallies.score"], [pos.score(s) for s in SEATS]),
        ("sl-pending", TEXT["tallies.pending"], [pos.pending[s] for s in SEATS]),
        ("sl-tricks", TEXT["tallies.tricks"], [pos.tricks[s] for s in SEATS]),
    ]
    body = "".join(
        f'<tr class="{cls}"><td>{label}</td>'
        + "".join(f'<td class="{cls}-{s.name}" style="text-align:center">{v[s]}</td>'
                  for s in SEATS) + "</tr>"
        for cls, label, v in rows)
    counters = rp.counters(step)
    up = rp.record.match_rules.counts_up
    if counters is not None:
        body += (f'<tr class="sl-counters"><td>{TEXT["tallies.counters"]}</td>'
                 + "".join(f'<td class="sl-counters-{s.name}" style="text-align:center">'
                           f"{v}</td>" for s, v in zip(SEATS, shown(counters, up),
                                                       strict=False)) + "</tr>")
    out = rp.outcome(step)
    foot = ""
    if out is not None:
        foot = (f'<div class="sl-result" style="font-weight:bold;margin-top:4px">'
                f"{outcome_text(out, names)}</div>")
        w = _bummerl_winner(rp.record, counters) if counters is not None else None
        if w is not None:
            foot += (f'<div class="sl-bummerl-winner" style="font-weight:bold;color:#1b7a3a">'
                     f"{bummerl_text(w, names)}{over_text(counters or (), up)}</div>")
    elif step == rp.last and rp.error is not None:
        foot = (f'<div class="sl-result" style="color:{_RED}">'
                f"{TEXT['tallies.error'].format(error=error_html(rp.error))}</div>")
    return (f'<div class="sl-tallies" style="{_PANEL}"><table style="border-collapse:collapse">'
            f"{head}{body}</table>{foot}</div>")


def counting_html(c: Counting, names: Sequence[str] = ("A", "B")) -> str:
    """The counting panel for one viewer: facts first, then inferences from play."""
    me, opp = c.viewer, c.viewer.other
    esc = _escaped(names)
    none = TEXT["count.none"]
    rows = []
    for s in Suit:
        cs = c.unknown_by_suit.get(s, ())
        sym = f'<span style="color:{_RED if s.is_red else _BLACK}">{s.symbol}</span>'
        rows.append(f'<tr class="sl-unknown-{s.name}"><td>{sym} {suit_name(s)}</td>'
                    f"<td>{len(cs)}</td><td>{' '.join(card_span(x) for x in cs)}</td></tr>")
    known = " ".join(card_span(x) for x in c.opponent_known) or none
    trumps = " ".join(card_span(x) for x in c.trumps_out) or none
    scores = TEXT["count.scores"].format(mine=c.my_score, theirs=c.opponent_score,
                                         pm=c.pending[me], po=c.pending[opp])
    facts = (f'<div class="sl-facts"><b>{TEXT["count.facts"].format(who=seat_label(esc, me))}'
             f'</b><table style="border-collapse:collapse">'
             f'<tr><th align=left>{TEXT["count.unknown"]}</th><th>{TEXT["count.number"]}</th>'
             f'<th align=left>{TEXT["count.cards"]}</th></tr>'
             f"{''.join(rows)}</table>"
             f'<div class="sl-opponent-known">'
             f'{TEXT["count.known"].format(who=esc[opp], cards=known)}</div>'
             f'<div class="sl-trumps-out">{TEXT["count.trumps_out"].format(cards=trumps)}</div>'
             f'<div class="sl-points-out">{TEXT["count.points_out"].format(n=c.points_out)}</div>'
             f'<div class="sl-count-scores">{scores}</div></div>')
    if c.inferences:
        items = "".join(
            "<li>" + TEXT["count.inference"].format(
                step=i.step, text=inference_text(i.kind, esc[i.seat], i.suit, i.excluded,
                                                 card_span)) + "</li>"
            for i in c.inferences)
        talon = ""
        if c.inferred_talon:
            cards = " ".join(card_span(x) for x in c.inferred_talon)
            talon = f'<div>{TEXT["count.talon"].format(cards=cards)}</div>'
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f'<b>{TEXT["count.inferences"]}</b><ul style="margin:0">{items}</ul>{talon}</div>')
    else:
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f'<b>{TEXT["count.no_inferences"]}</b></div>')
    return f'<div class="sl-count" style="{_PANEL}">{facts}{inf}</div>'



# -- drawings: what the replay widget asks of each game ------------------------------------------

class Drawing(Protocol):
    """How a game's deals are drawn by the replay widget (and a notebook's ``Replay``):
    one drawing per game, found by the game's key (:func:`drawing_for`). Viewers are
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


BUILTIN_DRAWINGS = ("schnapsen_lab.games.bauern.html",)
"""Modules that register the drawings of the built-in games beyond two-player Schnapsen,
imported when a replay of one is first drawn."""

_DRAWINGS: dict[str, Drawing] = {}


def register_drawing(game_key: str, drawing: Drawing) -> None:
    """Make ``drawing`` the way the game registered under ``game_key`` is drawn."""
    _DRAWINGS[game_key] = drawing


def drawing_for(game: Any) -> Drawing:
    """The drawing of ``game`` (a :class:`~schnapsen_lab.game.Game`); raise KeyError when
    none is registered for it."""
    d = _DRAWINGS.get(game.key)
    if d is None:
        for module in BUILTIN_DRAWINGS:
            importlib.import_module(module)
        d = _DRAWINGS.get(game.key)
        if d is None:
            raise KeyError(f"no drawing for the game {game.key!r}")
    return d


class SchnapsenDrawing:
    """Two-player Schnapsen: :func:`table_html`, :func:`tallies_html`,
    :func:`counting_html` and the sentences of :mod:`schnapsen_lab.notation`."""

    def move_text(self, rp: Replay, step: int) -> str:
        """``A leads 10♥``."""
        a = rp.action(step)
        who = rp.actor(step)
        return f"{'?' if who is None else who.name} {action_words(rp[step - 1], a)}"

    def said(self, rp: Replay, step: int, viewer: int | None) -> str:
        """``Anna closes the talon``, ``Bert plays 10♥; Anna takes the trick (21)``."""
        names = _escaped(rp.record.player_names)
        return describe(rp[step - 1], rp.action(step), rp[step], names, rp.actor(step),
                        card=card_span)

    def table(self, rp: Replay, step: int, viewer: int | None) -> str:
        """:func:`table_html`."""
        return table_html(rp, step, viewer)

    def tallies(self, rp: Replay, step: int, viewer: int | None) -> str:
        """:func:`tallies_html` (public: the same in every view)."""
        return tallies_html(rp, step)

    def counting(self, rp: Replay, step: int, viewer: int | None) -> str:
        """One panel for a player's view, both at the open table."""
        names = rp.record.player_names
        if viewer is not None:
            return counting_html(rp.counting(step, viewer), names)
        panels = "".join(counting_html(rp.counting(step, s), names) for s in SEATS)
        return f'<div style="display:flex;flex-direction:column;gap:8px">{panels}</div>'


register_drawing("schnapsen", SchnapsenDrawing())


def _other_record_html(record: Record) -> str:
    """A record of a game with its own drawing: its tags, the table as dealt, the moves
    and the outcome as its drawing shows them at the last step; a record that cannot be
    replayed shows its PSN text and errors."""
    errs = "".join(f"<li>{error_html(e)}</li>" for e in record.errors)
    errors = (f'<ul class="sl-errors" style="{_PANEL}color:{_RED}">{errs}</ul>'
              if errs else "")
    if record.deck is None:
        return (f'<div class="sl-record"><pre class="sl-psn" style="{_PANEL}">'
                f"{escape(str(record))}</pre>{errors}</div>")
    rp = Replay(record)
    d = drawing_for(record.game)
    comments = "".join(f'<div class="sl-comment" style="{_PANEL}font-style:italic">'
                       f"{escape(c)}</div>" for c in record.main.comments)
    moves = (f'<div class="sl-movetext" style="{_PANEL}font-family:monospace">'
             f"{_movetext_html(record)}</div>" if record.main.moves else "")
    return (f'<div class="sl-record">{tags_html(record)}{d.table(rp, 0, None)}{comments}'
            f"{moves}{d.tallies(rp, rp.last, None)}{errors}</div>")


# -- for renderers outside Python --------------------------------------------------------------

def render_kit() -> dict[str, object]:
    """What a renderer in another language needs to draw cards exactly as :func:`card_html`.

    The style templates keep Python's ``{name}`` fields (``w``, ``h``, ``fs``, ``color``,
    ``extra``); ``sizes`` gives width, height, font size and centre symbol size of each
    size; ``mark`` and ``dim`` are the extras of a marked and a greyed card. The felt,
    panel and label styles are those of :func:`table_html` and :func:`tallies_html`.
    The self-contained HTML page (:mod:`schnapsen_lab.share`) draws its cards from this.
    """
    return {
        "sizes": {k: list(v) for k, v in _SIZES.items()},
        "card_style": _CARD_STYLE,
        "back_style": _BACK_STYLE,
        "mark": "outline:2px solid #f5c518;outline-offset:-1px;",
        "dim": "opacity:.55;",
        "red": _RED,
        "black": _BLACK,
        "ranks": list(RANK_TEXT),
        "felt": _FELT,
        "panel": _PANEL,
        "label": _LABEL,
    }
