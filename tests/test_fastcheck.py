"""The compiled referee (fastcheck) against the engine, and the PSN reader with it on and off."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from schnapsen_lab import fastcheck, psn
from schnapsen_lab.fastcheck import (
    ACTION_OF_CODE,
    CODE_NUMBER,
    CODE_OF,
    STATE_SIZE,
    final_position,
    profile_data,
)
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.rules import BEGINNER, SOFT, STRICT, Position, Profile, Seat

from .conftest import DATA

PROFILES = (SOFT, STRICT, BEGINNER)
SLOTS = Position.__slots__


@pytest.fixture(scope="module")
def kernel() -> Callable[..., int]:
    """The compiled referee (compiled once, or loaded from numba's cache)."""
    return fastcheck.compiled_referee()


def codes_of(rec: psn.Record) -> list[int]:
    """A record's main line as codes, with the trick numbers the canonical form writes."""
    out: list[int] = []
    for m in rec.moves:
        if m.number is not None:
            out.append(CODE_NUMBER + m.number)
        out.append(CODE_OF[m.action])
    return out


def run(kernel: Callable[..., int], rec: psn.Record,
        codes: list[int]) -> tuple[int, list[int], list[int]]:
    """The kernel on a record's deal: (first bad index or -1, trick numbers, state)."""
    assert rec.deck is not None
    cm, mask = profile_data(rec.profile)
    numbers = np.zeros(len(codes) + 1, dtype=np.int64)
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    bad = kernel(np.array(rec.deck, dtype=np.int64), int(rec.dealer), cm, mask,
                 np.array([*codes, 0], dtype=np.int64), len(codes), numbers, st)
    return bad, numbers.tolist(), st.tolist()


def engine_first_bad(start: Position, codes: list[int]) -> tuple[int, Position]:
    """The engine's verdict on codes, as the plain reader checks them."""
    pos = start.copy()
    for i, code in enumerate(codes):
        if code >= CODE_NUMBER:
            if pos.outcome is None and (code - CODE_NUMBER != pos.tricks_played + 1
                                        or pos.lead >= 0):
                return i, pos
            continue
        a = ACTION_OF_CODE[code]
        assert a is not None
        if pos.check(a) is not None:
            return i, pos
        pos.apply_unchecked(a)
    return -1, pos


def assert_same_position(got: Position, want: Position) -> None:
    for name in SLOTS:
        assert getattr(got, name) == getattr(want, name), name


def records(n: int, seed: int, profile: Profile, stop: float = 0.0) -> Iterator[psn.Record]:
    rng = random.Random(seed)
    for i in range(n):
        yield random_record(rng, profile, Seat(rng.randrange(2)),
                            stop=stop if i % 4 == 0 else 0.0)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_kernel_agrees_with_the_engine_on_random_legal_deals(
        kernel: Callable[..., int], profile: Profile) -> None:
    outcomes = set()
    for rec in records(600, 11, profile, stop=0.05):
        codes = codes_of(rec)
        bad, numbers, st = run(kernel, rec, codes)
        assert bad == -1, str(rec)
        want = [m.number or 0 for m in rec.moves]
        assert numbers[:len(want)] == want
        got = final_position(rec.start(), st)
        assert rec.final is not None
        assert_same_position(got, rec.final)
        outcomes.add(None if got.outcome is None else (got.outcome.rule, got.outcome.end))
    assert None in outcomes and len(outcomes) >= 4  # unfinished deals, claims, last tricks


def test_the_plain_python_source_agrees_too() -> None:
    for rec in records(40, 3, SOFT, stop=0.05):
        bad, numbers, st = run(fastcheck.referee, rec, codes_of(rec))
        assert bad == -1
        assert numbers[:len(rec.moves)] == [m.number or 0 for m in rec.moves]
        assert rec.final is not None
        assert_same_position(final_position(rec.start(), st), rec.final)


ALL_CODES = [c for c, a in enumerate(ACTION_OF_CODE) if a is not None]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_kernel_finds_the_first_illegal_action_where_the_engine_does(
        kernel: Callable[..., int], profile: Profile) -> None:
    rng = random.Random(7)
    found = 0
    for rec in records(600, 23, profile):
        codes = codes_of(rec)
        j = rng.randrange(len(codes) + 1)
        what = rng.random()
        if what < 0.6:
            codes.insert(j, rng.choice(ALL_CODES))  # an extra action somewhere
        elif what < 0.8 and j < len(codes):
            codes[j] = rng.choice(ALL_CODES)  # an action replaced
        else:
            codes.insert(j, CODE_NUMBER + rng.randrange(0, 13))  # a trick number
        want, pos = engine_first_bad(rec.start(), codes)
        bad, _numbers, st = run(kernel, rec, codes)
        assert bad == want, (str(rec), codes, j)
        if want >= 0:
            found += 1
        else:
            assert_same_position(final_position(rec.start(), st), pos)
    assert found > 300


def read_with(monkeypatch: pytest.MonkeyPatch, text: str, mode: str) -> list[psn.Record]:
    monkeypatch.setenv("SCHNAPSEN_LAB_FAST", mode)
    return psn.loads(text)


def assert_same_records(a: list[psn.Record], b: list[psn.Record]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert x == y
        assert x.check_dict() == y.check_dict()
        assert x.outcome == y.outcome and x.main_line_ok == y.main_line_ok
        assert [m.number for m in x.moves] == [m.number for m in y.moves]
        assert str(x) == str(y)
        if x.final is None:
            assert y.final is None
        else:
            assert y.final is not None
            assert_same_position(y.final, x.final)


@pytest.mark.parametrize("name", ["valid", "invalid", "replay"])
def test_reader_gives_the_same_records_with_the_kernel_on_and_off(
        kernel: Any, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    text = (DATA / "conformance" / f"{name}.psn").read_text(encoding="utf-8")
    assert_same_records(read_with(monkeypatch, text, "0"), read_with(monkeypatch, text, "1"))


def test_reader_agrees_on_random_records_and_round_trips(
        kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(99)
    recs = [random_record(rng, PROFILES[i % 3], Seat(rng.randrange(2)),
                          stop=0.05 if i % 5 == 0 else 0.0, annotate=i % 17 == 0)
            for i in range(2500)]
    text = psn.dumps(recs)
    # a few broken ones: a wrong trick number and an illegal card
    text += "\n" + psn.dumps(recs[:2]).replace(" 2. ", " 3. ", 1).replace(" 3. ", " 1. ", 1)
    off = read_with(monkeypatch, text, "0")
    on = read_with(monkeypatch, text, "1")
    assert_same_records(off, on)
    assert sum(bool(r.errors) for r in on) >= 1
    assert [str(r) for r in on[:2500]] == [str(r) for r in recs]
    again = read_with(monkeypatch, psn.dumps(on), "1")
    assert_same_records(on, again)
    auto = read_with(monkeypatch, text, "auto")  # the kernel from the 200th record on
    assert_same_records(off, auto)


def test_the_environment_switches_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    real = psn._fast_reader

    def spy() -> Any:
        built.append(1)
        return real()

    monkeypatch.setattr(psn, "_fast_reader", spy)
    text = psn.dumps(records(210, 5, SOFT))
    read_with(monkeypatch, text, "0")
    assert built == []
    read_with(monkeypatch, text, "")
    assert built == []  # off by default
    read_with(monkeypatch, psn.dumps(records(20, 5, SOFT)), "auto")
    assert built == []  # a short file never waits for numba
    read_with(monkeypatch, text, "auto")
    assert built == [1]
    read_with(monkeypatch, psn.dumps(records(3, 5, SOFT)), "1")
    assert built == [1, 1]
