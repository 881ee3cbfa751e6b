"""A strong four-player seat: perfect-information Monte Carlo on the four-hand solver.

:class:`StrongBauernPlayer` sees only its seat's :class:`~.knowledge.View` (BW1, BW2).
At every choice it deals the cards it cannot see in a number of ways consistent with
what it saw (:func:`~.worlds.sample_worlds`: each hand's size, the turned-up trump card,
the other half of each announced marriage, the suits a seat showed it lacks; the called
card lies wherever the world puts it until the seat knows its holder), solves each world
with all cards known and the partners playing together
(:mod:`~.solver`), and takes the choice with the best mean game points for its side.

- Play: every legal card and marriage lead, valued over the worlds.
- Trump (forehand, three cards seen): each suit it may name and turning up its fourth
  card (whose suit the world decides), valued as the normal game with that trump.
- The call: weiter, spritze and each contract it may call, each valued as the deal
  played if the seats still to speak say weiter. The solver sees every card, so it is
  an optimist about contracts and doubles: a contract is called only when it is made in
  :data:`CONTRACT_SURE` of the worlds and beats weiter by :data:`CONTRACT_MARGIN` game
  points; spritze only when its side wins :data:`SPRITZE_SURE` of the worlds and the
  deal's value under the doubled stake is clearly positive: its mean less
  :data:`SPRITZE_Z` standard errors is at least :data:`SPRITZE_MARGIN` game points;
  never against a contract (the worlds are drawn without regard to the declarer's
  call, so they underrate his hand: its doubled contracts were lost at 12 and 24 game
  points a deal).
- The called partner (BC1): the highest trump not among its three cards.
- Claims: at 66 as soon as BE2 allows, as far as it knows its side (never falsely).

A decision solves up to a fixed number of worlds (:data:`PLAY_SAMPLES` and the others)
within a budget of :data:`NODE_BUDGET` search nodes shared by all its searches
(:class:`~.solver.NodeBudget`): the search that would expand one node more stops, the
world it was solving is dropped, and the decision takes the mean over the worlds it
finished (all choices are valued in the same worlds). A node budget is deterministic
(the same seed gives the same choice on any machine) and bounds the time: it is
calibrated to about 0.6 s of one core of the development machine under load. As a last
resort for a much slower machine the searches also stop at :data:`BUDGET` CPU seconds
(a clock guard, looked at every few thousand nodes; only then does the choice depend on
the clock). Should the budget run out before one world is finished (one world of the
first trick can take a few hundred thousand nodes), the decision is the rule-of-thumb
player's (:class:`~.players.HeuristicBauernPlayer`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...cards import SUIT_OF
from ...i18n import C_, N_, NP_, Plurals, Texts
from ...notation import call_name, card_text, suit_name
from ...numbers import format_numbers
from ...tricks import card_list
from .knowledge import View
from .players import HeuristicBauernPlayer, SeatPlayer, partner_of
from .rules import CALLS, CLAIM, TRUMP_UP, Action, Call, Kind, Phase
from .solver import NodeBudget, OutOfBudget, action_values, solve
from .worlds import World, sample_worlds, state_of_world

__all__ = ["AUCTION_SAMPLES", "BUDGET", "CONTRACT_MARGIN", "CONTRACT_SURE",
           "FIRST_LEAD_SAMPLES", "NODE_BUDGET", "PLAY_SAMPLES", "SPRITZE_MARGIN",
           "SPRITZE_SURE", "SPRITZE_Z", "TRUMP_SAMPLES", "BauernDecision",
           "StrongBauernPlayer", "choice_words", "spritze_is_clear"]

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


#: The words of :meth:`BauernDecision.text`.
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
class BauernDecision:
    """What one choice of :class:`StrongBauernPlayer` rests on (its :attr:`last`).

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


