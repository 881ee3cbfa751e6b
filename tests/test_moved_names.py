"""Old import paths keep working for one release (release 0.2, schnapsen_lab/_moved.py):
every module that moved, and every public name that moved out of a module that stayed
(``from schnapsen_lab.match import Bummerl``), with a DeprecationWarning naming the new
place; a name the game registry replaced says what replaces it."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from schnapsen_lab._moved import MOVED, MOVED_NAMES, REMOVED_NAMES

ROOT = Path(__file__).resolve().parent.parent

#: The public names of release 0.1 (its modules' ``__all__``) that are no longer defined
#: at their old path: each must be in MOVED_NAMES or REMOVED_NAMES.
GONE_SINCE_0_1 = {
    "schnapsen_lab.games.schnapsen": {"SCHNAPSEN", "SchnapsenGame"},
    "schnapsen_lab.html": {"BUILTIN_DRAWINGS", "SchnapsenDrawing", "counting_html",
                           "position_html", "register_drawing", "table_html", "tallies_html"},
    "schnapsen_lab.match": {"Bummerl"},
    "schnapsen_lab.players.registry": {"DEFAULT_GAME"},
    "schnapsen_lab.replay": {"BUILTIN_KITS", "SchnapsenKit", "register_kit"},
    "schnapsen_lab.simulate": {"SELFPLAY_MODULES"},
}

_CHECK = """
import importlib, json, sys, warnings
moved, names = json.loads(sys.argv[1]), json.loads(sys.argv[2])
out = []
for old, new in moved.items():
    warnings.simplefilter("error")
    target = importlib.import_module(new)
    warnings.simplefilter("always")
    with warnings.catch_warnings(record=True) as w:
        module = importlib.import_module(old)
    out.append([old, module is target,
                any(issubclass(x.category, DeprecationWarning) and new in str(x.message)
                    for x in w)])
for old, table in names.items():
    for name, new in table.items():
        warnings.simplefilter("error")
        target = getattr(importlib.import_module(new), name)
        warnings.simplefilter("always")
        with warnings.catch_warnings(record=True) as w:
            exec(f"from {old} import {name} as found")
        out.append([f"{old}.{name}", found is target,
                    any(issubclass(x.category, DeprecationWarning)
                        and f"{new}.{name}" in str(x.message) for x in w)])
print(json.dumps(out))
"""


def test_every_old_path_and_moved_name_imports_with_a_warning() -> None:
    """In a fresh interpreter (the warnings come once): each old path gives the very
    module or object at the new one and warns with the new place."""
    r = subprocess.run([sys.executable, "-c", _CHECK, json.dumps(MOVED),
                        json.dumps(MOVED_NAMES)], capture_output=True, text=True, cwd=ROOT,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    checked = json.loads(r.stdout)
    assert len(checked) == len(MOVED) + sum(len(t) for t in MOVED_NAMES.values())
    assert [c for c in checked if not (c[1] and c[2])] == []


def test_every_name_gone_since_the_last_release_is_covered() -> None:
    for module, names in GONE_SINCE_0_1.items():
        for name in names:
            assert name in MOVED_NAMES.get(module, {}) or name in REMOVED_NAMES.get(module, {}), (
                module, name)


def test_a_moved_name_is_not_defined_at_its_old_place_but_found_at_its_new() -> None:
    for module, table in MOVED_NAMES.items():
        old = importlib.import_module(module)
        for name, new in table.items():
            assert name not in vars(old), (module, name)
            assert name in vars(importlib.import_module(new)), (new, name)


@pytest.mark.parametrize(("module", "name"), [
    (m, n) for m, t in sorted(REMOVED_NAMES.items()) for n in sorted(t)])
def test_a_removed_name_says_what_replaces_it(module: str, name: str) -> None:
    with pytest.raises(AttributeError, match=f"{name} was removed in release 0.2: .*Game"):
        getattr(importlib.import_module(module), name)


def test_an_unknown_name_is_the_usual_error() -> None:
    import schnapsen_lab.match

    with pytest.raises(AttributeError, match="has no attribute 'Bumerl'"):
        schnapsen_lab.match.Bumerl  # noqa: B018
    with pytest.raises(ImportError):
        exec("from schnapsen_lab.html import no_such_name")
