"""Closing judged like with like (issue 20 §2): both choices played out by strong players
in the same sampled worlds, beside the clairvoyant numbers, in advise (text and JSON)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.advisor import advise
from schnapsen_lab.cli import main
from schnapsen_lab.played_out import play_out, played_out, strong_players
from schnapsen_lab.rules import CLOSE, Position
from schnapsen_lab.solver import solve

ROOT = Path(__file__).resolve().parent.parent
FAILED = ROOT / "records" / "study" / "failed-closing.psn"


def _failed() -> tuple[Position, int]:
    rec = next(psn.read(FAILED))
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    return rec.positions()[step], step


def test_play_out_ends_the_deal_with_its_outcome() -> None:
    pos, _ = _failed()
    after = pos.play(CLOSE)
    v = play_out(after, strong_players(0), random.Random(0))
    assert v in (-3, -2, -1, 1, 2, 3)
    # playing without seeing the cards, the closer wins only where seeing them he would
    assert (v > 0) <= (solve(after) > 0)


def test_both_choices_are_played_out_in_the_same_worlds() -> None:
    pos, _ = _failed()
    advice = advise(pos, samples=10, seed=0)
    po = played_out(pos, advice.play_on_action, worlds=3, seed=1)
    assert po.worlds == 3 == len(po.close_values) == len(po.play_on_values)
    diffs = [c - p for c, p in zip(po.close_values, po.play_on_values, strict=True)]
    assert po.difference.mean == pytest.approx(sum(diffs) / 3)
    assert po.close.mean == pytest.approx(sum(po.close_values) / 3)
    # Anna's closing fails in every world here, playing on loses less
    assert po.verdict == "play on" and po.close.mean < po.play_on.mean
    with pytest.raises(ValueError):
        played_out(pos.play(CLOSE), advice.play_on_action, worlds=1)


def test_advise_shows_like_with_like_beside_the_clairvoyant_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    pos, step = _failed()
    advice = advise(pos, samples=10, seed=0, played=2)
    assert advice.played is not None and advice.played_verdict == advice.played.verdict
    text = advice.explain()
    assert "Like with like" in text and "sees every card for both players" in text
    assert advise(pos, samples=10, seed=0).played is None
    assert main(["advise", str(FAILED), "--step", str(step), "--played", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["played_out"]["worlds"] == 2
    assert set(d["played_out"]) >= {"close", "play_on", "difference", "verdict"}
    assert main(["advise", str(FAILED), "--step", str(step), "--played", "-1"]) == 2
