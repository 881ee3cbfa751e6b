"""Players by name: the names the command line and the notebooks use.

``make_player("heuristic")`` builds a new player. The built-in names are ``random`` and
``heuristic``. The hook for more: each module of :data:`PLUGIN_MODULES` that exists
(``schnapsen_lab.players.strong``) is imported when a name that is not built in is asked
for, or when the names are listed. Such a module either calls ``register("strong",
factory)`` itself, or defines a class ``StrongPlayer`` (the module's last name,
capitalised, plus ``Player``) that takes no argument, which is then registered under the
module's last name. Other code may call :func:`register` at any time.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from .base import Player

__all__ = ["PLUGIN_MODULES", "make_player", "player_names", "register"]

PlayerFactory = Callable[[], Player]

_FACTORIES: dict[str, PlayerFactory] = {}
_loaded = False

PLUGIN_MODULES = ("schnapsen_lab.players.strong",)
"""Modules imported on first use that may call :func:`register` (skipped when absent)."""


def register(name: str, factory: PlayerFactory) -> None:
    """Make ``make_player(name)`` call ``factory`` (a later registration replaces one)."""
    _FACTORIES[name.strip().lower()] = factory


def _random() -> Player:
    from .random import RandomPlayer

    return RandomPlayer()


def _heuristic() -> Player:
    from .heuristic import HeuristicPlayer

    return HeuristicPlayer()


register("random", _random)
register("heuristic", _heuristic)


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


def player_names() -> list[str]:
    """The registered names, sorted (plugins that fail to import are left out)."""
    _load_plugins(quiet=True)
    return sorted(_FACTORIES)


def make_player(name: str) -> Player:
    """A new player of that name; raise KeyError with the known names if there is none."""
    key = name.strip().lower()
    if key not in _FACTORIES:
        _load_plugins()
    factory = _FACTORIES.get(key)
    if factory is None:
        raise KeyError(f"unknown player {name!r}; known: {', '.join(player_names())}")
    return factory()
