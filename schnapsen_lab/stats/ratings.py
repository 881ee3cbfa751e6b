"""Ratings of the players of a collection, with their uncertainty (openskill).

Each decided Bummerl of :func:`~.frames.matches_frame` (or, for a rating per deal, each
finished deal of :func:`~.frames.deals_frame`) is one game between two players, keyed
on their names as the records give them (PlayerA, PlayerB). The games are rated in the
collection's order by a Weng-Lin Bayesian rating model from the openskill library
(Plackett-Luce by default), which keeps a mean and a standard deviation for every
player and also rates teams: a four-player deal is a game between its two sides, a
fixed-partner match one between the teams NS and EW, and a called-partner match one of
four players ranked by their totals (BC5). A game in which one name sits on both sides
(a player against itself) says nothing about it and is skipped.

::

    from schnapsen_lab.stats import matches_frame, ratings, rating_history
    bummerls = matches_frame("records/round-robin/*.psn")
    ratings(bummerls)                 # one row a player, best first, with 95% intervals
    rating_history(bummerls)          # one row a player and game, for plots.plot_ratings

docs/statistics.md says why openskill and how to read the numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["HISTORY_COLUMNS", "RATING_COLUMNS", "Z95", "rating_history", "ratings"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

RATING_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("player", "str", "the player's name, as in the records (PlayerA, PlayerB)"),
    ("rating", "float", "the rating: the mean of the model's belief about the player's skill"),
    ("sigma", "float", "the standard deviation of that belief"),
    ("low", "float", "rating - 1.96 sigma: the low end of the 95% interval"),
    ("high", "float", "rating + 1.96 sigma: the high end"),
    ("games", "int", "games rated (decided Bummerls, or finished deals)"),
    ("wins", "int", "games won"),
)
"""The ratings table's columns: (name, type, meaning)."""

HISTORY_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("game", "int", "the game's number among the rated games, in the collection's order, from 1"),
    ("player", "str", "a player of that game"),
    ("rating", "float", "the player's rating after the game"),
    ("sigma", "float", "its standard deviation"),
    ("low", "float", "rating - 1.96 sigma"),
    ("high", "float", "rating + 1.96 sigma"),
)
"""The rating history's columns: (name, type, meaning)."""


_SEATS = ("N", "E", "S", "W")
_NAME_COLUMNS = ("north", "east", "south", "west")


def _games(games: pd.DataFrame) -> Iterator[tuple[list[list[str]], list[int]]]:
    """Every game with a result, in order, as ``(teams, ranks)``, the teams in seat order
    (A then B; forehand's side then the other; NS then EW; N, E, S, W) and their ranks
    (0 for the winners). A called-partner match ranks each player alone: the players who
    reached the target first, the others by their totals (BC5)."""
    missing = [c for c in ("player_a", "player_b", "winner") if c not in games.columns]
    if missing:
        raise ValueError(f"ratings need a Bummerl or deal table (matches_frame, deals_frame); "
                         f"missing column{'s' if len(missing) > 1 else ''}: "
                         f"{', '.join(missing)}")
    four = "north" in games.columns and bool(games["north"].notna().any())
    cols = ["player_a", "player_b", "winner"]
    if four:
        cols += ["variant", *_NAME_COLUMNS]
        cols += (["side_fh", "side_other", "winning_side"] if "side_fh" in games.columns
                 else ["match_winner", "counters_n", "counters_e", "counters_s",
                       "counters_w"])
    sub = games[cols].astype(object)
    sub = sub.where(sub.notna(), None)
    for row in sub.itertuples(index=False, name=None):
        if four and row[4] is not None:  # a four-player deal or match (north filled)
            game = _four_player_game(row[4:])
            if game is not None:
                yield game
            continue
        pa, pb, winner = row[:3]
        if winner is None or str(winner) not in ("A", "B"):
            continue  # undecided Bummerl, unfinished or invalid deal
        a, b = str(pa), str(pb)
        if a == b:
            continue  # a player against itself
        yield [[a], [b]], ([0, 1] if str(winner) == "A" else [1, 0])


