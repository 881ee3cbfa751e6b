"""The four-player solver: the auction family's engine
(:mod:`schnapsen_lab.games.auction.solver`), which searches three seats or four.

:class:`Deal4` is its :class:`~schnapsen_lab.games.auction.solver.Deal` under the name
this module gave it first.
"""

from __future__ import annotations

from ..auction.solver import (
    ALL_TRICKS,
    CLOCK_EVERY,
    NORMAL,
    SCHNAPSER,
    Deal,
    NodeBudget,
    OutOfBudget,
    action_values,
    contract_code,
    solve,
    spritze_multiplier,
    state_of,
)

__all__ = [
    "ALL_TRICKS",
    "CLOCK_EVERY",
    "NORMAL",
    "SCHNAPSER",
    "Deal4",
    "NodeBudget",
    "OutOfBudget",
    "action_values",
    "contract_code",
    "solve",
    "spritze_multiplier",
    "state_of",
]

Deal4 = Deal
"""The solver's state of a deal (four seats here)."""
