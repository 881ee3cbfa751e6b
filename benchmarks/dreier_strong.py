"""The strong Dreierschnapsen player against two rule-of-thumb players (issue 52 section 2).

In one run, one process: matches to 24 (3X1) between one strong player
(:class:`~schnapsen_lab.games.dreier.strong.StrongDreierPlayer`) and two rule-of-thumb
players (:class:`~schnapsen_lab.games.dreier.players.HeuristicDreierPlayer`). Seats are
rotated over the same decks: the decks of match ``k`` (seed and number, as
:func:`~schnapsen_lab.games.dreier.selfplay.play_match` deals them) are played three
times, the strong player at A, at B and at C. A match is the strong player's when his
counter is the highest after the deal that decides it; it counts half when he is level
at the top with another (they would play it off, 3X1).

Reported: matches won by the strong player with a 95 % Wilson interval (goal: at least
60 % over at least 300 matches; a player as good as the others wins a third); the
contracts each kind of player called and made; spritzes said and the deals won after
them; and the seconds of each decision of the strong player (process CPU time; goal:
median at most 0.2 s, maximum at most 1 s on one core), by phase, with the most search
nodes a decision spent and how many decisions finished no world.

    PYTHONPATH=. .venv/bin/python benchmarks/dreier_strong.py [--matches N] [--seed S]
        [--samples F] [--minutes M] [--first K]
"""

from __future__ import annotations

import random
import time

from auction_strong import (
    Clock,
    Tally,
    options,
    progress,
    report_decisions,
    report_share,
)

from schnapsen_lab.games.dreier.players import HeuristicDreierPlayer, SeatPlayer, View
from schnapsen_lab.games.dreier.rules import Action, Call
from schnapsen_lab.games.dreier.selfplay import PlayedMatch, play_match
from schnapsen_lab.games.dreier.strong import StrongDreierPlayer


class TimedStrong(StrongDreierPlayer):
    """The strong player, its decisions timed by phase on a :class:`Clock`."""

    def __init__(self, clock: Clock, samples: float, seed: int) -> None:
        super().__init__(samples, seed=seed)
        self.clock = clock

    def act(self, view: View, rng: random.Random) -> Action | None:
        t = self.clock.start()
        a = super().act(view, rng)
        self.clock.stop(t, view.phase.name.lower(), self.last_nodes)
        return a


def share(m: PlayedMatch, strong_seat: int) -> float:
    """The strong player's share of a match, from the final counters (3X1): 1 when his
    is the highest alone, 0.5 when level at the top with another, else 0."""
    counters = list(m.counters.values())
    top = max(counters)
    if counters[strong_seat] < top:
        return 0.0
    return 1.0 if counters.count(top) == 1 else 0.5


def main() -> None:
    args = options(__doc__.split("\n")[0])
    clock = Clock()
    strong = TimedStrong(clock, args.samples, args.seed)
    plain = HeuristicDreierPlayer()
    tally = Tally()
    won = 0.0
    played = deals = 0
    start = time.time()
    cpu0 = time.process_time()
    for i in range(args.first, args.matches):
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        seat = i % 3
        players: list[SeatPlayer] = [plain, plain, plain]
        players[seat] = strong
        m = play_match(players, args.seed, i // 3 + 1)
        tally.deals(m.deals, 1 << seat)
        won += share(m, seat)
        deals += len(m.deals)
        played += 1
        progress(played, won, start)
    n = played
    print(f"\none strong player vs two rule-of-thumb players, matches to 24, seed "
          f"{args.seed}, world scale {args.samples}: {n} matches from match {args.first} "
          f"({deals} deals), CPU {time.process_time() - cpu0:.0f} s")
    report_share(won, n, "goal >= 60%; an equal player wins a third")
    tally.report(Call)
    report_decisions(clock, strong.nodes, strong.fallbacks)


if __name__ == "__main__":
    main()
