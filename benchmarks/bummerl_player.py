"""The Bummerl-aware strong player against the game-point strong player.

    .venv/bin/python benchmarks/bummerl_player.py [--pairs 500] [--samples S] [--jobs J]
        [--minutes M] [--seed X] [--json OUT] [--sampled-closing]

Both players sample and solve the same number of worlds a decision and judge closing and
play the closed game by plans (``--sampled-closing``: both by sampled worlds, the first
version measured); the Bummerl-aware one
(:class:`schnapsen_lab.players.strong_bummerl.BummerlStrongPlayer`) is told the counters
before each deal and chooses by the chance to win the Bummerl, the other
(:class:`~schnapsen_lab.players.strong.StrongPlayer`) by expected game points. Each pair
plays the Bummerl of one seed and number twice with the seats swapped (the same decks and
first dealer; the Bummerl-aware player A in the first, B in the second), so the luck of
the cards cancels as far as it can. Prints the Bummerl-aware player's Bummerl win rate
with its 95 % Wilson interval; the baseline is the game-point player against itself,
which wins half the Bummerls with the seats swapped (``--baseline`` plays it too, on the
same pairs). ``--minutes`` stops starting new pairs after that long, for a shared machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass

from tqdm import tqdm

from schnapsen_lab.games.twohand.players.base import Player
from schnapsen_lab.players.strong import DEFAULT_SAMPLES, StrongPlayer
from schnapsen_lab.players.strong_bummerl import BummerlStrongPlayer
from schnapsen_lab.simulate import parallel_map, play_bummerl
from schnapsen_lab.stats.tables import wilson


@dataclass(frozen=True)
class Task:
    number: int
    seed: int
    samples: int
    aware_seat: int
    baseline: bool
    plan: bool = True


@dataclass(frozen=True)
class Result:
    number: int
    aware_seat: int
    won: bool
    deals: int
    points_for: int
    points_against: int
    seconds: float


def play(task: Task) -> Result:
    """One Bummerl, the player under test in ``aware_seat``."""
    t = time.process_time()
    test: Player = (StrongPlayer(samples=task.samples, plan=task.plan) if task.baseline
                    else BummerlStrongPlayer(samples=task.samples, plan=task.plan))
    other = StrongPlayer(samples=task.samples, plan=task.plan)
    seat = task.aware_seat
    players = (test, other) if seat == 0 else (other, test)
    m = play_bummerl(players, task.seed, task.number)
    pf = sum(d.outcome.game_points for d in m.deals if d.outcome.winner == seat)
    pa = sum(d.outcome.game_points for d in m.deals if d.outcome.winner != seat)
    return Result(task.number, seat, m.winner == seat, len(m.deals), pf, pa,
                  time.process_time() - t)


def run(pairs: int, seed: int, samples: int, jobs: int, baseline: bool,
        minutes: float | None, plan: bool = True) -> list[Result]:
    tasks = [Task(n, seed, samples, s, baseline, plan) for n in range(1, pairs + 1)
             for s in (0, 1)]
    label = "baseline (game points vs game points)" if baseline else "Bummerl-aware"
    out: list[Result] = []
    start = time.monotonic()
    it = parallel_map(play, tasks, jobs)
    for r in tqdm(it, total=len(tasks), desc=label, file=sys.stderr):
        out.append(r)
        if minutes is not None and time.monotonic() - start > minutes * 60 and len(out) % 2 == 0:
            break
    return out


def report(label: str, rs: list[Result], seconds: float) -> dict[str, object]:
    n = len(rs)
    k = sum(r.won for r in rs)
    lo, hi = wilson(k, n)
    deals = sum(r.deals for r in rs)
    cpu = sum(r.seconds for r in rs)
    pf = sum(r.points_for for r in rs)
    pa = sum(r.points_against for r in rs)
    print(f"{label}: won {k} of {n} Bummerls = {k / n:.1%} (95% Wilson {lo:.1%} .. "
          f"{hi:.1%}); game points {pf} for, {pa} against; {deals} deals; "
          f"{cpu / n:.1f} core-s a Bummerl, {cpu / deals:.2f} a deal; {seconds:.0f} s wall")
    return {"label": label, "bummerls": n, "won": k, "rate": k / n, "low": lo, "high": hi,
            "deals": deals, "points_for": pf, "points_against": pa,
            "core_seconds": cpu, "wall_seconds": seconds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=500, help="Bummerl pairs (seats swapped)")
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=None,
                    help="start no new pair after this many minutes")
    ap.add_argument("--baseline", action="store_true",
                    help="also play the game-point player against itself on the same pairs")
    ap.add_argument("--json", metavar="OUT", help="write the figures and every Bummerl here")
    ap.add_argument("--sampled-closing", action="store_true",
                    help="both players judge closing and play the closed game by sampled "
                         "worlds (plan=False), as before closing by plans")
    a = ap.parse_args()
    plan = not a.sampled_closing
    print(f"strong players ({'closing by plans' if plan else 'closing by sampled worlds'}), "
          f"{a.samples} worlds a decision; up to {a.pairs} pairs of Bummerls, seed {a.seed}, "
          f"{a.jobs} job(s)")
    t = time.perf_counter()
    res = run(a.pairs, a.seed, a.samples, a.jobs, False, a.minutes, plan)
    figures = [report("Bummerl-aware vs game points", res, time.perf_counter() - t)]
    for s in (0, 1):
        part = [r for r in res if r.aware_seat == s]
        if part:
            k = sum(r.won for r in part)
            print(f"  as {'AB'[s]}: won {k} of {len(part)} = {k / len(part):.1%}")
    both = sum(1 for i in range(0, len(res) - 1, 2) if res[i].won and res[i + 1].won)
    neither = sum(1 for i in range(0, len(res) - 1, 2)
                  if not res[i].won and not res[i + 1].won)
    print(f"  pairs won in both seats {both}, in neither {neither}, of {len(res) // 2}")
    if a.baseline:
        t = time.perf_counter()
        base = run(len(res) // 2, a.seed, a.samples, a.jobs, True, None, plan)
        figures.append(report("baseline game points vs game points", base,
                              time.perf_counter() - t))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"figures": figures, "bummerls": [asdict(r) for r in res]}, f, indent=1)


if __name__ == "__main__":
    main()
