"""Players for the three seats of Dreierschnapsen; each sees only its seat's :class:`View`.

What a seat may know is the game's knowledge (:func:`~.knowledge.view`, DREIER.md 3W1,
3T3): its hand (while forehand fixes trump, only the first three cards), every card
played, the card turned up for trump while forehand holds it, the other half of an
announced marriage and the calls; the declarer also the talon and what he laid away.
Kept apart from those facts are the inferences from play: a seat that did not follow
suit is void in the led suit, one that neither followed nor trumped is void in trumps
too.

:class:`RandomDreierPlayer` picks uniformly among the legal actions (it claims only when
the claim is surely correct). :class:`HeuristicDreierPlayer` plays by the rules of thumb
below, the first that applies deciding.

Trump (three cards seen)
  1. Name the suit it holds most of among its three cards, the stronger suit on a tie
     (ace 5, ten 4, king 3, queen 2, jack 1); turn up the fourth card instead when the
     three are of three suits and none is an ace or a ten.

Calls (six cards seen; the declarer will add the two talon cards and lay two away)
  2. For each pair of unseen cards the talon may hold (91 pairs, all alike likely) it
     judges the eight cards the declarer would hold, laying away the two that suit the
     contract, and counts the pairs that make the contract *sure* (whatever the others
     hold) or, for the point contracts, likely:
     Bauernschnapser and Kontrabauernschnapser: six cards of the top of their suits
     among them at least three top trumps (leading the trumps draws every other);
     Gang: six cards each the top of its suit; Bettler: six cards each lower than every
     card of its suit the others hold (he never wins a trick he follows to, and leads
     into a suit they hold); Schnapser: an expected own score of at least 70 in three
     tricks (the three best sure leads, trumps from the ace down and side aces once it
     holds two top trumps, each with its points plus 6 for the two defenders' cards, or
     the two best and its best marriage); Kontraschnapser the same count reaching 82
     with three sure leads (forehand leads the first trick).
  3. It calls the highest contract it may call whose share of pairs reaches one half
     (Kontrabauernschnapser three fifths); otherwise spritze where it may (3A4): against
     a Bauernschnapser or Kontrabauernschnapser when it holds the trump ace, against a
     Schnapser or Kontraschnapser with the trump ace and ten, against forehand's normal
     game with two top trumps and two side aces; otherwise weiter.

Lay-away (3T1)
  4. It keeps the six cards that serve the contract best and lays away the other two:
     for Gang, Bauernschnapser and Kontrabauernschnapser the most cards that are the top
     of their suit among the cards in play; for Bettler the fewest cards that could win
     a trick it follows to, then the lowest; for Schnapser and Kontraschnapser the best
     expected score of rule 2; in the normal game the most *keep value*: trumps, aces,
     a ten with its ace, marriage pairs, a void in a side suit while it holds a trump
     (to trump in), and as few card points laid away as it can (they count for nobody,
     and 66 is still needed). So it lays away short-suit losers and keeps trumps and
     aces.

Play
  5. Claim as soon as its side's score reaches 66 (never a false claim); in a contract
     nobody claims.
  6. Bettler, declarer: lead the card most surely beaten (the most higher cards of its
     suit out); follow with the highest card that stays under the trick's best (none
     under it: the lowest, hoping a later card beats it); void, throw the highest card.
     Bettler, defender: lead the lowest card of a suit the declarer may still hold;
     follow under the declarer's card when he is winning, else
     with the lowest card; void, throw the highest.
  7. A defender on lead without a sure winner, the declarer next to play, leads through
     him: its cheapest side card of a suit the declarer may still hold, so that its
     partner plays last.
  8. Otherwise the auction family's play (:class:`~..auction.heuristics.CardPlay`):
     marriages where they count, sure winners (trumps first while it holds the top
     trump), else the cheapest card; following, feed a partner's trick nobody after can
     beat and never overtake it, else win with the cheapest card that takes the trick,
     else play the cheapest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from ...cards import CARD_POINTS, RANK_OF, SUIT_OF, Suit
from ...tricks import NO_TRUMP, SUIT_MASKS, card_list, points_of
from ..auction.heuristics import (
    ALL_CARDS,
    STRENGTH,
    HeuristicSeatPlayer,
    RandomSeatPlayer,
    SeatPlayer,
    card_of,
    expected_schnapser,
    top_run,
    trump_choice,
)
from ..protocol import reason
from .knowledge import View, view
from .rules import (
    CALLS,
    TRUMP_UP,
    Action,
    Call,
    Kind,
    Phase,
    Position,
    Seat,
    trump_call,
)

__all__ = ["PLAYERS", "HeuristicDreierPlayer", "RandomDreierPlayer", "SeatPlayer", "View",
           "known_side", "reason", "talon_odds", "view"]

OTHERS = 6
"""Rule 2: what the two defenders' cards of a trick the declarer leads bring him."""
SCHNAPSER_AT = 70
"""Rule 2: the expected own score in three tricks from which it calls Schnapser."""
KONTRASCHNAPSER_AT = 82
"""Rule 2: the same count for Kontraschnapser (forehand leads the first trick)."""
CALL_AT: Mapping[Call, float] = {Call.KONTRABAUERNSCHNAPSER: 0.6}
"""Rule 3: the share of talon pairs a contract needs (one half unless named here)."""

