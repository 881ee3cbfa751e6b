"""The games this package referees, and their registry.

* :mod:`schnapsen_lab.games.protocol`: what a game is (:class:`Game`, the parts it
  declares, the referee contract every position keeps);
* :mod:`schnapsen_lab.games.schnapsen`: two-player Schnapsen (RULES.md) and its profiles,
  ``bauern2`` (BAUERN.md BZ) among them;
* :mod:`schnapsen_lab.games.bauern`: four-player Bauernschnapsen (BAUERN.md);
* :mod:`schnapsen_lab.games.sechsundsechzig`: Sechsundsechzig (SECHSUNDSECHZIG.md);
* :mod:`schnapsen_lab.games.dreier`: three-player Dreierschnapsen (DREIER.md).

A reader of records asks :func:`find_game` with a record's tags (python-chess's
``find_variant``); the built-in games (:data:`BUILTIN_GAMES`) are imported and registered
on first use, and :func:`register_game` adds another. No game's module imports this
registry: the list of games lives here, above them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from . import protocol
from .protocol import *  # noqa: F403  (the protocol's names, re-exported)
from .protocol import Game

__all__ = [
    *protocol.__all__,
    "BUILTIN_GAMES",
    "find_game",
    "game_named",
    "game_of_profile",
    "games",
    "register_game",
]


def game_of_profile(profile: object) -> Game[Any, Any, Any]:
    """The registered game a profile belongs to (its type); raise KeyError. The built-in
    games are loaded only when none registered so far owns the profile."""
    while True:
        for g in _GAMES.values():
            if g.owns_profile(profile):
                return g
        if not _load_next():
            break
    raise KeyError(f"no registered game plays the profile {profile!r}")

# -- the registry ------------------------------------------------------------------------------

BUILTIN_GAMES: tuple[tuple[str, bool], ...] = (
    ("schnapsen_lab.games.schnapsen.game:SCHNAPSEN", True),
    ("schnapsen_lab.games.bauern.game:BAUERN_GAME", False),
    ("schnapsen_lab.games.sechsundsechzig.game:SECHSUNDSECHZIG", False),
    ("schnapsen_lab.games.dreier.game:DREIER_GAME", False),
)
"""The built-in games, ``"module:attribute"`` of each :class:`Game` and whether it is the
game of records without a Variant tag; imported and registered on first use, so that a
game's module never imports this registry."""

_GAMES: dict[str, Game[Any, Any, Any]] = {}
_BY_VARIANT: dict[str, Game[Any, Any, Any]] = {}
_DEFAULT: list[Game[Any, Any, Any]] = []
_loaded: list[int] = [0]
"""How many entries of :data:`BUILTIN_GAMES` have been loaded."""


def register_game(game: Game[Any, Any, Any], *, default: bool = False) -> None:
    """Make ``game`` findable by its key and variant names (a later one replaces an
    earlier of the same name); ``default`` makes it the game of records without a
    Variant tag."""
    _GAMES[game.key] = game
    for v in (game.key, *game.variant_names):
        _BY_VARIANT[v.lower()] = game
    if default:
        _DEFAULT[:] = [game]


def _load_next() -> bool:
    """Import and register the next built-in game not loaded yet; False when none is
    left. The games are loaded one at a time, so that a reader of two-player records never
    imports the four-player referee."""
    while _loaded[0] < len(BUILTIN_GAMES):
        where, default = BUILTIN_GAMES[_loaded[0]]
        _loaded[0] += 1
        module, _, name = where.partition(":")
        game = getattr(importlib.import_module(module), name)
        if game.key not in _GAMES:
            register_game(game, default=default and not _DEFAULT)
            return True
    return False


def _load() -> None:
    """Load every built-in game."""
    while _load_next():
        pass


def games() -> list[Game[Any, Any, Any]]:
    """The registered games."""
    _load()
    return list(_GAMES.values())


def game_named(name: str) -> Game[Any, Any, Any]:
    """The game of a key or variant name (any case); raise KeyError with the known ones."""
    key = name.strip().lower()
    while key not in _BY_VARIANT and _load_next():
        pass
    g = _BY_VARIANT.get(key)
    if g is None:
        _load()
        raise KeyError(f"unknown Variant {name!r}; known: {', '.join(sorted(_BY_VARIANT))}")
    return g


def find_game(tags: Mapping[str, str]) -> Game[Any, Any, Any]:
    """The game of a record from its tags: the Variant tag's game, else the default
    (two-player Schnapsen); raise KeyError for an unknown variant. The other built-in
    games are loaded when a Variant tag first asks for one."""
    v = tags.get("Variant")
    if v is None:
        while not _DEFAULT and _load_next():
            pass
        return _DEFAULT[0]
    return game_named(v)
