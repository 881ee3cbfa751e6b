"""A strong player: perfect-information Monte Carlo on the exact solver.

At each choice :class:`StrongPlayer` deals the cards it cannot see in ``samples`` ways
consistent with its view (:mod:`schnapsen_lab.worlds`), solves every world with all cards
known (:mod:`schnapsen_lab.solver`), and takes the action with the best average game
points; between equal averages, the one that wins in more worlds, and rather not closing.
It claims as soon as a claim is correct and never makes a false one.

It remembers what the opponent's answers to its leads under F2 showed (void in a suit,
in trumps, or holding no higher card). The rules profile and the closer's opponent's
tricks and score at closing (C2, C3) come with the view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..knowledge import View
from ..rules import CLAIM, CLOSE, Action, ActionKind
from ..worlds import (
    estimate_actions,
    position_from_view,
    sample_worlds_hidden,
    world_count,
)

__all__ = ["DEFAULT_SAMPLES", "StrongPlayer"]

DEFAULT_SAMPLES = 30
"""Worlds a decision by default."""

_SUIT = tuple(0b11111 << (5 * s) for s in range(4))


@dataclass(slots=True)
class _Memory:
    """What one seat saw earlier in the current deal."""

    played: int = 0
    hand: int = 0
    talon: int = 10
    tricks: int = 0
    trick: tuple[int, ...] = ()
    led: bool = False
    f2: bool = False
    scores: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    closed_at: tuple[int, int] | None = None
    closed_seen: bool = False
    absent: int = 0


class StrongPlayer:
    """Chooses by sampling worlds and solving each (PIMC); see the module docs."""

    name = "strong"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seed: int | None = None) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self._rng = random.Random(seed) if seed is not None else None
        self._memory: dict[int, _Memory] = {}

    def __repr__(self) -> str:
        return f"StrongPlayer(samples={self.samples})"

    # -- memory -----------------------------------------------------------------------------------
    def _observe(self, v: View) -> _Memory:
        me = int(v.viewer)
        m = self._memory.get(me)
        total = v.tricks[0] + v.tricks[1]
        if m is None or v.talon > m.talon or total < m.tricks or m.played & ~v.played:
            m = _Memory()
            self._memory[me] = m
        # What the opponent's answer to our last lead under F2 tells (one trick passed).
        new = v.played & ~m.played
        for c in v.trick:
            new &= ~(1 << int(c))
        if m.led and m.f2 and total == m.tricks + 1 and bin(new).count("1") == 2:
            mine = new & m.hand
            theirs = new & ~m.hand
            if bin(mine).count("1") == 1 and bin(theirs).count("1") == 1:
                lead = mine.bit_length() - 1
                card = theirs.bit_length() - 1
                ls = lead // 5
                if card // 5 != ls:
                    m.absent |= _SUIT[ls]
                    if card // 5 != int(v.trump):
                        m.absent |= _SUIT[int(v.trump)]
                elif card > lead:
                    m.absent |= _SUIT[ls] & ((1 << lead) - 1)
        if v.closed_by is not None and m.closed_at is None:
            o = 1 - int(v.closed_by)
            at_close = (10 - v.talon) // 2  # tricks played when the talon was closed
            m.closed_seen = True
            if total == at_close:
                m.closed_at = (v.tricks[o], v.scores[o])
            elif m.tricks == at_close and not m.f2:
                m.closed_at = (m.tricks_won[o], m.scores[o])
            else:  # not seen (forced moves in between): the best guess is now
                m.closed_at = (v.tricks[o], v.scores[o])
                m.closed_seen = False
        m.played = v.played
        m.hand = v.hand
        m.talon = v.talon
        m.tricks = total
        m.trick = tuple(int(c) for c in v.trick)
        m.led = v.to_move == v.viewer and not v.trick
        m.f2 = v.closed_by is not None or v.exhausted
        m.scores = v.scores
        m.tricks_won = v.tricks
        return m

    # -- choosing -------------------------------------------------------------------------------
    def act(self, view: View, rng: random.Random) -> Action | None:
        """The action with the best expected game points over sampled worlds."""
        m = self._observe(view)
        legal = view.legal
        # A claim is always the leader's (the last trick's winner, or the announcer).
        correct = view.my_score >= 66 and view.leader == view.viewer
        if CLAIM in legal and correct:
            return CLAIM
        options = [a for a in legal if a.kind is not ActionKind.CLAIM]
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        pos, h = position_from_view(view, view.profile, view.closed_at or m.closed_at)
        if m.absent & h.unknown:
            h2 = type(h)(h.viewer, h.unknown, h.opponent_known, h.opponent_hidden,
                         h.talon_hidden, m.absent & h.unknown)
            if h2.consistent():
                h = h2
        closed = pos.closed_by >= 0 or pos.exhausted
        exact = world_count(h, ordered_talon=not closed) <= self.samples
        gen = self._rng if self._rng is not None else rng
        worlds = sample_worlds_hidden(pos, h, self.samples, gen, exhaustive=True)
        ranked = estimate_actions(worlds, view.viewer, options, exact=exact)
        top = ranked[0].mean
        tied = [e for e in ranked if e.mean >= top - 1e-9]
        # Equal expectations: the surer win first, then keep the talon open.
        best = max(tied, key=lambda e: (e.estimate.win_chance, e.action is not CLOSE)).action
        assert best is not None
        return best
