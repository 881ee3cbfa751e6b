"""Closing judged like with like: "close" and "play on" both played out by strong players.

The advisor's main numbers compare two different things: closing by the best plan against
a defender who sees every card (a sure lower bound), playing on by sampled worlds each
solved with every card known (both players clairvoyant, an optimistic number). This
module values both choices by one standard: in each of the same sampled worlds (an
opponent hand and a talon order the leader cannot rule out), the leader's choice is made
(close now, or the advisor's best lead without closing) and the rest of the deal is
played out by the strong player in both seats, each seeing only what its seat may see
(K1, K2). The two values are paired (the same worlds), so their difference carries its
own 95 % interval, and the verdict is taken from it::

    from schnapsen_lab.played_out import played_out
    po = played_out(position, play_on_action, worlds=12, seed=0)
    po.close.mean, po.play_on.mean, po.verdict
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .games.twohand.knowledge import view
from .games.twohand.players.base import Player
from .games.twohand.rules import CLAIM, CLOSE, Action, Position, Seat
from .worlds import Estimate, HiddenCards, estimate, hidden_cards, sample_worlds_hidden

__all__ = ["CLAIRVOYANT", "PLAN", "PLAYED_OUT", "PLAYED_WORLDS", "STANDARDS", "PlayedOut",
           "play_out", "play_out_choices", "played_out", "strong_players"]

PLAN = "plan"
"""The standard of a value that a plan the player can follow is sure of, against a
defender who sees every card and the plan (closing, and every choice once the talon is
closed: :mod:`schnapsen_lab.solver.plan`)."""
CLAIRVOYANT = "clairvoyant"
"""The standard of a value averaged over sampled worlds each solved with every card known
(both players see every card: perfect-information Monte Carlo). Also the name of the
comparison the review and the advisor made before like with like: the plan's sure value
of closing against the others' clairvoyant values (docs/closing.md)."""
PLAYED_OUT = "played-out"
"""The standard of a value got by playing the choice out with the strong player in both
seats, neither seeing the other's cards, in sampled worlds (this module)."""
STANDARDS = (PLAN, CLAIRVOYANT, PLAYED_OUT)
"""The standards a value of the advisor, the closing trainer and the review may be of, as
their JSON names them (``"standard"``)."""

PLAYED_WORLDS = 12
"""Worlds played out per choice by default."""
PLAYER_SAMPLES = 12
"""Worlds the strong players sample per decision while playing out (fewer than in play,
for speed; both seats alike)."""


def strong_players(seed: int) -> tuple[Player, Player]:
    """Two strong players (A, B) as the playing out uses them, seeded."""
    from .players.strong import StrongPlayer

    return (StrongPlayer(samples=PLAYER_SAMPLES, seed=seed),
            StrongPlayer(samples=PLAYER_SAMPLES, seed=seed + 1))


def play_out(pos: Position, players: tuple[Player, Player], rng: random.Random) -> int:
    """Play ``pos`` to the end with ``players`` (A, B), each seeing its own view; the
    result in game points from A's side. A claim is made when the player asks for it
    (after a trick, after a marriage lead, after the last trick)."""
    pos = pos.copy()
    while True:
        legal = pos.legal_actions()
        if pos.outcome is not None:
            c = pos.leader
            if legal and _claims(pos, c, players[c], rng):
                pos.apply_unchecked(CLAIM)
            break
        if pos.lead >= 0:
            seat = 1 - pos.leader
            if pos.lead_marriage and CLAIM in legal:
                if _claims(pos, pos.leader, players[pos.leader], rng):
                    pos.apply_unchecked(CLAIM)
                    break
                legal = [a for a in legal if a is not CLAIM]
        else:
            seat = pos.leader
        if len(legal) == 1:
            chosen = legal[0]
        else:
            a = players[seat].act(view(pos, seat), rng)
            chosen = next((x for x in legal if x == a), None)  # type: ignore[assignment]
            if chosen is None:
                raise ValueError(f"{players[seat].name} chose {a}, not legal at {pos}")
        pos.apply_unchecked(chosen)
    out = pos.outcome
    assert out is not None
    return out.game_points if out.winner is Seat.A else -out.game_points


