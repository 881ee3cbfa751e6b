"""Text for the terminal: control characters of user data made visible, never obeyed.

A tag value, a name or a file name may hold control characters (``ESC ]0;...BEL``
retitles a terminal, ``ESC [2J`` clears it). Every line the commands print for a person
(reports, error lines, tables) passes through :func:`safe`, every JSON line through
:func:`safe_json`. PSN and HTML written with ``-o -`` are data and are written as they
are.
"""

from __future__ import annotations

import re

__all__ = ["safe", "safe_json"]

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
