"""The strong Dreierschnapsen player and the engine it shares with Bauernschnapsen: the
solver for three seats (one declarer against two, Bettler, the lay-away out of play)
against a plain minimax over the referee, worlds consistent with a seat's knowledge and
with the calls, and the player's choices, budget and seed (issue 52 section 2)."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from schnapsen_lab.cards import parse_card
from schnapsen_lab.games.auction.solver import NO_TRICKS, contract_code, solve
from schnapsen_lab.games.auction.worlds import sample_worlds
from schnapsen_lab.games.bauern.reference import minimax
from schnapsen_lab.games.dreier.players import view
from schnapsen_lab.games.dreier.rules import (
    CALLS,
    CLAIM,
    Call,
    IllegalAction,
    Kind,
    Phase,
    Position,
    lay_away,
    trump_call,
)
from schnapsen_lab.games.dreier.selfplay import play_match
from schnapsen_lab.games.dreier.strong import (
    StrongDreierPlayer,
    call_likelihood,
    sample_heeding_calls,
)
from schnapsen_lab.players import make_player
from schnapsen_lab.tricks import SUIT_MASKS

from .test_dreier_players import deck_for, mask


def _to_play(deck: list[int], calls: list[Call], trump: str = "H") -> Position:
    """The position at the first lead: A names ``trump``, ``calls`` are said, the
    declarer lays away his two lowest-numbered cards (the last two of his hand)."""
    pos = Position.deal(deck, 2)
    legal = pos.legal_actions()
    t = trump_call(trump)
    pos = pos.play(t if t in legal else legal[0])
    for c in calls:
        pos = pos.play(CALLS[c])
    for _ in range(2):
        pos = pos.play(pos.legal_actions()[-1])
    assert pos.phase == Phase.PLAY
    return pos


def _late(pos: Position, rng: random.Random, tricks: int) -> Position:
    """``pos`` after ``tricks`` tricks of random legal cards (no claim)."""
    while pos.outcome is None and pos.tricks_played < tricks:
        legal = [a for a in pos.legal_actions() if a.kind is not Kind.CLAIM]
        pos = pos.play(rng.choice(legal))
    return pos


@pytest.mark.parametrize("calls", [
    [Call.WEITER, Call.WEITER, Call.WEITER],
    [Call.WEITER, Call.SPRITZE, Call.WEITER],
    [Call.SCHNAPSER, Call.WEITER, Call.WEITER],
    [Call.WEITER, Call.BETTLER, Call.WEITER],
    [Call.WEITER, Call.GANG, Call.SPRITZE],
    [Call.WEITER, Call.WEITER, Call.KONTRASCHNAPSER],
    [Call.WEITER, Call.KONTRABAUERNSCHNAPSER, Call.WEITER],
])
def test_the_solver_for_three_seats_agrees_with_a_minimax_over_the_referee(
        calls: list[Call]) -> None:
    """From the second or third trick on, the solver's value of a three-player position
    (declarer against two, the lay-away out of play, each contract's goal, a standing
    spritze) is the referee's exact value."""
    checked = 0
    for d in range(20):
        rng = random.Random(d)
        deck = list(range(20))
        rng.shuffle(deck)
        try:
            pos = _to_play(deck, calls)
        except IllegalAction:  # a call this deal's seats may not make
            continue
        c = pos.contract
        late = _late(pos, rng, (1 if c is not None and not c.points_count else 2)
                      + d % 2)
        if late.outcome is not None:
            continue
        assert solve(late) == minimax(late, {}), (d, calls)
        checked += 1
    assert checked >= 4


def test_bettler_is_the_goal_of_no_trick() -> None:
    """Bettler's goal (3K4): broken the moment the declarer wins a trick, made when the
    sixth passes without one; the solver scores it 4 either way, doubled by a spritze."""
    assert contract_code(Call.BETTLER) == NO_TRICKS
    # B holds the lowest card of every suit it holds and can never win a trick
    deck = deck_for("AH TH KH AS TS KS", "JH QH JS QS JD QD", "AD TD KD AC TC KC",
                    "JC QC")
    pos = Position.deal(deck, 2).play(trump_call("H"))
    for c in (Call.WEITER, Call.BETTLER, Call.SPRITZE):
        pos = pos.play(CALLS[c])
    pos = pos.play(lay_away("JC")).play(lay_away("QC"))
    assert solve(pos) == 8  # side 0 is the declarer: made, doubled
    assert solve(pos) == minimax(pos, {})


