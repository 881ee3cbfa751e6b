"""The shared page's data for a deal of a game with a round of calls
(:mod:`schnapsen_lab.share`): Bauernschnapsen (four seats) and Dreierschnapsen (three).

The layout of a two-player deal's data (:func:`schnapsen_lab.share.two_player_deal_data`:
seats, names, views, the places of the seats around the table in each view, tags,
tricks, inferences, steps) with ``four`` set (the script's drawing of the games with a
round of calls) and no talon to draw from; a game adds its own facts (:func:`deal_data`'s
``extra``: a called partner; the talon and the cards laid away). A match page holds hundreds of
steps, so a step carries only what the actions do not tell: the hands, the cards on the
table, the phase, the sides' scores, pending marriages and tricks, each seat's card
points and tricks, the public cards, and for each seat its count of the two sides'
scores (the other side's unknown to it while a called partner is, BW2). The script
works out the rest from the actions and the deal's facts (``first`` the cards each seat
looks at while trump is fixed, ``sides`` and ``partner`` once a partner is called, the
step ``partner_known_at`` from which everyone knows it): the calls, the contract, the
trump, the turned-up card, what each seat has seen, may count and may look through.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import notation
from ...headers import bot_name, header_pairs
from ...match import MatchState
from ...pagedata import step_action, step_notes
from ...replay import Replay
from ...tricks import SUIT_MASKS

__all__ = ["deal_data"]


def _action(rp: Replay, step: int) -> list[Any] | None:
    """``[code, actor, card, points, word]``: ``T`` names trump (``word`` the suit
    letter), ``U`` turns up ``card``, ``P`` calls ``card`` as partner, ``B`` a call
    (``word``: weiter, spritze or a contract), ``W`` lays ``card`` away, ``L`` a lead,
    ``F`` a follow, ``M`` a marriage lead with ``points``, ``66`` a claim. -1 and ""
    stand for none."""
    done = step_action(rp, step)
    if done is None:
        return None
    a, who, before = done
    kind = a.kind.value
    if kind == "trump":
        if a.suit is None:
            return ["U", who, before.turn_up_card, 0, ""]
        return ["T", who, -1, 0, "CDHS"[int(a.suit)]]
    if kind == "partner":
        return ["P", who, int(a.card), 0, ""]
    if kind == "layaway":
        return ["W", who, int(a.card), 0, ""]
    if kind == "call":
        return ["B", who, -1, 0, a.call.value]
    if kind == "claim":
        return ["66", who, -1, 0, ""]
    if kind == "marriage":
        return ["M", who, int(a.card), a.points, ""]
    return ["F" if before.table else "L", who, int(a.card), 0, ""]


def _inference_table(rp: Replay) -> list[list[Any]]:
    """Every void play showed, once: ``[seat, step, kind, suit, excluded, -1]`` (kind
    ``void`` or ``void_trumps``: void in the led suit and in trumps too)."""
    table: list[list[Any]] = []
    for inf in rp.inferences(rp.last, None):
        kind = ("void" if inf.excluded == SUIT_MASKS[inf.suit] & rp[0].profile.cards
                else "void_trumps")
        table.append([int(inf.seat), inf.step, kind, int(inf.suit), inf.excluded, -1])
    return table


def _counting(rp: Replay, step: int, seat: int) -> list[int]:
    """``[my_score, other_score]`` as ``seat`` counts them: its side's score as far as
    it knows the side, the other side's (-1 while it does not know the sides, BW2). The
    script derives the rest of the seat's counting from the step's public facts."""
    c = rp.counting(step, seat)
    return [c.my_score, -1 if c.other_score is None else c.other_score]


def _table_cards(rp: Replay, step: int) -> tuple[list[list[int]], int]:
    """The trick in progress as ``[seat, card]``; while the table is empty the last
    trick, and its number (0: none)."""
    pos = rp[step]
    if pos.table:
        return [[int(s), int(c)] for s, c in zip(pos.trick_seats, pos.trick, strict=True)], 0
    done = rp.tricks(step)
    if done:
        t = done[-1]
        return [[s, int(c)] for s, c in zip(t.seats, t.cards, strict=True)], t.number
    return [], 0


def _public(pos: Any) -> int:
    """The cards everyone knows to be in a hand: the turned-up trump card while forehand
    holds it, the other half of an announced marriage (BW1)."""
    pub = pos.revealed & ~pos.played
    if pos.turned >= 0:
        pub |= 1 << pos.turned
    return int(pub)


def _step(rp: Replay, step: int) -> dict[str, Any]:
    """One step's facts, keyed short (a match holds hundreds of them): ``a`` the action
    (:func:`_action`), ``h`` the hands, ``t`` the cards on the table (while it is empty
    the last trick, ``d`` its number), ``ph`` the phase (0 trump, 1 partner, 2 calls, 3
    play, 4 over, 5 laying away), ``s`` ``p`` ``w`` the sides' scores, pending marriages
    and tricks, ``ps`` ``pw`` each seat's card points and tricks, ``m`` who acts next,
    ``k`` each seat's count of its own side's and the other side's score (-1: the sides
    unknown to it); when there are any ``pu`` the cards known to be in a hand, ``o`` the
    cards out of play and in no hand (the talon not taken yet, the cards laid away),
    ``ds`` the declarer's own score in a Schnapser, ``b`` the match counters, ``q`` the
    comments, ``g`` the glyphs. What follows from the actions (the calls, the contract, the trump,
    the sides, what each seat has seen and may count) the script works out."""
    pos = rp[step]
    n = len(pos.SEATS)
    table, done = _table_cards(rp, step)
    to_move = pos.to_move
    c = pos.contract
    out: dict[str, Any] = {
        "a": _action(rp, step),
        "h": [pos.hands[s] for s in range(n)],
        "t": table,
        "d": done,
        "ph": pos.phase,
        "s": [pos.score(0), pos.score(1)],
        "p": [pos.pending(0), pos.pending(1)],
        "w": [pos.side_tricks(0), pos.side_tricks(1)],
        "ps": list(pos.points),
        "pw": list(pos.won),
        "m": -1 if to_move is None else int(to_move),
        "k": [_counting(rp, step, s) for s in range(n)],
    }
    pub = _public(pos)
    if pub:
        out["pu"] = pub
    held = 0
    for h in pos.hands:
        held |= h
    out_of_play = pos.profile.cards & ~held & ~pos.played
    if out_of_play:
        out["o"] = out_of_play
    if c is not None and pos.phase in (3, 4) and c.points_count:
        out["ds"] = pos.declarer_score()
    return step_notes(rp, step, out)


def deal_data(rp: Replay, places: Sequence[str], extra: Mapping[str, Any],
              after_sides: Mapping[str, Any]) -> dict[str, Any]:
    """One deal's data for the page: the seats drawn at ``places`` in every view, with
    the game's own facts ``extra`` (after ``forehand``) and ``after_sides`` (after
    ``sides``)."""
    rec = rp.record
    table = _inference_table(rp)
    out = rp.outcome(rp.last)
    fin = rp[rp.last]
    after = rp.counters(rp.last) if out is not None else None
    match_winner = -1
    if after is not None:
        won = MatchState(rec.match_rules, after, 0).winners
        match_winner = sum(1 << fin.LETTERS.index(ch) for ch in won[0]) if won else -1
    error = rp.error or (rec.errors[0] if rec.errors else None)
    error_words = (None if error is None else
                   notation.error_text(error.line, error.col, error.rule, error.message))
    p0 = rp[0]
    n = len(p0.SEATS)
    hidden = ("Deck", *rec.game.name_tags)
    return {
        "four": True,
        "seats": list(rp.seats),
        "names": [bot_name(x) for x in rec.player_names],
        "views": [-1, *range(n)],
        "places": [list(places)] * (n + 1),
        "talon": False,
        "trump": -1,
        "dealer": p0.dealer,
        "forehand": p0.forehand,
        **extra,
        "tags": [list(kv) for kv in header_pairs(rec.tags, (), hidden)],
        "match": rec.match,
        "deal": rec.deal,
        "counter_keys": list(rec.match_rules.keys),
        "first": [rp.knowledge(0, s).hand for s in range(n)],
        "sides": list(fin.side_seats),
        **after_sides,
        "tricks": [[int(t.leader), [int(c) for c in t.cards], int(t.winner), t.points, t.step]
                   for t in rp.all_tricks],
        "inferences": table,
        "result": (None if out is None else
                   {"winner": out.winners, "points": out.game_points, "end": out.end.value,
                    "rule": out.rule, "claimant": out.claimant,
                    "contract": "" if fin.contract is None else fin.contract.value,
                    "declarer": fin.declarer,
                    "spritze": fin.spritze if fin.spritze_stands else -1}),
        "bummerl_winner": -1,
        "match_winner": match_winner,
        "error": error_words,
        "error_in_play": rp.error is not None,
        "steps": [_step(rp, i) for i in range(len(rp))],
    }
