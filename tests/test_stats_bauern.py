"""Four-player Bauernschnapsen in the statistics: the deal table's four-player columns
checked by hand on the study deals and against the conformance expectations, matches,
players and ratings per team and per player, the answer tables and plots, chunks,
Parquet, CSV and Dask, and the command line; bauern2 Bummerls counting up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pd = pytest.importorskip("pandas")

from schnapsen_lab import psn  # noqa: E402
from schnapsen_lab.cli import main  # noqa: E402
from schnapsen_lab.games.bauern import Kind  # noqa: E402
from schnapsen_lab.stats import (  # noqa: E402
    DEAL_COLUMNS,
    MATCH_COLUMNS,
    PLAYER_COLUMNS,
    deals_frame,
    matches_frame,
    players_frame,
    ratings,
)
from schnapsen_lab.stats.parallel import load_frame, read_deals, save_frame  # noqa: E402
from schnapsen_lab.stats.tables import (  # noqa: E402
    bauern_summary,
    contract_table,
    forehand_side_table,
    mean_interval,
    spritze_table,
    trump_fixing_table,
    wilson,
)

from .conftest import ROOT  # noqa: E402

TWO = ROOT / "records" / "strict-heuristic-vs-random.psn"
FOUR = ROOT / "records" / "bauern-heuristic-vs-random.psn"
CALLED = ROOT / "records" / "bauern-called-heuristic.psn"
BAUERN2 = ROOT / "records" / "bauern2-heuristic-vs-random.psn"
STUDY = ROOT / "records" / "study"
CONFORMANCE = Path(__file__).parent / "data" / "conformance" / "bauern"
VALID = CONFORMANCE / "valid.psn"
INVALID = CONFORMANCE / "invalid.psn"

_NAMES_ALL = [c[0] for c in DEAL_COLUMNS]
FOUR_COLUMNS = _NAMES_ALL[_NAMES_ALL.index("north"):_NAMES_ALL.index("player_c")]
THREE_ONLY = _NAMES_ALL[_NAMES_ALL.index("player_c"):]
TWO_ONLY = ["player_a", "player_b", "dealer", "forehand", "winner", "winner_name", "claimant",
            "closer", "close_talon", "close_trick", "close_success", "close_opp_score",
            "close_opp_tricks", "marriages20_a", "marriages20_b", "marriages40_a",
            "marriages40_b", "pending_a", "pending_b", "marriage_points_a",
            "marriage_points_b", "exchanged_by", "tricks_a", "tricks_b", "score_a", "score_b",
            "held66_a", "held66_b", "counters_before_a", "counters_before_b", "counters_a",
            "counters_b", "bummerl_winner"]


def na(x: Any) -> Any:
    return None if pd.isna(x) else x


def expect(name: str) -> list[dict[str, Any]]:
    lines = (CONFORMANCE / f"{name}.expect.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(x) for x in lines if x.strip()]


@pytest.fixture(scope="module")
def conformance() -> Any:
    return deals_frame([VALID, INVALID])


@pytest.fixture(scope="module")
def bundled() -> Any:
    d = deals_frame([FOUR, CALLED])
    d["collection"] = d["file"].map(lambda f: Path(str(f)).stem).astype("category")
    return d


# -- the deal table: the study deals, every four-player column by hand ----------------------------

_NAMES = {"north": "Anna", "east": "Bert", "south": "Cilli", "west": "Dani"}
_NONE = {"turned_card": None, "called_card": None, "partner": None, "partner_known_step": None,
         "partner_known_trick": None, "marriages20_fh": 0, "marriages20_other": 0,
         "marriages40_fh": 0, "marriages40_other": 0, "pending_fh": 0, "pending_other": 0,
         "counters_ns": None, "counters_ew": None, "counters_n": None, "counters_e": None,
         "counters_s": None, "counters_w": None, "match_winner": None, "cut": "cut",
         "trump_fixed": "named", "spritze": False, "spritze_seat": None,
         "declarer_score": None, "claim_side": None}
_W = "weiter"

# What each study deal's comments say, column by column (records/study/bauern-*.psn).
STUDY_DEALS: dict[str, dict[str, Any]] = {
    "bauern-bauernschnapser-trick-5": {  # W's Bauernschnapser broken by N's ace at trick 5
        "dealer_seat": "N", "forehand_seat": "E", "trump": "S",
        "call_1": _W, "call_2": _W, "call_3": "bauernschnapser", "call_4": _W,
        "call_n": _W, "call_e": _W, "call_s": _W, "call_w": "bauernschnapser",
        "contract": "bauernschnapser", "declarer": "W", "contract_made": False,
        "side_fh": "EW", "side_other": "NS", "winning_side": "NS", "game_points": 12,
        "end": "contract_broken", "rule": "BK3", "forehand_won": False,
        "decided_step": 25, "decided_trick": 5, "tricks_fh": 4, "tricks_other": 1,
        "score_fh": 19 + 18 + 20 + 29, "score_other": 34, "actions": 25},
    "bauern-called-partner": {  # E calls AH; S holds it, known at trick 3; ES claim 67
        "dealer_seat": "N", "forehand_seat": "E", "trump": "C", "profile": "bauern-called",
        "called_card": "AH", "partner": "S", "partner_known_step": 17,
        "partner_known_trick": 3,
        "call_1": _W, "call_2": _W, "call_3": _W, "call_4": _W,
        "call_n": _W, "call_e": _W, "call_s": _W, "call_w": _W,
        "contract": "normal", "declarer": None, "contract_made": None,
        "side_fh": "ES", "side_other": "NW", "winning_side": "ES", "claim_side": "ES",
        "game_points": 2, "end": "claim", "rule": "BG1", "forehand_won": True,
        "decided_step": 23, "decided_trick": 4, "tricks_fh": 3, "tricks_other": 1,
        "score_fh": 67, "score_other": 28, "actions": 23},
    "bauern-false-team-claim": {  # S claims at 54: EW, without a trick, score 3
        "dealer_seat": "W", "forehand_seat": "N", "trump": "D",
        "call_1": _W, "call_2": _W, "call_3": _W, "call_4": _W,
        "call_n": _W, "call_e": _W, "call_s": _W, "call_w": _W,
        "contract": "normal", "declarer": None, "contract_made": None,
        "side_fh": "NS", "side_other": "EW", "winning_side": "EW", "claim_side": "NS",
        "game_points": 3, "end": "false_claim", "rule": "BG2", "forehand_won": False,
        "decided_step": 14, "decided_trick": 2, "tricks_fh": 2, "tricks_other": 0,
        "score_fh": 54, "score_other": 0, "actions": 14},
    "bauern-gang": {  # S's Gang made: all five tricks, no trump
        "dealer_seat": "N", "forehand_seat": "E", "trump": None,
        "call_1": _W, "call_2": "gang", "call_3": _W, "call_4": _W,
        "call_n": _W, "call_e": _W, "call_s": "gang", "call_w": _W,
        "contract": "gang", "declarer": "S", "contract_made": True,
        "side_fh": "EW", "side_other": "NS", "winning_side": "NS", "game_points": 9,
        "end": "contract_made", "rule": "BK3", "forehand_won": False,
        "decided_step": 25, "decided_trick": 5, "tricks_fh": 0, "tricks_other": 5,
        "score_fh": 0, "score_other": 120, "actions": 25},
    "bauern-schnapser-partner-breaks": {  # E has 26 after three tricks: broken, NS 6
        "dealer_seat": "N", "forehand_seat": "E", "trump": "H",
        "call_1": "schnapser", "call_2": _W, "call_3": _W, "call_4": _W,
        "call_n": _W, "call_e": "schnapser", "call_s": _W, "call_w": _W,
        "contract": "schnapser", "declarer": "E", "declarer_score": 26,
        "contract_made": False,
        "side_fh": "EW", "side_other": "NS", "winning_side": "NS", "game_points": 6,
        "end": "contract_broken", "rule": "BK2", "forehand_won": False,
        "decided_step": 17, "decided_trick": 3, "tricks_fh": 2, "tricks_other": 1,
        "score_fh": 26 + 27, "score_other": 20, "actions": 17},
    "bauern-schnapser-two-tricks": {  # E's 34 + 35 = 69 in two tricks: made, EW 6
        "dealer_seat": "N", "forehand_seat": "E", "trump": "H",
        "call_1": "schnapser", "call_2": _W, "call_3": _W, "call_4": _W,
        "call_n": _W, "call_e": "schnapser", "call_s": _W, "call_w": _W,
        "contract": "schnapser", "declarer": "E", "declarer_score": 69,
        "contract_made": True,
        "side_fh": "EW", "side_other": "NS", "winning_side": "EW", "game_points": 6,
        "end": "contract_made", "rule": "BK2", "forehand_won": True,
        "decided_step": 13, "decided_trick": 2, "tricks_fh": 2, "tricks_other": 0,
        "score_fh": 69, "score_other": 0, "actions": 13},
    "bauern-spritze": {  # N says spritze; NS claim 67, EW without a trick: 3 x 2
        "dealer_seat": "N", "forehand_seat": "E", "trump": "C",
        "call_1": _W, "call_2": _W, "call_3": _W, "call_4": "spritze",
        "call_n": "spritze", "call_e": _W, "call_s": _W, "call_w": _W,
        "contract": "normal", "declarer": None, "contract_made": None,
        "spritze": True, "spritze_seat": "N",
        "side_fh": "EW", "side_other": "NS", "winning_side": "NS", "claim_side": "NS",
        "game_points": 6, "end": "claim", "rule": "BG1", "forehand_won": False,
        "decided_step": 18, "decided_trick": 3, "tricks_fh": 0, "tricks_other": 3,
        "score_fh": 0, "score_other": 67, "actions": 18},
}


def test_the_study_deals_column_by_column() -> None:
    files = sorted(STUDY.glob("bauern-*.psn"))
    assert [f.stem for f in files] == sorted(STUDY_DEALS)
    d = deals_frame(files)
    assert len(d) == len(files)
    for (_, row), path in zip(d.iterrows(), files, strict=True):
        want = {**_NAMES, **_NONE, "profile": "bauern", "variant": "bauern", "valid": True,
                **STUDY_DEALS[path.stem]}
        for col in FOUR_COLUMNS:
            assert col in want, col  # every four-player column is checked
        for col, value in want.items():
            assert na(row[col]) == value, (path.stem, col, row[col], value)
        for col in (*TWO_ONLY, *THREE_ONLY):
            assert pd.isna(row[col]), (path.stem, col)


# -- the deal table against the conformance expectations (check --json) --------------------------

def _sides(row: Any) -> dict[str, str]:
    return {str(row["side_fh"]): "fh", str(row["side_other"]): "other"}


def test_conformance_rows_agree_with_check_json(conformance: Any) -> None:
    rows = conformance[(conformance["file"].astype(str) == str(VALID))
                       & (conformance["variant"].astype(str) == "bauern")]
    want = [e for e in expect("valid") if "contract" in e]
    assert len(rows) == len(want) == 38
    for (_, row), e in zip(rows.iterrows(), want, strict=True):
        where = f"record {e['index']}"
        assert row["index"] == e["index"] and row["line"] == e["line"], where
        assert bool(row["valid"]) is e["ok"] is True, where
        assert na(row["winning_side"]) == e["winner"], where
        assert na(row["game_points"]) == e["game_points"], where
        assert row["end"] == e["end"], where
        assert (row["contract"] == "normal") is (e["contract"] is None), where
        if e["contract"] is not None:
            assert row["contract"] == e["contract"], where
        assert na(row["declarer"]) == e["declarer"], where
        assert bool(row["spritze"]) is e["spritze"], where
        side = _sides(row)
        assert set(side) == set(e["scores"]) == set(e["tricks"]), where
        for name, role in side.items():
            assert row[f"score_{role}"] == e["scores"][name], where
            assert row[f"tricks_{role}"] == e["tricks"][name], where
        assert na(row["match"]) == e["match"], where
        counters = e["counters"]
        if counters is None:
            assert all(pd.isna(row[f"counters_{k}"]) for k in ("ns", "ew", "n", "e", "s", "w"))
        else:
            for key, value in counters.items():
                assert row[f"counters_{key.lower()}"] == value, (where, key)
        if e["winner"] is not None:
            assert bool(row["forehand_won"]) is (str(row["forehand_seat"]) in e["winner"])
        if e["end"] in ("claim", "false_claim"):
            claimed = e["winner"] if e["end"] == "claim" else (
                next(k for k in e["scores"] if k != e["winner"]))
            assert row["claim_side"] == claimed, where
        else:
            assert pd.isna(row["claim_side"]), where


def test_bauern2_conformance_rows_are_two_player_rows(conformance: Any) -> None:
    rows = conformance[(conformance["file"].astype(str) == str(VALID))
                       & (conformance["variant"].astype(str) == "schnapsen")]
    want = [e for e in expect("valid") if "contract" not in e]
    assert len(rows) == len(want) == 17
    for (_, row), e in zip(rows.iterrows(), want, strict=True):
        assert row["profile"] == "bauern2" and na(row["winner"]) == e["winner"]
        assert (row["score_a"], row["score_b"]) == (e["scores"]["A"], e["scores"]["B"])
        if e["counters"] is not None:
            assert (row["counters_a"], row["counters_b"]) == (e["counters"]["A"],
                                                              e["counters"]["B"])
        assert row[FOUR_COLUMNS].isna().all()


def test_broken_main_lines_keep_the_set_up_only(conformance: Any) -> None:
    rows = conformance[(conformance["file"].astype(str) == str(INVALID))
                       & (conformance["variant"].astype(str) == "bauern")]
    records = [r for r in psn.read(INVALID) if r.game.key == "bauern"]
    assert len(rows) == len(records) > 20
    broken = 0
    for (_, row), rec in zip(rows.iterrows(), records, strict=True):
        assert bool(row["valid"]) is rec.ok
        assert row["north"] == rec.player_names[0] and row["dealer_seat"] == rec.dealer.name
        if rec.main_line_ok:
            assert row["winning_side"] == (rec.outcome.winner if rec.outcome else None) or (
                rec.outcome is None and pd.isna(row["winning_side"]))
            continue
        broken += 1
        for col in ("trump", "end", "game_points", "contract", "call_1",
                    "winning_side", "side_fh", "score_fh", "tricks_other", "trump_fixed",
                    "decided_step", "spritze", "marriages20_fh"):
            assert pd.isna(row[col]), (rec.index, col)
        assert row["error_rule"] == rec.errors[0].rule
    assert broken > 15


def _replayed(rec: psn.Record) -> list[Any]:
    """The referee's positions of the main line: as dealt, then after each action."""
    return list(rec.game.replay(rec.start(), rec.actions).positions)


