"""Tables of deals, Bummerls and players from PSN collections (pandas).

::

    from schnapsen_lab.stats import deals_frame, matches_frame, players_frame
    deals = deals_frame(["records/heuristic-vs-random.psn"])
    matches = matches_frame(deals)
    players = players_frame(deals)

One row a deal, with every column described in :data:`DEAL_COLUMNS` (and in
docs/statistics.md). Invalid records are kept as rows with ``valid`` False and their
errors; outcome columns are missing (NA) where the main line itself is broken, as in
``check --json``. pandas is imported when a function runs, not when this module loads.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .. import psn
from ..psn import Record
from ..rules import Profile
from .features import deal_features

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEAL_COLUMNS",
    "MATCH_COLUMNS",
    "PLAYER_COLUMNS",
    "Source",
    "deals_frame",
    "empty_deals_frame",
    "finish_deals",
    "iter_records",
    "matches_frame",
    "players_frame",
    "records_frame",
    "restore_types",
]

Source = str | os.PathLike[str] | Record | Iterable[str | os.PathLike[str] | Record]
"""What the frame functions read: a PSN path, a record, or an iterable of those."""

SEATS = ["A", "B"]
SUITS = ["C", "D", "H", "S"]
ENDS = ["claim", "false_claim", "last_trick", "unfinished", "contract_made", "contract_broken"]
RULES = ["G1", "G2", "G3", "C2", "C3", "C4", "BG1", "BG2", "BG3", "BK2", "BK3"]

# kind: "seat", "suit", "end", "rule" (categoricals with fixed categories), "cat" (a
# categorical of free text), "string", "bool", "boolean" (nullable), "Int8"... (nullable).
DEAL_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("file", "cat", "the PSN file the record comes from (`<records>` for records given in memory)"),
    ("index", "Int32", "the record's number in its file, from 1"),
    ("line", "Int32", "the line of the record's first tag"),
    ("variant", "cat", "the game: `schnapsen` (two players, the `bauern2` profile too) or "
     "`bauern` (four-player Bauernschnapsen: only the columns that apply to it are filled)"),
    ("match", "cat", "the Match tag (NA for a deal outside a match)"),
    ("bummerl", "Int32", "the Bummerl's number among those with this Match id in this file, "
     "from 1 (a deal after a decided Bummerl starts a new one, B1); NA outside a match"),
    ("deal", "Int32", "the deal's number in its Bummerl, from 1; NA outside a match"),
    ("player_a", "cat", "the name of player A (tag PlayerA, default `A`)"),
    ("player_b", "cat", "the name of player B (tag PlayerB, default `B`)"),
    ("dealer", "seat", "who dealt: A or B"),
    ("forehand", "seat", "who led first (the other player, S2)"),
    ("profile", "cat", "the rules profile: soft, strict, beginner or a house profile"),
    ("trump", "suit", "the trump suit (the indicator's suit); NA without a valid deck"),
    ("valid", "bool", "True when the record breaks no rule and no tag disagrees"),
    ("n_errors", "Int32", "how many errors the record has (0 when valid)"),
    ("error_rule", "cat", "the rule id of the first error (RULES.md id, `PSN`, or a tag name)"),
    ("errors", "string", "every error, `line L, col C: RULE: message`, joined by ` | `"),
    ("winner", "seat", "who won the deal; NA when unfinished or the main line is broken"),
    ("winner_name", "cat", "the winner's name"),
    ("game_points", "Int8", "game points won: 1, 2 or 3 (four players: up to 24)"),
    ("end", "end", "how the deal ended: claim, false_claim, last_trick or unfinished (four "
     "players also contract_made, contract_broken); NA when the main line is broken"),
    ("rule", "rule", "the rule that scored the deal: G1 G2 G3 (not closed), C2 C3 C4 (closed); "
     "four players BG1 BG2 BG3, BK2 BK3"),
    ("claimant", "seat", "who claimed 66 (correctly or not); NA without a claim"),
    ("forehand_won", "boolean", "whether the forehand (four players: forehand's side) won "
     "the deal"),
    ("closer", "seat", "who closed the talon; NA when nobody did"),
    ("close_talon", "Int8", "talon size (face-down cards plus the indicator) when it was closed"),
    ("close_trick", "Int8", "number of the trick about to be led when the talon was closed"),
    ("close_success", "boolean", "whether the closer won the deal (C2, or C4 after the "
     "opponent's false claim); NA when not closed or unfinished"),
    ("close_opp_score", "Int16", "the closer's opponent's score at closing (s0 of C2)"),
    ("close_opp_tricks", "Int8", "the closer's opponent's tricks at closing (t0 of C2)"),
    ("marriages20_a", "Int8", "marriages of 20 announced by A"),
    ("marriages20_b", "Int8", "marriages of 20 announced by B"),
    ("marriages40_a", "Int8", "marriages of 40 (in trumps) announced by A"),
    ("marriages40_b", "Int8", "marriages of 40 announced by B"),
    ("pending_a", "Int8", "A's marriages that never counted (A won no trick, M2)"),
    ("pending_b", "Int8", "B's marriages that never counted"),
    ("marriage_points_a", "Int16", "marriage points counted in A's score at the end"),
    ("marriage_points_b", "Int16", "marriage points counted in B's score at the end"),
    ("exchanged_by", "seat", "who exchanged the trump jack for the indicator (X1); NA if nobody"),
    ("tricks_a", "Int8", "tricks won by A where the record ends"),
    ("tricks_b", "Int8", "tricks won by B where the record ends"),
    ("score_a", "Int16", "A's score (E1) where the record ends"),
    ("score_b", "Int16", "B's score (E1) where the record ends"),
    ("held66_a", "boolean", "A could have claimed 66 correctly and did something else (E4)"),
    ("held66_b", "boolean", "B could have claimed 66 correctly and did something else"),
    ("actions", "Int16", "number of actions in the main line (up to its first error)"),
    ("counters_before_a", "Int8", "A's Bummerl counter before the deal (B1); NA outside a match"),
    ("counters_before_b", "Int8", "B's Bummerl counter before the deal"),
    ("counters_a", "Int8", "A's Bummerl counter after the deal"),
    ("counters_b", "Int8", "B's Bummerl counter after the deal"),
    ("bummerl_winner", "seat", "who won the Bummerl with this deal (a counter reached the "
     "profile's target: 0, B1; 21 counting up, `bauern2`); NA otherwise"),
)
"""The deal table's columns: (name, type, meaning)."""

