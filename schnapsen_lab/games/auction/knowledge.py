"""What each seat may know at a position of a game with a round of calls (BAUERN.md BW1,
DREIER.md 3W1): one :class:`View` for both games, built by :func:`make_view` from what
the game says its seat has seen of its hand and knows of its side.

A seat knows its hand (while trump is fixed only the cards it has seen), every card
played, the card turned up for trump while forehand still holds it, the other half of an
announced marriage and the calls; kept apart from those facts are the inferences from
play: a seat that did not follow suit is void in the led suit, one that neither followed
nor trumped is void in trumps too. What only one game has (a called partner, the talon
and the cards laid away, known to the declarer alone) the game passes in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ...cards import CARDS, Card, Suit, cards_in
from ...tricks import SUIT_MASKS, points_of
from .rules import Action, AuctionPosition, Call, Phase

__all__ = ["View", "make_view"]

_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge at one position; card sets are bit masks (:func:`cards_in`).

    Facts: ``hand``; ``played``; ``known[s]`` the cards seen to be in seat ``s``'s hand
    (the turned-up trump card, the other half of a marriage; the viewer's own entry is
    its hand); ``unknown`` every other card the viewer has not seen and cannot place;
    ``talon`` and ``laid`` the talon's cards and the cards laid away as far as the
    viewer knows them (the declarer's alone, DREIER.md 3T3; 0 in Bauernschnapsen).
    Inferences, apart: ``voids[s]`` a 4-bit mask of the suits seat ``s`` showed it does
    not hold. ``teammates`` is the viewer's side as a seat mask when the viewer knows it,
    else None. ``points``, ``tricks`` and ``marriages`` are per seat (card points and
    tricks won, marriage points announced), as anyone counting knows them;
    ``last_trick`` (cards, leader, winner) may be looked at until the next lead.
    """

    viewer: Any
    phase: Phase
    profile: Any
    dealer: Any
    forehand: Any
    hand: int
    played: int
    known: tuple[int, ...]
    unknown: int
    voids: tuple[int, ...]
    trump: Suit | None
    named_trump: Suit | None
    turned: Card | None
    calls: tuple[Call, ...]
    contract: Call | None
    declarer: Any
    spritze: Any
    called: Card | None
    teammates: int | None
    leader: Any
    to_move: Any
    trick: tuple[Card, ...]
    last_trick: tuple[tuple[Card, ...], Any, Any] | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    marriages: tuple[int, ...]
    tricks_played: int
    legal: tuple[Action, ...]
    talon: int = 0
    laid: int = 0

    @property
    def seats(self) -> int:
        """How many seats the game has."""
        return len(self.known)

    @property
    def hand_cards(self) -> list[Card]:
        """The viewer's hand."""
        return cards_in(self.hand)

    @property
    def unknown_cards(self) -> list[Card]:
        """Cards in the other hands the viewer cannot place."""
        return cards_in(self.unknown)

    @property
    def unseen(self) -> int:
        """Every card in the other hands (or, for a defender, laid away unseen): known
        there or unknown."""
        cards: int = self.profile.cards
        return cards & ~self.hand & ~self.played & ~self.laid

    @property
    def trick_seats(self) -> tuple[Any, ...]:
        """The seats that played the trick's cards, in play order."""
        seat = type(self.leader)
        n = self.seats
        return tuple(seat((self.leader + i) % n) for i in range(len(self.trick)))

    @property
    def partner_known(self) -> bool:
        """Whether the viewer knows its side (BW2; in Dreierschnapsen once the calls
        are over)."""
        return self.teammates is not None

    @property
    def partners(self) -> tuple[Any, ...]:
        """The other seats of the viewer's side, as far as it knows them."""
        t = self.teammates
        if t is None:
            return ()
        seat = type(self.viewer)
        return tuple(seat(s) for s in range(self.seats) if t >> s & 1 and s != self.viewer)

    def could_hold(self, seat: IntEnum | int) -> int:
        """The cards seat ``seat`` may hold as far as the viewer can tell: the ones known
        there, plus the unknown ones outside the suits it showed void in (an inference)."""
        s = int(seat)
        if s == self.viewer:
            return self.hand
        v = self.voids[s]
        out = self.unknown
        for suit in range(4):
            if v >> suit & 1:
                out &= ~SUIT_MASKS[suit]
        return out | self.known[s]

    def side_score(self, seats: int) -> int:
        """The score (BE1, 3E1) of the seats of mask ``seats`` as the viewer counts it:
        their card points plus, once they have a trick, their marriages (in a contract
        only the declarer's in Schnapser and Kontraschnapser)."""
        n = self.seats
        pts = sum(self.points[s] for s in range(n) if seats >> s & 1)
        tricks = sum(self.tricks[s] for s in range(n) if seats >> s & 1)
        c = self.contract
        if c is None:
            if tricks:
                pts += sum(self.marriages[s] for s in range(n) if seats >> s & 1)
            return pts
        d = self.declarer
        if d is not None and c.points_count and seats >> d & 1 and self.tricks[d]:
            pts += self.marriages[d]
        return pts

    @property
    def my_score(self) -> int:
        """The score of the viewer's side as far as it knows its members (a lower bound
        while a called partner is unknown)."""
        return self.side_score(self.teammates if self.teammates is not None
                               else 1 << self.viewer)

    @property
    def points_out(self) -> int:
        """Card points still in the other hands."""
        return points_of(self.unseen)


