"""A strong Dreierschnapsen seat: the auction family's strong player
(:class:`~schnapsen_lab.games.auction.strong.StrongAuctionPlayer`, perfect-information
Monte Carlo on the solver) for three seats, one declarer against two.

:class:`StrongDreierPlayer` sees only its seat's view (3W1). Its worlds place every card
it has not seen: in the other two hands, or out of play (the talon before the declarer
takes it, the two cards another seat laid away, 3T2); the declarer knows the talon and
what he laid away, so his worlds place only the defenders' cards. The worlds are drawn
*consistent with the round of calls so far*: each world is kept with the likelihood
that the seats who spoke before would have said what they said holding the hands the
world gives them (:func:`call_likelihood`, a rule-of-thumb model of the calls; a
rejection sampler, deterministic for a seed). So a spritze or a contract said before
makes the worlds where that seat is strong the likelier, and a spritze against a
contract is judged as any other call.

Each call is valued in a world as the deal it leads to: the game's holder (the caller of
a contract, else forehand) takes the talon the world has and lays away two cards by a
rule of thumb for the game to be played (:func:`quick_lay_away`), and the solver plays
the rest, the declarer alone against the two. The lay-away itself (3T1) is chosen by
search: the declarer knows his eight cards, so he values the :data:`LAY_AWAY_PAIRS`
likeliest pairs (those the rule of thumb ranks first) over worlds of the defenders'
hands and lays away the best pair, one card at a time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from ...cards import CARD_POINTS, RANK_OF, SUIT_OF
from ...tricks import NO_TRUMP, SUIT_MASKS, card_list
from ..auction.solver import Deal, NodeBudget, solve
from ..auction.strong import (
    BUDGET,
    CONTRACT_MARGIN,
    AuctionDecision,
    StrongAuctionPlayer,
    _mean,
    _sign,
)
from ..auction.worlds import World, hand_sizes, sample_worlds, state_of_world
from .players import HeuristicDreierPlayer, SeatPlayer, View
from .rules import Action, Call, Kind

__all__ = ["CALL_TRIES", "LAY_AWAY_PAIRS", "LAY_AWAY_SAMPLES", "NODE_BUDGET",
           "StrongDreierPlayer",
           "call_likelihood", "out_of_play", "quick_lay_away", "sample_heeding_calls"]

NODE_BUDGET = 250_000
"""Search nodes one decision may expand (about 0.6 s of one core of the development
machine under load; most decisions of the play need a few thousand)."""
LAY_AWAY_PAIRS = 4
"""Pairs of cards the declarer values by search before laying two away."""
LAY_AWAY_SAMPLES = 6
"""Worlds of the defenders' hands over which each pair is valued."""
CALL_TRIES = 6
"""Candidate worlds drawn for each world kept when calls were said before (rejection
sampling); when too few are kept, the likeliest of the rest fill the count."""

_SUIT, _RANK = SUIT_OF, RANK_OF
_HIGH = (6, 5, 3, 2, 1, 0)  # a card's weight by rank (A T K Q J 9) in the rules of thumb


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _tops(hand: int, out: int) -> int:
    """Cards of ``hand`` that win the trick of their suit from the top: in each suit, the
    cards above every card of it in ``out`` (the cards the others may hold)."""
    n = 0
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        theirs = out & ~hand & SUIT_MASKS[s]
        for c in card_list(mine):  # highest first
            if theirs and (theirs & ((1 << c) - 1)):
                break  # a higher card of the suit is out
            n += 1
    return n


def _bettler_risk(hand: int, out: int) -> int:
    """Cards of ``hand`` that may win a trick in Bettler: those above a card of their
    suit the others may hold."""
    n = 0
    for c in card_list(hand):
        if out & SUIT_MASKS[_SUIT[c]] & ~((1 << (c + 1)) - 1):
            n += 1
    return n


