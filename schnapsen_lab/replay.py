"""Replay of one deal: its positions, what each player knows, and counting aids (REPLAY.md).

A :class:`Replay` holds every position of a record's main line: step 0 is the deal
as dealt, step *i* the position after the *i*-th action. It has a cursor
(:meth:`Replay.go`, :meth:`~Replay.forward`, :meth:`~Replay.back`, ...) so that a
widget or a notebook can step through the deal cheaply: the positions are built once.

It takes a record of any registered game (two-player Schnapsen, four-player
Bauernschnapsen): the positions, who acted, the tricks (:class:`Trick`, with all their
cards) and the marriages (:class:`Marriage`) come from the game protocol
(:mod:`schnapsen_lab.game`); what a seat may know and how it counts come from the
game's :class:`ReplayKit` (found in a registry by the game's key, never by testing
its name). For every step and every viewer it gives:

- :meth:`Replay.knowledge`: the seat's knowledge (two players: RULES.md K2,
  :class:`schnapsen_lab.knowledge.View`; four players: BAUERN.md BW1-BW2,
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
import importlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Protocol

from .cards import CARD_POINTS, CARDS, Card, Suit, cards_in
from .counters import over, shown
from .game import Game
from .knowledge import View, view
from .psn import GLYPHS, Move, Record
from .rules import SEATS, ActionKind, Position, Seat, TrickReview

__all__ = [
    "BUILTIN_KITS",
    "Counting",
    "Inference",
    "Marriage",
    "Replay",
    "ReplayKit",
    "SchnapsenKit",
    "Trick",
    "TrickShown",
    "kit_for",
    "match_groups",
    "register_kit",
    "replay_rows",
    "sorted_names",
]

_SUIT_MASKS = tuple(0b11111 << (s * 5) for s in range(4))


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
    ``excluded`` is the mask of cards the player cannot hold from then on.
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


@dataclass(frozen=True, slots=True)
class Counting:
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

    @property
    def unknown_count(self) -> int:
        """How many cards the viewer cannot place."""
        return sum(len(v) for v in self.unknown_by_suit.values())

    def to_dict(self) -> dict[str, Any]:
        """Plain data (card names sorted) for JSON."""
        return {
            "viewer": str(self.viewer),
            "unknown_by_suit": {str(s): [str(c) for c in cs]
                                for s, cs in self.unknown_by_suit.items()},
            "opponent_known": [str(c) for c in self.opponent_known],
            "trumps_out": [str(c) for c in self.trumps_out],
            "points_out": self.points_out,
            "inferences": [{"seat": str(i.seat), "step": i.step, "kind": i.kind,
                            "suit": str(i.suit), "excluded": sorted_names(i.excluded),
                            "text": i.text} for i in self.inferences],
            "inferred_talon": [str(c) for c in self.inferred_talon],
        }


# -- the games' replay kits ----------------------------------------------------------------------

class ReplayKit(Protocol):
    """What a game adds to a replay: what a seat knows and counts, the rows of
    ``replay --json``, and the readable text (one kit per game, :func:`register_kit`)."""

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

    def page(self, rp: Replay, lang: str | None) -> str:
        """The deal as one self-contained HTML page; raise ValueError when the game has
        none."""
        ...


BUILTIN_KITS = ("schnapsen_lab.games.bauern.replay",)
"""Modules that register the replay kits of the built-in games beyond two-player
Schnapsen (whose kit is here), imported when a replay first needs one."""

_KITS: dict[str, ReplayKit] = {}


def register_kit(game_key: str, kit: ReplayKit) -> None:
    """Make ``kit`` the replay kit of the game registered under ``game_key``."""
    _KITS[game_key] = kit


def kit_for(game: Game[Any, Any, Any]) -> ReplayKit:
    """The replay kit of ``game``; raise KeyError when no kit is registered for it."""
    kit = _KITS.get(game.key)
    if kit is None:
        for module in BUILTIN_KITS:
            importlib.import_module(module)
        kit = _KITS.get(game.key)
        if kit is None:
            raise KeyError(f"no replay kit for the game {game.key!r}")
    return kit


# -- the replay ----------------------------------------------------------------------------------

class Replay:
    """The positions of one deal's main line, with a cursor and per-viewer knowledge.

    ``Replay(record)`` replays the main line up to its end (or its first error, see
    :attr:`error`) with the record's game (:meth:`~schnapsen_lab.game.Game.replay`, the
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

    def hidden_hand(self, step: int, viewer: Seat | int | None) -> Seat | None:
        """The hand shown face down in ``viewer``'s two-player view (None: both open)."""
        hidden = self.hidden_hands(step, viewer)
        return Seat(hidden[0]) if hidden else None

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
        in ``lang`` (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; None: the language spoken);
        raise ValueError for a game without one (four players, for now)."""
        return self.kit.page(self, lang)


# -- two-player Schnapsen ------------------------------------------------------------------------

class SchnapsenKit:
    """The two-player replay: K2 knowledge, counting, inferences, K1 (REPLAY.md)."""

    def view(self, pos: Position, seat: int) -> View:
        """RULES.md K2 (:func:`schnapsen_lab.knowledge.view`)."""
        return view(pos, seat)

    def inferences(self, rp: Replay, step: int, viewer: int | None) -> list[Inference]:
        """What play up to ``step`` showed about the viewer's opponent (both for None)."""
        out: list[Inference] = []
        about = None if viewer is None else Seat(viewer).other
        for t in rp.tricks(step):
            before = rp.positions[t.step - 1]
            if before.talon_open:
                continue
            fo = Seat(t.leader).other
            if about is not None and fo != about:
                continue
            ls = t.lead.suit
            trump = before.trump
            fs = t.follow.suit
            if fs != ls:
                excl = _SUIT_MASKS[ls]
                text = f"{fo} did not follow {ls.title}: void in {ls.title}"
                kind = "void"
                if fs != trump and ls != trump:
                    excl |= _SUIT_MASKS[trump]
                    text += f" and in trumps ({Suit(trump).title})"
                out.append(Inference(fo, t.step, kind, ls, excl, text))
            elif t.follow > t.lead and before.profile.must_head:
                # followed lower where F2 binds to beat: holds nothing above the lead
                higher = _SUIT_MASKS[ls] & ((1 << t.lead) - 1)
                if higher:
                    names = " ".join(str(c) for c in cards_in(higher))
                    out.append(Inference(fo, t.step, "no_higher", ls, higher,
                                         f"{fo} did not beat {t.lead}: holds none of {names}"))
        seen: set[tuple[int, str, int]] = set()
        unique: list[Inference] = []
        for inf in out:
            key = (int(inf.seat), inf.kind, inf.excluded)
            if key not in seen:
                seen.add(key)
                unique.append(inf)
        return unique

    def counting(self, rp: Replay, step: int, viewer: int) -> Counting:
        """Counting aids for ``viewer`` at ``step`` (REPLAY.md)."""
        v: View = rp.knowledge(step, viewer)
        seat = Seat(viewer)
        by_suit = {s: tuple(c for c in cards_in(v.unknown & _SUIT_MASKS[s])) for s in Suit}
        infs = tuple(self.inferences(rp, step, seat))
        excl = 0
        for inf in infs:
            excl |= inf.excluded
        pos = rp.positions[step]
        in_talon = v.unknown & excl if pos.closed_by >= 0 and not pos.exhausted else 0
        return Counting(
            viewer=seat,
            step=step,
            unknown_by_suit=by_suit,
            opponent_known=tuple(v.opponent_cards),
            trumps_out=tuple(v.trumps_out),
            points_out=v.points_out,
            scores=v.scores,
            pending=v.pending,
            tricks=v.tricks,
            talon=v.talon,
            inferences=infs,
            inferred_talon=tuple(cards_in(in_talon)),
            counters=rp.counters(step),
        )

    def visible_tricks(self, rp: Replay, step: int, viewer: int | None) -> list[TrickShown]:
        """Open table and a finished deal: all face up. Soft: the viewer's own tricks, and
        the opponent's last trick until the next lead. Strict: only the last trick,
        either player's, until the next lead (K1)."""
        tricks = rp.tricks(step)
        pos = rp.positions[step]
        if viewer is None or (step == rp.last and pos.outcome is not None):
            return [TrickShown(t, True) for t in tricks]
        last_open = pos.lead < 0 and bool(tricks)
        own = rp.record.profile.trick_review is TrickReview.OWN_AND_OPPONENT_LAST
        out: list[TrickShown] = []
        for i, t in enumerate(tricks):
            up = (own and int(t.winner) == viewer) or (last_open and i == len(tricks) - 1)
            out.append(TrickShown(t, up))
        return out

    def hidden_hands(self, rp: Replay, step: int, viewer: int | None) -> tuple[int, ...]:
        """The opponent's hand."""
        return () if viewer is None else (1 - viewer,)

    def row(self, rp: Replay, step: int) -> dict[str, Any]:
        """The REPLAY.md object of ``step``."""
        pos = rp.positions[step]
        a = rp.action(step)
        actor = rp.actors[step]
        if step > 0:
            # The contract's reference data (conformance/replay.expect.jsonl) names the
            # player who may claim when there is one: after a marriage lead that is the
            # announcer, also for the follower's card. Follow the data here;
            # :meth:`Replay.actor` gives who played the card.
            before = rp.positions[step - 1]
            if before.claim_by >= 0:
                actor = SEATS[before.claim_by]
        ind = pos.face_up_indicator
        out = rp.outcome(step)
        known: dict[str, Any] = {}
        for s in SEATS:
            v = rp.knowledge(step, s)
            known[str(s)] = {"opponent": sorted_names(v.opponent),
                             "unknown": sorted_names(v.unknown)}
        to_move = pos.to_move
        return {
            "step": step,
            "action": str(a) if a is not None else None,
            "actor": str(actor) if actor is not None else None,
            "leader": str(SEATS[pos.leader]),
            "to_move": str(to_move) if to_move is not None else None,
            "trump": str(Suit(pos.trump)),
            "indicator": str(ind) if ind is not None else None,
            "talon": pos.talon_size,
            "closed_by": "AB"[pos.closed_by] if pos.closed_by >= 0 else None,
            "exhausted": pos.exhausted,
            "hands": {"A": sorted_names(pos.hands[0]), "B": sorted_names(pos.hands[1])},
            "trick": [str(c) for c in pos.trick],
            "scores": {"A": pos.score(0), "B": pos.score(1)},
            "pending": {"A": pos.pending[0], "B": pos.pending[1]},
            "tricks": {"A": pos.tricks[0], "B": pos.tricks[1]},
            "known": known,
            "legal": sorted(str(x) for x in pos.legal_actions()),
            "result": ({"winner": str(out.winner), "game_points": out.game_points,
                        "end": out.end.value} if out is not None else None),
        }

    def viewer_row(self, rp: Replay, step: int, viewer: int) -> dict[str, Any]:
        """The row as ``viewer`` sees it: own hand and knowledge, counting, K1 tricks."""
        seat = Seat(viewer)
        r = self.row(rp, step)
        r["view"] = str(seat)
        r["hands"] = {str(seat): r["hands"][str(seat)]}
        r["known"] = {str(seat): r["known"][str(seat)]}
        if r["to_move"] != str(seat):
            r["legal"] = []
        r["counting"] = self.counting(rp, step, seat).to_dict()
        r["tricks_shown"] = [
            {"number": ts.trick.number, "winner": str(ts.trick.winner),
             "cards": [str(c) for c in ts.trick.cards] if ts.face_up else None}
            for ts in self.visible_tricks(rp, step, seat)
        ]
        return r

    def text(self, rp: Replay, viewer: int | None) -> str:
        """A header, one line a step, and the outcome."""
        glyph_of = {v: k for k, v in GLYPHS.items()}
        rec = rp.record
        names = rec.player_names
        p0: Position = rp[0]
        me = None if viewer is None else Seat(viewer)
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
            b0 = shown(before_deal, rec.match_rules.counts_up)
            lines.append(f"Bummerl counters before the deal: A {b0[0]}, B {b0[1]}")
        lines.extend(f"  {{{c}}}" for c in rec.main.comments)
        if me is None:
            lines.append(f"as dealt: A {_cards(p0.hands[0])} | B {_cards(p0.hands[1])}")
        else:
            lines.append(f"as dealt, {me}'s view: {me} {_cards(p0.hands[me])} | "
                         f"{me.other} {len(p0.hand(me.other))} cards face down")
        for i in range(1, len(rp)):
            pos: Position = rp[i]
            before: Position = rp[i - 1]
            a = rp.action(i)
            who = rp.actor(i)
            mv = rp.move(i)
            token = str(a)
            if a.card is not None:
                token = _card(a.card) + (f"+{a.points}" if a.kind is ActionKind.MARRIAGE
                                         else "")
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
                what = f"announces {a.points}" + (" (pending)" if pos.pending[before.leader]
                                                  else "")
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
            if me is not None:
                line += f"  {me}: {_cards(pos.hands[me])}"
            lines.append(line.rstrip())
            if mv is not None:
                lines.extend(f"       {{{c}}}" for c in mv.comments)
                lines.extend(f"       ${n}" for n in mv.nags if n not in glyph_of)
        fin: Position = rp[rp.last]
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
                up = rec.match_rules.counts_up
                a0 = shown(after, up)
                past = f" (the winner {over(after, up)} past 0)" if over(after, up) else ""
                lines.append(f"Bummerl counters after the deal: A {a0[0]}, B {a0[1]}{past}")
        else:
            lines.append(f"unfinished after {rp.last} actions; scores "
                         f"{fin.score(0)}-{fin.score(1)}")
        return "\n".join(lines) + "\n"


    def html(self, rp: Replay, step: int) -> str:
        """The table and the tallies (:mod:`schnapsen_lab.html`)."""
        from .html import table_html, tallies_html

        return table_html(rp, step) + tallies_html(rp, step)

    def page(self, rp: Replay, lang: str | None) -> str:
        """The shared page (:mod:`schnapsen_lab.share`)."""
        from .share import deal_html

        return deal_html(rp, lang=lang)


def _cards(mask: int) -> str:
    return " ".join(c.symbol for c in cards_in(mask)) or "-"


def _card(c: int) -> str:
    return CARDS[c].symbol


register_kit("schnapsen", SchnapsenKit())


def replay_rows(record: Record) -> list[dict[str, Any]]:
    """Every step of a record as ``replay --json`` objects."""
    return Replay(record).rows()


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
