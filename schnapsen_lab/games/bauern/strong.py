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
  card (whose suit the world decides), valued as the normal game with that trump, the
  best of its own contracts counted where one is worth more in that world.
- The call: weiter, spritze and each contract it may call, each valued as the deal
  played if the seats still to speak say weiter. A contract must beat weiter by
  :data:`CONTRACT_MARGIN` game points (the solver sees every card: it is an optimist
  about contracts).
- The called partner (BC1): the highest trump not among its three cards.
- Claims: at 66 as soon as BE2 allows, as far as it knows its side (never falsely).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import CARDS
from ...players.bauern import SeatPlayer
from .knowledge import View
from .rules import CALLS, CLAIM, TRUMP_UP, Action, Call, Phase, partner_call
from .solver import action_values, solve
from .worlds import sample_worlds, state_of_world

__all__ = ["AUCTION_SAMPLES", "CONTRACT_MARGIN", "PLAY_SAMPLES", "TRUMP_SAMPLES",
           "StrongBauernPlayer"]

PLAY_SAMPLES = 12
"""Worlds for a card once the first trick is under way."""
FIRST_LEAD_SAMPLES = 8
"""Worlds for the cards of the first trick (the longest searches)."""
AUCTION_SAMPLES = 16
"""Worlds for the call."""
TRUMP_SAMPLES = 10
"""Worlds for fixing trump."""
CONTRACT_MARGIN = 0.5
"""Game points by which a contract's mean must beat weiter's before the player calls it."""


def _sign(side: tuple[int, ...], seat: int) -> int:
    return 1 if side[seat] == 0 else -1


class StrongBauernPlayer(SeatPlayer):
    """Chooses by sampled worlds and the four-hand solver; see the module docs.

    ``samples`` scales every world count (1.0: the defaults above); ``seed`` gives the
    player its own generator (else the one the table or simulator passes is used).
    """

    name = "strong"

    def __init__(self, samples: float = 1.0, seed: int | None = None,
                 margin: float = CONTRACT_MARGIN) -> None:
        if samples <= 0:
            raise ValueError("samples must be positive")
        self.scale = samples
        self.margin = margin
        self._rng = random.Random(seed) if seed is not None else None

    def __repr__(self) -> str:
        return f"StrongBauernPlayer(samples={self.scale})"

    def _n(self, base: int) -> int:
        return max(1, round(base * self.scale))

    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action (None declines a claim it cannot be sure of)."""
        legal = view.legal
        if CLAIM in legal:
            if view.contract is None and view.my_score >= 66:
                return CLAIM
            legal = tuple(a for a in legal if a is not CLAIM)
            if not legal:
                return None
        if len(legal) == 1:
            return legal[0]
        gen = self._rng if self._rng is not None else rng
        ph = view.phase
        if ph == Phase.TRUMP:
            return self._trump(view, legal, gen)
        if ph == Phase.PARTNER:
            return self._partner(view)
        if ph == Phase.AUCTION:
            return self._call(view, legal, gen)
        return self._play(view, legal, gen)

    # -- play ------------------------------------------------------------------------------------
    def play_values(self, view: View, legal: Sequence[Action], rng: random.Random,
                    count: int | None = None) -> dict[Action, float]:
        """Each legal card or marriage lead's mean game points for the viewer's side over
        sampled worlds."""
        n = count if count is not None else self._n(
            FIRST_LEAD_SAMPLES if view.tricks_played == 0 else PLAY_SAMPLES)
        me = int(view.viewer)
        totals = dict.fromkeys(legal, 0.0)
        worlds = sample_worlds(view, n, rng)
        for hands in worlds:
            st = state_of_world(view, hands)
            sign = _sign(st.side, me)
            for a, v in action_values(st, list(legal)).items():
                totals[a] += sign * v
        return {a: t / len(worlds) for a, t in totals.items()}

    def _play(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.play_values(view, legal, rng)
        return max(legal, key=lambda a: values[a])  # the first of equal means

    # -- trump, partner, call ------------------------------------------------------------------
    def _partner(self, view: View) -> Action:
        t = view.named_trump
        assert t is not None
        for r in range(5):
            c = int(t) * 5 + r
            if not view.hand >> c & 1:
                return partner_call(CARDS[c])
        raise AssertionError("three cards cannot hold a whole suit")

    def trump_values(self, view: View, legal: Sequence[Action], rng: random.Random,
                     count: int | None = None) -> dict[Action, float]:
        """Each way of fixing trump: its mean game points for forehand's side over
        sampled worlds (the normal game, or forehand's best contract in that world)."""
        n = count if count is not None else self._n(TRUMP_SAMPLES)
        me = int(view.viewer)
        totals = dict.fromkeys(legal, 0.0)
        worlds = sample_worlds(view, n, rng, sizes=(5, 5, 5, 5))
        for hands in worlds:
            hidden = hands[me] & ~view.hand
            mine = [c for c in range(20) if hidden >> c & 1]
            turned = mine[rng.randrange(len(mine))]
            for a in legal:
                t = a.suit if a.suit is not None else turned // 5
                totals[a] += self._deal_value(view, hands, int(t), me)
        return {a: t / len(worlds) for a, t in totals.items()}

    def _deal_value(self, view: View, hands: Sequence[int], trump: int, me: int) -> float:
        """Forehand's side's value of a world with ``trump``: the normal game, or his
        Schnapser when that is worth more (others saying weiter)."""
        best = -1_000.0
        for contract in (None, Call.SCHNAPSER):
            st = state_of_world(view, hands, contract=contract,
                                declarer=me if contract is not None else -1,
                                trump=trump, auction=True)
            v: float = _sign(st.side, me) * solve(st)
            if contract is not None:
                v -= self.margin
            best = max(best, v)
        return best

    def _trump(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.trump_values(view, legal, rng)
        order = [*[a for a in legal if a is not TRUMP_UP], TRUMP_UP]
        return max(order, key=lambda a: values.get(a, -1e9))

    def call_values(self, view: View, legal: Sequence[Action], rng: random.Random,
                    count: int | None = None) -> dict[Action, float]:
        """Each call's mean game points for the viewer's side over sampled worlds, the
        seats still to speak saying weiter (contracts before their margin)."""
        n = count if count is not None else self._n(AUCTION_SAMPLES)
        me = int(view.viewer)
        totals = dict.fromkeys(legal, 0.0)
        worlds = sample_worlds(view, n, rng)
        contract = view.contract
        declarer = int(view.declarer) if view.declarer is not None else -1
        spritzer = int(view.spritze) if view.spritze is not None else -1
        for hands in worlds:
            base: float | None = None
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
                    totals[a] += base * st.mult
                    continue
                v = _sign(st.side, me) * solve(st)
                if not call.is_contract:
                    base = v / st.mult
                totals[a] += v
        return {a: t / len(worlds) for a, t in totals.items()}

    def _call(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self.call_values(view, legal, rng)
        weiter = CALLS[Call.WEITER]
        best = weiter
        best_v = values.get(weiter, -1e9)
        for a in legal:
            call = a.call
            if a is weiter or call is None:
                continue
            v = values[a] - (self.margin if call.is_contract else 0.0)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

