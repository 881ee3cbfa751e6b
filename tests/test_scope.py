"""The analysis engine and the two-player pictures refuse what they do not know.

The solver, the advisor, the review and the strong player play RULES.md's duty to beat
and thresholds only; four-player deals and the ``bauern2`` profile get a one-line
refusal at every entry (commands, widgets, the practice table), never a wrong answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern import BAUERN
from schnapsen_lab.games.twohand.rules import BAUERN2, SOFT, STRICT, Profile
from schnapsen_lab.games.twohand.table import Table
from schnapsen_lab.players.registry import SOLVER_PLAYERS, player_names, refusal
from schnapsen_lab.scope import analysis_refusal, solver_knows
from schnapsen_lab.training import closing_exercises, counting_quiz

from .conftest import ROOT

FOUR = ROOT / "records" / "study" / "bauern-spritze.psn"
TWO_B2 = ROOT / "records" / "bauern2-heuristic-vs-random.psn"


def test_the_engine_knows_the_duty_to_beat_and_33_only() -> None:
    assert solver_knows(SOFT) and solver_knows(STRICT)
    assert not solver_knows(BAUERN2) and not solver_knows(BAUERN)
    assert analysis_refusal(SOFT) is None
    why = analysis_refusal(BAUERN2, "the advisor")
    assert why is not None and why.startswith("the advisor knows")
    assert "no duty to beat" in why and "a loser with 33 or less gives 2" in why
    # every way bauern2 differs (BZ2-BZ4), in one line: the advisor has no closing to judge
    assert "no closing" in why and "\n" not in why
    house = Profile("club", must_head=False)
    assert "club" in str(analysis_refusal(house)) and "below" not in str(analysis_refusal(house))
    four = analysis_refusal(BAUERN)
    assert four is not None and "two-player Schnapsen and Sechsundsechzig only" in four


@pytest.mark.parametrize("command", [["solve"], ["advise"], ["review", "--samples", "2"]])
@pytest.mark.parametrize("path", [FOUR, TWO_B2], ids=["four-players", "bauern2"])
def test_the_analysis_commands_refuse_in_one_line(command: list[str], path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    if path == FOUR and command[0] == "review":  # four players have their own review
        assert main([*command, str(path), "--record", "1"]) == 0
        assert "Traceback" not in capsys.readouterr().err
        return
    assert main([*command, str(path), "--record", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert ("two-player Schnapsen and Sechsundsechzig only" in err) if path == FOUR else (
        "bauern2" in err)


def test_the_review_widget_refuses() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.review import ReviewWidget

    rec = next(psn.read(TWO_B2))
    with pytest.raises(ValueError, match="the review"):
        ReviewWidget(rec, samples=1, progress=False)
    from schnapsen_lab.widgets.bauern_review import BauernReviewWidget

    four = ReviewWidget(next(psn.read(FOUR)), samples=1, progress=False)
    assert isinstance(four, BauernReviewWidget)  # four players have their own review


def test_the_engine_players_are_the_players_that_refuse_bauern2() -> None:
    """``SOLVER_PLAYERS`` (the names :func:`refusal` knows before the engine's players are
    imported) is exactly the registered players that refuse a rules profile the engine
    does not know: a new engine player left out of it fails here."""
    names = player_names()
    assert {n for n in names if refusal(n, BAUERN2) is not None} == SOLVER_PLAYERS
    assert not {n for n in names if refusal(n, SOFT) is not None}


def test_the_practice_table_refuses_what_its_bot_or_rules_cannot_play() -> None:
    for engine in sorted(SOLVER_PLAYERS):  # expert, strong, strong-bummerl
        with pytest.raises(ValueError, match=f"the {engine} bot knows the duty to beat"):
            Table(engine, profile=BAUERN2, seed=1)
    t = Table("heuristic", profile=BAUERN2, seed=1)  # the rule-of-thumb bot plays bauern2
    assert t.bummerl.counters == (0, 0)  # counting up from 0 (BZ5)
    with pytest.raises(ValueError, match="strong bot knows"):
        t.set_bot("strong")
    with pytest.raises(ValueError, match="plays two-player Schnapsen"):
        t.take_over(str(FOUR), 3)
    strong = Table("strong", profile=SOFT, seed=1)
    with pytest.raises(ValueError, match="bauern2"):
        strong.take_over(str(TWO_B2), 2)


def test_the_practice_widget_offers_no_strong_bot_for_bauern2() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.table import PracticeTable

    w = PracticeTable("heuristic", profile=BAUERN2, seed=1)
    offered = {name for _, name in w.bot_picker.options}  # (words, name) pairs
    assert "heuristic" in offered and not offered & SOLVER_PLAYERS
    assert w.review_button.disabled
    with pytest.raises(ValueError, match="the review"):
        w.open_review()
    soft = PracticeTable("heuristic", profile=SOFT, seed=1)
    assert not soft.review_button.disabled
    assert {name for _, name in soft.bot_picker.options} >= SOLVER_PLAYERS


def test_the_trainers_skip_what_they_cannot_ask() -> None:
    four = list(psn.read(FOUR))
    b2 = list(psn.read(TWO_B2))[:40]
    assert counting_quiz(four, count=3) == []
    assert counting_quiz(b2, count=3)  # counting works for the two-player form
    assert closing_exercises(b2, count=3) == []  # no closing in bauern2 (BZ2), no advisor
    soft = list(psn.read(ROOT / "records" / "heuristic-vs-random.psn"))[:100]
    assert closing_exercises(soft, count=1)  # the soft deals beside them still serve


def test_the_html_page_draws_four_player_deals_too(tmp_path: Path) -> None:
    from schnapsen_lab.share import deal_html

    out = tmp_path / "x.html"
    assert main(["html", str(FOUR), "-o", str(out)]) == 0
    assert '"four":true' in out.read_text(encoding="utf-8")
    assert "<html" in deal_html(next(psn.read(FOUR)))
    page = deal_html(next(psn.read(TWO_B2)))  # bauern2 is a two-player deal
    assert "<html" in page and '"four":true' not in page
