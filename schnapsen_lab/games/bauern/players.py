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

import random
from collections.abc import Callable, Mapping, Sequence

from ...cards import CARD_POINTS, CARDS, RANK_OF, SUIT_OF
from ...tricks import NO_TRUMP, SUIT_MASKS, beats, card_list
from ..protocol import reason
from .knowledge import View
from .rules import (
    CALLS,
    CLAIM,
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

_STRENGTH = (5, 4, 3, 2, 1, 0)  # A T K Q J 9
_KEEP = (9, 8, 3, 2, 1, 0)
_ALL = (1 << 24) - 1
"""Every card of either pack: a suit's cards still out at the deal (a 20-card hand holds
no nine, so the nines change no count of cards held from the top)."""
_SUIT, _RANK = SUIT_OF, RANK_OF


class SeatPlayer:
    """The interface of a four-seat player: ``act(view, rng)`` returns one of
    ``view.legal`` (``None`` only to decline a claim when ``view.legal == (CLAIM,)``).
    A player sees only its view; ``act`` should be a function of the view and ``rng``."""

    name: str = "player"

    def act(self, view: View, rng: random.Random) -> Action | None:  # pragma: no cover
        """The chosen action."""
        raise NotImplementedError


def _claim_choice(view: View, legal: Sequence[Action]) -> tuple[Action | None, list[Action]]:
    """A claim when it is surely correct, else the legal actions without it (``None``
    first when the claim was the only question)."""
    rest = [a for a in legal if a is not CLAIM]
    if len(rest) < len(legal) and view.contract is None and view.my_score >= 66:
        return CLAIM, []
    return None, rest


class RandomBauernPlayer(SeatPlayer):
    """Any legal action uniformly; a claim only when it is surely correct."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def act(self, view: View, rng: random.Random) -> Action | None:
        """A uniformly random legal action (claims only when sure to be correct)."""
        return self.choose(view.legal, view.contract is None and view.my_score >= 66, rng)

    @staticmethod
    def choose(legal: Sequence[Action], claim_ok: bool,
               rng: random.Random) -> Action | None:
        """The choice from the legal actions and whether the side's claim is surely
        correct; the whole of :meth:`act` (the simulator calls it without a view)."""
        if CLAIM in legal:
            if claim_ok:
                return CLAIM
            legal = [a for a in legal if a is not CLAIM]
            if not legal:
                return None
        return legal[0] if len(legal) == 1 else rng.choice(legal)

    def __repr__(self) -> str:
        return f"RandomBauernPlayer({self.name!r})"


# -- hand evaluation -----------------------------------------------------------------------------

_cards = card_list
"""The cards of a mask, in card order."""


def _top_run(hand: int, suit: int, out: int) -> int:
    """How many of the suit's highest cards still out ``hand`` holds in a row from the
    top (``out``: the suit's cards not yet played, the hand's included)."""
    n = 0
    for c in _cards(out & SUIT_MASKS[suit]):
        if not hand >> c & 1:
            break
        n += 1
    return n


def hand_strength(hand: int, trump: int) -> tuple[int, list[int], int]:
    """A hand's sure leads at the start of a deal (rules 3-5): the number of top trumps,
    the sure leads (top trumps; side aces once it holds two top trumps), and its best
    marriage's points."""
    out = _ALL
    top = _top_run(hand, trump, out) if trump < 4 else 0
    leads = [c for c in _cards(hand & SUIT_MASKS[trump])][:top] if trump < 4 else []
    if top >= 2:
        leads += [c for c in _cards(hand) if _SUIT[c] != trump and _RANK[c] == 0]
    best = 0
    for s in range(4):
        if hand >> (s * 5 + 2) & 3 == 3:
            best = max(best, 40 if s == trump else 20)
    return top, leads, best


def _expected_schnapser(hand: int, trump: int) -> tuple[int, int]:
    """Rule 5's count: (expected own score in three tricks, sure leads)."""
    _top, leads, marriage = hand_strength(hand, trump)
    values = sorted((CARD_POINTS[c] + 13 for c in leads), reverse=True)
    score = sum(values[:3])
    if values and marriage:  # the marriage lead takes the place of the third winner
        score = max(score, sum(values[:2]) + marriage)
    return score, len(values[:3])


def _sure_all_tricks(hand: int, trump: int) -> bool:
    """Rules 3 and 4: leading from the top, it wins every trick whatever the others hold
    (``trump`` NO_TRUMP for Gang)."""
    out = _ALL
    if trump < 4:
        t = hand & SUIT_MASKS[trump]
        n = bin(t).count("1")
        if _top_run(hand, trump, out) != n or n < 3:
            return False
    for s in range(4):
        if s == trump:
            continue
        held = hand & SUIT_MASKS[s]
        if held and _top_run(hand, s, out) != bin(held).count("1"):
            return False
    return True


class HeuristicBauernPlayer(SeatPlayer):
    """A rule-of-thumb club player for four seats; its rules are in the module docs."""

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"HeuristicBauernPlayer({self.name!r})"

    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action; deterministic (``rng`` is not used)."""
        claim, legal = _claim_choice(view, view.legal)
        if claim is not None:
            return claim
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == Phase.TRUMP:
            return self._trump(view)
        if ph == Phase.PARTNER:
            return self._partner(view)
        if ph == Phase.AUCTION:
            return self._call(view, legal)
        if view.trick:
            return self._follow(view, legal)
        return self._lead(view, legal)

    # -- trump, partner, calls -------------------------------------------------------------------
    @staticmethod
    def _trump(view: View) -> Action:
        cards = _cards(view.hand)
        by_suit: dict[int, list[int]] = {}
        for c in cards:
            by_suit.setdefault(_SUIT[c], []).append(c)
        if len(by_suit) == 3 and all(_RANK[c] > 1 for c in cards):
            return TRUMP_UP
        best = max(by_suit, key=lambda s: (len(by_suit[s]),
                                           sum(_STRENGTH[_RANK[c]] for c in by_suit[s]), -s))
        return TRUMP_NAMED[best]

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
        if Call.BAUERNSCHNAPSER in allowed and _sure_all_tricks(hand, trump):
            return allowed[Call.BAUERNSCHNAPSER]
        if Call.GANG in allowed and _sure_all_tricks(hand, NO_TRUMP):
            return allowed[Call.GANG]
        score, leads = _expected_schnapser(hand, trump)
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
        top = _top_run(hand, trump, _ALL)
        side_aces = sum(1 for s in range(4) if s != trump and hand >> (s * 5) & 1)
        return (leads >= 3 and score >= 74) or (top >= 2 and side_aces >= 2)

    # -- play --------------------------------------------------------------------------------------
    def _role(self, view: View) -> str:
        """``normal``, ``declarer``, ``helper`` (the declarer's partner) or ``defender``."""
        c = view.contract
        if c is None:
            return "normal"
        d = view.declarer
        assert d is not None
        if d == view.viewer:
            return "declarer"
        if view.teammates is not None and view.teammates >> d & 1:
            return "helper"
        return "defender"

    def _lead(self, view: View, legal: Sequence[Action]) -> Action:
        role = self._role(view)
        plays = [a for a in legal if a.kind is Kind.PLAY]
        marriages = [a for a in legal if a.kind is Kind.MARRIAGE]
        trump = int(view.trump) if view.trump is not None else NO_TRUMP
        winners = [a for a in plays if self._sure_lead(view, _c(a), trump)]
        if marriages and role == "normal":
            mine = view.teammates if view.teammates is not None else 1 << view.viewer
            if not winners or any(view.tricks[s] for s in range(4) if mine >> s & 1):
                return self._marriage_lead(view, marriages, trump)
        if marriages and role == "declarer":
            me = view.viewer
            best = max(a.points for a in marriages)
            reaches = view.tricks[me] and view.side_score(1 << me) + best >= 66
            sure_king = any(_RANK[_c(a)] == 2 and self._sure_lead(view, _c(a), trump)
                            for a in marriages if a.points == best)
            if reaches or sure_king or not winners:
                return self._marriage_lead(view, marriages, trump)
        if role == "helper" and view.contract is not None and view.contract.all_tricks:
            return min(plays, key=lambda a: (_beat_rank(_c(a)), CARD_POINTS[_c(a)]))
        if winners:
            trumps = [a for a in winners if _SUIT[_c(a)] == trump]
            if trumps and _top_run(view.hand, trump, view.unseen | view.hand) > 0:
                return min(trumps, key=lambda a: _c(a))  # the highest trump first
            return max(winners, key=lambda a: (CARD_POINTS[_c(a)], -_c(a)))
        return self._cheapest(view, plays, trump)

    def _marriage_lead(self, view: View, marriages: Sequence[Action], trump: int) -> Action:
        """The best marriage (40 before 20), leading the king where it surely wins the
        trick, else the queen."""
        best = max(a.points for a in marriages)
        pick = [a for a in marriages if a.points == best]
        kings = [a for a in pick if _RANK[_c(a)] == 2 and self._sure_lead(view, _c(a), trump)]
        if kings:
            return kings[0]
        queens = [a for a in pick if _RANK[_c(a)] == 3]
        return queens[0] if queens else pick[0]

    def _sure_lead(self, view: View, card: int, trump: int) -> bool:
        """Whether a lead of ``card`` wins the trick whatever the others hold."""
        unseen = view.unseen
        suit = _SUIT[card]
        if unseen & SUIT_MASKS[suit] & ((1 << card) - 1):
            return False
        if suit == trump or trump >= 4:
            return True
        for s in range(4):
            if s == view.viewer:
                continue
            could = view.could_hold(s)
            if not could & SUIT_MASKS[trump]:
                continue  # no trump there
            if view.known[s] & SUIT_MASKS[suit]:
                continue  # it holds the suit: it must follow
            return False
        return True

    def _follow(self, view: View, legal: Sequence[Action]) -> Action:
        role = self._role(view)
        trump = int(view.trump) if view.trump is not None else NO_TRUMP
        plays = [a for a in legal if a.kind is Kind.PLAY]
        trick = [int(c) for c in view.trick]
        seats = view.trick_seats
        best_i = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[best_i], trump):
                best_i = i
        best, best_seat = trick[best_i], seats[best_i]
        later = [(view.viewer + k) & 3 for k in range(1, 4 - len(trick))]
        mates = view.teammates if view.teammates is not None else 1 << view.viewer
        declarer = view.declarer
        friend = (best_seat != view.viewer and mates >> best_seat & 1 == 1)
        if role == "helper":
            friend = best_seat == declarer
        if role == "defender":
            friend = declarer is not None and best_seat != declarer and friend
        lead = trick[0]
        if friend and not self._can_be_beaten(view, best, lead, trump, later):
            return self._feed(view, plays, best, trump)
        if role == "helper":
            # never take a trick from the declarer in Gang/Bauernschnapser; else stay low
            under = [a for a in plays if not beats(_c(a), best, trump)]
            pool = under or plays
            if view.contract is not None and view.contract.all_tricks:
                return min(pool, key=lambda a: (CARD_POINTS[_c(a)], _beat_rank(_c(a))))
            return self._cheapest(view, pool, trump)
        winning = [a for a in plays if beats(_c(a), best, trump)]
        if winning:
            sure = [a for a in winning
                    if not self._can_be_beaten(view, _c(a), lead, trump, later)]
            pool = sure or winning
            return min(pool, key=lambda a: (_SUIT[_c(a)] == trump, CARD_POINTS[_c(a)],
                                            -_c(a)))
        return self._cheapest(view, plays, trump)

    def _can_be_beaten(self, view: View, best: int, lead: int, trump: int,
                       later: list[int]) -> bool:
        """Whether a seat still to play could take a trick that ``best`` is winning."""
        ls = _SUIT[lead]
        bs = _SUIT[best]
        for s in later:
            could = view.could_hold(s)
            higher = could & SUIT_MASKS[bs] & ((1 << best) - 1)
            if higher and (bs == ls or not could & SUIT_MASKS[ls]):
                return True
            if trump < 4 and bs != trump and could & SUIT_MASKS[trump] and (
                    not could & SUIT_MASKS[ls]):
                return True
        return False

    def _feed(self, view: View, plays: Sequence[Action], best: int, trump: int) -> Action:
        """The most points it may give a trick its side wins without taking it over
        (when every card it may play would, BP2 forcing a trump: the cheapest)."""
        under = [a for a in plays if not beats(_c(a), best, trump)]
        if not under:
            return self._cheapest(view, plays, trump)
        return max(under, key=lambda a: (_SUIT[_c(a)] != trump, CARD_POINTS[_c(a)], -_c(a)))

    @staticmethod
    def _cheapest(view: View, plays: Sequence[Action], trump: int) -> Action:
        """The card it least minds losing."""
        hand = view.hand

        def keep(a: Action) -> tuple[int, int, int]:
            c = _c(a)
            r = _RANK[c]
            v = _KEEP[r]
            if r in (2, 3) and hand >> (c + 1 if r == 2 else c - 1) & 1:
                v += 4
            if _SUIT[c] == trump:
                v += 10
            return (v, CARD_POINTS[c], c)

        return min(plays, key=keep)


def _c(action: Action) -> int:
    card = action.card
    assert card is not None
    return int(card)


def _beat_rank(card: int) -> int:
    """Low for a card unlikely to win a trick (jacks), high for aces."""
    return 4 - _RANK[card]


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
