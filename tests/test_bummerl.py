"""Decisions in Bummerl terms: solved outcomes as equities from the shipped table, the review's
equity, flips and ``--by equity`` classes, the advisor's Bummerl chances, the Bummerl-aware
strong player."""

from __future__ import annotations

import json
import random
from itertools import islice

import pytest

from schnapsen_lab import equity, psn
from schnapsen_lab.advisor import advise
from schnapsen_lab.bummerl import BummerlScore, closing_equity, score_of
from schnapsen_lab.cli import main
from schnapsen_lab.commands.review import format_review
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.players.heuristic import HeuristicPlayer
from schnapsen_lab.games.twohand.rules import CLOSE, Seat, parse_action
from schnapsen_lab.players.strong import StrongPlayer
from schnapsen_lab.players.strong_bummerl import BummerlStrongPlayer
from schnapsen_lab.psn import Record
from schnapsen_lab.review import (
    EQUITY_BLUNDER,
    EQUITY_INACCURACY,
    EQUITY_MISTAKE,
    Decision,
    Judgement,
    judge_equity,
    review_record,
)
from schnapsen_lab.simulate import play_bummerl
from schnapsen_lab.worlds import ActionEstimate, estimate

from .conftest import ROOT

SOFT = equity.table("soft")
HH = ROOT / "records" / "heuristic-vs-heuristic.psn"
FLIP_RECORD = 149  # match 2-20, deal 10: at 1 : 1, A leads with the talon at 2 cards
FLIP_STEP = 9


def _flip_record() -> Record:
    return list(islice(psn.read(HH), FLIP_RECORD))[-1]


# -- the mapping ---------------------------------------------------------------------------------

def test_an_outcome_is_the_table_value_after_the_deal() -> None:
    """Hand-computed from the grids: B deals at 3 : 5, so A deals the next deal."""
    s = BummerlScore((3, 5), Seat.B, SOFT)
    i_deal, they_deal = SOFT.i_deal, SOFT.they_deal  # grid[mine - 1][theirs - 1]
    assert s.equity(+2, Seat.A) == i_deal[0][4]          # A wins 2: A 1, B 5, A deals
    assert s.equity(-1, Seat.A) == i_deal[2][3]          # B wins 1: A 3, B 4
    assert s.equity(+3, Seat.A) == 1.0                   # A's counter reaches 0
    assert s.equity(+1, Seat.B) == they_deal[3][2]       # B wins 1: B 4, A 3, A deals
    assert s.equity(-3, Seat.B) == 0.0                   # A wins 3: the Bummerl is A's
    # the same outcome seen from both seats adds up to one (the table's symmetry)
    for v in (-3, -2, -1, 1, 2, 3):
        assert s.equity(v, Seat.A) + s.equity(-v, Seat.B) == pytest.approx(1.0, abs=2e-6)
    values = [2, -1, 2, 3]
    assert s.mean_equity(values, Seat.A) == pytest.approx(
        (2 * i_deal[0][4] + i_deal[2][3] + 1.0) / 4)
    with pytest.raises(ValueError):
        s.mean_equity([], Seat.A)
    with pytest.raises(ValueError):
        s.equity(0, Seat.A)


def test_the_score_comes_from_the_score_tag() -> None:
    rec = _flip_record()
    s = score_of(rec)
    assert s is not None
    assert s.counters == (1, 1) and s.dealer is Seat.B and s.table is SOFT
    alone = next(psn.read(ROOT / "records" / "study" / "failed-closing.psn"))
    assert "Score" not in alone.tags and score_of(alone) is None
    text = psn.dumps([rec])
    for bad in ("0-3", "8-7", "7"):
        other = psn.loads(text.replace('[Score "1-1"]', f'[Score "{bad}"]'))[0]
        assert score_of(other) is None, bad


# -- the flip: at 1 : 1 a sure single beats a closing that wins more on average -----------------

