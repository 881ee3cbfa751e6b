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
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar, runtime_checkable

from .cards import CARDS, Card
from .knowledge import view
from .match import Bummerl
from .players.base import Player
from .players.registry import make_player
from .psn import Record, dumps
from .rules import CLAIM, SEATS, SOFT, Action, IllegalAction, Outcome, Position, Profile, Seat

__all__ = [
    "PlayedDeal",
    "PlayedMatch",
    "QuickPlayer",
    "deal_records",
    "default_jobs",
    "match_records",
    "match_rngs",
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
    """One simulated Bummerl: its number, the deals in order, and the final counters."""

    number: int
    deals: tuple[PlayedDeal, ...]
    counters: tuple[int, int]

    @property
    def winner(self) -> Seat:
        """The player whose counter reached 0 (B1)."""
        return Seat.A if self.counters[0] <= 0 else Seat.B


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

    The first dealer is drawn by lot (S2), then the dealer alternates.
    """
    deck_rng, rng_a, rng_b = match_rngs(seed, number)
    state = Bummerl(dealer=Seat.A if deck_rng.random() < 0.5 else Seat.B)
    deals: list[PlayedDeal] = []
    deck = list(range(20))
    while not state.is_decided:
        deck_rng.shuffle(deck)
        played = play_deal(players, deck, state.dealer, profile, (rng_a, rng_b))
        deals.append(played)
        state = state.after(played.outcome)
    return PlayedMatch(number, tuple(deals), state.counters)


def deal_records(played: PlayedMatch, names: tuple[str, str], match_id: str | None = None,
                 extra_tags: dict[str, str] | None = None) -> list[Record]:
    """The deals of a match as PSN records with PlayerA/PlayerB, Match, Deal, Score tags."""
    mid = match_id if match_id is not None else str(played.number)
    out: list[Record] = []
    counters = Bummerl().counters
    for k, d in enumerate(played.deals, 1):
        tags = dict(extra_tags or {})
        tags.update({"PlayerA": names[0], "PlayerB": names[1], "Match": mid, "Deal": str(k),
                     "Score": f"{counters[0]}-{counters[1]}"})
        out.append(d.record(tags))
        c = list(counters)
        c[d.outcome.winner] -= d.outcome.game_points
        counters = (c[0], c[1])
    return out


match_records = deal_records
"""Alias of :func:`deal_records`."""


# -- many matches, in parallel ---------------------------------------------------------------------

def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def seat_names(players: Sequence[str], names: Sequence[str] | None = None) -> tuple[str, str]:
    """The names the records give A and B: ``names`` when given, else the players'
    names, told apart by seat when one player plays both (``heuristic A``,
    ``heuristic B``). Raise ValueError on two equal or empty names."""
    if names is not None:
        out = (str(names[0]).strip(), str(names[1]).strip())
        if not all(out) or out[0] == out[1]:
            raise ValueError(f"give two different names for A and B, not {names!r}")
        return out
    a, b = str(players[0]), str(players[1])
    if a == b:
        return (f"{a} A", f"{b} B")
    return (a, b)


@dataclass(frozen=True, slots=True)
class _Task:
    players: tuple[str, str]
    seed: int
    number: int
    profile: Profile
    match_id: str
    names: tuple[str, str]


def _play_task(task: _Task) -> PlayedMatch:
    players = (make_player(task.players[0]), make_player(task.players[1]))
    return play_bummerl(players, task.seed, task.number, task.profile)


def _text_task(task: _Task) -> str:
    played = _play_task(task)
    return dumps(deal_records(played, task.names, task.match_id))


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


def _tasks(players: tuple[str, str], matches: int, seed: int, profile: Profile,
           first: int, names: Sequence[str] | None = None) -> list[_Task]:
    pair = (players[0], players[1])
    for n in pair:
        make_player(n)  # fail early on an unknown name
    tags = seat_names(pair, names)
    return [_Task(pair, seed, n, profile, f"{seed}-{n}", tags)
            for n in range(first, first + matches)]


def simulate(players: tuple[str, str], matches: int, seed: int = 0, profile: Profile = SOFT,
             jobs: int | None = None, first: int = 1) -> Iterator[PlayedMatch]:
    """Play matches ``first .. first + matches - 1`` between registered players (A, B).

    Yields them in order; ``jobs`` processes (default all cores). Raise KeyError on an
    unknown player name.
    """
    tasks = _tasks(players, matches, seed, profile, first)
    return parallel_map(_play_task, tasks, default_jobs() if jobs is None else jobs)


def simulate_psn(players: tuple[str, str], matches: int, seed: int = 0,
                 profile: Profile = SOFT, jobs: int | None = None,
                 first: int = 1, names: Sequence[str] | None = None) -> Iterator[str]:
    """Like :func:`simulate`, but each match as canonical PSN text (match ids ``seed-n``),
    the seats named by :func:`seat_names` (``names``, or the players' names apart)."""
    tasks = _tasks(players, matches, seed, profile, first, names)
    return parallel_map(_text_task, tasks, default_jobs() if jobs is None else jobs)
