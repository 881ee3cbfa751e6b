"""Speed of a closing decision by plans, against the double-dummy advisor in the same run.

    .venv/bin/python benchmarks/closing_plan.py [--per-talon 6] [--budget W]

Leads where closing is legal (C1), from the bundled heuristic-vs-heuristic records, spread
over the talon sizes (up to the first lead: C(14, 5) = 2,002 hands the opponent may hold),
``--per-talon`` of each. For each lead, measured in the same process one after the other:

- ``plan``: the closing decision of the advisor (:func:`schnapsen_lab.advisor.closing_plan`:
  the best plan over every opponent hand, with the double-dummy result of each, within
  the advisor's work budget (``--budget``, default :data:`ADVICE_BUDGET`; 0: none); goal
  <= 0.5 s at any talon size; the leads searched to the end are counted as exact);
- ``dd``: the double-dummy advisor as it was before plans (each hand's closed game solved
  with every card known, one solve a hand);
- ``advise``: the whole advice (the plan, plus playing on estimated over the default
  sample of worlds).

Prints, for each number of opponent hands, the median and the largest time of each and
the ratio plan / dd of the medians; then the same over all leads. The kernel is loaded
before timing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import islice
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.advisor import ADVICE_BUDGET, advise, closing_plan
from schnapsen_lab.games.twohand.rules import CLOSE, EXCHANGE, Position
from schnapsen_lab.solver import solve
from schnapsen_lab.worlds import build_world, hidden_cards, opponent_hands

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records" / "heuristic-vs-heuristic.psn"
GOAL = 0.5


def closing_leads(per_talon: int) -> list[Position]:
    """Up to ``per_talon`` leads of each talon size where closing is legal."""
    by_talon: dict[int, list[Position]] = {}
    for rec in islice(psn.read(RECORDS), 400):
        for pos in rec.positions():
            if pos.outcome is None and pos.lead < 0 and pos.talon_open:
                legal = pos.legal_actions()
                if CLOSE in legal and EXCHANGE not in legal:
                    got = by_talon.setdefault(pos.talon_size, [])
                    if len(got) < per_talon:
                        got.append(pos)
    return [p for t in sorted(by_talon) for p in by_talon[t]]


def dd_closing(pos: Position) -> list[int]:
    """The double-dummy advisor's closing numbers: every hand solved seeing every card."""
    me = pos.leader
    h = hidden_cards(pos, me)
    out = []
    for hand in opponent_hands(h):
        rest = [c for c in range(20) if (h.unknown & ~hand) >> c & 1]
        w = build_world(pos, me, hand, rest)
        w.apply_unchecked(CLOSE)
        out.append(solve(w))
    return out


def _timed(fn: object, pos: Position) -> float:
    t = time.perf_counter()
    fn(pos)  # type: ignore[operator]
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-talon", type=int, default=6)
    ap.add_argument("--budget", type=int, default=ADVICE_BUDGET)
    a = ap.parse_args()
    solve(Position.deal(list(range(20))))  # compile / load the kernel first
    leads = closing_leads(a.per_talon)
    rows: dict[int, list[tuple[float, float, float]]] = {}
    exact: dict[int, int] = {}
    for pos in leads:
        hands = sum(1 for _ in opponent_hands(hidden_cards(pos, pos.leader)))
        t = time.perf_counter()
        searched = closing_plan(pos, budget=a.budget)
        plan = time.perf_counter() - t
        exact[hands] = exact.get(hands, 0) + searched.exact
        dd = _timed(dd_closing, pos)
        whole = _timed(lambda p: advise(p, budget=a.budget), pos)
        rows.setdefault(hands, []).append((plan, dd, whole))
    print(f"closing decision by plans vs the double-dummy advisor, {len(leads)} leads "
          f"of the bundled records (goal {GOAL} s for the decision)")
    print(f"{'hands':>6} {'leads':>5} {'plan median/max':>18} {'dd median/max':>18} "
          f"{'advise median/max':>18} {'plan/dd':>8} {'exact':>6}")
    every: list[tuple[float, float, float]] = []
    for n in sorted(rows):
        r = rows[n]
        every += r
        print(_line(str(n), r) + f" {exact[n]:>3}/{len(r)}")
    print(_line("all", every) + f" {sum(exact.values()):>3}/{len(every)}")
    worst = max(p for p, _, _ in every)
    print(f"largest closing decision {worst:.3f} s: {'within' if worst <= GOAL else 'over'} "
          f"the goal ({worst / GOAL:.2f} of it)")


def _line(label: str, r: list[tuple[float, float, float]]) -> str:
    p = [x[0] for x in r]
    d = [x[1] for x in r]
    w = [x[2] for x in r]
    ratio = statistics.median(p) / statistics.median(d)
    return (f"{label:>6} {len(r):>5} {_ms(p):>18} {_ms(d):>18} {_ms(w):>18} "
            f"{ratio:>8.2f}")


def _ms(v: list[float]) -> str:
    return f"{1000 * statistics.median(v):.0f} / {1000 * max(v):.0f} ms"


if __name__ == "__main__":
    main()
