"""The solver's entry points over the engine's
:class:`~schnapsen_lab.games.twohand.rules.Position`."""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Callable
from typing import Any

from ..games.twohand.rules import CLAIM, DEALS, Action, ActionKind, Outcome, Position, Profile, Seat
from . import search
from .reference import claim_now, outcome_value

__all__ = [
    "OutOfNodes",
    "Solver",
    "action_values",
    "best_actions",
    "default_solver",
    "engine_refusal",
    "rules_array",
    "solve",
    "value_of_outcome",
]

Kernel = Callable[..., int]


def value_of_outcome(outcome: Outcome) -> int:
    """A finished deal's result in game points from A's side (+2: A wins 2, -3: B wins 3)."""
    return outcome_value(outcome)


def engine_refusal(profile: Profile) -> str | None:
    """Why the search cannot play by ``profile`` (one line naming the rule it has no
    analysis for), or None when it can."""
    if not profile.exchange_trump_lead:
        return (f"the solver has no analysis of the {profile.name} profile's exchange "
                f"rule (no trump lead after an exchange, RULES.md X2)")
    if profile.pack.size not in (20, 24):
        return f"the solver knows the packs of 20 and 24 cards, not {profile.pack.size}"
    return None


class OutOfNodes(Exception):
    """A search gave up at the node count it was allowed (:meth:`Solver.solve_within`)."""


_RULES: dict[Profile, Any] = {}


def rules_array(profile: Profile) -> Any:
    """The profile's fields as the search reads them (:data:`.search.RULES`, int64);
    raise ValueError (:func:`engine_refusal`'s line) where it has no analysis."""
    got = _RULES.get(profile)
    if got is not None:
        return got
    why = engine_refusal(profile)
    if why is not None:
        raise ValueError(why)
    import numpy as np

    fore, deal, ind = DEALS[profile.deal]
    r = np.zeros(search.RULES, np.int64)
    r[search.R_NC] = profile.pack.size
    r[search.R_CLOSE_MIN] = profile.close_min_talon or 0
    r[search.R_MRANKS] = sum(1 << int(k) for k in profile.marriage_ranks)
    r[search.R_EXCH_RANK] = int(profile.exchange_rank)
    r[search.R_EXCH_TRICK] = int(profile.exchange_needs_trick)
    r[search.R_CLOSE_FIRST] = int(profile.close_first_lead)
    r[search.R_LATE] = int(profile.late_marriages)
    r[search.R_BONUS] = profile.last_trick_bonus
    r[search.R_HIGHER] = int(profile.played_out == "higher_score")
    r[search.R_STANDOFF] = int(profile.standoff)
    r[search.R_FC3] = int(profile.false_claim == "2or3")
    r[search.R_AT_CLAIM] = int(profile.closed_scoring == "at_claim")
    r[search.R_SB] = profile.schneider_below
    r[search.R_HEAD] = int(profile.must_head)
    r[search.R_ND0] = max(fore[-1], deal[-1], ind) + 1
    r.setflags(write=False)
    _RULES[profile] = r
    return r


