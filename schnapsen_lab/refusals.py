"""A refused card, said to the student who tried it: the duty it breaks, in the second person.

The referees (:meth:`schnapsen_lab.games.twohand.rules.Position.check`, F2, and the four-player
``Position.check``, BP2 with BF1) write a refused follower's card in the third person
and in English, for records and their error lines ("10♠ does not follow suit"). At the
practice table the student is the follower, so a widget says the duty itself in the
language spoken: "you must follow suit", "you must beat Q♣", "you must trump". Each
duty has its own sentence, and any other reason is said as
:func:`~schnapsen_lab.notation.reason_text` says it.
"""

from __future__ import annotations

import re

from . import i18n
from .cards import Suit
from .i18n import N_
from .notation import CardFormat, card_text, reason_text, suit_name, text_with_cards

__all__ = ["DUTIES", "duty_of", "refusal_text"]

_CARD = r"[AKQJT][CDHS]"
_SUITS = ("clubs", "diamonds", "hearts", "spades")

DUTIES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (duty, re.compile(pattern), text) for duty, pattern, text in (
        ("follow", rf"(?P<card>{_CARD}) does not follow suit",
         N_("you must follow suit")),
        ("follow", rf"(?P<card>{_CARD}) does not follow (?P<suit>clubs|diamonds|hearts|spades)",
         N_("you must follow suit ({suit})")),
        ("beat", rf"(?P<card>{_CARD}) does not beat (?P<lead>{_CARD}) though the follower can",
         N_("you must beat {lead}: you hold a higher card of its suit")),
        ("beat", rf"(?P<card>{_CARD}) does not beat (?P<lead>{_CARD}) though (?P<who>\w+) can "
                 r"\(BF1\)",
         N_("you must beat {lead}: you can, and this profile says you must (BF1)")),
        ("trump", rf"(?P<card>{_CARD}) does not trump though the follower must",
         N_("you must trump: you hold no card of the led suit")),
        ("trump", rf"(?P<card>{_CARD}) is no trump, though the follower is void in the led "
                  r"suit and holds one",
         N_("you must trump: you hold no card of the led suit")),
    ))
"""The follower's duties as ``(duty, the referee's English reason, the student's words)``:
follow suit, beat the card now winning, trump when void in the led suit."""


def duty_of(message: str) -> str | None:
    """Which duty (``follow``, ``beat``, ``trump``) a referee's reason says was broken;
    None for any other reason."""
    for duty, pattern, _text in DUTIES:
        if pattern.fullmatch(message):
            return duty
    return None


def refusal_text(message: str, card: CardFormat | None = None) -> str:
    """The referee's reason for refusing the student's card, said to the student in the
    language spoken: the duty broken in the second person, any other reason as
    :func:`~schnapsen_lab.notation.reason_text` says it."""
    fmt = card or card_text
    for _duty, pattern, text in DUTIES:
        m = pattern.fullmatch(message)
        if m is None:
            continue
        fields = m.groupdict()
        words: dict[str, str] = {}
        if fields.get("lead"):
            words["lead"] = text_with_cards(fields["lead"], fmt)
        if fields.get("suit"):
            words["suit"] = suit_name(Suit(_SUITS.index(fields["suit"])))
        return i18n.gettext(text).format(**words)
    return reason_text(message, fmt)
