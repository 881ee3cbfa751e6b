"""The perfect-information solver agrees with a plain minimax over the engine."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.twohand.rules import (
    BEGINNER,
    CLAIM,
    CLOSE,
    SOFT,
    STRICT,
    Action,
    ActionKind,
    Position,
    Seat,
)
from schnapsen_lab.psn import Record
from schnapsen_lab.solver import Solver, action_values, best_actions, solve
from schnapsen_lab.solver.reference import claim_now, minimax, outcome_value

from .conftest import build_deck

PROFILES = (SOFT, SOFT, STRICT, BEGINNER)


def random_positions(seed: int, n: int, *, min_tricks: int, open_talon: bool | None = None,
                     stop: float = 0.4) -> Iterator[Position]:
    """``n`` positions reached by random legal play, at least ``min_tricks`` tricks in
    (and with the talon open or not, when ``open_talon`` says so)."""
    rng = random.Random(seed)
    found = 0
    while found < n:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, rng.choice((Seat.A, Seat.B)), rng.choice(PROFILES))
        while pos.outcome is None:
            if (pos.tricks_played >= min_tricks and rng.random() < stop
                    and (open_talon is None or pos.talon_open == open_talon)):
                found += 1
                yield pos
                break
            legal = pos.legal_actions()
            pos = pos.play(legal[rng.randrange(len(legal))])


@pytest.fixture(scope="module")
def fast() -> Solver:
    """The compiled solver (numba; the first use compiles or loads the cache)."""
    return Solver(compiled=True)


@pytest.fixture(scope="module")
def plain() -> Solver:
    """The same search run as plain Python."""
    return Solver(compiled=False)


def test_late_positions_agree_with_minimax(fast: Solver, plain: Solver) -> None:
    """Talon exhausted or closed, 1-5 cards each: both search paths equal the minimax."""
    for i, pos in enumerate(random_positions(1, 250, min_tricks=5, open_talon=False)):
        want = minimax(pos)
        assert fast.solve(pos) == want, pos
        if i % 3 == 0:
            assert plain.solve(pos) == want, pos


def test_open_talon_positions_agree_with_minimax(fast: Solver, plain: Solver) -> None:
    """Talon of two or four: exchange, closing, marriages, the last draw."""
    last_draw = random_positions(2, 20, min_tricks=4, open_talon=True, stop=0.9)
    talon_of_four = random_positions(12, 3, min_tricks=3, open_talon=True, stop=0.9)
    for i, pos in enumerate([*last_draw, *talon_of_four]):
        want = minimax(pos, {})
        assert fast.solve(pos) == want, pos
        if i % 4 == 0:
            assert plain.solve(pos) == want, pos


def test_action_values_agree_with_minimax(fast: Solver) -> None:
    """Every action's value is the minimax value of the position after it."""
    for pos in random_positions(3, 60, min_tricks=5):
        values = fast.action_values(pos)
        legal = pos.legal_actions()
        if pos.lead >= 0 and claim_now(pos) is not None:
            assert list(values) == [CLAIM]
        else:
            assert set(values) == {a for a in legal
                                   if not (a.kind is ActionKind.CLAIM and pos.lead >= 0)}
        for a, v in values.items():
            assert v == minimax(pos.play(a)), (pos, a)
        best = fast.best_actions(pos)
        assert best, pos
        assert all(values[a] == fast.solve(pos) for a in best)
        # a false claim is best only when nothing else reaches the value (C4)
        others = [v for a, v in values.items() if a.kind is not ActionKind.CLAIM]
        for a in best:
            if a.kind is ActionKind.CLAIM and claim_now(pos) is None:
                assert fast.solve(pos) not in others


def _minimax_without_false_claims(pos: Position) -> int:
    """The minimax of the solver before issue 20: a false claim never chosen."""
    claim = claim_now(pos)
    if claim is not None:
        return outcome_value(claim)
    if pos.outcome is not None:
        return outcome_value(pos.outcome)
    values = [_minimax_without_false_claims(pos.play(a)) for a in pos.legal_actions()
              if a.kind is not ActionKind.CLAIM]
    return max(values) if pos.to_move is Seat.A else min(values)


