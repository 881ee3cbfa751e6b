"""Statistics over collections of PSN records: tables, plots, parallel and Dask reading.

The tables need pandas (the ``lab`` extra), :mod:`.plots` matplotlib, :mod:`.ratings`
openskill (also in ``lab``), and :mod:`.dask` Dask (the ``dask`` extra); each is
imported only when a function that needs it runs.
Every column is described in docs/statistics.md.
"""

from __future__ import annotations

from .features import DealFeatures, ScorePoint, deal_features, score_trajectory
from .frames import (
    DEAL_COLUMNS,
    MATCH_COLUMNS,
    PLAYER_COLUMNS,
    deals_frame,
    matches_frame,
    players_frame,
    restore_types,
)
from .parallel import load_frame, read_deals, save_frame
from .ratings import RATING_COLUMNS, rating_history, ratings

__all__ = [
    "DEAL_COLUMNS",
    "MATCH_COLUMNS",
    "PLAYER_COLUMNS",
    "RATING_COLUMNS",
    "DealFeatures",
    "ScorePoint",
    "deal_features",
    "deals_frame",
    "load_frame",
    "matches_frame",
    "players_frame",
    "rating_history",
    "ratings",
    "read_deals",
    "restore_types",
    "save_frame",
    "score_trajectory",
]
