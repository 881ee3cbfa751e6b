"""The review's plan search is bounded as the advisor's is (issue 51, F5): by counted work,
deterministically, the whole search of a decision included (its quick first pass and
every choice's search); ``review --budget`` as ``advise --budget``. Times are measured by
benchmarks/review_time.py, never here."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import schnapsen_lab.solver.plan as plan_module
from schnapsen_lab import psn
from schnapsen_lab.advisor import ADVICE_BUDGET, PLAN_CAP, plan_cap
from schnapsen_lab.review import review_record

from .conftest import ROOT

RECORDS = ROOT / "records" / "heuristic-vs-heuristic.psn"
HEAVY = (415, 3)
"""A closed-game decision planned against 715 hands for every choice: 22,073 search nodes
and 99,028 units of work (about 5 s) without the bound on the whole search."""
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def record(n: int) -> psn.Record:
    return next(itertools.islice(psn.read(RECORDS), n - 1, None))


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every plan search made in the test (the planner's own objects, its counts)."""
    made: list[Any] = []
    start = plan_module._Search.__init__

    def keep(self: Any, *args: Any, **kwargs: Any) -> None:
        start(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(plan_module._Search, "__init__", keep)
    yield made


def test_a_decisions_whole_plan_search_stays_within_its_cap(searches: list[Any]) -> None:
    n, step = HEAVY
    review = review_record(record(n), samples=4, steps={step})
    (d,) = review.decisions
    assert d.by_plan and d.worlds == 715 and not d.exact  # cut short, and says so
    assert searches, "no plan was searched"
    for s in searches:
        assert 0 < s.cap <= plan_cap(ADVICE_BUDGET)
        assert s.nodes <= s.cap + 1  # a node past the cap is where the search stopped
    assert sum(s.nodes for s in searches) <= PLAN_CAP * ADVICE_BUDGET


def test_the_bound_is_deterministic_and_every_choice_still_valued() -> None:
    n, step = HEAVY
    first = review_record(record(n), samples=4, steps={step}).decisions[0]
    again = review_record(record(n), samples=4, steps={step}).decisions[0]
    assert first == again
    assert {str(o.action) for o in first.options} == {"AD", "QD", "AH", "QH", "TS"}
    assert first.best.mean > min(o.mean for o in first.options)  # not all alike


def test_budget_zero_is_no_bound(searches: list[Any]) -> None:
    # a small closed position, searched to the end
    rec = next(r for r in psn.read(ROOT / "records" / "study" / "closing-wins-3.psn"))
    review_record(rec, samples=4, budget=0)
    assert searches and all(s.cap == 0 and s.budget == 0 for s in searches)


def test_review_budget_on_the_command_line() -> None:
    n, step = HEAVY
    cmd = [sys.executable, "-m", "schnapsen_lab.cli", "review", str(RECORDS), "--record",
           str(n), "--samples", "4", "--no-progress", "--json"]
    r = subprocess.run([*cmd, "--budget", "2500"], capture_output=True, text=True, env=ENV,
                       check=False, timeout=600)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    heavy = next(d for d in got["decisions"] if d["step"] == step)
    assert heavy["exact"] is False
    r = subprocess.run([*cmd, "--budget", "-1"], capture_output=True, text=True, env=ENV,
                       check=False, timeout=600)
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        "schnapsen-lab review: --budget -1: give 0 or more"]
    assert "--budget" in subprocess.run([*cmd[:4], "--help"], capture_output=True, text=True,
                                        env=ENV, check=False).stdout


def test_a_four_player_decision_stops_at_its_node_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    import schnapsen_lab.review_four as four

    made: list[Any] = []

    class Kept(four.StrongBauernPlayer):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(four, "StrongBauernPlayer", Kept)
    rec = next(psn.read(ROOT / "records" / "bauern-heuristic-vs-heuristic.psn"))
    pos, k = rec.start(), 0
    while four._choice_decision(pos, k, rec.actions[k], 1, random.Random(0)) is None:
        pos, k = pos.play(rec.actions[k]), k + 1  # to the first decision with a choice
    made.clear()
    d = four._choice_decision(pos, k, rec.actions[k], 2_000, random.Random(0))
    assert d is not None and made
    assert all(p.last_nodes <= four.REVIEW_NODES for p in made)
    assert 0 < d.worlds < 2_000  # the worlds finished within the budget, and said so
