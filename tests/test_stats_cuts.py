"""The parallel deal table equals the sequential one wherever a file is cut (issue 51, F3).

The file holds what once made the chunked reader disagree with the reader of the whole
file: a deal without a Match tag between two deals of one match, a deal that lost its
Match tag, a Bummerl left undecided whose Match id comes back later, two Bummerls
interleaved, four-player deals, a comment over lines, byte order marks and CR LF.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

pd = pytest.importorskip("pandas")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from schnapsen_lab import psn  # noqa: E402
from schnapsen_lab.stats import deals_frame  # noqa: E402
from schnapsen_lab.stats.parallel import (  # noqa: E402
    chunks_at,
    plan_chunks,
    read_chunks,
    read_deals,
)

from .stats_helpers import random_deal, random_matches  # noqa: E402

ROOT = Path(__file__).parent.parent
LONE = ('[PlayerA "Cleo"]\n[PlayerB "Dora"]\n'
        '[Deck "KS JS JD QD KH QS JH TD TC AS AH QC KC JC AC KD TH TS QH AD"]\n\n'
        "1. JD QS *\n")


def without(text: str, tag: str) -> str:
    return "".join(line for line in text.splitlines(True) if not line.startswith(f"[{tag} "))


def tricky_text() -> str:
    """Records whose match accounting depends on records far before them."""
    from schnapsen_lab.games.twohand.rules import Seat

    a = [psn.dumps([r]) for r in random_matches(31, 5)]
    b = [psn.dumps([r]) for r in random_matches(32, 4, prefix="n")]
    parts: list[str] = []
    parts += [*a[:2], LONE, *a[2:5]]                  # a lone deal inside a Bummerl
    lost = next(k for k in range(5, 20) if '[Deal "1"]' not in a[k])
    parts += [*a[5:lost], without(a[lost], "Match"), *a[lost + 1:9]]  # lost its Match tag
    parts += b[:2]                                      # left undecided ...
    rng = random.Random(5)
    for i in range(4):
        dealer = Seat.A if i % 2 else Seat.B
        deck, actions = random_deal(rng, dealer)
        parts.append(psn.dumps([psn.Record.from_actions(deck, actions, dealer=dealer)],
                               compact=True) + "\n")
    parts += b[2:5]                                     # ... and going on after lone deals
    parts += [x for pair in zip(a[9:13], b[5:9], strict=False) for x in pair]  # interleaved
    four = (ROOT / "records" / "bauern-heuristic-vs-random.psn").read_text().split("\n\n[")
    parts += ["[" + x.strip("\n[") + "\n" for x in four[3:9]]
    parts += [p.replace("\n\n1.", "\n\n{a comment over\n[two lines]}\n1.", 1) for p in a[13:16]]
    parts += ["\ufeff" + a[16], *a[17:], *b[9:]]
    return "\n".join(parts)


@pytest.fixture(scope="module")
def tricky(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cuts") / "tricky.psn"
    path.write_text(tricky_text(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tricky_crlf(tricky: Path) -> Path:
    path = tricky.with_name("tricky-crlf.psn")
    path.write_bytes(tricky.read_bytes().replace(b"\n", b"\r\n"))
    return path


@pytest.fixture(scope="module")
def whole(tricky: Path, tricky_crlf: Path) -> dict[Path, pd.DataFrame]:
    return {p: deals_frame(p) for p in (tricky, tricky_crlf)}


def test_the_file_holds_the_cases(tricky: Path, whole: dict[Path, pd.DataFrame]) -> None:
    recs = list(psn.read(tricky))
    rules = [e.rule for r in recs for e in r.errors]
    assert rules.count("Match") == 1  # the deal that lost its tag; nothing else disagrees
    assert set(rules) <= {"Match", "Deal", "Score", "Dealer"}
    assert sum(r.game.key == "bauern" for r in recs) == 6
    assert len(whole[tricky]) == len(recs)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(cuts=st.lists(st.integers(min_value=0, max_value=400_000), max_size=12),
       crlf=st.booleans())
def test_parallel_equals_sequential_at_random_cuts(cuts: list[int], crlf: bool, tricky: Path,
                                                   tricky_crlf: Path,
                                                   whole: dict[Path, pd.DataFrame]) -> None:
    path = tricky_crlf if crlf else tricky
    size = path.stat().st_size
    chunks = chunks_at(path, [c % size for c in cuts])
    got = read_chunks(chunks, workers=2)
    pd.testing.assert_frame_equal(got, whole[path])


def test_every_record_start_as_a_cut(tricky: Path, whole: dict[Path, pd.DataFrame]) -> None:
    chunks = chunks_at(tricky, range(os.path.getsize(tricky)))
    assert len(chunks) == len(whole[tricky])  # a chunk a record
    for workers in (1, 2):
        pd.testing.assert_frame_equal(read_chunks(chunks, workers=workers), whole[tricky])


@pytest.mark.parametrize("chunk_bytes", [1, 700, 3000, 9000])
def test_planned_chunks_at_any_size(chunk_bytes: int, tricky: Path, tricky_crlf: Path) -> None:
    assert len(plan_chunks([tricky], chunk_bytes)) > 1
    got = read_deals([tricky, tricky_crlf], workers=2, chunk_bytes=chunk_bytes)
    pd.testing.assert_frame_equal(got, deals_frame([tricky, tricky_crlf]))


def test_stats_default_agrees_with_one_process_and_check(tmp_path: Path) -> None:
    """Issue 51, F3: a lone deal between two deals of a match, just past the 4 MiB the
    command cuts at, made the default (parallel) stats call valid records invalid."""
    blob = (ROOT / "records" / "heuristic-vs-heuristic.psn").read_bytes().rstrip(b"\n")
    data = (blob + b"\n\n") * 5
    at = data.find(b'[Deal "2"]', 4 << 20)
    end = data.find(b"\n\n[", at) + 2
    path = tmp_path / "lone.psn"
    path.write_bytes(data[:end] + LONE.encode() + b"\n" + data[end:])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", *argv], env=env,
                              capture_output=True, text=True, timeout=300)

    check = run("check", str(path))
    assert check.returncode == 0, check.stdout[-500:]
    tables = {}
    for j in ("1", "2"):
        out = tmp_path / f"deals-{j}.parquet"
        r = run("stats", "-q", "-j", j, str(path), "-o", str(out))
        assert r.returncode == 0, r.stderr
        assert "invalid                   0" in r.stdout, r.stdout
        tables[j] = pd.read_parquet(out)
    pd.testing.assert_frame_equal(tables["2"], tables["1"])
