"""``schnapsen-lab equity``: print a Bummerl equity table, or measure the tables again.

Without ``--rebuild`` it prints the shipped distribution of deal outcomes (with 95%
intervals) and the two tables of a rules profile (the next deal dealt by me, by them).
With ``--rebuild`` it plays the deals again (seeded: the same seed gives the same file
whatever ``--jobs``), computes the tables and writes the tables file atomically, so
Ctrl-C leaves the old file as it was. Tables not asked for are kept from that file.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..equity import EquityTable

__all__ = ["register", "run"]

_PROFILES = ("soft", "strict", "beginner")
"""The profiles measured by default."""
_KNOWN = (*_PROFILES, "sechsundsechzig")
"""Every profile with a table (Sechsundsechzig's: a match to 7 with standoffs)."""
_PLAYERS = ("strong", "heuristic")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``equity`` command."""
    p = sub.add_parser(
        "equity", help="print a Bummerl equity table, or measure the tables again",
        description="Print the chance to win the Bummerl from every pair of counters, as "
        "computed from the distribution of deal outcomes measured in self-play "
        "(docs/equity.md). With --rebuild, play the deals again and rewrite the tables "
        "file (seeded; the same seed gives the same file whatever --jobs).")
    p.add_argument("--rebuild", action="store_true",
                   help="play the deals again and write the tables file")
    p.add_argument("--rules", default=None, metavar="PROFILES",
                   help="rules profile to print (default soft), or with --rebuild the "
                   "profiles to measure, comma-separated (default soft,strict,beginner)")
    p.add_argument("--player", "--players", dest="players", default=None, metavar="NAMES",
                   help="the self-play player whose table to print (default strong where "
                   "measured, else heuristic), or with "
                   "--rebuild the players, comma-separated (default strong,heuristic)")
    p.add_argument("--deals", "-n", type=int, default=5000, metavar="N",
                   help="with --rebuild: deals a table (default 5000)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="with --rebuild: the seed (default 1)")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="J",
                   help="with --rebuild: worker processes (default: all cores)")
    p.add_argument("--file", "-o", dest="file", default=None, metavar="FILE",
                   help="the tables file to read, or with --rebuild to write (default: the "
                   "one shipped in the package)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _names(text: str | None, default: tuple[str, ...], what: str,
           known: tuple[str, ...] | list[str]) -> list[str]:
    from . import CliError

    if text is None:
        return list(default)
    names = [n.strip().lower() for n in text.split(",")]
    if not all(names):
        raise CliError(f"--{what} {text!r}: give names separated by commas")
    for n in names:
        if n not in known:
            raise CliError(f"--{what}: unknown {n!r}; known: {', '.join(known)}")
    return names


def format_table(t: EquityTable) -> str:
    """The distribution and both tables of ``t`` as text (no standoff point pending)."""
    from ..stats.tables import wilson

    lines = [f"Bummerl equity, {t.profile} rules, {t.player} against itself "
             f"({t.outcomes.deals} deals, seed {t.seed})", "",
             "deal outcome             deals   share   95% interval"]
    for w, k, n, share, lo, hi in t.outcomes.rows():
        lines.append(f"{w:8s} wins {k} game pt{'s' if k > 1 else ' '} {n:7d}  "
                     f"{share:6.1%}   {lo:6.1%} .. {hi:6.1%}")
    if t.outcomes.standoff:
        lo, hi = wilson(t.outcomes.standoff, t.outcomes.deals)
        lines.append(f"standoff                {t.outcomes.standoff:7d}  "
                     f"{t.outcomes.standoff_share:6.1%}   {lo:6.1%} .. {hi:6.1%}")
    order = range(t.start, 0, -1)
    for i_deal in (False, True):
        lines += ["", f"my chance to win the Bummerl, {'I' if i_deal else 'they'} deal next "
                  "(rows: my counter, columns: theirs)",
                  "mine\\theirs " + "".join(f"{b:7d}" for b in order)]
        for a in order:
            lines.append(f"{a:11d} " + "".join(f"{t.equity(a, b, i_deal):7.1%}"
                                               for b in order))
    return "\n".join(lines)


def _print(args: argparse.Namespace) -> int:
    from ..equity import load_tables
    from . import CliError

    profiles = _names(args.rules, ("soft",), "rules", _KNOWN)
    players = _names(args.players, (), "players", _PLAYERS)
    try:
        tables = load_tables(args.file)
    except FileNotFoundError:
        raise CliError(f"{args.file}: no such file") from None
    except (ValueError, KeyError, TypeError) as e:
        raise CliError(f"{args.file}: not a tables file ({e})") from None
    first = True
    for profile in profiles:
        # by default the strong player's table, or the heuristic one where it is missing
        chosen = players or [next((p for p in _PLAYERS if (profile, p) in tables), "strong")]
        for player in chosen:
            t = tables.get((profile, player))
            if t is None:
                known = ", ".join(f"{a}/{b}" for a, b in sorted(tables))
                raise CliError(f"no table for --rules {profile} --player {player}; "
                               f"there are: {known}")
            sys.stdout.write(("\n" if not first else "") + format_table(t) + "\n")
            first = False
    return 0


def _rebuild(args: argparse.Namespace) -> int:
    from ..equity import (
        DATA_FILE,
        EquityTable,
        OutcomeCounts,
        build_id,
        load_tables,
        solve_table,
        tables_to_json,
    )
    from ..games.sechsundsechzig.game import PROFILES as SIXTY_SIX
    from ..games.twohand.rules import profile_named
    from ..io import atomic_write
    from ..simulate import default_jobs
    from ..terminal import progress_stream
    from . import CliError, check_writable, write_error

    profiles = _names(args.rules, _PROFILES, "rules", _KNOWN)
    players = _names(args.players, _PLAYERS, "players", _PLAYERS)
    if args.deals < 1:
        raise CliError(f"--deals {args.deals}: give at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise CliError(f"--jobs {args.jobs}: give at least 1")
    out = str(args.file) if args.file is not None else str(DATA_FILE)
    check_writable(out, "--file")
    kept: dict[tuple[str, str], EquityTable] = {}
    if os.path.exists(out):
        try:
            kept = load_tables(out)
        except (ValueError, KeyError, TypeError) as e:
            raise CliError(f"--file {out}: not a tables file ({e}); remove it or write "
                           "elsewhere") from None
    jobs = args.jobs if args.jobs is not None else default_jobs()

    from tqdm import tqdm

    from ..equity.measure import measure

    todo = [(pr, pl) for pr in profiles for pl in players]
    measured_by = build_id()
    bar = tqdm(total=args.deals * len(todo), unit="deal", desc="equity",
               disable=True if args.quiet else None, file=progress_stream())
    try:
        for profile, player in todo:
            bar.set_description(f"equity {profile}/{player}")
            results = measure(player, args.deals, args.seed,
                              profile_named(profile, SIXTY_SIX.values()), jobs)
            pairs: list[tuple[bool, int]] = []
            try:
                for r in results:
                    pairs.append((r.dealer_won, r.game_points))
                    bar.update()
            finally:
                close = getattr(results, "close", None)
                if close is not None:
                    close()
            counts = OutcomeCounts.of_results(pairs)
            i_deal, they_deal = solve_table(counts)
            kept[(profile, player)] = EquityTable(profile, player, counts, i_deal, they_deal,
                                                  args.seed, measured_by)
    finally:
        bar.close()
    try:
        with atomic_write(out) as f:
            f.write(tables_to_json(kept.values()))
    except OSError as e:  # a full disk: the file named
        raise write_error(out, e) from None
    print(f"wrote {len(todo)} table{'s' if len(todo) != 1 else ''} "
          f"({args.deals} deals each) to {out}")
    return 0


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    return _rebuild(args) if args.rebuild else _print(args)
