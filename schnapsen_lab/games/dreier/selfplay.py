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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...cards import CARDS, Card
from ...match import MatchState
from ...players.registry import make_player
from ...psn import Record, dumps
from .game import DREIER_GAME
from .players import SeatPlayer, known_side, reason, view
from .rules import (
    CLAIM,
    DREIER,
    SEATS,
    Action,
    IllegalAction,
    Outcome,
    Phase,
    Position,
    Profile,
    Seat,
)

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
        rec = Record.from_actions(self.deck, self.actions, dealer=int(self.dealer),
                                  profile=self.profile, tags=dict(tags or {}))
        for move, note in zip(rec.main.moves, self.notes, strict=False):
            if note:
                move.comments.append(note)
        return rec


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """One simulated match: its number, the deals in order, the final counters."""

    number: int
    deals: tuple[PlayedDeal, ...]
    state: MatchState

    @property
    def counters(self) -> dict[str, int]:
        """The final counters by seat (``A``, ``B``, ``C``)."""
        return self.state.counters_dict()

    @property
    def winners(self) -> tuple[str, ...]:
        """The seats whose counter is highest once one reached the target (3X1; more
        than one when level at the top, who play it off outside the record)."""
        return self.state.winners


def _ask(pos: Position, seat: int, player: SeatPlayer, rng: random.Random,
         legal: Sequence[Action]) -> Action | None:
    choose = getattr(player, "choose", None)
    if choose is not None:
        ok = pos.contract is None and pos.score_of(known_side(pos, seat)) >= 66
        a: Action | None = choose(legal, ok, rng)
        return a
    return player.act(view(pos, seat, list(legal)), rng)


def _illegal(pos: Position, player: SeatPlayer, seat: int, a: Action | None,
             legal: Sequence[Action]) -> IllegalAction:
    who = f"player {player.name!r} ({SEATS[seat]})"
    if a is None:
        return IllegalAction("3P1", f"{who} chose no action", legal)
    err = pos.check(a)
    rule, why = err if err is not None else ("3E2", f"{a} is not {who}'s to make now")
    return IllegalAction(rule, f"{who} chose {a}: {why}", legal)


def _claim_asked(pos: Position, seat: int, player: SeatPlayer, rng: random.Random) -> bool:
    """Ask ``seat`` whether its side claims now; apply the claim if it does."""
    a = _ask(pos, seat, player, rng, (CLAIM,))
    if a is None:
        return False
    if a is not CLAIM:
        raise _illegal(pos, player, seat, a, (CLAIM,))
    pos.apply_unchecked(CLAIM)
    return True


def play_deal(players: Sequence[SeatPlayer], deck: Sequence[int | Card], dealer: Seat | int,
              profile: Profile = DREIER, rngs: Sequence[random.Random] | None = None, *,
              explain: bool = False) -> PlayedDeal:
    """Play one deal: ``players`` sit A, B, C; ``rngs`` gives each its generator
    (default: three seeded with 0..2). With ``explain`` each choice a player was asked
    for is noted with what it said it rested on (:attr:`PlayedDeal.notes`)."""
    gens = tuple(rngs) if rngs is not None else tuple(random.Random(i) for i in range(3))
    pos = Position.deal(deck, dealer, profile)
    actions: list[Action] = []
    notes: list[str | None] = []
    while True:
        legal = pos.legal_actions()
        if not legal:
            break
        if pos.phase == Phase.OVER:  # the claim after the last trick (3E5)
            cs = pos.claim_seat
            if _claim_asked(pos, cs, players[cs], gens[cs]):
                actions.append(CLAIM)
                notes.append(reason(players[cs]) if explain else None)
            break
        seat = pos.turn
        if CLAIM in legal:
            cs = pos.claim_seat
            if cs != seat:  # right after a marriage announcement: the announcer's side
                if _claim_asked(pos, cs, players[cs], gens[cs]):
                    actions.append(CLAIM)
                    notes.append(reason(players[cs]) if explain else None)
                    break
                legal = [a for a in legal if a is not CLAIM]
        note = None
        if len(legal) == 1:
            chosen = legal[0]
        else:
            a = _ask(pos, seat, players[seat], gens[seat], legal)
            if a is None or a not in legal:
                raise _illegal(pos, players[seat], seat, a, legal)
            chosen = a
            note = reason(players[seat]) if explain else None
        pos.apply_unchecked(chosen)
        actions.append(chosen)
        notes.append(note)
        if chosen is CLAIM:
            break
    assert pos.outcome is not None
    return PlayedDeal(tuple(CARDS[c] for c in pos.deck), SEATS[pos.dealer], profile,
                      tuple(actions), pos.outcome, tuple(notes) if explain else ())


