"""How fast the perfect-information solver is, against the plain minimax in the same run.

Times, over random deals (seeded):
  (a) the full deal solved from the first lead (200 deals; target <= 40 ms median);
  (b) the closed phase solved from the moment the talon is exhausted, 5 cards each
      (200 positions; target <= 1 ms median);
  (c) the baseline: the plain minimax (:mod:`schnapsen_lab.solver.reference`) and the
      solver's search run as plain Python, on the first positions of (b);
then any sections registered in ``EXTRA`` (closing advice, review: the advisor's part).
Prints medians (wall clock, and CPU time, steadier on a busy machine) and ratios.

    .venv/bin/python benchmarks/solver.py [--deals 200] [--positions 200] [--baseline 40]
                                          [--seed 1] [--cold] [--solver-only]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from schnapsen_lab.games.twohand.rules import SOFT, ActionKind, Position, Seat
from schnapsen_lab.solver import Solver
from schnapsen_lab.solver.reference import minimax


@dataclass
class Workload:
    """The positions every section may time: deals at the first lead, exhausted talons."""

    seed: int
    deals: list[Position]
    exhausted: list[Position]
    args: argparse.Namespace | None = None


@dataclass
class Timing:
    """Per-item times of one task (seconds, wall clock and CPU)."""

    name: str
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    target: str = ""

    @property
    def median(self) -> float:
        """Median wall time."""
        return statistics.median(self.wall)

    @property
    def median_cpu(self) -> float:
        """Median CPU time."""
        return statistics.median(self.cpu)

    def line(self) -> str:
        """One printed line."""
        w = sorted(self.wall)
        p90 = w[min(len(w) - 1, int(0.9 * len(w)))]
        return (f"{self.name:<44} n={len(w):<4} median {_ms(self.median)} "
                f"(cpu {_ms(self.median_cpu)})  p90 {_ms(p90)}  max {_ms(w[-1])}"
                + (f"  target {self.target}" if self.target else ""))


def _ms(t: float) -> str:
    return f"{t * 1e3:9.3f} ms"


def time_each(name: str, fn: Callable[[Position], object], items: Sequence[Position],
              target: str = "") -> Timing:
    """Time ``fn`` on every item, one call each."""
    t = Timing(name, target=target)
    for item in items:
        w0, c0 = time.perf_counter(), time.process_time()
        fn(item)
        t.cpu.append(time.process_time() - c0)
        t.wall.append(time.perf_counter() - w0)
    return t


EXTRA: list[Callable[[Workload], list[Timing]]] = []
"""More sections (closing advice at leads, a whole-deal review): each takes the workload
and returns its timings; they are printed after the solver's."""


def random_deals(n: int, seed: int) -> list[Position]:
    """``n`` deals as dealt (soft rules, dealer alternating)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = list(range(20))
        rng.shuffle(deck)
        out.append(Position.deal(deck, Seat(i % 2), SOFT))
    return out


def exhausted_positions(n: int, seed: int) -> list[Position]:
    """``n`` positions right after the last draw (5 cards each), by random play that
    neither closes nor claims."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, Seat(len(out) % 2), SOFT)
        while pos.outcome is None and not pos.exhausted:
            legal = [a for a in pos.legal_actions()
                     if a.kind not in (ActionKind.CLOSE, ActionKind.CLAIM)]
            pos = pos.play(legal[rng.randrange(len(legal))])
        if pos.outcome is None and pos.claim_by >= 0 and pos.claim_is_correct(pos.claim_by):
            continue  # a claim ends it at once: nothing to solve
        if pos.outcome is None and len(pos.hand(0)) == 5:
            out.append(pos)
    return out


def cold_compile_seconds() -> tuple[float, float]:
    """Wall and CPU seconds for a fresh process to import the solver and compile the kernel
    with an empty numba cache."""
    code = ("from schnapsen_lab.games.twohand.rules import Position\n"
            "from schnapsen_lab.solver import Solver\n"
            "Solver(compiled=True).solve(Position.deal(list(range(20))))\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp)
        subprocess.run([sys.executable, "-c", code], env=env, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def solver_sections(w: Workload, baseline: int) -> list[Timing]:
    """The solver's timings: full deals, exhausted talons, and the baselines."""
    fast = Solver(compiled=True)
    plain = Solver(compiled=False)
    t0 = time.perf_counter()
    fast.solve(w.exhausted[0])
    load = time.perf_counter() - t0
    print(f"kernel ready (compiled or loaded from the numba cache) in {load:.2f} s")
    out = [
        time_each("(a) full deal from the first lead", fast.solve, w.deals, "<= 40 ms"),
        time_each("(b) exhausted talon, 5 cards each", fast.solve, w.exhausted, "<= 1 ms"),
    ]
    base = w.exhausted[:baseline]
    out.append(time_each("(c) plain minimax, exhausted talon", minimax, base))
    out.append(time_each("(c) the search as plain Python, exhausted", plain.solve, base))
    out.append(time_each("(c) compiled search, same positions", fast.solve, base))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--baseline", type=int, default=40,
                    help="exhausted-talon positions the plain minimax solves (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cold", action="store_true",
                    help="also time a cold compile (fresh process, empty numba cache)")
    ap.add_argument("--solver-only", action="store_true", help="skip the EXTRA sections")
    args = ap.parse_args()
    w = Workload(args.seed, random_deals(args.deals, args.seed),
                 exhausted_positions(args.positions, args.seed + 1), args)
    print(f"python {sys.version.split()[0]}, one core, seed {args.seed}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.cold:
        wall, cpu = cold_compile_seconds()
        print(f"cold start (import, compile the kernel, one solve): {wall:.1f} s "
              f"(cpu {cpu:.1f} s); later processes load it from the numba cache")
    timings = solver_sections(w, args.baseline)
    for t in timings:
        print(t.line())
    by = {t.name: t for t in timings}
    ref = by["(c) plain minimax, exhausted talon"]
    py = by["(c) the search as plain Python, exhausted"]
    jit = by["(c) compiled search, same positions"]
    print(f"ratios on the same positions: plain minimax / compiled = "
          f"{ref.median / jit.median:,.0f} x; plain-Python search / compiled = "
          f"{py.median / jit.median:,.0f} x (medians, wall)")
    if not args.solver_only:
        for section in EXTRA:
            for t in section(w):
                print(t.line())


if __name__ == "__main__":
    main()
