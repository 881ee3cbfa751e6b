"""The Dreierschnapsen referee: three seats, trump, the round of calls, the talon laid away,
play and scoring (DREIER.md).

A :class:`Position` is one moment of a three-player deal, from the deal (3D) through
fixing trump (3R), the one round of calls (3A, 3K), the talon the declarer takes and the
two cards he lays away (3T) and the six tricks (3P, 3M, 3E) to the outcome (3G).
Positions are immutable by convention: :meth:`Position.play` returns the next one and
:meth:`Position.apply_unchecked` changes one in place; :meth:`Position.legal_actions` lists
every action that may come next, and an illegal action raises :class:`IllegalAction`
naming the DREIER.md rule and what was legal.

The calls, spritze, the contracts, the play, claims and game points are the auction
family's (:mod:`schnapsen_lab.games.auction.rules`), played as Bauernschnapsen plays
them; this module adds the three seats, the deal with its talon, the lay-away, Bettler,
Kontrabauernschnapser and the rule ids of DREIER.md. The engine reads a
:class:`Profile`'s fields (3F1), never its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar

from ... import tricks
from ...cards import CARDS, PACK20, Card, Pack, cards_in, parse_card
from ...tricks import NO_TRUMP
from ..auction.rules import (
    CALL_ACTIONS,
    CLAIM,
    PLAYS,
    TRUMP_UP,
    Action,
    AuctionOutcome,
    AuctionPosition,
    Call,
    End,
    Kind,
    Phase,
    marriage,
    play,
    token_reader,
    token_table,
    trump_call,
)

__all__ = [
    "CALLS",
    "CLAIM",
    "DREIER",
    "DREIER_HEAD",
    "LAYAWAYS",
    "PLAYS",
    "PROFILES",
    "SEATS",
    "TOKENS",
    "TRUMP_UP",
    "Action",
    "Call",
    "End",
    "IllegalAction",
    "Kind",
    "Outcome",
    "Phase",
    "Position",
    "Profile",
    "Seat",
    "lay_away",
    "marriage",
    "parse_action",
    "play",
    "profile_named",
    "trump_call",
]


class Seat(IntEnum):
    """The three seats, clockwise: A, B, C (3S1)."""

    A = 0
    B = 1
    C = 2

    @property
    def next(self) -> Seat:
        """The seat after this one, clockwise."""
        return SEATS[(self + 1) % 3]

    def __str__(self) -> str:
        return self.name


SEATS = (Seat.A, Seat.B, Seat.C)


# -- profiles ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Profile:
    """House rules as data (3F1); the engine reads the fields, never the name.

    ``match_target``: the counter that decides the match (3X1); ``must_head``: a follower
    bound to the led suit or to trumping must beat the card now winning the trick when he
    can (overtrumping included).
    """

    name: str
    match_target: int = 24
    must_head: bool = False
    pack: Pack = field(default=PACK20, init=False, repr=False, compare=False)
    """The 20 cards of Schnapsen (3D1)."""
    cards: int = field(default=PACK20.mask, init=False, repr=False, compare=False)
    """The pack's cards as a bit mask."""
    tricks: int = field(default=6, init=False, repr=False, compare=False)
    """Tricks in a deal: six, one per card of a hand (3D2)."""
    talon: int = field(default=2, init=False, repr=False, compare=False)
    """Cards in the talon, and cards the declarer lays away (3D2, 3T1)."""

    def __str__(self) -> str:
        return self.name


DREIER = Profile("dreier")
DREIER_HEAD = Profile("dreier-head", must_head=True)
PROFILES: dict[str, Profile] = {p.name: p for p in (DREIER, DREIER_HEAD)}
"""The built-in profiles of 3F2, by name."""


def profile_named(name: str, extra: Iterable[Profile] = ()) -> Profile:
    """The profile of that name among ``extra`` and the built-in ones; raise KeyError."""
    return tricks.named_profile(name, PROFILES, extra)


# -- calls and actions ---------------------------------------------------------------------------

_CONTRACTS = (Call.BETTLER, Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER,
              Call.KONTRASCHNAPSER, Call.KONTRABAUERNSCHNAPSER)
CALLS: dict[Call, Action] = {c: CALL_ACTIONS[c] for c in (Call.WEITER, Call.SPRITZE,
                                                          *_CONTRACTS)}
"""The action of each of Dreierschnapsen's calls (3A1, 3A2), in the order they are offered."""
LAYAWAYS: tuple[Action, ...] = tuple(Action(Kind.LAYAWAY, c) for c in CARDS)
"""Laying each card away (``L:AH``, 3T1), by card value."""


def lay_away(card: Card | str) -> Action:
    """Laying ``card`` away from the declarer's hand (``L:AH``, 3T1)."""
    return LAYAWAYS[parse_card(card) if isinstance(card, str) else card]


