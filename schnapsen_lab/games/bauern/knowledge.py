"""What each seat may know at a four-player position (BAUERN.md BW1, BW2).

:func:`view` gives a seat's :class:`View`: its hand, the public facts (every card
played, the card turned up for trump while forehand still holds it, the other half of
an announced marriage, the calls) and, kept apart from those facts, the inferences from
play: a seat that did not follow suit is void in the led suit, one that neither followed
nor trumped is void in trumps too. With called partners (BC3, BW2) the holder of the
called card knows the partnership from the start; the others learn it when the card is
played. Players see nothing else (:mod:`schnapsen_lab.games.bauern.players`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import CARDS, Card, Suit, cards_in
from ...tricks import SUIT_MASKS, points_of
from .rules import SEATS, Action, Call, Partners, Phase, Position, Profile, Seat

__all__ = ["View", "known_side", "view"]

_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge at one position; card sets are bit masks (:func:`cards_in`).

    Facts: ``hand``; ``played``; ``known[s]`` the cards seen to be in seat ``s``'s hand
    (the turned-up trump card, the other half of a marriage; the viewer's own entry is
    its hand); ``unknown`` every other card the viewer has not seen. Inferences, apart:
    ``voids[s]`` a 4-bit mask of the suits seat ``s`` showed it does not hold.
    ``teammates`` is the viewer's side as a seat mask when the viewer knows it (always
    with fixed partners; with a called partner once the called card fell, or from the
    start for its holder), else None. ``points``, ``tricks`` and ``marriages`` are per
    seat (card points and tricks won, marriage points announced), as anyone counting
    knows them; ``last_trick`` (cards, leader, winner) may be looked at until the next
    lead.
    """

    viewer: Seat
    phase: Phase
    profile: Profile
    dealer: Seat
    forehand: Seat
    hand: int
    played: int
    known: tuple[int, int, int, int]
    unknown: int
    voids: tuple[int, int, int, int]
    trump: Suit | None
    named_trump: Suit | None
    turned: Card | None
    calls: tuple[Call, ...]
    contract: Call | None
    declarer: Seat | None
    spritze: Seat | None
    called: Card | None
    teammates: int | None
    leader: Seat
    to_move: Seat | None
    trick: tuple[Card, ...]
    last_trick: tuple[tuple[Card, ...], Seat, Seat] | None
    points: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]
    marriages: tuple[int, int, int, int]
    tricks_played: int
    legal: tuple[Action, ...]

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
        """Every card in the other hands: known there or unknown."""
        return self.profile.cards & ~self.hand & ~self.played

    @property
    def trick_seats(self) -> tuple[Seat, ...]:
        """The seats that played the trick's cards, in play order."""
        return tuple(SEATS[(self.leader + i) & 3] for i in range(len(self.trick)))

    @property
    def partner_known(self) -> bool:
        """Whether the viewer knows its side (BW2)."""
        return self.teammates is not None

    @property
    def partners(self) -> tuple[Seat, ...]:
        """The other seats of the viewer's side, as far as it knows them."""
        t = self.teammates
        if t is None:
            return ()
        return tuple(s for s in SEATS if t >> s & 1 and s != self.viewer)

    def could_hold(self, seat: Seat | int) -> int:
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
        """The score (BE1) of the seats of mask ``seats`` as the viewer counts it: their
        card points plus, once they have a trick, their marriages (in a contract only
        the declarer's in Schnapser and Kontraschnapser)."""
        pts = sum(self.points[s] for s in range(4) if seats >> s & 1)
        tricks = sum(self.tricks[s] for s in range(4) if seats >> s & 1)
        c = self.contract
        if c is None:
            if tricks:
                pts += sum(self.marriages[s] for s in range(4) if seats >> s & 1)
            return pts
        d = self.declarer
        if d is not None and not c.all_tricks and seats >> d & 1 and self.tricks[d]:
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


def view(pos: Position, seat: Seat | int, legal: list[Action] | None = None) -> View:
    """What ``seat`` may know at ``pos`` (BW1, BW2).

    ``legal`` gives the seat's own choices: by default the legal actions when it is to
    move (else none); a simulator passes ``(CLAIM,)`` to ask a seat whether its side
    claims (after its marriage announcement, or after the last trick).
    """
    me = int(seat)
    played = pos.played
    hand = pos.hands[me]
    if pos.phase <= Phase.PARTNER:
        hand = _first_packet(pos, me)
    known = [0, 0, 0, 0]
    public = pos.revealed & ~played
    if pos.turned >= 0:
        public |= 1 << pos.turned
    for s in range(4):
        if s != me:
            known[s] = public & pos.hands[s]
    known[me] = hand
    seen = hand | played | known[0] | known[1] | known[2] | known[3]
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
    if pos.last_trick is not None and not pos.table:  # until the next lead (BW1)
        cards, leader, winner = pos.last_trick
        last = (tuple(CARDS[c] for c in cards), SEATS[leader], SEATS[winner])
    return View(
        viewer=SEATS[me],
        phase=Phase(pos.phase),
        profile=pos.profile,
        dealer=SEATS[pos.dealer],
        forehand=SEATS[pos.forehand],
        hand=hand,
        played=played,
        known=(known[0], known[1], known[2], known[3]),
        unknown=unknown,
        voids=(pos.voids[0], pos.voids[1], pos.voids[2], pos.voids[3]),
        trump=_SUITS[t] if 0 <= t < 4 else None,
        named_trump=_SUITS[nt] if nt >= 0 else None,
        turned=CARDS[pos.turned] if pos.turned >= 0 else None,
        calls=pos.calls,
        contract=pos.contract,
        declarer=SEATS[pos.declarer] if pos.declarer >= 0 else None,
        spritze=SEATS[pos.spritze] if pos.spritze >= 0 else None,
        called=CARDS[pos.called] if pos.called >= 0 else None,
        teammates=_teammates(pos, me),
        leader=SEATS[pos.leader],
        to_move=to_move,
        trick=tuple(CARDS[c] for c in pos.table),
        last_trick=last,
        points=(pos.points[0], pos.points[1], pos.points[2], pos.points[3]),
        tricks=(pos.won[0], pos.won[1], pos.won[2], pos.won[3]),
        marriages=(pos.marriages[0], pos.marriages[1], pos.marriages[2], pos.marriages[3]),
        tricks_played=pos.tricks_played,
        legal=mine,
    )


def _first_packet(pos: Position, seat: int) -> int:
    """The cards ``seat`` holds while forehand fixes trump and calls a partner: after a
    cut its packet of three (the two follow later, BC2); after a knock forehand's first
    three, the others' five (BR1)."""
    f = pos.forehand
    k = (seat - f) & 3
    if pos.knock and k:
        return pos.hands[seat]
    base = 0 if pos.knock else 3 * k
    d = pos.deck
    return (1 << d[base]) | (1 << d[base + 1]) | (1 << d[base + 2])


def known_side(pos: Position, seat: Seat | int) -> int:
    """The seats ``seat`` knows to be on its side (itself at least): a seat mask."""
    t = _teammates(pos, int(seat))
    return (1 << int(seat)) if t is None else t


def _teammates(pos: Position, me: int) -> int | None:
    """The viewer's side as it knows it (BS1, BW2), else None."""
    if pos.profile.partners is Partners.FIXED:
        return pos.side_seats[pos.side[me]]
    if pos.called < 0:
        return None
    if pos.partner_known or me == pos.partner:  # the holder knows from the start (BW2)
        return pos.side_seats[pos.side[me]]
    return None
