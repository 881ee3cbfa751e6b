"""The ``schnapsen-lab`` command line.

Each command imports what it needs when it runs, so that ``schnapsen-lab --help``
and ``check`` start fast; pandas, matplotlib and the widgets are never loaded here.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .psn import Record

from .commands import (
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_UNREADABLE,
    CliError,
    check_readable,
    check_writable,
    checkpoint,
    ignore_swallowed_interrupt,
    interrupted,
    iter_file,
    on_ctrl_c,
    standard_output,
    write_error,
)

__all__ = ["CliError", "check_writable", "interrupted", "iter_file", "main", "write_error"]



# -- check ---------------------------------------------------------------------------------------

def cmd_check(args: argparse.Namespace) -> int:
    """Referee every record; print one JSON line a record or a readable report."""
    from .notation import error_text
    from .terminal import safe, safe_json

    bad = total = 0
    unreadable = False
    out = sys.stdout
    for path in args.files:
        try:
            for rec in iter_file(path):
                total += 1
                if args.json:
                    d = rec.check_dict()
                    d["file"] = path
                    out.write(safe_json(json.dumps(d, ensure_ascii=False)) + "\n")
                if rec.errors:
                    bad += 1
                    if not args.json:
                        e = rec.errors[0]  # cards as printed; --json keeps the tokens
                        out.write(safe(f"{path}: deal {rec.index}, "
                                       f"{error_text(e.line, e.col, e.rule, e.message)}")
                                  + "\n")
        except CliError as e:
            print(safe(f"schnapsen-lab: {e}"), file=sys.stderr)
            unreadable = True
    if not args.json:
        files = len(args.files)
        print(f"{total} records in {files} file{'s' if files != 1 else ''}: "
              f"{total - bad} valid, {bad} with errors")
    if unreadable:
        return EXIT_UNREADABLE
    return EXIT_INVALID if bad else EXIT_OK


# -- fmt -----------------------------------------------------------------------------------------

def cmd_fmt(args: argparse.Namespace) -> int:
    """Rewrite files in canonical or compact form, atomically; records with an error are
    written back as they were read."""
    from . import psn
    from .io import atomic_write
    from .terminal import data_stream

    args.output = standard_output(args.output)
    if args.output and len(args.files) > 1:
        raise CliError("-o takes one input file")
    if args.output and args.output != "-":
        check_writable(args.output)
    for path in args.files:
        check_readable(path)
        target = args.output or path
        if path == "-" and not args.output:
            target = "-"
        if target != "-":
            check_writable(target, "-o" if args.output else "fmt")
    bad = 0
    for path in args.files:
        target = args.output or path
        if path == "-" and not args.output:
            target = "-"
        counted: list[int] = []

        def records(p: str = path, n: list[int] = counted) -> Iterator[Record]:
            for rec in iter_file(p):
                if rec.errors:
                    n.append(1)
                yield rec

        if target == "-":
            psn.dump(records(), data_stream(), compact=args.compact)
        else:
            try:
                with atomic_write(target) as f:
                    psn.dump(records(), f, compact=args.compact)
            except OSError as e:
                raise write_error(target, e) from None
        bad += len(counted)
    return EXIT_INVALID if bad else EXIT_OK


# -- main ----------------------------------------------------------------------------------------

Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    from . import __version__

    p = argparse.ArgumentParser(
        prog="schnapsen-lab",
        description="Study Schnapsen: check, format, replay and analyse PSN game records.",
    )
    p.add_argument("--version", action="version", version=f"schnapsen-lab {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("check", help="referee PSN records and report every error",
                       description="Referee every record of the files against the rules. "
                       "Exit 0 when all are valid, 1 when any has an error, 2 when a file "
                       "cannot be read.")
    c.add_argument("files", nargs="+", metavar="FILE", help="PSN files ('-' for stdin)")
    c.add_argument("--json", action="store_true", help="one JSON object a record (PSN.md)")
    c.set_defaults(func=cmd_check)

    f = sub.add_parser("fmt", help="rewrite PSN files in canonical or compact form",
                       description="Rewrite PSN files in place (or to -o OUT) in canonical "
                       "form, or with --compact one record a line. Writes are atomic.")
    f.add_argument("files", nargs="+", metavar="FILE")
    f.add_argument("--compact", action="store_true", help="one record a line")
    f.add_argument("-o", "--output", metavar="OUT", help="write here instead ('-' for stdout)")
    f.set_defaults(func=cmd_fmt)

    for name in COMMAND_MODULES:
        module = f"{__package__}.commands.{name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module).register(sub)
    _document_limits(p)
    return p


def _count_actions(p: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """The integer options of every command that have a maximum (limits.COUNT_LIMITS)."""
    from .limits import COUNT_LIMITS

    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sp in action.choices.values():
                yield from _count_actions(sp)
        elif action.type is int and action.dest in COUNT_LIMITS and action.option_strings:
            yield action


def _document_limits(p: argparse.ArgumentParser) -> None:
    """Add each count option's maximum to its --help text."""
    from .limits import COUNT_LIMITS

    for action in _count_actions(p):
        if action.help and "at most" not in action.help:
            action.help += f" (at most {COUNT_LIMITS[action.dest]:,})"
    for name, sp in _commands(p):
        for action in sp._actions:
            if "-o" in action.option_strings and action.help and "link" not in action.help:
                action.help += OUTPUT_HELP + ("" if name in IN_PLACE else NOT_AN_INPUT)


