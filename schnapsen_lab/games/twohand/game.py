"""The two-player talon games as :class:`~schnapsen_lab.games.protocol.Game` objects, over
:mod:`schnapsen_lab.games.twohand.rules`.

:class:`TalonGame` is everything a game of the family says to the generic layers (seats A
and B, the notation, the results, the match); a game of the family subclasses it with its
key, its names and its profiles (:mod:`schnapsen_lab.games.schnapsen.game`,
:mod:`schnapsen_lab.games.sechsundsechzig.game`). The profile's fields decide closing,
following, scoring and how the match is kept, so this adapter never reads a name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...cards import CARD_TOKENS, Pack, spellings
from ...match import MatchRules, MatchState
from ..protocol import Game
from .rules import (
    CLAIM,
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

__all__ = ["PARTS", "TalonGame", "tokens_of"]

PARTS: Mapping[str, str] = {
    "kit": "schnapsen_lab.games.twohand.replay:KIT",
    "drawing": "schnapsen_lab.games.twohand.html:DRAWING",
    "page": "schnapsen_lab.games.twohand.share:deal_data",
    "selfplay": "schnapsen_lab.games.twohand.selfplay:match_text",
    "table": "schnapsen_lab.games.twohand.table:Table",
    "stats": "schnapsen_lab.games.twohand.stats",
    "players": "schnapsen_lab.games.twohand.players:PLAYERS",
}
"""The parts every game of the family declares: the family's own (a game with a part of
its own gives its own mapping)."""

_CLAIM, _EXCHANGE, _CLOSE = ActionKind.CLAIM, ActionKind.EXCHANGE, ActionKind.CLOSE
_RULES: dict[Profile, MatchRules] = {}


def tokens_of(pack: Pack, any_marriage: bool = False) -> dict[str, Action]:
    """The common spellings of every token of a game dealt from ``pack``, exactly as
    written and in lower case (cards, ``X``, ``C``, ``KH+20``, ``66``); with
    ``any_marriage`` a marriage token with any card (``9D+20``), which the referee then
    refuses by its marriage rule rather than the reader as no token."""
    out: dict[str, Action] = {"X": parse_action("X"), "C": parse_action("C"), "66": CLAIM}
    for c in pack.cards:
        for sp in spellings(c):
            out[sp] = parse_action(str(c))
            if c.rank in (2, 3) or any_marriage:
                for pts in (20, 40):
                    out[f"{sp}+{pts}"] = (parse_action(f"{c}+{pts}") if c.rank in (2, 3)
                                          else Action(ActionKind.MARRIAGE, c, pts))
    out.update((t.lower(), a) for t, a in list(out.items()))
    return out


class TalonGame(Game[Position, Action, Profile]):
    """A two-player talon game: seats A and B, the family's referee, match accounting.

    A subclass gives ``key``, ``title``, ``variant_names``, ``default_profile``,
    ``profiles``, ``deck_rule`` and ``parts``; the tokens follow the default profile's
    pack.
    """

    seats = ("A", "B")
    name_tags = ("PlayerA", "PlayerB")
    tag_order = ("Event", "Site", "Date", "Round", "Variant", "PlayerA", "PlayerB", "Match",
                 "Deal", "Dealer", "Rules", "Deck", "Score", "Result")
    default_profile = SOFT
    seat_values = SEATS
    unfinished = End.UNFINISHED
    places = ("bottom", "top")
    _tokens: ClassVar[dict[str, Action]]
    variant_tag: ClassVar[str | None] = None
    """The Variant tag a record of the game carries (None: the game of records without
    one)."""
    any_marriage_token: ClassVar[bool] = False
    """Whether a marriage token with a card other than K or Q is read as a (refused)
    marriage, not as no token."""

    def owns_profile(self, profile: object) -> bool:
        """Whether ``profile`` is a profile of this game (its ``game`` field)."""
        return isinstance(profile, Profile) and profile.game == self.key

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._tokens = tokens_of(cls.default_profile.pack, cls.any_marriage_token)
        cls.tokens = cls._tokens

    def side_names(self, pos: Position) -> tuple[str, ...]:
        """``A`` and ``B``."""
        return self.seats

    def deal(self, deck: tuple[int, ...], tags: Mapping[str, str], profile: Profile,
             dealer: int) -> Position:
        """The deal of the deck order (S3); no other tag matters."""
        return Position.dealt(deck, dealer, profile)

    def start_tags(self, pos: Position) -> dict[str, str]:
        """Variant (unless the game is that of records without one), Dealer, Rules and
        Deck."""
        tags = {} if self.variant_tag is None else {"Variant": self.variant_tag}
        tags.update({"Dealer": self.seats[pos.dealer], "Rules": pos.profile.name,
                     "Deck": " ".join([CARD_TOKENS[c] for c in pos.deck])})
        return tags

    def parse_action(self, token: str) -> Action:
        """A two-player token: a card, ``X``, ``C``, ``KH+20``, ``66``."""
        a = self._tokens.get(token)
        if a is None:
            a = self._tokens.get(token.strip().upper())
            if a is None:
                a = parse_action(token)  # raises ValueError with its message
                if a.card is not None and not self.default_profile.pack.holds(a.card):
                    raise ValueError(f"not an action: {token!r} (no such card in "
                                     f"{self.title}'s {self.default_profile.pack.size} cards)")
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
        """winner, game_points, end, closed_by, scores, tricks (PSN.md); with a last-trick
        bonus in the profile, ``bonus`` too (SECHSUNDSECHZIG.md "Records")."""
        out: Outcome | None = final.outcome if final is not None and main_line_ok else None
        end = None
        if main_line_ok:
            end = out.end.value if out is not None else "unfinished"
        return {
            "winner": str(out.winner) if out and out.winner is not None else None,
            "game_points": out.game_points if out else None,
            "end": end,
            "closed_by": ("AB"[final.closed_by] if final is not None and final.closed_by >= 0
                          else None),
            "scores": ({"A": final.score(0), "B": final.score(1)} if final is not None
                       else None),
            "tricks": ({"A": final.tricks[0], "B": final.tricks[1]} if final is not None
                       else None),
            **({"bonus": ("AB"[final.bonus_to] if final is not None and final.bonus_to >= 0
                          else None)} if self.default_profile.last_trick_bonus else {}),
        }

    def match_rules(self, profile: Profile) -> MatchRules:
        """Counters A and B from the profile's start to its target; B deals first."""
        r = _RULES.get(profile)
        if r is None:
            r = _RULES[profile] = MatchRules(("A", "B"), profile.match_start,
                                             profile.match_target, 2, 1)
        return r

    def match_gains(self, outcome: Any, profile: Profile) -> tuple[tuple[int, int], ...]:
        """The winner's counter moves by the game points (none for a standoff)."""
        if outcome is None or outcome.winner is None:
            return ()
        return ((int(outcome.winner), outcome.game_points),)

    def after_deal(self, match: MatchState, pos: Position | None, profile: Profile,
                   dealer: int | None = None) -> MatchState:
        """The match after a deal; a standoff (6G4) carries a point to the next deal's
        winner, who is paid every point carried."""
        outcome = pos.outcome if pos is not None else None
        if outcome is None:
            return match.after(None, dealer)
        if outcome.winner is None:
            return match.after((), dealer, carry=match.carry + 1)
        gains = ((int(outcome.winner), outcome.game_points + match.carry),)
        return match.after(gains, dealer, carry=0)

    def match_fields(self, state: MatchState | None) -> dict[str, Any]:
        """``carry`` where the profile has standoffs: the points still waiting after the
        deal in its match (None outside a match)."""
        if not self.default_profile.standoff:
            return {}
        return {"carry": state.carry if state is not None else None}


