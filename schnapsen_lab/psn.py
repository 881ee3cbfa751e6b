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

Records of every registered game are read and written by the same code: the reader
finds a record's game from its tags (:func:`~schnapsen_lab.games.protocol.find_game`: two-player
Schnapsen, or four-player Bauernschnapsen with ``[Variant "bauern"]``, BAUERN.md
"Records") and from then on talks only to the :class:`~schnapsen_lab.games.protocol.Game`
protocol: its profiles, seats, start, tokens, trick numbers, result, ``check --json``
values and match accounting. A file may mix the games. The values a record holds from
its game (``dealer``, ``profile``, ``outcome``, ``final``, each move's ``action``) are
that game's types.
"""

from __future__ import annotations

import bisect
import io
import os
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import IO, Any

from .cards import CARD_TOKENS, CARDS, Card, parse_card
from .games import Game, SetupError, deck_cards, find_game, game_named, game_of_profile
from .match import MatchRules, MatchState

__all__ = [
    "GLYPHS",
    "MATCH_MEMORY",
    "MAX_LINE",
    "MAX_LINE_READ",
    "MAX_RECORD",
    "TAG_ORDER",
    "InputError",
    "Line",
    "MatchBook",
    "Move",
    "PsnError",
    "Record",
    "RecordError",
    "Splitter",
    "byte_lines",
    "dump",
    "dumps",
    "line_bytes",
    "load",
    "loads",
    "parse_record",
    "read",
    "trick_number",
    "write_record",
]

TAG_ORDER = ("Event", "Site", "Date", "Round", "PlayerA", "PlayerB", "Match", "Deal",
             "Dealer", "Rules", "Deck", "Score", "Result")
"""The known tags of a two-player record in the order the canonical form writes them
(each game's order: :attr:`~schnapsen_lab.games.protocol.Game.tag_order`)."""

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


class InputError(ValueError):
    """Input the reader refuses as a whole (docs/psn.md, "Limits"): a NUL byte (binary
    data, wherever it occurs, in a file or a stream), a line longer than
    :data:`MAX_LINE_READ` bytes, or a record longer than :data:`MAX_RECORD` characters.
    The message is one line and says where; ``offset`` is the byte (from 0) or None,
    ``line`` the line or None."""

    def __init__(self, message: str, offset: int | None = None, line: int | None = None
                 ) -> None:
        super().__init__(message)
        self.offset = offset
        self.line = line


MAX_LINE = 1 << 20
"""The longest line the reader takes, in bytes of UTF-8 without its line break (1 MiB; a
compact record is ~300 bytes): a record with a longer line is refused, with an error on
it (rule ``PSN``, the line's number), and reading goes on."""

MAX_RECORD = 4 << 20
"""The longest record the reader takes, in characters (4 MiB)."""


@dataclass(eq=False, slots=True)
class Move:
    """One action of a line with its annotations.

    ``action`` is an action of the record's game (``rules.Action`` for two players,
    ``games.bauern.Action`` for four); ``nags`` are numeric annotation glyphs (1-6 are
    ``! ? !! ?? !? ?!``), ``comments`` the comments that follow it, ``variations`` the
    lines played instead of it. ``number`` is the trick number written before it, if it
    begins a trick.
    """

    action: Any
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

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and deepcopy take the move with its variations as flat data: any depth
        return _move_from_flat, (_flat_lines(Line([self])),)

    def __copy__(self) -> Move:
        return Move(self.action, self.nags, self.comments, self.variations, self.number,
                    self.line, self.col)


@dataclass(eq=False, slots=True)
class Line:
    """A sequence of moves: the main line or a variation, with a comment before its first move."""

    moves: list[Move] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return _lines_equal([(self, other)])

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and deepcopy take the line with its variations as flat data: any depth
        return _line_from_flat, (_flat_lines(self),)

    def __copy__(self) -> Line:
        return Line(self.moves, self.comments)


_FlatLine = tuple[list[str], list[tuple[Any, list[int], list[str], int | None, int, int,
                                        list[int]]]]


def _flat_lines(root: Line) -> list[_FlatLine]:
    """A line and its variations, nested to any depth, as a flat list (the line first):
    each line its comments and moves, each move its fields with the indexes of its
    variations in the list instead of the variations."""
    lines = [root]
    out: list[_FlatLine] = []
    for line in lines:  # grows as variations are found
        moves = []
        for mv in line.moves:
            kids = list(range(len(lines), len(lines) + len(mv.variations)))
            lines.extend(mv.variations)
            moves.append((mv.action, mv.nags, mv.comments, mv.number, mv.line, mv.col, kids))
        out.append((line.comments, moves))
    return out


def _line_from_flat(flat: list[_FlatLine]) -> Line:
    """The line :func:`_flat_lines` flattened."""
    lines = [Line() for _ in flat]
    for line, (comments, moves) in zip(lines, flat, strict=True):
        line.comments = comments
        line.moves = [Move(a, nags, notes, [lines[k] for k in kids], number, ln, col)
                      for a, nags, notes, number, ln, col, kids in moves]
    return lines[0]


def _move_from_flat(flat: list[_FlatLine]) -> Move:
    """The move :meth:`Move.__reduce__` flattened."""
    return _line_from_flat(flat).moves[0]


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

    ``game`` is the record's game (:mod:`schnapsen_lab.games.protocol`; two-player Schnapsen by
    default), and ``dealer`` (its seat enum), ``profile``, ``outcome`` and ``final`` (the
    position where the main line ends) are that game's values.
    ``outcome`` is the main line's result (None while unfinished or after an error);
    ``errors`` lists every error found, first where the record first goes wrong.
    ``match``, ``deal``, ``counters_before`` and ``counters`` place the deal in its match
    (a Bummerl for two players), the counters in the order of the game's
    :class:`~schnapsen_lab.match.MatchRules` keys (``A B``, ``NS EW``, ``N E S W``).
    ``comments_after_error`` are the main line's comments that follow its first illegal
    move (they belong to no valid move).
    ``source`` is the record's text as read (its lines, without the blank lines after it
    and the line break that ends its last line, which is ``source_end``: LF, CR LF or
    CR): a record with an error is written back as that text and that line break, byte
    for byte.
    """

    tags: dict[str, str] = field(default_factory=dict)
    deck: tuple[Card, ...] | None = None
    dealer: IntEnum = field(default_factory=lambda: _default_dealer())
    profile: Any = field(default_factory=lambda: find_game({}).default_profile)
    main: Line = field(default_factory=Line)
    errors: list[RecordError] = field(default_factory=list)
    outcome: Any = None
    final: Any = None
    main_line_ok: bool = True
    match: str | None = None
    deal: int | None = None
    counters_before: tuple[int, ...] | None = None
    counters: tuple[int, ...] | None = None
    match_after: MatchState | None = None
    index: int = 1
    line: int = 1
    file: str | None = None
    source_movetext: str | None = None
    comments_after_error: list[str] = field(default_factory=list)
    source: str | None = None
    source_end: str = "\n"
    game: Game[Any, Any, Any] = field(default_factory=lambda: find_game({}))
    start_error: RecordError | None = None
    """The reader's error for a tag that keeps the deal from starting (a bad four-player
    ``Cut``): :meth:`start` raises it, and what shows records shows it instead."""

    # -- equality and display ----------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return (self.game is other.game
                and self._tags_compared() == other._tags_compared() and self.deck == other.deck
                and self.dealer == other.dealer
                and self.profile == other.profile and self.main == other.main
                and [(e.rule, e.message) for e in self.errors]
                == [(e.rule, e.message) for e in other.errors])

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and deepcopy name the game by its key, so that the copy has the same game
        state = dict(self.__dict__)
        state["game"] = self.game.key
        return _record_from_state, (state,)

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
        names = " vs ".join(self.player_names)
        res = self.result_text
        return f"<Record {self.index}: {names}, {len(self.main.moves)} actions, {res}>"

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
    def actions(self) -> list[Any]:
        """The main line's actions."""
        return [m.action for m in self.main.moves]

    @property
    def comment(self) -> list[str]:
        """Comments on the deal, before its first move."""
        return self.main.comments

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats' letters in seat order (``A B``, ``N E S W``)."""
        return self.game.seats

    @property
    def player_names(self) -> tuple[str, ...]:
        """The players' names by seat (tags PlayerA and PlayerB, or North ... West;
        default the seat letter)."""
        return self.game.player_names(self.tags)

    @property
    def end(self) -> Any:
        """How the main line ended (the game's ``End``); ``UNFINISHED`` when it just stops;
        None after an error."""
        if not self.main_line_ok:
            return None
        return self.outcome.end if self.outcome is not None else self.game.unfinished

    @property
    def result_text(self) -> str:
        """The Result tag this record should carry: ``A 2``, ``NS 12`` or ``*``."""
        return self.game.result_text(self.outcome)

    @property
    def match_rules(self) -> MatchRules:
        """How the record's match is kept (the game's, for the record's profile)."""
        return self.game.match_rules(self.profile)

    @property
    def match_winners(self) -> tuple[str, ...]:
        """The counters (``A``, ``NS``, ``N`` ...) that reached the match's target with
        this deal or before it; empty outside a match or while it is undecided."""
        if self.counters is None:
            return ()
        return MatchState(self.match_rules, self.counters, 0).winners

    @property
    def can_replay(self) -> bool:
        """Whether the deal can start: a valid deck and no tag that keeps it from starting
        (:attr:`start_error`); what shows a record shows its first error otherwise."""
        return self.deck is not None and self.start_error is None

    def start(self) -> Any:
        """The position as dealt (the game's position); raise ValueError if the deck is
        missing or broken or a tag keeps the deal from starting (the error read)."""
        if self.deck is None:
            raise ValueError("the record has no valid Deck")
        if self.start_error is not None:
            raise ValueError(f"the deal cannot start: {self.start_error}")
        cards = tuple(int(c) for c in self.deck)
        pack = self.game.pack_of(self.profile)
        if pack.check_deck(cards) is not None:
            raise ValueError(f"the record's deck is not the {pack.size} cards once each")
        return self.game.deal(cards, self.tags, self.profile, int(self.dealer))

    def positions(self) -> list[Any]:
        """The main line's positions: as dealt, then after each action (up to any error)."""
        pos = self.start()
        out = [pos]
        for m in self.main.moves:
            pos = pos.play(m.action)
            out.append(pos)
        return out

    # -- building from code -------------------------------------------------------------------
    @classmethod
    def from_actions(cls, deck: Sequence[Card | int | str], actions: Iterable[Any] = (),
                     *, dealer: int | None = None, profile: Any = None,
                     tags: dict[str, str] | None = None, result: bool = True,
                     trusted: bool = False, notes: Sequence[str | None] = ()) -> Record:
        """A record from a deck order and a list of actions (objects or PSN tokens) of the
        game whose profile ``profile`` is (None: the default game's default profile,
        two-player soft; e.g.
        ``games.bauern.BAUERN`` for four players); raise ValueError (the game's
        ``IllegalAction`` on a bad action).

        ``dealer`` defaults to the game's first dealer (B, or N); the tags that fix the
        start (Variant, Dealer, Cut, Rules, Deck) are set from the arguments and
        ``tags`` (four players: ``{"Cut": "knock"}`` for a knock); with ``result`` the
        Result tag is set from the computed outcome. ``trusted`` actions were refereed
        already (a deal the engine itself played) and are applied without a second check.
        Each of ``notes`` (one an action, None or empty for none) is a comment after its
        action.
        """
        if profile is None:
            profile = find_game({}).default_profile
        game = game_of_profile(profile)
        cards = tuple(parse_card(c) if isinstance(c, str) else int(c) for c in deck)
        pack = game.pack_of(profile)
        if pack.check_deck(cards) is not None:
            raise SetupError("Deck", game.deck_rule, f"a deck is {pack.size} distinct cards")
        d = game.default_dealer(profile) if dealer is None else int(dealer)
        t = dict(tags or {})
        pos = game.deal(cards, t, profile, d)
        t.update(game.start_tags(pos))
        rec = cls(tags=_ordered(t, game.tag_order), deck=tuple(CARDS[c] for c in cards),
                  dealer=game.seat(d), profile=profile, game=game)
        prev: Any = None
        for a in actions:
            act = game.parse_action(a) if isinstance(a, str) else a
            number = game.number_before(pos, act, prev)
            if trusted:
                pos.apply_unchecked(act)
            else:
                pos = pos.play(act)
            rec.main.moves.append(Move(act, number=number))
            prev = act
        for move, note in zip(rec.main.moves, notes, strict=False):
            if note:
                move.comments.append(note)
        rec.final = pos
        rec.outcome = pos.outcome
        if result:
            rec.tags["Result"] = rec.result_text
            rec.tags = _ordered(rec.tags, game.tag_order)
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
    def from_dict(cls, data: dict[str, Any], profiles: Iterable[Any] = ()) -> Record:
        """A record from :meth:`to_dict`'s data (tags and movetext are read again)."""
        tags = "\n".join(f'[{k} "{_escape(str(v))}"]' for k, v in data["tags"].items())
        return parse_record(tags + "\n\n" + str(data.get("movetext", "")), profiles=profiles)

    def check_dict(self) -> dict[str, Any]:
        """The record as ``schnapsen-lab check --json`` reports it (PSN.md; BAUERN.md
        "Records" adds ``contract``, ``declarer`` and ``spritze`` for four players)."""
        d: dict[str, Any] = {
            "file": self.file,
            "index": self.index,
            "line": self.line,
            "ok": self.ok,
        }
        d.update(self.game.check_fields(self.final, self.main_line_ok))
        d["match"] = self.match
        d["counters"] = (self.match_rules.counters_dict(self.counters)
                         if self.counters is not None else None)
        d.update(self.game.match_fields(self.match_after))
        d["errors"] = [e.to_dict() for e in self.errors]
        return d


