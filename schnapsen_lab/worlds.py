"""Worlds: the full positions a player cannot tell apart from the real one.

A player sees their own hand and the public facts
(:func:`schnapsen_lab.games.twohand.knowledge.view`);
the cards they cannot place are *unknown*: each lies in the opponent's hand or in the
talon. A *world* is one way to deal those unknown cards (the opponent's hand and the
talon's order); every world is a complete :class:`~schnapsen_lab.games.twohand.rules.Position` the
solver can play out with all cards known.

Worlds are built from a real position (:func:`hidden_cards`, :func:`sample_worlds`,
:func:`opponent_hands`) or, for a player who only has a view, from that view
(:func:`position_from_view`). With a record's history, :func:`inferred_absent` adds
what play in the closed or exhausted phase reveals: a follower who did not follow suit
is void in it, one who did not trump is void in trumps, one who followed lower holds no
higher card of that suit (F2). These inferences go beyond K2; they only narrow where the
unknown cards may be.

Every consistent world is equally likely (a uniform prior over shuffles).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import SUIT_OF
from .games.twohand.knowledge import View, view
from .games.twohand.rules import (
    EXCHANGE_CARDS,
    Action,
    ActionKind,
    Position,
    Profile,
    Seat,
)

__all__ = [
    "Z95",
    "ActionEstimate",
    "Estimate",
    "HiddenCards",
    "build_world",
    "estimate",
    "estimate_actions",
    "hidden_cards",
    "inferred_absent",
    "opponent_hands",
    "position_from_view",
    "sample_worlds",
    "sample_worlds_hidden",
    "side",
    "world_action_values",
    "world_action_values_within",
    "world_count",
]

_SUIT = tuple(0b11111 << (5 * s) | 1 << (20 + s) for s in range(4))
"""The cards of each suit, the nine included (a 20-card pack never holds it)."""


def _bits(mask: int) -> list[int]:
    return [c for c in range(24) if mask >> c & 1]


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


@dataclass(frozen=True, slots=True)
class HiddenCards:
    """What a player cannot see, as bit masks and counts.

    ``unknown`` cards are in the opponent's hand or the face-down talon;
    ``opponent_known`` are known to be in the opponent's hand; the opponent holds
    ``opponent_hidden`` of the unknown cards and the talon the other ``talon_hidden``.
    ``absent`` are unknown cards play has shown the opponent cannot hold.
    """

    viewer: Seat
    unknown: int
    opponent_known: int
    opponent_hidden: int
    talon_hidden: int
    absent: int = 0

    @property
    def allowed(self) -> int:
        """Unknown cards the opponent may hold."""
        return self.unknown & ~self.absent

    @property
    def forced(self) -> int:
        """Unknown cards that must be in the talon (the opponent cannot hold them)."""
        return self.unknown & self.absent

    def consistent(self) -> bool:
        """Whether any world fits (the opponent can be dealt enough allowed cards)."""
        return (_popcount(self.allowed) >= self.opponent_hidden
                and _popcount(self.forced) <= self.talon_hidden)


def hidden_cards(pos: Position, seat: Seat | int, absent: int = 0) -> HiddenCards:
    """What ``seat`` cannot see at ``pos`` (``absent``: cards the opponent cannot hold)."""
    me = int(seat)
    v = view(pos, me)
    opp_size = _popcount(pos.hands[1 - me])
    known = v.opponent
    hidden = opp_size - _popcount(known)
    talon = 0 if pos.exhausted else len(pos.deck) - pos.next_draw
    if hidden + talon != _popcount(v.unknown):
        raise ValueError("the knowledge sets do not add up to the opponent's hand and talon")
    return HiddenCards(Seat(me), v.unknown, known, hidden, talon, absent & v.unknown)


def _hidden_from_view(v: View) -> HiddenCards:
    talon = 0 if v.exhausted else v.talon - 1
    hidden = _popcount(v.unknown) - talon
    return HiddenCards(v.viewer, v.unknown, v.opponent, hidden, talon)


def world_count(h: HiddenCards, ordered_talon: bool = True) -> int:
    """How many worlds fit: opponent hands, times talon orders when ``ordered_talon``."""
    allowed = _popcount(h.allowed)
    forced = _popcount(h.forced)
    free_to_talon = h.talon_hidden - forced
    if free_to_talon < 0 or allowed < h.opponent_hidden:
        return 0
    hands = math.comb(allowed, h.opponent_hidden)
    return hands * (math.factorial(h.talon_hidden) if ordered_talon else 1)


def opponent_hands(h: HiddenCards) -> Iterator[int]:
    """Every hand (bit mask) the opponent may hold, known cards included, in a fixed order."""
    allowed = _bits(h.allowed)
    if _popcount(h.forced) > h.talon_hidden:
        return
    for combo in itertools.combinations(allowed, h.opponent_hidden):
        m = h.opponent_known
        for c in combo:
            m |= 1 << c
        yield m


def build_world(pos: Position, seat: Seat | int, opponent_hand: int,
                talon: Sequence[int]) -> Position:
    """``pos`` with the opponent of ``seat`` holding ``opponent_hand`` and the face-down
    talon in the order ``talon`` (top first); everything ``seat`` can see is unchanged.

    The deck order is rewritten to match (hidden cards swapped among their places), so the
    result is a position of a possible deal.
    """
    me = int(seat)
    opp = 1 - me
    old_hand = pos.hands[opp]
    n = 0 if pos.exhausted else len(pos.deck) - pos.next_draw
    if len(talon) != n:
        raise ValueError(f"the talon holds {n} face-down cards, not {len(talon)}")
    old_talon = pos.deck[pos.next_draw:] if n else ()
    # A bijection of the hidden cards: old places -> new cards.
    old_hidden = _bits(old_hand) + list(old_talon)
    new_hidden = _bits(opponent_hand) + list(talon)
    if sorted(old_hidden) != sorted(new_hidden):
        raise ValueError("the world must use exactly the hidden cards of the position")
    # Place the old opponent hand onto the new one, keeping the known cards fixed.
    mapping: dict[int, int] = {}
    stay = old_hand & opponent_hand
    old_free = [c for c in _bits(old_hand) if not stay >> c & 1]
    new_free = [c for c in _bits(opponent_hand) if not stay >> c & 1]
    mapping.update(zip(old_free, new_free, strict=True))
    mapping.update(zip(old_talon, talon, strict=True))
    w = pos.copy()
    w.deck = tuple(mapping.get(c, c) for c in pos.deck)
    w.hands[opp] = opponent_hand
    return w


def sample_worlds(pos: Position, seat: Seat | int, n: int, rng: random.Random,
                  absent: int = 0, *, exhaustive: bool = True) -> list[Position]:
    """Up to ``n`` worlds ``seat`` cannot tell from ``pos``, each equally likely.

    With ``exhaustive`` and no more than ``n`` distinct worlds (as when the talon is
    closed or exhausted), every world is returned once instead of a sample. Otherwise
    ``n`` worlds are drawn independently. ``absent`` marks cards the opponent cannot hold.
    """
    h = hidden_cards(pos, seat, absent)
    return sample_worlds_hidden(pos, h, n, rng, exhaustive=exhaustive)


def sample_worlds_hidden(pos: Position, h: HiddenCards, n: int, rng: random.Random,
                         *, exhaustive: bool = True) -> list[Position]:
    """As :func:`sample_worlds` from an already computed :class:`HiddenCards`."""
    if not h.consistent():
        raise ValueError("no world fits what the player knows (inconsistent inferences)")
    closed = pos.closed_by >= 0 or pos.exhausted
    count = world_count(h, ordered_talon=not closed)
    if exhaustive and count <= n:
        out = []
        for hand in opponent_hands(h):
            rest = _bits(h.unknown & ~hand)
            if closed:
                out.append(build_world(pos, h.viewer, hand, rest))
            else:
                for perm in itertools.permutations(rest):
                    out.append(build_world(pos, h.viewer, hand, perm))
        return out
    allowed = _bits(h.allowed)
    out = []
    for _ in range(n):
        pick = rng.sample(allowed, h.opponent_hidden)
        hand = h.opponent_known
        for c in pick:
            hand |= 1 << c
        rest = _bits(h.unknown & ~hand)
        rng.shuffle(rest)
        out.append(build_world(pos, h.viewer, hand, rest))
    return out


def inferred_absent(positions: Sequence[Position], seat: Seat | int) -> int:
    """Cards the opponent of ``seat`` cannot hold, from the tricks of ``positions`` (F2).

    ``positions`` are a deal's positions in order (a record's, up to now). Only tricks
    followed under F2 (talon closed or exhausted) tell anything: no card is drawn after
    them, so a card the follower could not hold then cannot be in their hand later.
    """
    opp = 1 - int(seat)
    out = 0
    for before, after in itertools.pairwise(positions):
        if before.lead < 0 or after.tricks_played != before.tricks_played + 1:
            continue
        if before.closed_by < 0 and not before.exhausted:
            continue
        if 1 - before.leader != opp or after.last_trick is None:
            continue
        lead, card, _ = after.last_trick
        if lead != before.lead:
            continue
        ls = SUIT_OF[lead]
        if SUIT_OF[card] != ls:
            out |= _SUIT[ls]
            if SUIT_OF[card] != before.trump:
                out |= _SUIT[before.trump]
        elif card > lead and before.profile.must_head:
            # followed lower where he had to beat: held no higher card of the suit
            out |= _SUIT[ls] & ((1 << lead) - 1)
    return out


def position_from_view(v: View, profile: Profile | None = None,
                       closed_at: tuple[int, int] | None = None) -> tuple[Position, HiddenCards]:
    """A position that looks to ``v.viewer`` exactly as ``v``, and its hidden cards.

    The hidden cards are placed arbitrarily: use :func:`sample_worlds_hidden` on the result
    for worlds. ``closed_at`` gives the closer's opponent's tricks and score when the
    talon was closed (C2, C3); without it the current ones are used.
    """
    if profile is None:
        profile = v.profile
    me = int(v.viewer)
    opp = 1 - me
    h = _hidden_from_view(v)
    hidden = _bits(v.unknown)
    opp_hand = v.opponent
    for c in hidden[:h.opponent_hidden]:
        opp_hand |= 1 << c
    talon = hidden[h.opponent_hidden:]
    p = Position.__new__(Position)
    p.dealer = 1
    p.profile = profile
    p.exchange_cards = EXCHANGE_CARDS[profile.exchange_rank]
    p.exchanged = False
    p.bonus_to = -1
    p.trump = int(v.trump)
    hands = [0, 0]
    hands[me] = v.hand
    hands[opp] = opp_hand
    p.hands = hands
    p.exhausted = v.exhausted
    size = profile.pack.size
    exchange = p.exchange_cards[p.trump]
    if v.exhausted:
        p.next_draw = size
        p.indicator = exchange
    else:
        p.next_draw = size + 1 - v.talon
        if v.indicator is not None:
            p.indicator = int(v.indicator)
        else:
            p.indicator = _bits(v.out_of_play)[0] if v.out_of_play else exchange
    in_talon = set(talon)
    p.deck = tuple([int(c) for c in profile.pack.cards if c not in in_talon] + talon)
    p.closed_by = int(v.closed_by) if v.closed_by is not None else -1
    p.leader = int(v.leader)
    p.lead = int(v.trick[0]) if v.trick else -1
    p.lead_marriage = False
    claim = any(a.kind is ActionKind.CLAIM for a in v.legal)
    p.claim_by = p.leader if claim else -1
    if claim and p.lead >= 0:
        p.lead_marriage = True
    p.claimed = False
    p.trick_points = [v.scores[0], v.scores[1]]
    p.marriage_points = [0, 0]
    p.pending = [v.pending[0], v.pending[1]]
    p.tricks = [v.tricks[0], v.tricks[1]]
    if p.closed_by >= 0:
        o = 1 - p.closed_by
        t, s = closed_at if closed_at is not None else (v.tricks[o], v.scores[o])
        p.closed_opp_tricks = t
        p.closed_opp_score = s
    else:
        p.closed_opp_tricks = 0
        p.closed_opp_score = 0
    p.played = v.played
    revealed = [0, 0]
    revealed[opp] = v.opponent
    p.revealed = revealed
    p.last_trick = None
    p.outcome = None
    return p, h


# ----------------------------------------------------------------------------------------------
# What actions are worth over worlds (perfect-information Monte Carlo)
# ----------------------------------------------------------------------------------------------

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % confidence interval."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over worlds with its 95 % confidence interval.

    ``exact`` when every consistent world was used once (the interval is then the mean
    itself); otherwise the interval is the normal approximation over ``samples`` worlds.
    ``win_chance`` is the share of worlds in which the value is positive.
    """

    mean: float
    low: float
    high: float
    samples: int
    win_chance: float
    exact: bool = False

    @property
    def half_width(self) -> float:
        """Half the width of the confidence interval."""
        return (self.high - self.low) / 2

    @property
    def ci95(self) -> list[float | None]:
        """The interval as plain data for JSON: ``[low, high]``, each None where it is
        unbounded (a single sampled world says nothing of its spread)."""
        return [x if math.isfinite(x) else None for x in (self.low, self.high)]

    def __str__(self) -> str:
        if self.exact:
            return f"{self.mean:+.2f}"
        return f"{self.mean:+.2f} ± {self.half_width:.2f}"


