"""Dreierschnapsen's rows of the deal, match and player tables, and what `schnapsen-lab
stats` prints for three-player records."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd

from schnapsen_lab import psn
from schnapsen_lab.columns import DEAL_COLUMNS
from schnapsen_lab.games.dreier.rules import DREIER, Position
from schnapsen_lab.games.dreier.selfplay import match_text
from schnapsen_lab.games.dreier.stats import contract_table, seat_table
from schnapsen_lab.stats import deals_frame, matches_frame, players_frame

from .test_dreier_players import deck_for

ROOT = Path(__file__).resolve().parent.parent
NAMES = [c[0] for c in DEAL_COLUMNS]
FOUR_NAMES = ["north", "east", "south", "west", "called_card", "partner", "call_4",
              "call_n", "call_e", "call_s", "call_w", "counters_ns", "counters_ew"]
TWO_ONLY = ["dealer", "forehand", "winner", "closer", "tricks_a", "score_a",
            "counters_before_a", "bummerl_winner"]


def _gang_record() -> psn.Record:
    """A Gang (A), doubled by B's spritze, laid away QS JS, made in six tricks."""
    deck = deck_for("AC TC AD TD AS TS", "KC QC JC KD QD JD", "AH TH KH QH JH KS", "QS JS")
    p = Position.deal(deck, 2)
    acts: list[Any] = []
    plan = ["T:C", "gang", "spritze", "weiter", "L:QS", "L:JS"]
    for t in plan:
        p = p.play(t)
        acts.append(t)
    for lead in ("AC", "TC", "AD", "TD", "AS", "TS"):
        p = p.play(lead)
        acts.append(lead)
        for _ in range(2):
            a = p.legal_actions()[0]
            p = p.play(a)
            acts.append(a)
    assert p.outcome is not None
    return psn.Record.from_actions(deck, acts, dealer=2, profile=DREIER,
                                   tags={"PlayerA": "Anna", "PlayerB": "Bert",
                                         "PlayerC": "Cilli"})


def test_a_deal_row_column_by_column() -> None:
    rec = _gang_record()
    d = deals_frame([rec])
    assert list(d.columns) == NAMES
    row = d.iloc[0]
    want = {
        "variant": "dreier", "profile": "dreier", "valid": True, "player_a": "Anna",
        "player_b": "Bert", "player_c": "Cilli", "dealer_seat": "C", "forehand_seat": "A",
        "cut": "cut", "trump_fixed": "named", "call_1": "gang",
        "call_2": "spritze", "call_3": "weiter", "call_a": "gang", "call_b": "spritze",
        "call_c": "weiter", "contract": "gang", "declarer": "A", "contract_made": True,
        "spritze": True, "spritze_seat": "B", "side_fh": "A", "side_other": "BC",
        "winning_side": "A", "game_points": 18, "end": "contract_made", "rule": "3K3",
        "forehand_won": True, "tricks_fh": 6, "tricks_other": 0, "laid_away": "QS JS",
        "laid_points": 5, "decided_step": 24, "decided_trick": 6, "actions": 24,
    }
    for col, value in want.items():
        assert row[col] == value, (col, row[col], value)
    for col in (*FOUR_NAMES, *TWO_ONLY, "counters_a", "counters_c", "declarer_score",
                "trump"):  # no trump in Gang (3K5)
        assert pd.isna(row[col]), col
    assert str(d["declarer"].dtype) == "category"


def test_a_match_fills_the_match_and_player_tables(tmp_path: Path) -> None:
    text = match_text(("heuristic", "random", "random"), 4, 1, DREIER, "4-1",
                      ("Anna", "Bert", "Cilli"))
    path = tmp_path / "m.psn"
    path.write_text(text, encoding="utf-8")
    recs = psn.load(path)
    d = deals_frame([path])
    assert len(d) == len(recs)
    last = recs[-1]
    assert last.counters is not None
    assert tuple(d.iloc[-1][["counters_a", "counters_b", "counters_c"]]) == last.counters
    m = matches_frame(d)
    assert len(m) == 1
    row = m.iloc[0]
    assert (row["player_a"], row["player_b"], row["player_c"]) == ("Anna", "Bert", "Cilli")
    assert (row["game_points_a"], row["game_points_b"], row["game_points_c"]) == \
        last.counters
    assert row["complete"] and row["match_winner"] == "".join(last.match_winners)
    p = players_frame(d, m).set_index("player")
    assert set(p.index) == {"Anna", "Bert", "Cilli"}
    assert (p["matches"] == 1).all() and p["deals"].sum() == 3 * len(d)
    declared = d[d["contract"].astype(object) != "normal"]
    assert p["contracts"].sum() == len(declared)