_SUIT, _RANK = SUIT_OF, RANK_OF
_PHASE = tuple(Phase)
_SUITS = tuple(Suit)
_c = card_of


# -- what a seat may know ------------------------------------------------------------------------

def known_side(pos: Position, seat: Seat | int) -> int:
    """The seats ``seat`` knows to be on its side: itself during the calls, then the
    declarer alone or the two defenders (3K1)."""
    me = int(seat)
    if pos.phase in (Phase.TRUMP, Phase.AUCTION):
        return 1 << me
    return int(pos.side_seats[pos.side[me]])


# -- players -------------------------------------------------------------------------------------

class RandomDreierPlayer(RandomSeatPlayer):
    """Any legal action uniformly; a claim only when it is surely correct."""


# -- hand evaluation (rules 2 and 4) -------------------------------------------------------------

def _count(mask: int) -> int:
    return bin(mask).count("1")


def _bettler_bad(hand: int, others: int) -> int:
    """The cards of ``hand`` higher than some card of their suit in ``others``: the ones
    that could win a trick it follows to."""
    bad = 0
    for c in card_list(hand):
        if others & SUIT_MASKS[_SUIT[c]] & ~((1 << (c + 1)) - 1):  # a lower card out there
            bad |= 1 << c
    return bad


def _sure(call: Call, eight: int, pack: int, trump: int) -> bool:
    """Whether eight cards (a hand and the talon) make ``call`` sure with the best
    lay-away (rule 2); Schnapser and Kontraschnapser by the expected count."""
    if call is Call.GANG:
        return sum(top_run(eight, s, ALL_CARDS) for s in range(4)) >= 6
    if call is Call.BETTLER:
        others = pack & ~eight
        bad = _bettler_bad(eight, others)
        if _count(bad) > 2:
            return False
        keep = eight & ~bad
        return any(others & SUIT_MASKS[_SUIT[c]] for c in card_list(keep))
    if trump >= 4:
        return False
    if call in (Call.BAUERNSCHNAPSER, Call.KONTRABAUERNSCHNAPSER):
        return (top_run(eight, trump, ALL_CARDS) >= 3
                and sum(top_run(eight, s, ALL_CARDS) for s in range(4)) >= 6)
    score, leads = expected_schnapser(eight, trump, OTHERS)
    if call is Call.SCHNAPSER:
        return score >= SCHNAPSER_AT
    return leads >= 3 and score >= KONTRASCHNAPSER_AT


