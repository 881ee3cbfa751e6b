"""The strong player: legal choices, claims, what it remembers within a deal, and closing
by plans."""

from __future__ import annotations

import random

import pytest

from schnapsen_lab import psn
from schnapsen_lab.games.schnapsen.knowledge import view
from schnapsen_lab.games.schnapsen.players.base import Player
from schnapsen_lab.games.schnapsen.rules import CLAIM, CLOSE, ActionKind, End, Position, Seat
from schnapsen_lab.players.registry import make_player
from schnapsen_lab.players.strong import StrongPlayer
from schnapsen_lab.simulate import play_deal

from .conftest import ROOT


def test_it_is_a_registered_player() -> None:
    p = make_player("strong")
    assert isinstance(p, StrongPlayer) and isinstance(p, Player)
    assert p.name == "strong"


def test_it_plays_legal_deals_against_the_heuristic() -> None:
    rng = random.Random(1)
    for k in range(3):
        deck = list(range(20))
        rng.shuffle(deck)
        strong = StrongPlayer(samples=2, seed=k)
        played = play_deal((strong, make_player("heuristic")), deck, Seat(k % 2))
        pos = Position.deal(deck, Seat(k % 2))
        for a in played.actions:  # every action legal where it was played
            pos = pos.play(a)
        assert pos.outcome == played.outcome and pos.outcome is not None
        if pos.legal_actions():  # the last trick's claim was declined (E2 a) ...
            assert pos.legal_actions() == [CLAIM] and not pos.hands[0] and not pos.hands[1]
            assert pos.leader == Seat.B or not pos.claim_is_correct(Seat.A)  # ... rightly
        if pos.outcome.claimant is Seat.A:  # the strong player (A) never claims falsely
            assert pos.outcome.end is not End.FALSE_CLAIM


def test_memory_matches_the_deal() -> None:
    # Drive the player through random deals with frequent closing: what it remembers of
    # the closing moment, and what it infers, must agree with the real deal.
    rng = random.Random(2)
    checked = 0
    for _ in range(25):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        player = StrongPlayer(samples=1, seed=0)
        seat = Seat.A
        while pos.outcome is None:
            legal = pos.legal_actions()
            options = [a for a in legal if a is not CLAIM]
            if pos.to_move is seat and len(options) > 1:
                a = player.act(view(pos, seat), rng)
                assert a in legal
                mem = player._memory[int(seat)]
                if pos.closed_by >= 0 and mem.closed_seen:
                    assert mem.closed_at == (pos.closed_opp_tricks, pos.closed_opp_score)
                    checked += 1
                assert not mem.absent & pos.hands[1 - seat]
                if a is CLAIM and not pos.claim_is_correct(seat):
                    # a false claim only where C4 makes it pay: the closer's opponent,
                    # who had no trick at closing, concedes 2 instead of losing 3
                    assert pos.closed_by == 1 - seat and pos.closed_opp_tricks == 0
                    assert pos.tricks[1 - seat] > 0
            elif CLOSE in legal and rng.random() < 0.5:
                a = CLOSE
            else:
                a = rng.choice(options)
            pos = pos.play(a)
    assert checked > 5


def test_it_claims_at_once_and_never_falsely() -> None:
    rng = random.Random(3)
    for _ in range(200):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while pos.outcome is None:
            legal = pos.legal_actions()
            if CLAIM in legal and pos.lead < 0 and pos.to_move is not None:
                seat = pos.to_move
                choice = StrongPlayer(samples=1).act(view(pos, seat), rng)
                assert (choice is CLAIM) == pos.claim_is_correct(seat)
                if choice is CLAIM:
                    return
            pos = pos.play(rng.choice([a for a in legal if a.kind is not ActionKind.CLAIM]))


def test_it_closes_and_plays_the_closed_game_by_plans() -> None:
    """records/study/closing-guess.psn: Bert closes (the best plan is sure of +4/3, more
    than playing on's +1 in every sampled world), then leads an ace as the best plan does
    (A♦ or A♥, each winning five hands of six), never K♣ (four) or a heart of the
    marriage (none)."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    rng = random.Random(0)
    assert StrongPlayer(samples=30, seed=0).act(view(positions[step], Seat.B), rng) is CLOSE
    lead = StrongPlayer(samples=30, seed=0).act(view(positions[step + 1], Seat.B), rng)
    assert lead is not None and str(lead) in ("AD", "AH")
    with pytest.raises(ValueError):
        StrongPlayer(closing="sometimes")
