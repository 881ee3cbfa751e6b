"""The four-hand solver agrees with a plain minimax over the referee, and its world
states agree with the referee's positions (issue 21 section 2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from schnapsen_lab.cards import PACK24
from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.games.bauern.reference import minimax
from schnapsen_lab.games.bauern.rules import (
    BAUERN,
    BAUERN24,
    BAUERN24_CALLED,
    BAUERN_CALLED,
    BAUERN_HEAD,
    CALLS,
    Call,
    Kind,
    Phase,
    Position,
    Profile,
)
from schnapsen_lab.games.bauern.solver import (
    Deal4,
    action_values,
    solve,
    spritze_multiplier,
    state_of,
)
from schnapsen_lab.games.bauern.worlds import hand_sizes, sample_worlds, state_of_world
from schnapsen_lab.tricks import SUIT_MASKS

PROFILES = (BAUERN, BAUERN_CALLED, BAUERN_HEAD)
PROFILES24 = (BAUERN24, BAUERN24_CALLED, Profile("club24", must_head=True, pack=PACK24))


def random_positions(seed: int, n: int, *, min_tricks: int, stop: float = 0.5,
                     call_rate: float = 0.4,
                     profiles: tuple[Profile, ...] = PROFILES) -> Iterator[Position]:
    """``n`` positions in the play reached by random legal trump, calls and cards, at
    least ``min_tricks`` tricks in; a random call is made with ``call_rate`` (else
    weiter), so that every contract comes up."""
    rng = random.Random(seed)
    found = 0
    while found < n:
        profile = rng.choice(profiles)
        deck = [int(c) for c in profile.pack.cards]
        rng.shuffle(deck)
        pos = Position.deal(deck, rng.randrange(4), profile, knock=rng.random() < 0.2)
        while pos.outcome is None:
            if (pos.phase == Phase.PLAY and pos.tricks_played >= min_tricks
                    and rng.random() < stop):
                found += 1
                yield pos
                break
            legal = pos.legal_actions()
            if pos.phase == Phase.AUCTION and rng.random() >= call_rate:
                a = legal[0]
            else:
                a = rng.choice([x for x in legal if x.kind is not Kind.CLAIM] or legal)
            pos = pos.play(a)


def test_small_positions_agree_with_minimax() -> None:
    """Two or three tricks left, every goal: the solver's value is the minimax's."""
    goals: Counter[str] = Counter()
    for pos in random_positions(1, 160, min_tricks=2):
        goals[str(pos.contract)] += 1
        assert solve(pos) == minimax(pos, {}), pos
    assert set(goals) == {"None", "schnapser", "gang", "bauernschnapser", "kontraschnapser"}


def test_24_card_positions_agree_with_minimax() -> None:
    """Six tricks (BN5, BN6), the nines in play: three tricks left (the normal game, Gang
    and Bauernschnapser made on the sixth), and four (Schnapser and Kontraschnapser,
    decided by the third)."""
    goals: Counter[str] = Counter()
    nines = 0
    positions = [*random_positions(17, 40, min_tricks=3, profiles=PROFILES24),
                 *random_positions(12, 12, min_tricks=2, stop=0.9, call_rate=0.8,
                                   profiles=PROFILES24)]
    for pos in positions:
        goals[str(pos.contract)] += 1
        nines += any(h >> 20 for h in pos.hands)
        assert solve(pos) == minimax(pos, {}), pos
        for a, v in action_values(pos).items():
            assert v == minimax(pos.play(a), {}), (pos, a)
    assert set(goals) == {"None", "schnapser", "gang", "bauernschnapser", "kontraschnapser"}
    assert nines > 30


def test_four_tricks_left_agree_with_minimax() -> None:
    """Positions in the first or second trick (memoised minimax)."""
    for pos in random_positions(2, 12, min_tricks=1, stop=0.3):
        assert solve(pos) == minimax(pos, {}), pos


def test_action_values_are_the_minimax_after_each_action() -> None:
    """Every card and marriage lead: its value is the minimax of the position after it
    (a defender's marriage in a contract included)."""
    marriages = 0
    for pos in random_positions(3, 80, min_tricks=2):
        values = action_values(pos)
        legal = [a for a in pos.legal_actions() if a.kind is not Kind.CLAIM]
        assert set(values) == set(legal)
        for a, v in values.items():
            marriages += a.kind is Kind.MARRIAGE
            assert v == minimax(pos.play(a), {}), (pos, a)
    assert marriages > 0


def test_a_claim_available_now_is_the_value() -> None:
    """Right after a trick that brings a side to 66 the solver counts the claim (BE2)."""
    seen = 0
    for pos in random_positions(4, 400, min_tricks=2, stop=0.9):
        if pos.contract is None and pos.claim_by >= 0 and pos.score(pos.claim_by) >= 66:
            seen += 1
            assert state_of(pos).result == minimax(pos, {})
    assert seen > 0


def test_spritze_doubles_as_the_referee_does() -> None:
    """A spritze that stands doubles the solver's value, as the referee's outcome."""
    deck = list(range(20))
    random.Random(7).shuffle(deck)
    pos = Position.deal(deck, 0)  # forehand E
    pos = pos.play(pos.legal_actions()[0])
    plain = pos.play(CALLS[Call.WEITER]).play(CALLS[Call.WEITER])
    plain = plain.play(CALLS[Call.WEITER]).play(CALLS[Call.WEITER])
    doubled = pos.play(CALLS[Call.WEITER]).play(CALLS[Call.SPRITZE])
    doubled = doubled.play(CALLS[Call.WEITER]).play(CALLS[Call.WEITER])
    assert solve(doubled) == 2 * solve(plain)
    assert spritze_multiplier(2, 1, (1, 0, 1, 0)) == 2  # S against E's game
    assert spritze_multiplier(3, 0, (0, 1, 0, 1)) == 2
    assert spritze_multiplier(0, 2, (0, 1, 0, 1)) == 1  # lapsed: the spritzer's side holds
    assert spritze_multiplier(-1, 2, (0, 1, 0, 1)) == 1


@pytest.mark.parametrize("profiles", [PROFILES, PROFILES24], ids=["20", "24"])
def test_world_states_agree_with_the_referee(profiles: tuple[Profile, ...]) -> None:
    """A seat's view plus the true hands gives the referee's position to the solver:
    the same fields and the same value (where the referee doubles by BA4)."""
    checked = 0
    for pos in random_positions(5, 150, min_tricks=0, stop=0.3, profiles=profiles):
        v = view(pos, pos.turn)
        st = state_of_world(v, pos.hands)
        ref = state_of(pos)
        if ref.result is not None:
            continue
        assert (st.hands, st.trump, st.side, st.goal, st.declarer, st.value, st.leader,
                st.turn, st.table, st.points, st.won, st.marriages, st.tricks,
                st.must_head, st.deal_tricks) == (
                    ref.hands, ref.trump, ref.side, ref.goal, ref.declarer, ref.value,
                    ref.leader, ref.turn, ref.table, ref.points, ref.won, ref.marriages,
                    ref.tricks, ref.must_head, ref.deal_tricks), pos
        if st.table:  # the card winning the trick in progress
            assert (st.best, st.best_seat) == (ref.best, ref.best_seat)
        if st.mult == ref.mult:
            assert solve(st) == solve(ref)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("profiles", [PROFILES, PROFILES24], ids=["20", "24"])
def test_sampled_worlds_agree_with_what_the_seat_saw(profiles: tuple[Profile, ...]) -> None:
    """Each hand's size, the known cards in place, no card of a suit a seat showed it
    lacks; every card once; the viewer's hand is its own."""
    rng = random.Random(6)
    for pos in random_positions(6, 120, min_tricks=0, stop=0.35, profiles=profiles):
        seat = rng.randrange(4)
        v = view(pos, seat)
        sizes = hand_sizes(v)
        assert sizes == tuple(bin(h).count("1") for h in pos.hands)
        for hands in sample_worlds(v, 5, rng):
            assert hands[seat] == v.hand
            union = 0
            for s in range(4):
                assert bin(hands[s]).count("1") == sizes[s]
                assert hands[s] & v.known[s] == v.known[s]
                assert not union & hands[s]
                union |= hands[s]
                for suit in range(4):
                    if v.voids[s] >> suit & 1:
                        assert not hands[s] & SUIT_MASKS[suit]
            assert union | v.played == pos.profile.cards


def test_the_trump_phase_deals_forehand_two_more_cards() -> None:
    deck = list(range(20))
    pos = Position.deal(deck, 3)  # forehand N holds cards 0-2 and 12-13
    v = view(pos, 0)
    assert bin(v.hand).count("1") == 3
    for hands in sample_worlds(v, 10, random.Random(1), sizes=(5, 5, 5, 5)):
        assert bin(hands[0]).count("1") == 5 and hands[0] & v.hand == v.hand


def test_a_deal4_copy_is_independent() -> None:
    st = Deal4(hands=[1, 2, 4, 8], trump=0, side=(0, 1, 0, 1))
    c = st.copy()
    c.hands[0] = 0
    c.points[1] = 5
    assert st.hands[0] == 1 and st.points[1] == 0


def test_solving_does_not_change_the_position() -> None:
    for pos in random_positions(8, 5, min_tricks=1):
        before = (repr(pos), pos.hands[:], pos.points[:], pos.table)
        action_values(pos)
        solve(pos)
        assert (repr(pos), pos.hands[:], pos.points[:], pos.table) == before


def test_the_trump_phase_deals_forehand_three_more_of_24() -> None:
    """BN3: with 24 cards forehand has seen three of six while he fixes trump."""
    pos = Position.deal(list(range(24)), 3, BAUERN24)
    v = view(pos, 0)
    assert bin(v.hand).count("1") == 3 and hand_sizes(v) == (6, 6, 6, 6)
    for hands in sample_worlds(v, 10, random.Random(1), sizes=(6, 6, 6, 6)):
        assert bin(hands[0]).count("1") == 6 and hands[0] & v.hand == v.hand
        assert hands[0] | hands[1] | hands[2] | hands[3] == PACK24.mask