def talon_odds(hand: int, unknown: int, trump: int, calls: Sequence[Call],
               pack: int = (1 << 20) - 1) -> dict[Call, float]:
    """For each of ``calls``, the share of the pairs of ``unknown`` cards the talon may
    hold with which ``hand`` and the talon make it (rule 2)."""
    pairs = list(combinations(card_list(unknown), 2))
    out: dict[Call, float] = {}
    for call in calls:
        n = sum(1 for a, b in pairs if _sure(call, hand | (1 << a) | (1 << b), pack, trump))
        out[call] = n / len(pairs) if pairs else 0.0
    return out


def _keep_value(kept: int, laid: int, trump: int) -> float:
    """Rule 4's keep value of the normal game for the six cards kept."""
    v = 0.0
    for c in card_list(kept):
        r = _RANK[c]
        s = _SUIT[c]
        if s == trump:
            v += 20 + STRENGTH[r]
        elif r == 0:
            v += 15
        elif r == 1:
            v += 10 if (kept | laid) >> (c - 1) & 1 else 4
        elif r in (2, 3) and kept >> (c + 1 if r == 2 else c - 1) & 1:
            v += 8
        else:
            v += CARD_POINTS[c] / 2
    if trump < 4 and kept & SUIT_MASKS[trump]:
        v += 6 * sum(1 for s in range(4) if s != trump and not kept & SUIT_MASKS[s])
    return v - points_of(laid) / 2


