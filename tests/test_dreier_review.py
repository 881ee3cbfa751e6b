"""The review for three (issue 52 section 3): each seat's Dreierschnapsen decisions judged
from its knowledge with the four-player review's classes, through ``schnapsen-lab
review`` and its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.dreier.rules import Phase, Seat
from schnapsen_lab.review import judge
from schnapsen_lab.review_four import review_record

SOURCE = Path(__file__).parent / "data" / "conformance" / "dreier" / "valid.psn"


def _records() -> list[psn.Record]:
    with open(SOURCE, encoding="utf-8") as f:
        return [r for r in psn.read(f) if r.main_line_ok and r.deck is not None]


def test_a_dreier_record_is_reviewed_seat_by_seat() -> None:
    """Every decision with a choice is judged for the seat that made it, A, B or C, with
    the classes of the two-player review; the lay-away is not among them."""
    rec = _records()[0]
    review = review_record(rec, samples=6, seed=1)
    assert review.variant == "dreier"
    assert {d.seat for d in review.decisions} <= {Seat.A, Seat.B, Seat.C}
    kinds = {d.kind for d in review.decisions}
    assert {"trump", "call", "card"} <= kinds
    for d in review.decisions:
        means = [o.mean for o in d.options]
        assert means == sorted(means, reverse=True)
        assert d.judgement is judge(d.loss)
        assert d.played in {o.token for o in d.options}
        assert not d.played.startswith("L:")
    data = review.to_dict()
    assert [p["seat"] for p in data["players"]] == ["A", "B", "C"]


def test_the_review_for_three_is_reproducible() -> None:
    rec = _records()[0]
    assert (review_record(rec, 4, seed=3).to_dict()
            == review_record(rec, 4, seed=3).to_dict())


def test_the_command_reviews_a_dreier_record(capsys: pytest.CaptureFixture[str]) -> None:
    """``schnapsen-lab review --json`` on a three-player record: the variant, three seats'
    summaries; the text form names the seats; ``-o`` says what it cannot do."""
    assert main(["review", str(SOURCE), "--samples", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "dreier"
    assert [p["seat"] for p in data["players"]] == ["A", "B", "C"]
    assert main(["review", str(SOURCE), "--samples", "4"]) == 0
    text = capsys.readouterr().out
    assert "(A)" in text and "(C)" in text and "accuracy" in text
    assert main(["review", str(SOURCE), "-o", "x.psn"]) == 2
    assert "annotating a three-player record is not available" in capsys.readouterr().err


def test_the_talon_phase_is_not_a_reviewed_decision() -> None:
    """The declarer's two L: steps come after the calls; none is reviewed."""
    rec = _records()[0]
    pos = rec.start()
    steps = []
    for k, a in enumerate(rec.actions):
        if pos.phase == Phase.TALON:
            steps.append(k)
        pos = pos.play(a)
    assert steps
    review = review_record(rec, samples=4, seed=0)
    assert not {d.step for d in review.decisions} & set(steps)