MATCH_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("file", "cat", "the PSN file"),
    ("match", "cat", "the Match tag"),
    ("bummerl", "Int32", "the Bummerl's number among those with this Match id in the file"),
    ("player_a", "cat", "player A's name (from the Bummerl's first deal)"),
    ("player_b", "cat", "player B's name"),
    ("first_dealer", "seat", "who dealt the first deal"),
    ("deals", "Int32", "deals played in the Bummerl"),
    ("invalid_deals", "Int32", "deals whose record has an error"),
    ("game_points_a", "Int16", "game points A won over the Bummerl"),
    ("game_points_b", "Int16", "game points B won"),
    ("counters_a", "Int8", "A's counter after the last deal"),
    ("counters_b", "Int8", "B's counter after the last deal"),
    ("complete", "bool", "whether a counter reached the target (0, B1; 21 with `bauern2`): "
     "the Bummerl is decided"),
    ("winner", "seat", "who won the Bummerl; NA when incomplete"),
    ("winner_name", "cat", "the Bummerl winner's name"),
)
"""The Bummerl table's columns: (name, type, meaning); two-player Bummerls only."""

PLAYER_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("player", "cat", "the player's name"),
    ("matches", "Int32", "Bummerls played"),
    ("matches_complete", "Int32", "decided Bummerls played"),
    ("bummerl_wins", "Int32", "Bummerls won"),
    ("bummerl_win_rate", "Float64", "Bummerls won per decided Bummerl played"),
    ("deals", "Int32", "finished deals played (valid main line, not unfinished)"),
    ("deals_won", "Int32", "deals won"),
    ("deal_win_rate", "Float64", "deals won per finished deal"),
    ("game_points", "Int32", "game points won"),
    ("game_points_per_deal", "Float64", "game points won per finished deal"),
    ("forehand_deals", "Int32", "finished deals played as forehand"),
    ("forehand_win_rate", "Float64", "deals won as forehand per deal as forehand"),
    ("closes", "Int32", "deals in which the player closed the talon"),
    ("closing_rate", "Float64", "closes per finished deal"),
    ("closing_success", "Float64", "closes won per finished close"),
    ("claims", "Int32", "claims of 66 made"),
    ("false_claims", "Int32", "false claims made (E3)"),
    ("held66", "Int32", "deals in which the player held 66 without claiming"),
)
"""The player table's columns: (name, type, meaning); two-player deals only."""