def test_the_advisor_flips_at_one_to_one() -> None:
    rec = _flip_record()
    advice = advise(rec.positions()[FLIP_STEP], samples=60, seed=0)
    assert advice.verdict == "close" and advice.close.mean == pytest.approx(1.2)
    score = score_of(rec)
    assert score is not None
    eq = closing_equity(advice, score)
    # 4 of the 5 hands lose to closing (A needs 1: the Bummerl), 1 beats it by 2 (B's too)
    assert eq.close == pytest.approx(0.8)
    assert eq.play_on_best[0].token == "JS" and eq.play_on_best[1] == 1.0
    assert eq.by_points == "close" and eq.verdict == "play on" and eq.flips
    assert "disagree" in eq.explain()


def test_the_review_marks_the_flip() -> None:
    rec = _flip_record()
    review = review_record(rec, samples=40, steps={FLIP_STEP})
    (d,) = review.decisions
    assert d.best.action is CLOSE and d.played == parse_action("JS")
    assert d.best_by_equity is not None and str(d.best_by_equity.action) == "JS"
    assert d.flips and review.flips == (d,)
    eqs = dict(zip((o.token for o in d.options), d.equities or (), strict=True))
    assert eqs["C"] == pytest.approx(0.8) and eqs["JS"] == 1.0
    assert d.equity_loss == 0.0 and d.loss == pytest.approx(0.2)
    j = d.to_dict()
    assert j["equity"] == {"best": "JS", "loss": 0.0, "class": "best", "flips": True}
    assert j["options"]["C"]["equity"] == 0.8
    text = format_review(review, rec.player_names)
    assert "Bummerl at 1-1 (A-B), heuristic B deals" in text
    assert "[flip: best by game points C, for the Bummerl J♠ 100%]" in text


# -- classes on the equity loss -----------------------------------------------------------------

def test_equity_thresholds() -> None:
    assert (EQUITY_INACCURACY, EQUITY_MISTAKE, EQUITY_BLUNDER) == (0.02, 0.04, 0.08)
    assert judge_equity(0.0) is Judgement.BEST
    assert judge_equity(0.0199) is Judgement.BEST
    assert judge_equity(0.02) is Judgement.INACCURACY
    assert judge_equity(0.0399) is Judgement.INACCURACY
    assert judge_equity(0.04) is Judgement.MISTAKE
    assert judge_equity(0.08) is Judgement.BLUNDER
    assert judge_equity(1.0) is Judgement.BLUNDER


def _option(token: str, values: list[int]) -> ActionEstimate:
    return ActionEstimate(parse_action(token), estimate(values), tuple(values))


def test_classes_by_points_and_by_equity() -> None:
    """At 1 : 1, 'AH' risks the Bummerl in one world of four for more game points."""
    safe = _option("JS", [1, 1, 1, 1])           # 1.00 game points, Bummerl 100%
    risky = _option("AH", [3, 3, 3, -2])          # 1.75 game points, Bummerl 75%
    score = BummerlScore((1, 1), Seat.B, SOFT)
    by_points = Decision(4, Seat.A, risky.action, (risky, safe), 4, False, score, "points")
    by_equity = Decision(4, Seat.A, risky.action, (risky, safe), 4, False, score, "equity")
    assert by_points.judgement is Judgement.BEST and by_points.accuracy == 100.0
    assert by_equity.equity_loss == pytest.approx(0.25)
    assert by_equity.judgement is Judgement.BLUNDER and by_equity.accuracy == 0.0
    assert by_points.flips and by_equity.flips
    # the safe move played: a mistake by game points (0.75), best by equity
    played_safe = Decision(4, Seat.A, safe.action, (risky, safe), 4, False, score, "equity")
    assert played_safe.judgement is Judgement.BEST and played_safe.equity_loss == 0.0
    assert Decision(4, Seat.A, safe.action, (risky, safe), 4, False, score).judgement \
        is Judgement.MISTAKE
    # without the score: no equity, and the classes are those of game points
    plain = Decision(4, Seat.A, risky.action, (risky, safe), 4, False)
    assert plain.equities is None and plain.equity_loss is None and not plain.flips
    assert "equity" not in plain.to_dict()