class Solver:
    """A perfect-information solver with its own transposition table.

    ``compiled``: True uses the numba kernel (compiled on first use, then cached on
    disk), False the plain-Python search (same source), None the kernel when numba is
    available unless the environment sets ``SCHNAPSEN_LAB_SOLVER=python``.
    One solver is not meant to be shared between threads.
    """

    def __init__(self, compiled: bool | None = None) -> None:
        if compiled is None:
            compiled = os.environ.get("SCHNAPSEN_LAB_SOLVER", "").lower() != "python"
            if compiled and importlib.util.find_spec("numba") is None:  # pragma: no cover
                compiled = False
        self.compiled: bool = compiled
        import numpy as np

        size = 1 << search.TT_BITS
        self._run: Kernel
        self._won: Kernel
        if compiled:
            from .kernel import compiled as kernel_function

            self._run = kernel_function("run")
            self._won = kernel_function("won_worlds")
        else:
            self._run = search.run
            self._won = search.won_worlds
        self._tables = (np.zeros(size, np.int64), np.zeros(size, np.int16),
                        np.zeros(size, np.int32), np.zeros(size, np.int8),
                        np.zeros(size, np.int8), np.zeros(size, np.int8))
        self._stack = np.zeros((search.MAX_DEPTH, search.NF), np.int64)
        self._root = np.zeros(search.STATE, np.int64)
        self._gen = 0
        self._deal: tuple[object, ...] | None = None
        self._deck: Any = None

    @property
    def nodes(self) -> int:
        """Search nodes visited so far by this solver (a measure of work)."""
        return int(self._stack[search.MAX_DEPTH - 1, 0])

    # -- values -------------------------------------------------------------------------------
    def solve_within(self, pos: Position, nodes: int) -> int | None:
        """As :meth:`solve`, or None when the search would take more than ``nodes`` search
        nodes (it stops there; 0: no bound)."""
        if nodes <= 0:
            return self.solve(pos)
        self._stack[search.MAX_DEPTH - 1, 1] = self.nodes + nodes
        try:
            return self.solve(pos)
        except OutOfNodes:
            return None
        finally:
            self._stack[search.MAX_DEPTH - 1, 1] = 0

    def solve(self, pos: Position) -> int:
        """The exact value of ``pos`` in game points from A's side.

        A correct claim that may be made now counts as made (also after the last trick,
        E2 a); a finished position gives its outcome. Right after a marriage lead the
        leader may still claim (E2 b): a false claim is his choice where it pays (6G2).
        """
        claim = claim_now(pos)
        if claim is not None:
            return outcome_value(claim)
        if pos.outcome is not None:
            return outcome_value(pos.outcome)
        v = self._search(pos)
        if pos.lead >= 0 and pos.lead_marriage and pos.claim_by == pos.leader:
            out = pos.play(CLAIM).outcome
            assert out is not None
            f = outcome_value(out)
            v = max(v, f) if pos.leader == Seat.A else min(v, f)
        return v

    def action_values(self, pos: Position) -> dict[Action, int]:
        """The value after each action the player to move may take (docs/solver.md).

        At a lead, every legal action (a false claim too, valued by its outcome). After a
        marriage lead, the leader's claim alone when it is correct, else the follower's
        cards. After the last trick, the winner's claim when it is correct, else nothing.
        """
        claim = claim_now(pos)
        if pos.outcome is not None or (pos.lead >= 0 and claim is not None):
            return {CLAIM: outcome_value(claim)} if claim is not None else {}
        out: dict[Action, int] = {}
        for a in pos.legal_actions():
            if a.kind is ActionKind.CLAIM and pos.lead >= 0:
                continue  # the leader's false claim is not the follower's choice
            out[a] = self.solve(pos.play(a))
        return out

    def best_actions(self, pos: Position) -> list[Action]:
        """The actions of :meth:`action_values` that reach the value; a false claim only
        when nothing else does (under C4 it can be the best choice)."""
        values = self.action_values(pos)
        if not values:
            return []
        correct = claim_now(pos) is not None
        chooser = pos.claim_by if correct else pos.to_move
        target = max(values.values()) if chooser == Seat.A else min(values.values())
        best = [a for a, v in values.items() if v == target]
        plain = [a for a in best if a.kind is not ActionKind.CLAIM or correct]
        return plain or best

    # -- many worlds at once --------------------------------------------------------------------
    def new_generation(self) -> int:
        """Start a fresh use of the transposition table (its old entries stop counting);
        return its generation, for :meth:`worlds_won`. The next :meth:`solve` starts
        another one."""
        self._gen += 1
        self._deal = None
        return self._gen

    def worlds_won(self, state: Any, opponent: int, hands: Any, gone: int, worlds: Any,
                   words: int, for_a: bool, out: Any, trump: int, rules: Any,
                   generation: int, split: int = 1 << 30, need: int = 1) -> int:
        """Solve many worlds with the talon closed or exhausted (no draw left) that differ
        only in ``opponent``'s hand; see :func:`.search.won_worlds`.

        ``state`` holds the fields of :data:`.search.STATE`; ``worlds`` is the bit set of
        the worlds to solve in ``words`` 32-bit words (int64 array), world ``i`` giving the
        opponent ``hands[i]`` less the cards ``gone``. ``out`` gets the bit set of those
        that A (``for_a``) or B wins. ``rules`` is the profile's :func:`rules_array`
        (the talon counts as exhausted when ``state``'s draw index is the pack's size).
        ``generation`` comes from :meth:`new_generation`
        and must be shared only by searches with the same trump and profile. Worlds
        numbered ``split`` and above count as won only when their value for that side is
        at least ``need`` (see :func:`.search.won_worlds`).
        """
        import numpy as np

        if self._deck is None or len(self._deck) < 24:
            self._deck = np.arange(24, dtype=np.int64)
        tkey, tsc, tgen, tlo, thi, tmove = self._tables
        return int(self._won(state, opponent, hands, gone, worlds, words, int(for_a), out,
                             self._deck, trump, rules, tkey, tsc, tgen, tlo, thi, tmove,
                             generation, self._stack, split, need))

    # -- the search ---------------------------------------------------------------------------
    def _search(self, pos: Position) -> int:
        rules = rules_array(pos.profile)
        deal = (pos.deck, pos.profile)
        if deal != self._deal:
            self._deal = deal
            import numpy as np

            self._deck = np.array(pos.deck, np.int64)
            self._gen += 1
        closed = pos.closed_by >= 0
        sc0, sc1 = pos.scores
        self._root[:] = (pos.hands[0], pos.hands[1], pos.leader, pos.lead,
                         len(pos.deck) if pos.exhausted else pos.next_draw, pos.indicator,
                         pos.closed_by, int(closed and pos.closed_opp_tricks == 0),
                         int(closed and pos.closed_opp_score >= pos.profile.schneider_below),
                         sc0, sc1,
                         int(pos.tricks[0] > 0), int(pos.tricks[1] > 0),
                         pos.pending[0], pos.pending[1])
        tkey, tsc, tgen, tlo, thi, tmove = self._tables
        args = (self._deck, pos.trump, rules, tkey, tsc, tgen, tlo, thi, tmove, self._gen,
                self._stack)
        # zero-window tests (is the value at least b?) until the bounds meet
        lo, hi = -3, 3
        b = 1
        while True:
            v = int(self._run(self._root, b - 1, b, *args))
            if v == search.OUT_OF_NODES:
                raise OutOfNodes
            if v >= b:
                lo = v
            else:
                hi = v
            if lo >= hi:
                return lo
            b = lo + 1 if lo > 0 else hi


_LOCAL = threading.local()


def default_solver() -> Solver:
    """The solver the module functions use (numba when available), one per thread."""
    s: Solver | None = getattr(_LOCAL, "solver", None)
    if s is None:
        s = Solver()
        _LOCAL.solver = s
    return s


def solve(pos: Position) -> int:
    """The exact value of ``pos`` with all cards known, in game points from A's side."""
    return default_solver().solve(pos)


def action_values(pos: Position) -> dict[Action, int]:
    """The value after each action of the player to move (see :meth:`Solver.action_values`)."""
    return default_solver().action_values(pos)


def best_actions(pos: Position) -> list[Action]:
    """The actions that keep the position's value (see :meth:`Solver.best_actions`)."""
    return default_solver().best_actions(pos)