class HeuristicDreierPlayer(HeuristicSeatPlayer):
    """A rule-of-thumb club player for three seats; its rules are in the module docs."""

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        """The choice among two or more legal actions (rules in the module docs)."""
        ph = view.phase
        if ph == Phase.TRUMP:
            suit = trump_choice(view.hand)
            return TRUMP_UP if suit is None else trump_call(_SUITS[suit])
        if ph == Phase.AUCTION:
            return self.call(view, legal)
        if ph == Phase.TALON:
            return self.lay_away(view, legal)
        if view.contract is Call.BETTLER:
            return self.bettler(view, legal)
        if view.trick:
            return self.follow(view, legal)
        through = self.lead_through(view, legal)
        return through if through is not None else self.lead(view, legal)

    # -- calls ------------------------------------------------------------------------------------
    def call(self, view: View, legal: Sequence[Action]) -> Action:
        """Rules 2 and 3."""
        allowed = {a.call: a for a in legal if a.kind is Kind.CALL and a.call is not None}
        t = view.named_trump
        trump = int(t) if t is not None else NO_TRUMP
        contracts = sorted((c for c in allowed if c.is_contract),
                           key=lambda c: -c.value_points)
        odds = talon_odds(view.hand, view.unknown, trump, contracts,
                          view.profile.pack.mask)
        for c in contracts:
            if odds[c] >= CALL_AT.get(c, 0.5):
                return allowed[c]
        if Call.SPRITZE in allowed and self._spritze(view, trump):
            return allowed[Call.SPRITZE]
        return CALLS[Call.WEITER]

    @staticmethod
    def _spritze(view: View, trump: int) -> bool:
        hand = view.hand
        if trump >= 4:
            return False
        ace, ten = trump * 5, trump * 5 + 1
        c = view.contract
        if c in (Call.BAUERNSCHNAPSER, Call.KONTRABAUERNSCHNAPSER):
            return bool(hand >> ace & 1)
        if c in (Call.SCHNAPSER, Call.KONTRASCHNAPSER):
            return bool(hand >> ace & 1 and hand >> ten & 1)
        if c is not None:
            return False
        top = top_run(hand, trump, ALL_CARDS)
        side_aces = sum(1 for s in range(4) if s != trump and hand >> (s * 5) & 1)
        return top >= 2 and side_aces >= 2

    # -- lay-away ---------------------------------------------------------------------------------
    def lay_away(self, view: View, legal: Sequence[Action]) -> Action:
        """Rule 4: a card of the two that leave the best six."""
        hand = view.hand
        k = _count(hand) - 6
        cards = card_list(hand)
        t = view.trump
        trump = int(t) if t is not None else NO_TRUMP
        best: tuple[float, ...] | None = None
        pick: tuple[int, ...] = (cards[0],)
        for out in combinations(cards, k):
            laid = sum(1 << c for c in out)
            score = self._kept_score(view, hand & ~laid, laid | view.laid, trump)
            if best is None or score > best:
                best, pick = score, out
        card = max(pick, key=lambda c: (CARD_POINTS[c] == 0, -CARD_POINTS[c], c))
        return next(a for a in legal if a.card == card)

    @staticmethod
    def _kept_score(view: View, kept: int, laid: int, trump: int) -> tuple[float, ...]:
        c = view.contract
        in_play = ALL_CARDS & ~laid
        if c is Call.BETTLER:
            others = view.profile.pack.mask & ~kept & ~laid
            bad = _bettler_bad(kept, others)
            danger = sum(5 - _RANK[x] for x in card_list(kept))
            return (-_count(bad), -danger)
        if c is not None and c.all_tricks:
            runs = sum(top_run(kept, s, in_play) for s in range(4))
            trumps = top_run(kept, trump, in_play) if trump < 4 else 0
            return (runs, trumps, -points_of(laid))
        if c is not None and c.points_count:
            score, _leads = expected_schnapser(kept, trump, OTHERS)
            return (score, _keep_value(kept, laid, trump))
        return (_keep_value(kept, laid, trump),)

    # -- play -------------------------------------------------------------------------------------
    def lead_through(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Rule 7: a defender's lead through the declarer, or None."""
        d = view.declarer
        if d is None or d == view.viewer or (view.viewer + 1) % 3 != d:
            return None
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if len(plays) < len(legal):
            return None  # a marriage to announce: the family's rule decides
        t = view.trump
        trump = int(t) if t is not None else NO_TRUMP
        if any(self.sure_lead(view, _c(a), trump) for a in plays):
            return None
        his = view.could_hold(d)
        side = [a for a in plays if _SUIT[_c(a)] != trump and his & SUIT_MASKS[_SUIT[_c(a)]]]
        if not side:
            return None
        return self.cheapest(view, side, trump)

    def bettler(self, view: View, legal: Sequence[Action]) -> Action:
        """Rule 6."""
        plays = [a for a in legal if a.kind is Kind.PLAY]
        cards = [_c(a) for a in plays]
        unseen = view.unseen
        me = view.viewer
        d = view.declarer
        pick: int
        if not view.trick:
            if me == d:  # the card most surely beaten: most higher cards out, lowest first
                pick = max(cards, key=lambda c: (
                    _count(unseen & SUIT_MASKS[_SUIT[c]] & ((1 << c) - 1)), c))
            else:
                assert d is not None
                his = view.could_hold(d)
                into = [c for c in cards if his & SUIT_MASKS[_SUIT[c]]]
                pick = max(into or cards, key=lambda c: (_RANK[c], c))
        else:
            best, best_seat = self.best_of_trick(view, NO_TRUMP)
            led = _SUIT[int(view.trick[0])]
            following = [c for c in cards if _SUIT[c] == led]
            if not following:
                pick = min(cards, key=lambda c: (_RANK[c], c))  # throw the highest
            elif me == d or best_seat == d:
                under = [c for c in following if c > best]
                pick = min(under) if under else max(following)
            else:
                pick = max(following)
        return next(a for a in plays if _c(a) == pick)


PLAYERS: Mapping[str, Callable[[], SeatPlayer] | str] = {
    "random": RandomDreierPlayer,
    "heuristic": HeuristicDreierPlayer,
    "strong": "schnapsen_lab.games.dreier.strong:StrongDreierPlayer",
}
"""The game's own players by name (its part ``players``)."""
