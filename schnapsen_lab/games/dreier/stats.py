"""Dreierschnapsen's statistics (the game's part ``stats``): what happened in a deal (trump,
the calls, the contract and its declarer, spritze, the cards laid away, the sides'
tricks, scores and marriages), its row of the deal table, its matches' rows, its
players' counts and the summary tables ``schnapsen-lab stats`` prints. The features are
pure functions of a :class:`~schnapsen_lab.psn.Record` (the referee's position where the
reader left it); pandas is imported by the functions that build tables."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import CARD_POINTS
from ...columns import CARD_NAMES, NAMES, SUITS, actions, error_text
from ...psn import Record
from ..auction.stats import AuctionFeatures, count_seats, marriages, match_rows, side_facts
from .rules import Position

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CONTRACT_WORDS", "OWN_PLAYER_COLUMNS", "DreierFeatures", "contract_table",
           "count_players", "dreier_features", "highest", "matches", "row", "seat_table",
           "summary", "tables"]

OWN_PLAYER_COLUMNS = frozenset({"contracts", "contracts_made", "spritzes"})
"""The player table's columns only the games with a round of calls fill."""
CONTRACT_WORDS = ("bettler", "schnapser", "gang", "bauernschnapser", "kontraschnapser",
                  "kontrabauernschnapser")
"""Dreierschnapsen's contracts (3A2), by value."""
_ABC = "ABC"
_PLAYERS = ("player_a", "player_b", "player_c")


def highest(counters: tuple[int, ...]) -> str:
    """The seats of the highest counter, in A, B, C order: the match's winner once a
    counter reached the target (3X1; two or three when level at the top)."""
    top = max(counters)
    return "".join(_ABC[s] for s, c in enumerate(counters) if c == top)


def _letters(mask: int) -> str | None:
    return "".join(_ABC[s] for s in range(3) if mask >> s & 1) or None


def _seat(seat: int) -> str | None:
    return _ABC[seat] if seat >= 0 else None


@dataclass(frozen=True, slots=True)
class DreierFeatures(AuctionFeatures):
    """Facts of one three-player deal's main line (DREIER.md), up to any error.

    Seats are ints 0-2 (A, B, C), -1 where there is none; sides are 3-bit seat masks;
    the rest as :class:`~schnapsen_lab.games.auction.stats.AuctionFeatures`, with
    ``turned_card`` the card turned up (3R2) and ``declarer`` the declarer (forehand in
    the normal game, 3A3) once the round is over, else the caller of the highest
    contract so far. ``laid`` the cards laid away (3T1) and ``laid_points`` their card
    points. ``pending`` counts each side's marriages that never counted (3M2, 3K6)."""

    laid: tuple[int, ...]
    laid_points: int


def dreier_features(record: Record) -> DreierFeatures | None:
    """The facts of a three-player record's main line (up to its first error); None when
    the deal never started."""
    fin = record.final
    if not isinstance(fin, Position):
        return None
    # a card of no dealt hand came from the talon: the declarer's (3T1)
    m20, m40, trump_turned = marriages(
        record, lambda: Position.dealt(fin.deck, fin.dealer, fin.profile).hands, fin.declarer)
    contract = fin.contract
    over = len(fin.calls) == 3
    return DreierFeatures(
        dealer=fin.dealer,
        trump_turned=trump_turned,
        turned_card=fin.deck[11] if trump_turned else -1,
        declarer=fin.declarer if over else fin.holder if contract is not None else -1,
        laid=fin.laid,
        laid_points=sum(CARD_POINTS[c] for c in fin.laid),
        **side_facts(fin, m20, m40, contract is not None and contract.points_count,
                     len(record.main.moves)),
    )


