"""schnapsen-lab: study the Austrian card game Schnapsen in Jupyter.

The layers, lower never importing higher: :mod:`cards` -> :mod:`rules` (the referee)
-> :mod:`psn` (records) -> replay and knowledge -> analysis and statistics -> widgets
and the command line.
"""

from __future__ import annotations

from .cards import Card, Rank, Suit
from .match import Bummerl
from .psn import Move, PsnError, Record, RecordError, dumps, loads, read
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

__version__ = "0.1.0"

__all__ = [
    "BEGINNER",
    "SOFT",
    "STRICT",
    "Action",
    "Bummerl",
    "Card",
    "End",
    "IllegalAction",
    "Move",
    "Outcome",
    "Position",
    "Profile",
    "PsnError",
    "Rank",
    "Record",
    "RecordError",
    "Seat",
    "Suit",
    "__version__",
    "dumps",
    "loads",
    "read",
]
