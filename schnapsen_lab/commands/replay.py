"""``schnapsen-lab replay FILE --record N [--json] [--view SEAT]``: step through one deal.

Without ``--json`` a readable replay, one line a step; with it one JSON object a step
exactly as REPLAY.md defines for two players (docs/bauern.md for four). ``--view``
(``A``/``B``, or ``N``/``E``/``S``/``W``) shows only what that seat may know: with
``--json`` the rows carry that seat's hand and knowledge only, plus a ``counting``
object and the won tricks as K1 (BW1) lets the player see them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, TextIO

from . import fail

if TYPE_CHECKING:
    from ..psn import Record
    from ..replay import Replay

__all__ = ["format_replay", "register", "run"]

EXIT_OK, EXIT_INVALID = 0, 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` command."""
    p = sub.add_parser(
        "replay", help="step through one deal of a PSN file",
        description="Replay the main line of one record, one line (or with --json one "
        "JSON object, REPLAY.md) a step. Exit 0; 1 when the record has an error (the "
        "steps up to it are shown); 2 when the file or the record cannot be read.")
    p.add_argument("file", metavar="FILE", help="a PSN file ('-' for stdin)")
    p.add_argument("--record", "-r", type=int, default=1, metavar="N",
                   help="the record's number in the file, from 1 (default 1)")
    p.add_argument("--json", action="store_true", help="one JSON object a step (REPLAY.md)")
    p.add_argument("--view", default=None, metavar="SEAT",
                   help="show only what this seat may know: A or B (four players: N, E, "
                   "S or W)")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    return fail("replay", message)


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    from ..replay import Replay
    from . import CliError, iter_file

    n = args.record
    if n < 1:
        return _fail(f"--record {n}: records are numbered from 1")
    rec: Record | None = None
    try:
        count = 0
        for r in iter_file(args.file):
            count += 1
            if count == n:
                rec = r
                break
    except CliError as e:
        return _fail(str(e))
    if rec is None:
        return _fail(f"{args.file}: no record {n} (the file holds {count})")
    where = f"{args.file}: deal {n}"
    if not rec.can_replay:
        why = f": {rec.errors[0]}" if rec.errors else ""
        return _fail(f"{where} cannot be replayed{why}")
    try:
        rp = Replay(rec)
    except ValueError as e:
        return _fail(f"{where}: {e}")
    viewer: int | None = None
    if args.view:
        try:
            viewer = rec.game.seat_named(args.view)
        except ValueError:
            seats = " ".join(rec.game.seats)
            return _fail(f"--view {args.view}: deal {n} is {rec.game.title}, whose seats "
                         f"are {seats}")
    from ..terminal import safe, safe_json

    out = sys.stdout
    if args.json:
        for i in range(len(rp)):
            row = rp.row(i) if viewer is None else rp.viewer_row(i, viewer)
            out.write(safe_json(json.dumps(row, ensure_ascii=False, sort_keys=True)) + "\n")
    else:
        out.write(safe(format_replay(rp, viewer)))
    if rp.error is not None or rec.errors:
        err = rp.error or rec.errors[0]
        print(safe(f"schnapsen-lab replay: {where}, {err}"), file=sys.stderr)
        return EXIT_INVALID
    return EXIT_OK


def format_replay(rp: Replay, viewer: int | None = None, stream: TextIO | None = None) -> str:
    """A readable replay: a header, one line a step, and the outcome (the game's text,
    :meth:`~schnapsen_lab.replay.Replay.text`)."""
    text = rp.text(viewer)
    if stream is not None:
        stream.write(text)
    return text