def test_marriages_partners_and_the_deciding_step_agree_with_the_referee(
        conformance: Any) -> None:
    """Counted again from the referee's positions, action by action: who announced each
    marriage, which never counted in the score, when the called card fell and which action
    fixed the outcome."""
    records = [r for r in psn.read(VALID) if r.game.key == "bauern"]
    rows = conformance[(conformance["file"].astype(str) == str(VALID))
                       & (conformance["variant"].astype(str) == "bauern")]
    seen = {"marriage": 0, "pending": 0, "partner": 0, "turned": 0, "knock": 0}
    for (_, row), rec in zip(rows.iterrows(), records, strict=True):
        pos = _replayed(rec)
        fin = pos[-1]
        side = {str(row["side_fh"]): "fh", str(row["side_other"]): "other"}
        role = [side[fin.side_name(fin.side[s])] for s in range(4)]
        announced = {"fh": [0, 0], "other": [0, 0]}  # points of 20s and 40s
        for before, a in zip(pos, rec.actions, strict=False):
            if a.kind is Kind.MARRIAGE:
                announced[role[before.turn]][a.points == 40] += a.points
                seen["marriage"] += 1
        for r in ("fh", "other"):
            assert row[f"marriages20_{r}"] * 20 == announced[r][0], rec.index
            assert row[f"marriages40_{r}"] * 40 == announced[r][1], rec.index
            k = 0 if r == "fh" else 1
            s = fin.side[fin.forehand] if k == 0 else 1 - fin.side[fin.forehand]
            counted = fin.score(s) - fin.side_card_points(s)  # marriage points in the score
            lost = sum(announced[r]) - counted
            n = int(row[f"pending_{r}"])
            assert (n == 0) is (lost == 0) and 20 * n <= lost <= 40 * n, rec.index
            seen["pending"] += n
        known = next((i for i, p in enumerate(pos) if p.partner_known), None)
        assert na(row["partner_known_step"]) == known, rec.index
        if known is not None:
            seen["partner"] += 1
            cards = sum(1 for a in rec.actions[:known] if a.kind in (Kind.PLAY, Kind.MARRIAGE))
            assert row["partner_known_trick"] == (cards - 1) // 4 + 1
        outcomes = [p.outcome for p in pos]
        last_change = max(i for i in range(1, len(pos)) if outcomes[i] != outcomes[i - 1]) \
            if fin.outcome is not None else None
        assert na(row["decided_step"]) == last_change, rec.index
        assert row["cut"] == ("knock" if fin.knock else "cut")
        if str(rec.actions[0]) == "T:up":
            seen["turned"] += 1
            assert row["trump_fixed"] == "turned"
            assert row["turned_card"] == str(rec.deck[3 if fin.knock else 12])
        seen["knock"] += fin.knock
    assert all(v > 0 for v in seen.values()), seen


