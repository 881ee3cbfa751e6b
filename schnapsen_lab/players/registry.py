"""Players by name, per game: the names the command line, the tables and the notebooks use.

``make_player("heuristic")`` builds a new player of the default game (two-player
Schnapsen, which also plays the ``bauern2`` profile); ``make_player("heuristic",
"bauern")`` one for a seat of four-player Bauernschnapsen. Each game brings its own
players (its declared part ``players``: a mapping of name to factory), so this registry
names no game. The hook for more: each module of :data:`PLUGIN_MODULES` that exists
(``schnapsen_lab.players.strong``) is imported when a name that is not built in is asked
for, or when the names are listed. Such a module either calls :func:`register` itself, or
defines a class ``StrongPlayer`` (the module's last name, capitalised, plus ``Player``)
that takes no argument, which is then registered under the module's last name. Other
code may call :func:`register` at any time.

A player that judges with the analysis engine registers how it refuses a rules profile
it cannot play (``refuse``); :func:`refusal` asks it, so that a table or a simulation
can say why in one line before a deal starts.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .. import _moved
from ..games import find_game, game_named

__all__ = ["PLUGIN_MODULES", "SOLVER_PLAYERS", "make_player", "player_names", "refusal",
           "register"]

PlayerFactory = Callable[[], Any]
Refusal = Callable[[Any, str], "str | None"]

PLUGIN_MODULES = ("schnapsen_lab.players.strong", "schnapsen_lab.players.strong_bummerl")
"""Modules imported on first use that may call :func:`register` (skipped when absent)."""

SOLVER_PLAYERS = frozenset({"strong", "strong-bummerl", "expert"})
"""Names of the players that choose with the analysis engine (the solver over sampled
worlds): they play only the profiles it knows. :func:`refusal` imports the plugin modules
for these names, so that it can answer before any of them was made; every player that
registers a refusal is one of them (a test checks)."""

_ADDED: dict[str, dict[str, PlayerFactory]] = {}
_REFUSE: dict[tuple[str, str], Refusal] = {}
_loaded = False


def _game_key(game: str | None) -> str:
    """The key of ``game`` (a key or Variant name; None: the default game)."""
    return find_game({}).key if game is None else game_named(game).key


def _table(key: str) -> dict[str, PlayerFactory]:
    """The factories of the game ``key``: its own players, then those registered."""
    added = _ADDED.setdefault(key, {})
    game = game_named(key)
    own: Mapping[str, PlayerFactory | str] = (game.part("players") if game.has_part("players")
                                              else {})
    return {**{n: _factory(f) for n, f in own.items()}, **added}


def _factory(f: PlayerFactory | str) -> PlayerFactory:
    """A factory, or one named ``"module:attribute"`` (imported when it is called)."""
    if not isinstance(f, str):
        return f
    module, _, name = f.partition(":")

    def make() -> Any:
        return getattr(importlib.import_module(module), name)()

    return make


def register(name: str, factory: PlayerFactory, game: str | None = None, *,
             refuse: Refusal | None = None) -> None:
    """Make ``make_player(name, game)`` call ``factory`` (a later registration replaces
    one); ``refuse(profile, what)`` says why the player cannot play a profile (one line),
    None when it can."""
    key, name = _game_key(game), name.strip().lower()
    _ADDED.setdefault(key, {})[name] = factory
    if refuse is not None:
        _REFUSE[key, name] = refuse


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
        if short not in _table(_game_key(None)) and callable(cls):
            register(short, cls)
    _loaded = not failed


def player_names(game: str | None = None) -> list[str]:
    """The names registered for ``game`` (None: the default game), sorted (plugins that
    fail to import are left out)."""
    _load_plugins(quiet=True)
    return sorted(_table(_game_key(game)))


def make_player(name: str, game: str | None = None) -> Any:
    """A new player of that name for ``game`` (None: the default game); raise KeyError
    with the known names if there is none."""
    key, wanted = _game_key(game), name.strip().lower()
    table = _table(key)
    if wanted not in table:
        _load_plugins()
        table = _table(key)
    factory = table.get(wanted)
    if factory is None:
        where = "" if game is None or key == _game_key(None) else f" for {key}"
        raise KeyError(f"unknown player {name!r}{where}; known: "
                       f"{', '.join(player_names(key))}")
    return factory()


def refusal(name: str, profile: Any, what: str | None = None) -> str | None:
    """Why the player ``name`` cannot play a deal of ``profile`` (one line), or None when
    it can (or is unknown: :func:`make_player` says so)."""
    from ..games import game_of_profile

    key = game_of_profile(profile).key
    wanted = name.strip().lower()
    if (key, wanted) not in _REFUSE and wanted in SOLVER_PLAYERS:
        _load_plugins(quiet=True)
    refuse = _REFUSE.get((key, wanted))
    return None if refuse is None else refuse(profile, what or f"the {wanted} player")


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
