"""Statistics over collections of PSN records: tables, plots, parallel and Dask reading.

The frame functions need pandas (the ``lab`` extra), the plots matplotlib, and
:mod:`schnapsen_lab.stats.dask` Dask (the ``dask`` extra); each is imported only when
a function that needs it runs.
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
)

__all__ = [
    "DEAL_COLUMNS",
    "MATCH_COLUMNS",
    "PLAYER_COLUMNS",
    "DealFeatures",
    "ScorePoint",
    "deal_features",
    "deals_frame",
    "matches_frame",
    "players_frame",
    "score_trajectory",
]
