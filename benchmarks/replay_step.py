"""How fast a deal is replayed: building its positions, its JSON rows, and a widget step.

Generates N random legal deals (random deck, uniformly random legal actions), then in
the same run times, per deal:

- (0) baseline: reading the deal's PSN text (the referee replays it once);
- (a) building the replay: every position, the tricks and marriages (``Replay(record)``);
- (b) (a) plus every ``replay --json`` row (knowledge sets of both players);
- (c) one step in the replay widget, Python side: building the table, tallies,
  counting panel, comments and step label and setting them on the widgets, averaged
  over every step of a deal in the three views.

Targets: (a) <= 5 ms a deal, (c) <= 30 ms a step.

    .venv/bin/python benchmarks/replay_step.py [--deals N] [--widget-deals M] [--seed S]
        [--lang en|de|fr|ru]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tqdm import tqdm

from schnapsen_lab import psn
from schnapsen_lab.games.twohand.rules import SOFT, STRICT, Seat
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.replay import Replay


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--widget-deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="en", help="the widget's language (en, de, fr, ru)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    texts = [str(random_record(rng, STRICT if i % 4 == 3 else SOFT, Seat(i % 2)))
             for i in tqdm(range(args.deals), desc="generating deals", leave=False)]

    t0 = time.perf_counter()
    records = [psn.loads(t)[0] for t in texts]
    t_read = time.perf_counter() - t0
    steps = sum(len(r.main.moves) + 1 for r in records)

    t0 = time.perf_counter()
    for r in records:
        Replay(r)
    t_build = time.perf_counter() - t0

    t0 = time.perf_counter()
    for r in records:
        Replay(r).rows()
    t_rows = time.perf_counter() - t0

    from schnapsen_lab.widgets.replay import ReplayWidget

    w_records = records[: args.widget_deals]
    w = ReplayWidget(w_records[0], lang=args.lang)
    n_steps = 0
    t_step = 0.0
    worst = 0.0
    for r in tqdm(w_records, desc="widget steps", leave=False):
        w = ReplayWidget(r, lang=args.lang)
        for view in ("open", "A", "B"):
            w.set_view(view)
            for s in range(w.replay.last + 1):
                t0 = time.perf_counter()
                w.go(s)
                dt = time.perf_counter() - t0
                t_step += dt
                worst = max(worst, dt)
                n_steps += 1

    n = len(records)
    read_ms = t_read / n * 1e3
    print(f"python {sys.version.split()[0]}, one core, {n:,} random legal deals, "
          f"{steps / n:.1f} steps a deal; widget in {args.lang!r}")
    print(f"(0) read the PSN (baseline): {read_ms:8.3f} ms a deal")
    print(f"(a) build all positions    : {t_build / n * 1e3:8.3f} ms a deal  "
          f"({t_build / t_read:5.2f} x baseline; target <= 5 ms)")
    print(f"(b) positions + JSON rows  : {t_rows / n * 1e3:8.3f} ms a deal  "
          f"({t_rows / t_read:5.2f} x baseline)")
    print(f"(c) widget step, Python    : {t_step / n_steps * 1e3:8.3f} ms a step "
          f"({t_step / n_steps * 1e3 / read_ms:5.2f} x baseline deal; worst "
          f"{worst * 1e3:.2f} ms; target <= 30 ms; {n_steps:,} steps of "
          f"{len(w_records)} deals in 3 views)")


if __name__ == "__main__":
    main()