def test_a_defenders_worlds_put_the_lay_away_out_of_play_and_the_declarers_know_it() -> None:
    """3W1, 3T3: a defender cannot see the two cards laid away, so his worlds place two
    unseen cards out of play; the declarer's worlds give the defenders exactly the cards
    he did not hold, never a talon or laid-away card."""
    rng = random.Random(3)
    deck = list(range(20))
    rng.shuffle(deck)
    pos = _to_play(deck, [Call.WEITER] * 3)
    laid = sum(1 << c for c in pos.laid)
    d = pos.declarer
    player = StrongDreierPlayer(seed=1)
    for seat in range(3):
        v = view(pos, seat)
        worlds = player.sample(v, 12, random.Random(seat))
        for w in worlds:
            assert w[seat] == pos.hands[seat]
            if seat == d:
                assert len(w) == 3
                assert w[0] | w[1] | w[2] == pos.hands[0] | pos.hands[1] | pos.hands[2]
            else:
                assert len(w) == 4 and bin(w[3]).count("1") == 2
                assert all(bin(w[s]).count("1") == 6 for s in range(3))
        if seat != d:
            assert any(w[3] != laid for w in worlds) or len(worlds) == 1


def test_worlds_heed_the_calls() -> None:
    """After B called Gang, the worlds C draws give B the hands that call Gang: more
    cards on top of their suits than worlds drawn without regard to the calls."""
    deck = deck_for("AH TH KH AS TS KS", "AD TD KD AC TC JH", "QH QS QD QC JS JD",
                    "KC JC")
    pos = Position.deal(deck, 2).play(trump_call("H"))
    pos = pos.play(CALLS[Call.WEITER]).play(CALLS[Call.GANG])
    v = view(pos, 2)
    assert v.phase == Phase.AUCTION

    def tops(hand: int) -> int:
        """Cards held from the ace down, over the four suits."""
        n = 0
        for s in range(4):
            for c in range(5 * s, 5 * s + 5):
                if not hand >> c & 1:
                    break
                n += 1
        return n

    heeded = sample_heeding_calls(v, 60, random.Random(1))
    blind = sample_worlds(v, 60, random.Random(1), out_of_play=2)
    assert statistics.mean(tops(w[1]) for w in heeded) > statistics.mean(
        tops(w[1]) for w in blind) + 0.5
    assert call_likelihood(Call.GANG, mask("AD TD KD AC TC KC"), 2, 0xFFFFF) == 1.0
    assert call_likelihood(Call.GANG, mask("JD QD JC QC JS QS"), 2, 0xFFFFF) < 0.1
    assert call_likelihood(Call.BETTLER, mask("JH JS JD JC QC QD"), 2,
                           0xFFFFF & ~mask("JH JS JD JC QC QD")) == 1.0


def test_it_answers_every_decision_legally_and_the_same_for_a_seed() -> None:
    """Whole matches against the rule of thumb: every choice is legal (the simulator
    checks), including the calls, the lay-away and claims; the same seed plays the same
    match, and no decision runs out of worlds."""
    strong = StrongDreierPlayer(seed=5, samples=0.5, nodes=60_000)
    m1 = play_match([strong, "heuristic", "heuristic"], seed=9, number=1)
    again = StrongDreierPlayer(seed=5, samples=0.5, nodes=60_000)
    m2 = play_match([again, "heuristic", "heuristic"], seed=9, number=1)
    assert [d.actions for d in m1.deals] == [d.actions for d in m2.deals]
    assert any(a.kind is Kind.LAYAWAY for d in m1.deals for a in d.actions)
    for d in m1.deals:
        d.final()  # every action refereed again


def test_registered_as_the_strong_player_of_dreier() -> None:
    """``make_player("strong", game="dreier")`` is the search player."""
    assert isinstance(make_player("strong", game="dreier"), StrongDreierPlayer)


