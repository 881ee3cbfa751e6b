"""Statistics the games with a round of calls share: the facts of a deal both games read
alike from its final position (the calls, the contract, spritze, the sides' tricks,
scores and marriages, how it ended), their matches' rows and their players' counts.

Each game (``games/bauern/stats.py``, ``games/dreier/stats.py``) adds what only it has
(the knock and the called partner; the cards laid away), its row of the deal table and
its seats' columns. pandas is imported by the functions that build tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...psn import Record
from .rules import AuctionPosition, Kind

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

__all__ = ["AuctionFeatures", "count_seats", "marriages", "match_rows", "side_facts"]


@dataclass(frozen=True, slots=True)
class AuctionFeatures:
    """Facts of one deal's main line both games read alike, up to any error.

    Seats are ints from 0, -1 where there is none; sides are seat masks. Per-side figures
    are ``(forehand's side, the other side)`` pairs. ``trump_turned`` is None before
    trump is fixed; ``turned_card`` the card turned up or -1; ``trump`` the trump in play
    (-1 in Gang and Bettler or before it is fixed). ``calls`` are the calls in speaking
    order from forehand; ``contract`` is ``normal`` once the round is over without one,
    else the contract's word, or None while the round lasts. ``declarer_score`` is the
    declarer's own score in Schnapser and Kontraschnapser. ``decided_step`` and
    ``decided_trick`` say where the outcome was fixed. ``pending`` counts each side's
    marriages that never counted."""

    dealer: int
    forehand: int
    trump_turned: bool | None
    turned_card: int
    trump: int
    calls: tuple[str, ...]
    contract: str | None
    declarer: int
    declarer_score: int | None
    spritze: int
    spritze_stands: bool
    sides: tuple[int, int]
    winners: int
    claimant: int
    game_points: int | None
    end: str | None
    made: bool | None
    decided_step: int | None
    decided_trick: int | None
    tricks: tuple[int, int]
    scores: tuple[int, int]
    marriages20: tuple[int, int]
    marriages40: tuple[int, int]
    pending_marriages: tuple[int, int]
    actions: int


def marriages(record: Record, dealt: Callable[[], list[int]], default: int
              ) -> tuple[list[int], list[int], bool | None]:
    """The marriages of 20 and of 40 each seat announced in the record's main line (the
    seat whose hand ``dealt()`` gave the king, else ``default``), and whether trump was
    turned up (None: not fixed)."""
    fin = record.final
    n = len(fin.SEATS)
    hands: list[int] | None = None
    trump_turned: bool | None = None
    m20 = [0] * n
    m40 = [0] * n
    for m in record.main.moves:
        a = m.action
        if a.kind is Kind.MARRIAGE:
            if hands is None:
                hands = dealt()
            card = a.card
            assert card is not None
            seat = next((s for s in range(n) if hands[s] >> card & 1), default)
            (m40 if a.points == 40 else m20)[seat] += 1
        elif a.kind is Kind.TRUMP:
            trump_turned = a.suit is None
    return m20, m40, trump_turned


def side_facts(fin: AuctionPosition, m20: list[int], m40: list[int], scored: bool,
               actions: int) -> dict[str, Any]:
    """The facts both games read alike from a deal's final position, as
    :class:`AuctionFeatures`' fields by name (all but ``dealer``, ``trump_turned``,
    ``turned_card`` and ``declarer``): ``scored`` whether the contract is one in which
    the declarer's own marriages count and his score is kept (Schnapser and
    Kontraschnapser); ``actions`` the number of actions of the main line."""
    n = len(fin.SEATS)
    fh = fin.forehand
    side_fh = fin.side[fh]
    sides = (side_fh, 1 - side_fh)
    masks = (fin.side_seats[side_fh], fin.side_seats[1 - side_fh])
    contract = fin.contract
    tricks = (fin.side_tricks(0), fin.side_tricks(1))
    if contract is None:  # whose marriages count in the end
        counted = [tricks[fin.side[s]] > 0 for s in range(n)]
    else:
        counted = [scored and s == fin.declarer and fin.won[s] > 0 for s in range(n)]

    def per_side(values: list[int]) -> tuple[int, int]:
        return (sum(values[s] for s in range(n) if masks[0] >> s & 1),
                sum(values[s] for s in range(n) if masks[1] >> s & 1))

    pending = [0 if counted[s] else m20[s] + m40[s] for s in range(n)]
    out = fin.outcome
    end = out.end.value if out is not None else None
    made = True if end == "contract_made" else False if end == "contract_broken" else None
    return {
        "forehand": fh,
        "trump": fin.trump if 0 <= fin.trump < 4 else -1,
        "calls": tuple(c.value for c in fin.calls),
        "contract": (contract.value if contract is not None
                     else "normal" if len(fin.calls) == n else None),
        "declarer_score": fin.declarer_score() if contract is not None and scored else None,
        "spritze": fin.spritze,
        "spritze_stands": fin.spritze_stands,
        "sides": masks,
        "winners": out.winners if out is not None else 0,
        "claimant": out.claimant if out is not None else 0,
        "game_points": out.game_points if out is not None else None,
        "end": end,
        "made": made,
        "decided_step": actions if out is not None else None,
        "decided_trick": (fin.tricks_played + (1 if fin.table else 0)
                          if out is not None else None),
        "tricks": (tricks[sides[0]], tricks[sides[1]]),
        "scores": (fin.score(sides[0]), fin.score(sides[1])),
        "marriages20": per_side(m20),
        "marriages40": per_side(m40),
        "pending_marriages": per_side(pending),
        "actions": actions,
    }


def match_rows(d: pd.DataFrame, position: Any, *, players: Sequence[str],
               letters: Sequence[str],
               points: Callable[[np.ndarray, np.ndarray], dict[str, Any]],
               sums: Sequence[str], counters: Sequence[str], variant: str,
               empty: Sequence[str],
               adjust: Callable[[pd.DataFrame], None] | None = None) -> pd.DataFrame:
    """The matches of one game's deals, with the first deal's row position: the
    ``players`` columns of the seats ``letters``, ``points(winning sides, game points)``
    the game points columns summed over a match (``sums``), the ``counters`` after its
    last deal, whether it is complete and its winners' names; ``adjust`` changes the
    rows before then, ``empty`` names the other games' columns (NA)."""
    import pandas as pd

    key = ["file", "match", "bummerl"]
    win = d["winning_side"].astype(object).where(d["winning_side"].notna(), "").astype(
        str).to_numpy()
    gp = d["game_points"].fillna(0).astype(int).to_numpy()
    work = pd.DataFrame({
        "file": d["file"].astype(str).to_numpy(),
        "match": d["match"].astype(str).to_numpy(),
        "bummerl": d["bummerl"].astype(int).to_numpy(),
        **{p: d[p].astype(str).to_numpy() for p in players},
        "first_dealer_seat": d["dealer_seat"].astype(str).to_numpy(),
        "invalid": (~d["valid"].to_numpy(dtype=bool)).astype(int),
        **points(win, gp),
        **{c: d[c].to_numpy() for c in counters},
        "match_winner": d["match_winner"].astype(object).to_numpy(),
        "_first": position,
    })
    g = work.groupby(key, sort=False)
    out = g.agg(**{c: (c, "first") for c in (*players, "first_dealer_seat", "_first")},
                deals=("invalid", "size"), invalid_deals=("invalid", "sum"),
                **{c: (c, "sum") for c in sums})
    last = g.tail(1).set_index(key)[[*counters, "match_winner"]]
    out = out.join(last).reset_index()
    if adjust is not None:
        adjust(out)
    mw = out["match_winner"].astype(object).where(out["match_winner"].notna(), None)
    out["complete"] = mw.notna().to_numpy(dtype=bool)
    names = out[list(players)].to_numpy(dtype=object)
    out["winner_name"] = [
        " & ".join(str(names[i][k]) for k, s in enumerate(letters) if s in w)
        if isinstance(w, str) else None for i, w in enumerate(mw)]
    out["variant"] = variant
    for c in empty:
        out[c] = None
    return out


