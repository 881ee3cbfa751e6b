"""How fast each registered game's records are read and refereed, against the two-player
reader of a baseline commit in the same run.

Writes N random legal deals (uniform over the legal actions) of every registered game's
profiles with a pack or a seat count of their own (Schnapsen soft, Bauernschnapsen,
``bauern24`` where registered, Sechsundsechzig, ...) into a temporary folder, then reads
each file with ``psn.read`` in a fresh process (the game's modules imported first, outside
the clock) and reports deals/s and actions/s in CPU time. With ``--baseline DIR`` (a
checkout of an earlier commit, e.g. made by ``git worktree add``) every file the
baseline knows is read by that checkout's reader too, in the same run, and every figure
is also given as a ratio to the baseline's Schnapsen reader. Repeats each reading
``--repeat`` times and keeps the best.

    .venv/bin/python benchmarks/read_games.py [--deals N] [--seed S] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from schnapsen_lab import psn
from schnapsen_lab.games import Game, games

READ = """
import sys, time
from schnapsen_lab import psn
next(iter(psn.read(sys.argv[1])))  # the game's modules imported before the clock starts
t = time.process_time()
n = a = 0
for r in psn.read(sys.argv[1]):
    if r.ok:
        n += 1
        a += len(r.main.moves)
print(n, a, time.process_time() - t)
"""


def profiles_to_time(game: Game[Any, Any, Any]) -> list[Any]:
    """The game's default profile and its built-in profiles with another pack."""
    out = [game.default_profile]
    packs = {game.pack_of(game.default_profile).size}
    for p in game.profiles.values():
        size = game.pack_of(p).size
        if size not in packs:
            packs.add(size)
            out.append(p)
    return out


def random_deal(game: Game[Any, Any, Any], profile: Any, rng: random.Random) -> psn.Record:
    """One deal of ``profile`` played by uniform random choices to its end."""
    deck = [int(c) for c in game.pack_of(profile).cards]
    rng.shuffle(deck)
    dealer = rng.randrange(len(game.seats))
    pos = game.deal(tuple(deck), {}, profile, dealer)
    actions: list[Any] = []
    while pos.outcome is None:
        a = rng.choice(pos.legal_actions())
        actions.append(a)
        pos = pos.play(a)
    return psn.Record.from_actions(deck, actions, dealer=dealer, profile=profile,
                                   trusted=True)


def write(path: Path, game: Game[Any, Any, Any], profile: Any, n: int, seed: int) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            if i:
                f.write("\n")
            f.write(str(random_deal(game, profile, rng)))


def timed(path: Path, pythonpath: str, repeat: int) -> tuple[int, int, float]:
    """Deals and actions read and the best CPU seconds over ``repeat`` fresh processes."""
    env = dict(os.environ, PYTHONPATH=pythonpath)
    best = float("inf")
    n = a = 0
    for _ in range(repeat):
        # run from the checkout: ``-c`` puts the working folder first on the path
        out = subprocess.run([sys.executable, "-c", READ, str(path)], env=env, check=True,
                             capture_output=True, text=True, cwd=pythonpath).stdout.split()
        n, a, secs = int(out[0]), int(out[1]), float(out[2])
        best = min(best, secs)
    return n, a, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", help="a checkout of the baseline commit")
    args = ap.parse_args()
    here = str(Path(__file__).resolve().parent.parent)
    with tempfile.TemporaryDirectory() as tmp:
        rows: list[tuple[str, int, int, float]] = []
        files: list[tuple[str, Path]] = []
        for g in games():
            for p in profiles_to_time(g):
                path = Path(tmp) / f"{g.key}-{g.profile_name(p)}.psn"
                write(path, g, p, args.deals, args.seed)
                files.append((f"{g.title} ({g.profile_name(p)})", path))
        base_rate = base_actions = None
        if args.baseline:
            n, a, secs = timed(files[0][1], args.baseline, args.repeat)
            base_rate, base_actions = n / secs, a / secs
            rows.append((f"baseline {files[0][0]}", n, a, secs))
        for label, path in files:
            if args.baseline and path != files[0][1]:
                try:  # the baseline reads the games it knew
                    n, a, secs = timed(path, args.baseline, args.repeat)
                except subprocess.CalledProcessError:
                    n = 0
                if n:
                    rows.append((f"baseline {label}", n, a, secs))
            n, a, secs = timed(path, here, args.repeat)
            rows.append((label, n, a, secs))
        print(f"{'records':44} {'deals':>7} {'actions':>8} {'CPU s':>6} {'deals/s':>8} "
              f"{'actions/s':>9}" + ("  ratios to the baseline's two-player reader"
                                     if base_rate else ""))
        for label, n, a, secs in rows:
            rate, arate = n / secs, a / secs
            ratio = (f"  {rate / base_rate:.2f} {arate / base_actions:.2f}"
                     if base_rate and base_actions else "")
            print(f"{label:44} {n:7d} {a:8d} {secs:6.2f} {rate:8.0f} {arate:9.0f}{ratio}")


if __name__ == "__main__":
    main()
