"""Self-play the games with a round of calls share: who is asked what, the deal played
out, the match to its target and its records.

A player is asked only when it has a choice: more than one legal action, or whether to
claim (the claim question comes with ``view.legal == (CLAIM,)``; ``None`` declines):
right after its marriage announcement, and after the last trick when it won it. After
any other trick its side won, the claim is among the legal actions of its lead. The
simulator asks the seat that won the trick or announced; the claim is its side's.

Each game (``games/bauern/selfplay.py``, ``games/dreier/selfplay.py``) keeps its deal,
its seats and its rule ids in a :class:`SelfPlay` and its own ``PlayedDeal``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ...match import MatchState
from ...players.registry import make_player
from ...psn import Record, dumps
from ...tricks import IllegalAction
from ..protocol import reason
from .rules import CLAIM, Action, AuctionOutcome, AuctionPosition, Phase

__all__ = ["AuctionPlayedMatch", "PlayedOut", "SelfPlay", "match_rngs"]

P = TypeVar("P", bound=AuctionPosition)
D = TypeVar("D", bound="PlayedOut")
M = TypeVar("M", bound="AuctionPlayedMatch[Any]")
M_co = TypeVar("M_co", covariant=True)


class PlayedOut(Protocol):
    """What a game's played deal answers: its dealer, profile and outcome, and its record."""

    @property
    def dealer(self) -> Any:
        """The dealer's seat."""
        ...

    @property
    def profile(self) -> Any:
        """The profile it was played by."""
        ...

    @property
    def outcome(self) -> AuctionOutcome:
        """How it ended."""
        ...

    def record(self, tags: dict[str, str] | None = None) -> Record:
        """The deal as a PSN record with extra tags."""
        ...


@dataclass(frozen=True, slots=True)
class AuctionPlayedMatch(Generic[D]):
    """One simulated match: its number, the deals in order, the final counters."""

    number: int
    deals: tuple[D, ...]
    state: MatchState

    @property
    def counters(self) -> dict[str, int]:
        """The final counters by name."""
        return self.state.counters_dict()


def match_rngs(game: str, seats: str, seed: int, number: int) -> tuple[random.Random, ...]:
    """The generators of match ``number`` of ``seed`` in the game named ``game``: decks
    and the first dealer (and whatever else the game draws for a deal); then one for
    each seat, ``seats`` their letters."""
    base = f"schnapsen-lab/{game}/{seed}/{number}"
    return (random.Random(base + "/deck"), *(random.Random(f"{base}/{s}") for s in seats))


class PlaysMatch(Protocol[M_co]):
    """How a game plays match ``number`` of ``seed`` between ``players`` (by seat)."""

    def __call__(self, players: Sequence[Any], seed: int, number: int = ...,
                 profile: Any = ..., *, explain: bool = False) -> M_co:
        """The match played; with ``explain`` each choice noted."""
        ...


