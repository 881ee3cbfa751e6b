"""Small answer tables over the deal table: the questions a player asks, with confidence.

Each function takes the table of :func:`~.frames.deals_frame` and returns a small
``DataFrame``; rates come with 95% Wilson intervals (``low``, ``high``), means of game
points with 95% intervals of the mean (``points_low``, ``points_high``). Only valid
records that finished are counted, unless said otherwise. The two-player tables read
the two-player rows, the four-player ones (:func:`contract_table`, :func:`spritze_table`,
:func:`forehand_side_table`, :func:`trump_fixing_table`, :func:`bauern_summary`) the
four-player rows.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "bauern_summary",
    "closing_by_talon",
    "contract_table",
    "finished",
    "finished_four",
    "forehand_side_table",
    "forehand_table",
    "four_seated",
    "marriage_table",
    "mean_interval",
    "net_points",
    "own_summaries",
    "points_by_end",
    "spritze_table",
    "summary",
    "trump_fixing_table",
    "wilson",
]


def four_seated(df: pd.DataFrame) -> Any:
    """Which rows (of a deal or match table) are of four seats: those whose ``north`` is
    filled (two-player rows leave the four-player columns NA), as a boolean array."""
    import numpy as np

    if "north" not in df.columns:
        return np.zeros(len(df), dtype=bool)
    return df["north"].notna().to_numpy(dtype=bool)


def own_summaries(deals: pd.DataFrame) -> list[tuple[Any, Any]]:
    """The games with rows in ``deals`` whose part ``stats`` brings its own summary
    tables (a function ``tables(deals)`` returning the tables to print), in the
    registry's order: ``(game, tables)`` pairs."""
    from ..games import games

    if "variant" not in deals.columns or not len(deals):
        return []
    present = set(deals["variant"].astype(object))
    out = []
    for g in games():
        if g.key in present and g.has_part("stats"):
            tables = getattr(g.part("stats"), "tables", None)
            if tables is not None:
                out.append((g, tables))
    return out


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


_SUMMARY_COLUMNS = frozenset({"valid", "winner", "end", "closer", "file", "match", "bummerl",
                              "game_points", "forehand_won", "close_success", "bonus",
                              "north"})


def _narrow(deals: pd.DataFrame, names: frozenset[str], rows: Any = None) -> pd.DataFrame:
    """The columns of ``deals`` among ``names`` (without a copy: pandas copies on write),
    of the rows ``rows`` picks (a boolean array; all by default): what an overview reads,
    so that picking rows copies these columns and not the whole table."""
    out: pd.DataFrame = deals[[c for c in deals.columns if c in names]]
    return out if rows is None else out[rows]


def _bummerls(deals: pd.DataFrame) -> int:
    """How many Bummerls (file, match id, Bummerl number) the rows hold; rows outside a
    match not counted. Counted on the values' codes, without a Python object a row."""
    import numpy as np
    import pandas as pd

    if not len(deals):
        return 0
    codes = np.empty((len(deals), 3), dtype=np.int32)  # fewer values than rows each
    for j, name in enumerate(("file", "match", "bummerl")):
        codes[:, j] = pd.factorize(deals[name])[0]
    return len(np.unique(codes[(codes >= 0).all(axis=1)], axis=0))