def match_rngs(seed: int, number: int) -> tuple[random.Random, ...]:
    """The generators of match ``number`` of ``seed``: decks and the first dealer; then
    one for each seat A, B, C."""
    base = f"schnapsen-lab/dreier/{seed}/{number}"
    return (random.Random(base + "/deck"), *(random.Random(f"{base}/{s}") for s in "ABC"))


def play_match(players: Sequence[SeatPlayer | str], seed: int, number: int = 1,
               profile: Profile = DREIER, *, explain: bool = False) -> PlayedMatch:
    """Play a whole match (3X1) to the profile's target: match ``number`` of ``seed``.
    ``players`` sit A, B, C (names are looked up with ``make_player``). The first
    dealer is drawn by lot; the dealer passes clockwise (3S2)."""
    seats = [make_player(p, game="dreier") if isinstance(p, str) else p for p in players]
    if len(seats) != 3:
        raise ValueError("three players, A B C")
    deck_rng, *rngs = match_rngs(seed, number)
    state = DREIER_GAME.new_match(profile, deck_rng.randrange(3))
    deals: list[PlayedDeal] = []
    deck = [int(c) for c in profile.pack.cards]
    while not state.is_decided:
        deck_rng.shuffle(deck)
        played = play_deal(seats, deck, state.dealer, profile, rngs, explain=explain)
        deals.append(played)
        state = state.after(DREIER_GAME.match_gains(played.outcome, profile))
    return PlayedMatch(number, tuple(deals), state)


def simulate(players: Sequence[str], matches: int, seed: int = 0, profile: Profile = DREIER,
             first: int = 1) -> Iterator[PlayedMatch]:
    """Matches ``first .. first + matches - 1`` between registered players (A, B, C),
    in order; raise KeyError on an unknown name."""
    for p in players:
        make_player(p, game="dreier")  # fail early on an unknown name
    for n in range(first, first + matches):
        yield play_match(players, seed, n, profile)


def match_records(played: PlayedMatch, names: Sequence[str], match_id: str | None = None,
                  extra_tags: dict[str, str] | None = None) -> list[Record]:
    """The deals of a match as PSN records with the PlayerA ... PlayerC, Match, Deal and
    Score tags (the three counters before each deal, ``a-b-c``)."""
    mid = match_id if match_id is not None else str(played.number)
    out: list[Record] = []
    if not played.deals:
        return out
    profile = played.deals[0].profile
    state = DREIER_GAME.new_match(profile, int(played.deals[0].dealer))
    for k, d in enumerate(played.deals, 1):
        tags = dict(extra_tags or {})
        tags.update(zip(DREIER_GAME.name_tags, names, strict=True))
        tags.update({"Match": mid, "Deal": str(k), "Score": state.score_text})
        out.append(d.record(tags))
        state = state.after(DREIER_GAME.match_gains(d.outcome, profile), int(d.dealer))
    return out


def match_text(players: Sequence[str], seed: int, number: int, profile: Profile,
               match_id: str, names: Sequence[str], *, explain: bool = False) -> str:
    """Match ``number`` of ``seed`` between the named players (A, B, C) as canonical
    PSN (the game's part ``selfplay``); with ``explain``, what a player said each choice
    rested on is a comment after it."""
    played = play_match(players, seed, number, profile, explain=explain)
    return dumps(match_records(played, names, match_id))
