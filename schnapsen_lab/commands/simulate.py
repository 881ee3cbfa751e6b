"""``schnapsen-lab simulate --players A,B --matches N --seed S -o FILE.psn``: self-play.

Plays whole Bummerl matches between two registered players and writes them as PSN,
one record a deal, with PlayerA/PlayerB, Match, Deal, Dealer, Rules, Deck, Score and
Result tags. PlayerA/PlayerB are the players' names, told apart by seat when one player
plays both (``heuristic A``, ``heuristic B``), or the names given with ``--names``.
The same seed gives the same file whatever ``--jobs``; the file is written atomically,
so Ctrl-C leaves the old file (or none) behind.
"""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` command."""
    p = sub.add_parser(
        "simulate", help="play Bummerl matches between two players and write them as PSN",
        description="Play whole Bummerl matches between two players (random, heuristic, "
        "and any registered player) and write every deal as a PSN record. The same seed "
        "gives the same file whatever the number of jobs.")
    p.add_argument("--players", required=True, metavar="A,B",
                   help="the two players' names, A first, e.g. heuristic,random")
    p.add_argument("--names", default=None, metavar="A,B",
                   help="the names the records give A and B (default: the players' names; "
                   "'heuristic A' and 'heuristic B' when one player plays both)")
    p.add_argument("--matches", "-n", type=int, default=100, metavar="N",
                   help="how many Bummerl matches (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    p.add_argument("--rules", default="soft", metavar="PROFILE",
                   help="rules profile: soft (default), strict or beginner")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="J",
                   help="worker processes (default: all cores)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="the PSN file to write ('-' for standard output)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _usual_mode(path: str) -> None:
    """Give a new file the permissions the umask allows (the temporary file had 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    from ..cli import CliError
    from ..io import atomic_write
    from ..players.registry import make_player, player_names
    from ..rules import PROFILES, profile_named
    from ..simulate import default_jobs, seat_names, simulate_psn

    names = [n.strip() for n in str(args.players).split(",")]
    if len(names) != 2 or not all(names):
        raise CliError(f"--players {args.players!r}: give two names separated by a comma, "
                       f"e.g. heuristic,random (known: {', '.join(player_names())})")
    for n in names:
        try:
            make_player(n)
        except KeyError:
            raise CliError(f"--players: unknown player {n!r}; "
                           f"known: {', '.join(player_names())}") from None
    if args.matches < 1:
        raise CliError(f"--matches {args.matches}: give at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise CliError(f"--jobs {args.jobs}: give at least 1")
    try:
        profile = profile_named(args.rules)
    except KeyError:
        raise CliError(f"--rules {args.rules!r}: unknown profile; "
                       f"known: {', '.join(sorted(PROFILES))}") from None
    out = str(args.output)
    if out != "-":
        folder = os.path.dirname(os.path.abspath(out))
        if os.path.isdir(out):
            raise CliError(f"-o {out}: is a directory")
        if not os.path.isdir(folder):
            raise CliError(f"-o {out}: no such folder {folder}")
        if not os.access(folder, os.W_OK):
            raise CliError(f"-o {out}: cannot write in {folder}")
    jobs = args.jobs if args.jobs is not None else default_jobs()
    pair = (names[0].lower(), names[1].lower())
    tags: tuple[str, str] | None = None
    if args.names is not None:
        given = [n.strip() for n in str(args.names).split(",")]
        try:
            if len(given) != 2:
                raise ValueError
            tags = seat_names(pair, given)
        except ValueError:
            raise CliError(f"--names {args.names!r}: give two different names separated by "
                           "a comma, e.g. Anna,Bert") from None

    from tqdm import tqdm

    texts = simulate_psn(pair, args.matches, args.seed, profile, jobs, names=tags)
    bar = tqdm(texts, total=args.matches, unit="match", desc="simulate",
               disable=True if args.quiet else None, file=sys.stderr)
    try:
        if out == "-":
            for k, text in enumerate(bar):
                sys.stdout.write(("\n" if k else "") + text)
        else:
            with atomic_write(out) as f:
                for k, text in enumerate(bar):
                    f.write(("\n" if k else "") + text)
            _usual_mode(out)
    finally:
        bar.close()
        close = getattr(texts, "close", None)
        if close is not None:
            close()
    return 0
