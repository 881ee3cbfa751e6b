"""The strong player's Bummerl win rate against the rule-of-thumb (heuristic) player.

    .venv/bin/python benchmarks/strong_player.py [--matches 500] [--samples S] [--jobs J]

The strong player sits A in odd matches and B in even ones; matches are those of
:func:`schnapsen_lab.simulate.play_bummerl` (seeded decks, random first dealer). Prints the
win rate with a 95 % Wilson interval, the deals and game points won, and, as the
baseline run in the same go, the heuristic player against itself on the same matches.
(A public MCTS player wins 75.7 % of its Bummerls against its own heuristic player.)
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass

from tqdm import tqdm

from schnapsen_lab.players.registry import make_player
from schnapsen_lab.players.strong import DEFAULT_SAMPLES, StrongPlayer
from schnapsen_lab.simulate import default_jobs, parallel_map, play_bummerl


@dataclass(frozen=True)
class Task:
    number: int
    seed: int
    samples: int
    strong: bool


@dataclass(frozen=True)
class Result:
    won: bool
    deals: int
    deals_won: int
    points_for: int
    points_against: int


def play(task: Task) -> Result:
    """One Bummerl; the player under test sits A in odd matches."""
    test = StrongPlayer(samples=task.samples) if task.strong else make_player("heuristic")
    other = make_player("heuristic")
    seat = 0 if task.number % 2 else 1
    players = (test, other) if seat == 0 else (other, test)
    m = play_bummerl(players, task.seed, task.number)
    won = sum(1 for d in m.deals if d.outcome.winner == seat)
    pf = sum(d.outcome.game_points for d in m.deals if d.outcome.winner == seat)
    pa = sum(d.outcome.game_points for d in m.deals if d.outcome.winner != seat)
    return Result(m.winner == seat, len(m.deals), won, pf, pa)


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k/n."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(strong: bool, matches: int, seed: int, samples: int, jobs: int) -> list[Result]:
    tasks = [Task(n, seed, samples, strong) for n in range(1, matches + 1)]
    label = "strong" if strong else "baseline"
    return list(tqdm(parallel_map(play, tasks, jobs), total=matches, desc=label,
                     file=sys.stderr))


def report(label: str, rs: list[Result], seconds: float) -> float:
    n = len(rs)
    k = sum(r.won for r in rs)
    lo, hi = wilson(k, n)
    deals = sum(r.deals for r in rs)
    dw = sum(r.deals_won for r in rs)
    pf = sum(r.points_for for r in rs)
    pa = sum(r.points_against for r in rs)
    print(f"{label}: won {k} of {n} Bummerls = {k / n:.1%} (95% CI {lo:.1%} .. {hi:.1%}); "
          f"deals won {dw}/{deals} = {dw / deals:.1%}; game points {pf} for, {pa} against; "
          f"{seconds:.0f} s")
    return k / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=500)
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    a = ap.parse_args()
    t = time.perf_counter()
    base = run(False, a.matches, a.seed, a.samples, a.jobs)
    tb = time.perf_counter() - t
    t = time.perf_counter()
    res = run(True, a.matches, a.seed, a.samples, a.jobs)
    ts = time.perf_counter() - t
    print(f"strong player: {a.samples} worlds a decision; {a.matches} matches, seed {a.seed}")
    b = report("baseline heuristic vs heuristic", base, tb)
    s = report("strong vs heuristic", res, ts)
    print(f"win rate ratio strong/baseline: {s / b:.2f}")


if __name__ == "__main__":
    main()
