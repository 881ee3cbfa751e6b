"""How fast four-player Bauernschnapsen runs, against the two-player engine in the same run.

In one run, CPU time of this process (other jobs on the machine do not count):

* baseline: the two-player engine loop of ``benchmarks/simulate.py`` (deal, then
  ``legal_actions`` and ``apply_unchecked`` with a random legal action each step, a
  claim whenever correct);
* the same loop on the four-player engine (random trump, calls and cards);
* ``play_deal`` with four random players (the quick path, no views), with four random
  players given a full view at each choice, and with four rule-of-thumb players;
* the referee's share of reading records: every token of canonical movetext parsed
  and checked and applied (``parse_action`` + ``Position.advance``), for the
  rule-of-thumb deals (four players) against two-player deals of the baseline (PSN
  tokens, ``check`` + ``apply_unchecked``);
* the PSN reader (``psn.read``, on the game protocol: the same code for both games)
  reading and refereeing files of four-player records (the rule-of-thumb deals, and
  random ones) against a file of two-player records in the same run (target: 15,000
  four-player deals/s on one core);
* the rule-of-thumb player's calls: how often each contract it calls is made, how often
  its side wins after its spritze, and its team's match wins against a random team.

    .venv/bin/python benchmarks/bauern_selfplay.py [--deals N] [--matches M] [--seed S]
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import random
import tempfile
import time
from collections.abc import Callable
from typing import Any

from schnapsen_lab import psn
from schnapsen_lab.games.bauern import BAUERN, BAUERN_CALLED, CLAIM, Position, Profile
from schnapsen_lab.games.bauern import parse_action as parse4
from schnapsen_lab.games.bauern.knowledge import View
from schnapsen_lab.games.bauern.players import HeuristicBauernPlayer, RandomBauernPlayer, SeatPlayer
from schnapsen_lab.games.bauern.rules import End
from schnapsen_lab.games.bauern.selfplay import PlayedDeal, play_deal, play_match
from schnapsen_lab.games.twohand.rules import CLAIM as CLAIM2
from schnapsen_lab.games.twohand.rules import SOFT, Seat
from schnapsen_lab.games.twohand.rules import Position as Position2
from schnapsen_lab.games.twohand.rules import parse_action as parse2
from schnapsen_lab.random_deals import random_record


class ViewRandom(SeatPlayer):
    """A random player without the quick path: the simulator builds its view."""

    name = "random-view"

    def act(self, view: View, rng: random.Random) -> Any:
        return RandomBauernPlayer.choose(view.legal, view.contract is None
                                         and view.my_score >= 66, rng)


def two_player_loop(n: int, seed: int, keep: list[tuple[tuple[int, ...], int, list[str]]]
                    ) -> int:
    """The baseline; return the actions. Keeps the deals' tokens in ``keep``."""
    rng = random.Random(seed)
    deck = list(range(20))
    actions = 0
    for i in range(n):
        rng.shuffle(deck)
        pos = Position2.deal(deck, i % 2, SOFT)
        toks = []
        while True:
            legal = pos.legal_actions()
            if not legal:
                break
            if legal[0] is CLAIM2 and pos.claim_is_correct(pos.leader):
                pos.apply_unchecked(CLAIM2)
                toks.append("66")
                break
            own = [a for a in legal if a is not CLAIM2]
            if not own:  # after the last trick: a claim that would be false
                break
            a = own[0] if len(own) == 1 else rng.choice(own)
            pos.apply_unchecked(a)
            toks.append(str(a))
        actions += len(toks)
        keep.append((tuple(deck), i % 2, toks))
    return actions


def four_player_loop(n: int, seed: int, profile: Profile) -> int:
    """The same loop on the four-player engine; return the actions."""
    rng = random.Random(seed)
    deck = list(range(20))
    actions = 0
    for i in range(n):
        rng.shuffle(deck)
        pos = Position.dealt(tuple(deck), i & 3, profile, i % 5 == 0)
        while True:
            legal = pos.legal_actions()
            if not legal:
                break
            if CLAIM in legal:
                if pos.claim_is_correct(pos.claim_by):
                    pos.apply_unchecked(CLAIM)
                    actions += 1
                    break
                legal = [a for a in legal if a is not CLAIM]
                if not legal:
                    break
            pos.apply_unchecked(legal[0] if len(legal) == 1 else rng.choice(legal))
            actions += 1
    return actions


