"""Cards and packs: suits, ranks, card points, parsing and display.

A card is a :class:`Card` member (an ``IntEnum``), so it can stand in bit masks and
tables. The 20 cards of the Schnapsen pack are values 0..19 (``suit * 5 + rank``); the
four nines of the 24-card pack (Sechsundsechzig, BAUERN.md BN) are values 20..23
(``20 + suit``), so a 20-card game never meets a value past 19. Within a suit a lower
value is the higher card, the nines included. ``str(card)`` is its canonical PSN
spelling (``"TH"``, ``"9H"``).

A game says which cards it deals by its :class:`Pack` (:data:`PACK20`, :data:`PACK24`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

__all__ = [
    "CARDS",
    "CARD_POINTS",
    "CARD_TOKENS",
    "PACK20",
    "PACK24",
    "Card",
    "Pack",
    "Rank",
    "Suit",
    "card_order",
    "cards_in",
    "mask_of",
    "parse_card",
    "parse_cards",
    "sort_cards",
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
    """The ranks, highest first: ace, ten, king, queen, jack, and the nine of the
    24-card pack (written ``9``)."""

    A = 0
    T = 1
    K = 2
    Q = 3
    J = 4
    N = 5

    @property
    def points(self) -> int:
        """Card points of the rank (S1)."""
        return _RANK_POINTS[self]

    @property
    def title(self) -> str:
        """The rank's English name."""
        return ("ace", "ten", "king", "queen", "jack", "nine")[self]

    def __str__(self) -> str:
        return "ATKQJ9"[self]


_RANK_POINTS = (11, 10, 4, 3, 2, 0)


class Card(IntEnum):
    """One of the 24 cards: the 20 of the Schnapsen pack are ``suit * 5 + rank``; the
    nines (``NC`` ... ``NS``, written ``9C`` ... ``9S``) are ``20 + suit``."""

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
    NC = 20
    ND = 21
    NH = 22
    NS = 23

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return SUITS[SUIT_OF[self]]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return RANKS[RANK_OF[self]]

    @property
    def points(self) -> int:
        """Card points (A 11, T 10, K 4, Q 3, J 2, 9 0)."""
        return CARD_POINTS[self]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``T♥``, ``9♥``."""
        return _TOKENS[self][0] + "♣♦♥♠"[SUIT_OF[self]]

    @property
    def is_red(self) -> bool:
        """Whether the card is printed in red."""
        return SUIT_OF[self] in (1, 2)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from ``TH``, ``10H``, ``T♥`` or lower case; raise ValueError."""
        return parse_card(text)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of a rank and a suit."""
        return CARDS[20 + suit if rank == Rank.N else suit * 5 + rank]

    def __str__(self) -> str:
        return _TOKENS[self]  # a tuple lookup, without the enum property's

    def __repr__(self) -> str:
        return f"Card.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
SUIT_OF: tuple[int, ...] = (*(i // 5 for i in range(20)), 0, 1, 2, 3)
"""The suit of each card value, nines included."""
RANK_OF: tuple[int, ...] = (*(i % 5 for i in range(20)), 5, 5, 5, 5)
"""The rank of each card value, nines included."""

CARDS: tuple[Card, ...] = tuple(Card)
"""All 24 cards by value: look a card of any pack up here. The cards a game deals are its
pack's (:data:`PACK20`, :data:`PACK24`)."""

_TOKENS: tuple[str, ...] = tuple(c.name if c < 20 else "9" + c.name[1] for c in CARDS)
CARD_TOKENS: tuple[str, ...] = _TOKENS
"""The cards' PSN tokens by value (``AC`` ... ``JS``, ``9C`` ... ``9S``), for writing many
at once."""

CARD_POINTS: tuple[int, ...] = tuple(_RANK_POINTS[r] for r in RANK_OF)
"""Card points indexed by card value."""

_ORDER: tuple[int, ...] = tuple(SUIT_OF[i] * 6 + RANK_OF[i] for i in range(24))


def card_order(card: int) -> int:
    """A sort key that puts cards by suit, then rank high to low (the nine after the
    jack): how a hand is shown."""
    return _ORDER[card]


def sort_cards(cards: Iterable[int]) -> list[Card]:
    """The cards by suit, then rank high to low."""
    return [CARDS[c] for c in sorted(cards, key=_ORDER.__getitem__)]


