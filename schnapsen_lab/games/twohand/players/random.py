"""The random player: any legal action, uniformly; it claims only when its claim is correct."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..knowledge import View
from ..rules import CLAIM, Action

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Plays a uniformly random legal action, never a false claim.

    When a claim is legal and the player's score is at least 66, it claims (a correct
    claim wins the deal at once and never scores less than a later one); otherwise it
    picks among the other legal actions with equal chances. After the last trick it
    claims if the claim is correct and declines otherwise.
    """

    name: str

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action for ``view`` (``None`` declines a claim that would be false)."""
        return self.choose(view.legal, view.scores[view.viewer] >= 66, rng)

    @staticmethod
    def choose(legal: Sequence[Action], claim_correct: bool,
               rng: random.Random) -> Action | None:
        """The choice from the legal actions alone and whether a claim would be correct.

        The simulator calls this directly, without building a view, for speed; it is
        the whole of :meth:`act`.
        """
        for a in legal:
            if a is CLAIM:
                if claim_correct:
                    return CLAIM
                legal = [b for b in legal if b is not CLAIM]
                if not legal:
                    return None
                break
        return legal[0] if len(legal) == 1 else rng.choice(legal)

    def __repr__(self) -> str:
        return f"RandomPlayer({self.name!r})"