def deals(players: list[SeatPlayer], n: int, seed: int, profile: Profile,
          keep: list[PlayedDeal] | None = None) -> int:
    """Play ``n`` deals with ``play_deal``; return the actions."""
    rng = random.Random(seed)
    rngs = [random.Random(seed + k) for k in range(1, 5)]
    deck = list(range(20))
    actions = 0
    for i in range(n):
        rng.shuffle(deck)
        d = play_deal(players, deck, i & 3, profile, i % 5 == 0, rngs)
        actions += len(d.actions)
        if keep is not None:
            keep.append(d)
    return actions


def referee_four(played: list[PlayedDeal]) -> int:
    """Parse every token and referee it with ``advance``; return the tokens."""
    texts = [(tuple(int(c) for c in d.deck), int(d.dealer), d.knock, d.profile,
              d.movetext().split()) for d in played]
    t0 = time.process_time()
    n = 0
    for deck, dealer, knock, profile, words in texts:
        pos = Position.dealt(deck, dealer, profile, knock)
        for w in words:
            if w[-1] == ".":
                continue
            if pos.advance(parse4(w)) is not None:
                raise AssertionError(w)
            n += 1
    referee_four.seconds = time.process_time() - t0  # type: ignore[attr-defined]
    return n


def referee_two(kept: list[tuple[tuple[int, ...], int, list[str]]]) -> int:
    """The two-player equivalent: parse, check, apply."""
    t0 = time.process_time()
    n = 0
    for deck, dealer, words in kept:
        pos = Position2.dealt(deck, dealer, SOFT)
        for w in words:
            a = parse2(w)
            if pos.check(a) is not None:
                raise AssertionError(w)
            pos.apply_unchecked(a)
            n += 1
    referee_two.seconds = time.process_time() - t0  # type: ignore[attr-defined]
    return n


def four_player_file(path: str, played: list[PlayedDeal]) -> None:
    """The deals as canonical PSN records with the players' tags."""
    names = {"North": "Anna", "East": "Bert", "South": "Cilli", "West": "Dani"}
    with open(path, "w", encoding="utf-8") as f:
        psn.dump((d.record(names) for d in played), f)


def read_file(path: str) -> int:
    """Read and referee every record of a file with ``psn.read``; return the records."""
    n = 0
    for rec in psn.read(path):
        if rec.errors:
            raise AssertionError(rec.errors[0])
        n += 1
    return n


def two_player_text(n: int, seed: int) -> str:
    """Canonical PSN of ``n`` random two-player deals (as benchmarks/psn_read.py)."""
    rng = random.Random(seed)
    return psn.dumps(random_record(rng, SOFT, Seat(i % 2),
                                   tags={"PlayerA": "Anna", "PlayerB": "Bert"})
                     for i in range(n))