def row(rec: Record, file: str, line_offset: int = 0) -> tuple[Any, ...]:
    """A three-player deal's row: the common columns, the columns of the deal that the
    games with a round of calls share (seats A, B, C) and the three-player ones; the
    two-player columns but the names and counters of A and B are NA, and so are the
    four-player ones of names, the cut's partner and teams.

    Where the main line breaks a rule, the deal's set-up (names, dealer, forehand) and
    the match totals are filled and the play columns are NA."""
    f = dreier_features(rec) if rec.main_line_ok else None
    dealer = int(rec.dealer)
    end = rec.end
    names = rec.player_names
    counters = rec.counters
    won = rec.match_winners
    v: dict[str, Any] = {
        "file": file, "index": rec.index, "line": rec.line + line_offset,
        "variant": rec.game.key, "match": rec.match, "deal": rec.deal,
        "player_a": names[0], "player_b": names[1], "player_c": names[2],
        "profile": rec.profile.name,
        "trump": SUITS[f.trump] if f is not None and f.trump >= 0 else None,
        "valid": not rec.errors, "n_errors": len(rec.errors),
        "error_rule": rec.errors[0].rule if rec.errors else None,
        "errors": error_text(rec, line_offset),
        "game_points": f.game_points if f is not None else None,
        "end": end.value if end is not None else None,
        "rule": rec.outcome.rule if f is not None and f.winners else None,
        "forehand_won": (bool(f.winners >> f.forehand & 1)
                         if f is not None and f.winners else None),
        "actions": f.actions if f is not None else actions(rec),
        "dealer_seat": _ABC[dealer], "forehand_seat": _ABC[(dealer + 1) % 3], "cut": "cut",
        "match_winner": highest(counters) if won and counters is not None else None,
    }
    if counters is not None:
        v["counters_a"], v["counters_b"], v["counters_c"] = counters
    if f is not None:
        calls = f.calls
        fh = f.forehand
        v.update({
            "trump_fixed": (None if f.trump_turned is None
                            else "turned" if f.trump_turned else "named"),
            "turned_card": CARD_NAMES[f.turned_card] if f.turned_card >= 0 else None,
            **{f"call_{i + 1}": calls[i] for i in range(len(calls))},
            **{f"call_{'abc'[s]}": calls[(s - fh) % 3]
               for s in range(3) if (s - fh) % 3 < len(calls)},
            "contract": f.contract, "declarer": _seat(f.declarer),
            "declarer_score": f.declarer_score, "contract_made": f.made,
            "spritze": f.spritze_stands if f.contract is not None else None,
            "spritze_seat": _seat(f.spritze),
            "side_fh": _letters(f.sides[0]), "side_other": _letters(f.sides[1]),
            "winning_side": _letters(f.winners), "claim_side": _letters(f.claimant),
            "decided_step": f.decided_step, "decided_trick": f.decided_trick,
            "tricks_fh": f.tricks[0], "tricks_other": f.tricks[1],
            "score_fh": f.scores[0], "score_other": f.scores[1],
            "marriages20_fh": f.marriages20[0], "marriages20_other": f.marriages20[1],
            "marriages40_fh": f.marriages40[0], "marriages40_other": f.marriages40[1],
            "pending_fh": f.pending_marriages[0], "pending_other": f.pending_marriages[1],
            "laid_away": " ".join(CARD_NAMES[c] for c in f.laid) or None,
            "laid_points": f.laid_points if f.laid else None,
        })
    return tuple(v.get(n) for n in NAMES)


def matches(d: pd.DataFrame, position: Any) -> pd.DataFrame:
    """The matches of three-player deals (3X1): each player's game points and counter,
    with the first deal's row position."""
    import numpy as np

    def points(win: np.ndarray, gp: np.ndarray) -> dict[str, Any]:
        return {f"game_points_{s.lower()}": np.where([s in w for w in win], gp, 0)
                for s in _ABC}

    return match_rows(
        d, position, players=_PLAYERS, letters=_ABC, points=points,
        sums=[f"game_points_{s}" for s in "abc"],
        counters=("counters_a", "counters_b", "counters_c"), variant="dreier",
        empty=("first_dealer", "over", "winner", "north", "east", "south", "west",
               "game_points_ns", "game_points_ew", "game_points_n", "game_points_e",
               "game_points_s", "game_points_w", "counters_ns", "counters_ew", "counters_n",
               "counters_e", "counters_s", "counters_w"))


def count_players(deals: pd.DataFrame, matches: pd.DataFrame,
                  of: Callable[[str], dict[str, int]]) -> None:
    """Add each three-player deal and match to the counts of the players at its seats."""
    count_seats(deals, matches, of, players=_PLAYERS, letters=_ABC, normal_counts=False)


# -- tables --------------------------------------------------------------------------------------

def _finished(deals: pd.DataFrame) -> pd.DataFrame:
    d = deals[deals["variant"].astype(object) == "dreier"]
    return d[d["winning_side"].notna()]


def _calls(d: pd.DataFrame) -> Any:
    return d[["call_1", "call_2", "call_3"]].astype(object).to_numpy()