def make_view(pos: AuctionPosition, me: int, legal: list[Action] | None, *, hand: int,
              teammates: int | None, called: Card | None = None, talon: int = 0,
              laid: int = 0) -> View:
    """What seat ``me`` may know at ``pos``, given what the game says it has seen of its
    hand (``hand``), of its side (``teammates``), of the called card and of the talon
    and the cards laid away. ``legal`` gives the seat's own choices: by default the legal
    actions when it is to move (else none)."""
    seats = pos.SEATS
    n = len(seats)
    played = pos.played
    public = pos.revealed & ~played
    if pos.turned >= 0:
        public |= 1 << pos.turned
    known = [public & pos.hands[s] if s != me else hand for s in range(n)]
    seen = hand | played | talon | laid
    for k in known:
        seen |= k
    unknown = pos.profile.cards & ~seen
    to_move = pos.to_move
    mine: tuple[Action, ...] = ()
    if legal is not None:
        mine = tuple(legal)
    elif to_move is not None and to_move == me:
        mine = tuple(pos.legal_actions())
    t = pos.trump
    nt = pos.named_trump
    last = None
    if pos.last_trick is not None and not pos.table:  # until the next lead (BW1, 3W1)
        cards, leader, winner = pos.last_trick
        last = (tuple(CARDS[c] for c in cards), seats[leader], seats[winner])
    return View(
        viewer=seats[me],
        phase=Phase(pos.phase),
        profile=pos.profile,
        dealer=seats[pos.dealer],
        forehand=seats[pos.forehand],
        hand=hand,
        played=played,
        known=tuple(known),
        unknown=unknown,
        voids=tuple(pos.voids),
        trump=_SUITS[t] if 0 <= t < 4 else None,
        named_trump=_SUITS[nt] if nt >= 0 else None,
        turned=CARDS[pos.turned] if pos.turned >= 0 else None,
        calls=pos.calls,
        contract=pos.contract,
        declarer=seats[pos.declarer] if pos.declarer >= 0 else None,
        spritze=seats[pos.spritze] if pos.spritze >= 0 else None,
        called=called,
        teammates=teammates,
        leader=seats[pos.leader],
        to_move=to_move,
        trick=tuple(CARDS[c] for c in pos.table),
        last_trick=last,
        points=tuple(pos.points),
        tricks=tuple(pos.won),
        marriages=tuple(pos.marriages),
        tricks_played=pos.tricks_played,
        legal=mine,
        talon=talon,
        laid=laid,
    )
