"""The two-player engine on Sechsundsechzig: the fast solver equals the plain minimax,
which plays through the referee itself (SECHSUNDSECHZIG.md: 24 cards, the nine
exchanged after a trick, no closing on the first lead, the last trick's 10, the higher
score after twelve tricks, standoffs, a false claim worth 2, a closing scored at the
claim)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from schnapsen_lab.cards import PACK24
from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE as SIXTY_SIX
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    ActionKind,
    End,
    Position,
    Profile,
    Seat,
)
from schnapsen_lab.solver import Solver
from schnapsen_lab.solver.api import engine_refusal, rules_array
from schnapsen_lab.solver.reference import claim_now, minimax


def random_positions(seed: int, n: int, *, min_tricks: int, open_talon: bool | None = None,
                     stop: float = 0.4, close: float = 0.25,
                     profile: Profile = SIXTY_SIX) -> Iterator[Position]:
    """``n`` Sechsundsechzig positions reached by random legal play, at least
    ``min_tricks`` tricks in (with the talon open or not, when ``open_talon`` says so);
    a leader who may close does so with chance ``close``."""
    rng = random.Random(seed)
    found = 0
    while found < n:
        deck = [int(c) for c in PACK24.cards]
        rng.shuffle(deck)
        pos = Position.deal(deck, rng.choice((Seat.A, Seat.B)), profile)
        while pos.outcome is None:
            if (pos.tricks_played >= min_tricks and rng.random() < stop
                    and (open_talon is None or pos.talon_open == open_talon)):
                found += 1
                yield pos
                break
            legal = pos.legal_actions()
            closing = [a for a in legal if a.kind is ActionKind.CLOSE]
            if closing and rng.random() < close:
                pos = pos.play(closing[0])
            else:
                pos = pos.play(legal[rng.randrange(len(legal))])


@pytest.fixture(scope="module")
def fast() -> Solver:
    """The compiled solver."""
    return Solver(compiled=True)


@pytest.fixture(scope="module")
def plain() -> Solver:
    """The same search run as plain Python."""
    return Solver(compiled=False)


def test_closed_and_late_positions_agree_with_minimax(fast: Solver, plain: Solver) -> None:
    """Talon closed or exhausted, up to six cards each: both search paths equal the plain
    minimax of the referee, standoffs (0) and the last trick's 10 included."""
    closed = 0
    for i, pos in enumerate(random_positions(61, 160, min_tricks=7, open_talon=False)):
        want = minimax(pos, {})
        assert fast.solve(pos) == want, pos
        if i % 4 == 0:
            assert plain.solve(pos) == want, pos
        closed += pos.closed_by >= 0
    assert closed >= 30  # 6C2 and 6C3 are met, not only the deal played out


def test_closing_positions_agree_with_minimax(fast: Solver) -> None:
    """Right after closing (6C1), six cards each: the closer's claim is scored from his
    opponent's score and tricks at the claim (6C2)."""
    n = 0
    for pos in random_positions(62, 400, min_tricks=2, open_talon=True, stop=0.5):
        if not any(a.kind is ActionKind.CLOSE for a in pos.legal_actions()):
            continue
        after = pos.play(next(a for a in pos.legal_actions() if a.kind is ActionKind.CLOSE))
        assert fast.solve(after) == minimax(after, {}), after
        n += 1
        if n == 8:
            break
    assert n == 8


def test_last_draws_agree_with_minimax(fast: Solver) -> None:
    """A talon of two (the last draw, the nine exchanged, closing refused or taken)."""
    positions = [p for p in random_positions(63, 40, min_tricks=5, open_talon=True, stop=0.9)
                 if p.talon_size == 2][:8]
    assert len(positions) >= 5
    for pos in positions:
        assert fast.solve(pos) == minimax(pos, {}), pos


def test_action_values_agree_with_minimax(fast: Solver) -> None:
    """Every action's value is the minimax value of the position after it."""
    for pos in random_positions(64, 40, min_tricks=8):
        values = fast.action_values(pos)
        for a, v in values.items():
            assert v == minimax(pos.play(a), {}), (pos, a)
        best = fast.best_actions(pos)
        assert best and all(values[a] == fast.solve(pos) for a in best)


