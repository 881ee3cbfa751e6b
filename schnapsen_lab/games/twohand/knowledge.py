"""What each player may know at a position (RULES.md K2, REPLAY.md).

:func:`view` gives a player's :class:`View`: their hand, the public facts and,
for every other card, where it is as far as that player can tell. Players, counting
aids and the replay all read these sets; nothing here looks at hidden cards except to
sort them into what the viewer is entitled to see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import CARD_POINTS, CARDS, Card, Suit, cards_in
from ...tricks import SUIT_MASKS
from .rules import CLAIM, SEATS, Action, Position, Profile, Seat

__all__ = ["ALL_CARDS", "View", "view"]

ALL_CARDS = (1 << 20) - 1
"""The mask of the 20 cards of the Schnapsen pack (a deal's own pack:
``pos.profile.pack.mask``)."""


@dataclass(frozen=True, slots=True)
class View:
    """A player's knowledge at one position; card sets are bit masks (see :func:`cards_in`).

    ``opponent`` holds the cards known to be in the opponent's hand, ``unknown`` those
    in the opponent's hand or the talon; ``out_of_play`` the turned-down indicator of a
    closed talon. Scores are both E1 scores as a player who counted would know them.
    ``profile`` is the deal's rules profile; ``closed_at`` the closer's opponent's tricks
    and score when the talon was closed (public: C2 and C3 are scored from them).
    """

    viewer: Seat
    hand: int
    played: int
    opponent: int
    unknown: int
    out_of_play: int
    trick: tuple[Card, ...]
    indicator: Card | None
    trump: Suit
    talon: int
    closed_by: Seat | None
    exhausted: bool
    leader: Seat
    to_move: Seat | None
    scores: tuple[int, int]
    pending: tuple[int, int]
    tricks: tuple[int, int]
    legal: tuple[Action, ...]
    profile: Profile
    closed_at: tuple[int, int] | None = None

    @property
    def hand_cards(self) -> list[Card]:
        """The viewer's hand."""
        return cards_in(self.hand)

    @property
    def opponent_cards(self) -> list[Card]:
        """Cards known to be in the opponent's hand."""
        return cards_in(self.opponent)

    @property
    def unknown_cards(self) -> list[Card]:
        """Cards in the opponent's hand or the talon, the viewer cannot tell which."""
        return cards_in(self.unknown)

    @property
    def unseen(self) -> int:
        """Mask of every card the viewer has not seen played: opponent's known ones and unknown."""
        return self.opponent | self.unknown

    @property
    def my_score(self) -> int:
        """The viewer's own score."""
        return self.scores[self.viewer]

    @property
    def opponent_score(self) -> int:
        """The opponent's score, as the viewer should have counted it."""
        return self.scores[1 - self.viewer]

    @property
    def points_out(self) -> int:
        """Card points not yet played and not in the viewer's hand."""
        return sum(CARD_POINTS[c] for c in cards_in(self.unseen))

    @property
    def trumps_out(self) -> list[Card]:
        """Trumps the viewer has not seen played and does not hold (the face-up indicator
        excluded: it is in plain sight)."""
        m = self.unseen & SUIT_MASKS[self.trump]
        return cards_in(m)

    def unknown_by_suit(self) -> dict[Suit, list[Card]]:
        """Unknown cards grouped by suit."""
        return {s: [c for c in self.unknown_cards if c.suit == s] for s in Suit}


_SUITS = tuple(Suit)


def view(pos: Position, seat: Seat | int, legal: list[Action] | None = None) -> View:
    """What ``seat`` may know at ``pos`` (K2).

    ``legal`` holds the seat's own actions when it is to move (the leader's claim after a
    marriage lead is not the follower's); pass ``pos.legal_actions()`` if already at hand.
    """
    me = int(seat)
    opp = 1 - me
    hand = pos.hands[me]
    played = pos.played
    out_of_play = 0
    every = pos.profile.pack.mask
    if pos.exhausted and pos.closed_by < 0:
        opponent = every & ~hand & ~played
        unknown = 0
    else:
        opponent = pos.revealed[opp] & pos.hands[opp]
        ind = pos.indicator
        ind_bit = (1 << ind) if ind >= 0 and not pos.exhausted else 0
        if pos.closed_by >= 0:
            out_of_play = ind_bit
        unknown = every & ~hand & ~played & ~ind_bit & ~opponent
    closed = pos.closed_by
    to_move = pos.to_move
    mine: tuple[Action, ...] = ()
    if to_move is not None and to_move == me:
        acts = pos.legal_actions() if legal is None else legal
        mine = tuple(a for a in acts if a is not CLAIM) if pos.lead >= 0 else tuple(acts)
    tp, mp = pos.trick_points, pos.marriage_points
    return View(
        viewer=SEATS[me],
        hand=hand,
        played=played,
        opponent=opponent,
        unknown=unknown,
        out_of_play=out_of_play,
        trick=(CARDS[pos.lead],) if pos.lead >= 0 else (),
        indicator=pos.face_up_indicator,
        trump=_SUITS[pos.trump],
        talon=pos.talon_size,
        closed_by=SEATS[closed] if closed >= 0 else None,
        exhausted=pos.exhausted,
        leader=SEATS[pos.leader],
        to_move=to_move,
        scores=(tp[0] + mp[0], tp[1] + mp[1]),
        pending=(pos.pending[0], pos.pending[1]),
        tricks=(pos.tricks[0], pos.tricks[1]),
        legal=mine,
        profile=pos.profile,
        closed_at=(pos.closed_opp_tricks, pos.closed_opp_score) if closed >= 0 else None,
    )


_unused = CARDS
