"""Small answer tables over the deal table: the questions a player asks, with confidence.

Each function takes the table of :func:`~.frames.deals_frame` and returns a small
``DataFrame``; rates come with 95% Wilson intervals (``low``, ``high``). Only valid
records that finished are counted, unless said otherwise.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "closing_by_talon",
    "finished",
    "forehand_table",
    "marriage_table",
    "points_by_end",
    "summary",
    "wilson",
]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``k`` in ``n`` (NaN, NaN when ``n`` is 0)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def finished(deals: pd.DataFrame) -> pd.DataFrame:
    """The deals with a result: valid main line and not unfinished."""
    mask = deals["winner"].notna()
    return deals[mask]


def _rate_rows(groups: list[tuple[Any, int, int]], key: str) -> pd.DataFrame:
    import pandas as pd

    rows = []
    for label, won, n in groups:
        lo, hi = wilson(won, n)
        rows.append({key: label, "deals": n, "won": won,
                     "rate": won / n if n else math.nan, "low": lo, "high": hi})
    return pd.DataFrame(rows, columns=[key, "deals", "won", "rate", "low", "high"])


def points_by_end(deals: pd.DataFrame) -> pd.DataFrame:
    """Deals by how they ended (rows) and the game points won (columns 1, 2, 3), with the mean."""
    import pandas as pd

    d = finished(deals)
    t = pd.crosstab(d["end"].astype(str), d["game_points"].astype(int))
    t = t.reindex(columns=[1, 2, 3], fill_value=0)
    order = [e for e in ("claim", "false_claim", "last_trick") if e in t.index]
    t = t.reindex(order)
    t.columns = pd.Index([1, 2, 3], name="game points")
    t.index.name = "end"
    tot = t.sum(axis=1)
    t["deals"] = tot
    t["mean points"] = (t[1] + 2 * t[2] + 3 * t[3]) / tot.where(tot > 0)
    return t


def closing_by_talon(deals: pd.DataFrame) -> pd.DataFrame:
    """Closes by talon size at closing: how many, how many the closer won, the rate."""
    d = finished(deals)
    d = d[d["closer"].notna()]
    groups = []
    for size, g in d.groupby(d["close_talon"].astype(int), sort=True):
        groups.append((int(size), int(g["close_success"].astype(bool).sum()), len(g)))
    return _rate_rows(groups, "talon")


def forehand_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Deals won by the forehand (who leads first) and by the dealer."""
    d = finished(deals)
    n = len(d)
    fw = int(d["forehand_won"].astype(bool).sum())
    return _rate_rows([("forehand", fw, n), ("dealer", n - fw, n)], "role")


def marriage_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Each player in each deal by the best marriage announced (40, 20, none) and the win rate."""
    import numpy as np

    d = finished(deals)
    groups = []
    counts = {"40": [0, 0], "20": [0, 0], "none": [0, 0]}
    for seat, s in (("A", "a"), ("B", "b")):
        m40 = d[f"marriages40_{s}"].to_numpy(dtype=int) > 0
        m20 = d[f"marriages20_{s}"].to_numpy(dtype=int) > 0
        won = (d["winner"].astype(object) == seat).to_numpy(dtype=bool)
        cat = np.where(m40, "40", np.where(m20, "20", "none"))
        for key in counts:
            sel = cat == key
            counts[key][0] += int(won[sel].sum())
            counts[key][1] += int(sel.sum())
    for key in ("40", "20", "none"):
        groups.append((key, counts[key][0], counts[key][1]))
    return _rate_rows(groups, "marriage")


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """A short overview of a collection: one row a figure, with its value."""
    import pandas as pd

    n = len(deals)
    valid = int(deals["valid"].sum()) if n else 0
    d = finished(deals)
    fin = len(d)
    ends = d["end"].astype(str).value_counts()
    closes = d[d["closer"].notna()]
    rows: list[tuple[str, Any]] = [
        ("records", n),
        ("valid", valid),
        ("invalid", n - valid),
        ("finished deals", fin),
        ("unfinished deals", int((deals["end"].astype(object) == "unfinished").sum())),
        *((("four-player deals", int((deals["variant"].astype(object) == "bauern").sum())),)
          if "variant" in deals.columns and (deals["variant"].astype(object) == "bauern").any()
          else ()),
        ("Bummerls (match ids)", int(deals.groupby(
            [deals["file"].astype(object), deals["match"].astype(object), deals["bummerl"]],
            dropna=True).ngroups) if n else 0),
    ]
    if fin:
        rows += [
            ("ended by claim", f"{ends.get('claim', 0) / fin:.1%}"),
            ("ended by false claim", f"{ends.get('false_claim', 0) / fin:.1%}"),
            ("ended at last trick", f"{ends.get('last_trick', 0) / fin:.1%}"),
            ("mean game points", f"{d['game_points'].astype(float).mean():.2f}"),
            ("forehand wins", f"{d['forehand_won'].astype(bool).mean():.1%}"),
            ("closed deals", f"{len(closes) / fin:.1%}"),
        ]
        if len(closes):
            rows.append(("closer wins", f"{closes['close_success'].astype(bool).mean():.1%}"))
    return pd.DataFrame(rows, columns=["figure", "value"]).set_index("figure")
