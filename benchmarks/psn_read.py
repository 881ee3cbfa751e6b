"""How fast PSN is read, and how much memory reading a large file takes.

Speed: writes N random legal deals (default 100,000) to a temporary file, then in the
same run times (a) splitting the file into records and tokens (the baseline) and (b)
reading and refereeing every record with ``psn.read``. Prints deals/s and the ratio
(b)/(a), in CPU time of this process (load from other jobs does not count).

Memory: generates collections of about 100 MB and 1 GB (whole Bummerls with distinct
Match ids, some left undecided) into ~/.cache/schnapsen-lab/bench (kept for the next
run), runs ``schnapsen-lab check`` on each in a fresh process and prints its peak
resident memory and the ratio 1 GB / 100 MB, which must stay under 1.5 (exit 1 if not).

    .venv/bin/python benchmarks/psn_read.py [--deals N] [--seed S] [--no-rss]
        [--rss-sizes 100,1000] [--file F]
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.rules import SOFT, STRICT, Position, Seat
from schnapsen_lab.psn import _TOKEN_RE, _chunks
from schnapsen_lab.random_deals import random_deck, random_line, random_record

CACHE = Path.home() / ".cache" / "schnapsen-lab" / "bench"
RSS_LIMIT = 1.5


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
    with open(path, encoding="utf-8", newline="") as f:
        for _first, lines, _long in _chunks(f):
            n += 1
            for _m in _TOKEN_RE.finditer("".join(lines)):
                pass
    return n


def validate(path: str) -> tuple[int, int]:
    """Read and referee every record; return (records, records with errors)."""
    n = bad = 0
    for rec in psn.read(path):
        n += 1
        bad += bool(rec.errors)
    return n, bad


def timed_validate(path: str) -> tuple[int, int, float]:
    """validate() and its CPU time."""
    t0 = time.process_time()
    n, bad = validate(path)
    return n, bad, time.process_time() - t0


# -- memory ------------------------------------------------------------------------------------

@functools.cache
def bummerl_texts(count: int, seed: int) -> list[str]:
    """``count`` Bummerls as canonical PSN, each with ``{MATCH}`` where its Match id goes;
    every tenth one stops before it is decided (it stays in the reader's accounting)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        b = Bummerl()
        recs = []
        while not b.is_decided and not (k % 10 == 9 and b.deals == 2):
            deck = random_deck(rng)
            pos = Position.deal(deck, b.dealer)
            actions = random_line(pos, rng)
            tags = {"PlayerA": "Anna", "PlayerB": "Bert", "Match": "{MATCH}",
                    "Deal": str(b.next_deal), "Score": f"{b.counters[0]}-{b.counters[1]}"}
            rec = psn.Record.from_actions([CARDS[c] for c in deck], actions, dealer=b.dealer,
                                          tags=tags)
            recs.append(str(rec))
            b = b.after(rec.outcome, b.dealer)
        out.append("\n".join(recs))
    return out


def generated_file(megabytes: int, seed: int) -> Path:
    """A collection of about ``megabytes`` MB in the cache folder (made once, then reused)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"bummerls-{megabytes}mb-{seed}.psn"
    if path.exists() and path.stat().st_size >= megabytes * 1_000_000:
        return path
    pool = bummerl_texts(2000, seed)
    tmp = path.with_suffix(".part")
    size = 0
    k = 0
    with open(tmp, "w", encoding="utf-8") as f:
        while size < megabytes * 1_000_000:
            text = pool[k % len(pool)].replace("{MATCH}", f"m{seed}-{k}")
            if k:
                text = "\n" + text
            f.write(text + "\n")
            size += len(text) + 1
            k += 1
    os.replace(tmp, path)
    return path


_CHILD = """
import resource, sys
from schnapsen_lab.cli import main
code = main(["check", sys.argv[1]])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
sys.stderr.write(f"PEAK {peak} EXIT {code}\\n")
"""


def peak_rss(path: Path) -> tuple[float, float, str]:
    """Peak resident memory (MiB) of ``schnapsen-lab check`` on the file in a fresh
    process, its wall time, and its summary line."""
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True,
                       text=True, check=False)
    wall = time.perf_counter() - t0
    line = next((x for x in r.stderr.splitlines() if x.startswith("PEAK ")), None)
    if line is None:
        raise SystemExit(f"check failed on {path}:\n{r.stderr}")
    kib = int(line.split()[1])
    return kib / 1024, wall, r.stdout.strip().splitlines()[-1]


def memory(sizes: list[int], seed: int) -> bool:
    """Print the peak memory of check on each generated size; True when within the limit."""
    base_mib, _, _ = peak_rss(generated_file(1, seed))
    print(f"peak RSS of check, fresh process each (1 MB file: {base_mib:.1f} MiB):")
    peaks = []
    for mb in sizes:
        path = generated_file(mb, seed)
        mib, wall, summary = peak_rss(path)
        peaks.append(mib)
        print(f"  {path.stat().st_size / 1e6:8.0f} MB: {mib:7.1f} MiB  ({wall:.0f} s; {summary})")
    ratio = peaks[-1] / peaks[0]
    ok = ratio < RSS_LIMIT
    print(f"ratio largest/smallest: {ratio:.2f} (must stay under {RSS_LIMIT})"
          + ("" if ok else "  FAILED"))
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="time reading this PSN file instead of random deals")
    ap.add_argument("--no-rss", action="store_true", help="skip the memory measurement")
    ap.add_argument("--no-speed", action="store_true", help="skip the speed measurement")
    ap.add_argument("--rss-sizes", default="100,1000", metavar="MB,MB",
                    help="sizes of the generated files in MB (default 100,1000)")
    args = ap.parse_args()
    if args.file:
        n, bad, t = timed_validate(args.file)
        print(f"{args.file}: {n:,} deals ({bad} with errors): {t / n * 1e6:.1f} us/deal "
              f"({n / t:,.0f} deals/s)")
        return
    if not args.no_speed:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "deals.psn")
            t0 = time.perf_counter()
            write_deals(path, args.deals, args.seed)
            t_write = time.perf_counter() - t0
            size = os.path.getsize(path)
            t0 = time.process_time()
            n_tok = tokenise(path)
            t_tok = time.process_time() - t0
            n_val, bad, t_val = timed_validate(path)
            assert n_tok == n_val == args.deals and bad == 0, (n_tok, n_val, bad)
        print(f"python {sys.version.split()[0]}, one core, CPU time, {args.deals:,} deals, "
              f"{size / 1e6:.1f} MB of PSN (written in {t_write:.1f} s)")
        print(f"(a) split into tokens : {n_tok / t_tok:10,.0f} deals/s  ({t_tok:.2f} s)  baseline")
        print(f"(b) read and referee  : {n_val / t_val:10,.0f} deals/s  ({t_val:.2f} s)")
        print(f"ratio (b)/(a) time    : {t_val / t_tok:10.2f} x")
        print("target: >= 30,000 deals/s, within 10x of (a)")
    if not args.no_rss:
        sizes = sorted(int(x) for x in args.rss_sizes.split(","))
        if not memory(sizes, args.seed):
            sys.exit(1)


if __name__ == "__main__":
    main()
