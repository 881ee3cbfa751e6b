"""Bummerl equity: the chance to win the Bummerl from given counters, and who deals next.

A Bummerl (B1) is won by the first player whose counter, starting at 7, reaches 0; each
deal takes 1, 2 or 3 game points off its winner's counter, and the deal passes to the
other player. Given how often a deal ends in each of its six ways (the forehand or the
dealer wins 1, 2 or 3 game points), the chance of winning the Bummerl from any counters
follows by dynamic programming, as a backgammon match-equity table follows from the
chances of single, gammon and backgammon wins.

::

    from schnapsen_lab import equity
    t = equity.table("soft")                   # measured in self-play of the strong player
    t.equity(1, 6, i_deal=False)               # one game point to go, they need six
    t.outcomes.share("dealer", 3)              # how often the dealer wins 3 game points

The distributions were measured in self-play (:mod:`.measure`) and ship with the package
in ``tables.json`` beside this module, with the tables computed from them;
``schnapsen-lab equity --rebuild`` measures them again. docs/equity.md says how to read a
table.

For judging a decision in Bummerl terms, :func:`deal_equity` turns one exact deal outcome
(who wins, how many game points) into the chance of winning the Bummerl after it, and
:func:`mean_deal_equity` averages it over many outcomes (the sampled worlds of a
decision, each solved exactly).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ..games.twohand.rules import Seat
from ..match import START
from ..stats.tables import wilson

__all__ = [
    "DATA_FILE",
    "WINNERS",
    "EquityTable",
    "OutcomeCounts",
    "Winner",
    "build_id",
    "deal_equity",
    "load_tables",
    "mean_deal_equity",
    "rebuild_command",
    "solve_carried",
    "solve_table",
    "table",
    "table_from_dict",
    "table_to_dict",
    "tables_to_json",
    "value_equity",
]

DATA_FILE = Path(__file__).with_name("tables.json")
"""The shipped distributions and tables."""

Winner = Literal["forehand", "dealer"]
WINNERS: tuple[Winner, Winner] = ("forehand", "dealer")
"""Who can win a deal, seen from the deal: the forehand (non-dealer) or the dealer."""

POINTS = (1, 2, 3)
"""The game points a deal can be worth (G1)."""

Grid = tuple[tuple[float, ...], ...]
"""A 7 x 7 table: ``grid[mine - 1][theirs - 1]``."""


# -- the distribution of deal outcomes ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class OutcomeCounts:
    """How many measured deals ended in each way: ``forehand[k - 1]`` deals were won by
    the forehand with ``k`` game points, ``dealer[k - 1]`` by the dealer; ``standoff``
    deals had no winner (Sechsundsechzig's standoff, 6G4: its points carried to the next
    deal; 0 in Schnapsen)."""

    forehand: tuple[int, int, int]
    dealer: tuple[int, int, int]
    standoff: int = 0

    def __post_init__(self) -> None:
        if len(self.forehand) != 3 or len(self.dealer) != 3:
            raise ValueError("give three counts (1, 2, 3 game points) for each winner")
        if any(c < 0 for c in (*self.forehand, *self.dealer, self.standoff)):
            raise ValueError("a count cannot be negative")
        if self.deals == 0:
            raise ValueError("no deals counted")

    @property
    def deals(self) -> int:
        """Deals measured."""
        return sum(self.forehand) + sum(self.dealer) + self.standoff

    def count(self, winner: Winner, points: int) -> int:
        """Deals won by ``winner`` with ``points`` game points."""
        if points not in POINTS:
            raise ValueError(f"{points} game points: a deal is worth 1, 2 or 3")
        return (self.forehand if winner == "forehand" else self.dealer)[points - 1]

    def share(self, winner: Winner, points: int) -> float:
        """The share of deals won by ``winner`` with ``points`` game points."""
        return self.count(winner, points) / self.deals

    def interval(self, winner: Winner, points: int, z: float = 1.96) -> tuple[float, float]:
        """The 95% Wilson interval (or another ``z``) of :meth:`share`."""
        return wilson(self.count(winner, points), self.deals, z)

    def rows(self) -> list[tuple[Winner, int, int, float, float, float]]:
        """(winner, game points, deals, share, low, high) for each of the six outcomes."""
        out: list[tuple[Winner, int, int, float, float, float]] = []
        for w in WINNERS:
            for k in POINTS:
                lo, hi = self.interval(w, k)
                out.append((w, k, self.count(w, k), self.share(w, k), lo, hi))
        return out

    def frame(self) -> Any:
        """:meth:`rows` as a pandas ``DataFrame`` (columns winner, game_points, deals,
        share, low, high)."""
        import pandas as pd

        return pd.DataFrame(self.rows(),
                            columns=["winner", "game_points", "deals", "share", "low", "high"])

    @property
    def standoff_share(self) -> float:
        """The share of deals that ended in a standoff."""
        return self.standoff / self.deals

    @classmethod
    def of_results(cls, results: Iterable[tuple[bool, int]]) -> OutcomeCounts:
        """Count ``(dealer_won, game_points)`` pairs (0 game points: a standoff)."""
        fh = [0, 0, 0]
        dl = [0, 0, 0]
        standoff = 0
        for dealer_won, k in results:
            if k == 0:
                standoff += 1
                continue
            if k not in POINTS:
                raise ValueError(f"{k} game points: a deal is worth 1, 2 or 3")
            (dl if dealer_won else fh)[k - 1] += 1
        return cls((fh[0], fh[1], fh[2]), (dl[0], dl[1], dl[2]), standoff)


# -- the dynamic programme ---------------------------------------------------------------------

def solve_table(outcomes: OutcomeCounts, start: int = START) -> tuple[Grid, Grid]:
    """The chance to win the Bummerl from counters ``mine, theirs`` in ``1 .. start``:
    ``(i_deal, they_deal)``, each ``grid[mine - 1][theirs - 1]``, for the deal about to be
    dealt by me or by them; from the shares of ``outcomes`` (deals independent, the deal
    passing to the other player after each, B1). With standoffs, no standoff pending
    (:func:`solve_carried` gives the chances with one)."""
    if outcomes.standoff:
        carried = solve_carried(outcomes, start)
        return (tuple(tuple(carried[1][m][t][0] for t in range(1, start + 1))
                      for m in range(1, start + 1)),
                tuple(tuple(carried[0][m][t][0] for t in range(1, start + 1))
                      for m in range(1, start + 1)))
    n = outcomes.deals
    p_fh = [c / n for c in outcomes.forehand]
    p_dl = [c / n for c in outcomes.dealer]
    # e[d][m][t]: my chance with counters m, t (0 .. start), d = 1 when I deal next.
    size = start + 1
    e = [[[math.nan] * size for _ in range(size)] for _ in range(2)]

    def at(d: int, m: int, t: int) -> float:
        if m <= 0:
            return 1.0
        if t <= 0:
            return 0.0
        return e[d][m][t]

    for total in range(2, 2 * start + 1):
        for m in range(max(1, total - start), min(start, total - 1) + 1):
            t = total - m
            for d in (0, 1):
                mine, theirs = (p_dl, p_fh) if d else (p_fh, p_dl)
                e[d][m][t] = sum(mine[k - 1] * at(1 - d, m - k, t)
                                 + theirs[k - 1] * at(1 - d, m, t - k) for k in POINTS)
    grids = tuple(tuple(tuple(e[d][m][t] for t in range(1, size)) for m in range(1, size))
                  for d in (1, 0))
    return grids[0], grids[1]


Carried = tuple[tuple[tuple[tuple[float, ...], ...], ...], ...]
"""``e[d][mine][theirs][carry]``: my chance to win the match with counters ``mine`` and
``theirs`` to go (0 .. start), ``carry`` standoff points pending (0 .. start), ``d`` 1
when I deal next."""


@cache
def solve_carried(outcomes: OutcomeCounts, start: int = START) -> Carried:
    """The chance to win the match from every counters, dealer and standoff points
    pending (:data:`Carried`), from the shares of ``outcomes``: a standoff (6G4) adds a
    game point for the winner of the next deal that has one, the deal passing on as after
    any deal (6B1: pending points beyond the counter needed change nothing, so the carry
    counts up to ``start`` at most)."""
    n = outcomes.deals
    p_fh = [c / n for c in outcomes.forehand]
    p_dl = [c / n for c in outcomes.dealer]
    q = outcomes.standoff / n
    size = start + 1
    e = [[[[math.nan] * size for _ in range(size)] for _ in range(size)] for _ in range(2)]

    def at(d: int, m: int, t: int, c: int) -> float:
        if m <= 0:
            return 1.0
        if t <= 0:
            return 0.0
        return e[d][m][t][c]

    def decided(d: int, m: int, t: int, c: int) -> float:
        mine, theirs = (p_dl, p_fh) if d else (p_fh, p_dl)
        return sum(mine[k - 1] * at(1 - d, m - k - c, t, 0)
                   + theirs[k - 1] * at(1 - d, m, t - k - c, 0) for k in POINTS)

    for total in range(2, 2 * start + 1):
        for m in range(max(1, total - start), min(start, total - 1) + 1):
            t = total - m
            # the most points pending: one more standoff leaves them as they are
            a = [decided(d, m, t, start) for d in (0, 1)]
            for d in (0, 1):
                e[d][m][t][start] = (a[d] + q * a[1 - d]) / (1 - q * q)
            for c in range(start - 1, -1, -1):
                for d in (0, 1):
                    e[d][m][t][c] = decided(d, m, t, c) + q * e[1 - d][m][t][c + 1]
    return tuple(tuple(tuple(tuple(r) for r in g) for g in dd) for dd in e)


@dataclass(frozen=True, slots=True)
class EquityTable:
    """A Bummerl equity table: the chance to win the Bummerl from counters (mine,
    theirs), for the next deal dealt by me or by them, from a measured distribution of
    deal outcomes (``player`` against itself under the rules ``profile``)."""

    profile: str
    player: str
    outcomes: OutcomeCounts
    i_deal: Grid
    they_deal: Grid
    seed: int | None = None
    measured_by: str | None = None
    """Which build of the players measured the counts: the package version and, from a
    source checkout, its git commit (``"0.1.0 (git 1a2b3c4d5e6f)"``); None for tables
    measured before this was recorded."""

    @property
    def start(self) -> int:
        """The counters a Bummerl starts from (7)."""
        return len(self.i_deal)

    def equity(self, mine: int, theirs: int, i_deal: bool, carry: int = 0) -> float:
        """My chance to win the Bummerl with counters ``mine`` and ``theirs`` (game points
        still to make; 0 or less means won), when I deal the next deal (``i_deal``) or they
        do, ``carry`` standoff points pending (Sechsundsechzig, 6G4). A counter at or below
        0 gives 1 or 0; mine is looked at first."""
        if mine <= 0:
            return 1.0
        if theirs <= 0:
            return 0.0
        if mine > self.start or theirs > self.start:
            raise ValueError(f"counters {mine} : {theirs}: a Bummerl starts at {self.start}")
        if carry < 0:
            raise ValueError(f"{carry} standoff points pending: give 0 or more")
        if carry:
            e = solve_carried(self.outcomes, self.start)
            return e[int(i_deal)][mine][theirs][min(carry, self.start)]
        grid = self.i_deal if i_deal else self.they_deal
        return grid[mine - 1][theirs - 1]

    __call__ = equity

    def frame(self, i_deal: bool) -> Any:
        """The table as a pandas ``DataFrame``: rows my counter, columns theirs (7 .. 1)."""
        import pandas as pd

        grid = self.i_deal if i_deal else self.they_deal
        order = list(range(self.start, 0, -1))
        df = pd.DataFrame([[grid[m - 1][t - 1] for t in order] for m in order],
                          index=pd.Index(order, name="mine"),
                          columns=pd.Index(order, name="theirs"))
        return df


# -- section 2's entry points: one exact deal outcome as an equity -----------------------------

def deal_equity(winner: Seat | int, game_points: int, counters: tuple[int, int],
                dealer: Seat | int, me: Seat | int, table: EquityTable,
                carry: int = 0) -> float:
    """``me``'s chance to win the Bummerl once the deal dealt by ``dealer`` at
    ``counters`` (A's and B's game points still to make before the deal) ends with
    ``winner`` taking ``game_points`` (0: a standoff, where the table has them; ``carry``
    standoff points pending before the deal go to the winner too); the next deal is dealt
    by the other player."""
    m = int(me)
    if game_points == 0 and table.outcomes.standoff:
        return table.equity(counters[m], counters[1 - m], int(dealer) != m, carry + 1)
    if game_points not in POINTS:
        raise ValueError(f"{game_points} game points: a deal is worth 1, 2 or 3")
    c = [counters[0], counters[1]]
    c[int(winner)] -= game_points + carry
    return table.equity(c[m], c[1 - m], i_deal=int(dealer) != m)


def value_equity(value: int, counters: tuple[int, int], dealer: Seat | int, me: Seat | int,
                 table: EquityTable) -> float:
    """:func:`deal_equity` of a solver value: game points won by A (positive) or B
    (negative), as :func:`schnapsen_lab.solver.solve` gives them; 0 is a standoff, only
    where the table has them."""
    if value == 0 and not table.outcomes.standoff:
        raise ValueError("a deal always has a winner: the value cannot be 0")
    return deal_equity(Seat.A if value > 0 else Seat.B, abs(value), counters, dealer, me,
                       table)


def mean_deal_equity(outcomes: Iterable[tuple[Seat | int, int]], counters: tuple[int, int],
                     dealer: Seat | int, me: Seat | int, table: EquityTable) -> float:
    """The mean of :func:`deal_equity` over ``(winner, game_points)`` outcomes, e.g. one
    for each sampled world; raise ValueError when there are none."""
    total = 0.0
    n = 0
    for winner, points in outcomes:
        total += deal_equity(winner, points, counters, dealer, me, table)
        n += 1
    if n == 0:
        raise ValueError("no outcomes to average")
    return total / n


# -- the shipped data --------------------------------------------------------------------------

def table_from_dict(profile: str, player: str, d: Mapping[str, Any]) -> EquityTable:
    """A table from its JSON form (see :func:`table_to_dict`); the grids as stored."""
    counts = OutcomeCounts(tuple(d["forehand"]), tuple(d["dealer"]), int(d.get("standoff", 0)))

    def grid(rows: list[list[float]]) -> Grid:
        return tuple(tuple(float(x) for x in r) for r in rows)

    by = d.get("measured_by")
    return EquityTable(profile, player, counts, grid(d["i_deal"]), grid(d["they_deal"]),
                       d.get("seed"), by if isinstance(by, str) else None)


def table_to_dict(t: EquityTable, digits: int = 6) -> dict[str, Any]:
    """The JSON form of a table: the counts, the seed and the command that measures them
    again, and both grids rounded."""

    def rows(g: Grid) -> list[list[float]]:
        return [[round(x, digits) for x in r] for r in g]

    d: dict[str, Any] = {
        "command": rebuild_command(t.profile, t.player, t.outcomes.deals, t.seed),
        "measured_by": t.measured_by,
        "deals": t.outcomes.deals, "seed": t.seed, "forehand": list(t.outcomes.forehand),
        "dealer": list(t.outcomes.dealer)}
    if t.outcomes.standoff:
        d["standoff"] = t.outcomes.standoff
    d["i_deal"] = rows(t.i_deal)
    d["they_deal"] = rows(t.they_deal)
    return d


def build_id() -> str:
    """This build of the package: its version and, when it runs from a git checkout, the
    commit (with ``+changes`` when the checkout has uncommitted changes to the package)."""
    import subprocess

    from .. import __version__

    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"],
                              capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--",
                                "schnapsen_lab"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return __version__
    if head.returncode != 0 or not head.stdout.strip():
        return __version__
    changed = "+changes" if dirty.returncode == 0 and dirty.stdout.strip() else ""
    return f"{__version__} (git {head.stdout.strip()[:12]}{changed})"


def rebuild_command(profile: str, player: str, deals: int, seed: int | None) -> str:
    """The command line that measures this table again."""
    return (f"schnapsen-lab equity --rebuild --rules {profile} --players {player} "
            f"--deals {deals} --seed {seed if seed is not None else 1}")


def tables_to_json(tables: Iterable[EquityTable]) -> str:
    """The text of a tables file: every table by profile, then player."""
    out: dict[str, dict[str, Any]] = {}
    for t in sorted(tables, key=lambda t: (t.profile, t.player)):
        out.setdefault(t.profile, {})[t.player] = table_to_dict(t)
    doc = {
        "about": "Bummerl equity of schnapsen-lab: deal outcomes measured in self-play "
                 "(deals won by the forehand and by the dealer with 1, 2, 3 game points) "
                 "and the chance to win the Bummerl computed from them; grids are "
                 "[mine - 1][theirs - 1]. See docs/equity.md.",
        "profiles": out,
    }
    text = json.dumps(doc, indent=1)
    # one line for each list of numbers (a grid row, the counts)
    return re.sub(r"\[[-0-9.e,\s]*\]", lambda m: " ".join(m.group(0).split()), text) + "\n"


def load_tables(path: str | os.PathLike[str] | None = None) -> dict[tuple[str, str], EquityTable]:
    """Every table of a tables file (default: the shipped one), by (profile, player).

    Raise ValueError for a file that is not a tables file: larger than
    :data:`~schnapsen_lab.limits.MAX_JSON_BYTES`, not a regular file, not JSON, or JSON
    of another shape (the message says which).
    """
    from ..limits import MAX_JSON_BYTES

    p = DATA_FILE if path is None else Path(path)
    with open(p, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        data = f.read(MAX_JSON_BYTES + 1)
    if len(data) > MAX_JSON_BYTES:
        raise ValueError(f"larger than {MAX_JSON_BYTES >> 20} MiB")
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ValueError(f"not UTF-8 text (byte {e.start + 1})") from None
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    profiles = doc.get("profiles") if isinstance(doc, dict) else None
    if not isinstance(profiles, dict):
        raise ValueError('no "profiles" object')
    out: dict[tuple[str, str], EquityTable] = {}
    for profile, players in profiles.items():
        if not isinstance(players, dict):
            raise ValueError(f'"profiles"."{profile}" is not an object of players')
        for player, d in players.items():
            if not isinstance(d, dict):
                raise ValueError(f'"profiles"."{profile}"."{player}" is not a table object')
            try:
                out[(profile, player)] = table_from_dict(profile, player, d)
            except (KeyError, TypeError, ValueError, AttributeError) as e:
                raise ValueError(f'"profiles"."{profile}"."{player}": not a table '
                                 f"({type(e).__name__}: {e})") from None
    return out


@cache
def _shipped() -> dict[tuple[str, str], EquityTable]:
    return load_tables()


def table(profile: str = "soft", player: str | None = None) -> EquityTable:
    """The shipped table of a rules profile, measured with ``player`` against itself
    (``strong`` or ``heuristic``; by default the strong player's, or the heuristic
    player's where the strong player's was not measured); raise KeyError naming the
    tables there are."""
    tables = _shipped()
    p = profile.strip().lower()
    if player is None:
        names = [pl for pl in ("strong", "heuristic") if (p, pl) in tables]
        key = (p, names[0] if names else "strong")
    else:
        key = (p, player.strip().lower())
    if key not in tables:
        known = ", ".join(f"{a}/{b}" for a, b in sorted(tables))
        raise KeyError(f"no equity table for profile {profile!r} and player {key[1]!r}; "
                       f"shipped: {known}")
    return tables[key]
