"""Static HTML for notebooks and widgets: playing cards, records, positions, replay tables.

Everything here returns a string of HTML with inline styles (so it looks the same in a
notebook output, an ipywidgets ``HTML`` and an exported page) and stable ``sl-*`` CSS
classes (so tests and browser tests can find the parts). Every text a user typed
(names, tags, comments) is escaped. Only the lower layers are imported: no widgets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from .cards import CARDS, Card, Suit, cards_in
from .knowledge import view
from .psn import GLYPHS, Record
from .replay import Counting, Replay
from .rules import SEATS, Position, Seat

__all__ = [
    "back_html",
    "card_html",
    "cards_html",
    "counting_html",
    "glyph_text",
    "position_html",
    "record_html",
    "table_html",
    "tags_html",
    "tallies_html",
]

_RANK_TEXT = ("A", "10", "K", "Q", "J")
_SIZES = {"lg": (52, 74, 16, 28), "md": (44, 62, 14, 22), "sm": (30, 42, 11, 14)}
_RED = "#c8102e"
_BLACK = "#111"
_GLYPH_OF = {v: k for k, v in GLYPHS.items()}

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
         "font:13px/1.4 'DejaVu Sans',Arial,sans-serif;min-width:520px;")
_LABEL = "font-size:12px;opacity:.9;margin:2px 0;"


def _card_title(c: Card) -> str:
    return f"{c.rank.title} of {c.suit.title}"


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
    rank = _RANK_TEXT[c.rank]
    sym = c.suit.symbol
    color_cls = "sl-red" if c.is_red else "sl-black"
    cls = f"sl-card sl-face {color_cls}" + (f" {mark}" if mark else "")
    corner = f"{rank}{sym}"
    return (f'<span class="{cls}" data-card="{c.name}" title="{_card_title(c)}" '
            f'style="{style}"><span style="align-self:flex-start">{corner}</span>'
            f'<span style="align-self:center;font-size:{big}px">{sym}</span>'
            f'<span style="align-self:flex-end;transform:rotate(180deg)">{corner}</span></span>')


def back_html(size: str = "md", *, title: str = "face down") -> str:
    """A card face down."""
    w, h, _, _ = _SIZES[size]
    return (f'<span class="sl-card sl-back" title="{escape(title)}" '
            f'style="{_BACK_STYLE.format(w=w, h=h, extra="")}"></span>')


def cards_html(cards: Iterable[Card | int], size: str = "md", *, known: int = 0,
               cls: str = "sl-cards") -> str:
    """A row of face-up cards; cards in the ``known`` mask are outlined."""
    inner = "".join(card_html(c, size, mark="sl-known" if known >> int(c) & 1 else "")
                    for c in cards)
    return f'<span class="{cls}" style="display:inline-block;min-height:10px">{inner}</span>'


def glyph_text(nags: Sequence[int]) -> str:
    """Move-quality glyphs as suffixes (``!?``) and other NAGs as ``$n``."""
    out = "".join(_GLYPH_OF.get(n, "") for n in nags)
    rest = " ".join(f"${n}" for n in nags if n not in _GLYPH_OF)
    return out + (" " + rest if rest else "")


# -- records ---------------------------------------------------------------------------------

def tags_html(record: Record) -> str:
    """The record's tags as a compact header (every value escaped)."""
    names = record.player_names
    title = f"{escape(names[0])} <small>(A)</small> vs {escape(names[1])} <small>(B)</small>"
    bits = []
    for k in ("Event", "Site", "Date", "Round", "Match", "Deal", "Dealer", "Rules", "Score",
              "Result"):
        if k in record.tags:
            bits.append(f"<b>{escape(k)}</b> {escape(record.tags[k])}")
    for k, v in record.tags.items():
        if k not in ("Event", "Site", "Date", "Round", "Match", "Deal", "Dealer", "Rules",
                     "Score", "Result", "Deck", "PlayerA", "PlayerB"):
            bits.append(f"<b>{escape(k)}</b> {escape(v)}")
    return (f'<div class="sl-tags" style="{_PANEL}"><div class="sl-title" '
            f'style="font-size:15px;font-weight:bold">{title}</div>'
            f'<div style="color:#555">{" · ".join(bits)}</div></div>')