class StrongBauernPlayer(SeatPlayer):
    """Chooses by sampled worlds and the four-hand solver; see the module docs.

    ``samples`` scales every world count (1.0: the defaults above); ``seed`` gives the
    player its own generator (else the one the table or simulator passes is used);
    ``margin`` is :data:`CONTRACT_MARGIN`; ``nodes`` the search nodes of a decision
    (:data:`NODE_BUDGET`; None: no limit) and ``budget`` its CPU-second guard
    (:data:`BUDGET`; infinite: none). After each decision ``last_nodes`` is the nodes it
    searched and ``last_worlds`` the worlds it finished (0 and 0 when it searched
    nothing); ``fallbacks`` counts the decisions that finished no world; :attr:`last`
    is what the last choice rested on (a :class:`BauernDecision`), and :meth:`why` says
    it in a sentence.
    """

    name = "strong"

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
        self.last: BauernDecision | None = None
        self._rng = random.Random(seed) if seed is not None else None

    def __repr__(self) -> str:
        return f"StrongBauernPlayer(samples={self.scale})"

    def _n(self, base: int) -> int:
        return max(1, round(base * self.scale))

    def why(self) -> str | None:
        """What the last choice rested on, in a sentence (:meth:`BauernDecision.text`);
        None before the first."""
        return self.last.text() if self.last is not None else None

    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action (None declines a claim it cannot be sure of)."""
        self.last_nodes = self.last_worlds = 0
        self.last = None
        legal = view.legal
        if CLAIM in legal:
            if view.contract is None and view.my_score >= 66:
                self.last = BauernDecision(CLAIM, "claim")
                return CLAIM
            legal = tuple(a for a in legal if a is not CLAIM)
            if not legal:
                return None
        if len(legal) == 1:
            self.last = BauernDecision(legal[0], "only")
            return legal[0]
        gen = self._rng if self._rng is not None else rng
        ph = view.phase
        if ph == Phase.TRUMP:
            return self._trump(view, legal, gen)
        if ph == Phase.PARTNER:
            a = self._partner(view)
            self.last = BauernDecision(a, "partner")
            return a
        if ph == Phase.AUCTION:
            return self._call(view, legal, gen)
        return self._play(view, legal, gen)

    def _decided(self, a: Action, basis: str, values: dict[Action, float]) -> Action:
        """``a``, with :attr:`last` saying it was chosen over the worlds just solved."""
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        self.last = BauernDecision(a, basis, self.last_worlds, tuple(ranked))
        return a

    # -- worlds ----------------------------------------------------------------------------------
    def _new_budget(self) -> NodeBudget:
        """The budget of one decision: :attr:`nodes` nodes, :attr:`budget` CPU seconds."""
        deadline = (time.process_time() + self.budget if self.budget != float("inf")
                    else None)
        self.last_nodes = self.last_worlds = 0
        return NodeBudget(self.nodes, deadline)

    def _worlds(self, view: View, n: int, rng: random.Random, budget: NodeBudget,
                sizes: Sequence[int] | None = None) -> Iterator[World]:
        """Up to ``n`` sampled worlds, given one at a time while ``budget`` lasts."""
        for hands in sample_worlds(view, n, rng, sizes):
            if budget.exhausted:
                return
            yield hands

    def _done(self, budget: NodeBudget, worlds: int) -> None:
        self.last_nodes = budget.spent
        self.last_worlds = worlds

    def _fallback(self, view: View, legal: Sequence[Action], rng: random.Random,
                  ) -> Action:
        """The rule-of-thumb player's choice, for a decision that finished no world."""
        self.fallbacks += 1
        a = HeuristicBauernPlayer().act(view, rng)
        chosen = a if a is not None and a in legal else legal[0]
        self.last = BauernDecision(chosen, "rule")
        return chosen

    # -- play ------------------------------------------------------------------------------------
    def play_values(self, view: View, legal: Sequence[Action], rng: random.Random,
                    count: int | None = None) -> dict[Action, float]:
        """Each legal card or marriage lead's mean game points for the viewer's side over
        sampled worlds."""
        n = count if count is not None else self._n(
            FIRST_LEAD_SAMPLES if view.tricks_played == 0 else PLAY_SAMPLES)
        me = int(view.viewer)
        values: dict[Action, list[float]] = {a: [] for a in legal}
        budget = self._new_budget()
        done = 0
        for hands in self._worlds(view, n, rng, budget):
            st = state_of_world(view, hands)
            sign = _sign(st.side, me)
            try:
                got = action_values(st, list(legal), budget)
            except OutOfBudget:
                break
            for a, v in got.items():
                values[a].append(sign * v)
            done += 1
        self._done(budget, done)
        return {a: _mean(v) for a, v in values.items()}

    def _play(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.play_values(view, legal, rng)
        if not self.last_worlds:
            return self._fallback(view, legal, rng)
        return self._decided(max(legal, key=lambda a: values[a]),  # the first of equal means
                             "play", values)

    # -- trump, partner, call ------------------------------------------------------------------
    def _partner(self, view: View) -> Action:
        """The highest trump it does not hold, as the rule-of-thumb player calls."""
        return partner_of(view)

    def trump_values(self, view: View, legal: Sequence[Action], rng: random.Random,
                     count: int | None = None) -> dict[Action, float]:
        """Each way of fixing trump: its mean game points for forehand's side over
        sampled worlds, as the normal game with that trump; turning up takes the suit of
        one of the two cards the world gives forehand."""
        n = count if count is not None else self._n(TRUMP_SAMPLES)
        me = int(view.viewer)
        values: dict[Action, list[float]] = {a: [] for a in legal}
        budget = self._new_budget()
        done = 0
        size = view.profile.tricks
        for hands in self._worlds(view, n, rng, budget, sizes=(size, size, size, size)):
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

    def _deal_value(self, view: View, hands: Sequence[int], trump: int, me: int,
                    budget: NodeBudget | None = None) -> float:
        """Forehand's side's value of a world with ``trump``: the normal game (every
        seat saying weiter)."""
        st = state_of_world(view, hands, trump=trump, auction=True)
        return float(_sign(st.side, me) * solve(st, budget))

    def _trump(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.trump_values(view, legal, rng)
        if not self.last_worlds:
            return self._fallback(view, legal, rng)
        order = [*[a for a in legal if a is not TRUMP_UP], TRUMP_UP]
        return self._decided(max(order, key=lambda a: values.get(a, -1e9)), "trump", values)

    def call_samples(self, view: View, legal: Sequence[Action], rng: random.Random,
                     count: int | None = None) -> dict[Action, list[float]]:
        """Each call's game points for the viewer's side in each sampled world, the
        seats still to speak saying weiter."""
        n = count if count is not None else self._n(AUCTION_SAMPLES)
        me = int(view.viewer)
        values: dict[Action, list[float]] = {a: [] for a in legal}
        contract = view.contract
        declarer = int(view.declarer) if view.declarer is not None else -1
        spritzer = int(view.spritze) if view.spritze is not None else -1
        budget = self._new_budget()
        done = 0
        for hands in self._worlds(view, n, rng, budget):
            base: float | None = None
            got: list[float] = []
            try:
                for a in legal:
                    call = a.call
                    assert call is not None
                    c, d, s = contract, declarer, spritzer
                    if call.is_contract:
                        c, d = call, me
                    elif call is Call.SPRITZE:
                        s = me
                    st = state_of_world(view, hands, contract=c, declarer=d, spritzer=s,
                                        auction=True)
                    if not call.is_contract and base is not None:
                        # weiter and spritze play the same deal: only the doubling differs
                        got.append(base * st.mult)
                        continue
                    v = _sign(st.side, me) * solve(st, budget)
                    if not call.is_contract:
                        base = v / st.mult
                    got.append(v)
            except OutOfBudget:
                break
            for a, x in zip(legal, got, strict=True):
                values[a].append(x)
            done += 1
        self._done(budget, done)
        return values

    def call_values(self, view: View, legal: Sequence[Action], rng: random.Random,
                    count: int | None = None) -> dict[Action, float]:
        """Each call's mean game points for the viewer's side over sampled worlds, the
        seats still to speak saying weiter (before the margins of :meth:`act`)."""
        return {a: _mean(v) for a, v in self.call_samples(view, legal, rng, count).items()}

    def _call(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Weiter, unless a contract is made in :data:`CONTRACT_SURE` of the worlds and
        beats weiter by :data:`CONTRACT_MARGIN`, or the doubled stake of forehand's
        normal game (never a contract: the worlds ignore the declarer's call) is clearly
        won (:func:`spritze_is_clear`)."""
        samples = self.call_samples(view, legal, rng)
        if not self.last_worlds:
            return self._fallback(view, legal, rng)
        weiter = CALLS[Call.WEITER]
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
            elif call is Call.SPRITZE and (view.contract is not None
                                           or not spritze_is_clear(vals)):
                continue  # a contract: its worlds ignore that the declarer called it
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
