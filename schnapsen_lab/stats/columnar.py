"""The deal table's rows as compact columns (numpy), and the table assembled from them.

The readers (serial, parallel chunks) turn every :data:`~.rows.ROWS_A_PART` rows of
plain Python values into a :class:`DealColumns`: each column in the narrow type the
table has (``int8``/``int16``/``int32`` values and a ``bool`` mask, ``int8`` codes of
the fixed categories, codes and the part's own words for free text, the ``errors``
text only where a row has some). That is about the table's own bytes a deal, and
cheap to send from a worker: no Python object a value, no pandas object a part.
:func:`columns_frame` then fills the table part by part into preallocated columns,
freeing each part once it is copied, so that the parts and the table are not both
held whole (benchmarks/memory.py). numpy only; pandas is imported by
:func:`columns_frame` alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..columns import DEAL_COLUMNS, categories

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DealColumns", "columns_frame", "compact_columns"]

_INT = {"Int8": np.int8, "Int16": np.int16, "Int32": np.int32, "Int64": np.int64}
_FIXED = {name: categories(name, kind) for name, kind, _ in DEAL_COLUMNS}
_CODES = {name: {c: i for i, c in enumerate(cats)} for name, cats in _FIXED.items()
          if cats is not None}


class DealColumns:
    """``n`` consecutive deal rows as compact columns, in the order of
    :data:`~schnapsen_lab.columns.DEAL_COLUMNS`. A column is, by its kind:

    - ``Int8`` ... (nullable integers) and ``boolean``: ``(values, mask)``, numpy arrays
      of the column's width and ``bool`` (True where missing);
    - ``bool``: a ``bool`` array;
    - fixed categories (``seat``, ``suit``, ``category`` ...): ``int8`` codes into the
      column's categories (-1 missing);
    - ``cat`` (free text): ``(codes, words)``, codes into this part's ``words`` (-1
      missing), ``int8`` while there are fewer than 127 words (as pandas has them);
    - ``string``: ``(rows, texts)``, the ``int32`` rows that have a text and the texts
      (the other rows are missing).
    """

    __slots__ = ("columns", "n")

    def __init__(self, n: int, columns: list[Any]) -> None:
        self.n = n
        self.columns = columns

    def __getstate__(self) -> tuple[int, list[Any]]:
        return self.n, self.columns

    def __setstate__(self, state: tuple[int, list[Any]]) -> None:
        self.n, self.columns = state

    def nbytes(self) -> int:
        """The bytes of the numpy arrays (the words and texts not counted)."""
        total = 0
        for col in self.columns:
            for x in col if isinstance(col, tuple) else (col,):
                if isinstance(x, np.ndarray):
                    total += x.nbytes
        return total


def _nullable(values: Sequence[Any], dtype: Any) -> tuple[np.ndarray, np.ndarray]:
    n = len(values)
    mask = np.fromiter((v is None for v in values), dtype=bool, count=n)
    if mask.any():
        data = np.array([0 if v is None else v for v in values], dtype=dtype)
    else:
        data = np.array(values, dtype=dtype)
    return data, mask


def compact_columns(rows: Sequence[tuple[Any, ...]]) -> DealColumns:
    """Rows of plain Python values (:func:`~.rows.record_row`) as a :class:`DealColumns`."""
    n = len(rows)
    if n:
        cols: list[Sequence[Any]] = list(zip(*rows, strict=True))
    else:
        cols = [() for _ in DEAL_COLUMNS]
    out: list[Any] = []
    for (name, kind, _), values in zip(DEAL_COLUMNS, cols, strict=True):
        codes = _CODES.get(name)
        if codes is not None:
            get = codes.get
            out.append(np.fromiter((-1 if v is None else get(v, -1) for v in values),
                                   dtype=np.int8, count=n))
        elif kind == "cat":
            words: dict[str, int] = {}
            setdefault = words.setdefault
            found = np.fromiter((-1 if v is None else setdefault(str(v), len(words))
                                 for v in values), dtype=np.int32, count=n)
            out.append((found.astype(_code_type(len(words))), list(words)))
        elif kind == "string":
            at = [i for i, v in enumerate(values) if v is not None]
            out.append((np.array(at, dtype=np.int32), [str(values[i]) for i in at]))
        elif kind == "bool":
            out.append(np.array(values, dtype=bool).reshape(n))
        elif kind == "boolean":
            out.append(_nullable(values, bool))
        else:
            out.append(_nullable(values, _INT[kind]))
    return DealColumns(n, out)


def _code_type(n: int) -> Any:
    """The codes' type pandas gives a categorical of ``n`` categories."""
    for t in (np.int8, np.int16, np.int32):
        if n < np.iinfo(t).max:
            return t
    return np.int64


