"""Replay of one deal: its positions, what each player knows, and counting aids (REPLAY.md).

A :class:`Replay` holds every position of a record's main line: step 0 is the deal
as dealt, step *i* the position after the *i*-th action. It has a cursor
(:meth:`Replay.go`, :meth:`~Replay.forward`, :meth:`~Replay.back`, ...) so that a
widget or a notebook can step through the deal cheaply: the positions are built once.

It takes a record of any registered game (two-player Schnapsen, four-player
Bauernschnapsen): the positions, who acted, the tricks (:class:`Trick`, with all their
cards) and the marriages (:class:`Marriage`) come from the game protocol
(:mod:`schnapsen_lab.games.protocol`); what a seat may know and how it counts come from the
game's :class:`ReplayKit` (found in a registry by the game's key, never by testing
its name). For every step and every viewer it gives:

- :meth:`Replay.knowledge`: the seat's knowledge (two players: RULES.md K2,
  :class:`schnapsen_lab.games.twohand.knowledge.View`; four players: BAUERN.md BW1-BW2,
  :class:`schnapsen_lab.games.bauern.knowledge.View`);
- :meth:`Replay.counting`: counting aids built on it;
- :meth:`Replay.inferences`: what play showed beyond the facts (:class:`Inference`),
  kept apart from the facts;
- :meth:`Replay.tricks` and :meth:`Replay.visible_tricks`: the won tricks, and which of
  them the viewer may look through (K1, BW1);
- :meth:`Replay.row`: the ``replay --json`` object of a step (REPLAY.md for two players,
  docs/bauern.md for four).

Viewers are seats (``Seat.A``/``Seat.B``, or N, E, S, W) or ``None`` for the open
table (everything shown).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Protocol

from . import _moved
from .cards import CARD_POINTS, CARDS, Card, Suit, cards_in
from .games import Game
from .notation import psn_cards
from .psn import GLYPHS, Move, Record

if TYPE_CHECKING:
    from .games.twohand.rules import Seat

__all__ = [
    "Counting",
    "CountingFacts",
    "Inference",
    "Marriage",
    "Replay",
    "ReplayKit",
    "Trick",
    "TrickShown",
    "kit_for",
    "match_groups",
    "replay_rows",
    "sorted_names",
]




def sorted_names(mask: int) -> list[str]:
    """The cards of a mask by their PSN names, sorted (``replay --json`` card sets)."""
    return sorted(str(c) for c in cards_in(mask))



@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: its number (from 1), who led, its cards in play order (two or
    four), who won it, the step that completed it and the marriage points announced
    with its lead. Seats are the game's seat enum."""

    number: int
    leader: IntEnum
    cards: tuple[Card, ...]
    winner: IntEnum
    step: int
    marriage: int = 0

    @property
    def points(self) -> int:
        """Card points in the trick."""
        return sum(CARD_POINTS[c] for c in self.cards)

    @property
    def lead(self) -> Card:
        """The card led."""
        return self.cards[0]

    @property
    def follow(self) -> Card:
        """The second card (two players: the follower's)."""
        return self.cards[1]

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats (as ints) that played the cards, in play order."""
        n = len(self.cards)
        return tuple((int(self.leader) + i) % n for i in range(n))

    def card_of(self, seat: IntEnum | int) -> Card:
        """The card ``seat`` played to the trick."""
        n = len(self.cards)
        return self.cards[(int(seat) - int(self.leader)) % n]

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"{self.number}. {cards} -> {self.winner} ({self.points})"


@dataclass(frozen=True, slots=True)
class TrickShown:
    """A won trick as a viewer may see it: face up or face down (K1, BW1)."""

    trick: Trick
    face_up: bool


@dataclass(frozen=True, slots=True)
class Marriage:
    """A marriage announced at ``step``: who, which suit, 20 or 40, and the step from which
    it counts (None while it never does: M2, BM2; a defender's in a contract never)."""

    seat: IntEnum
    suit: Suit
    points: int
    step: int
    effective_step: int | None

    def effective_at(self, step: int) -> bool:
        """Whether the marriage counts (M2, BM2) at ``step``."""
        return self.effective_step is not None and self.effective_step <= step


@dataclass(frozen=True, slots=True)
class Inference:
    """What play showed about a player's hand beyond the facts.

    Two players: in the closed or exhausted phase (F2) a follower must follow suit and
    beat, else trump. Failing to follow shows a ``void`` in the led suit (and in trumps,
    when the follower did not trump either); following lower shows ``no_higher``: no
    card of the suit above the lead (not where the profile has no duty to beat,
    ``bauern2``). Four players (BP2): failing to follow shows a
    ``void`` in the led suit, and in trumps when the player did not trump either.
    ``excluded`` is the mask of cards the player cannot hold from then on; ``text`` says
    it in English with the cards as printed (``replay --json`` keeps PSN's card names).
    """

    seat: IntEnum
    step: int
    kind: str
    suit: Suit
    excluded: int
    text: str

    @property
    def excluded_cards(self) -> list[Card]:
        """The cards the player cannot hold."""
        return cards_in(self.excluded)


class CountingFacts:
    """What every game's counting panel holds alike: the viewer and the cards it cannot
    place, by suit (mixed into each game's frozen ``Counting``)."""

    __slots__ = ()

    viewer: Any
    unknown_by_suit: Mapping[Suit, tuple[Card, ...]]

    @property
    def unknown_count(self) -> int:
        """How many cards the viewer cannot place."""
        return sum(len(v) for v in self.unknown_by_suit.values())

    def unknown_dict(self) -> dict[str, Any]:
        """The viewer and its unknown cards by suit as plain data (card names sorted)."""
        return {"viewer": str(self.viewer),
                "unknown_by_suit": {str(s): [str(c) for c in cs]
                                    for s, cs in self.unknown_by_suit.items()}}


@dataclass(frozen=True, slots=True)
class Counting(CountingFacts):
    """Two-player counting aids for a viewer at one step, built on the K2 sets (REPLAY.md).

    Facts: the cards unknown to the viewer grouped by suit, the cards known in the
    opponent's hand, trumps and card points still out, both scores and pending
    marriages. Inferences from play are separate (``inferences``); ``inferred_talon``
    are unknown cards the inferences place in the (closed) talon.
    """

    viewer: Seat
    step: int
    unknown_by_suit: Mapping[Suit, tuple[Card, ...]]
    opponent_known: tuple[Card, ...]
    trumps_out: tuple[Card, ...]
    points_out: int
    scores: tuple[int, int]
    pending: tuple[int, int]
    tricks: tuple[int, int]
    talon: int
    inferences: tuple[Inference, ...]
    inferred_talon: tuple[Card, ...]
    counters: tuple[int, ...] | None

    @property
    def opponent(self) -> Seat:
        """The viewer's opponent."""
        return self.viewer.other

    @property
    def my_score(self) -> int:
        """The viewer's score."""
        return self.scores[self.viewer]

    @property
    def opponent_score(self) -> int:
        """The opponent's score, as the viewer should have counted it."""
        return self.scores[self.opponent]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (card names sorted) for JSON."""
        return {
            **self.unknown_dict(),
            "opponent_known": [str(c) for c in self.opponent_known],
            "trumps_out": [str(c) for c in self.trumps_out],
            "points_out": self.points_out,
            "inferences": [{"seat": str(i.seat), "step": i.step, "kind": i.kind,
                            "suit": str(i.suit), "excluded": sorted_names(i.excluded),
                            "text": psn_cards(i.text)} for i in self.inferences],
            "inferred_talon": [str(c) for c in self.inferred_talon],
        }


# -- the games' replay kits ----------------------------------------------------------------------

class ReplayKit(Protocol):
    """What a game adds to a replay: what a seat knows and counts, the rows of
    ``replay --json``, and the readable text (one kit per game, its declared part ``kit``)."""

    def view(self, pos: Any, seat: int) -> Any:
        """What ``seat`` may know at ``pos`` (the game's ``View``)."""
        ...

    def row(self, rp: Replay, step: int) -> dict[str, Any]:
        """The ``replay --json`` object of ``step`` (the open table)."""
        ...

    def viewer_row(self, rp: Replay, step: int, viewer: int) -> dict[str, Any]:
        """The row of ``step`` as ``viewer`` may see it, with its counting."""
        ...

    def counting(self, rp: Replay, step: int, viewer: int) -> Any:
        """Counting aids for ``viewer`` at ``step``."""
        ...

    def inferences(self, rp: Replay, step: int, viewer: int | None) -> list[Inference]:
        """What play up to ``step`` showed about the seats ``viewer`` cannot see (all
        seats for None)."""
        ...

    def visible_tricks(self, rp: Replay, step: int, viewer: int | None) -> list[TrickShown]:
        """The won tricks at ``step``, face up or down as ``viewer`` may look."""
        ...

    def hidden_hands(self, rp: Replay, step: int, viewer: int | None) -> tuple[int, ...]:
        """The seats whose hands are face down in ``viewer``'s view."""
        ...

    def text(self, rp: Replay, viewer: int | None) -> str:
        """The deal as readable text, one line a step (``schnapsen-lab replay``)."""
        ...

    def html(self, rp: Replay, step: int) -> str | None:
        """The table and tallies at ``step`` as HTML for a notebook (None: none yet)."""
        ...


def kit_for(game: Game[Any, Any, Any]) -> ReplayKit:
    """The replay kit of ``game`` (its declared part ``kit``); raise KeyError when it has
    none."""
    kit: ReplayKit = game.part("kit")
    return kit


# -- the replay ----------------------------------------------------------------------------------

class Replay:
    """The positions of one deal's main line, with a cursor and per-viewer knowledge.

    ``Replay(record)`` replays the main line up to its end (or its first error, see
    :attr:`error`) with the record's game (:meth:`~schnapsen_lab.games.protocol.Game.replay`, the
    one "check, then apply" loop). Step ``i`` is the position after the ``i``-th action.
    ``comments_after_error`` are the comments that follow the error: they belong to
    the last step, where the record stops being valid, not to its last move.
    """

    __slots__ = ("_marriages", "_trick_steps", "_tricks", "_views", "actors",
                 "comments_after_error", "error", "game", "kit", "moves", "positions",
                 "record", "step")

    def __init__(self, record: Record) -> None:
        self.record = record
        self.game: Game[Any, Any, Any] = record.game
        self.kit: ReplayKit = kit_for(self.game)
        self.error = record.errors[0] if record.errors and not record.main_line_ok else None
        game = self.game
        moves = list(record.main.moves)
        after_error = list(record.comments_after_error) if self.error is not None else []
        done = game.replay(record.start(), [m.action for m in moves])
        if done.index is not None:  # a record built by hand may hold a bad action
            i = done.index
            after_error = [c for m in moves[i:] for c in m.comments] + after_error
            moves = moves[:i]
        positions = list(done.positions)
        actors: list[IntEnum | None] = [None]
        tricks: list[Trick] = []
        marriages: list[Marriage] = []
        lead_marriage = 0
        for i, mv in enumerate(moves, 1):
            before, after = positions[i - 1], positions[i]
            a = mv.action
            who = game.actor(before, a)
            actors.append(game.seat(game.seats.index(who)) if who is not None else None)
            m = game.marriage(a)
            done_trick = game.completed_trick(before, after)
            if m is not None:
                card, points = m
                lead_marriage = points
                seat = int(before.to_move)
                marriages.append(Marriage(game.seat(seat), CARDS[card].suit, points, i,
                                          i if game.marriage_counts(after, seat) else None))
            elif done_trick is not None:
                cards, leader, winner = done_trick
                tricks.append(Trick(len(tricks) + 1, game.seat(leader),
                                    tuple(CARDS[c] for c in cards), game.seat(winner), i,
                                    lead_marriage))
                lead_marriage = 0
                marriages = [x if x.effective_step is not None
                             or not game.marriage_counts(after, int(x.seat))
                             else Marriage(x.seat, x.suit, x.points, x.step, i)
                             for x in marriages]
        self.positions: list[Any] = positions
        self.actors: list[IntEnum | None] = actors
        self.moves: list[Move] = moves
        self.comments_after_error: list[str] = after_error
        self._tricks = tricks
        self._trick_steps = [t.step for t in tricks]
        self._marriages = marriages
        self._views: dict[tuple[int, int], Any] = {}
        self.step = 0

    # -- size and cursor ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.positions)

    def __getitem__(self, step: int) -> Any:
        return self.positions[step]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.positions)

    @property
    def last(self) -> int:
        """The last step number."""
        return len(self.positions) - 1

    @property
    def position(self) -> Any:
        """The position at the cursor."""
        return self.positions[self.step]

    def go(self, step: int) -> Any:
        """Move the cursor to ``step`` (clamped to 0..last); return that position."""
        self.step = max(0, min(self.last, int(step)))
        return self.positions[self.step]

    def forward(self) -> Any:
        """One step forward (stays at the end)."""
        return self.go(self.step + 1)

    def back(self) -> Any:
        """One step back (stays at the start)."""
        return self.go(self.step - 1)

    def first(self) -> Any:
        """To step 0, the deal as dealt."""
        return self.go(0)

    def end(self) -> Any:
        """To the last step."""
        return self.go(self.last)

    # -- the table ---------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """The seats' letters in seat order (``A B``, ``N E S W``)."""
        return self.game.seats

    @property
    def seat_values(self) -> tuple[IntEnum, ...]:
        """The seats as the game's seat enum, in seat order (the viewers)."""
        return self.game.seat_values

    @property
    def player_names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return self.record.player_names

    def side_names(self, step: int) -> tuple[str, ...]:
        """The names of the deal's sides at ``step`` (``A B``, ``NS EW``; with a called
        partner forehand's side and the others once the card is called)."""
        return self.game.side_names(self.positions[step])

    # -- what happened -----------------------------------------------------------------------
    def action(self, step: int) -> Any:
        """The action that led to ``step`` (None for step 0)."""
        return self.moves[step - 1].action if step > 0 else None

    def move(self, step: int) -> Move | None:
        """The move (with its comments and glyphs) that led to ``step``."""
        return self.moves[step - 1] if step > 0 else None

    def actor(self, step: int) -> Any:
        """Who did the action that led to ``step`` (the claimant's seat for ``66``)."""
        return self.actors[step]

    def comments(self, step: int) -> list[str]:
        """Comments belonging to ``step``: the deal's comments at 0, else the move's."""
        if step == 0:
            return list(self.record.main.comments)
        return list(self.moves[step - 1].comments)

    def nags(self, step: int) -> list[int]:
        """Numeric annotation glyphs of the move that led to ``step``."""
        return list(self.moves[step - 1].nags) if step > 0 else []

    def outcome(self, step: int) -> Any:
        """The deal's result, only on the last step of a finished deal."""
        if step != self.last:
            return None
        return self.positions[step].outcome

    @property
    def is_finished(self) -> bool:
        """Whether the main line reaches the end of the deal."""
        return self.positions[-1].outcome is not None

    def tricks(self, step: int) -> list[Trick]:
        """The tricks completed at ``step``, in order."""
        return self._tricks[: bisect.bisect_right(self._trick_steps, step)]

    @property
    def all_tricks(self) -> list[Trick]:
        """Every trick of the main line."""
        return list(self._tricks)

    def marriages(self, step: int) -> list[Marriage]:
        """Marriages announced up to ``step``."""
        return [m for m in self._marriages if m.step <= step]

    def counters(self, step: int) -> tuple[int, ...] | None:
        """The match counters at ``step`` (keyed as ``record.match_rules.keys``): before
        the deal, after it on its last step. None for a deal outside a match."""
        rec = self.record
        if rec.match is None:
            return None
        if step == self.last and self.is_finished and rec.counters is not None:
            return rec.counters
        return rec.counters_before

    # -- what a player may know and see -------------------------------------------------------
    def knowledge(self, step: int, viewer: IntEnum | int) -> Any:
        """What ``viewer`` may know at ``step`` (the game's ``View``)."""
        key = (step, int(viewer))
        v = self._views.get(key)
        if v is None:
            v = self.kit.view(self.positions[step], int(viewer))
            self._views[key] = v
        return v

    def inferences(self, step: int, viewer: IntEnum | int | None = None) -> list[Inference]:
        """What play up to ``step`` showed about the hands ``viewer`` cannot see (every
        seat for None), apart from the facts."""
        return self.kit.inferences(self, step, None if viewer is None else int(viewer))

    def counting(self, step: int, viewer: IntEnum | int) -> Any:
        """Counting aids for ``viewer`` at ``step`` (two players :class:`Counting`, four
        players ``games.bauern.replay.SeatCounting``)."""
        return self.kit.counting(self, step, int(viewer))

    def visible_tricks(self, step: int, viewer: IntEnum | int | None) -> list[TrickShown]:
        """The won tricks at ``step``, each face up or down as ``viewer`` may look (K1,
        BW1); everything face up at the open table and once the deal is over."""
        return self.kit.visible_tricks(self, step, None if viewer is None else int(viewer))

    def hidden_hands(self, step: int, viewer: IntEnum | int | None) -> tuple[int, ...]:
        """The seats whose hands are face down in ``viewer``'s view (none at the open
        table)."""
        return self.kit.hidden_hands(self, step, None if viewer is None else int(viewer))

    def hidden_hand(self, step: int, viewer: IntEnum | int | None) -> Any:
        """The seat whose hand is face down in ``viewer``'s two-player view (None: both
        open)."""
        hidden = self.hidden_hands(step, viewer)
        return self.seat_values[hidden[0]] if hidden else None

    # -- replay --json and text ----------------------------------------------------------------
    def row(self, step: int) -> dict[str, Any]:
        """The ``replay --json`` object of ``step``; card sets sorted by name."""
        return self.kit.row(self, step)

    def viewer_row(self, step: int, viewer: IntEnum | int) -> dict[str, Any]:
        """The row of ``step`` as ``viewer`` may see it: own hand, own knowledge, counting."""
        return self.kit.viewer_row(self, step, int(viewer))

    def rows(self) -> list[dict[str, Any]]:
        """The ``replay --json`` objects of every step."""
        return [self.row(i) for i in range(len(self.positions))]

    def text(self, viewer: IntEnum | int | None = None) -> str:
        """The deal as readable text, one line a step (``schnapsen-lab replay``)."""
        return self.kit.text(self, None if viewer is None else int(viewer))

    def __repr__(self) -> str:
        names = " vs ".join(self.record.player_names)
        return f"<Replay {names}: step {self.step} of {self.last}>"

    def _repr_html_(self) -> str | None:
        return self.kit.html(self, self.step)

    def to_html(self, lang: str | None = None) -> str:
        """This deal as one self-contained HTML page to share (:mod:`schnapsen_lab.share`),
        in ``lang`` (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; None: the language spoken)."""
        from .share import deal_html  # the page sits above the replay, as a display does

        return deal_html(self, lang=lang)


def replay_rows(record: Record) -> list[dict[str, Any]]:
    """Every step of a record as ``replay --json`` objects."""
    return Replay(record).rows()


# -- the readable text's parts every game writes alike --------------------------------------------

_GLYPH_OF = {v: k for k, v in GLYPHS.items()}


def text_title(rp: Replay, joiner: str, match: str) -> str:
    """The first words of a deal's text: the players by name (and seat, where the name is
    not the seat's letter) joined by ``joiner``, then ``match`` (``{match}``, ``{deal}``)
    for a deal of a match."""
    rec = rp.record
    title = joiner.join(n if n == s.name else f"{n} ({s.name})"
                        for n, s in zip(rec.player_names, rp.seat_values, strict=True))
    if rec.match is not None:
        title += match.format(match=rec.match, deal=rec.deal)
    return title


def text_steps(rp: Replay) -> Iterator[tuple[int, Any, Any, Any, Any, Move | None]]:
    """Every step after the deal: its number, the position before and after, the action,
    who did it and the record's move (with its comments and glyphs)."""
    for i in range(1, len(rp)):
        yield i, rp[i - 1], rp[i], rp.action(i), rp.actor(i), rp.move(i)


def glyphs(mv: Move | None) -> str:
    """A move's quality glyphs (``!?``) to write after its token."""
    return "" if mv is None else "".join(_GLYPH_OF.get(n, "") for n in mv.nags)


def note_lines(mv: Move | None) -> list[str]:
    """The lines under a step of the text: the move's comments and its other NAGs."""
    if mv is None:
        return []
    return [*(f"       {{{c}}}" for c in mv.comments),
            *(f"       ${n}" for n in mv.nags if n not in _GLYPH_OF)]


def match_groups(records: Iterable[Record]) -> list[list[Record]]:
    """Records grouped into the deals of one match (same Match tag, counters in order).

    A record without a Match tag is a group of its own; a Match id whose match was
    decided starts a new group with its next deal (deal 1 of a new match). Groups keep
    file order.
    """
    groups: list[list[Record]] = []
    open_groups: dict[str, list[Record]] = {}
    for r in records:
        if r.match is None:
            groups.append([r])
            continue
        g = open_groups.get(r.match)
        if g is None or (r.deal == 1 and g):
            g = []
            open_groups[r.match] = g
            groups.append(g)
        g.append(r)
    return groups


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        """Names that moved to a game's package, for one release
        (:data:`schnapsen_lab._moved.MOVED_NAMES`)."""
        return _moved.moved_name(__name__, name)
