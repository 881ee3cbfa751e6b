"""Peak memory of ``check`` and ``stats`` on large collections, and the deal table's bytes.

Builds inputs of about 100 MB (and 1 GB with ``--sizes 100,1000``) in a temporary folder
by concatenating the bundled collections in ``records/`` (removed afterwards; never
commit them), then runs in fresh processes:

- ``schnapsen-lab check FILE``;
- ``schnapsen-lab stats -q -j 1 FILE`` (one process: the records read one by one);
- ``schnapsen-lab stats -q -j 2 FILE`` (two workers reading chunks);
- ``schnapsen-lab stats -q FILE`` (the default: a worker a core);

and prints for each the peak memory of the whole process tree (the command and its
workers, sampled from /proc every 20 ms: the proportional set sizes summed, which count
the pages the workers share with the parent once, and the resident sizes summed), the
wall time and the CPU time (user + system of the command and its workers), and the deal
table's bytes a deal (``DataFrame.memory_usage(deep=True)``, column by column with
``--columns``). Goal (issue 23): at most 300 MiB for 100 MB of records on either stats
path; ``check`` flat whatever the size. Exit 1 past the goal.

``--tree DIR`` measures the package of another checkout (e.g. ``git worktree add
/tmp/base COMMIT``) on the same inputs, after this one: the ratios of a change in one
go. ``--input FILE`` measures an existing file instead of building one (kept).

``--mixed`` builds the inputs from every registered game and profile instead (issue 51
section 3): a few self-played matches of each (the game's ``selfplay`` part, its
heuristic players where it has them), as many bytes of each game, so that a file holds
Schnapsen, Bauernschnapsen with 20 and 24 cards, Sechsundsechzig and any game registered
later, record after record; the same goal.

    .venv/bin/python benchmarks/memory.py [--sizes 100,1000] [--dir DIR] [--mixed]
        [--only check,stats1,stats2,stats] [--tree DIR] [--input FILE] [--columns]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_MIB = 300


def build_input(path: Path, megabytes: int) -> int:
    """Concatenate the bundled collections into ``path`` until it holds ``megabytes`` MB."""
    sources = sorted((ROOT / "records").glob("*.psn"))
    blob = b"".join(p.read_bytes().rstrip(b"\n") + b"\n\n" for p in sources)
    want = megabytes * 1_000_000
    with open(path, "wb") as f:
        written = 0
        while written < want:
            f.write(blob)
            written += len(blob)
    return written


def mixed_blob(matches: int = 20, seed: int = 51) -> bytes:
    """Self-played matches of every registered game and profile, interleaved, as many bytes
    of each game (its profiles share them): one unit of a mixed-game file."""
    from schnapsen_lab.games import games

    per_game: list[list[bytes]] = []
    for g in games():
        players = g.part("players")
        bot = "heuristic" if "heuristic" in players else sorted(players)[0]
        texts = [g.part("selfplay")([bot] * len(g.seats), seed, k + 1, profile,
                                    f"mixed-{name}-{k + 1}", [f"{bot} {s}" for s in g.seats])
                 .encode("utf-8").rstrip(b"\n") + b"\n\n"
                 for k in range(matches) for name, profile in g.profiles.items()]
        per_game.append(texts)
    size = min(sum(len(t) for t in texts) for texts in per_game)
    out: list[bytes] = []
    for texts in per_game:  # about ``size`` bytes of each game
        taken = 0
        for t in texts:
            if taken >= size:
                break
            out.append(t)
            taken += len(t)
    order = list(range(len(out)))
    import random

    random.Random(seed).shuffle(order)  # games record after record, matches whole
    return b"".join(out[i] for i in order)


def build_mixed_input(path: Path, megabytes: int) -> int:
    """A file of ``megabytes`` MB of every registered game's records (:func:`mixed_blob`)."""
    blob = mixed_blob()
    want = megabytes * 1_000_000
    with open(path, "wb") as f:
        written = 0
        while written < want:
            f.write(blob)
            written += len(blob)
    return written


def _tree_memory(pid: int) -> tuple[int, int]:
    """(Proportional, resident) bytes of a process and all its descendants (Linux /proc).

    The proportional set size (PSS) shares each page among the processes that map it, so
    the workers' pages forked from the parent (the imported pandas) count once: the sum is
    the memory the command takes. The resident sizes' sum counts shared pages in every
    process."""
    pss = rss = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1]) << 10
                    elif line.startswith("Rss:"):
                        rss += int(line.split()[1]) << 10
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue
    return pss, rss


