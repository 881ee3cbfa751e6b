"""Plots of the deal, Bummerl and player tables (matplotlib), one idea each.

Every function takes an optional ``ax`` to draw into (a new figure otherwise) and
returns it, with a title and labelled axes. Rates are drawn with 95% Wilson intervals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..psn import Record
from .features import score_trajectory
from .tables import closing_by_talon, forehand_table, marriage_table, points_by_end, wilson

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from ..equity import EquityTable

__all__ = [
    "equity_table",
    "plot_bummerl",
    "plot_closing_by_talon",
    "plot_forehand",
    "plot_marriages",
    "plot_player_win_rates",
    "plot_points_by_end",
    "plot_ratings",
    "plot_score_trajectory",
]

_A_COLOR = "#1f77b4"
_B_COLOR = "#d62728"


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=(6, 4))
    return new


def _rate_bars(ax: Axes, t: pd.DataFrame, key: str, color: str = "#4c72b0") -> None:
    labels = [str(x) for x in t[key]]
    rate = t["rate"].to_numpy(dtype=float)
    lo = t["low"].to_numpy(dtype=float)
    hi = t["high"].to_numpy(dtype=float)
    err = [rate - lo, hi - rate]
    ax.bar(labels, rate, yerr=err, capsize=4, color=color)
    for x, n in enumerate(t["deals"]):
        if n:
            ax.annotate(f"n={n}", (x, 0.02), ha="center", fontsize=8, color="white")
    ax.set_ylim(0, 1)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")


def plot_points_by_end(deals: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """How many game points a deal brought, by how it ended (claim, false claim, last trick)."""
    ax = _axes(ax)
    t = points_by_end(deals)
    ends = [str(e).replace("_", " ") for e in t.index]
    width = 0.27
    for i, gp in enumerate((1, 2, 3)):
        xs = [x + (i - 1) * width for x in range(len(ends))]
        ax.bar(xs, t[gp].to_numpy(), width, label=f"{gp} point{'s' if gp > 1 else ''}")
    ax.set_xticks(range(len(ends)), ends)
    ax.set_title("Game points by how the deal ended")
    ax.set_xlabel("how the deal ended")
    ax.set_ylabel("deals")
    ax.legend(title="game points won")
    return ax


def plot_closing_by_talon(deals: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """How often closing the talon succeeds, by the talon size when it was closed."""
    ax = _axes(ax)
    t = closing_by_talon(deals)
    _rate_bars(ax, t, "talon", "#55a868")
    ax.set_title("Closing success by talon size at closing")
    ax.set_xlabel("talon size when closed (cards, with the indicator)")
    ax.set_ylabel("share of closes the closer won")
    return ax


def plot_forehand(deals: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """The share of deals won by the forehand (who leads first) and by the dealer."""
    ax = _axes(ax)
    t = forehand_table(deals)
    _rate_bars(ax, t, "role", "#8172b2")
    ax.set_title("Forehand vs dealer: who wins the deal")
    ax.set_xlabel("role in the deal")
    ax.set_ylabel("share of deals won")
    return ax


def plot_marriages(deals: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """A player's chance to win the deal by the best marriage they announced: 40, 20, none."""
    ax = _axes(ax)
    t = marriage_table(deals)
    _rate_bars(ax, t, "marriage", "#c44e52")
    ax.set_title("Marriages and winning the deal")
    ax.set_xlabel("best marriage the player announced")
    ax.set_ylabel("share of deals the player won")
    return ax


