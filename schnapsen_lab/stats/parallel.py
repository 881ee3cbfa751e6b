"""Reading large collections on every core: files cut into chunks between Bummerls.

A :class:`Chunk` is a byte range of one PSN file that starts and ends at a record
boundary, where the Match tag changes (or between two deals outside a match), so that
a Bummerl usually lies within one chunk. :func:`read_chunk` turns one chunk into raw
deal rows; :func:`read_deals` maps it over a process pool and :mod:`.dask` over a Dask
cluster.

:func:`read_deals` gives exactly the table of the file read whole, wherever the cuts
fall (:func:`read_chunks` takes any cuts, :func:`chunks_at` makes them): each worker
reads its chunk with empty match accounting and notes every question it asked it
(:class:`schnapsen_lab.psn.MatchBook`); the parent puts the chunks' accounting
together in file order, and a chunk whose answers would have been others after the
chunks before it (a Bummerl cut in two, a deal that lost its Match tag at the cut, a
Bummerl left undecided that comes back later) is read again there with the accounting
of everything before it.
"""

from __future__ import annotations

import bisect
import io
import itertools
import os
import signal
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from .. import psn
from ..io import atomic_write
from .columnar import columns_frame
from .rows import (
    FileChanged,
    changed_error,
    file_stamp,
    finish_deals,
    records_columns,
    restore_types,
)

if TYPE_CHECKING:
    import pandas as pd

    from .columnar import DealColumns

__all__ = ["CHUNK_BYTES", "Chunk", "FileChanged", "changed_error", "chunks_at", "file_stamp",
           "load_frame", "plan_chunks", "read_chunk", "read_chunk_columns", "read_chunks",
           "read_deals", "save_frame"]

CHUNK_BYTES = 4 << 20
"""The default chunk size in bytes (about 16,000 deals)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Bytes ``start`` to ``end`` of the file ``path``; ``first_line`` is the line at ``start``.

    ``stamp`` is the file's (inode, size, modification time in ns) when the chunks were
    planned: :func:`read_chunk` refuses a file that no longer has it.
    """

    path: str
    start: int
    end: int
    first_line: int = 1
    stamp: tuple[int, int, int] | None = None


def _record_starts(f: BinaryIO, pos: int = 0) -> Iterator[tuple[int, str | None]]:
    """The records of the file from byte ``pos`` on: (byte offset, its Match tag or None),
    found by the reader's own splitter (:class:`schnapsen_lab.psn.Splitter`).

    From ``pos`` 0 every record is exact. From inside the file (the rest of the line at
    ``pos`` skipped) the first one may be the tail of a record; see :func:`_cuts_seeking`.
    """
    f.seek(pos)
    lines = psn.byte_lines(f)  # LF, CR LF and CR end lines, as the reader has them
    offset = pos
    if pos > 0:
        offset += len(next(lines, b""))
    split = psn.Splitter()
    pending: int | None = None  # the offset of the record whose tags are being read
    match: str | None = None
    in_tags = False
    for raw in lines:
        line = raw.decode("utf-8", "replace")
        if line[:1] == "\ufeff":
            line = psn.without_bom(line)
        if split.starts_record(line):
            if pending is not None:
                yield pending, match
            pending, match, in_tags = offset, None, True
        if in_tags:
            if "Match" in line:
                found = _match_tag(line)
                match = found if found is not None else match
            in_tags = split.state == 1
        offset += len(raw)
    if pending is not None:
        yield pending, match


def _match_tag(line: str) -> str | None:
    """The value of a Match tag on a tag line, as the reader reads it."""
    pos = 0
    found = None
    while True:
        m = psn._TAG_RE.match(line, pos)
        if m is None:
            return found
        if m.group(1) == "Match":
            found = psn._UNESCAPE_RE.sub(r"\1", m.group(2))
        pos = m.end()


def _new_bummerl(match: str | None, before: object, tagged: object) -> bool:
    """Whether a record with this Match tag likely starts a Bummerl, after a record with
    ``before`` and with ``tagged`` the last Match tag before it (:data:`_UNSEEN`: not
    known): a deal outside a match after another one, or a Match tag other than the last
    one. A deal without a Match tag right after a match's deal may have lost its tag
    (the reader may count it in that match), so no cut is made there."""
    if before is _UNSEEN:
        return False
    if match is None:
        return before is None
    return tagged is not _UNSEEN and match != tagged


def _cuts_scanning(f: BinaryIO, chunk_bytes: int) -> list[int]:
    """The cuts of the file, every record read from the start (any file)."""
    cuts = [0]
    last: object = _UNSEEN
    tagged: object = None  # from the start: no Match tag before the first record
    for offset, match in _record_starts(f):
        if offset - cuts[-1] >= chunk_bytes and _new_bummerl(match, last, tagged):
            cuts.append(offset)
        last = match
        if match is not None:
            tagged = match
    return cuts


