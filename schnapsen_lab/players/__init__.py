"""Players: anything that chooses an action from what it may know."""

from __future__ import annotations

from .base import Player

__all__ = ["Player"]
