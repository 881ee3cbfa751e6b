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
from ..protocol import Game, SetupError
from .rules import (
    BAUERN,
    PROFILES,
    SEATS,
    TOKENS,
    Action,
    End,
    Kind,
    Outcome,
    Partners,
    Phase,
    Position,
    Profile,
    parse_action,
)

__all__ = ["BAUERN_GAME", "BauernGame"]

_FIXED_KEYS = ("NS", "EW")
_PLAY = int(Phase.PLAY)
_RULES: dict[Profile, MatchRules] = {}
_PLAYER_KEYS = ("N", "E", "S", "W")


class BauernGame(Game[Position, Action, Profile]):
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
        "stats": "schnapsen_lab.games.bauern.stats",
        "players": "schnapsen_lab.games.bauern.players:PLAYERS",
        "review": "schnapsen_lab.review_four:run_command",
    }

    def side_names(self, pos: Position) -> tuple[str, ...]:
        """The deal's two sides: ``NS EW``, or forehand's side and the others."""
        return pos.side_names

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

    def trick_in_progress(self, pos: Position) -> bool:
        """Whether a card has been led to the trick under way."""
        return bool(pos.table)

    def number_before(self, pos: Position, action: Action, prev: Action | None) -> int | None:
        """Before each trick's first card (a card or a marriage lead)."""
        if pos.phase == _PLAY and not pos.table and (action.kind is Kind.PLAY
                                                 or action.kind is Kind.MARRIAGE):
            return pos.tricks_played + 1
        return None

    def actor(self, pos: Position, action: Action) -> str | None:
        """The seat to act; for ``66`` the seat that won the trick or announced."""
        if action.kind is Kind.CLAIM:
            return self.seats[pos.claim_seat] if pos.claim_seat >= 0 else None
        m = pos.to_move
        return None if m is None else self.seats[m]

    def completed_trick(self, before: Position, after: Position
                        ) -> tuple[tuple[int, ...], int, int] | None:
        """The four cards, the leader and the winner, when the fourth card fell."""
        if after.tricks_played == before.tricks_played or after.last_trick is None:
            return None
        return after.last_trick

    def marriage_counts(self, pos: Position, seat: int) -> bool:
        """In the normal game once the announcer's side has a trick; in Schnapser and
        Kontraschnapser only the declarer's own, once he has a trick; never in Gang and
        Bauernschnapser (BM2, BK5)."""
        c = pos.contract
        if c is None:
            return pos.side_tricks(pos.side[seat]) > 0
        return not c.all_tricks and seat == pos.declarer and pos.won[seat] > 0

    def result_text(self, outcome: Any) -> str:
        """``NS 2``, ``ESW 6``, ``N 12``; ``*`` unfinished."""
        return str(outcome) if outcome is not None else "*"

    def check_fields(self, final: Position | None, main_line_ok: bool) -> dict[str, Any]:
        """The two-player keys with sides for seats, plus contract, declarer, spritze."""
        out: Outcome | None = final.outcome if final is not None and main_line_ok else None
        end = None
        if main_line_ok:
            end = out.end.value if out is not None else "unfinished"
        d: dict[str, Any] = {
            "winner": out.winner if out else None,
            "game_points": out.game_points if out else None,
            "end": end,
            "closed_by": None,
            "scores": None,
            "tricks": None,
            "contract": None,
            "declarer": None,
            "spritze": False,
        }
        if final is not None:
            names = final.side_names
            d["scores"] = {names[0]: final.score(0), names[1]: final.score(1)}
            d["tricks"] = {names[0]: final.side_tricks(0), names[1]: final.side_tricks(1)}
            d["contract"] = final.contract.value if final.contract is not None else None
            d["declarer"] = self.seats[final.declarer] if final.declarer >= 0 else None
            d["spritze"] = final.spritze_stands
        return d

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
