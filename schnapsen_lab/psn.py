"""PSN, Portable Schnapsen Notation: records, a forgiving reader and a writer (PSN.md).

Reading::

    from schnapsen_lab import psn
    for record in psn.read("club.psn"):       # lazily, one record at a time
        print(record.outcome, record.errors)
    record = psn.loads(text)[0]                # from a string
    psn.dumps(records)                         # canonical text; compact=True for one line each

The reader is forgiving by default: an error is kept on its record (with line,
column and rule id) and reading goes on with the next record. ``strict=True``
raises :class:`PsnError` at the first error instead.
"""

from __future__ import annotations

import bisect
import io
import os
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from .cards import CARDS, Card, parse_cards
from .match import Bummerl
from .rules import (
    PROFILES,
    SEATS,
    SOFT,
    Action,
    ActionKind,
    End,
    Outcome,
    Position,
    Profile,
    Seat,
    parse_action,
    profile_named,
)

__all__ = [
    "GLYPHS",
    "MATCH_MEMORY",
    "TAG_ORDER",
    "Line",
    "Move",
    "PsnError",
    "Record",
    "RecordError",
    "Splitter",
    "dump",
    "dumps",
    "load",
    "loads",
    "parse_record",
    "read",
    "trick_number",
    "write_record",
]

TAG_ORDER = ("Event", "Site", "Date", "Round", "PlayerA", "PlayerB", "Match", "Deal",
             "Dealer", "Rules", "Deck", "Score", "Result")
"""The known tags in the order the canonical form writes them."""