def test_types_and_the_two_player_rows(conformance: Any) -> None:
    assert list(conformance.columns) == [c[0] for c in DEAL_COLUMNS]
    kinds = {"seat": "category", "suit": "category", "end": "category", "rule": "category",
             "cat": "category", "category": "category", "bool": "bool"}
    for name, kind, _ in DEAL_COLUMNS:
        assert str(conformance[name].dtype) == kinds.get(kind, kind), name
    assert list(conformance["contract"].cat.categories) == [
        "normal", "schnapser", "gang", "bauernschnapser", "kontraschnapser", "bettler",
        "kontrabauernschnapser"]
    assert list(conformance["declarer"].cat.categories) == ["N", "E", "S", "W", "A", "B", "C"]
    assert len(conformance["winning_side"].cat.categories) == 15 + 6  # and Dreierschnapsen's
    two = conformance[conformance["variant"].astype(str) == "schnapsen"]
    assert len(two) > 20 and two[FOUR_COLUMNS].isna().all().all()
    four = conformance[conformance["variant"].astype(str) == "bauern"]
    assert four[TWO_ONLY].isna().all().all()


def test_four_player_rows_leave_the_two_player_tables_as_they_were() -> None:
    alone = deals_frame([TWO])
    mixed = deals_frame([FOUR, TWO])
    two = mixed[mixed["file"].astype(str) == str(TWO)].reset_index(drop=True)
    pd.testing.assert_frame_equal(two.astype(object), alone.astype(object))
    m = matches_frame(mixed)
    pd.testing.assert_frame_equal(
        m[m["variant"] == "schnapsen"].reset_index(drop=True).astype(object),
        matches_frame(alone).astype(object))
    p = players_frame(mixed)
    pd.testing.assert_frame_equal(
        p[p["variant"] == "schnapsen"].reset_index(drop=True).astype(object),
        players_frame(alone).astype(object))


