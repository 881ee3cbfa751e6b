"""Issue 22 §3: the take-over box shows the seat and file of the take-over performed."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab.widgets import practice_table

STUDY = Path(__file__).resolve().parent.parent / "records" / "study"


def test_two_player_take_over_box_shows_what_was_taken_over() -> None:
    w = practice_table("heuristic", pause=0, seed=1)
    path = str(STUDY / "closing-wins-3.psn")
    w.take_over(path, 4, "A")
    assert w.table.seat.name == "A"
    assert (w.take_source.value, w.take_index.value, w.take_step.value,
            w.take_seat.value) == (path, 1, 4, "A")


def test_four_player_take_over_box_shows_what_was_taken_over() -> None:
    w = practice_table(variant="bauern", pause=0, seed=1)
    path = str(STUDY / "bauern-schnapser-partner-breaks.psn")
    w.take_over(path, step=1, seat="E")
    assert (w.take_source.value, w.take_step.value, w.take_seat.value) == (path, 1, "E")