def _keep_value(c: int, hand: int, trump: int, goal: Call | None, out: int) -> float:
    """How much the declarer wants to keep card ``c`` of ``hand`` for the game ``goal``
    (None: the normal game); the two lowest are laid away."""
    r = _RANK[c]
    suit = _SUIT[c]
    if goal is not None and goal.no_tricks:
        higher_out = out & SUIT_MASKS[suit] & ~((1 << (c + 1)) - 1)
        return -float(_count(higher_out)) * 10 - r  # the cards that may win go
    if goal is not None and goal.all_tricks:
        t = NO_TRUMP if goal.no_trump else trump
        above_out = out & SUIT_MASKS[suit] & ((1 << c) - 1)
        base = 100.0 if not above_out else 0.0
        return base + (50 if suit == t else 0) - r * 5 - _count(hand & SUIT_MASKS[suit])
    v = float(_HIGH[r])
    if suit == trump:
        v += 20
    elif r == 1 and hand >> (c - 1) & 1:
        v += 6  # a ten with its ace
    if r in (2, 3):
        pair = c + 1 if r == 2 else c - 1
        if hand >> pair & 1:
            v += 12 if suit == trump else 8
    v -= CARD_POINTS[c] / 20  # points laid away count for nobody
    v += _count(hand & SUIT_MASKS[suit]) * 0.5  # shorten the short suits
    return v


def quick_lay_away(eight: int, trump: int, goal: Call | None, out: int,
                   keep: int = 6) -> int:
    """The hand the declarer keeps of ``eight`` cards for the game ``goal`` (None: the
    normal game): his ``keep`` cards of most use by a rule of thumb (the sure winners for
    a game of all tricks, the low cards for Bettler; trumps, aces, a ten with its ace and
    marriages otherwise). ``out``: the cards the others may hold."""
    cards = card_list(eight)
    ranked = sorted(cards, key=lambda c: (-_keep_value(c, eight, trump, goal, out), c))
    kept = 0
    for c in ranked[:keep]:
        kept |= 1 << c
    return kept


def call_likelihood(call: Call, hand: int, trump: int, out: int) -> float:
    """How likely a seat holding ``hand`` (six cards) says ``call`` under ``trump`` by a
    rule of thumb, between 0 and 1 (``out``: the cards it cannot see, the talon's
    among them). A contract wants the hand that makes it with the talon's help: every
    trick (sure winners), no trick (no card that may win), 66 in three tricks (high
    trumps and aces); spritze a hand that wins the game doubled; weiter anything but a
    hand clearly good for a contract."""
    tops = _tops(hand, out)
    if call is Call.WEITER:
        return 0.35 if tops >= 5 else 1.0
    if call is Call.BETTLER:
        risk = _bettler_risk(hand, out)
        return (1.0, 0.9, 0.5, 0.15, 0.05)[min(risk, 4)]
    if call.all_tricks:
        return (0.02, 0.02, 0.05, 0.2, 0.6, 1.0, 1.0)[min(tops, 6)]
    high_trumps = _count(hand & SUIT_MASKS[trump]
                         & (0b11 << (5 * trump))) if trump != NO_TRUMP else 0
    aces = sum(1 for c in card_list(hand) if _RANK[c] == 0)
    strength = high_trumps * 2 + aces + (2 if _married(hand, trump) else 0)
    if call.points_count:
        return (0.02, 0.05, 0.1, 0.3, 0.6, 0.9, 1.0)[min(strength, 6)]
    # spritze: a side that wins the doubled game
    return (0.05, 0.1, 0.25, 0.5, 0.8, 1.0, 1.0)[min(strength, 6)]


def _married(hand: int, trump: int) -> bool:
    """Whether ``hand`` holds the trump marriage."""
    if trump == NO_TRUMP:
        return False
    k = 5 * trump + 2
    return bool(hand >> k & 1 and hand >> (k + 1) & 1)


def out_of_play(view: Any, sizes: Sequence[int]) -> int:
    """How many cards the viewer has not seen are in no hand: the talon before it is
    taken, the cards another seat laid away (0 for the declarer, who knows them)."""
    known = view.known
    me = int(view.viewer)
    free = sum(sizes[s] - _count(known[s]) for s in range(len(known)) if s != me)
    free += sizes[me] - _count(view.hand)
    return _count(view.unknown) - free


