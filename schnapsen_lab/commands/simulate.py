"""``schnapsen-lab simulate --players A,B --matches N --seed S -o FILE.psn``: self-play.

Plays whole matches between registered players and writes them as PSN, one record a
deal, with the players' tags, Match, Deal, Dealer, Rules, Deck, Score and Result:
two-player Bummerls (``--rules soft``, ``strict``, ``beginner``; ``bauern2``, the
two-player Bauernschnapsen, counts up to 21) or four-player Bauernschnapsen matches to
21 (``--variant bauern``, or ``--rules bauern``, ``bauern-called``, ``bauern-head``, and
with 24 cards ``bauern24``, ``bauern24-called``; ``--players`` gives four players N, E,
S, W or two teams NS and EW). The seats are named by the players' names, a name told
apart by its seat where it comes twice (``heuristic A``, ``heuristic B``; ``heuristic N``
... ``random W``), or by ``--names``.
The same seed gives the same file whatever ``--jobs``; the file is written atomically,
so Ctrl-C leaves the old file (or none) behind.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` command."""
    p = sub.add_parser(
        "simulate", help="play whole matches between players and write them as PSN",
        description="Play whole matches (two-player Bummerls, or four-player "
        "Bauernschnapsen to 21) between players (random, heuristic, and any registered "
        "player) and write every deal as a PSN record. The same seed gives the same file "
        "whatever the number of jobs.")
    p.add_argument("--players", required=True, metavar="A,B",
                   help="the players' names in seat order, e.g. heuristic,random (four "
                   "players: N,E,S,W, or two for the teams NS and EW)")
    p.add_argument("--names", default=None, metavar="A,B",
                   help="the names the records give the seats (default: the players' "
                   "names; 'heuristic A' and 'heuristic B' when one player plays both)")
    p.add_argument("--matches", "-n", type=int, default=100, metavar="N",
                   help="how many matches (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    p.add_argument("--variant", default=None, metavar="GAME",
                   help="the game: schnapsen (two players, the default) or bauern (four)")
    p.add_argument("--rules", default=None, metavar="PROFILE",
                   help="rules profile: soft (default), strict, beginner, bauern2 (two "
                   "players); bauern (the four-player default), bauern-called, bauern-head, "
                   "bauern24, bauern24-called (24 cards)")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="J",
                   help="worker processes (default: all cores)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="the PSN file to write ('-' for standard output)")
    p.add_argument("--explain", action="store_true",
                   help="after each choice of a player that says why it chose (the strong "
                   "players), write that as a comment: the worlds and values it rested on")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _usual_mode(path: str) -> None:
    """Give a new file the permissions the umask allows (the temporary file had 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)


def _game_and_profile(variant: str | None, rules: str | None) -> tuple[Any, Any]:
    """The game and profile the options name: ``--variant`` picks the game (default
    two-player), ``--rules`` a profile of it; ``--rules`` alone the game whose profile it
    is (the two-player game first)."""
    from ..games import find_game, game_named, games
    from . import CliError

    if variant is not None:
        try:
            game = game_named(variant)
        except KeyError as e:
            raise CliError(f"--variant {variant!r}: {e.args[0]}") from None
        if rules is None:
            return game, game.default_profile
        try:
            return game, game.profile_named(rules)
        except KeyError:
            raise CliError(f"--rules {rules!r}: unknown profile for {game.title}; known: "
                           f"{', '.join(game.profile_names())}") from None
    default = find_game({})
    if rules is None:
        return default, default.default_profile
    for game in [default, *(g for g in games() if g is not default)]:
        try:
            return game, game.profile_named(rules)
        except KeyError:
            continue
    known = ", ".join(n for g in [default, *(g for g in games() if g is not default)]
                      for n in g.profile_names())
    raise CliError(f"--rules {rules!r}: unknown profile; known: {known}")


class _Quiet:
    """What :func:`_progress` gives with ``--quiet``: the texts, and nothing to close."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts = texts

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def close(self) -> None:
        """Nothing to close."""


def _progress(texts: Iterable[str], total: int, quiet: bool) -> Any:
    """The texts with a progress bar on stderr (tqdm), or without one (tqdm not even
    imported) with ``--quiet``."""
    if quiet:
        return _Quiet(texts)
    from tqdm import tqdm

    from ..terminal import progress_stream

    return tqdm(texts, total=total, unit="match", desc="simulate", file=progress_stream())


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    from ..io import atomic_write, written_in_place
    from ..players.registry import make_player, player_names
    from ..simulate import default_jobs, seat_names, seat_players, simulate_psn
    from ..terminal import data_stream
    from . import CliError, check_writable, standard_output, write_error

    game, profile = _game_and_profile(args.variant, args.rules)
    def known() -> str:
        return ", ".join(player_names(game.key))

    names = [n.strip() for n in str(args.players).split(",")]
    try:
        if not all(names):
            raise ValueError
        seated = seat_players([n.lower() for n in names], game.seats)
    except ValueError:
        how = ("two names separated by a comma, e.g. heuristic,random" if len(game.seats) == 2
               else "four names separated by commas (N,E,S,W) or two (teams NS,EW), e.g. "
               "heuristic,random")
        raise CliError(f"--players {args.players!r}: give {how} (known: {known()})") from None
    for n in seated:
        try:
            make_player(n, game.key)
        except KeyError:
            raise CliError(f"--players: unknown player {n!r}; known: {known()}") from None
    if args.matches < 1:
        raise CliError(f"--matches {args.matches}: give at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise CliError(f"--jobs {args.jobs}: give at least 1")
    out = str(standard_output(args.output))
    if out != "-":
        check_writable(out)
    jobs = args.jobs if args.jobs is not None else default_jobs()
    tags: tuple[str, ...] | None = None
    if args.names is not None:
        given = [n.strip() for n in str(args.names).split(",")]
        try:
            tags = seat_names(seated, given, game.seats)
        except ValueError:
            example = "Anna,Bert" if len(game.seats) == 2 else "Anna,Bert,Cilli,Dani"
            raise CliError(f"--names {args.names!r}: give {len(game.seats)} different names "
                           f"separated by commas, e.g. {example}") from None
    try:
        texts = simulate_psn(seated, args.matches, args.seed, profile, jobs, names=tags,
                             explain=args.explain)
    except ValueError as e:
        raise CliError(f"--players {args.players!r}: {e}") from None

    bar = _progress(texts, args.matches, args.quiet)
    try:
        if out == "-":
            data = data_stream()
            for k, text in enumerate(bar):
                data.write(("\n" if k else "") + text)
        else:
            try:
                with atomic_write(out) as f:
                    for k, text in enumerate(bar):
                        f.write(("\n" if k else "") + text)
            except OSError as e:  # a full disk, a device that refuses: the file named
                raise write_error(out, e) from None
            if not written_in_place(out):
                _usual_mode(out)
    finally:
        bar.close()
        close = getattr(texts, "close", None)
        if close is not None:
            close()
    return 0
