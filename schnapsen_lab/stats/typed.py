"""The deal table's typed columns built from rows, the empty table, and giving freed
memory back: what :mod:`.rows` and :mod:`.columnar` share. pandas is imported when a
function runs."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ..columns import DEAL_COLUMNS, categories

if TYPE_CHECKING:
    import pandas as pd


def _column(pd: Any, values: list[Any], name: str, kind: str) -> Any:
    cats = categories(name, kind)
    if values and values.count(None) == len(values) and kind not in ("bool", "cat", "string"):
        return _missing(pd, len(values), cats, kind)  # a column none of these rows fills
    if cats is not None:
        return pd.Categorical(values, categories=cats)
    if kind == "cat":
        return pd.array(values, dtype="object")
    if kind == "string":
        return pd.array(values, dtype="string")
    if kind == "bool":
        return pd.array(values, dtype=bool)
    if kind == "boolean":
        return pd.array(values, dtype="boolean")
    return pd.array(values, dtype=kind)


def _missing(pd: Any, n: int, cats: list[str] | None, kind: str) -> Any:
    """A column of ``n`` missing values of the column's type, made without looking at
    them: the four-player columns of two-player rows and the reverse."""
    import numpy as np

    absent = np.ones(n, dtype=bool)
    if cats is not None:
        return pd.Categorical.from_codes(np.full(n, -1, dtype=np.int8), categories=cats)
    if kind == "boolean":
        return pd.arrays.BooleanArray(np.zeros(n, dtype=bool), absent)
    if kind.startswith("Int"):
        return pd.arrays.IntegerArray(np.zeros(n, dtype=kind.lower()), absent)
    return pd.array([None] * n, dtype=kind)


def _frame(rows: list[tuple[Any, ...]], spec: tuple[tuple[str, str, str], ...]) -> pd.DataFrame:
    import pandas as pd

    cols = list(zip(*rows, strict=True)) if rows else [() for _ in spec]
    data = {name: _column(pd, list(vals), name, kind)
            for (name, kind, _), vals in zip(spec, cols, strict=True)}
    return pd.DataFrame(data)


def empty_deals_frame() -> pd.DataFrame:
    """A raw deal frame without rows: the column types of :func:`records_frame`."""
    return _frame([], DEAL_COLUMNS)


def _give_back_memory() -> None:
    """Return the C heap's free pages to the system (glibc ``malloc_trim``): the rows of a
    part, freed, would otherwise stay resident between the parts that outlive them."""
    global _TRIM
    if _TRIM is None:
        _TRIM = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                _TRIM = ctypes.CDLL("libc.so.6").malloc_trim
            except (OSError, AttributeError):
                pass
    if _TRIM:
        _TRIM(0)


_TRIM: Any = None
