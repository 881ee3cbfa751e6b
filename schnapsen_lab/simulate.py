"""Self-play: deals and whole Bummerl matches between two players, refereed by the engine.

::

    from schnapsen_lab.simulate import simulate, match_records
    for match in simulate(("heuristic", "random"), matches=100, seed=1):
        print(match.number, match.winner, len(match.deals))

Everything is deterministic: match ``n`` of seed ``s`` draws its first dealer and its decks
from a generator seeded by ``(s, n)`` alone, and each player draws from its own generator
seeded the same way, so the same seed gives the same matches whatever the number of jobs
(and the decks of deal ``k`` of match ``n`` do not depend on the players).

A player is asked only when it has a choice: more than one legal action, or the
question whether to claim (right after its marriage announcement, E2 b, and after the
last trick when it won it, E2 a; ``view.legal == (CLAIM,)``, ``None`` declines).
An action the rules forbid raises :class:`~schnapsen_lab.rules.IllegalAction` naming the
player.

The records name the seats apart: when one player plays both seats the names are
``heuristic A`` and ``heuristic B`` (:func:`seat_names`), or any names given.

:func:`simulate_psn` plays the matches of any registered game, chosen by the profile
(two-player ``soft``, ``strict``, ``beginner``, ``bauern2``; four-player ``bauern``,
``bauern-called``, ``bauern-head``): each game's self-play module
(:data:`SELFPLAY_MODULES`: this one, :mod:`schnapsen_lab.games.bauern.selfplay`) plays
and writes one match, and this module runs them in parallel.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar, runtime_checkable

from .cards import CARDS, Card
from .game import game_of_profile
from .knowledge import view
from .match import Bummerl
from .players.base import Player, ScoreAware
from .players.registry import SOLVER_PLAYERS, make_player
from .psn import Record, dumps
from .rules import CLAIM, SEATS, SOFT, Action, IllegalAction, Outcome, Position, Profile, Seat
from .scope import analysis_refusal

__all__ = [
    "SELFPLAY_MODULES",
    "PlayedDeal",
    "PlayedMatch",
    "QuickPlayer",
    "deal_records",
    "default_jobs",
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


@runtime_checkable
class QuickPlayer(Protocol):
    """A player whose choice depends only on the legal actions and on whether a claim
    would be correct; the simulator then calls :meth:`choose` and builds no view.

    ``choose(view.legal, view.my_score >= 66, rng)`` must be exactly what ``act`` does.
    """

    name: str

    def choose(self, legal: Sequence[Action], claim_correct: bool,
               rng: random.Random) -> Action | None:
        """The choice from the legal actions alone."""
        ...


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One simulated deal: its deck, dealer and profile, every action, and the outcome."""

    deck: tuple[Card, ...]
    dealer: Seat
    profile: Profile
    actions: tuple[Action, ...]
    outcome: Outcome

    def record(self, tags: dict[str, str] | None = None) -> Record:
        """The deal as a PSN record (refereed again while it is built) with extra tags."""
        return Record.from_actions(self.deck, self.actions, dealer=self.dealer,
                                   profile=self.profile, tags=tags)


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """One simulated Bummerl: its number, the deals in order, the final counters and the
    profile it was played by (whose ``match_start`` and ``match_target`` keep it)."""

    number: int
    deals: tuple[PlayedDeal, ...]
    counters: tuple[int, int]
    profile: Profile = SOFT

    @property
    def winner(self) -> Seat:
        """The player whose counter reached the target first (B1: 0; BZ5: 21)."""
        won = Bummerl(self.counters, Seat.B, len(self.deals), self.profile.match_start,
                      self.profile.match_target).winner
        assert won is not None, "the Bummerl is not decided"
        return won


# -- one deal ------------------------------------------------------------------------------------

def _is_quick(player: Player) -> bool:
    """Whether the player is a :class:`QuickPlayer` (checked without the slow isinstance)."""
    return callable(getattr(player, "choose", None))


def _pick(legal: Sequence[Action], a: Action) -> Action | None:
    """The legal action equal to ``a`` (the engine's own object), or None."""
    for x in legal:
        if x is a:
            return x
    for x in legal:
        if x == a:
            return x
    return None


