"""Bauernschnapsen, the four-player partnership game (BAUERN.md): referee and knowledge.

``rules`` is the referee (:class:`Position`), ``knowledge`` what each seat may know,
``game`` the :class:`~schnapsen_lab.games.protocol.Game` that registers the variant ``bauern``,
``selfplay`` whole matches between four players (imported on demand: it sits above the
players).
"""

from __future__ import annotations

from .rules import (
    BAUERN,
    BAUERN_CALLED,
    BAUERN_HEAD,
    CLAIM,
    PROFILES,
    Action,
    Call,
    End,
    IllegalAction,
    Kind,
    Outcome,
    Partners,
    Phase,
    Position,
    Profile,
    Seat,
    marriage,
    parse_action,
    partner_call,
    play,
    profile_named,
    trump_call,
)

__all__ = [
    "BAUERN",
    "BAUERN_CALLED",
    "BAUERN_HEAD",
    "CLAIM",
    "PROFILES",
    "Action",
    "Call",
    "End",
    "IllegalAction",
    "Kind",
    "Outcome",
    "Partners",
    "Phase",
    "Position",
    "Profile",
    "Seat",
    "marriage",
    "parse_action",
    "partner_call",
    "play",
    "profile_named",
    "trump_call",
]
