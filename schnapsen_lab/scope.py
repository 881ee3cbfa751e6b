"""Which deals the analysis engine judges: the solver, the worlds, the advisor, the review
and the strong player.

The analysis engine serves the two-player talon games whose registration says so
(``Game.solvable``: Schnapsen and Sechsundsechzig), reading each deal's rules from its
profile (:func:`schnapsen_lab.solver.api.engine_refusal` names a field it has no analysis
for). The advisor, the review and the strong player are checked with the duty to beat
once the talon is closed or gone (RULES.md F2, 6F2) and the G1/C2 thresholds (a loser
with 33 or more gives 1) only. It knows neither four-player Bauernschnapsen nor a profile
without that duty or with other thresholds (``bauern2``, BAUERN.md BZ3-BZ4): rather than
answer wrongly, every entry to it (the ``solve``, ``advise`` and ``review`` commands, the
review and closing-trainer widgets, the strong player at the practice table) asks
:func:`analysis_refusal` first and says why in one line.
"""

from __future__ import annotations

from typing import Any

from .games import game_of_profile

__all__ = ["analysis_refusal", "judged", "solver_knows"]


def solver_knows(profile: Any) -> bool:
    """Whether the analysis engine plays by ``profile``: a two-player profile of a game
    it judges, with the duty to beat (F2) and the 33-point threshold of G1 and C2, and
    no field the search has no analysis for."""
    from .solver.api import engine_refusal

    return (judged(profile) and profile.must_head and profile.schneider_below == 33
            and engine_refusal(profile) is None)


def judged(profile: Any) -> bool:
    """Whether ``profile`` is of a game the analysis engine judges (its registration
    says so: ``Game.solvable``)."""
    try:
        return game_of_profile(profile).solvable
    except KeyError:
        return False


def analysis_refusal(profile: Any, what: str = "the solver") -> str | None:
    """Why ``what`` (the solver, the advisor, the review, ...) cannot judge a deal played
    by ``profile`` (one line), or None when it can."""
    if not judged(profile):
        return (f"{what} judges two-player Schnapsen and Sechsundsechzig only; this deal "
                f"is played by the {profile.name} rules of another game")
    from .solver.api import engine_refusal

    engine = engine_refusal(profile)
    if engine is not None:
        return f"{what} cannot judge this deal: {engine}"
    if not solver_knows(profile):
        why = []
        if profile.close_min_talon is None:  # not a reason alone: the engine plays it
            why.append("no closing")
        if not profile.must_head:
            why.append("no duty to beat once the talon is gone")
        if profile.schneider_below != 33:
            t = profile.schneider_below
            why.append(f"a loser with {t - 1} or less gives 2" if t > 33
                       else f"a loser's score below {t} gives 2")
        return (f"{what} knows the duty to beat and the 33-point threshold of RULES.md "
                f"only, not the {profile.name} profile ({'; '.join(why)})")
    return None
