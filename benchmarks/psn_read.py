"""How fast PSN is read: tokenising alone (baseline) vs reading and refereeing every record.

Writes N random legal deals (default 100,000) to a temporary file, then in the same
run times (a) splitting the file into records and tokens, (b) reading and fully
validating every record with the referee (`psn.read`): with the engine only
(the default, reference path) and with the compiled referee (SCHNAPSEN_LAB_FAST=1,
opt-in). Prints deals/s and the ratios, in CPU time of this process
(load from other jobs does not count). ``--no-fast`` times the engine path only;
``--file`` times reading an existing file instead (no tokenising baseline written).

    .venv/bin/python benchmarks/psn_read.py [--deals N] [--seed S] [--no-fast] [--file F]
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


def validate(path: str, fast: bool) -> tuple[int, int]:
    """Read and referee every record; return (records, records with errors)."""
    old = os.environ.get("SCHNAPSEN_LAB_FAST")
    os.environ["SCHNAPSEN_LAB_FAST"] = "1" if fast else "0"
    try:
        n = bad = 0
        for rec in psn.read(path):
            n += 1
            bad += bool(rec.errors)
        return n, bad
    finally:
        if old is None:
            del os.environ["SCHNAPSEN_LAB_FAST"]
        else:
            os.environ["SCHNAPSEN_LAB_FAST"] = old


def timed_validate(path: str, fast: bool) -> tuple[int, int, float]:
    """validate() and its CPU time."""
    t0 = time.process_time()
    n, bad = validate(path, fast)
    return n, bad, time.process_time() - t0


def read_file(path: str, no_fast: bool) -> None:
    """Time reading an existing file both ways; print the CPU time per deal."""
    if not no_fast:
        validate(path, True)  # the kernel compiled (or loaded from its cache) before timing
    n, bad, t_slow = timed_validate(path, False)
    print(f"{path}: {n:,} deals ({bad} with errors)")
    print(f"engine path   : {t_slow / n * 1e6:8.1f} us/deal  ({n / t_slow:10,.0f} deals/s)")
    if not no_fast:
        n2, bad2, t_fast = timed_validate(path, True)
        assert (n2, bad2) == (n, bad)
        print(f"compiled path : {t_fast / n * 1e6:8.1f} us/deal  ({n / t_fast:10,.0f} deals/s)"
              f"  ratio engine/compiled {t_slow / t_fast:.2f} x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-fast", action="store_true",
                    help="time only the engine path (no compiled referee)")
    ap.add_argument("--file", help="time reading this PSN file instead of random deals")
    args = ap.parse_args()
    if args.file:
        read_file(args.file, args.no_fast)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "deals.psn")
        t0 = time.perf_counter()
        write_deals(path, args.deals, args.seed)
        t_write = time.perf_counter() - t0
        size = os.path.getsize(path)
        t0 = time.process_time()
        n_tok = tokenise(path)
        t_tok = time.process_time() - t0
        n_val, bad, t_val = timed_validate(path, False)
        assert n_tok == n_val == args.deals and bad == 0, (n_tok, n_val, bad)
        if not args.no_fast:
            validate(path, True)  # warm: the kernel compiled or loaded from its cache
            n_f, bad_f, t_f = timed_validate(path, True)
            assert n_f == args.deals and bad_f == 0, (n_f, bad_f)
    print(f"python {sys.version.split()[0]}, one core, CPU time, {args.deals:,} deals, "
          f"{size / 1e6:.1f} MB of PSN (written in {t_write:.1f} s)")
    print(f"(a) split into tokens : {n_tok / t_tok:10,.0f} deals/s  ({t_tok:.2f} s)")
    print(f"(b) read and referee  : {n_val / t_val:10,.0f} deals/s  ({t_val:.2f} s)  "
          "engine path (the default)")
    print(f"ratio (b)/(a) time    : {t_val / t_tok:10.1f} x")
    if not args.no_fast:
        print(f"(c) read and referee  : {n_f / t_f:10,.0f} deals/s  ({t_f:.2f} s)  "
              "compiled referee (SCHNAPSEN_LAB_FAST=1)")
        print(f"ratio (c)/(a) time    : {t_f / t_tok:10.1f} x;  (b)/(c): {t_val / t_f:.2f} x")
    print("target: >= 30,000 deals/s, within 10x of (a)")


if __name__ == "__main__":
    main()
