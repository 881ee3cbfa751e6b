"""What Schnapsen and Bauernschnapsen share about tricks, marriages and claims.

Cards stand in bit masks (bit ``c`` for :class:`~schnapsen_lab.cards.Card` value
``c``; a suit is five adjacent bits, its ace lowest, and the nine of the 24-card pack at
bit ``20 + suit``, so that within a suit a lower bit is always the higher card). Both
referees and the players read these helpers: who wins a trick (RULES.md T1, BAUERN.md
BP3), which cards a follower may play when bound to follow suit and trump (F2, BP2, with
or without the duty to beat), the pairs of a marriage (M1, BM1) and the game points of a
won deal (G1/G2, BG1/BG2).

A trump of :data:`NO_TRUMP` (4) means a deal without trumps (Gang, BK4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Self, TypeVar

from .cards import CARD_POINTS, SUIT_OF

A = TypeVar("A")
P = TypeVar("P")

__all__ = [
    "ALL_CARDS",
    "KINGS_QUEENS",
    "NO_TRUMP",
    "SUIT_MASKS",
    "IllegalAction",
    "PlayTable",
    "Refereeing",
    "ShownByValue",
    "beats",
    "card_list",
    "false_claim_points",
    "follow_mask",
    "higher_in_suit",
    "marriage_partner",
    "marriage_suits",
    "named_profile",
    "points_of",
    "trick_winner",
    "won_deal_points",
]

NO_TRUMP = 4
"""The trump of a deal played without trumps."""

SUIT_MASKS: tuple[int, ...] = (*((0x1F << 5 * s) | (1 << 20 + s) for s in range(4)), 0)
"""The mask of each suit's cards (its nine included), by suit value; index
:data:`NO_TRUMP` is empty."""

ALL_CARDS = (1 << 20) - 1
"""The mask of the 20 cards."""

KINGS_QUEENS = 0b01100_01100_01100_01100
"""The mask of every king and queen."""

_SUIT_POINTS: tuple[int, ...] = tuple(
    sum(CARD_POINTS[r] for r in range(5) if m >> r & 1) for m in range(32))


def card_list(mask: int) -> list[int]:
    """The cards of a mask, in card order (within a suit the highest rank first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def points_of(mask: int) -> int:
    """The card points of the cards in ``mask``."""
    t = _SUIT_POINTS
    return t[mask & 31] + t[mask >> 5 & 31] + t[mask >> 10 & 31] + t[mask >> 15 & 31]


def higher_in_suit(card: int) -> int:
    """The mask of the cards of ``card``'s suit that outrank it."""
    return SUIT_MASKS[SUIT_OF[card]] & ((1 << card) - 1)


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes a trick that ``best`` is winning (T1, BP3): a higher card
    of the same suit, or a trump on a card that is not one."""
    s = SUIT_OF[card]
    if s == SUIT_OF[best]:
        return card < best
    return s == trump


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index (in play order) of the card that wins a trick: the highest trump, else
    the highest card of the led suit."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def follow_mask(hand: int, lead: int, best: int, trump: int, must_head: bool) -> int:
    """The cards of ``hand`` a follower may play when bound to follow suit and trump.

    ``lead`` is the trick's first card and ``best`` the card now winning it. A follower
    with the led suit plays it; void in it, a trump; void in both, anything (F2, BP2).
    With ``must_head`` he must also beat ``best`` when a card he is bound to play can
    (overtrumping included); a discard stays free.
    """
    same = hand & SUIT_MASKS[SUIT_OF[lead]]
    if same:
        if must_head and SUIT_OF[best] == SUIT_OF[lead]:
            return same & ((1 << best) - 1) or same
        return same
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if must_head and SUIT_OF[best] == trump:
        return trumps & ((1 << best) - 1) or trumps
    return trumps


def marriage_partner(card: int) -> int:
    """The other half of a marriage: the queen of a king, the king of a queen."""
    return card + 1 if card % 5 == 2 else card - 1


def marriage_suits(hand: int) -> int:
    """A 4-bit mask of the suits in which ``hand`` holds both king and queen."""
    kq = hand & KINGS_QUEENS
    both = kq & (kq >> 1)  # bit of the king set where the queen is held too
    out = 0
    for s in range(4):
        if both >> (s * 5 + 2) & 1:
            out |= 1 << s
    return out


def won_deal_points(loser_score: int, loser_tricks: int, schneider_below: int) -> int:
    """Game points of a correct claim (G1, BG1; also a closer's success, C2): 3 when the
    loser has no trick, 2 when his score is below ``schneider_below``, else 1."""
    if not loser_tricks:
        return 3
    return 2 if loser_score < schneider_below else 1


def false_claim_points(other_tricks: int) -> int:
    """Game points the other side wins after a false claim (G2, BG2): 3 when it has no
    trick, else 2."""
    return 2 if other_tricks else 3


# -- what both referees write the same way -----------------------------------------------------

class IllegalAction(ValueError):
    """An action the rules forbid; carries the rule id, the reason and what was legal
    (each game's referee raises its own subclass)."""

    def __init__(self, rule: str, message: str, legal: Sequence[Any] = ()) -> None:
        self.rule = rule
        self.message = message
        self.legal = tuple(legal)
        super().__init__(f"{rule}: {message}")


class ShownByValue:
    """An enum written as its value: ``str(End.CLAIM) == "claim"`` (mixed in before
    ``Enum``)."""

    value: Any

    def __str__(self) -> str:
        return str(self.value)


def named_profile(name: str, builtin: Mapping[str, P], extra: Iterable[P] = ()) -> P:
    """The profile called ``name`` (any case, spaces around ignored) among ``extra``
    (house profiles, each with a ``name``) and the built-in ones; raise KeyError."""
    key = name.strip().lower()
    for p in extra:
        if str(getattr(p, "name", "")).lower() == key:
            return p
    return builtin[key]


class PlayTable(Generic[A]):
    """A game's play actions by suit and card mask, so that a referee lists the plays of
    a hand in card order without a loop over its cards."""

    __slots__ = ("_by_suit", "_nines")

    def __init__(self, plays: Sequence[A]) -> None:
        self._by_suit: tuple[tuple[tuple[A, ...], ...], ...] = tuple(
            tuple(tuple(plays[s * 5 + r] for r in range(5) if m >> r & 1) for m in range(32))
            for s in range(4))
        self._nines: tuple[tuple[A, ...], ...] = tuple(
            tuple(plays[20 + s] for s in range(4) if m >> s & 1) for m in range(16)
        ) if len(plays) >= 24 else ((),) * 16

    def extend(self, mask: int, out: list[A]) -> None:
        """Append the play actions of the cards in ``mask``, in card order (the nines of
        the 24-card pack last)."""
        t = self._by_suit
        out.extend(t[0][mask & 31])
        out.extend(t[1][mask >> 5 & 31])
        out.extend(t[2][mask >> 10 & 31])
        out.extend(t[3][mask >> 15 & 31])
        if mask >> 20:
            out.extend(self._nines[mask >> 20 & 15])


class Refereeing:
    """:meth:`illegal` and :meth:`play` as every game's position has them, from its own
    ``check``, ``legal_actions``, ``copy`` and ``apply_unchecked`` (mixed into a game's
    ``Position``; :attr:`illegal_action` is the game's error and :attr:`parse_token` its
    PSN reader)."""

    __slots__ = ()

    illegal_action: type[IllegalAction] = IllegalAction
    parse_token: Callable[[str], Any]

    def check(self, action: Any) -> tuple[str, str] | None:
        """Why ``action`` is illegal here (rule id, message); None when legal."""
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        """Every action that may come next."""
        raise NotImplementedError

    def copy(self) -> Self:
        """An independent copy."""
        raise NotImplementedError

    def apply_unchecked(self, action: Any) -> None:
        """Change the position in place by a legal action."""
        raise NotImplementedError

    def illegal(self, action: Any) -> IllegalAction | None:
        """The error that playing ``action`` here is, with the legal list; None when legal."""
        err = self.check(action)
        if err is None:
            return None
        return self.illegal_action(err[0], err[1], self.legal_actions())

    def play(self, action: Any) -> Self:
        """The position after ``action`` (an action or its PSN token); raise the game's
        :class:`IllegalAction` if the rules forbid it."""
        a = type(self).parse_token(action) if isinstance(action, str) else action
        err = self.check(a)
        if err is not None:
            raise self.illegal_action(err[0], err[1], self.legal_actions())
        p = self.copy()
        p.apply_unchecked(a)
        return p
