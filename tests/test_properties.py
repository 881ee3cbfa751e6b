"""Properties over random legal deals in every profile (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schnapsen_lab import psn
from schnapsen_lab.cards import CARD_POINTS, Card, Rank
from schnapsen_lab.knowledge import ALL_CARDS, view
from schnapsen_lab.random_deals import random_deck, random_record
from schnapsen_lab.rules import (
    BEGINNER,
    CLAIM,
    CLOSE,
    EXCHANGE,
    PLAYS,
    SOFT,
    STRICT,
    Action,
    Position,
    Seat,
    marriage,
)

PROFILES = st.sampled_from([SOFT, STRICT, BEGINNER])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
EVERY_ACTION: list[Action] = [*PLAYS, CLOSE, EXCHANGE, CLAIM] + [
    marriage(c, pts) for c in Card if c.rank in (Rank.K, Rank.Q) for pts in (20, 40)]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def places(p: Position) -> list[int]:
    """Every card's place as a mask: hands, face-down talon, indicator, played."""
    talon = 0
    for c in p.deck[p.next_draw:]:
        talon |= 1 << c
    if p.exhausted:
        talon = 0
    ind = (1 << p.indicator) if p.indicator >= 0 and not p.exhausted else 0
    return [p.hands[0], p.hands[1], talon, ind, p.played]


@FAST
@given(seed=SEEDS, profile=PROFILES, dealer=st.sampled_from([Seat.A, Seat.B]))
def test_every_step_keeps_cards_points_and_legality(seed: int, profile, dealer) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    p = Position.deal(random_deck(rng), dealer, profile)
    while True:
        masks = places(p)
        union = 0
        for m in masks:
            assert union & m == 0, "a card in two places"
            union |= m
        assert union == ALL_CARDS, "a card in no place"
        won = p.trick_points[0] + p.trick_points[1]
        in_trick = sum(CARD_POINTS[c] for c in p.trick)
        unplayed = sum(CARD_POINTS[c] for c in range(20) if not p.played >> c & 1)
        assert won + in_trick + unplayed == 120
        legal = set(p.legal_actions())
        for a in EVERY_ACTION:  # nothing outside the legal list is accepted, nothing in it refused
            assert (p.check(a) is None) == (a in legal), (a, p.check(a))
        v = view(p, p.leader)
        assert v.hand | v.played | v.opponent | v.unknown | v.out_of_play | (
            1 << p.face_up_indicator if p.face_up_indicator is not None else 0) == ALL_CARDS
        if not legal:
            break
        a = sorted(legal, key=str)[rng.randrange(len(legal))]
        p = p.play(a)
    assert p.outcome is not None and 1 <= p.outcome.game_points <= 3
    if p.outcome.end.value == "last_trick":
        assert p.trick_points[0] + p.trick_points[1] + sum(
            CARD_POINTS[c] for c in range(20) if not p.played >> c & 1) == 120
    if profile is BEGINNER:
        assert p.closed_by < 0


@FAST
@given(seed=SEEDS, profile=PROFILES, annotate=st.booleans(), stop=st.sampled_from([0.0, 0.05]))
def test_write_then_read_gives_the_same_record(seed: int, profile, annotate: bool,  # type: ignore[no-untyped-def]
                                               stop: float) -> None:
    rng = random.Random(seed)
    rec = random_record(rng, profile, Seat(rng.randrange(2)), annotate=annotate, stop=stop,
                        tags={"PlayerA": "Anna \"A\"", "Event": "Café {night} ; [x]"})
    text = str(rec)
    back = psn.loads(text)
    assert back == [rec] and back[0].ok, back[0].errors
    assert str(back[0]) == text  # canonical text reads and writes back unchanged
    compact = psn.dumps([rec], compact=True)
    assert len(compact.splitlines()) == 1
    assert psn.loads(compact) == back  # compact and canonical read the same
    assert back[0].outcome == rec.outcome


@settings(max_examples=20, deadline=None)
@given(seeds=st.lists(SEEDS, min_size=2, max_size=6))
def test_many_records_in_one_text(seeds: list[int]) -> None:
    recs = [random_record(random.Random(s)) for s in seeds]
    assert psn.loads(psn.dumps(recs)) == recs
    assert psn.loads(psn.dumps(recs, compact=True)) == recs
