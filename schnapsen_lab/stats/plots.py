"""Plots of the deal, Bummerl and player tables (matplotlib), one idea each.

Every function takes an optional ``ax`` to draw into (a new figure otherwise) and
returns it, with a title and labelled axes. Rates are drawn with 95% Wilson intervals
as error bars, which the legend names, and with their values written on the bars; the
rate plots take ``by`` (a column, e.g. a collection) to draw one bar a group. Every text
is a format string in :data:`TEXT` (or :data:`PLURALS`), drawn in the language spoken
(:func:`schnapsen_lab.set_language`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import C_, N_, NP_, Plurals, Texts
from ..notation import CALLS
from ..numbers import number
from ..psn import Record
from .features import score_trajectory
from .tables import (
    closing_by_talon,
    contract_table,
    finished,
    forehand_side_table,
    forehand_table,
    marriage_table,
    spritze_table,
    trump_fixing_table,
    wilson,
)

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from ..equity import EquityTable

__all__ = [
    "PLURALS",
    "TEXT",
    "equity_table",
    "plot_bummerl",
    "plot_closing_by_talon",
    "plot_contracts",
    "plot_forehand",
    "plot_forehand_side",
    "plot_marriages",
    "plot_player_win_rates",
    "plot_points_by_end",
    "plot_ratings",
    "plot_score_trajectory",
    "plot_spritze",
    "plot_trump_fixing",
]

_A_COLOR = "#1f77b4"
_B_COLOR = "#d62728"
_GROUP_COLORS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b2", "#937860")

SMALL = 9
"""The smallest font size (pt) a plot writes: bar labels, annotations and legends stay
readable when a wide figure is shrunk to a notebook's width (issue 22)."""

TEXT = Texts({
    "interval": N_("error bars: 95% Wilson interval"),
    "all": N_("all deals"),
    "end.claim": N_("claim"),
    "end.false_claim": N_("false claim"),
    "end.last_trick": N_("last trick"),
    "end.failed_closing": N_("failed closing\n(C3, last trick)"),
    "points_by_end.title": N_("Game points by how the deal ended"),
    "points_by_end.x": N_("how the deal ended"),
    "points_by_end.y": N_("deals"),
    "points_by_end.legend": N_("game points won"),
    "closing.title": N_("Closing success by talon size at closing"),
    "closing.x": N_("talon size when closed (cards, with the indicator)"),
    "closing.y": N_("share of closes the closer won"),
    "forehand.title": N_("The forehand's share of deals won (the dealer wins the rest)"),
    "forehand.y": N_("share of deals the forehand won"),
    "marriages.title": N_("Marriages and winning the deal"),
    "marriages.x": N_("best marriage the player announced"),
    "marriages.y": N_("share of deals the player won"),
    "marriages.none": C_("no marriage announced", "none"),
    "win_rates.title.deal": N_("Players' deal win rates"),
    "win_rates.title.bummerl": N_("Players' Bummerl win rates"),
    "win_rates.x.deal": N_("share of deals won"),
    "win_rates.x.bummerl": N_("share of Bummerls won"),
    "win_rates.y": N_("player"),
    "win_rates.bad_what": N_("what is 'deal' or 'bummerl', not {what!r}"),
    "trajectory.closed": C_("the talon was closed here", "closed"),
    "trajectory.title": N_("Scores in deal {deal}"),
    "trajectory.x": N_("action"),
    "trajectory.y": N_("score (card points and counted marriages)"),
    "bummerl.title": N_("Bummerl {match}: counters over the deals"),
    "bummerl.x": N_("deal"),
    "bummerl.y": N_("counter (from 7; 0 or below wins)"),
    "bummerl.missing": N_("no Bummerl {bummerl} of match {match!r} in the table"),
    "equity.x": N_("their counter (game points they still need)"),
    "equity.y": N_("my counter (game points I still need)"),
    "equity.title.i_deal": N_("Chance to win the Bummerl, I deal next\n"
                              "({profile} rules, {player} self-play, {deals} deals)"),
    "equity.title.they_deal": N_("Chance to win the Bummerl, they deal next\n"
                                 "({profile} rules, {player} self-play, {deals} deals)"),
    "equity.bar": N_("chance to win the Bummerl"),
    "ratings.title": N_("Ratings over the collection (95% bands)"),
    "ratings.x": N_("game rated, in the collection's order"),
    "ratings.y": N_("rating (openskill mean)"),
    "ratings.legend": N_("player"),
    "points_interval": N_("error bars: 95% normal interval of the mean"),
    "net_points": N_("game points per deal (won minus lost)"),
    "contracts.title.made": N_("How often a contract played is made"),
    "contracts.title.called": N_("How often each contract is called"),
    "contracts.x": N_("contract"),
    "contracts.y.made": N_("share of contracts played that were made"),
    "contracts.y.called": N_("share of deals in which it was called"),
    "contracts.bad_what": N_("what is 'made' or 'called', not {what!r}"),
    "spritze.title": N_("What a double is worth to the side that says it"),
    "spritze.x": N_("the doubling side (without a double: the side without forehand)"),
    "spritze.yes": C_("deals in which a double stands", "double"),
    "spritze.no": C_("deals without a standing double", "no double"),
    "forehand_side.title.won": N_("Forehand's side: share of deals won"),
    "forehand_side.title.points": N_("Forehand's side: game points per deal"),
    "forehand_side.y.won": N_("share of deals forehand's side won"),
    "forehand_side.bad_what": N_("what is 'won' or 'points', not {what!r}"),
    "trump_fixing.title": N_("Naming or turning up trump: forehand's side's share of deals won"),
    "trump_fixing.x": N_("how forehand fixed trump"),
    "trump_fixing.named": C_("trump was named", "named"),
    "trump_fixing.turned": C_("trump was turned up", "turned up"),
})
"""Every text the plots show, as format strings."""

