"""How fast self-play runs, and how strong the heuristic player is.

In one run, on the same decks (full rules: exchange, closing, marriages, claims):

* baseline: the bare engine loop, dealing and stepping through a deal with
  ``legal_actions`` and ``apply_unchecked``, a uniformly random legal action each step
  and a claim whenever it is correct (no players, no views);
* ``play_deal`` with two random players (the simulator's quick path, no views built);
* ``play_deal`` with two random players that are given a full ``View`` at each choice;
* ``play_deal`` heuristic against random;
* random against random on all cores (one chunk of deals per process);
* the heuristic player's Bummerl win rate against random, with a 95% (Wilson)
  confidence interval, over ``--matches`` matches (default 1,000) on all cores.

Rates are deals per second of wall time and, for one process, of CPU time (the machine
may be shared); ratios are against the baseline of the same run.

    .venv/bin/python benchmarks/simulate.py [--deals N] [--matches M] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

from schnapsen_lab.games.twohand.knowledge import View
from schnapsen_lab.games.twohand.rules import CLAIM, SOFT, Action, Position, Profile
from schnapsen_lab.players import HeuristicPlayer, Player, RandomPlayer
from schnapsen_lab.simulate import default_jobs, parallel_map, play_deal, simulate


class ViewRandom:
    """A random player without the quick path: the simulator builds its view each time."""

    name = "random-view"

    def act(self, view: View, rng: random.Random) -> Action | None:
        return RandomPlayer.choose(view.legal, view.scores[view.viewer] >= 66, rng)


def engine_loop(n: int, seed: int, profile: Profile) -> int:
    """The baseline: deal and play ``n`` deals on the bare engine; return the actions."""
    rng = random.Random(seed)
    deck = list(range(20))
    actions = 0
    for i in range(n):
        rng.shuffle(deck)
        pos = Position.deal(deck, i % 2, profile)
        while True:
            legal = pos.legal_actions()
            if not legal:
                break
            if legal[0] is CLAIM and pos.claim_is_correct(pos.leader):
                pos.apply_unchecked(CLAIM)
                actions += 1
                break
            own = [a for a in legal if a is not CLAIM]
            if not own:  # after the last trick: a claim that would be false
                break
            pos.apply_unchecked(own[0] if len(own) == 1 else rng.choice(own))
            actions += 1
    return actions


def deals(players: tuple[Player, Player], n: int, seed: int, profile: Profile) -> int:
    """Play ``n`` deals with ``play_deal``; return the actions."""
    rng = random.Random(seed)
    rngs = (random.Random(seed + 1), random.Random(seed + 2))
    deck = list(range(20))
    actions = 0
    for i in range(n):
        rng.shuffle(deck)
        actions += len(play_deal(players, deck, i % 2, profile, rngs).actions)
    return actions


def _random_chunk(task: tuple[int, int]) -> int:
    n, seed = task
    return deals((RandomPlayer(), RandomPlayer()), n, seed, SOFT)


def timed(fn: Callable[[], int]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and the function's result."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20_000, help="deals per single-process test")
    ap.add_argument("--matches", type=int, default=1_000, help="Bummerl matches for the win rate")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    args = ap.parse_args()
    n, seed = args.deals, args.seed

    print(f"{n:,} deals each, soft profile, seed {seed}; {args.jobs} cores for the parallel runs")
    rows: list[tuple[str, float, float, int]] = []
    wall, cpu, acts = timed(lambda: engine_loop(n, seed, SOFT))
    rows.append(("baseline: engine loop (deal + legal_actions + apply)", wall, cpu, acts))
    quick = (RandomPlayer(), RandomPlayer())
    wall, cpu, acts = timed(lambda: deals(quick, n, seed, SOFT))
    rows.append(("play_deal random vs random (quick path)", wall, cpu, acts))
    viewed: tuple[Player, Player] = (ViewRandom(), ViewRandom())
    wall, cpu, acts = timed(lambda: deals(viewed, n, seed, SOFT))
    rows.append(("play_deal random vs random (View each choice)", wall, cpu, acts))
    hr: tuple[Player, Player] = (HeuristicPlayer(), RandomPlayer())
    wall, cpu, acts = timed(lambda: deals(hr, n // 4, seed, SOFT))
    rows.append(("play_deal heuristic vs random", wall * 4, cpu * 4, acts * 4))

    base_cpu = rows[0][2]
    print(f"{'run':<52} {'deals/s wall':>13} {'deals/s CPU':>12} {'actions/deal':>13}"
          f" {'CPU x baseline':>15}")
    for name, wall, cpu, acts in rows:
        print(f"{name:<52} {n / wall:>13,.0f} {n / cpu:>12,.0f} {acts / n:>13.1f}"
              f" {cpu / base_cpu:>15.2f}")

    jobs = args.jobs
    total = n * jobs
    per = [(n, seed + 1000 * k) for k in range(jobs)]
    wall, _, _ = timed(lambda: sum(parallel_map(_random_chunk, per, jobs)))
    one = rows[1][1]
    print(f"random vs random on {jobs} cores: {total / wall:,.0f} deals/s "
          f"({total / wall / jobs:,.0f} per core; {total / wall / (n / one):.2f}x one process)")

    m = args.matches
    wall, _, results = timed(lambda: _win_count(m, seed, jobs))
    wins, deals_played = divmod(results, 1 << 32)
    lo, hi = wilson(wins, m)
    print(f"heuristic vs random, {m:,} Bummerl matches (soft, {deals_played:,} deals, "
          f"{wall:.1f} s): heuristic wins {wins / m:.1%} (95% CI {lo:.1%} to {hi:.1%})")


def _win_count(matches: int, seed: int, jobs: int) -> int:
    wins = deals_played = 0
    for match in simulate(("heuristic", "random"), matches, seed, SOFT, jobs):
        wins += match.winner == 0
        deals_played += len(match.deals)
    return (wins << 32) + deals_played


if __name__ == "__main__":
    main()
