"""``schnapsen-lab advise FILE --record N --step K [--full] [--json]``: close or play on?

At the position after step K of a record's main line, where the leader may close the
talon (C1), the closing advisor (:mod:`schnapsen_lab.advisor`) judges from the leader's
knowledge: over every opponent hand, what closing with the best plan the closer can follow
is sure to achieve (the verdict's number) beside what closing would give seeing every card
(double dummy); the plan as a small decision tree (what to lead, what next after each of
the opponent's answers; folded to its first two decisions, whole with ``--full``); the
hands that beat the plan; and the sampled value of playing on with a 95 % confidence
interval. ``--json`` carries both numbers, the plan and every hand.
With the record's Score tag, the chance to win the Bummerl of each choice too
(:mod:`schnapsen_lab.bummerl`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from . import fail, find_record, position_after

if TYPE_CHECKING:
    pass

__all__ = ["register", "run"]

EXIT_OK = 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``advise`` command."""
    p = sub.add_parser(
        "advise", help="should the leader close the talon? (closing advisor)",
        description="At the position after step K of one record's main line, where the "
        "leader may close the talon, judge from the leader's knowledge: over every opponent "
        "hand, what closing with the best plan the closer can follow is sure to achieve "
        "(exact; the verdict uses it) and what closing would give seeing every card "
        "(double dummy, an upper bound); the plan (what to lead, what next after each "
        "answer) and the hands that beat it; and the value of playing on estimated over "
        "sampled worlds with a 95% confidence interval. "
        "Exit 0; 2 when the file, the record or the step cannot be used.")
    p.add_argument("file", metavar="FILE", help="a PSN file ('-' for stdin)")
    p.add_argument("--record", "-r", type=int, default=1, metavar="N",
                   help="the record's number in the file, from 1 (default 1)")
    p.add_argument("--step", "-k", type=int, default=0, metavar="K",
                   help="advise at the position after K actions (default 0: as dealt)")
    p.add_argument("--samples", "-s", type=int, default=None, metavar="S",
                   help="worlds sampled to value playing on (default 60)")
    p.add_argument("--seed", type=int, default=0, metavar="X",
                   help="seed of the sampling (default 0)")
    p.add_argument("--budget", type=int, default=None, metavar="W",
                   help="work the plan search may do (default 2500, about half a second; "
                   "0: search to the end, exact but sometimes slow); past it the best "
                   "plan found is reported, marked as not exact")
    p.add_argument("--played", type=int, default=0, metavar="N",
                   help="also play both choices out with the strong player in N sampled "
                   "worlds, neither seeing the other's cards (like with like; slow: "
                   "seconds a world)")
    p.add_argument("--no-exchange", action="store_true",
                   help="do not exchange the trump jack first when the leader may")
    p.add_argument("--full", action="store_true",
                   help="print the whole plan (default: folded, its first two decisions, "
                   "each line that hides more saying how many lines)")
    p.add_argument("--json", action="store_true", help="print the advice as one JSON object")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    return fail("advise", message)


def run(args: argparse.Namespace) -> int:
    """Print the closing advice."""
    from ..advisor import ADVICE_BUDGET, DEFAULT_SAMPLES, advise, closing_possible
    from ..games.twohand.rules import CLOSE

    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if samples < 1:
        return _fail(f"--samples {samples}: give at least 1")
    budget = ADVICE_BUDGET if args.budget is None else args.budget
    if budget < 0:
        return _fail(f"--budget {budget}: give 0 or more")
    if args.played < 0:
        return _fail(f"--played {args.played}: give 0 or more")
    rec = find_record(args.file, args.record)
    if isinstance(rec, str):
        return _fail(rec)
    pos = position_after(rec, args.step, "the advisor")
    if isinstance(pos, str):
        return _fail(f"{args.file}: record {args.record}: {pos}")
    where = f"{args.file}: record {args.record}, step {args.step}"
    if pos.outcome is not None:
        return _fail(f"{where}: the deal is over")
    if pos.lead >= 0:
        return _fail(f"{where}: the follower is to play; closing is the leader's, before "
                     "leading")
    if not closing_possible(pos):
        why = pos.check(CLOSE)
        reason = f"{why[0]}: {why[1]}" if why else "closing is not legal"
        return _fail(f"{where}: {reason}")
    advice = advise(pos, samples=samples, seed=args.seed, exchange_first=not args.no_exchange,
                    budget=budget, played=args.played)
    from ..bummerl import closing_equity, score_of
    from ..terminal import safe

    score = score_of(rec)  # with a Score tag: the chance to win the Bummerl too
    in_bummerl = closing_equity(advice, score) if score is not None else None
    if args.json:
        d = advice.to_dict()
        d["step"] = args.step
        d["record"] = args.record
        if in_bummerl is not None:
            d["bummerl"] = in_bummerl.to_dict()
        sys.stdout.write(json.dumps(d) + "\n")
    else:
        sys.stdout.write(safe(advice.explain(full=args.full)) + "\n")
        if in_bummerl is not None:
            sys.stdout.write(safe(in_bummerl.explain()) + "\n")
    return EXIT_OK