def contract_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Each contract (3K) over the finished three-player deals: how often it was called
    (3A1), played (the highest call, 3A3), made and broken (the normal game: won and lost
    by its declarer, forehand), played with a spritze, and the deal's game points per
    deal played from the declarer's side: won by him, or minus what each defender won
    (3G4-3G6)."""
    import numpy as np
    import pandas as pd

    d = _finished(deals)
    calls = _calls(d)
    contract = d["contract"].astype(object).to_numpy()
    made = d["contract_made"].astype("boolean").fillna(False).to_numpy(dtype=bool)
    broken = ~d["contract_made"].astype("boolean").fillna(True).to_numpy(dtype=bool)
    spritze = d["spritze"].astype("boolean").fillna(False).to_numpy(dtype=bool)
    won = np.array([str(w) == str(x) for w, x in zip(d["winning_side"].astype(object),
                                                     d["declarer"].astype(object),
                                                     strict=True)], dtype=bool)
    gp = d["game_points"].astype(float).to_numpy()
    net = np.where(won, gp, -gp)
    rows = []
    for c in ("normal", *CONTRACT_WORDS):
        played = contract == c
        n = int(played.sum())
        rows.append({
            "contract": c,
            "called": int((calls == c).any(axis=1).sum()) if c != "normal" else n,
            "played": n,
            "made": int((played & (made if c != "normal" else won)).sum()),
            "broken": int((played & (broken if c != "normal" else ~won)).sum()),
            "spritze": int((played & spritze).sum()),
            "declarer_points": float(net[played].mean()) if n else math.nan,
        })
    return pd.DataFrame(rows, columns=["contract", "called", "played", "made", "broken",
                                       "spritze", "declarer_points"]).set_index("contract")


def seat_table(deals: pd.DataFrame) -> pd.DataFrame:
    """By seat (A, B, C) over the finished three-player deals: contracts it called,
    played as declarer, made and broken; spritzes it said; and its game points."""
    import pandas as pd

    d = _finished(deals)
    decl = d["declarer"].astype(object).to_numpy()
    contract = d["contract"].astype(object).to_numpy()
    known = d["contract_made"].astype("boolean")
    made = known.fillna(False).to_numpy(dtype=bool)
    broken = ~known.fillna(True).to_numpy(dtype=bool)
    spr = d["spritze_seat"].astype(object).to_numpy()
    win = d["winning_side"].astype(object).to_numpy()
    gp = d["game_points"].astype(int).to_numpy()
    rows = []
    for s in _ABC:
        calls = d[f"call_{s.lower()}"].astype(object).to_numpy()
        own = (decl == s) & (contract != "normal")
        rows.append({
            "seat": s,
            "called": int(sum(1 for c in calls if c in CONTRACT_WORDS)),
            "played": int(own.sum()),
            "made": int((own & made).sum()),
            "broken": int((own & broken).sum()),
            "spritzes": int((spr == s).sum()),
            "game_points": int(sum(g for w, g in zip(win, gp, strict=True) if s in str(w))),
        })
    return pd.DataFrame(rows, columns=["seat", "called", "played", "made", "broken",
                                       "spritzes", "game_points"]).set_index("seat")


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """A short overview of a collection's three-player deals: one row a figure."""
    import pandas as pd

    three = deals[deals["variant"].astype(object) == "dreier"]
    n = len(three)
    valid = int(three["valid"].sum()) if n else 0
    d = _finished(three)
    fin = len(d)
    rows: list[tuple[str, Any]] = [
        ("three-player records", n),
        ("valid", valid),
        ("invalid", n - valid),
        ("finished deals", fin),
        ("unfinished deals", int((three["end"].astype(object) == "unfinished").sum())),
        ("matches (match ids)", int(three.groupby(
            [three["file"].astype(object), three["match"].astype(object), three["bummerl"]],
            dropna=True).ngroups) if n else 0),
    ]
    if fin:
        ends = d["end"].astype(str).value_counts()
        normal = d["contract"].astype(object) == "normal"
        declarer_won = [str(w) == str(x) for w, x in zip(
            d["winning_side"].astype(object), d["declarer"].astype(object), strict=True)]
        rows += [
            ("normal games", f"{normal.mean():.1%}"),
            ("declarer wins", f"{sum(declarer_won) / fin:.1%}"),
            *((f"ended by {e.replace('_', ' ')}", f"{ends.get(e, 0) / fin:.1%}")
              for e in ("claim", "false_claim", "last_trick", "contract_made",
                        "contract_broken")),
            ("mean game points", f"{d['game_points'].astype(float).mean():.2f}"),
            ("spritze said", f"{d['spritze_seat'].notna().mean():.1%}"),
            ("mean points laid away", f"{d['laid_points'].astype(float).mean():.2f}"),
        ]
    return pd.DataFrame(rows, columns=["figure", "value"]).set_index("figure")


def tables(deals: pd.DataFrame) -> list[pd.DataFrame]:
    """What ``schnapsen-lab stats`` prints for three-player deals: the summary, the
    contracts (:func:`contract_table`) and the seats (:func:`seat_table`)."""
    return [summary(deals), contract_table(deals), seat_table(deals)]
