"""How long the practice table's bot takes for its first decision of a deal, and for later ones.

    .venv/bin/python benchmarks/table_first_decision.py [--bots strong,expert] [--deals 4]
                                                         [--seed 2026]

For each bot, two fresh Python processes play the same deals at the practice table's
model (:class:`~schnapsen_lab.games.twohand.table.Table`, the student choosing at
random among its cards, never closing or claiming): one as the table did before issue 50
(the bot's first decision pays for what a process does once: the solver's imports, its
compiled code loaded, its tables), one with :meth:`Table.warm_up` run when the table
opens, in the thread that then decides (as the widget does in its bots' thread). Prints
for each the median and the worst of the bot's first decision of each deal and of its
later decisions (only decisions among two choices or more), the time the table took to
open, and the worst first decision over the worst later one, as ratios measured in the
same run. Seconds are the process's processor time (steady when other programs share
the machine); ``--wall`` measures the clock instead, what the learner waits. The same
seed gives the same deals and the same decisions in both processes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any


def play(bot: str, deals: int, seed: int, warm: bool, wall: bool) -> dict[str, Any]:
    """Play ``deals`` deals against ``bot`` in this process; the seconds of each decision
    (of this process's processor time, or of the clock with ``wall``)."""
    clock = time.perf_counter if wall else time.process_time
    start = clock()
    from schnapsen_lab.games.twohand.rules import ActionKind
    from schnapsen_lab.games.twohand.table import Table

    t = Table(bot, seed=seed, auto_bots=False)
    if warm:
        t.warm_up()
    opened = clock() - start
    rng = random.Random(seed)
    first: list[float] = []
    later: list[float] = []
    for _ in range(deals):
        asked = 0
        while not t.finished:
            if t.bot_step_due():
                before = len(t.reasons)
                s = clock()
                t.bot_step()
                took = clock() - s
                # a decision the bot was asked for (forced moves are not asked)
                if len(t.reasons) > before or took > 0.005:
                    (first if asked == 0 else later).append(took)
                    asked += 1
                continue
            acts = t.student_actions()
            plays = [a for a in acts if a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)]
            t.student_act(rng.choice(plays) if plays else None)
        t.new_deal()
    return {"opened": opened, "first": first, "later": later}


def _child(bot: str, deals: int, seed: int, warm: bool, wall: bool) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, "--child", bot, str(deals), str(seed),
                          "1" if warm else "0", "1" if wall else "0"],
                         check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _line(name: str, r: dict[str, Any]) -> str:
    f, g = r["first"], r["later"]
    return (f"  {name:<16} table opens {r['opened']:5.2f} s · first decision of a deal: "
            f"median {statistics.median(f):.2f} s, worst {max(f):.2f} s · later ones: "
            f"median {statistics.median(g):.2f} s, worst {max(g):.2f} s "
            f"({len(f)} first, {len(g)} later)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bots", default="strong,expert")
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--wall", action="store_true",
                    help="wall-clock seconds (what the learner waits; noisy on a loaded "
                         "machine) instead of the process's processor seconds")
    ap.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        bot, deals, seed, warm, wall = a.child
        print(json.dumps(play(bot, int(deals), int(seed), warm == "1", wall == "1")))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{a.deals} deals a bot, seed {a.seed}; each line a fresh process; "
          f"load {load:.1f} on {os.cpu_count()} cores; "
          f"{'wall-clock' if a.wall else 'processor'} seconds")
    for bot in a.bots.split(","):
        before = _child(bot, a.deals, a.seed, False, a.wall)
        after = _child(bot, a.deals, a.seed, True, a.wall)
        print(bot)
        print(_line("before (cold)", before))
        print(_line("after (warm_up)", after))
        rb = max(before["first"]) / max(before["later"])
        ra = max(after["first"]) / max(after["later"])
        cut = max(before["first"]) / max(after["first"])
        print(f"  worst first / worst later: before {rb:.2f}, after {ra:.2f}; the worst "
              f"first decision before / after: {cut:.2f}")


if __name__ == "__main__":
    main()
