"""Cards of the 20-card Schnapsen deck: suits, ranks, card points, parsing and display.

A card is a :class:`Card` member (an ``IntEnum``, value 0..19), so it can stand in
bit masks and tables. ``str(card)`` is its canonical PSN spelling (``"TH"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

__all__ = [
    "CARDS",
    "CARD_POINTS",
    "CARD_TOKENS",
    "Card",
    "Rank",
    "Suit",
    "cards_in",
    "mask_of",
    "parse_card",
    "parse_cards",
    "spellings",
]


class Suit(IntEnum):
    """The four suits, in the order clubs, diamonds, hearts, spades."""

    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red (diamonds and hearts)."""
        return self in (Suit.D, Suit.H)

    @property
    def title(self) -> str:
        """The suit's English name."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """The five ranks, highest first: ace, ten, king, queen, jack."""

    A = 0
    T = 1
    K = 2
    Q = 3
    J = 4

    @property
    def points(self) -> int:
        """Card points of the rank (S1)."""
        return _RANK_POINTS[self]

    @property
    def title(self) -> str:
        """The rank's English name."""
        return ("ace", "ten", "king", "queen", "jack")[self]

    def __str__(self) -> str:
        return self.name


_RANK_POINTS = (11, 10, 4, 3, 2)


class Card(IntEnum):
    """One of the 20 cards; the value is ``suit * 5 + rank``."""

    AC = 0
    TC = 1
    KC = 2
    QC = 3
    JC = 4
    AD = 5
    TD = 6
    KD = 7
    QD = 8
    JD = 9
    AH = 10
    TH = 11
    KH = 12
    QH = 13
    JH = 14
    AS = 15
    TS = 16
    KS = 17
    QS = 18
    JS = 19

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 5)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self % 5)

    @property
    def points(self) -> int:
        """Card points (A 11, T 10, K 4, Q 3, J 2)."""
        return CARD_POINTS[self]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``T♥``."""
        return self.name[0] + "♣♦♥♠"[self // 5]

    @property
    def is_red(self) -> bool:
        """Whether the card is printed in red."""
        return self // 5 in (1, 2)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from ``TH``, ``10H``, ``T♥`` or lower case; raise ValueError."""
        return parse_card(text)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of a rank and a suit."""
        return CARDS[suit * 5 + rank]

    def __str__(self) -> str:
        return self._name_  # the member's name, without the enum property's lookup

    def __repr__(self) -> str:
        return f"Card.{self.name}"


CARDS: tuple[Card, ...] = tuple(Card)
"""The 20 cards by value."""

CARD_TOKENS: tuple[str, ...] = tuple(c.name for c in CARDS)
"""The 20 cards' PSN tokens by value (``AC`` ... ``JS``), for writing many at once."""
"""All 20 cards, indexed by value."""

CARD_POINTS: tuple[int, ...] = tuple(_RANK_POINTS[i % 5] for i in range(20))
"""Card points indexed by card value."""

_SUIT_CHARS = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
               "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_CHARS = {"A": 0, "T": 1, "10": 1, "K": 2, "Q": 3, "J": 4}

_PARSE: dict[str, Card] = {}
for _c in Card:
    for _r, _ri in _RANK_CHARS.items():
        if _ri != _c % 5:
            continue
        for _s, _si in _SUIT_CHARS.items():
            if _si != _c // 5:
                continue
            _PARSE[_r + _s] = _c
            _PARSE[(_r + _s).lower()] = _c
            _PARSE[_r.lower() + _s] = _c
            _PARSE[_r + _s.lower()] = _c


def parse_card(text: str) -> Card:
    """Read one card (``TH``, ``10H``, ``T♥``, ``th``); raise ValueError if it is none."""
    card = _PARSE.get(text.strip())
    if card is None:
        raise ValueError(f"not a card: {text!r} (write rank A T K Q J or 10, then suit C D H S)")
    return card


def spellings(card: int) -> tuple[str, ...]:
    """Every upper-case spelling :func:`parse_card` reads for ``card`` (``TH``, ``10H``,
    ``T♥``, ...), the canonical one first; notations build their token tables from it."""
    out = [str(CARDS[card])]
    out.extend(t for t, c in _PARSE.items() if c == card and t == t.upper() and t != out[0])
    return tuple(out)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or run together (``"AH TC"``, ``"AHTC"``, ``"10HAS"``)."""
    parts = text.split()
    if len(parts) == 20:
        try:
            return [_PARSE[t] for t in parts]
        except KeyError:
            pass
    out: list[Card] = []
    s = "".join(parts)
    i = 0
    while i < len(s):
        size = 3 if s[i] == "1" else 2
        out.append(parse_card(s[i : i + size]))
        i += size
    return out


def mask_of(cards: Iterable[int]) -> int:
    """A bit mask with a bit set for each card."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[Card]:
    """The cards whose bits are set in a mask, in card order."""
    return [CARDS[i] for i in range(20) if mask >> i & 1]
