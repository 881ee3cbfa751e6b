"""Replay of one deal: its positions, what each player knows, and counting aids (REPLAY.md).

A :class:`Replay` holds every position of a record's main line: step 0 is the deal
as dealt, step *i* the position after the *i*-th action. It has a cursor
(:meth:`Replay.go`, :meth:`~Replay.forward`, :meth:`~Replay.back`, ...) so that a
widget or a notebook can step through the deal cheaply: the positions are built once.

For every step and every viewer it gives:

- :meth:`Replay.knowledge`: the K2 knowledge sets (:class:`~schnapsen_lab.knowledge.View`);
- :meth:`Replay.counting`: counting aids built on them (:class:`Counting`);
- :meth:`Replay.inferences`: what play showed beyond K2 (:class:`Inference`), kept
  apart from the facts;
- :meth:`Replay.tricks` and :meth:`Replay.visible_tricks`: the won tricks, and which of
  them the viewer may look through under the profile (K1);
- :meth:`Replay.row`: the ``replay --json`` object of a step.

Viewers are ``Seat.A``, ``Seat.B`` or ``None`` for the open table (everything shown).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import CARD_POINTS, CARDS, Card, Suit, cards_in
from .knowledge import View, view
from .psn import Move, Record
from .rules import SEATS, Action, ActionKind, Outcome, Position, Seat, TrickReview

__all__ = [
    "Counting",
    "Inference",
    "Marriage",
    "Replay",
    "Trick",
    "TrickShown",
    "match_groups",
    "replay_rows",
]

_SUIT_MASKS = tuple(0b11111 << (s * 5) for s in range(4))


def _sorted_names(mask: int) -> list[str]:
    return sorted(str(c) for c in cards_in(mask))


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: its number (from 1), who led, both cards, who won it, and when."""

    number: int
    leader: Seat
    lead: Card
    follow: Card
    winner: Seat
    step: int
    marriage: int = 0

    @property
    def points(self) -> int:
        """Card points in the trick."""
        return CARD_POINTS[self.lead] + CARD_POINTS[self.follow]

    @property
    def cards(self) -> tuple[Card, Card]:
        """Both cards in play order."""
        return (self.lead, self.follow)

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played to the trick."""
        return self.lead if seat == self.leader else self.follow

    def __str__(self) -> str:
        return f"{self.number}. {self.lead} {self.follow} -> {self.winner} ({self.points})"


@dataclass(frozen=True, slots=True)
class TrickShown:
    """A won trick as a viewer may see it: face up or face down (K1)."""

    trick: Trick
    face_up: bool


@dataclass(frozen=True, slots=True)
class Marriage:
    """A marriage announced at ``step``: who, which suit, 20 or 40, and whether it counts yet."""

    seat: Seat
    suit: Suit
    points: int
    step: int
    effective_step: int | None

    def effective_at(self, step: int) -> bool:
        """Whether the marriage counts (M2) at ``step``."""
        return self.effective_step is not None and self.effective_step <= step


@dataclass(frozen=True, slots=True)
class Inference:
    """What play showed about a player's hand beyond the K2 facts.

    In the closed or exhausted phase (F2) a follower must follow suit and beat, else
    trump. Failing to follow shows a ``void`` in the led suit (and in trumps, when the
    follower did not trump either); following lower shows ``no_higher``: no card of the
    suit above the lead. ``excluded`` is the mask of cards the player cannot hold from
    then on (nobody draws in that phase).
    """

    seat: Seat
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
    """Counting aids for a viewer at one step, built on the K2 sets (REPLAY.md).

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
    counters: tuple[int, int] | None

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
                            "suit": str(i.suit), "excluded": _sorted_names(i.excluded),
                            "text": i.text} for i in self.inferences],
            "inferred_talon": [str(c) for c in self.inferred_talon],
        }


