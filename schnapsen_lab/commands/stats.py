"""``schnapsen-lab stats``: tables of deals, Bummerls and players from PSN files.

pandas is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

__all__ = ["register", "run"]

_SUFFIXES = (".parquet", ".pq", ".csv")
_PARALLEL_BYTES = 4 << 20
_PROGRESS_BYTES = 1 << 20


def register(sub: Any) -> None:
    """Add the ``stats`` command to the sub-parsers."""
    p = sub.add_parser(
        "stats", help="tables of deals, Bummerls and players from PSN files",
        description="Read PSN files into one row a deal (see docs/statistics.md), print a "
        "short summary, and write the tables as Parquet or CSV (by the file name's "
        "suffix). Invalid records are counted and kept as rows flagged invalid. Files with "
        "four-player Bauernschnapsen records get a four-player summary too (contracts "
        "called, played and made, spritze, the sides' wins), and three-player "
        "Dreierschnapsen records their own (contracts by contract and by seat, spritze, "
        "the cards laid away).")
    p.add_argument("files", nargs="+", metavar="FILE", help="PSN files")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the deal table here (.parquet or .csv)")
    p.add_argument("--matches", metavar="OUT", help="write the Bummerl table here")
    p.add_argument("--players", metavar="OUT", help="write the player table here")
    p.add_argument("--ratings", metavar="OUT",
                   help="rate the players (openskill) and write the ratings table here")
    p.add_argument("--ratings-by", choices=("bummerl", "deal"), default="bummerl",
                   help="rate each decided Bummerl (default) or each finished deal")
    p.add_argument("-j", "--workers", type=int, default=0, metavar="N",
                   help="processes for large inputs (default: all cores)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Build the tables, print the summary, write the files asked for."""
    from . import CliError, check_readable, check_writable, checkpoint, refuse_input_as_output

    for option, out in (("-o", args.output), ("--matches", args.matches),
                        ("--players", args.players), ("--ratings", args.ratings)):
        if out is not None and not out.endswith(_SUFFIXES):
            raise CliError(f"{out}: the output must end in .parquet or .csv", 2)
        if out is not None:
            check_writable(out, option)
            refuse_input_as_output(out, args.files, option)
    for path in args.files:
        if path == "-":
            raise CliError("stats reads files, not standard input", 2)
        check_readable(path)

    # pandas is imported once the records are read: the workers that read them are
    # forked without it, so that they neither share nor copy its pages (benchmarks/memory.py)
    from ..games.protocol import MissingPart
    from ..stats.frames import deals_frame, matches_frame, players_frame
    from ..stats.parallel import read_deals
    from ..stats.tables import bauern_summary, four_seated, own_summaries, summary
    from ..terminal import progress_bars

    checkpoint()  # a Ctrl-C that an import swallowed stops here

    size = sum(os.path.getsize(p) for p in args.files)
    progress = not args.quiet and size >= _PROGRESS_BYTES and sys.stderr.isatty()
    try:
        with progress_bars():  # the readers draw their own bars on stderr
            if size >= _PARALLEL_BYTES and args.workers != 1:
                deals = read_deals(args.files, workers=args.workers or None,
                                   progress=progress)
            else:
                deals = deals_frame(args.files, progress=progress)
    except UnicodeDecodeError as e:
        raise CliError(f"not UTF-8 text (byte {e.start + 1})", 2) from None
    except (ValueError, OSError) as e:
        raise CliError(str(e), 2) from None
    except MissingPart as e:  # a game without statistics (yet): refused in one line
        raise CliError(f"{', '.join(args.files)}: {e.args[0]}", 2) from None

    import pandas as pd  # the readers have imported it: here for the summary's options

    checkpoint()  # a Ctrl-C that pandas' import swallowed stops here

    own = own_summaries(deals)  # games whose part stats prints its own tables
    if own:
        mine = deals["variant"].astype(object).isin([g.key for g, _ in own]).to_numpy(
            dtype=bool)
        rest = deals[~mine]
    else:
        rest = deals
    four = four_seated(rest)
    with pd.option_context("display.width", 100):
        if len(rest) or not own:
            if not four.any():
                if own:
                    _say("two players:")
                _say(summary(rest).to_string())
            else:
                if not four.all():
                    _say("two players:")
                    _say(summary(rest, only=~four).to_string())
                    _say()
                _say("four players (Bauernschnapsen):")
                _say(bauern_summary(rest).to_string())
        for k, (game, tables) in enumerate(own):
            if k or len(rest):
                _say()
            _say(f"{len(game.seats)} players ({game.title}):")
            for j, table in enumerate(tables(deals)):
                if j:
                    _say()
                _say(table.to_string())
    bad = deals[~deals["valid"]]
    if len(bad):
        first = bad.iloc[0]
        err = str(first["errors"]).split(" | ")[0]
        _say(f"{len(bad)} invalid record{'s' if len(bad) != 1 else ''} kept as rows "
              f"(valid = False); first: {first['file']}: deal {first['index']}, {err}")
    matches = None
    if args.matches or args.players or (args.ratings and args.ratings_by == "bummerl"):
        matches = matches_frame(deals)
    if args.output:
        _save(deals, args.output)
        _say(f"wrote {len(deals)} deals to {args.output}")
    if args.matches and matches is not None:
        _save(matches, args.matches)
        _say(f"wrote {len(matches)} Bummerls to {args.matches}")
    if args.players:
        players = players_frame(deals, matches)
        _save(players, args.players)
        _say(f"wrote {len(players)} players to {args.players}")
    if args.ratings:
        from ..stats.ratings import ratings

        games = matches if args.ratings_by == "bummerl" and matches is not None else deals
        table = ratings(games)
        with pd.option_context("display.width", 100):
            _say(f"ratings by {args.ratings_by} (openskill Plackett-Luce, 95% intervals):")
            _say(table.to_string(index=False, float_format=lambda x: f"{x:.2f}"))
        _save(table, args.ratings)
        _say(f"wrote {len(table)} ratings to {args.ratings}")
    return 0


def _say(text: str = "") -> None:
    """Print a line (or a table) with its control characters escaped (names, tags)."""
    from ..terminal import safe

    print(safe(text))


def _save(table: Any, path: str) -> None:
    """Write a table, a failure to write as a one-line error."""
    from ..stats.parallel import save_frame
    from . import write_error

    try:
        save_frame(table, path)
    except OSError as e:
        raise write_error(path, e) from None