TOKENS, _TOKENS = token_table(PACK20.cards, CALLS, {"L:": LAYAWAYS})
"""Common spellings of every token, exactly as written (canonical, upper and lower case)."""
parse_action = token_reader(TOKENS, _TOKENS, "Dreierschnapsen")
parse_action.__doc__ = """Read a three-player PSN token, any case: ``T:H``, ``T:up``, a
call, ``L:AH``, a card (``10H``, ``T♥``), ``KH+20``, ``66``; raise ValueError if it is
none."""


class Outcome(AuctionOutcome):
    """The result of a deal: the winning side (a seat mask), the game points each of its
    players scores, how the deal ended and the rule that decided it; ``claimant`` is the
    claiming side's mask."""

    __slots__ = ()
    LETTERS: ClassVar[str] = "ABC"
    SEATS: ClassVar[tuple[IntEnum, ...]] = SEATS


class IllegalAction(tricks.IllegalAction):
    """An action the rules forbid; carries the DREIER.md rule id and what was legal."""


_TRUMP, _AUCTION, _PLAY, _OVER, _TALON = 0, 2, 3, 4, 5
_RULES = {"hand": "3P5", "follow": "3P2", "head": "3F1", "trump_once": "3R1",
          "trump_held": "3R2", "speak": "3A1", "may_call": "3A2", "spritze": "3A4",
          "marry": "3M1", "no_marriage": "3K6", "claim": "3E2", "claimed": "3E3",
          "over": "3E5", "claim_won": "3G1", "claim_false": "3G2", "last": "3G3",
          "points_contract": "3K2", "all_contract": "3K3", "bettler": "3K4"}