def test_contract_and_seat_tables() -> None:
    d = deals_frame([_gang_record()])
    c = contract_table(d)
    assert c.loc["gang", "called"] == 1 and c.loc["gang", "made"] == 1
    assert c.loc["gang", "spritze"] == 1 and c.loc["gang", "declarer_points"] == 18
    assert c.loc["normal", "played"] == 0
    s = seat_table(d)
    assert s.loc["A", "played"] == 1 and s.loc["A", "made"] == 1
    assert s.loc["B", "spritzes"] == 1 and s.loc["A", "game_points"] == 18


def test_stats_prints_the_three_player_tables(tmp_path: Path) -> None:
    path = tmp_path / "g.psn"
    path.write_text(str(_gang_record()) + "\n", encoding="utf-8")
    two = ROOT / "records" / "strict-heuristic-vs-random.psn"
    cmd = [sys.executable, "-m", "schnapsen_lab.cli", "stats", str(path)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("3 players (Dreierschnapsen):")
    assert "three-player records" in out.stdout and "mean points laid away" in out.stdout
    assert "kontrabauernschnapser" in out.stdout and "two players" not in out.stdout
    mixed = subprocess.run([*cmd, str(two)], capture_output=True, text=True)
    assert mixed.returncode == 0, mixed.stderr
    assert mixed.stdout.startswith("two players:")
    assert "\n3 players (Dreierschnapsen):" in mixed.stdout


def test_the_deal_table_agrees_with_check_json_on_the_conformance_cases() -> None:
    """Every valid public case: the row says what `check --json` says (DREIER.md
    "Records"): winner, game points, end, contract, declarer, spritze, scores, tricks and
    the counters after the deal."""
    import json

    folder = Path(__file__).parent / "data" / "conformance" / "dreier"
    want = [json.loads(line) for line in
            (folder / "valid.expect.jsonl").read_text(encoding="utf-8").splitlines()]
    d = deals_frame([folder / "valid.psn"])
    assert len(d) == len(want) > 20
    for (_, row), e in zip(d.iterrows(), want, strict=True):
        where = (e["index"], e["line"])
        finished = e["end"] != "unfinished"
        assert (row["winning_side"] if finished else None) == e["winner"], where
        assert (int(row["game_points"]) if finished else None) == e["game_points"], where
        assert row["end"] == e["end"], where
        if pd.notna(row["contract"]):
            assert (None if row["contract"] == "normal" else row["contract"]) == \
                e["contract"], where
            assert row["declarer"] == e["declarer"], where
            assert pd.notna(row["spritze_seat"]) == e["spritze"], where
            scores = {row["side_fh"]: row["score_fh"], row["side_other"]: row["score_other"]}
            tricks = {row["side_fh"]: row["tricks_fh"], row["side_other"]: row["tricks_other"]}
            assert scores == e["scores"] and tricks == e["tricks"], where
        if e.get("counters") is not None:
            got = {s: int(row[f"counters_{s.lower()}"]) for s in "ABC"}
            assert got == e["counters"], where


def test_the_match_winner_is_the_highest_counter() -> None:
    """3X1: the highest counter wins, not every counter that reached 24 with the deal."""
    from schnapsen_lab.games.dreier.selfplay import play_match

    for n in range(1, 40):
        m = play_match(("random", "random", "random"), 5, n)
        c = m.counters
        reached = [k for k, v in c.items() if v >= 24]
        if len(reached) > 1 and len(set(c[k] for k in reached)) > 1:
            break
    else:
        raise AssertionError("no match with two counters past 24 apart")
    top = max(c.values())
    assert m.winners == tuple(k for k in "ABC" if c[k] == top)
    from schnapsen_lab.games.dreier.selfplay import match_records

    recs = psn.loads(psn.dumps(match_records(m, ("a", "b", "c"))))
    d = deals_frame(recs)
    assert d.iloc[-1]["match_winner"] == "".join(m.winners)
    assert d["match_winner"].notna().sum() == 1
