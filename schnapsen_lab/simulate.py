"""Self-play: deals and whole Bummerl matches between two players, refereed by the engine.

::

    from schnapsen_lab.simulate import simulate, match_records
    for match in simulate(("heuristic", "random"), matches=100, seed=1):
        print(match.number, match.winner, len(match.deals))

Everything is deterministic: match ``n`` of seed ``s`` draws its first dealer and its decks
from a generator seeded by ``(s, n)`` alone, and each player draws from its own generator
seeded the same way, so the same seed gives the same matches whatever the number of jobs
(and the decks of deal ``k`` of match ``n`` do not depend on the players).

One deal and one Bummerl of two players are the two-player game's own
(:mod:`schnapsen_lab.games.twohand.selfplay`: :func:`play_deal`, :func:`play_bummerl`,
re-exported here); this module runs many matches in parallel.

The records name the seats apart: when one player plays both seats the names are
``heuristic A`` and ``heuristic B`` (:func:`seat_names`), or any names given.

:func:`simulate_psn` plays the matches of any registered game, chosen by the profile
(two-player ``soft``, ``strict``, ``beginner``, ``bauern2``; four-player ``bauern``,
``bauern-called``, ``bauern-head``, ``bauern24``, ``bauern24-called``): each game's
self-play (its declared part ``selfplay``) plays and writes one match, and this module runs
them in parallel.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from . import _moved
from .games import game_named, game_of_profile
from .games.twohand.rules import SOFT, Profile
from .games.twohand.selfplay import (
    PlayedDeal,
    PlayedMatch,
    QuickPlayer,
    deal_records,
    match_records,
    match_rngs,
    match_text,
    play_bummerl,
    play_deal,
)
from .players.registry import make_player, player_names, refusal

__all__ = [
    "PlayedDeal",
    "PlayedMatch",
    "QuickPlayer",
    "deal_records",
    "default_jobs",
    "explains",
    "match_records",
    "match_rngs",
    "match_text",
    "parallel_map",
    "play_bummerl",
    "play_deal",
    "seat_names",
    "simulate",
    "simulate_psn",
]


# -- many matches, in parallel ---------------------------------------------------------------------

def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def seat_names(players: Sequence[str], names: Sequence[str] | None = None,
               seats: Sequence[str] = ("A", "B")) -> tuple[str, ...]:
    """The names the records give the seats: ``names`` when given (one a seat), else the
    players' names, a name that comes twice told apart by its seat (``heuristic A``,
    ``heuristic B``; ``heuristic N`` ... ``random W``). Raise ValueError on two equal or
    empty names."""
    n = len(seats)
    if names is not None:
        out = tuple(str(x).strip() for x in names)
        if len(out) != n or not all(out) or len(set(out)) != n:
            raise ValueError(f"give {n} different names for {' '.join(seats)}, not {names!r}")
        return out
    plain = [str(p) for p in players]
    return tuple(p if plain.count(p) == 1 else f"{p} {s}"
                 for p, s in zip(plain, seats, strict=True))


def seat_players(players: Sequence[str], seats: Sequence[str]) -> tuple[str, ...]:
    """The players by seat: one a seat, or for four seats two (teams: the first for N and
    S, the second for E and W); raise ValueError otherwise."""
    n = len(seats)
    if len(players) == n:
        return tuple(players)
    if n == 4 and len(players) == 2:
        return (players[0], players[1], players[0], players[1])
    how = "two names, A first" if n == 2 else "four names (N, E, S, W) or two (NS, EW)"
    raise ValueError(f"give {how}, separated by commas")


@dataclass(frozen=True, slots=True)
class _Task:
    game: str
    players: tuple[str, ...]
    seed: int
    number: int
    profile: Any
    match_id: str
    names: tuple[str, ...]
    explain: bool = False


def _play_task(task: _Task) -> PlayedMatch:
    players = (make_player(task.players[0]), make_player(task.players[1]))
    return play_bummerl(players, task.seed, task.number, task.profile)


def _text_task(task: _Task) -> str:
    play = game_named(task.game).part("selfplay")
    if task.explain:
        explained: str = play(task.players, task.seed, task.number, task.profile,
                              task.match_id, task.names, explain=True)
        return explained
    text: str = play(task.players, task.seed, task.number, task.profile, task.match_id,
                     task.names)
    return text


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


T = TypeVar("T")
R = TypeVar("R")


def parallel_map(fn: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """``map(fn, items)`` in order, on ``jobs`` processes; Ctrl-C stops the workers."""
    if jobs <= 1 or len(items) <= 1:
        yield from map(fn, items)
        return
    chunk = max(1, min(32, len(items) // (jobs * 8)))
    pool = multiprocessing.get_context().Pool(min(jobs, len(items)), initializer=_ignore_sigint)
    try:
        yield from pool.imap(fn, items, chunksize=chunk)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def explains(player: str, game: str | None = None) -> bool:
    """Whether the registered player says what each of its choices rested on (it has a
    ``why``: :class:`~schnapsen_lab.games.protocol.Explains`)."""
    return callable(getattr(make_player(player, game), "why", None))


def _tasks(players: Sequence[str], matches: int, seed: int, profile: Any,
           first: int, names: Sequence[str] | None = None,
           explain: bool = False) -> list[_Task]:
    game = game_of_profile(profile)
    seated = seat_players([str(p) for p in players], game.seats)
    for n in seated:
        make_player(n, game.key)  # fail early on an unknown name
        refused = refusal(n, profile)
        if refused is not None:
            raise ValueError(refused)
    if explain and not any(explains(n, game.key) for n in seated):
        said = ", ".join(n for n in player_names(game.key) if explains(n, game.key))
        raise ValueError("none of these players says why it chose"
                         + (f" (those who do: {said})" if said else ""))
    tags = seat_names(seated, names, game.seats)
    return [_Task(game.key, seated, seed, n, profile, f"{seed}-{n}", tags, explain)
            for n in range(first, first + matches)]


def simulate(players: tuple[str, str], matches: int, seed: int = 0, profile: Profile = SOFT,
             jobs: int | None = None, first: int = 1) -> Iterator[PlayedMatch]:
    """Play two-player matches ``first .. first + matches - 1`` between registered players
    (A, B).

    Yields them in order; ``jobs`` processes (default all cores). Raise KeyError on an
    unknown player name.
    """
    tasks = _tasks(players, matches, seed, profile, first)
    return parallel_map(_play_task, tasks, default_jobs() if jobs is None else jobs)


def simulate_psn(players: Sequence[str], matches: int, seed: int = 0,
                 profile: Any = SOFT, jobs: int | None = None,
                 first: int = 1, names: Sequence[str] | None = None,
                 explain: bool = False) -> Iterator[str]:
    """Matches ``first .. first + matches - 1`` of the game whose profile ``profile`` is,
    each as canonical PSN text (match ids ``seed-n``), on ``jobs`` processes, in order.

    ``players`` sit in seat order (four players: N, E, S, W, or two teams NS and EW); the
    seats are named by :func:`seat_names` (``names``, or the players' names apart).
    Raise KeyError on an unknown player, ValueError on a wrong number of players or
    names, or a player the profile's rules do not suit (``strong`` with ``bauern2``).
    With ``explain`` each choice of a player that says why it chose (:func:`explains`)
    is followed by that as a comment (ValueError when none of the players does).
    """
    tasks = _tasks(players, matches, seed, profile, first, names, explain)
    return parallel_map(_text_task, tasks, default_jobs() if jobs is None else jobs)


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
