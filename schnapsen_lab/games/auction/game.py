"""What the games with a round of calls answer alike as a
:class:`~schnapsen_lab.games.protocol.Game` (BAUERN.md and DREIER.md "Records").

:class:`AuctionGame` holds the notation and scoring both games' records share: the trick
numbers before each trick's first card, who does an action (for ``66`` the seat whose
trick or marriage allows the claim), the trick a card completes, when a marriage counts,
the Result tag (the winning side's seats and the game points each scores), the two
sides as ``scores`` and ``tricks`` are keyed and the ``check --json`` keys ``contract``,
``declarer`` and ``spritze``. A game's subclass adds its seats, tags, profiles, deal and
match.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..protocol import Game
from .rules import Action, AuctionOutcome, AuctionPosition, Kind, Phase

__all__ = ["AuctionGame"]

_PLAY = int(Phase.PLAY)
P = TypeVar("P", bound=AuctionPosition)
F = TypeVar("F")


class AuctionGame(Game[P, Action, F]):
    """A game with a round of calls (subclassed by each game)."""

    def side_names(self, pos: P) -> tuple[str, ...]:
        """The deal's two sides, side 0 first (``NS EW``; forehand's or the declarer's
        side and the others)."""
        return pos.side_names

    def trick_in_progress(self, pos: P) -> bool:
        """Whether a card has been led to the trick under way."""
        return bool(pos.table)

    def number_before(self, pos: P, action: Action, prev: Action | None) -> int | None:
        """Before each trick's first card (a card or a marriage lead)."""
        if pos.phase == _PLAY and not pos.table and (action.kind is Kind.PLAY
                                                 or action.kind is Kind.MARRIAGE):
            return pos.tricks_played + 1
        return None

    def actor(self, pos: P, action: Action) -> str | None:
        """The seat to act; for ``66`` the seat that won the trick or announced."""
        if action.kind is Kind.CLAIM:
            return self.seats[pos.claim_seat] if pos.claim_seat >= 0 else None
        m = pos.to_move
        return None if m is None else self.seats[m]

    def completed_trick(self, before: P, after: P) -> tuple[tuple[int, ...], int, int] | None:
        """The trick's cards, the leader and the winner, when its last card fell."""
        if after.tricks_played == before.tricks_played or after.last_trick is None:
            return None
        return after.last_trick

    def marriage_counts(self, pos: P, seat: int) -> bool:
        """In the normal game once the announcer's side has a trick; in Schnapser and
        Kontraschnapser only the declarer's own, once he has a trick; never in the other
        contracts (BM2, BK5, 3M2, 3K6)."""
        c = pos.contract
        if c is None:
            return pos.side_tricks(pos.side[seat]) > 0
        return c.points_count and seat == pos.declarer and pos.won[seat] > 0

    def result_text(self, outcome: Any) -> str:
        """``NS 2``, ``ESW 6``, ``BC 8``; ``*`` unfinished."""
        return str(outcome) if outcome is not None else "*"

    def check_fields(self, final: P | None, main_line_ok: bool) -> dict[str, Any]:
        """The two-player keys with sides for seats, plus contract, declarer, spritze."""
        out: AuctionOutcome | None = (final.outcome if final is not None and main_line_ok
                                      else None)
        end = None
        if main_line_ok:
            end = out.end.value if out is not None else "unfinished"
        d: dict[str, Any] = {
            "winner": out.winner if out else None,
            "game_points": out.game_points if out else None,
            "end": end,
            "closed_by": None,
            "scores": None,
            "tricks": None,
            "contract": None,
            "declarer": None,
            "spritze": False,
        }
        if final is not None:
            names = final.side_names
            d["scores"] = {names[0]: final.score(0), names[1]: final.score(1)}
            d["tricks"] = {names[0]: final.side_tricks(0), names[1]: final.side_tricks(1)}
            d["contract"] = final.contract.value if final.contract is not None else None
            d["declarer"] = self.seats[final.declarer] if final.declarer >= 0 else None
            d["spritze"] = final.spritze_stands
        return d
