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

__all__ = ["main"]

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


class CliError(Exception):
    """A problem to report in one line, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_UNREADABLE) -> None:
        super().__init__(message)
        self.code = code


def check_writable(path: str, option: str = "-o") -> None:
    """Raise CliError unless a file can be written at ``path`` (``option`` names where it
    was given): not a folder, in a folder that exists and that this user may write into.
    A symbolic link is checked at its target; a pipe or device must be writable itself."""
    from .io import written_in_place

    if os.path.isdir(path):
        raise CliError(f"{option} {path}: is a directory")
    if written_in_place(path):
        if not os.access(path, os.W_OK):
            raise CliError(f"{option} {path}: cannot write: permission denied")
        return
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        raise CliError(f"{option} {path}: no such folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"{option} {path}: cannot write into {folder}: permission denied")


def refuse_input_as_output(out: str | None, inputs: Sequence[str], option: str = "-o") -> None:
    """Raise CliError when the output ``out`` is the same file as one of ``inputs`` (by
    device and inode, through links): writing it would destroy that input."""
    from .io import same_file

    if out is None or out == "-":
        return
    for path in inputs:
        if path != "-" and same_file(out, path):
            raise CliError(f"{option} {out}: is the input {path}; writing it would destroy "
                           "the input (name another file)")


def write_error(path: str, e: OSError) -> CliError:
    """The one-line error for a file that could not be written."""
    return CliError(f"{path}: cannot write: {e.strerror or e}")


def _check_readable(path: str) -> None:
    """Raise CliError unless ``path`` is a readable UTF-8 text file."""
    if path == "-":
        return
    if not os.path.exists(path):
        raise CliError(f"{path}: no such file")
    if os.path.isdir(path):
        raise CliError(f"{path}: is a directory, not a PSN file")
    try:
        with open(path, "rb") as f:
            head = f.read(8192)
    except OSError as e:
        raise CliError(f"{path}: cannot read: {e.strerror}") from None
    if b"\0" in head:  # the reader's rule (psn.InputError), before anything is written
        at = head.index(b"\0") + 1
        raise CliError(f"{path}: a NUL byte at byte {at}: binary data, not PSN text")
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as e:
        if e.start < len(head) - 4:
            raise CliError(f"{path}: not UTF-8 text (byte {e.start + 1})") from None


def iter_file(path: str) -> Iterator[Record]:
    """The records of a file (``-`` for standard input, read as UTF-8 bytes like a file),
    with unreadable input reported as a CliError."""
    from . import psn

    _check_readable(path)
    try:
        if path == "-":
            yield from psn.read(sys.stdin.buffer)
        else:
            yield from psn.read(path)
    except UnicodeDecodeError as e:
        raise CliError(f"{path}: not UTF-8 text (byte {e.start + 1})") from None
    except psn.InputError as e:
        raise CliError(f"{path}: {e}") from None
    except OSError as e:
        raise CliError(f"{path}: cannot read: {e.strerror}") from None


# -- check ---------------------------------------------------------------------------------------

def cmd_check(args: argparse.Namespace) -> int:
    """Referee every record; print one JSON line a record or a readable report."""
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
                        out.write(safe(f"{path}: deal {rec.index}, {rec.errors[0]}") + "\n")
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

    if args.output and len(args.files) > 1:
        raise CliError("-o takes one input file")
    if args.output and args.output != "-":
        check_writable(args.output)
    for path in args.files:
        _check_readable(path)
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
            psn.dump(records(), sys.stdout, compact=args.compact)
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


OUTPUT_HELP = ("; written atomically (a symbolic link is written through to its target, "
               "a named pipe or device such as /dev/null straight into, without a rename)")
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


EXIT_INTERRUPTED = 130


_interrupted = False


def _on_ctrl_c(signum: int, frame: object) -> None:
    """Ctrl-C: remember it, then raise KeyboardInterrupt as Python's own handler does."""
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def interrupted() -> bool:
    """Whether Ctrl-C came, even where a library's import swallowed its KeyboardInterrupt."""
    return _interrupted


def checkpoint() -> None:
    """Stop here (as Ctrl-C does) when Ctrl-C came earlier and was swallowed: commands
    call it after their heavy imports."""
    if _interrupted:
        raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (130 after Ctrl-C, with one line)."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_ctrl_c)
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


if __name__ == "__main__":  # python -m schnapsen_lab.cli: run the one imported module's main,
    from schnapsen_lab.cli import main as _main  # whose CliError the commands raise

    sys.exit(_main())
