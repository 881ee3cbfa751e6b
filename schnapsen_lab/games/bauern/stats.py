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
from ..auction.stats import AuctionFeatures, count_seats, marriages, match_rows, side_facts
from .rules import Position

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["OWN_PLAYER_COLUMNS", "BauernFeatures", "bauern_features", "count_players",
           "matches", "row"]

OWN_PLAYER_COLUMNS = frozenset({"contracts", "contracts_made", "spritzes"})
"""The player table's columns only this game fills."""
_PLAYERS = ("north", "east", "south", "west")


@dataclass(frozen=True, slots=True)
class BauernFeatures(AuctionFeatures):
    """Facts of one four-player deal's main line (BAUERN.md), up to any error.

    Seats are ints 0-3 (N, E, S, W), -1 where there is none; sides are 4-bit seat masks;
    the rest as :class:`~schnapsen_lab.games.auction.stats.AuctionFeatures`. Per-side
    figures are ``(forehand's side, the other side)`` pairs: with fixed partners
    forehand's team, with called partners forehand and the holder of the called card.
    ``turned_card`` is the card value turned up (BR2). ``called`` and ``partner`` are
    the called card and its holder (BC1; forehand himself when he holds it, BC2),
    ``partner_known_step``/``partner_known_trick`` the action (from 1) and the trick at
    which the called card fell (BC3). ``decided_step`` and ``decided_trick`` say where
    the outcome was fixed (the last action of a finished main line; the trick just won,
    or the one being led on a marriage announcement). ``pending`` counts each side's
    marriages that never counted (BM2, BK5 and BK2: the side won no trick; in Schnapser
    and Kontraschnapser every marriage but the declarer's own after his first trick).
    ``declarer_score`` is BK2's score in Schnapser and Kontraschnapser.
    """

    knock: bool
    called: int
    partner: int
    partner_known_step: int | None
    partner_known_trick: int | None


def bauern_features(record: Record) -> BauernFeatures | None:
    """The facts of a four-player record's main line (up to its first error); None when
    the deal never started (no playable deck, or a tag such as Cut keeps it from starting)."""
    from .rules import Kind

    fin: Position | None = record.final
    if not isinstance(fin, Position):
        return None
    known_step: int | None = None
    known_trick: int | None = None
    cards = 0
    called = fin.called
    for step, m in enumerate(record.main.moves, 1):
        if m.action.kind is Kind.PLAY or m.action.kind is Kind.MARRIAGE:
            cards += 1
            if m.action.card == called and known_step is None:
                known_step, known_trick = step, (cards - 1) // 4 + 1
    m20, m40, trump_turned = marriages(
        record, lambda: Position.dealt(fin.deck, fin.dealer, fin.profile, fin.knock).hands,
        fin.declarer)
    contract = fin.contract
    return BauernFeatures(
        dealer=fin.dealer,
        knock=fin.knock,
        trump_turned=trump_turned,
        turned_card=(fin.deck[3 if fin.knock else 12] if trump_turned else -1),
        called=called,
        partner=fin.partner if called >= 0 else -1,
        partner_known_step=known_step,
        partner_known_trick=known_trick,
        declarer=fin.declarer,
        **side_facts(fin, m20, m40, contract is not None and not contract.all_tricks,
                     len(record.main.moves)),
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

    def points(win: np.ndarray, gp: np.ndarray) -> dict[str, Any]:
        return {"game_points_ns": np.where(win == "NS", gp, 0),
                "game_points_ew": np.where(win == "EW", gp, 0),
                **{f"game_points_{s.lower()}": np.where([s in w for w in win], gp, 0)
                   for s in SEATS4}}

    sums = [f"game_points_{k}" for k in ("ns", "ew", "n", "e", "s", "w")]

    def by_team_or_player(out: pd.DataFrame) -> None:
        called = out["counters_n"].notna().to_numpy(dtype=bool)
        for c in sums[:2]:
            out[c] = out[c].astype(object).where(~called, None)
        for c in sums[2:]:
            out[c] = out[c].astype(object).where(called, None)

    return match_rows(
        d, position, players=_PLAYERS, letters=SEATS4, points=points, sums=sums,
        counters=("counters_ns", "counters_ew", "counters_n", "counters_e", "counters_s",
                  "counters_w"),
        variant="bauern",
        empty=("player_a", "player_b", "first_dealer", "game_points_a", "game_points_b",
               "counters_a", "counters_b", "over", "winner", *MATCH_THREE),
        adjust=by_team_or_player)


def count_players(deals: pd.DataFrame, matches: pd.DataFrame,
                  of: Callable[[str], dict[str, int]]) -> None:
    """Add each four-player deal and match to the counts of the players at its seats."""
    count_seats(deals, matches, of, players=_PLAYERS, letters=SEATS4, normal_counts=True)