GLYPHS: dict[str, int] = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""Move-quality glyphs and their NAG numbers."""
_GLYPH_OF = {v: k for k, v in GLYPHS.items()}


@dataclass(frozen=True, slots=True)
class RecordError:
    """One error of a record: where (line, column, from 1), which rule, and why."""

    line: int
    col: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, col {self.col}: {self.rule}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """The error as ``check --json`` writes it."""
        return {"line": self.line, "col": self.col, "rule": self.rule, "message": self.message}


class PsnError(ValueError):
    """Raised by the strict reader: the first error of a record, with where it is."""

    def __init__(self, error: RecordError, index: int = 0, file: str | None = None) -> None:
        self.error = error
        self.index = index
        self.file = file
        where = f"{file}: " if file else ""
        super().__init__(f"{where}deal {index}, {error}")


@dataclass(eq=False, slots=True)
class Move:
    """One action of a line with its annotations.

    ``nags`` are numeric annotation glyphs (1-6 are ``! ? !! ?? !? ?!``),
    ``comments`` the comments that follow it, ``variations`` the lines played
    instead of it. ``number`` is the trick number written before it, if it begins a trick.
    """

    action: Action
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[Line] = field(default_factory=list)
    number: int | None = None
    line: int = 0
    col: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return _lines_equal([(Line([self]), Line([other]))])

    def __str__(self) -> str:
        """The action with its first annotation as a suffix glyph when it is one (``KH!``)."""
        nags = self.nags
        return str(self.action) + (_GLYPH_OF[nags[0]] if nags and nags[0] in _GLYPH_OF else "")


@dataclass(eq=False, slots=True)
class Line:
    """A sequence of moves: the main line or a variation, with a comment before its first move."""

    moves: list[Move] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return _lines_equal([(self, other)])


def _lines_equal(todo: list[tuple[Line, Line]]) -> bool:
    """Whether each pair of lines is equal, variations included (iterative: any depth)."""
    while todo:
        a, b = todo.pop()
        if a.comments != b.comments or len(a.moves) != len(b.moves):
            return False
        for x, y in zip(a.moves, b.moves, strict=True):
            if (x.action != y.action or x.nags != y.nags or x.comments != y.comments
                    or len(x.variations) != len(y.variations)):
                return False
            todo.extend(zip(x.variations, y.variations, strict=True))
    return True


@dataclass(eq=False)
class Record:
    """One deal record: tags, deck, the moves, and what the referee computed.

    ``outcome`` is the main line's result (None while unfinished or after an error);
    ``errors`` lists every error found, first where the record first goes wrong.
    ``match``, ``deal``, ``counters_before`` and ``counters`` place the deal in its Bummerl.
    ``comments_after_error`` are the main line's comments that follow its first illegal
    move (they belong to no valid move).
    ``source`` is the record's text as read (its lines, without the blank lines after it):
    a record with an error is written back as that text, byte for byte.
    """

    tags: dict[str, str] = field(default_factory=dict)
    deck: tuple[Card, ...] | None = None
    dealer: Seat = Seat.B
    profile: Profile = SOFT
    main: Line = field(default_factory=Line)
    errors: list[RecordError] = field(default_factory=list)
    outcome: Outcome | None = None
    final: Position | None = None
    main_line_ok: bool = True
    match: str | None = None
    deal: int | None = None
    counters_before: tuple[int, int] | None = None
    counters: tuple[int, int] | None = None
    index: int = 1
    line: int = 1
    file: str | None = None
    source_movetext: str | None = None
    comments_after_error: list[str] = field(default_factory=list)
    source: str | None = None

    # -- equality and display ----------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return (self._tags_compared() == other._tags_compared() and self.deck == other.deck
                and self.dealer == other.dealer
                and self.profile == other.profile and self.main == other.main
                and [(e.rule, e.message) for e in self.errors]
                == [(e.rule, e.message) for e in other.errors])

    def _tags_compared(self) -> dict[str, str]:
        """The tags as equality sees them: a valid Deck is compared as cards, not as text."""
        if self.deck is None or "Deck" not in self.tags:
            return self.tags
        return {k: v for k, v in self.tags.items() if k != "Deck"}

    def __str__(self) -> str:
        return write_record(self)

    def _repr_html_(self) -> str:
        from .html import record_html

        return record_html(self)

    def __repr__(self) -> str:
        pa, pb = self.tags.get("PlayerA", "A"), self.tags.get("PlayerB", "B")
        res = self.result_text
        return f"<Record {self.index}: {pa} vs {pb}, {len(self.main.moves)} actions, {res}>"

    # -- derived -----------------------------------------------------------------------------
    @property
    def ok(self) -> bool:
        """Whether the record breaks no rule and no tag disagrees."""
        return not self.errors

    @property
    def moves(self) -> list[Move]:
        """The main line's moves."""
        return self.main.moves

    @property
    def actions(self) -> list[Action]:
        """The main line's actions."""
        return [m.action for m in self.main.moves]

    @property
    def comment(self) -> list[str]:
        """Comments on the deal, before its first move."""
        return self.main.comments

    @property
    def player_names(self) -> tuple[str, str]:
        """The names of A and B (tags PlayerA and PlayerB, default ``A`` and ``B``)."""
        return (self.tags.get("PlayerA", "A"), self.tags.get("PlayerB", "B"))

    @property
    def end(self) -> End | None:
        """How the main line ended; ``UNFINISHED`` when it just stops; None after an error."""
        if not self.main_line_ok:
            return None
        return self.outcome.end if self.outcome is not None else End.UNFINISHED

    @property
    def result_text(self) -> str:
        """The Result tag this record should carry: ``A 2`` or ``*``."""
        return str(self.outcome) if self.outcome is not None else "*"

    def start(self) -> Position:
        """The position as dealt; raise ValueError if the deck is missing or broken."""
        if self.deck is None:
            raise ValueError("the record has no valid Deck")
        return Position.deal(self.deck, self.dealer, self.profile)

    def positions(self) -> list[Position]:
        """The main line's positions: as dealt, then after each action (up to any error)."""
        pos = self.start()
        out = [pos]
        for m in self.main.moves:
            pos = pos.play(m.action)
            out.append(pos)
        return out

    # -- building from code -------------------------------------------------------------------
    @classmethod
    def from_actions(cls, deck: Sequence[Card | int | str], actions: Iterable[Action | str] = (),
                     *, dealer: Seat = Seat.B, profile: Profile = SOFT,
                     tags: dict[str, str] | None = None, result: bool = True) -> Record:
        """A record from a deck order and a list of actions; raise IllegalAction on a bad one.

        The Dealer, Rules and Deck tags are set from the arguments; with ``result`` the
        Result tag is set from the computed outcome.
        """
        pos = Position.deal(deck, dealer, profile)
        t = dict(tags or {})
        t["Dealer"] = str(dealer)
        t["Rules"] = profile.name
        t["Deck"] = " ".join(str(CARDS[c]) for c in pos.deck)
        rec = cls(tags=_ordered(t), deck=tuple(CARDS[c] for c in pos.deck), dealer=dealer,
                  profile=profile)
        prev: Action | None = None
        for a in actions:
            act = parse_action(a) if isinstance(a, str) else a
            number = trick_number(pos, act, prev)
            pos = pos.play(act)
            rec.main.moves.append(Move(act, number=number))
            prev = act
        rec.final = pos
        rec.outcome = pos.outcome
        if result:
            rec.tags["Result"] = rec.result_text
            rec.tags = _ordered(rec.tags)
        return rec

    # -- plain data --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record as plain data for JSON Lines: tags, movetext and the computed result."""
        d: dict[str, Any] = {"tags": dict(self.tags), "movetext": write_movetext(self, 0)}
        d["ok"] = self.ok
        d["result"] = self.result_text if self.main_line_ok else None
        d["errors"] = [e.to_dict() for e in self.errors]
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any], profiles: Iterable[Profile] = ()) -> Record:
        """A record from :meth:`to_dict`'s data (tags and movetext are read again)."""
        tags = "\n".join(f'[{k} "{_escape(str(v))}"]' for k, v in data["tags"].items())
        return parse_record(tags + "\n\n" + str(data.get("movetext", "")), profiles=profiles)

    def check_dict(self) -> dict[str, Any]:
        """The record as ``schnapsen-lab check --json`` reports it (PSN.md)."""
        fin = self.final
        ok_main = self.main_line_ok
        out = self.outcome if ok_main else None
        d: dict[str, Any] = {
            "file": self.file,
            "index": self.index,
            "line": self.line,
            "ok": self.ok,
            "winner": str(out.winner) if out else None,
            "game_points": out.game_points if out else None,
            "end": self.end.value if self.end is not None else None,
            "closed_by": "AB"[fin.closed_by] if fin is not None and fin.closed_by >= 0 else None,
            "scores": {"A": fin.score(0), "B": fin.score(1)} if fin is not None else None,
            "tricks": {"A": fin.tricks[0], "B": fin.tricks[1]} if fin is not None else None,
            "match": self.match,
            "counters": ({"A": self.counters[0], "B": self.counters[1]}
                         if self.counters is not None else None),
            "errors": [e.to_dict() for e in self.errors],
        }
        return d


