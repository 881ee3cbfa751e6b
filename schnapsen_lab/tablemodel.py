"""What the practice-table models of every game share (each game's part ``table``): the
student's action followed by the bots' answers, the deal's outcome once it is over, and
where a take-over's record comes from. Each game's model (``games/*/table.py``) keeps its
rules, its bots and its words."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from .psn import Record, read

__all__ = ["PracticeModel", "record_of"]

P = TypeVar("P")


def record_of(source: Record | str, index: int, missing: str) -> Record:
    """``source`` itself, or record ``index`` (from 1) of the PSN file ``source``; raise
    ValueError with ``missing`` (``{source}``, ``{index}``, ``{count}``) when the file has
    no such record."""
    if isinstance(source, Record):
        return source
    recs = list(read(source))
    if not 1 <= index <= len(recs):
        raise ValueError(missing.format(source=source, index=index, count=len(recs)))
    return recs[index - 1]


class PracticeModel(Generic[P]):
    """The part of a practice-table model every game writes the same way, over the
    game's own ``student_act``, ``bot_step``, ``position`` and ``finished``.

    ``auto_bots`` (True unless a game's model is told otherwise) says whether the bots
    act at once when a deal begins (a new deal, a take-over); False leaves their first
    actions to :meth:`bot_step` or :meth:`bot_moves`, as the table widget does to let
    them decide in the background."""

    position: P
    auto_bots: bool = True

    def warm_up(self) -> None:
        """Do once, before the first decision of a deal, what a bot's first decision
        would otherwise pay for (imports, compiled code, tables): nothing here; a game
        whose bots need it says so."""

    def _opening_moves(self) -> list[Any]:
        """The bots' actions when a deal begins: all of them until the student's turn
        (``auto_bots``), or none yet."""
        return self.bot_moves() if self.auto_bots else []

    @property
    def finished(self) -> bool:
        """Whether the deal is over."""
        raise NotImplementedError

    def student_act(self, action: Any) -> Any:
        """Play the student's action (None declines a claim); the event it made."""
        raise NotImplementedError

    def bot_step(self) -> Any:
        """Let the next bot act; its event, or None when it is the student's turn or the
        deal is over."""
        raise NotImplementedError

    def act(self, action: Any) -> list[Any]:
        """The student's action (None declines a claim), then the bots' answers until it
        is the student's turn again or the deal is over; returns the bots' events."""
        self.student_act(action)
        return self.bot_moves()

    def bot_moves(self) -> list[Any]:
        """The bots' actions until the student's turn or the end of the deal."""
        out: list[Any] = []
        while True:
            ev = self.bot_step()
            if ev is None:
                return out
            out.append(ev)

    @property
    def outcome(self) -> Any:
        """The deal's outcome once it is finished."""
        return getattr(self.position, "outcome", None) if self.finished else None
