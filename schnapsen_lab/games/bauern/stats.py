"""Bauernschnapsen's statistics (the game's part ``stats``): what happened in a deal (the
auction, the contract, the sides and their marriages), its row of the deal table, its
matches' rows and its players' counts. The features are pure functions of a
:class:`~schnapsen_lab.psn.Record` (the referee's position where the reader left it);
pandas is imported by the functions that build tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...columns import (
    CARD_NAMES,
    MATCH_THREE,
    NO_FOUR_PLAY,
    NO_THREE,
    NO_TWO_PLAY,
    SEATS4,
    SUITS,
    actions,
    error_text,
    seat_letter,
    side_letters,
    winners_side,
)
from ...psn import Record
from .rules import Position

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["OWN_PLAYER_COLUMNS", "BauernFeatures", "bauern_features", "count_players",
           "matches", "row"]

OWN_PLAYER_COLUMNS = frozenset({"contracts", "contracts_made", "spritzes"})
"""The player table's columns only this game fills."""


@dataclass(frozen=True, slots=True)
class BauernFeatures:
    """Facts of one four-player deal's main line (BAUERN.md), up to any error.

    Seats are ints 0-3 (N, E, S, W), -1 where there is none; sides are 4-bit seat masks.
    Per-side figures are ``(forehand's side, the other side)`` pairs: with fixed partners
    forehand's team, with called partners forehand and the holder of the called card.
    ``trump_turned`` is None before trump is fixed; ``turned_card`` the card value turned up
    (BR2) or -1; ``trump`` the trump in play (-1 in Gang or before it is fixed).
    ``called`` and ``partner`` are the called card and its holder (BC1; forehand himself
    when he holds it, BC2), ``partner_known_step``/``partner_known_trick`` the action
    (from 1) and the trick at which the called card fell (BC3). ``calls`` are the calls in
    speaking order from forehand; ``contract`` is ``normal`` once the round is over without
    one, else the contract's word, or None while the round lasts. ``decided_step`` and
    ``decided_trick`` say where the outcome was fixed (the last action of a finished main
    line; the trick just won, or the one being led on a marriage announcement).
    ``pending`` counts each side's marriages that never counted (BM2, BK5 and BK2: the side
    won no trick; in Schnapser and Kontraschnapser every marriage but the declarer's own
    after his first trick). ``declarer_score`` is BK2's score in Schnapser and
    Kontraschnapser.
    """

    dealer: int
    forehand: int
    knock: bool
    trump_turned: bool | None
    turned_card: int
    trump: int
    called: int
    partner: int
    partner_known_step: int | None
    partner_known_trick: int | None
    calls: tuple[str, ...]
    contract: str | None
    declarer: int
    declarer_score: int | None
    spritze: int
    spritze_stands: bool
    sides: tuple[int, int]
    winners: int
    claimant: int
    game_points: int | None
    end: str | None
    made: bool | None
    decided_step: int | None
    decided_trick: int | None
    tricks: tuple[int, int]
    scores: tuple[int, int]
    marriages20: tuple[int, int]
    marriages40: tuple[int, int]
    pending_marriages: tuple[int, int]
    actions: int