def _illegal(pos: Position, player: Player, seat: int, a: Action | None,
             legal: Sequence[Action]) -> IllegalAction:
    who = f"player {player.name!r} ({SEATS[seat]})"
    if a is None:
        return IllegalAction("H1", f"{who} chose no action", legal)
    err = pos.check(a)
    rule, why = err if err is not None else ("E2", f"{a} is not {who}'s to make now")
    return IllegalAction(rule, f"{who} chose {a}: {why}", legal)


def _ask(pos: Position, seat: int, player: Player, quick: bool, rng: random.Random,
         legal: Sequence[Action]) -> Action | None:
    """The player's answer (not yet checked)."""
    if quick:
        return player.choose(legal, pos.claim_is_correct(seat), rng)  # type: ignore[attr-defined, no-any-return]
    v = view(pos, seat)
    if len(v.legal) != len(legal):
        v = replace(v, legal=tuple(legal))
    return player.act(v, rng)


_CLAIM_ONLY = (CLAIM,)


def _claims(pos: Position, seat: int, player: Player, quick: bool,
            rng: random.Random) -> bool:
    """Ask ``seat`` whether to claim now (E2); apply the claim if it does."""
    a = _ask(pos, seat, player, quick, rng, _CLAIM_ONLY)
    if a is None:
        return False
    if _pick(_CLAIM_ONLY, a) is None:
        raise _illegal(pos, player, seat, a, _CLAIM_ONLY)
    pos.apply_unchecked(CLAIM)
    return True


def play_deal(players: Sequence[Player], deck: Sequence[int | Card], dealer: Seat | int,
              profile: Profile = SOFT,
              rngs: Sequence[random.Random] | None = None) -> PlayedDeal:
    """Play one deal from a deck order: ``players[0]`` is A, ``players[1]`` is B.

    ``rngs`` gives each player its generator (default: two seeded with 0 and 1).
    """
    pa, pb = players[0], players[1]
    ps = (pa, pb)
    quick = (_is_quick(pa), _is_quick(pb))
    gens = tuple(rngs) if rngs is not None else (random.Random(0), random.Random(1))
    pos = Position.deal(deck, dealer, profile)
    actions: list[Action] = []
    while True:
        legal = pos.legal_actions()
        if pos.outcome is not None:
            if legal:  # the last trick's winner may still claim (E2 a)
                c = pos.leader
                if _claims(pos, c, ps[c], quick[c], gens[c]):
                    actions.append(CLAIM)
            break
        leader = pos.leader
        if pos.lead >= 0:
            seat = 1 - leader
            if pos.lead_marriage and any(x is CLAIM for x in legal):
                # the announcer may claim before the follower plays (E2 b)
                if _claims(pos, leader, ps[leader], quick[leader], gens[leader]):
                    actions.append(CLAIM)
                    break
                legal = [x for x in legal if x is not CLAIM]
        else:
            seat = leader
        if len(legal) == 1:
            chosen = legal[0]
        else:
            a = _ask(pos, seat, ps[seat], quick[seat], gens[seat], legal)
            picked = _pick(legal, a) if a is not None else None
            if picked is None:
                raise _illegal(pos, ps[seat], seat, a, legal)
            chosen = picked
        pos.apply_unchecked(chosen)
        actions.append(chosen)
    assert pos.outcome is not None
    return PlayedDeal(tuple(CARDS[c] for c in pos.deck), SEATS[pos.dealer], profile,
                      tuple(actions), pos.outcome)


# -- a Bummerl -----------------------------------------------------------------------------------

def match_rngs(seed: int, number: int) -> tuple[random.Random, random.Random, random.Random]:
    """The generators of match ``number`` of ``seed``: decks and first dealer, A's, B's."""
    base = f"schnapsen-lab/{seed}/{number}"
    return (random.Random(base + "/deck"), random.Random(base + "/A"),
            random.Random(base + "/B"))