PLURALS = Plurals({
    "points": NP_("{n} game point", "{n} game points"),
    "trajectory.won": NP_("Scores in deal {deal} (won by {who}, {n} game point)",
                          "Scores in deal {deal} (won by {who}, {n} game points)"),
})
"""Texts that depend on a number."""

_SEAT_LABEL = "{name} ({seat})"
_GROUP_LABEL = "{group}: {player}"
_TICK_N = "{label}\n(n={n})"


def _plain(text: object) -> str:
    """Text a user typed (a name, a Match id) as matplotlib shows it: ``$`` never starts
    mathtext."""
    return str(text).replace("$", r"\$")


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=(6, 4))
    return new


def _rate(value: float) -> str:
    """A rate as a bar label: one decimal below 10%, so that 0.8% is not 1%."""
    return number(value, ".1%") if value < 0.1 else number(value, ".0%")


def _groups(deals: pd.DataFrame, by: str | None) -> list[tuple[str, pd.DataFrame]]:
    if by is None:
        return [(TEXT["all"], deals)]
    return [(str(k), g) for k, g in deals.groupby(by, observed=True, sort=True)]


def _grouped_rate_bars(ax: Axes, tables: list[tuple[str, pd.DataFrame]], key: str,
                       colors: tuple[str, ...] = _GROUP_COLORS,
                       names: dict[str, str] | None = None, value: str = "rate",
                       low: str = "low", high: str = "high", scale: str = "rate") -> None:
    """Bars of ``rate`` by ``key``, one bar a group side by side, each with its 95%
    interval drawn as an error bar and its value written above it; the legend names the
    groups and says what the error bars are.

    ``value``, ``low`` and ``high`` name other columns to draw; ``scale`` is ``rate`` (0 to
    100%, with the 50% line), ``small`` (rates scaled to the largest interval) or
    ``points`` (a mean of game points, with the zero line)."""
    import numpy as np

    keys: list[str] = []
    for _, t in tables:
        for k in t[key]:
            if str(k) not in keys:
                keys.append(str(k))
    n_groups = len(tables)
    width = 0.8 / n_groups
    tops: list[float] = []
    bottoms: list[float] = []
    for gi, (name, t) in enumerate(tables):
        cols = zip(t[key], t["deals"].astype(int), t[value].astype(float),
                   t[low].astype(float), t[high].astype(float), strict=True)
        by_key = {str(k): (int(n), float(r), float(lo), float(hi)) for k, n, r, lo, hi in cols}
        xs: list[float] = []
        rates: list[float] = []
        lows: list[float] = []
        highs: list[float] = []
        for xi, k in enumerate(keys):
            row = by_key.get(k)
            if row is None or not row[0]:
                continue
            xs.append(xi + (gi - (n_groups - 1) / 2) * width)
            rates.append(row[1])
            lows.append(row[2])
            highs.append(row[3])
        r = np.array(rates)
        ax.bar(xs, r, width * 0.92, color=colors[gi % len(colors)],
               label=_plain(name) if n_groups > 1 else None)
        err = [np.maximum(0.0, r - np.array(lows)), np.maximum(0.0, np.array(highs) - r)]
        ax.errorbar(xs, r, yerr=err, fmt="none",
                    ecolor="#222", capsize=3, elinewidth=1,
                    label=(TEXT["points_interval" if scale == "points" else "interval"]
                           if gi == 0 else None))
        for x, v, lo, hi in zip(xs, rates, lows, highs, strict=True):
            if scale == "points":
                below = v < 0
                ax.annotate(number(v, "+.2f"), (x, lo if below else hi),
                            xytext=(0, -2 if below else 2), textcoords="offset points",
                            ha="center", va="top" if below else "bottom", fontsize=SMALL)
            else:
                ax.annotate(_rate(v), (x, hi), xytext=(0, 2), textcoords="offset points",
                            ha="center", va="bottom", fontsize=SMALL)
        tops.extend(highs)
        bottoms.extend(lows)
    if n_groups == 1:
        t = tables[0][1]
        n_of = {str(k): int(n) for k, n in zip(t[key], t["deals"], strict=True)}
        labels = [_TICK_N.format(label=(names or {}).get(k, k), n=n_of.get(k, 0))
                  for k in keys]
        ax.tick_params(axis="x", labelsize=SMALL)
    else:
        labels = [(names or {}).get(k, k) for k in keys]
    ax.set_xticks(range(len(keys)), labels)
    if scale == "rate":
        ax.set_ylim(0, 1.3)  # room above 100% for the values and the legend
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
        ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    elif scale == "small":
        from matplotlib.ticker import PercentFormatter

        top = max([t for t in tops if t == t] or [0.01])
        ax.set_ylim(0, top * 1.35)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    else:
        finite = [v for v in (*tops, *bottoms) if v == v]
        top, bottom = max([0.0, *finite]), min([0.0, *finite])
        span = max(top - bottom, 1.0)
        ax.set_ylim(bottom - 0.12 * span, top + 0.3 * span)
        ax.axhline(0, color="grey", lw=0.8)
    ax.legend(fontsize=SMALL, loc="upper center", ncol=n_groups + 1, frameon=False)