_SUIT_CHARS = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
               "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_CHARS = {"A": 0, "T": 1, "10": 1, "K": 2, "Q": 3, "J": 4, "9": 5}

_PARSE: dict[str, Card] = {}
for _c in Card:
    for _r, _ri in _RANK_CHARS.items():
        if _ri != RANK_OF[_c]:
            continue
        for _s, _si in _SUIT_CHARS.items():
            if _si != SUIT_OF[_c]:
                continue
            _PARSE[_r + _s] = _c
            _PARSE[(_r + _s).lower()] = _c
            _PARSE[_r.lower() + _s] = _c
            _PARSE[_r + _s.lower()] = _c


def parse_card(text: str) -> Card:
    """Read one card (``TH``, ``10H``, ``T♥``, ``th``); raise ValueError if it is none."""
    card = _PARSE.get(text.strip())
    if card is None:
        raise ValueError(f"not a card: {text!r} (write rank A T K Q J 9 or 10, then suit C D H S)")
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
    if len(parts) in (20, 24):
        try:
            return [_PARSE[t] for t in parts]
        except KeyError:
            pass
    out: list[Card] = []
    s = "".join(parts)
    i = 0
    while i < len(s):
        size = 3 if s[i] == "1" and s[i + 1 : i + 2] == "0" else 2
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
    """The cards whose bits are set in a mask, in card order (the nines, values 20..23,
    last)."""
    return [CARDS[i] for i in range(mask.bit_length()) if mask >> i & 1]


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards a game deals: how many, which, and what a Deck tag must hold.

    ``cards`` are the pack's cards by value; ``suit_masks`` each suit's cards as a bit
    mask; ``mask`` all of them. A game (or a profile of it) names its pack; everything
    generic (reader, writer, replay, drawings, statistics) reads the pack from there.
    """

    name: str
    cards: tuple[Card, ...]
    mask: int = field(init=False)
    """A bit mask of every card of the pack."""
    suit_masks: tuple[int, int, int, int] = field(init=False)
    """Each suit's cards of the pack as a bit mask, clubs first."""
    size: int = field(init=False)
    """How many cards the pack holds (20 or 24)."""
    values: frozenset[int] = field(init=False, repr=False)
    """The pack's card values."""

    def __post_init__(self) -> None:
        m = [0, 0, 0, 0]
        for c in self.cards:
            m[SUIT_OF[c]] |= 1 << c
        object.__setattr__(self, "mask", mask_of(self.cards))
        object.__setattr__(self, "suit_masks", (m[0], m[1], m[2], m[3]))
        object.__setattr__(self, "size", len(self.cards))
        object.__setattr__(self, "values", frozenset(int(c) for c in self.cards))

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The pack's ranks, highest first."""
        return tuple(r for r in RANKS if any(RANK_OF[c] == r for c in self.cards))

    @property
    def points(self) -> int:
        """The card points of the whole pack (120 for both packs)."""
        return sum(CARD_POINTS[c] for c in self.cards)

    def holds(self, card: int) -> bool:
        """Whether ``card`` is one of the pack's."""
        return 0 <= card < 24 and bool(self.mask >> card & 1)

    def check_deck(self, deck: Sequence[int]) -> str | None:
        """Why ``deck`` is not this pack once each (e.g. ``23 cards; twice: AH; missing:
        9C``), None when it is."""
        values = self.values
        if len(deck) == self.size and values == set(deck):
            return None
        seen = [int(c) for c in deck]
        dup = sorted({_TOKENS[c] for c in seen if seen.count(c) > 1})
        missing = [_TOKENS[c] for c in self.cards if c not in seen]
        foreign = sorted({_TOKENS[c] for c in seen if c not in values})
        why = f"{len(seen)} cards"
        if dup:
            why += f"; twice: {' '.join(dup)}"
        if missing:
            why += f"; missing: {' '.join(missing)}"
        if foreign:
            why += f"; not in the {self.size}-card pack: {' '.join(foreign)}"
        return why

    def __str__(self) -> str:
        return self.name


PACK20 = Pack("20", CARDS[:20])
"""The Schnapsen pack: A, 10, K, Q, J in four suits."""
PACK24 = Pack("24", CARDS)
"""The 24-card pack: the Schnapsen pack and the four nines (Sechsundsechzig, BAUERN.md BN)."""