def bauern_features(record: Record) -> BauernFeatures | None:
    """The facts of a four-player record's main line (up to its first error); None when
    the deal never started (no playable deck, or a tag such as Cut keeps it from starting)."""
    from .rules import Kind

    fin: Position | None = record.final
    if not isinstance(fin, Position):
        return None
    actions = [m.action for m in record.main.moves]
    hands: list[int] | None = None  # as dealt, for who announced a marriage
    trump_turned: bool | None = None
    known_step: int | None = None
    known_trick: int | None = None
    m20 = [0, 0, 0, 0]
    m40 = [0, 0, 0, 0]
    cards = 0
    called = fin.called
    for step, a in enumerate(actions, 1):
        kind = a.kind
        if kind is Kind.PLAY or kind is Kind.MARRIAGE:
            cards += 1
            if a.card == called and known_step is None:
                known_step, known_trick = step, (cards - 1) // 4 + 1
            if kind is Kind.MARRIAGE:
                if hands is None:
                    hands = Position.dealt(fin.deck, fin.dealer, fin.profile, fin.knock).hands
                card = a.card
                seat = next(s for s in range(4) if hands[s] >> card & 1)
                (m40 if a.points == 40 else m20)[seat] += 1
        elif kind is Kind.TRUMP:
            trump_turned = a.suit is None
    fh = fin.forehand
    side_fh = fin.side[fh]
    sides = (side_fh, 1 - side_fh)
    masks = (fin.side_seats[side_fh], fin.side_seats[1 - side_fh])
    contract = fin.contract
    auction_over = len(fin.calls) == 4
    tricks = (fin.side_tricks(0), fin.side_tricks(1))
    if contract is None:  # whose marriages count in the end (BM2, BK2, BK5)
        counted = [tricks[fin.side[s]] > 0 for s in range(4)]
    else:
        counted = [not contract.all_tricks and s == fin.declarer and fin.won[s] > 0
                   for s in range(4)]

    def per_side(values: list[int]) -> tuple[int, int]:
        return (sum(values[s] for s in range(4) if masks[0] >> s & 1),
                sum(values[s] for s in range(4) if masks[1] >> s & 1))

    pending = [0 if counted[s] else m20[s] + m40[s] for s in range(4)]
    out = fin.outcome
    end = out.end.value if out is not None else None
    made = None
    if end == "contract_made":
        made = True
    elif end == "contract_broken":
        made = False
    schnapser = contract is not None and not contract.all_tricks
    return BauernFeatures(
        dealer=fin.dealer,
        forehand=fh,
        knock=fin.knock,
        trump_turned=trump_turned,
        turned_card=(fin.deck[3 if fin.knock else 12] if trump_turned else -1),
        trump=fin.trump if 0 <= fin.trump < 4 else -1,
        called=called,
        partner=fin.partner if called >= 0 else -1,
        partner_known_step=known_step,
        partner_known_trick=known_trick,
        calls=tuple(c.value for c in fin.calls),
        contract=(contract.value if contract is not None
                  else "normal" if auction_over else None),
        declarer=fin.declarer,
        declarer_score=fin.declarer_score() if schnapser else None,
        spritze=fin.spritze,
        spritze_stands=fin.spritze_stands,
        sides=masks,
        winners=out.winners if out is not None else 0,
        claimant=out.claimant if out is not None else 0,
        game_points=out.game_points if out is not None else None,
        end=end,
        made=made,
        decided_step=len(actions) if out is not None else None,
        decided_trick=(fin.tricks_played + (1 if fin.table else 0)
                       if out is not None else None),
        tricks=(tricks[sides[0]], tricks[sides[1]]),
        scores=(fin.score(sides[0]), fin.score(sides[1])),
        marriages20=per_side(m20),
        marriages40=per_side(m40),
        pending_marriages=per_side(pending),
        actions=len(actions),
    )


def row(rec: Record, file: str, line_offset: int = 0) -> tuple[Any, ...]:
    """A four-player deal's row: the common columns (file and place, variant, profile,
    trump, validity and errors, game points, end, rule, whether forehand's side won,
    actions) and the four-player ones; the columns of two players (A and B) are NA.

    Where the main line breaks a rule, the deal's set-up (names, dealer, forehand, cut)
    and the match totals are filled and the play columns are NA, as for two players."""
    f = bauern_features(rec) if rec.main_line_ok else None
    dealer = int(rec.dealer)
    end = rec.end
    head = (
        file, rec.index, rec.line + line_offset, rec.game.key, rec.match, None, rec.deal,
        None, None, None, None, rec.profile.name,
        SUITS[f.trump] if f is not None and f.trump >= 0 else None,
        not rec.errors, len(rec.errors), rec.errors[0].rule if rec.errors else None,
        error_text(rec, line_offset),
        None, None,
        f.game_points if f is not None else None,
        end.value if end is not None else None,
        rec.outcome.rule if f is not None and f.winners else None,
        None,
        bool(f.winners >> f.forehand & 1) if f is not None and f.winners else None,
        *NO_TWO_PLAY, f.actions if f is not None else actions(rec),
        None, None, None, None, None,
        *rec.player_names, SEATS4[dealer], SEATS4[(dealer + 1) & 3],
        "knock" if rec.tags.get("Cut", "").strip().lower() == "knock" else "cut",
    )
    counters = rec.counters
    won = rec.match_winners
    by_player = counters is not None and len(counters) == 4
    totals = (
        *(counters if counters is not None and not by_player else (None, None)),
        *(counters if counters is not None and by_player else (None,) * 4),
        winners_side(won) if won else None,
    )
    if f is None:
        return (*head, *NO_FOUR_PLAY, *totals, *NO_THREE)
    calls = f.calls
    fh = f.forehand
    return (
        *head,
        None if f.trump_turned is None else ("turned" if f.trump_turned else "named"),
        CARD_NAMES[f.turned_card] if f.turned_card >= 0 else None,
        CARD_NAMES[f.called] if f.called >= 0 else None,
        seat_letter(f.partner), f.partner_known_step, f.partner_known_trick,
        *(calls[i] if i < len(calls) else None for i in range(4)),
        *(calls[(s - fh) & 3] if (s - fh) & 3 < len(calls) else None for s in range(4)),
        f.contract, seat_letter(f.declarer), f.declarer_score, f.made,
        f.spritze_stands if f.contract is not None else None, seat_letter(f.spritze),
        side_letters(f.sides[0]), side_letters(f.sides[1]), side_letters(f.winners),
        side_letters(f.claimant),
        f.decided_step, f.decided_trick,
        f.tricks[0], f.tricks[1], f.scores[0], f.scores[1],
        f.marriages20[0], f.marriages20[1], f.marriages40[0], f.marriages40[1],
        f.pending_marriages[0], f.pending_marriages[1],
        *totals, *NO_THREE,
    )


