"""What a person reads writes cards as printed (``10♥``, ``K♥ +40``), never PSN's tokens
(``TH``, ``KH+40``) nor a mixed form (``T♥``): the finder the tests share."""

from __future__ import annotations

import html
import re

__all__ = ["psn_cards_in", "psn_cards_in_html"]

_TOKEN = re.compile(r"(?<![\w])[AKQJT9][CDHS](?![\w])")
"""A PSN card token, alone or in a marriage lead (``KH+40``)."""
_MIXED = re.compile(r"(?<![\w])T[♣♦♥♠]")
"""A card with PSN's rank letter and a suit symbol (``T♥``): no card is printed so."""
_PSN_LINE = re.compile(r'^(\[\w+ ".*"\]|\d+\.\s*\S.*)$')
"""A line of a PSN file shown as such: a tag pair or a line of movetext."""
_MOVETEXT = re.compile(r'<div class="sl-movetext".*?</div>', re.S)
"""A record's movetext as its HTML view shows it: PSN itself, in a monospace block."""


def psn_cards_in(text: str) -> list[str]:
    """The lines of ``text`` that write a card as PSN does or as ``T♥`` (PSN's own lines,
    a tag pair or movetext printed as a file holds it, are left out)."""
    return [line for line in text.splitlines()
            if not _PSN_LINE.match(line) and (_TOKEN.search(line) or _MIXED.search(line))]


def psn_cards_in_html(markup: str) -> list[str]:
    """As :func:`psn_cards_in` for the text an HTML view shows (tags and attributes such
    as ``data-card="TH"`` are not shown; a record's PSN movetext is PSN)."""
    shown = re.sub(r"<[^>]*>", " ", _MOVETEXT.sub(" ", markup))
    return psn_cards_in(html.unescape(shown))