def test_bauern2_bummerls_are_won_at_21() -> None:
    d = deals_frame([BAUERN2])
    m = matches_frame(d)
    assert len(m) == 50 and m["complete"].all()
    last = d.groupby("match", observed=True).tail(1)
    assert (last[["counters_a", "counters_b"]].max(axis=1) >= 21).all()
    won_a = m["counters_a"].astype(int) >= 21
    assert (m["winner"].astype(str) == won_a.map({True: "A", False: "B"})).all()
    assert d["bummerl_winner"].notna().sum() == 50
    assert d[FOUR_COLUMNS].isna().all().all()


# -- matches, players, ratings ------------------------------------------------------------------

def test_matches_per_team_and_per_player(bundled: Any) -> None:
    m = matches_frame(bundled)
    assert list(m.columns) == [c[0] for c in MATCH_COLUMNS]
    assert set(m["variant"].astype(str)) == {"bauern"}
    records = [r for path in (FOUR, CALLED) for r in psn.read(path)]
    last: dict[tuple[str, str], psn.Record] = {}
    for r in records:
        last[(str(r.file), str(r.match))] = r
    assert len(m) == len(last) == 400
    for _, row in m.iterrows():
        rec = last[(str(row["file"]), str(row["match"]))]
        totals = rec.match_rules.counters_dict(rec.counters)
        for key, value in totals.items():  # NS EW, or N E S W with called partners
            assert row[f"counters_{key.lower()}"] == value
            assert row[f"game_points_{key.lower()}"] == value  # counted up from 0
        other = {"NS", "EW"} if len(totals) == 4 else {"N", "E", "S", "W"}
        assert all(pd.isna(row[f"game_points_{k.lower()}"]) for k in other)
        assert bool(row["complete"]) and row["match_winner"] == "".join(rec.match_winners)
        names = dict(zip("NESW", rec.player_names, strict=True))
        assert row["winner_name"] == " & ".join(names[s] for s in row["match_winner"])
        assert pd.isna(row["player_a"]) and pd.isna(row["winner"])
        first = next(r for r in records if (str(r.file), str(r.match)) == (
            str(row["file"]), str(row["match"])))
        assert row["first_dealer_seat"] == first.dealer.name
        assert row["deals"] == sum(1 for r in records if (str(r.file), r.match) == (
            str(row["file"]), row["match"]))


