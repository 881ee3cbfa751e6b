"""Text for the terminal: control characters of user data made visible, never obeyed.

A tag value, a name or a file name may hold control characters (``ESC ]0;...BEL``
retitles a terminal, ``ESC [2J`` clears it, U+202E turns the rest of a line around, a
backspace hides what came before). The command line runs every command inside
:func:`escaped_output`: whatever any part of the package writes to standard output or
standard error there (reports, error lines, tables, a game's own review) passes through
:func:`safe`, in this one place. JSON lines are escaped by :func:`safe_json` before, so
they stay the same JSON. Only two things are written around it, on purpose: data asked
for with ``-o -`` (PSN, HTML: written as they are, to :func:`data_stream`) and progress
bars (drawn with carriage returns, on :func:`progress_stream`).
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Iterator
from typing import TextIO, cast

__all__ = ["data_stream", "escaped_output", "progress_bars", "progress_stream", "safe",
           "safe_json"]

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 controls but tab and line feed, DEL, C1 controls, and the bidirectional marks and
overrides (which reorder what a terminal shows)."""

_JSON_CONTROL = re.compile("[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What ``json.dumps`` leaves unescaped but a terminal may obey."""


def _escaped(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def safe(text: str) -> str:
    """``text`` with every control character (but tab and line feed) written as an escape
    (``\\x1b``, ``\\u202e``)."""
    return _CONTROL.sub(_escaped, text)


def safe_json(line: str) -> str:
    """A line of JSON (made with ``json.dumps``) with the control characters that JSON
    leaves as they are escaped as ``\\u00XX``: the same JSON value, harmless to show."""
    return _JSON_CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", line)


class EscapingStream(io.TextIOBase):
    """A text stream that writes everything through :func:`safe` into another one (the
    terminal's own stream, which it otherwise stands for: its descriptor, whether it is a
    terminal, its encoding)."""

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, s: str) -> int:
        """Write ``s`` with its control characters escaped; return ``len(s)``."""
        self.raw.write(safe(s))
        return len(s)

    def flush(self) -> None:
        """Flush the stream written into."""
        self.raw.flush()

    def fileno(self) -> int:
        """The descriptor of the stream written into."""
        return self.raw.fileno()

    def isatty(self) -> bool:
        """Whether the stream written into is a terminal."""
        return self.raw.isatty()

    def writable(self) -> bool:
        """Always: this stream is for writing."""
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The encoding of the stream written into."""
        return self.raw.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        """The error handler of the stream written into."""
        return self.raw.errors


def _unwrapped(stream: TextIO) -> TextIO:
    return stream.raw if isinstance(stream, EscapingStream) else stream


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Within the block, what is written to ``sys.stdout`` and ``sys.stderr`` is escaped
    (:func:`safe`); the streams are put back after it."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, EscapingStream(_unwrapped(out)))
    sys.stderr = cast(TextIO, EscapingStream(_unwrapped(err)))
    try:
        yield
    finally:
        for wrapped in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                wrapped.flush()
        sys.stdout, sys.stderr = out, err


def data_stream() -> TextIO:
    """Standard output for data (PSN or HTML asked for with ``-o -``): written as it is."""
    return _unwrapped(sys.stdout)


def progress_stream() -> TextIO:
    """Standard error for a progress bar, which redraws its line with carriage returns
    (its texts are the package's own)."""
    return _unwrapped(sys.stderr)


@contextlib.contextmanager
def progress_bars() -> Iterator[None]:
    """Within the block ``sys.stderr`` is the terminal's own stream, for code that draws
    its own progress bar there (and writes nothing else there in the block)."""
    err = sys.stderr
    sys.stderr = progress_stream()
    try:
        yield
    finally:
        sys.stderr = err
