"""``schnapsen-lab html FILE --record N [--bummerl] -o OUT``: a deal to share without Jupyter.

Writes one self-contained HTML page (:mod:`schnapsen_lab.share`): the table, the moves,
step buttons and arrow keys, the view switch and the counting panel, for record ``N``
or, with ``--bummerl``, for every deal of the Bummerl it belongs to; ``--lang`` writes
the page in German, French or Russian (default English). The page loads
nothing from elsewhere; mail it or put it on a website. The write is atomic.

Exit 0; 1 when a record shown has an error (the page is still written, up to the error;
a record without a valid deck cannot be shown at all); 2 when the file, the record or
the output cannot be had.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..i18n import LANGUAGES
from . import fail

if TYPE_CHECKING:
    from ..psn import Record

__all__ = ["register", "run"]

EXIT_OK, EXIT_INVALID = 0, 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``html`` command."""
    p = sub.add_parser(
        "html", help="write a deal (or its whole Bummerl) as one self-contained HTML page",
        description="Write record N of FILE as one HTML page that needs nothing but a "
        "browser (no network, no server, no Jupyter): the table, the move list, step "
        "buttons and arrow keys, the open table and each player's view, the counting "
        "panel. With --bummerl every deal of the record's Bummerl, with a deal picker. "
        "Exit 0; 1 when a record shown has an error (the page shows it up to the error); "
        "2 when the file, the record or the output cannot be had.")
    p.add_argument("file", metavar="FILE", help="a PSN file ('-' for stdin)")
    p.add_argument("--record", "-r", type=int, default=1, metavar="N",
                   help="the record's number in the file, from 1 (default 1)")
    p.add_argument("--bummerl", action="store_true",
                   help="every deal of the Bummerl record N belongs to (its Match tag)")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the HTML file to write ('-' for standard output)")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="the language of the page: en, de, fr or ru (default en)")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    return fail("html", message)


def _read(path: str, n: int, whole: bool) -> tuple[list[Record], Record | None, int]:
    """The records read (all with ``whole``, else up to ``n``), record ``n``, the count."""
    from . import iter_file

    records: list[Record] = []
    wanted: Record | None = None
    for r in iter_file(path):
        records.append(r)
        if len(records) == n:
            wanted = r
            if not whole:
                break
    return records, wanted, len(records)


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    from ..io import atomic_write
    from ..replay import match_groups
    from ..share import bummerl_html, deal_html
    from ..terminal import data_stream, safe
    from . import CliError, refuse_input_as_output, refuse_link_loop, standard_output

    n = args.record
    args.output = standard_output(args.output)
    if args.output != "-":
        try:
            refuse_link_loop(args.output)
            refuse_input_as_output(args.output, [args.file])
        except CliError as e:
            return _fail(str(e))
    if n < 1:
        return _fail(f"--record {n}: records are numbered from 1")
    try:
        records, rec, count = _read(args.file, n, args.bummerl)
    except CliError as e:
        return _fail(str(e))
    if rec is None:
        return _fail(f"{args.file}: no record {n} (the file holds {count})")
    if args.bummerl:
        if rec.match is None:
            return _fail(f"{args.file}: deal {n} has no Match tag: it is not part of a Bummerl")
        shown = next(g for g in match_groups(records) if any(r is rec for r in g))
    else:
        shown = [rec]
    broken = next((r for r in shown if r.errors), None)
    if all(not r.can_replay for r in shown):
        assert broken is not None
        print(safe(f"schnapsen-lab html: {args.file}: deal {broken.index}, "
                   f"{broken.errors[0]}; nothing to show"), file=sys.stderr)
        return EXIT_INVALID
    lang = getattr(args, "lang", "en")
    page = bummerl_html(shown, lang=lang) if args.bummerl else deal_html(rec, lang=lang)
    try:
        if args.output == "-":
            data_stream().write(page)
        else:
            with atomic_write(args.output) as f:
                f.write(page)
    except OSError as e:
        return _fail(f"{args.output}: cannot write: {e.strerror or e}")
    if args.output != "-":
        deals = sum(1 for r in shown if r.can_replay)
        size = len(page.encode("utf-8"))
        print(safe(f"{args.output}: {deals} deal{'s' if deals != 1 else ''}, "
                   f"{size / 1024:.0f} KB"))
    if broken is not None:
        print(safe(f"schnapsen-lab html: {args.file}: deal {broken.index}, "
                   f"{broken.errors[0]}"), file=sys.stderr)
        return EXIT_INVALID
    return EXIT_OK
