"""Two-player Schnapsen's statistics (the game's part ``stats``): what happened in a deal
(closing, marriages, the trump-jack exchange, missed claims), its row of the deal table,
its Bummerls' rows and its players' counts. The features are pure functions of a
:class:`~schnapsen_lab.psn.Record`, replayed with the game's referee; pandas is imported
by the functions that build tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import SUIT_OF
from ...columns import (
    AB,
    MATCH_FOUR,
    NO_FOUR,
    NO_TWO_PLAY,
    SUITS,
    error_text,
)
from ...psn import Record
from .rules import DEALS, ActionKind, Position

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["OWN_PLAYER_COLUMNS", "DealFeatures", "ScorePoint", "count_players",
           "deal_features", "matches", "row", "score_trajectory"]

OWN_PLAYER_COLUMNS = frozenset({"closes", "closing_rate", "closing_success", "held66"})
"""The player table's columns only this game fills."""


@dataclass(frozen=True, slots=True)
class DealFeatures:
    """Facts of one deal's main line, per player as ``(A, B)`` pairs.

    ``closer`` is the seat (0 A, 1 B) that closed the talon or -1; ``close_talon`` is the
    talon size (face-down cards plus the indicator) and ``close_trick`` the number of the
    trick about to be led when it closed; ``close_opp_score``/``close_opp_tricks`` are the
    opponent's score and tricks at that moment (C1). ``marriages20``/``marriages40`` count
    announcements, ``pending_marriages`` those that never counted (M2: the announcer won
    no trick). ``exchanged_by`` is the seat that exchanged the trump jack or -1.
    ``held66`` is True for a player who could have claimed correctly and did something
    else (or let the deal end): E4. ``bonus`` is the seat that took the last trick's 10
    (6L1) or -1. ``actions`` counts the main line's actions.
    """

    closer: int
    close_talon: int | None
    close_trick: int | None
    close_opp_score: int | None
    close_opp_tricks: int | None
    marriages20: tuple[int, int]
    marriages40: tuple[int, int]
    pending_marriages: tuple[int, int]
    marriage_points: tuple[int, int]
    exchanged_by: int
    tricks: tuple[int, int]
    scores: tuple[int, int]
    held66: tuple[bool, bool]
    bonus: int
    actions: int


def deal_features(record: Record) -> DealFeatures | None:
    """The facts of the record's main line; None when it has no playable deck."""
    if record.deck is None:
        return None
    try:
        pos = record.start()
    except ValueError:
        return None
    closer = -1
    close_talon: int | None = None
    close_trick: int | None = None
    m20 = [0, 0]
    m40 = [0, 0]
    exchanged_by = -1
    held = [False, False]
    n = 0
    actions = record.actions
    if record.errors:  # a line built by hand: stop where it goes wrong
        done = record.game.replay(pos, actions, keep=False)
        if done.index is not None:
            actions = actions[:done.index]
    for a in actions:
        kind = a.kind
        cb = pos.claim_by
        # a correct claim was available (after a trick won, or after a marriage)
        if (kind is not ActionKind.CLAIM and cb >= 0 and pos.outcome is None
                and pos.trick_points[cb] + pos.marriage_points[cb] >= 66):
            held[cb] = True
        if kind is ActionKind.CLOSE:
            closer = pos.leader
            close_talon = pos.talon_size
            close_trick = pos.tricks_played + 1
        elif kind is ActionKind.MARRIAGE:
            if a.points == 40:
                m40[pos.leader] += 1
            else:
                m20[pos.leader] += 1
        elif kind is ActionKind.EXCHANGE:
            exchanged_by = pos.leader
        pos.apply_unchecked(a)
        n += 1
    if pos.outcome is not None and pos.legal_actions() and pos.claim_is_correct(pos.leader):
        held[pos.leader] = True  # the last trick's winner could claim (E2 a) and did not
    pending = tuple(m20[s] + m40[s] if pos.tricks[s] == 0 else 0 for s in (0, 1))
    return DealFeatures(
        closer=closer,
        close_talon=close_talon,
        close_trick=close_trick,
        close_opp_score=pos.closed_opp_score if closer >= 0 else None,
        close_opp_tricks=pos.closed_opp_tricks if closer >= 0 else None,
        marriages20=(m20[0], m20[1]),
        marriages40=(m40[0], m40[1]),
        pending_marriages=(pending[0], pending[1]),
        marriage_points=(pos.marriage_points[0], pos.marriage_points[1]),
        exchanged_by=exchanged_by,
        tricks=(pos.tricks[0], pos.tricks[1]),
        scores=pos.scores,
        held66=(held[0], held[1]),
        bonus=pos.bonus_to,
        actions=n,
    )


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """Both E1 scores after an action: ``step`` counts actions from 1, ``trick`` tricks done."""

    step: int
    trick: int
    action: str
    score_a: int
    score_b: int
    pending_a: int
    pending_b: int


def score_trajectory(record: Record) -> list[ScorePoint]:
    """The scores after each action of the main line (up to any error), starting with the
    deal (step 0); two-player records."""
    done = record.game.replay(record.start(), record.actions)
    out = [ScorePoint(0, 0, "", 0, 0, 0, 0)]
    positions: tuple[Position, ...] = done.positions
    for step, (pos, a) in enumerate(zip(positions[1:], record.actions, strict=False), 1):
        sa, sb = pos.scores
        out.append(ScorePoint(step, pos.tricks_played, str(a), sa, sb,
                              pos.pending[0], pos.pending[1]))
    return out