def test_a_decision_keeps_to_its_node_budget_and_a_second() -> None:
    """Each decision expands at most its node budget, and none takes a second of CPU;
    the lay-away is one pair, laid one card after the other."""
    times: list[float] = []
    for d in range(3):
        rng = random.Random(d)
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, 2)
        players = [StrongDreierPlayer(seed=d, nodes=50_000) for _ in range(3)]
        laid: list[int] = []
        while pos.outcome is None:
            seat = pos.turn
            v = view(pos, seat)
            t = time.process_time()
            a = players[seat].act(v, rng)
            times.append(time.process_time() - t)
            assert players[seat].last_nodes <= 50_000
            if a is None:
                a = next(x for x in v.legal if x is not CLAIM)
            if a.kind is Kind.LAYAWAY:
                laid.append(int(a.card))  # type: ignore[arg-type]
            pos = pos.play(a)
        assert len(laid) == 2
    assert max(times) < 1.0


def test_the_lay_away_is_the_best_pair_it_valued() -> None:
    """The declarer lays away the pair with the best mean over its worlds, the pair's
    first card first and then its second."""
    deck = deck_for("AH TH KH AS JD QC", "TS KS QS JS AD TD", "KD QD AC TC KC JC",
                    "QH JH")
    pos = Position.deal(deck, 2).play(trump_call("H"))
    for _ in range(3):
        pos = pos.play(CALLS[Call.WEITER])
    assert pos.phase == Phase.TALON
    p = StrongDreierPlayer(seed=2)
    v = view(pos, 0)
    a = p.act(v, random.Random(0))
    assert a is not None and a.kind is Kind.LAYAWAY
    assert p.last is not None and p.last.basis == "play" and p.last.worlds > 0
    assert p.last.ranked[0][0] == a
    pos = pos.play(a)
    b = p.act(view(pos, 0), random.Random(0))
    assert b is not None and b.kind is Kind.LAYAWAY and b != a
    kept = pos.play(b).hands[0]
    assert kept & SUIT_MASKS[2] == mask("AH TH KH QH JH")  # every trump kept


def test_a_pair_planned_in_an_earlier_deal_is_not_laid_away_blindly() -> None:
    """The second card of a pair is laid away only right after the first: a new deal's
    first lay-away is a new decision even when its hand holds a remembered second card
    and not the first."""
    deck = deck_for("AH TH KH AS JD QC", "TS KS QS JS AD TD", "KD QD AC TC KC JC",
                    "QH JH")
    pos = Position.deal(deck, 2).play(trump_call("H"))
    for _ in range(3):
        pos = pos.play(CALLS[Call.WEITER])
    p = StrongDreierPlayer(seed=2)
    p._plan = (parse_card("TS"), parse_card("AH"))  # from another deal: TS is not held
    a = p.act(view(pos, 0), random.Random(0))
    assert p.last is not None and p.last.worlds > 0
    assert a != lay_away("AH")


def test_the_benchmark_counts_a_match_for_the_highest_counter() -> None:
    """benchmarks/dreier_strong.py: a match is the strong player's when his counter is
    the highest (3X1), not whenever it reached 24 in the deciding deal (both defenders
    reach it together when their side wins)."""
    import importlib.util
    import sys
    from pathlib import Path
    from types import SimpleNamespace

    here = Path(__file__).parent.parent / "benchmarks"
    sys.path.insert(0, str(here))
    try:
        spec = importlib.util.spec_from_file_location("dreier_strong", here / "dreier_strong.py")
        assert spec is not None and spec.loader is not None
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
    finally:
        sys.path.remove(str(here))
    m = SimpleNamespace(counters={"A": 25, "B": 27, "C": 20},
                        winners=("A", "B"))  # the deciding deal took A and B past 24
    assert bench.share(m, 0) == 0.0
    assert bench.share(m, 1) == 1.0
    level = SimpleNamespace(counters={"A": 26, "B": 26, "C": 3}, winners=("A", "B"))
    assert bench.share(level, 0) == 0.5
