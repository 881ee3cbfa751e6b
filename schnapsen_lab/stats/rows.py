"""The deal table's rows, read from records, and how they become typed columns (pandas):
what every reader of the statistics shares (the serial one, the parallel chunks and
Dask). Each game builds its own rows (its part ``stats``); the columns are
:mod:`schnapsen_lab.columns`. pandas is imported when a function runs."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .. import psn
from ..columns import DEAL_COLUMNS, MATCH_COLUMNS, PLAYER_COLUMNS, categories
from ..psn import Record
from .typed import _give_back_memory, empty_deals_frame

if TYPE_CHECKING:
    import pandas as pd

    from .columnar import DealColumns

__all__ = [
    "ROWS_A_PART",
    "FileChanged",
    "Source",
    "changed_error",
    "concat_deals",
    "empty_deals_frame",
    "file_stamp",
    "finish_deals",
    "iter_records",
    "record_row",
    "records_columns",
    "records_frame",
    "restore_types",
]

Source = str | os.PathLike[str] | Record | Iterable[str | os.PathLike[str] | Record]
"""What the frame functions read: a PSN path, a record, or an iterable of those."""


class FileChanged(ValueError):
    """A file changed while it was being read in chunks (its size, time or inode differ)."""


def file_stamp(st: os.stat_result) -> tuple[int, int, int]:
    """What identifies one version of a file: inode, size and modification time (ns)."""
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def changed_error(path: str) -> FileChanged:
    """The error for a file that changed while it was read (on any path of the reader)."""
    return _changed(path)


def _changed(path: str) -> FileChanged:
    return FileChanged(f"{path}: the file changed while it was being read; run again "
                       "on a file that is not being written")


def _is_path(x: object) -> bool:
    return isinstance(x, (str, os.PathLike))


def _items(source: Source) -> list[Any]:
    if isinstance(source, (str, os.PathLike, Record)):
        return [source]
    return list(source)


def iter_records(source: Source) -> Iterator[tuple[str, Record]]:
    """The records of a source, lazily, each with the name of its file; raise
    :class:`FileChanged` when a file changed while it was read."""
    items: Iterable[Any] = ([source] if isinstance(source, (str, os.PathLike, Record))
                            else source)
    for item in items:
        if isinstance(item, Record):
            yield (item.file or "<records>"), item
        elif _is_path(item):
            name = os.fspath(item)
            before = file_stamp(os.stat(name))
            try:
                for rec in psn.read(name):
                    yield name, rec
            except UnicodeDecodeError:
                raise ValueError(f"{name}: not UTF-8 text") from None
            except psn.InputError as e:
                raise ValueError(f"{name}: {e}") from None
            try:
                after = file_stamp(os.stat(name))
            except OSError:
                after = None
            if after != before:  # as the chunked reader refuses it (parallel.FileChanged)
                raise changed_error(name)
        else:
            raise TypeError(f"not a PSN path or a Record: {item!r}")


def record_row(rec: Record, file: str, line_offset: int = 0) -> tuple[Any, ...]:
    """One deal's values in the order of :data:`~schnapsen_lab.columns.DEAL_COLUMNS`
    (plain Python values), as the record's game builds them (its part ``stats``)."""
    values: tuple[Any, ...] = rec.game.part("stats").row(rec, file, line_offset)
    return values


ROWS_A_PART = 8192
"""Rows built as Python tuples at a time before they become typed columns: the table is
assembled from parts of this many deals, so that reading takes little more memory than
the finished table (benchmarks/memory.py)."""


def _free_text_as_categories(df: pd.DataFrame) -> pd.DataFrame:
    for name, kind, _ in DEAL_COLUMNS:
        if kind == "cat":
            df[name] = df[name].astype("str").astype("category")
    return df


