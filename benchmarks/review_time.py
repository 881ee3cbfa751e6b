"""Time of the review a decision, on the deals where it searches most: closed deals.

    .venv/bin/python benchmarks/review_time.py [--deals 12] [--samples 4] [--budget 2500]

Reviews the first ``--deals`` deals of the bundled heuristic-vs-heuristic records in
which the talon was closed with at least 8 cards in it (the closed game is then planned
against hundreds of opponent hands at each decision), and the deals of ``--extra`` files
if given, and reports the time of each decision: median, 95th percentile and the worst,
where it was, and how many decisions had their plan search stopped at the budget.
Times are CPU seconds of this process (the same on a busy machine as on a quiet one);
the wall-clock worst is printed beside. Goal: no decision over 2 s (issue 51: 45 s on one
such deal before the bound).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.advisor import ADVICE_BUDGET
from schnapsen_lab.games.twohand.rules import CLOSE
from schnapsen_lab.psn import Record
from schnapsen_lab.review import Decision, review_record

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records" / "heuristic-vs-heuristic.psn"
GOAL = 2.0


def closed_deals(path: Path, talon: int) -> Iterator[tuple[str, Record]]:
    """``(where, record)`` for the deals of ``path`` closed with ``talon`` or more cards in
    the talon."""
    for n, rec in enumerate(psn.read(path), 1):
        if not rec.ok or rec.deck is None or rec.game.has_part("review"):
            continue
        k = next((s for s, m in enumerate(rec.moves) if m.action is CLOSE), None)
        if k is not None and rec.positions()[k].talon_size >= talon:
            yield f"{path.name} #{n}", rec


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--samples", type=int, default=4)
    ap.add_argument("--budget", type=int, default=ADVICE_BUDGET)
    ap.add_argument("--talon", type=int, default=8,
                    help="cards in the talon at closing, at least (default 8)")
    ap.add_argument("--extra", nargs="*", default=[], metavar="FILE",
                    help="PSN files whose every two-player deal is reviewed too")
    args = ap.parse_args()

    deals = list(islice(closed_deals(RECORDS, args.talon), args.deals))
    for extra in args.extra:
        deals += [(f"{Path(extra).name} #{n}", r) for n, r in enumerate(psn.read(extra), 1)
                  if r.ok and r.deck is not None and not r.game.has_part("review")]
    times: list[tuple[float, str, Decision, float]] = []
    started = time.process_time()
    for where, rec in deals:
        mark = [time.process_time(), time.perf_counter()]

        def timed(d: Decision, where: str = where, mark: list[float] = mark) -> None:
            now = [time.process_time(), time.perf_counter()]
            times.append((now[0] - mark[0], where, d, now[1] - mark[1]))
            mark[:] = now

        review_record(rec, samples=args.samples, budget=args.budget, on_decision=timed)
    total = time.process_time() - started
    spans = sorted(t[0] for t in times)
    worst_t, worst_where, worst, _ = max(times, key=lambda x: x[0])
    wall = max(t[3] for t in times)
    planned = [t[2] for t in times if t[2].by_plan]
    cut = sum(1 for d in planned if not d.exact)
    p95 = spans[min(len(spans) - 1, int(0.95 * len(spans)))]
    print(f"{len(deals)} deals, {len(spans)} decisions ({len(planned)} by plan), "
          f"--samples {args.samples}, --budget {args.budget}: {total:.1f} s of CPU")
    print(f"a decision (CPU): median {statistics.median(spans):.3f} s, 95th percentile "
          f"{p95:.3f} s, worst {worst_t:.3f} s ({worst_where}, step {worst.step}, "
          f"{worst.worlds} {'hands' if worst.by_plan else 'worlds'}); goal {GOAL:.0f} s: "
          f"{'met' if worst_t <= GOAL else 'NOT met'} (wall clock worst {wall:.3f} s)")
    print(f"plan searches stopped at the budget: {cut} of {len(planned)} decisions")


if __name__ == "__main__":
    main()
