"""How fast four-player records become the deal table, against two-player records in the
same run.

On one core, CPU time of this process (other jobs on the machine do not count), best of
``--repeat`` runs each:

* reading: ``psn.read`` of the file, one record after the other (parsing and refereeing
  every action), the part of the table's cost that is not the statistics';
* the deal table: ``stats.deals_frame`` of the same file (reading, each record's
  features, the typed frame), sequential;
* each record's features alone (``deal_features``, ``bauern_features``) over the
  records read.

The two-player baseline is the bundled rule-of-thumb mirror match
(records/heuristic-vs-heuristic.psn); the four-player file the bundled four rule-of-thumb
players (records/bauern-heuristic-vs-heuristic.psn), each concatenated ``--copies`` times
into a temporary file.

    .venv/bin/python benchmarks/stats_bauern.py [--copies N] [--repeat R]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from schnapsen_lab import psn
from schnapsen_lab.stats import deals_frame
from schnapsen_lab.stats.features import bauern_features, deal_features

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "records" / "heuristic-vs-heuristic.psn"
FOUR = ROOT / "records" / "bauern-heuristic-vs-heuristic.psn"


def cpu_best(k: int, run: Callable[[], T]) -> tuple[float, T]:
    """The least CPU time of ``k`` runs, and the last result."""
    best = float("inf")
    out: T
    for _ in range(k):
        t = time.process_time()
        out = run()
        best = min(best, time.process_time() - t)
    return best, out


def copies(src: Path, n: int, folder: Path) -> Path:
    """A file of ``n`` copies of ``src`` (its matches repeated, each copy whole)."""
    text = src.read_text(encoding="utf-8").rstrip("\n") + "\n"
    out = folder / f"{src.stem}-x{n}.psn"
    out.write_text("\n".join([text] * n), encoding="utf-8")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=2, help="copies of each bundled file")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each measure (best kept)")
    args = ap.parse_args()
    k = args.repeat
    with tempfile.TemporaryDirectory() as tmp:
        two = copies(TWO, args.copies, Path(tmp))
        four = copies(FOUR, args.copies, Path(tmp))
        rows = []
        for label, path, features in (("two players", two, deal_features),
                                      ("four players", four, bauern_features)):
            t_read, n_read = cpu_best(k, lambda p=path: sum(1 for _ in psn.read(p)))  # type: ignore[misc]
            recs = list(psn.read(path))
            t_feat, _ = cpu_best(k, lambda r=recs, f=features: [f(x) for x in r])  # type: ignore[misc]
            del recs
            t_table, table = cpu_best(k, lambda p=path: deals_frame(p))  # type: ignore[misc]
            n = len(table)
            assert n == n_read and table["valid"].all()
            rows.append((label, n, t_read, t_feat, t_table))
    base = rows[0][1] / rows[0][4]
    print(f"CPU time, one core, best of {k}; {args.copies} copies of each bundled file")
    print(f"{'':14s}{'deals':>8s}{'read/s':>12s}{'features/s':>12s}{'table/s':>12s}"
          f"{'table vs 2p':>13s}{'table - read':>14s}")
    for label, n, t_read, t_feat, t_table in rows:
        print(f"{label:14s}{n:8,d}{n / t_read:12,.0f}{n / t_feat:12,.0f}{n / t_table:12,.0f}"
              f"{(n / t_table) / base:12.2f}x{1e6 * (t_table - t_read) / n:11.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
