"""The strong player against today's strong player (or the rule-of-thumb player).

    .venv/bin/python benchmarks/strong_player.py [--matches 1000] [--samples S] [--jobs J]
                                                 [--against old|heuristic] [--seed X]
                                                 [--minutes M] [--rules soft|sechsundsechzig]

The strong player (closing and closed games by plans a player can follow) plays Bummerls
against ``--against``: ``old`` is today's strong player (``StrongPlayer(plan=False)``,
perfect-information Monte Carlo everywhere), ``heuristic`` the rule-of-thumb player.
Seats are swapped on the same cards: Bummerls 2k-1 and 2k are the same match of
:func:`schnapsen_lab.simulate.play_bummerl` (same decks, same first dealer) with the
player under test as A, then as B. Both cores are used (``--jobs``), with a progress bar.

Prints the Bummerl win rate with a 95 % Wilson interval, deals and game points won, and
for each side how often it closed and how often a closing failed (C3), with intervals;
and the time each side took a decision, measured in the same run (the ratio).
With ``--minutes`` (or Ctrl-C) it stops early and reports the Bummerls played so far
(whole pairs only: both seatings of each match). ``--rules`` names the rules profile and
so the game: ``sechsundsechzig`` plays matches to 7 of Sechsundsechzig (a standoff's
point carried), the rule-of-thumb player being that game's.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass

from tqdm import tqdm

from schnapsen_lab.games import game_of_profile
from schnapsen_lab.games.sechsundsechzig.game import PROFILES as SIXTY_SIX
from schnapsen_lab.games.twohand.knowledge import View
from schnapsen_lab.games.twohand.rules import Action, Profile, profile_named
from schnapsen_lab.players.registry import make_player
from schnapsen_lab.players.strong import DEFAULT_SAMPLES, StrongPlayer
from schnapsen_lab.simulate import default_jobs, parallel_map, play_bummerl


@dataclass(frozen=True)
class Task:
    number: int
    seed: int
    samples: int
    against: str
    rules: str = "soft"

    @property
    def profile(self) -> Profile:
        """The rules profile the Bummerls are played by."""
        return profile_named(self.rules, SIXTY_SIX.values())


@dataclass(frozen=True)
class Side:
    """One side's record in one Bummerl."""

    deals_won: int
    points: int
    closings: int
    failed: int
    decisions: int
    seconds: float


@dataclass(frozen=True)
class Result:
    won: bool
    deals: int
    test: Side
    other: Side


class Timed:
    """A player that counts its decisions and the time they took."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "player")
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: View, rng: random.Random) -> Action | None:
        t = time.perf_counter()
        a: Action | None = self.inner.act(view, rng)  # type: ignore[attr-defined]
        self.seconds += time.perf_counter() - t
        self.decisions += 1
        return a


def _opponent(task: Task) -> object:
    if task.against == "old":
        return StrongPlayer(samples=task.samples, plan=False)
    return make_player(task.against, game_of_profile(task.profile).key)


def _test_side(r: Result) -> Side:
    return r.test


def _other_side(r: Result) -> Side:
    return r.other


def play(task: Task) -> Result:
    """One Bummerl: match ``(number + 1) // 2``, the player under test as A when
    ``number`` is odd, else as B."""
    test = Timed(StrongPlayer(samples=task.samples))
    other = Timed(_opponent(task))
    seat = 0 if task.number % 2 else 1
    players = (test, other) if seat == 0 else (other, test)
    profile = task.profile
    m = play_bummerl(players, task.seed, (task.number + 1) // 2, profile)
    sides = []
    for s, timed in ((seat, test), (1 - seat, other)):
        won = sum(1 for d in m.deals if d.outcome.winner == s)
        pts = sum(d.outcome.game_points for d in m.deals if d.outcome.winner == s)
        closings = failed = 0
        for d in m.deals:
            rule = d.outcome.rule.removeprefix(profile.rule_prefix)
            winner = d.outcome.winner
            if rule not in ("C2", "C3", "C4") or winner is None:  # None: a standoff
                continue
            closer_won = rule in ("C2", "C4")
            closer = winner if closer_won else 1 - winner
            if closer == s:
                closings += 1
                failed += not closer_won
        sides.append(Side(won, pts, closings, failed, timed.decisions, timed.seconds))
    return Result(m.winner == seat, len(m.deals), sides[0], sides[1])


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def _rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    share = k / n if n else float("nan")
    return f"{k}/{n} = {share:.1%} (95% CI {lo:.1%} .. {hi:.1%})"


def report(rs: list[Result], against: str, seconds: float) -> None:
    n = len(rs)
    k = sum(r.won for r in rs)
    deals = sum(r.deals for r in rs)
    print(f"strong (plans) vs {against}: {n} Bummerls, seats swapped on the same cards, "
          f"{seconds:.0f} s")
    print(f"  Bummerls won: {_rate(k, n)}")
    for label, side in (("strong (plans)", _test_side), (against, _other_side)):
        dw = sum(side(r).deals_won for r in rs)
        pts = sum(side(r).points for r in rs)
        closings = sum(side(r).closings for r in rs)
        failed = sum(side(r).failed for r in rs)
        decisions = sum(side(r).decisions for r in rs)
        secs = sum(side(r).seconds for r in rs)
        print(f"  {label}: deals won {dw}/{deals} = {dw / deals:.1%}; game points {pts}; "
              f"closed {closings} times ({closings / n:.2f} a Bummerl), "
              f"failed {_rate(failed, closings)}; "
              f"{decisions} decisions, {1000 * secs / max(1, decisions):.1f} ms each")
    t = sum(r.test.seconds for r in rs) / max(1, sum(r.test.decisions for r in rs))
    o = sum(r.other.seconds for r in rs) / max(1, sum(r.other.decisions for r in rs))
    if o > 0:
        print(f"  time a decision, strong (plans) / {against}: {t / o:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000,
                    help="Bummerls (an even number: each match twice, seats swapped)")
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--against", default="old", help="old (default) or a player name")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="stop after this long and report what was played (0: no limit)")
    ap.add_argument("--rules", default="soft",
                    help="the rules profile (soft, strict, sechsundsechzig)")
    a = ap.parse_args()
    tasks = [Task(n, a.seed, a.samples, a.against, a.rules) for n in range(1, a.matches + 1)]
    t = time.perf_counter()
    rs: list[Result] = []
    results = parallel_map(play, tasks, a.jobs)
    try:
        for r in tqdm(results, total=len(tasks), desc="Bummerls", file=sys.stderr):
            rs.append(r)
            if a.minutes and time.perf_counter() - t > 60 * a.minutes and len(rs) % 2 == 0:
                break
    except KeyboardInterrupt:
        print("interrupted: reporting the Bummerls played so far", file=sys.stderr)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    rs = rs[:len(rs) - len(rs) % 2]
    report(rs, a.against, time.perf_counter() - t)


if __name__ == "__main__":
    main()