def timed(fn: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds and the function's result."""
    c = time.process_time()
    out = fn()
    return time.process_time() - c, out


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def bid_table(matches: int, seed: int) -> None:
    """How often the rule-of-thumb player's contracts and spritzes come off."""
    for profile in (BAUERN, BAUERN_CALLED):
        made: collections.Counter[str] = collections.Counter()
        called: collections.Counter[str] = collections.Counter()
        spritze = [0, 0]
        n = 0
        for k in range(1, matches + 1):
            m = play_match(("heuristic",) * 4, seed, k, profile)
            for d in m.deals:
                n += 1
                fin = d.final()
                if fin.contract is not None:
                    called[fin.contract.value] += 1
                    made[fin.contract.value] += d.outcome.end is End.CONTRACT_MADE
                if fin.spritze_stands:
                    spritze[0] += 1
                    side = fin.side_seats[fin.side[fin.spritze]]
                    spritze[1] += d.outcome.winners == side
        parts = [f"{c} {made[c]}/{called[c]} made" for c in sorted(called)]
        sp = f"spritze {spritze[1]}/{spritze[0]} won" if spritze[0] else "no spritze"
        print(f"  {profile.name}: {n:,} deals; " + "; ".join(parts) + f"; {sp}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20_000, help="deals per timed run")
    ap.add_argument("--matches", type=int, default=300, help="matches for the player figures")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n, seed = args.deals, args.seed
    print(f"{n:,} deals each, seed {seed}, one process, CPU time")
    kept2: list[tuple[tuple[int, ...], int, list[str]]] = []
    rows: list[tuple[str, int, float, int]] = []
    cpu, acts = timed(lambda: two_player_loop(n, seed, kept2))
    rows.append(("baseline: two-player engine loop (soft)", n, cpu, acts))
    cpu, acts = timed(lambda: four_player_loop(n, seed, BAUERN))
    rows.append(("four-player engine loop (bauern)", n, cpu, acts))
    cpu, acts = timed(lambda: four_player_loop(n, seed, BAUERN_CALLED))
    rows.append(("four-player engine loop (bauern-called)", n, cpu, acts))
    rnd: list[SeatPlayer] = [RandomBauernPlayer() for _ in range(4)]
    cpu, acts = timed(lambda: deals(rnd, n, seed, BAUERN))
    rows.append(("play_deal 4 x random (quick path)", n, cpu, acts))
    viewed: list[SeatPlayer] = [ViewRandom() for _ in range(4)]
    cpu, acts = timed(lambda: deals(viewed, n, seed, BAUERN))
    rows.append(("play_deal 4 x random (a view each choice)", n, cpu, acts))
    heur: list[SeatPlayer] = [HeuristicBauernPlayer() for _ in range(4)]
    kept4: list[PlayedDeal] = []
    m = max(1, n // 4)
    cpu, acts = timed(lambda: deals(heur, m, seed, BAUERN, kept4))
    rows.append(("play_deal 4 x heuristic", m, cpu, acts))
    base = rows[0][1] / rows[0][2]
    print(f"{'run':<48} {'deals/s CPU':>12} {'actions/deal':>13} {'x baseline':>11}")
    for name, k, cpu, acts in rows:
        print(f"{name:<48} {k / cpu:>12,.0f} {acts / k:>13.1f} {k / cpu / base:>11.2f}")

    t4 = referee_four(kept4)
    s4: float = referee_four.seconds  # type: ignore[attr-defined]
    t2 = referee_two(kept2)
    s2: float = referee_two.seconds  # type: ignore[attr-defined]
    print("referee's share of reading (tokens parsed, checked, applied):")
    print(f"  two-player soft deals     : {len(kept2) / s2:>10,.0f} deals/s "
          f"({t2 / len(kept2):.1f} tokens/deal, {s2 / t2 * 1e6:.2f} us/token)")
    print(f"  four-player heuristic deals: {len(kept4) / s4:>10,.0f} deals/s "
          f"({t4 / len(kept4):.1f} tokens/deal, {s4 / t4 * 1e6:.2f} us/token; "
          f"{(s4 / t4) / (s2 / t2):.2f} x the two-player cost a token)")

    random4: list[PlayedDeal] = []
    deals(rnd, len(kept4), seed + 1, BAUERN, random4)
    with tempfile.TemporaryDirectory() as tmp:
        f2, f4, f4r = (os.path.join(tmp, x) for x in ("two.psn", "four.psn", "random4.psn"))
        with open(f2, "w", encoding="utf-8") as f:
            f.write(two_player_text(len(kept4), seed))
        four_player_file(f4, kept4)
        four_player_file(f4r, random4)
        c2, r2 = timed(lambda: read_file(f2))
        c4, r4 = timed(lambda: read_file(f4))
        c4r, r4r = timed(lambda: read_file(f4r))
    print("psn.read, the one reader of both games (read + referee, records of "
          f"{r2:,} deals each):")
    print(f"  two-player records (baseline)       : {r2 / c2:>10,.0f} deals/s  1.00")
    print(f"  four-player rule-of-thumb records   : {r4 / c4:>10,.0f} deals/s  "
          f"{c2 / r2 / (c4 / r4):.2f}  (target 15,000)")
    print(f"  four-player random records          : {r4r / c4r:>10,.0f} deals/s  "
          f"{c2 / r2 / (c4r / r4r):.2f}")

    print(f"rule-of-thumb calls over {args.matches} matches of four rule-of-thumb players:")
    bid_table(args.matches, seed)
    wins = 0
    for k in range(1, args.matches + 1):
        played = play_match(("heuristic", "random", "heuristic", "random"), seed, k)
        wins += played.winners == ("NS",)
    lo, hi = wilson(wins, args.matches)
    print(f"heuristic team vs random team, {args.matches} matches: wins {wins / args.matches:.1%}"
          f" (95% CI {lo:.1%} to {hi:.1%})")


if __name__ == "__main__":
    main()