def _trim() -> None:
    from .typed import _give_back_memory

    _give_back_memory()


def columns_frame(parts: list[DealColumns | None]) -> pd.DataFrame:
    """The raw deal frame (as :func:`~.rows.records_frame` gives it) of parts in order.

    The columns are allocated once at their full length and filled part by part; each
    part is dropped from ``parts`` (set to None) once copied, so the caller must not
    keep other references to them if memory matters. Free-text columns become
    categoricals with the sorted union of the parts' words.
    """
    import pandas as pd

    from .typed import empty_deals_frame

    if not any(p is not None and p.n for p in parts):
        parts.clear()
        return empty_deals_frame()
    total = sum(p.n for p in parts if p is not None)
    # free text: the sorted union of the words, and each part's codes into it
    union: dict[int, list[str]] = {}
    for j, (_, kind, _) in enumerate(DEAL_COLUMNS):
        if kind == "cat":
            seen: set[str] = set()
            for p in parts:
                if p is not None:
                    seen.update(p.columns[j][1])
            union[j] = sorted(seen)
    lookup = {j: {w: i for i, w in enumerate(words)} for j, words in union.items()}
    buffers: list[Any] = []
    for j, (name, kind, _) in enumerate(DEAL_COLUMNS):
        if _FIXED[name] is not None:
            buffers.append(np.empty(total, dtype=np.int8))
        elif kind == "cat":
            buffers.append(np.empty(total, dtype=_code_type(len(union[j]))))
        elif kind == "string":
            buffers.append(np.full(total, None, dtype=object))
        elif kind == "bool":
            buffers.append(np.empty(total, dtype=bool))
        elif kind == "boolean":
            buffers.append((np.empty(total, dtype=bool), np.empty(total, dtype=bool)))
        else:
            buffers.append((np.empty(total, dtype=_INT[kind]), np.empty(total, dtype=bool)))
    at = 0
    for k, p in enumerate(parts):
        if p is None:
            continue
        end = at + p.n
        for j, (col, buf) in enumerate(zip(p.columns, buffers, strict=True)):
            if j in lookup:
                codes, words = col
                to = np.fromiter((lookup[j][w] for w in words), dtype=buf.dtype,
                                 count=len(words))
                buf[at:end] = np.append(to, np.array(-1, dtype=buf.dtype))[codes]
            elif isinstance(buf, tuple):
                buf[0][at:end] = col[0]
                buf[1][at:end] = col[1]
            elif buf.dtype == object:
                rows, texts = col
                for i, text in zip(rows.tolist(), texts, strict=True):
                    buf[at + i] = text
            else:
                buf[at:end] = col
        at = end
        parts[k] = p = None
        if k % 16 == 15:
            _trim()
    parts.clear()
    _trim()
    data: dict[str, Any] = {}
    for j, ((name, kind, _), buf) in enumerate(zip(DEAL_COLUMNS, buffers, strict=True)):
        cats = _FIXED[name]
        if cats is not None or kind == "cat":
            words = cats if cats is not None else union[j]
            dtype = pd.CategoricalDtype(pd.Index(words, dtype="str"))
            data[name] = pd.Categorical.from_codes(buf, dtype=dtype)
        elif kind == "string":
            data[name] = pd.array(buf, dtype="string")
        elif kind == "bool":
            data[name] = buf
        elif kind == "boolean":
            data[name] = pd.arrays.BooleanArray(buf[0], buf[1])
        else:
            data[name] = pd.arrays.IntegerArray(buf[0], buf[1])
        buffers[j] = None
    return pd.DataFrame(data, copy=False)
