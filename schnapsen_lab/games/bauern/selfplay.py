"""Self-play for four seats: deals and whole matches to the profile's target.

::

    from schnapsen_lab.games.bauern.selfplay import play_match
    m = play_match(("heuristic", "random", "heuristic", "random"), seed=1)
    print(m.winners, m.counters, len(m.deals))

Deterministic: match ``n`` of seed ``s`` draws its first dealer, its decks and whether
the cutter knocks from one generator seeded by ``(s, n)``, and each seat draws from its
own generator seeded the same way, so the same seed gives the same matches.

A player is asked only when it has a choice: more than one legal action, or whether
to claim (the claim question comes with ``view.legal == (CLAIM,)``; ``None`` declines):
right after its marriage announcement, and after the last trick when it won it. After
any other trick its side won, the claim is among the legal actions of its lead. The
simulator asks the seat that won the trick or announced; the claim is its side's (BE2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ...cards import CARDS, Card
from ...psn import Record
from ..auction import selfplay
from ..auction.selfplay import AuctionPlayedMatch, SelfPlay
from .game import BAUERN_GAME
from .knowledge import known_side, view
from .players import SeatPlayer
from .rules import BAUERN, SEATS, Action, Outcome, Position, Profile, Seat

__all__ = [
    "PlayedDeal",
    "PlayedMatch",
    "QuickSeatPlayer",
    "match_records",
    "match_rngs",
    "match_text",
    "play_deal",
    "play_match",
    "simulate",
]


@runtime_checkable
class QuickSeatPlayer(Protocol):
    """A player whose choice depends only on the legal actions and on whether its
    side's claim is surely correct; the simulator then builds no view."""

    name: str

    def choose(self, legal: Sequence[Action], claim_ok: bool,
               rng: random.Random) -> Action | None:
        """The choice from the legal actions alone."""
        ...


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One simulated deal: deck, dealer, cut or knock, profile, actions, outcome; with
    ``explain``, ``notes`` holds for each action what its player said it rested on (a
    player with a ``why``; None where it said nothing or was not asked)."""

    deck: tuple[Card, ...]
    dealer: Seat
    knock: bool
    profile: Profile
    actions: tuple[Action, ...]
    outcome: Outcome
    notes: tuple[str | None, ...] = ()

    def start(self) -> Position:
        """The position as dealt."""
        return Position.deal(self.deck, self.dealer, self.profile, self.knock)

    def final(self) -> Position:
        """The position at the end of the deal (every action refereed again)."""
        return self.start().replay(self.actions)[-1]

    def tags(self) -> dict[str, str]:
        """The tags that fix the deal's start (Variant, Dealer, Cut, Rules, Deck)."""
        return BAUERN_GAME.start_tags(self.start())

    def record(self, tags: dict[str, str] | None = None) -> Record:
        """The deal as a PSN record (refereed again while it is built) with extra tags;
        a knocked deal carries ``[Cut "knock"]``; each note is a comment after its
        action."""
        t = dict(tags or {})
        if self.knock:
            t["Cut"] = "knock"
        return Record.from_actions(self.deck, self.actions, dealer=int(self.dealer),
                                   profile=self.profile, tags=t, notes=self.notes)

    def movetext(self) -> str:
        """The deal's actions as one line of canonical PSN movetext."""
        pos = self.start()
        words: list[str] = []
        for a in self.actions:
            n = pos.number_before(a)
            if n is not None:
                words.append(f"{n}.")
            words.append(str(a))
            pos.apply_unchecked(a)
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class PlayedMatch(AuctionPlayedMatch[PlayedDeal]):
    """One simulated match: its number, the deals in order, the final counters (by
    name: ``NS``/``EW``, or each seat with called partners)."""

    @property
    def winners(self) -> tuple[str, ...]:
        """The counters that reached the target (BX1, BC5)."""
        return self.state.winners


def play_deal(players: Sequence[SeatPlayer], deck: Sequence[int | Card], dealer: Seat | int,
              profile: Profile = BAUERN, knock: bool = False,
              rngs: Sequence[random.Random] | None = None, *,
              explain: bool = False) -> PlayedDeal:
    """Play one deal: ``players`` sit N, E, S, W; ``rngs`` gives each its generator
    (default: four seeded with 0..3). With ``explain`` each choice a player was asked
    for is noted with what it said it rested on (:attr:`PlayedDeal.notes`)."""
    gens = tuple(rngs) if rngs is not None else tuple(random.Random(i) for i in range(4))
    pos = Position.deal(deck, dealer, profile, knock)
    actions, notes = SELFPLAY.play_out(pos, players, gens, explain)
    assert pos.outcome is not None
    return PlayedDeal(tuple(CARDS[c] for c in pos.deck), SEATS[pos.dealer], pos.knock,
                      profile, actions, pos.outcome, notes)


def match_rngs(seed: int, number: int) -> tuple[random.Random, ...]:
    """The generators of match ``number`` of ``seed``: decks, dealer and knocks; then
    one for each seat N, E, S, W."""
    return selfplay.match_rngs("bauern", "NESW", seed, number)


def play_match(players: Sequence[SeatPlayer | str], seed: int, number: int = 1,
               profile: Profile = BAUERN, knock_rate: float = 0.2, *,
               explain: bool = False) -> PlayedMatch:
    """Play a whole match (BX1, BC5) to the profile's target: match ``number`` of
    ``seed``. ``players`` sit N, E, S, W (names are looked up with ``make_player``).
    The first dealer is drawn by lot; the dealer passes clockwise (BS2); the cutter
    knocks with chance ``knock_rate`` where the profile allows it. ``explain`` notes
    each choice as :func:`play_deal` does."""
    seats = SELFPLAY.players(players)
    deck_rng, *rngs = match_rngs(seed, number)

    def deal(deck: list[int], dealer: int) -> PlayedDeal:
        knock = profile.knock_allowed and deck_rng.random() < knock_rate
        return play_deal(seats, deck, dealer, profile, knock, rngs, explain=explain)

    return PlayedMatch(number, *SELFPLAY.to_target(profile, deck_rng, deal))


SELFPLAY: SelfPlay[Position, PlayedMatch] = SelfPlay(
    BAUERN_GAME, "bauern", SEATS, "BP1", "BE2", view, known_side, play_match, BAUERN)
"""Bauernschnapsen's seats, rule ids and matches for the family's self-play."""

simulate, match_records, match_text = (SELFPLAY.simulate, SELFPLAY.match_records,
                                      SELFPLAY.match_text)
