"""The two-player game's own players: the :class:`Player` protocol, the random player and
the rule-of-thumb (heuristic) player. The search players sit above, with the analysis
engine (:mod:`schnapsen_lab.players`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def _random() -> Any:
    from .random import RandomPlayer

    return RandomPlayer()


def _heuristic() -> Any:
    from .heuristic import HeuristicPlayer

    return HeuristicPlayer()


PLAYERS: Mapping[str, Callable[[], Any]] = {"random": _random, "heuristic": _heuristic}
"""The game's own players by name (its part ``players``)."""

__all__ = ["PLAYERS"]