_FIXED = {"seat": SEATS, "suit": SUITS, "end": ENDS, "rule": RULES}
_AB = "AB"


# ----------------------------------------------------------------------------------------------
# Reading records
# ----------------------------------------------------------------------------------------------

def _is_path(x: object) -> bool:
    return isinstance(x, (str, os.PathLike))


def _items(source: Source) -> list[Any]:
    if isinstance(source, (str, os.PathLike, Record)):
        return [source]
    return list(source)


def iter_records(source: Source) -> Iterator[tuple[str, Record]]:
    """The records of a source, lazily, each with the name of its file."""
    items: Iterable[Any] = ([source] if isinstance(source, (str, os.PathLike, Record))
                            else source)
    for item in items:
        if isinstance(item, Record):
            yield (item.file or "<records>"), item
        elif _is_path(item):
            name = os.fspath(item)
            try:
                for rec in psn.read(name):
                    yield name, rec
            except UnicodeDecodeError:
                raise ValueError(f"{name}: not UTF-8 text") from None
        else:
            raise TypeError(f"not a PSN path or a Record: {item!r}")


def _error_text(rec: Record, line_offset: int) -> str | None:
    if not rec.errors:
        return None
    return " | ".join(f"line {e.line + line_offset}, col {e.col}: {e.rule}: {e.message}"
                      for e in rec.errors)


