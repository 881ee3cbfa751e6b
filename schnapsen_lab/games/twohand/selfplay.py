"""Two-player self-play: deals and whole Bummerls between two players, refereed by the
engine (the game's part ``selfplay`` is :func:`match_text`).

Everything is deterministic: match ``n`` of seed ``s`` draws its first dealer and its decks
from a generator seeded by ``(s, n)`` alone, and each player draws from its own generator
seeded the same way (and the decks of deal ``k`` of match ``n`` do not depend on the
players).

A player is asked only when it has a choice: more than one legal action, or the
question whether to claim (right after its marriage announcement, E2 b, and after the
last trick when it won it, E2 a; ``view.legal == (CLAIM,)``, ``None`` declines).
An action the rules forbid raises :class:`~schnapsen_lab.games.twohand.rules.IllegalAction`
naming the player.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol, cast, runtime_checkable

from ...cards import CARDS, Card
from ...players.registry import make_player
from ...psn import Record, dumps
from .knowledge import view
from .match import Bummerl
from .players.base import Player, ScoreAware, reason
from .rules import CLAIM, SEATS, SOFT, Action, IllegalAction, Outcome, Position, Profile, Seat

__all__ = [
    "PlayedDeal",
    "PlayedMatch",
    "QuickPlayer",
    "deal_records",
    "match_records",
    "match_rngs",
    "match_text",
    "play_bummerl",
    "play_deal",
]


@runtime_checkable
class QuickPlayer(Protocol):
    """A player whose choice depends only on the legal actions and on whether a claim
    would be correct; the simulator then calls :meth:`choose` and builds no view.

    ``choose(view.legal, view.my_score >= 66, rng)`` must be exactly what ``act`` does.
    """

    name: str

    def choose(self, legal: Sequence[Action], claim_correct: bool,
               rng: random.Random) -> Action | None:
        """The choice from the legal actions alone."""
        ...


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One simulated deal: its deck, dealer and profile, every action, and the outcome;
    with ``explain``, ``notes`` holds for each action what its player said it rested on
    (:class:`~schnapsen_lab.games.protocol.Explains`; None where it said
    nothing or was not asked)."""

    deck: tuple[Card, ...]
    dealer: Seat
    profile: Profile
    actions: tuple[Action, ...]
    outcome: Outcome
    notes: tuple[str | None, ...] = ()

    def record(self, tags: dict[str, str] | None = None) -> Record:
        """The deal as a PSN record with extra tags (each action was refereed as it was
        played, so it is not checked again), each note a comment after its action."""
        return Record.from_actions(self.deck, self.actions, dealer=self.dealer,
                                   profile=self.profile, tags=tags, trusted=True,
                                   notes=self.notes)


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """One simulated Bummerl: its number, the deals in order, the final counters and the
    profile it was played by (whose ``match_start`` and ``match_target`` keep it)."""

    number: int
    deals: tuple[PlayedDeal, ...]
    counters: tuple[int, int]
    profile: Profile = SOFT

    @property
    def winner(self) -> Seat:
        """The player whose counter reached the target first (B1: 0; BZ5: 21)."""
        won = Bummerl(self.counters, Seat.B, len(self.deals), self.profile.match_start,
                      self.profile.match_target).winner
        assert won is not None, "the Bummerl is not decided"
        return won


# -- one deal ------------------------------------------------------------------------------------

@functools.cache
def _score_aware(kind: type) -> bool:
    """Whether players of the class ``kind`` are :class:`ScoreAware` (the protocol's slow
    isinstance check made once a class)."""
    return callable(getattr(kind, "new_deal", None))


def _is_quick(player: Player) -> bool:
    """Whether the player is a :class:`QuickPlayer` (checked without the slow isinstance)."""
    return callable(getattr(player, "choose", None))


def _pick(legal: Sequence[Action], a: Action) -> Action | None:
    """The legal action equal to ``a`` (the engine's own object), or None."""
    for x in legal:
        if x is a:
            return x
    for x in legal:
        if x == a:
            return x
    return None


def _illegal(pos: Position, player: Player, seat: int, a: Action | None,
             legal: Sequence[Action]) -> IllegalAction:
    who = f"player {player.name!r} ({SEATS[seat]})"
    if a is None:
        return IllegalAction("H1", f"{who} chose no action", legal)
    err = pos.check(a)
    rule, why = err if err is not None else ("E2", f"{a} is not {who}'s to make now")
    return IllegalAction(rule, f"{who} chose {a}: {why}", legal)


def _ask(pos: Position, seat: int, player: Player, quick: bool, rng: random.Random,
         legal: Sequence[Action]) -> Action | None:
    """The player's answer (not yet checked)."""
    if quick:
        return player.choose(legal, pos.claim_is_correct(seat), rng)  # type: ignore[attr-defined, no-any-return]
    v = view(pos, seat)
    if len(v.legal) != len(legal):
        v = replace(v, legal=tuple(legal))
    return player.act(v, rng)


_CLAIM_ONLY = (CLAIM,)


def _claims(pos: Position, seat: int, player: Player, quick: bool,
            rng: random.Random, notes: list[str | None] | None = None) -> bool:
    """Ask ``seat`` whether to claim now (E2); apply the claim if it does (and, with
    ``notes``, add what the player said)."""
    a = _ask(pos, seat, player, quick, rng, _CLAIM_ONLY)
    if a is None:
        return False
    if _pick(_CLAIM_ONLY, a) is None:
        raise _illegal(pos, player, seat, a, _CLAIM_ONLY)
    pos.apply_unchecked(CLAIM)
    if notes is not None:
        notes.append(reason(player))
    return True


