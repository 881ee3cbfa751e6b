"""The strong Dreierschnapsen player against two rule-of-thumb players (issue 52 section 2).

In one run, one process: matches to 24 (3X1) between one strong player
(:class:`~schnapsen_lab.games.dreier.strong.StrongDreierPlayer`) and two rule-of-thumb
players (:class:`~schnapsen_lab.games.dreier.players.HeuristicDreierPlayer`). Seats are
rotated over the same decks: the decks of match ``k`` (seed and number, as
:func:`~schnapsen_lab.games.dreier.selfplay.play_match` deals them) are played three
times, the strong player at A, at B and at C. A match is the strong player's when his
counter is the highest after the deal that decides it; it counts half when he is level
at the top with another (they would play it off, 3X1).

Reported: matches won by the strong player with a 95 % Wilson interval (goal: at least
60 % over at least 300 matches); the contracts each kind of player called and made;
spritzes said and the deals won after them; and the seconds of each decision of the
strong player (process CPU time; goal: median at most 0.2 s, maximum at most 1 s on one
core), by phase, with the most search nodes a decision spent and how many decisions
finished no world.

    PYTHONPATH=. .venv/bin/python benchmarks/dreier_strong.py [--matches N] [--seed S]
        [--samples F] [--minutes M] [--first K]
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time
from typing import Any

from schnapsen_lab.games.dreier.players import HeuristicDreierPlayer, SeatPlayer
from schnapsen_lab.games.dreier.rules import Action, Call, End, Kind, Phase
from schnapsen_lab.games.dreier.selfplay import PlayedMatch, play_match
from schnapsen_lab.games.dreier.strong import StrongDreierPlayer
from schnapsen_lab.stats.tables import wilson


class TimedStrong(StrongDreierPlayer):
    """The strong player, timing each decision (process CPU seconds) by phase."""

    def __init__(self, times: dict[str, list[float]], samples: float, seed: int) -> None:
        super().__init__(samples, seed=seed)
        self.times = times
        self.most_nodes = 0

    def act(self, view: Any, rng: random.Random) -> Action | None:
        t = time.process_time()
        a = super().act(view, rng)
        if len(view.legal) > 1:
            self.times[Phase(view.phase).name.lower()].append(time.process_time() - t)
        self.most_nodes = max(self.most_nodes, self.last_nodes)
        return a


def tally_deals(m: PlayedMatch, strong_seat: int,
                calls: dict[str, collections.Counter[str]],
                spritzes: dict[str, collections.Counter[str]]) -> None:
    """Count each deal's contract (played, made) and spritze (said, deal won) by kind."""
    for d in m.deals:
        pos = d.start()
        spritzer = -1
        for a in d.actions:
            if a.kind is Kind.CALL and a.call is Call.SPRITZE:
                spritzer = pos.turn
            pos.apply_unchecked(a)
        if pos.contract is not None:
            who = "strong" if pos.declarer == strong_seat else "heuristic"
            calls[who][f"{pos.contract} called"] += 1
            if d.outcome.end is End.CONTRACT_MADE:
                calls[who][f"{pos.contract} made"] += 1
        if spritzer >= 0:
            who = "strong" if spritzer == strong_seat else "heuristic"
            spritzes[who]["said"] += 1
            if d.outcome.winners >> spritzer & 1:
                spritzes[who]["won"] += 1


def share(m: PlayedMatch, strong_seat: int) -> float:
    """The strong player's share of a match: 1 alone at the top, 0.5 level at the top
    with another, else 0."""
    winners = m.winners
    if "ABC"[strong_seat] not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else 0.5


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=300, help="matches (default 300)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--first", type=int, default=0,
                    help="the first match's index (default 0): a run from --first K plays "
                    "the matches K, K+1, ... of a run from 0, so runs can be split")
    ap.add_argument("--samples", type=float, default=1.0,
                    help="scale of the strong player's world counts (default 1.0)")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="stop after this many minutes of wall time (0: no limit)")
    args = ap.parse_args()
    times: dict[str, list[float]] = collections.defaultdict(list)
    strong = TimedStrong(times, args.samples, args.seed)
    plain = HeuristicDreierPlayer()
    calls: dict[str, collections.Counter[str]] = {"strong": collections.Counter(),
                                                  "heuristic": collections.Counter()}
    spritzes: dict[str, collections.Counter[str]] = {"strong": collections.Counter(),
                                                     "heuristic": collections.Counter()}
    won = 0.0
    played = deals = 0
    start = time.time()
    cpu0 = time.process_time()
    for i in range(args.first, args.matches):
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        seat = i % 3
        players: list[SeatPlayer] = [plain, plain, plain]
        players[seat] = strong
        m = play_match(players, args.seed, i // 3 + 1)
        tally_deals(m, seat, calls, spritzes)
        won += share(m, seat)
        deals += len(m.deals)
        played += 1
        if played % 10 == 0:
            print(f"  {played} matches: strong {won:.1f} ({won / played:.1%}), "
                  f"{time.time() - start:.0f} s", flush=True)
    n = played
    lo, hi = wilson(round(won), n)
    print(f"\none strong player vs two rule-of-thumb players, matches to 24, seed "
          f"{args.seed}, world scale {args.samples}: {n} matches ({deals} deals), CPU "
          f"{time.process_time() - cpu0:.0f} s")
    print(f"  won {won:.1f} of {n} = {won / n:.1%}, 95% Wilson interval "
          f"{lo:.1%}-{hi:.1%} (goal >= 60%; an equal player wins a third)")
    for who in ("strong", "heuristic"):
        c = calls[who]
        parts = []
        for call in Call:
            k = c[f"{call} called"]
            if k:
                parts.append(f"{call} {c[f'{call} made']}/{k} made")
        sp = spritzes[who]
        print(f"  {who}: contracts played {', '.join(parts) or 'none'}; spritze said "
              f"{sp['said']}, deals won after it {sp['won']}")
    all_t = [t for v in times.values() for t in v]
    if all_t:
        print(f"  strong decisions: {len(all_t)}, seconds median {statistics.median(all_t):.3f}, "
              f"max {max(all_t):.3f} (goal: median <= 0.2, max <= 1); search nodes of a "
              f"decision max {strong.most_nodes} (budget {strong.nodes}), decisions that "
              f"finished no world {strong.fallbacks}")
        for ph, v in times.items():
            print(f"    {ph}: {len(v)}, median {statistics.median(v):.3f}, "
                  f"p95 {sorted(v)[int(0.95 * (len(v) - 1))]:.3f}, max {max(v):.3f}")


if __name__ == "__main__":
    main()