def _cuts_seeking(f: BinaryIO, size: int, chunk_bytes: int) -> list[int]:
    """The cuts of a file without any ``{``, looked for only after each target offset.

    Without a comment that spans lines, the splitter started inside the file agrees with
    one that read it from the start from its second record on (its state after a line
    that is not blank depends on that line alone), so the records from the second on are
    exact, and the Match of the second is what the third is compared with.
    """
    cuts = [0]
    target = chunk_bytes
    while target < size:
        cut = None
        last: object = _UNSEEN
        tagged: object = _UNSEEN
        for k, (offset, match) in enumerate(_record_starts(f, target)):
            if k >= 2 and _new_bummerl(match, last, tagged):
                cut = offset
                break
            if k >= 1:
                last = match
                if match is not None:
                    tagged = match
            if offset - target > _SCAN_LIMIT:
                break
        if cut is None:
            target += chunk_bytes
            continue
        cuts.append(cut)
        target = cut + chunk_bytes
    return cuts


def _has_brace(f: BinaryIO) -> bool:
    f.seek(0)
    while True:
        block = f.read(16 << 20)
        if not block:
            return False
        if b"{" in block:
            return True


def _count_lines(f: BinaryIO, start: int, end: int) -> int:
    """The line ends (LF, CR LF, CR) in bytes ``start`` to ``end``."""
    f.seek(start)
    n = 0
    left = end - start
    cr_before = False  # the last block ended with CR: a LF first in this one ends no line
    while left > 0:
        block = f.read(min(left, 16 << 20))
        if not block:
            break
        n += block.count(b"\n") + block.count(b"\r") - block.count(b"\r\n")
        if cr_before and block[:1] == b"\n":
            n -= 1
        cr_before = block[-1:] == b"\r"
        left -= len(block)
    return n


def plan_chunks(paths: Iterable[str | os.PathLike[str]],
                chunk_bytes: int = CHUNK_BYTES) -> list[Chunk]:
    """The files cut into chunks of about ``chunk_bytes`` at Bummerl boundaries (0: whole files).

    A chunk ends before a record that has no Match tag or another one than the record
    before it, once it holds ``chunk_bytes``; the records are the reader's own.
    """
    out: list[Chunk] = []
    for p in paths:
        path = os.fspath(p)
        try:
            out += _file_chunks(path, chunk_bytes)
        except psn.InputError as e:
            raise ValueError(f"{path}: {e}") from None
    return out


def _file_chunks(path: str, chunk_bytes: int) -> list[Chunk]:
    """The chunks of one file (see :func:`plan_chunks`)."""
    with open(path, "rb") as f:
        stamp = file_stamp(os.fstat(f.fileno()))
        size = stamp[1]
        if chunk_bytes <= 0 or size <= chunk_bytes:
            return [Chunk(path, 0, size, 1, stamp)]
        if _has_brace(f):
            cuts = _cuts_scanning(f, chunk_bytes)
        else:
            cuts = _cuts_seeking(f, size, chunk_bytes)
        cuts.append(size)
        out: list[Chunk] = []
        line = 1
        for a, b in itertools.pairwise(cuts):
            out.append(Chunk(path, a, b, line, stamp))
            line += _count_lines(f, a, b)
        if file_stamp(os.fstat(f.fileno())) != stamp:
            raise changed_error(path)
    return out