# -- four players --------------------------------------------------------------------------------


def row(rec: Record, file: str, line_offset: int = 0) -> tuple[Any, ...]:
    """A two-player deal's values in the order of :data:`~schnapsen_lab.columns.DEAL_COLUMNS`
    (plain Python values); the four-player columns are NA."""
    names = rec.player_names
    ok_main = rec.main_line_ok
    out = rec.outcome if ok_main else None
    end = rec.end
    f = deal_features(rec) if ok_main else None
    dealer = int(rec.dealer)
    deck = rec.deck
    winner = int(out.winner) if out is not None and out.winner is not None else -1
    cb = rec.counters_before
    ca = rec.counters
    row: tuple[Any, ...] = (
        file, rec.index, rec.line + line_offset, rec.game.key, rec.match, None, rec.deal,
        names[0], names[1], AB[dealer], AB[1 - dealer], rec.profile.name,
        SUITS[SUIT_OF[deck[DEALS[rec.profile.deal][2]]]] if deck is not None else None,
        not rec.errors, len(rec.errors), rec.errors[0].rule if rec.errors else None,
        error_text(rec, line_offset),
        AB[winner] if winner >= 0 else None,
        names[winner] if winner >= 0 else None,
        out.game_points if out is not None else None,
        end.value if end is not None else None,
        out.rule if out is not None else None,
        (AB[out.claimant] if out is not None and out.claimant is not None else None),
        (winner == 1 - dealer) if winner >= 0 else None,
    )
    if f is None:
        row += (*NO_TWO_PLAY, len(rec.main.moves))
    else:
        closed = f.closer >= 0
        row += (
            AB[f.closer] if closed else None, f.close_talon, f.close_trick,
            (winner == f.closer) if closed and winner >= 0 else None,
            f.close_opp_score, f.close_opp_tricks,
            f.marriages20[0], f.marriages20[1], f.marriages40[0], f.marriages40[1],
            f.pending_marriages[0], f.pending_marriages[1],
            f.marriage_points[0], f.marriage_points[1],
            AB[f.exchanged_by] if f.exchanged_by >= 0 else None,
            f.tricks[0], f.tricks[1], f.scores[0], f.scores[1], f.held66[0], f.held66[1],
            AB[f.bonus] if f.bonus >= 0 else None, _carry(rec),
            f.actions,
        )
    won = rec.match_winners
    row += (cb[0] if cb else None, cb[1] if cb else None,
            ca[0] if ca else None, ca[1] if ca else None, won[0] if won else None)
    return row + NO_FOUR


def _carry(rec: Record) -> int | None:
    """The standoff points waiting after the deal in its match (6G4); None outside a match
    or where the game has no standoffs."""
    after = rec.match_after
    if after is None or not rec.game.match_fields(after):
        return None
    return after.carry


def matches(d: pd.DataFrame, position: Any) -> pd.DataFrame:
    """The Bummerls of two-player deals (B1), with the first deal's row position."""
    import numpy as np
    import pandas as pd

    key = ["file", "match", "bummerl"]
    won = d["winner"].astype(object).to_numpy()
    gp = d["game_points"].fillna(0).astype(int).to_numpy()
    work = pd.DataFrame({
        "file": d["file"].astype(str).to_numpy(),
        "match": d["match"].astype(str).to_numpy(),
        "bummerl": d["bummerl"].astype(int).to_numpy(),
        "variant": d["variant"].astype(str).to_numpy(),
        "player_a": d["player_a"].astype(str).to_numpy(),
        "player_b": d["player_b"].astype(str).to_numpy(),
        "first_dealer": d["dealer"].astype(str).to_numpy(),
        "invalid": (~d["valid"].to_numpy(dtype=bool)).astype(int),
        "game_points_a": np.where(won == "A", gp, 0),
        "game_points_b": np.where(won == "B", gp, 0),
        "counters_a": d["counters_a"].to_numpy(),
        "counters_b": d["counters_b"].to_numpy(),
        "bummerl_winner": d["bummerl_winner"].astype(object).to_numpy(),
        "_first": position,
    })
    g = work.groupby(key, sort=False)
    out = g.agg(variant=("variant", "first"), player_a=("player_a", "first"),
                player_b=("player_b", "first"), first_dealer=("first_dealer", "first"),
                deals=("invalid", "size"),
                invalid_deals=("invalid", "sum"), game_points_a=("game_points_a", "sum"),
                game_points_b=("game_points_b", "sum"), _first=("_first", "first"))
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
    # a counter counting down is shown stopping at 0 (B1), the winner's excess in "over"
    ca = pd.to_numeric(out["counters_a"]).astype("float64")
    cb = pd.to_numeric(out["counters_b"]).astype("float64")
    excess = np.maximum(-np.fmin(ca.to_numpy(), cb.to_numpy()), 0)
    out["over"] = pd.Series(excess, index=out.index).where(a_won | b_won)
    out["counters_a"] = ca.clip(lower=0)
    out["counters_b"] = cb.clip(lower=0)
    for col in MATCH_FOUR:
        out[col] = None
    return out


def count_players(deals: pd.DataFrame, matches: pd.DataFrame,
                  of: Callable[[str], dict[str, int]]) -> None:
    """Add each two-player deal and Bummerl to the counts of its players (``of(name)``:
    a player's counts)."""
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