def estimate(values: Sequence[float], exact: bool = False) -> Estimate:
    """The mean of ``values`` with a 95 % confidence interval (none when ``exact``)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values to estimate from")
    mean = sum(values) / n
    wins = sum(1 for x in values if x > 0) / n
    if exact or n < 2:
        half = 0.0 if exact else math.inf
    else:
        var = sum((x - mean) ** 2 for x in values) / (n - 1)
        half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n, wins, exact)


@dataclass(frozen=True, slots=True)
class ActionEstimate:
    """What an action is worth to the player choosing it, over the worlds they consider.

    ``action`` None stands for declining a claim. ``values`` are the game points in each
    world, from the chooser's side, in the order of the worlds.
    """

    action: Action | None
    estimate: Estimate
    values: tuple[int, ...]

    @property
    def token(self) -> str:
        """The PSN token, or ``-`` for declining a claim."""
        return str(self.action) if self.action is not None else "-"

    @property
    def mean(self) -> float:
        """The expected game points."""
        return self.estimate.mean


def side(seat: Seat | int, value: int) -> int:
    """A value from A's side, seen from ``seat``'s side."""
    return value if int(seat) == 0 else -value


def _outcome_value(pos: Position) -> int:
    out = pos.outcome
    assert out is not None
    return out.game_points if out.winner is Seat.A else -out.game_points


def world_action_values(w: Position, actions: Sequence[Action | None]) -> list[int]:
    """The exact value (from A's side) of each action in the world ``w``.

    ``None`` declines a claim the player could make: at a marriage lead the follower then
    plays its best card; after the last trick the last-trick result stands.
    """
    values = world_action_values_within(w, actions, 0)
    assert values is not None
    return values


def world_action_values_within(w: Position, actions: Sequence[Action | None],
                               nodes: int) -> list[int] | None:
    """As :func:`world_action_values`, or None when solving them all would take more than
    ``nodes`` search nodes (0: no bound)."""
    from .solver.api import OutOfNodes, default_solver

    solver = default_solver()
    limit = solver.nodes + nodes if nodes > 0 else 0

    def after(a: Action) -> int:
        child = w.copy()
        child.apply_unchecked(a)
        if child.outcome is not None and not child.legal_actions():
            return _outcome_value(child)
        if not limit:
            return solver.solve(child)
        v = solver.solve_within(child, max(1, limit - solver.nodes))
        if v is None:
            raise OutOfNodes
        return v

    if w.outcome is not None:  # after the last trick: claim or let the result stand
        return [_outcome_value(w.play(a)) if a is not None else _outcome_value(w)
                for a in actions]
    res: list[int] = []
    try:
        for a in actions:
            if a is None:
                cards = [b for b in w.legal_actions() if b.kind is not ActionKind.CLAIM]
                cv = [after(b) for b in cards]
                res.append(max(cv) if w.to_move is Seat.A else min(cv))
            elif a.kind is ActionKind.CLAIM:
                res.append(_outcome_value(w.play(a)))
            else:
                res.append(after(a))
    except OutOfNodes:
        return None
    return res


def estimate_actions(worlds: Sequence[Position], seat: Seat | int,
                     actions: Sequence[Action | None], exact: bool = False
                     ) -> tuple[ActionEstimate, ...]:
    """Each action's expected game points for ``seat`` over ``worlds``, best first.

    The same worlds judge every action, so differences between actions are measured
    more precisely than each value alone.
    """
    per: list[list[int]] = [[] for _ in actions]
    for w in worlds:
        for i, v in enumerate(world_action_values(w, actions)):
            per[i].append(side(seat, v))
    out = [ActionEstimate(a, estimate(vs, exact), tuple(vs)) for a, vs in zip(actions, per,
                                                                             strict=True)]
    out.sort(key=lambda e: -e.mean)
    return tuple(out)