def test_a_standoff_is_worth_nothing(fast: Solver) -> None:
    """Positions whose best play ends 65 to 65 are worth 0 to both (6G4)."""
    found = 0
    for pos in random_positions(65, 3000, min_tricks=10, open_talon=False, close=0.0):
        want = minimax(pos)
        if want == 0:
            assert fast.solve(pos) == 0, pos
            found += 1
            if found == 3:
                break
    assert found >= 1


def _without_a_trick(seed: int) -> Position:
    """A position after the talon is exhausted where the leader has no trick yet, holds a
    marriage and cannot take a trick: he loses 3 unless he claims falsely after
    announcing it (6E2 b, 6G2: the opponent then gets 2)."""
    for pos in random_positions(seed, 400, min_tricks=8, open_talon=False, close=0.0):
        ldr = pos.leader
        if pos.lead >= 0 or pos.closed_by >= 0:
            continue
        hand = pos.hands[ldr]
        for s in range(4):
            if hand >> (s * 5 + 2) & 3 == 3:
                break
        else:
            continue
        p = pos.copy()
        o = 1 - ldr
        p.trick_points = [0, 0]
        p.trick_points[o] = pos.trick_points[0] + pos.trick_points[1]
        p.marriage_points = [0, 0]
        p.tricks = [0, 0]
        p.tricks[o] = pos.tricks_played
        p.claim_by = -1
        if any(a.kind is ActionKind.MARRIAGE and claim_now(p.play(a)) is None
               for a in p.legal_actions()):
            return p
    raise AssertionError("no such position")


def test_a_leader_without_a_trick_concedes_two_after_his_marriage(fast: Solver,
                                                                   plain: Solver) -> None:
    """6G2: a false claim gives the opponent 2; right after announcing a marriage (6E2 b)
    a leader without a trick, who would lose 3, concedes 2 instead; the solver sees it
    as the minimax does."""
    conceded = 0
    for seed in range(70, 90):
        try:
            pos = _without_a_trick(seed)
        except AssertionError:
            continue
        want = minimax(pos, {})
        assert fast.solve(pos) == want, pos
        assert plain.solve(pos) == want, pos
        for a in pos.legal_actions():
            if a.kind is ActionKind.MARRIAGE:
                after = pos.play(a)
                assert fast.solve(after) == minimax(after, {}), (pos, a)
                out = after.play(CLAIM).outcome
                assert out is not None and out.end is End.FALSE_CLAIM
                assert out.game_points == 2
        conceded += abs(want) == 2
    assert conceded >= 1


def test_the_engine_reads_the_profile_and_refuses_what_it_does_not_know() -> None:
    """The rules come from the profile's fields; a field without analysis is refused in
    one line naming it."""
    r = rules_array(SIXTY_SIX)
    assert int(r[0]) == 24
    assert engine_refusal(SIXTY_SIX) is None
    odd = Profile("no-trump-lead", exchange_trump_lead=False)
    why = engine_refusal(odd)
    assert why is not None and "X2" in why and "\n" not in why
    with pytest.raises(ValueError, match="X2"):
        rules_array(odd)


def test_worlds_of_a_sechsundsechzig_position_look_the_same_to_the_player() -> None:
    """Worlds are built on 24 cards: each sampled world keeps what the player sees (his
    hand, the public cards, the talon's size) and is a position the solver can judge;
    a view alone gives a position of the same talon."""
    from schnapsen_lab.games.twohand.knowledge import view
    from schnapsen_lab.worlds import position_from_view, sample_worlds

    rng = random.Random(5)
    for pos in random_positions(66, 30, min_tricks=1, stop=0.3):
        seat = pos.to_move
        assert seat is not None
        seen = view(pos, seat)
        for w in sample_worlds(pos, seat, 4, rng):
            assert sorted(w.deck) == sorted(pos.deck)
            assert view(w, seat) == seen
            assert w.talon_size == pos.talon_size
        made, h = position_from_view(seen)
        assert made.talon_size == pos.talon_size and made.profile is SIXTY_SIX
        assert view(made, seat).hand == seen.hand
        assert h.consistent()


