"""Dreierschnapsen as a :class:`~schnapsen_lab.games.protocol.Game` (DREIER.md "Records").

Registered under the Variant tag ``dreier``. Seats A, B, C (tags PlayerA, PlayerB,
PlayerC); the start reads the Deck (3D1); each player counts up from 0 to the profile's
target and every player of the winning side scores the deal's game points in full (3G6,
3X1); the dealer passes clockwise, C first so that A is forehand (3S2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import CARD_TOKENS
from ...match import MatchRules
from ..auction.game import AuctionGame
from .rules import (
    DREIER,
    PROFILES,
    SEATS,
    TOKENS,
    Action,
    End,
    Position,
    Profile,
    parse_action,
)

__all__ = ["DREIER_GAME", "DreierGame"]

_RULES: dict[Profile, MatchRules] = {}


class DreierGame(AuctionGame[Position, Profile]):
    """Dreierschnapsen for three seats: one declarer against two defenders."""

    key = "dreier"
    title = "Dreierschnapsen"
    variant_names = ("dreier", "dreierschnapsen")
    seats = ("A", "B", "C")
    name_tags = ("PlayerA", "PlayerB", "PlayerC")
    tag_order = ("Event", "Site", "Date", "Round", "Variant", "PlayerA", "PlayerB", "PlayerC",
                 "Match", "Deal", "Dealer", "Rules", "Deck", "Score", "Result")
    default_profile = DREIER
    profiles: Mapping[str, Profile] = PROFILES
    tokens: Mapping[str, Action] = TOKENS
    seat_values = SEATS
    deck_rule = "3D1"
    unfinished = End.UNFINISHED
    places = ("bottom", "left", "right")
    parts: Mapping[str, str] = {
        "kit": "schnapsen_lab.games.dreier.replay:KIT",
        "drawing": "schnapsen_lab.games.dreier.html:DRAWING",
        "page": "schnapsen_lab.games.dreier.share:deal_data",
        "review": "schnapsen_lab.review_four:run_command",
        "selfplay": "schnapsen_lab.games.dreier.selfplay:match_text",
        "players": "schnapsen_lab.games.dreier.players:PLAYERS",
        "stats": "schnapsen_lab.games.dreier.stats",
        "table": "schnapsen_lab.games.dreier.table:DreierTable",
        "widget": "schnapsen_lab.widgets.dreier:DreierPracticeTable",
    }

    def deal(self, deck: tuple[int, ...], tags: Mapping[str, str], profile: Profile,
             dealer: int) -> Position:
        """The deal of the deck order (3D1, 3D2)."""
        return Position.dealt(deck, dealer, profile)

    def start_tags(self, pos: Position) -> dict[str, str]:
        """Variant, Dealer, Rules, Deck."""
        return {"Variant": self.key, "Dealer": self.seats[pos.dealer],
                "Rules": pos.profile.name,
                "Deck": " ".join([CARD_TOKENS[c] for c in pos.deck])}

    def parse_action(self, token: str) -> Action:
        """A three-player token: ``T:H``, ``T:up``, a call, ``L:AH``, a card, ``KH+20``,
        ``66``."""
        return parse_action(token)

    def same_result(self, tag: str, outcome: Any) -> bool:
        """Whether a Result tag says the outcome, its seats in any order (``CB 4`` is
        ``BC 4``)."""
        want = self.result_text(outcome).upper().split()
        got = tag.upper().split()
        if len(got) != len(want):
            return False
        if len(want) == 2:
            return sorted(got[0]) == sorted(want[0]) and got[1] == want[1]
        return got == want

    def check_fields(self, final: Position | None, main_line_ok: bool) -> dict[str, Any]:
        """The family's keys (DREIER.md "Records"): ``declarer`` the game's holder as far
        as the calls go (forehand in the normal game), ``spritze`` whether one was said
        (it always stands, 3A4); ``contract``, ``declarer`` and ``spritze`` are null for
        a record broken on its main line."""
        d = super().check_fields(final, main_line_ok)
        if final is None or not main_line_ok:
            d["contract"] = d["declarer"] = d["spritze"] = None
        else:
            d["declarer"] = self.seats[final.holder]
            d["spritze"] = final.spritze >= 0
        return d

    def match_rules(self, profile: Profile) -> MatchRules:
        """Each player from 0 to the target, the highest counter winning (3X1); C deals
        first (3S2)."""
        r = _RULES.get(profile)
        if r is None:
            r = _RULES[profile] = MatchRules(self.seats, 0, profile.match_target, 3, 2,
                                             highest_wins=True)
        return r

    def match_gains(self, outcome: Any, profile: Profile) -> tuple[tuple[int, int], ...]:
        """Every player of the winning side scores the game points in full (3G6)."""
        if outcome is None:
            return ()
        gp = outcome.game_points
        w = outcome.winners
        return tuple((s, gp) for s in range(3) if w >> s & 1)


DREIER_GAME = DreierGame()
"""The registered three-player game."""
