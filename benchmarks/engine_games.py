"""The two-player engine on Schnapsen and Sechsundsechzig, side by side in one run.

    .venv/bin/python benchmarks/engine_games.py [--deals 60] [--leads 20] [--decisions 40]
                                                [--seed 1]

For each game (Schnapsen's ``soft`` profile, Sechsundsechzig's), measured one after the
other in the same process, the kernel loaded before timing:

- ``full deal``: the exact value of ``--deals`` random deals from the first lead
  (:func:`schnapsen_lab.solver.solve`, every card known);
- ``closing``: the closing decision of the advisor at ``--leads`` leads where closing is
  legal, taken from the bundled heuristic-vs-heuristic records of the game and spread
  over the talon sizes (:func:`schnapsen_lab.advisor.closing_plan`: the best plan over
  every hand the opponent may hold, within the advisor's work budget); goal for
  Sechsundsechzig: worst <= 0.5 s;
- ``advice``: the whole advice at the same leads (the plan, plus playing on estimated
  over the default sample of worlds);
- ``strong``: one decision of the strong player at ``--decisions`` positions of the same
  records where it has a choice (goal for Sechsundsechzig: median <= 0.2 s).

Prints the median and the worst wall and CPU time of each, per game, and
Sechsundsechzig's figures as ratios of Schnapsen's (on a shared machine the CPU times
are the steadier figures).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import islice
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.advisor import advise, closing_plan
from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import CLOSE, EXCHANGE, SOFT, Position, Profile, Seat
from schnapsen_lab.players.strong import StrongPlayer
from schnapsen_lab.solver import solve

ROOT = Path(__file__).resolve().parent.parent
GAMES: dict[str, tuple[Profile, Path]] = {
    "Schnapsen": (SOFT, ROOT / "records" / "heuristic-vs-heuristic.psn"),
    "Sechsundsechzig": (SECHSUNDSECHZIG_PROFILE,
                        ROOT / "records" / "sechsundsechzig-heuristic-vs-heuristic.psn"),
}
CLOSING_GOAL = 0.5
STRONG_GOAL = 0.2


def record_positions(path: Path, records: int = 300) -> list[Position]:
    """The main-line positions of the first ``records`` records of ``path``."""
    out: list[Position] = []
    for rec in islice(psn.read(path), records):
        out.extend(rec.positions())
    return out


def closing_leads(positions: Sequence[Position], n: int) -> list[Position]:
    """Up to ``n`` leads where closing is legal (no exchange pending), spread over the
    talon sizes."""
    by_talon: dict[int, list[Position]] = {}
    for pos in positions:
        if pos.outcome is None and pos.lead < 0 and pos.talon_open:
            legal = pos.legal_actions()
            if CLOSE in legal and EXCHANGE not in legal:
                by_talon.setdefault(pos.talon_size, []).append(pos)
    out: list[Position] = []
    while len(out) < n and any(by_talon.values()):
        for t in sorted(by_talon):
            if by_talon[t] and len(out) < n:
                out.append(by_talon[t].pop(0))
    return out


def choices(positions: Sequence[Position], n: int, rng: random.Random) -> list[Position]:
    """``n`` positions where the player to move has more than one action."""
    pool = [p for p in positions if p.outcome is None and len(p.legal_actions()) > 1]
    return rng.sample(pool, min(n, len(pool)))


def timed(items: Sequence[Position], work: Callable[[Position], object]
          ) -> list[tuple[float, float]]:
    """The wall and CPU time of ``work`` on each item."""
    out = []
    for x in items:
        t, c = time.perf_counter(), time.process_time()
        work(x)
        out.append((time.perf_counter() - t, time.process_time() - c))
    return out


class StrongDecisions:
    """One decision of a new strong player (no memory of another deal) at each of
    ``items`` for the player to move; the players are made before the clock starts."""

    def __init__(self, items: Sequence[Position], seed: int) -> None:
        self.seed = seed
        self.players = {id(p): StrongPlayer(seed=seed) for p in items}

    def __call__(self, pos: Position) -> object:
        me = pos.to_move
        assert me is not None
        return self.players[id(pos)].act(view(pos, Seat(me)), random.Random(self.seed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--leads", type=int, default=20)
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    # load the kernel (compiled once, then cached on disk) before any clock starts
    deck = [int(c) for c in SOFT.pack.cards]
    solve(Position.deal(deck))
    rows: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for name, (profile, path) in GAMES.items():
        cards = [int(c) for c in profile.pack.cards]
        deals = []
        for _ in range(args.deals):
            rng.shuffle(cards)
            deals.append(Position.deal(cards, Seat(rng.randrange(2)), profile))
        positions = record_positions(path)
        leads = closing_leads(positions, args.leads)
        picks = choices(positions, args.decisions, rng)
        strong = StrongDecisions(picks, args.seed)
        rows[name] = {
            "full deal": timed(deals, solve),
            "closing": timed(leads, lambda p: closing_plan(p, depth=1)),
            "advice": timed(leads, lambda p: advise(p, seed=args.seed)),
            "strong": timed(picks, strong),
        }

    base, other = GAMES
    print(f"{'task':<10} {'game':<16} {'n':>4} {'median ms':>10} {'worst ms':>10} "
          f"{'CPU median':>10} {'CPU worst':>10}")

    def figures(xs: list[tuple[float, float]]) -> tuple[float, float, float, float]:
        wall = [w for w, _ in xs]
        cpu = [c for _, c in xs]
        return (statistics.median(wall), max(wall), statistics.median(cpu), max(cpu))

    for task in rows[base]:
        for name in GAMES:
            f = figures(rows[name][task])
            print(f"{task:<10} {name:<16} {len(rows[name][task]):>4} "
                  + " ".join(f"{x * 1e3:>10.1f}" for x in f))
        a, b = figures(rows[base][task]), figures(rows[other][task])
        print(f"{'':<10} {'ratio':<16} {'':>4} "
              + " ".join(f"{y / x if x else float('nan'):>10.2f}" for x, y in zip(a, b,
                                                                                  strict=True)))
    _, worst, _, worst_cpu = figures(rows[other]["closing"])
    med = figures(rows[other]["strong"])[0]
    print(f"{other}: worst closing decision {worst:.3f} s wall, {worst_cpu:.3f} s CPU "
          f"(goal <= {CLOSING_GOAL} s); strong player median {med:.3f} s (goal <= "
          f"{STRONG_GOAL} s)")


if __name__ == "__main__":
    main()