def test_players_per_player(bundled: Any) -> None:
    m = matches_frame(bundled)
    p = players_frame(bundled, m)
    assert list(p.columns) == [c[0] for c in PLAYER_COLUMNS]
    assert set(p["variant"].astype(str)) == {"bauern"}
    fin = bundled[bundled["winning_side"].notna()]
    seats_won = fin["winning_side"].astype(str).str.len()
    assert p["deals"].sum() == 4 * len(fin)
    assert p["deals_won"].sum() == seats_won.sum()
    assert p["game_points"].sum() == (fin["game_points"].astype(int) * seats_won).sum()
    assert p["forehand_deals"].sum() == len(fin)
    assert p["contracts"].sum() == fin["declarer"].notna().sum()
    assert p["contracts_made"].sum() == fin["contract_made"].fillna(False).sum()
    assert p["spritzes"].sum() == fin["spritze_seat"].notna().sum()  # said, standing or not
    assert p["matches"].sum() == 4 * len(m)
    assert p["bummerl_wins"].sum() == m["match_winner"].astype(str).str.len().sum()
    assert p[["closes", "closing_rate", "held66"]].isna().all().all()
    # the heuristic players win their matches against the random ones, who bid and break
    rows = p.set_index("player")
    assert rows.loc["random E", "bummerl_wins"] <= 1 and rows.loc["random W", "contracts"] > 200
    assert rows.loc["random W", "contracts_made"] / rows.loc["random W", "contracts"] < 0.05