def _record_from_state(state: dict[str, Any]) -> Record:
    """The record :meth:`Record.__reduce__` gave, its game found again by its key."""
    rec = Record.__new__(Record)
    rec.__dict__.update(state)
    rec.game = game_named(state["game"])
    return rec


def _ordered(tags: dict[str, str], order: Sequence[str] = TAG_ORDER) -> dict[str, str]:
    out = {k: tags[k] for k in order if k in tags}
    out.update((k, v) for k, v in tags.items() if k not in out)
    return out


def trick_number(pos: Any, action: Any, prev: Any | None) -> int | None:
    """The trick number the canonical form writes before ``action`` played at ``pos``
    (``prev`` is the action before it in its line), or None inside a trick: the position's
    game's :meth:`~schnapsen_lab.games.protocol.Game.number_before`."""
    number: int | None = game_of_profile(pos.profile).number_before(pos, action, prev)
    return number


def _default_dealer() -> IntEnum:
    """The dealer of a lone record of the default game without a Dealer tag."""
    game = find_game({})
    return game.seat(game.default_dealer(game.default_profile))


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


_LONG_CHARS = MAX_LINE // 4
"""A line of at most this many characters is within :data:`MAX_LINE` bytes (UTF-8 takes
at most four bytes a character)."""


def line_bytes(line: str) -> int:
    """A line's length in bytes of UTF-8, without its line break: what :data:`MAX_LINE`
    limits."""
    return len(line.rstrip("\r\n").encode("utf-8", "surrogatepass"))