def count_seats(deals: pd.DataFrame, matches: pd.DataFrame,
                of: Callable[[str], dict[str, int]], *, players: Sequence[str],
                letters: Sequence[str],
                normal_counts: bool) -> None:
    """Add each deal and match to the counts of the players at its seats (the
    ``players`` columns of the seats ``letters``); a normal game counts as its
    declarer's contract when ``normal_counts``."""
    if len(deals):
        cols = [*players, "forehand_seat", "winning_side", "game_points", "end",
                "claim_side", "declarer", "contract", "contract_made", "spritze_seat"]
        sub = deals[cols].astype(object).where(deals[cols].notna(), None)
        for *names, fh, win, gp, end, claim, decl, contract, made, spr in sub.itertuples(
                index=False, name=None):
            finished = win is not None
            for seat, name in zip(letters, names, strict=True):
                s = of(str(name))
                if finished:
                    s["deals"] += 1
                    won = seat in win
                    if fh == seat:
                        s["forehand_deals"] += 1
                        s["forehand_won"] += int(won)
                    if won:
                        s["deals_won"] += 1
                        s["game_points"] += int(gp)
                if claim is not None and seat in claim:
                    s["claims"] += 1
                    s["false_claims"] += int(end == "false_claim")
                if decl == seat and (normal_counts or contract not in (None, "normal")):
                    s["contracts"] += 1
                    s["contracts_made"] += int(made is True)
                if spr == seat:
                    s["spritzes"] += 1
    if len(matches):
        cols = [*players, "complete", "match_winner"]
        sub = matches[cols].astype(object).where(matches[cols].notna(), None)
        for *names, complete, mw in sub.itertuples(index=False, name=None):
            for seat, name in zip(letters, names, strict=True):
                s = of(str(name))
                s["matches"] += 1
                s["matches_complete"] += int(bool(complete))
                s["bummerl_wins"] += int(mw is not None and seat in mw)