def play_bummerl(players: Sequence[Player], seed: int, number: int = 1,
                 profile: Profile = SOFT) -> PlayedMatch:
    """Play one whole Bummerl (B1) between ``players`` (A, B): match ``number`` of ``seed``.

    The first dealer is drawn by lot (S2), then the dealer alternates; the counters go
    from the profile's start to its target (B1: 7 down to 0; ``bauern2``: 0 up to 21).
    A player that is :class:`~schnapsen_lab.players.base.ScoreAware` is told the
    counters and the dealer before each deal.
    """
    deck_rng, rng_a, rng_b = match_rngs(seed, number)
    state = Bummerl.new(profile, Seat.A if deck_rng.random() < 0.5 else Seat.B)
    deals: list[PlayedDeal] = []
    deck = list(range(20))
    while not state.is_decided:
        deck_rng.shuffle(deck)
        for p in players:
            if isinstance(p, ScoreAware):  # a player who plays for the Bummerl
                p.new_deal(state.counters, state.dealer)
        played = play_deal(players, deck, state.dealer, profile, (rng_a, rng_b))
        deals.append(played)
        state = state.after(played.outcome)
    return PlayedMatch(number, tuple(deals), state.counters, profile)


def deal_records(played: PlayedMatch, names: tuple[str, str], match_id: str | None = None,
                 extra_tags: dict[str, str] | None = None) -> list[Record]:
    """The deals of a match as PSN records with PlayerA/PlayerB, Match, Deal, Score tags."""
    mid = match_id if match_id is not None else str(played.number)
    out: list[Record] = []
    state = Bummerl.new(played.profile)
    for k, d in enumerate(played.deals, 1):
        tags = dict(extra_tags or {})
        tags.update({"PlayerA": names[0], "PlayerB": names[1], "Match": mid, "Deal": str(k),
                     "Score": f"{state.counters[0]}-{state.counters[1]}"})
        out.append(d.record(tags))
        state = state.after(d.outcome, d.dealer)
    return out


def match_text(players: Sequence[str], seed: int, number: int, profile: Profile,
               match_id: str, names: Sequence[str]) -> str:
    """Match ``number`` of ``seed`` between the named players (A, B) as canonical PSN."""
    played = play_bummerl((make_player(players[0]), make_player(players[1])), seed, number,
                          profile)
    return dumps(deal_records(played, (names[0], names[1]), match_id))


match_records = deal_records
"""Alias of :func:`deal_records`."""


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


SELFPLAY_MODULES: dict[str, str] = {
    "schnapsen": "schnapsen_lab.simulate",
    "bauern": "schnapsen_lab.games.bauern.selfplay",
}
"""The self-play module of each game (by its key): it offers ``match_text(players, seed,
number, profile, match_id, names)``, one match as canonical PSN."""


@dataclass(frozen=True, slots=True)
class _Task:
    game: str
    players: tuple[str, ...]
    seed: int
    number: int
    profile: Any
    match_id: str
    names: tuple[str, ...]


def _play_task(task: _Task) -> PlayedMatch:
    players = (make_player(task.players[0]), make_player(task.players[1]))
    return play_bummerl(players, task.seed, task.number, task.profile)


def _text_task(task: _Task) -> str:
    module = importlib.import_module(SELFPLAY_MODULES[task.game])
    text: str = module.match_text(task.players, task.seed, task.number, task.profile,
                                  task.match_id, task.names)
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


def _tasks(players: Sequence[str], matches: int, seed: int, profile: Any,
           first: int, names: Sequence[str] | None = None) -> list[_Task]:
    game = game_of_profile(profile)
    seated = seat_players([str(p) for p in players], game.seats)
    for n in seated:
        make_player(n, game.key)  # fail early on an unknown name
        if game.key == "schnapsen" and n.strip().lower() in SOLVER_PLAYERS:
            refused = analysis_refusal(profile, f"the {n} player")
            if refused is not None:
                raise ValueError(refused)
    tags = seat_names(seated, names, game.seats)
    return [_Task(game.key, seated, seed, n, profile, f"{seed}-{n}", tags)
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
                 first: int = 1, names: Sequence[str] | None = None) -> Iterator[str]:
    """Matches ``first .. first + matches - 1`` of the game whose profile ``profile`` is,
    each as canonical PSN text (match ids ``seed-n``), on ``jobs`` processes, in order.

    ``players`` sit in seat order (four players: N, E, S, W, or two teams NS and EW); the
    seats are named by :func:`seat_names` (``names``, or the players' names apart).
    Raise KeyError on an unknown player, ValueError on a wrong number of players or
    names, or a player the profile's rules do not suit (``strong`` with ``bauern2``).
    """
    tasks = _tasks(players, matches, seed, profile, first, names)
    return parallel_map(_text_task, tasks, default_jobs() if jobs is None else jobs)
