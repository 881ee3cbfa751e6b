"""Four-player rows in the deal table, and bauern2 Bummerls counting up."""

from __future__ import annotations

from pathlib import Path

import pytest

pd = pytest.importorskip("pandas")

from schnapsen_lab import psn  # noqa: E402
from schnapsen_lab.cli import main  # noqa: E402
from schnapsen_lab.stats import deals_frame, matches_frame, players_frame  # noqa: E402

from .conftest import ROOT  # noqa: E402

TWO = ROOT / "records" / "strict-heuristic-vs-random.psn"
FOUR = ROOT / "records" / "bauern-heuristic-vs-random.psn"
BAUERN2 = ROOT / "records" / "bauern2-heuristic-vs-random.psn"


def test_four_player_rows_leave_the_two_player_tables_as_they_were() -> None:
    alone = deals_frame([TWO])
    mixed = deals_frame([FOUR, TWO])
    two = mixed[mixed["file"].astype(str) == str(TWO)].reset_index(drop=True)
    pd.testing.assert_frame_equal(two.astype(object), alone.astype(object))
    pd.testing.assert_frame_equal(matches_frame(mixed), matches_frame(alone))
    pd.testing.assert_frame_equal(players_frame(mixed), players_frame(alone))


def test_four_player_rows_fill_the_columns_that_apply() -> None:
    d = deals_frame([FOUR])
    records = list(psn.read(FOUR))
    assert len(d) == len(records) and set(d["variant"].astype(str)) == {"bauern"}
    for (_, row), rec in zip(d.iterrows(), records, strict=True):
        c = rec.check_dict()
        assert row["game_points"] == c["game_points"] and row["end"] == c["end"]
        assert row["rule"] == rec.outcome.rule and row["profile"] == "bauern"
        assert row["match"] == rec.match and row["deal"] == rec.deal
        assert row["actions"] == len(rec.actions) and bool(row["valid"])
        fin = rec.final
        assert bool(row["forehand_won"]) is bool(rec.outcome.winners >> fin.forehand & 1)
        trump = fin.trump_suit
        assert (pd.isna(row["trump"]) if trump is None else row["trump"] == trump.name)
        for col in ("player_a", "winner", "dealer", "claimant", "closer", "counters_a",
                    "bummerl_winner", "score_a"):
            assert pd.isna(row[col]), col
    assert (d.groupby("match", observed=True)["bummerl"].max() == 1).all()
    assert matches_frame(d).empty and players_frame(d).empty


def test_bauern2_bummerls_are_won_at_21() -> None:
    d = deals_frame([BAUERN2])
    m = matches_frame(d)
    assert len(m) == 50 and m["complete"].all()
    last = d.groupby("match", observed=True).tail(1)
    assert (last[["counters_a", "counters_b"]].max(axis=1) >= 21).all()
    won_a = m["counters_a"].astype(int) >= 21
    assert (m["winner"].astype(str) == won_a.map({True: "A", False: "B"})).all()
    assert d["bummerl_winner"].notna().sum() == 50


def test_the_stats_command_reads_mixed_files(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deals.parquet"
    assert main(["stats", str(FOUR), str(TWO), "-o", str(out), "-q"]) == 0
    text = capsys.readouterr().out
    assert "four-player deals" in text
    back = pd.read_parquet(out)
    assert set(back["variant"].astype(str)) == {"bauern", "schnapsen"}