class Replay:
    """The positions of one deal's main line, with a cursor and per-viewer knowledge.

    ``Replay(record)`` replays the main line up to its end (or its first error, see
    :attr:`error`). Step ``i`` is the position after the ``i``-th action.
    ``comments_after_error`` are the comments that follow the error: they belong to
    the last step, where the record stops being valid, not to its last move.
    """

    __slots__ = ("_marriages", "_trick_steps", "_tricks", "_views", "actors",
                 "comments_after_error", "error", "moves", "positions", "record", "step")

    def __init__(self, record: Record) -> None:
        self.record = record
        self.error = record.errors[0] if record.errors and not record.main_line_ok else None
        pos = record.start()
        positions = [pos]
        actors: list[Seat | None] = [None]
        tricks: list[Trick] = []
        marriages: list[Marriage] = []
        moves = list(record.main.moves)
        after_error = list(record.comments_after_error) if self.error is not None else []
        lead_marriage = 0
        for i, mv in enumerate(moves, 1):
            a = mv.action
            if a.kind is ActionKind.CLAIM:
                actor = SEATS[pos.claim_by] if pos.claim_by >= 0 else None
            else:
                actor = pos.to_move
            nxt = pos.copy()
            err = pos.check(a)
            if err is not None:  # a record built by hand may hold a bad action
                after_error = [c for m in moves[i - 1:] for c in m.comments] + after_error
                moves = moves[: i - 1]
                break
            nxt.apply_unchecked(a)
            if a.kind is ActionKind.MARRIAGE:
                lead_marriage = a.points
                assert a.card is not None
                marriages.append(Marriage(SEATS[pos.leader], CARDS[a.card].suit, a.points, i,
                                          i if pos.tricks[pos.leader] else None))
            elif a.kind is ActionKind.PLAY and pos.lead >= 0:
                lt = nxt.last_trick
                assert lt is not None
                w = SEATS[lt[2]]
                tricks.append(Trick(len(tricks) + 1, SEATS[pos.leader], CARDS[lt[0]],
                                    CARDS[lt[1]], w, i, lead_marriage))
                lead_marriage = 0
                if pos.tricks[w] == 0:
                    marriages = [m if m.seat != w or m.effective_step is not None
                                 else Marriage(m.seat, m.suit, m.points, m.step, i)
                                 for m in marriages]
            elif a.kind is ActionKind.PLAY:
                lead_marriage = 0
            positions.append(nxt)
            actors.append(actor)
            pos = nxt
        self.positions: list[Position] = positions
        self.actors: list[Seat | None] = actors
        self.moves: list[Move] = moves
        self.comments_after_error: list[str] = after_error
        self._tricks = tricks
        self._trick_steps = [t.step for t in tricks]
        self._marriages = marriages
        self._views: dict[tuple[int, int], View] = {}
        self.step = 0

    # -- size and cursor ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.positions)

    def __getitem__(self, step: int) -> Position:
        return self.positions[step]

    def __iter__(self) -> Iterator[Position]:
        return iter(self.positions)

    @property
    def last(self) -> int:
        """The last step number."""
        return len(self.positions) - 1

    @property
    def position(self) -> Position:
        """The position at the cursor."""
        return self.positions[self.step]

    def go(self, step: int) -> Position:
        """Move the cursor to ``step`` (clamped to 0..last); return that position."""
        self.step = max(0, min(self.last, int(step)))
        return self.positions[self.step]

    def forward(self) -> Position:
        """One step forward (stays at the end)."""
        return self.go(self.step + 1)

    def back(self) -> Position:
        """One step back (stays at the start)."""
        return self.go(self.step - 1)

    def first(self) -> Position:
        """To step 0, the deal as dealt."""
        return self.go(0)

    def end(self) -> Position:
        """To the last step."""
        return self.go(self.last)

    # -- what happened -----------------------------------------------------------------------
    def action(self, step: int) -> Action | None:
        """The action that led to ``step`` (None for step 0)."""
        return self.moves[step - 1].action if step > 0 else None

    def move(self, step: int) -> Move | None:
        """The move (with its comments and glyphs) that led to ``step``."""
        return self.moves[step - 1] if step > 0 else None

    def actor(self, step: int) -> Seat | None:
        """Who did the action that led to ``step`` (the claimant for ``66``)."""
        return self.actors[step]

    def comments(self, step: int) -> list[str]:
        """Comments belonging to ``step``: the deal's comments at 0, else the move's."""
        if step == 0:
            return list(self.record.main.comments)
        return list(self.moves[step - 1].comments)

    def nags(self, step: int) -> list[int]:
        """Numeric annotation glyphs of the move that led to ``step``."""
        return list(self.moves[step - 1].nags) if step > 0 else []

    def outcome(self, step: int) -> Outcome | None:
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

    def counters(self, step: int) -> tuple[int, int] | None:
        """Both Bummerl counters at ``step``: before the deal, after it on its last step.

        None for a deal outside a match.
        """
        rec = self.record
        if rec.match is None:
            return None
        if step == self.last and self.is_finished and rec.counters is not None:
            return rec.counters
        return rec.counters_before

    # -- what a player may know and see -------------------------------------------------------
    def knowledge(self, step: int, viewer: Seat | int) -> View:
        """The K2 knowledge of ``viewer`` at ``step``."""
        key = (step, int(viewer))
        v = self._views.get(key)
        if v is None:
            v = view(self.positions[step], viewer)
            self._views[key] = v
        return v

    def inferences(self, step: int, viewer: Seat | int | None = None) -> list[Inference]:
        """What play up to ``step`` showed about the viewer's opponent (both for None)."""
        out: list[Inference] = []
        about = None if viewer is None else Seat(viewer).other
        for t in self.tricks(step):
            before = self.positions[t.step - 1]
            if before.talon_open:
                continue
            fo = t.leader.other
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
            elif t.follow > t.lead:  # followed lower: holds nothing above the lead
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

    def counting(self, step: int, viewer: Seat | int) -> Counting:
        """Counting aids for ``viewer`` at ``step``."""
        v = self.knowledge(step, viewer)
        seat = Seat(viewer)
        by_suit = {s: tuple(c for c in cards_in(v.unknown & _SUIT_MASKS[s])) for s in Suit}
        infs = tuple(self.inferences(step, seat))
        excl = 0
        for inf in infs:
            excl |= inf.excluded
        pos = self.positions[step]
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
            counters=self.counters(step),
        )

    def visible_tricks(self, step: int, viewer: Seat | int | None) -> list[TrickShown]:
        """The won tricks at ``step``, each face up or down as ``viewer`` may look (K1).

        Open table (``None``) and a finished deal: all face up. Soft: the viewer's own
        tricks, and the opponent's last trick until the next lead. Strict: only the last
        trick, either player's, until the next lead.
        """
        tricks = self.tricks(step)
        pos = self.positions[step]
        if viewer is None or (step == self.last and pos.outcome is not None):
            return [TrickShown(t, True) for t in tricks]
        me = Seat(viewer)
        last_open = pos.lead < 0 and bool(tricks)
        own = self.record.profile.trick_review is TrickReview.OWN_AND_OPPONENT_LAST
        out: list[TrickShown] = []
        for i, t in enumerate(tricks):
            up = (own and t.winner == me) or (last_open and i == len(tricks) - 1)
            out.append(TrickShown(t, up))
        return out

    def hidden_hand(self, step: int, viewer: Seat | int | None) -> Seat | None:
        """The hand shown face down in ``viewer``'s view (None: both open)."""
        return None if viewer is None else Seat(viewer).other

    # -- replay --json -----------------------------------------------------------------------
    def row(self, step: int) -> dict[str, Any]:
        """The ``replay --json`` object of ``step`` (REPLAY.md); card sets sorted by name."""
        pos = self.positions[step]
        a = self.action(step)
        actor = self.actors[step]
        if step > 0:
            # The contract's reference data (conformance/replay.expect.jsonl) names the
            # player who may claim when there is one: after a marriage lead that is the
            # announcer, also for the follower's card. Follow the data here;
            # :meth:`actor` gives who played the card.
            before = self.positions[step - 1]
            if before.claim_by >= 0:
                actor = SEATS[before.claim_by]
        ind = pos.face_up_indicator
        out = self.outcome(step)
        known: dict[str, Any] = {}
        for s in SEATS:
            v = self.knowledge(step, s)
            known[str(s)] = {"opponent": _sorted_names(v.opponent),
                             "unknown": _sorted_names(v.unknown)}
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
            "hands": {"A": _sorted_names(pos.hands[0]), "B": _sorted_names(pos.hands[1])},
            "trick": [str(c) for c in pos.trick],
            "scores": {"A": pos.score(0), "B": pos.score(1)},
            "pending": {"A": pos.pending[0], "B": pos.pending[1]},
            "tricks": {"A": pos.tricks[0], "B": pos.tricks[1]},
            "known": known,
            "legal": sorted(str(x) for x in pos.legal_actions()),
            "result": ({"winner": str(out.winner), "game_points": out.game_points,
                        "end": out.end.value} if out is not None else None),
        }

    def viewer_row(self, step: int, viewer: Seat | int) -> dict[str, Any]:
        """The row of ``step`` as ``viewer`` may see it: own hand, own knowledge, counting."""
        seat = Seat(viewer)
        r = self.row(step)
        r["view"] = str(seat)
        r["hands"] = {str(seat): r["hands"][str(seat)]}
        r["known"] = {str(seat): r["known"][str(seat)]}
        if r["to_move"] != str(seat):
            r["legal"] = []
        r["counting"] = self.counting(step, seat).to_dict()
        r["tricks_shown"] = [
            {"number": ts.trick.number, "winner": str(ts.trick.winner),
             "cards": [str(c) for c in ts.trick.cards] if ts.face_up else None}
            for ts in self.visible_tricks(step, seat)
        ]
        return r

    def rows(self) -> list[dict[str, Any]]:
        """The ``replay --json`` objects of every step."""
        return [self.row(i) for i in range(len(self.positions))]

    def __repr__(self) -> str:
        pa, pb = self.record.player_names
        return f"<Replay {pa} vs {pb}: step {self.step} of {self.last}>"

    def _repr_html_(self) -> str:
        from .html import table_html, tallies_html

        return table_html(self, self.step) + tallies_html(self, self.step)

    def to_html(self, lang: str | None = None) -> str:
        """This deal as one self-contained HTML page to share (:mod:`schnapsen_lab.share`),
        in ``lang`` (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; None: the language spoken)."""
        from .share import deal_html

        return deal_html(self, lang=lang)


def replay_rows(record: Record) -> list[dict[str, Any]]:
    """Every step of a record as ``replay --json`` objects."""
    return Replay(record).rows()


def match_groups(records: Iterable[Record]) -> list[list[Record]]:
    """Records grouped into deals of one Bummerl (same Match tag, counters in order).

    A record without a Match tag is a group of its own; a Match id whose Bummerl was
    decided starts a new group with its next deal. Groups keep file order.
    """
    groups: list[list[Record]] = []
    open_groups: dict[str, list[Record]] = {}
    for r in records:
        if r.match is None:
            groups.append([r])
            continue
        g = open_groups.get(r.match)
        if g is None or (r.counters_before == (7, 7) and g):
            g = []
            open_groups[r.match] = g
            groups.append(g)
        g.append(r)
    return groups