def matches(d: pd.DataFrame, position: Any) -> pd.DataFrame:
    """The matches of four-player deals (BX1): totals per team, or per player with called
    partners (BC5), with the first deal's row position."""
    import numpy as np
    import pandas as pd

    key = ["file", "match", "bummerl"]
    win = d["winning_side"].astype(object).where(d["winning_side"].notna(), "").astype(
        str).to_numpy()
    gp = d["game_points"].fillna(0).astype(int).to_numpy()
    work = pd.DataFrame({
        "file": d["file"].astype(str).to_numpy(),
        "match": d["match"].astype(str).to_numpy(),
        "bummerl": d["bummerl"].astype(int).to_numpy(),
        **{seat: d[seat].astype(str).to_numpy() for seat in ("north", "east", "south", "west")},
        "first_dealer_seat": d["dealer_seat"].astype(str).to_numpy(),
        "invalid": (~d["valid"].to_numpy(dtype=bool)).astype(int),
        "game_points_ns": np.where(win == "NS", gp, 0),
        "game_points_ew": np.where(win == "EW", gp, 0),
        **{f"game_points_{s.lower()}": np.where([s in w for w in win], gp, 0)
           for s in SEATS4},
        **{c: d[c].to_numpy() for c in ("counters_ns", "counters_ew", "counters_n",
                                        "counters_e", "counters_s", "counters_w")},
        "match_winner": d["match_winner"].astype(object).to_numpy(),
        "_first": position,
    })
    g = work.groupby(key, sort=False)
    sums = [f"game_points_{k}" for k in ("ns", "ew", "n", "e", "s", "w")]
    out = g.agg(**{c: (c, "first") for c in ("north", "east", "south", "west",
                                             "first_dealer_seat", "_first")},
                deals=("invalid", "size"), invalid_deals=("invalid", "sum"),
                **{c: (c, "sum") for c in sums})
    last = g.tail(1).set_index(key)[["counters_ns", "counters_ew", "counters_n", "counters_e",
                                     "counters_s", "counters_w", "match_winner"]]
    out = out.join(last).reset_index()
    called = out["counters_n"].notna().to_numpy(dtype=bool)
    for c in sums[:2]:
        out[c] = out[c].astype(object).where(~called, None)
    for c in sums[2:]:
        out[c] = out[c].astype(object).where(called, None)
    mw = out["match_winner"].astype(object).where(out["match_winner"].notna(), None)
    out["complete"] = mw.notna().to_numpy(dtype=bool)
    names = out[["north", "east", "south", "west"]].to_numpy(dtype=object)
    out["winner_name"] = [
        " & ".join(str(names[i][k]) for k, s in enumerate(SEATS4) if s in w)
        if isinstance(w, str) else None for i, w in enumerate(mw)]
    out["variant"] = "bauern"
    for c in ("player_a", "player_b", "first_dealer", "game_points_a", "game_points_b",
              "counters_a", "counters_b", "over", "winner", *MATCH_THREE):
        out[c] = None
    return out


def count_players(deals: pd.DataFrame, matches: pd.DataFrame,
                  of: Callable[[str], dict[str, int]]) -> None:
    """Add each four-player deal and match to the counts of the players at its seats."""
    if len(deals):
        cols = ["north", "east", "south", "west", "forehand_seat", "winning_side",
                "game_points", "end", "claim_side", "declarer", "contract_made",
                "spritze_seat"]
        sub = deals[cols].astype(object).where(deals[cols].notna(), None)
        for n, e, s_, w, fh, win, gp, end, claim, decl, made, spr in sub.itertuples(
                index=False, name=None):
            finished = win is not None
            for seat, name in zip(SEATS4, (n, e, s_, w), strict=True):
                s = of(str(name))
                if finished:
                    s["deals"] += 1
                    won = seat in win
                    if fh == seat:
                        s["forehand_deals"] += 1
                        s["forehand_won"] += int(won)
                    if won:
                        s["deals_won"] += 1
                        s["game_points"] += int(gp)
                if claim is not None and seat in claim:
                    s["claims"] += 1
                    s["false_claims"] += int(end == "false_claim")
                if decl == seat:
                    s["contracts"] += 1
                    s["contracts_made"] += int(made is True)
                if spr == seat:
                    s["spritzes"] += 1
    if len(matches):
        cols = ["north", "east", "south", "west", "complete", "match_winner"]
        sub = matches[cols].astype(object).where(matches[cols].notna(), None)
        for n, e, s_, w, complete, mw in sub.itertuples(index=False, name=None):
            for seat, name in zip(SEATS4, (n, e, s_, w), strict=True):
                s = of(str(name))
                s["matches"] += 1
                s["matches_complete"] += int(bool(complete))
                s["bummerl_wins"] += int(mw is not None and seat in mw)
