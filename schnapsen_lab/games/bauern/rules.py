"""The Bauernschnapsen referee: four seats, trump, the auction, play and scoring (BAUERN.md).

A :class:`Position` is one moment of a four-player deal, from the deal (BD) through
fixing trump (BR), the called partner (BC), the one round of calls (BA, BK) and the five
tricks (BP, BM, BE; six with the 24-card pack, BN) to the outcome (BG). As in the two-player
referee (:mod:`schnapsen_lab.games.twohand.rules`) positions are immutable by convention:
:meth:`Position.play`
returns the next one and :meth:`Position.apply_unchecked` changes one in place for hot
loops; :meth:`Position.legal_actions` lists every action that may come next, and an
illegal action raises :class:`IllegalAction` naming the BAUERN.md rule and what was legal.

The engine reads a :class:`Profile`'s fields (BF1), never its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from ... import tricks
from ...cards import (
    CARD_POINTS,
    CARDS,
    PACK20,
    PACK24,
    RANK_OF,
    SUIT_OF,
    Card,
    Pack,
    Rank,
    Suit,
    cards_in,
    parse_card,
    spellings,
)
from ...tricks import (
    NO_TRUMP,
    SUIT_MASKS,
    false_claim_points,
    follow_mask,
    marriage_partner,
    won_deal_points,
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

class Call(Enum):
    """The words of the round of announcements (BA1, BA2): pass, double, the contracts."""

    WEITER = "weiter"
    SPRITZE = "spritze"
    SCHNAPSER = "schnapser"
    GANG = "gang"
    BAUERNSCHNAPSER = "bauernschnapser"
    KONTRASCHNAPSER = "kontraschnapser"

    @property
    def value_points(self) -> int:
        """A contract's value (BA2); 0 for weiter and spritze."""
        return _CALL_VALUES[self]

    @property
    def is_contract(self) -> bool:
        """Whether the call is a contract."""
        return _CALL_VALUES[self] > 0

    @property
    def all_tricks(self) -> bool:
        """Gang and Bauernschnapser: the declarer must win every trick, five (BK3) or
        six (BN6)."""
        return self in (Call.GANG, Call.BAUERNSCHNAPSER)

    @property
    def declarer_leads(self) -> bool:
        """Whether the declarer leads the first trick (else forehand does)."""
        return self in (Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER)

    def __str__(self) -> str:
        return self.value


_CALL_VALUES = {Call.WEITER: 0, Call.SPRITZE: 0, Call.SCHNAPSER: 6, Call.GANG: 9,
                Call.BAUERNSCHNAPSER: 12, Call.KONTRASCHNAPSER: 12}
_CONTRACTS = (Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER, Call.KONTRASCHNAPSER)