def _ordered(tags: dict[str, str]) -> dict[str, str]:
    out = {k: tags[k] for k in TAG_ORDER if k in tags}
    out.update((k, v) for k, v in tags.items() if k not in out)
    return out


def trick_number(pos: Position, action: Action, prev: Action | None) -> int | None:
    """The trick number the canonical form writes before ``action`` played at ``pos``
    (``prev`` is the action before it in its line), or None inside a trick."""
    if pos.lead >= 0 or action.kind is ActionKind.CLAIM or pos.outcome is not None:
        return None
    if prev is not None and prev.kind in (ActionKind.EXCHANGE, ActionKind.CLOSE):
        return None
    return pos.tricks_played + 1


# ----------------------------------------------------------------------------------------------
# Splitting text into records
# ----------------------------------------------------------------------------------------------

_TAG_RE = re.compile(r'\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_UNESCAPE_RE = re.compile(r"\\(.)")


def _simple_tag(line: str) -> bool:
    """Whether the line (right-stripped, starting with ``[``) is one plain ``[Name "value"]``."""
    return line.endswith('"]') and line.count('"') == 2 and "\\" not in line


def _movetext_start(line: str) -> int:
    """Where movetext begins on a line that starts with tags (the compact form), or -1 when
    the line holds only tags (or a broken tag, which the reader reports)."""
    t = line.rstrip()
    if _simple_tag(t.lstrip()):
        return -1
    pos = 0
    while True:
        m = _TAG_RE.match(t, pos)
        if m is None:
            break
        pos = m.end()
    rest = t[pos:].lstrip()
    if not rest or rest.startswith("["):
        return -1
    return len(t) - len(rest)


def _comment_open_after(text: str, inside: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``text`` (``inside``: one was open
    at its start); a ``;`` outside a comment ends the line's movetext."""
    i = 0
    while True:
        if inside:
            j = text.find("}", i)
            if j < 0:
                return True
            inside = False
            i = j + 1
        else:
            j = text.find("{", i)
            if j < 0:
                return False
            k = text.find(";", i, j)
            if k >= 0:
                return False
            inside = True
            i = j + 1


_SPACE = frozenset({"", *(chr(i) for i in range(0x3001) if chr(i).isspace())})
"""The characters ``str.isspace`` knows, plus the empty string (an empty line)."""


class Splitter:
    """PSN.md's record boundaries, line by line: the one splitter of the reader and of the
    parallel statistics.

    Feed every line of a text in order to :meth:`starts_record`; it says whether that
    line begins a new record. A record is a tag section, then movetext; a line starting
    with ``[`` outside a comment that follows movetext or a blank line begins the next
    record. A ``{`` comment may run over lines; one that is never closed ends at the end
    of its line when its record is in the compact form (one record a line: the next line
    starts with ``[``), else before the first tag line that follows a blank line.
    """

    __slots__ = ("in_comment", "one_line", "prev_blank", "state")

    def __init__(self) -> None:
        self.state = 0  # 0 before any record, 1 in a tag section, 2 after movetext or a blank
        self.in_comment = False  # a { comment is open at the end of the last line
        self.one_line = False  # the record so far is one line of tags and movetext
        self.prev_blank = False  # the last line was blank (inside a comment)

    def starts_record(self, line: str) -> bool:
        """Whether ``line`` (with or without its line break) begins a new record."""
        if self.in_comment:
            s = line.lstrip()
            if s[:1] == "[" and (self.prev_blank or self.one_line):
                self.in_comment = False  # a comment never closed ends before this tag line
            else:
                self.one_line = False
                self.prev_blank = not s
                self.in_comment = _comment_open_after(line, True)
                return False
        c = line[:1]
        if c in _SPACE:  # a blank line, or one that starts with white space
            s = line.lstrip()
            if not s:
                if self.state == 1:
                    self.state = 2
                self.one_line = False
                return False
            c = s[0]
        if c == "[":
            new = self.state != 1
            if line.endswith('"]\n') and line[0] == "[" and line.count('"') == 2 and (
                    "\\" not in line):
                at = -1  # the usual line: one tag
            else:
                at = _movetext_start(line)
            if at < 0:
                self.state = 1
                self.one_line = False
            else:
                self.state = 2
                self.one_line = new
                if "{" in line:
                    self.in_comment = _comment_open_after(line[at:], False)
                    self.prev_blank = False
            return new
        new = self.state == 0
        self.state = 2
        self.one_line = False
        if "{" in line:
            self.in_comment = _comment_open_after(line, False)
            self.prev_blank = False
        return new

    def record_ends_here(self) -> bool:
        """Whether a line starting with ``[`` after the lines fed so far would begin a new
        record (it would not continue a tag section or an open comment)."""
        return self.state == 2 and (not self.in_comment or self.one_line)


def _chunks(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """Split text lines into records: (line number of the first line, its lines as read)."""
    split = Splitter()
    buf: list[str] = []
    start = 0
    for no, raw in enumerate(lines, 1):
        if split.starts_record(raw):
            if buf:
                yield start, buf
            buf = [raw]
            start = no
        elif buf:
            buf.append(raw)
    if buf:
        yield start, buf


def _record_text(raw: list[str]) -> str:
    """A record's text: its lines as read, without the blank lines after it and the line
    break (``\n``, ``\r\n``, any ``\r`` before it) that ends its last line."""
    end = len(raw)
    while end > 1 and not raw[end - 1].strip():
        end -= 1
    return "".join(raw[:end] if end < len(raw) else raw).rstrip("\r\n")


# ----------------------------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------------------------

_TOKEN_RE = re.compile(
    r"\s*(?:"
    r"(?P<comment>\{[^}]*\}?)"
    r"|(?P<semi>;[^\n]*)"
    r"|(?P<num>[0-9]+\.(?![0-9.]))"
    r"|(?P<nag>\$[0-9]+)"
    r"|(?P<open>\()"
    r"|(?P<close>\))"
    r"|(?P<star>\*)"
    r"|(?P<glyph>!!|\?\?|!\?|\?!|!|\?)"
    r"|(?P<word>[^\s{}();$*!?]+)(?P<suffix>!!|\?\?|!\?|\?!|!|\?)?"
    r"|(?P<bad>\S)"
    r")"
)

MAX_NAG = 255
"""The largest numeric annotation glyph ``$n`` (as in PGN)."""

_ACTION_OF: dict[str, Action] = {}
for _c in CARDS:
    for _tok in (str(_c), str(_c).lower(), _c.symbol, ("10" + str(_c)[1]) if _c % 5 == 1 else None):
        if _tok:
            _ACTION_OF[_tok] = parse_action(_tok)
for _tok in ("X", "x", "C", "c", "66"):
    _ACTION_OF[_tok] = parse_action(_tok)
for _c in CARDS:
    if _c % 5 in (2, 3):
        for _pts in (20, 40):
            _ACTION_OF[f"{_c}+{_pts}"] = parse_action(f"{_c}+{_pts}")


def _lookup_action(word: str) -> Action | None:
    a = _ACTION_OF.get(word)
    if a is not None:
        return a
    try:
        return parse_action(word)
    except ValueError:
        return None


MATCH_MEMORY = 1024
"""How many undecided Bummerls (Match ids) a reader keeps accounting for at once."""


class _MatchBook:
    """Bummerl state per Match id while a file is read: the undecided Bummerls, at most
    :data:`MATCH_MEMORY`, the least recently seen dropped first (docs/psn.md)."""

    def __init__(self, limit: int = MATCH_MEMORY) -> None:
        self.state: OrderedDict[str, Bummerl] = OrderedDict()
        self.limit = limit

    def get(self, match_id: str) -> Bummerl | None:
        """The Bummerl this Match id continues, or None when a new one starts."""
        return self.state.get(match_id)

    def put(self, match_id: str, bummerl: Bummerl) -> None:
        """Keep the Bummerl after a deal; a decided one is dropped (B1: a new one follows)."""
        state = self.state
        if bummerl.is_decided:
            state.pop(match_id, None)
            return
        state[match_id] = bummerl
        state.move_to_end(match_id)
        if len(state) > self.limit:
            state.popitem(last=False)


class _Ctx:
    """A line being read: its position, start, actions so far and whether it still checks."""

    __slots__ = ("actions", "alive", "line", "pos", "prev_before", "start")

    def __init__(self, start: Position | None, line: Line, prev_before: Action | None) -> None:
        self.start = start
        self.pos = start.copy() if start is not None else None
        self.actions: list[Action] = []
        self.line = line
        self.alive = start is not None
        self.prev_before = prev_before


def _replay(start: Position, actions: Sequence[Action]) -> Position:
    p = start.copy()
    for a in actions:
        p.apply_unchecked(a)
    return p


def parse_record(text: str, *, profiles: Iterable[Profile] = (), strict: bool = False,
                 index: int = 1, file: str | None = None) -> Record:
    """Read the first record of a PSN string."""
    for rec in _read_lines(io.StringIO(text), profiles=tuple(profiles), strict=strict, file=file):
        rec.index = index
        return rec
    raise ValueError("no record in the text")


def _tag_section(rec: Record, lines: list[str], first: int,
                 tag_lines: dict[str, int]) -> tuple[int, str | None]:
    """Read the tag lines at the start of ``lines`` into ``rec.tags``; return the index of
    the first movetext line and, in the compact form, the movetext on the last tag line."""
    errors = rec.errors
    tags = rec.tags
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        s = line.lstrip()
        if not s.startswith("["):
            break
        ln = first + i
        if (line[:1] == "[" and line.endswith('"]') and line.count('"') == 2
                and "\\" not in line):  # the usual line: one plain tag
            sp = line.find(" ")
            name = line[1:sp]
            if sp > 1 and line[sp + 1] == '"' and name.isalnum():
                if name in tags:
                    errors.append(RecordError(ln, 2, "PSN", f"the tag {name} is given twice"))
                tags[name] = line[sp + 2 : -2]
                tag_lines[name] = ln
                i += 1
                continue
        pos = 0
        while pos < len(line):
            m = _TAG_RE.match(line, pos)
            if m is None:
                rest = line[pos:]
                if rest.strip() and not rest.lstrip().startswith("["):
                    return i + 1, " " * pos + rest  # compact form: movetext after the tags
                if rest.strip():
                    col = pos + len(rest) - len(rest.lstrip()) + 1
                    errors.append(RecordError(ln, col, "PSN",
                                              f"not a tag: {rest.strip()[:40]!r} "
                                              '(write [Name "value"])'))
                break
            name, value = m.group(1), m.group(2)
            if "\\" in value:
                value = _UNESCAPE_RE.sub(r"\1", value)
            if name in tags:
                errors.append(RecordError(ln, m.start(1) + 1, "PSN",
                                          f"the tag {name} is given twice"))
            tags[name] = value
            tag_lines[name] = ln
            pos = m.end()
        i += 1
    return i, None


def _parse_chunk(first: int, raw: list[str], index: int, book: _MatchBook,
                 profiles: tuple[Profile, ...], file: str | None) -> Record:
    source = _record_text(raw)
    rec = Record(index=index, line=first, file=file, source=source)
    errors = rec.errors
    lines = source.split("\n")
    if "\r" in source:
        lines = [x[:-1] if x.endswith("\r") else x for x in lines]
    tag_lines: dict[str, int] = {}
    i, inline_moves = _tag_section(rec, lines, first, tag_lines)
    tags = rec.tags
    if inline_moves is not None:
        move_first = first + i - 1
        movetext_lines = [inline_moves, *lines[i:]]
    else:
        move_first = first + i
        movetext_lines = lines[i:]
    movetext = "\n".join(movetext_lines)
    rec.source_movetext = movetext.strip("\n")

    # -- profile, deck, dealer
    ready = True
    prof_name = tags.get("Rules")
    if prof_name is not None:
        try:
            rec.profile = profile_named(prof_name, profiles)
        except KeyError:
            known = ", ".join(sorted({*PROFILES, *(p.name for p in profiles)}))
            errors.append(RecordError(tag_lines["Rules"], 1, "PSN",
                                      f"unknown Rules profile {prof_name[:40]!r}; known: {known}"))
            ready = False
    deck_text = tags.get("Deck")
    if deck_text is None:
        errors.append(RecordError(first, 1, "S3", "the record has no Deck tag"))
        ready = False
    else:
        try:
            deck = parse_cards(deck_text)
        except ValueError as e:
            errors.append(RecordError(tag_lines["Deck"], 1, "S3", f"Deck: {e}"))
            ready = False
        else:
            if len(deck) != 20 or len(set(deck)) != 20:
                dup = sorted({str(c) for c in deck if deck.count(c) > 1})
                missing = sorted(str(c) for c in CARDS if c not in deck)
                why = f"{len(deck)} cards"
                if dup:
                    why += f"; twice: {' '.join(dup)}"
                if missing:
                    why += f"; missing: {' '.join(missing)}"
                errors.append(RecordError(tag_lines["Deck"], 1, "S3",
                                          f"Deck must hold the 20 cards once each ({why})"))
                ready = False
            else:
                rec.deck = tuple(deck)

    match_id = tags.get("Match")
    bummerl: Bummerl | None = None
    if match_id is not None:
        bummerl = book.get(match_id) or Bummerl()
        rec.match = match_id
        rec.deal = bummerl.next_deal
        rec.counters_before = bummerl.counters
    expected_dealer = bummerl.dealer if bummerl is not None else Seat.B
    dealer_text = tags.get("Dealer")
    rec.dealer = expected_dealer
    if dealer_text is not None:
        d = dealer_text.strip().upper()
        if d not in ("A", "B"):
            errors.append(RecordError(tag_lines["Dealer"], 1, "PSN",
                                      f"Dealer is A or B, not {dealer_text[:40]!r}"))
        else:
            rec.dealer = SEATS[d == "B"]
            if (bummerl is not None and bummerl.deals > 0
                    and rec.dealer != expected_dealer):
                errors.append(RecordError(tag_lines["Dealer"], 1, "Dealer",
                                          f"Dealer {rec.dealer} disagrees: {expected_dealer} "
                                          f"deals deal {bummerl.next_deal} of match {match_id}"))
    if bummerl is not None:
        deal_text = tags.get("Deal")
        if deal_text is not None and deal_text.strip() != str(bummerl.next_deal):
            errors.append(RecordError(tag_lines["Deal"], 1, "Deal",
                                      f"Deal {deal_text[:40]} disagrees: this is deal "
                                      f"{bummerl.next_deal} of match {match_id}"))
        score_text = tags.get("Score")
        if score_text is not None:
            want = f"{bummerl.counters[0]}-{bummerl.counters[1]}"
            if score_text.replace(" ", "") != want:
                errors.append(RecordError(tag_lines["Score"], 1, "Score",
                                          f"Score {score_text[:40]} disagrees: the counters "
                                          f"before this deal are {want}"))

    # -- movetext
    start = (Position.dealt(tuple(map(int, rec.deck)), rec.dealer, rec.profile)
             if ready and rec.deck else None)
    _read_movetext(rec, movetext, movetext_lines, move_first, start)
    if start is None:
        rec.main_line_ok = False

    # -- result and match
    if rec.main_line_ok:
        res = tags.get("Result")
        if res is not None and " ".join(res.split()).upper() != rec.result_text:
            errors.append(RecordError(tag_lines["Result"], 1, "Result",
                                      f"Result {res[:40]} disagrees: the record gives "
                                      f"{rec.result_text}"))
    if bummerl is not None and match_id is not None:
        after = bummerl.after(rec.outcome if rec.main_line_ok else None, rec.dealer)
        book.put(match_id, after)
        rec.counters = after.counters
    if len(errors) > 1:
        errors.sort(key=lambda e: (e.line, e.col))
    return rec


_SLOW_CHARS = re.compile(r"[{};()$!?*]")


def _trick_number_ok(digits: str, pos: Position) -> bool:
    """Whether a trick number written before the next action is right (any after the end)."""
    if pos.outcome is not None:
        return True
    return pos.lead < 0 and len(digits) <= 3 and int(digits) == pos.tricks_played + 1


def _read_plain_movetext(rec: Record, text: str, pos: Position) -> bool:
    """Read movetext of bare actions and trick numbers quickly; False if it needs the full
    reader (any annotation, odd token or error: that one reports exact columns)."""
    moves = rec.main.moves
    prev: Action | None = None
    get = _ACTION_OF.get
    for tok in text.split():
        a = get(tok)
        if a is None:
            if tok[-1:] == ".":
                digits = tok[:-1]
                if digits.isdigit() and digits.isascii():
                    if pos.outcome is None and (pos.lead >= 0 or len(digits) > 3 or int(
                            digits) != pos.tricks[0] + pos.tricks[1] + 1):
                        return False
                    continue
            return False
        if pos.check(a) is not None:
            return False
        moves.append(Move(a, [], [], [], trick_number(pos, a, prev)))
        pos.apply_unchecked(a)
        prev = a
    rec.final = pos
    rec.outcome = pos.outcome
    return True


def _read_movetext(rec: Record, text: str, lines: list[str], first: int,
                   start: Position | None) -> None:
    if start is not None and not _SLOW_CHARS.search(text):
        if _read_plain_movetext(rec, text, start):
            return
        rec.main = Line()
        assert rec.deck is not None
        start = Position.deal(rec.deck, rec.dealer, rec.profile)
    errors = rec.errors
    main = rec.main
    root = _Ctx(start, main, None)
    stack = [root]
    ctx = root
    starred = False
    line_starts: list[int] | None = None

    def where(off: int) -> tuple[int, int]:
        nonlocal line_starts
        if line_starts is None:
            line_starts = [0]
            k = text.find("\n")
            while k >= 0:
                line_starts.append(k + 1)
                k = text.find("\n", k + 1)
        lo = bisect.bisect_right(line_starts, off) - 1
        return first + lo, off - line_starts[lo] + 1

    def fail(c: _Ctx, off: int, rule: str, msg: str) -> None:
        ln, col = where(off)
        errors.append(RecordError(ln, col, rule, msg))
        c.alive = False
        if c is root:
            rec.main_line_ok = False

    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        if kind == "suffix":
            kind = "word"
        if kind is None:
            continue
        if kind == "word":
            word = m.group("word")
            off = m.start("word")
            if starred:
                fail(ctx, off, "PSN", f"{word[:40]!r} after '*', which ends the deal")
                starred = False
                continue
            action = _lookup_action(word)
            if action is None:
                fail(ctx, off, "PSN", f"not a PSN token: {word[:40]!r}")
                continue
            if not ctx.alive:
                continue
            pos = ctx.pos
            assert pos is not None
            err = pos.check(action)
            if err is not None:
                legal = " ".join(str(a) for a in pos.legal_actions()) or "nothing"
                fail(ctx, off, err[0], f"{err[1]}; legal: {legal}")
                continue
            prev = ctx.actions[-1] if ctx.actions else ctx.prev_before
            mv = Move(action, number=trick_number(pos, action, prev))
            suffix = m.group("suffix")
            if suffix:
                mv.nags.append(GLYPHS[suffix])
            pos.apply_unchecked(action)
            ctx.actions.append(action)
            ctx.line.moves.append(mv)
        elif kind == "num":
            if not ctx.alive or starred:
                continue
            pos = ctx.pos
            assert pos is not None
            tok = m.group("num")
            if not _trick_number_ok(tok[:-1], pos):
                want = pos.tricks_played + 1
                what = (f"trick {want} is in progress" if pos.lead >= 0
                        else f"the next trick is {want}")
                fail(ctx, m.start("num"), "PSN", f"trick number {tok[:40]} is wrong: {what}")
        elif kind == "comment":
            body = m.group("comment")
            if not body.endswith("}"):
                fail(ctx, m.start("comment"), "PSN", "a comment opened with { is never closed")
                continue
            _attach_comment(ctx, " ".join(body[1:-1].split()), root, rec)
        elif kind == "semi":
            _attach_comment(ctx, " ".join(m.group("semi")[1:].split()), root, rec)
        elif kind in ("glyph", "nag"):
            tok = m.group(kind)
            if kind == "nag" and (len(tok) > 4 or int(tok[1:]) > MAX_NAG):
                fail(ctx, m.start(kind), "PSN",
                     f"{tok[:40]} is not an annotation glyph ($0 to ${MAX_NAG})")
                continue
            if not ctx.line.moves:
                if ctx.alive:
                    fail(ctx, m.start(kind), "PSN", f"{tok} must follow a move")
                continue
            if ctx.alive:
                ctx.line.moves[-1].nags.append(GLYPHS[tok] if kind == "glyph" else int(tok[1:]))
        elif kind == "open":
            if not ctx.line.moves and ctx.alive:
                fail(ctx, m.start("open"), "PSN", "a variation must follow the move it replaces")
            parent = ctx
            var = Line()
            base: Position | None = None
            before: Action | None = None
            if parent.alive and parent.start is not None and parent.actions:
                base = _replay(parent.start, parent.actions[:-1])
                before = (parent.actions[-2] if len(parent.actions) > 1 else parent.prev_before)
                parent.line.moves[-1].variations.append(var)
            ctx = _Ctx(base, var, before)
            stack.append(ctx)
        elif kind == "close":
            if len(stack) == 1:
                fail(ctx, m.start("close"), "PSN", "')' closes no variation")
                continue
            stack.pop()
            ctx = stack[-1]
        elif kind == "star":
            starred = True
        else:  # bad character
            fail(ctx, m.start("bad"), "PSN", f"not a PSN token: {m.group('bad')!r}")
    if len(stack) > 1:
        ln = first + len(lines) - 1
        errors.append(RecordError(ln, max(1, len(lines[-1]) if lines else 1), "PSN",
                                  "a variation opened with ( is never closed"))
        rec.main_line_ok = False
    if root.pos is not None:
        rec.final = root.pos
        rec.outcome = root.pos.outcome if rec.main_line_ok else None


def _attach_comment(ctx: _Ctx, text: str, root: _Ctx, rec: Record) -> None:
    if ctx is root and not ctx.alive and ctx.start is not None:
        rec.comments_after_error.append(text)  # after the main line's error
        return
    if ctx.line.moves:
        ctx.line.moves[-1].comments.append(text)
    else:
        ctx.line.comments.append(text)


def _utf8_lines(stream: IO[bytes], name: str | None) -> Iterator[str]:
    """The lines of a byte stream decoded as UTF-8; a byte that is not UTF-8 raises
    UnicodeDecodeError whose ``start`` is its offset in the whole stream."""
    offset = 0
    for raw in stream:
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as e:
            where = f"{name}: " if name else ""
            raise UnicodeDecodeError("utf-8", raw, offset + e.start, offset + e.end,
                                     f"{where}not UTF-8 text (byte {offset + e.start + 1})"
                                     ) from None
        offset += len(raw)


def _is_binary(stream: object) -> bool:
    return isinstance(stream, (io.RawIOBase, io.BufferedIOBase)) or (
        not isinstance(stream, io.TextIOBase) and "b" in str(getattr(stream, "mode", "")))


def read(source: str | os.PathLike[str] | IO[str] | IO[bytes], *, strict: bool = False,
         profiles: Iterable[Profile] = ()) -> Iterator[Record]:
    """Read records lazily from a path or an open stream (text, or bytes read as UTF-8).

    Forgiving by default: each record keeps its own errors. With ``strict`` the first
    error raises :class:`PsnError`. ``profiles`` adds house profiles for the Rules tag.
    Input that is not UTF-8 raises UnicodeDecodeError (``start``: the byte offset).
    """
    profs = tuple(profiles)
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with open(path, encoding="utf-8", newline="\n") as f:
            try:
                yield from _read_lines(f, profiles=profs, strict=strict, file=path)
            except UnicodeDecodeError:
                with open(path, "rb") as again:  # where it goes wrong, in the whole file
                    for _ in _utf8_lines(again, path):
                        pass
                raise
        return
    name = getattr(source, "name", None)
    name = name if isinstance(name, str) else None
    if _is_binary(source):
        lines: Iterable[str] = _utf8_lines(source, name)  # type: ignore[arg-type]
    else:
        lines = source  # type: ignore[assignment]
    yield from _read_lines(lines, profiles=profs, strict=strict, file=name)


def _without_bom(lines: Iterable[str]) -> Iterator[str]:
    it = iter(lines)
    for first in it:
        yield first[1:] if first.startswith("\ufeff") else first
        break
    yield from it


def _read_lines(lines: Iterable[str], *, profiles: tuple[Profile, ...], strict: bool,
                file: str | None) -> Iterator[Record]:
    book = _MatchBook()
    for index, (first, chunk) in enumerate(_chunks(_without_bom(lines)), 1):
        rec = _parse_chunk(first, chunk, index, book, profiles, file)
        if strict and rec.errors:
            raise PsnError(rec.errors[0], index, file)
        yield rec


def loads(text: str, *, strict: bool = False, profiles: Iterable[Profile] = ()) -> list[Record]:
    """Read every record of a PSN string."""
    return list(_read_lines(io.StringIO(text), profiles=tuple(profiles), strict=strict,
                            file=None))


def load(stream: IO[str] | IO[bytes], *, strict: bool = False,
         profiles: Iterable[Profile] = ()) -> list[Record]:
    """Read every record of an open stream."""
    return list(read(stream, strict=strict, profiles=profiles))


# ----------------------------------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------------------------------

def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag_lines(rec: Record) -> list[str]:
    tags = dict(rec.tags)
    if rec.deck is not None and "Deck" in tags:
        tags["Deck"] = " ".join(str(c) for c in rec.deck)
    return [f'[{k} "{_escape(v)}"]' for k, v in _ordered(tags).items()]


_BREAK = "\n"
"""A word of the movetext that ends its line: it follows every ``;`` comment."""
_OPEN, _CLOSE = object(), object()


def _line_words(line: Line, out: list[str]) -> None:
    """The words of a line's movetext, variations nested to any depth (no recursion)."""
    todo: list[object] = [line]
    opened: list[int] = []  # where each open variation's words begin in ``out``
    pending_open = 0
    while todo:
        item = todo.pop()
        if isinstance(item, Line):
            items: list[object] = []
            for c in item.comments:
                items.extend(_comment_words(c))
            for mv in item.moves:
                if mv.number is not None:
                    items.append(f"{mv.number}.")
                items.append(str(mv))
                glyph = bool(mv.nags) and mv.nags[0] in _GLYPH_OF
                items.extend(f"${n}" for n in mv.nags[1 if glyph else 0:])
                for c in mv.comments:
                    items.extend(_comment_words(c))
                for var in mv.variations:
                    items += [_OPEN, var, _CLOSE]
            todo.extend(reversed(items))
        elif item is _OPEN:
            opened.append(len(out))
            pending_open += 1
        elif item is _CLOSE:
            begin = opened.pop()
            if len(out) == begin:
                out.append("(" * pending_open + ")")
                pending_open = 0
            elif out[-1] == _BREAK:
                out.append(")")
            else:
                out[-1] += ")"
        else:
            assert isinstance(item, str)
            if pending_open:
                item = "(" * pending_open + item
                pending_open = 0
            out.append(item)


def _comment_words(text: str) -> list[str]:
    """A comment as words: ``{…}``, or a ``;`` comment that ends its line when the text
    holds a ``}`` (which a ``{…}`` comment cannot)."""
    if "}" in text:
        return [";" + " ".join(text.split()), _BREAK]
    words = text.split()
    if not words:
        return ["{}"]
    words[0] = "{" + words[0]
    words[-1] = words[-1] + "}"
    return words


def _wrap(words: list[str], width: int) -> str:
    """Words joined by spaces into lines of at most ``width`` columns (0: no limit), a line
    also ending after each :data:`_BREAK`."""
    lines: list[str] = []
    cur = ""
    for w in words:
        if w == _BREAK:
            lines.append(cur)
            cur = ""
        elif not cur:
            cur = w
        elif width and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur += " " + w
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def write_movetext(rec: Record, width: int = 80) -> str:
    """The record's movetext, wrapped at ``width`` columns (0: one line, except after a
    ``;`` comment); a record with an error gives its movetext as read."""
    if rec.errors and rec.source_movetext is not None:
        return rec.source_movetext
    words: list[str] = []
    _line_words(rec.main, words)
    return _wrap(words, width)


def _verbatim(rec: Record) -> bool:
    return bool(rec.errors) and rec.source is not None


def _joined(rec: Record) -> str | None:
    """An erroneous record's text on one line (its line breaks turned into spaces), or None
    where that could change what it says or where it ends."""
    src = rec.source
    assert src is not None
    if "\n" not in src:
        one = src
    else:
        one = src.replace("\r\n", " ").replace("\n", " ")
        again = list(_read_lines([one], profiles=(rec.profile,), strict=False, file=None))
        alone = list(_read_lines(io.StringIO(src), profiles=(rec.profile,), strict=False,
                                 file=None))
        if len(again) != 1 or again != alone:
            return None
    split = Splitter()
    split.starts_record(one)
    return one if split.record_ends_here() else None


def write_record(rec: Record, compact: bool = False) -> str:
    """One record as PSN text: canonical (ending with a line break) or compact (one line,
    without the break). A record with an error is its text as read: in the compact form on
    one line where that cannot change it, else on its own lines followed by a blank line."""
    if _verbatim(rec):
        assert rec.source is not None
        if not compact:
            return rec.source + "\n"
        one = _joined(rec)
        return one if one is not None else rec.source + "\n"
    if compact:
        mt = write_movetext(rec, 0)
        if not rec.main.moves and not mt.strip():
            mt = "*"
        return " ".join([*_tag_lines(rec), mt])
    return "\n".join(_tag_lines(rec)) + "\n\n" + write_movetext(rec) + "\n"


def dumps(records: Iterable[Record], *, compact: bool = False) -> str:
    """Records as PSN text; canonical records are separated by a blank line."""
    out = io.StringIO()
    dump(records, out, compact=compact)
    return out.getvalue()


def dump(records: Iterable[Record], stream: IO[str], *, compact: bool = False) -> None:
    """Write records to an open text stream (canonical: a blank line between records;
    compact: one record a line)."""
    first = True
    for r in records:
        if compact:
            stream.write(write_record(r, True) + "\n")
        else:
            if not first:
                stream.write("\n")
            stream.write(write_record(r))
        first = False
