"""Closing verdicts, today's against like with like, on the bundled records (issue 20 §2).

Today's verdict compares closing by its best plan (sure, against a defender who sees every
card) with playing on by sampled worlds solved double dummy (both players clairvoyant).
The like-with-like verdict plays both choices out with the strong player in both seats,
neither seeing the other's cards, in the same sampled worlds
(:mod:`schnapsen_lab.played_out`). For closing decisions of the bundled records (leads
where closing was legal, chosen as the closing trainer chooses them) this script counts
how often the two verdicts differ (a Wilson 95 % interval), and, on the decisions where
one says close and the other play on (and, more often, where the choices the two
comparisons lean to, by their higher means, differ), plays each choice out in the
record's real deal (the true hands and talon) with the strong players, ``--repeats``
times with different seeds: the mean game points of the like-with-like choice minus
today's, with a 95 % interval.

    python benchmarks/like_with_like.py --decisions 8 --worlds 6 --repeats 2

CPU-heavy (each world played out costs the strong player's thinking on every decision):
run it alone.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from itertools import islice
from pathlib import Path

from schnapsen_lab import psn, training
from schnapsen_lab.advisor import advise
from schnapsen_lab.games.schnapsen.rules import CLOSE, EXCHANGE
from schnapsen_lab.played_out import play_out, strong_players

ROOT = Path(__file__).resolve().parent.parent
Z = 1.959964


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson 95 % interval of k successes in n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return (c - h, c + h)


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and normal 95 % interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return (m, -math.inf, math.inf)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return (m, m - Z * sd / math.sqrt(n), m + Z * sd / math.sqrt(n))


def side(verdict: str) -> str | None:
    """``close`` or ``play on``; None when the verdict prefers neither."""
    return verdict if verdict in ("close", "play on") else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", default=str(ROOT / "records" / "heuristic-vs-heuristic.psn"))
    ap.add_argument("--records", type=int, default=300, help="records read from the file")
    ap.add_argument("--decisions", type=int, default=8, help="closing decisions judged")
    ap.add_argument("--worlds", type=int, default=6, help="worlds played out per choice")
    ap.add_argument("--samples", type=int, default=30, help="worlds sampled for play on")
    ap.add_argument("--repeats", type=int, default=2,
                    help="play-outs of each choice in the real deal, where verdicts differ")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    records = list(islice(psn.read(args.file), args.records))
    exercises = training.closing_exercises(records, count=args.decisions, seed=args.seed,
                                           max_talon=6)
    start = time.process_time()
    changed = compared = leaning = 0
    gains: list[float] = []
    lean_gains: list[float] = []
    rows = []
    for ex in exercises:
        pos = ex.position
        if EXCHANGE in pos.legal_actions():
            pos = pos.play(EXCHANGE)
        advice = advise(pos, samples=args.samples, seed=args.seed, exchange_first=False,
                        played=args.worlds)
        po = advice.played
        assert po is not None
        today, like = advice.verdict, po.verdict
        compared += 1
        differs = side(today) != side(like)
        changed += differs
        diff_note = ""
        # the choice each comparison leans to (its higher mean, close on a tie)
        lean_today = "close" if advice.close.mean >= advice.play_on.mean else "play on"
        lean_like = "close" if po.close.mean >= po.play_on.mean else "play on"
        if lean_today != lean_like:
            leaning += 1
            me = pos.leader
            sign = 1 if me == 0 else -1
            choice = {"close": CLOSE, "play on": advice.play_on_action}
            got_gains = []
            for r in range(args.repeats):
                got = {}
                for v in ("close", "play on"):
                    ps = strong_players(10_000 + r)
                    got[v] = sign * play_out(pos.play(choice[v]), ps, random.Random(r))
                got_gains.append(got[lean_like] - got[lean_today])
            # one number a decision (the repeats of one deal are not independent)
            lean_gains.append(sum(got_gains) / len(got_gains))
            if side(today) is not None and side(like) is not None and differs:
                gains.append(lean_gains[-1])
            diff_note = f" leanings differ; real-deal gain of like-with-like's: {got_gains}"
        rows.append(f"{ex.record.tags.get('Match')}/{ex.record.tags.get('Deal')} step "
                    f"{ex.step}: today {today} (close {advice.close.mean:+.2f}, play on "
                    f"{advice.play_on.mean:+.2f}); like with like {like} (close "
                    f"{po.close.mean:+.2f}, play on {po.play_on.mean:+.2f}){diff_note}")
    cpu = time.process_time() - start
    print("\n".join(rows))
    lo, hi = wilson(changed, compared)
    print(f"decisions {compared}; verdict changed (close / play on / neither) in {changed} "
          f"= {changed / max(compared, 1):.0%} (Wilson 95% {lo:.0%}-{hi:.0%})")
    if gains:
        m, a, b = mean_ci(gains)
        print(f"where one says close and the other play on: like-with-like choice minus "
              f"today's, played out in the real deal: {m:+.2f} game points "
              f"(95% CI {a:+.2f} to {b:+.2f}, {len(gains)} decisions)")
    else:
        print("no decision where one verdict says close and the other play on")
    print(f"the choices the two comparisons lean to (higher mean) differ in {leaning} of "
          f"{compared} decisions")
    if lean_gains:
        m, a, b = mean_ci(lean_gains)
        print(f"there, like-with-like's choice minus today's, played out in the real deal: "
              f"{m:+.2f} game points a decision (95% CI {a:+.2f} to {b:+.2f}, "
              f"{len(lean_gains)} decisions)")
    print(f"CPU {cpu:.0f} s")


if __name__ == "__main__":
    main()
