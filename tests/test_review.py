"""Deal review: losses, classes, accuracy, reproducibility and the annotated PSN."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS
from schnapsen_lab.cli import main
from schnapsen_lab.games.twohand.rules import CLAIM, CLOSE, Action, ActionKind, Position, Seat
from schnapsen_lab.psn import Record
from schnapsen_lab.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Judgement,
    accuracy_of,
    annotate,
    decision_points,
    judge,
    review_record,
)
from schnapsen_lab.solver import action_values, best_actions

from .conftest import ROOT


def _side(seat: int, v: int) -> int:
    return v if seat == 0 else -v


def _record_with_a_blunder(seed: int) -> tuple[Record, int, int]:
    """A random deal that reaches the exhausted talon, where the player to move then
    plays the solver's worst action (losing at least 2 game points) and both play
    perfectly afterwards. Returns the record, the blunder's step and its loss."""
    rng = random.Random(seed)
    while True:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        actions: list[Action] = []
        while pos.outcome is None and not pos.exhausted:
            legal = [a for a in pos.legal_actions() if a not in (CLAIM, CLOSE)]
            a = rng.choice(legal)
            actions.append(a)
            pos = pos.play(a)
        if pos.outcome is not None or pos.lead >= 0 or pos.claim_is_correct(pos.leader):
            continue
        values = action_values(pos)
        me = pos.leader
        mine = {a: _side(me, v) for a, v in values.items()}
        worst = min((a for a in mine if a is not CLAIM), key=lambda a: mine[a])
        loss = max(mine.values()) - mine[worst]
        if loss < 2:
            continue
        step = len(actions)
        actions.append(worst)
        pos = pos.play(worst)
        while pos.outcome is None:
            a = best_actions(pos)[0]
            actions.append(a)
            pos = pos.play(a)
        if pos.legal_actions() and pos.claim_is_correct(pos.leader):
            actions.append(CLAIM)
        rec = Record.from_actions([CARDS[c] for c in deck], actions,
                                  tags={"PlayerA": "Anna", "PlayerB": "Bert"})
        return rec, step, loss


def test_thresholds() -> None:
    assert judge(0.0) is Judgement.BEST
    assert judge(INACCURACY - 0.01) is Judgement.BEST
    assert judge(INACCURACY) is Judgement.INACCURACY
    assert judge(MISTAKE) is Judgement.MISTAKE
    assert judge(BLUNDER) is Judgement.BLUNDER
    assert judge(3.0) is Judgement.BLUNDER
    assert [j.nag for j in Judgement] == [None, 6, 2, 4]
    assert [j.glyph for j in Judgement] == ["", "?!", "?", "??"]
    assert accuracy_of(0) == 100 and accuracy_of(BLUNDER) == 0 and accuracy_of(0.5) == 50


def test_a_known_blunder_is_found_with_its_exact_loss() -> None:
    rec, step, loss = _record_with_a_blunder(1)
    review = review_record(rec, samples=4, seed=0, steps=range(step, 100))
    d = review.decision_at(step)
    assert d is not None
    assert d.exact and d.worlds == 1
    assert d.loss == loss
    assert d.judgement is Judgement.BLUNDER
    assert d.best.action != d.played
    actor = d.actor
    for other in review.decisions:
        if other.step != step:
            assert other.loss == 0 and other.judgement is Judgement.BEST
    mine = review.players[actor]
    assert mine.blunders == 1 and mine.accuracy < 100
    theirs = review.players[1 - actor]
    assert theirs.blunders == 0 and theirs.accuracy == 100


def test_the_annotated_record_reads_back() -> None:
    rec, step, _ = _record_with_a_blunder(2)
    review = review_record(rec, samples=4, seed=0, steps=range(step, 100))
    annotated = annotate(rec, review)
    text = psn.dumps([annotated])
    back = psn.loads(text)[0]
    assert back.ok, back.errors
    assert back.actions == rec.actions
    assert back.outcome == rec.outcome
    mv = back.moves[step]
    assert 4 in mv.nags
    assert any("blunder" in c for c in mv.comments)
    d = review.decision_at(step)
    assert d is not None
    assert mv.variations and mv.variations[0].moves[0].action == d.best.action
    assert back.comment and "Review" in back.comment[0]
    assert rec.moves[step].nags == [] and not rec.moves[step].comments  # the input is untouched
    assert back == annotated


