"""What the games with a round of calls referee the same way (BAUERN.md, DREIER.md).

The calls and their values (BA2, 3A2), spritze and the game's holder (BA4, 3A4), the
contracts and when one is made or broken (BK, 3K), the play of the cards with its follow
duties (BP, 3P), marriages (BM, 3M), the sides' scores, claims and game points (BE, BG,
3E, 3G). :class:`AuctionPosition` holds all of it for any number of seats; a game's
``Position`` subclasses it with its seats, its deal, its own steps before the play (a
called partner, a talon laid away) and the rule ids of its rulebook (:attr:`RULES`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any, ClassVar

from ... import tricks
from ...cards import (
    CARD_POINTS,
    CARDS,
    RANK_OF,
    SUIT_OF,
    Card,
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
    "CALL_VALUES",
    "CLAIM",
    "PLAYS",
    "TRUMP_NAMED",
    "TRUMP_UP",
    "Action",
    "AuctionOutcome",
    "AuctionPosition",
    "Call",
    "End",
    "Kind",
    "Phase",
    "marriage",
    "marriage_action",
    "play",
    "token_table",
    "trump_call",
]


class Call(Enum):
    """The words of the round of announcements (BA1, 3A1): pass, double, the contracts.
    A game offers the contracts of its own list (Bettler and Kontrabauernschnapser are
    Dreierschnapsen's)."""

    WEITER = "weiter"
    SPRITZE = "spritze"
    BETTLER = "bettler"
    SCHNAPSER = "schnapser"
    GANG = "gang"
    BAUERNSCHNAPSER = "bauernschnapser"
    KONTRASCHNAPSER = "kontraschnapser"
    KONTRABAUERNSCHNAPSER = "kontrabauernschnapser"

    @property
    def value_points(self) -> int:
        """A contract's value (BA2, 3A2); 0 for weiter and spritze."""
        return CALL_VALUES[self]

    @property
    def is_contract(self) -> bool:
        """Whether the call is a contract."""
        return CALL_VALUES[self] > 0

    @property
    def all_tricks(self) -> bool:
        """Gang, Bauernschnapser and Kontrabauernschnapser: the declarer must win every
        trick (BK3, 3K3)."""
        return self in _ALL_TRICKS

    @property
    def no_tricks(self) -> bool:
        """Bettler: the declarer must win no trick (3K4)."""
        return self is Call.BETTLER

    @property
    def no_trump(self) -> bool:
        """Gang and Bettler are played without trump (BK4, 3K5)."""
        return self in (Call.GANG, Call.BETTLER)

    @property
    def points_count(self) -> bool:
        """Schnapser and Kontraschnapser: the declarer's points decide, and marriages may
        be announced (BK2, BK5, 3K2, 3K6)."""
        return self in (Call.SCHNAPSER, Call.KONTRASCHNAPSER)

    @property
    def declarer_leads(self) -> bool:
        """Whether the declarer leads the first trick (else forehand does)."""
        return self in (Call.BETTLER, Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER)

    def __str__(self) -> str:
        return self.value


CALL_VALUES: dict[Call, int] = {
    Call.WEITER: 0, Call.SPRITZE: 0, Call.BETTLER: 4, Call.SCHNAPSER: 6, Call.GANG: 9,
    Call.BAUERNSCHNAPSER: 12, Call.KONTRASCHNAPSER: 12, Call.KONTRABAUERNSCHNAPSER: 24}
"""Each call's value (BA2, 3A2); 0 for weiter and spritze."""
_ALL_TRICKS = (Call.GANG, Call.BAUERNSCHNAPSER, Call.KONTRABAUERNSCHNAPSER)


class Kind(Enum):
    """What an action does."""

    TRUMP = "trump"
    PARTNER = "partner"
    LAYAWAY = "layaway"
    CALL = "call"
    PLAY = "play"
    MARRIAGE = "marriage"
    CLAIM = "claim"


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a deal with a round of calls; ``str()`` is its PSN token.

    ``T:H`` names trump (``suit``) and ``T:up`` turns up forehand's fourth card
    (``suit`` None); ``P:AH`` calls a partner and ``L:AH`` lays a card away (``card``); a
    call (``call``); a card played (``card``); ``KH+20`` a marriage lead (``card``,
    ``points``); ``66`` a claim.
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
        if k is Kind.LAYAWAY:
            return f"L:{self.card}"
        return "66"

    def __repr__(self) -> str:
        return f"Action({self})"


PLAYS: tuple[Action, ...] = tuple(Action(Kind.PLAY, c) for c in CARDS)
"""The action of playing each card, by card value."""
CLAIM = Action(Kind.CLAIM)
TRUMP_UP = Action(Kind.TRUMP)
TRUMP_NAMED: tuple[Action, ...] = tuple(Action(Kind.TRUMP, suit=s) for s in Suit)
CALL_ACTIONS: dict[Call, Action] = {c: Action(Kind.CALL, call=c) for c in Call}
_MARRIAGES: dict[tuple[int, int], Action] = {
    (c, pts): Action(Kind.MARRIAGE, c, pts) for c in CARDS for pts in (20, 40)}


def play(card: Card | str) -> Action:
    """The action of playing a card."""
    return PLAYS[parse_card(card) if isinstance(card, str) else card]


def marriage_action(card: int, points: int) -> Action:
    """The action of announcing a marriage and leading ``card`` (KeyError if none)."""
    return _MARRIAGES[(card, points)]


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


_SUIT_SPELLINGS = {0: ("C", "♣", "♧"), 1: ("D", "♦", "♢"), 2: ("H", "♥", "♡"),
                   3: ("S", "♠", "♤")}


def token_table(cards: Iterable[Card], calls: Iterable[Call],
                card_prefixes: Mapping[str, Sequence[Action]]
                ) -> tuple[dict[str, Action], dict[str, Action]]:
    """A game's tokens: every spelling exactly as written (canonical, upper and lower
    case), and the upper-case spellings for any other case. ``card_prefixes`` adds the
    game's card tokens with a prefix (``P:`` a called partner, ``L:`` a card laid away),
    each a table of actions by card value."""
    upper: dict[str, Action] = {"66": CLAIM, "T:UP": TRUMP_UP}
    for c in cards:
        for sp in spellings(c):
            upper[sp] = PLAYS[c]
            for prefix, actions in card_prefixes.items():
                upper[prefix + sp] = actions[c]
            for pts in (20, 40):
                upper[f"{sp}+{pts}"] = _MARRIAGES[(c, pts)]
    for s, names in _SUIT_SPELLINGS.items():
        for n in names:
            upper["T:" + n] = TRUMP_NAMED[s]
    for call in calls:
        upper[call.value.upper()] = CALL_ACTIONS[call]
    exact: dict[str, Action] = {str(a): a for a in upper.values()}
    exact.update(upper)
    exact.update((t.lower(), a) for t, a in upper.items())
    return exact, upper


def token_reader(exact: Mapping[str, Action], upper: Mapping[str, Action], title: str
                 ) -> Callable[[str], Action]:
    """A game's token reader over its :func:`token_table`: any case; ValueError naming
    the game for a token that is none of its actions."""

    def parse_action(token: str) -> Action:
        a = exact.get(token)
        if a is None:
            a = upper.get(token.strip().upper())
            if a is None:
                raise ValueError(f"not a {title} action: {token!r}")
        return a

    return parse_action


# -- outcomes ------------------------------------------------------------------------------------

class End(tricks.ShownByValue, Enum):
    """How a deal with a round of calls ended."""

    CLAIM = "claim"
    FALSE_CLAIM = "false_claim"
    LAST_TRICK = "last_trick"
    CONTRACT_MADE = "contract_made"
    CONTRACT_BROKEN = "contract_broken"
    UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class AuctionOutcome:
    """The result of a deal: the winning side (a seat mask), its game points, how the
    deal ended and the rule that decided it; ``claimant`` is the claiming side's mask.
    A game's subclass names its seats (:attr:`LETTERS`, and :attr:`SEATS` their enum)."""

    LETTERS: ClassVar[str] = ""
    SEATS: ClassVar[tuple[IntEnum, ...]] = ()

    winners: int
    game_points: int
    end: End
    rule: str
    claimant: int = 0

    @property
    def winner(self) -> str:
        """The winning side's seats in seat order: ``"NS"``, ``"ESW"``, ``"BC"``."""
        return "".join(ch for s, ch in enumerate(self.LETTERS) if self.winners >> s & 1)

    @property
    def winner_seats(self) -> tuple[Any, ...]:
        """The seats of the winning side (the game's :attr:`SEATS` where it names them,
        else ints)."""
        seats = self.SEATS or range(len(self.LETTERS))
        return tuple(s for s in seats if self.winners >> s & 1)

    def __str__(self) -> str:
        return f"{self.winner} {self.game_points}"


class Phase(IntEnum):
    """Where a deal stands: fixing trump, calling a partner, the calls, the tricks, over,
    and laying cards away from the talon."""

    TRUMP = 0
    PARTNER = 1
    AUCTION = 2
    PLAY = 3
    OVER = 4
    TALON = 5


_TRUMP, _PARTNER, _AUCTION, _PLAY, _OVER = 0, 1, 2, 3, 4
_K_PLAY, _K_MARRIAGE, _K_CLAIM, _K_CALL = Kind.PLAY, Kind.MARRIAGE, Kind.CLAIM, Kind.CALL
_K_TRUMP = Kind.TRUMP
_WEITER, _SPRITZE = CALL_ACTIONS[Call.WEITER], CALL_ACTIONS[Call.SPRITZE]
_SUIT = SUIT_OF
_plays20 = tricks.PlayTable(PLAYS).extend
_NINES = 0xF << 20


def plays_of(mask: int, out: list[Action]) -> None:
    """Append the play actions of the cards in a mask, in card order (a suit's nine after
    its jack)."""
    if not mask & _NINES:
        _plays20(mask, out)
        return
    for s in range(4):
        _plays20(mask & SUIT_MASKS[s] & 0xFFFFF, out)
        if mask >> (20 + s) & 1:
            out.append(PLAYS[20 + s])


class AuctionPosition(tricks.Refereeing):
    """One moment of a deal with a round of calls as the referee sees it (all cards
    known): what every such game referees alike (see the module docstring).

    Hands are bit masks, ``table`` the card values of the trick in progress, seats ints
    from 0 and sides 0 and 1 (:attr:`side_seats`: the seats of each as a mask). A game's
    subclass sets the class attributes (its seats, contracts, who may call what, the rule
    ids of its rulebook) and its own steps before the play.
    """

    SEATS: ClassVar[tuple[IntEnum, ...]] = ()
    """The game's seats in seat order (its seat enum)."""
    LETTERS: ClassVar[str] = ""
    """The seats' letters in seat order."""
    NEXT: ClassVar[tuple[int, ...]] = ()
    """The seat after each seat, clockwise."""
    LAST: ClassVar[int] = 0
    """Cards on the table when the last card of a trick comes (seats less one)."""
    WATCHES: ClassVar[bool] = False
    """Whether the game learns from a played card (:meth:`_card_seen`)."""
    CONTRACTS: ClassVar[tuple[Call, ...]] = ()
    """The game's contracts in the order the calls offer them."""
    FOREHAND_ONLY: ClassVar[frozenset[Call]] = frozenset()
    """Contracts only forehand may call."""
    NOT_FOREHAND: ClassVar[frozenset[Call]] = frozenset()
    """Contracts forehand may not call."""
    OUTCOME: ClassVar[type[AuctionOutcome]] = AuctionOutcome
    """The game's outcome type."""
    RULES: ClassVar[Mapping[str, str]] = {}
    """The rule ids of the game's rulebook, by what they rule: ``hand``, ``follow``,
    ``head``, ``trump_once``, ``trump_held``, ``speak``, ``may_call``, ``spritze``,
    ``marry``, ``no_marriage``, ``claim``, ``claimed``, ``over``, ``claim_won``,
    ``claim_false``, ``last``, ``points_contract``, ``all_contract``, ``bettler``."""
    OTHER_SIDE: ClassVar[str] = "the other side"
    """Who may say spritze against the holder of the game, in a refusal's words."""

    __slots__ = (
        "best",
        "best_seat",
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
        "last_trick",
        "lead_marriage",
        "leader",
        "marriages",
        "must_head",
        "named_trump",
        "outcome",
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
    profile: Any
    must_head: bool
    forehand: int
    phase: int
    turn: int
    hands: list[int]
    first_three: int
    turned: int
    named_trump: int
    trump: int
    side: tuple[int, ...]
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
    outcome: AuctionOutcome | None

    # -- construction -------------------------------------------------------------------------
    def _start(self, cards: tuple[int, ...], dealer: int, profile: Any, forehand: int) -> None:
        """Set what every deal starts with: nothing called, played or won yet."""
        n = len(self.SEATS)
        self.deck = cards
        self.dealer = dealer
        self.profile = profile
        self.forehand = forehand
        self.must_head = profile.must_head
        self.first_three = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
        self.phase = _TRUMP
        self.turn = forehand
        self.turned = -1
        self.named_trump = -1
        self.trump = -1
        self.calls = ()
        self.high = 0
        self.contract = None
        self.declarer = -1
        self.spritze = -1
        self.leader = forehand
        self.table = ()
        self.best = -1
        self.best_seat = -1
        self.lead_marriage = False
        self.claim_by = -1
        self.claim_seat = -1
        self.claimed = False
        self.points = [0] * n
        self.won = [0] * n
        self.marriages = [0] * n
        self.played = 0
        self.revealed = 0
        self.voids = [0] * n
        self.last_trick = None
        self.tricks_played = 0
        self.outcome = None

    def _copy_into(self, p: AuctionPosition) -> None:
        """Copy the shared state into ``p`` (lists copied, the rest shared)."""
        p.profile = self.profile
        p.must_head = self.must_head
        p.deck = self.deck
        p.dealer = self.dealer
        p.forehand = self.forehand
        p.phase = self.phase
        p.turn = self.turn
        p.hands = self.hands[:]
        p.first_three = self.first_three
        p.turned = self.turned
        p.named_trump = self.named_trump
        p.trump = self.trump
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

    def _set_sides(self, first: int) -> None:
        """Side 0 is the seats of mask ``first``, side 1 the others."""
        n = len(self.SEATS)
        self.side_seats = (first, ((1 << n) - 1) ^ first)
        self.side = tuple(1 - (first >> s & 1) for s in range(n))

    # -- what the table shows -----------------------------------------------------------------
    @property
    def to_move(self) -> Any:
        """Who acts next (a seat): forehand fixing trump, the speaker, the declarer
        laying away, or the next card's player; None once the deal is over."""
        if self.outcome is not None:
            return None
        return self.SEATS[self.turn]

    @property
    def is_over(self) -> bool:
        """Whether the deal is decided (a claim, a contract made or broken, the last trick;
        after the last trick the winning side may still claim, BE5, 3E5)."""
        return self.outcome is not None

    @property
    def holder(self) -> int:
        """The seat that holds the game (BA4, 3A4): the declarer of the highest contract
        called so far, else forehand."""
        d = self.declarer
        return d if d >= 0 else self.forehand

    @property
    def spritze_stands(self) -> bool:
        """Whether a spritze stands: one was said and the game's holder is still not on
        the spritzer's side, so it doubles the deal's game points. False without a
        spritze and for one that lapsed (BAUERN.md: a later contract of the spritzer's
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
    def turn_up_card(self) -> int:
        """The card ``T:up`` turns up for trump (forehand's fourth, BR2, 3R2), as a value."""
        return self._turned_up()

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit in play: None before it is fixed and without trump (BK4, 3K5)."""
        t = self.trump
        return Suit(t) if 0 <= t < 4 else None

    @property
    def turned_card(self) -> Card | None:
        """The card turned up for trump while it is still in forehand's hand (BR2, 3R2)."""
        return CARDS[self.turned] if self.turned >= 0 else None

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order (``table`` as card values)."""
        return [CARDS[c] for c in self.table]

    @property
    def trick_seats(self) -> list[Any]:
        """The seats that played the cards of the trick in progress, in play order."""
        out = []
        s = self.leader
        for _ in self.table:
            out.append(self.SEATS[s])
            s = self.NEXT[s]
        return out

    def hand(self, seat: IntEnum | int) -> list[Card]:
        """A seat's hand, in card order."""
        return cards_in(self.hands[seat])

    def side_of(self, seat: IntEnum | int) -> int:
        """The side (0 or 1) of a seat in this deal."""
        return self.side[seat]

    def letters(self, mask: int) -> str:
        """The seats of a seat mask as letters in seat order."""
        return "".join(ch for s, ch in enumerate(self.LETTERS) if mask >> s & 1)

    def side_name(self, side: int) -> str:
        """A side's seats as letters in seat order (``"NS"``, ``"ESW"``, ``"BC"``)."""
        return self.letters(self.side_seats[side])

    @property
    def side_names(self) -> tuple[str, str]:
        """Both sides' names, side 0 first."""
        return (self.letters(self.side_seats[0]), self.letters(self.side_seats[1]))

    def side_tricks(self, side: int) -> int:
        """Tricks won by the seats of a side."""
        m = self.side_seats[side]
        w = self.won
        return sum(w[s] for s in range(len(w)) if m >> s & 1)

    def side_card_points(self, side: int) -> int:
        """Card points of the tricks won by the seats of a side."""
        m = self.side_seats[side]
        pts = self.points
        return sum(pts[s] for s in range(len(pts)) if m >> s & 1)

    def declarer_score(self) -> int:
        """The declarer's own score in Schnapser and Kontraschnapser (BK2, 3K2): his
        tricks' card points and his marriages once he has a trick; 0 without a declarer."""
        d = self.declarer
        if d < 0:
            return 0
        return self.points[d] + (self.marriages[d] if self.won[d] else 0)

    def score(self, side: int) -> int:
        """A side's score (BE1, 3E1): its card points plus the marriages that count for
        it (the side's own once it has a trick; in Schnapser and Kontraschnapser only the
        declarer's, once he has a trick; none in the other contracts)."""
        return self.score_of(self.side_seats[side])

    def score_of(self, seats: int) -> int:
        """The score :meth:`score` gives the seats of a seat mask (a side, or the part
        of one a player knows)."""
        pts = self.points
        won = self.won
        mar = self.marriages
        total = 0
        tricks_won = 0
        married = 0
        for s in range(len(pts)):
            if seats >> s & 1:
                total += pts[s]
                tricks_won += won[s]
                married += mar[s]
        c = self.contract
        if c is None:
            return total + married if tricks_won else total
        d = self.declarer
        if c.points_count and seats >> d & 1 and won[d]:
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
        """Marriage points of a side still waiting for its first trick (BM2, 3M2)."""
        c = self.contract
        if c is not None:
            d = self.declarer
            if not c.points_count or self.side[d] != side or self.won[d]:
                return 0
            return self.marriages[d]
        if self.side_tricks(side):
            return 0
        m = self.side_seats[side]
        return sum(self.marriages[s] for s in range(len(self.marriages)) if m >> s & 1)

    def number_before(self, action: Action) -> int | None:
        """The trick number the canonical form writes before ``action`` played here: the
        next trick's number before its first card, else None."""
        if (self.phase == _PLAY and not self.table
                and (action.kind is _K_PLAY or action.kind is _K_MARRIAGE)):
            return self.tricks_played + 1
        return None

    @property
    def deal_tricks(self) -> int:
        """Tricks in a deal: one per card of a hand."""
        n: int = self.profile.tricks
        return n

    # -- legal actions ------------------------------------------------------------------------
    def _follow(self, hand: int) -> int:
        """The cards of ``hand`` that may follow to the trick in progress (BP2, 3P2)."""
        return follow_mask(hand, self.table[0], self.best, self.trump, self.must_head)

    def legal_actions(self) -> list[Action]:
        """Every action that may come next (after the last trick: the claim BE5, 3E5
        allows)."""
        ph = self.phase
        out: list[Action] = []
        if ph in (_PLAY, _OVER):
            return self._play_actions(out)
        if ph == _AUCTION:
            return self._call_actions(out)
        if ph == _TRUMP:
            return self._trump_actions(out)
        return self._own_actions(out)

    def _own_actions(self, out: list[Action]) -> list[Action]:
        """The legal actions of the game's own step (a partner call, a card laid away)."""
        return out

    def _play_actions(self, out: list[Action]) -> list[Action]:
        """The legal actions of the play and after it (claims, marriages, cards)."""
        if self.phase == _OVER:
            if not self.claimed and self.claim_by >= 0:
                out.append(CLAIM)
            return out
        hand = self.hands[self.turn]
        if self.table:
            plays_of(self._follow(hand), out)
            if self.lead_marriage and self.claim_by >= 0:
                out.append(CLAIM)
            return out
        if self.claim_by >= 0:
            out.append(CLAIM)
        c = self.contract
        if c is None or c.points_count:
            t = self.trump
            for s in range(4):
                if hand >> (s * 5 + 2) & 3 == 3:
                    pts = 40 if s == t else 20
                    out.append(_MARRIAGES[(s * 5 + 2, pts)])
                    out.append(_MARRIAGES[(s * 5 + 3, pts)])
        plays_of(hand, out)
        return out

    def _call_actions(self, out: list[Action]) -> list[Action]:
        """The calls the speaker may make."""
        out.append(_WEITER)
        if self._spritze_problem() is None:
            out.append(_SPRITZE)
        fh = self.turn == self.forehand
        banned = self.NOT_FOREHAND if fh else self.FOREHAND_ONLY
        for call in self.CONTRACTS:
            if CALL_VALUES[call] > self.high and call not in banned:
                out.append(CALL_ACTIONS[call])
        return out

    def _trump_actions(self, out: list[Action]) -> list[Action]:
        """Naming a suit among forehand's first three cards, or turning up."""
        ft = self.first_three
        out.extend(TRUMP_NAMED[s] for s in range(4) if ft & SUIT_MASKS[s])
        out.append(TRUMP_UP)
        return out

    def _spritze_problem(self) -> tuple[str, str] | None:
        """Why the speaker may not say spritze now (BA4, 3A4); None when he may: once a
        deal, and only a seat not on the side of the game's holder (:attr:`holder`)."""
        rule = self.RULES["spritze"]
        seats = self.SEATS
        if self.spritze >= 0:
            return rule, f"{seats[self.spritze]} already said spritze: once a deal"
        me = self.turn
        holder = self.holder
        if self.side[me] == self.side[holder]:
            if me == holder:
                return rule, (f"{seats[me]} holds the game: only {self.OTHER_SIDE} may say "
                              "spritze")
            return rule, (f"{seats[me]} sits with {seats[holder]}, who holds the game: only "
                          f"{self.OTHER_SIDE} may say spritze")
        return None

    # -- checking -----------------------------------------------------------------------------
    def check(self, action: Action) -> tuple[str, str] | None:
        """Why ``action`` is illegal here, as ``(rule id, message)``; None when it is legal."""
        if action.kind is _K_PLAY and self.phase == _PLAY:
            c = action.card
            assert c is not None
            seat = self.turn
            hand = self.hands[seat]
            if not hand >> c & 1:
                return self.RULES["hand"], f"{c} is not in {self.SEATS[seat]}'s hand"
            trick = self.table
            if trick:
                if _SUIT[c] == _SUIT[trick[0]] and not self.must_head:
                    return None  # following suit is always allowed without the duty to head
                if not follow_mask(hand, trick[0], self.best, self.trump,
                                   self.must_head) >> c & 1:
                    return self.RULES["follow"], f"{c} {self._follow_reason(c)}"
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
                return self.RULES["hand"], f"{c} is not in {self.SEATS[self.turn]}'s hand"
            trick = self.table
            if trick and (_SUIT[c] != _SUIT[trick[0]] or self.must_head) and not follow_mask(
                    hand, trick[0], self.best, self.trump, self.must_head) >> c & 1:
                return self.RULES["follow"], f"{c} {self._follow_reason(c)}"
            self._card(c)
            return None
        err = self._check_other(action)
        if err is None:
            self.apply_unchecked(action)
        return err

    def _own_problem(self, action: Action) -> tuple[str, str] | None:
        """Why an action of the game's own steps (a partner call, a card laid away) is
        illegal here; None when legal."""
        return self.RULES["hand"], f"{action} is no action of this game"

    def _step_problem(self, action: Action) -> tuple[str, str] | None:
        """Why a call, card, marriage or claim cannot come in one of the game's own
        phases (a partner to call, cards to lay away)."""
        return self.RULES["speak"], f"{action} cannot come yet"

    def _check_other(self, action: Action) -> tuple[str, str] | None:
        kind = action.kind
        ph = self.phase
        r = self.RULES
        if kind is _K_TRUMP:
            if ph != _TRUMP:
                return r["trump_once"], "trump is fixed once, before anything else"
            s = action.suit
            if s is not None and not self.first_three & SUIT_MASKS[s]:
                return r["trump_held"], (f"forehand {self.SEATS[self.forehand]} holds no "
                                         f"{s.title} among his first three cards")
            return None
        if kind is not _K_CALL and kind is not _K_PLAY and kind is not _K_MARRIAGE \
                and kind is not _K_CLAIM:
            return self._own_problem(action)
        if kind is _K_CALL:
            if ph == _TRUMP:
                return r["trump_once"], "forehand fixes trump before the calls"
            if ph == _AUCTION:
                return self._call_problem(action)
            if ph != _PLAY and ph != _OVER:
                return self._step_problem(action)
            return r["speak"], "each player speaks once, in the round before the first trick"
        # cards, marriages, claims
        if ph == _OVER:
            if self.claimed:
                return r["claimed"], f"the deal ended with a claim; {action} cannot follow"
            if kind is _K_CLAIM and self.claim_by >= 0:
                return None
            return r["over"], f"the deal is over; {action} cannot follow"
        if ph == _TRUMP:
            return r["trump_once"], f"forehand fixes trump first; {action} cannot come yet"
        if ph == _AUCTION:
            if kind is _K_CLAIM:
                return r["claim"], ("a claim is made right after a trick or a marriage "
                                    "announcement")
            return r["speak"], (f"{self.SEATS[self.turn]} has not spoken yet: the round of "
                                "calls comes before the first card")
        if ph != _PLAY:
            return self._step_problem(action)
        if kind is _K_CLAIM:
            if self.contract is not None:
                return r["claim"], (f"no claim in a {self.contract}: the contract decides "
                                    "the deal")
            if self.claim_by >= 0 and (not self.table or self.lead_marriage):
                return None
            return r["claim"], ("a side claims right after winning a trick or announcing a "
                                "marriage")
        if kind is _K_MARRIAGE:
            return self._marriage_problem(action)
        c = action.card  # a card, outside the play's fast path: cannot happen in play
        assert c is not None
        return r["hand"], f"{c} cannot be played now"

    def _call_problem(self, action: Action) -> tuple[str, str] | None:
        call = action.call
        assert call is not None
        me = self.SEATS[self.turn]
        if call is Call.WEITER:
            return None
        if call is Call.SPRITZE:
            return self._spritze_problem()
        if call not in self.CONTRACTS:
            return self.RULES["may_call"], f"{call} is no contract of this game"
        fh = self.turn == self.forehand
        if fh and call in self.NOT_FOREHAND:
            return self.RULES["may_call"], f"forehand {me} may not call {call}"
        if not fh and call in self.FOREHAND_ONLY:
            return self.RULES["may_call"], f"only forehand may call {call}, not {me}"
        if CALL_VALUES[call] <= self.high:
            best = max((c for c in self.calls if c.is_contract), key=lambda c: c.value_points)
            return self.RULES["speak"], (f"{call} ({call.value_points}) is not worth more "
                                         f"than {best} ({best.value_points}), already called")
        return None

    def _marriage_problem(self, action: Action) -> tuple[str, str] | None:
        c = action.card
        assert c is not None
        seat = self.SEATS[self.turn]
        r = self.RULES
        if self.table:
            return r["marry"], f"{seat} follows now; a marriage is announced by the leader"
        contract = self.contract
        if contract is not None and not contract.points_count:
            return r["no_marriage"], f"no marriages in a {contract}"
        s = _SUIT[c]
        if RANK_OF[c] not in (Rank.K, Rank.Q):
            return r["marry"], f"a marriage is led with its king or queen, not {CARDS[c]}"
        if self.hands[self.turn] >> (s * 5 + 2) & 3 != 3:
            return r["marry"], f"{seat} does not hold both K{Suit(s)} and Q{Suit(s)}"
        want = 40 if s == self.trump else 20
        if action.points != want:
            return r["marry"], f"a marriage in {Suit(s).title} counts {want}, not {action.points}"
        return None

    def _follow_reason(self, c: int) -> str:
        hand = self.hands[self.turn]
        lead = self.table[0]
        same = hand & SUIT_MASKS[_SUIT[lead]]
        head = self.RULES["head"]
        if same:
            if _SUIT[c] == _SUIT[lead]:
                return (f"does not beat {CARDS[self.best]} though {self.SEATS[self.turn]} can "
                        f"({head})")
            return f"does not follow {Suit(_SUIT[lead]).title}"
        if _SUIT[c] == self.trump:
            return (f"does not beat {CARDS[self.best]} though {self.SEATS[self.turn]} can "
                    f"({head})")
        return "is no trump, though the follower is void in the led suit and holds one"

    # -- playing ------------------------------------------------------------------------------
    def _own_step(self, a: Action) -> None:
        """Apply an action of the game's own steps (a partner call, a card laid away)."""
        raise NotImplementedError

    def _after_calls(self) -> None:
        """What follows the last call: the play (or the game's own steps before it)."""
        self._start_play()

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
            self._own_step(a)

    def _turned_up(self) -> int:
        """The card turned up for trump (forehand's fourth card)."""
        raise NotImplementedError

    def _after_trump(self) -> int:
        """The phase after trump is fixed."""
        return _AUCTION

    def _fix_trump(self, a: Action) -> None:
        if a.suit is None:
            card = self._turned_up()
            self.turned = card
            self.revealed |= 1 << card
            self.named_trump = _SUIT[card]
        else:
            self.named_trump = int(a.suit)
        self.trump = self.named_trump
        self.turn = self.forehand
        self.phase = self._after_trump()

    def _contract_called(self, me: int) -> None:
        """A contract was called by ``me``: he holds the game now."""

    def _call(self, a: Action) -> None:
        call = a.call
        assert call is not None
        me = self.turn
        v = CALL_VALUES[call]
        if v:
            self.high = v
            self.contract = call
            self.declarer = me
            self._contract_called(me)
        elif call is Call.SPRITZE:
            self.spritze = me
        calls = (*self.calls, call)
        self.calls = calls
        if len(calls) < len(self.SEATS):
            self.turn = self.NEXT[me]
            return
        self._after_calls()

    def _start_play(self) -> None:
        """The first lead: the declarer's in his own contracts, else forehand's; no trump
        in Gang and Bettler."""
        self.phase = _PLAY
        c = self.contract
        if c is not None and c.no_trump:
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
        if self.WATCHES:
            self._card_seen(c)
        trick = self.table
        nxt = self.NEXT[seat]
        if not trick:
            self.table = (c,)
            self.best = c
            self.best_seat = seat
            self.lead_marriage = False
            self.claim_by = -1
            self.turn = nxt
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
        if len(trick) < self.LAST:
            self.table = (*trick, c)
            self.turn = nxt
            return
        self._finish_trick((*trick, c))

    def _card_seen(self, c: int) -> None:
        """A card was played: what the game learns from it (a called card shows the
        partner)."""

    def _finish_trick(self, trick: tuple[int, ...]) -> None:
        w = self.best_seat
        self.points[w] += sum(map(CARD_POINTS.__getitem__, trick))
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
                self._end(self.side_seats[self.side[w]], 1, End.LAST_TRICK, self.RULES["last"])
            return
        d = self.declarer
        if c.all_tricks:
            if w != d:
                self._contract_end(False)
            elif n == self.profile.tricks:
                self._contract_end(True)
        elif c.no_tricks:
            if w == d:
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
            self._end(claimant, gp, End.CLAIM, self.RULES["claim_won"], claimant)
        else:
            gp = false_claim_points(self.side_tricks(other))
            self._end(self.side_seats[other], gp, End.FALSE_CLAIM, self.RULES["claim_false"],
                      claimant)

    def _contract_end(self, made: bool) -> None:
        c = self.contract
        assert c is not None
        side = self.side[self.declarer]
        winners = self.side_seats[side if made else 1 - side]
        rule = self.RULES["all_contract" if c.all_tricks else
                          "bettler" if c.no_tricks else "points_contract"]
        self._end(winners, c.value_points, End.CONTRACT_MADE if made else End.CONTRACT_BROKEN,
                  rule)

    def _end(self, winners: int, gp: int, end: End, rule: str, claimant: int = 0) -> None:
        if self.spritze_stands:
            gp *= 2
        self.outcome = self.OUTCOME(winners, gp, end, rule, claimant)
        self.phase = _OVER
        if end is not End.LAST_TRICK:
            self.claim_by = -1

    # -- helpers --------------------------------------------------------------------------------
    def claim_is_correct(self, side: int) -> bool:
        """Whether a claim by ``side`` would be correct now (score at least 66)."""
        return self.score(side) >= 66

    def replay(self, actions: Iterable[Action | str]) -> list[Any]:
        """The positions after each of ``actions`` from this one (this one first);
        raise the game's IllegalAction at the first illegal one (see
        :func:`schnapsen_lab.games.protocol.replay` for the form that returns the error
        with its index)."""
        out: list[Any] = [self]
        p = self
        for a in actions:
            p = p.play(a)
            out.append(p)
        return out