class Position(AuctionPosition):
    """One moment of a three-player deal as the referee sees it (all cards known).

    Build the first one with :meth:`Position.deal`; get the next with :meth:`play`.
    Hands are bit masks (see :meth:`hand`), seats ints 0-2 (A, B, C); side 0 is the
    declarer (forehand until a contract is called), side 1 the two defenders. ``talon``
    holds the two talon cards (3D2), ``laid`` the cards laid away so far (3T1).
    """

    illegal_action = IllegalAction
    parse_token = staticmethod(parse_action)
    SEATS = SEATS
    LETTERS = "ABC"
    NEXT = (1, 2, 0)
    LAST = 2
    CONTRACTS = _CONTRACTS
    FOREHAND_ONLY = frozenset({Call.SCHNAPSER, Call.BAUERNSCHNAPSER})
    NOT_FOREHAND = frozenset({Call.KONTRASCHNAPSER, Call.KONTRABAUERNSCHNAPSER})
    OUTCOME = Outcome
    RULES = _RULES
    OTHER_SIDE = "the two others"
    __slots__ = ("laid", "talon")

    profile: Profile
    outcome: Outcome | None
    talon: tuple[int, int]
    laid: tuple[int, ...]

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def deal(cls, deck: Sequence[int | Card | str], dealer: Seat | int = Seat.C,
             profile: Profile = DREIER) -> Position:
        """The position as dealt (3D1, 3D2) from a deck order of the 20 cards: three to
        each from forehand on, two to the talon, three to each again."""
        cards = tuple(parse_card(c) if isinstance(c, str) else int(c) for c in deck)
        why = profile.pack.check_deck(cards)
        if why is not None:
            raise IllegalAction("3D1", f"a deck is the 20 cards, each once ({why})")
        if not 0 <= int(dealer) <= 2:
            raise IllegalAction("3S2", f"the dealer is a seat A, B or C, not {dealer!r}")
        return cls.dealt(cards, int(dealer), profile)

    @classmethod
    def dealt(cls, cards: tuple[int, ...], dealer: int, profile: Profile) -> Position:
        """The position as dealt from a deck already known to hold the 20 cards once each."""
        f = (dealer + 1) % 3
        p = cls.__new__(cls)
        p._start(cards, dealer, profile, f)
        c = cards
        packets = [(1 << c[0]) | (1 << c[1]) | (1 << c[2]) | (1 << c[11]) | (1 << c[12])
                   | (1 << c[13]),
                   (1 << c[3]) | (1 << c[4]) | (1 << c[5]) | (1 << c[14]) | (1 << c[15])
                   | (1 << c[16]),
                   (1 << c[6]) | (1 << c[7]) | (1 << c[8]) | (1 << c[17]) | (1 << c[18])
                   | (1 << c[19])]
        p.hands = [packets[(s - f) % 3] for s in range(3)]
        p.talon = (c[9], c[10])
        p.laid = ()
        p._set_sides(1 << f)  # forehand holds the game until a contract is called
        return p

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        self._copy_into(p)
        p.talon = self.talon
        p.laid = self.laid
        return p

    # -- what the table shows -----------------------------------------------------------------
    @property
    def middlehand(self) -> int:
        """The seat after forehand (3S3)."""
        return (self.forehand + 1) % 3

    @property
    def talon_cards(self) -> list[Card]:
        """The two talon cards (3D2), known to the declarer alone once he takes them."""
        return [CARDS[c] for c in self.talon]

    @property
    def laid_away(self) -> list[Card]:
        """The cards laid away so far (3T1), in the order laid."""
        return [CARDS[c] for c in self.laid]

    @property
    def laid_points(self) -> int:
        """Card points laid away: out of play, they count for nobody (3T2)."""
        return sum(CARDS[c].points for c in self.laid)

    @property
    def defenders(self) -> tuple[int, int]:
        """The two seats playing against the game's holder (3K1)."""
        h = self.holder
        return ((h + 1) % 3, (h + 2) % 3)

    # -- legal actions ------------------------------------------------------------------------
    def _own_actions(self, out: list[Action]) -> list[Action]:
        """Laying a card away: any card of the declarer's hand with the talon (3T1)."""
        out.extend(LAYAWAYS[c] for c in cards_in(self.hands[self.declarer]))
        return out

    def _own_problem(self, action: Action) -> tuple[str, str] | None:
        """A card laid away (3T1): by the declarer, from his hand with the talon, two of
        them, right after the round of calls."""
        ph = self.phase
        if action.kind is not Kind.LAYAWAY:
            return "PSN", f"{action} is no Dreierschnapsen action"
        if ph == _TRUMP:
            return "3R1", f"forehand fixes trump first; {action} cannot come yet"
        if ph == _AUCTION:
            return "3A1", (f"{SEATS[self.turn]} has not spoken yet: the round of calls "
                           "comes before the talon")
        if ph == _OVER:
            if self.claimed:
                return "3E3", f"the deal ended with a claim; {action} cannot follow"
            return "3E5", f"the deal is over; {action} cannot follow"
        if ph == _PLAY:
            return "3T1", "the declarer lays away two cards, before the first lead"
        c = action.card
        assert c is not None
        if not self.hands[self.declarer] >> c & 1:
            return "3T1", (f"{c} is not in {SEATS[self.declarer]}'s hand with the talon: "
                           "he lays away two of his eight cards")
        return None

    def _check_other(self, action: Action) -> tuple[str, str] | None:
        """As the family checks, except that after the deal is over every action is 3E3
        (after a claim) or 3E5, a call or a trump too (DREIER.md "Records")."""
        if self.phase == _OVER and action.kind in (Kind.CALL, Kind.TRUMP):
            if self.claimed:
                return "3E3", f"the deal ended with a claim; {action} cannot follow"
            return "3E5", f"the deal is over; {action} cannot follow"
        return super()._check_other(action)

    def _step_problem(self, action: Action) -> tuple[str, str] | None:
        """Nothing but the lay-away comes right after the round of calls."""
        if action.kind is Kind.CALL:
            return "3A1", "each player speaks once, in the round before the talon"
        if action.kind is Kind.CLAIM:
            return "3E2", "a claim is made right after a trick or a marriage announcement"
        return "3T1", (f"{SEATS[self.declarer]} lays away two cards first (L:); {action} "
                       "cannot come yet")

    # -- playing ------------------------------------------------------------------------------
    def _turned_up(self) -> int:
        return self.deck[11]  # card 12, forehand's fourth (3R2)

    def _contract_called(self, me: int) -> None:
        self._set_sides(1 << me)

    def _after_calls(self) -> None:
        """The declarer (forehand in the normal game, 3A3) takes the talon (3T1)."""
        d = self.holder
        self.declarer = d
        c = self.contract
        if c is not None and c.no_trump:  # Gang and Bettler: no trump from now on (3K5)
            self.trump = NO_TRUMP
        self.hands[d] |= (1 << self.talon[0]) | (1 << self.talon[1])
        self.phase = _TALON
        self.turn = d

    def _own_step(self, a: Action) -> None:
        c = a.card
        assert c is not None
        self.hands[self.declarer] ^= 1 << c
        if c == self.turned:
            self.turned = -1
        self.laid = (*self.laid, c)
        if len(self.laid) == self.profile.talon:
            self._start_play()

    def replay(self, actions: Iterable[Action | str]) -> list[Position]:
        """The positions after each of ``actions`` from this one (this one first);
        raise :class:`IllegalAction` at the first illegal one."""
        return super().replay(actions)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in self.hand(s)) for s in SEATS)
        return (f"<dreier.Position phase={Phase(self.phase).name} trump={self.trump_suit} "
                f"contract={self.contract} trick={[str(c) for c in self.trick]} "
                f"hands={hands} scores={self.scores}>")
