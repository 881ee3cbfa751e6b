"""Self-play for three seats: deals and whole matches to the profile's target (3X1).

::

    from schnapsen_lab.games.dreier.selfplay import play_match
    m = play_match(("heuristic", "random", "random"), seed=1)
    print(m.winners, m.counters, len(m.deals))

Deterministic: match ``n`` of seed ``s`` draws its first dealer and its decks from one
generator seeded by ``(s, n)``, and each seat draws from its own generator seeded the
same way, so the same seed gives the same matches.

A player is asked only when it has a choice: more than one legal action, or whether
to claim (the claim question comes with ``view.legal == (CLAIM,)``; ``None`` declines):
right after its marriage announcement, and after the last trick when it won it. After
any other trick its side won, the claim is among the legal actions of its lead. The
simulator asks the seat that won the trick or announced; the claim is its side's (3E2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import CARDS, Card
from ...psn import Record
from ..auction import selfplay
from ..auction.selfplay import AuctionPlayedMatch, SelfPlay
from .game import DREIER_GAME
from .players import SeatPlayer, known_side, view
from .rules import DREIER, SEATS, Action, Outcome, Position, Profile, Seat

__all__ = ["PlayedDeal", "PlayedMatch", "match_records", "match_rngs", "match_text",
           "play_deal", "play_match", "simulate"]


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One simulated deal: deck, dealer, profile, actions, outcome; with ``explain``,
    ``notes`` holds for each action what its player said it rested on."""

    deck: tuple[Card, ...]
    dealer: Seat
    profile: Profile
    actions: tuple[Action, ...]
    outcome: Outcome
    notes: tuple[str | None, ...] = ()

    def start(self) -> Position:
        """The position as dealt."""
        return Position.deal(self.deck, self.dealer, self.profile)

    def final(self) -> Position:
        """The position at the end of the deal (every action refereed again)."""
        return self.start().replay(self.actions)[-1]

    def record(self, tags: dict[str, str] | None = None) -> Record:
        """The deal as a PSN record (refereed again while it is built) with extra tags;
        each note is a comment after its action."""
        return Record.from_actions(self.deck, self.actions, dealer=int(self.dealer),
                                   profile=self.profile, tags=dict(tags or {}),
                                   notes=self.notes)


@dataclass(frozen=True, slots=True)
class PlayedMatch(AuctionPlayedMatch[PlayedDeal]):
    """One simulated match: its number, the deals in order, the final counters (by
    seat, ``A``, ``B``, ``C``)."""

    @property
    def winners(self) -> tuple[str, ...]:
        """The seats whose counter is highest once one reached the target (3X1; more
        than one when level at the top, who play it off outside the record)."""
        return self.state.winners


def play_deal(players: Sequence[SeatPlayer], deck: Sequence[int | Card], dealer: Seat | int,
              profile: Profile = DREIER, rngs: Sequence[random.Random] | None = None, *,
              explain: bool = False) -> PlayedDeal:
    """Play one deal: ``players`` sit A, B, C; ``rngs`` gives each its generator
    (default: three seeded with 0..2). With ``explain`` each choice a player was asked
    for is noted with what it said it rested on (:attr:`PlayedDeal.notes`)."""
    gens = tuple(rngs) if rngs is not None else tuple(random.Random(i) for i in range(3))
    pos = Position.deal(deck, dealer, profile)
    actions, notes = SELFPLAY.play_out(pos, players, gens, explain)
    assert pos.outcome is not None
    return PlayedDeal(tuple(CARDS[c] for c in pos.deck), SEATS[pos.dealer], profile,
                      actions, pos.outcome, notes)


def match_rngs(seed: int, number: int) -> tuple[random.Random, ...]:
    """The generators of match ``number`` of ``seed``: decks and the first dealer; then
    one for each seat A, B, C."""
    return selfplay.match_rngs("dreier", "ABC", seed, number)


def play_match(players: Sequence[SeatPlayer | str], seed: int, number: int = 1,
               profile: Profile = DREIER, *, explain: bool = False) -> PlayedMatch:
    """Play a whole match (3X1) to the profile's target: match ``number`` of ``seed``.
    ``players`` sit A, B, C (names are looked up with ``make_player``). The first
    dealer is drawn by lot; the dealer passes clockwise (3S2)."""
    seats = SELFPLAY.players(players)
    deck_rng, *rngs = match_rngs(seed, number)

    def deal(deck: list[int], dealer: int) -> PlayedDeal:
        return play_deal(seats, deck, dealer, profile, rngs, explain=explain)

    return PlayedMatch(number, *SELFPLAY.to_target(profile, deck_rng, deal))


SELFPLAY: SelfPlay[Position, PlayedMatch] = SelfPlay(
    DREIER_GAME, "dreier", SEATS, "3P1", "3E2", view, known_side, play_match, DREIER)
"""Dreierschnapsen's seats, rule ids and matches for the family's self-play."""

simulate, match_records, match_text = (SELFPLAY.simulate, SELFPLAY.match_records,
                                      SELFPLAY.match_text)