def _four_player_game(row: tuple[Any, ...]) -> tuple[list[list[str]], list[int]] | None:
    """The teams and ranks of one four-player deal or match row; None when it has no
    result or a name sits on two sides."""
    names = dict(zip(_SEATS, (str(n) for n in row[:4]), strict=True))
    if len(row) == 7:  # a deal: forehand's side against the other
        fh, other, won = row[4:]
        if won is None or fh is None or other is None:
            return None
        teams = [[names[s] for s in fh], [names[s] for s in other]]
        ranks = [0, 1] if won == fh else [1, 0]
    else:  # a match: teams NS and EW, or each player with called partners
        winner, *totals = row[4:]
        if winner is None:
            return None
        if totals[0] is None:
            teams = [[names["N"], names["S"]], [names["E"], names["W"]]]
            ranks = [0, 1] if winner == "NS" else [1, 0]
        else:
            teams = [[names[s]] for s in _SEATS]
            order = sorted({-int(t) for s, t in zip(_SEATS, totals, strict=True)
                            if s not in winner})
            ranks = [0 if s in winner else 1 + order.index(-int(t))
                     for s, t in zip(_SEATS, totals, strict=True)]
    flat = [n for t in teams for n in t]
    if len(set(flat)) != len(flat):
        return None  # a player on two sides tells nothing
    return teams, ranks


def _run(games: pd.DataFrame, model: Any, history: bool
         ) -> tuple[dict[str, Any], dict[str, list[int]], list[tuple[Any, ...]]]:
    """Rate every game in order: the final ratings, (games, wins) by name, the history."""
    if model is None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
    current: dict[str, Any] = {}
    tally: dict[str, list[int]] = {}
    rows: list[tuple[Any, ...]] = []
    for n, (teams, ranks) in enumerate(_games(games), 1):
        for team in teams:
            for name in team:
                if name not in current:
                    current[name] = model.rating(name=name)
                    tally[name] = [0, 0]
        ratings_in = [[current[name] for name in team] for team in teams]
        if len(teams) == 2:  # one side won: the winners first, as openskill reads it
            first = ranks.index(0)
            order = [first, 1 - first]
            won_first = model.rate([ratings_in[i] for i in order])
            rated = [won_first[order.index(i)] for i in range(2)]
        else:
            rated = model.rate(ratings_in, ranks=ranks)
        for team, new, rank in zip(teams, rated, ranks, strict=True):
            for name, r in zip(team, new, strict=True):
                current[name] = r
                tally[name][0] += 1
                tally[name][1] += int(rank == 0)
        if history:
            for team in teams:
                for name in team:
                    r = current[name]
                    rows.append((n, name, r.mu, r.sigma, r.mu - Z95 * r.sigma,
                                 r.mu + Z95 * r.sigma))
    return current, tally, rows


def ratings(games: pd.DataFrame, model: Any = None) -> pd.DataFrame:
    """A rating per player, best first, with its 95% interval (:data:`RATING_COLUMNS`).

    ``games`` is the Bummerl table of :func:`~.frames.matches_frame` (decided Bummerls
    are rated) or the deal table of :func:`~.frames.deals_frame` (finished deals are);
    ``model`` an openskill model (default ``PlackettLuce()``).
    """
    import pandas as pd

    current, tally, _ = _run(games, model, history=False)
    rows = [(name, r.mu, r.sigma, r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma,
             tally[name][0], tally[name][1]) for name, r in current.items()]
    df = pd.DataFrame(rows, columns=[c[0] for c in RATING_COLUMNS])
    df = df.astype({"player": "str", "rating": "float64", "sigma": "float64",
                    "low": "float64", "high": "float64", "games": "int64", "wins": "int64"})
    return df.sort_values(["rating", "player"], ascending=[False, True],
                          kind="stable").reset_index(drop=True)


def rating_history(games: pd.DataFrame, model: Any = None) -> pd.DataFrame:
    """Every player's rating after each game they played, in the collection's order
    (:data:`HISTORY_COLUMNS`); the same games and model as :func:`ratings`."""
    import pandas as pd

    _, _, rows = _run(games, model, history=True)
    df = pd.DataFrame(rows, columns=[c[0] for c in HISTORY_COLUMNS])
    return df.astype({"game": "int64", "player": "str", "rating": "float64",
                      "sigma": "float64", "low": "float64", "high": "float64"})
