"""The perfect-information solver: the exact value of a position when every card is known.

A value is in game points from A's side: +2 means A wins 2, -3 means B wins 3. Both
players maximize their own result under the full rules (RULES.md), with two conventions
(docs/solver.md): a correct claim is made at once (delaying one never gains), and a false
claim is never chosen (though a recorded one is valued by its outcome).

>>> from schnapsen_lab.solver import solve, action_values, best_actions
"""

from __future__ import annotations

from . import api
from .api import *  # noqa: F403  (the solver's functions, re-exported)

__all__ = list(api.__all__)