def test_review_is_reproducible_by_seed() -> None:
    # Decisions with a small open talon: sampled, cheap to solve.
    rng = random.Random(5)
    while True:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        actions: list[Action] = []
        while pos.outcome is None:
            legal = [a for a in pos.legal_actions() if a not in (CLAIM, CLOSE)]
            a = rng.choice(legal)
            actions.append(a)
            pos = pos.play(a)
        rec = Record.from_actions([CARDS[c] for c in deck], actions)
        late = [i for i, p in enumerate(rec.positions()[:-1])
                if 0 < p.talon_size <= 4 and p.talon_open]
        if len(late) >= 2:
            break
    one = review_record(rec, samples=3, seed=7, steps=late)
    two = review_record(rec, samples=3, seed=7, steps=late)
    assert one.to_dict() == two.to_dict()
    assert all(not d.exact and d.worlds == 3 for d in one.decisions)
    assert one.decisions
    for d in one.decisions:
        assert d.loss >= 0
        assert d.best.mean == max(o.mean for o in d.options)
        legal = rec.positions()[d.step].legal_actions()
        assert {o.action for o in d.options} == set(legal)
    json.dumps(one.to_dict())


def test_decision_points_skip_forced_moves() -> None:
    rec, _, _ = _record_with_a_blunder(3)
    positions = rec.positions()
    points = decision_points(rec)
    steps = {s for s, _, _ in points}
    for i, mv in enumerate(rec.moves):
        pos = positions[i]
        if pos.outcome is None and mv.action.kind is not ActionKind.CLAIM:
            legal = [a for a in pos.legal_actions()
                     if pos.lead < 0 or a.kind is not ActionKind.CLAIM]
            assert (i in steps) == (len(legal) > 1)
    for s, actor, options in points:
        assert rec.moves[s].action in options
        assert actor is Seat(positions[s].to_move if positions[s].to_move is not None
                             else positions[s].claim_by)


def test_a_broken_record_is_refused() -> None:
    text = ('[Deck "KS JS AH JH AD QS TS TH JC QD TD AC QH TC KC AS KH QC JD KD"]\n\n'
            '1. XX\n')
    rec = psn.loads(text)[0]
    with pytest.raises(ValueError):
        review_record(rec)


def test_review_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec, step, _ = _record_with_a_blunder(4)
    path = tmp_path / "deal.psn"
    path.write_text(psn.dumps([rec]), encoding="utf-8")
    out = tmp_path / "annotated.psn"
    args = ["review", str(path), "-o", str(out), "--samples", "2", "--seed", "3",
            "--no-progress", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["samples"] == 2 and data["seed"] == 3
    blunder = [d for d in data["decisions"] if d["step"] == step]
    assert blunder and blunder[0]["class"] == "blunder"
    back = psn.read(str(out))
    annotated = next(back)
    assert annotated.ok and 4 in annotated.moves[step].nags
    # the same seed gives the same review
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == data
    assert main(["review", str(path), "--samples", "2", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "accuracy" in text and "Anna" in text


@pytest.mark.parametrize("args, message", [
    (["--record", "5"], "no record 5"),
    (["--samples", "0"], "--samples 0"),
    (["-o", "/nonexistent/dir/x.psn"], "no such folder"),
])
def test_review_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               args: list[str], message: str) -> None:
    rec, _, _ = _record_with_a_blunder(4)
    path = tmp_path / "deal.psn"
    path.write_text(psn.dumps([rec]), encoding="utf-8")
    assert main(["review", str(path), "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_review_widget_and_graph() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("matplotlib")
    from schnapsen_lab.widgets.review import ReviewWidget, evaluation_figure

    rec, step, _ = _record_with_a_blunder(5)
    review = review_record(rec, samples=2, seed=0, steps=range(step, 100))
    fig = evaluation_figure(review, rec.player_names)
    ax = fig.axes[0]
    assert ax.get_ylim() == (-3.3, 3.3)
    assert any(t.get_text() == "blunder" for t in ax.get_legend().get_texts())
    w = ReviewWidget(rec, review)
    assert w.graph.value[:4] == b"\x89PNG"
    assert len(w.decisions.options) == len(review.decisions)
    w.decisions.value = step + 1
    assert w.replay.step == step + 1
    assert 4 in w.annotated.moves[step].nags


def test_closing_and_the_closed_game_are_judged_by_plans() -> None:
    """records/study/closing-guess.psn: closing is worth what the best plan is sure of
    (5 hands of 6: +4/3), not the double-dummy +2; after closing each lead is worth its
    best plan (A♦ and A♥ +4/3, K♣ +2/3), so the ace of hearts that lost is no mistake."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    close_step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    rv = review_record(rec, samples=12, seed=0, steps={close_step, close_step + 1})
    closing, lead = rv.decisions
    assert closing.step == close_step and closing.actor is Seat.B
    close = next(o for o in closing.options if o.action is CLOSE)
    assert close.mean == pytest.approx(4 / 3) and len(close.values) == 6
    assert sorted(close.values) == [-2, 2, 2, 2, 2, 2]
    assert lead.exact and lead.step == close_step + 1
    means = {str(o.action): o.mean for o in lead.options}
    assert means["AD"] == pytest.approx(4 / 3) and means["AH"] == pytest.approx(4 / 3)
    assert means["KC"] == pytest.approx(2 / 3) and means["QH+20"] == pytest.approx(-2)
    assert lead.loss == pytest.approx(0)
