"""Seed records of every registered game and profile, and the hostile snippets that go
with them, for the fuzz and the hostile-input tests (issue 51 section 3).

Everything here comes from the registry (:func:`schnapsen_lab.games.games` and each
game's profiles), never a game by name: a game registered later is fuzzed as it lands.
The seeds of a profile are random legal deals of it (standalone, some annotated, some
unfinished), the game's conformance cases where ``tests/data/conformance/<game or
profile>/valid.psn`` exists, and one match of its ``selfplay`` part (Match, Deal, Score
and Result tags: a whole Bummerl, a standoff's ``=`` where the game has one), or, for a
game without self-play, the first whole match of its conformance cases.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from schnapsen_lab import psn
from schnapsen_lab.games import Game, games
from schnapsen_lab.random_deals import random_game_record

from .conftest import DATA

__all__ = ["Seed", "game_profiles", "seeds", "snippets"]

CONFORMANCE = DATA / "conformance"

THREE_SEATS = ['[Dealer "C"]', '[PlayerC "Cäsar"]', "L:QS", "L:9H", '[Variant "dreierschnapsen"]',
               '[Rules "dreier"]', '[Score "0-0-0"]', '[Result "C 2"]']
"""Dreierschnapsen's shapes (three seats, a card laid away, a nine it has no card for), as
hostile snippets in any game's records: refused as text, never a traceback. Its own
records are seeded from the registry like every game's (random deals of each profile and
tests/data/conformance/dreier)."""


@dataclass(frozen=True, slots=True)
class Seed:
    """A valid text of one game: one record or a whole match, as read back alone."""

    game: str
    profile: str
    text: str
    records: tuple[psn.Record, ...]
    alone: bool
    """Whether it is one record outside any match (its validity then rests on its text)."""


def game_profiles() -> list[tuple[Game[Any, Any, Any], str, Any]]:
    """Every registered game's profiles: (game, profile name, profile)."""
    return [(g, name, p) for g in games() for name, p in g.profiles.items()]


def _names(game: Game[Any, Any, Any], rng: random.Random) -> dict[str, str]:
    who = ["Anna", "Bert", "Zoë $x$", 'Q "quote"', "Cäsar", "Dora"]
    return {t: rng.choice(who) for t in game.name_tags[: rng.randint(0, len(game.name_tags))]}


def _read_alone(text: str) -> tuple[psn.Record, ...]:
    recs = tuple(psn.loads(text))
    assert recs and all(r.ok for r in recs), [(r.source, r.errors) for r in recs if not r.ok]
    return recs


def _conformance(game: Game[Any, Any, Any], name: str) -> list[str]:
    """The valid conformance cases of a profile (its folder, or its game's for the
    game's default profile) that read valid alone."""
    folders = [CONFORMANCE / name]
    if game.profile_name(game.default_profile) == name and game.key != name:
        folders.append(CONFORMANCE / game.key)
    out = []
    for folder in folders:
        f = folder / "valid.psn"
        if f.is_file() and folder != CONFORMANCE:
            for r in psn.read(f):
                if r.ok and r.match is None and r.source is not None and \
                        all(x.ok for x in psn.loads(r.source)):
                    out.append(r.source.strip("\n"))
    return out


def _conformance_match(game: Game[Any, Any, Any], name: str) -> str | None:
    """The first whole match among a game's valid conformance cases under its default
    profile (its deals in order, each valid), for a game without self-play."""
    if game.profile_name(game.default_profile) != name:
        return None
    f = CONFORMANCE / game.key / "valid.psn"
    if not f.is_file():
        return None
    deals: dict[str, list[psn.Record]] = {}
    for r in psn.read(f):
        if r.match is not None and r.source is not None:
            deals.setdefault(r.match, []).append(r)
    for records in deals.values():
        if all(r.ok for r in records) and records[0].deal == 1:
            text = "\n\n".join(r.source.strip("\n") for r in records if r.source)
            if all(x.ok for x in psn.loads(text)):
                return text
    return None


def _selfplay(game: Game[Any, Any, Any], profile: Any, seed: int) -> str | None:
    if not game.has_part("selfplay") or not game.has_part("players"):
        return None
    players = game.part("players")
    bot = "random" if "random" in players else sorted(players)[0]
    seats = len(game.seats)
    text: str = game.part("selfplay")([bot] * seats, seed, 1, profile, f"fuzz-{seed}",
                                      [f"P{k}" for k in range(seats)])
    return text.strip("\n")


@functools.cache
def seeds(per_profile: int = 24, seed: int = 20261207) -> tuple[Seed, ...]:
    """Valid seeds of every registered game and profile (see the module docstring)."""
    rng = random.Random(seed)
    out: list[Seed] = []
    for game, name, profile in game_profiles():
        for k in range(per_profile):
            tags = {**_names(game, rng),
                    "Event": rng.choice(["Club", "Café {night}", "x ; y", "[z]"])}
            if k % 7 == 1 and "Cut" in game.tag_order:
                tags["Cut"] = "knock"
            rec = random_game_record(rng, profile, tags=tags, annotate=k % 2 == 0,
                                     stop=0.1 if k % 5 == 0 else 0.0)
            if k % 7 == 0 and rec.main.moves:
                rec.main.moves[-1].comments.append("a } inside")
                rec.main.moves[0].nags[:] = [1, 2]
            text = psn.write_record(rec, compact=k % 3 == 0).rstrip("\n")
            out.append(Seed(game.key, name, text, _read_alone(text), True))
        for text in _conformance(game, name):
            out.append(Seed(game.key, name, text, _read_alone(text), True))
        match = _selfplay(game, profile, rng.randrange(1 << 30))
        if match is None:  # no self-play yet: a whole match of its conformance cases
            match = _conformance_match(game, name)
        if match is not None:
            out.append(Seed(game.key, name, match, _read_alone(match), False))
    return tuple(out)


def snippets() -> list[str]:
    """Hostile snippets from the registry: every game's Variant and Rules names, seats
    (Dealer), name tags, its pack's cards (nines of a 24-card pack), a 24-card Deck, a
    standoff's ``=``; and Dreierschnapsen's three seats and lay-away tokens."""
    out: list[str] = list(THREE_SEATS)
    for game, name, profile in game_profiles():
        pack = [str(c) for c in game.pack_of(profile).cards]
        out += [f'[Variant "{game.variant_names[0]}"]', f'[Rules "{name}"]',
                f'[Deck "{" ".join(pack)}"]', f'[Deck "{" ".join(reversed(pack))}"]']
    for game in games():
        out += [f'[Dealer "{s}"]' for s in game.seats]
        out += [f'[{t} "x"]' for t in game.name_tags]
        out += [f'[Score "{"-".join("0" * len(game.seats))}"]']
    out += ["9C", "9D", "9H", "9S", "9♥", "T9", "9", '[Result "="]', "=", '[Result "A 1"]',
            '[Score "6-6"]', "X 9S", "(9C)"]
    return sorted(set(out))