def summary(deals: pd.DataFrame, only: Any = None) -> pd.DataFrame:
    """A short overview of a collection: one row a figure, with its value; of the rows
    ``only`` picks (a boolean array) when given."""
    import pandas as pd

    deals = _narrow(deals, _SUMMARY_COLUMNS, only)
    n = len(deals)
    valid = int(deals["valid"].sum()) if n else 0
    d = finished(deals)
    fin = len(d)
    ends = d["end"].value_counts()
    closes = d[d["closer"].notna()]
    rows: list[tuple[str, Any]] = [
        ("records", n),
        ("valid", valid),
        ("invalid", n - valid),
        ("finished deals", fin),
        ("unfinished deals", int((deals["end"].astype(object) == "unfinished").sum())),
        *((("four-player deals", int(four_seated(deals).sum())),)
          if four_seated(deals).any() else ()),
        ("Bummerls (match ids)", _bummerls(deals)),
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
        if "bonus" in d.columns and d["bonus"].notna().any():  # 6L1
            rows.append(("last trick's 10 taken", f"{d['bonus'].notna().mean():.1%}"))
    standoffs = int((deals["end"].astype(object) == "standoff").sum()) if n else 0
    if standoffs:  # 6G4: finished, with no winner
        rows.append(("standoffs", standoffs))
    return pd.DataFrame(rows, columns=["figure", "value"]).set_index("figure")


# -- four players (BAUERN.md) --------------------------------------------------------------------

_CONTRACTS = ("schnapser", "gang", "bauernschnapser", "kontraschnapser")
_CALL_COLUMNS = ["call_1", "call_2", "call_3", "call_4"]
_BAUERN_SUMMARY_COLUMNS = frozenset({"north", "valid", "winning_side", "end", "file", "match",
                                     "bummerl", "contract", "game_points", *_CALL_COLUMNS,
                                     "contract_made", "spritze", "spritze_seat", "side_fh",
                                     "side_other", "partner"})


def mean_interval(values: Any, z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal approximation, mean ± z standard
    errors); NaN without values, and the mean itself as both ends for a single value."""
    import numpy as np

    v = np.asarray(values, dtype=float)
    n = len(v)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = float(v.mean())
    if n == 1:
        return (m, m, m)
    h = z * float(v.std(ddof=1)) / math.sqrt(n)
    return (m, m - h, m + h)


def finished_four(deals: pd.DataFrame) -> pd.DataFrame:
    """The four-player deals with a result: valid main line and not unfinished."""
    if "winning_side" not in deals.columns:
        return deals.iloc[:0]
    return deals[deals["winning_side"].notna()]


def net_points(deals: pd.DataFrame, side: str = "other") -> Any:
    """Each four-player deal's game points for one side, won minus lost: ``+gp`` when it
    won the deal, ``-gp`` when it lost; ``side`` is ``fh`` (forehand's side) or ``other``."""
    import numpy as np

    won = (deals["winning_side"].astype(object) == deals[f"side_{side}"].astype(object))
    gp = deals["game_points"].astype(float).to_numpy()
    return np.where(won.to_numpy(dtype=bool), gp, -gp)


def _side_rows(groups: list[tuple[Any, Any, Any]], key: str) -> pd.DataFrame:
    """Rows of a side's record per group: ``(label, won flags, net game points)``."""
    import numpy as np
    import pandas as pd

    rows = []
    for label, won, points in groups:
        n = len(won)
        k = int(np.sum(won))
        lo, hi = wilson(k, n)
        m, plo, phi = mean_interval(points)
        rows.append({key: label, "deals": n, "won": k, "rate": k / n if n else math.nan,
                     "low": lo, "high": hi, "points": m, "points_low": plo,
                     "points_high": phi})
    return pd.DataFrame(rows, columns=[key, "deals", "won", "rate", "low", "high", "points",
                                       "points_low", "points_high"])


def contract_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Each contract (BK): in how many finished four-player deals it was called (BA1) and
    the share with its Wilson interval (``called_rate``, ``called_low``, ``called_high``);
    how often it was played (the highest call, BA3), made, and the share of those played
    that were made (``rate``, ``low``, ``high``)."""
    import pandas as pd

    d = finished_four(deals)
    n = len(d)
    calls = d[_CALL_COLUMNS].astype(object).to_numpy()
    contract = d["contract"].astype(object).to_numpy()
    made = d["contract_made"].astype("boolean").fillna(False).to_numpy(dtype=bool)
    rows = []
    for c in _CONTRACTS:
        called = int((calls == c).any(axis=1).sum())
        played_mask = contract == c
        played = int(played_mask.sum())
        won = int((played_mask & made).sum())
        clo, chi = wilson(called, n)
        lo, hi = wilson(won, played)
        rows.append({"contract": c, "deals": n, "called": called,
                     "called_rate": called / n if n else math.nan, "called_low": clo,
                     "called_high": chi, "played": played, "made": won,
                     "rate": won / played if played else math.nan, "low": lo, "high": hi})
    return pd.DataFrame(rows, columns=["contract", "deals", "called", "called_rate",
                                       "called_low", "called_high", "played", "made", "rate",
                                       "low", "high"])


def spritze_table(deals: pd.DataFrame) -> pd.DataFrame:
    """What a spritze (BA4) brings the side that says it: finished four-player deals with
    a standing spritze (the spritzer's side: its share of deals won and its game points per
    deal, won minus lost, doubled by the spritze, BG4) and without one (the side without
    forehand, the one that may double forehand's game)."""
    import numpy as np

    d = finished_four(deals)
    said = d["spritze"].astype("boolean").fillna(False).to_numpy(dtype=bool)
    seat = d["spritze_seat"].astype(object).fillna("").to_numpy()
    fh = d["side_fh"].astype(object).to_numpy()
    fh_side = np.array([bool(s) and s in str(f) for s, f in zip(seat, fh, strict=True)],
                       dtype=bool)
    won = np.where(fh_side, d["winning_side"].astype(object) == d["side_fh"].astype(object),
                   d["winning_side"].astype(object) == d["side_other"].astype(object))
    won = np.asarray(won, dtype=bool)
    net = np.where(fh_side, net_points(d, "fh"), net_points(d, "other"))
    return _side_rows([("spritze", won[said], net[said]),
                       ("no spritze", won[~said], net[~said])], "spritze")


def forehand_side_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Forehand's side (BS3: forehand fixes trump, speaks first and leads the normal game)
    and the other side: finished four-player deals, deals won, the share, game points
    per deal won minus lost."""
    d = finished_four(deals)
    won = (d["winning_side"].astype(object) == d["side_fh"].astype(object)).to_numpy(
        dtype=bool)
    net = net_points(d, "fh")
    return _side_rows([("forehand's side", won, net), ("other side", ~won, -net)], "side")


def trump_fixing_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Forehand's side's record by how forehand fixed trump (BR2): named a suit from his
    first three cards, or turned up his fourth card."""
    d = finished_four(deals)
    how = d["trump_fixed"].astype(object).to_numpy()
    won = (d["winning_side"].astype(object) == d["side_fh"].astype(object)).to_numpy(
        dtype=bool)
    net = net_points(d, "fh")
    return _side_rows([(k, won[how == k], net[how == k]) for k in ("named", "turned")],
                      "trump")


def bauern_summary(deals: pd.DataFrame) -> pd.DataFrame:
    """A short overview of a collection's four-player deals: one row a figure."""
    import pandas as pd

    four = _narrow(deals, _BAUERN_SUMMARY_COLUMNS, four_seated(deals))
    n = len(four)
    valid = int(four["valid"].sum()) if n else 0
    d = finished_four(four)
    fin = len(d)
    rows: list[tuple[str, Any]] = [
        ("four-player records", n),
        ("valid", valid),
        ("invalid", n - valid),
        ("finished deals", fin),
        ("unfinished deals", int((four["end"].astype(object) == "unfinished").sum())),
        ("matches (match ids)", _bummerls(four)),
    ]
    if fin:
        ends = d["end"].value_counts()
        normal = d["contract"].astype(object) == "normal"
        rows += [
            ("normal games", f"{normal.mean():.1%}"),
            ("ended by claim", f"{ends.get('claim', 0) / fin:.1%}"),
            ("ended by false claim", f"{ends.get('false_claim', 0) / fin:.1%}"),
            ("ended at last trick", f"{ends.get('last_trick', 0) / fin:.1%}"),
            ("mean game points", f"{d['game_points'].astype(float).mean():.2f}"),
        ]
        table = contract_table(d)
        for word, called, played, made in zip(table["contract"], table["called"],
                                              table["played"], table["made"], strict=True):
            rows.append((f"{word} called / played / made",
                         f"{int(called)} / {int(played)} / {int(made)}"))
        sp = spritze_table(d).iloc[0]  # the deals with a standing spritze
        said = int(sp["deals"])
        rows.append(("spritze stands", f"{said} ({said / fin:.1%})"))
        rows.append(("spritze side wins", f"{float(sp['rate']):.1%}, "
                     f"{float(sp['points']):+.2f} game points a deal" if said
                     else "no spritze"))
        fh = forehand_side_table(d).iloc[0]
        rows.append(("forehand's side wins", f"{float(fh['rate']):.1%}"))
        teams = d[d["side_fh"].astype(object).isin(["NS", "EW"]).to_numpy(dtype=bool)
                  & d["partner"].isna().to_numpy(dtype=bool)]
        if len(teams):
            ns = (teams["winning_side"].astype(object) == "NS").mean()
            rows.append(("team NS wins (fixed partners)", f"{ns:.1%}"))
        else:  # a row in every collection's column, not NaN beside a fixed-partner one
            rows.append(("team NS wins (fixed partners)", "no fixed partners"))
    return pd.DataFrame(rows, columns=["figure", "value"]).set_index("figure")
