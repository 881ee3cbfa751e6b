"""``schnapsen-lab review FILE --record N [-o annotated.psn] [--json]``: review a deal.

Every decision of the record's main line is judged from its player's knowledge
(:mod:`schnapsen_lab.review`): expected game points of each legal action over sampled
worlds, the best action, the loss of the action played and its class (?!, ?, ??), and
each player's accuracy. With the record's Score tag each decision also shows the chance to
win the Bummerl of the move played, and a decision whose best move differs between game
points and the Bummerl is marked; ``--by equity`` classes by the equity loss.
``--played N`` judges each closing decision like with like: closing, playing on and the
choice made played out by the strong player in both seats in N sampled worlds, the
clairvoyant numbers beside them (docs/closing.md). ``-o``
writes the record annotated with comments, NAGs and
best-move variations (atomically); ``--json`` prints the review as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import fail, find_record

if TYPE_CHECKING:
    from ..review import Decision, Review

__all__ = ["format_review", "register", "run"]

EXIT_OK = 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``review`` command."""
    p = sub.add_parser(
        "review", help="judge every decision of a deal from its player's knowledge",
        description="Review one record's main line: for each decision, the expected game "
        "points of every legal action over worlds consistent with the player's knowledge, "
        "the best action, the loss of the action played and its class (inaccuracy ?!, "
        "mistake ?, blunder ??; thresholds 0.25, 0.5 and 1 game point), and each player's "
        "accuracy. Reproducible by --seed. Exit 0; 2 when the file or record cannot be used.")
    p.add_argument("file", metavar="FILE", help="a PSN file ('-' for stdin)")
    p.add_argument("--record", "-r", type=int, default=1, metavar="N",
                   help="the record's number in the file, from 1 (default 1)")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the annotated record as PSN here ('-' for stdout)")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--samples", "-s", type=int, default=None, metavar="S",
                   help="worlds sampled a decision (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="X",
                   help="seed of the sampling (default 0)")
    p.add_argument("--budget", type=int, default=None, metavar="W",
                   help="work each plan search may do, as advise --budget (default 2500, "
                   "a decision's searches together at most 3 times it: about a second at "
                   "most; 0: search to the end, exact but sometimes slow); past it the "
                   "best plan found is used")
    p.add_argument("--by", choices=("points", "equity"), default="points",
                   help="class the decisions by the loss in expected game points (default) "
                   "or in the chance to win the Bummerl (equity: needs the record's Score "
                   "tag; thresholds 2, 4 and 8 percentage points)")
    p.add_argument("--played", type=int, default=0, metavar="N",
                   help="at each closing decision, play closing, playing on and the choice "
                   "made out with the strong player in both seats, neither seeing the "
                   "other's cards, in N sampled worlds, and class the decision by those "
                   "values (like with like, as advise --played; the clairvoyant numbers "
                   "are shown beside them; slow: seconds a world)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    return fail("review", message)


def format_review(review: Review, names: Sequence[str] = ("A", "B")) -> str:
    """The review as readable text: one line a decision (cards as printed), then each
    player's summary."""
    from ..notation import text_with_cards
    from ..review import Judgement, counted, judge

    lines = []
    if review.score is not None:
        s = review.score
        by = "the chance to win the Bummerl" if review.by == "equity" else "game points"
        lines.append(f"Bummerl at {s.text} (A-B), {names[s.dealer]} deals; classes by {by}")
    if review.played:
        lines.append(f"Closing decisions played out by the strong player in both seats in "
                     f"{counted(review.played, 'world')} (like with like); the clairvoyant "
                     "numbers "
                     "beside them")
    for d in review.decisions:
        mark = d.judgement.glyph
        who = names[d.actor]
        played = text_with_cards(str(d.played))
        if review.by == "equity" and d.best_by_equity is not None:
            line = _equity_line(d, f"step {d.step:>2} {who}: {played + mark:<8} ")
        else:
            best = ("" if d.judgement is Judgement.BEST
                    else f"  best {text_with_cards(d.best.token)} {d.best.mean:+.2f}")
            line = (f"step {d.step:>2} {who}: {played + mark:<8} "
                    f"{d.played_option.mean:+.2f}{best}"
                    f"{'  loss ' + format(d.loss, '.2f') if d.loss >= 0.005 else ''}")
            e = d.equity_of(d.played_option)
            if e is not None:
                line += f"  Bummerl {e:.0%}"
        if d.flips:
            b = d.best_by_equity
            assert b is not None
            line += (f"  [flip: best by game points {text_with_cards(d.best.token)}, "
                     f"for the Bummerl {text_with_cards(b.token)} {d.equity_of(b):.0%}]")
        if d.played_out is not None:
            c = d.clairvoyant_best
            line += (f"  [played out; clairvoyant: best {text_with_cards(c.token)} "
                     f"{c.mean:+.2f}, loss "
                     f"{d.clairvoyant_loss:.2f} {judge(d.clairvoyant_loss).glyph or '-'}]")
        lines.append(line)
    for p in review.players:
        lines.append(f"{names[p.seat]}: accuracy {p.accuracy:.0f}% over "
                     f"{counted(p.decisions, 'decision')}; {p.counts_text()}; "
                     f"average loss {p.average_loss:.2f}")
    return "\n".join(lines) + "\n"


def _equity_line(d: Decision, head: str) -> str:
    """A decision's line when classed by equity: the Bummerl chance of the move played,
    the best for the Bummerl and the equity loss in percentage points."""
    from ..notation import text_with_cards
    from ..review import Judgement

    b = d.best_by_equity
    e = d.equity_of(d.played_option)
    loss = d.equity_loss
    assert b is not None and e is not None and loss is not None
    best = ("" if d.judgement is Judgement.BEST
            else f"  best {text_with_cards(b.token)} {d.equity_of(b):.0%}")
    return (f"{head}Bummerl {e:.0%}{best}"
            f"{'  loss ' + format(100 * loss, '.1f') + ' pp' if loss >= 0.0005 else ''}"
            f"  ({d.played_option.mean:+.2f} game points)")


def run(args: argparse.Namespace) -> int:
    """Review the record and print or write the result."""
    from .. import psn
    from ..advisor import ADVICE_BUDGET
    from ..io import atomic_write
    from ..review import DEFAULT_SAMPLES, annotate, review_record
    from ..terminal import data_stream
    from . import CliError, check_writable, refuse_input_as_output, standard_output

    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if samples < 1:
        return _fail(f"--samples {samples}: give at least 1")
    if args.played < 0:
        return _fail(f"--played {args.played}: give 0 or more")
    budget = ADVICE_BUDGET if args.budget is None else args.budget
    if budget < 0:
        return _fail(f"--budget {budget}: give 0 or more")
    out = standard_output(args.output)
    if out == "-" and args.json:
        return _fail("-o - and --json both write to standard output: choose one")
    if out and out != "-":
        try:
            check_writable(out)
            refuse_input_as_output(out, [args.file])
        except CliError as e:
            return _fail(str(e))
    rec = find_record(args.file, args.record)
    if isinstance(rec, str):
        return _fail(rec)
    if rec.game.has_part("review"):  # a game with its own review (four players)
        if args.played:
            return _fail(f"--played: {args.file}: record {args.record} is a "
                         f"{rec.game.title} record; its review has no played-out standard")
        code: int = rec.game.part("review")(args, rec)
        return code
    from ..scope import analysis_refusal

    refused = analysis_refusal(rec.profile, "the review")
    if refused is not None:
        return _fail(f"{args.file}: record {args.record}: {refused}")
    from ..notation import error_text

    first = (error_text(rec.errors[0].line, rec.errors[0].col, rec.errors[0].rule,
                        rec.errors[0].message) if rec.errors else "")
    if not rec.main_line_ok or rec.deck is None:
        why = first or "no valid Deck"
        return _fail(f"{args.file}: record {args.record} cannot be reviewed: {why}")
    if out and rec.errors:  # its text is kept as read: an annotated copy would lose it
        return _fail(f"-o {out}: record {args.record} has an error to fix before it is "
                     f"annotated: {first}")
    if args.by == "equity":
        from .. import equity
        from ..bummerl import score_of

        try:
            equity.table(rec.profile.name)
        except KeyError:
            return _fail(f"--by equity: {args.file}: record {args.record}: there is no "
                         f"match-equity table for the {rec.profile.name} rules yet; "
                         "review --by points")

        if score_of(rec) is None:
            why = ("has no Score tag" if "Score" not in rec.tags else
                   f"has Score {rec.tags['Score'][:40]!r}, not the counters of an undecided "
                   "Bummerl with an equity table for its rules")
            return _fail(f"--by equity: {args.file}: record {args.record} {why}: the "
                         "chance to win the Bummerl needs the counters before the deal")
    review = review_record(rec, samples=samples, seed=args.seed,
                           progress=not args.no_progress, by=args.by, played=args.played,
                           budget=budget)
    if out:
        annotated = annotate(rec, review)
        if out == "-":
            data_stream().write(psn.dumps([annotated]))
        else:
            try:
                with atomic_write(out) as f:
                    psn.dump([annotated], f)
            except OSError as e:
                return _fail(f"-o {out}: cannot write: {e.strerror or e}")
    if args.json:
        d = review.to_dict()
        d["file"] = args.file
        d["record"] = args.record
        sys.stdout.write(json.dumps(d) + "\n")
    elif not out or out != "-":
        from ..terminal import safe

        sys.stdout.write(safe(format_review(review, rec.player_names)))
    return EXIT_OK
