"""schnapsen-lab: study the Austrian card game Schnapsen in Jupyter.

The layers, lower never importing higher: :mod:`cards` -> :mod:`rules` (the referee)
-> :mod:`psn` (records) -> replay and knowledge -> analysis and statistics -> widgets
and the command line.

The widgets speak English, German, French or Russian: :func:`set_language` (``"fr"``;
default the locale's language, else English) or ``lang=`` on each widget.
"""

from __future__ import annotations

from .advisor import ClosingAdvice, advise
from .cards import Card, Rank, Suit
from .i18n import get_language, set_language
from .match import Bummerl
from .players import HeuristicPlayer, Player, RandomPlayer, make_player
from .players.strong import StrongPlayer
from .psn import Move, PsnError, Record, RecordError, dumps, loads, read
from .recorder import Draw, Recorder, RecorderError, record_deal
from .replay import Counting, Replay
from .review import Review, annotate, review_record
from .rules import (
    BEGINNER,
    SOFT,
    STRICT,
    Action,
    End,
    IllegalAction,
    Outcome,
    Position,
    Profile,
    Seat,
)
from .simulate import play_bummerl, play_deal
from .solver import Solver, action_values, best_actions, solve
from .stats import deals_frame, matches_frame, players_frame
from .table import Table

__version__ = "0.1.0"

__all__ = [
    "BEGINNER",
    "SOFT",
    "STRICT",
    "Action",
    "Bummerl",
    "Card",
    "ClosingAdvice",
    "Counting",
    "Draw",
    "End",
    "HeuristicPlayer",
    "IllegalAction",
    "Move",
    "Outcome",
    "Player",
    "Position",
    "Profile",
    "PsnError",
    "RandomPlayer",
    "Rank",
    "Record",
    "RecordError",
    "Recorder",
    "RecorderError",
    "Replay",
    "Review",
    "Seat",
    "Solver",
    "StrongPlayer",
    "Suit",
    "Table",
    "__version__",
    "action_values",
    "advise",
    "annotate",
    "best_actions",
    "deals_frame",
    "dumps",
    "get_language",
    "loads",
    "make_player",
    "matches_frame",
    "play_bummerl",
    "play_deal",
    "players_frame",
    "read",
    "record_deal",
    "review_record",
    "set_language",
    "solve",
]
