"""The table for three: a student plays Dreierschnapsen against two bots.

Pure Python, no widgets (the widget is :mod:`schnapsen_lab.widgets.dreier`)::

    from schnapsen_lab.games.dreier.table import DreierTable
    t = DreierTable("heuristic", seat="A", seed=1)    # the student sits A
    t.student_actions()            # what the student may do now: trump, a call, L:AH...
    events = t.act("T:H")          # the student's action, then the bots' answers
    for e in events: print(e.text)  # "Bert (B) passes", "Cilli (C) leads A♠", ...
    if t.finished: print(t.outcome_text()); t.save("my-deal.psn"); t.new_deal()

The table is the auction family's (:class:`~..auction.table.AuctionTable`, shared with
Bauernschnapsen): the bots (rule-of-thumb players by default; ``bots`` names another
registered player) each see only their own :func:`~.knowledge.view`. What is
Dreierschnapsen's: three seats A, B, C; forehand fixes trump from his first three
cards (3R1); one round of calls (3A1); the declarer takes the talon and lays two cards
away, one action each (``L:AH``, 3T1); the sides are known once the calls are over (the
declarer against the two others, 3K1); no knocking (3D3); the match to 24, each player
counting for himself (3X1).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import N_, Texts
from ..auction.table import TEXT as FAMILY_TEXT
from ..auction.table import AuctionTable, Event
from .game import DREIER_GAME
from .knowledge import view
from .players import SeatPlayer
from .rules import DREIER, SEATS, Position, Profile, Seat

__all__ = ["NAMES", "TEXT", "DreierTable", "Event"]

NAMES = ("Anna", "Bert", "Cilli")
"""The players' names by seat A, B, C when none are given."""

TEXT = Texts({
    **FAMILY_TEXT.source,
    "bad_seat": N_("a seat is A, B or C, not {seat!r}"),
    "not_game": N_("the table for three plays Dreierschnapsen; this record is {game}"),
    "bad_profile": N_("unknown rules {name!r} for Dreierschnapsen; known: {known}"),
})
"""Every text of the table for three."""


class DreierTable(AuctionTable[Position]):
    """A table for three: the student at ``seat`` (A by default), the bots ``bots`` at the
    two other seats (one name for both, or one each in seat order). ``names`` are the
    players by seat A, B, C; the first dealer is drawn by lot from ``seed`` unless given.
    ``match`` names the match in the records. With ``auto_bots=False`` the bots' first
    actions of a deal wait for :meth:`bot_step`."""

    GAME = DREIER_GAME
    SEATS = SEATS
    SEAT_LETTERS = "ABC"
    NAMES = NAMES
    DEFAULT_SEAT = Seat.A
    TURN_RULE = "3P1"
    TEXT = TEXT
    see = staticmethod(view)

    def __init__(self, bots: str | SeatPlayer | Sequence[str | SeatPlayer] = "heuristic", *,
                 seat: Seat | str = Seat.A, profile: Profile | str = DREIER,
                 names: Sequence[str] = NAMES, seed: int | None = None,
                 dealer: Seat | str | None = None, match: str | None = None,
                 auto_bots: bool = True) -> None:
        super().__init__(bots, seat=seat, profile=profile, names=names, seed=seed,
                         dealer=dealer, match=match, auto_bots=auto_bots)

    def _dealt(self, deck: list[int], dealer: int, knock: bool) -> Position:
        return Position.deal(deck, dealer, self.profile)

    def _as_dealt(self, pos: Position) -> Position:
        return Position.deal(pos.deck, pos.dealer, pos.profile)