def concat_deals(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """Raw deal frames (of :func:`records_frame`) one after the other; free-text columns
    stay categorical (their categories united), so no column becomes Python objects."""
    import pandas as pd
    from pandas.api.types import union_categoricals

    if not parts:
        return empty_deals_frame()
    if len(parts) == 1:
        return parts[0].reset_index(drop=True)
    cols: dict[str, Any] = {}
    for name in parts[0].columns:
        pieces = [p[name] for p in parts]
        dtypes = [x.dtype for x in pieces]
        if all(isinstance(d, pd.CategoricalDtype) for d in dtypes) and any(
                not d.categories.equals(dtypes[0].categories)  # type: ignore[union-attr]
                for d in dtypes):
            cols[name] = pd.Series(union_categoricals(pieces, sort_categories=True))
        else:
            cols[name] = pd.concat(pieces, ignore_index=True)
        for p in parts:  # each part's column is no longer needed
            del p[name]
    return pd.DataFrame(cols)


def records_columns(records: Iterable[tuple[str, Record]], line_offset: int = 0
                    ) -> list[DealColumns]:
    """The raw deal rows of ``(file, record)`` pairs as compact columns, a
    :class:`~.columnar.DealColumns` every :data:`ROWS_A_PART` rows (what a worker sends)."""
    from .columnar import compact_columns

    parts: list[DealColumns] = []
    rows: list[tuple[Any, ...]] = []
    for f, r in records:
        rows.append(record_row(r, f, line_offset))
        if len(rows) >= ROWS_A_PART:
            parts.append(compact_columns(rows))
            rows = []
            _give_back_memory()
    if rows:
        parts.append(compact_columns(rows))
    return parts


def records_frame(records: Iterable[tuple[str, Record]], line_offset: int = 0) -> pd.DataFrame:
    """The raw deal rows of ``(file, record)`` pairs, before :func:`finish_deals`, built
    :data:`ROWS_A_PART` rows at a time as compact columns (:mod:`.columnar`) and
    assembled once; free-text columns are categorical (several such frames go together
    with :func:`concat_deals`)."""
    from .columnar import columns_frame

    parts: list[DealColumns | None] = list(records_columns(records, line_offset))
    return columns_frame(parts)


def finish_deals(raw: pd.DataFrame, renumber: bool = False) -> pd.DataFrame:
    """The deal table from raw rows in file order: categoricals, Bummerl numbers.

    With ``renumber``, ``index`` is recounted from 1 within each file (for rows read in
    chunks, whose numbers start again in each chunk).
    """
    import pandas as pd

    def key_of(col: pd.Series) -> pd.Series:  # categorical codes: no Python objects
        if isinstance(col.dtype, pd.CategoricalDtype):
            return pd.Series(col.cat.codes, index=col.index)
        return col.astype(object)

    df = raw.reset_index(drop=True)
    file = key_of(df["file"])
    if renumber:
        df["index"] = (file.groupby(file, sort=False).cumcount() + 1).astype("Int32")
    first = (df["deal"] == 1).fillna(False).astype(int)
    key = [file, key_of(df["match"])]
    bummerl = first.groupby(key, sort=False, dropna=False).cumsum()
    df["bummerl"] = bummerl.where(df["match"].notna()).astype("Int32")
    for name, kind, _ in DEAL_COLUMNS:
        if kind != "cat":
            continue
        col = df[name]
        if not isinstance(col.dtype, pd.CategoricalDtype):
            df[name] = col.astype("str").astype("category")
        elif not col.cat.categories.is_monotonic_increasing:  # as astype("category") has them
            df[name] = col.cat.reorder_categories(col.cat.categories.sort_values())
    return df


def restore_types(df: pd.DataFrame) -> pd.DataFrame:
    """A deal, Bummerl or player table read back from a file, with the column types restored.

    Parquet keeps the types except for categoricals without any value; CSV keeps none.
    A frame with other columns is returned unchanged.
    """
    import pandas as pd

    names = list(df.columns)
    for spec in (DEAL_COLUMNS, MATCH_COLUMNS, PLAYER_COLUMNS):
        if names == [c[0] for c in spec]:
            break
    else:
        return df
    out = df.copy()
    for name, kind, _ in spec:
        col = out[name]
        cats = categories(name, kind)
        if cats is not None:
            want = pd.CategoricalDtype(pd.Index(cats, dtype="str"))
            if col.dtype != want:
                out[name] = col.astype("str").astype(want)
        elif kind == "cat":
            if not isinstance(col.dtype, pd.CategoricalDtype):
                out[name] = col.astype("str").astype("category")
            elif len(col.cat.categories) == 0:
                out[name] = col.cat.set_categories(pd.Index([], dtype="str"))
        elif kind == "bool":
            out[name] = col.astype(bool)
        elif str(col.dtype) != kind:
            out[name] = col.astype(kind)  # type: ignore[call-overload]
    return out