def closed_without_a_trick(seed: int, n: int) -> Iterator[Position]:
    """``n`` positions of closed games where the closer's opponent had no trick when the
    talon was closed (C4 can make his false claim pay), reached by random play."""
    rng = random.Random(seed)
    found = 0
    while found < n:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, rng.choice((Seat.A, Seat.B)), rng.choice(PROFILES))
        while pos.outcome is None and pos.closed_by < 0:
            legal = pos.legal_actions()
            me = pos.to_move
            if (CLOSE in legal and me is not None and pos.tricks[me] > 0
                    and pos.tricks[1 - me] == 0 and rng.random() < 0.7):
                pos = pos.play(CLOSE)
                break
            plays = [a for a in legal if a.kind is not ActionKind.CLAIM and a is not CLOSE]
            pos = pos.play(plays[rng.randrange(len(plays))])
        if pos.closed_by < 0 or pos.outcome is not None:
            continue
        while pos.outcome is None and rng.random() < 0.5:
            plays = [a for a in pos.legal_actions() if a.kind is not ActionKind.CLAIM]
            pos = pos.play(plays[rng.randrange(len(plays))])
        if pos.outcome is None:
            found += 1
            yield pos


def test_the_false_claim_of_c4_is_searched(fast: Solver, plain: Solver) -> None:
    """Closed games where the closer's opponent had no trick: both search paths equal the
    minimax that tries every false claim, and in some of them the false claim changes the
    value (the closer wins 2, not 3), never who wins."""
    changed = 0
    for pos in closed_without_a_trick(11, 120):
        want = minimax(pos, {})
        assert fast.solve(pos) == want, pos
        assert plain.solve(pos) == want, pos
        old = _minimax_without_false_claims(pos)
        assert (old > 0) == (want > 0)
        if old != want:
            changed += 1
            closer_a = pos.closed_by == 0
            assert abs(old) == 3 and abs(want) == 2 and (want > 0) == closer_a
    assert changed >= 5


def test_values_are_game_points() -> None:
    """Every value is 1, 2 or 3 game points for one side."""
    for pos in random_positions(4, 60, min_tricks=5):
        assert solve(pos) in (-3, -2, -1, 1, 2, 3)


def test_a_correct_claim_is_made_at_once() -> None:
    """A reaches 67 with the trump marriage while B has no trick: A wins 3 (G1)."""
    deck = build_deck("AC AH TH KH QH", "JD QD KD JS QS", "JH", "JC QC KC TC")
    pos = Position.deal(deck, Seat.B)
    for token in ("AC", "JS", "AH", "QS"):
        pos = pos.play(token)
    assert pos.score(Seat.A) == 27 and pos.tricks[Seat.B] == 0
    assert solve(pos) == 3
    values = action_values(pos)
    assert values[pos.legal_actions()[0]] <= 3
    assert {str(a) for a in best_actions(pos)} >= {"KH+40", "QH+40"}
    after = pos.play("KH+40")
    assert action_values(after) == {CLAIM: 3}
    assert best_actions(after) == [CLAIM]
    assert solve(after) == 3


def test_claims_found_in_play_give_their_outcome(fast: Solver) -> None:
    """Wherever a correct claim may be made, the value is that claim's result."""
    rng = random.Random(5)
    seen = 0
    for _ in range(40):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, Seat.B, rng.choice(PROFILES))
        while pos.outcome is None:
            claim = claim_now(pos)
            if claim is not None:
                seen += 1
                v = fast.solve(pos)
                assert v == outcome_value(claim)
                assert (v > 0) == (claim.winner is Seat.A)
            legal = [a for a in pos.legal_actions() if a.kind is not ActionKind.CLAIM]
            pos = pos.play(legal[rng.randrange(len(legal))])
    assert seen > 10


