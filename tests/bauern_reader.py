"""A small test-only reader of PSN files driven by the game protocol alone.

It stands in for the records layer until psn.py is wired to :mod:`schnapsen_lab.game`:
it splits a file into records, reads tags and movetext tokens (comments, glyphs and
``$n`` are skipped; variations are not supported), and checks each record through
``find_game`` and the :class:`~schnapsen_lab.game.Game` methods only, never a game's
name, giving the values ``schnapsen-lab check --json`` gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from schnapsen_lab.game import SetupError, find_game
from schnapsen_lab.match import MatchState

_TAG_RE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN_RE = re.compile(
    r"\s*(?:"
    r"(?P<comment>\{[^}]*\}?)"
    r"|(?P<semi>;[^\n]*)"
    r"|(?P<num>\d+\.(?![\d.])|\d+\.(?=10))"  # a dot may touch the next token: 3.10S
    r"|(?P<nag>\$\d+)"
    r"|(?P<star>\*)"
    r"|(?P<glyph>!!|\?\?|!\?|\?!|!|\?)"
    r"|(?P<word>[^\s{}();$*!?]+)(?:!!|\?\?|!\?|\?!|!|\?)?"
    r"|(?P<bad>\S)"
    r")"
)


@dataclass
class Error:
    """One error: where, the rule id, why."""

    line: int
    col: int
    rule: str
    message: str


@dataclass
class Checked:
    """One record as ``check --json`` reports it, plus the tokens' count."""

    index: int
    line: int
    fields: dict[str, Any] = field(default_factory=dict)
    errors: list[Error] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def split_records(text: str) -> list[tuple[int, list[str]]]:
    """Records as (first line number, lines): a tag line after movetext or a blank
    line starts a new record."""
    out: list[tuple[int, list[str]]] = []
    buf: list[str] = []
    start = 0
    state = 0  # 0 nothing, 1 tags, 2 movetext or blank
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("["):
            if state == 2 and buf:
                out.append((start, buf))
                buf = []
                state = 0
            if state == 0:
                start = no
            state = 1 if line.rstrip().endswith("]") else 2
            buf.append(line)
            continue
        if not s:
            if state == 1:
                state = 2
            if buf:
                buf.append(line)
            continue
        if state == 0:
            start = no
        state = 2
        buf.append(line)
    if buf:
        out.append((start, buf))
    return out


def _tags(first: int, lines: list[str]) -> tuple[dict[str, str], dict[str, int], int, str, int]:
    """Tags, the line of each, and the movetext (its first line number and text)."""
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    i = 0
    inline = ""
    while i < len(lines) and lines[i].lstrip().startswith("["):
        line = lines[i]
        pos = 0
        while pos < len(line):
            m = _TAG_RE.match(line, pos)
            if m is None:
                rest = line[pos:]
                if rest.strip():
                    inline = " " * pos + rest
                break
            tags[m.group(1)] = m.group(2)
            where[m.group(1)] = first + i
            pos = m.end()
        i += 1
        if inline:
            return tags, where, first + i - 1, "\n".join([inline, *lines[i:]]), 0
    return tags, where, first + i, "\n".join(lines[i:]), 0


def check_text(text: str) -> list[Checked]:
    """Check every record of a PSN text; the match accounting runs through the file."""
    book: dict[str, MatchState] = {}
    out: list[Checked] = []
    for index, (first, lines) in enumerate(split_records(text), 1):
        out.append(_check_record(index, first, lines, book))
    return out


def _check_record(index: int, first: int, lines: list[str],
                  book: dict[str, MatchState]) -> Checked:
    rec = Checked(index, first)
    errs = rec.errors
    tags, where, move_first, movetext, _ = _tags(first, lines)
    game = find_game(tags)
    ready = True
    try:
        profile = game.profile_from_tags(tags)
    except SetupError as e:
        errs.append(Error(where.get("Rules", first), 1, e.rule, e.message))
        profile = game.default_profile
        ready = False
    match_id = tags.get("Match")
    state: MatchState | None = None
    if match_id is not None:
        state = book.get(match_id)
        if state is None or state.is_decided:
            state = game.new_match(profile)
    dealer = state.dealer if state is not None else game.default_dealer(profile)
    if "Dealer" in tags:
        try:
            given = game.seat_named(tags["Dealer"])
        except ValueError as e:
            errs.append(Error(where["Dealer"], 1, "PSN", str(e)))
        else:
            if state is not None and state.deals > 0 and given != state.dealer:
                errs.append(Error(where["Dealer"], 1, "Dealer",
                                  f"{game.seat_name(state.dealer)} deals this deal"))
            dealer = given
    if state is not None:
        if "Deal" in tags and tags["Deal"].strip() != str(state.next_deal):
            errs.append(Error(where["Deal"], 1, "Deal", f"this is deal {state.next_deal}"))
        if "Score" in tags and tags["Score"].replace(" ", "") != state.score_text:
            errs.append(Error(where["Score"], 1, "Score",
                              f"the counters before this deal are {state.score_text}"))
    pos = None
    if ready:
        try:
            pos = game.start(tags, profile, dealer)
        except SetupError as e:
            errs.append(Error(where.get(e.tag, first) if e.tag else first, 1, e.rule,
                              e.message))
    main_ok = pos is not None
    if pos is not None:
        main_ok = _movetext(game, pos, movetext, move_first, rec)
    final = pos
    if main_ok and "Result" in tags and not game.same_result(tags["Result"], final.outcome):
        errs.append(Error(where["Result"], 1, "Result",
                          f"the record gives {game.result_text(final.outcome)}"))
    rec.fields = game.check_fields(final, main_ok)
    rec.fields["match"] = match_id
    rec.fields["counters"] = None
    if state is not None and match_id is not None:
        after = game.after_deal(state, final if main_ok else None, profile, dealer)
        book[match_id] = after
        rec.fields["counters"] = after.counters_dict()
    errs.sort(key=lambda e: (e.line, e.col))
    return rec


def _movetext(game: Any, pos: Any, text: str, first: int, rec: Checked) -> bool:
    """Referee the movetext in place on ``pos``; False after a main-line error."""
    starts = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]

    def where(off: int) -> tuple[int, int]:
        ln = max(i for i, s in enumerate(starts) if s <= off)
        return first + ln, off - starts[ln] + 1

    alive = True
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        if kind == "word":
            word = m.group("word")
            off = m.start("word")
            try:
                action = game.parse_action(word)
            except ValueError as e:
                rec.errors.append(Error(*where(off), "PSN", str(e)))
                alive = False
                continue
            if not alive:
                continue
            err = pos.check(action)
            if err is not None:
                rec.errors.append(Error(*where(off), err[0], err[1]))
                alive = False
                continue
            pos.apply_unchecked(action)
            rec.actions.append(action)
        elif kind == "num" and alive:
            msg = game.trick_number_error(pos, int(m.group("num")[:-1]))
            if msg is not None:
                rec.errors.append(Error(*where(m.start("num")), "PSN", msg))
                alive = False
        elif kind == "bad":
            rec.errors.append(Error(*where(m.start("bad")), "PSN", "not a PSN token"))
            alive = False
    return alive