def record_row(rec: Record, file: str, line_offset: int = 0) -> tuple[Any, ...]:
    """One deal's values in the order of :data:`DEAL_COLUMNS` (plain Python values)."""
    if not isinstance(rec.profile, Profile):
        return _four_player_row(rec, file, line_offset)
    names = rec.player_names
    ok_main = rec.main_line_ok
    out = rec.outcome if ok_main else None
    end = rec.end
    f = deal_features(rec) if ok_main else None
    dealer = int(rec.dealer)
    deck = rec.deck
    winner = int(out.winner) if out is not None else -1
    cb = rec.counters_before
    ca = rec.counters
    row: tuple[Any, ...] = (
        file, rec.index, rec.line + line_offset, rec.game.key, rec.match, None, rec.deal,
        names[0], names[1], _AB[dealer], _AB[1 - dealer], rec.profile.name,
        SUITS[deck[6] // 5] if deck is not None else None,
        not rec.errors, len(rec.errors), rec.errors[0].rule if rec.errors else None,
        _error_text(rec, line_offset),
        _AB[winner] if winner >= 0 else None,
        names[winner] if winner >= 0 else None,
        out.game_points if out is not None else None,
        end.value if end is not None else None,
        out.rule if out is not None else None,
        (_AB[out.claimant] if out is not None and out.claimant is not None else None),
        (winner == 1 - dealer) if winner >= 0 else None,
    )
    if f is None:
        row += (None,) * 21 + (len(rec.main.moves),)
    else:
        closed = f.closer >= 0
        row += (
            _AB[f.closer] if closed else None, f.close_talon, f.close_trick,
            (winner == f.closer) if closed and winner >= 0 else None,
            f.close_opp_score, f.close_opp_tricks,
            f.marriages20[0], f.marriages20[1], f.marriages40[0], f.marriages40[1],
            f.pending_marriages[0], f.pending_marriages[1],
            f.marriage_points[0], f.marriage_points[1],
            _AB[f.exchanged_by] if f.exchanged_by >= 0 else None,
            f.tricks[0], f.tricks[1], f.scores[0], f.scores[1], f.held66[0], f.held66[1],
            f.actions,
        )
    won = rec.match_winners
    row += (cb[0] if cb else None, cb[1] if cb else None,
            ca[0] if ca else None, ca[1] if ca else None, won[0] if won else None)
    return row


def _four_player_row(rec: Record, file: str, line_offset: int) -> tuple[Any, ...]:
    """A four-player deal's row: the columns that apply to it (file and place, variant,
    profile, trump, validity and errors, game points, end, rule, whether forehand's side
    won, actions); the seat columns of two players (A and B) are NA."""
    ok_main = rec.main_line_ok
    out = rec.outcome if ok_main else None
    end = rec.end
    fin = rec.final
    trump = fin.trump_suit if fin is not None else None
    forehand_won = (bool(out.winners >> fin.forehand & 1) if out is not None
                    and fin is not None else None)
    return (
        file, rec.index, rec.line + line_offset, rec.game.key, rec.match, None, rec.deal,
        None, None, None, None, rec.profile.name,
        SUITS[int(trump)] if trump is not None else None,
        not rec.errors, len(rec.errors), rec.errors[0].rule if rec.errors else None,
        _error_text(rec, line_offset),
        None, None,
        out.game_points if out is not None else None,
        end.value if end is not None else None,
        out.rule if out is not None else None,
        None, forehand_won,
        *(None,) * 21, _actions(rec),
        None, None, None, None, None,
    )


def _actions(rec: Record) -> int:
    """The main line's actions up to its first error."""
    return len(rec.main.moves)


def _column(pd: Any, values: list[Any], kind: str) -> Any:
    if kind in _FIXED:
        return pd.Categorical(values, categories=_FIXED[kind])
    if kind == "cat":
        return pd.array(values, dtype="object")
    if kind == "string":
        return pd.array(values, dtype="string")
    if kind == "bool":
        return pd.array(values, dtype=bool)
    if kind == "boolean":
        return pd.array(values, dtype="boolean")
    return pd.array(values, dtype=kind)


def _frame(rows: list[tuple[Any, ...]], spec: tuple[tuple[str, str, str], ...]) -> pd.DataFrame:
    import pandas as pd

    cols = list(zip(*rows, strict=True)) if rows else [() for _ in spec]
    data = {name: _column(pd, list(vals), kind) for (name, kind, _), vals in zip(spec, cols,
                                                                                 strict=True)}
    return pd.DataFrame(data)


def records_frame(records: Iterable[tuple[str, Record]], line_offset: int = 0) -> pd.DataFrame:
    """The raw deal rows of ``(file, record)`` pairs, before :func:`finish_deals`.

    Free-text columns are still plain objects here, so that frames of several chunks
    concatenate; :func:`finish_deals` makes them categorical.
    """
    return _frame([record_row(r, f, line_offset) for f, r in records], DEAL_COLUMNS)


def empty_deals_frame() -> pd.DataFrame:
    """A raw deal frame without rows: the column types of :func:`records_frame`."""
    return _frame([], DEAL_COLUMNS)


def finish_deals(raw: pd.DataFrame, renumber: bool = False) -> pd.DataFrame:
    """The deal table from raw rows in file order: categoricals, Bummerl numbers.

    With ``renumber``, ``index`` is recounted from 1 within each file (for rows read in
    chunks, whose numbers start again in each chunk).
    """
    df = raw.reset_index(drop=True)
    file = df["file"].astype(object)
    if renumber:
        df["index"] = (file.groupby(file, sort=False).cumcount() + 1).astype("Int32")
    first = (df["deal"] == 1).fillna(False).astype(int)
    key = [file, df["match"].astype(object)]
    bummerl = first.groupby(key, sort=False, dropna=False).cumsum()
    df["bummerl"] = bummerl.where(df["match"].notna()).astype("Int32")
    for name, kind, _ in DEAL_COLUMNS:
        if kind == "cat":
            df[name] = df[name].astype("str").astype("category")
    return df


def restore_types(df: pd.DataFrame) -> pd.DataFrame:
    """A deal, Bummerl or player table read back from a file, with the column types restored.

    Parquet keeps the types except for categoricals without any value; CSV keeps none.
    A frame with other columns is returned unchanged.
    """
    import pandas as pd

    names = list(df.columns)
    for spec in (DEAL_COLUMNS, MATCH_COLUMNS, PLAYER_COLUMNS):
        if names == [c[0] for c in spec]:
            break
    else:
        return df
    out = df.copy()
    for name, kind, _ in spec:
        col = out[name]
        if kind in _FIXED:
            want = pd.CategoricalDtype(pd.Index(_FIXED[kind], dtype="str"))
            if col.dtype != want:
                out[name] = col.astype("str").astype(want)
        elif kind == "cat":
            if not isinstance(col.dtype, pd.CategoricalDtype):
                out[name] = col.astype("str").astype("category")
            elif len(col.cat.categories) == 0:
                out[name] = col.cat.set_categories(pd.Index([], dtype="str"))
        elif kind == "bool":
            out[name] = col.astype(bool)
        elif str(col.dtype) != kind:
            out[name] = col.astype(kind)  # type: ignore[call-overload]
    return out


def deals_frame(source: Source, *, workers: int = 1, progress: bool = False) -> pd.DataFrame:
    """One row a deal of every record in ``source`` (paths and/or records), in file order.

    With ``workers`` other than 1, paths are read in parallel chunks on that many
    processes (0 or None-like values mean all cores), see :mod:`.parallel`.
    """
    if workers != 1:
        items = _items(source)
        if items and all(_is_path(x) for x in items):
            from .parallel import read_deals

            return read_deals([os.fspath(x) for x in items],
                              workers=workers or None, progress=progress)
        source = items
    recs: Iterable[tuple[str, Record]] = iter_records(source)
    if progress:
        from tqdm.auto import tqdm

        recs = tqdm(recs, unit=" deals", desc="reading")
    return finish_deals(records_frame(recs))


# ----------------------------------------------------------------------------------------------
# Bummerls and players
# ----------------------------------------------------------------------------------------------

def _deals_of(source: Source | pd.DataFrame) -> pd.DataFrame:
    import pandas as pd

    if isinstance(source, pd.DataFrame):
        return source
    return deals_frame(source)


def matches_frame(source: Source | pd.DataFrame) -> pd.DataFrame:
    """One row a Bummerl (deals with the same Match in one file, B1), in file order."""
    import numpy as np
    import pandas as pd

    deals = _deals_of(source)
    d = _two_player(deals)
    d = d[d["match"].notna()]
    if not len(d):
        return restore_types(_frame([], MATCH_COLUMNS))
    key = ["file", "match", "bummerl"]
    won = d["winner"].astype(object).to_numpy()
    gp = d["game_points"].fillna(0).astype(int).to_numpy()
    work = pd.DataFrame({
        "file": d["file"].astype(str).to_numpy(),
        "match": d["match"].astype(str).to_numpy(),
        "bummerl": d["bummerl"].astype(int).to_numpy(),
        "player_a": d["player_a"].astype(str).to_numpy(),
        "player_b": d["player_b"].astype(str).to_numpy(),
        "first_dealer": d["dealer"].astype(str).to_numpy(),
        "invalid": (~d["valid"].to_numpy(dtype=bool)).astype(int),
        "game_points_a": np.where(won == "A", gp, 0),
        "game_points_b": np.where(won == "B", gp, 0),
        "counters_a": d["counters_a"].to_numpy(),
        "counters_b": d["counters_b"].to_numpy(),
        "bummerl_winner": d["bummerl_winner"].astype(object).to_numpy(),
    })
    g = work.groupby(key, sort=False)
    out = g.agg(player_a=("player_a", "first"), player_b=("player_b", "first"),
                first_dealer=("first_dealer", "first"), deals=("invalid", "size"),
                invalid_deals=("invalid", "sum"), game_points_a=("game_points_a", "sum"),
                game_points_b=("game_points_b", "sum"))
    last = g.tail(1).set_index(key)[["counters_a", "counters_b", "bummerl_winner"]]
    out = out.join(last).reset_index()
    bw = out["bummerl_winner"]
    won = bw.astype(object).where(bw.notna(), None).to_numpy(dtype=object)
    a_won = np.array([w == "A" for w in won], dtype=bool)
    b_won = np.array([w == "B" for w in won], dtype=bool) & ~a_won
    out["complete"] = a_won | b_won
    out["winner"] = pd.Series(np.where(a_won, "A", "B"), index=out.index).where(a_won | b_won)
    name = pd.Series(np.where(a_won, out["player_a"].to_numpy(), out["player_b"].to_numpy()),
                     index=out.index)
    out["winner_name"] = name.where(a_won | b_won)
    out = out[[c[0] for c in MATCH_COLUMNS]]
    return restore_types(out)


def _two_player(deals: pd.DataFrame) -> pd.DataFrame:
    """The two-player deals (Bummerls and players are counted for those only)."""
    if "variant" not in deals.columns:
        return deals
    return deals[(deals["variant"].astype(object) == "schnapsen").to_numpy(dtype=bool)]


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


def players_frame(source: Source | pd.DataFrame,
                  matches: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row a player name, over every deal and Bummerl they played, by name."""
    deals = _two_player(_deals_of(source))
    if matches is None:
        matches = matches_frame(deals)
    stats: dict[str, dict[str, int]] = {}

    def of(name: str) -> dict[str, int]:
        s = stats.get(name)
        if s is None:
            s = stats[name] = dict.fromkeys(
                ("matches", "matches_complete", "bummerl_wins", "deals", "deals_won",
                 "game_points", "forehand_deals", "forehand_won", "closes", "closes_finished",
                 "closes_won", "claims", "false_claims", "held66"), 0)
        return s

    cols = ["player_a", "player_b", "forehand", "winner", "game_points", "end", "closer",
            "close_success", "claimant", "held66_a", "held66_b"]
    sub = deals[cols].astype(object).where(deals[cols].notna(), None)
    for pa, pb, fh, win, gp, end, closer, csucc, claimant, h_a, h_b in sub.itertuples(
            index=False, name=None):
        names = {"A": str(pa), "B": str(pb)}
        for seat in "AB":
            of(names[seat])
        finished = end is not None and end != "unfinished"
        for seat in "AB":
            s = of(names[seat])
            if finished:
                s["deals"] += 1
                if fh == seat:
                    s["forehand_deals"] += 1
                    s["forehand_won"] += int(win == seat)
                if win == seat:
                    s["deals_won"] += 1
                    s["game_points"] += int(gp)
            if closer == seat:
                s["closes"] += 1
                if csucc is not None:
                    s["closes_finished"] += 1
                    s["closes_won"] += int(bool(csucc))
            if claimant == seat:
                s["claims"] += 1
                s["false_claims"] += int(end == "false_claim")
        if h_a:
            of(names["A"])["held66"] += 1
        if h_b:
            of(names["B"])["held66"] += 1
    for pa, pb, complete, winner_name in matches[
            ["player_a", "player_b", "complete", "winner_name"]].astype(object).itertuples(
            index=False, name=None):
        for name in (str(pa), str(pb)):
            s = of(name)
            s["matches"] += 1
            s["matches_complete"] += int(bool(complete))
            s["bummerl_wins"] += int(winner_name == name)
    rows = []
    for name, s in stats.items():
        rows.append((
            name, s["matches"], s["matches_complete"], s["bummerl_wins"],
            _rate(s["bummerl_wins"], s["matches_complete"]), s["deals"], s["deals_won"],
            _rate(s["deals_won"], s["deals"]), s["game_points"],
            _rate(s["game_points"], s["deals"]), s["forehand_deals"],
            _rate(s["forehand_won"], s["forehand_deals"]), s["closes"],
            _rate(s["closes"], s["deals"]), _rate(s["closes_won"], s["closes_finished"]),
            s["claims"], s["false_claims"], s["held66"],
        ))
    df = _frame(rows, PLAYER_COLUMNS)
    df["player"] = df["player"].astype("str").astype("category")
    return df.sort_values("player", kind="stable").reset_index(drop=True)

