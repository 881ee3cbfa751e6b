"""Old import paths of modules that moved when each game got its own package.

``import schnapsen_lab.rules`` (and the others in :data:`MOVED`) still works for one
release: it gives the very module at the new path, with a :class:`DeprecationWarning`
that names the new path. Nothing in the package imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["MOVED", "install"]

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