def record_html(record: Record) -> str:
    """A record for a notebook: tags, both hands as dealt, the moves, outcome and errors."""
    parts = [tags_html(record)]
    if record.deck is not None:
        p0 = record.start()
        names = record.player_names
        trump = Suit(p0.trump)
        rows = []
        for s in SEATS:
            rows.append(f'<div><span style="display:inline-block;width:110px">'
                        f'{escape(names[s])} ({s})</span>{cards_html(p0.hand(s), "sm")}</div>')
        rows.append(f'<div><span style="display:inline-block;width:110px">indicator</span>'
                    f'{card_html(p0.deck[6], "sm")} trump {trump.symbol} {trump.title}</div>')
        parts.append(f'<div class="sl-dealt" style="{_PANEL}">{"".join(rows)}</div>')
    for c in record.main.comments:
        parts.append(f'<div class="sl-comment" style="{_PANEL}font-style:italic">'
                     f'{escape(c)}</div>')
    if record.main.moves:
        parts.append(f'<div class="sl-movetext" style="{_PANEL}font-family:monospace">'
                     f'{_movetext_html(record)}</div>')
    parts.append(_outcome_html(record))
    if record.errors:
        errs = "".join(f"<li>{escape(str(e))}</li>" for e in record.errors)
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
    names = record.player_names
    if out is None:
        text = "unfinished" if record.main_line_ok else "not replayable past its first error"
    else:
        how = {"claim": "by a correct claim", "false_claim": "after a false claim",
               "last_trick": "with the last trick"}.get(out.end.value, "")
        gp = out.game_points
        text = (f"<b>{escape(names[out.winner])} ({out.winner})</b> wins {gp} game "
                f"point{'s' if gp != 1 else ''} {how} ({out.rule})")
    if fin is not None:
        text += (f"; scores {fin.score(0)} : {fin.score(1)}, "
                 f"tricks {fin.tricks[0]} : {fin.tricks[1]}")
    if record.counters is not None:
        text += f"; Bummerl counters {record.counters[0]} : {record.counters[1]}"
    return f'<div class="sl-outcome" style="{_PANEL}">{text}</div>'


# -- positions -------------------------------------------------------------------------------

def _talon_html(pos: Position) -> str:
    n = pos.talon_size
    if pos.exhausted:
        return (f'<div class="sl-talon" data-talon="0" style="{_LABEL}">talon exhausted</div>')
    pile = back_html("md", title=f"talon: {n} cards")
    ind = CARDS[pos.indicator] if pos.indicator >= 0 else None
    if pos.closed_by >= 0:
        ind_html = back_html("md", title="indicator turned down")
        label = f"closed by {SEATS[pos.closed_by]}"
    else:
        ind_html = card_html(ind, "md") if ind is not None else ""
        label = f"{n} in the talon"
    return (f'<div class="sl-talon" data-talon="{n}" style="text-align:center">'
            f'<div style="white-space:nowrap"><span class="sl-indicator" '
            f'style="display:inline-block;transform:rotate(90deg);margin:0 -4px 0 12px">'
            f'{ind_html}</span>{pile}</div><div style="{_LABEL}">{label}</div></div>')


def position_html(pos: Position, names: Sequence[str] = ("A", "B")) -> str:
    """A position with both hands open: hands, indicator and talon, the trick, the scores."""
    rows = []
    for s in (Seat.B, Seat.A):
        who = escape(names[s])
        rows.append(f'<div class="sl-hand sl-hand-{s.name}"><span style="{_LABEL}">{who}'
                    f' · {pos.score(s)} points · {pos.tricks[s]} tricks</span><br>'
                    f'{cards_html(pos.hand(s))}</div>')
    trick = "".join(card_html(c) for c in pos.trick)
    mid = (f'<div style="display:flex;gap:24px;align-items:center;margin:6px 0">'
           f'{_talon_html(pos)}<div class="sl-trick" style="min-width:100px">{trick}</div>'
           f'<div style="{_LABEL}">trump {Suit(pos.trump).symbol}</div></div>')
    end = ""
    if pos.outcome is not None:
        o = pos.outcome
        end = (f'<div class="sl-outcome">{escape(names[o.winner])} wins {o.game_points} '
               f'({o.end.value})</div>')
    return (f'<div class="sl-position" style="{_FELT}">{rows[0]}{mid}{rows[1]}{end}</div>')