@dataclass(frozen=True, slots=True)
class SelfPlay(Generic[P, M]):
    """One game's self-play: its ``Game`` object and registry name, its seats, the
    rule ids of a player that chose nothing and of an action not the player's to make,
    how a seat sees the position (``view``) and which side it knows it is on, how it
    plays match ``number`` of ``seed`` (``play_match(players, seed, number, profile)``)
    and its default profile."""

    game: Any
    name: str
    seats: Sequence[Any]
    no_action_rule: str
    not_yours_rule: str
    view: Callable[[P, int, list[Action]], Any]
    known_side: Callable[[P, int], int]
    play_match: PlaysMatch[M]
    profile: Any

    def players(self, players: Sequence[Any]) -> list[Any]:
        """The players by seat, names looked up with ``make_player``; raise ValueError
        when there are not as many as seats."""
        seats = [make_player(p, game=self.name) if isinstance(p, str) else p for p in players]
        if len(seats) != len(self.seats):
            raise ValueError(f"{len(self.seats)} players, {' '.join(map(str, self.seats))}")
        return seats

    def ask(self, pos: P, seat: int, player: Any, rng: random.Random,
            legal: Sequence[Action]) -> Action | None:
        """What ``player`` at ``seat`` chooses among ``legal`` (None: nothing)."""
        choose = getattr(player, "choose", None)
        if choose is not None:
            ok = pos.contract is None and pos.score_of(self.known_side(pos, seat)) >= 66
            a: Action | None = choose(legal, ok, rng)
            return a
        b: Action | None = player.act(self.view(pos, seat, list(legal)), rng)
        return b

    def illegal(self, pos: P, player: Any, seat: int, a: Action | None,
                legal: Sequence[Action]) -> IllegalAction:
        """The refusal of ``a``, chosen by ``player`` at ``seat``, with its rule id."""
        who = f"player {player.name!r} ({self.seats[seat]})"
        if a is None:
            return pos.illegal_action(self.no_action_rule, f"{who} chose no action", legal)
        err = pos.check(a)
        rule, why = (err if err is not None
                     else (self.not_yours_rule, f"{a} is not {who}'s to make now"))
        return pos.illegal_action(rule, f"{who} chose {a}: {why}", legal)

    def claim_asked(self, pos: P, seat: int, player: Any, rng: random.Random) -> bool:
        """Ask ``seat`` whether its side claims now; apply the claim if it does."""
        a = self.ask(pos, seat, player, rng, (CLAIM,))
        if a is None:
            return False
        if a is not CLAIM:
            raise self.illegal(pos, player, seat, a, (CLAIM,))
        pos.apply_unchecked(CLAIM)
        return True

    def play_out(self, pos: P, players: Sequence[Any], gens: Sequence[random.Random],
                 explain: bool) -> tuple[tuple[Action, ...], tuple[str | None, ...]]:
        """Play the deal from ``pos`` (changed in place) to its end: the actions, and
        with ``explain`` what each player said each choice it was asked for rested on
        (else no notes)."""
        actions: list[Action] = []
        notes: list[str | None] = []
        while True:
            legal = pos.legal_actions()
            if not legal:
                break
            if pos.phase == Phase.OVER:  # the claim after the last trick
                cs = pos.claim_seat
                if self.claim_asked(pos, cs, players[cs], gens[cs]):
                    actions.append(CLAIM)
                    notes.append(reason(players[cs]) if explain else None)
                break
            seat = pos.turn
            if CLAIM in legal:
                cs = pos.claim_seat
                if cs != seat:  # right after a marriage announcement: the announcer's side
                    if self.claim_asked(pos, cs, players[cs], gens[cs]):
                        actions.append(CLAIM)
                        notes.append(reason(players[cs]) if explain else None)
                        break
                    legal = [a for a in legal if a is not CLAIM]
            note = None
            if len(legal) == 1:
                chosen = legal[0]
            else:
                a = self.ask(pos, seat, players[seat], gens[seat], legal)
                if a is None or a not in legal:
                    raise self.illegal(pos, players[seat], seat, a, legal)
                chosen = a
                note = reason(players[seat]) if explain else None
            pos.apply_unchecked(chosen)
            actions.append(chosen)
            notes.append(note)
            if chosen is CLAIM:
                break
        assert pos.outcome is not None
        return tuple(actions), tuple(notes) if explain else ()

    def to_target(self, profile: Any, deck_rng: random.Random,
                  deal: Callable[[list[int], int], D]) -> tuple[tuple[D, ...], MatchState]:
        """The deals of a match to the profile's target and its final counters: the
        first dealer drawn by lot from ``deck_rng``, each deck shuffled by it, then
        played by ``deal(deck, dealer)``."""
        state = self.game.new_match(profile, deck_rng.randrange(len(self.seats)))
        deals: list[D] = []
        deck = [int(c) for c in profile.pack.cards]
        while not state.is_decided:
            deck_rng.shuffle(deck)
            played = deal(deck, state.dealer)
            deals.append(played)
            state = state.after(self.game.match_gains(played.outcome, profile))
        return tuple(deals), state

    def simulate(self, players: Sequence[str], matches: int, seed: int = 0,
                 profile: Any = None, first: int = 1) -> Iterator[M]:
        """Matches ``first .. first + matches - 1`` between registered players (by
        seat), in order, by ``profile`` (None: the game's default); raise KeyError on an
        unknown name."""
        for p in players:
            make_player(p, game=self.name)  # fail early on an unknown name
        for n in range(first, first + matches):
            yield self.play_match(players, seed, n, self.profile if profile is None else profile)

    def match_records(self, played: AuctionPlayedMatch[Any], names: Sequence[str],
                      match_id: str | None = None,
                      extra_tags: dict[str, str] | None = None) -> list[Record]:
        """The deals of a match as PSN records with the players' name tags (in seat
        order), Match, Deal and Score (the counters before each deal: by team, or by
        player)."""
        mid = match_id if match_id is not None else str(played.number)
        out: list[Record] = []
        if not played.deals:
            return out
        profile = played.deals[0].profile
        state = self.game.new_match(profile, int(played.deals[0].dealer))
        for k, d in enumerate(played.deals, 1):
            tags = dict(extra_tags or {})
            tags.update(zip(self.game.name_tags, names, strict=True))
            tags.update({"Match": mid, "Deal": str(k), "Score": state.score_text})
            out.append(d.record(tags))
            state = state.after(self.game.match_gains(d.outcome, profile), int(d.dealer))
        return out

    def match_text(self, players: Sequence[str], seed: int, number: int, profile: Any,
                   match_id: str, names: Sequence[str], *, explain: bool = False) -> str:
        """Match ``number`` of ``seed`` between the named players (by seat) as
        canonical PSN (the game's part ``selfplay``); with ``explain``, what a player
        said each choice rested on is a comment after it."""
        played = self.play_match(players, seed, number, profile, explain=explain)
        return dumps(self.match_records(played, names, match_id))
