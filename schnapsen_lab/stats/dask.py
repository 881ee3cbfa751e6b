"""The deal table with Dask: many PSN files, past one machine.

The files are cut into the same chunks as :mod:`.parallel` (:func:`~.parallel.plan_chunks`)
and each chunk goes through the same step, :func:`~.parallel.read_chunk`, as one
partition of a ``dask.dataframe``; so the table is the same as the local one.

On one machine Dask's default scheduler runs the chunks in threads; for a cluster,
create a ``distributed.Client`` first (every worker must see the files at the same
paths, e.g. on a shared disk, and have schnapsen-lab installed)::

    from distributed import Client
    client = Client("tcp://scheduler-host:8786")      # or Client(LocalCluster(...))
    from schnapsen_lab.stats.dask import deals_frame
    deals = deals_frame(["/shared/psn/club-2025.psn", "/shared/psn/club-2026.psn"])

See docs/statistics.md.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .parallel import CHUNK_BYTES, plan_chunks, read_chunk
from .rows import empty_deals_frame, finish_deals

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["deals_ddf", "deals_frame", "to_parquet"]


def deals_ddf(paths: Sequence[str | os.PathLike[str]],
              chunk_bytes: int = CHUNK_BYTES) -> Any:
    """A lazy ``dask.dataframe`` of raw deal rows, one partition a chunk.

    The raw rows are those of :func:`~.frames.records_frame`: ``index`` counts from 1
    within each chunk and ``bummerl`` is missing; :func:`deals_frame` completes them.
    """
    import dask
    import dask.dataframe as dd

    chunks = plan_chunks(paths, chunk_bytes)
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(  # type: ignore[no-untyped-call]
            read_chunk, chunks, meta=empty_deals_frame(),
            divisions=[None] * (len(chunks) + 1), label="psn-deals")


def deals_frame(paths: Sequence[str | os.PathLike[str]], chunk_bytes: int = CHUNK_BYTES,
                **compute: Any) -> pd.DataFrame:
    """The deal table of PSN files computed with Dask (the current client, if any).

    ``compute`` is passed to ``dask.compute`` (e.g. ``scheduler="processes"``).
    """
    import dask

    ddf = deals_ddf(paths, chunk_bytes)
    with dask.config.set({"dataframe.convert-string": False}):
        (raw,) = dask.compute(ddf, **compute)  # type: ignore[attr-defined,no-untyped-call]
    return finish_deals(raw, renumber=True)


def to_parquet(paths: Sequence[str | os.PathLike[str]], folder: str | os.PathLike[str],
               chunk_bytes: int = CHUNK_BYTES) -> None:
    """Write the raw deal rows as a Parquet data set, one file a chunk, on the workers.

    For collections too large for one machine's memory; read back with
    ``dask.dataframe.read_parquet(folder)``.
    """
    deals_ddf(paths, chunk_bytes).to_parquet(os.fspath(folder), engine="pyarrow",
                                             write_index=False)
