"""Every notebook in notebooks/ runs top to bottom without an error (nbclient), and
what it prints writes cards as printed (10♥, K♥ +40), never as PSN's tokens.

Each notebook runs with notebooks/ as its working directory in a kernel started from
this very interpreter (the project's environment); a cell is appended that checks so.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

from .conftest import shipped_notebooks  # noqa: E402
from .printed import psn_cards_in, psn_cards_in_html  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = shipped_notebooks()
"""The notebooks git tracks: a notebook a user saves in notebooks/ is not judged."""
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def test_there_are_notebooks() -> None:
    assert any(p.name == "01-replay.ipynb" for p in ALL)


def test_a_users_own_notebook_is_not_judged() -> None:
    """A notebook saved in notebooks/ that git does not track is left out (issue 22 §6)."""
    import subprocess

    if subprocess.run(["git", "-C", str(NOTEBOOKS), "rev-parse"], capture_output=True,
                      check=False).returncode != 0:
        pytest.skip("not a git checkout")  # pragma: no cover
    mine = NOTEBOOKS / "zz-my-own-notes.ipynb"
    assert not mine.exists()
    mine.write_text("{}", encoding="utf-8")  # not even a notebook
    try:
        assert mine not in shipped_notebooks()
        assert shipped_notebooks() == ALL
    finally:
        mine.unlink()


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_notebook_metadata(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    spec = nb.metadata.get("kernelspec", {})
    assert {k: spec.get(k) for k in KERNELSPEC} == KERNELSPEC
    assert nb.cells and nb.cells[0].cell_type == "markdown", "a notebook starts with its story"


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_notebook_runs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.prefix)"))
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=600, allow_errors=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as e:
        pytest.fail(f"{path.name}: {str(e)[:2000]}", pytrace=False)
    out = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    assert out.strip() == sys.prefix, "the kernel is not this environment's interpreter"
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            assert o.get("output_type") != "error", f"{path.name}: {o.get('ename')}"
    assert _psn_cards_shown(nb) == [], "cards a learner reads are written as printed (10♥)"
    assert _leftovers(nb) == [], "a counter below 0 or a line of raw numbers"


_RAW_NUMBERS = re.compile(r"^\s*(-?\d+\.\d+\s+){2,}-?\d+\.\d+\s*$")
"""A line of bare floats: a print left over from checking a figure."""
_BELOW_ZERO = re.compile(r"(?<![\w.])-\d")


def _printed(nb: Any) -> Iterator[tuple[int, str]]:
    """Each line of text the notebook's cells printed, with its cell's number."""
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            text = o.get("text", "")
            yield from ((i, line) for line in ("".join(text) if isinstance(text, list)
                                               else str(text)).splitlines())


def _leftovers(nb: Any) -> list[str]:
    """Printed lines a learner should not meet: a Bummerl counter below 0 (a counter
    stops at 0, the winner's surplus is said apart) and a line of raw floats."""
    return [f"cell {i}: {line}" for i, line in _printed(nb)
            if _RAW_NUMBERS.match(line) or ("counter" in line and _BELOW_ZERO.search(line))]


def _psn_cards_shown(nb: Any) -> list[str]:
    """The lines of the notebook's outputs that write a card as PSN does (``TH``,
    ``KH+40``) or as ``T♥``, each with its cell's number."""
    found = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            texts = [("text/plain", o.get("text", ""))]
            texts += [(k, v) for k, v in o.get("data", {}).items() if k.startswith("text/")]
            for kind, value in texts:
                value = "".join(value) if isinstance(value, list) else str(value)
                lines = psn_cards_in_html(value) if kind == "text/html" else psn_cards_in(value)
                found += [f"cell {i}: {line}" for line in lines]
    return found
