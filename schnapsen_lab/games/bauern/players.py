"""Players for the four seats of Bauernschnapsen; each sees only its seat's
:class:`~schnapsen_lab.games.bauern.knowledge.View`.

:class:`RandomBauernPlayer` picks uniformly among the legal actions (it claims only when
the claim is surely correct). :class:`HeuristicBauernPlayer` plays by the rules of thumb
below, the first that applies deciding.

Trump (three cards seen)
  1. Name the suit it holds most of among its three cards, the stronger suit on a tie
     (ace 5, ten 4, king 3, queen 2, jack 1); turn up the fourth card instead when the
     three are of three suits and none is an ace or a ten.

Called partner
  2. Call the highest trump not among its three cards.

Calls (five cards seen; "sure" means whatever the other hands hold)
  3. Bauernschnapser when it is sure: its trumps are the top of the suit (ace down, no
     gap), at least three of them (leading them draws every other trump), and every
     side card is the top of its suit among the cards out.
  4. Gang when it is sure: every card is the top of its suit (ace, ace-ten, ...).
  5. Schnapser when its *expected own score* in the first three tricks reaches 74: the
     three best of its sure leads (trumps from the ace down; side aces once it holds
     two top trumps), each counted with its points plus 13 for the other three cards
     (a partner who feeds, two defenders who give little); or, if more, the two best
     and its best marriage (40 in trumps, 20 else) led in place of the third.
  6. Kontraschnapser (not forehand) on the same count reaching 86 with three sure leads.
     A contract must outbid the calls so far; it does not outbid its own partner's
     contract unless its own is sure (rules 3, 4).
  7. Spritze (when allowed: the game's holder is on the other side, BA4, BC4, also
     with called partners whose holder it does not know yet, and whether it sits with
     forehand or not): against the other side's Bauernschnapser when it holds the
     trump ace (that trick cannot be lost); against the other side's Schnapser or
     Kontraschnapser when it holds the trump ace and ten; in a normal game with three
     sure leads (rule 5's count) or two top trumps and two side aces. Otherwise weiter.

Play
  8. Claim as soon as its side's score, as far as it knows the side, reaches 66 (never a
     false claim); in a contract nobody claims.
  9. Announce a marriage where it counts, 40 before 20, leading the king where that
     surely wins the trick, else the queen: in the normal game once its side has a
     trick (so that it counts at once) or when it has no sure winner to lead first; as
     the declarer of a Schnapser or Kontraschnapser only when it reaches 66 at once,
     when the king surely wins, or when no sure winner is left.
  10. Leading: a sure winner (no unseen card of its suit is higher and nobody who may
      still hold a trump can be void in it), trumps first while it holds the top trump;
      else the cheapest card, keeping trumps, aces, tens and marriage halves. The
      declarer's partner in Gang or Bauernschnapser leads its lowest card.
  11. Following, its partner winning the trick surely (nobody after it can beat that
      card): feed the most points it may without beating the partner's card (side
      cards before trumps); where every card it may play beats it (BP2 forcing a trump
      on a partner's trick) the cheapest. The declarer's partner in a contract treats
      the declarer so and never takes a trick from him in Gang or Bauernschnapser.
  12. Following otherwise: win with the cheapest card that takes the trick (a sure one
      when it has one); failing that, play the cheapest card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...cards import CARDS
from ...tricks import NO_TRUMP, SUIT_MASKS, card_list
from ..auction.heuristics import (
    ALL_CARDS,
    HeuristicSeatPlayer,
    RandomSeatPlayer,
    SeatPlayer,
    expected_schnapser,
    hand_strength,
    sure_all_tricks,
    top_run,
    trump_choice,
)
from ..protocol import reason
from .knowledge import View
from .rules import (
    CALLS,
    TRUMP_NAMED,
    TRUMP_UP,
    Action,
    Call,
    Kind,
    Phase,
    partner_call,
)

__all__ = ["PLAYERS", "HeuristicBauernPlayer", "RandomBauernPlayer", "SeatPlayer", "hand_strength",
           "partner_of", "reason"]

SCHNAPSER_AT = 74
"""Rule 5: the expected own score in three tricks from which it calls Schnapser."""
KONTRASCHNAPSER_AT = 86
"""Rule 6: the same count for Kontraschnapser (forehand leads the first trick)."""
OTHERS = 13
"""Rule 5: what the other three cards of a trick the declarer leads bring him."""


class RandomBauernPlayer(RandomSeatPlayer):
    """Any legal action uniformly; a claim only when it is surely correct."""


class HeuristicBauernPlayer(HeuristicSeatPlayer):
    """A rule-of-thumb club player for four seats; its rules are in the module docs (the
    play of the cards, rules 8-12, is the auction family's :class:`CardPlay`)."""

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        """The choice among two or more legal actions (rules in the module docs)."""
        ph = view.phase
        if ph == Phase.TRUMP:
            return self._trump(view)
        if ph == Phase.PARTNER:
            return self._partner(view)
        if ph == Phase.AUCTION:
            return self._call(view, legal)
        if view.trick:
            return self.follow(view, legal)
        return self.lead(view, legal)

    # -- trump, partner, calls -------------------------------------------------------------------
    @staticmethod
    def _trump(view: View) -> Action:
        suit = trump_choice(view.hand)
        return TRUMP_UP if suit is None else TRUMP_NAMED[suit]

    @staticmethod
    def _partner(view: View) -> Action:
        return partner_of(view)

    def _call(self, view: View, legal: Sequence[Action]) -> Action:
        hand = view.hand
        t = view.named_trump
        trump = int(t) if t is not None else NO_TRUMP
        allowed = {a.call: a for a in legal if a.kind is Kind.CALL}
        contract = view.contract
        declarer = view.declarer
        ours = (contract is not None and declarer is not None and view.teammates is not None
                and view.teammates >> declarer & 1)
        if Call.BAUERNSCHNAPSER in allowed and sure_all_tricks(hand, trump):
            return allowed[Call.BAUERNSCHNAPSER]
        if Call.GANG in allowed and sure_all_tricks(hand, NO_TRUMP):
            return allowed[Call.GANG]
        score, leads = expected_schnapser(hand, trump, OTHERS)
        if not ours:
            if (Call.KONTRASCHNAPSER in allowed and leads >= 3
                    and score >= KONTRASCHNAPSER_AT):
                return allowed[Call.KONTRASCHNAPSER]
            if Call.SCHNAPSER in allowed and score >= SCHNAPSER_AT:
                return allowed[Call.SCHNAPSER]
        if Call.SPRITZE in allowed and self._spritze(view, trump, score, leads):
            return allowed[Call.SPRITZE]
        return CALLS[Call.WEITER]

    @staticmethod
    def _spritze(view: View, trump: int, score: int, leads: int) -> bool:
        hand = view.hand
        c = view.contract
        if c is not None:
            d = view.declarer
            # spritze is legal only against the other side's game (BA4, BC4): with called
            # partners while the partner is unknown, forehand's contract is theirs
            theirs = d is not None and not (view.teammates is not None
                                            and view.teammates >> d & 1)
            if not theirs or trump >= 4:
                return False
            ace, ten = trump * 5, trump * 5 + 1
            if c is Call.BAUERNSCHNAPSER:
                return bool(hand >> ace & 1)
            if c in (Call.SCHNAPSER, Call.KONTRASCHNAPSER):
                return bool(hand >> ace & 1 and hand >> ten & 1)
            return False
        if trump >= 4:
            return False
        top = top_run(hand, trump, ALL_CARDS)
        side_aces = sum(1 for s in range(4) if s != trump and hand >> (s * 5) & 1)
        return (leads >= 3 and score >= 74) or (top >= 2 and side_aces >= 2)


def partner_of(view: View) -> Action:
    """The partner card forehand calls (BC1): the highest trump he does not hold."""
    t = view.named_trump
    assert t is not None
    for c in card_list(SUIT_MASKS[t] & view.profile.cards):
        if not view.hand >> c & 1:
            return partner_call(CARDS[c])
    raise AssertionError("three cards cannot hold a whole suit")


PLAYERS: Mapping[str, Callable[[], SeatPlayer] | str] = {
    "random": RandomBauernPlayer,
    "heuristic": HeuristicBauernPlayer,
    "strong": "schnapsen_lab.games.bauern.strong:StrongBauernPlayer",
}
"""The game's own players by name (its part ``players``): a factory, or where one lives
(``"module:attribute"``, imported when the player is first asked for: the search
player)."""
