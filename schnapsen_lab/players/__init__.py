"""Players: anything that chooses an action from what it may know.

A player sees only its :class:`~schnapsen_lab.games.twohand.knowledge.View` (see :class:`Player`).
Built in: :class:`RandomPlayer` and :class:`HeuristicPlayer`; :func:`make_player` builds
one by name (``random``, ``heuristic``, and ``strong`` once registered).
"""

from __future__ import annotations

from ..games.twohand.players.base import Player
from ..games.twohand.players.heuristic import HeuristicPlayer
from ..games.twohand.players.random import RandomPlayer
from .registry import make_player, player_names, register

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "make_player", "player_names",
           "register"]
