"""The referee of the two-player talon games: profiles, positions of a deal, legal
actions and outcomes (RULES.md for Schnapsen, SECHSUNDSECHZIG.md for Sechsundsechzig).

One referee serves the family: everything in which the games differ (the pack, the deal,
the exchange card, when closing and marriages are allowed, the last trick's 10, how a
deal played out, a false claim and a closing are scored, the rule ids cited) is a field
of the :class:`Profile`, never a test of a game's name.

A :class:`Position` is one moment of a deal. It is treated as immutable:
:meth:`Position.play` returns the next position, so stepping back is keeping the
old one. Every rule check names its rule id; an illegal action raises
:class:`IllegalAction` with that id and the list of legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum, IntEnum
from typing import Any

from ... import tricks
from ...cards import (
    CARD_POINTS,
    CARDS,
    PACK20,
    RANK_OF,
    SUIT_OF,
    Card,
    Pack,
    Rank,
    Suit,
    cards_in,
    parse_card,
)
from ...tricks import SUIT_MASKS as _SUIT_MASKS
from ...tricks import false_claim_points, won_deal_points

__all__ = [
    "BAUERN2",
    "BEGINNER",
    "CLAIM",
    "CLOSE",
    "DEALS",
    "EXCHANGE",
    "EXCHANGE_CARDS",
    "PROFILES",
    "SOFT",
    "STRICT",
    "Action",
    "ActionKind",
    "End",
    "IllegalAction",
    "Outcome",
    "Position",
    "Profile",
    "Seat",
    "TrickReview",
    "marriage",
    "parse_action",
    "play",
    "profile_named",
]


class Seat(IntEnum):
    """The two players of a match: A and B."""

    A = 0
    B = 1

    @property
    def other(self) -> Seat:
        """The other player."""
        return SEATS[1 - self]

    def __str__(self) -> str:
        return self.name


SEATS = (Seat.A, Seat.B)


class TrickReview(Enum):
    """Which won tricks a player may look through (K1)."""

    OWN_AND_OPPONENT_LAST = "own"
    LAST_ONLY = "last"


DEALS: dict[str, tuple[tuple[int, ...], tuple[int, ...], int]] = {
    "3-trump-2": ((0, 1, 2, 7, 8), (3, 4, 5, 9, 10), 6),
    "3-3": ((0, 1, 2, 6, 7, 8), (3, 4, 5, 9, 10, 11), 12),
    "3-trump-3": ((0, 1, 2, 7, 8, 9), (3, 4, 5, 10, 11, 12), 6),
}
"""The deals a profile may name: the deck positions (from 0) of forehand's cards, of the
dealer's and of the trump indicator; the talon is the rest, after the last of them
(RULES.md S3: ``3-trump-2``; SECHSUNDSECHZIG.md 6D1: ``3-3``, 6P1: ``3-trump-3``)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A rules profile: the data the engine reads (it never looks at the name).

    ``close_min_talon`` is the smallest talon (face-down cards plus the indicator)
    that may be closed, or ``None`` where closing is never allowed;
    ``marriage_ranks`` are the ranks a marriage may be led with; ``must_head``
    whether F2 binds the follower to beat the lead when he can (off: follow suit, else
    trump, as BAUERN.md BZ3); ``schneider_below`` the loser's score below which a won
    deal counts 2 rather than 1 (G1, C2: 33; BAUERN.md BG1: 34, "33 or less");
    ``match_start`` and ``match_target`` every counter at a match's start and the value
    that decides it, counting down (B1: 7 to 0) or up (BZ5: 0 to 21).

    The fields after these are where Sechsundsechzig differs (SECHSUNDSECHZIG.md 6P1);
    their defaults are Schnapsen's. ``pack`` the cards dealt; ``deal`` a key of
    :data:`DEALS`; ``exchange_rank`` the trump card exchanged for the indicator (X1: the
    jack; 6X1: the nine); ``exchange_needs_trick`` whether the leader must have won a
    trick to exchange (6X1); ``exchange_trump_lead`` whether a trump may be led at the
    lead of an exchange (RULES.md X2); ``close_first_lead`` whether the talon may be
    closed before the first trick (6C1: not); ``late_marriages`` whether marriages may be
    announced once the talon is exhausted or closed; ``last_trick_bonus`` the points the
    winner of the last trick of a deal played out adds to his score (6L1: 10);
    ``played_out`` who wins a deal played out without a claim: ``last_trick`` (G3: its
    winner, 1 game point) or ``higher_score`` (6G3: the higher score, game points by the
    loser's score and tricks); ``standoff`` whether equal scores then are a standoff
    (6G4) rather than a win of 1 for the last trick's winner; ``false_claim`` ``2or3``
    (G2: 3 when the opponent has no trick) or ``2`` (6G2); ``closed_scoring``
    ``at_close`` (C2: the opponent's score and tricks when the talon was closed) or
    ``at_claim`` (6C2); ``rule_prefix`` the prefix of the rule ids cited (``6`` cites
    6X1 where Schnapsen cites X1); ``game`` the key of the game whose profile it is.
    """

    name: str
    close_min_talon: int | None = 2
    marriage_ranks: frozenset[Rank] = frozenset({Rank.K, Rank.Q})
    trick_review: TrickReview = TrickReview.OWN_AND_OPPONENT_LAST
    must_head: bool = True
    schneider_below: int = 33
    match_start: int = 7
    match_target: int = 0
    pack: Pack = PACK20
    deal: str = "3-trump-2"
    exchange_rank: Rank = Rank.J
    exchange_needs_trick: bool = False
    exchange_trump_lead: bool = True
    close_first_lead: bool = True
    late_marriages: bool = True
    last_trick_bonus: int = 0
    played_out: str = "last_trick"
    standoff: bool = False
    false_claim: str = "2or3"
    closed_scoring: str = "at_close"
    rule_prefix: str = ""
    game: str = "schnapsen"
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    """The hash of the fields, computed once."""

    def __hash__(self) -> int:
        return self._hash  # the fields' hash, once: a profile keys many tables

    def __reduce__(self) -> tuple[Any, ...]:
        # built anew where it is unpickled: its hash is that process's
        return type(self), tuple(getattr(self, f.name) for f in fields(self) if f.init)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(tuple(
            getattr(self, f.name) for f in fields(self) if f.compare)))
        layout = DEALS.get(self.deal)
        if layout is None:
            raise ValueError(f"deal is one of {', '.join(DEALS)}, not {self.deal!r}")
        if len(layout[0]) * 2 + 1 + 2 > self.pack.size:
            raise ValueError(f"the deal {self.deal} needs more than {self.pack.size} cards")
        if self.played_out not in ("last_trick", "higher_score"):
            raise ValueError(f"played_out is last_trick or higher_score, not {self.played_out!r}")
        if self.false_claim not in ("2", "2or3"):
            raise ValueError(f"false_claim is 2 or 2or3, not {self.false_claim!r}")
        if self.closed_scoring not in ("at_close", "at_claim"):
            raise ValueError(f"closed_scoring is at_close or at_claim, not "
                             f"{self.closed_scoring!r}")

    @property
    def hand_size(self) -> int:
        """Cards in each hand as dealt (5 in Schnapsen, 6 in Sechsundsechzig)."""
        return len(DEALS[self.deal][0])

    def rule(self, rule_id: str) -> str:
        """The id this profile's rulebook gives rule ``rule_id`` of RULES.md (``X1``, or
        ``6X1`` in Sechsundsechzig)."""
        return self.rule_prefix + rule_id

    def __str__(self) -> str:
        return self.name


SOFT = Profile("soft")
STRICT = Profile("strict", close_min_talon=4, marriage_ranks=frozenset({Rank.K}),
                 trick_review=TrickReview.LAST_ONLY)
BEGINNER = Profile("beginner", close_min_talon=None)
BAUERN2 = Profile("bauern2", close_min_talon=None, must_head=False, schneider_below=34,
                  match_start=0, match_target=21)
"""The two-player form of Bauernschnapsen (BAUERN.md BZ): no closing, no duty to beat,
BG1's thresholds, a match counting up to 21."""
PROFILES: dict[str, Profile] = {p.name: p for p in (SOFT, STRICT, BEGINNER, BAUERN2)}


def profile_named(name: str, extra: Iterable[Profile] = ()) -> Profile:
    """The profile of that name among the built-in ones and ``extra``; raise KeyError."""
    return tricks.named_profile(name, PROFILES, extra)


class ActionKind(Enum):
    """What an action does."""

    PLAY = "play"
    EXCHANGE = "exchange"
    CLOSE = "close"
    MARRIAGE = "marriage"
    CLAIM = "claim"


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a deal; ``str()`` is its PSN token: ``AH``, ``X``, ``C``, ``KH+20``, ``66``."""

    kind: ActionKind
    card: Card | None = None
    points: int = 0

    def __str__(self) -> str:
        k = self.kind
        if k is ActionKind.PLAY:
            return str(self.card)
        if k is ActionKind.MARRIAGE:
            return f"{self.card}+{self.points}"
        return _KIND_TOKENS[k]

    def __repr__(self) -> str:
        return f"Action({self})"


_KIND_TOKENS = {ActionKind.EXCHANGE: "X", ActionKind.CLOSE: "C", ActionKind.CLAIM: "66"}

EXCHANGE = Action(ActionKind.EXCHANGE)
CLOSE = Action(ActionKind.CLOSE)
CLAIM = Action(ActionKind.CLAIM)
PLAYS: tuple[Action, ...] = tuple(Action(ActionKind.PLAY, c) for c in CARDS)
_MARRIAGES: dict[tuple[int, int], Action] = {
    (c, pts): Action(ActionKind.MARRIAGE, c, pts)
    for c in CARDS if c.rank in (Rank.K, Rank.Q) for pts in (20, 40)
}


def play(card: Card | str) -> Action:
    """The action of playing a card."""
    c = parse_card(card) if isinstance(card, str) else card
    return PLAYS[c]


def marriage(card: Card | str, points: int) -> Action:
    """The action of announcing a marriage (20 or 40) and leading ``card`` (a K or Q)."""
    c = parse_card(card) if isinstance(card, str) else card
    try:
        return _MARRIAGES[(c, points)]
    except KeyError:
        raise ValueError(f"not a marriage: {c}+{points}") from None


_TOKEN_ACTIONS: dict[str, Action] = {"X": EXCHANGE, "C": CLOSE, "66": CLAIM}


def parse_action(token: str) -> Action:
    """Read a PSN action token (any case, ``10`` or suit symbols allowed); raise ValueError."""
    t = token.strip()
    a = _TOKEN_ACTIONS.get(t.upper())
    if a is not None:
        return a
    if "+" in t:
        card_text, _, num = t.partition("+")
        if num not in ("20", "40"):
            raise ValueError(f"not an action: {token!r} (a marriage is +20 or +40)")
        return marriage(parse_card(card_text), int(num))
    try:
        return PLAYS[parse_card(t)]
    except ValueError:
        raise ValueError(f"not an action: {token!r}") from None


class End(tricks.ShownByValue, Enum):
    """How a deal ended."""

    CLAIM = "claim"
    FALSE_CLAIM = "false_claim"
    LAST_TRICK = "last_trick"
    STANDOFF = "standoff"
    UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished deal: who won, how many game points, how, and by which rule.

    A standoff (SECHSUNDSECHZIG.md 6G4) has no winner (``winner`` None, 0 game points);
    it is written ``=``.
    """

    winner: Seat | None
    game_points: int
    end: End
    rule: str
    claimant: Seat | None = None

    def __str__(self) -> str:
        return "=" if self.winner is None else f"{self.winner} {self.game_points}"


class IllegalAction(tricks.IllegalAction):
    """An action the rules forbid; carries the rule id and what was legal."""


_KINGS_QUEENS = 0b01100_01100_01100_01100
EXCHANGE_CARDS: dict[Rank, tuple[int, int, int, int]] = {
    r: (int(Card.of(r, Suit.C)), int(Card.of(r, Suit.D)), int(Card.of(r, Suit.H)),
        int(Card.of(r, Suit.S))) for r in Rank}
"""The card of each rank in each suit: the exchange card of a trump suit."""


_plays = tricks.PlayTable(PLAYS).extend
"""Append the play actions of the cards in a mask, in card order."""


class Position(tricks.Refereeing):
    """One moment of a deal, as the referee sees it (all cards known).

    Build the first one with :meth:`Position.deal`; get the next with :meth:`play`.
    Attributes are read-only by convention; hands are bit masks, see :meth:`hand`.
    """

    illegal_action = IllegalAction
    parse_token = staticmethod(parse_action)
    __slots__ = (
        "bonus_to",
        "claim_by",
        "claimed",
        "closed_by",
        "closed_opp_score",
        "closed_opp_tricks",
        "dealer",
        "deck",
        "exchange_cards",
        "exchanged",
        "exhausted",
        "hands",
        "indicator",
        "last_trick",
        "lead",
        "lead_marriage",
        "leader",
        "marriage_points",
        "next_draw",
        "outcome",
        "pending",
        "played",
        "profile",
        "revealed",
        "trick_points",
        "tricks",
        "trump",
    )

    deck: tuple[int, ...]
    dealer: int
    profile: Profile
    exchange_cards: tuple[int, int, int, int]
    exchanged: bool
    bonus_to: int
    trump: int
    hands: list[int]
    next_draw: int
    indicator: int
    exhausted: bool
    closed_by: int
    closed_opp_tricks: int
    closed_opp_score: int
    leader: int
    lead: int
    lead_marriage: bool
    claim_by: int
    claimed: bool
    trick_points: list[int]
    marriage_points: list[int]
    pending: list[int]
    tricks: list[int]
    played: int
    revealed: list[int]
    last_trick: tuple[int, int, int] | None
    outcome: Outcome | None

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def deal(cls, deck: Sequence[int | Card | str], dealer: Seat | int = Seat.B,
             profile: Profile = SOFT) -> Position:
        """The position as dealt (S3, 6D1) from a deck order of the profile's pack."""
        cards = tuple(parse_card(c) if isinstance(c, str) else int(c) for c in deck)
        if profile.pack.check_deck(cards) is not None:
            rule = profile.rule("D1") if profile.rule_prefix else "S3"
            raise IllegalAction(rule, f"a deck is {profile.pack.size} distinct cards")
        return cls.dealt(cards, int(dealer), profile)

    @classmethod
    def dealt(cls, cards: tuple[int, ...], dealer: int, profile: Profile) -> Position:
        """The position as dealt from a deck already known to hold the profile's pack once
        each."""
        d = dealer
        f = 1 - d
        p = cls.__new__(cls)
        p.deck = cards
        p.dealer = d
        p.profile = profile
        p.exchange_cards = EXCHANGE_CARDS[profile.exchange_rank]
        p.exchanged = False
        p.bonus_to = -1
        fore, deal, at = DEALS[profile.deal]
        ind = cards[at]
        p.trump = SUIT_OF[ind]
        hands = [0, 0]
        for i in fore:
            hands[f] |= 1 << cards[i]
        for i in deal:
            hands[d] |= 1 << cards[i]
        p.hands = hands
        p.next_draw = max(fore[-1], deal[-1], at) + 1
        p.indicator = ind
        p.exhausted = False
        p.closed_by = -1
        p.closed_opp_tricks = 0
        p.closed_opp_score = 0
        p.leader = f
        p.lead = -1
        p.lead_marriage = False
        p.claim_by = -1
        p.claimed = False
        p.trick_points = [0, 0]
        p.marriage_points = [0, 0]
        p.pending = [0, 0]
        p.tricks = [0, 0]
        p.played = 0
        p.revealed = [0, 0]
        p.last_trick = None
        p.outcome = None
        return p

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        p.deck = self.deck
        p.dealer = self.dealer
        p.profile = self.profile
        p.exchange_cards = self.exchange_cards
        p.exchanged = self.exchanged
        p.bonus_to = self.bonus_to
        p.trump = self.trump
        p.hands = self.hands[:]
        p.next_draw = self.next_draw
        p.indicator = self.indicator
        p.exhausted = self.exhausted
        p.closed_by = self.closed_by
        p.closed_opp_tricks = self.closed_opp_tricks
        p.closed_opp_score = self.closed_opp_score
        p.leader = self.leader
        p.lead = self.lead
        p.lead_marriage = self.lead_marriage
        p.claim_by = self.claim_by
        p.claimed = self.claimed
        p.trick_points = self.trick_points[:]
        p.marriage_points = self.marriage_points[:]
        p.pending = self.pending[:]
        p.tricks = self.tricks[:]
        p.played = self.played
        p.revealed = self.revealed[:]
        p.last_trick = self.last_trick
        p.outcome = self.outcome
        return p

    # -- what a player sees -------------------------------------------------------------------
    @property
    def forehand(self) -> Seat:
        """The player who is not the dealer and leads first (S2, S4)."""
        return SEATS[1 - self.dealer]

    @property
    def trump_suit(self) -> Suit:
        """The trump suit."""
        return Suit(self.trump)

    @property
    def to_move(self) -> Seat | None:
        """Who acts next (the leader, or the follower after a lead); None once the deal is over.

        After the last trick it is None too: the deal is over unless the trick's winner
        (the leader) makes the claim that :meth:`legal_actions` still lists (E2 a).
        """
        if self.outcome is not None:
            return None
        return SEATS[self.leader if self.lead < 0 else 1 - self.leader]

    @property
    def is_over(self) -> bool:
        """Whether the deal has a result: after a claim, or after the last trick.

        After the last trick :attr:`outcome` is the last-trick result (G3, C3), which
        stands when the deal ends there; the trick's winner may still claim (E2 a), and
        that claim, the one action :meth:`legal_actions` then lists, replaces it.
        """
        return self.outcome is not None

    @property
    def talon_open(self) -> bool:
        """Neither closed nor exhausted."""
        return self.closed_by < 0 and not self.exhausted

    @property
    def talon_size(self) -> int:
        """Cards left in the talon, counting the indicator (S3)."""
        return (len(self.deck) - self.next_draw
                + (1 if self.indicator >= 0 and not self.exhausted else 0))

    @property
    def face_up_indicator(self) -> Card | None:
        """The indicator while it lies face up (not taken, not turned down by closing)."""
        if self.indicator < 0 or self.exhausted or self.closed_by >= 0:
            return None
        return CARDS[self.indicator]

    @property
    def talon_cards(self) -> list[Card]:
        """The face-down talon, top first (hidden from both players)."""
        return [CARDS[c] for c in self.deck[self.next_draw:]] if not self.exhausted else []

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order."""
        return [] if self.lead < 0 else [CARDS[self.lead]]

    @property
    def tricks_played(self) -> int:
        """Tricks completed so far."""
        return self.tricks[0] + self.tricks[1]

    @property
    def closed(self) -> bool:
        """Whether the talon was closed."""
        return self.closed_by >= 0

    def hand(self, seat: Seat | int) -> list[Card]:
        """A player's hand, in card order."""
        return cards_in(self.hands[seat])

    @property
    def exchange_card(self) -> Card:
        """The trump card that may be exchanged for the indicator (X1: the trump jack;
        6X1: the trump nine)."""
        return CARDS[self.exchange_cards[self.trump]]

    def score(self, seat: Seat | int) -> int:
        """E1 score: card points of won tricks plus effective marriages (and the last
        trick's bonus, 6L1, which is kept with the card points)."""
        return self.trick_points[seat] + self.marriage_points[seat]

    @property
    def scores(self) -> tuple[int, int]:
        """Both E1 scores, A first."""
        return (self.trick_points[0] + self.marriage_points[0],
                self.trick_points[1] + self.marriage_points[1])

    # -- legal actions ------------------------------------------------------------------------
    def _follow_mask(self) -> int:
        """Cards the follower may play to the current lead."""
        hand = self.hands[1 - self.leader]
        if self.closed_by < 0 and not self.exhausted:
            return hand
        lead = self.lead
        same = hand & _SUIT_MASKS[SUIT_OF[lead]]
        if same:
            if not self.profile.must_head:
                return same
            higher = same & ((1 << lead) - 1)
            return higher or same
        trumps = hand & _SUIT_MASKS[self.trump]
        return trumps or hand

    def legal_actions(self) -> list[Action]:
        """Every action that may come next: exchange, close, marriages, cards, claims.

        After the last trick it is the claim of that trick's winner alone (E2 a); the
        deal may also end there without it (E5, then :attr:`outcome` stands). After a
        claim it is empty.
        """
        if self.outcome is not None:
            return [CLAIM] if not self.claimed and self.claim_by >= 0 else []
        out: list[Action] = []
        if self.lead < 0:
            me = self.leader
            hand = self.hands[me]
            if self.claim_by == me:
                out.append(CLAIM)
            prof = self.profile
            talon_open = self.closed_by < 0 and not self.exhausted
            if talon_open:
                first = not self.tricks[me]
                if (hand >> self.exchange_cards[self.trump] & 1
                        and not (first and prof.exchange_needs_trick)):
                    out.append(EXCHANGE)
                m = prof.close_min_talon
                # the talon, indicator counted
                if (m is not None and len(self.deck) + 1 - self.next_draw >= m
                        and not (first and not prof.close_first_lead)):
                    out.append(CLOSE)
            kq = hand & _KINGS_QUEENS
            if kq & (kq >> 1) and (talon_open or prof.late_marriages):
                ranks = prof.marriage_ranks
                no_trump = bool(self.exchanged and not prof.exchange_trump_lead
                                and hand & ~_SUIT_MASKS[self.trump])
                for s in range(4):
                    if hand >> (s * 5 + 2) & 3 == 3 and not (no_trump and s == self.trump):
                        pts = 40 if s == self.trump else 20
                        for r in (2, 3):
                            if r in ranks:
                                out.append(_MARRIAGES[(s * 5 + r, pts)])
            if self.exchanged and not prof.exchange_trump_lead:
                hand = hand & ~_SUIT_MASKS[self.trump] or hand  # X2: no trump lead now
            _plays(hand, out)
        else:
            _plays(self._follow_mask(), out)
            if self.lead_marriage and self.claim_by == self.leader:
                out.append(CLAIM)
        return out

    def _no(self, rule: str, message: str) -> tuple[str, str]:
        """A refusal citing ``rule`` (a RULES.md id) in this profile's rulebook."""
        return self.profile.rule_prefix + rule, message

    def check(self, action: Action) -> tuple[str, str] | None:
        """Why ``action`` is illegal here, as ``(rule id, message)``; None when it is legal.
        The rule ids are RULES.md's, with the profile's prefix (``6X1``) where it has one."""
        kind = action.kind
        if self.outcome is not None:
            if self.claimed:
                return self._no("E3", f"the deal ended with a claim; {action} cannot follow")
            if kind is ActionKind.CLAIM and self.claim_by >= 0:
                return None
            return self._no("E5", f"both hands are empty: the deal is over; {action} cannot follow")
        who = "AB"[self.leader if self.lead < 0 else 1 - self.leader]
        if kind is ActionKind.PLAY:
            c = action.card
            assert c is not None
            if self.lead < 0:
                if self.hands[self.leader] >> c & 1:
                    if (self.exchanged and not self.profile.exchange_trump_lead
                            and SUIT_OF[c] == self.trump
                            and self.hands[self.leader] & ~_SUIT_MASKS[self.trump]):
                        return self._no("X2", f"{who} exchanged on this lead: no trump lead now")
                    return None
                return self._no("H1", f"{c} is not in {who}'s hand")
            if not self.hands[1 - self.leader] >> c & 1:
                return self._no("H1", f"{c} is not in {who}'s hand")
            if self._follow_mask() >> c & 1:
                return None
            return self._no("F2", f"{c} {self._f2_reason(c)}")
        if kind is ActionKind.CLAIM:
            if self.claim_by >= 0 and (self.lead < 0 or self.lead_marriage):
                return None
            if self.lead >= 0:
                return self._no("E2", "a claim is made right after winning a trick or "
                                      "announcing a marriage")
            return self._no("E2",
                            "a claim is made right after winning a trick, before any other action")
        if self.lead >= 0:
            rule = {ActionKind.EXCHANGE: "X1", ActionKind.CLOSE: "C1"}.get(kind, "H1")
            if (kind is ActionKind.MARRIAGE and action.card is not None
                    and self.hands[1 - self.leader] >> action.card & 1):
                rule = "M1"  # he holds the card: the marriage is what is wrong
            return self._no(rule, f"{who} follows now; {action} is the leader's, before leading")
        me = self.leader
        hand = self.hands[me]
        if kind is ActionKind.EXCHANGE:
            if self.closed_by >= 0:
                return self._no("X1", "the talon is closed: no exchange")
            if self.exhausted:
                return self._no("X1", "the talon is exhausted: no exchange")
            card = self.exchange_cards[self.trump]
            if not hand >> card & 1:
                if RANK_OF[card] == Rank.N:
                    return self._no("X1", f"{who} does not hold the trump nine {CARDS[card]}")
                return self._no("X1", f"{who} does not hold the trump jack {CARDS[card]}")
            if self.profile.exchange_needs_trick and not self.tricks[me]:
                return self._no("X1", f"{who} exchanges only after winning a trick")
            return None
        if kind is ActionKind.CLOSE:
            need = self.profile.close_min_talon
            if need is None:
                return self._no("C1", f"closing is not allowed in the {self.profile.name} profile")
            if self.closed_by >= 0:
                return self._no("C1", "the talon is already closed")
            if self.exhausted:
                return self._no("C1", "the talon is exhausted: nothing to close")
            if self.talon_size < need:
                return self._no("C1",
                                f"the talon holds {self.talon_size}; closing needs at least {need}")
            if not self.profile.close_first_lead and not self.tricks[me]:
                return self._no("C1", f"{who} closes only after winning a trick")
            return None
        # marriage
        c = action.card
        assert c is not None
        s = SUIT_OF[c]
        if RANK_OF[c] not in (Rank.K, Rank.Q):
            return self._no("M1", f"a marriage is led with its king or queen, not {c}")
        if Rank(RANK_OF[c]) not in self.profile.marriage_ranks:
            return self._no("M1", f"the {self.profile.name} profile leads a marriage with the king")
        if hand >> (s * 5 + 2) & 3 != 3:
            return self._no("M1", f"{who} does not hold both K{Suit(s)} and Q{Suit(s)}")
        want = 40 if s == self.trump else 20
        if action.points != want:
            return self._no("M1",
                            f"a marriage in {Suit(s).title} counts {want}, not {action.points}")
        if not self.profile.late_marriages and not self.talon_open:
            return self._no("M1", "no marriage once the talon is closed or exhausted")
        if (self.exchanged and not self.profile.exchange_trump_lead and s == self.trump
                and hand & ~_SUIT_MASKS[self.trump]):
            return self._no("X2", f"{who} exchanged on this lead: no trump lead now")
        return None

    def _f2_reason(self, c: int) -> str:
        """The duty (F2) that refused card ``c`` breaks: follow suit, beat, or trump."""
        hand = self.hands[1 - self.leader]
        lead = self.lead
        ls = SUIT_OF[lead]
        same = hand & _SUIT_MASKS[ls]
        if same:
            # a card of the led suit is refused only for the duty to beat; any other card
            # breaks the duty to follow suit, whether or not it would beat the lead
            if SUIT_OF[c] == ls:
                return f"does not beat {CARDS[lead]} though the follower can"
            return "does not follow suit"
        return "does not trump though the follower must"

    # -- playing ------------------------------------------------------------------------------
    def apply_unchecked(self, a: Action) -> None:
        """Change this position in place by a legal action (the caller has checked it)."""
        kind = a.kind
        if kind is ActionKind.PLAY:
            c = a.card
            assert c is not None
            if self.lead < 0:
                self.hands[self.leader] &= ~(1 << c)
                self.played |= 1 << c
                self.lead = c
                self.lead_marriage = False
                self.claim_by = -1
                self.exchanged = False
            else:
                self._finish_trick(c)
            return
        if kind is ActionKind.CLAIM:
            self._claim(self.claim_by)
            return
        me = self.leader
        self.claim_by = -1
        if kind is ActionKind.EXCHANGE:
            card = self.exchange_cards[self.trump]
            old = self.indicator
            self.hands[me] = (self.hands[me] & ~(1 << card)) | (1 << old)
            self.revealed[me] |= 1 << old
            self.indicator = card
            self.exchanged = True
        elif kind is ActionKind.CLOSE:
            self.closed_by = me
            o = 1 - me
            self.closed_opp_tricks = self.tricks[o]
            self.closed_opp_score = self.trick_points[o] + self.marriage_points[o]
        else:  # marriage
            c = a.card
            assert c is not None
            partner = c + 1 if c % 5 == 2 else c - 1  # the K and the Q of the suit
            self.hands[me] &= ~(1 << c)
            self.played |= 1 << c
            self.revealed[me] |= 1 << partner
            if self.tricks[me]:
                self.marriage_points[me] += a.points
            else:
                self.pending[me] += a.points
            self.lead = c
            self.lead_marriage = True
            self.claim_by = me
            self.exchanged = False

    def _finish_trick(self, c: int) -> None:
        ld = self.leader
        fo = 1 - ld
        lead = self.lead
        self.hands[fo] &= ~(1 << c)
        self.played |= 1 << c
        cs = SUIT_OF[c]
        if cs == SUIT_OF[lead]:
            w = fo if c < lead else ld
        elif cs == self.trump:
            w = fo
        else:
            w = ld
        self.trick_points[w] += CARD_POINTS[lead] + CARD_POINTS[c]
        self.tricks[w] += 1
        if self.pending[w]:
            self.marriage_points[w] += self.pending[w]
            self.pending[w] = 0
        self.last_trick = (lead, c, w)
        self.lead = -1
        self.lead_marriage = False
        self.leader = w
        self.claim_by = w
        if self.closed_by < 0 and not self.exhausted:
            nd = self.next_draw
            deck = self.deck
            self.hands[w] |= 1 << deck[nd]
            if nd == len(deck) - 1:
                ind = self.indicator
                self.hands[1 - w] |= 1 << ind
                self.revealed[1 - w] |= 1 << ind
                self.exhausted = True
                self.next_draw = nd + 1
            else:
                self.hands[1 - w] |= 1 << deck[nd + 1]
                self.next_draw = nd + 2
        if not self.hands[0] and not self.hands[1]:
            bonus = self.profile.last_trick_bonus
            if bonus and self.closed_by < 0:
                self.trick_points[w] += bonus
                self.bonus_to = w
            self.outcome = self._last_trick_outcome(w)

    def _last_trick_outcome(self, w: int) -> Outcome:
        p = self.closed_by
        prof = self.profile
        if p < 0:
            if prof.played_out == "higher_score":
                a, b = self.scores
                if a != b:
                    win = 0 if a > b else 1
                    lose = 1 - win
                    gp = won_deal_points(self.score(lose), self.tricks[lose],
                                         prof.schneider_below)
                    return Outcome(SEATS[win], gp, End.LAST_TRICK, prof.rule("G3"))
                if prof.standoff:
                    return Outcome(None, 0, End.STANDOFF, prof.rule("G4"))
            return Outcome(SEATS[w], 1, End.LAST_TRICK, prof.rule("G3"))
        o = 1 - p
        return Outcome(SEATS[o], 3 if self.closed_opp_tricks == 0 else 2, End.LAST_TRICK,
                       prof.rule("C3"))

    def _claim(self, c: int) -> None:
        o = 1 - c
        correct = self.trick_points[c] + self.marriage_points[c] >= 66
        p = self.closed_by
        prof = self.profile
        r = prof.rule
        self.claimed = True
        self.claim_by = -1
        self.lead = -1 if self.lead < 0 else self.lead
        if p < 0:
            if correct:
                so = self.trick_points[o] + self.marriage_points[o]
                gp = won_deal_points(so, self.tricks[o], prof.schneider_below)
                self.outcome = Outcome(SEATS[c], gp, End.CLAIM, r("G1"), SEATS[c])
            else:
                gp = false_claim_points(self.tricks[o]) if prof.false_claim == "2or3" else 2
                self.outcome = Outcome(SEATS[o], gp, End.FALSE_CLAIM, r("G2"), SEATS[c])
            return
        po = 1 - p
        if c == p:
            if correct:
                if prof.closed_scoring == "at_close":
                    gp = won_deal_points(self.closed_opp_score, self.closed_opp_tricks,
                                         prof.schneider_below)
                else:
                    gp = won_deal_points(self.score(po), self.tricks[po], prof.schneider_below)
                self.outcome = Outcome(SEATS[p], gp, End.CLAIM, r("C2"), SEATS[c])
            else:
                gp = 3 if self.closed_opp_tricks == 0 else 2
                self.outcome = Outcome(SEATS[po], gp, End.FALSE_CLAIM, r("C3"), SEATS[c])
        elif correct:
            gp = 3 if self.closed_opp_tricks == 0 else 2
            self.outcome = Outcome(SEATS[po], gp, End.CLAIM, r("C3"), SEATS[c])
        else:
            gp = false_claim_points(self.tricks[p]) if prof.false_claim == "2or3" else 2
            self.outcome = Outcome(SEATS[p], gp, End.FALSE_CLAIM, r("C4"), SEATS[c])

    # -- helpers for players and views --------------------------------------------------------
    def claim_is_correct(self, seat: Seat | int) -> bool:
        """Whether a claim by ``seat`` would be correct now (score at least 66)."""
        return self.trick_points[seat] + self.marriage_points[seat] >= 66

    def _repr_html_(self) -> str:
        from .html import position_html  # a view module; imported only when shown

        return position_html(self)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in self.hand(s)) for s in SEATS)
        return (f"<Position trump={Suit(self.trump)} leader={SEATS[self.leader]} "
                f"trick={[str(c) for c in self.trick]} hands={hands} scores={self.scores}>")
