"""Rules of thumb the games with a round of calls share: a hand's sure leads and whether
it wins every trick, the trump a forehand names from three cards, the claim only when it
is sure, and the play of the cards by a side that cooperates (feed a partner's trick it
surely wins and never overtake it, win cheaply, lose the card least minded).

Bauernschnapsen's :class:`~schnapsen_lab.games.bauern.players.HeuristicBauernPlayer` and
Dreierschnapsen's :class:`~schnapsen_lab.games.dreier.players.HeuristicDreierPlayer` play
the cards with :class:`CardPlay`; each game's module says its own calls (and
Dreierschnapsen its lay-away) and lists the rules in full. Everything here reads only a
seat's view (:class:`SeatView`): its hand, the cards it has seen and what play showed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ...cards import CARD_POINTS, RANK_OF, SUIT_OF, Card, Suit
from ...tricks import NO_TRUMP, SUIT_MASKS, beats, card_list
from .rules import CLAIM, Action, Call, Kind, Phase

__all__ = ["ALL_CARDS", "STRENGTH", "CardPlay", "HeuristicSeatPlayer", "RandomSeatPlayer",
           "SeatPlayer", "SeatView", "card_of", "claim_choice",
           "expected_schnapser", "hand_strength", "random_choice", "sure_all_tricks",
           "top_run", "trump_choice"]

STRENGTH = (5, 4, 3, 2, 1, 0)
"""How much a card of each rank (A T K Q J 9) weighs when a suit is judged."""
_KEEP = (9, 8, 3, 2, 1, 0)
ALL_CARDS = (1 << 24) - 1
"""Every card of either pack: a suit's cards still out at the deal (a 20-card hand holds
no nine, so the nines change no count of cards held from the top)."""
_SUIT, _RANK = SUIT_OF, RANK_OF


class SeatView(Protocol):
    """What the shared rules read of a seat's view (each game's ``View`` has it)."""

    @property
    def viewer(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand(self) -> int: ...
    @property
    def unseen(self) -> int: ...
    @property
    def known(self) -> tuple[int, ...]: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def contract(self) -> Call | None: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def teammates(self) -> int | None: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def trick_seats(self) -> tuple[int, ...]: ...
    @property
    def my_score(self) -> int: ...
    def could_hold(self, seat: int) -> int: ...
    def side_score(self, seats: int) -> int: ...


def claim_choice(view: SeatView, legal: Sequence[Action]) -> tuple[Action | None,
                                                                    list[Action]]:
    """A claim when it is surely correct, else the legal actions without it (``None``
    first when the claim was the only question)."""
    rest = [a for a in legal if a is not CLAIM]
    if len(rest) < len(legal) and view.contract is None and view.my_score >= 66:
        return CLAIM, []
    return None, rest


def random_choice(legal: Sequence[Action], claim_ok: bool,
                  rng: random.Random) -> Action | None:
    """A uniform choice among the legal actions, claiming exactly when the side's claim
    is surely correct (``claim_ok``); None declines a claim that was the only question."""
    if CLAIM in legal:
        if claim_ok:
            return CLAIM
        legal = [a for a in legal if a is not CLAIM]
        if not legal:
            return None
    return legal[0] if len(legal) == 1 else rng.choice(legal)


class SeatPlayer:
    """The interface of a player at a table with calls: ``act(view, rng)`` returns one
    of ``view.legal`` (``None`` only to decline a claim when ``view.legal == (CLAIM,)``).
    A player sees only its view (the game's ``View``); ``act`` should be a function of
    the view and ``rng``."""

    name: str = "player"

    def act(self, view: Any, rng: random.Random) -> Action | None:  # pragma: no cover
        """The chosen action."""
        raise NotImplementedError


class RandomSeatPlayer(SeatPlayer):
    """Any legal action uniformly; a claim only when it is surely correct (each game
    names its own subclass)."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def act(self, view: Any, rng: random.Random) -> Action | None:
        """A uniformly random legal action (claims only when sure to be correct)."""
        return self.choose(view.legal, view.contract is None and view.my_score >= 66, rng)

    @staticmethod
    def choose(legal: Sequence[Action], claim_ok: bool,
               rng: random.Random) -> Action | None:
        """The choice from the legal actions and whether the side's claim is surely
        correct; the whole of :meth:`act` (the simulator calls it without a view)."""
        return random_choice(legal, claim_ok, rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


# -- hand evaluation -----------------------------------------------------------------------------

def top_run(hand: int, suit: int, out: int) -> int:
    """How many of the suit's highest cards still out ``hand`` holds in a row from the
    top (``out``: the suit's cards not yet played, the hand's included)."""
    n = 0
    for c in card_list(out & SUIT_MASKS[suit]):
        if not hand >> c & 1:
            break
        n += 1
    return n


def hand_strength(hand: int, trump: int) -> tuple[int, list[int], int]:
    """A hand's sure leads at the start of a deal: the number of top trumps, the sure
    leads (top trumps; side aces once it holds two top trumps), and its best marriage's
    points."""
    out = ALL_CARDS
    top = top_run(hand, trump, out) if trump < 4 else 0
    leads = [c for c in card_list(hand & SUIT_MASKS[trump])][:top] if trump < 4 else []
    if top >= 2:
        leads += [c for c in card_list(hand) if _SUIT[c] != trump and _RANK[c] == 0]
    best = 0
    for s in range(4):
        if hand >> (s * 5 + 2) & 3 == 3:
            best = max(best, 40 if s == trump else 20)
    return top, leads, best


def expected_schnapser(hand: int, trump: int, others: int) -> tuple[int, int]:
    """The expected own score in the first three tricks, and the sure leads counted (at
    most three): the three best sure leads, each counted with its points plus ``others``
    for the other players' cards; or, if more, the two best and the best marriage led in
    place of the third."""
    _top, leads, marriage = hand_strength(hand, trump)
    values = sorted((CARD_POINTS[c] + others for c in leads), reverse=True)
    score = sum(values[:3])
    if values and marriage:  # the marriage lead takes the place of the third winner
        score = max(score, sum(values[:2]) + marriage)
    return score, len(values[:3])


def sure_all_tricks(hand: int, trump: int) -> bool:
    """Whether, leading from the top, the hand wins every trick whatever the others hold
    (``trump`` NO_TRUMP for Gang): with trump at least three trumps, all from the top,
    and in every suit it holds only the top of the suit."""
    out = ALL_CARDS
    if trump < 4:
        t = hand & SUIT_MASKS[trump]
        n = bin(t).count("1")
        if top_run(hand, trump, out) != n or n < 3:
            return False
    for s in range(4):
        if s == trump:
            continue
        held = hand & SUIT_MASKS[s]
        if held and top_run(hand, s, out) != bin(held).count("1"):
            return False
    return True


def trump_choice(hand: int) -> int | None:
    """The suit forehand names from his first three cards (the suit it holds most of,
    the stronger on a tie), or None to turn up his fourth card: when the three are of
    three suits and none is an ace or a ten."""
    cards = card_list(hand)
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(_SUIT[c], []).append(c)
    if len(by_suit) == 3 and all(_RANK[c] > 1 for c in cards):
        return None
    return max(by_suit, key=lambda s: (len(by_suit[s]),
                                       sum(STRENGTH[_RANK[c]] for c in by_suit[s]), -s))


def card_of(action: Action) -> int:
    """The card of a play or marriage action."""
    card = action.card
    assert card is not None
    return int(card)


def _beat_rank(card: int) -> int:
    """Low for a card unlikely to win a trick (jacks), high for aces."""
    return 4 - _RANK[card]


_c = card_of


# -- the play of the cards -----------------------------------------------------------------------

class CardPlay:
    """Leading and following by rules of thumb for a seat of a side (any number of
    seats): sure winners first, marriages where they count, feeding a partner's trick
    that nobody after can beat and never overtaking it, else winning cheaply or losing
    the card least minded. The roles are ``normal`` (no contract), ``declarer``,
    ``helper`` (the declarer's partner, four seats) and ``defender``."""

    def role(self, view: SeatView) -> str:
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

    def lead(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The lead of a trick."""
        role = self.role(view)
        n = len(view.tricks)
        plays = [a for a in legal if a.kind is Kind.PLAY]
        marriages = [a for a in legal if a.kind is Kind.MARRIAGE]
        trump = int(view.trump) if view.trump is not None else NO_TRUMP
        winners = [a for a in plays if self.sure_lead(view, _c(a), trump)]
        if marriages and role == "normal":
            mine = view.teammates if view.teammates is not None else 1 << view.viewer
            if not winners or any(view.tricks[s] for s in range(n) if mine >> s & 1):
                return self.marriage_lead(view, marriages, trump)
        if marriages and role == "declarer":
            me = view.viewer
            best = max(a.points for a in marriages)
            reaches = view.tricks[me] and view.side_score(1 << me) + best >= 66
            sure_king = any(_RANK[_c(a)] == 2 and self.sure_lead(view, _c(a), trump)
                            for a in marriages if a.points == best)
            if reaches or sure_king or not winners:
                return self.marriage_lead(view, marriages, trump)
        if role == "helper" and view.contract is not None and view.contract.all_tricks:
            return min(plays, key=lambda a: (_beat_rank(_c(a)), CARD_POINTS[_c(a)]))
        if winners:
            trumps = [a for a in winners if _SUIT[_c(a)] == trump]
            if trumps and top_run(view.hand, trump, view.unseen | view.hand) > 0:
                return min(trumps, key=lambda a: _c(a))  # the highest trump first
            return max(winners, key=lambda a: (CARD_POINTS[_c(a)], -_c(a)))
        return self.cheapest(view, plays, trump)

    def marriage_lead(self, view: SeatView, marriages: Sequence[Action],
                      trump: int) -> Action:
        """The best marriage (40 before 20), leading the king where it surely wins the
        trick, else the queen."""
        best = max(a.points for a in marriages)
        pick = [a for a in marriages if a.points == best]
        kings = [a for a in pick if _RANK[_c(a)] == 2 and self.sure_lead(view, _c(a), trump)]
        if kings:
            return kings[0]
        queens = [a for a in pick if _RANK[_c(a)] == 3]
        return queens[0] if queens else pick[0]

    def sure_lead(self, view: SeatView, card: int, trump: int) -> bool:
        """Whether a lead of ``card`` wins the trick whatever the others hold."""
        unseen = view.unseen
        suit = _SUIT[card]
        if unseen & SUIT_MASKS[suit] & ((1 << card) - 1):
            return False
        if suit == trump or trump >= 4:
            return True
        for s in range(len(view.tricks)):
            if s == view.viewer:
                continue
            could = view.could_hold(s)
            if not could & SUIT_MASKS[trump]:
                continue  # no trump there
            if view.known[s] & SUIT_MASKS[suit]:
                continue  # it holds the suit: it must follow
            return False
        return True

    def best_of_trick(self, view: SeatView, trump: int) -> tuple[int, int]:
        """The card now winning the trick and the seat that played it."""
        trick = [int(c) for c in view.trick]
        best_i = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[best_i], trump):
                best_i = i
        return trick[best_i], int(view.trick_seats[best_i])

    def later_seats(self, view: SeatView) -> list[int]:
        """The seats still to play to the trick after the viewer."""
        n = len(view.tricks)
        return [(view.viewer + k) % n for k in range(1, n - len(view.trick))]

    def follow(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """A card to a trick already led."""
        role = self.role(view)
        trump = int(view.trump) if view.trump is not None else NO_TRUMP
        plays = [a for a in legal if a.kind is Kind.PLAY]
        best, best_seat = self.best_of_trick(view, trump)
        later = self.later_seats(view)
        mates = view.teammates if view.teammates is not None else 1 << view.viewer
        declarer = view.declarer
        friend = (best_seat != view.viewer and mates >> best_seat & 1 == 1)
        if role == "helper":
            friend = best_seat == declarer
        if role == "defender":
            friend = declarer is not None and best_seat != declarer and friend
        lead = int(view.trick[0])
        if friend and not self.can_be_beaten(view, best, lead, trump, later):
            return self.feed(view, plays, best, trump)
        if role == "helper":
            # never take a trick from the declarer in Gang/Bauernschnapser; else stay low
            under = [a for a in plays if not beats(_c(a), best, trump)]
            pool = under or plays
            if view.contract is not None and view.contract.all_tricks:
                return min(pool, key=lambda a: (CARD_POINTS[_c(a)], _beat_rank(_c(a))))
            return self.cheapest(view, pool, trump)
        winning = [a for a in plays if beats(_c(a), best, trump)]
        if winning:
            sure = [a for a in winning
                    if not self.can_be_beaten(view, _c(a), lead, trump, later)]
            pool = sure or winning
            return min(pool, key=lambda a: (_SUIT[_c(a)] == trump, CARD_POINTS[_c(a)],
                                            -_c(a)))
        return self.cheapest(view, plays, trump)

    def can_be_beaten(self, view: SeatView, best: int, lead: int, trump: int,
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

    def feed(self, view: SeatView, plays: Sequence[Action], best: int, trump: int) -> Action:
        """The most points it may give a trick its side wins without taking it over
        (when every card it may play would, a follow duty forcing a trump: the cheapest)."""
        under = [a for a in plays if not beats(_c(a), best, trump)]
        if not under:
            return self.cheapest(view, plays, trump)
        return max(under, key=lambda a: (_SUIT[_c(a)] != trump, CARD_POINTS[_c(a)], -_c(a)))

    @staticmethod
    def cheapest(view: SeatView, plays: Sequence[Action], trump: int) -> Action:
        """The card it least minds losing: low ranks before aces and tens, side cards
        before trumps, a marriage half kept."""
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


class HeuristicSeatPlayer(SeatPlayer, CardPlay):
    """A rule-of-thumb player at a table with calls: a sure claim first, a forced
    action at once, else the game's own :meth:`decide` (each game names its subclass)."""

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def act(self, view: Any, rng: random.Random) -> Action | None:
        """The chosen action; deterministic (``rng`` is not used)."""
        claim, legal = claim_choice(view, view.legal)
        if claim is not None:
            return claim
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal)

    def decide(self, view: Any, legal: Sequence[Action]) -> Action:  # pragma: no cover
        """The game's choice among two or more legal actions (no claim to make)."""
        raise NotImplementedError
