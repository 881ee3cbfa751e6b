"""The referee against a second one written from DREIER.md alone
(:mod:`tests.dreier_oracle`): over random deals of both profiles, the cards that may
follow at every card, and at the end the winners, game points, how the deal ended, and
both sides' scores and tricks."""

from __future__ import annotations

import random

import pytest

from schnapsen_lab.cards import CARDS
from schnapsen_lab.games.dreier.rules import DREIER, DREIER_HEAD, Kind, Position, Profile

from .dreier_oracle import Deal


@pytest.mark.parametrize("profile", [DREIER, DREIER_HEAD], ids=str)
def test_random_deals_agree_with_the_oracle(profile: Profile) -> None:
    rng = random.Random(52)
    ends: set[str] = set()
    for k in range(600):
        deck = list(range(20))
        rng.shuffle(deck)
        dealer = k % 3
        pos = Position.dealt(tuple(deck), dealer, profile)
        oracle = Deal([str(CARDS[c]) for c in deck], dealer, profile.must_head)
        while pos.outcome is None:
            legal = pos.legal_actions()
            if pos.phase == 3 and pos.table:  # a follower: the cards he may play
                mine = {str(a) for a in legal if a.kind is Kind.PLAY}
                assert mine == set(oracle.may_follow(pos.turn)), (k, str(pos))
            calls = [a for a in legal if a.kind is Kind.CALL]
            cards = [a for a in legal if a.kind is not Kind.CLAIM]
            if calls and rng.random() < 0.7:  # contracts more often than by chance
                pick = rng.choice(calls)
            elif cards and rng.random() < 0.9:  # claims now and then
                pick = rng.choice(cards)
            else:
                pick = rng.choice(legal)
            pos.apply_unchecked(pick)
            oracle.play(str(pick))
        if pos.legal_actions() and rng.random() < 0.5:  # a claim after the sixth trick
            pos.apply_unchecked(pos.legal_actions()[0])
            oracle.play("66")
        out = pos.outcome
        assert oracle.result == (out.winner, out.game_points, out.end.value), k
        names = pos.side_names
        decl = {pos.declarer}
        others = {0, 1, 2} - decl
        assert names == (oracle.letters(decl), oracle.letters(others))
        assert pos.scores == (oracle.score(decl), oracle.score(others)), k
        assert pos.side_trick_counts == (oracle.tricks(decl), oracle.tricks(others)), k
        ends.add(out.end.value)
    assert ends == {"claim", "false_claim", "last_trick", "contract_made", "contract_broken"}