def test_ratings_rate_teams_and_called_partners(bundled: Any) -> None:
    fixed = bundled[bundled["file"].astype(str) == str(FOUR)]
    t = ratings(matches_frame(fixed)).set_index("player")
    assert set(t.index) == {"heuristic N", "heuristic S", "random E", "random W"}
    assert t["games"].tolist() == [300] * 4  # every match rates all four
    assert t.loc["heuristic N", "low"] > t.loc["random E", "high"]
    assert t.loc["heuristic N", "rating"] == pytest.approx(t.loc["heuristic S", "rating"])
    assert t.loc["heuristic N", "wins"] == 299  # as a team
    per_deal = ratings(fixed).set_index("player")
    assert per_deal["games"].sum() == 4 * fixed["winning_side"].notna().sum()
    called = ratings(matches_frame(bundled[bundled["file"].astype(str) == str(CALLED)]))
    assert called["games"].tolist() == [100] * 4
    # called partners: each player wins alone (BC5); the winners are the match winners
    m = matches_frame(bundled[bundled["file"].astype(str) == str(CALLED)])
    assert called["wins"].sum() == m["match_winner"].astype(str).str.len().sum()


# -- answer tables -----------------------------------------------------------------------------

def test_answer_tables_count_the_records(bundled: Any) -> None:
    records = [r for path in (FOUR, CALLED) for r in psn.read(path)]
    fin = [r for r in records if r.outcome is not None]
    n = len(fin)
    ct = contract_table(bundled).set_index("contract")
    for word in ("schnapser", "gang", "bauernschnapser", "kontraschnapser"):
        called = sum(1 for r in fin if any(str(a) == word for a in r.actions[:6]))
        played = [r for r in fin if r.final.contract is not None
                  and r.final.contract.value == word]
        made = sum(1 for r in played if r.outcome.end.value == "contract_made")
        row = ct.loc[word]
        assert (row["deals"], row["called"], row["played"], row["made"]) == (
            n, called, len(played), made)
        assert (row["low"], row["high"]) == pytest.approx(wilson(made, len(played)),
                                                          nan_ok=True)
    with_spritze = [r for r in fin if r.final.spritze_stands]
    sp = spritze_table(bundled).set_index("spritze")
    assert sp.loc["spritze", "deals"] == len(with_spritze) > 80
    # the spritzer's side (forehand's partner may double a contract of the other side)
    other_won = [bool(r.outcome.winners >> r.final.spritze & 1) for r in with_spritze]
    assert sp.loc["spritze", "won"] == sum(other_won)
    net = [r.outcome.game_points * (1 if w else -1) for r, w in zip(with_spritze, other_won,
                                                                    strict=True)]
    assert (sp.loc["spritze", "points"], sp.loc["spritze", "points_low"],
            sp.loc["spritze", "points_high"]) == pytest.approx(mean_interval(net))
    fh = forehand_side_table(bundled).set_index("side")
    fh_won = sum(1 for r in fin if r.outcome.winners >> r.final.forehand & 1)
    assert fh.loc["forehand's side", "won"] == fh_won and fh.loc["other side", "won"] == n - fh_won
    assert fh.loc["forehand's side", "points"] == pytest.approx(-fh.loc["other side", "points"])
    tf = trump_fixing_table(bundled).set_index("trump")
    turned = [r for r in fin if str(r.actions[0]) == "T:up"]
    assert tf.loc["turned", "deals"] == len(turned) and tf["deals"].sum() == n
    assert tf.loc["turned", "won"] == sum(1 for r in turned
                                          if r.outcome.winners >> r.final.forehand & 1)
    s = bauern_summary(bundled)
    assert s.loc["four-player records", "value"] == len(records)
    assert s.loc["spritze stands", "value"].startswith(f"{len(with_spritze)} (")