def _end_of(end: str, rule: object) -> str:
    """The end category of a deal: a failed closing at the last trick (C3) is its own."""
    if end == "last_trick" and str(rule) == "C3":
        return "failed_closing"
    return end


def plot_points_by_end(deals: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """How many game points a deal brought, by how it ended: a claim, a false claim, the
    last trick (G3), or a closing that failed at the last trick (C3), with the counts."""
    import pandas as pd

    ax = _axes(ax)
    d = finished(deals)
    cat = [_end_of(str(e), r) for e, r in zip(d["end"], d["rule"], strict=True)]
    t = pd.crosstab(pd.Series(cat, index=d.index, name="end"),
                    d["game_points"].astype(int)).reindex(columns=[1, 2, 3], fill_value=0)
    order = [e for e in ("claim", "false_claim", "last_trick", "failed_closing")
             if e in t.index]
    t = t.reindex(order)
    ends = [TEXT[f"end.{e}"] for e in order]
    width = 0.27
    for i, gp in enumerate((1, 2, 3)):
        xs = [x + (i - 1) * width for x in range(len(ends))]
        label = PLURALS.text("points", gp)
        bars = ax.bar(xs, t[gp].to_numpy(), width, label=label)
        ax.bar_label(bars, fontsize=SMALL, padding=1)
    ax.set_xticks(range(len(ends)), ends)
    ax.set_title(TEXT["points_by_end.title"])
    ax.set_xlabel(TEXT["points_by_end.x"])
    ax.set_ylabel(TEXT["points_by_end.y"])
    ax.legend(title=TEXT["points_by_end.legend"])
    return ax


def plot_closing_by_talon(deals: pd.DataFrame, ax: Axes | None = None,
                          by: str | None = None) -> Axes:
    """How often closing the talon succeeds, by the talon size when it was closed (one
    bar a group of the column ``by``, e.g. a collection)."""
    ax = _axes(ax)
    tables = [(name, closing_by_talon(g)) for name, g in _groups(deals, by)]
    _grouped_rate_bars(ax, tables, "talon", ("#55a868", *_GROUP_COLORS))
    ax.set_title(TEXT["closing.title"])
    ax.set_xlabel(TEXT["closing.x"])
    ax.set_ylabel(TEXT["closing.y"])
    return ax


def plot_forehand(deals: pd.DataFrame, ax: Axes | None = None, by: str | None = None) -> Axes:
    """The forehand's (who leads first) share of deals won, one bar a group of ``by``
    (the dealer's share is the rest, so it is not drawn twice)."""
    import pandas as pd

    ax = _axes(ax)
    rows = []
    for name, g in _groups(deals, by):
        t = forehand_table(g)
        row = t[t["role"] == "forehand"].iloc[0]
        rows.append({"group": name, "deals": int(row["deals"]), "rate": row["rate"],
                     "low": row["low"], "high": row["high"]})
    table = pd.DataFrame(rows, columns=["group", "deals", "rate", "low", "high"])
    _grouped_rate_bars(ax, [(TEXT["all"], table)], "group", ("#8172b2",))
    ax.set_title(TEXT["forehand.title"])
    ax.set_xlabel(by if by is not None else TEXT["all"])
    ax.set_ylabel(TEXT["forehand.y"])
    return ax


def plot_marriages(deals: pd.DataFrame, ax: Axes | None = None, by: str | None = None) -> Axes:
    """A player's chance to win the deal by the best marriage they announced: 40, 20,
    none (one bar a group of ``by``)."""
    ax = _axes(ax)
    tables = [(name, marriage_table(g)) for name, g in _groups(deals, by)]
    _grouped_rate_bars(ax, tables, "marriage", ("#c44e52", *_GROUP_COLORS),
                       {"none": TEXT["marriages.none"]})
    ax.set_title(TEXT["marriages.title"])
    ax.set_xlabel(TEXT["marriages.x"])
    ax.set_ylabel(TEXT["marriages.y"])
    return ax


def plot_score_trajectory(record: Record, ax: Axes | None = None) -> Axes:
    """Both players' scores after each action of one deal, with the 66 line."""
    ax = _axes(ax)
    pts = score_trajectory(record)
    steps = [p.step for p in pts]
    names = [_plain(n) for n in record.player_names]
    ax.step(steps, [p.score_a for p in pts], where="post", color=_A_COLOR,
            label=_SEAT_LABEL.format(name=names[0], seat="A"))
    ax.step(steps, [p.score_b for p in pts], where="post", color=_B_COLOR,
            label=_SEAT_LABEL.format(name=names[1], seat="B"))
    ax.axhline(66, color="grey", lw=0.8, ls="--")
    ax.annotate("66", (steps[-1], 66), xytext=(-12, 2), textcoords="offset points",
                fontsize=SMALL)
    for p in pts:
        if p.action == "C":
            ax.axvline(p.step, color="black", lw=0.8, ls=":")
            ax.annotate(TEXT["trajectory.closed"], (p.step, 2), xytext=(3, 0),
                        textcoords="offset points", fontsize=SMALL)
    deal = record.deal or record.index
    if record.outcome is not None:
        title = PLURALS.text("trajectory.won", record.outcome.game_points, deal=deal,
                             who=names[record.outcome.winner])
    else:
        title = TEXT["trajectory.title"].format(deal=deal)
    ax.set_title(title)
    ax.set_xlabel(TEXT["trajectory.x"])
    ax.set_ylabel(TEXT["trajectory.y"])
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(0, max(80, *(p.score_a for p in pts), *(p.score_b for p in pts)) + 5)
    ax.legend(loc="upper left")
    return ax


def plot_bummerl(deals: pd.DataFrame, match: str, bummerl: int = 1, file: str | None = None,
                 ax: Axes | None = None) -> Axes:
    """Both counters of one Bummerl over its deals, from 7 down to 0."""
    ax = _axes(ax)
    d = deals[(deals["match"].astype(object) == match) & (deals["bummerl"] == bummerl)]
    if file is not None:
        d = d[d["file"].astype(object) == file]
    if d.empty:
        raise ValueError(TEXT["bummerl.missing"].format(bummerl=bummerl, match=match))
    first = d.iloc[0]
    xs = [0, *d["deal"].astype(int)]
    for seat, color in (("a", _A_COLOR), ("b", _B_COLOR)):
        ys = [int(first[f"counters_before_{seat}"]),
              *d[f"counters_{seat}"].astype("Int64").fillna(-99).astype(int)]
        name = _plain(first[f"player_{seat}"])
        ax.plot(xs, ys, marker="o", color=color,
                label=_SEAT_LABEL.format(name=name, seat=seat.upper()))
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(xs)
    ax.set_title(TEXT["bummerl.title"].format(match=_plain(match)))
    ax.set_xlabel(TEXT["bummerl.x"])
    ax.set_ylabel(TEXT["bummerl.y"])
    ax.legend()
    return ax


def plot_player_win_rates(players: pd.DataFrame, ax: Axes | None = None,
                          what: str = "deal", by: str | None = None) -> Axes:
    """Each player's win rate (``what`` = ``deal`` or ``bummerl``) with its 95% interval
    and its value; with ``by`` (e.g. a collection column) each bar is named by it too."""
    ax = _axes(ax)
    if what == "deal":
        won, n = players["deals_won"], players["deals"]
    elif what == "bummerl":
        won, n = players["bummerl_wins"], players["matches_complete"]
    else:
        raise ValueError(TEXT["win_rates.bad_what"].format(what=what))
    if by is None:
        names = [_plain(p) for p in players["player"]]
    else:
        names = [_GROUP_LABEL.format(group=_plain(g), player=_plain(p))
                 for g, p in zip(players[by], players["player"], strict=True)]
    rates: list[float] = []
    errs: list[list[float]] = [[], []]
    his: list[float] = []
    for k, m in zip(won.astype(int), n.astype(int), strict=True):
        r = k / m if m else float("nan")
        lo, hi = wilson(int(k), int(m))
        rates.append(r)
        errs[0].append(max(0.0, r - lo) if m else 0.0)  # float noise at 0% and 100%
        errs[1].append(max(0.0, hi - r) if m else 0.0)
        his.append(hi if m else 0.0)
    ys = list(range(len(names)))
    ax.barh(ys, rates, color="#64b5cd")
    ax.errorbar(rates, ys, xerr=errs, fmt="none", ecolor="#222", capsize=3,
                label=TEXT["interval"])
    for y, r, hi in zip(ys, rates, his, strict=True):
        if r == r:  # not NaN
            ax.annotate(_rate(r), (hi, y), xytext=(3, 0), textcoords="offset points",
                        va="center", fontsize=SMALL)
    ax.set_yticks(ys, names)
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlim(0, 1.15)
    ax.legend(fontsize=SMALL, loc="lower right", frameon=False)
    ax.set_title(TEXT[f"win_rates.title.{what}"])
    ax.set_xlabel(TEXT[f"win_rates.x.{what}"])
    ax.set_ylabel(TEXT["win_rates.y"])
    return ax




# -- four players (BAUERN.md) ---------------------------------------------------------------------

def _contract_names() -> dict[str, str]:
    return {c: CALLS[c] for c in ("schnapser", "gang", "bauernschnapser", "kontraschnapser")}


def plot_contracts(deals: pd.DataFrame, ax: Axes | None = None, what: str = "made",
                   by: str | None = None) -> Axes:
    """Each contract of the four-player game: the share of those played that were made
    (``what="made"``, BK2, BK3) or the share of deals in which it was called
    (``what="called"``, BA1), with 95% Wilson intervals and the values on the bars; one bar
    a group of ``by`` (e.g. who declared)."""
    if what not in ("made", "called"):
        raise ValueError(TEXT["contracts.bad_what"].format(what=what))
    ax = _axes(ax)
    tables = []
    for name, g in _groups(deals, by):
        t = contract_table(g)
        if what == "made":
            t = t[t["played"] > 0].assign(deals=t["played"])
        else:
            t = t.rename(columns={"rate": "made_rate", "low": "made_low", "high": "made_high"})
            t = t.assign(rate=t["called_rate"], low=t["called_low"], high=t["called_high"])
        tables.append((name, t))
    _grouped_rate_bars(ax, tables, "contract", ("#2a9d8f", *_GROUP_COLORS), _contract_names(),
                       scale="rate" if what == "made" else "small")
    ax.set_title(TEXT[f"contracts.title.{what}"])
    ax.set_xlabel(TEXT["contracts.x"])
    ax.set_ylabel(TEXT[f"contracts.y.{what}"])
    return ax


def plot_spritze(deals: pd.DataFrame, ax: Axes | None = None, by: str | None = None) -> Axes:
    """What the side that says spritze (BA4, the double) wins per deal in game points (won
    minus lost) when one stands, and the side without forehand without one
    (:func:`~schnapsen_lab.stats.tables.spritze_table`), with 95% intervals of the mean
    and the values on the bars; one bar a group of ``by``."""
    ax = _axes(ax)
    tables = [(name, spritze_table(g)) for name, g in _groups(deals, by)]
    _grouped_rate_bars(ax, tables, "spritze", ("#e76f51", *_GROUP_COLORS),
                       {"spritze": TEXT["spritze.yes"], "no spritze": TEXT["spritze.no"]},
                       value="points", low="points_low", high="points_high", scale="points")
    ax.set_title(TEXT["spritze.title"])
    ax.set_xlabel(TEXT["spritze.x"])
    ax.set_ylabel(TEXT["net_points"])
    return ax


def plot_forehand_side(deals: pd.DataFrame, ax: Axes | None = None, what: str = "won",
                       by: str | None = None) -> Axes:
    """Forehand's side in the four-player game (BS3): its share of deals won (``what="won"``,
    95% Wilson intervals) or its game points per deal, won minus lost (``what="points"``,
    95% intervals of the mean), one bar a group of ``by`` (e.g. a collection)."""
    import pandas as pd

    if what not in ("won", "points"):
        raise ValueError(TEXT["forehand_side.bad_what"].format(what=what))
    ax = _axes(ax)
    rows = []
    for name, g in _groups(deals, by):
        row = forehand_side_table(g).iloc[0]
        rows.append({"group": name, "deals": int(row["deals"]),
                     **{c: row[c] for c in ("rate", "low", "high", "points", "points_low",
                                            "points_high")}})
    table = pd.DataFrame(rows, columns=["group", "deals", "rate", "low", "high", "points",
                                        "points_low", "points_high"])
    if what == "won":
        _grouped_rate_bars(ax, [(TEXT["all"], table)], "group", ("#8172b2",))
        ax.set_ylabel(TEXT["forehand_side.y.won"])
    else:
        _grouped_rate_bars(ax, [(TEXT["all"], table)], "group", ("#8172b2",), value="points",
                           low="points_low", high="points_high", scale="points")
        ax.set_ylabel(TEXT["net_points"])
    ax.set_title(TEXT[f"forehand_side.title.{what}"])
    ax.set_xlabel(by if by is not None else TEXT["all"])
    return ax


def plot_trump_fixing(deals: pd.DataFrame, ax: Axes | None = None,
                      by: str | None = None) -> Axes:
    """Forehand's side's share of deals won by how forehand fixed trump (BR2): named a
    suit or turned up his fourth card, with 95% Wilson intervals; one bar a group of ``by``."""
    ax = _axes(ax)
    tables = [(name, trump_fixing_table(g)) for name, g in _groups(deals, by)]
    _grouped_rate_bars(ax, tables, "trump", ("#937860", *_GROUP_COLORS),
                       {"named": TEXT["trump_fixing.named"],
                        "turned": TEXT["trump_fixing.turned"]})
    ax.set_title(TEXT["trump_fixing.title"])
    ax.set_xlabel(TEXT["trump_fixing.x"])
    ax.set_ylabel(TEXT["forehand_side.y.won"])
    return ax


# -- Bummerl equity and ratings ------------------------------------------------------------------

def equity_table(table: EquityTable, ax: Axes | None = None, i_deal: bool = False) -> Axes:
    """A Bummerl equity table as a heat map: my chance to win the Bummerl for each pair of
    counters (rows mine, columns theirs, 7 down to 1), when I deal next (``i_deal``) or
    they do; each cell is labelled in per cent."""
    ax = _axes(ax)
    order = list(range(table.start, 0, -1))
    grid = [[table.equity(m, t, i_deal) for t in order] for m in order]
    image = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            ax.text(c, r, number(value, ".0%"), ha="center", va="center", fontsize=SMALL,
                    color="white" if abs(value - 0.5) > 0.3 else "black")
    labels = [str(x) for x in order]
    ax.set_xticks(range(len(order)), labels)
    ax.set_yticks(range(len(order)), labels)
    ax.set_xlabel(TEXT["equity.x"])
    ax.set_ylabel(TEXT["equity.y"])
    title = TEXT["equity.title.i_deal" if i_deal else "equity.title.they_deal"]
    ax.set_title(title.format(profile=_plain(table.profile), player=_plain(table.player),
                              deals=f"{table.outcomes.deals:,}"))
    ax.figure.colorbar(image, ax=ax, label=TEXT["equity.bar"], shrink=0.8)
    return ax


def plot_ratings(history: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Each player's rating over the collection's order (from
    :func:`~.ratings.rating_history`), with its 95% band."""
    ax = _axes(ax)
    for name, rows in history.groupby("player", sort=True):
        x = rows["game"].to_numpy()
        (line,) = ax.plot(x, rows["rating"].to_numpy(), label=_plain(name), lw=1.5)
        ax.fill_between(x, rows["low"].to_numpy(), rows["high"].to_numpy(),
                        color=line.get_color(), alpha=0.2, lw=0)
    ax.set_title(TEXT["ratings.title"])
    ax.set_xlabel(TEXT["ratings.x"])
    ax.set_ylabel(TEXT["ratings.y"])
    if len(history):
        ax.legend(title=TEXT["ratings.legend"])
    return ax