def test_review_by_equity_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(HH), "--record", str(FLIP_RECORD), "--samples", "20",
                 "--by", "equity", "--json", "--no-progress"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["by"] == "equity"
    assert d["bummerl"] == {"counters": {"A": 1, "B": 1}, "dealer": "B", "table": "soft/strong"}
    for dec in d["decisions"]:
        assert dec["class"] == judge_equity(dec["equity"]["loss"]).value
        best = max(dec["options"].values(), key=lambda o: o["equity"])["equity"]
        assert dec["equity"]["loss"] == pytest.approx(
            best - dec["options"][dec["played"]]["equity"], abs=2e-4)
    flip = next(x for x in d["decisions"] if x["step"] == FLIP_STEP)
    assert flip["equity"]["flips"] is True
    # step 7: B plays on with 10♥ where closing wins the Bummerl in every world
    seven = next(x for x in d["decisions"] if x["step"] == 7)
    assert seven["class"] == "blunder" and seven["equity"]["best"] == "C"


def test_review_by_equity_from_python_classes_the_summary() -> None:
    rec = _flip_record()
    points = review_record(rec, samples=20, steps={4, 7, 9, 10})
    eq = review_record(rec, samples=20, steps={4, 7, 9, 10}, by="equity")
    assert [d.judgement for d in eq.decisions] == [judge_equity(d.equity_loss or 0.0)
                                                  for d in eq.decisions]
    assert [d.loss for d in eq.decisions] == [d.loss for d in points.decisions]
    b = eq.players[Seat.B]
    assert b.blunders == sum(1 for d in eq.decisions
                             if d.actor is Seat.B and d.judgement is Judgement.BLUNDER)
    with pytest.raises(ValueError, match="by"):
        review_record(rec, by="bummerl")


# -- without a Score tag: nothing changes --------------------------------------------------------

