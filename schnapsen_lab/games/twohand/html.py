"""Two-player Schnapsen drawn as static HTML: the table of a replay step, the tallies,
the counting panel, a position and a record (the game's part ``drawing``), from the
cards and panels of :mod:`schnapsen_lab.render` and the texts of
:mod:`schnapsen_lab.html`. Every text a user typed is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ... import render as R
from ...cards import CARDS, Suit, cards_in
from ...counters import over_text, shown
from ...html import (
    PLURALS,
    TEXT,
    error_html,
    movetext_html,
    tags_html,
)
from ...match import MatchState
from ...notation import (
    FOUR,
    action_words,
    bummerl_text,
    describe,
    inference_text,
    outcome_text,
    plural,
    seat_label,
    suit_name,
)
from ...psn import Record
from ...replay import Counting, Replay
from .knowledge import view
from .rules import SEATS, Position, Seat

__all__ = [
    "DRAWING",
    "SchnapsenDrawing",
    "counting_html",
    "position_html",
    "record_html",
    "table_html",
    "tallies_html",
    "talon_html",
    "trump_html",
]


def _escaped(names: Sequence[str]) -> tuple[str, str]:
    return (escape(names[0]), escape(names[1]))


def record_html(record: Record) -> str:
    """A two-player record for a notebook: tags, both hands as dealt, the moves, the
    outcome and the errors."""
    parts = [tags_html(record)]
    if record.can_replay:
        p0 = record.start()
        names = _escaped(record.player_names)
        trump = Suit(p0.trump)
        rows = []
        for s in SEATS:
            rows.append(f'<div><span style="display:inline-block;width:110px">'
                        f'{seat_label(names, s)}</span>{R.cards_html(p0.hand(s), "sm")}</div>')
        what = TEXT["record.trump"].format(symbol=trump.symbol, suit=suit_name(trump))
        rows.append(f'<div><span style="display:inline-block;width:110px">'
                    f'{TEXT["record.indicator"]}</span>'
                    f'{R.card_html(p0.indicator, "sm")} {what}</div>')
        parts.append(f'<div class="sl-dealt" style="{R.PANEL_STYLE}">{"".join(rows)}</div>')
    for c in record.main.comments:
        parts.append(f'<div class="sl-comment" style="{R.PANEL_STYLE}font-style:italic">'
                     f'{escape(c)}</div>')
    if record.main.moves:
        parts.append(f'<div class="sl-movetext" style="{R.PANEL_STYLE}font-family:monospace">'
                     f'{movetext_html(record)}</div>')
    parts.append(_outcome_html(record))
    if record.errors:
        errs = "".join(f"<li>{error_html(e)}</li>" for e in record.errors)
        parts.append(f'<ul class="sl-errors" style="{R.PANEL_STYLE}color:{R.RED}">{errs}</ul>')
    return f'<div class="sl-record">{"".join(parts)}</div>'


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
    if fin is not None and fin.bonus_to >= 0:
        text += "; " + TEXT["tallies.bonus"].format(who=names[fin.bonus_to],
                                                    points=fin.profile.last_trick_bonus)
    if record.counters is not None:
        up = record.match_rules.counts_up
        seen = shown(record.counters, up)
        key = "record.match_counters" if up else "record.counters"
        text += "; " + TEXT[key].format(a=seen[0], b=seen[1])
        w = _bummerl_winner(record, record.counters)
        if w is not None:
            text += f"; <b>{_won_text(record, w, names)}{over_text(record.counters, up)}</b>"
    return f'<div class="sl-outcome" style="{R.PANEL_STYLE}">{text}</div>'


def _won_text(record: Record, winner: Seat, names: Sequence[str]) -> str:
    """Who won the match: the Bummerl (counting down, B1), or a match counting up."""
    if record.match_rules.counts_up:
        return FOUR["match.won"].format(who=names[winner])
    return bummerl_text(winner, names)


def _bummerl_winner(record: Record, counters: tuple[int, ...]) -> Seat | None:
    """Who won the Bummerl: the counter that reached the match's target (B1: 0; the
    ``bauern2`` profile, BZ5: 21), else None."""
    won = MatchState(record.match_rules, counters, 0).winners
    return Seat[won[0]] if won else None


# -- positions -------------------------------------------------------------------------------

def talon_html(pos: Position) -> str:
    """The talon: the pile face down and the indicator (or who closed it, or that it is
    exhausted)."""
    n = pos.talon_size
    if pos.exhausted:
        return (f'<div class="sl-talon" data-talon="0" style="{R.LABEL_STYLE}">'
                f'{TEXT["talon.exhausted"]}</div>')
    pile = R.back_html("md", title=PLURALS.text("talon.pile", n))
    ind = CARDS[pos.indicator] if pos.indicator >= 0 else None
    if pos.closed_by >= 0:
        ind_html = R.back_html("md", title=TEXT["talon.turned_down"])
        label = TEXT["talon.closed_by"].format(who=SEATS[pos.closed_by].name)
    else:
        ind_html = R.card_html(ind, "md") if ind is not None else ""
        label = TEXT["talon.size"].format(n=n)
    return (f'<div class="sl-talon" data-talon="{n}" style="text-align:center">'
            f'<div style="white-space:nowrap"><span class="sl-indicator" '
            f'style="display:inline-block;transform:rotate(90deg);margin:0 -4px 0 12px">'
            f'{ind_html}</span>{pile}</div><div style="{R.LABEL_STYLE}">{label}</div></div>')


def trump_html(pos: Position) -> str:
    """The trump suit, shown all deal long (also once the indicator is turned down)."""
    trump = Suit(pos.trump)
    return (f'<div class="sl-trump" data-trump="{trump.name}" style="{R.LABEL_STYLE}">'
            f'{TEXT["trump"]}<br><span class="sl-trump-symbol" style="display:inline-block;'
            f'font-size:24px;line-height:28px;padding:0 5px;border-radius:6px;'
            f'background:#fff;color:{R.RED if trump.is_red else R.BLACK}">{trump.symbol}'
            f"</span></div>")


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
        inner = "".join(R.card_html(c) for c in cards_in(hand & ~face_down))
        inner += "".join(R.back_html() for _ in range(bin(hand & face_down).count("1")))
        rows.append(f'<div class="sl-hand sl-hand-{s.name}"><span style="{R.LABEL_STYLE}">{facts}'
                    f'</span><br><span class="sl-cards">{inner}</span></div>')
    trick = "".join(R.card_html(c) for c in pos.trick)
    mid = (f'<div style="display:flex;gap:24px;align-items:center;margin:6px 0">'
           f'{talon_html(pos)}<div class="sl-trick" style="min-width:100px">{trick}</div>'
           f'{trump_html(pos)}</div>')
    mover = pos.to_move
    if pos.outcome is not None:
        turn = outcome_text(pos.outcome, esc)
    elif mover is not None:
        turn = TEXT["to_play"].format(who=seat_label(esc, mover))
    else:
        turn = TEXT["over"]
    head = f'<div class="sl-to-play" style="font-weight:bold;margin-bottom:4px">{turn}</div>'
    return f'<div class="sl-position" style="{R.FELT_STYLE}">{head}{rows[0]}{mid}{rows[1]}</div>'


# -- replay ----------------------------------------------------------------------------------

def _hand_row(rp: Replay, step: int, seat: Seat, viewer: Seat | None) -> str:
    pos = rp[step]
    names = _escaped(rp.record.player_names)
    face_down = viewer is not None and viewer != seat
    to_move = f" · {TEXT['hand.to_play']}" if pos.to_move == seat else ""
    label = f'<span style="{R.LABEL_STYLE}"><b>{names[seat]}</b> ({seat}){to_move}</span>'
    if face_down:
        assert viewer is not None
        known = view(pos, viewer).opponent
        hand = pos.hands[seat]
        inner = "".join(R.card_html(c, mark="sl-known") for c in cards_in(known))
        inner += "".join(R.back_html() for _ in range(bin(hand & ~known).count("1")))
        body = f'<span class="sl-cards">{inner}</span>'
    else:
        body = R.cards_html(pos.hand(seat))
    cls = f"sl-hand sl-hand-{seat.name}" + (" sl-hidden" if face_down else "")
    return (f'<div class="{cls}" data-seat="{seat.name}" style="min-height:86px">'
            f'{label}<br>{body}</div>')


def _trick_area(rp: Replay, step: int) -> str:
    pos = rp[step]
    names = _escaped(rp.record.player_names)
    if pos.lead >= 0:
        body = R.card_html(pos.lead, "lg")
        cap = TEXT["trick.led"].format(who=names[pos.leader])
    else:
        done = rp.tricks(step)
        if done and done[-1].step == step:
            t = done[-1]
            body = R.card_html(t.lead, "lg") + R.card_html(t.follow, "lg")
            cap = TEXT["trick.won"].format(n=t.number, who=names[t.winner], points=t.points)
        else:
            body = ""
            cap = "&nbsp;"
    return (f'<div class="sl-trick" style="width:130px;text-align:center">'
            f'<div style="min-height:78px">{body}</div>'
            f'<div style="{R.LABEL_STYLE}">{cap}</div></div>')


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
                inner = R.card_html(t.lead, "sm") + R.card_html(t.follow, "sm")
                cls = "sl-won sl-won-up"
            else:
                inner = R.back_html("sm", title=TEXT["won.hidden"].format(n=t.number))
                cls = "sl-won sl-won-down"
            items.append(f'<span class="{cls}" data-trick="{t.number}" '
                         f'style="display:inline-block;margin-right:4px">{inner}</span>')
        label = TEXT["won.label"].format(who=seat_label(names, s))
        cols.append(f'<div class="sl-tricks-{s.name}"><span style="{R.LABEL_STYLE}">{label}</span>'
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
           f'{talon_html(pos)}{_trick_area(rp, step)}{trump_html(pos)}</div>')
    won = _won_tricks(rp, step, viewer) if won_tricks else ""
    return (f'<div class="sl-table" data-step="{step}" style="{R.FELT_STYLE}">'
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
        label = TEXT["tallies.match_counters" if up else "tallies.counters"]
        body += (f'<tr class="sl-counters"><td>{label}</td>'
                 + "".join(f'<td class="sl-counters-{s.name}" style="text-align:center">'
                           f"{v}</td>" for s, v in zip(SEATS, shown(counters, up),
                                                       strict=False)) + "</tr>")
    out = rp.outcome(step)
    foot = ""
    if out is not None:
        foot = (f'<div class="sl-result" style="font-weight:bold;margin-top:4px">'
                f"{outcome_text(out, names)}</div>")
        if pos.bonus_to >= 0:
            bonus = TEXT["tallies.bonus"].format(who=names[pos.bonus_to],
                                                 points=pos.profile.last_trick_bonus)
            foot += f'<div class="sl-bonus">{bonus}</div>'
        state = rp.record.match_after
        if counters is not None and state is not None and state.carry:
            foot += (f'<div class="sl-carry">'
                     f'{TEXT["tallies.carried"].format(n=state.carry)}</div>')
        w = _bummerl_winner(rp.record, counters) if counters is not None else None
        if w is not None:
            foot += (f'<div class="sl-bummerl-winner" style="font-weight:bold;color:#1b7a3a">'
                     f"{_won_text(rp.record, w, names)}{over_text(counters or (), up)}</div>")
    elif step == rp.last and rp.error is not None:
        foot = (f'<div class="sl-result" style="color:{R.RED}">'
                f"{TEXT['tallies.error'].format(error=error_html(rp.error))}</div>")
    return (f'<div class="sl-tallies" style="{R.PANEL_STYLE}">'
            f'<table style="border-collapse:collapse">{head}{body}</table>{foot}</div>')


def counting_html(c: Counting, names: Sequence[str] = ("A", "B")) -> str:
    """The counting panel for one viewer: facts first, then inferences from play."""
    me, opp = c.viewer, c.viewer.other
    esc = _escaped(names)
    none = TEXT["count.none"]
    rows = []
    for s in Suit:
        cs = c.unknown_by_suit.get(s, ())
        sym = f'<span style="color:{R.RED if s.is_red else R.BLACK}">{s.symbol}</span>'
        rows.append(f'<tr class="sl-unknown-{s.name}"><td>{sym} {suit_name(s)}</td>'
                    f"<td>{len(cs)}</td><td>{' '.join(R.card_span(x) for x in cs)}</td></tr>")
    known = " ".join(R.card_span(x) for x in c.opponent_known) or none
    trumps = " ".join(R.card_span(x) for x in c.trumps_out) or TEXT["count.no_trumps"]
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
                                                 R.card_span)) + "</li>"
            for i in c.inferences)
        talon = ""
        if c.inferred_talon:
            cards = " ".join(R.card_span(x) for x in c.inferred_talon)
            talon = f'<div>{TEXT["count.talon"].format(cards=cards)}</div>'
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f'<b>{TEXT["count.inferences"]}</b><ul style="margin:0">{items}</ul>{talon}</div>')
    else:
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f'<b>{TEXT["count.no_inferences"]}</b></div>')
    return f'<div class="sl-count" style="{R.PANEL_STYLE}">{facts}{inf}</div>'



# -- drawings: what the replay widget asks of each game ------------------------------------------


class SchnapsenDrawing:
    """Two-player Schnapsen: :func:`table_html`, :func:`tallies_html`,
    :func:`counting_html`, :func:`record_html` and the sentences of
    :mod:`schnapsen_lab.notation`."""

    def record(self, record: Record) -> str:
        """:func:`record_html`."""
        return record_html(record)

    def move_text(self, rp: Replay, step: int) -> str:
        """``A leads 10♥``."""
        a = rp.action(step)
        who = rp.actor(step)
        return f"{'?' if who is None else who.name} {action_words(rp[step - 1], a)}"

    def said(self, rp: Replay, step: int, viewer: int | None) -> str:
        """``Anna closes the talon``, ``Bert plays 10♥; Anna takes the trick (21)``."""
        names = _escaped(rp.record.player_names)
        return describe(rp[step - 1], rp.action(step), rp[step], names, rp.actor(step),
                        card=R.card_span)

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


DRAWING = SchnapsenDrawing()
"""The two-player game's drawing (its part ``drawing``)."""
