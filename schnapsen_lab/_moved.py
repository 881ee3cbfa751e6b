"""Old import paths of modules and names that moved when each game got its own package.

``import schnapsen_lab.rules`` (and the others in :data:`MOVED`) still works for one
release: it gives the very module at the new path, with a :class:`DeprecationWarning`
that names the new path. So does a name that moved out of a module that stayed
(:data:`MOVED_NAMES`): ``from schnapsen_lab.match import Bummerl`` gives
:class:`schnapsen_lab.games.schnapsen.match.Bummerl`, with the warning. A name the game
registry replaced (:data:`REMOVED_NAMES`) says what replaces it. Nothing in the package
imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["MOVED", "MOVED_NAMES", "REMOVED_NAMES", "install", "moved_name"]

MOVED: dict[str, str] = {
    "schnapsen_lab.game": "schnapsen_lab.games",
    "schnapsen_lab.rules": "schnapsen_lab.games.twohand.rules",
    "schnapsen_lab.knowledge": "schnapsen_lab.games.twohand.knowledge",
    "schnapsen_lab.table": "schnapsen_lab.games.twohand.table",
    "schnapsen_lab.players.base": "schnapsen_lab.games.twohand.players.base",
    "schnapsen_lab.players.heuristic": "schnapsen_lab.games.twohand.players.heuristic",
    "schnapsen_lab.players.random": "schnapsen_lab.games.twohand.players.random",
    "schnapsen_lab.players.bauern": "schnapsen_lab.games.bauern.players",
    "schnapsen_lab.share.four": "schnapsen_lab.games.bauern.share",
    **{f"schnapsen_lab.games.schnapsen.{m}": f"schnapsen_lab.games.twohand.{m}"
       for m in ("rules", "knowledge", "replay", "html", "share", "selfplay", "stats", "table",
                 "match", "players", "players.base", "players.heuristic", "players.random")},
}
"""Old module path -> the path it moved to (release 0.2; the two-player modules moved
from ``games.schnapsen`` to the family package ``games.twohand`` in release 0.3)."""

_SCHNAPSEN = "schnapsen_lab.games.schnapsen"
MOVED_NAMES: dict[str, dict[str, str]] = {
    "schnapsen_lab.match": {"Bummerl": f"{_SCHNAPSEN}.match"},
    "schnapsen_lab.html": {name: f"{_SCHNAPSEN}.html" for name in (
        "SchnapsenDrawing", "counting_html", "position_html", "table_html", "tallies_html")},
    "schnapsen_lab.replay": {"SchnapsenKit": f"{_SCHNAPSEN}.replay"},
    _SCHNAPSEN: {"SCHNAPSEN": f"{_SCHNAPSEN}.game", "SchnapsenGame": f"{_SCHNAPSEN}.game"},
}
"""Module that stayed -> its public names that moved, each to the module it is in now
(release 0.2)."""

_PART = "each game declares its {part} as a part of its Game (schnapsen_lab.games)"
REMOVED_NAMES: dict[str, dict[str, str]] = {
    "schnapsen_lab.html": {"BUILTIN_DRAWINGS": _PART.format(part="drawing"),
                           "register_drawing": _PART.format(part="drawing")},
    "schnapsen_lab.replay": {"BUILTIN_KITS": _PART.format(part="replay kit"),
                             "register_kit": _PART.format(part="replay kit")},
    "schnapsen_lab.simulate": {"SELFPLAY_MODULES": _PART.format(part="self-play")},
    "schnapsen_lab.players.registry": {
        "DEFAULT_GAME": "a player is registered for a Game (schnapsen_lab.games.find_game "
                        "gives the default one)"},
}
"""Module -> its public names of release 0.1 that the game registry replaced, with what
replaces each."""


def moved_name(module: str, name: str) -> Any:
    """``name`` of ``module`` (a module's ``__getattr__``): a moved name from its new
    module, with a :class:`DeprecationWarning` that names it; AttributeError for any
    other name, saying what replaces a removed one."""
    new = MOVED_NAMES.get(module, {}).get(name)
    if new is None:
        why = REMOVED_NAMES.get(module, {}).get(name)
        if why is not None:
            raise AttributeError(f"{module}.{name} was removed in release 0.2: {why}")
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(f"{module}.{name} has moved to {new}.{name}; the old path will be "
                  "removed in the next release", DeprecationWarning, stacklevel=3)
    return getattr(importlib.import_module(new), name)


class _Alias:
    """Finds an old path of :data:`MOVED` and loads it as the module at its new path (a
    meta path finder and its loader; plain classes, so that ``import schnapsen_lab``
    does not import :mod:`importlib.abc`)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        loader: Any = self  # a Loader by its methods, not by its base class
        return importlib.machinery.ModuleSpec(fullname, loader)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED[spec.name]
        warnings.warn(f"{spec.name} has moved to {new}; the old path will be removed in "
                      "the next release", DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at the new path is loaded already."""


_ALIAS = _Alias()


def install() -> None:
    """Make the old paths importable (once per process)."""
    if _ALIAS not in sys.meta_path:
        sys.meta_path.insert(0, _ALIAS)  # before the path finder: a moved package's
        # submodules must resolve to the new modules, not load a second copy
