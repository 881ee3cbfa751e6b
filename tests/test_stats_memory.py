"""The deal table's memory (issue 23), without timing: the narrow column types of the
compact parts the readers build and the workers send, their bytes a deal, the table
assembled from them equal to the one pandas builds from the rows, and the parts freed."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Any

import pytest

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")

from schnapsen_lab import psn  # noqa: E402
from schnapsen_lab.columns import DEAL_COLUMNS, categories  # noqa: E402
from schnapsen_lab.stats import rows as rows_module  # noqa: E402
from schnapsen_lab.stats import typed as typed_module  # noqa: E402
from schnapsen_lab.stats.columnar import (  # noqa: E402
    DealColumns,
    columns_frame,
    compact_columns,
)
from schnapsen_lab.stats.frames import deals_frame  # noqa: E402
from schnapsen_lab.stats.parallel import plan_chunks, read_chunk_columns  # noqa: E402
from schnapsen_lab.stats.rows import record_row  # noqa: E402

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data" / "stats"
# two-player and four-player records, valid and invalid ones (several players' names,
# profiles and error rules, so the parts' words differ)
SOURCES = [DATA / "valid.psn", DATA / "invalid.psn",
           ROOT / "records" / "bauern-heuristic-vs-random.psn",
           ROOT / "records" / "strict-heuristic-vs-random.psn",
           ROOT / "records" / "bauern2-heuristic-vs-random.psn"]
WIDTH = {"Int8": 1, "Int16": 2, "Int32": 4}


@pytest.fixture(scope="module")
def rows() -> list[tuple[Any, ...]]:
    out = []
    for path in SOURCES:
        out += [record_row(r, str(path)) for r in psn.read(path)]
    return out


def _reference(rows: list[tuple[Any, ...]], size: int) -> Any:
    """The raw frame as pandas builds it from the rows, ``size`` rows a frame (the
    assembly before the compact parts)."""
    frames = []
    for at in range(0, len(rows), size):
        df = typed_module._frame(rows[at:at + size], DEAL_COLUMNS)
        for name, kind, _ in DEAL_COLUMNS:
            if kind == "cat":
                df[name] = df[name].astype("str").astype("category")
        frames.append(df)
    return rows_module.finish_deals(rows_module.concat_deals(frames))


def test_compact_parts_have_the_narrow_types(rows: list[tuple[Any, ...]]) -> None:
    part = compact_columns(rows)
    assert len(part.columns) == len(DEAL_COLUMNS)
    for (name, kind, _), col in zip(DEAL_COLUMNS, part.columns, strict=True):
        if categories(name, kind) is not None:
            assert isinstance(col, np.ndarray) and col.dtype == np.int8, name
        elif kind == "cat":
            codes, words = col
            assert all(isinstance(w, str) for w in words), name
            assert codes.dtype == (np.int8 if len(words) < 127 else np.int16), name
        elif kind == "string":
            at, texts = col
            assert at.dtype == np.int32 and len(at) == len(texts), name
        elif kind == "bool":
            assert col.dtype == bool, name
        else:
            values, mask = col
            assert mask.dtype == bool and len(mask) == part.n, name
            want = 1 if kind == "boolean" else WIDTH[kind]
            assert values.dtype.itemsize == want and values.dtype.kind in "biu", name


def test_what_a_worker_sends_is_arrays_of_few_bytes_a_deal() -> None:
    path = ROOT / "records" / "strict-heuristic-vs-random.psn"
    (chunk,) = plan_chunks([path], 0)
    parts = read_chunk_columns(chunk)
    assert parts and all(isinstance(p, DealColumns) for p in parts)
    deals = sum(p.n for p in parts)
    assert deals == sum(1 for _ in psn.read(path))
    for p in parts:  # no Python object a value: numpy arrays, or the part's words
        for col in p.columns:
            assert isinstance(col, (np.ndarray, tuple)), type(col)
            if isinstance(col, tuple):
                assert isinstance(col[0], np.ndarray) and col[0].dtype != object
    sent = sum(len(pickle.dumps(p, protocol=pickle.HIGHEST_PROTOCOL)) for p in parts)
    # about the table's own bytes a deal (docs/statistics.md: about 190), not the rows'
    assert sent / deals < 260, sent / deals
    assert sum(p.nbytes() for p in parts) / deals < 200


@pytest.mark.parametrize("size", [64, 100_000])
def test_assembled_table_equals_pandas_from_rows(rows: list[tuple[Any, ...]],
                                                  size: int) -> None:
    assert len(rows) > 200
    parts: list[DealColumns | None] = [compact_columns(rows[at:at + size])
                                       for at in range(0, len(rows), size)]
    got = rows_module.finish_deals(columns_frame(parts))
    assert parts == []  # every part dropped once copied
    pd.testing.assert_frame_equal(got, _reference(rows, size))


def test_serial_reader_assembles_parts(rows: list[tuple[Any, ...]],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # the serial reader's parts of ROWS_A_PART rows give the table pandas builds
    monkeypatch.setattr(rows_module, "ROWS_A_PART", 100)
    pd.testing.assert_frame_equal(deals_frame(SOURCES), _reference(rows, 100))


def test_deal_table_bytes_a_deal(rows: list[tuple[Any, ...]]) -> None:
    df = rows_module.finish_deals(columns_frame([compact_columns(rows)]))
    per_deal = df.memory_usage(deep=True, index=False).sum() / len(df)
    # narrow columns: 1-byte codes and Int8, Int16 and Int32 only where the values need
    # them (benchmarks/memory.py prints the figure: about 190 bytes a deal)
    assert per_deal < 230, per_deal
    for name, kind, _ in DEAL_COLUMNS:
        if kind in ("cat", "seat", "suit", "end", "rule", "category"):
            n = len(df[name].cat.categories)
            want = np.int8 if n < 127 else np.int16
            assert df[name].cat.codes.dtype == want, name


def test_empty_input_gives_the_empty_table() -> None:
    got = columns_frame([])
    pd.testing.assert_frame_equal(rows_module.finish_deals(got),
                                  rows_module.finish_deals(rows_module.empty_deals_frame()))
    got = columns_frame([compact_columns([])])
    assert len(got) == 0 and list(got.columns) == [c[0] for c in DEAL_COLUMNS]


# -- what the command holds besides the table (issue 51: 100 MB under 300 MiB) ---------------

def test_the_summaries_copy_only_the_columns_they_read() -> None:
    import tracemalloc

    from schnapsen_lab.stats.tables import bauern_summary, four_seated, summary

    base = deals_frame(SOURCES)
    deals = rows_module.concat_deals([base.copy() for _ in range(8)])
    four = four_seated(deals)
    assert four.any() and not four.all()
    table = int(deals.memory_usage(deep=True, index=False).sum())
    want_two = summary(deals[~four]).to_string()
    want_four = bauern_summary(deals[four]).to_string()
    tracemalloc.start()
    try:
        got_two = summary(deals, only=~four).to_string()
        _, two_peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        got_four = bauern_summary(deals).to_string()
        _, four_peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (got_two, got_four) == (want_two, want_four)
    # the rows picked are copied in the dozen or so columns an overview reads, never the
    # table's hundred: about a third of the table's bytes at most (1.7 times the table
    # and 0.6 times when the two-player rows were copied whole, then their finished ones)
    assert two_peak < table / 2, (two_peak, table)
    assert four_peak < table / 3, (four_peak, table)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_stats_workers_are_forked_without_pandas(tmp_path: Path) -> None:
    """The command imports pandas once the workers have read the records: they neither
    share nor copy its pages (benchmarks/memory.py --mixed: 310 MiB before, 172 after)."""
    import os
    import subprocess
    import time

    path = tmp_path / "large.psn"
    unit = b"".join(p.read_bytes().rstrip(b"\n") + b"\n\n" for p in SOURCES[2:])
    path.write_bytes(unit * (12_000_000 // len(unit) + 1))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "schnapsen_lab.cli", "stats", "-q", "-j", "2",
                          str(path)], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    seen: dict[int, str] = {}
    try:
        end = time.monotonic() + 120
        while p.poll() is None and time.monotonic() < end and len(seen) < 2:
            for kid in _children(p.pid):
                text = _maps(kid)
                if "schnapsen_lab" in text or "numpy" in text:  # a worker, started
                    seen.setdefault(kid, text)
            time.sleep(0.01)
        _, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 0, err.decode("utf-8", "replace")
    assert seen, "no worker was seen"
    for kid, text in seen.items():
        assert "/pandas/" not in text and "/pyarrow/" not in text, kid


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def _maps(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return ""
