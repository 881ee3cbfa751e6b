"""Tables of deals, Bummerls and players from PSN collections (pandas).

::

    from schnapsen_lab.stats import deals_frame, matches_frame, players_frame
    deals = deals_frame(["records/heuristic-vs-random.psn"])
    matches = matches_frame(deals)
    players = players_frame(deals)

One row a deal, with every column described in :data:`DEAL_COLUMNS` (and in
docs/statistics.md). Invalid records are kept as rows with ``valid`` False and their
errors; outcome columns are missing (NA) where the main line itself is broken, as in
``check --json``. pandas is imported when a function runs, not when this module loads.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..columns import DEAL_COLUMNS, MATCH_COLUMNS, PLAYER_COLUMNS
from ..games import Game, find_game, game_named, games
from ..psn import Record
from .rows import (
    ROWS_A_PART,
    Source,
    _is_path,
    _items,
    concat_deals,
    empty_deals_frame,
    finish_deals,
    iter_records,
    record_row,
    records_frame,
    restore_types,
)
from .typed import _frame

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEAL_COLUMNS",
    "MATCH_COLUMNS",
    "PLAYER_COLUMNS",
    "ROWS_A_PART",
    "Source",
    "concat_deals",
    "deals_frame",
    "empty_deals_frame",
    "finish_deals",
    "iter_records",
    "matches_frame",
    "players_frame",
    "record_row",
    "records_frame",
    "restore_types",
]


def deals_frame(source: Source, *, workers: int = 1, progress: bool = False) -> pd.DataFrame:
    """One row a deal of every record in ``source`` (paths and/or records), in file order.

    With ``workers`` other than 1, paths are read in parallel chunks on that many
    processes (0 or None-like values mean all cores), see :mod:`.parallel`.
    """
    if workers != 1:
        items = _items(source)
        if items and all(_is_path(x) for x in items):
            from .parallel import read_deals

            return read_deals([os.fspath(x) for x in items],
                              workers=workers or None, progress=progress)
        source = items
    recs: Iterable[tuple[str, Record]] = iter_records(source)
    if progress:
        from tqdm.auto import tqdm

        recs = tqdm(recs, unit=" deals", desc="reading")
    return finish_deals(records_frame(recs))


# ----------------------------------------------------------------------------------------------
# Bummerls and players
# ----------------------------------------------------------------------------------------------

def _variants(df: pd.DataFrame) -> Any:
    """The ``variant`` of each row as an array (the default game's where the column is
    missing)."""
    import numpy as np

    if "variant" in df.columns:
        return df["variant"].astype(object).to_numpy()
    return np.full(len(df), find_game({}).key, dtype=object)


def _games_of(df: pd.DataFrame) -> list[Game[Any, Any, Any]]:
    """The registered games that have rows in ``df``, in the registry's order."""
    present = set(_variants(df))
    return [g for g in games() if g.key in present]


def _of_game(df: pd.DataFrame, key: str) -> pd.DataFrame:
    """The rows of the game ``key``."""
    rows: pd.DataFrame = df[(_variants(df) == key).astype(bool)]
    return rows


def _deals_of(source: Source | pd.DataFrame) -> pd.DataFrame:
    import pandas as pd

    if isinstance(source, pd.DataFrame):
        return source
    return deals_frame(source)


def matches_frame(source: Source | pd.DataFrame) -> pd.DataFrame:
    """One row a Bummerl (deals with the same Match in one file, B1; four players a match,
    BX1), in file order."""
    import numpy as np
    import pandas as pd

    deals = _deals_of(source)
    position = np.arange(len(deals))
    variant = _variants(deals)
    in_match = deals["match"].notna().to_numpy(dtype=bool)
    parts = []
    for game in _games_of(deals):
        mine = in_match & (variant == game.key)
        if mine.any():
            parts.append(game.part("stats").matches(deals[mine], position[mine]))
    if not parts:
        return restore_types(_frame([], MATCH_COLUMNS))
    out = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    out = out.sort_values("_first", kind="stable").reset_index(drop=True)
    return restore_types(out[[c[0] for c in MATCH_COLUMNS]])


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


_PLAYER_COUNTS = ("matches", "matches_complete", "bummerl_wins", "deals", "deals_won",
                  "game_points", "forehand_deals", "forehand_won", "closes", "closes_finished",
                  "closes_won", "claims", "false_claims", "held66", "contracts",
                  "contracts_made", "spritzes")


def players_frame(source: Source | pd.DataFrame,
                  matches: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row a player name and game, over every deal and Bummerl (match) they played."""
    all_deals = _deals_of(source)
    if matches is None:
        matches = matches_frame(all_deals)
    stats: dict[tuple[str, str], dict[str, int]] = {}

    def of(name: str, variant: str) -> dict[str, int]:
        s = stats.get((name, variant))
        if s is None:
            s = stats[(name, variant)] = dict.fromkeys(_PLAYER_COUNTS, 0)
        return s

    for game in _games_of(all_deals):
        key = game.key
        game.part("stats").count_players(_of_game(all_deals, key), _of_game(matches, key),
                                         lambda name, key=key: of(name, key))
    rows = []
    for (name, variant), s in stats.items():
        own = game_named(variant).part("stats").OWN_PLAYER_COLUMNS
        two, four = "closes" in own, "contracts" in own
        rows.append((
            name, variant, s["matches"], s["matches_complete"], s["bummerl_wins"],
            _rate(s["bummerl_wins"], s["matches_complete"]), s["deals"], s["deals_won"],
            _rate(s["deals_won"], s["deals"]), s["game_points"],
            _rate(s["game_points"], s["deals"]), s["forehand_deals"],
            _rate(s["forehand_won"], s["forehand_deals"]),
            s["closes"] if two else None, _rate(s["closes"], s["deals"]) if two else None,
            _rate(s["closes_won"], s["closes_finished"]) if two else None,
            s["claims"], s["false_claims"], s["held66"] if two else None,
            s["contracts"] if four else None, s["contracts_made"] if four else None,
            s["spritzes"] if four else None,
        ))
    df = _frame(rows, PLAYER_COLUMNS)
    df["player"] = df["player"].astype("str").astype("category")
    df["variant"] = df["variant"].astype("str").astype("category")
    return df.sort_values("player", kind="stable").reset_index(drop=True)
