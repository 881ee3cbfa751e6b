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
from ..protocol import Game
from .rules import (
    DREIER,
    PROFILES,
    SEATS,
    TOKENS,
    Action,
    End,
    Kind,
    Outcome,
    Phase,
    Position,
    Profile,
    parse_action,
)

__all__ = ["DREIER_GAME", "DreierGame"]

_PLAY = int(Phase.PLAY)
_RULES: dict[Profile, MatchRules] = {}


class DreierGame(Game[Position, Action, Profile]):
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
        "review": "schnapsen_lab.review_four:run_command",
        "selfplay": "schnapsen_lab.games.dreier.selfplay:match_text",
        "players": "schnapsen_lab.games.dreier.players:PLAYERS",
    }

    def side_names(self, pos: Position) -> tuple[str, ...]:
        """The deal's two sides: the declarer and the two defenders (``B``, ``AC``)."""
        return pos.side_names

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
        """The three cards, the leader and the winner, when the third card fell."""
        if after.tricks_played == before.tricks_played or after.last_trick is None:
            return None
        return after.last_trick

    def marriage_counts(self, pos: Position, seat: int) -> bool:
        """In the normal game once the announcer's side has a trick; in Schnapser and
        Kontraschnapser only the declarer's own, once he has a trick; never in the other
        contracts (3M2, 3K6)."""
        c = pos.contract
        if c is None:
            return pos.side_tricks(pos.side[seat]) > 0
        return c.points_count and seat == pos.declarer and pos.won[seat] > 0

    def result_text(self, outcome: Any) -> str:
        """``A 2``, ``BC 8``; ``*`` unfinished."""
        return str(outcome) if outcome is not None else "*"

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
        """The two-player keys with sides for seats, plus contract, declarer, spritze
        (DREIER.md "Records")."""
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
            "spritze": None,
        }
        if final is not None:
            names = final.side_names
            d["scores"] = {names[0]: final.score(0), names[1]: final.score(1)}
            d["tricks"] = {names[0]: final.side_tricks(0), names[1]: final.side_tricks(1)}
            if main_line_ok:
                d["contract"] = final.contract.value if final.contract is not None else None
                d["declarer"] = self.seats[final.holder]
                d["spritze"] = final.spritze >= 0
        return d

    def match_rules(self, profile: Profile) -> MatchRules:
        """Each player from 0 to the target (3X1); C deals first (3S2)."""
        r = _RULES.get(profile)
        if r is None:
            r = _RULES[profile] = MatchRules(self.seats, 0, profile.match_target, 3, 2)
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