def test_mean_interval() -> None:
    m, lo, hi = mean_interval([1, 2, 3, 4])
    assert m == 2.5 and lo < 2.5 < hi and hi - m == pytest.approx(m - lo)
    assert mean_interval([5]) == (5.0, 5.0, 5.0)
    assert all(x != x for x in mean_interval([]))


# -- plots -------------------------------------------------------------------------------------

def test_four_player_plots(bundled: Any) -> None:
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    from schnapsen_lab.stats import plots

    calls = [
        lambda ax: plots.plot_contracts(bundled, ax=ax),
        lambda ax: plots.plot_contracts(bundled, ax=ax, what="called", by="collection"),
        lambda ax: plots.plot_spritze(bundled, ax=ax),
        lambda ax: plots.plot_forehand_side(bundled, ax=ax, by="collection"),
        lambda ax: plots.plot_forehand_side(bundled, ax=ax, what="points"),
        lambda ax: plots.plot_trump_fixing(bundled, ax=ax, by="collection"),
    ]
    for call in calls:
        fig, ax = plt.subplots()
        assert call(ax) is ax
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
        assert ax.has_data() and [t.get_text() for t in ax.texts]
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert any("95%" in t for t in legend)
        plt.close(fig)
    # the values written on the bars are the table's
    fig, ax = plt.subplots()
    plots.plot_spritze(bundled, ax=ax)
    sp = spritze_table(bundled)
    assert [t.get_text() for t in ax.texts] == [f"{v:+.2f}" for v in sp["points"]]
    plt.close(fig)
    fig, ax = plt.subplots()
    plots.plot_trump_fixing(bundled, ax=ax)
    rates = trump_fixing_table(bundled)["rate"]
    assert [t.get_text() for t in ax.texts] == [f"{v:.0%}" for v in rates]
    assert [t.get_text().split("\n")[0] for t in ax.get_xticklabels()] == ["named", "turned up"]
    plt.close(fig)
    fig, ax = plt.subplots()
    plots.plot_contracts(bundled, ax=ax, what="called")
    labels = [t.get_text().split("\n")[0] for t in ax.get_xticklabels()]
    assert labels == ["Schnapser", "Gang", "Bauernschnapser", "Kontraschnapser"]
    assert ax.get_ylim()[1] < 0.5  # small rates get a scale of their own
    plt.close(fig)
    with pytest.raises(ValueError, match="'made' or 'called'"):
        plots.plot_contracts(bundled, what="bid")
    with pytest.raises(ValueError, match="'won' or 'points'"):
        plots.plot_forehand_side(bundled, what="rate")
    plt.close("all")


# -- reading in chunks, in processes, with Dask; Parquet and CSV ---------------------------------

def test_parallel_equals_sequential_with_four_players() -> None:
    files = [VALID, INVALID, FOUR, CALLED]
    whole = deals_frame(files)
    fast = read_deals(files, workers=2, chunk_bytes=20_000)
    pd.testing.assert_frame_equal(fast, whole)
    assert (whole["variant"].astype(str) == "bauern").sum() > 2000


def test_round_trips_keep_the_four_player_types(conformance: Any, bundled: Any,
                                                tmp_path: Path) -> None:
    tables = [conformance, matches_frame(bundled), players_frame(bundled),
              matches_frame(conformance), players_frame(conformance)]
    for i, table in enumerate(tables):
        for suffix in (".parquet", ".csv"):
            out = tmp_path / f"t{i}{suffix}"
            save_frame(table, out)
            back = load_frame(out)
            if suffix == ".parquet":
                pd.testing.assert_frame_equal(back, table)
            else:
                assert (back.dtypes == table.dtypes).all(), (i, suffix)
                pd.testing.assert_frame_equal(back, table, check_exact=False,
                                              check_categorical=False)


def test_dask_equals_local_with_four_players() -> None:
    distributed = pytest.importorskip("distributed")
    from schnapsen_lab.stats import dask as sdask

    files = [VALID, INVALID, CALLED]
    local = deals_frame(files)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster):
        remote = sdask.deals_frame(files, chunk_bytes=30_000)
    pd.testing.assert_frame_equal(remote, local)


# -- the command line --------------------------------------------------------------------------