def _claims(pos: Position, seat: int, player: Player, rng: random.Random) -> bool:
    """Whether ``seat`` claims now, asked with the claim as its one choice (as
    :mod:`schnapsen_lab.simulate` asks; the view of a player not to move lists none)."""
    return player.act(replace(view(pos, seat), legal=(CLAIM,)), rng) is CLAIM


@dataclass(frozen=True, slots=True)
class PlayedOut:
    """Both choices played out in the same ``worlds`` sampled worlds (game points from
    the leader's side): ``close`` and ``play_on`` (leading ``play_on_action``), and
    ``difference`` (close minus play on, paired by world)."""

    close: Estimate
    play_on: Estimate
    difference: Estimate
    play_on_action: Action
    worlds: int
    close_values: tuple[int, ...] = ()
    play_on_values: tuple[int, ...] = ()

    @property
    def verdict(self) -> str:
        """``close`` or ``play on`` when the paired difference's 95 % interval excludes
        0; ``either`` when both gave the same in every world; ``close call`` else."""
        d = self.difference
        if self.close_values == self.play_on_values:
            return "either"
        if d.low <= 0 <= d.high:
            return "close call"
        return "close" if d.mean > 0 else "play on"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        def est(e: Estimate) -> dict[str, Any]:
            return {"expected": e.mean, "ci95": e.ci95, "win_chance": e.win_chance}
        return {"worlds": self.worlds, "verdict": self.verdict, "close": est(self.close),
                "play_on": {"action": str(self.play_on_action), **est(self.play_on)},
                "difference": {"expected": self.difference.mean,
                               "ci95": self.difference.ci95}}


def play_out_choices(pos: Position, actions: Sequence[Action], worlds: int = PLAYED_WORLDS,
                     seed: int = 0,
                     players: Callable[[int], tuple[Player, Player]] | None = None,
                     hidden: HiddenCards | None = None) -> tuple[tuple[int, ...], ...]:
    """Each of ``actions`` (legal for the player to move at ``pos``) taken, then the deal
    played out by strong players (or ``players(seed)``, A and B) in ``worlds`` worlds
    sampled from that player's knowledge (``hidden``: his hidden cards, by default K2's):
    for each action its game points in each world, from that player's side, in the
    order of the worlds. Every action is played out in the same worlds by players seeded
    alike, so the values are paired. Raise ValueError when an action is not legal."""
    legal = pos.legal_actions()
    if any(a not in legal for a in actions):
        raise ValueError("every action to play out must be legal here")
    me = pos.to_move
    if me is None:
        raise ValueError("nobody is to move here")
    sign = 1 if me == 0 else -1
    rng = random.Random(seed)
    h = hidden_cards(pos, me) if hidden is None else hidden
    sampled = sample_worlds_hidden(pos, h, worlds, rng, exhaustive=False)
    make = players or strong_players
    out: list[list[int]] = [[] for _ in actions]
    for k, w in enumerate(sampled):
        for first, values in zip(actions, out, strict=True):
            ps = make(seed * 1000 + k)
            values.append(sign * play_out(w.play(first), ps, random.Random(k)))
    return tuple(tuple(v) for v in out)


def played_out(pos: Position, play_on_action: Action, worlds: int = PLAYED_WORLDS,
               seed: int = 0, players: Callable[[int], tuple[Player, Player]] | None = None
               ) -> PlayedOut:
    """Close now, or lead ``play_on_action``, at the lead ``pos``: both played out by
    strong players (or ``players(seed)``, A and B) in ``worlds`` worlds sampled from the
    leader's knowledge (:func:`play_out_choices`). Raise ValueError when closing or the
    lead is not legal."""
    legal = pos.legal_actions()
    if CLOSE not in legal or play_on_action not in legal:
        raise ValueError("closing and the lead to compare must both be legal here")
    close, play = play_out_choices(pos, (CLOSE, play_on_action), worlds, seed, players)
    diff = [c - p for c, p in zip(close, play, strict=True)]
    return PlayedOut(estimate(close), estimate(play), estimate(diff), play_on_action,
                     len(close), close, play)
