"""What happened in one deal: closing, marriages, the trump-jack exchange, missed claims;
for four players the auction, the contract, the sides and their marriages.

Each game's features are its own (:mod:`schnapsen_lab.games.twohand.stats`,
:mod:`schnapsen_lab.games.bauern.stats`): pure functions of a record, replayed with the
game's referee. They are gathered here for the statistics' users.
"""

from __future__ import annotations

from ..games.bauern.stats import BauernFeatures, bauern_features
from ..games.twohand.stats import DealFeatures, ScorePoint, deal_features, score_trajectory

__all__ = ["BauernFeatures", "DealFeatures", "ScorePoint", "bauern_features", "deal_features",
           "score_trajectory"]