# -- replay ----------------------------------------------------------------------------------

def _hand_row(rp: Replay, step: int, seat: Seat, viewer: Seat | None) -> str:
    pos = rp[step]
    names = rp.record.player_names
    face_down = viewer is not None and viewer != seat
    to_move = pos.to_move == seat
    label = (f'<span style="{_LABEL}"><b>{escape(names[seat])}</b> ({seat})'
             f'{" · to play" if to_move else ""}</span>')
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
    return f'<div class="{cls}" data-seat="{seat.name}">{label}<br>{body}</div>'


def _trick_area(rp: Replay, step: int) -> str:
    pos = rp[step]
    names = rp.record.player_names
    if pos.lead >= 0:
        who = SEATS[pos.leader]
        body = card_html(pos.lead, "lg")
        cap = f"{escape(names[who])} led"
    else:
        done = rp.tricks(step)
        if done and done[-1].step == step:
            t = done[-1]
            body = card_html(t.lead, "lg") + card_html(t.follow, "lg")
            cap = (f"trick {t.number}: {escape(names[t.winner])} wins {t.points}")
        else:
            body = ""
            cap = "&nbsp;"
    return (f'<div class="sl-trick" style="min-width:130px;text-align:center">'
            f'<div style="min-height:78px">{body}</div><div style="{_LABEL}">{cap}</div></div>')


def _won_tricks(rp: Replay, step: int, viewer: Seat | None) -> str:
    names = rp.record.player_names
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
                inner = back_html("sm", title=f"trick {t.number}: may not be looked at")
                cls = "sl-won sl-won-down"
            items.append(f'<span class="{cls}" data-trick="{t.number}" '
                         f'style="display:inline-block;margin-right:4px">{inner}</span>')
        cols.append(f'<div class="sl-tricks-{s.name}"><span style="{_LABEL}">'
                    f'{escape(names[s])}: won tricks</span><br>{"".join(items) or "-"}</div>')
    return f'<div class="sl-won-tricks" style="margin-top:6px">{"".join(cols)}</div>'


def table_html(rp: Replay, step: int, viewer: Seat | int | None = None) -> str:
    """The table at ``step`` as ``viewer`` may see it (None: open table).

    The other hand is face down in a player's view, but cards known to be in it (K2)
    are shown outlined; the won tricks are face up or down as K1 allows.
    """
    pos = rp[step]
    viewer = None if viewer is None else Seat(viewer)
    bottom = Seat.A if viewer is None else viewer
    top = bottom.other
    trump = Suit(pos.trump)
    mid = (f'<div style="display:flex;gap:28px;align-items:center;margin:8px 0">'
           f'{_talon_html(pos)}{_trick_area(rp, step)}'
           f'<div style="{_LABEL}">trump<br><span style="font-size:26px;'
           f'color:{_RED if trump.is_red else "#fff"}">{trump.symbol}</span></div></div>')
    return (f'<div class="sl-table" data-step="{step}" style="{_FELT}">'
            f'{_hand_row(rp, step, top, viewer)}{mid}{_hand_row(rp, step, bottom, viewer)}'
            f'{_won_tricks(rp, step, viewer)}</div>')


