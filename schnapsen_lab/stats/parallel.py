"""Reading large collections on every core: files cut into chunks between Bummerls.

A :class:`Chunk` is a byte range of one PSN file that starts and ends at a record
boundary where the Match tag changes (or at a deal outside a match), so that every
Bummerl lies within one chunk and the reader's match accounting (deal numbers,
counters, Dealer and Score checks) is the same as when the file is read whole.
:func:`read_chunk` turns one chunk into raw deal rows; :func:`read_deals` maps it over
a process pool and :mod:`.dask` over a Dask cluster, so both give the same table.

A file whose deals of one Match id are not consecutive (interleaved Bummerls) must
be read whole: pass ``chunk_bytes=0``.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from .. import psn
from ..io import atomic_write
from .frames import finish_deals, records_frame, restore_types

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CHUNK_BYTES", "Chunk", "load_frame", "plan_chunks", "read_chunk", "read_deals",
           "save_frame"]

CHUNK_BYTES = 4 << 20
"""The default chunk size in bytes (about 16,000 deals)."""

_MATCH_RE = re.compile(rb'\[\s*Match\s+"((?:[^"\\]|\\.)*)"')
_SCAN_LIMIT = 8 << 20


@dataclass(frozen=True, slots=True)
class Chunk:
    """Bytes ``start`` to ``end`` of the file ``path``; ``first_line`` is the line at ``start``."""

    path: str
    start: int
    end: int
    first_line: int = 1


def _is_tag_line(line: bytes) -> bool:
    s = line.strip()
    return s.startswith(b"[") and s.endswith(b"]")


def _next_boundary(f: BinaryIO, pos: int, size: int) -> int | None:
    """The offset of the first record after ``pos`` that starts a new Bummerl, or None.

    A record starts at a line beginning with ``[`` that follows a line which is not a
    tag line (PSN.md); it starts a new Bummerl when it has no Match tag or another
    Match tag than the record before it. The first record seen after ``pos`` is never
    chosen, since the one before it is not seen.
    """
    f.seek(pos)
    if pos > 0:
        f.readline()  # the rest of a line cut by pos
    prev_tag: bool | None = None  # unknown for the first whole line
    cur: object = _UNSEEN  # the Match of the last record seen
    limit = min(size, pos + _SCAN_LIMIT)
    while True:
        at = f.tell()
        if at >= limit:
            return None
        line = f.readline()
        if not line:
            return None
        if prev_tag is False and line.lstrip().startswith(b"["):
            m = _record_match(f, line)
            if cur is not _UNSEEN and (m is None or m != cur):
                return at
            cur = m
        prev_tag = _is_tag_line(line)


_UNSEEN = object()


def _record_match(f: BinaryIO, first: bytes) -> bytes | None:
    """The Match tag of a record whose first line was just read (the stream is left as it was)."""
    back = f.tell()
    try:
        line = first
        while True:
            m = _MATCH_RE.search(line)
            if m:
                return m.group(1)
            if not _is_tag_line(line):
                return None
            line = f.readline()
            if not line or not line.lstrip().startswith(b"["):
                return None
    finally:
        f.seek(back)


def _count_lines(f: BinaryIO, start: int, end: int) -> int:
    f.seek(start)
    n = 0
    left = end - start
    while left > 0:
        block = f.read(min(left, 16 << 20))
        if not block:
            break
        n += block.count(b"\n")
        left -= len(block)
    return n


def plan_chunks(paths: Iterable[str | os.PathLike[str]],
                chunk_bytes: int = CHUNK_BYTES) -> list[Chunk]:
    """The files cut into chunks of about ``chunk_bytes`` at Bummerl boundaries (0: whole files)."""
    out: list[Chunk] = []
    for p in paths:
        path = os.fspath(p)
        size = os.path.getsize(path)
        if chunk_bytes <= 0 or size <= chunk_bytes:
            out.append(Chunk(path, 0, size, 1))
            continue
        cuts = [0]
        with open(path, "rb") as f:
            target = chunk_bytes
            while target < size:
                b = _next_boundary(f, max(target, cuts[-1] + 1), size)
                if b is None or b >= size:
                    if b is None and target + chunk_bytes < size:
                        target += chunk_bytes
                        continue
                    break
                if b > cuts[-1]:
                    cuts.append(b)
                target = b + chunk_bytes
            cuts.append(size)
            line = 1
            for a, b in itertools.pairwise(cuts):
                out.append(Chunk(path, a, b, line))
                line += _count_lines(f, a, b)
    return out


def read_chunk(chunk: Chunk) -> pd.DataFrame:
    """The raw deal rows of one chunk (see :func:`~.frames.records_frame`); the per-chunk step."""
    import io

    with open(chunk.path, "rb") as f:
        f.seek(chunk.start)
        data = f.read(chunk.end - chunk.start)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        where = chunk.start + e.start + 1
        raise ValueError(f"{chunk.path}: not UTF-8 text (byte {where})") from None
    recs = ((chunk.path, r) for r in psn.read(io.StringIO(text)))
    return records_frame(recs, line_offset=chunk.first_line - 1)


def read_deals(paths: Sequence[str | os.PathLike[str]], *, workers: int | None = None,
               chunk_bytes: int = CHUNK_BYTES, progress: bool = False) -> pd.DataFrame:
    """The deal table of PSN files, read in chunks on ``workers`` processes (all cores by default).

    Gives the same table as :func:`~.frames.deals_frame` read one record at a time.
    """
    import pandas as pd

    chunks = plan_chunks(paths, chunk_bytes)
    n = workers or os.cpu_count() or 1
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=sum(c.end - c.start for c in chunks), unit="B", unit_scale=True,
                   desc="reading")
    parts: list[pd.DataFrame] = []
    try:
        if n <= 1 or len(chunks) <= 1:
            for c in chunks:
                parts.append(read_chunk(c))
                if bar is not None:
                    bar.update(c.end - c.start)
        else:
            import multiprocessing

            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            ctx = multiprocessing.get_context(method)
            with ctx.Pool(min(n, len(chunks))) as pool:
                for c, part in zip(chunks, pool.imap(read_chunk, chunks), strict=True):
                    parts.append(part)
                    if bar is not None:
                        bar.update(c.end - c.start)
    finally:
        if bar is not None:
            bar.close()
    from .frames import empty_deals_frame

    raw = pd.concat(parts, ignore_index=True) if parts else empty_deals_frame()
    return finish_deals(raw, renumber=True)


def save_frame(df: pd.DataFrame, path: str | os.PathLike[str]) -> None:
    """Write a table atomically: Parquet (pyarrow) for ``.parquet``, else CSV."""
    target = os.fspath(path)
    if target.endswith((".parquet", ".pq")):
        with atomic_write(target, "wb") as f:
            df.to_parquet(f, engine="pyarrow", index=False)  # type: ignore[call-overload]
    else:
        with atomic_write(target) as t:
            df.to_csv(t, index=False)


def load_frame(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Read a table saved by :func:`save_frame`, with the column types of the table."""
    import pandas as pd

    target = os.fspath(path)
    if target.endswith((".parquet", ".pq")):
        return restore_types(pd.read_parquet(target, engine="pyarrow"))
    return restore_types(pd.read_csv(target))