def sample_heeding_calls(view: Any, n: int, rng: random.Random,
                         sizes: Sequence[int] | None = None,
                         tries: int = CALL_TRIES) -> list[World]:
    """``n`` worlds consistent with ``view`` and with the calls said so far: each hand
    of the three and then the cards out of play. Candidate worlds are drawn
    (:func:`~schnapsen_lab.games.auction.worlds.sample_worlds`) and each kept with the
    product of :func:`call_likelihood` over the seats that spoke, while no card has
    been played (the calls judge whole hands); at most ``tries`` candidates a world are
    drawn, and the likeliest of the rest fill a short count."""
    v = view
    me = int(v.viewer)
    size = list(sizes) if sizes is not None else list(hand_sizes(v))
    size[me] = max(size[me], _count(v.hand))
    pile = out_of_play(v, size)
    calls: tuple[Call, ...] = v.calls
    speakers = []
    f = int(v.forehand)
    for i, c in enumerate(calls):
        s = (f + i) % 3
        if s != me:
            speakers.append((s, c))
    if not speakers or v.named_trump is None or v.played:
        return sample_worlds(v, n, rng, size, out_of_play=pile)
    trump = int(v.named_trump)
    drawn = sample_worlds(v, n * tries, rng, size, out_of_play=pile)
    kept: list[World] = []
    rest: list[tuple[float, int, World]] = []
    for i, w in enumerate(drawn):
        weight = 1.0
        for s, c in speakers:
            hand = w[s]
            weight *= call_likelihood(c, hand, trump, 0xFFFFF & ~hand)
        if rng.random() < weight:
            kept.append(w)
            if len(kept) == n:
                return kept
        else:
            rest.append((-weight, i, w))
    rest.sort()
    kept.extend(w for _, _, w in rest[:n - len(kept)])
    return kept


def _sides(holder: int) -> tuple[int, int, int]:
    """The declarer (side 0) against the two others (side 1)."""
    return (int(holder != 0), int(holder != 1), int(holder != 2))


