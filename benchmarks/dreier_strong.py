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

Run as ``PYTHONPATH=. .venv/bin/python benchmarks/dreier_strong.py``, with the options
of ``auction_strong.options`` (``--matches``, ``--seed``, ``--samples``, ``--minutes``,
``--first``).
"""

from __future__ import annotations

from typing import Any

import auction_strong as bench

from schnapsen_lab.games.dreier.players import HeuristicDreierPlayer
from schnapsen_lab.games.dreier.rules import Call
from schnapsen_lab.games.dreier.selfplay import PlayedMatch, play_match
from schnapsen_lab.games.dreier.strong import StrongDreierPlayer


def share(m: PlayedMatch, strong_seat: int) -> float:
    """The strong player's share of a match, from the final counters (3X1): 1 when his
    is the highest alone, 0.5 when level at the top with another, else 0."""
    counters = list(m.counters.values())
    top = max(counters)
    if counters[strong_seat] < top:
        return 0.0
    return 1.0 if counters.count(top) == 1 else 0.5


def main() -> None:
    args = bench.options(__doc__.split("\n")[0])
    clock = bench.Clock()
    player = StrongDreierPlayer(args.samples, seed=args.seed)
    strong = bench.Timed(player, clock)
    plain = HeuristicDreierPlayer()
    tally = bench.Tally()
    deals = 0

    def play(i: int) -> float:
        nonlocal deals
        seat = i % 3
        players: list[Any] = [plain, plain, plain]
        players[seat] = strong
        m = play_match(players, args.seed, i // 3 + 1)
        tally.deals(m.deals, 1 << seat)
        deals += len(m.deals)
        return share(m, seat)

    won, n, cpu = bench.play_rotated(args, play)
    print(f"\none strong player vs two rule-of-thumb players, matches to 24, seed "
          f"{args.seed}, world scale {args.samples}: {n} matches from match {args.first} "
          f"({deals} deals), CPU {cpu:.0f} s")
    bench.report_share(won, n, "goal >= 60%; an equal player wins a third")
    tally.report(Call)
    bench.report_decisions(clock, player.nodes, player.fallbacks)


if __name__ == "__main__":
    main()
