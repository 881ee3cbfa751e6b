"""schnapsen-lab: study the Austrian card game Schnapsen in Jupyter.

The layers, lower never importing higher: :mod:`cards` -> :mod:`tricks` -> :mod:`rules`
and :mod:`games.bauern.rules` (the referees of two and four players) -> :mod:`match`
-> :mod:`game` (the protocol both games register with) -> :mod:`psn` (records of either
game) -> replay and knowledge (each game's replay kit) -> analysis and statistics ->
widgets and the command line.

The widgets speak English, German, French or Russian: :func:`set_language` (``"fr"``;
default the locale's language, else English) or ``lang=`` on each widget.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _moved

if TYPE_CHECKING:
    from .advisor import ClosingAdvice, advise
    from .cards import Card, Rank, Suit
    from .games.twohand.match import Bummerl
    from .games.twohand.rules import (
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
    from .games.twohand.table import Table
    from .i18n import get_language, set_language
    from .players import HeuristicPlayer, Player, RandomPlayer, make_player
    from .players.strong import StrongPlayer
    from .psn import Move, PsnError, Record, RecordError, dumps, loads, read
    from .recorder import Draw, Recorder, RecorderError, record_deal
    from .replay import Counting, Replay
    from .review import Review, annotate, review_record
    from .simulate import play_bummerl, play_deal
    from .solver import Solver, action_values, best_actions, solve
    from .stats import deals_frame, matches_frame, players_frame

_EXPORTS: dict[str, str] = {
    "Action": ".games.twohand.rules",
    "BEGINNER": ".games.twohand.rules",
    "Bummerl": ".games.twohand.match",
    "Card": ".cards",
    "ClosingAdvice": ".advisor",
    "Counting": ".replay",
    "Draw": ".recorder",
    "End": ".games.twohand.rules",
    "get_language": ".i18n",
    "set_language": ".i18n",
    "HeuristicPlayer": ".players",
    "IllegalAction": ".games.twohand.rules",
    "Move": ".psn",
    "Outcome": ".games.twohand.rules",
    "Player": ".players",
    "Position": ".games.twohand.rules",
    "Profile": ".games.twohand.rules",
    "PsnError": ".psn",
    "RandomPlayer": ".players",
    "Rank": ".cards",
    "Record": ".psn",
    "RecordError": ".psn",
    "Recorder": ".recorder",
    "RecorderError": ".recorder",
    "Replay": ".replay",
    "Review": ".review",
    "SOFT": ".games.twohand.rules",
    "STRICT": ".games.twohand.rules",
    "Seat": ".games.twohand.rules",
    "Solver": ".solver",
    "StrongPlayer": ".players.strong",
    "Suit": ".cards",
    "Table": ".games.twohand.table",
    "action_values": ".solver",
    "advise": ".advisor",
    "annotate": ".review",
    "best_actions": ".solver",
    "deals_frame": ".stats",
    "dumps": ".psn",
    "loads": ".psn",
    "make_player": ".players",
    "matches_frame": ".stats",
    "play_bummerl": ".simulate",
    "play_deal": ".simulate",
    "players_frame": ".stats",
    "read": ".psn",
    "record_deal": ".recorder",
    "review_record": ".review",
    "solve": ".solver",
}
"""Where each name of the package's namespace lives; imported on first use, so that
``import schnapsen_lab`` (and the command line) starts fast."""


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


__version__ = "0.1.0"

_moved.install()

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
