"""The review of four-player deals (issue 21 section 3): each seat's decisions judged
from its knowledge, the classes of the two-player review, the command and its JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern.rules import CLAIM, End, Seat
from schnapsen_lab.games.bauern.selfplay import play_match
from schnapsen_lab.review import Judgement, judge
from schnapsen_lab.review_four import DECLINE, review_deal, review_record

from .conftest import ROOT

FALSE_CLAIM = ROOT / "records" / "study" / "bauern-false-team-claim.psn"


def _record(path: Path) -> psn.Record:
    with open(path, encoding="utf-8") as f:
        return next(iter(psn.read(f)))


def test_the_false_team_claim_is_a_blunder() -> None:
    """Cilli's 66 with 54 for her side: a sure loss of 3 against a deal her side leads."""
    review = review_record(_record(FALSE_CLAIM), samples=12)
    d = review.decisions[-1]
    assert (d.seat, d.kind, d.played) == (Seat.S, "claim", "66")
    assert d.played_option.mean == -3.0  # every world: EW without a trick score 3 (BG2)
    assert d.best.token != "66" and d.loss >= 1.0
    assert d.judgement is Judgement.BLUNDER
    assert review.worst is d
    kinds = {x.kind for x in review.decisions}
    assert {"trump", "call", "card", "claim"} <= kinds


def test_losses_and_classes_follow_the_two_player_thresholds() -> None:
    review = review_record(_record(FALSE_CLAIM), samples=8)
    for d in review.decisions:
        means = [o.mean for o in d.options]
        assert means == sorted(means, reverse=True)
        assert d.loss == pytest.approx(max(0.0, d.best.mean - d.played_option.mean))
        assert d.judgement is judge(d.loss)
        assert d.played in {o.token for o in d.options}


def test_the_review_is_reproducible() -> None:
    rec = _record(FALSE_CLAIM)
    assert review_record(rec, 6, seed=3).to_dict() == review_record(rec, 6, seed=3).to_dict()


def test_a_claim_not_made_after_the_last_trick_is_reviewed_as_declining() -> None:
    """Five tricks without 66: the side that took the last trick may still claim (BE5);
    declining is right, and the review says so."""
    for n in range(1, 40):
        m = play_match(["heuristic"] * 4, seed=4, number=n)
        for d in m.deals:
            if d.outcome.end is End.LAST_TRICK:
                review = review_deal(d.start(), d.actions, samples=4)
                last = review.decisions[-1]
                assert (last.kind, last.played) == ("claim", DECLINE)
                assert last.best.token == DECLINE and last.loss == 0
                assert last.played_option.mean > next(
                    o.mean for o in last.options if o.token == "66")
                return
    raise AssertionError("no deal went to the last trick")


def test_a_correct_claim_is_never_worse_than_playing_on() -> None:
    seen = 0
    for n in range(1, 6):
        m = play_match(["heuristic"] * 4, seed=8, number=n)
        for d in m.deals[:2]:
            if CLAIM in d.actions and d.outcome.end is End.CLAIM:
                review = review_deal(d.start(), d.actions, samples=4)
                claims = [x for x in review.decisions if x.played == "66"]
                assert claims and claims[-1].loss == 0
                seen += 1
    assert seen > 0


def test_the_command_reviews_a_four_player_record(capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    code = main(["review", str(FALSE_CLAIM), "-s", "6"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Cilli (S) claim: 66??" in out and "Anna (N): accuracy" in out
    code = main(["review", str(FALSE_CLAIM), "-s", "6", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["variant"] == "bauern" and data["samples"] == 6 and data["record"] == 1
    last = data["decisions"][-1]
    assert (last["seat"], last["kind"], last["played"], last["glyph"], last["class"]) == (
        "S", "claim", "66", "??", "blunder")
    assert set(last) == {"step", "seat", "kind", "played", "best", "value", "loss", "class",
                         "glyph", "worlds", "options"}
    assert [p["seat"] for p in data["players"]] == ["N", "E", "S", "W"]
    assert data["players"][2]["counts"]["blunder"] == 1


@pytest.mark.parametrize(("args", "message"), [
    (["-o", "x.psn"], "annotating a four-player record is not available"),
    (["--by", "equity"], "--by equity: the chance to win a four-player match"),
])
def test_what_the_four_player_review_cannot_do_is_one_line(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["review", str(FALSE_CLAIM), *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_the_review_widget_takes_a_four_player_record() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.bauern_review import BauernReviewWidget
    from schnapsen_lab.widgets.review import ReviewWidget

    rec = _record(FALSE_CLAIM)
    rec.tags["South"] = "<b>Cilli</b>"
    w = ReviewWidget(rec, samples=5, lang="en")
    assert isinstance(w, BauernReviewWidget)
    labels = [o[0] for o in w.decisions.options]
    assert labels[0].startswith(" 1. Anna (N): ♦ diamonds")
    assert "claim 66??" in labels[-1] and "loss" in labels[-1]
    assert "<b>Cilli</b>" not in w.summary.value and "&lt;b&gt;Cilli" in w.summary.value
    w.decisions.value = w.review.decisions[-1].step + 1
    assert w.replay.step == w.review.decisions[-1].step + 1
    de = ReviewWidget(rec, review=w.review, lang="de")
    assert "Verlust" in [o[0] for o in de.decisions.options][-1]


def test_the_four_player_review_widget_shows_its_progress(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``progress`` is not ignored (issue 50): a bar over the deal's steps while the
    widget reviews, none with ``progress=False``, as the two-player review widget."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.bauern_review import BauernReviewWidget

    rec = _record(FALSE_CLAIM)
    quiet = BauernReviewWidget(rec, samples=2, progress=False)
    assert "review" not in capsys.readouterr().err
    shown = BauernReviewWidget(rec, samples=2)
    err = capsys.readouterr().err
    steps = len(rec.actions) + 1
    assert re.search(rf"review: 100%.*{steps}/{steps}", err), err
    assert shown.review == quiet.review