def test_no_score_tag_no_equity(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "records" / "study" / "failed-closing.psn"
    rec = next(psn.read(path))
    review = review_record(rec, samples=10)
    assert review.score is None
    d = review.to_dict()
    assert set(d) == {"samples", "seed", "players", "decisions"}
    assert all("equity" not in x and all("equity" not in o for o in x["options"].values())
               for x in d["decisions"])
    assert "Bummerl" not in format_review(review, rec.player_names)
    assert all("Bummerl" not in d.comment() for d in review.decisions)
    with pytest.raises(ValueError, match="Score tag"):
        review_record(rec, samples=10, by="equity")
    assert main(["review", str(path), "--by", "equity", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "has no Score tag" in err[0]
    wins = ROOT / "records" / "study" / "closing-wins-3.psn"
    step = next(i for i, a in enumerate(next(psn.read(wins)).actions) if a is CLOSE)
    assert main(["advise", str(wins), "--step", str(step), "--json", "--samples", "10"]) == 0
    assert "bummerl" not in json.loads(capsys.readouterr().out)


def test_advise_reports_the_bummerl(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", str(HH), "--record", str(FLIP_RECORD), "--step", str(FLIP_STEP),
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    b = d["bummerl"]
    assert b["close"] == pytest.approx(0.8) and b["play_on"]["equity"] == 1.0
    assert b["verdict"] == "play on" and d["verdict"] == "close" and b["flips"] is True
    assert main(["advise", str(HH), "--record", str(FLIP_RECORD), "--step",
                 str(FLIP_STEP)]) == 0
    out = capsys.readouterr().out
    assert "A's chance to win it if A closes 80.0%, plays on (J♠) 100.0%" in out


# -- the Bummerl-aware strong player -------------------------------------------------------------

@pytest.mark.parametrize("plan", [True, False])
def test_the_bummerl_aware_player_does_not_close_at_one_to_one(plan: bool) -> None:
    """Closing judged by its plan (or, ``plan=False``, by sampled worlds) in equity."""
    rec = _flip_record()
    v = view(rec.positions()[FLIP_STEP], Seat.A)
    rng = random.Random(0)
    assert StrongPlayer(samples=30).act(v, rng) is CLOSE          # +1.20 game points
    unaware = BummerlStrongPlayer(samples=30, plan=plan)
    assert unaware.act(v, rng) is CLOSE                           # no counters: the same
    aware = BummerlStrongPlayer(samples=30, plan=plan)
    aware.new_deal((1, 1), Seat.B)
    assert str(aware.act(v, rng)) == "JS"                          # the sure Bummerl
    aware.new_deal((7, 7), Seat.B)                                 # early: points rule
    assert aware.act(v, rng) is CLOSE


def test_the_bummerl_aware_player_plays_the_closed_game_by_the_plan() -> None:
    """After closing the stakes are fixed: it leads as the plan does (an ace on the
    strategy-fusion study deal, never the marriage that loses every hand), and it is a
    player the command line knows by name."""
    from schnapsen_lab.players.registry import make_player

    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE) + 1
    pos = rec.positions()[step]
    v = view(pos, pos.to_move)
    aware = make_player("strong-bummerl")
    assert isinstance(aware, BummerlStrongPlayer)
    aware.new_deal((3, 3), Seat.A)
    planned = aware.act(v, random.Random(1))
    assert planned == StrongPlayer(samples=30).act(v, random.Random(1))
    assert str(planned) in ("AD", "AH")


class _Listening(HeuristicPlayer):
    def __init__(self) -> None:
        super().__init__()
        self.told: list[tuple[tuple[int, int], Seat]] = []

    def new_deal(self, counters: tuple[int, int], dealer: Seat) -> None:
        self.told.append((counters, dealer))


def test_play_bummerl_tells_the_counters() -> None:
    a, b = _Listening(), HeuristicPlayer()
    m = play_bummerl((a, b), seed=3, number=1)
    assert len(a.told) == len(m.deals)
    counters = (7, 7)
    for (told, dealer), deal in zip(a.told, m.deals, strict=True):
        assert told == counters and dealer == deal.dealer
        w, k = int(deal.outcome.winner), deal.outcome.game_points
        counters = (counters[0] - k, counters[1]) if w == 0 else (counters[0], counters[1] - k)
    assert counters == m.counters


# -- the closing trainer ------------------------------------------------------------------------

def test_the_closing_trainer_notes_the_bummerl() -> None:
    from schnapsen_lab.i18n import language
    from schnapsen_lab.training import ClosingExercise, bummerl_note

    rec = _flip_record()
    ex = ClosingExercise(rec, FLIP_STEP, Seat.A, 2, False)
    advice = advise(ex.position, samples=30, seed=0)
    note = bummerl_note(ex, advice)
    assert note == ("In the Bummerl, at 1-1: closing wins it 80%, playing on (J♠) 100%; "
                    "for the Bummerl, play on. Here game points and the Bummerl disagree: "
                    "the score decides.")
    with language("de"):
        de = bummerl_note(ex, advice)
    # numbers as German writes them (Babel): "80 %" with a no-break space (issue 22)
    assert de is not None and de.startswith(
        "Im Bummerl, bei 1-1: Zudrehen gewinnt es zu 80\u00a0%")
    alone = next(psn.read(ROOT / "records" / "study" / "closing-wins-3.psn"))
    step = next(i for i, a in enumerate(alone.actions) if a is CLOSE)
    ex2 = ClosingExercise(alone, step, Seat(alone.positions()[step].leader), 4, True)
    assert bummerl_note(ex2, advise(ex2.position, samples=10)) is None
