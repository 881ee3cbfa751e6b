"""The table for four: a student plays Bauernschnapsen with a bot partner against two bots.

Pure Python, no widgets (the widget is :mod:`schnapsen_lab.widgets.bauern`)::

    from schnapsen_lab.games.bauern.table import BauernTable
    t = BauernTable("heuristic", seat="S", seed=1)     # the student sits S, partner N
    t.student_actions()            # what the student may do now: trump, a call, a card...
    events = t.act("T:H")          # the student's action, then the bots' answers
    for e in events: print(e.text)  # "Bert (E) passes", "Dani (W) leads A♠", ...
    if t.finished: print(t.outcome_text()); t.save("my-deal.psn"); t.new_deal()

The three other seats are bots (rule-of-thumb players by default, each seeing only its
own :func:`~schnapsen_lab.games.bauern.knowledge.view`). After the student's action the
bots act until it is the student's turn again (:meth:`BauernTable.act`, or one bot
action at a time with :meth:`BauernTable.student_act` and :meth:`BauernTable.bot_step`).

The student fixes trump when forehand (from the three cards seen, BR1), calls a
partner's card with called partners (BC1), speaks once in the round of calls (BA1), plays
cards, announces marriages and claims 66 for the side (BE2): right after winning a trick
(the claim is among the actions of the lead) and, asked in words, right after announcing
a marriage or winning the last trick (then the actions are just ``[CLAIM]`` and
``act(None)`` declines). A bot claims for its side by its own rules when it won the
trick or announced the marriage (its partner's, the student's, too).

Deals follow each other in a match to the profile's target (BX1; per player with called
partners, BC5), the dealer passing clockwise; a deal can also be taken over from any step
of any four-player record with any seat (:meth:`BauernTable.take_over`), standing
outside the match. Records are PSN (:meth:`BauernTable.record`), saved atomically.

The table itself is the auction family's (:class:`~..auction.table.AuctionTable`, shared
with Dreierschnapsen); this module says what is Bauernschnapsen's: four seats, the
knock, the knowledge with a called partner.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import N_, Texts
from ..auction.table import TEXT as FAMILY_TEXT
from ..auction.table import AuctionTable, Event
from .game import BAUERN_GAME
from .knowledge import View, view
from .players import SeatPlayer
from .rules import BAUERN, SEATS, Position, Profile, Seat

__all__ = ["NAMES", "TEXT", "BauernTable", "Event"]

NAMES = ("Anna", "Bert", "Cilli", "Dani")
"""The players' names by seat N, E, S, W when none are given."""

TEXT = Texts({
    **FAMILY_TEXT.source,
    "bad_seat": N_("a seat is N, E, S or W, not {seat!r}"),
    "not_game": N_("the table for four plays Bauernschnapsen; this record is {game}"),
    "bad_profile": N_("unknown rules {name!r} for Bauernschnapsen; known: {known}"),
})
"""Every text of the table for four (the game's words are in
:data:`schnapsen_lab.notation.FOUR`)."""


class BauernTable(AuctionTable[Position]):
    """A table for four: the student at ``seat`` (S by default), the bots ``bots`` at the
    other three (one name for all, or a name or player for each other seat in seat
    order). ``names`` are the players by seat N, E, S, W; the first dealer is drawn by lot
    from ``seed`` unless given; the cutter (a bot) knocks with chance ``knock_rate``
    where the profile allows it. ``match`` names the match in the records. With
    ``auto_bots=False`` the bots' first actions of a deal wait for :meth:`bot_step`
    (:class:`~schnapsen_lab.tablemodel.PracticeModel`)."""

    GAME = BAUERN_GAME
    SEATS = SEATS
    SEAT_LETTERS = "NESW"
    NAMES = NAMES
    DEFAULT_SEAT = Seat.S
    TURN_RULE = "BP1"
    TEXT = TEXT
    see = staticmethod(view)

    def __init__(self, bots: str | SeatPlayer | Sequence[str | SeatPlayer] = "heuristic", *,
                 seat: Seat | str = Seat.S, profile: Profile | str = BAUERN,
                 names: Sequence[str] = NAMES, seed: int | None = None,
                 dealer: Seat | str | None = None, match: str | None = None,
                 knock_rate: float = 0.2, auto_bots: bool = True) -> None:
        self.knock_rate = knock_rate
        super().__init__(bots, seat=seat, profile=profile, names=names, seed=seed,
                         dealer=dealer, match=match, auto_bots=auto_bots)

    def _dealt(self, deck: list[int], dealer: int, knock: bool) -> Position:
        return Position.deal(deck, dealer, self.profile, knock)

    def _knocks(self, dealer: int) -> bool:
        """A bot cutter knocks with chance :attr:`knock_rate` where the profile allows."""
        cutter = (dealer + 3) & 3
        return bool(self.profile.knock_allowed and cutter != self.seat
                    and self.rng.random() < self.knock_rate)

    def _as_dealt(self, pos: Position) -> Position:
        return Position.deal(pos.deck, pos.dealer, pos.profile, pos.knock)

    def _deal_tags(self) -> dict[str, str]:
        """``Cut: knock`` when the cutter knocked."""
        return {"Cut": "knock"} if self.start.knock else {}

    def student_view(self) -> View:
        """What the student may know now (BW1, BW2), with ``legal`` the student's actions."""
        return view(self.position, self.seat, self.student_actions())
