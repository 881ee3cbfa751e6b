"""``schnapsen-lab replay FILE --record N [--json] [--view A|B]``: step through one deal.

Without ``--json`` a readable replay, one line a step; with it one JSON object a step
exactly as REPLAY.md defines. ``--view`` shows only what that player may know: with
``--json`` the rows carry that player's hand and knowledge only, plus a ``counting``
object and the won tricks as K1 lets the player see them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, TextIO

from . import fail

if TYPE_CHECKING:
    from ..psn import Record
    from ..replay import Replay
    from ..rules import Seat

__all__ = ["format_replay", "register", "run"]

EXIT_OK, EXIT_INVALID = 0, 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` command."""
    p = sub.add_parser(
        "replay", help="step through one deal of a PSN file",
        description="Replay the main line of one record, one line (or with --json one "
        "JSON object, REPLAY.md) a step. Exit 0; 1 when the record has an error (the "
        "steps up to it are shown); 2 when the file or the record cannot be read.")
    p.add_argument("file", metavar="FILE", help="a PSN file ('-' for stdin)")
    p.add_argument("--record", "-r", type=int, default=1, metavar="N",
                   help="the record's number in the file, from 1 (default 1)")
    p.add_argument("--json", action="store_true", help="one JSON object a step (REPLAY.md)")
    p.add_argument("--view", choices=["A", "B", "a", "b"], default=None,
                   help="show only what this player may know")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    return fail("replay", message)


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit code."""
    from ..cli import CliError, iter_file
    from ..replay import Replay
    from ..rules import Seat

    n = args.record
    if n < 1:
        return _fail(f"--record {n}: records are numbered from 1")
    rec: Record | None = None
    try:
        count = 0
        for r in iter_file(args.file):
            count += 1
            if count == n:
                rec = r
                break
    except CliError as e:
        return _fail(str(e))
    if rec is None:
        return _fail(f"{args.file}: no record {n} (the file holds {count})")
    where = f"{args.file}: deal {n}"
    if rec.deck is None:
        why = f": {rec.errors[0]}" if rec.errors else ""
        return _fail(f"{where} cannot be replayed{why}")
    try:
        rp = Replay(rec)
    except ValueError as e:
        return _fail(f"{where}: {e}")
    viewer = Seat[args.view.upper()] if args.view else None
    out = sys.stdout
    if args.json:
        for i in range(len(rp)):
            row = rp.row(i) if viewer is None else rp.viewer_row(i, viewer)
            out.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    else:
        out.write(format_replay(rp, viewer))
    if rp.error is not None or rec.errors:
        err = rp.error or rec.errors[0]
        print(f"schnapsen-lab replay: {where}, {err}", file=sys.stderr)
        return EXIT_INVALID
    return EXIT_OK


def _cards(mask: int) -> str:
    from ..cards import cards_in

    return " ".join(c.symbol for c in cards_in(mask)) or "-"


def format_replay(rp: Replay, viewer: Seat | None = None, stream: TextIO | None = None) -> str:
    """A readable replay: a header, one line a step, and the outcome."""
    from ..cards import Suit
    from ..psn import GLYPHS
    from ..rules import SEATS, ActionKind

    glyph_of = {v: k for k, v in GLYPHS.items()}
    rec = rp.record
    names = rec.player_names
    p0 = rp[0]
    lines: list[str] = []
    title = " vs ".join(n if n == seat.name else f"{n} ({seat.name})"
                        for n, seat in zip(names, SEATS, strict=True))
    if rec.match is not None:
        title += f", match {rec.match} deal {rec.deal}"
    trump = Suit(p0.trump)
    lines.append(f"{title}; {rec.profile.name} rules, dealer {SEATS[p0.dealer]}, "
                 f"trump {trump.symbol} {trump.title} (indicator {_card(p0.deck[6])})")
    before_deal = rp.counters(0)
    if before_deal is not None:
        lines.append(f"Bummerl counters before the deal: A {before_deal[0]}, B {before_deal[1]}")
    lines.extend(f"  {{{c}}}" for c in rec.main.comments)
    if viewer is None:
        lines.append(f"as dealt: A {_cards(p0.hands[0])} | B {_cards(p0.hands[1])}")
    else:
        lines.append(f"as dealt, {viewer}'s view: {viewer} {_cards(p0.hands[viewer])} | "
                     f"{viewer.other} {len(p0.hand(viewer.other))} cards face down")
    for i in range(1, len(rp)):
        pos = rp[i]
        before = rp[i - 1]
        a = rp.action(i)
        assert a is not None
        who = rp.actor(i)
        mv = rp.move(i)
        token = str(a)
        if a.card is not None:
            token = _card(a.card) + (f"+{a.points}" if a.kind is ActionKind.MARRIAGE else "")
        if mv is not None:
            token += "".join(glyph_of.get(n, "") for n in mv.nags)
        what = ""
        if a.kind is ActionKind.EXCHANGE:
            what = f"exchanges the trump jack for {_card(before.indicator)}"
        elif a.kind is ActionKind.CLOSE:
            what = "closes the talon"
        elif a.kind is ActionKind.CLAIM:
            what = "claims 66"
        elif a.kind is ActionKind.MARRIAGE:
            what = f"announces {a.points}" + (" (pending)" if pos.pending[before.leader] else "")
        elif before.lead >= 0:
            t = rp.tricks(i)[-1]
            what = f"trick {t.number} to {t.winner} ({t.points})"
        s = pos.scores
        tricks = pos.tricks
        pend = ""
        if pos.pending[0] or pos.pending[1]:
            pend = f" pending {pos.pending[0]}-{pos.pending[1]}"
        talon = ("closed" if pos.closed_by >= 0 else
                 "empty" if pos.exhausted else f"{pos.talon_size}")
        actor = "?" if who is None else str(who)
        line = (f"{i:3d}. {actor} {token:<7} {what:<28} score {s[0]:>3}-{s[1]:<3} "
                f"tricks {tricks[0]}-{tricks[1]}{pend}  talon {talon}")
        if viewer is not None:
            line += f"  {viewer}: {_cards(pos.hands[viewer])}"
        lines.append(line.rstrip())
        if mv is not None:
            lines.extend(f"       {{{c}}}" for c in mv.comments)
            lines.extend(f"       ${n}" for n in mv.nags if n not in glyph_of)
    fin = rp[rp.last]
    out = rp.outcome(rp.last)
    if out is not None:
        how = {"claim": "a correct claim", "false_claim": "a false claim",
               "last_trick": "the last trick"}.get(out.end.value, out.end.value)
        res = (f"result: {out.winner} ({names[out.winner]}) wins {out.game_points} "
               f"game point{'s' if out.game_points != 1 else ''} by {how} ({out.rule}); "
               f"scores {fin.score(0)}-{fin.score(1)}")
        lines.append(res)
        after = rp.counters(rp.last)
        if after is not None:
            lines.append(f"Bummerl counters after the deal: A {after[0]}, B {after[1]}")
    else:
        lines.append(f"unfinished after {rp.last} actions; scores {fin.score(0)}-{fin.score(1)}")
    text = "\n".join(lines) + "\n"
    if stream is not None:
        stream.write(text)
    return text


def _card(c: int) -> str:
    from ..cards import CARDS

    return CARDS[c].symbol
