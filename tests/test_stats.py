"""Statistics: the deal, Bummerl and player tables, chunked and Dask reading, the CLI, plots."""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

pd = pytest.importorskip("pandas")

from schnapsen_lab import psn  # noqa: E402
from schnapsen_lab.cli import main  # noqa: E402
from schnapsen_lab.games.twohand.rules import ActionKind, Seat  # noqa: E402
from schnapsen_lab.stats import (  # noqa: E402
    DEAL_COLUMNS,
    MATCH_COLUMNS,
    PLAYER_COLUMNS,
    deal_features,
    deals_frame,
    matches_frame,
    players_frame,
    score_trajectory,
)
from schnapsen_lab.stats.parallel import (  # noqa: E402
    load_frame,
    plan_chunks,
    read_chunk,
    read_deals,
    save_frame,
)
from schnapsen_lab.stats.tables import (  # noqa: E402
    closing_by_talon,
    forehand_table,
    marriage_table,
    points_by_end,
    summary,
    wilson,
)

from .stats_helpers import random_deal, random_matches, random_psn  # noqa: E402

DATA = Path(__file__).parent / "data" / "stats"
ROOT = Path(__file__).parent.parent
VALID = DATA / "valid.psn"
INVALID = DATA / "invalid.psn"


def expect(name: str) -> list[dict[str, Any]]:
    lines = (DATA / f"{name}.expect.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(x) for x in lines if x.strip()]


def random_psn_file(folder: Path, seed: int, matches: int) -> Path:
    path = folder / f"random-{seed}.psn"
    path.write_text(random_psn(seed, matches), encoding="utf-8")
    return path


def na(x: Any) -> Any:
    return None if pd.isna(x) else x


@pytest.fixture(scope="module")
def conformance() -> Any:
    return deals_frame([VALID, INVALID])


@pytest.fixture(scope="module")
def held_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A held-out collection: random Bummerls, standalone deals, an unfinished and a broken one."""
    rng = random.Random(7)
    parts = [random_psn(11, 12)]
    for i in range(6):  # deals outside any match, written compact
        dealer = Seat.A if i % 2 else Seat.B
        deck, actions = random_deal(rng, dealer)
        rec = psn.Record.from_actions(deck, actions, dealer=dealer,
                                      tags={"PlayerA": "Cleo", "PlayerB": "Dora"})
        parts.append(psn.dumps([rec], compact=True))
    deck, actions = random_deal(rng, Seat.B, stop_early=True)
    parts.append(psn.dumps([psn.Record.from_actions(deck, actions, result=False)]))
    parts.append('[Deck "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"]\n\n'
                 "1. QS QS\n")
    parts.append(random_psn(12, 8, names=("Emil", "Anna"), prefix="x"))
    path = tmp_path_factory.mktemp("stats") / "held-out.psn"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


# -- the deal table on records with known answers ------------------------------------------------

def test_columns_and_types(conformance: Any) -> None:
    assert list(conformance.columns) == [c[0] for c in DEAL_COLUMNS]
    for name, kind, _ in DEAL_COLUMNS:
        dtype = str(conformance[name].dtype)
        want = {"seat": "category", "suit": "category", "end": "category", "rule": "category",
                "cat": "category", "bool": "bool"}.get(kind, kind)
        assert dtype == want, name
    assert list(conformance["winner"].cat.categories) == ["A", "B"]
    assert list(conformance["end"].cat.categories) == [
        "claim", "false_claim", "last_trick", "unfinished", "contract_made", "contract_broken",
        "standoff"]
    assert set(conformance["variant"].astype(str)) == {"schnapsen"}


def test_valid_conformance_rows(conformance: Any) -> None:
    rows = conformance[conformance["file"] == str(VALID)]
    want = expect("valid")
    assert len(rows) == len(want)
    for (_, row), e in zip(rows.iterrows(), want, strict=True):
        where = f"record {e['index']}"
        assert row["index"] == e["index"] and row["line"] == e["line"], where
        assert bool(row["valid"]) is True, where
        assert na(row["winner"]) == e["winner"], where
        assert na(row["game_points"]) == e["game_points"], where
        assert na(row["end"]) == e["end"], where
        assert na(row["closer"]) == e["closed_by"], where
        assert (row["score_a"], row["score_b"]) == (e["scores"]["A"], e["scores"]["B"]), where
        assert (row["tricks_a"], row["tricks_b"]) == (e["tricks"]["A"], e["tricks"]["B"]), where
        assert na(row["match"]) == e.get("match"), where
        if e.get("counters"):
            assert (row["counters_a"], row["counters_b"]) == (
                e["counters"]["A"], e["counters"]["B"]), where
        if e["winner"] is not None:
            names = {"A": row["player_a"], "B": row["player_b"]}
            assert row["winner_name"] == names[e["winner"]]


def test_invalid_records_are_rows_flagged_with_errors(conformance: Any) -> None:
    rows = conformance[conformance["file"] == str(INVALID)]
    want = expect("invalid")
    assert len(rows) == len(want)  # never dropped
    for (_, row), e in zip(rows.iterrows(), want, strict=True):
        where = f"record {e['index']}"
        assert bool(row["valid"]) is e["ok"], where
        if not e["ok"]:
            assert row["error_rule"] in e["rules"], where
            assert row["n_errors"] >= 1
            assert isinstance(row["errors"], str) and row["error_rule"] in row["errors"]
            if "error_line" in e:
                assert f"line {e['error_line']}, col {e['error_col']}" in row["errors"], where
        else:
            assert pd.isna(row["errors"]) and row["n_errors"] == 0


def test_closing_known_answer(conformance: Any) -> None:
    # valid.psn record 4: B closes before trick 4 with the talon at 4; A (43 in 2 tricks)
    # then claims correctly: the closing fails (C3) and A exchanged the trump jack
    row = conformance[(conformance["file"] == str(VALID)) & (conformance["index"] == 4)].iloc[0]
    assert row["closer"] == "B" and row["close_talon"] == 4 and row["close_trick"] == 4
    assert row["close_opp_score"] == 43 and row["close_opp_tricks"] == 2
    assert not row["close_success"] and row["rule"] == "C3" and row["claimant"] == "A"
    assert row["exchanged_by"] == "A" and row["forehand"] == "B"
    assert not row["forehand_won"]
    assert row["actions"] == 15


def test_held_66_known_answer(conformance: Any) -> None:
    # valid.psn record 8: B leads KH+40 holding 80 and plays on instead of claiming (E4)
    row = conformance[(conformance["file"] == str(VALID)) & (conformance["index"] == 8)].iloc[0]
    assert bool(row["held66_b"]) and not row["held66_a"]
    assert row["marriages40_b"] == 1 and row["marriage_points_b"] == 40
    assert row["pending_b"] == 0


def test_pending_marriage_known_answer(conformance: Any) -> None:
    # valid.psn record 27: "1. KC+40 66": A announces 40 with no trick and claims: it never
    # counts (M2), the claim is false (G2) and B wins 3
    row = conformance[(conformance["file"] == str(VALID)) & (conformance["index"] == 27)].iloc[0]
    assert row["marriages40_a"] == 1 and row["pending_a"] == 1
    assert row["marriage_points_a"] == 0 and row["score_a"] == 0
    assert row["end"] == "false_claim" and row["claimant"] == "A"
    assert row["winner"] == "B" and row["game_points"] == 3


def test_broken_main_line_has_no_outcome(conformance: Any) -> None:
    rows = conformance[(conformance["file"] == str(INVALID)) & ~conformance["valid"]]
    broken = rows[rows["end"].isna()]
    assert len(broken) > 0
    assert broken["winner"].isna().all() and broken["game_points"].isna().all()
    assert broken["closer"].isna().all() and broken["held66_a"].isna().all()


# -- a held-out collection against the referee and an independent replay -------------------------

def _independent(rec: psn.Record) -> dict[str, Any]:
    """Closer, marriages and exchange found by stepping through record.positions()."""
    pos = rec.positions()
    out: dict[str, Any] = {"closer": None, "m20": [0, 0], "m40": [0, 0], "x": None,
                           "talon": None}
    for p, mv in zip(pos, rec.moves, strict=False):
        seat = p.to_move
        if mv.action.kind is ActionKind.CLOSE:
            out["closer"] = str(seat)
            out["talon"] = p.talon_size
        elif mv.action.kind is ActionKind.MARRIAGE:
            out["m40" if mv.action.points == 40 else "m20"][int(seat)] += 1  # type: ignore[arg-type]
        elif mv.action.kind is ActionKind.EXCHANGE:
            out["x"] = str(seat)
    return out


def test_held_out_collection(held_out: Path) -> None:
    df = deals_frame(held_out)
    records = list(psn.read(held_out))
    assert len(df) == len(records)
    assert (~df["valid"]).sum() == sum(1 for r in records if r.errors) == 1
    assert (df["end"] == "unfinished").sum() == 1
    for (_, row), rec in zip(df.iterrows(), records, strict=True):
        c = rec.check_dict()
        assert na(row["winner"]) == c["winner"]
        assert na(row["game_points"]) == c["game_points"]
        assert na(row["end"]) == c["end"]
        if not rec.main_line_ok:
            continue
        assert na(row["closer"]) == c["closed_by"]
        ind = _independent(rec)
        assert na(row["closer"]) == ind["closer"]
        assert na(row["close_talon"]) == ind["talon"]
        assert na(row["exchanged_by"]) == ind["x"]
        assert [row["marriages20_a"], row["marriages20_b"]] == ind["m20"]
        assert [row["marriages40_a"], row["marriages40_b"]] == ind["m40"]
        assert row["actions"] == len(rec.moves)
        if c["winner"] is not None and row["closer"] is not pd.NA and na(row["closer"]):
            assert bool(row["close_success"]) == (c["winner"] == row["closer"])


def test_features_without_pandas_objects() -> None:
    rec = next(random_matches(3, 1))
    f = deal_features(rec)
    assert f is not None and f.actions == len(rec.moves)
    assert f.scores == rec.final.scores if rec.final else False
    traj = score_trajectory(rec)
    assert traj[0].score_a == traj[0].score_b == 0
    assert len(traj) == len(rec.moves) + 1
    assert (traj[-1].score_a, traj[-1].score_b) == f.scores


def test_records_in_memory() -> None:
    recs = list(random_matches(5, 2))
    df = deals_frame(recs)
    assert len(df) == len(recs)
    assert set(df["file"].astype(str)) == {"<records>"}
    assert df["valid"].all()


# -- Bummerls and players ------------------------------------------------------------------------

def test_matches_frame_known_answers(conformance: Any) -> None:
    m = matches_frame(conformance)
    assert list(m.columns) == [c[0] for c in MATCH_COLUMNS]
    last: dict[str, dict[str, Any]] = {}
    for e in expect("valid"):
        if e.get("match"):
            last[e["match"]] = e
    mv = m[m["file"] == str(VALID)]
    assert set(mv["match"].astype(str)) == set(last)
    for _, row in mv.iterrows():
        e = last[str(row["match"])]
        ca, cb = e["counters"]["A"], e["counters"]["B"]
        # shown stopping at 0, the winner's excess in `over` (issue 22)
        assert (row["counters_a"], row["counters_b"]) == (max(ca, 0), max(cb, 0))
        decided = min(e["counters"].values()) <= 0
        if decided:
            assert row["over"] == max(-min(ca, cb), 0)
        assert bool(row["complete"]) is decided
        if decided:
            assert row["winner"] == ("A" if e["counters"]["A"] <= 0 else "B")
        gp = row["game_points_a"] + row["game_points_b"]
        assert 14 - e["counters"]["A"] - e["counters"]["B"] == gp
    unfinished = m[~m["complete"]]  # invalid.psn holds Bummerls that never end
    assert len(unfinished) > 0
    assert unfinished["winner"].isna().all() and unfinished["winner_name"].isna().all()


def test_players_frame_adds_up(held_out: Path) -> None:
    d = deals_frame(held_out)
    p = players_frame(d)
    assert list(p.columns) == [c[0] for c in PLAYER_COLUMNS]
    fin = d[d["winner"].notna()]
    assert p["deals_won"].sum() == len(fin)
    assert p["game_points"].sum() == fin["game_points"].astype(int).sum()
    assert p["deals"].sum() == 2 * len(fin)
    m = matches_frame(d)
    assert p["bummerl_wins"].sum() == m["complete"].sum()
    anna = p[p["player"] == "Anna"].iloc[0]
    assert anna["matches"] == 12 + 8  # A in one collection, B in the other
    assert p["false_claims"].sum() == (fin["end"] == "false_claim").sum()


# -- chunks, processes, Parquet, Dask ------------------------------------------------------------

def test_chunks_never_split_a_bummerl(held_out: Path) -> None:
    chunks = plan_chunks([held_out], chunk_bytes=1500)
    assert len(chunks) > 5
    assert chunks[0].start == 0 and chunks[-1].end == held_out.stat().st_size
    assert all(a.end == b.start for a, b in itertools.pairwise(chunks))
    whole = deals_frame(held_out)
    parts = [read_chunk(c) for c in chunks]
    assert sum(len(x) for x in parts) == len(whole)
    for part in parts:
        first = part.iloc[0]
        assert pd.isna(first["match"]) or first["deal"] == 1


def _chunk_texts(path: Path, chunk_bytes: int) -> list[str]:
    data = path.read_bytes()
    return [data[c.start:c.end].decode("utf-8") for c in plan_chunks([path], chunk_bytes)]


@pytest.mark.parametrize("comment", [True, False])
def test_chunks_are_cut_by_the_readers_splitter_at_every_size(comment: bool,
                                                               tmp_path: Path) -> None:
    # 12 records in three Bummerls; one comment runs over two lines, the second of which
    # starts like a tag line of another match (a cut there would make 13 broken records)
    recs = [r for r in psn.read(VALID) if r.match is not None][:12]
    if comment:
        recs[5].main.moves[1].comments.append("PLACEHOLDER")
    text = psn.dumps(recs).replace(
        "{PLACEHOLDER}", '{a comment that goes on\n[Match "m9"] [Deal "1"] on its line}')
    assert ('\n[Match "m9"]' in text) is comment
    path = tmp_path / "twelve.psn"
    path.write_text(text, encoding="utf-8")
    whole = psn.loads(text)
    assert len(whole) == 12 and all(r.ok for r in whole)
    seen: set[tuple[int, ...]] = set()
    for size in range(1, len(text.encode()) + 2):
        chunks = plan_chunks([path], size)
        cuts = tuple(c.start for c in chunks)
        if cuts in seen:
            continue
        seen.add(cuts)
        parts = [psn.loads(t) for t in _chunk_texts(path, size)]
        got = [r for part in parts for r in part]
        assert len(got) == 12 and got == whole, (size, cuts)
        assert all(r.ok for r in got), (size, [r.errors for r in got if r.errors][:1])
        assert [c.first_line for c in chunks] == [
            text.encode()[:c.start].count(b"\n") + 1 for c in chunks]
    assert len(seen) >= 3  # the file was cut in several ways, at Bummerl boundaries only


def test_a_file_that_changes_while_it_is_read_is_refused(held_out: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from schnapsen_lab.stats import parallel

    path = tmp_path / "moving.psn"
    path.write_bytes(held_out.read_bytes())
    chunks = plan_chunks([path], chunk_bytes=1500)
    assert chunks[1].stamp is not None
    path.write_bytes(held_out.read_bytes().replace(b"Anna", b"Anne"))  # the same size
    os.utime(path, ns=(chunks[1].stamp[2] + 10**9,) * 2)  # a second later
    with pytest.raises(parallel.FileChanged, match="changed while it was being read"):
        read_chunk(chunks[1])
    # and through read_deals: the file replaced after the chunks were planned
    real = parallel.plan_chunks

    def plan_then_replace(paths: Any, chunk_bytes: int = parallel.CHUNK_BYTES) -> Any:
        out = real(paths, chunk_bytes)
        fresh = tmp_path / "fresh.psn"
        fresh.write_bytes(held_out.read_bytes())
        os.replace(fresh, path)  # another inode at the same path
        return out

    monkeypatch.setattr(parallel, "plan_chunks", plan_then_replace)
    with pytest.raises(parallel.FileChanged):
        read_deals([path], workers=2, chunk_bytes=1500)


def test_parallel_equals_sequential(held_out: Path) -> None:
    whole = deals_frame([held_out, VALID])
    fast = read_deals([held_out, VALID], workers=2, chunk_bytes=1500)
    pd.testing.assert_frame_equal(fast, whole)
    also = deals_frame([held_out, VALID], workers=2)
    pd.testing.assert_frame_equal(also, whole)


def test_parquet_round_trip(conformance: Any, tmp_path: Path) -> None:
    out = tmp_path / "deals.parquet"
    save_frame(conformance, out)
    back = load_frame(out)
    pd.testing.assert_frame_equal(back, conformance)
    csv = tmp_path / "deals.csv"
    save_frame(conformance, csv)
    back_csv = load_frame(csv)
    assert len(back_csv) == len(conformance)
    assert (back_csv.dtypes == conformance.dtypes).all()
    assert back_csv["winner"].equals(conformance["winner"])
    assert not list(tmp_path.glob(".~*"))  # no temporary file left
    # an all-valid collection: the error columns are empty, their types survive too
    clean = deals_frame(random_psn_file(tmp_path, 9, 3))
    assert clean["error_rule"].isna().all()
    for table in (clean, matches_frame(clean), players_frame(clean)):
        save_frame(table, tmp_path / "t.parquet")
        pd.testing.assert_frame_equal(load_frame(tmp_path / "t.parquet"), table)


def test_dask_equals_local(held_out: Path) -> None:
    distributed = pytest.importorskip("distributed")
    from schnapsen_lab.stats import dask as sdask

    local = deals_frame([held_out, INVALID])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster):
        ddf = sdask.deals_ddf([held_out, INVALID], chunk_bytes=2000)
        assert ddf.npartitions > 2
        remote = sdask.deals_frame([held_out, INVALID], chunk_bytes=2000)
    pd.testing.assert_frame_equal(remote, local)


# -- answer tables ------------------------------------------------------------------------------

def test_answer_tables(held_out: Path) -> None:
    d = deals_frame(held_out)
    fin = d[d["winner"].notna()]
    t = points_by_end(d)
    assert t["deals"].sum() == len(fin)
    f = forehand_table(d)
    assert f["deals"].tolist() == [len(fin), len(fin)]
    # counted again from the records themselves: the forehand is the one who did not deal
    results = [(r.outcome.winner, r.dealer) for r in psn.read(held_out)
               if r.main_line_ok and r.outcome is not None]
    forehand_won = sum(1 for winner, dealer in results if winner != dealer)
    assert len(results) == len(fin) and 0 < forehand_won < len(fin)
    assert f["won"].tolist() == [forehand_won, len(fin) - forehand_won]
    c = closing_by_talon(d)
    assert c["deals"].sum() == fin["closer"].notna().sum()
    mt = marriage_table(d)
    assert mt["deals"].sum() == 2 * len(fin)
    s = summary(d)
    assert s.loc["records", "value"] == len(d) and s.loc["invalid", "value"] == 1


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


# -- command line --------------------------------------------------------------------------------

def test_cli_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deals.parquet"
    mout = tmp_path / "matches.csv"
    pout = tmp_path / "players.parquet"
    code = main(["stats", str(VALID), str(INVALID), "-o", str(out), "--matches", str(mout),
                 "--players", str(pout)])
    text = capsys.readouterr().out
    assert code == 0
    assert "records" in text and "32 invalid records" in text
    deals = pd.read_parquet(out)
    assert len(deals) == len(expect("valid")) + len(expect("invalid"))
    assert (~deals["valid"]).sum() == 32
    assert len(pd.read_csv(mout)) == len(matches_frame(deals))
    assert set(pd.read_parquet(pout)["player"].astype(str)) >= {"Anna", "Bert"}


def test_cli_stats_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(tmp_path / "missing.psn")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["stats", str(VALID), "-o", str(tmp_path / "deals.xlsx")]) == 2
    err = capsys.readouterr().err
    assert ".parquet or .csv" in err and "Traceback" not in err
    bad = tmp_path / "latin1.psn"
    bad.write_bytes(VALID.read_bytes() + b"\n[Event \"K\xf6ln\"]\n" + b"x" * 9000)
    assert main(["stats", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "latin1.psn: not UTF-8 text" in err and "Traceback" not in err


def test_cli_does_not_import_pandas_at_module_level() -> None:
    import subprocess
    import sys

    code = ("import sys, schnapsen_lab.commands.stats, schnapsen_lab.cli as c; c.build_parser(); "
            "print('pandas' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "False"


# -- plots ---------------------------------------------------------------------------------------

def test_plots_return_labelled_axes(held_out: Path) -> None:
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    from schnapsen_lab.stats import plots

    d = deals_frame(held_out)
    players = players_frame(d)
    rec = next(r for r in psn.read(held_out) if r.ok)
    match = str(d["match"].dropna().iloc[0])
    calls = [
        lambda ax: plots.plot_points_by_end(d, ax=ax),
        lambda ax: plots.plot_closing_by_talon(d, ax=ax),
        lambda ax: plots.plot_forehand(d, ax=ax),
        lambda ax: plots.plot_marriages(d, ax=ax),
        lambda ax: plots.plot_score_trajectory(rec, ax=ax),
        lambda ax: plots.plot_bummerl(d, match, ax=ax),
        lambda ax: plots.plot_player_win_rates(players, ax=ax),
        lambda ax: plots.plot_player_win_rates(players, ax=ax, what="bummerl"),
    ]
    for call in calls:
        fig, ax = plt.subplots()
        got = call(ax)
        assert got is ax
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
        assert ax.has_data()
        plt.close(fig)
    fresh = plots.plot_forehand(d)  # without an ax: a new figure
    assert fresh.get_title()
    plt.close("all")
    with pytest.raises(ValueError, match="no Bummerl"):
        plots.plot_bummerl(d, "no-such-match")


# -- documentation -------------------------------------------------------------------------------

def test_every_column_is_documented() -> None:
    doc = (ROOT / "docs" / "statistics.md").read_text(encoding="utf-8")
    for name, _, _ in (*DEAL_COLUMNS, *MATCH_COLUMNS, *PLAYER_COLUMNS):
        assert f"`{name}`" in doc, name
    assert "LocalCluster" in doc and "Client(" in doc
