"""How fast PSN is read: tokenising alone (baseline) vs reading and refereeing every record.

Writes N random legal deals (default 100,000) to a temporary file, then in the same
run times (a) splitting the file into records and tokens, (b) reading and fully
validating every record with the referee (`psn.read`). Prints deals/s and the ratio.

    .venv/bin/python benchmarks/psn_read.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

from schnapsen_lab import psn
from schnapsen_lab.psn import _TOKEN_RE, _chunks
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.rules import SOFT, STRICT, Seat


def write_deals(path: str, n: int, seed: int) -> None:
    """Write ``n`` random legal deals in canonical PSN."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            rec = random_record(rng, STRICT if i % 4 == 3 else SOFT, Seat(i % 2),
                                tags={"PlayerA": "Anna", "PlayerB": "Bert"})
            if i:
                f.write("\n")
            f.write(str(rec))


def tokenise(path: str) -> int:
    """Split the file into records and every record into tokens; return the record count."""
    n = 0
    with open(path, encoding="utf-8") as f:
        for _first, lines in _chunks(f):
            n += 1
            for _m in _TOKEN_RE.finditer("\n".join(lines)):
                pass
    return n


def validate(path: str) -> tuple[int, int]:
    """Read and referee every record; return (records, records with errors)."""
    n = bad = 0
    for rec in psn.read(path):
        n += 1
        bad += bool(rec.errors)
    return n, bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "deals.psn")
        t0 = time.perf_counter()
        write_deals(path, args.deals, args.seed)
        t_write = time.perf_counter() - t0
        size = os.path.getsize(path)
        t0 = time.perf_counter()
        n_tok = tokenise(path)
        t_tok = time.perf_counter() - t0
        t0 = time.perf_counter()
        n_val, bad = validate(path)
        t_val = time.perf_counter() - t0
    assert n_tok == n_val == args.deals and bad == 0, (n_tok, n_val, bad)
    print(f"python {sys.version.split()[0]}, one core, {args.deals:,} deals, "
          f"{size / 1e6:.1f} MB of PSN (written in {t_write:.1f} s)")
    print(f"(a) split into tokens : {n_tok / t_tok:10,.0f} deals/s  ({t_tok:.2f} s)")
    print(f"(b) read and referee  : {n_val / t_val:10,.0f} deals/s  ({t_val:.2f} s)")
    print(f"ratio (b)/(a) time    : {t_val / t_tok:10.1f} x   (target: >= 30,000 deals/s, "
          "within 10x of (a))")


if __name__ == "__main__":
    main()
