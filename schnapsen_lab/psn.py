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

import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from .cards import CARDS, Card, parse_cards
from .fastcheck import (
    ACTION_OF_CODE,
    CODE_NUMBER,
    CODE_OF,
    STATE_SIZE,
    compiled_referee,
    final_position,
    profile_data,
)
from .match import Bummerl
from .rules import (
    CLAIM,
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
    "TAG_ORDER",
    "Line",
    "Move",
    "PsnError",
    "Record",
    "RecordError",
    "dump",
    "dumps",
    "load",
    "loads",
    "parse_record",
    "read",
    "trick_number",
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
        return (self.action == other.action and self.nags == other.nags
                and self.comments == other.comments and self.variations == other.variations)

    def __str__(self) -> str:
        return str(self.action) + "".join(_GLYPH_OF.get(n, "") for n in self.nags if n in _GLYPH_OF)


@dataclass(eq=False, slots=True)
class Line:
    """A sequence of moves: the main line or a variation, with a comment before its first move."""

    moves: list[Move] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return self.moves == other.moves and self.comments == other.comments


@dataclass(eq=False)
class Record:
    """One deal record: tags, deck, the moves, and what the referee computed.

    ``outcome`` is the main line's result (None while unfinished or after an error);
    ``errors`` lists every error found, first where the record first goes wrong.
    ``match``, ``deal``, ``counters_before`` and ``counters`` place the deal in its Bummerl.
    ``comments_after_error`` are the main line's comments that follow its first illegal
    move (they belong to no valid move).
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

    # -- equality and display ----------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return (self.tags == other.tags and self.deck == other.deck and self.dealer == other.dealer
                and self.profile == other.profile and self.main == other.main
                and [(e.rule, e.message) for e in self.errors]
                == [(e.rule, e.message) for e in other.errors])

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
# Reading
# ----------------------------------------------------------------------------------------------

_TAG_RE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_UNESCAPE_RE = re.compile(r"\\(.)")
_TOKEN_RE = re.compile(
    r"\s*(?:"
    r"(?P<comment>\{[^}]*\}?)"
    r"|(?P<semi>;[^\n]*)"
    r"|(?P<num>\d+\.(?![\d.]))"
    r"|(?P<nag>\$\d+)"
    r"|(?P<open>\()"
    r"|(?P<close>\))"
    r"|(?P<star>\*)"
    r"|(?P<glyph>!!|\?\?|!\?|\?!|!|\?)"
    r"|(?P<word>[^\s{}();$*!?]+)(?P<suffix>!!|\?\?|!\?|\?!|!|\?)?"
    r"|(?P<bad>\S)"
    r")"
)

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


class _MatchBook:
    """Bummerl state per Match id while a file is read."""

    def __init__(self) -> None:
        self.state: dict[str, Bummerl] = {}


def _chunks(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """Split text lines into records: (line number of the first line, the lines)."""
    buf: list[str] = []
    start = 0
    state = 0  # 0 nothing yet, 1 tag section, 2 after a blank line or movetext
    in_comment = False
    no = 0
    prev_blank = False
    for no, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if in_comment:
            if prev_blank and _TAG_RE.match(line):
                in_comment = False  # a comment never closed: the next record starts here
            else:
                buf.append(line)
                in_comment = _still_in_comment(line, True)
                prev_blank = not line.strip()
                continue
        prev_blank = False
        s = line.lstrip()
        if s.startswith("["):
            if state == 2 and buf:
                yield start, buf
                buf = []
                state = 0
            if state == 0:
                start = no
            state = 1
            buf.append(line)
            if not line.rstrip().endswith("]"):
                state = 2  # movetext on the tag line (compact form)
                if "{" in line:
                    in_comment = _still_in_comment(line[line.rfind("]") + 1:], False)
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
        if "{" in line:
            in_comment = _still_in_comment(line, False)
    if buf:
        yield start, buf


def _still_in_comment(line: str, inside: bool) -> bool:
    for ch in line:
        if inside:
            if ch == "}":
                inside = False
        elif ch == "{":
            inside = True
        elif ch == ";":
            return False
    return inside


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


def _parse_chunk(first: int, lines: list[str], index: int, book: _MatchBook,
                 profiles: tuple[Profile, ...], file: str | None,
                 fast: _FastReader | None = None) -> Record:
    rec = Record(index=index, line=first, file=file)
    errors = rec.errors
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    i = 0
    n = len(lines)
    inline_moves: str | None = None
    # -- tag section
    while i < n and inline_moves is None:
        line = lines[i]
        s = line.lstrip()
        if not s.startswith("["):
            break
        ln = first + i
        if (line.endswith('"]') and line.startswith("[") and line.count('"') == 2
                and "\\" not in line):
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
                    inline_moves = " " * pos + rest  # compact form: movetext after the tags
                    break
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
    rec.tags = tags
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
                                      f"unknown Rules profile {prof_name!r}; known: {known}"))
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
        bummerl = book.state.get(match_id)
        if bummerl is None or bummerl.is_decided:
            bummerl = Bummerl()
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
                                      f"Dealer is A or B, not {dealer_text!r}"))
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
                                      f"Deal {deal_text} disagrees: this is deal "
                                      f"{bummerl.next_deal} of match {match_id}"))
        score_text = tags.get("Score")
        if score_text is not None:
            want = f"{bummerl.counters[0]}-{bummerl.counters[1]}"
            if score_text.replace(" ", "") != want:
                errors.append(RecordError(tag_lines["Score"], 1, "Score",
                                          f"Score {score_text} disagrees: the counters "
                                          f"before this deal are {want}"))

    # -- movetext
    start = (Position.dealt(tuple(map(int, rec.deck)), rec.dealer, rec.profile)
             if ready and rec.deck else None)
    _read_movetext(rec, movetext, movetext_lines, move_first, start, fast)
    if start is None:
        rec.main_line_ok = False

    # -- result and match
    if rec.main_line_ok:
        res = tags.get("Result")
        if res is not None and " ".join(res.split()).upper() != rec.result_text:
            errors.append(RecordError(tag_lines["Result"], 1, "Result",
                                      f"Result {res} disagrees: the record gives "
                                      f"{rec.result_text}"))
    if bummerl is not None and match_id is not None:
        after = bummerl.after(rec.outcome if rec.main_line_ok else None, rec.dealer)
        book.state[match_id] = after
        rec.counters = after.counters
    if len(errors) > 1:
        errors.sort(key=lambda e: (e.line, e.col))
    return rec


_SLOW_CHARS = re.compile(r"[{};()$!?*]")


def _read_plain_movetext(rec: Record, text: str, pos: Position) -> bool:
    """Read movetext of bare actions and trick numbers quickly; False if it needs the full
    reader (any annotation, odd token or error: that one reports exact columns)."""
    moves = rec.main.moves
    prev: Action | None = None
    get = _ACTION_OF.get
    for tok in text.split():
        a = get(tok)
        if a is None:
            if tok[-1:] == "." and tok[:-1].isdigit():
                if pos.outcome is None and (
                        int(tok[:-1]) != pos.tricks[0] + pos.tricks[1] + 1 or pos.lead >= 0):
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


_CODE_OF_TOKEN: dict[str, int] = {tok: CODE_OF[a] for tok, a in _ACTION_OF.items()}
_CODE_OF_TOKEN.update((f"{n}.", CODE_NUMBER + n) for n in range(1, 41))
_FAST_AFTER = 200
"""With ``SCHNAPSEN_LAB_FAST=auto`` a reader refers plain records to the compiled referee
from this record on (``=1``: from the first; unset or ``0``: never). Off by default: on
this project's benchmarks the per-record cost of calling the kernel ate its gain
(benchmarks/psn_read.py prints both paths)."""


class _FastReader:
    """The compiled referee and the buffers one reader reuses for every record."""

    SIZE = 256

    def __init__(self) -> None:
        import numpy as np

        self.run = compiled_referee()
        self.deck = np.zeros(20, dtype=np.int64)
        self.codes = np.zeros(self.SIZE, dtype=np.int64)
        self.numbers = np.zeros(self.SIZE, dtype=np.int64)
        self.state = np.zeros(STATE_SIZE, dtype=np.int64)
        self.profiles: dict[Profile, tuple[int, int]] = {}
        self.run(self.deck, 1, 2, 0, self.codes, 0, self.numbers, self.state)  # compile now

    def read(self, rec: Record, text: str, pos: Position) -> bool:
        """As :func:`_read_plain_movetext`, the main line refereed by the compiled kernel."""
        get = _CODE_OF_TOKEN.get
        codes = [get(t, -1) for t in text.split()]
        n = len(codes)
        if n > self.SIZE or -1 in codes:
            return _read_plain_movetext(rec, text, pos)
        prof = self.profiles.get(pos.profile)
        if prof is None:
            prof = self.profiles[pos.profile] = profile_data(pos.profile)
        self.codes[:n] = codes
        self.deck[:] = pos.deck
        if self.run(self.deck, pos.dealer, prof[0], prof[1], self.codes, n, self.numbers,
                    self.state) >= 0:
            return False  # the full reader reports the exact error
        table = ACTION_OF_CODE
        acts = [table[c] for c in codes if c < CODE_NUMBER]
        nums = self.numbers[:len(acts)].tolist()
        rec.main.moves.extend([Move(a, [], [], [], k or None)  # type: ignore[arg-type]
                               for a, k in zip(acts, nums, strict=True)])
        final_position(pos, self.state.tolist())
        rec.final = pos
        rec.outcome = pos.outcome
        return True


def _fast_from() -> int | None:
    """From which record a reader uses the compiled referee (None: never)."""
    v = os.environ.get("SCHNAPSEN_LAB_FAST", "").strip().lower()
    if v == "1":
        return 1
    if v == "auto":
        return _FAST_AFTER
    return None


def _fast_reader() -> _FastReader | None:
    """A compiled referee with fresh buffers; None where numba is missing or fails."""
    try:
        return _FastReader()
    except Exception:  # any failure leaves the (reference) engine path
        return None


def _read_movetext(rec: Record, text: str, lines: list[str], first: int,
                   start: Position | None, fast: _FastReader | None = None) -> None:
    if start is not None and not _SLOW_CHARS.search(text):
        if (fast.read(rec, text, start) if fast is not None
                else _read_plain_movetext(rec, text, start)):
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
            for k, ch in enumerate(text):
                if ch == "\n":
                    line_starts.append(k + 1)
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
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
                fail(ctx, off, "PSN", f"{word!r} after '*', which ends the deal")
                starred = False
                continue
            action = _lookup_action(word)
            if action is None:
                fail(ctx, off, "PSN", f"not a PSN token: {word!r}")
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
            number = trick_number(pos, action, prev)
            ln, col = (0, 0)
            mv = Move(action, number=number, line=ln, col=col)
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
            want = pos.tricks_played + 1
            if pos.outcome is None and (int(tok[:-1]) != want or pos.lead >= 0):
                what = (f"trick {pos.tricks_played + 1} is in progress" if pos.lead >= 0
                        else f"the next trick is {want}")
                fail(ctx, m.start("num"), "PSN", f"trick number {tok} is wrong: {what}")
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


def _open_source(source: str | os.PathLike[str] | IO[str]) -> tuple[IO[str], bool, str | None]:
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return open(path, encoding="utf-8", newline=""), True, path
    return source, False, getattr(source, "name", None)


def read(source: str | os.PathLike[str] | IO[str], *, strict: bool = False,
         profiles: Iterable[Profile] = ()) -> Iterator[Record]:
    """Read records lazily from a path or an open text stream.

    Forgiving by default: each record keeps its own errors. With ``strict`` the first
    error raises :class:`PsnError`. ``profiles`` adds house profiles for the Rules tag.
    """
    stream, owned, name = _open_source(source)
    try:
        yield from _read_lines(stream, profiles=tuple(profiles), strict=strict, file=name)
    finally:
        if owned:
            stream.close()


def _read_lines(lines: Iterable[str], *, profiles: tuple[Profile, ...], strict: bool,
                file: str | None) -> Iterator[Record]:
    book = _MatchBook()
    fast_from = _fast_from()
    fast: _FastReader | None = None
    for index, (first, chunk) in enumerate(_chunks(lines), 1):
        if index == fast_from:
            fast = _fast_reader()
        rec = _parse_chunk(first, chunk, index, book, profiles, file, fast)
        if strict and rec.errors:
            raise PsnError(rec.errors[0], index, file)
        yield rec


def loads(text: str, *, strict: bool = False, profiles: Iterable[Profile] = ()) -> list[Record]:
    """Read every record of a PSN string."""
    return list(_read_lines(io.StringIO(text), profiles=tuple(profiles), strict=strict,
                            file=None))


def load(stream: IO[str], *, strict: bool = False,
         profiles: Iterable[Profile] = ()) -> list[Record]:
    """Read every record of an open text stream."""
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


def _line_words(line: Line, compact: bool, out: list[str]) -> None:
    for c in line.comments:
        _comment_words(c, compact, out)
    for mv in line.moves:
        if mv.number is not None:
            out.append(f"{mv.number}.")
        out.append(str(mv))
        out.extend(f"${n}" for n in mv.nags if n not in _GLYPH_OF)
        for c in mv.comments:
            _comment_words(c, compact, out)
        for var in mv.variations:
            inner: list[str] = []
            _line_words(var, compact, inner)
            if not inner:
                out.append("()")
                continue
            inner[0] = "(" + inner[0]
            inner[-1] = inner[-1] + ")"
            out.extend(inner)


def _comment_words(text: str, compact: bool, out: list[str]) -> None:
    if "}" in text:
        text = text.replace("}", ")")
    words = text.split()
    if not words:
        out.append("{}")
        return
    words[0] = "{" + words[0]
    words[-1] = words[-1] + "}"
    out.extend(words)


def write_movetext(rec: Record, width: int = 80) -> str:
    """The record's movetext, wrapped at ``width`` columns (0: one line)."""
    if rec.errors and not rec.main_line_ok and rec.source_movetext is not None:
        return rec.source_movetext
    if any(e.rule == "PSN" for e in rec.errors) and rec.source_movetext is not None:
        return rec.source_movetext
    words: list[str] = []
    _line_words(rec.main, width == 0, words)
    if width <= 0:
        return " ".join(words)
    lines: list[str] = []
    cur = ""
    for w in words:
        if not cur:
            cur = w
        elif len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur += " " + w
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def write_record(rec: Record, compact: bool = False) -> str:
    """One record as PSN text: canonical (ends with a newline) or compact (one line)."""
    if compact:
        mt = write_movetext(rec, 0)
        if "\n" in mt:
            mt = " ".join(mt.split("\n"))
        if not rec.main.moves and not mt.strip():
            mt = "*"
        return " ".join([*_tag_lines(rec), mt])
    return "\n".join(_tag_lines(rec)) + "\n\n" + write_movetext(rec) + "\n"


def dumps(records: Iterable[Record], *, compact: bool = False) -> str:
    """Records as PSN text; canonical records are separated by a blank line."""
    if compact:
        return "".join(write_record(r, True) + "\n" for r in records)
    return "\n".join(write_record(r) for r in records)


def dump(records: Iterable[Record], stream: IO[str], *, compact: bool = False) -> None:
    """Write records to an open text stream."""
    first = True
    for r in records:
        if compact:
            stream.write(write_record(r, True) + "\n")
        else:
            if not first:
                stream.write("\n")
            stream.write(write_record(r))
        first = False


_unused = (CLAIM, Iterator)