def play_deal(players: Sequence[Player], deck: Sequence[int | Card], dealer: Seat | int,
              profile: Profile = SOFT,
              rngs: Sequence[random.Random] | None = None, *,
              explain: bool = False) -> PlayedDeal:
    """Play one deal from a deck order: ``players[0]`` is A, ``players[1]`` is B.

    ``rngs`` gives each player its generator (default: two seeded with 0 and 1). With
    ``explain`` each choice a player was asked for is noted with what it said it rested
    on (:attr:`PlayedDeal.notes`).
    """
    pa, pb = players[0], players[1]
    ps = (pa, pb)
    quick = (_is_quick(pa), _is_quick(pb))
    gens = tuple(rngs) if rngs is not None else (random.Random(0), random.Random(1))
    pos = Position.deal(deck, dealer, profile)
    actions: list[Action] = []
    notes: list[str | None] | None = [] if explain else None
    while True:
        legal = pos.legal_actions()
        if pos.outcome is not None:
            if legal:  # the last trick's winner may still claim (E2 a)
                c = pos.leader
                if _claims(pos, c, ps[c], quick[c], gens[c], notes):
                    actions.append(CLAIM)
            break
        leader = pos.leader
        if pos.lead >= 0:
            seat = 1 - leader
            if pos.lead_marriage and any(x is CLAIM for x in legal):
                # the announcer may claim before the follower plays (E2 b)
                if _claims(pos, leader, ps[leader], quick[leader], gens[leader], notes):
                    actions.append(CLAIM)
                    break
                legal = [x for x in legal if x is not CLAIM]
        else:
            seat = leader
        if len(legal) == 1:
            chosen = legal[0]
            if notes is not None:
                notes.append(None)
        else:
            a = _ask(pos, seat, ps[seat], quick[seat], gens[seat], legal)
            picked = _pick(legal, a) if a is not None else None
            if picked is None:
                raise _illegal(pos, ps[seat], seat, a, legal)
            chosen = picked
            if notes is not None:
                notes.append(reason(ps[seat]))
        pos.apply_unchecked(chosen)
        actions.append(chosen)
    assert pos.outcome is not None
    return PlayedDeal(tuple(CARDS[c] for c in pos.deck), SEATS[pos.dealer], profile,
                      tuple(actions), pos.outcome, tuple(notes or ()))


# -- a Bummerl -----------------------------------------------------------------------------------

def match_rngs(seed: int, number: int) -> tuple[random.Random, random.Random, random.Random]:
    """The generators of match ``number`` of ``seed``: decks and first dealer, A's, B's."""
    base = f"schnapsen-lab/{seed}/{number}"
    return (random.Random(base + "/deck"), random.Random(base + "/A"),
            random.Random(base + "/B"))


def play_bummerl(players: Sequence[Player], seed: int, number: int = 1,
                 profile: Profile = SOFT, *, explain: bool = False) -> PlayedMatch:
    """Play one whole Bummerl (B1) between ``players`` (A, B): match ``number`` of ``seed``.

    The first dealer is drawn by lot (S2), then the dealer alternates; the counters go
    from the profile's start to its target (B1: 7 down to 0; ``bauern2``: 0 up to 21).
    A player that is :class:`~schnapsen_lab.games.twohand.players.base.ScoreAware` is told the
    counters and the dealer before each deal. ``explain`` notes each choice as
    :func:`play_deal` does.
    """
    deck_rng, rng_a, rng_b = match_rngs(seed, number)
    state = Bummerl.new(profile, Seat.A if deck_rng.random() < 0.5 else Seat.B)
    deals: list[PlayedDeal] = []
    deck = [int(c) for c in profile.pack.cards]
    while not state.is_decided:
        deck_rng.shuffle(deck)
        for p in players:
            if _score_aware(type(p)):  # a player who plays for the Bummerl
                cast(ScoreAware, p).new_deal(state.counters, state.dealer)
        played = play_deal(players, deck, state.dealer, profile, (rng_a, rng_b),
                           explain=explain)
        deals.append(played)
        state = state.after(played.outcome)
    return PlayedMatch(number, tuple(deals), state.counters, profile)


def deal_records(played: PlayedMatch, names: tuple[str, str], match_id: str | None = None,
                 extra_tags: dict[str, str] | None = None) -> list[Record]:
    """The deals of a match as PSN records with PlayerA/PlayerB, Match, Deal, Score tags."""
    mid = match_id if match_id is not None else str(played.number)
    out: list[Record] = []
    state = Bummerl.new(played.profile)
    for k, d in enumerate(played.deals, 1):
        tags = dict(extra_tags or {})
        tags.update({"PlayerA": names[0], "PlayerB": names[1], "Match": mid, "Deal": str(k),
                     "Score": f"{state.counters[0]}-{state.counters[1]}"})
        out.append(d.record(tags))
        state = state.after(d.outcome, d.dealer)
    return out


def match_text(players: Sequence[str], seed: int, number: int, profile: Profile,
               match_id: str, names: Sequence[str], *, explain: bool = False) -> str:
    """Match ``number`` of ``seed`` between the named players (A, B) as canonical PSN;
    with ``explain``, what a player said each choice rested on is a comment after it."""
    played = play_bummerl((make_player(players[0]), make_player(players[1])), seed, number,
                          profile, explain=explain)
    return dumps(deal_records(played, (names[0], names[1]), match_id))


match_records = deal_records
"""Alias of :func:`deal_records`."""