def tallies_html(rp: Replay, step: int) -> str:
    """Scores, pending marriages, tricks, the game points at the end and Bummerl counters."""
    pos = rp[step]
    names = rp.record.player_names
    head = ("<tr><th></th>" + "".join(f'<th style="padding:0 10px">{escape(names[s])} ({s})'
                                      f"</th>" for s in SEATS) + "</tr>")
    rows = [
        ("sl-score", "score", [pos.score(s) for s in SEATS]),
        ("sl-pending", "pending marriages", [pos.pending[s] for s in SEATS]),
        ("sl-tricks", "tricks", [pos.tricks[s] for s in SEATS]),
    ]
    body = "".join(
        f'<tr class="{cls}"><td>{label}</td>'
        + "".join(f'<td class="{cls}-{s.name}" style="text-align:center">{v[s]}</td>'
                  for s in SEATS) + "</tr>"
        for cls, label, v in rows)
    counters = rp.counters(step)
    if counters is not None:
        body += ('<tr class="sl-counters"><td>Bummerl counters</td>'
                 + "".join(f'<td class="sl-counters-{s.name}" style="text-align:center">'
                           f"{counters[s]}</td>" for s in SEATS) + "</tr>")
    out = rp.outcome(step)
    foot = ""
    if out is not None:
        how = {"claim": "correct claim", "false_claim": "false claim",
               "last_trick": "last trick"}.get(out.end.value, "")
        gp = out.game_points
        foot = (f'<div class="sl-result" style="font-weight:bold;margin-top:4px">'
                f'{escape(names[out.winner])} wins {gp} game point{"s" if gp != 1 else ""}'
                f" ({how}, {out.rule})</div>")
    elif step == rp.last and rp.error is not None:
        foot = (f'<div class="sl-result" style="color:{_RED}">the record stops at an error: '
                f"{escape(str(rp.error))}</div>")
    return (f'<div class="sl-tallies" style="{_PANEL}"><table style="border-collapse:collapse">'
            f"{head}{body}</table>{foot}</div>")


def counting_html(c: Counting, names: Sequence[str] = ("A", "B")) -> str:
    """The counting panel for one viewer: facts first, then inferences from play."""
    me, opp = c.viewer, c.viewer.other
    rows = []
    for s in Suit:
        cs = c.unknown_by_suit.get(s, ())
        sym = f'<span style="color:{_RED if s.is_red else _BLACK}">{s.symbol}</span>'
        rows.append(f'<tr class="sl-unknown-{s.name}"><td>{sym} {s.title}</td>'
                    f"<td>{len(cs)}</td><td>{' '.join(_sym(x) for x in cs)}</td></tr>")
    known = " ".join(_sym(x) for x in c.opponent_known) or "none"
    trumps = " ".join(_sym(x) for x in c.trumps_out) or "none"
    facts = (f'<div class="sl-facts"><b>Facts for {escape(names[me])} ({me})</b>'
             f'<table style="border-collapse:collapse">'
             f"<tr><th align=left>unknown</th><th>#</th><th align=left>cards</th></tr>"
             f"{''.join(rows)}</table>"
             f'<div class="sl-opponent-known">known in {escape(names[opp])}\'s hand: {known}</div>'
             f'<div class="sl-trumps-out">trumps out: {trumps}</div>'
             f'<div class="sl-points-out">card points out: {c.points_out}</div>'
             f'<div class="sl-count-scores">scores {c.my_score} (me) : {c.opponent_score} '
             f"(opponent); pending {c.pending[me]} : {c.pending[opp]}</div></div>")
    if c.inferences:
        items = "".join(f"<li>step {i.step}: {escape(i.text)}</li>" for i in c.inferences)
        talon = ""
        if c.inferred_talon:
            talon = ("<div>so in the closed talon: "
                     + " ".join(_sym(x) for x in c.inferred_talon) + "</div>")
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f"<b>Inferences from play</b><ul style=\"margin:0\">{items}</ul>{talon}</div>")
    else:
        inf = ('<div class="sl-inferences" style="margin-top:4px;color:#555">'
               "<b>Inferences from play</b>: none</div>")
    return f'<div class="sl-count" style="{_PANEL}">{facts}{inf}</div>'


def _sym(c: Card) -> str:
    color = _RED if c.is_red else _BLACK
    return f'<span style="color:{color};white-space:nowrap">{c.symbol}</span>'


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
        "ranks": list(_RANK_TEXT),
        "felt": _FELT,
        "panel": _PANEL,
        "label": _LABEL,
    }