def _chunks(lines: Iterable[str]) -> Iterator[tuple[int, list[str], list[tuple[int, int]]]]:
    """Split text lines into records: (line number of the first line, its lines as read,
    byte order marks included, and its lines longer than :data:`MAX_LINE` bytes as
    (line number, bytes))."""
    split = Splitter()
    buf: list[str] = []
    long: list[tuple[int, int]] = []
    start = 0
    size = 0
    for no, raw in enumerate(lines, 1):
        line = without_bom(raw) if raw[:1] == "\ufeff" else raw
        if split.starts_record(line):
            if buf:
                yield start, buf, long
                long = []
            buf = [raw]
            start = no
            size = len(raw)
        elif buf:
            buf.append(raw)
            size += len(raw)
            if size > MAX_RECORD:
                raise InputError(f"line {start}: a record longer than {MAX_RECORD >> 20} Mi "
                                 "characters (a blank line or a tag line begins the next)",
                                 line=start)
        else:
            continue
        if len(raw) > _LONG_CHARS:
            n = line_bytes(raw)
            if n > MAX_LINE:
                long.append((no, n))
    if buf:
        yield start, buf, long


def without_bom(line: str) -> str:
    """A line without the byte order marks (U+FEFF) at its start: a file saved with a BOM
    has one at its first line, files so saved and joined at the first line of each."""
    return line.lstrip("\ufeff")


