"""Properties over random legal four-player deals (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schnapsen_lab.cards import CARD_POINTS, CARDS, PACK24, Suit
from schnapsen_lab.games import replay
from schnapsen_lab.games.bauern import (
    BAUERN,
    BAUERN24,
    BAUERN24_CALLED,
    BAUERN_CALLED,
    BAUERN_HEAD,
    CLAIM,
    Action,
    Call,
    Phase,
    Position,
    Profile,
    marriage,
    partner_call,
    play,
    trump_call,
)
from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.games.bauern.rules import CALLS, parse_action

from .bauern_oracle import score_deal

HOUSE = Profile("club", match_target=24, must_head=True, knock_allowed=False)
HOUSE24 = Profile("club24", must_head=True, partners=BAUERN_CALLED.partners, pack=PACK24)
PROFILES = st.sampled_from([BAUERN, BAUERN_CALLED, BAUERN_HEAD, HOUSE, BAUERN24,
                            BAUERN24_CALLED, HOUSE24])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
EVERY_ACTION: list[Action] = [
    *(trump_call(s) for s in Suit), trump_call(None),
    *(partner_call(c) for c in CARDS), *CALLS.values(),
    *(play(c) for c in CARDS),
    *(marriage(c, p) for c in CARDS for p in (20, 40)), CLAIM]
"""Every action of either pack: the nines' too, which a 20-card deal refuses (BN10)."""
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_deal(seed: int, profile: Profile, sure_claims: bool = False
                ) -> tuple[list[Position], list[Action]]:
    """A random legal deal: every position and every action."""
    rng = random.Random(seed)
    deck = [int(c) for c in profile.pack.cards]
    rng.shuffle(deck)
    knock = profile.knock_allowed and rng.random() < 0.3
    p = Position.deal(deck, rng.randrange(4), profile, knock)
    out, acts = [p], []
    while True:
        legal = p.legal_actions()
        if not legal:
            break
        if CLAIM in legal and sure_claims:
            a = CLAIM if p.claim_is_correct(p.claim_by) else None
            if a is None:
                legal = [x for x in legal if x is not CLAIM]
                if not legal:
                    break
                a = rng.choice(legal)
        else:
            a = rng.choice(legal)
        p = p.play(a)
        out.append(p)
        acts.append(a)
    return out, acts


@FAST
@given(seed=SEEDS, profile=PROFILES)
def test_every_step_keeps_every_card_in_one_place_and_120_points(seed: int,
                                                                 profile: Profile) -> None:
    positions, _ = random_deal(seed, profile)
    for p in positions:
        union = p.played
        for h in p.hands:
            assert union & h == 0, "a card in two places"
            union |= h
        assert union == p.profile.cards, "a card in no place"
        in_hands = sum(CARD_POINTS[c] for c in p.profile.pack.cards if not p.played >> c & 1)
        on_table = sum(CARD_POINTS[c] for c in p.table)
        assert sum(p.points) + on_table + in_hands == 120
        assert sum(p.won) == p.tricks_played <= p.profile.tricks


@FAST
@given(seed=SEEDS, profile=PROFILES)
def test_no_illegal_action_accepted_and_none_legal_refused(seed: int,
                                                           profile: Profile) -> None:
    positions, _ = random_deal(seed, profile)
    for p in positions:
        legal = set(p.legal_actions())
        for a in EVERY_ACTION:
            err = p.check(a)
            assert (err is None) == (a in legal), (p, a, err)
            if err is not None:
                assert err[0].startswith("B") and err[1]
        if p.phase == Phase.PLAY and p.to_move is not None:
            v = view(p, p.to_move)
            assert v.hand == p.hands[p.to_move] and not v.unknown & v.hand


@FAST
@given(seed=SEEDS, profile=PROFILES, sure=st.booleans())
def test_the_outcome_agrees_with_an_independent_scorer(seed: int, profile: Profile,
                                                       sure: bool) -> None:
    positions, actions = random_deal(seed, profile, sure)
    start, final = positions[0], positions[-1]
    got = score_deal([str(CARDS[c]) for c in start.deck], start.dealer, start.knock,
                     [str(a) for a in actions])
    out = final.outcome
    assert out is not None and got == (out.winner, out.game_points, out.end.value)
    res = replay(start, actions)
    assert res.ok and len(res.positions) == len(actions) + 1
    assert res.final.outcome == out


@FAST
@given(seed=SEEDS, profile=PROFILES, cut=st.integers(min_value=0, max_value=60))
def test_replay_reports_the_first_illegal_action(seed: int, profile: Profile,
                                                 cut: int) -> None:
    positions, actions = random_deal(seed, profile)
    k = cut % len(actions)
    bad = next(a for a in EVERY_ACTION if positions[k].check(a) is not None)
    res = replay(positions[0], [*actions[:k], bad, *actions[k:]], keep=False)
    assert not res.ok and res.index == k and res.error is not None
    assert res.error.rule == positions[k].check(bad)[0]  # type: ignore[index]
    assert set(res.error.legal) == set(positions[k].legal_actions())
    assert res.final.tricks_played == positions[k].tricks_played


def test_calls_cover_every_word() -> None:
    """BA1, BA2: Bauernschnapsen's words; Bettler and Kontrabauernschnapser are the
    auction family's too but Dreierschnapsen's alone, so no Bauernschnapsen record reads
    them."""
    assert {str(a) for a in CALLS.values()} == {
        "weiter", "spritze", "schnapser", "gang", "bauernschnapser", "kontraschnapser"}
    assert {c.value for c in Call} - {str(a) for a in CALLS.values()} == {
        "bettler", "kontrabauernschnapser"}
    for word in ("bettler", "kontrabauernschnapser"):
        with pytest.raises(ValueError, match="not a Bauernschnapsen action"):
            parse_action(word)
