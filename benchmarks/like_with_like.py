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

With ``--review`` it measures the review instead (issue 20 §2: the review's classes by
the same standard): at the same closing decisions, the review's class of the choice made
in the record by today's comparison (closing's sure plan value against the other
choices' clairvoyant values, ``--samples`` worlds) and by the like-with-like one
(``review_record(..., played=N)``: closing, playing on and the choice made played out in
``--worlds`` worlds): how many classes change (a Wilson 95 % interval), the table of
classes by both standards, and the changes split by the choice made.

    python benchmarks/like_with_like.py --review --decisions 40 --worlds 6

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
from schnapsen_lab.games.twohand.rules import CLOSE, EXCHANGE
from schnapsen_lab.played_out import play_out, strong_players
from schnapsen_lab.review import Judgement, judge, review_record

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
    ap.add_argument("--review", action="store_true",
                    help="measure the review's classes by both standards instead")
    ap.add_argument("--retest", action="store_true",
                    help="with --review: review each decision again with the next seed, and "
                    "count the classes that change by chance alone under each standard")
    ap.add_argument("--min-talon", type=int, default=2,
                    help="closing decisions with at least this many talon cards")
    ap.add_argument("--max-talon", type=int, default=6,
                    help="closing decisions with at most this many talon cards")
    ap.add_argument("--min-score", type=int, default=30,
                    help="closing decisions where the leader has at least this many points")
    args = ap.parse_args()

    records = list(islice(psn.read(args.file), args.records))
    exercises = training.closing_exercises(records, count=args.decisions, seed=args.seed,
                                           max_talon=args.max_talon,
                                           min_talon=args.min_talon,
                                           min_score=args.min_score)
    if args.review:
        review_classes(exercises, args.samples, args.worlds, args.seed, args.retest)
        return
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


def review_classes(exercises: list[training.ClosingExercise], samples: int, worlds: int,
                   seed: int, retest: bool = False) -> None:
    """The review's class of the record's choice at each exercise's decision, by today's
    comparison and by the played-out one: rows, the number changed, a table. With
    ``retest`` each decision is reviewed again with the next seed: how often each
    standard's class changes by sampling alone (the noise the change above includes)."""
    start = time.process_time()
    order = list(Judgement)
    table = {(a, b): 0 for a in order for b in order}
    changed = {"closed": [0, 0], "played on": [0, 0]}
    rows = []
    again = {"today": 0, "played out": 0}
    for ex in exercises:
        rv = review_record(ex.record, samples=samples, seed=seed, steps={ex.step},
                           played=worlds)
        d = rv.decisions[0]
        if retest:
            d2 = review_record(ex.record, samples=samples, seed=seed + 1, steps={ex.step},
                               played=worlds).decisions[0]
            again["today"] += judge(d.clairvoyant_loss) is not judge(d2.clairvoyant_loss)
            again["played out"] += d.judgement is not d2.judgement
        assert d.played_out is not None and d.standard == "played-out"
        today, like = judge(d.clairvoyant_loss), d.judgement
        table[today, like] += 1
        made = "closed" if ex.closed else "played on"
        changed[made][0] += today is not like
        changed[made][1] += 1
        c = d.clairvoyant_best
        rows.append(f"{ex.record.tags.get('Match')}/{ex.record.tags.get('Deal')} step "
                    f"{ex.step} ({made}, {d.played}): today {today.value} (best {c.token} "
                    f"{c.mean:+.2f}, loss {d.clairvoyant_loss:.2f}); played out "
                    f"{like.value} (best {d.best.token} {d.best.mean:+.2f}, loss "
                    f"{d.loss:.2f})")
    cpu = time.process_time() - start
    print("\n".join(rows))
    n = len(exercises)
    k = sum(v for (a, b), v in table.items() if a is not b)
    lo, hi = wilson(k, n)
    print(f"closing decisions {n} ({samples} worlds for the clairvoyant numbers, {worlds} "
          f"played out); the review's class changed in {k} = {k / max(n, 1):.0%} "
          f"(Wilson 95% {lo:.0%}-{hi:.0%})")
    for made, (m, total) in changed.items():
        print(f"  where the record {made}: {m} of {total}")
    if retest:
        for name, m in again.items():
            lo, hi = wilson(m, n)
            print(f"  by chance alone (seed {seed} against {seed + 1}), {name}'s class "
                  f"changed in {m} = {m / max(n, 1):.0%} (Wilson 95% {lo:.0%}-{hi:.0%})")
    up = sum(v for (a, b), v in table.items() if order.index(b) > order.index(a))
    print(f"  worse class played out: {up}; better: {k - up}")
    print("today \\ played out: " + " ".join(f"{j.value:>10}" for j in order))
    for a in order:
        print(f"{a.value:>20} " + " ".join(f"{table[a, b]:>10}" for b in order))
    print(f"CPU {cpu:.0f} s")


if __name__ == "__main__":
    main()
