"""Notebook 06's plots are readable: no text under 9 pt at the notebook's figure size
(issue 22 §3). The notebook's code cells run as written (matplotlib's Agg backend, from
notebooks/), every figure it shows is drawn, and the font size of every visible text of
it (titles, tick labels, legends, bar labels, annotations) is read back."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

plt = pytest.importorskip("matplotlib.pyplot")
pytest.importorskip("pandas")

NOTEBOOK = ROOT / "notebooks" / "06-bauernschnapsen.ipynb"
MINIMUM = 9.0


def _figures_of(notebook: Path) -> list[Any]:
    """Run the notebook's code cells in order; the figures ``plt.show()`` was called on."""
    import matplotlib

    matplotlib.use("Agg")
    shown: list[Any] = []
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"display": lambda *a, **k: None, "__name__": "__main__"}
    here = os.getcwd()
    show = plt.show
    plt.show = lambda *a, **k: shown.append(plt.gcf())
    try:
        os.chdir(notebook.parent)
        for cell in cells:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), str(notebook), "exec"), namespace)
    finally:
        os.chdir(here)
        plt.show = show
    return shown


def small_texts(fig: Any) -> list[tuple[str, float]]:
    """The visible texts of a drawn figure below :data:`MINIMUM` points."""
    from matplotlib.text import Text

    fig.canvas.draw()
    return [(t.get_text(), t.get_fontsize()) for t in fig.findobj(Text)
            if t.get_visible() and t.get_text().strip() and t.get_fontsize() < MINIMUM]


def test_notebook_06_plots_write_nothing_under_9_pt() -> None:
    figures = _figures_of(NOTEBOOK)
    try:
        assert len(figures) >= 4
        for k, fig in enumerate(figures):
            assert small_texts(fig) == [], f"figure {k + 1} of {NOTEBOOK.name}"
    finally:
        plt.close("all")


def test_a_small_text_is_found() -> None:
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.bar([0, 1], [1, 2])
    ax.annotate("tiny", (0, 1), fontsize=6)
    try:
        assert small_texts(fig) == [("tiny", 6.0)]
    finally:
        plt.close(fig)