def test_the_closing_advisor_on_sechsundsechzig() -> None:
    """The advisor goes through every hand the opponent may hold out of 24 cards: it
    exchanges the trump nine first (6X1), its plan's results are those of the planner,
    and a key card may be a nine."""
    from math import comb

    from schnapsen_lab import advisor
    from schnapsen_lab.cards import RANK_OF, Rank
    from schnapsen_lab.worlds import hidden_cards

    rng = random.Random(8)
    seen = 0
    for pos in random_positions(67, 400, min_tricks=2, open_talon=True, stop=0.5, close=0.0):
        if pos.lead >= 0 or pos.talon_size > 6 or not advisor.closing_possible(pos):
            continue
        nine = pos.exchange_card
        has_nine = bool(pos.hands[pos.leader] >> nine & 1)
        a = advisor.advise(pos, samples=8, seed=rng.randrange(100))
        assert a.exchanged == has_nine
        after = pos.play(next(x for x in pos.legal_actions()
                              if x.kind is ActionKind.EXCHANGE)) if has_nine else pos
        h = hidden_cards(after, after.leader)
        assert a.hands == comb(bin(h.unknown).count("1"), h.opponent_hidden)
        assert 0 <= a.close.win_chance <= 1 and a.verdict
        for k in a.key_cards:
            assert h.unknown >> k.card & 1
        seen += 1
        if any(RANK_OF[k.card] == Rank.N for k in a.key_cards) and seen >= 3:
            break
        if seen >= 12:
            break
    assert seen >= 3


def test_a_nine_can_be_a_key_card() -> None:
    """The key cards of the advice are looked for among all 24 cards: a nine found in
    every hand that beats the closer is named."""
    from schnapsen_lab.advisor import HandResult, _key_cards
    from schnapsen_lab.cards import Card

    results = [HandResult((Card.NH, Card.AC), -2, -2), HandResult((Card.NH, Card.TC), -2, -2),
               HandResult((Card.KC, Card.AC), 2, 2), HandResult((Card.KC, Card.TC), 2, 2)]
    unknown = (1 << Card.NH) | (1 << Card.AC) | (1 << Card.TC) | (1 << Card.KC)
    assert [k.card for k in _key_cards(results, unknown)] == [Card.NH]


def test_the_strong_player_plays_sechsundsechzig() -> None:
    """``strong`` is a Sechsundsechzig player too (it reads the rules from the deal's
    profile): it plays whole deals against the rule-of-thumb player, every choice legal,
    from both seats, its memory knowing the nines."""
    from schnapsen_lab.games.twohand.selfplay import play_deal
    from schnapsen_lab.players.registry import make_player, player_names, refusal
    from schnapsen_lab.players.strong import StrongPlayer

    assert "strong" in player_names("sechsundsechzig")
    assert isinstance(make_player("strong", "sechsundsechzig"), StrongPlayer)
    assert refusal("strong", SIXTY_SIX) is None
    rng = random.Random(11)
    for k in range(2):
        deck = [int(c) for c in PACK24.cards]
        rng.shuffle(deck)
        heuristic = make_player("heuristic", "sechsundsechzig")
        strong = StrongPlayer(samples=3, seed=k)
        players = (strong, heuristic) if k == 0 else (heuristic, strong)
        played = play_deal(players, deck, Seat(k), SIXTY_SIX)
        assert played.outcome.end is not End.UNFINISHED


def test_the_closing_trainer_takes_sechsundsechzig_records() -> None:
    """The closing trainer's exercises come from Sechsundsechzig records too (leads where
    the leader could close), and each is judged by the advisor."""
    from pathlib import Path

    from schnapsen_lab import advisor, psn, training

    root = Path(__file__).resolve().parent.parent
    records = list(psn.read(root / "records/sechsundsechzig-heuristic-vs-heuristic.psn"))[:60]
    exercises = training.closing_exercises(records, count=3, seed=1)
    assert len(exercises) == 3
    for e in exercises:
        assert e.position.profile is SIXTY_SIX and advisor.closing_possible(e.position)
        feedback = training.judge_closing("close", advisor.advise(e.position, samples=8))
        assert feedback.message
