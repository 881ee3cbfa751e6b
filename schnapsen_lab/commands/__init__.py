"""Commands of ``schnapsen-lab`` beyond check and fmt, one module each, and what every
command shares: the one-line error (:class:`CliError`), reading a file's records and
checking an output before writing it, and Ctrl-C. The command line
(:mod:`schnapsen_lab.cli`) imports this package; no command imports the command line.

Each module defines ``register(sub)`` that adds its sub-parser (with ``func`` set),
and imports heavy libraries only inside the function that runs the command.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games.twohand.rules import Position
    from ..psn import Record

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2
EXIT_BAD_INPUT = EXIT_UNREADABLE

class CliError(Exception):
    """A problem to report in one line, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_UNREADABLE) -> None:
        super().__init__(message)
        self.code = code


def check_writable(path: str, option: str = "-o") -> None:
    """Raise CliError unless a file can be written at ``path`` (``option`` names where it
    was given): not a folder, not a loop of symbolic links, in a folder that exists and
    that this user may write into. A symbolic link is checked at its target; one of this
    process's streams (``/dev/stdout``) must be open, a pipe or device writable itself."""
    from ..io import stream_named, written_in_place

    if os.path.isdir(path):
        raise CliError(f"{option} {path}: is a directory")
    refuse_link_loop(path, option)
    descriptor = stream_named(path)
    if descriptor is not None:
        try:
            os.fstat(descriptor)
        except OSError:
            raise CliError(f"{option} {path}: stream {descriptor} is not open") from None
        return
    if written_in_place(path):
        if not os.access(path, os.W_OK):
            raise CliError(f"{option} {path}: cannot write: permission denied")
        return
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        raise CliError(f"{option} {path}: no such folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"{option} {path}: cannot write into {folder}: permission denied")


def refuse_link_loop(path: str, option: str = "-o") -> None:
    """Raise CliError when ``path`` is a symbolic link that leads round in a loop (or to
    itself): it is not followed, and not replaced by a file."""
    from ..io import link_loop

    if link_loop(path):
        raise CliError(f"{option} {path}: a loop of symbolic links (too many levels of "
                       "symbolic links): not followed, nothing written")


def standard_output(out: str | None) -> str | None:
    """``out`` as given, but ``-`` where it names standard output another way
    (``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1``, a link to one): written to
    standard output as it is, as ``-o -`` is."""
    from ..io import stream_named

    if out is None or out == "-":
        return out
    return "-" if stream_named(out) == 1 else out


def refuse_input_as_output(out: str | None, inputs: Sequence[str], option: str = "-o") -> None:
    """Raise CliError when the output ``out`` is the same file as one of ``inputs`` (by
    device and inode, through links): writing it would destroy that input."""
    from ..io import same_file

    if out is None or out == "-":
        return
    for path in inputs:
        if path != "-" and same_file(out, path):
            raise CliError(f"{option} {out}: is the input {path}; writing it would destroy "
                           "the input (name another file)")


def write_error(path: str, e: OSError) -> CliError:
    """The one-line error for a file that could not be written."""
    return CliError(f"{path}: cannot write: {e.strerror or e}")


def check_readable(path: str) -> None:
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
    from .. import psn

    check_readable(path)
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


EXIT_INTERRUPTED = 130


_interrupted = False


def on_ctrl_c(signum: int, frame: object) -> None:
    """Ctrl-C: remember it, then raise KeyboardInterrupt as Python's own handler does."""
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def ignore_swallowed_interrupt(unraisable: object) -> None:
    """``sys.unraisablehook`` for the command line: a KeyboardInterrupt that Python could
    not raise (Ctrl-C landing in a callback during an import) is not printed, since
    :func:`checkpoint` stops the command right after; anything else is reported as usual."""
    if isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)  # type: ignore[arg-type]


def interrupted() -> bool:
    """Whether Ctrl-C came, even where a library's import swallowed its KeyboardInterrupt."""
    return _interrupted


def checkpoint() -> None:
    """Stop here (as Ctrl-C does) when Ctrl-C came earlier and was swallowed: commands
    call it after their heavy imports."""
    if _interrupted:
        raise KeyboardInterrupt


def fail(command: str, message: str) -> int:
    """Report bad input in one line on stderr; return exit code 2."""
    from ..terminal import safe

    print(safe(f"schnapsen-lab {command}: {message}"), file=sys.stderr)
    return EXIT_BAD_INPUT


def find_record(path: str, n: int) -> Record | str:
    """Record ``n`` (from 1) of the file, or why it cannot be had."""
    if n < 1:
        return f"--record {n}: records are numbered from 1"
    count = 0
    try:
        for r in iter_file(path):
            count += 1
            if count == n:
                return r
    except CliError as e:
        return str(e)
    return f"{path}: no record {n} (the file holds {count})"


def position_after(rec: Record, step: int, what: str = "the solver") -> Position | str:
    """The main line's two-player position after ``step`` actions for the analysis engine
    (``what``: the solver, the advisor), or why there is none (also for a deal the
    engine does not know: four players, the ``bauern2`` profile)."""
    from ..scope import analysis_refusal

    refused = analysis_refusal(rec.profile, what)
    if refused is not None:
        return refused
    if rec.deck is None:
        why = f": {rec.errors[0]}" if rec.errors else ""
        return f"the record has no valid deck{why}"
    moves = len(rec.main.moves)
    if step < 0:
        return f"--step {step}: steps are numbered from 0 (as dealt)"
    if step > moves:
        if not rec.main_line_ok and rec.errors:
            return f"step {step} comes after an error: {rec.errors[0]}"
        return f"--step {step} is out of range: the record has {moves} actions"
    done = rec.game.replay(rec.start(), rec.actions[:step], keep=False)
    if done.error is not None:
        return f"step {step} comes after an error: {done.error.rule}: {done.error.message}"
    pos: Position = done.final
    return pos
