"""The package's shape: no import cycle, no import against the layer order written in
docs/architecture.md, no game named by the core, games as peers, old paths still working."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from .imports import Edge, cycles, edges, modules

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "schnapsen_lab"
GAMES = ("schnapsen_lab.games.schnapsen", "schnapsen_lab.games.bauern",
         "schnapsen_lab.games.sechsundsechzig")
FAMILIES = ("schnapsen_lab.games.twohand", "schnapsen_lab.games.auction")
"""The packages a family of games shares (docs/architecture.md): a game may import its
family; a family imports no game."""
CORE_TOP = 4
"""The highest layer of the core that names no game (docs/architecture.md)."""


def _layers() -> dict[str, int]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    assert block, "docs/architecture.md has no layers block"
    out: dict[str, int] = {}
    for line in block.group(1).splitlines():
        number, _name, *prefixes = line.split()
        for p in prefixes:
            out[p] = int(number)
    return out


LAYERS = _layers()
EDGES = list(edges(PACKAGE))


def layer(module: str) -> int:
    """The layer of ``module``: that of the longest prefix listed."""
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


def game_of(module: str) -> str | None:
    """The game package ``module`` belongs to, if any."""
    return next((g for g in GAMES if module == g or module.startswith(g + ".")), None)


def family_of(module: str) -> str | None:
    """The family package ``module`` belongs to, if any."""
    return next((f for f in FAMILIES if module == f or module.startswith(f + ".")), None)


def _where(e: Edge) -> str:
    return f"{e.source} -> {e.target} (line {e.line})"


def test_every_module_has_a_layer() -> None:
    for m in modules(PACKAGE):
        assert layer(m) >= 0, m


def test_no_import_cycle_but_a_display_method_and_its_drawing() -> None:
    graph: dict[str, set[str]] = {}
    for e in EDGES:
        if not e.display:
            graph.setdefault(e.source, set()).add(e.target)
    assert cycles(graph) == []


def test_no_import_runs_upward() -> None:
    upward = [_where(e) for e in EDGES if not e.display and layer(e.target) > layer(e.source)]
    assert upward == []


def test_the_core_names_no_game() -> None:
    named = [_where(e) for e in EDGES if layer(e.source) <= CORE_TOP
             and (game_of(e.target) is not None or family_of(e.target) is not None)]
    assert named == []


def test_families_are_peers_and_import_no_game() -> None:
    crossing = [_where(e) for e in EDGES if family_of(e.source)
                and (game_of(e.target) or family_of(e.target) not in (None, family_of(e.source)))]
    assert crossing == []


def test_games_are_peers() -> None:
    crossing = [_where(e) for e in EDGES
                if game_of(e.source) and game_of(e.target)
                and game_of(e.source) != game_of(e.target)]
    assert crossing == []


def test_the_test_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The graph sees imports in functions, relative and absolute, and skips
    TYPE_CHECKING blocks and display methods' cycles only."""
    pkg = tmp_path / "schnapsen_lab"
    (pkg / "games").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "games" / "__init__.py").write_text("")
    (pkg / "cards.py").write_text("def f():\n    from .psn import x\n")
    (pkg / "psn.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .html import y\n"
        "from schnapsen_lab import cards\nclass R:\n    def _repr_html_(self):\n"
        "        from .html import z\n")
    (pkg / "html.py").write_text("from . import psn\n")
    found = {(e.source, e.target, e.display) for e in edges(pkg)}
    assert found == {("schnapsen_lab.cards", "schnapsen_lab.psn", False),
                     ("schnapsen_lab.psn", "schnapsen_lab.cards", False),
                     ("schnapsen_lab.psn", "schnapsen_lab.html", True),
                     ("schnapsen_lab.html", "schnapsen_lab.psn", False)}
    graph = {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert cycles(graph) == [["a", "b"]]


@pytest.mark.parametrize(("old", "new"), [
    ("schnapsen_lab.rules", "schnapsen_lab.games.twohand.rules"),
    ("schnapsen_lab.knowledge", "schnapsen_lab.games.twohand.knowledge"),
    ("schnapsen_lab.table", "schnapsen_lab.games.twohand.table"),
    ("schnapsen_lab.games.schnapsen.rules", "schnapsen_lab.games.twohand.rules"),
    ("schnapsen_lab.games.schnapsen.players.heuristic",
     "schnapsen_lab.games.twohand.players.heuristic"),
    ("schnapsen_lab.game", "schnapsen_lab.games"),
])
def test_old_import_paths_still_work_with_a_warning(old: str, new: str) -> None:
    code = (f"import warnings, importlib\nwarnings.simplefilter('error')\n"
            f"import {new} as new\nwarnings.simplefilter('always')\n"
            f"with warnings.catch_warnings(record=True) as w:\n"
            f"    import {old} as old\n"
            f"assert old is new, (old, new)\n"
            f"assert any(issubclass(x.category, DeprecationWarning) and {new!r} in str(x.message)"
            f" for x in w), [str(x.message) for x in w]\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr


def test_nothing_in_the_package_uses_an_old_path() -> None:
    from schnapsen_lab._moved import MOVED

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        used = [_where(e) for e in EDGES if e.target in MOVED]
    assert used == []
    for path in [*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("benchmarks/*.py"),
                 *ROOT.glob("records/**/*.py"), ROOT / "README.md"]:
        text = path.read_text(encoding="utf-8")
        for old in MOVED:
            assert not re.search(re.escape(old) + r"(?![\w.])", text), (path.name, old)


def _names_compared(path: Path, keys: set[str]) -> list[str]:
    """Where a module outside the games compares with, or keys a table by, a game's key
    or Variant name: ``x == "bauern"``, ``{"schnapsen": ...}``, ``game_named("bauern")``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        consts: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            consts = [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            consts = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("game_named"):
            consts = list(node.args)
        for c in consts:
            if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value in keys:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {c.value!r}")
    return found


def test_at_most_three_places_outside_the_games_name_a_game() -> None:
    from schnapsen_lab.games import games

    keys = {v for g in games() for v in (g.key, *g.variant_names)}
    places = [p for path in sorted(PACKAGE.rglob("*.py"))
              if "games" not in path.relative_to(PACKAGE).parts[:1]
              for p in _names_compared(path, keys)]
    assert len(places) <= 3, places


def test_the_name_check_finds_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    f = tmp_path / "m.py"
    f.write_text('if v == "bauern":\n    pass\nT = {"schnapsen": 1}\ng = game_named("bauern")\n'
                 'ok = v == "random"\n')
    assert _names_compared(f, {"bauern", "schnapsen"}) == [
        "m.py:1 'bauern'", "m.py:3 'schnapsen'", "m.py:4 'bauern'"]