class StrongDreierPlayer(StrongAuctionPlayer, SeatPlayer):
    """Chooses by sampled worlds and the solver for three seats; see the module docs and
    :class:`~schnapsen_lab.games.auction.strong.StrongAuctionPlayer` for its settings.
    After a lay-away decision :attr:`last` ranks the pairs it valued (as the first card
    of each pair)."""

    name = "strong"
    worlds_heed_calls = True
    _plan: tuple[int, int] | None = None
    """The pair chosen to lay away, while its second card is still to go."""
    _plan_why: AuctionDecision | None = None
    """What the pair's choice rested on."""

    def __init__(self, samples: float = 1.0, seed: int | None = None,
                 margin: float = CONTRACT_MARGIN, budget: float = BUDGET,
                 nodes: int | None = NODE_BUDGET) -> None:
        super().__init__(samples, seed, margin, budget, nodes)

    def sample(self, view: Any, n: int, rng: random.Random,
               sizes: Sequence[int] | None = None) -> list[World]:
        """``n`` worlds consistent with the view and the calls
        (:func:`sample_heeding_calls`)."""
        return sample_heeding_calls(view, n, rng, sizes)

    def rule_of_thumb(self, view: View, rng: random.Random) -> Action | None:
        """:class:`~.players.HeuristicDreierPlayer`'s choice."""
        return HeuristicDreierPlayer().act(view, rng)

    # -- the deal a call or a trump leads to -----------------------------------------------------
    def _deal(self, view: Any, hands: World, contract: Call | None, declarer: int,
              spritzer: int, trump: int | None = None) -> Deal:
        """The play after the round of calls in world ``hands`` (three hands, then the
        talon): the holder takes the talon and lays two cards away by the rule of thumb,
        then plays alone against the two others."""
        f = int(view.forehand)
        holder = declarer if contract is not None else f
        t = trump if trump is not None else int(view.named_trump)
        talon = hands[3] if len(hands) > 3 else 0
        eight = hands[holder] | talon
        others = 0
        for s in range(3):
            if s != holder:
                others |= hands[s]
        kept = quick_lay_away(eight, t, contract, others,
                              keep=view.profile.tricks)
        played = [hands[0], hands[1], hands[2]]
        played[holder] = kept
        return state_of_world(view, played, contract=contract,
                              declarer=holder, spritzer=spritzer, trump=trump,
                              auction=True, side=_sides(holder))

    def call_state(self, view: Any, hands: World, call: Call, contract: Call | None,
                   declarer: int, spritzer: int) -> Deal:
        """The deal played in world ``hands`` after ``call``, the others passing."""
        return self._deal(view, hands, contract, declarer, spritzer)

    def trump_state(self, view: Any, hands: World, trump: int) -> Deal:
        """The normal game in world ``hands`` with ``trump``: forehand takes the talon."""
        return self._deal(view, hands, None, -1, -1, trump)

    def sides(self, view: Any, hands: World) -> tuple[int, ...]:
        """The declarer (forehand until a contract is called) against the two others."""
        d = view.declarer
        return _sides(int(d) if d is not None else int(view.forehand))

    # -- the lay-away ----------------------------------------------------------------------------
    def own_step(self, view: Any, legal: Sequence[Action], rng: random.Random
                 ) -> Action | None:
        """The lay-away (3T1): the best pair over sampled worlds, one card at a time."""
        if legal[0].kind is not Kind.LAYAWAY:
            return None
        plan = self._plan
        self._plan = None
        if plan is not None and view.laid == 1 << plan[0] and view.hand >> plan[1] & 1:
            a = next(x for x in legal if x.card is not None and int(x.card) == plan[1])
            why = self._plan_why
            self.last = replace(why, action=a) if why is not None else None
            return a
        return self._lay_away(view, legal, rng)

    def lay_away_values(self, view: Any, rng: random.Random,
                        pairs: Sequence[tuple[int, int]] | None = None,
                        count: int | None = None) -> dict[tuple[int, int], float]:
        """The declarer's mean game points over sampled worlds of the defenders' hands
        for each pair laid away (by default the :data:`LAY_AWAY_PAIRS` the rule of thumb
        ranks first)."""
        hand: int = view.hand
        contract: Call | None = view.contract
        t = int(view.named_trump)
        me = int(view.viewer)
        out: int = view.unknown
        if pairs is None:
            pairs = self.candidate_pairs(hand, t, contract, out)
        n = count if count is not None else self._n(LAY_AWAY_SAMPLES)
        spritzer = int(view.spritze) if view.spritze is not None else -1
        size = [view.profile.tricks] * 3
        size[me] = _count(hand)

        def value(hands: World, budget: NodeBudget) -> list[float]:
            got: list[float] = []
            for p in pairs:
                played = [hands[0], hands[1], hands[2]]
                played[me] = hand & ~(1 << p[0]) & ~(1 << p[1])
                st = state_of_world(view, played, contract=contract, declarer=me,
                                    spritzer=spritzer, trump=t, auction=True,
                                    side=_sides(me))
                got.append(float(_sign(st.side, me) * solve(st, budget)))
            return got

        values = self.over_worlds(view, pairs, n, rng, value, size)
        return {p: _mean(v) for p, v in values.items()}

    @staticmethod
    def candidate_pairs(hand: int, trump: int, contract: Call | None, out: int,
                        count: int = LAY_AWAY_PAIRS) -> list[tuple[int, int]]:
        """The ``count`` pairs of ``hand`` the rule of thumb would lay away first: pairs
        of its least wanted cards, the least wanted pair first."""
        cards = card_list(hand)
        worth = {c: _keep_value(c, hand, trump, contract, out) for c in cards}
        low = sorted(cards, key=lambda c: (worth[c], c))[:4]
        pairs = sorted(combinations(sorted(low), 2),
                       key=lambda p: (worth[p[0]] + worth[p[1]], p))
        return list(pairs[:count])

    def _lay_away(self, view: Any, legal: Sequence[Action], rng: random.Random
                  ) -> Action:
        values = self.lay_away_values(view, rng)
        pairs = list(values)
        if not self.last_worlds:
            self.fallbacks += 1
            best = pairs[0]
        else:
            best = max(pairs, key=lambda p: values[p])  # the first of equal means
        first, second = best
        self._plan = (first, second)
        by_card = {int(a.card): a for a in legal if a.card is not None}
        a = by_card[first]
        ranked = tuple(sorted(((by_card[p[0]], v) for p, v in values.items()),
                              key=lambda kv: -kv[1]))
        self.last = AuctionDecision(a, "play" if self.last_worlds else "rule",
                                    self.last_worlds, ranked)
        self._plan_why = self.last
        return a
