"""What the benchmarks of the strong players of the games with calls share
(benchmarks/bauern_strong.py, benchmarks/dreier_strong.py): the clock on each decision,
the strong player timed on it, the count of contracts and spritzes by kind of player, the
options, the loop over the matches and the report.

Imported by those scripts from their own folder (``python benchmarks/...`` puts it on the
path).
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

from schnapsen_lab.games.auction.rules import Call, End, Kind
from schnapsen_lab.stats.tables import wilson

__all__ = ["Clock", "Tally", "Timed", "options", "play_rotated", "progress", "report_decisions",
           "report_share"]


class Clock:
    """The process CPU seconds of each decision of a strong player, by phase, and the
    most search nodes one decision spent."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = collections.defaultdict(list)
        self.most_nodes = 0

    def start(self) -> float:
        """The CPU clock now."""
        return time.process_time()

    def stop(self, started: float, phase: str, nodes: int) -> None:
        """Note a decision of ``phase`` begun at ``started`` that searched ``nodes``."""
        self.times[phase].append(time.process_time() - started)
        self.most_nodes = max(self.most_nodes, nodes)


class Timed:
    """A strong player whose decisions are timed by phase on a :class:`Clock` (with the
    search nodes each spent); it plays as ``player`` does."""

    def __init__(self, player: Any, clock: Clock) -> None:
        self.player = player
        self.clock = clock
        self.name: str = player.name

    def act(self, view: Any, rng: random.Random) -> Any:
        """The player's action, timed."""
        t = self.clock.start()
        a = self.player.act(view, rng)
        self.clock.stop(t, view.phase.name.lower(), self.player.last_nodes)
        return a


class Tally:
    """Contracts played and made, spritzes said and the deals won after them, by kind of
    player (``strong``, ``heuristic``)."""

    def __init__(self) -> None:
        self.calls = {"strong": collections.Counter[str](),
                      "heuristic": collections.Counter[str]()}
        self.spritzes = {"strong": collections.Counter[str](),
                         "heuristic": collections.Counter[str]()}

    def deals(self, played: Iterable[Any], strong_seats: int) -> None:
        """Count each played deal (``start()``, ``actions``, ``outcome``);
        ``strong_seats`` is the mask of the strong players' seats."""
        for d in played:
            pos = d.start()
            spritzer = -1
            for a in d.actions:
                if a.kind is Kind.CALL and a.call is Call.SPRITZE:
                    spritzer = pos.turn
                pos.apply_unchecked(a)
            if pos.contract is not None:
                who = "strong" if strong_seats >> pos.declarer & 1 else "heuristic"
                self.calls[who][f"{pos.contract} called"] += 1
                if d.outcome.end is End.CONTRACT_MADE:
                    self.calls[who][f"{pos.contract} made"] += 1
            if spritzer >= 0:
                who = "strong" if strong_seats >> spritzer & 1 else "heuristic"
                self.spritzes[who]["said"] += 1
                if d.outcome.winners >> spritzer & 1:
                    self.spritzes[who]["won"] += 1

    def report(self, contracts: Iterable[Call]) -> None:
        """Print the contracts and spritzes of each kind of player."""
        listed = list(contracts)
        for who in ("strong", "heuristic"):
            c = self.calls[who]
            parts = []
            for call in listed:
                k = c[f"{call} called"]
                if k:
                    parts.append(f"{call} {c[f'{call} made']}/{k} made")
            sp = self.spritzes[who]
            print(f"  {who}: contracts played {', '.join(parts) or 'none'}; spritze said "
                  f"{sp['said']}, deals won after it (standing or not) {sp['won']}")


def options(description: str) -> argparse.Namespace:
    """The benchmarks' options: --matches, --seed, --first, --samples, --minutes."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--matches", type=int, default=300, help="matches (default 300)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--first", type=int, default=0,
                    help="the first match's index (default 0): a run from --first K plays "
                    "the matches K, K+1, ... of a run from 0, so runs can be split")
    ap.add_argument("--samples", type=float, default=1.0,
                    help="scale of the strong player's world counts (default 1.0)")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="stop after this many minutes of wall time (0: no limit)")
    return ap.parse_args()


def play_rotated(args: argparse.Namespace, play: Callable[[int], float]
                 ) -> tuple[float, int, float]:
    """Play the matches ``--first`` to ``--matches`` (until ``--minutes`` have passed):
    ``play(i)`` plays the ``i``-th and gives the strong side's share of it; a progress
    line every ten matches. The strong side's matches won, the matches played and the
    process CPU seconds they took."""
    won = 0.0
    played = 0
    start = time.time()
    cpu0 = time.process_time()
    for i in range(args.first, args.matches):
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        won += play(i)
        played += 1
        progress(played, won, start)
    return won, played, time.process_time() - cpu0


def report_decisions(clock: Clock, nodes: int | None, fallbacks: int) -> None:
    """Print the seconds of the strong players' decisions, overall and by phase."""
    all_t = [t for v in clock.times.values() for t in v]
    if not all_t:
        return
    print(f"  strong decisions: {len(all_t)}, seconds median {statistics.median(all_t):.3f}, "
          f"max {max(all_t):.3f} (goal: median <= 0.2, max <= 1); search nodes of a "
          f"decision max {clock.most_nodes} (budget {nodes}), decisions that "
          f"finished no world (rule of thumb) {fallbacks}")
    for ph, v in clock.times.items():
        print(f"    {ph}: {len(v)}, median {statistics.median(v):.3f}, "
              f"p95 {sorted(v)[int(0.95 * (len(v) - 1))]:.3f}, max {max(v):.3f}")


def progress(played: int, won: float, started: float) -> None:
    """Every ten matches, a line: matches played, the strong side's share, seconds."""
    if played % 10 == 0:
        print(f"  {played} matches: strong {won:.1f} ({won / played:.1%}), "
              f"{time.time() - started:.0f} s", flush=True)


def report_share(won: float, n: int, goal: str) -> None:
    """The strong side's matches won of ``n``, with a 95 % Wilson interval."""
    lo, hi = wilson(round(won), n)
    print(f"  won {won:.1f} of {n} = {won / n:.1%}, 95% Wilson interval "
          f"{lo:.1%}-{hi:.1%} ({goal})")
