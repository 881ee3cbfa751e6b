"""Is this tree as fast as an older one? The same measurements on both, in the same run.

Give it a checkout of an older commit (``git worktree add /tmp/old <commit>``). For each
measurement it runs the older tree's and this tree's version alternately, ``--rounds``
times each, as fresh processes with the same arguments and this tree's Python
environment (each tree on ``PYTHONPATH``), and reports the best CPU time (user + system
of the process and its children) of each and the ratio new / old. CPU time, not wall
time: another job on the machine slows both alike only a little.

The measurements (each script from its own tree, so that a script that moved with the
package still runs):

* ``psn_read``: ``benchmarks/psn_read.py --deals 20000 --no-rss``;
* ``replay_step``: ``benchmarks/replay_step.py --deals 300 --widget-deals 3``;
* ``simulate``: ``benchmarks/simulate.py --deals 4000 --matches 100 --jobs 1``;
* ``bauern_selfplay``: ``benchmarks/bauern_selfplay.py --deals 1000 --matches 30``;
* ``cli_simulate``: the whole command ``schnapsen-lab simulate --players random,random
  --matches 400 --jobs 1`` (its start-up included), with the deals a second it reaches;
* ``cli_start``: ``schnapsen-lab --version`` (the command line's start-up).

    .venv/bin/python benchmarks/compare_trees.py --old /tmp/old [--rounds 3] [--only NAME]
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

HERE = Path(__file__).resolve().parent.parent

_CLI = ("import sys; sys.argv[0] = 'schnapsen-lab'; import schnapsen_lab.cli as c; "
        "sys.exit(c.main())")

MEASUREMENTS: dict[str, list[str]] = {
    "psn_read": ["benchmarks/psn_read.py", "--deals", "20000", "--no-rss"],
    "replay_step": ["benchmarks/replay_step.py", "--deals", "300", "--widget-deals", "3"],
    "simulate": ["benchmarks/simulate.py", "--deals", "4000", "--matches", "100", "--jobs",
                 "1"],
    "bauern_selfplay": ["benchmarks/bauern_selfplay.py", "--deals", "1000", "--matches",
                        "30"],
    "cli_simulate": ["-c", _CLI, "simulate", "--players", "random,random", "--matches", "400",
                     "--jobs", "1", "--quiet", "-o", "{out}"],
    "cli_start": ["-c", _CLI, "--version"],
}


def _run(tree: Path, args: list[str], out: str) -> tuple[float, float]:
    """CPU and wall seconds of one run of ``args`` with ``tree`` on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *(a.format(out=out) for a in args)], cwd=tree, env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, type=Path, help="a checkout of the older tree")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", action="append", choices=sorted(MEASUREMENTS))
    args = ap.parse_args()
    old = args.old.resolve()
    names = args.only or list(MEASUREMENTS)
    print(f"old: {old}\nnew: {HERE}\n{'measurement':16s} {'old CPU s':>10s} "
          f"{'new CPU s':>10s} {'new/old':>8s}")
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "out.psn")
        for name in names:
            best: dict[str, float] = {"old": float("inf"), "new": float("inf")}
            for _ in range(args.rounds):
                for label, tree in (("old", old), ("new", HERE)):
                    cpu, _wall = _run(tree, MEASUREMENTS[name], out)
                    best[label] = min(best[label], cpu)
            line = (f"{name:16s} {best['old']:10.3f} {best['new']:10.3f} "
                    f"{best['new'] / best['old']:8.3f}")
            if name == "cli_simulate":
                deals = Path(out).read_text(encoding="utf-8").count("[Deck ")
                line += (f"   {deals} deals: {deals / best['old']:,.0f} and "
                         f"{deals / best['new']:,.0f} deals a CPU second")
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
