"""Two-player Schnapsen's deal data for the shared page (the game's part ``page``): its
seats and views, tags, tricks, inferences and every step, as the page's script
(:mod:`schnapsen_lab.share`) draws them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ... import notation
from ...headers import bot_name, header_pairs
from ...match import MatchState
from ...pagedata import step_action, step_notes
from ...replay import Replay
from .rules import SEATS, ActionKind, Seat

__all__ = ["deal_data"]


_ACTION_CODES = {ActionKind.EXCHANGE: "X", ActionKind.CLOSE: "C", ActionKind.CLAIM: "66",
                 ActionKind.MARRIAGE: "M"}
_TWO_SEAT_PLACES = {None: ("bottom", "top"), Seat.A: ("bottom", "top"),
                    Seat.B: ("top", "bottom")}


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


# -- the data ------------------------------------------------------------------------------------

def _action(rp: Replay, step: int) -> list[Any] | None:
    """``[code, actor, card, points]``: X, C, 66, M (marriage lead), L (lead), F (follow)."""
    done = step_action(rp, step)
    if done is None:
        return None
    a, who, before = done
    if a.kind is ActionKind.EXCHANGE:
        return ["X", who, before.indicator, 0]
    if a.kind is ActionKind.PLAY:
        code = "F" if before.lead >= 0 else "L"
    else:
        code = _ACTION_CODES[a.kind]
    card = -1 if a.card is None else int(a.card)
    points = a.points if a.kind is ActionKind.MARRIAGE else 0
    return [code, who, card, points]


def _table_cards(rp: Replay, step: int) -> tuple[list[list[int]], int]:
    """The cards on the table as ``[seat, card]`` in play order, and the number of the
    trick completed at this step (0: none)."""
    pos = rp[step]
    if pos.lead >= 0:
        return [[pos.leader, pos.lead]], 0
    done = rp.tricks(step)
    if done and done[-1].step == step:
        t = done[-1]
        return [[int(t.leader), int(t.lead)], [1 - int(t.leader), int(t.follow)]], t.number
    return [], 0


def _inference_table(rp: Replay) -> tuple[list[list[Any]], dict[tuple[int, int, str, int], int]]:
    """Every inference of the deal once, as ``[seat, step, kind, suit, excluded, card]``."""
    table: list[list[Any]] = []
    index: dict[tuple[int, int, str, int], int] = {}
    trump = rp[0].trump
    trumps = rp[0].profile.pack.suit_masks[trump]
    lead_at = {t.step: t.lead for t in rp.all_tricks}
    for seat in SEATS:
        for inf in rp.inferences(rp.last, seat.other):
            key = (int(inf.seat), inf.step, inf.kind, inf.excluded)
            kind = inf.kind
            if kind == "void" and inf.suit != trump and inf.excluded & trumps:
                kind = "void_trumps"
            index[key] = len(table)
            table.append([int(inf.seat), inf.step, kind, int(inf.suit), inf.excluded,
                          int(lead_at[inf.step])])
    return table, index


def _counting(rp: Replay, step: int, seat: Seat,
              index: Mapping[tuple[int, int, str, int], int]) -> list[Any]:
    """``[known, unknown, trumps_out, points_out, inferences, inferred_talon]`` for ``seat``:
    ``known`` lists per seat the cards known in that hand (0 for the viewer's own)."""
    c = rp.counting(step, seat)
    v = rp.knowledge(step, seat)
    known = [0] * len(SEATS)
    known[seat.other] = v.opponent
    unknown = 0
    for cards in c.unknown_by_suit.values():
        unknown |= _mask(cards)
    infs = [index[(int(i.seat), i.step, i.kind, i.excluded)] for i in c.inferences]
    return [known, unknown, _mask(c.trumps_out), c.points_out, infs, _mask(c.inferred_talon)]


def _face_up(rp: Replay, step: int, viewer: Seat | None) -> int:
    """The won tricks ``viewer`` may look through (K1): bit ``n - 1`` for trick ``n``."""
    m = 0
    for ts in rp.visible_tricks(step, viewer):
        if ts.face_up:
            m |= 1 << (ts.trick.number - 1)
    return m


def _step(rp: Replay, step: int, index: Mapping[tuple[int, int, str, int], int],
          viewers: Sequence[Seat | None]) -> dict[str, Any]:
    """One step's facts, keyed short (the page holds hundreds of them).

    ``a`` the action that led here (:func:`_action`), ``h`` the hands per seat, ``t`` the
    cards on the table and ``d`` the trick completed here, ``i`` the face-up indicator,
    ``n`` the talon (0 once exhausted), ``c`` the closer, ``u`` whether a turned-down
    indicator lies under a closed talon, ``s`` ``p`` ``w`` scores, pending marriages and
    tricks per seat, ``m`` who plays next, ``up`` the face-up won tricks per view, ``k``
    each seat's counting facts (:func:`_counting`), and when there are any ``b`` the
    Bummerl counters, ``q`` the comments, ``g`` the glyphs (NAGs). -1 stands for none.
    """
    pos = rp[step]
    table, done = _table_cards(rp, step)
    to_move = pos.to_move
    ind = pos.face_up_indicator
    out: dict[str, Any] = {
        "a": _action(rp, step),
        "h": [pos.hands[s] for s in SEATS],
        "t": table,
        "d": done,
        "i": -1 if ind is None else int(ind),
        "n": 0 if pos.exhausted else pos.talon_size,
        "c": pos.closed_by,
        "u": 1 if pos.closed_by >= 0 and pos.indicator >= 0 else 0,
        "s": [pos.score(s) for s in SEATS],
        "p": [pos.pending[s] for s in SEATS],
        "w": [pos.tricks[s] for s in SEATS],
        "m": -1 if to_move is None else int(to_move),
        "up": [_face_up(rp, step, v) for v in viewers],
        "k": [_counting(rp, step, s, index) for s in SEATS],
    }
    return step_notes(rp, step, out)


def _places(viewers: Sequence[Seat | None]) -> list[list[str]]:
    return [list(_TWO_SEAT_PLACES[v]) for v in viewers]


def deal_data(rp: Replay) -> dict[str, Any]:
    """One deal's data for the page: its seats and views, tags, tricks, inferences, steps.

    Card sets are bit masks over the pack's cards (bit ``c`` for ``Card(c)``, the nines
    of a 24-card pack bits 20-23), cards their numbers, seats their index in ``seats``;
    ``views`` are the open table (``seat`` -1) and each player's view, and ``places``
    puts each seat around the table in each view. ``exchange`` is the trump card that is
    exchanged for the indicator (the jack, in Sechsundsechzig the nine); a standoff's
    ``result`` has ``winner`` -1; ``bonus`` is the seat that took the last trick's 10
    (-1: none) and ``bonus_points`` its points; ``match_word`` says whether the deal's
    match is a ``bummerl`` (counting down from 7) or a ``match`` (counting up);
    ``carry`` the standoff points waiting for the next deal's winner after this deal.
    """
    rec = rp.record
    viewers: list[Seat | None] = [None, *SEATS]
    table, index = _inference_table(rp)
    out = rp.outcome(rp.last)
    after = rp.counters(rp.last) if out is not None else None
    bummerl_winner = -1
    if after is not None:  # the counter that reached the match's target (B1, BZ5)
        won = MatchState(rec.match_rules, after, 0).winners
        bummerl_winner = "AB".index(won[0]) if won else -1
    fin = rp[rp.last]
    carry = rec.match_after.carry if rec.match_after is not None and out is not None else 0
    error = rp.error or (rec.errors[0] if rec.errors else None)
    error_words = (None if error is None else
                   notation.error_text(error.line, error.col, error.rule, error.message))
    return {
        "seats": [s.name for s in SEATS],
        "names": [bot_name(n) for n in rec.player_names],
        "views": [-1 if v is None else int(v) for v in viewers],
        "places": _places(viewers),
        "talon": True,
        "trump": rp[0].trump,
        "exchange": int(rp[0].exchange_card),
        "bonus": fin.bonus_to,
        "bonus_points": fin.profile.last_trick_bonus,
        "match_word": "match" if rec.match_rules.counts_up else "bummerl",
        "carry": carry,
        "tags": [list(kv) for kv in header_pairs(rec.tags, (), ("Deck", "PlayerA", "PlayerB"))],
        "match": rec.match,
        "deal": rec.deal,
        "tricks": [[int(t.leader), [int(t.lead), int(t.follow)], int(t.winner), t.points,
                    t.step] for t in rp.all_tricks],
        "inferences": table,
        "result": (None if out is None else
                   {"winner": -1 if out.winner is None else int(out.winner),
                    "points": out.game_points,
                    "end": out.end.value, "rule": out.rule}),
        "bummerl_winner": bummerl_winner,
        "error": error_words,
        "error_in_play": rp.error is not None,
        "steps": [_step(rp, i, index, viewers) for i in range(len(rp))],
    }
