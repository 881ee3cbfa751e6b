"""``schnapsen-lab solve FILE --record N --step K [--json]``: the exact value of a position.

The position after step K of the record's main line (step 0: as dealt), solved with all
cards known: its value and the value after each legal action of the player to move, in
game points from A's side (docs/solver.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from . import fail, find_record, position_after

if TYPE_CHECKING:
    from ..games.twohand.rules import Position

__all__ = ["register", "run", "solve_dict"]

EXIT_OK = 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve`` command."""
    p = sub.add_parser(
        "solve", help="the exact value of a position with all cards known",
        description="Solve the position after step K of one record's main line (step 0: as "
        "dealt) with every card known: its value and the value after each legal action "
        "of the player to move, in game points from A's side (+2: A wins 2, -3: B wins 3). "
        "Exit 0; 2 when the file, the record or the step cannot be read.")
    p.add_argument("file", metavar="FILE", help="a PSN file ('-' for stdin)")
    p.add_argument("--record", "-r", type=int, default=1, metavar="N",
                   help="the record's number in the file, from 1 (default 1)")
    p.add_argument("--step", "-k", type=int, default=0, metavar="K",
                   help="solve the position after K actions (default 0: as dealt)")
    p.add_argument("--json", action="store_true",
                   help='print {"value": v, "actions": {token: value}, "best": [tokens]}')
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    return fail("solve", message)


def solve_dict(pos: Position) -> dict[str, Any]:
    """``{"value", "actions", "best"}`` of a position, as ``solve --json`` prints it."""
    from ..solver import default_solver

    s = default_solver()
    values = s.action_values(pos)
    return {"value": s.solve(pos),
            "actions": {str(a): v for a, v in values.items()},
            "best": [str(a) for a in s.best_actions(pos)]}


def _signed(v: int) -> str:
    if v > 0:
        return f"A wins {v}"
    if v == 0:
        return "a standoff"  # 6G4: nobody scores
    return f"B wins {-v}"


def format_solution(pos: Position, d: dict[str, Any]) -> str:
    """The solution as a readable table."""
    from ..cards import Suit, cards_in

    def cards(mask: int) -> str:
        return " ".join(str(c) for c in cards_in(mask)) or "-"

    talon = ("closed" if pos.closed_by >= 0 else "exhausted" if pos.exhausted
             else f"{pos.talon_size} cards")
    lines = [f"trump {Suit(pos.trump).title}, talon {talon}, scores A {pos.score(0)} - "
             f"B {pos.score(1)}, tricks {pos.tricks[0]}-{pos.tricks[1]}",
             f"A: {cards(pos.hands[0])}", f"B: {cards(pos.hands[1])}"]
    if pos.lead >= 0:
        lines.append(f"led: {pos.trick[0]}")
    who = pos.to_move
    lines.append(f"value: {d['value']:+d} ({_signed(d['value'])})"
                 + (f"; {who} to move" if who is not None else "; the deal is over"))
    acts: dict[str, int] = d["actions"]
    best = set(d["best"])
    if acts:
        lines.append("action  value")
        order = sorted(acts.items(), key=lambda kv: -kv[1] if who is None or who == 0 else kv[1])
        false_claim = pos.claim_by < 0 or not pos.claim_is_correct(pos.claim_by)
        for tok, v in order:
            mark = "  best" if tok in best else ""
            if tok == "66" and false_claim:
                mark = "  (a false claim)"
            lines.append(f"{tok:<7} {v:+d}{mark}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    if args.record < 1:
        return _fail(f"--record {args.record}: records are numbered from 1")
    rec = find_record(args.file, args.record)
    if isinstance(rec, str):
        return _fail(rec)
    pos = position_after(rec, args.step)
    if isinstance(pos, str):
        return _fail(f"{args.file}: deal {args.record}: {pos}")
    d = solve_dict(pos)
    if args.json:
        sys.stdout.write(json.dumps(d) + "\n")
    else:
        sys.stdout.write(format_solution(pos, d))
    return EXIT_OK