def test_after_the_last_trick() -> None:
    """A finished deal gives its outcome, or the winner's correct claim (E2 a)."""
    rng = random.Random(6)
    checked = 0
    while checked < 20:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while pos.outcome is None:
            legal = [a for a in pos.legal_actions() if a.kind is not ActionKind.CLAIM]
            pos = pos.play(legal[rng.randrange(len(legal))])
        if pos.claimed:
            continue
        checked += 1
        assert pos.outcome is not None and pos.legal_actions() == [CLAIM]
        if pos.claim_is_correct(pos.leader):
            out = pos.play(CLAIM).outcome
            assert out is not None
            assert solve(pos) == outcome_value(out)
            assert action_values(pos) == {CLAIM: outcome_value(out)}
        else:
            assert solve(pos) == outcome_value(pos.outcome)
            assert action_values(pos) == {}


def test_full_deal_values_agree_between_paths(fast: Solver, plain: Solver) -> None:
    """From the deal, one line of best play: the value holds along it (both paths)."""
    rng = random.Random(7)
    deck = list(range(20))
    rng.shuffle(deck)
    pos = Position.deal(deck, Seat.B, SOFT)
    v = fast.solve(pos)
    steps = 0
    while pos.outcome is None and claim_now(pos) is None:
        best = fast.best_actions(pos)
        assert best
        pos = pos.play(best[0])
        assert fast.solve(pos) == v
        steps += 1
        if steps >= 12:
            assert plain.solve(pos) == v
    assert fast.solve(pos) == v


# -- the command line ----------------------------------------------------------------------

def _write_records(tmp_path: Path) -> Path:
    rng = random.Random(8)
    deck = list(range(20))
    rng.shuffle(deck)
    pos = Position.deal(deck)
    actions: list[Action] = []
    while pos.outcome is None and len(actions) < 14:
        legal = [a for a in pos.legal_actions() if a.kind is not ActionKind.CLAIM]
        a = legal[rng.randrange(len(legal))]
        actions.append(a)
        pos = pos.play(a)
    rec = Record.from_actions(deck, actions)
    path = tmp_path / "deals.psn"
    path.write_text(psn.dumps([rec]) + "\n[Deck \"" + " ".join(rec.tags["Deck"].split())
                    + "\"]\n\n1. QQ\n", encoding="utf-8")
    return path


def test_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_records(tmp_path)
    rec = next(iter(psn.read(str(path))))
    positions = rec.positions()
    for step in (14, 10, 12):
        assert main(["solve", str(path), "--record", "1", "--step", str(step), "--json"]) == 0
        d = json.loads(capsys.readouterr().out)
        pos = positions[step]
        assert set(d) == {"value", "actions", "best"}
        assert d["value"] == minimax(pos)
        want = {str(a) for a in pos.legal_actions()
                if not (a.kind is ActionKind.CLAIM and pos.lead >= 0)}
        if pos.lead >= 0 and claim_now(pos) is not None:
            want = {"66"}
        assert set(d["actions"]) == want
        for tok, v in d["actions"].items():
            assert v == minimax(pos.play(tok))
        assert d["best"] and all(d["actions"][t] == d["value"] for t in d["best"])


def test_cli_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_records(tmp_path)
    assert main(["solve", str(path), "--step", "13"]) == 0
    out = capsys.readouterr().out
    assert "value:" in out and "best" in out


@pytest.mark.parametrize(("args", "why"), [
    (["--record", "3"], "no record 3"),
    (["--record", "0"], "numbered from 1"),
    (["--step", "99"], "out of range"),
    (["--step", "-1"], "numbered from 0"),
    (["--record", "2", "--step", "1"], "after an error"),
])
def test_cli_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                       why: str) -> None:
    path = _write_records(tmp_path)
    assert main(["solve", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert why in err and err.count("\n") == 1


def test_cli_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(tmp_path / "none.psn")]) == 2
    assert "no such file" in capsys.readouterr().err
