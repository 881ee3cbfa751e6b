"""Four-player Bauernschnapsen as a :class:`~schnapsen_lab.games.protocol.Game` (BAUERN.md
"Records").

Registered under the Variant tag ``bauern``. Seats N, E, S, W (tags North, East, South,
West); the start reads Deck (BD1) and Cut (``cut``, the default, or ``knock``, BD3);
matches count up from 0 to the profile's target, per team (``NS``, ``EW``) or, with
called partners, per player (BX1, BC5); the dealer passes clockwise, N first (BS2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import CARD_TOKENS
from ...match import MatchRules
from ..auction.game import AuctionGame
from ..protocol import SetupError
from .rules import (
    BAUERN,
    PROFILES,
    SEATS,
    TOKENS,
    Action,
    End,
    Partners,
    Position,
    Profile,
    parse_action,
)

__all__ = ["BAUERN_GAME", "BauernGame"]

_FIXED_KEYS = ("NS", "EW")
_RULES: dict[Profile, MatchRules] = {}
_PLAYER_KEYS = ("N", "E", "S", "W")


class BauernGame(AuctionGame[Position, Profile]):
    """Bauernschnapsen for four seats, fixed or called partners."""

    key = "bauern"
    title = "Bauernschnapsen"
    variant_names = ("bauern", "bauernschnapsen")
    seats = ("N", "E", "S", "W")
    name_tags = ("North", "East", "South", "West")
    tag_order = ("Event", "Site", "Date", "Round", "Variant", "North", "East", "South",
                 "West", "Match", "Deal", "Dealer", "Cut", "Rules", "Deck", "Score", "Result")
    default_profile = BAUERN
    profiles: Mapping[str, Profile] = PROFILES
    tokens: Mapping[str, Action] = TOKENS
    seat_values = SEATS
    deck_rule = "BD1"
    unfinished = End.UNFINISHED
    places = ("bottom", "left", "top", "right")
    parts: Mapping[str, str] = {
        "kit": "schnapsen_lab.games.bauern.replay:KIT",
        "drawing": "schnapsen_lab.games.bauern.html:DRAWING",
        "page": "schnapsen_lab.games.bauern.share:deal_data",
        "selfplay": "schnapsen_lab.games.bauern.selfplay:match_text",
        "table": "schnapsen_lab.games.bauern.table:BauernTable",
        "widget": "schnapsen_lab.widgets.bauern:BauernPracticeTable",
        "stats": "schnapsen_lab.games.bauern.stats",
        "players": "schnapsen_lab.games.bauern.players:PLAYERS",
        "review": "schnapsen_lab.review_four:run_command",
    }

    def deal(self, deck: tuple[int, ...], tags: Mapping[str, str], profile: Profile,
             dealer: int) -> Position:
        """The deal of the deck order (BD1) after the Cut tag's cut or knock (BD2, BD3)."""
        cut = tags.get("Cut")
        knock = False
        if cut is not None:
            word = cut.strip().lower()
            if word not in ("cut", "knock"):
                raise SetupError("Cut", "PSN", f"Cut is cut or knock, not {cut!r}")
            knock = word == "knock"
            if knock and not profile.knock_allowed:
                raise SetupError("Cut", "BD3",
                                 f"the {profile.name} profile does not allow knocking")
        return Position.dealt(deck, dealer, profile, knock)

    def start_tags(self, pos: Position) -> dict[str, str]:
        """Variant, Dealer, Cut (when knocked), Rules, Deck."""
        tags = {"Variant": self.key, "Dealer": self.seats[pos.dealer]}
        if pos.knock:
            tags["Cut"] = "knock"
        tags["Rules"] = pos.profile.name
        tags["Deck"] = " ".join([CARD_TOKENS[c] for c in pos.deck])
        return tags

    def parse_action(self, token: str) -> Action:
        """A four-player token: ``T:H``, ``T:up``, ``P:AH``, a call, a card, ``KH+20``,
        ``66``."""
        return parse_action(token)

    def match_rules(self, profile: Profile) -> MatchRules:
        """Teams NS and EW (called partners: each player) from 0 to the target."""
        r = _RULES.get(profile)
        if r is None:
            keys = _PLAYER_KEYS if profile.partners is Partners.CALLED else _FIXED_KEYS
            r = _RULES[profile] = MatchRules(keys, 0, profile.match_target, 4, 0)
        return r

    def match_gains(self, outcome: Any, profile: Profile) -> tuple[tuple[int, int], ...]:
        """Every player of the winning side (BC5), or the winning team."""
        if outcome is None:
            return ()
        gp = outcome.game_points
        w = outcome.winners
        if profile.partners is Partners.CALLED:
            return tuple((s, gp) for s in range(4) if w >> s & 1)
        return ((0 if w & 1 else 1, gp),)


BAUERN_GAME = BauernGame()
"""The registered four-player game."""