def plot_score_trajectory(record: Record, ax: Axes | None = None) -> Axes:
    """Both players' scores after each action of one deal, with the 66 line."""
    ax = _axes(ax)
    pts = score_trajectory(record)
    steps = [p.step for p in pts]
    names = record.player_names
    ax.step(steps, [p.score_a for p in pts], where="post", color=_A_COLOR,
            label=f"{names[0]} (A)")
    ax.step(steps, [p.score_b for p in pts], where="post", color=_B_COLOR,
            label=f"{names[1]} (B)")
    ax.axhline(66, color="grey", lw=0.8, ls="--")
    ax.annotate("66", (steps[-1], 66), xytext=(-12, 2), textcoords="offset points", fontsize=8)
    for p in pts:
        if p.action == "C":
            ax.axvline(p.step, color="black", lw=0.8, ls=":")
            ax.annotate("closed", (p.step, 2), xytext=(3, 0), textcoords="offset points",
                        fontsize=8)
    title = f"Scores in deal {record.deal or record.index}"
    if record.outcome is not None:
        title += f" (won by {names[record.outcome.winner]}, {record.outcome.game_points})"
    ax.set_title(title)
    ax.set_xlabel("action")
    ax.set_ylabel("score (card points and counted marriages)")
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
        raise ValueError(f"no Bummerl {bummerl} of match {match!r} in the table")
    first = d.iloc[0]
    xs = [0, *d["deal"].astype(int)]
    for seat, color in (("a", _A_COLOR), ("b", _B_COLOR)):
        ys = [int(first[f"counters_before_{seat}"]),
              *d[f"counters_{seat}"].astype("Int64").fillna(-99).astype(int)]
        name = first[f"player_{seat}"]
        ax.plot(xs, ys, marker="o", color=color, label=f"{name} ({seat.upper()})")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(xs)
    ax.set_title(f"Bummerl {match}: counters over the deals")
    ax.set_xlabel("deal")
    ax.set_ylabel("counter (from 7; 0 or below wins)")
    ax.legend()
    return ax


def plot_player_win_rates(players: pd.DataFrame, ax: Axes | None = None,
                          what: str = "deal") -> Axes:
    """Each player's win rate (``what`` = ``deal`` or ``bummerl``) with 95% intervals."""
    ax = _axes(ax)
    if what == "deal":
        won, n = players["deals_won"], players["deals"]
    elif what == "bummerl":
        won, n = players["bummerl_wins"], players["matches_complete"]
    else:
        raise ValueError(f"what is 'deal' or 'bummerl', not {what!r}")
    names = [str(p) for p in players["player"]]
    rates: list[float] = []
    errs: list[list[float]] = [[], []]
    for k, m in zip(won.astype(int), n.astype(int), strict=True):
        r = k / m if m else float("nan")
        lo, hi = wilson(int(k), int(m))
        rates.append(r)
        errs[0].append(r - lo if m else 0.0)
        errs[1].append(hi - r if m else 0.0)
    ax.barh(names, rates, xerr=errs, capsize=4, color="#64b5cd")
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlim(0, 1)
    ax.set_title(f"Players' {what} win rates (95% intervals)")
    ax.set_xlabel(f"share of {what}s won")
    ax.set_ylabel("player")
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
            ax.text(c, r, f"{value:.0%}", ha="center", va="center", fontsize=8,
                    color="white" if abs(value - 0.5) > 0.3 else "black")
    labels = [str(x) for x in order]
    ax.set_xticks(range(len(order)), labels)
    ax.set_yticks(range(len(order)), labels)
    ax.set_xlabel("their counter (game points they still need)")
    ax.set_ylabel("my counter (game points I still need)")
    who = "I deal" if i_deal else "they deal"
    ax.set_title(f"Chance to win the Bummerl, {who} next\n"
                 f"({table.profile} rules, {table.player} self-play, "
                 f"{table.outcomes.deals:,} deals)")
    ax.figure.colorbar(image, ax=ax, label="chance to win the Bummerl", shrink=0.8)
    return ax


def plot_ratings(history: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Each player's rating over the collection's order (from
    :func:`~.ratings.rating_history`), with its 95% band."""
    ax = _axes(ax)
    for name, rows in history.groupby("player", sort=True):
        x = rows["game"].to_numpy()
        (line,) = ax.plot(x, rows["rating"].to_numpy(), label=str(name), lw=1.5)
        ax.fill_between(x, rows["low"].to_numpy(), rows["high"].to_numpy(),
                        color=line.get_color(), alpha=0.2, lw=0)
    ax.set_title("Ratings over the collection (95% bands)")
    ax.set_xlabel("game rated, in the collection's order")
    ax.set_ylabel("rating (openskill mean)")
    if len(history):
        ax.legend(title="player")
    return ax
