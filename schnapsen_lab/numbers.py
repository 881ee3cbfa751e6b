"""Numbers in the language spoken: "+2.46" in English, "+2,46" in German and French.

:func:`number` formats a float as a Python format spec would (``+.2f``, ``.0%``,
``.1%``, ``.2f``) with the language's decimal sign and percent sign, by Babel's number
formatting (CLDR): ``number(2.456, "+.2f")`` is ``+2.46`` in English and ``+2,46`` in
German; ``number(0.456, ".0%")`` is ``46%`` in English and ``46 %`` in German, French
and Russian. :func:`format_numbers` fills a translated text whose fields carry such specs
(``"loss {loss:.2f}"``) the same way. Without Babel the Python format is used.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Any

from .i18n import get_language

__all__ = ["format_numbers", "number"]

_SPEC = re.compile(r"(?P<plus>\+)?\.(?P<digits>\d)(?P<kind>[f%])")


@lru_cache(maxsize=64)
def _pattern(lang: str, kind: str, digits: int) -> Any:
    """Babel's number pattern of ``lang`` for a decimal (``f``) or a percent, with
    ``digits`` fraction digits; None without Babel or for an unknown language."""
    try:
        from babel import Locale, UnknownLocaleError
        from babel.numbers import parse_pattern
    except ImportError:  # pragma: no cover - babel comes with the lab extra
        return None
    try:
        loc = Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None
    fmt = loc.percent_formats[None] if kind == "%" else loc.decimal_formats[None]
    pat = parse_pattern(fmt.pattern)
    pat.frac_prec = (digits, digits)
    pat.grouping = (99, 99)  # no thousands separator, as Python's own format
    return (pat, loc)


def number(value: float, spec: str, lang: str | None = None) -> str:
    """``value`` formatted by the Python spec ``spec`` (``+.2f``, ``.2f``, ``.0%``,
    ``.1%``) in the language ``lang`` (default: the language spoken)."""
    m = _SPEC.fullmatch(spec)
    lang = lang or get_language()
    if lang.split("_")[0] == "en":  # English: exactly Python's format
        return format(value, spec)
    found = _pattern(lang, m["kind"], int(m["digits"])) if m else None
    if m is None or found is None:
        return format(value, spec)
    pat, loc = found
    text: str = pat.apply(value, loc)
    if m["plus"] and not text.lstrip().startswith(("-", "\u2212")):
        text = "+" + text
    return text


class _Formatter(string.Formatter):
    """``str.format`` with each float's ``f`` or ``%`` spec in the language spoken."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, float) and _SPEC.fullmatch(format_spec):
            return number(value, format_spec)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def format_numbers(template: str, /, **fields: Any) -> str:
    """``template.format(**fields)``, its floats in the language spoken (``{loss:.2f}``
    is ``0,25`` in German)."""
    return _FORMATTER.format(template, **fields)
