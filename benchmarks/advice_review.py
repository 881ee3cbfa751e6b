"""Speed of the closing advisor and of a whole-deal review.

    .venv/bin/python benchmarks/advice_review.py [--positions 40] [--deals 5]

Closing advice: leads of the bundled heuristic-vs-heuristic records where closing is legal
(talon of 2 to 10 cards), with the default sample size; target <= 0.5 s. Review: whole
deals of the same records at the default sample size; target <= 60 s a deal. The
baseline run in the same go is one perfect-information solve of the same position (for
advice) or of every position of the deal (for a review): the ratios say how many such
solves the analysis costs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import islice
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.advisor import DEFAULT_SAMPLES as ADVICE_SAMPLES
from schnapsen_lab.advisor import advise
from schnapsen_lab.games.twohand.rules import CLOSE, EXCHANGE, Position
from schnapsen_lab.review import DEFAULT_SAMPLES as REVIEW_SAMPLES
from schnapsen_lab.review import review_record
from schnapsen_lab.solver import Solver, solve

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records" / "heuristic-vs-heuristic.psn"


def closing_leads(limit: int) -> list[Position]:
    """Leads where closing is legal, spread over talon sizes, from the bundled records."""
    by_talon: dict[int, list[Position]] = {}
    for rec in islice(psn.read(RECORDS), 400):
        for pos in rec.positions():
            if pos.outcome is None and pos.lead < 0 and pos.talon_open:
                legal = pos.legal_actions()
                if CLOSE in legal and EXCHANGE not in legal:
                    by_talon.setdefault(pos.talon_size, []).append(pos)
    out: list[Position] = []
    i = 0
    while len(out) < limit and any(i < len(v) for v in by_talon.values()):
        for t in sorted(by_talon):
            if i < len(by_talon[t]) and len(out) < limit:
                out.append(by_talon[t][i])
        i += 1
    return out


def fresh_solve(pos: Position) -> float:
    s = Solver()
    t = time.perf_counter()
    s.solve(pos)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--deals", type=int, default=5)
    a = ap.parse_args()
    solve(Position.deal(list(range(20))))  # compile / load the kernel first

    leads = closing_leads(a.positions)
    times: list[float] = []
    base: list[float] = []
    by_talon: dict[int, list[float]] = {}
    for pos in leads:
        t = time.perf_counter()
        advise(pos)
        dt = time.perf_counter() - t
        times.append(dt)
        by_talon.setdefault(pos.talon_size, []).append(dt)
        base.append(fresh_solve(pos))
    med = statistics.median(times)
    print(f"closing advice ({ADVICE_SAMPLES} worlds for playing on), {len(leads)} leads: "
          f"median {med * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
          f"target 500 ms: ratio {med / 0.5:.2f}")
    for t in sorted(by_talon):
        v = by_talon[t]
        print(f"  talon {t:>2}: median {statistics.median(v) * 1000:.0f} ms over {len(v)}")
    bm = statistics.median(base)
    print(f"  baseline: one solve of the same lead, median {bm * 1000:.1f} ms; "
          f"advice / solve = {med / bm:.0f}")

    recs = [r for r in islice(psn.read(RECORDS), 200) if len(r.moves) >= 12][:a.deals]
    rt, rb, decisions = [], [], 0
    for rec in recs:
        t = time.perf_counter()
        rv = review_record(rec, samples=REVIEW_SAMPLES, seed=0)
        rt.append(time.perf_counter() - t)
        decisions += len(rv.decisions)
        t = time.perf_counter()
        for pos in rec.positions()[:-1]:
            solve(pos)
        rb.append(time.perf_counter() - t)
    med = statistics.median(rt)
    print(f"deal review ({REVIEW_SAMPLES} worlds a decision), {len(recs)} deals, "
          f"{decisions / len(recs):.1f} decisions a deal: median {med:.1f} s, "
          f"max {max(rt):.1f} s; target 60 s: ratio {med / 60:.2f}")
    bm = statistics.median(rb)
    print(f"  baseline: one solve of every position of the deal, median {bm * 1000:.0f} ms; "
          f"review / baseline = {med / bm:.0f}")


if __name__ == "__main__":
    main()