def _children_cpu() -> float:
    """CPU seconds (user + system) of the waited-for children and their descendants."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def peak_memory(cmd: list[str], tree: Path = ROOT) -> tuple[int, int, float, float, int]:
    """Run ``cmd`` with the package of ``tree``; return the peak proportional and resident
    bytes of its process tree, the wall seconds, the CPU seconds and the exit code."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    cpu = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak_pss = peak_rss = 0
    while proc.poll() is None:
        pss, rss = _tree_memory(proc.pid)
        peak_pss, peak_rss = max(peak_pss, pss), max(peak_rss, rss)
        time.sleep(0.02)
    err = proc.stderr.read().decode() if proc.stderr else ""
    wall = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        print(err, file=sys.stderr)
    return peak_pss, peak_rss, wall, _children_cpu() - cpu, proc.returncode


_TABLE_BYTES = """
import json, sys
from schnapsen_lab.stats.frames import deals_frame
df = deals_frame([sys.argv[1]], workers=2)
use = df.memory_usage(deep=True, index=False)
print(json.dumps({"rows": len(df), "columns": {k: [str(df[k].dtype), int(v)]
                                               for k, v in use.items()}}))
"""


def table_bytes(path: Path, tree: Path = ROOT) -> tuple[int, dict[str, tuple[str, int]]]:
    """The deal table of a file, read by the package of ``tree`` in a fresh process:
    (rows, {column: (dtype, bytes with deep memory use)})."""
    import json

    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", _TABLE_BYTES, str(path)], env=env,
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(out.splitlines()[-1])
    return data["rows"], {k: (d, b) for k, (d, b) in data["columns"].items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100", help="input sizes in MB, e.g. 100,1000")
    ap.add_argument("--dir", default=None, help="where to build the inputs (default: /tmp)")
    ap.add_argument("--only", default="check,stats1,stats2,stats")
    ap.add_argument("--mixed", action="store_true",
                    help="build the inputs from every registered game and profile")
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="also measure the package of this checkout (repeatable)")
    ap.add_argument("--input", type=Path, default=None,
                    help="measure this file instead of building inputs (kept)")
    ap.add_argument("--columns", action="store_true", help="the deal table's bytes by column")
    args = ap.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.tree)]
    cli = [sys.executable, "-m", "schnapsen_lab.cli"]
    runs = {"check": ["check"], "stats1": ["stats", "-q", "-j", "1"],
            "stats2": ["stats", "-q", "-j", "2"], "stats": ["stats", "-q"]}
    wanted = args.only.split(",")
    bad = False
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        inputs: list[tuple[int, Path, bool]] = []
        if args.input is not None:
            size = args.input.stat().st_size
            inputs.append((round(size / 1e6), args.input, False))
        else:
            for mb in (int(x) for x in args.sizes.split(",")):
                kind = "mixed" if args.mixed else "records"
                inputs.append((mb, Path(tmp) / f"{kind}-{mb}mb.psn", True))
        for mb, path, built in inputs:
            build = build_mixed_input if args.mixed else build_input
            size = build(path, mb) if built else path.stat().st_size
            print(f"input: {size / 1e6:,.0f} MB ({path.name})", flush=True)
            for name in wanted:
                for tree in trees:
                    pss, rss, secs, cpu, code = peak_memory([*cli, *runs[name], str(path)],
                                                            tree)
                    over = name.startswith("stats") and mb <= 100 and pss > GOAL_MIB << 20
                    bad |= over and tree == ROOT
                    label = "" if len(trees) == 1 else f"  [{tree}]"
                    print(f"  {' '.join(runs[name]):16s} peak {pss / 2**20:8.1f} MiB PSS "
                          f"({rss / 2**20:7.1f} MiB RSS summed)  {secs:6.1f} s wall "
                          f"{cpu:6.1f} s CPU  exit {code}"
                          f"{'  OVER THE GOAL' if over else ''}{label}", flush=True)
            if mb <= 100:
                for tree in trees:
                    rows, cols = table_bytes(path, tree)
                    nbytes = sum(b for _, b in cols.values())
                    label = "" if len(trees) == 1 else f"  [{tree}]"
                    print(f"  deal table: {rows:,} deals, {nbytes / 2**20:,.1f} MiB, "
                          f"{nbytes / rows:,.0f} bytes a deal{label}", flush=True)
                    if args.columns:
                        for k, (dtype, b) in cols.items():
                            print(f"    {k:22s} {dtype:10s} {b / rows:6.1f} bytes a deal")
            if built:
                path.unlink()
    print(f"goal: stats at most {GOAL_MIB} MiB for 100 MB on either path")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
