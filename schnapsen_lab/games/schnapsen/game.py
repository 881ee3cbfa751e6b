"""Two-player Schnapsen as a :class:`~schnapsen_lab.games.protocol.Game`, over
:mod:`schnapsen_lab.games.schnapsen.rules`.

The game of every record without a Variant tag. Its profiles are the referee's
(``soft``, ``strict``, ``beginner`` and ``bauern2``, BAUERN.md BZ, or a house profile);
the profile's fields decide closing, following, scoring thresholds and how the match is
kept (:class:`~schnapsen_lab.games.schnapsen.rules.Profile`), so this adapter never reads a name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import CARD_TOKENS, PACK20, spellings
from ...match import MatchRules
from ..protocol import Game
from .rules import (
    CLAIM,
    PROFILES,
    SEATS,
    SOFT,
    Action,
    ActionKind,
    End,
    Outcome,
    Position,
    Profile,
    parse_action,
)

__all__ = ["SCHNAPSEN", "SchnapsenGame"]

_TOKENS: dict[str, Action] = {"X": parse_action("X"), "C": parse_action("C"), "66": CLAIM}
for _c in PACK20.cards:
    for _sp in spellings(_c):
        _TOKENS[_sp] = parse_action(str(_c))
        if _c % 5 in (2, 3):
            for _pts in (20, 40):
                _TOKENS[f"{_sp}+{_pts}"] = parse_action(f"{_c}+{_pts}")
_EXACT: dict[str, Action] = dict(_TOKENS)
_CLAIM, _EXCHANGE, _CLOSE = ActionKind.CLAIM, ActionKind.EXCHANGE, ActionKind.CLOSE
_RULES: dict[Profile, MatchRules] = {}
_EXACT.update((t.lower(), a) for t, a in _TOKENS.items())


class SchnapsenGame(Game[Position, Action, Profile]):
    """Two-player Schnapsen: seats A and B, the RULES.md referee, Bummerl accounting."""

    key = "schnapsen"
    title = "Schnapsen"
    variant_names = ("schnapsen",)
    seats = ("A", "B")
    name_tags = ("PlayerA", "PlayerB")
    tag_order = ("Event", "Site", "Date", "Round", "Variant", "PlayerA", "PlayerB", "Match",
                 "Deal", "Dealer", "Rules", "Deck", "Score", "Result")
    default_profile = SOFT
    profiles: Mapping[str, Profile] = PROFILES
    tokens: Mapping[str, Action] = _EXACT
    seat_values = SEATS
    deck_rule = "S3"
    unfinished = End.UNFINISHED
    places = ("bottom", "top")
    solvable = True
    parts: Mapping[str, str] = {
        "kit": "schnapsen_lab.games.schnapsen.replay:KIT",
        "drawing": "schnapsen_lab.games.schnapsen.html:DRAWING",
        "page": "schnapsen_lab.games.schnapsen.share:deal_data",
        "selfplay": "schnapsen_lab.games.schnapsen.selfplay:match_text",
        "table": "schnapsen_lab.games.schnapsen.table:Table",
        "stats": "schnapsen_lab.games.schnapsen.stats",
        "players": "schnapsen_lab.games.schnapsen.players:PLAYERS",
    }

    def side_names(self, pos: Position) -> tuple[str, ...]:
        """``A`` and ``B``."""
        return self.seats

    def deal(self, deck: tuple[int, ...], tags: Mapping[str, str], profile: Profile,
             dealer: int) -> Position:
        """The deal of the deck order (S3); no other tag matters."""
        return Position.dealt(deck, dealer, profile)

    def start_tags(self, pos: Position) -> dict[str, str]:
        """Dealer, Rules and Deck."""
        return {"Dealer": self.seats[pos.dealer], "Rules": pos.profile.name,
                "Deck": " ".join([CARD_TOKENS[c] for c in pos.deck])}

    def parse_action(self, token: str) -> Action:
        """A two-player token: a card, ``X``, ``C``, ``KH+20``, ``66``."""
        a = _EXACT.get(token)
        if a is None:
            a = _TOKENS.get(token.strip().upper())
            if a is None:
                return parse_action(token)  # raises ValueError with its message
        return a

    def trick_in_progress(self, pos: Position) -> bool:
        """Whether a card has been led to the trick under way."""
        return pos.lead >= 0

    def number_before(self, pos: Position, action: Action, prev: Action | None) -> int | None:
        """Before a trick's first token (which may be ``X`` or ``C``)."""
        if pos.lead >= 0 or action.kind is _CLAIM or pos.outcome is not None:
            return None
        if prev is not None and (prev.kind is _EXCHANGE or prev.kind is _CLOSE):
            return None
        t = pos.tricks
        return t[0] + t[1] + 1

    def actor(self, pos: Position, action: Action) -> str | None:
        """The player to move; for ``66`` the claimant."""
        if action.kind is ActionKind.CLAIM:
            return self.seats[pos.claim_by] if pos.claim_by >= 0 else None
        m = pos.to_move
        return None if m is None else self.seats[m]

    def legal(self, pos: Position) -> list[Action]:
        """The referee's list, with the claim the last trick's winner may still make."""
        out = pos.legal_actions()
        if not out and pos.outcome is not None and pos.check(CLAIM) is None:
            out = [CLAIM]
        return out

    def completed_trick(self, before: Position, after: Position
                        ) -> tuple[tuple[int, ...], int, int] | None:
        """Lead and follow, the leader and the winner, when the follower's card fell."""
        if after.tricks_played == before.tricks_played or after.last_trick is None:
            return None
        lead, follow, winner = after.last_trick
        return ((lead, follow), before.leader, winner)

    def marriage_counts(self, pos: Position, seat: int) -> bool:
        """Once the announcer has won a trick (M2)."""
        return pos.tricks[seat] > 0

    def result_text(self, outcome: Any) -> str:
        """``A 2`` or ``*``."""
        return str(outcome) if outcome is not None else "*"

    def check_fields(self, final: Position | None, main_line_ok: bool) -> dict[str, Any]:
        """winner, game_points, end, closed_by, scores, tricks (PSN.md)."""
        out: Outcome | None = final.outcome if final is not None and main_line_ok else None
        end = None
        if main_line_ok:
            end = out.end.value if out is not None else "unfinished"
        return {
            "winner": str(out.winner) if out else None,
            "game_points": out.game_points if out else None,
            "end": end,
            "closed_by": ("AB"[final.closed_by] if final is not None and final.closed_by >= 0
                          else None),
            "scores": ({"A": final.score(0), "B": final.score(1)} if final is not None
                       else None),
            "tricks": ({"A": final.tricks[0], "B": final.tricks[1]} if final is not None
                       else None),
        }

    def match_rules(self, profile: Profile) -> MatchRules:
        """Counters A and B from the profile's start to its target; B deals first."""
        r = _RULES.get(profile)
        if r is None:
            r = _RULES[profile] = MatchRules(("A", "B"), profile.match_start,
                                             profile.match_target, 2, 1)
        return r

    def match_gains(self, outcome: Any, profile: Profile) -> tuple[tuple[int, int], ...]:
        """The winner's counter moves by the game points."""
        if outcome is None:
            return ()
        return ((int(outcome.winner), outcome.game_points),)


SCHNAPSEN = SchnapsenGame()
"""The registered two-player game."""