def test_the_stats_command_on_four_player_files(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deals.parquet"
    mout, pout, rout = tmp_path / "m.csv", tmp_path / "p.parquet", tmp_path / "r.csv"
    assert main(["stats", str(FOUR), "-q", "-o", str(out), "--matches", str(mout),
                 "--players", str(pout), "--ratings", str(rout)]) == 0
    text = capsys.readouterr().out
    assert "four players (Bauernschnapsen):" in text and "two players:" not in text
    d = deals_frame([FOUR])
    s = bauern_summary(d)
    for figure in ("bauernschnapser called / played / made", "spritze stands",
                   "forehand's side wins", "team NS wins (fixed partners)"):
        line = next(x for x in text.splitlines() if x.startswith(figure))
        assert line.split()[-1] == str(s.loc[figure, "value"]).split()[-1], figure
    back = pd.read_parquet(out)
    assert len(back) == len(d) and set(back["contract"].dropna()) >= {"gang", "schnapser"}
    assert len(pd.read_csv(mout)) == 300
    assert set(pd.read_parquet(pout)["player"]) == {"heuristic N", "heuristic S", "random E",
                                                    "random W"}
    assert len(pd.read_csv(rout)) == 4 and "wrote 4 ratings" in text


def test_the_stats_command_on_mixed_files(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deals.parquet"
    assert main(["stats", str(FOUR), str(TWO), "-o", str(out), "-q"]) == 0
    text = capsys.readouterr().out
    two, four = text.split("four players (Bauernschnapsen):")
    assert two.startswith("two players:") and "closer wins" in two
    assert "records" in two and str(len(deals_frame([TWO]))) in two.split("\n")[3]
    assert "kontraschnapser called / played / made" in four
    back = pd.read_parquet(out)
    assert set(back["variant"].astype(str)) == {"bauern", "schnapsen"}


def test_four_player_plots_speak_german(bundled: Any) -> None:
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    from schnapsen_lab.i18n import language
    from schnapsen_lab.stats import plots

    with language("de"):
        ax = plots.plot_trump_fixing(bundled)
        spritze = plots.plot_spritze(bundled)
        contracts = plots.plot_contracts(bundled, what="called")
    assert ax.get_title().startswith("Atout angesagt oder aufgedeckt")
    assert [t.get_text().split("\n")[0] for t in ax.get_xticklabels()] == ["angesagt",
                                                                          "aufgedeckt"]
    assert [t.get_text().split("\n")[0] for t in spritze.get_xticklabels()] == [
        "mit Spritzer", "ohne Spritzer"]
    assert contracts.get_xlabel() == "Sonderspiel"
    plt.close("all")


def test_the_summary_has_a_value_for_every_collection() -> None:
    """Notebook 06 puts the collections' summaries side by side: the called-partner one
    has no spritze and no fixed teams, said in words rather than left NaN."""
    s = bauern_summary(deals_frame([CALLED]))
    assert s["value"].notna().all(), s
    assert s.loc["team NS wins (fixed partners)", "value"] == "no fixed partners"
    assert s.loc["spritze side wins", "value"] == "no spritze"
    assert s.loc["spritze stands", "value"].startswith("0 (")


# -- the 24-card pack (BAUERN.md BN) ---------------------------------------------------------------

CONFORMANCE24 = Path(__file__).parent / "data" / "conformance" / "bauern24"


def test_24_card_rows_agree_with_check_json() -> None:
    """Every valid 24-card case (six tricks, the nines) is a row whose result, scores,
    tricks and counters are check --json's; a nine turned up is a card of the table."""
    lines = (CONFORMANCE24 / "valid.expect.jsonl").read_text(encoding="utf-8").splitlines()
    want = [json.loads(x) for x in lines if x.strip()]
    d = deals_frame([CONFORMANCE24 / "valid.psn"])
    assert len(d) == len(want) == 40
    assert set(d["profile"].astype(str)) == {"bauern24", "bauern24-called"}
    for (_, row), e in zip(d.iterrows(), want, strict=True):
        where = f"record {e['index']}"
        assert row["index"] == e["index"] and bool(row["valid"]), where
        assert na(row["winning_side"]) == e["winner"], where
        assert na(row["game_points"]) == e["game_points"], where
        assert row["end"] == e["end"], where
        assert na(row["declarer"]) == e["declarer"], where
        for name, role in _sides(row).items():
            assert row[f"score_{role}"] == e["scores"][name], where
            assert row[f"tricks_{role}"] == e["tricks"][name], where
        if e.get("counters") is not None:
            for key, value in e["counters"].items():
                assert row[f"counters_{key.lower()}"] == value, (where, key)
        assert row["tricks_fh"] + row["tricks_other"] <= 6
    turned = {str(c) for c in d["turned_card"].dropna()}
    assert turned & {"9C", "9D", "9H", "9S"}, turned
