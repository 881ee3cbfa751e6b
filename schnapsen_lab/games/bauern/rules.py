"""The Bauernschnapsen referee: four seats, trump, the auction, play and scoring (BAUERN.md).

A :class:`Position` is one moment of a four-player deal, from the deal (BD) through
fixing trump (BR), the called partner (BC), the one round of calls (BA, BK) and the five
tricks (BP, BM, BE; six with the 24-card pack, BN) to the outcome (BG). As in the two-player
referee (:mod:`schnapsen_lab.games.twohand.rules`) positions are immutable by convention:
:meth:`Position.play`
returns the next one and :meth:`Position.apply_unchecked` changes one in place for hot
loops; :meth:`Position.legal_actions` lists every action that may come next, and an
illegal action raises :class:`IllegalAction` naming the BAUERN.md rule and what was legal.

What Bauernschnapsen plays as Dreierschnapsen does (the calls, spritze, the contracts,
the play, claims and game points) is the auction family's
(:mod:`schnapsen_lab.games.auction.rules`); this module adds the four seats, the deal
with its knock, the called partner and the rule ids of BAUERN.md.

The engine reads a :class:`Profile`'s fields (BF1), never its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import ClassVar

from ... import tricks
from ...cards import (
    CARDS,
    PACK20,
    PACK24,
    Card,
    Pack,
    parse_card,
)
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
from ..auction.rules import (
    TRUMP_NAMED as TRUMP_NAMED,
)

__all__ = [
    "BAUERN",
    "BAUERN24",
    "BAUERN24_CALLED",
    "BAUERN_CALLED",
    "BAUERN_HEAD",
    "CALLS",
    "CLAIM",
    "PLAYS",
    "PROFILES",
    "TOKENS",
    "TRUMP_UP",
    "Action",
    "Call",
    "End",
    "IllegalAction",
    "Kind",
    "Outcome",
    "Partners",
    "Phase",
    "Position",
    "Profile",
    "Seat",
    "marriage",
    "parse_action",
    "partner_call",
    "play",
    "profile_named",
    "seat_letters",
    "trump_call",
]


class Seat(IntEnum):
    """The four seats, clockwise: N, E, S, W (BS1)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The seat after this one, clockwise."""
        return SEATS[(self + 1) & 3]

    @property
    def opposite(self) -> Seat:
        """The seat across the table: the fixed partner (BS1)."""
        return SEATS[(self + 2) & 3]

    def __str__(self) -> str:
        return self.name


SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def seat_letters(mask: int) -> str:
    """The seats of a 4-bit seat mask in N, E, S, W order: ``"NS"``, ``"ESW"``."""
    return "".join("NESW"[s] for s in range(4) if mask >> s & 1)


# -- profiles ------------------------------------------------------------------------------------

class Partners(Enum):
    """How the sides are formed: fixed teams NS and EW, or a partner called each deal (BC)."""

    FIXED = "fixed"
    CALLED = "called"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Profile:
    """House rules as data (BF1); the engine reads the fields, never the name.

    ``match_target``: the score that wins the match (BX1, BC5); ``must_head``: a follower
    bound to the led suit or to trumping must beat the winning card when he can;
    ``partners``: fixed teams or a called partner (BC); ``knock_allowed``: whether the
    cutter may knock (BD3); ``pack``: the cards dealt, the 20 of Schnapsen or the 24 with
    the nines (BF1's ``deck``, BN1), which fixes the hand size and the number of tricks.
    """

    name: str
    match_target: int = 21
    must_head: bool = False
    partners: Partners = Partners.FIXED
    knock_allowed: bool = True
    pack: Pack = PACK20
    cards: int = field(init=False, repr=False, compare=False)
    """The pack's cards as a bit mask (read from ``pack``)."""
    tricks: int = field(init=False, repr=False, compare=False)
    """Tricks in a deal, one per card of a hand: 5, or 6 with 24 cards (BN5); also the
    cards each hand is dealt (BD2, BN3)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", self.pack.mask)
        object.__setattr__(self, "tricks", self.pack.size >> 2)

    @property
    def called(self) -> bool:
        """Whether forehand calls a partner each deal."""
        return self.partners is Partners.CALLED

    @property
    def deck(self) -> int:
        """How many cards the pack holds: 20 or 24 (BF1's ``deck``)."""
        return self.pack.size

    def __str__(self) -> str:
        return self.name


BAUERN = Profile("bauern")
BAUERN_CALLED = Profile("bauern-called", partners=Partners.CALLED)
BAUERN_HEAD = Profile("bauern-head", must_head=True)
BAUERN24 = Profile("bauern24", pack=PACK24)
BAUERN24_CALLED = Profile("bauern24-called", partners=Partners.CALLED, pack=PACK24)
PROFILES: dict[str, Profile] = {p.name: p for p in (BAUERN, BAUERN_CALLED, BAUERN_HEAD,
                                                    BAUERN24, BAUERN24_CALLED)}
"""The built-in profiles of BF2 and BN11, by name."""


def profile_named(name: str, extra: Iterable[Profile] = ()) -> Profile:
    """The profile of that name among ``extra`` and the built-in ones; raise KeyError."""
    return tricks.named_profile(name, PROFILES, extra)


# -- calls and actions ---------------------------------------------------------------------------

_CONTRACTS = (Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER, Call.KONTRASCHNAPSER)
CALLS: dict[Call, Action] = {c: CALL_ACTIONS[c] for c in (Call.WEITER, Call.SPRITZE,
                                                          *_CONTRACTS)}
"""The action of each of Bauernschnapsen's calls (BA1, BA2), in the order they are offered."""
PARTNER_CALLS: tuple[Action, ...] = tuple(Action(Kind.PARTNER, c) for c in CARDS)


def partner_call(card: Card | str) -> Action:
    """Calling the holder of ``card`` as partner (``P:AH``)."""
    return PARTNER_CALLS[parse_card(card) if isinstance(card, str) else card]


# the nines too: under a 20-card profile no hand holds one (BP5)
TOKENS, _TOKENS = token_table(CARDS, CALLS, {"P:": PARTNER_CALLS})
"""Common spellings of every token, exactly as written (canonical, upper and lower case)."""
parse_action = token_reader(TOKENS, _TOKENS, "Bauernschnapsen")
parse_action.__doc__ = """Read a four-player PSN token, any case: ``T:H``, ``T:up``,
``P:AH``, a call, a card (``10H``, ``T♥``), ``KH+20``, ``66``; raise ValueError if it is
none."""


# -- outcomes ------------------------------------------------------------------------------------

class Outcome(AuctionOutcome):
    """The result of a deal: the winning side (a seat mask), its game points, how the
    deal ended and the rule that decided it; ``claimant`` is the claiming side's mask."""

    __slots__ = ()
    LETTERS: ClassVar[str] = "NESW"
    SEATS: ClassVar[tuple[IntEnum, ...]] = SEATS


class IllegalAction(tricks.IllegalAction):
    """An action the rules forbid; carries the BAUERN.md rule id and what was legal."""


_TRUMP, _PARTNER, _AUCTION, _PLAY, _OVER = 0, 1, 2, 3, 4
_FIXED_SIDES = (0, 1, 0, 1)
_FIXED_SIDE_SEATS = (0b0101, 0b1010)
_RULES = {"hand": "BP5", "follow": "BP2", "head": "BF1", "trump_once": "BR1",
          "trump_held": "BR2", "speak": "BA1", "may_call": "BA2", "spritze": "BA4",
          "marry": "BM1", "no_marriage": "BK5", "claim": "BE2", "claimed": "BE3",
          "over": "BE5", "claim_won": "BG1", "claim_false": "BG2", "last": "BG3",
          "points_contract": "BK2", "all_contract": "BK3", "bettler": "BK3"}


def _packets(c: Sequence[int], knock: bool) -> tuple[int, int, int, int]:
    """The four hands of a deck order from forehand on, clockwise: all of a hand in one
    packet after a knock (BD3, BN4), else three each, then the rest each (BD2, BN3)."""
    n = len(c) >> 2
    out = []
    for i in range(4):
        cards = c[n * i:n * (i + 1)] if knock else (
            (*c[3 * i:3 * i + 3], *c[12 + (n - 3) * i:12 + (n - 3) * (i + 1)]))
        m = 0
        for x in cards:
            m |= 1 << x
        out.append(m)
    return (out[0], out[1], out[2], out[3])



class Position(AuctionPosition):
    """One moment of a four-player deal as the referee sees it (all cards known).

    Build the first one with :meth:`Position.deal`; get the next with :meth:`play`.
    Attributes are read-only by convention; hands are bit masks (see :meth:`hand`),
    ``table`` the card values of the trick in progress, seats are ints 0-3 (N, E, S, W)
    and sides are 0 and 1 (:attr:`side_seats`). The calls, the play and the scoring are
    the auction family's (:class:`~schnapsen_lab.games.auction.rules.AuctionPosition`).
    """

    illegal_action = IllegalAction
    parse_token = staticmethod(parse_action)
    SEATS = SEATS
    LETTERS = "NESW"
    NEXT = (1, 2, 3, 0)
    LAST = 3
    WATCHES = True
    CONTRACTS = _CONTRACTS
    NOT_FOREHAND = frozenset({Call.KONTRASCHNAPSER})
    OUTCOME = Outcome
    RULES = _RULES
    OTHER_SIDE = "the other team"
    __slots__ = ("called", "knock", "partner", "partner_known")

    profile: Profile
    knock: bool
    called: int
    partner: int
    partner_known: bool
    outcome: Outcome | None
    side: tuple[int, int, int, int]

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def deal(cls, deck: Sequence[int | Card | str], dealer: Seat | int = Seat.N,
             profile: Profile = BAUERN, knock: bool = False) -> Position:
        """The position as dealt (BD1-BD3, BN2-BN4) from a deck order of the profile's pack
        (20 cards, or 24), after a cut (3 + 2, or 3 + 3) or, with ``knock``, a knock (all
        of a hand at once)."""
        cards = tuple(parse_card(c) if isinstance(c, str) else int(c) for c in deck)
        pack = profile.pack
        why = pack.check_deck(cards)
        if why is not None:
            raise IllegalAction("BD1", f"a deck is the {pack.size} cards, each once ({why})")
        if knock and not profile.knock_allowed:
            raise IllegalAction("BD3", f"the {profile.name} profile does not allow knocking")
        if not 0 <= int(dealer) <= 3:
            raise IllegalAction("BS2", f"the dealer is a seat N, E, S or W, not {dealer!r}")
        return cls.dealt(cards, int(dealer), profile, knock)

    @classmethod
    def dealt(cls, cards: tuple[int, ...], dealer: int, profile: Profile,
              knock: bool = False) -> Position:
        """The position as dealt from a deck already known to hold the profile's pack once
        each."""
        f = (dealer + 1) & 3
        p = cls.__new__(cls)
        p._start(cards, dealer, profile, f)
        p.knock = knock
        c = cards
        if len(c) != 20:
            packets = _packets(c, knock)
        elif knock:  # BD3: five each
            packets = ((1 << c[0]) | (1 << c[1]) | (1 << c[2]) | (1 << c[3]) | (1 << c[4]),
                       (1 << c[5]) | (1 << c[6]) | (1 << c[7]) | (1 << c[8]) | (1 << c[9]),
                       (1 << c[10]) | (1 << c[11]) | (1 << c[12]) | (1 << c[13]) | (1 << c[14]),
                       (1 << c[15]) | (1 << c[16]) | (1 << c[17]) | (1 << c[18]) | (1 << c[19]))
        else:  # BD2: three each, then two each
            packets = ((1 << c[0]) | (1 << c[1]) | (1 << c[2]) | (1 << c[12]) | (1 << c[13]),
                       (1 << c[3]) | (1 << c[4]) | (1 << c[5]) | (1 << c[14]) | (1 << c[15]),
                       (1 << c[6]) | (1 << c[7]) | (1 << c[8]) | (1 << c[16]) | (1 << c[17]),
                       (1 << c[9]) | (1 << c[10]) | (1 << c[11]) | (1 << c[18]) | (1 << c[19]))
        p.hands = [packets[(4 - f) & 3], packets[(5 - f) & 3], packets[(6 - f) & 3],
                   packets[(7 - f) & 3]]
        p.called = -1
        p.partner = -1
        p.partner_known = False
        if profile.partners is Partners.CALLED:
            p._set_sides(1 << f)  # until the partner is called: forehand alone
        else:
            p.side = _FIXED_SIDES
            p.side_seats = _FIXED_SIDE_SEATS
        return p

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        self._copy_into(p)
        p.knock = self.knock
        p.called = self.called
        p.partner = self.partner
        p.partner_known = self.partner_known
        return p

    # -- what the table shows -----------------------------------------------------------------
    @property
    def called_card(self) -> Card | None:
        """The card forehand called (BC1), if any."""
        return CARDS[self.called] if self.called >= 0 else None

    # -- legal actions ------------------------------------------------------------------------
    def _own_actions(self, out: list[Action]) -> list[Action]:
        """Calling the partner card: any card forehand did not get among his first three (BC1)."""
        ft = self.first_three
        out.extend(PARTNER_CALLS[c] for c in self.profile.pack.cards if not ft >> c & 1)
        return out

    def _spritze_problem(self) -> tuple[str, str] | None:
        """Why the speaker may not say spritze now (BA4, BC4); None when he may: only the
        side without the game's holder (:attr:`holder`) doubles, with called partners only
        against forehand's game and neither forehand nor the called card's holder."""
        if self.spritze < 0 and self.profile.partners is Partners.CALLED:
            me = self.turn
            fh = self.forehand
            holder = self.holder
            if holder != fh:
                return "BC4", (f"the game is {SEATS[holder]}'s, not forehand's: spritze only "
                               "against forehand's game")
            if me == fh:
                return "BC4", "forehand may not say spritze"
            if me == self.partner:
                return "BC4", "the holder of the called card may not say spritze"
            return None
        return super()._spritze_problem()

    def _own_problem(self, action: Action) -> tuple[str, str] | None:
        """A partner call (BC1): only with called partners, once, right after trump."""
        if action.kind is not Kind.PARTNER:
            return super()._own_problem(action)
        ph = self.phase
        if self.profile.partners is not Partners.CALLED:
            return "BC1", f"partners are fixed in the {self.profile.name} profile"
        if ph != _PARTNER:
            if ph == _TRUMP:
                return "BR1", "forehand fixes trump first"
            return "BC1", "forehand calls his partner once, right after fixing trump"
        c = action.card
        assert c is not None
        if c >= 20 and not self.profile.pack.holds(c):
            return "BP5", f"{c} is no card of the {self.profile.pack.size}-card pack"
        if self.first_three >> c & 1:
            return "BC1", f"{c} is among forehand's first three cards"
        return None

    def _step_problem(self, action: Action) -> tuple[str, str] | None:
        """Nothing but the partner call comes right after trump with called partners."""
        if action.kind is Kind.CALL:
            return "BC1", "forehand calls his partner before the calls"
        return "BC1", f"forehand calls his partner first; {action} cannot come yet"

    # -- playing ------------------------------------------------------------------------------
    def _turned_up(self) -> int:
        return self.deck[3 if self.knock else 12]

    def _after_trump(self) -> int:
        return _PARTNER if self.profile.partners is Partners.CALLED else _AUCTION

    def _own_step(self, a: Action) -> None:
        c = a.card
        assert c is not None
        self._call_partner(c)

    def _call_partner(self, c: int) -> None:
        self.called = c
        holder = next(s for s in range(4) if self.hands[s] >> c & 1)
        self.partner = holder
        self._set_sides((1 << self.forehand) | (1 << holder))
        self.phase = _AUCTION

    def _card_seen(self, c: int) -> None:
        if c == self.called:
            self.partner_known = True

    def replay(self, actions: Iterable[Action | str]) -> list[Position]:
        """The positions after each of ``actions`` from this one (this one first);
        raise :class:`IllegalAction` at the first illegal one (see
        :func:`schnapsen_lab.games.protocol.replay` for the form that returns the error
        with its index)."""
        return super().replay(actions)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in self.hand(s)) for s in SEATS)
        trump = self.trump_suit
        return (f"<bauern.Position phase={Phase(self.phase).name} trump={trump} "
                f"contract={self.contract} trick={[str(c) for c in self.trick]} "
                f"hands={hands} scores={self.scores}>")
