"""Players by name: the names the command line and the notebooks use.

``make_player("heuristic")`` builds a new player. The built-in names are ``random`` and
``heuristic``. The hook for more: each module of :data:`PLUGIN_MODULES` that exists
(``schnapsen_lab.players.strong``) is imported when a name that is not built in is asked
for, or when the names are listed. Such a module either calls ``register("strong",
factory)`` itself, or defines a class ``StrongPlayer`` (the module's last name,
capitalised, plus ``Player``) that takes no argument, which is then registered under the
module's last name. Other code may call :func:`register` at any time.

Players are registered per game (the :class:`~schnapsen_lab.game.Game` key): the
two-player names above belong to ``schnapsen`` (the default, which also plays the
``bauern2`` profile); ``make_player("heuristic", game="bauern")`` builds a player for a
seat of four-player Bauernschnapsen (built in: ``random``, ``heuristic``).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, overload

from .base import Player

if TYPE_CHECKING:
    from .bauern import SeatPlayer

__all__ = ["DEFAULT_GAME", "PLUGIN_MODULES", "SOLVER_PLAYERS", "make_player", "player_names",
           "register"]

PlayerFactory = Callable[[], Player]

DEFAULT_GAME = "schnapsen"
"""The game whose players ``make_player(name)`` builds when no game is given."""

_FACTORIES: dict[str, PlayerFactory] = {}
_OTHER_GAMES: dict[str, dict[str, Callable[[], Any]]] = {}
_loaded = False

PLUGIN_MODULES = ("schnapsen_lab.players.strong", "schnapsen_lab.players.strong_bummerl")
"""Modules imported on first use that may call :func:`register` (skipped when absent)."""

SOLVER_PLAYERS = frozenset({"strong", "strong-bummerl"})
"""Names of the players that choose with the analysis engine (the solver over sampled
worlds): they play only the profiles it knows (:func:`schnapsen_lab.scope.analysis_refusal`)."""


def register(name: str, factory: Callable[[], Any], game: str = DEFAULT_GAME) -> None:
    """Make ``make_player(name, game)`` call ``factory`` (a later registration replaces
    one)."""
    key = name.strip().lower()
    if game == DEFAULT_GAME:
        _FACTORIES[key] = factory
    else:
        _OTHER_GAMES.setdefault(game, {})[key] = factory


def _random() -> Player:
    from .random import RandomPlayer

    return RandomPlayer()


def _heuristic() -> Player:
    from .heuristic import HeuristicPlayer

    return HeuristicPlayer()


def _random_seat() -> SeatPlayer:
    from .bauern import RandomBauernPlayer

    return RandomBauernPlayer()


def _heuristic_seat() -> SeatPlayer:
    from .bauern import HeuristicBauernPlayer

    return HeuristicBauernPlayer()


def _strong_seat() -> SeatPlayer:
    from ..games.bauern.strong import StrongBauernPlayer

    return StrongBauernPlayer()


register("random", _random)
register("heuristic", _heuristic)
register("random", _random_seat, game="bauern")
register("heuristic", _heuristic_seat, game="bauern")
register("strong", _strong_seat, game="bauern")


def _load_plugins(*, quiet: bool = False) -> None:
    """Import the plugin modules once; a module that fails to import raises (or, with
    ``quiet``, is skipped and tried again next time)."""
    global _loaded
    if _loaded:
        return
    failed = False
    for module in PLUGIN_MODULES:
        short = module.rsplit(".", 1)[-1]
        try:
            found = importlib.util.find_spec(module)
        except ModuleNotFoundError:  # its package is missing
            found = None
        if found is None:
            continue
        try:
            mod = importlib.import_module(module)
        except Exception:
            if not quiet:
                raise
            failed = True
            continue
        cls = getattr(mod, short.capitalize() + "Player", None)
        if short not in _FACTORIES and callable(cls):
            register(short, cls)
    _loaded = not failed


def player_names(game: str = DEFAULT_GAME) -> list[str]:
    """The names registered for ``game``, sorted (plugins that fail to import are left
    out)."""
    _load_plugins(quiet=True)
    return sorted(_FACTORIES if game == DEFAULT_GAME else _OTHER_GAMES.get(game, {}))


@overload
def make_player(name: str) -> Player: ...
@overload
def make_player(name: str, game: Literal["schnapsen"]) -> Player: ...
@overload
def make_player(name: str, game: Literal["bauern"]) -> SeatPlayer: ...
@overload
def make_player(name: str, game: str) -> Any: ...
def make_player(name: str, game: str = DEFAULT_GAME) -> Any:
    """A new player of that name for ``game``; raise KeyError with the known names if
    there is none."""
    key = name.strip().lower()
    table: dict[str, Callable[[], Any]]
    table = _FACTORIES if game == DEFAULT_GAME else _OTHER_GAMES.get(game, {})
    if key not in table:
        _load_plugins()
    factory = table.get(key)
    if factory is None:
        where = "" if game == DEFAULT_GAME else f" for {game}"
        raise KeyError(f"unknown player {name!r}{where}; known: "
                       f"{', '.join(player_names(game))}")
    return factory()
