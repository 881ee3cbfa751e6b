"""A strong seat of a game with calls: perfect-information Monte Carlo on the solver.

:class:`StrongAuctionPlayer` is the engine both games' strong players share (for four
seats :class:`~schnapsen_lab.games.bauern.strong.StrongBauernPlayer`, for three
:class:`~schnapsen_lab.games.dreier.strong.StrongDreierPlayer`). It sees only its seat's
view. At every choice it deals the cards it cannot see in a number of ways consistent
with what it saw (the game's :meth:`~StrongAuctionPlayer.sample`, on
:func:`~.worlds.sample_worlds`: each hand's size, the turned-up trump card, the other
half of each announced marriage, the suits a seat showed it lacks, and what else the
game knows), solves each world with all cards known and the players of a side playing
together (:mod:`~.solver`), and takes the choice with the best mean game points for its
side.

- Play: every legal card and marriage lead, valued over the worlds.
- Trump (forehand, three cards seen): each suit it may name and turning up its fourth
  card (whose suit the world decides), valued as the normal game with that trump.
- The call: weiter, spritze and each contract it may call, each valued as the deal
  played if the seats still to speak say weiter (the game builds each call's deal in a
  world: :meth:`~StrongAuctionPlayer.call_state`). The solver sees every card, so it is
  an optimist about contracts and doubles: a contract is called only when it is made in
  :data:`CONTRACT_SURE` of the worlds and beats weiter by :data:`CONTRACT_MARGIN` game
  points; spritze only when its side wins :data:`SPRITZE_SURE` of the worlds and the
  deal's value under the doubled stake is clearly positive: its mean less
  :data:`SPRITZE_Z` standard errors is at least :data:`SPRITZE_MARGIN` game points;
  against a contract only when the game's worlds are drawn consistent with the calls
  (:attr:`~StrongAuctionPlayer.worlds_heed_calls`; worlds drawn without regard to the
  declarer's call underrate his hand: its doubled contracts were lost at 12 and 24 game
  points a deal).
- A game's own steps (the called partner, the lay-away) are the game's
  (:meth:`~StrongAuctionPlayer.own_step`).
- Claims: at 66 as soon as the rules allow, as far as it knows its side (never falsely).

A decision solves up to a fixed number of worlds (:data:`PLAY_SAMPLES` and the others)
within a budget of :data:`NODE_BUDGET` search nodes shared by all its searches
(:class:`~.solver.NodeBudget`): the search that would expand one node more stops, the
world it was solving is dropped, and the decision takes the mean over the worlds it
finished (all choices are valued in the same worlds). A node budget is deterministic
(the same seed gives the same choice on any machine) and bounds the time: it is
calibrated to about 0.6 s of one core of the development machine under load. As a last
resort for a much slower machine the searches also stop at :data:`BUDGET` CPU seconds
(a clock guard, looked at every few thousand nodes; only then does the choice depend on
the clock). Should the budget run out before one world is finished, the decision is the
game's rule-of-thumb player's (:meth:`~StrongAuctionPlayer.rule_of_thumb`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ...cards import SUIT_OF
from ...i18n import C_, N_, NP_, Plurals, Texts
from ...notation import call_name, card_text, suit_name
from ...numbers import format_numbers
from ...tricks import card_list
from .rules import CALL_ACTIONS, CLAIM, TRUMP_UP, Action, Call, Kind, Phase
from .solver import Deal, NodeBudget, OutOfBudget, action_values, solve
from .worlds import World, sample_worlds, state_of_world

__all__ = ["AUCTION_SAMPLES", "BUDGET", "CONTRACT_MARGIN", "CONTRACT_SURE",
           "FIRST_LEAD_SAMPLES", "NODE_BUDGET", "PLAY_SAMPLES", "SPRITZE_MARGIN",
           "SPRITZE_SURE", "SPRITZE_Z", "TRUMP_SAMPLES", "AuctionDecision",
           "StrongAuctionPlayer", "choice_words", "spritze_is_clear"]

PLAY_SAMPLES = 30
"""Worlds for a card once the first trick is under way."""
FIRST_LEAD_SAMPLES = 20
"""Worlds for the cards of the first trick (the longest searches)."""
AUCTION_SAMPLES = 20
"""Worlds for the call."""
TRUMP_SAMPLES = 16
"""Worlds for fixing trump."""
CONTRACT_MARGIN = 0.5
"""Game points by which a contract's mean must beat weiter's before the player calls it."""
CONTRACT_SURE = 0.85
"""The share of sampled worlds in which a contract must be made before it is called."""
SPRITZE_SURE = 0.9
"""The share of sampled worlds its side must win before it doubles. The worlds are
solved with every card seen, which favours the defenders (they never misplace a card)
and ignores the contracts still to be called: at 0.75 the spritzes said won only 46 %
of their deals (36 of 78 in 135 matches, seed 2026)."""
SPRITZE_MARGIN = 2.0
"""The game points (doubled) its side's mean must keep, less :data:`SPRITZE_Z` standard
errors, before it doubles: an undoubled normal game won by about one game point."""
SPRITZE_Z = 1.0
"""Standard errors of the mean over worlds taken off before :data:`SPRITZE_MARGIN`."""
NODE_BUDGET = 180_000
"""Search nodes one decision may expand, over all its worlds and choices (about 0.5-0.6 s
of one core of the development machine under load, at 300-400 thousand nodes a second)."""
BUDGET = 0.9
"""CPU seconds after which a decision's searches stop whatever nodes are left: a clock
guard for a machine much slower than the one :data:`NODE_BUDGET` was calibrated on."""


K = TypeVar("K", bound=Hashable)

#: The words of :meth:`AuctionDecision.text`.
TEXT = Texts({
    "claim": N_("66 reached: the claim is correct"),
    "only": N_("the only choice"),
    "partner": N_("the highest trump I do not hold"),
    "rule": N_("no sampled world was solved in time: the rule of thumb chose"),
    "option": N_("{action} ({value:+.2f})"),
    "turn_up": N_("turn up"),
    "careful": N_("a contract only when it is made in {share:.0%} of the worlds or more, "
                  "a double only when it is clearly won"),
    "and": C_("between the parts of a sentence", "; "),
})
PLURALS = Plurals({
    "play": NP_("game points for my side over {n} sampled world: {options}",
                "game points for my side over {n} sampled worlds: {options}"),
    "trump": NP_("game points for my side over {n} sampled world, as the normal game "
                 "with each trump: {options}",
                 "game points for my side over {n} sampled worlds, as the normal game "
                 "with each trump: {options}"),
    "call": NP_("game points for my side over {n} sampled world, the players still to "
                "speak passing: {options}",
                "game points for my side over {n} sampled worlds, the players still to "
                "speak passing: {options}"),
})


def choice_words(a: Action) -> str:
    """A choice as a sentence names it: ``10♥``, ``K♥ +20``, ``♥ hearts``, ``turn up``,
    a call in words, ``P: A♥`` for a partner called."""
    k = a.kind
    if k is Kind.TRUMP:
        return f"{a.suit.symbol} {suit_name(a.suit)}" if a.suit is not None else TEXT["turn_up"]
    if k is Kind.CALL:
        return call_name(a.call)
    if a.card is None:
        return str(a)
    if k is Kind.MARRIAGE:
        return f"{card_text(a.card)} +{a.points}"
    return card_text(a.card)


@dataclass(frozen=True)
class AuctionDecision:
    """What one choice of :class:`StrongAuctionPlayer` rests on (its :attr:`last`).

    ``basis`` is ``"claim"`` (a correct claim), ``"only"`` (no other choice), ``"partner"``
    (the called partner: the highest trump it does not hold), ``"rule"`` (no world was
    solved within the budget: the rule-of-thumb player's choice), or the choice made
    over ``worlds`` sampled worlds: ``"play"`` (a card or marriage), ``"trump"`` or
    ``"call"``; ``ranked`` then holds every option's mean game points for its side, best
    first.
    """

    action: Action | None
    basis: str
    worlds: int = 0
    ranked: tuple[tuple[Action, float], ...] = ()

    def text(self, options: int = 3) -> str:
        """The decision in a sentence, in the language spoken."""
        if self.basis in ("claim", "only", "partner", "rule"):
            return TEXT[self.basis]
        listed = ", ".join(format_numbers(TEXT["option"], action=choice_words(a),
                                          value=float(v))
                           for a, v in self.ranked[:options])
        parts = [PLURALS.text(self.basis, self.worlds, options=listed)]
        if (self.basis == "call" and self.ranked and self.action is not None
                and self.ranked[0][0] != self.action):
            parts.append(format_numbers(TEXT["careful"], share=CONTRACT_SURE))
        return TEXT["and"].join(parts)


def _sign(side: tuple[int, ...], seat: int) -> int:
    return 1 if side[seat] == 0 else -1


class StrongAuctionPlayer:
    """Chooses by sampled worlds and the solver; see the module docs. A game's strong
    player subclasses it with its seat player's interface, its sampling
    (:meth:`sample`), its rule-of-thumb player (:meth:`rule_of_thumb`), its own steps
    (:meth:`own_step`) and each call's deal in a world (:meth:`call_state`).

    ``samples`` scales every world count (1.0: the defaults above); ``seed`` gives the
    player its own generator (else the one the table or simulator passes is used);
    ``margin`` is :data:`CONTRACT_MARGIN`; ``nodes`` the search nodes of a decision
    (:data:`NODE_BUDGET`; None: no limit) and ``budget`` its CPU-second guard
    (:data:`BUDGET`; infinite: none). After each decision ``last_nodes`` is the nodes it
    searched and ``last_worlds`` the worlds it finished (0 and 0 when it searched
    nothing); ``fallbacks`` counts the decisions that finished no world; :attr:`last`
    is what the last choice rested on (an :class:`AuctionDecision`), and :meth:`why` says
    it in a sentence.
    """

    name = "strong"
    worlds_heed_calls = False
    """Whether :meth:`sample` draws worlds consistent with the calls said so far (then a
    spritze against a contract is judged as any other)."""

    def __init__(self, samples: float = 1.0, seed: int | None = None,
                 margin: float = CONTRACT_MARGIN, budget: float = BUDGET,
                 nodes: int | None = NODE_BUDGET) -> None:
        if samples <= 0:
            raise ValueError("samples must be positive")
        if nodes is not None and nodes <= 0:
            raise ValueError("the node budget must be positive")
        self.scale = samples
        self.margin = margin
        self.budget = budget
        self.nodes = nodes
        self.last_nodes = 0
        self.last_worlds = 0
        self.fallbacks = 0
        self.last: AuctionDecision | None = None
        self._rng = random.Random(seed) if seed is not None else None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(samples={self.scale})"

    def _n(self, base: int) -> int:
        return max(1, round(base * self.scale))

    def why(self) -> str | None:
        """What the last choice rested on, in a sentence (:meth:`AuctionDecision.text`);
        None before the first."""
        return self.last.text() if self.last is not None else None

    # -- what a game supplies ----------------------------------------------------------------
    def sample(self, view: Any, n: int, rng: random.Random,
               sizes: Sequence[int] | None = None) -> list[World]:
        """``n`` worlds consistent with what the seat knows (by default
        :func:`~.worlds.sample_worlds`)."""
        return sample_worlds(view, n, rng, sizes)

    def rule_of_thumb(self, view: Any, rng: random.Random) -> Action | None:
        """The game's rule-of-thumb choice, for a decision that finished no world."""
        raise NotImplementedError

    def own_step(self, view: Any, legal: Sequence[Action], rng: random.Random
                 ) -> Action | None:
        """The choice of a step only this game has (None: not one of those)."""
        return None

    def sides(self, view: Any, hands: World) -> tuple[int, ...]:
        """The side (0 or 1) of each seat in world ``hands``, as the game says."""
        raise NotImplementedError

    def call_state(self, view: Any, hands: World, call: Call, contract: Call | None,
                   declarer: int, spritzer: int) -> Deal:
        """The deal played in world ``hands`` after the viewer says ``call`` and the seats
        still to speak say weiter (``contract``, ``declarer``, ``spritzer``: the round's
        state with the call)."""
        return state_of_world(view, hands, side=self.sides(view, hands), contract=contract,
                              declarer=declarer, spritzer=spritzer, auction=True)

    def play_state(self, view: Any, hands: World) -> Deal:
        """The play so far in world ``hands``."""
        return state_of_world(view, hands, side=self.sides(view, hands))

    def trump_state(self, view: Any, hands: World, trump: int) -> Deal:
        """The normal game in world ``hands`` with ``trump`` (every seat saying weiter)."""
        return state_of_world(view, hands, side=self.sides(view, hands), trump=trump,
                              auction=True)

    # -- choosing --------------------------------------------------------------------------------
    def act(self, view: Any, rng: random.Random) -> Action | None:
        """The chosen action (None declines a claim it cannot be sure of)."""
        self.last_nodes = self.last_worlds = 0
        self.last = None
        legal: tuple[Action, ...] = view.legal
        if CLAIM in legal:
            if view.contract is None and view.my_score >= 66:
                self.last = AuctionDecision(CLAIM, "claim")
                return CLAIM
            legal = tuple(a for a in legal if a is not CLAIM)
            if not legal:
                return None
        if len(legal) == 1:
            self.last = AuctionDecision(legal[0], "only")
            return legal[0]
        gen = self._rng if self._rng is not None else rng
        own = self.own_step(view, legal, gen)
        if own is not None:
            return own
        ph = view.phase
        if ph == Phase.TRUMP:
            return self._trump(view, legal, gen)
        if ph == Phase.AUCTION:
            return self._call(view, legal, gen)
        return self._play(view, legal, gen)

    def _decided(self, a: Action, basis: str, values: dict[Action, float]) -> Action:
        """``a``, with :attr:`last` saying it was chosen over the worlds just solved."""
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        self.last = AuctionDecision(a, basis, self.last_worlds, tuple(ranked))
        return a

    # -- worlds ----------------------------------------------------------------------------------
    def _new_budget(self) -> NodeBudget:
        """The budget of one decision: :attr:`nodes` nodes, :attr:`budget` CPU seconds."""
        deadline = (time.process_time() + self.budget if self.budget != float("inf")
                    else None)
        self.last_nodes = self.last_worlds = 0
        return NodeBudget(self.nodes, deadline)

    def _worlds(self, view: Any, n: int, rng: random.Random, budget: NodeBudget,
                sizes: Sequence[int] | None = None) -> Iterator[World]:
        """Up to ``n`` sampled worlds, given one at a time while ``budget`` lasts."""
        for hands in self.sample(view, n, rng, sizes):
            if budget.exhausted:
                return
            yield hands

    def _done(self, budget: NodeBudget, worlds: int) -> None:
        self.last_nodes = budget.spent
        self.last_worlds = worlds

    def over_worlds(self, view: Any, options: Sequence[K], n: int, rng: random.Random,
                    value: Callable[[World, NodeBudget], list[float]],
                    sizes: Sequence[int] | None = None) -> dict[K, list[float]]:
        """Each option's values in up to ``n`` sampled worlds: ``value(world, budget)``
        gives them in the order of ``options``, within one decision's budget; the world
        the budget stops is dropped (:attr:`last_worlds` counts the others)."""
        values: dict[K, list[float]] = {o: [] for o in options}
        budget = self._new_budget()
        done = 0
        for hands in self._worlds(view, n, rng, budget, sizes):
            try:
                got = value(hands, budget)
            except OutOfBudget:
                break
            for o, x in zip(options, got, strict=True):
                values[o].append(x)
            done += 1
        self._done(budget, done)
        return values

    def _fallback(self, view: Any, legal: Sequence[Action], rng: random.Random,
                  ) -> Action:
        """The rule-of-thumb player's choice, for a decision that finished no world."""
        self.fallbacks += 1
        a = self.rule_of_thumb(view, rng)
        chosen = a if a is not None and a in legal else legal[0]
        self.last = AuctionDecision(chosen, "rule")
        return chosen

    # -- play ------------------------------------------------------------------------------------
    def play_values(self, view: Any, legal: Sequence[Action], rng: random.Random,
                    count: int | None = None) -> dict[Action, float]:
        """Each legal card or marriage lead's mean game points for the viewer's side over
        sampled worlds."""
        n = count if count is not None else self._n(
            FIRST_LEAD_SAMPLES if view.tricks_played == 0 else PLAY_SAMPLES)
        me = int(view.viewer)

        def value(hands: World, budget: NodeBudget) -> list[float]:
            st = self.play_state(view, hands)
            sign = _sign(st.side, me)
            got = action_values(st, list(legal), budget)
            return [sign * got[a] for a in legal]

        values = self.over_worlds(view, legal, n, rng, value)
        return {a: _mean(v) for a, v in values.items()}

    def _play(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.play_values(view, legal, rng)
        if not self.last_worlds:
            return self._fallback(view, legal, rng)
        return self._decided(max(legal, key=lambda a: values[a]),  # the first of equal means
                             "play", values)

    # -- trump and call --------------------------------------------------------------------------
    def trump_values(self, view: Any, legal: Sequence[Action], rng: random.Random,
                     count: int | None = None) -> dict[Action, float]:
        """Each way of fixing trump: its mean game points for forehand's side over
        sampled worlds, as the normal game with that trump; turning up takes the suit of
        one of the cards the world gives forehand beyond the three he saw."""
        n = count if count is not None else self._n(TRUMP_SAMPLES)
        me = int(view.viewer)
        values: dict[Action, list[float]] = {a: [] for a in legal}
        budget = self._new_budget()
        done = 0
        size = view.profile.tricks
        for hands in self._worlds(view, n, rng, budget, sizes=(size,) * len(view.known)):
            hidden = hands[me] & ~view.hand
            mine = card_list(hidden)
            turned = mine[rng.randrange(len(mine))]
            by_suit: dict[int, float] = {}  # turning up plays as naming the card's suit
            try:
                for a in legal:
                    t = int(a.suit if a.suit is not None else SUIT_OF[turned])
                    if t not in by_suit:
                        by_suit[t] = self._deal_value(view, hands, t, me, budget)
            except OutOfBudget:
                break
            for a in legal:
                values[a].append(by_suit[int(a.suit if a.suit is not None
                                             else SUIT_OF[turned])])
            done += 1
        self._done(budget, done)
        return {a: _mean(v) for a, v in values.items()}

    def _deal_value(self, view: Any, hands: World, trump: int, me: int,
                    budget: NodeBudget | None = None) -> float:
        """Forehand's side's value of a world with ``trump``: the normal game (every
        seat saying weiter)."""
        st = self.trump_state(view, hands, trump)
        return float(_sign(st.side, me) * solve(st, budget))

    def _trump(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.trump_values(view, legal, rng)
        if not self.last_worlds:
            return self._fallback(view, legal, rng)
        order = [*[a for a in legal if a is not TRUMP_UP], TRUMP_UP]
        return self._decided(max(order, key=lambda a: values.get(a, -1e9)), "trump", values)

    def call_samples(self, view: Any, legal: Sequence[Action], rng: random.Random,
                     count: int | None = None) -> dict[Action, list[float]]:
        """Each call's game points for the viewer's side in each sampled world, the
        seats still to speak saying weiter."""
        n = count if count is not None else self._n(AUCTION_SAMPLES)
        me = int(view.viewer)
        contract = view.contract
        declarer = int(view.declarer) if view.declarer is not None else -1
        spritzer = int(view.spritze) if view.spritze is not None else -1

        def value(hands: World, budget: NodeBudget) -> list[float]:
            base: float | None = None
            got: list[float] = []
            for a in legal:
                call = a.call
                assert call is not None
                c, d, s = contract, declarer, spritzer
                if call.is_contract:
                    c, d = call, me
                elif call is Call.SPRITZE:
                    s = me
                st = self.call_state(view, hands, call, c, d, s)
                if not call.is_contract and base is not None:
                    # weiter and spritze play the same deal: only the doubling differs
                    got.append(base * st.mult)
                    continue
                v = _sign(st.side, me) * solve(st, budget)
                if not call.is_contract:
                    base = v / st.mult
                got.append(v)
            return got

        return self.over_worlds(view, legal, n, rng, value)

    def call_values(self, view: Any, legal: Sequence[Action], rng: random.Random,
                    count: int | None = None) -> dict[Action, float]:
        """Each call's mean game points for the viewer's side over sampled worlds, the
        seats still to speak saying weiter (before the margins of :meth:`act`)."""
        return {a: _mean(v) for a, v in self.call_samples(view, legal, rng, count).items()}

    def _call(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Weiter, unless a contract is made in :data:`CONTRACT_SURE` of the worlds and
        beats weiter by :data:`CONTRACT_MARGIN`, or the doubled stake is clearly won
        (:func:`spritze_is_clear`; against a contract only when the worlds heed the
        calls)."""
        samples = self.call_samples(view, legal, rng)
        if not self.last_worlds:
            return self._fallback(view, legal, rng)
        weiter = CALL_ACTIONS[Call.WEITER]
        best = weiter
        best_v = _mean(samples[weiter])
        for a in legal:
            call = a.call
            if a is weiter or call is None:
                continue
            vals = samples[a]
            wins = sum(1 for x in vals if x > 0) / len(vals)
            v = _mean(vals)
            if call.is_contract:
                if wins < CONTRACT_SURE:
                    continue
                v -= self.margin
            elif call is Call.SPRITZE and (
                    (view.contract is not None and not self.worlds_heed_calls)
                    or not spritze_is_clear(vals)):
                continue  # a contract: worlds that ignore the calls underrate its declarer
            if v > best_v + 1e-9:
                best, best_v = a, v
        return self._decided(best, "call", {a: _mean(v) for a, v in samples.items()})


def spritze_is_clear(doubled: Sequence[float], sure: float = SPRITZE_SURE,
                     margin: float = SPRITZE_MARGIN, z: float = SPRITZE_Z) -> bool:
    """Whether the viewer's side should double, given its game points under the doubled
    stake in each sampled world: it wins at least ``sure`` of the worlds and the mean less
    ``z`` standard errors is at least ``margin``."""
    n = len(doubled)
    if n < 2:
        return False
    if sum(1 for x in doubled if x > 0) < sure * n:
        return False
    mean = _mean(doubled)
    se = math.sqrt(sum((x - mean) ** 2 for x in doubled) / (n - 1) / n)
    return mean - z * se >= margin


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0