class Kind(Enum):
    """What an action does."""

    TRUMP = "trump"
    PARTNER = "partner"
    CALL = "call"
    PLAY = "play"
    MARRIAGE = "marriage"
    CLAIM = "claim"


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a four-player deal; ``str()`` is its PSN token.

    ``T:H`` names trump (``suit``) and ``T:up`` turns up forehand's fourth card
    (``suit`` None); ``P:AH`` calls a partner (``card``); a call (``call``); a card
    played (``card``); ``KH+20`` a marriage lead (``card``, ``points``); ``66`` a claim.
    """

    kind: Kind
    card: Card | None = None
    points: int = 0
    suit: Suit | None = None
    call: Call | None = None

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.PLAY:
            return str(self.card)
        if k is Kind.MARRIAGE:
            return f"{self.card}+{self.points}"
        if k is Kind.CALL:
            return str(self.call)
        if k is Kind.TRUMP:
            return f"T:{self.suit}" if self.suit is not None else "T:up"
        if k is Kind.PARTNER:
            return f"P:{self.card}"
        return "66"

    def __repr__(self) -> str:
        return f"Action({self})"


PLAYS: tuple[Action, ...] = tuple(Action(Kind.PLAY, c) for c in CARDS)
"""The action of playing each card, by card value."""
CLAIM = Action(Kind.CLAIM)
TRUMP_UP = Action(Kind.TRUMP)
TRUMP_NAMED: tuple[Action, ...] = tuple(Action(Kind.TRUMP, suit=s) for s in Suit)
PARTNER_CALLS: tuple[Action, ...] = tuple(Action(Kind.PARTNER, c) for c in CARDS)
CALLS: dict[Call, Action] = {c: Action(Kind.CALL, call=c) for c in Call}
"""The action of each call."""
_MARRIAGES: dict[tuple[int, int], Action] = {
    (c, pts): Action(Kind.MARRIAGE, c, pts) for c in CARDS for pts in (20, 40)}


def play(card: Card | str) -> Action:
    """The action of playing a card."""
    return PLAYS[parse_card(card) if isinstance(card, str) else card]


def marriage(card: Card | str, points: int) -> Action:
    """The action of announcing a marriage (20 or 40) and leading ``card``."""
    c = parse_card(card) if isinstance(card, str) else card
    a = _MARRIAGES.get((c, points))
    if a is None:
        raise ValueError(f"not a marriage: {c}+{points} (a marriage is +20 or +40)")
    return a


def trump_call(suit: Suit | str | None) -> Action:
    """Naming ``suit`` trump (``T:H``), or turning up the fourth card for ``None``."""
    if suit is None:
        return TRUMP_UP
    s = Suit[suit.strip().upper()] if isinstance(suit, str) else suit
    return TRUMP_NAMED[s]


def partner_call(card: Card | str) -> Action:
    """Calling the holder of ``card`` as partner (``P:AH``)."""
    return PARTNER_CALLS[parse_card(card) if isinstance(card, str) else card]


_SUIT_SPELLINGS = {0: ("C", "♣", "♧"), 1: ("D", "♦", "♢"), 2: ("H", "♥", "♡"),
                   3: ("S", "♠", "♤")}
_TOKENS: dict[str, Action] = {"66": CLAIM, "T:UP": TRUMP_UP}
for _c in CARDS:  # the nines too: under a 20-card profile no hand holds one (BP5)
    for _sp in spellings(_c):
        _TOKENS[_sp] = PLAYS[_c]
        _TOKENS["P:" + _sp] = PARTNER_CALLS[_c]
        for _pts in (20, 40):
            _TOKENS[f"{_sp}+{_pts}"] = _MARRIAGES[(_c, _pts)]
for _s, _names in _SUIT_SPELLINGS.items():
    for _n in _names:
        _TOKENS["T:" + _n] = TRUMP_NAMED[_s]
for _call, _act in CALLS.items():
    _TOKENS[_call.value.upper()] = _act
TOKENS: dict[str, Action] = {str(a): a for a in _TOKENS.values()}
"""Common spellings of every token, exactly as written (canonical, upper and lower case)."""
TOKENS.update(_TOKENS)
TOKENS.update((t.lower(), a) for t, a in _TOKENS.items())


def parse_action(token: str) -> Action:
    """Read a four-player PSN token, any case: ``T:H``, ``T:up``, ``P:AH``, a call, a card
    (``10H``, ``T♥``), ``KH+20``, ``66``; raise ValueError if it is none."""
    a = TOKENS.get(token)
    if a is None:
        a = _TOKENS.get(token.strip().upper())
        if a is None:
            raise ValueError(f"not a Bauernschnapsen action: {token!r}")
    return a


# -- outcomes ------------------------------------------------------------------------------------

class End(tricks.ShownByValue, Enum):
    """How a four-player deal ended."""

    CLAIM = "claim"
    FALSE_CLAIM = "false_claim"
    LAST_TRICK = "last_trick"
    CONTRACT_MADE = "contract_made"
    CONTRACT_BROKEN = "contract_broken"
    UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a deal: the winning side (a seat mask), its game points, how the
    deal ended and the rule that decided it; ``claimant`` is the claiming side's mask."""

    winners: int
    game_points: int
    end: End
    rule: str
    claimant: int = 0

    @property
    def winner(self) -> str:
        """The winning side's seats in N, E, S, W order: ``"NS"``, ``"ESW"``, ``"N"``."""
        return seat_letters(self.winners)

    @property
    def winner_seats(self) -> tuple[Seat, ...]:
        """The seats of the winning side."""
        return tuple(s for s in SEATS if self.winners >> s & 1)

    def __str__(self) -> str:
        return f"{self.winner} {self.game_points}"


class IllegalAction(tricks.IllegalAction):
    """An action the rules forbid; carries the BAUERN.md rule id and what was legal."""


class Phase(IntEnum):
    """Where a deal stands: fixing trump, calling a partner, the calls, the tricks, over."""

    TRUMP = 0
    PARTNER = 1
    AUCTION = 2
    PLAY = 3
    OVER = 4


_TRUMP, _PARTNER, _AUCTION, _PLAY, _OVER = 0, 1, 2, 3, 4
_K_PLAY, _K_MARRIAGE, _K_CLAIM, _K_CALL = Kind.PLAY, Kind.MARRIAGE, Kind.CLAIM, Kind.CALL
_K_TRUMP, _K_PARTNER = Kind.TRUMP, Kind.PARTNER
_WEITER, _SPRITZE = CALLS[Call.WEITER], CALLS[Call.SPRITZE]
_CONTRACT_ACTIONS = tuple(CALLS[c] for c in _CONTRACTS)
_FIXED_SIDES = (0, 1, 0, 1)
_FIXED_SIDE_SEATS = (0b0101, 0b1010)