OUTPUT_HELP = ("; written atomically (a symbolic link is written through to its target, a "
               "loop of links refused; a named pipe or device such as /dev/null straight "
               "into, without a rename; /dev/stdout is standard output as it is)")
"""What every -o says about how it writes (schnapsen_lab.io.atomic_write)."""

NOT_AN_INPUT = "; never an input file (refused)"
IN_PLACE = ("fmt", "equity")
"""Commands whose documented job includes rewriting their input file in place."""


def _commands(p: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def check_limits(args: argparse.Namespace, argv: Sequence[str]) -> None:
    """Raise CliError for a count option past its maximum (limits.COUNT_LIMITS)."""
    from .limits import count_error

    for dest, value in vars(args).items():
        option = next((a for a in argv if a.startswith("-") and a.lstrip("-").split("=")[0]
                       .replace("-", "_") == dest), f"--{dest}")
        why = count_error(dest, option.split("=")[0], value)
        if why is not None:
            raise CliError(why)


COMMAND_MODULES = ("replay", "simulate", "stats", "solve", "advise", "review", "html",
                   "equity")
"""Modules of ``schnapsen_lab.commands`` that add a command; each has ``register(sub)``
and imports nothing heavy at module level."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (130 after Ctrl-C, with one line).

    Everything the command writes to standard output and standard error is escaped
    (:func:`schnapsen_lab.terminal.escaped_output`), but the data asked for with ``-o -``
    and progress bars."""
    from .terminal import escaped_output

    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, on_ctrl_c)
        sys.unraisablehook = ignore_swallowed_interrupt
    with escaped_output():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        check_limits(args, sys.argv[1:] if argv is None else list(argv))
        func: Command | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return EXIT_UNREADABLE
        code = func(args)
        checkpoint()
        return code
    except CliError as e:
        from .terminal import safe

        print(safe(f"schnapsen-lab: {e}"), file=sys.stderr)
        return e.code
    except KeyboardInterrupt:
        print("schnapsen-lab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_OK
    except OSError as e:  # a file that could not be read or written, named by the OS
        from .terminal import safe

        where = f"{e.filename}: " if e.filename else ""
        print(safe(f"schnapsen-lab: {where}{e.strerror or e}"), file=sys.stderr)
        return EXIT_UNREADABLE


def _quiet_stdout() -> None:
    """After a closed pipe, point stdout at nothing so that exiting prints no error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # python -m schnapsen_lab.cli
    sys.exit(main())