def split_line_ends(line: str) -> list[str]:
    """A text line cut at each CR, LF or CR LF (each piece keeps its end): CR alone and CR LF
    end a line as LF does."""
    if "\r" not in line:
        return [line]
    return _LINE_END_RE.findall(line)


_LINE_END_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def _record_text(raw: list[str]) -> tuple[str, str]:
    """A record's text: its lines as read, without the blank lines after it and the line
    break (``\n``, ``\r\n``, ``\r``) that ends its last line; and that line break
    (``\n`` where the text ends without one)."""
    end = len(raw)
    while end > 1 and not without_bom(raw[end - 1]).strip():
        end -= 1
    text = "".join(raw[:end] if end < len(raw) else raw)
    body = text.rstrip("\r\n")
    return body, text[len(body):] or "\n"


# ----------------------------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------------------------

_TOKEN_RE = re.compile(
    r"\s*(?:"
    r"(?P<comment>\{[^}]*\}?)"
    r"|(?P<semi>;[^\n]*)"
    r"|(?P<num>[0-9]+\.(?![0-9.])|[0-9]+\.(?=10|9[^\s.0-9]))"  # may touch a card: 3.10S
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


def _lookup_action(game: Game[Any, Any, Any], word: str) -> Any:
    """The game's action a token stands for, or None when it is not one of its tokens."""
    a = game.tokens.get(word)
    if a is not None:
        return a
    try:
        return game.parse_action(word)
    except ValueError:
        return None


MATCH_MEMORY = 1024
"""How many undecided matches (Match ids) a reader keeps accounting for at once."""


class MatchBook:
    """Match state per Match id while a file is read: the undecided matches, at most
    :data:`MATCH_MEMORY`, the least recently seen dropped first (docs/psn.md), and the
    match the last record was counted in (a record that lost its Match tag may continue
    it).

    A book with a ``log`` notes every question the reader asked it, with the answer, and
    every change: :meth:`replay` tells whether another book would have answered alike
    (the parallel statistics read a part of a file with an empty book, then check it
    against the book of everything before, :mod:`schnapsen_lab.stats.parallel`).
    """

    __slots__ = ("last", "limit", "log", "state")

    def __init__(self, limit: int = MATCH_MEMORY, log: list[tuple[Any, ...]] | None = None
                 ) -> None:
        self.state: OrderedDict[str, MatchState] = OrderedDict()
        self.limit = limit
        self.last: str | None = None
        self.log = log

    def copy(self) -> MatchBook:
        """The same book, apart (without a log)."""
        other = MatchBook(self.limit)
        other.state = self.state.copy()
        other.last = self.last
        return other

    def get(self, match_id: str, rules: MatchRules) -> MatchState:
        """The match this Match id continues, or a new one (none kept, or one kept by
        other rules: a deal of another game or count)."""
        st = self.state.get(match_id)
        if st is None or st.rules != rules:
            st = rules.new()
        if self.log is not None:
            self.log.append((_GET, match_id, rules, st))
        return st

    def last_match(self) -> str | None:
        """The Match id the last record was counted in, or None (it stood alone)."""
        if self.log is not None:
            self.log.append((_LAST, self.last))
        return self.last

    def counted(self, match_id: str | None) -> None:
        """Note the match the record just read was counted in (None: it stood alone)."""
        self.last = match_id
        if self.log is not None:
            self.log.append((_COUNTED, match_id))

    def put(self, match_id: str, state: MatchState) -> None:
        """Keep the match after a deal; a decided one is dropped (B1, BX1: a new one
        follows)."""
        if self.log is not None:
            self.log.append((_PUT, match_id, state))
        book = self.state
        if state.is_decided:
            book.pop(match_id, None)
            return
        book[match_id] = state
        book.move_to_end(match_id)
        if len(book) > self.limit:
            book.popitem(last=False)

    def replay(self, log: Iterable[tuple[Any, ...]]) -> bool:
        """Make the changes of another book's ``log`` here; False at the first question
        this book answers otherwise (the book is then left part way)."""
        for entry in log:
            op = entry[0]
            if op == _GET:
                st = self.state.get(entry[1])
                if st is None or st.rules != entry[2]:
                    st = entry[2].new()
                if st != entry[3]:
                    return False
            elif op == _LAST:
                if self.last != entry[1]:
                    return False
            elif op == _COUNTED:
                self.last = entry[1]
            else:
                self.put(entry[1], entry[2])
        return True


_MatchBook = MatchBook
_GET, _LAST, _COUNTED, _PUT = range(4)


class _Ctx:
    """A line being read: its position, start, actions so far and whether it still checks."""

    __slots__ = ("actions", "alive", "line", "pos", "prev_before", "start")

    def __init__(self, start: Any, line: Line, prev_before: Any) -> None:
        self.start = start
        self.pos = start.copy() if start is not None else None
        self.actions: list[Any] = []
        self.line = line
        self.alive = start is not None
        self.prev_before = prev_before


def _replay(start: Any, actions: Sequence[Any]) -> Any:
    """The position after actions already checked (a variation's start)."""
    p = start.copy()
    for a in actions:
        p.apply_unchecked(a)
    return p


def parse_record(text: str, *, profiles: Iterable[Any] = (), strict: bool = False,
                 index: int = 1, file: str | None = None) -> Record:
    """Read the first record of a PSN string."""
    for rec in _read_lines(_text_lines(io.StringIO(text)), profiles=tuple(profiles),
                           strict=strict, file=file):
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


def _parse_chunk(first: int, raw: list[str], index: int, book: MatchBook,
                 profiles: tuple[Any, ...], file: str | None,
                 long: Sequence[tuple[int, int]] = ()) -> Record:
    """One record from its lines: tags, game and profile, deck, match, movetext, result.
    A record with a line longer than :data:`MAX_LINE` bytes (``long``) is refused: its
    tags are read and it counts in its match as a deal without a result, its movetext is
    not read."""
    source, end = _record_text(raw)
    rec = Record(index=index, line=first, file=file, source=source, source_end=end)
    for ln, size in long:  # first among the errors of its line
        rec.errors.append(RecordError(
            ln, 1, "PSN", f"a line of {size:,} bytes, longer than {MAX_LINE >> 20} MiB "
            f"({MAX_LINE:,} bytes): the record is not read"))
    text = source
    if "\ufeff" in text:  # byte order marks at the start of lines are not read
        text = _BOM_AT_LINE_START.sub("", text)
    lines = _LINE_BREAK_RE.split(text) if "\r" in text else text.split("\n")
    tag_lines: dict[str, int] = {}
    i, inline_moves = _tag_section(rec, lines, first, tag_lines)
    if inline_moves is not None:
        move_first = first + i - 1
        movetext_lines = [inline_moves, *lines[i:]]
    else:
        move_first = first + i
        movetext_lines = lines[i:]
    movetext = "\n".join(movetext_lines)
    rec.source_movetext = movetext.strip("\n")

    ready = _game_and_profile(rec, tag_lines, profiles)
    deck = _deck(rec, tag_lines)
    state, counted = _match_before(rec, book, tag_lines) if ready else (None, None)
    start = _start(rec, deck, tag_lines) if ready and deck is not None else None
    if long:
        start = None
    else:
        _read_movetext(rec, movetext, movetext_lines, move_first, start)
    if start is None:
        rec.main_line_ok = False
    _check_result(rec, tag_lines)
    if state is not None and counted is not None:
        after = rec.game.after_deal(state, rec.final if rec.main_line_ok else None,
                                    rec.profile, int(rec.dealer))
        book.put(counted, after)
        if rec.match is not None:
            rec.counters = after.counters
            rec.match_after = after
    book.counted(counted)
    if len(rec.errors) > 1:
        rec.errors.sort(key=lambda e: (e.line, e.col))
    return rec


def _game_and_profile(rec: Record, tag_lines: dict[str, int], profiles: tuple[Any, ...]
                      ) -> bool:
    """The record's game (Variant tag) and profile (Rules tag); False when either is
    unknown (the error is on the record)."""
    tags = rec.tags
    try:
        game = find_game(tags)
    except KeyError as e:
        rec.errors.append(RecordError(tag_lines["Variant"], 1, "PSN", str(e.args[0])))
        return False
    rec.game = game
    if "Rules" not in tags:
        rec.profile = game.default_profile
        return True
    extra = [p for p in profiles if game.owns_profile(p)] if profiles else ()
    try:
        rec.profile = game.profile_from_tags(tags, extra)
    except SetupError as e:
        rec.errors.append(RecordError(tag_lines["Rules"], 1, e.rule, e.message))
        rec.profile = game.default_profile
        return False
    return True


def _deck(rec: Record, tag_lines: dict[str, int]) -> tuple[int, ...] | None:
    """The Deck tag's card values (also kept on the record), None when missing or broken
    (the error is on the record)."""
    try:
        cards = deck_cards(rec.tags, rec.game.deck_rule, rec.game.pack_of(rec.profile))
    except SetupError as e:
        line = tag_lines["Deck"] if e.tag is not None else rec.line
        rec.errors.append(RecordError(line, 1, e.rule, e.message))
        return None
    rec.deck = tuple(cards)
    return tuple(map(int, cards))


def _match_before(rec: Record, book: MatchBook, tag_lines: dict[str, int]
                  ) -> tuple[MatchState | None, str | None]:
    """Place the deal in its match (Match tag) and fix its dealer; check the Dealer,
    Deal and Score tags against the match so far. The match before the deal and the
    Match id it counts in, or (None, None) for a deal that stands alone.

    A deal without a Match tag whose Deal tag (and Score and Dealer, if given) continue
    the match the deal before it was counted in lost its Match tag: it is counted in
    that match, with an error of rule ``Match`` on it, so that the match's next deals
    still agree (docs/psn.md).
    """
    tags = rec.tags
    game = rec.game
    errors = rec.errors
    match_id = tags.get("Match")
    state: MatchState | None = None
    if match_id is not None:
        state = book.get(match_id, game.match_rules(rec.profile))
        rec.match = match_id
        rec.deal = state.next_deal
        rec.counters_before = state.counters
        expected = state.dealer
    else:
        lost = _lost_match(rec, book)
        if lost is not None:
            match_id, state = lost
            expected = state.dealer
            rec.dealer = game.seat(expected)
            errors.append(RecordError(
                rec.line, 1, "Match",
                f"no Match tag, but its tags continue match {match_id}: "
                f"counted as its deal {state.next_deal} (add [Match \"{_escape(match_id)}\"])"))
            return state, match_id
        expected = game.default_dealer(rec.profile)
    rec.dealer = game.seat(expected)
    dealer_text = tags.get("Dealer")
    if dealer_text is not None:
        try:
            given = game.seat_named(dealer_text[:40])
        except ValueError as e:
            errors.append(RecordError(tag_lines["Dealer"], 1, "PSN", str(e)))
        else:
            rec.dealer = game.seat(given)
            if state is not None and state.deals > 0 and given != expected:
                errors.append(RecordError(
                    tag_lines["Dealer"], 1, "Dealer",
                    f"Dealer {game.seat_name(given)} disagrees: {game.seat_name(expected)} "
                    f"deals deal {state.next_deal} of match {match_id}"))
    if state is not None:
        deal_text = tags.get("Deal")
        if deal_text is not None and deal_text.strip() != str(state.next_deal):
            errors.append(RecordError(tag_lines["Deal"], 1, "Deal",
                                      f"Deal {deal_text[:40]} disagrees: this is deal "
                                      f"{state.next_deal} of match {match_id}"))
        score_text = tags.get("Score")
        if score_text is not None:
            want = state.score_text
            if score_text.replace(" ", "") != want:
                errors.append(RecordError(tag_lines["Score"], 1, "Score",
                                          f"Score {score_text[:40]} disagrees: the counters "
                                          f"before this deal are {want}"))
    return state, match_id


def _lost_match(rec: Record, book: MatchBook) -> tuple[str, MatchState] | None:
    """The match a deal without a Match tag continues by its Deal tag (and Score and
    Dealer, where given): the one the deal before it was counted in, from its second
    deal on; or None."""
    tags = rec.tags
    deal_text = tags.get("Deal")
    if deal_text is None:
        return None
    last = book.last_match()
    if last is None:
        return None
    game = rec.game
    state = book.get(last, game.match_rules(rec.profile))
    score_text = tags.get("Score")
    if (state.deals == 0 or deal_text.strip() != str(state.next_deal)
            or (score_text is not None
                and score_text.replace(" ", "") != state.score_text)):
        return None
    dealer_text = tags.get("Dealer")
    if dealer_text is not None:
        try:
            if game.seat_named(dealer_text[:40]) != state.dealer:
                return None
        except ValueError:
            return None
    return last, state


def _start(rec: Record, deck: tuple[int, ...], tag_lines: dict[str, int]) -> Any:
    """The position as dealt, or None when a tag keeps the deal from starting (Cut)."""
    try:
        return rec.game.deal(deck, rec.tags, rec.profile, int(rec.dealer))
    except SetupError as e:
        line = tag_lines.get(e.tag, rec.line) if e.tag is not None else rec.line
        rec.start_error = RecordError(line, 1, e.rule, e.message)
        rec.errors.append(rec.start_error)
        return None


def _check_result(rec: Record, tag_lines: dict[str, int]) -> None:
    """Compare the Result tag with the main line's outcome (when the main line is good)."""
    if not rec.main_line_ok:
        return
    res = rec.tags.get("Result")
    if res is not None and not rec.game.same_result(res, rec.outcome):
        rec.errors.append(RecordError(tag_lines["Result"], 1, "Result",
                                      f"Result {res[:40]} disagrees: the record gives "
                                      f"{rec.result_text}"))


_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_BOM_AT_LINE_START = re.compile(r"(?:\A|(?<=[\r\n]))\ufeff+")

_SLOW_CHARS = re.compile(r"[{};()$!?*]")


def _trick_number_error(game: Game[Any, Any, Any], pos: Any, digits: str) -> str | None:
    """Why trick number ``digits`` is wrong before the next action at ``pos`` (any number
    passes once the deal is over), or None."""
    return game.trick_number_error(pos, int(digits) if len(digits) <= 3 else 0)


def _read_plain_movetext(rec: Record, text: str, pos: Any) -> bool:
    """Read movetext of bare actions and trick numbers quickly; False if it needs the full
    reader (any annotation, odd token or error: that one reports exact columns)."""
    game = rec.game
    moves = rec.main.moves
    prev: Any = None
    get = game.tokens.get
    number_before = game.number_before
    number_error = game.trick_number_error
    check = pos.check
    apply = pos.apply_unchecked
    for tok in text.split():
        a = get(tok)
        if a is None:
            if tok[-1:] == ".":
                digits = tok[:-1]
                if digits.isdigit() and digits.isascii():
                    if number_error(pos, int(digits) if len(digits) <= 3 else 0) is not None:
                        return False
                    continue
            return False
        if check(a) is not None:
            return False
        moves.append(Move(a, [], [], [], number_before(pos, a, prev)))
        apply(a)
        prev = a
    rec.final = pos
    rec.outcome = pos.outcome
    return True


def _read_movetext(rec: Record, text: str, lines: list[str], first: int, start: Any) -> None:
    """Read and referee the movetext from ``start`` (None: the deal cannot start, the
    tokens are still read for their own errors)."""
    if start is not None and not _SLOW_CHARS.search(text):
        if _read_plain_movetext(rec, text, start):
            return
        rec.main = Line()
        start = rec.start()
    game = rec.game
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
            action = _lookup_action(game, word)
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
            mv = Move(action, number=game.number_before(pos, action, prev))
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
            why = _trick_number_error(game, pos, tok[:-1])
            if why is not None:
                fail(ctx, m.start("num"), "PSN", f"trick number {tok[:40]} is wrong: {why}")
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
            base: Any = None
            before: Any = None
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


def _blocks(stream: IO[bytes], block: int) -> Iterator[bytes]:
    """A byte stream's blocks of ``block`` bytes (the last one empty: the end); raise
    :class:`InputError` at a NUL byte, with its offset in the stream."""
    offset = 0
    while True:
        data = stream.read(block)
        at = data.find(b"\0")
        if at >= 0:
            raise InputError(f"a NUL byte at byte {offset + at + 1}: binary data, not PSN "
                             "text", offset + at)
        yield data
        if not data:
            return
        offset += len(data)


MAX_LINE_READ = MAX_RECORD
"""The longest line the reader holds, in bytes (4 MiB): a longer one is refused with the
input as a whole (it cannot be kept to be written back); one longer than
:data:`MAX_LINE` but not this is an error of its record."""


def _too_long(offset: int) -> InputError:
    return InputError(f"a line longer than {MAX_LINE_READ >> 20} MiB at byte {offset + 1}: "
                      "not PSN text", offset)


def _check_first_line(data: bytes, offset: int) -> None:
    """Raise :class:`InputError` when the first line of ``data`` (at byte ``offset`` of the
    stream) is longer than :data:`MAX_LINE_READ` bytes without its line break."""
    if len(data) > MAX_LINE_READ and data.find(b"\n", 0, MAX_LINE_READ + 1) < 0 and (
            data.find(b"\r", 0, MAX_LINE_READ + 1) < 0):
        raise _too_long(offset)


def byte_lines(stream: IO[bytes], block: int = 1 << 20) -> Iterator[bytes]:
    """The lines of a byte stream with their ends, a line ending at LF, CR LF or CR alone;
    raise :class:`InputError` at a NUL byte or a line longer than :data:`MAX_LINE_READ`
    bytes (read in blocks: memory stays bounded whatever the input)."""
    rest = b""
    offset = 0  # of the first byte of ``rest``
    for data in _blocks(stream, block):
        if not data:
            break
        if rest:
            data = rest + data
            _check_first_line(data, offset)
        lines = data.splitlines(True)
        last = lines[-1]
        end = last[-1:]
        rest = lines.pop() if end != b"\n" else b""  # a line may go on (CR: maybe CR LF)
        for raw in lines:
            yield raw
            offset += len(raw)
        if len(rest) > MAX_LINE_READ:
            raise _too_long(offset)
    if rest:
        yield rest


_EXOTIC_BREAKS = re.compile("[\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
"""What ``str.splitlines`` also takes for a line end, but PSN does not."""


def _utf8_lines(stream: IO[bytes], name: str | None, block: int = 1 << 16) -> Iterator[str]:
    """The lines of a byte stream decoded as UTF-8, cut as :func:`byte_lines` cuts them
    (LF, CR LF, CR; a NUL or a line longer than :data:`MAX_LINE_READ` bytes raises
    :class:`InputError`), decoded a block at a time; a byte that is not UTF-8 raises
    UnicodeDecodeError whose ``start`` is its offset in the whole stream."""
    rest = b""
    offset = 0  # of the first byte of ``rest``
    for data in _blocks(stream, block):
        if rest:
            data = rest + data
            _check_first_line(data, offset)
        if not data:
            return
        if len(data) > len(rest) or not rest:  # more to come: cut after the last line end
            cut = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
            if cut == 0:
                rest = data
                if len(rest) > MAX_LINE_READ:
                    raise _too_long(offset)
                continue
        else:  # the end of the stream
            cut = len(data)
        head, rest = data[:cut], data[cut:]
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError as e:
            where = f"{name}: " if name else ""
            raise UnicodeDecodeError("utf-8", head, offset + e.start, offset + e.end,
                                     f"{where}not UTF-8 text (byte {offset + e.start + 1})"
                                     ) from None
        offset += cut
        if _EXOTIC_BREAKS.search(text) is None:
            yield from text.splitlines(True)
        else:
            yield from _LINE_END_RE.findall(text)


def _text_lines(lines: Iterable[str]) -> Iterator[str]:
    """Lines of text as given, each cut again at CR (CR and CR LF end lines too). (Text
    has no bytes: a NUL in it is read as a character that is not PSN.)"""
    for line in lines:
        if "\r" in line:
            yield from split_line_ends(line)
        else:
            yield line


def _is_binary(stream: object) -> bool:
    return isinstance(stream, (io.RawIOBase, io.BufferedIOBase)) or (
        not isinstance(stream, io.TextIOBase) and "b" in str(getattr(stream, "mode", "")))


def read(source: str | os.PathLike[str] | IO[str] | IO[bytes], *, strict: bool = False,
         profiles: Iterable[Any] = (), book: MatchBook | None = None) -> Iterator[Record]:
    """Read records lazily from a path or an open stream (text, or bytes read as UTF-8).

    Forgiving by default: each record keeps its own errors. With ``strict`` the first
    error raises :class:`PsnError`. ``profiles`` adds house profiles for the Rules tag
    (of any game: each record's game takes its own). ``book`` is the match accounting
    to go on from (default: a new one; the parallel statistics read a part of a file
    with the book of the parts before it).
    Input that is not UTF-8 raises UnicodeDecodeError (``start``: the byte offset).
    """
    profs = tuple(profiles)
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with open(path, "rb") as f:
            yield from _read_lines(_utf8_lines(f, path), profiles=profs, strict=strict,
                                   file=path, book=book)
        return
    name = getattr(source, "name", None)
    name = name if isinstance(name, str) else None
    if _is_binary(source):
        lines: Iterable[str] = _utf8_lines(source, name)  # type: ignore[arg-type]
    else:
        lines = _text_lines(source)  # type: ignore[arg-type]
    yield from _read_lines(lines, profiles=profs, strict=strict, file=name, book=book)


def _read_lines(lines: Iterable[str], *, profiles: tuple[Any, ...], strict: bool,
                file: str | None, book: MatchBook | None = None) -> Iterator[Record]:
    book = MatchBook() if book is None else book
    for index, (first, chunk, long) in enumerate(_chunks(lines), 1):
        rec = _parse_chunk(first, chunk, index, book, profiles, file, long)
        if strict and rec.errors:
            raise PsnError(rec.errors[0], index, file)
        yield rec


def loads(text: str, *, strict: bool = False, profiles: Iterable[Any] = ()) -> list[Record]:
    """Read every record of a PSN string."""
    return list(_read_lines(_text_lines(io.StringIO(text)), profiles=tuple(profiles),
                            strict=strict, file=None))


def load(stream: IO[str] | IO[bytes], *, strict: bool = False,
         profiles: Iterable[Any] = ()) -> list[Record]:
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
        tags["Deck"] = " ".join([CARD_TOKENS[c] for c in rec.deck])
    return [f'[{k} "{_escape(v)}"]' for k, v in _ordered(tags, rec.game.tag_order).items()]


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
    if "\n" not in src and "\r" not in src:
        one = src
    else:
        one = _LINE_BREAK_RE.sub(" ", src)
        again = list(_read_lines([one], profiles=(rec.profile,), strict=False, file=None))
        alone = list(_read_lines(_text_lines(io.StringIO(src)), profiles=(rec.profile,),
                                 strict=False, file=None))
        if len(again) != 1 or again != alone:
            return None
    split = Splitter()
    split.starts_record(without_bom(one))
    return one if split.record_ends_here() else None


def write_record(rec: Record, compact: bool = False) -> str:
    """One record as PSN text: canonical (ending with a line break) or compact (one line,
    without the break). A record with an error is its text as read: in the compact form on
    one line where that cannot change it, else on its own lines followed by a blank line."""
    if _verbatim(rec):
        assert rec.source is not None
        if not compact:
            return rec.source + rec.source_end
        one = _joined(rec)
        return one if one is not None else rec.source + rec.source_end
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
    sep = ""
    for r in records:
        text = write_record(r, compact)
        if compact:
            stream.write(text + _line_end(text))
        else:
            stream.write(sep + text)
            sep = _line_end(text)


def _line_end(text: str) -> str:
    """The line break that ends ``text`` (a record written back as read may end with CR LF
    or CR), LF where it ends with none: the blank line after it is written with it, so
    that a CR and the LF after it never read as one line break."""
    if text.endswith("\r\n"):
        return "\r\n"
    return "\r" if text.endswith("\r") else "\n"
