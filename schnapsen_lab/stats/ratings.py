"""Ratings of the players of a collection, with their uncertainty (openskill).

Each decided Bummerl of :func:`~.frames.matches_frame` (or, for a rating per deal, each
finished deal of :func:`~.frames.deals_frame`) is one game between two players, keyed
on their names as the records give them (PlayerA, PlayerB). The games are rated in the
collection's order by a Weng-Lin Bayesian rating model from the openskill library
(Plackett-Luce by default), which keeps a mean and a standard deviation for every
player and also rates teams, as the four-player game needs. A game whose two seats
carry the same name (a player against itself) says nothing about it and is skipped.

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


def _games(games: pd.DataFrame) -> Iterator[tuple[str, str, bool]]:
    """``(player_a, player_b, a_won)`` for every game with a winner, in order."""
    missing = [c for c in ("player_a", "player_b", "winner") if c not in games.columns]
    if missing:
        raise ValueError(f"ratings need a Bummerl or deal table (matches_frame, deals_frame); "
                         f"missing column{'s' if len(missing) > 1 else ''}: "
                         f"{', '.join(missing)}")
    sub = games[["player_a", "player_b", "winner"]].astype(object)
    for pa, pb, winner in sub.itertuples(index=False, name=None):
        if winner is None or winner != winner or str(winner) not in ("A", "B"):
            continue  # undecided Bummerl, unfinished or invalid deal
        a, b = str(pa), str(pb)
        if a == b:
            continue  # a player against itself
        yield a, b, str(winner) == "A"


def _run(games: pd.DataFrame, model: Any, history: bool
         ) -> tuple[dict[str, Any], dict[str, list[int]], list[tuple[Any, ...]]]:
    """Rate every game in order: the final ratings, (games, wins) by name, the history."""
    if model is None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
    current: dict[str, Any] = {}
    tally: dict[str, list[int]] = {}
    rows: list[tuple[Any, ...]] = []
    for n, (a, b, a_won) in enumerate(_games(games), 1):
        for name in (a, b):
            if name not in current:
                current[name] = model.rating(name=name)
                tally[name] = [0, 0]
        winner, loser = (a, b) if a_won else (b, a)
        [[w], [lo]] = model.rate([[current[winner]], [current[loser]]])
        current[winner], current[loser] = w, lo
        tally[winner][0] += 1
        tally[winner][1] += 1
        tally[loser][0] += 1
        if history:
            for name in (a, b):
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
