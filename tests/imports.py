"""The package's import graph, read from its source: who imports whom (at module level and
inside functions; ``TYPE_CHECKING`` blocks aside), for the architecture tests."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DISPLAY_METHODS = frozenset({"_repr_html_", "_repr_svg_", "_repr_png_", "to_html"})
"""Methods that show an object (in a notebook, or as a page): each imports its drawing
lazily, as python-chess's ``Board._repr_svg_`` imports ``chess.svg``; an import made
there may close a cycle (the drawing imports the object's module back)."""


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at ``line`` (``display``: inside a display method)."""

    source: str
    target: str
    line: int
    display: bool


def module_name(root: Path, path: Path) -> str:
    """The dotted name of a source file below the package folder ``root``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(root, p): p for p in sorted(root.rglob("*.py"))}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    return skip


def _display_nodes(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in DISPLAY_METHODS:
            out.update(id(n) for n in ast.walk(node))
    return out


def edges(root: Path) -> Iterator[Edge]:
    """Every import of one of the package's modules by another (an ``import_module`` of
    a constant string counts; a name resolved at run time, as the registry and a game's
    declared parts are, does not)."""
    mods = modules(root)
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        skip, display = _type_checking_nodes(tree), _display_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    mod = ".".join(base) + (f".{node.module}" if node.module else "")
                else:
                    mod = node.module or ""
                subs = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in mods]
                targets = subs if len(subs) == len(node.names) else [mod, *subs]
            elif (isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module")
                  and node.args and isinstance(node.args[0], ast.Constant)):
                targets = [str(node.args[0].value)]
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if not t or t == name or name.startswith(t + "."):
                    continue  # outside the package, itself, or its own package
                yield Edge(name, t, getattr(node, "lineno", 0), id(node) in display)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out