_SUIT = SUIT_OF
_plays20 = tricks.PlayTable(PLAYS).extend
_NINES = 0xF << 20


def _plays(mask: int, out: list[Action]) -> None:
    """Append the play actions of the cards in a mask, in card order (a suit's nine after
    its jack)."""
    if not mask & _NINES:
        _plays20(mask, out)
        return
    for s in range(4):
        _plays20(mask & SUIT_MASKS[s] & 0xFFFFF, out)
        if mask >> (20 + s) & 1:
            out.append(PLAYS[20 + s])


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


class Position(tricks.Refereeing):
    """One moment of a four-player deal as the referee sees it (all cards known).

    Build the first one with :meth:`Position.deal`; get the next with :meth:`play`.
    Attributes are read-only by convention; hands are bit masks (see :meth:`hand`),
    ``table`` the card values of the trick in progress, seats are ints 0-3 (N, E, S, W)
    and sides are 0 and 1 (:attr:`side_seats`).
    """

    illegal_action = IllegalAction
    parse_token = staticmethod(parse_action)
    __slots__ = (
        "best",
        "best_seat",
        "called",
        "calls",
        "claim_by",
        "claim_seat",
        "claimed",
        "contract",
        "dealer",
        "deck",
        "declarer",
        "first_three",
        "forehand",
        "hands",
        "high",
        "knock",
        "last_trick",
        "lead_marriage",
        "leader",
        "marriages",
        "must_head",
        "named_trump",
        "outcome",
        "partner",
        "partner_known",
        "phase",
        "played",
        "points",
        "profile",
        "revealed",
        "side",
        "side_seats",
        "spritze",
        "table",
        "tricks_played",
        "trump",
        "turn",
        "turned",
        "voids",
        "won",
    )

    deck: tuple[int, ...]
    dealer: int
    profile: Profile
    must_head: bool
    knock: bool
    forehand: int
    phase: int
    turn: int
    hands: list[int]
    first_three: int
    turned: int
    named_trump: int
    trump: int
    called: int
    partner: int
    partner_known: bool
    side: tuple[int, int, int, int]
    side_seats: tuple[int, int]
    calls: tuple[Call, ...]
    high: int
    contract: Call | None
    declarer: int
    spritze: int
    leader: int
    table: tuple[int, ...]
    best: int
    best_seat: int
    lead_marriage: bool
    claim_by: int
    claim_seat: int
    claimed: bool
    points: list[int]
    won: list[int]
    marriages: list[int]
    played: int
    revealed: int
    voids: list[int]
    last_trick: tuple[tuple[int, ...], int, int] | None
    tricks_played: int
    outcome: Outcome | None

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
        p.deck = cards
        p.dealer = dealer
        p.profile = profile
        p.knock = knock
        p.forehand = f
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
        p.must_head = profile.must_head
        p.first_three = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
        p.phase = _TRUMP
        p.turn = f
        p.turned = -1
        p.named_trump = -1
        p.trump = -1
        p.called = -1
        p.partner = -1
        p.partner_known = False
        if profile.partners is Partners.CALLED:
            p._set_sides(1 << f)  # until the partner is called: forehand alone
        else:
            p.side = _FIXED_SIDES
            p.side_seats = _FIXED_SIDE_SEATS
        p.calls = ()
        p.high = 0
        p.contract = None
        p.declarer = -1
        p.spritze = -1
        p.leader = f
        p.table = ()
        p.best = -1
        p.best_seat = -1
        p.lead_marriage = False
        p.claim_by = -1
        p.claim_seat = -1
        p.claimed = False
        p.points = [0, 0, 0, 0]
        p.won = [0, 0, 0, 0]
        p.marriages = [0, 0, 0, 0]
        p.played = 0
        p.revealed = 0
        p.voids = [0, 0, 0, 0]
        p.last_trick = None
        p.tricks_played = 0
        p.outcome = None
        return p

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        p.profile = self.profile
        p.must_head = self.must_head
        p.deck = self.deck
        p.dealer = self.dealer
        p.knock = self.knock
        p.forehand = self.forehand
        p.phase = self.phase
        p.turn = self.turn
        p.hands = self.hands[:]
        p.first_three = self.first_three
        p.turned = self.turned
        p.named_trump = self.named_trump
        p.trump = self.trump
        p.called = self.called
        p.partner = self.partner
        p.partner_known = self.partner_known
        p.side = self.side
        p.side_seats = self.side_seats
        p.calls = self.calls
        p.high = self.high
        p.contract = self.contract
        p.declarer = self.declarer
        p.spritze = self.spritze
        p.leader = self.leader
        p.table = self.table
        p.best = self.best
        p.best_seat = self.best_seat
        p.lead_marriage = self.lead_marriage
        p.claim_by = self.claim_by
        p.claim_seat = self.claim_seat
        p.claimed = self.claimed
        p.points = self.points[:]
        p.won = self.won[:]
        p.marriages = self.marriages[:]
        p.played = self.played
        p.revealed = self.revealed
        p.voids = self.voids[:]
        p.last_trick = self.last_trick
        p.tricks_played = self.tricks_played
        p.outcome = self.outcome
        return p

    # -- what the table shows -----------------------------------------------------------------
    @property
    def to_move(self) -> Seat | None:
        """Who acts next: forehand (trump, partner), the speaker, or the next card's player;
        None once the deal is over."""
        if self.outcome is not None:
            return None
        return SEATS[self.turn]

    @property
    def is_over(self) -> bool:
        """Whether the deal is decided (a claim, a contract made or broken, the last trick;
        after the last trick the winning side may still claim, BE5)."""
        return self.outcome is not None

    @property
    def holder(self) -> int:
        """The seat that holds the game (BA4): the declarer of the highest contract called
        so far, else forehand."""
        d = self.declarer
        return d if d >= 0 else self.forehand

    @property
    def spritze_stands(self) -> bool:
        """Whether a spritze stands (BA4, BC4): one was said and the game's holder is
        still not on the spritzer's side, so it doubles the deal's game points. False
        without a spritze and for one that lapsed (a later contract of the spritzer's
        side); :attr:`spritze` is the seat that said it either way."""
        s = self.spritze
        return s >= 0 and self.side[s] != self.side[self.holder]

    def spritze_shown(self, sides_known: bool) -> bool:
        """Whether a table shows the spritze as standing to a viewer who knows the sides
        (``sides_known``) or not (BC3): :attr:`spritze_stands` when the sides are known
        or the game is forehand's or the spritzer's own; otherwise (a later contract of a
        seat whose side the viewer does not know yet) the spritze is shown as said."""
        s = self.spritze
        if s < 0:
            return False
        if sides_known or self.holder in (self.forehand, s):
            return self.spritze_stands
        return True

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit in play: None before it is fixed and in Gang (BK4)."""
        t = self.trump
        return Suit(t) if 0 <= t < 4 else None

    @property
    def turned_card(self) -> Card | None:
        """The card turned up for trump while it is still in forehand's hand (BR2)."""
        return CARDS[self.turned] if self.turned >= 0 else None

    @property
    def called_card(self) -> Card | None:
        """The card forehand called (BC1), if any."""
        return CARDS[self.called] if self.called >= 0 else None

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order (``table`` as card values)."""
        return [CARDS[c] for c in self.table]

    @property
    def trick_seats(self) -> list[Seat]:
        """The seats that played the cards of the trick in progress, in play order."""
        return [SEATS[(self.leader + i) & 3] for i in range(len(self.table))]

    def hand(self, seat: Seat | int) -> list[Card]:
        """A seat's hand, in card order."""
        return cards_in(self.hands[seat])

    def side_of(self, seat: Seat | int) -> int:
        """The side (0 or 1) of a seat in this deal (BS1, BC1, BC6)."""
        return self.side[seat]

    def side_name(self, side: int) -> str:
        """A side's seats in N, E, S, W order (``"NS"``, ``"ESW"``)."""
        return seat_letters(self.side_seats[side])

    @property
    def side_names(self) -> tuple[str, str]:
        """Both sides' names, side 0 first."""
        return (seat_letters(self.side_seats[0]), seat_letters(self.side_seats[1]))

    def side_tricks(self, side: int) -> int:
        """Tricks won by the seats of a side."""
        m = self.side_seats[side]
        w = self.won
        return sum(w[s] for s in range(4) if m >> s & 1)

    def side_card_points(self, side: int) -> int:
        """Card points of the tricks won by the seats of a side."""
        m = self.side_seats[side]
        pts = self.points
        return sum(pts[s] for s in range(4) if m >> s & 1)

    def declarer_score(self) -> int:
        """The declarer's own score in Schnapser and Kontraschnapser (BK2): his tricks'
        card points and his marriages once he has a trick; 0 without a declarer."""
        d = self.declarer
        if d < 0:
            return 0
        return self.points[d] + (self.marriages[d] if self.won[d] else 0)

    def score(self, side: int) -> int:
        """A side's score (BE1): its card points plus the marriages that count for it
        (the side's own once it has a trick; in Schnapser and Kontraschnapser only the
        declarer's, once he has a trick; none in Gang and Bauernschnapser)."""
        return self.score_of(self.side_seats[side])

    def score_of(self, seats: int) -> int:
        """The score :meth:`score` gives the seats of a seat mask (a side, or the part
        of one a player knows)."""
        pts = self.points
        won = self.won
        mar = self.marriages
        total = 0
        tricks = 0
        married = 0
        for s in range(4):
            if seats >> s & 1:
                total += pts[s]
                tricks += won[s]
                married += mar[s]
        c = self.contract
        if c is None:
            return total + married if tricks else total
        d = self.declarer
        if not c.all_tricks and seats >> d & 1 and won[d]:
            total += mar[d]
        return total

    @property
    def scores(self) -> tuple[int, int]:
        """Both sides' scores, side 0 first."""
        return (self.score(0), self.score(1))

    @property
    def side_trick_counts(self) -> tuple[int, int]:
        """Both sides' tricks, side 0 first."""
        return (self.side_tricks(0), self.side_tricks(1))

    def pending(self, side: int) -> int:
        """Marriage points of a side still waiting for its first trick (BM2)."""
        c = self.contract
        if c is not None:
            d = self.declarer
            if c.all_tricks or self.side[d] != side or self.won[d]:
                return 0
            return self.marriages[d]
        if self.side_tricks(side):
            return 0
        m = self.side_seats[side]
        return sum(self.marriages[s] for s in range(4) if m >> s & 1)

    def number_before(self, action: Action) -> int | None:
        """The trick number the canonical form writes before ``action`` played here: the
        next trick's number before its first card, else None."""
        if (self.phase == _PLAY and not self.table
                and (action.kind is _K_PLAY or action.kind is _K_MARRIAGE)):
            return self.tricks_played + 1
        return None

    # -- legal actions ------------------------------------------------------------------------
    def _follow(self, hand: int) -> int:
        """The cards of ``hand`` that may follow to the trick in progress (BP2, BF1)."""
        return follow_mask(hand, self.table[0], self.best, self.trump, self.must_head)

    def legal_actions(self) -> list[Action]:
        """Every action that may come next (after the last trick: the claim BE5 allows)."""
        ph = self.phase
        out: list[Action] = []
        if ph == _PLAY:
            hand = self.hands[self.turn]
            if self.table:
                _plays(self._follow(hand), out)
                if self.lead_marriage and self.claim_by >= 0:
                    out.append(CLAIM)
                return out
            if self.claim_by >= 0:
                out.append(CLAIM)
            c = self.contract
            if c is None or not c.all_tricks:
                t = self.trump
                for s in range(4):
                    if hand >> (s * 5 + 2) & 3 == 3:
                        pts = 40 if s == t else 20
                        out.append(_MARRIAGES[(s * 5 + 2, pts)])
                        out.append(_MARRIAGES[(s * 5 + 3, pts)])
            _plays(hand, out)
            return out
        if ph == _OVER:
            if not self.claimed and self.claim_by >= 0:
                out.append(CLAIM)
            return out
        if ph == _AUCTION:
            out.append(_WEITER)
            if self._spritze_problem() is None:
                out.append(_SPRITZE)
            fh = self.turn == self.forehand
            for a in _CONTRACT_ACTIONS:
                call = a.call
                assert call is not None
                if _CALL_VALUES[call] > self.high and not (
                        fh and call is Call.KONTRASCHNAPSER):
                    out.append(a)
            return out
        if ph == _TRUMP:
            ft = self.first_three
            out.extend(TRUMP_NAMED[s] for s in range(4) if ft & SUIT_MASKS[s])
            out.append(TRUMP_UP)
            return out
        ft = self.first_three
        out.extend(PARTNER_CALLS[c] for c in self.profile.pack.cards if not ft >> c & 1)
        return out

    def _spritze_problem(self) -> tuple[str, str] | None:
        """Why the speaker may not say spritze now (BA4, BC4); None when he may: only the
        side without the game's holder (:attr:`holder`) doubles, with called partners only
        against forehand's game and neither forehand nor the called card's holder."""
        if self.spritze >= 0:
            return "BA4", f"{SEATS[self.spritze]} already said spritze: once a deal"
        me = self.turn
        fh = self.forehand
        holder = self.holder
        if self.profile.partners is Partners.CALLED:
            if holder != fh:
                return "BC4", (f"the game is {SEATS[holder]}'s, not forehand's: spritze only "
                               "against forehand's game")
            if me == fh:
                return "BC4", "forehand may not say spritze"
            if me == self.partner:
                return "BC4", "the holder of the called card may not say spritze"
            return None
        if self.side[me] == self.side[holder]:
            if me == holder:
                return "BA4", f"{SEATS[me]} holds the game: only the other team may say spritze"
            return "BA4", (f"{SEATS[me]} sits with {SEATS[holder]}, who holds the game: only "
                           "the other team may say spritze")
        return None

    def check(self, action: Action) -> tuple[str, str] | None:
        """Why ``action`` is illegal here, as ``(rule id, message)``; None when it is legal."""
        if action.kind is _K_PLAY and self.phase == _PLAY:
            c = action.card
            assert c is not None
            seat = self.turn
            hand = self.hands[seat]
            if not hand >> c & 1:
                return "BP5", f"{c} is not in {SEATS[seat]}'s hand"
            trick = self.table
            if trick:
                if _SUIT[c] == _SUIT[trick[0]] and not self.must_head:
                    return None  # following suit is always allowed without BF1's duty
                if not follow_mask(hand, trick[0], self.best, self.trump,
                                   self.must_head) >> c & 1:
                    return "BP2", f"{c} {self._bp2_reason(c)}"
            return None
        return self._check_other(action)

    def advance(self, action: Action) -> tuple[str, str] | None:
        """Check ``action`` and, when legal, apply it in place: :meth:`check` and
        :meth:`apply_unchecked` in one call, for readers of records. Returns the
        ``(rule id, message)`` of an illegal action, which leaves the position as it was."""
        if action.kind is _K_PLAY and self.phase == _PLAY:
            c = action.card
            assert c is not None
            hand = self.hands[self.turn]
            if not hand >> c & 1:
                return "BP5", f"{c} is not in {SEATS[self.turn]}'s hand"
            trick = self.table
            if trick and (_SUIT[c] != _SUIT[trick[0]] or self.must_head) and not follow_mask(
                    hand, trick[0], self.best, self.trump, self.must_head) >> c & 1:
                return "BP2", f"{c} {self._bp2_reason(c)}"
            self._card(c)
            return None
        err = self._check_other(action)
        if err is None:
            self.apply_unchecked(action)
        return err

    def _check_other(self, action: Action) -> tuple[str, str] | None:
        kind = action.kind
        ph = self.phase
        if kind is _K_TRUMP:
            if ph != _TRUMP:
                return "BR1", "trump is fixed once, before anything else"
            s = action.suit
            if s is not None and not self.first_three & SUIT_MASKS[s]:
                return "BR2", (f"forehand {SEATS[self.forehand]} holds no {s.title} among "
                               "his first three cards")
            return None
        if kind is _K_PARTNER:
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
        if kind is _K_CALL:
            if ph == _TRUMP:
                return "BR1", "forehand fixes trump before the calls"
            if ph == _PARTNER:
                return "BC1", "forehand calls his partner before the calls"
            if ph != _AUCTION:
                return "BA1", "each player speaks once, in the round before the first trick"
            return self._call_problem(action)
        # cards, marriages, claims
        if ph == _OVER:
            if self.claimed:
                return "BE3", f"the deal ended with a claim; {action} cannot follow"
            if kind is _K_CLAIM and self.claim_by >= 0:
                return None
            return "BE5", f"the deal is over; {action} cannot follow"
        if ph == _TRUMP:
            return "BR1", f"forehand fixes trump first; {action} cannot come yet"
        if ph == _PARTNER:
            return "BC1", f"forehand calls his partner first; {action} cannot come yet"
        if ph == _AUCTION:
            if kind is _K_CLAIM:
                return "BE2", "a claim is made right after a trick or a marriage announcement"
            return "BA1", (f"{SEATS[self.turn]} has not spoken yet: the round of calls "
                           "comes before the first card")
        if kind is _K_CLAIM:
            if self.contract is not None:
                return "BE2", f"no claim in a {self.contract}: the contract decides the deal"
            if self.claim_by >= 0 and (not self.table or self.lead_marriage):
                return None
            return "BE2", "a side claims right after winning a trick or announcing a marriage"
        if kind is _K_MARRIAGE:
            return self._marriage_problem(action)
        c = action.card  # a card, outside the play's fast path: cannot happen in play
        assert c is not None
        return "BP5", f"{c} cannot be played now"

    def _call_problem(self, action: Action) -> tuple[str, str] | None:
        call = action.call
        assert call is not None
        me = SEATS[self.turn]
        if call is Call.WEITER:
            return None
        if call is Call.SPRITZE:
            return self._spritze_problem()
        if call is Call.KONTRASCHNAPSER and self.turn == self.forehand:
            return "BA2", f"forehand {me} may not call kontraschnapser"
        if _CALL_VALUES[call] <= self.high:
            best = max((c for c in self.calls if c.is_contract), key=lambda c: c.value_points)
            return "BA1", (f"{call} ({call.value_points}) is not worth more than {best} "
                           f"({best.value_points}), already called")
        return None

    def _marriage_problem(self, action: Action) -> tuple[str, str] | None:
        c = action.card
        assert c is not None
        seat = SEATS[self.turn]
        if self.table:
            return "BM1", f"{seat} follows now; a marriage is announced by the leader"
        contract = self.contract
        if contract is not None and contract.all_tricks:
            return "BK5", f"no marriages in a {contract}"
        s = _SUIT[c]
        if RANK_OF[c] not in (Rank.K, Rank.Q):
            return "BM1", f"a marriage is led with its king or queen, not {CARDS[c]}"
        if self.hands[self.turn] >> (s * 5 + 2) & 3 != 3:
            return "BM1", f"{seat} does not hold both K{Suit(s)} and Q{Suit(s)}"
        want = 40 if s == self.trump else 20
        if action.points != want:
            return "BM1", f"a marriage in {Suit(s).title} counts {want}, not {action.points}"
        return None

    def _bp2_reason(self, c: int) -> str:
        hand = self.hands[self.turn]
        lead = self.table[0]
        same = hand & SUIT_MASKS[_SUIT[lead]]
        if same:
            if _SUIT[c] == _SUIT[lead]:
                return f"does not beat {CARDS[self.best]} though {SEATS[self.turn]} can (BF1)"
            return f"does not follow {Suit(_SUIT[lead]).title}"
        if _SUIT[c] == self.trump:
            return f"does not beat {CARDS[self.best]} though {SEATS[self.turn]} can (BF1)"
        return "is no trump, though the follower is void in the led suit and holds one"

    # -- playing ------------------------------------------------------------------------------
    def apply_unchecked(self, a: Action) -> None:
        """Change this position in place by a legal action (the caller has checked it)."""
        kind = a.kind
        if kind is _K_PLAY:
            c = a.card
            assert c is not None
            self._card(c)
        elif kind is _K_CALL:
            self._call(a)
        elif kind is _K_MARRIAGE:
            self._marriage(a)
        elif kind is _K_CLAIM:
            self._claim()
        elif kind is _K_TRUMP:
            self._fix_trump(a)
        else:
            c = a.card
            assert c is not None
            self._call_partner(c)

    def _fix_trump(self, a: Action) -> None:
        f = self.forehand
        if a.suit is None:
            card = self.deck[3 if self.knock else 12]
            self.turned = card
            self.revealed |= 1 << card
            self.named_trump = _SUIT[card]
        else:
            self.named_trump = int(a.suit)
        self.trump = self.named_trump
        self.turn = f
        self.phase = _PARTNER if self.profile.partners is Partners.CALLED else _AUCTION

    def _call_partner(self, c: int) -> None:
        self.called = c
        holder = next(s for s in range(4) if self.hands[s] >> c & 1)
        self.partner = holder
        self._set_sides((1 << self.forehand) | (1 << holder))
        self.phase = _AUCTION

    def _set_sides(self, first: int) -> None:
        """Side 0 is the seats of mask ``first``, side 1 the others."""
        self.side_seats = (first, 0b1111 ^ first)
        self.side = (1 - (first & 1), 1 - (first >> 1 & 1), 1 - (first >> 2 & 1),
                     1 - (first >> 3 & 1))

    def _call(self, a: Action) -> None:
        call = a.call
        assert call is not None
        me = self.turn
        v = _CALL_VALUES[call]
        if v:
            self.high = v
            self.contract = call
            self.declarer = me
        elif call is Call.SPRITZE:
            self.spritze = me
        calls = (*self.calls, call)
        self.calls = calls
        if len(calls) < 4:
            self.turn = (me + 1) & 3
            return
        self.phase = _PLAY
        c = self.contract
        if c is Call.GANG:
            self.trump = NO_TRUMP
        lead = self.declarer if c is not None and c.declarer_leads else self.forehand
        self.leader = lead
        self.turn = lead

    def _card(self, c: int) -> None:
        seat = self.turn
        bit = 1 << c
        self.hands[seat] ^= bit
        self.played |= bit
        if c == self.turned:
            self.turned = -1
        if c == self.called:
            self.partner_known = True
        trick = self.table
        if not trick:
            self.table = (c,)
            self.best = c
            self.best_seat = seat
            self.lead_marriage = False
            self.claim_by = -1
            self.turn = (seat + 1) & 3
            return
        lead = trick[0]
        if len(trick) == 1:
            self.lead_marriage = False
            self.claim_by = -1
        cs = _SUIT[c]
        trump = self.trump
        ls = _SUIT[lead]
        if cs != ls:  # not following: void in the led suit, and in trumps if no trump
            v = 1 << ls
            if cs != trump and trump != NO_TRUMP:
                v |= 1 << trump
            self.voids[seat] |= v
        best = self.best
        bs = _SUIT[best]
        if (cs == bs and c < best) or (cs == trump and bs != trump):
            self.best = c
            self.best_seat = seat
        if len(trick) < 3:
            self.table = (*trick, c)
            self.turn = (seat + 1) & 3
            return
        self._finish_trick((*trick, c))

    def _finish_trick(self, trick: tuple[int, ...]) -> None:
        w = self.best_seat
        cp = CARD_POINTS
        self.points[w] += cp[trick[0]] + cp[trick[1]] + cp[trick[2]] + cp[trick[3]]
        self.won[w] += 1
        n = self.tricks_played + 1
        self.tricks_played = n
        self.last_trick = (trick, self.leader, w)
        self.table = ()
        self.leader = w
        self.turn = w
        c = self.contract
        if c is None:
            self.claim_by = self.side[w]
            self.claim_seat = w
            if n == self.profile.tricks:
                self._end(self.side_seats[self.side[w]], 1, End.LAST_TRICK, "BG3")
            return
        d = self.declarer
        if c.all_tricks:
            if w != d:
                self._contract_end(False)
            elif n == self.profile.tricks:
                self._contract_end(True)
        elif w == d and self.points[d] + self.marriages[d] >= 66:
            self._contract_end(True)
        elif n == 3:
            self._contract_end(False)

    def _marriage(self, a: Action) -> None:
        c = a.card
        assert c is not None
        seat = self.turn
        self.marriages[seat] += a.points
        self.revealed |= 1 << marriage_partner(c)
        self._card(c)
        self.lead_marriage = True
        contract = self.contract
        if contract is None:
            self.claim_by = self.side[seat]
            self.claim_seat = seat
        elif (seat == self.declarer and self.won[seat]
              and self.points[seat] + self.marriages[seat] >= 66):
            self._contract_end(True)

    def _claim(self) -> None:
        side = self.claim_by
        other = 1 - side
        claimant = self.side_seats[side]
        self.claimed = True
        self.claim_by = -1
        if self.score(side) >= 66:
            gp = won_deal_points(self.score(other), self.side_tricks(other), 34)
            self._end(claimant, gp, End.CLAIM, "BG1", claimant)
        else:
            gp = false_claim_points(self.side_tricks(other))
            self._end(self.side_seats[other], gp, End.FALSE_CLAIM, "BG2", claimant)

    def _contract_end(self, made: bool) -> None:
        c = self.contract
        assert c is not None
        side = self.side[self.declarer]
        winners = self.side_seats[side if made else 1 - side]
        rule = "BK3" if c.all_tricks else "BK2"
        self._end(winners, c.value_points, End.CONTRACT_MADE if made else End.CONTRACT_BROKEN,
                  rule)

    def _end(self, winners: int, gp: int, end: End, rule: str, claimant: int = 0) -> None:
        if self.spritze_stands:
            gp *= 2
        self.outcome = Outcome(winners, gp, end, rule, claimant)
        self.phase = _OVER
        if end is not End.LAST_TRICK:
            self.claim_by = -1

    # -- helpers --------------------------------------------------------------------------------
    def claim_is_correct(self, side: int) -> bool:
        """Whether a claim by ``side`` would be correct now (score at least 66)."""
        return self.score(side) >= 66

    def replay(self, actions: Iterable[Action | str]) -> list[Position]:
        """The positions after each of ``actions`` from this one (this one first);
        raise :class:`IllegalAction` at the first illegal one (see
        :func:`schnapsen_lab.games.protocol.replay` for the form that returns the error
        with its index)."""
        out = [self]
        p = self
        for a in actions:
            p = p.play(a)
            out.append(p)
        return out

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in self.hand(s)) for s in SEATS)
        trump = self.trump_suit
        return (f"<bauern.Position phase={Phase(self.phase).name} trump={trump} "
                f"contract={self.contract} trick={[str(c) for c in self.trick]} "
                f"hands={hands} scores={self.scores}>")
