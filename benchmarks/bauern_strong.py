"""The strong four-player team against the rule-of-thumb team (issue 21 section 2).

In one run, one process: matches to 21 between two strong players
(:class:`~schnapsen_lab.games.bauern.strong.StrongBauernPlayer`) and two rule-of-thumb
players (:class:`~schnapsen_lab.games.bauern.players.HeuristicBauernPlayer`), half with fixed
partners (profile ``bauern``), half with called partners (``bauern-called``). Seats are
rotated: match ``2k`` seats the strong players N and S, match ``2k + 1`` plays the same
decks (the same seed and number) with them at E and W.

With fixed partners a match is the strong team's when NS or EW (its team) reaches 21
first. With called partners each player counts for himself (BC5): a match is the strong
players' when only strong players reach 21 in the deal that decides it, the
rule-of-thumb players' when only they do, and counts half to each when a strong and a
rule-of-thumb player reach it together (one side of a deal may mix them).

Reported: matches won by the strong players with a 95 % Wilson interval (goal: at least
65 % over at least 300 matches); the contracts each kind of player called and made;
spritzes said and the deals won after them; and the seconds of each decision of a
strong player (process CPU time; goal: median at most 0.2 s, maximum at most 1 s on one
core), by phase, with the most search nodes a decision spent (its node budget bounds
them) and how many decisions finished no world and fell back on the rule of thumb.

Run as ``PYTHONPATH=. .venv/bin/python benchmarks/bauern_strong.py``, with the options
of ``auction_strong.options`` (``--matches``, ``--seed``, ``--samples``, ``--minutes``,
``--first``).
"""

from __future__ import annotations

from typing import Any

import auction_strong as bench

from schnapsen_lab.games.bauern import BAUERN, BAUERN_CALLED, Call, Profile
from schnapsen_lab.games.bauern.players import HeuristicBauernPlayer
from schnapsen_lab.games.bauern.selfplay import play_match
from schnapsen_lab.games.bauern.strong import StrongBauernPlayer
from schnapsen_lab.stats.tables import wilson


def main() -> None:
    args = bench.options(__doc__.split("\n")[0])
    clock = bench.Clock()
    player = StrongBauernPlayer(args.samples)
    strong = bench.Timed(player, clock)
    plain = HeuristicBauernPlayer()
    by: dict[str, list[float]] = {"bauern": [], "bauern-called": []}
    tally = bench.Tally()
    deals = 0

    def play(i: int) -> float:
        nonlocal deals
        profile: Profile = BAUERN if (i // 2) % 2 == 0 else BAUERN_CALLED
        ns = i % 2 == 0
        seats: list[Any] = [strong, plain, strong, plain] if ns else [plain, strong, plain,
                                                                      strong]
        strong_seats = 0b0101 if ns else 0b1010
        m = play_match(seats, seed=args.seed, number=i // 2 + 1, profile=profile)
        deals += len(m.deals)
        tally.deals(m.deals, strong_seats)
        counters = m.state.counters_dict()
        target = profile.match_target
        if profile.called:
            reached = {k for k, v in counters.items() if v >= target}
            s = {k for k in reached if strong_seats >> "NESW".index(k) & 1}
            score = 1.0 if s == reached else 0.0 if not s else 0.5
        else:
            team = "NS" if ns else "EW"
            score = 1.0 if counters[team] >= target else 0.0
        by[profile.name].append(score)
        return score

    won, n, cpu = bench.play_rotated(args, play)
    print(f"\nstrong team vs rule-of-thumb team, matches to 21, seed {args.seed}, "
          f"world scale {args.samples}: {n} matches ({deals} deals), CPU {cpu:.0f} s")
    bench.report_share(won, n, "goal >= 65%")
    for name, scores in by.items():
        if scores:
            k = round(sum(scores))
            a, b = wilson(k, len(scores))
            print(f"    {name}: {sum(scores):.1f} of {len(scores)} = "
                  f"{sum(scores) / len(scores):.1%} ({a:.1%}-{b:.1%})")
    tally.report((Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER, Call.KONTRASCHNAPSER))
    bench.report_decisions(clock, player.nodes, player.fallbacks)


if __name__ == "__main__":
    main()
