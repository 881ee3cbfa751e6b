"""Random legal deals, for tests, benchmarks and quick experiments.

Every action is drawn uniformly from the engine's legal actions, so the deals are
legal but not good play (like the conformance cases). :func:`random_record` deals
two-player Schnapsen; :func:`random_game_record` any registered game, chosen by its
profile (four-player Bauernschnapsen: ``games.bauern.BAUERN``), through the game
protocol.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .cards import CARDS
from .games import game_of_profile
from .games.twohand.rules import CLAIM, SOFT, Action, Position, Profile, Seat
from .psn import Line, Move, Record

__all__ = ["random_deck", "random_game_record", "random_line", "random_record",
           "random_records"]


def random_deck(rng: random.Random) -> list[int]:
    """A shuffled deck order."""
    deck = list(range(20))
    rng.shuffle(deck)
    return deck


def random_line(pos: Position, rng: random.Random, *, stop: float = 0.0) -> list[Action]:
    """Uniformly random legal actions from ``pos`` to the end of the deal.

    With ``stop`` > 0, each step ends the line early with that chance (an unfinished deal).
    """
    out: list[Action] = []
    p = pos.copy()
    while p.outcome is None:
        if stop and rng.random() < stop:
            return out
        legal = p.legal_actions()
        a = legal[rng.randrange(len(legal))]
        p.apply_unchecked(a)
        out.append(a)
    if p.legal_actions() and p.claim_is_correct(p.leader) and rng.random() < 0.5:
        out.append(CLAIM)
    return out


def random_record(rng: random.Random, profile: Profile = SOFT, dealer: Seat = Seat.B, *,
                  tags: dict[str, str] | None = None, stop: float = 0.0,
                  annotate: bool = False) -> Record:
    """A random legal deal as a record; ``annotate`` adds comments, glyphs and a variation."""
    deck = random_deck(rng)
    start = Position.deal(deck, dealer, profile)
    actions = random_line(start, rng, stop=stop)
    rec = Record.from_actions([CARDS[c] for c in deck], actions, dealer=dealer,
                              profile=profile, tags=tags)
    if annotate and rec.main.moves:
        notes = ["good", "a {brace-free} note".replace("{", "").replace("}", ""),
                 "Anna's \"trick\" <b>"]
        _annotate(rec, rng, notes, lambda p: random_line(p, rng)[:3])
    return rec


def random_records(n: int, seed: int = 0, profile: Profile = SOFT) -> Iterator[Record]:
    """``n`` random standalone deals, reproducible by ``seed``."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_record(rng, profile, Seat(rng.randrange(2)))


def random_game_record(rng: random.Random, profile: Any, dealer: int | None = None, *,
                       tags: dict[str, str] | None = None, stop: float = 0.0,
                       annotate: bool = False) -> Record:
    """A random legal deal of the game whose profile ``profile`` is, as a record (the
    dealer by lot unless given); ``stop`` ends it early with that chance a step, and
    ``annotate`` adds comments, glyphs and a variation. A claim the rules allow after
    the last trick is made half the time."""
    game = game_of_profile(profile)
    d = rng.randrange(len(game.seats)) if dealer is None else dealer
    t = dict(tags or {})
    deck = [int(c) for c in game.pack_of(profile).cards]  # the profile's pack (BN: 24)
    rng.shuffle(deck)
    pos = game.deal(tuple(deck), t, profile, d)
    actions: list[Any] = []
    while pos.outcome is None:
        if stop and rng.random() < stop:
            break
        legal = pos.legal_actions()
        a = legal[rng.randrange(len(legal))]
        pos.apply_unchecked(a)
        actions.append(a)
    if pos.outcome is not None and pos.legal_actions() and rng.random() < 0.5:
        actions.append(pos.legal_actions()[0])
    rec = Record.from_actions(deck, actions, dealer=d, profile=profile, tags=t)
    if annotate and rec.main.moves:
        _annotate(rec, rng, ["good", "a note", "Anna's \"trick\" <b>"],
                  lambda p: _some_actions(p, rng, 3))
    return rec


def _some_actions(pos: Any, rng: random.Random, most: int) -> Iterator[Any]:
    """Up to ``most`` uniformly random legal actions from ``pos`` (a copy is played)."""
    p = pos
    for _ in range(most):
        legal = p.legal_actions()
        if p.outcome is not None or not legal:
            return
        a = legal[rng.randrange(len(legal))]
        yield a
        p = p.play(a)


def _annotate(rec: Record, rng: random.Random, notes: list[str],
              line_after: Callable[[Any], Iterable[Any]]) -> None:
    """A comment and a glyph on random moves, a comment on the deal, and a variation at a
    random move: another legal action there, then the actions ``line_after`` gives."""
    moves = rec.main.moves
    moves[rng.randrange(len(moves))].comments.append(rng.choice(notes))
    moves[rng.randrange(len(moves))].nags.append(rng.choice([1, 2, 3, 4, 5, 6, 13]))
    rec.main.comments.append("a random deal")
    j = rng.randrange(len(moves))
    before = rec.positions()[j]
    alt = [a for a in before.legal_actions() if a != moves[j].action]
    if not alt:
        return
    game = rec.game
    prev = moves[j - 1].action if j else None
    var = Line([Move(alt[0], number=game.number_before(before, alt[0], prev))])
    p = before.play(alt[0])
    for a in line_after(p):
        var.moves.append(Move(a, number=game.number_before(p, a, var.moves[-1].action)))
        p = p.play(a)
    moves[j].variations.append(var)