def chunks_at(path: str | os.PathLike[str], cuts: Iterable[int]) -> list[Chunk]:
    """The file cut at the first record that starts at or after each byte offset of
    ``cuts`` (any offsets; the file's first record is always a chunk's start): to read
    a file cut anywhere with :func:`read_chunks`."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        stamp = file_stamp(os.fstat(f.fileno()))
        starts = [offset for offset, _ in _record_starts(f)]
        at = sorted({0, *(starts[k] for c in cuts
                          if (k := bisect.bisect_left(starts, c)) < len(starts))})
        at.append(stamp[1])
        out: list[Chunk] = []
        line = 1
        for a, b in itertools.pairwise(at):
            out.append(Chunk(name, a, b, line, stamp))
            line += _count_lines(f, a, b)
    return out


_UNSEEN = object()
_SCAN_LIMIT = 8 << 20


def read_chunk_columns(chunk: Chunk, book: psn.MatchBook | None = None
                       ) -> list[DealColumns]:
    """The raw deal rows of one chunk as compact columns (:mod:`.columnar`): what a worker
    of :func:`read_deals` sends back (numpy arrays of the table's narrow types). ``book``
    is the match accounting to start from (default: none), left as after the chunk.

    Raises :class:`FileChanged` when the file is not the one the chunk was planned on.
    """
    with open(chunk.path, "rb") as f:
        if chunk.stamp is not None and file_stamp(os.fstat(f.fileno())) != chunk.stamp:
            raise changed_error(chunk.path)
        f.seek(chunk.start)
        data = f.read(chunk.end - chunk.start)
        if chunk.stamp is not None and file_stamp(os.fstat(f.fileno())) != chunk.stamp:
            raise changed_error(chunk.path)
    at = data.find(b"\0")
    if at >= 0:  # the reader's rule for bytes (psn.InputError)
        raise ValueError(f"{chunk.path}: a NUL byte at byte {chunk.start + at + 1}: binary "
                         "data, not PSN text")
    # read as bytes, decoded a block at a time as the reader reads a file: no copy of
    # the chunk as text
    recs = ((chunk.path, r) for r in psn.read(io.BytesIO(data), book=book))
    try:
        return records_columns(recs, line_offset=chunk.first_line - 1)
    except UnicodeDecodeError as e:
        where = chunk.start + e.start + 1
        raise ValueError(f"{chunk.path}: not UTF-8 text (byte {where})") from None
    except psn.InputError as e:
        raise ValueError(f"{chunk.path}: {e}") from None


def _read_noted(chunk: Chunk) -> tuple[list[DealColumns], list[tuple[object, ...]]]:
    """A worker's step: the chunk's columns, read with empty match accounting, and what
    the reader asked the accounting and changed in it (:meth:`psn.MatchBook.replay`)."""
    log: list[tuple[object, ...]] = []
    return read_chunk_columns(chunk, psn.MatchBook(log=log)), log


def read_chunk(chunk: Chunk) -> pd.DataFrame:
    """The raw deal rows of one chunk (see :func:`~.frames.records_frame`); the per-chunk step
    of :mod:`.dask`.

    Raises :class:`FileChanged` when the file is not the one the chunk was planned on.
    """
    parts: list[DealColumns | None] = list(read_chunk_columns(chunk))
    return columns_frame(parts)


def _worker_init() -> None:
    """Make a pool worker quiet: Ctrl-C is the parent's to handle, and a worker whose
    parent has gone dies at once (Linux) or at its next write, without a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() == 1:  # the parent died before the line above took effect
        os._exit(1)


def read_deals(paths: Sequence[str | os.PathLike[str]], *, workers: int | None = None,
               chunk_bytes: int = CHUNK_BYTES, progress: bool = False) -> pd.DataFrame:
    """The deal table of PSN files, read in chunks on ``workers`` processes (all cores by default).

    Gives the same table as :func:`~.frames.deals_frame` read one record at a time.
    """
    return read_chunks(plan_chunks(paths, chunk_bytes), workers=workers, progress=progress)


def read_chunks(chunks: Sequence[Chunk], *, workers: int | None = None,
                progress: bool = False) -> pd.DataFrame:
    """The deal table of chunks (:func:`plan_chunks`, :func:`chunks_at`; each file's
    chunks in file order, one after the other), read on ``workers`` processes (all cores
    by default): the same table as the files read whole, wherever they are cut.
    """
    n = workers or os.cpu_count() or 1
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=sum(c.end - c.start for c in chunks), unit="B", unit_scale=True,
                   desc="reading")
    parts: list[DealColumns | None] = []
    book = psn.MatchBook()
    try:
        if n <= 1 or len(chunks) <= 1:
            for c in chunks:
                if c.start == 0:  # a file's first chunk: its own accounting
                    book = psn.MatchBook()
                parts += read_chunk_columns(c, book)
                if bar is not None:
                    bar.update(c.end - c.start)
        else:
            import gc
            import multiprocessing

            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            ctx = multiprocessing.get_context(method)
            # the objects the workers inherit stay out of their collector's sight, so the
            # collector does not write into (and copy) every page of the parent's heap
            gc.freeze()
            try:
                pool = ctx.Pool(min(n, len(chunks)), initializer=_worker_init)
            finally:
                gc.unfreeze()
            with pool:
                for c, (got, log) in zip(chunks, pool.imap(_read_noted, chunks),
                                         strict=True):
                    if c.start == 0:
                        book = psn.MatchBook()
                    after = book.copy()
                    if after.replay(log):
                        book = after
                    else:  # read with empty accounting, the chunk would differ
                        del got
                        got = read_chunk_columns(c, book)
                    del log
                    parts += got
                    del got
                    if bar is not None:
                        bar.update(c.end - c.start)
    finally:
        if bar is not None:
            bar.close()
    return finish_deals(columns_frame(parts), renumber=True)


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
