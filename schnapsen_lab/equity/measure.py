"""Measuring the distribution of deal outcomes in self-play.

Deal ``n`` of seed ``s`` shuffles its deck with a generator seeded by ``(s, n)`` alone and
is dealt by A in odd deals and by B in even ones; each seat draws from its own generator
seeded the same way. So the same seed gives the same outcomes whatever the number of
jobs, and the first ``k`` deals of a longer run are the deals of a shorter one.

Each deal is reduced to who won it, the forehand or the dealer, and how many game points
(0 for a standoff, Sechsundsechzig's 6G4). The players are those of the profile's game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..games import game_of_profile
from ..games.twohand.rules import SOFT, Profile, Seat
from ..players.registry import make_player
from ..simulate import default_jobs, parallel_map, play_deal

__all__ = ["DealResult", "deal_rngs", "measure", "play_self_deal"]


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal's outcome as the equity table needs it: did the dealer win, how many points
    (a standoff: no, 0)."""

    dealer_won: bool
    game_points: int


@dataclass(frozen=True, slots=True)
class _Task:
    player: str
    profile: Profile
    seed: int
    number: int


def deal_rngs(seed: int, number: int) -> tuple[random.Random, random.Random, random.Random]:
    """The generators of deal ``number`` of ``seed``: the deck's, A's and B's."""
    base = f"schnapsen-lab/equity/{seed}/{number}"
    return (random.Random(base + "/deck"), random.Random(base + "/A"),
            random.Random(base + "/B"))


def play_self_deal(player: str, seed: int, number: int,
                   profile: Profile = SOFT) -> DealResult:
    """Deal ``number`` of ``seed``, the registered ``player`` of the profile's game
    against itself."""
    deck_rng, rng_a, rng_b = deal_rngs(seed, number)
    deck = [int(c) for c in profile.pack.cards]
    deck_rng.shuffle(deck)
    dealer = Seat.A if number % 2 else Seat.B
    game = game_of_profile(profile).key
    players = (make_player(player, game), make_player(player, game))
    played = play_deal(players, deck, dealer, profile, (rng_a, rng_b))
    out = played.outcome
    if out.winner is None:
        return DealResult(False, 0)
    return DealResult(out.winner == dealer, out.game_points)


def _play(task: _Task) -> DealResult:
    return play_self_deal(task.player, task.seed, task.number, task.profile)


def measure(player: str, deals: int, seed: int = 0, profile: Profile = SOFT,
            jobs: int | None = None) -> Iterator[DealResult]:
    """Deals ``1 .. deals`` of ``seed``, ``player`` against itself, in order, on ``jobs``
    processes (default all cores). Raise KeyError on an unknown player."""
    make_player(player, game_of_profile(profile).key)  # fail early on an unknown name
    tasks = [_Task(player, profile, seed, n) for n in range(1, deals + 1)]
    return parallel_map(_play, tasks, default_jobs() if jobs is None else jobs)
