"""Sechsundsechzig as a :class:`~schnapsen_lab.games.protocol.Game`: its profile
(SECHSUNDSECHZIG.md 6P1) and the registered game object."""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import PACK24, Rank
from ..twohand.game import PARTS, TalonGame
from ..twohand.rules import Profile

__all__ = ["PROFILES", "SECHSUNDSECHZIG", "SECHSUNDSECHZIG_PROFILE", "SechsundsechzigGame"]

SECHSUNDSECHZIG_PROFILE = Profile(
    "sechsundsechzig",
    close_min_talon=2,
    marriage_ranks=frozenset({Rank.K, Rank.Q}),
    must_head=True,
    schneider_below=33,
    match_start=0,
    match_target=7,
    pack=PACK24,
    deal="3-3",
    exchange_rank=Rank.N,
    exchange_needs_trick=True,
    close_first_lead=False,
    late_marriages=True,
    last_trick_bonus=10,
    played_out="higher_score",
    standoff=True,
    false_claim="2",
    closed_scoring="at_claim",
    rule_prefix="6",
    game="sechsundsechzig",
)
"""The profile ``sechsundsechzig`` (6P1's defaults): deal 3-3, the duty to head after the
talon, the nine exchanged only after a trick, no closing on the first lead, marriages on
every lead, a false claim worth 2, a closing scored at the claim, standoffs, a match to 7.
Only the last trick may be looked at (6K1)."""

PROFILES: dict[str, Profile] = {SECHSUNDSECHZIG_PROFILE.name: SECHSUNDSECHZIG_PROFILE}


class SechsundsechzigGame(TalonGame):
    """Sechsundsechzig: seats A and B, the family's referee with the 6P1 profile, a match
    counted up to 7 with standoffs carried."""

    key = "sechsundsechzig"
    title = "Sechsundsechzig"
    variant_names = ("sechsundsechzig", "sixty-six")
    default_profile = SECHSUNDSECHZIG_PROFILE
    profiles: Mapping[str, Profile] = PROFILES
    deck_rule = "6D1"
    any_marriage_token = True
    variant_tag = "sechsundsechzig"
    solvable = True
    parts: Mapping[str, str] = PARTS


SECHSUNDSECHZIG = SechsundsechzigGame()
"""The registered Sechsundsechzig game."""
