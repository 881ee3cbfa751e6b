"""The largest values the command line accepts, so that no option or input can make a
command run without end or grow without bound.

Each count option has a maximum that ``--help`` shows and past which the command stops
with one line before it starts work; files read whole are size-capped.
"""

from __future__ import annotations

__all__ = ["COUNT_LIMITS", "MAX_JSON_BYTES", "count_error"]

COUNT_LIMITS: dict[str, int] = {
    "matches": 1_000_000,   # simulate --matches: about 2 GB of records
    "samples": 10_000,      # advise/review --samples: worlds a decision
    "jobs": 256,            # simulate/equity --jobs
    "workers": 256,         # stats --workers
    "deals": 1_000_000,     # equity --rebuild --deals: deals a table
    "budget": 1_000_000_000,  # advise --budget: work of the plan search
    "record": 1_000_000_000,  # --record N
    "step": 10_000,         # --step K (a deal has at most a few dozen actions)
}
"""Option (its ``dest``) -> the largest value it accepts."""

MAX_JSON_BYTES = 16 << 20
"""The largest equity tables file (``equity --file``) read: the bundled one is ~50 KB."""


def count_error(dest: str, option: str, value: object) -> str | None:
    """Why ``value`` given to ``option`` is past its maximum, or None."""
    hi = COUNT_LIMITS.get(dest)
    if hi is None or not isinstance(value, int) or isinstance(value, bool) or value <= hi:
        return None
    return f"{option} {value}: at most {hi:,}"
