"""The strong four-player team against the rule-of-thumb team (issue 21 section 2).

In one run, one process: matches to 21 between two strong players
(:class:`~schnapsen_lab.games.bauern.strong.StrongBauernPlayer`) and two rule-of-thumb
players (:class:`~schnapsen_lab.games.bauern.players.HeuristicBauernPlayer`), half with fixed
partners (profile ``bauern``), half with called partners (``bauern-called``). Seats are
rotated: match ``2k`` seats the strong players N and S, match ``2k + 1`` plays the same
decks (the same seed and number) with them at E and W.

With fixed partners a match is the strong team's when NS or EW (its team) reaches 21
first. With called partners each player counts for himself (BC5): a match is the strong
players' when only strong players reach 21 in the deal that decides it, the
rule-of-thumb players' when only they do, and counts half to each when a strong and a
rule-of-thumb player reach it together (one side of a deal may mix them).

Reported: matches won by the strong players with a 95 % Wilson interval (goal: at least
65 % over at least 300 matches); the contracts each kind of player called and made;
spritzes said and the deals won after them; and the seconds of each decision of a
strong player (process CPU time; goal: median at most 0.2 s, maximum at most 1 s on one
core), by phase, with the most search nodes a decision spent (its node budget bounds
them) and how many decisions finished no world and fell back on the rule of thumb.

    PYTHONPATH=. .venv/bin/python benchmarks/bauern_strong.py [--matches N] [--seed S]
        [--samples F] [--minutes M] [--first K]
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time

from schnapsen_lab.games.bauern import BAUERN, BAUERN_CALLED, Call, End, Profile
from schnapsen_lab.games.bauern.knowledge import View
from schnapsen_lab.games.bauern.players import HeuristicBauernPlayer
from schnapsen_lab.games.bauern.rules import Action, Kind, Position
from schnapsen_lab.games.bauern.selfplay import PlayedMatch, play_match
from schnapsen_lab.games.bauern.strong import StrongBauernPlayer
from schnapsen_lab.stats.tables import wilson


class TimedStrong(StrongBauernPlayer):
    """The strong player, timing each decision (process CPU seconds) by phase."""

    def __init__(self, times: dict[str, list[float]], samples: float) -> None:
        super().__init__(samples)
        self.times = times
        self.most_nodes = 0

    def act(self, view: View, rng: random.Random) -> Action | None:
        t = time.process_time()
        a = super().act(view, rng)
        self.times[view.phase.name.lower()].append(time.process_time() - t)
        self.most_nodes = max(self.most_nodes, self.last_nodes)
        return a


def tally_deals(m: PlayedMatch, strong_seats: int, calls: dict[str, collections.Counter[str]],
                spritzes: dict[str, collections.Counter[str]]) -> None:
    """Count each deal's contract (played, made) and spritze (said, deal won) by kind."""
    for d in m.deals:
        pos = Position.deal(d.deck, d.dealer, d.profile, d.knock)
        spritzer = -1
        for a in d.actions:
            if a.kind is Kind.CALL and a.call is Call.SPRITZE:
                spritzer = pos.turn
            pos.apply_unchecked(a)
        if pos.contract is not None:
            who = "strong" if strong_seats >> pos.declarer & 1 else "heuristic"
            calls[who][f"{pos.contract} called"] += 1
            if d.outcome.end is End.CONTRACT_MADE:
                calls[who][f"{pos.contract} made"] += 1
        if spritzer >= 0:
            who = "strong" if strong_seats >> spritzer & 1 else "heuristic"
            spritzes[who]["said"] += 1
            if d.outcome.winners >> spritzer & 1:
                spritzes[who]["won"] += 1


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
    strong = TimedStrong(times, args.samples)
    plain = HeuristicBauernPlayer()
    won = 0.0
    by: dict[str, list[float]] = {"bauern": [], "bauern-called": []}
    calls: dict[str, collections.Counter[str]] = {"strong": collections.Counter(),
                                                  "heuristic": collections.Counter()}
    spritzes: dict[str, collections.Counter[str]] = {"strong": collections.Counter(),
                                                     "heuristic": collections.Counter()}
    deals = 0
    start = time.time()
    cpu0 = time.process_time()
    played = 0
    for i in range(args.first, args.matches):
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        profile: Profile = BAUERN if (i // 2) % 2 == 0 else BAUERN_CALLED
        ns = i % 2 == 0
        seats = [strong, plain, strong, plain] if ns else [plain, strong, plain, strong]
        strong_seats = 0b0101 if ns else 0b1010
        m = play_match(seats, seed=args.seed, number=i // 2 + 1, profile=profile)
        deals += len(m.deals)
        tally_deals(m, strong_seats, calls, spritzes)
        counters = m.state.counters_dict()
        target = profile.match_target
        if profile.called:
            reached = {k for k, v in counters.items() if v >= target}
            s = {k for k in reached if strong_seats >> "NESW".index(k) & 1}
            score = 1.0 if s == reached else 0.0 if not s else 0.5
        else:
            team = "NS" if ns else "EW"
            score = 1.0 if counters[team] >= target else 0.0
        won += score
        by[profile.name].append(score)
        played += 1
        if played % 10 == 0:
            print(f"  {played} matches: strong {won:.1f} ({won / played:.1%}), "
                  f"{time.time() - start:.0f} s", flush=True)
    n = played
    lo, hi = wilson(round(won), n)
    print(f"\nstrong team vs rule-of-thumb team, matches to 21, seed {args.seed}, "
          f"world scale {args.samples}: {n} matches ({deals} deals), CPU "
          f"{time.process_time() - cpu0:.0f} s")
    print(f"  won {won:.1f} of {n} = {won / n:.1%}, 95% Wilson interval "
          f"{lo:.1%}-{hi:.1%} (goal >= 65%)")
    for name, scores in by.items():
        if scores:
            k = round(sum(scores))
            a, b = wilson(k, len(scores))
            print(f"    {name}: {sum(scores):.1f} of {len(scores)} = "
                  f"{sum(scores) / len(scores):.1%} ({a:.1%}-{b:.1%})")
    for who in ("strong", "heuristic"):
        c = calls[who]
        parts = []
        for call in (Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER, Call.KONTRASCHNAPSER):
            k = c[f"{call} called"]
            if k:
                parts.append(f"{call} {c[f'{call} made']}/{k} made")
        sp = spritzes[who]
        print(f"  {who}: contracts played {', '.join(parts) or 'none'}; spritze said "
              f"{sp['said']}, deals won after it (standing or not) {sp['won']}")
    all_t = [t for v in times.values() for t in v]
    if all_t:
        print(f"  strong decisions: {len(all_t)}, seconds median {statistics.median(all_t):.3f}, "
              f"max {max(all_t):.3f} (goal: median <= 0.2, max <= 1); search nodes of a "
              f"decision max {strong.most_nodes} (budget {strong.nodes}), decisions that "
              f"finished no world (rule of thumb) {strong.fallbacks}")
        for ph, v in times.items():
            print(f"    {ph}: {len(v)}, median {statistics.median(v):.3f}, "
                  f"p95 {sorted(v)[int(0.95 * (len(v) - 1))]:.3f}, max {max(v):.3f}")


if __name__ == "__main__":
    main()
