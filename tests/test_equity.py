"""Bummerl equity: the shipped tables against their distributions, the DP, the entry points
for judging decisions, measuring in self-play, and the equity command."""

from __future__ import annotations

import json
import math
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import schnapsen_lab
from schnapsen_lab import equity
from schnapsen_lab.cli import main
from schnapsen_lab.equity import (
    DATA_FILE,
    EquityTable,
    OutcomeCounts,
    build_id,
    deal_equity,
    load_tables,
    mean_deal_equity,
    solve_table,
    value_equity,
)
from schnapsen_lab.equity.measure import measure
from schnapsen_lab.games.twohand.rules import SOFT, STRICT, Seat

from .conftest import ROOT, wait_until_pool_works
from .ctrl_c import as_at_a_terminal

PROFILES = ("soft", "strict", "beginner", "sechsundsechzig")
MEASURED = PROFILES[:3]
"""The profiles ``equity --rebuild`` measures by default (Schnapsen's)."""
SHIPPED = load_tables()


def _table(counts: OutcomeCounts, profile: str = "test") -> EquityTable:
    i_deal, they_deal = solve_table(counts)
    return EquityTable(profile, "test", counts, i_deal, they_deal)


# -- the shipped tables --------------------------------------------------------------------------

def test_the_shipped_tables() -> None:
    """Every profile has the rule-of-thumb player's table; the strong player's soft table
    has 5,000 deals (docs/equity.md says which other strong tables ship, and how many)."""
    assert {(p, "heuristic") for p in PROFILES} | {("soft", "strong")} <= set(SHIPPED)
    # only Sechsundsechzig's deals end in standoffs
    assert all((t.outcomes.standoff > 0) == (p == "sechsundsechzig")
               for (p, _), t in SHIPPED.items())
    assert {pl for _, pl in SHIPPED} == {"strong", "heuristic"}
    for (profile, player), t in SHIPPED.items():
        assert profile in PROFILES
        assert t.outcomes.deals >= (5000 if player == "heuristic" or profile == "soft"
                                    else 1000)
        assert t.seed is not None
        assert t.start == 7
    doc = (ROOT / "docs" / "equity.md").read_text(encoding="utf-8")
    for (profile, player), t in SHIPPED.items():
        assert f"| {profile} | {player} | {t.outcomes.deals:,} |" in doc


@pytest.mark.parametrize("key", sorted(SHIPPED))
def test_shipped_table_is_the_dp_of_its_distribution(key: tuple[str, str]) -> None:
    shipped = SHIPPED[key]
    i_deal, they_deal = solve_table(shipped.outcomes)
    for stored, computed in ((shipped.i_deal, i_deal), (shipped.they_deal, they_deal)):
        for a in range(7):
            for b in range(7):
                assert stored[a][b] == pytest.approx(computed[a][b], abs=1e-6), (key, a, b)


@pytest.mark.parametrize("key", sorted(SHIPPED))
def test_shipped_table_symmetry_and_edges(key: tuple[str, str]) -> None:
    t = SHIPPED[key]
    for a in range(1, 8):
        for b in range(1, 8):
            # my chance and theirs, the same deal seen from both sides, add up to 1
            assert t.equity(a, b, True) + t.equity(b, a, False) == pytest.approx(1, abs=2e-6)
            # a game point less to go never hurts, a game point more for them never helps
            for i_deal in (True, False):
                e = t.equity(a, b, i_deal)
                assert 0 < e < 1
                if a > 1:
                    assert t.equity(a - 1, b, i_deal) > e
                if b > 1:
                    assert t.equity(a, b - 1, i_deal) < e
    for b in range(-2, 8):
        assert t.equity(0, b, True) == 1 and t.equity(-2, b, False) == 1
    for a in range(1, 8):
        assert t.equity(a, 0, True) == 0 and t.equity(a, -1, False) == 0
    # at the start the first dealer is drawn by lot: an even Bummerl
    assert (t.equity(7, 7, True) + t.equity(7, 7, False)) / 2 == pytest.approx(0.5, abs=2e-6)
    with pytest.raises(ValueError, match="starts at 7"):
        t.equity(8, 3, True)


def test_shipped_file_is_package_data() -> None:
    from importlib.resources import files

    res = files("schnapsen_lab.equity").joinpath("tables.json")
    assert res.is_file() and Path(str(res)) == DATA_FILE
    doc = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for profile, players in doc["profiles"].items():
        for player, d in players.items():
            assert d["command"] == (f"schnapsen-lab equity --rebuild --rules {profile} "
                                    f"--players {player} --deals {d['deals']} "
                                    f"--seed {d['seed']}")


def test_heuristic_tables_regenerate_exactly(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The rule-of-thumb player is fast: its shipped tables are rebuilt in full."""
    out = tmp_path / "tables.json"
    seed = SHIPPED[("soft", "heuristic")].seed
    deals = SHIPPED[("soft", "heuristic")].outcomes.deals
    assert main(["equity", "--rebuild", "--players", "heuristic", "--deals", str(deals),
                 "--seed", str(seed), "--rules", ",".join(PROFILES), "-q",
                 "--file", str(out)]) == 0
    capsys.readouterr()
    rebuilt = load_tables(out)
    shipped = json.loads(DATA_FILE.read_text(encoding="utf-8"))["profiles"]
    again = json.loads(out.read_text(encoding="utf-8"))["profiles"]
    for profile in PROFILES:
        assert rebuilt[(profile, "heuristic")].outcomes == SHIPPED[(profile, "heuristic")].outcomes
        new = dict(again[profile]["heuristic"])
        old = dict(shipped[profile]["heuristic"])
        # the build that measured them is this checkout's
        assert new.pop("measured_by") == build_id()
        old.pop("measured_by", None)
        assert new == old


def test_strong_tables_say_which_build_measured_them() -> None:
    """Section 5 of issue 22: the strong player's tables of every profile are measured in
    full (5,000 deals) with today's player, and each shipped table records the package
    version and commit that measured it (a clean checkout: no "+changes")."""
    for profile in ("soft", "strict", "beginner"):
        t = SHIPPED[(profile, "strong")]
        assert t.outcomes.deals >= 5000, (profile, t.outcomes.deals)
        assert t.measured_by is not None and re.fullmatch(
            r"\d+\.\d+\.\d+\S* \(git [0-9a-f]{12}\)", t.measured_by), t.measured_by
    for (profile, player), t in SHIPPED.items():
        if player == "heuristic" or t.measured_by is not None:
            assert t.measured_by is not None, (profile, player)


def test_build_id_names_the_checkout(tmp_path: Path) -> None:
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                          cwd=Path(__file__).parent)
    bid = build_id()
    assert bid.startswith(schnapsen_lab.__version__)
    if head.returncode == 0:
        assert head.stdout.strip()[:12] in bid


# -- the dynamic programme -----------------------------------------------------------------------

def _coin(a: int, b: int) -> float:
    """The chance to make a points before the opponent makes b, a fair point at a time."""
    return sum(math.comb(a - 1 + k, k) * 0.5 ** (a + k) for k in range(b))


def test_dp_of_single_game_points_is_a_fair_race() -> None:
    t = _table(OutcomeCounts((1, 0, 0), (1, 0, 0)))
    for a in range(1, 8):
        for b in range(1, 8):
            for i_deal in (True, False):
                assert t.equity(a, b, i_deal) == pytest.approx(_coin(a, b), abs=1e-12)


def test_dp_follows_the_dealer() -> None:
    # the forehand always wins 3: the Bummerl goes to whoever is forehand when it matters
    t = _table(OutcomeCounts((0, 0, 7), (0, 0, 0)))
    assert t.equity(3, 3, i_deal=False) == 1  # I am forehand now: 3 and out
    assert t.equity(3, 3, i_deal=True) == 0
    assert t.equity(4, 3, i_deal=False) == 0  # I get to 1, then they are forehand
    assert t.equity(4, 6, i_deal=False) == 1  # 4 -> 1, 6 -> 3, 1 -> won
    # the dealer always wins 1
    t = _table(OutcomeCounts((0, 0, 0), (0, 5, 0)))
    assert t.equity(2, 2, i_deal=True) == 1 and t.equity(2, 2, i_deal=False) == 0


def test_dp_weighs_the_shares() -> None:
    # one deal left for both (1 : 1): the next deal decides
    c = OutcomeCounts((30, 10, 5), (40, 10, 5))
    t = _table(c)
    assert t.equity(1, 1, i_deal=True) == pytest.approx(55 / 100)
    assert t.equity(1, 1, i_deal=False) == pytest.approx(45 / 100)
    # 2 : 1, I deal: I win with 2 or 3 now (15 %), or with 1 (40 %) and then as forehand
    assert t.equity(2, 1, True) == pytest.approx(0.15 + 0.40 * 0.45)


def test_outcome_counts_shares_and_intervals() -> None:
    c = OutcomeCounts.of_results([(True, 1)] * 30 + [(False, 3)] * 70)
    assert c.deals == 100 and c.count("dealer", 1) == 30 and c.count("forehand", 3) == 70
    assert c.share("forehand", 3) == pytest.approx(0.7)
    lo, hi = c.interval("forehand", 3)
    assert 0.6 < lo < 0.7 < hi < 0.79
    assert [r[:3] for r in c.rows()] == [("forehand", 1, 0), ("forehand", 2, 0),
                                         ("forehand", 3, 70), ("dealer", 1, 30),
                                         ("dealer", 2, 0), ("dealer", 3, 0)]
    assert list(c.frame()["share"]) == pytest.approx([0, 0, 0.7, 0.3, 0, 0])
    with pytest.raises(ValueError, match="1, 2 or 3"):
        OutcomeCounts.of_results([(True, 4)])
    with pytest.raises(ValueError, match="no deals"):
        OutcomeCounts((0, 0, 0), (0, 0, 0))


# -- section 2's entry points --------------------------------------------------------------------

def test_deal_equity_moves_the_counters_and_the_deal() -> None:
    t = equity.table("soft")
    # A dealt at 3 : 5; B wins 2 -> 3 : 3, and B deals next
    assert deal_equity(Seat.B, 2, (3, 5), Seat.A, Seat.A, t) == t.equity(3, 3, i_deal=False)
    assert deal_equity(Seat.B, 2, (3, 5), Seat.A, Seat.B, t) == t.equity(3, 3, i_deal=True)
    assert value_equity(-2, (3, 5), Seat.A, Seat.A, t) == t.equity(3, 3, i_deal=False)
    # A wins 3 at 2 : 6: the Bummerl is over
    assert deal_equity(Seat.A, 3, (2, 6), Seat.B, Seat.A, t) == 1
    assert deal_equity(Seat.A, 3, (2, 6), Seat.B, Seat.B, t) == 0
    assert value_equity(3, (2, 6), Seat.B, Seat.B, t) == 0
    with pytest.raises(ValueError, match="cannot be 0"):
        value_equity(0, (2, 6), Seat.B, Seat.B, t)
    with pytest.raises(ValueError, match="1, 2 or 3"):
        deal_equity(Seat.A, 0, (2, 6), Seat.B, Seat.B, t)


def test_mean_deal_equity_averages_worlds() -> None:
    t = equity.table("soft")
    worlds = [(Seat.A, 1), (Seat.A, 3), (Seat.B, 1), (Seat.B, 2)]
    want = sum(deal_equity(w, k, (1, 6), Seat.B, Seat.A, t) for w, k in worlds) / 4
    assert mean_deal_equity(worlds, (1, 6), Seat.B, Seat.A, t) == pytest.approx(want)
    # at 1 : 6 any win of mine ends the Bummerl; a Schwarz of theirs leaves them at 3
    assert mean_deal_equity([(Seat.A, 1)], (1, 6), Seat.B, Seat.A, t) == 1
    assert mean_deal_equity([(Seat.B, 3)], (1, 6), Seat.B, Seat.A, t) == t.equity(1, 3, True)
    with pytest.raises(ValueError, match="no outcomes"):
        mean_deal_equity([], (1, 6), Seat.B, Seat.A, t)


def test_table_lookup() -> None:
    assert equity.table("Soft ", "STRONG") is equity.table("soft")
    assert equity.table("strict", "heuristic").player == "heuristic"
    with pytest.raises(KeyError, match="shipped: beginner/heuristic"):
        equity.table("house")


# -- measuring -----------------------------------------------------------------------------------

def test_measure_is_seeded_and_independent_of_jobs() -> None:
    one = list(measure("heuristic", 40, seed=3, profile=STRICT, jobs=1))
    two = list(measure("heuristic", 40, seed=3, profile=STRICT, jobs=2))
    assert one == two and len(one) == 40
    assert list(measure("heuristic", 15, seed=3, profile=STRICT, jobs=1)) == one[:15]
    assert one != list(measure("heuristic", 40, seed=4, profile=STRICT, jobs=1))
    assert {r.game_points for r in one} <= {1, 2, 3}
    with pytest.raises(KeyError):
        measure("nobody", 3, profile=SOFT)


# -- the command ---------------------------------------------------------------------------------

def test_cli_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--rules", "strict", "--player", "heuristic"]) == 0
    out = capsys.readouterr().out
    t = SHIPPED[("strict", "heuristic")]
    assert out.startswith(f"Bummerl equity, strict rules, heuristic against itself "
                          f"({t.outcomes.deals} deals, seed {t.seed})")
    lines = out.splitlines()
    row = next(x for x in lines if x.startswith("dealer   wins 3"))
    assert f"{t.outcomes.count('dealer', 3)}" in row
    # the "I deal" table's row for my counter 1, its last column their counter 1
    k = lines.index(next(x for x in lines if "I deal next" in x))
    one = lines[k + 8].split()
    assert one[0] == "1" and one[-1] == f"{t.equity(1, 1, True):.1%}"
    assert one[1] == f"{t.equity(1, 7, True):.1%}"


@pytest.mark.parametrize("args, message", [
    (["--rules", "house"], "--rules: unknown 'house'"),
    (["--player", "random"], "--players: unknown 'random'"),
    (["--file", "/no/such/tables.json"], "no such file"),
    (["--rebuild", "--deals", "0"], "--deals 0"),
    (["--rebuild", "--file", "/no/such/folder/t.json"], "no such folder"),
])
def test_cli_bad_input_is_one_line(args: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_rebuild_keeps_other_tables(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.json"
    base = ["equity", "--rebuild", "--players", "heuristic", "--deals", "60", "--seed", "9",
            "-q", "--file", str(out)]
    assert main([*base, "--rules", "soft,strict", "--jobs", "1"]) == 0
    first = out.read_text(encoding="utf-8")
    assert main([*base, "--rules", "beginner", "--jobs", "2"]) == 0
    capsys.readouterr()
    tables = load_tables(out)
    assert set(tables) == {(p, "heuristic") for p in MEASURED}
    doc = json.loads(out.read_text(encoding="utf-8"))["profiles"]
    assert {k: v for k, v in doc.items() if k != "beginner"} == json.loads(first)["profiles"]
    assert tables[("beginner", "heuristic")].outcomes.deals == 60
    assert main(["equity", "--file", str(out), "--rules", "beginner", "--player",
                 "heuristic"]) == 0
    assert "(60 deals, seed 9)" in capsys.readouterr().out


def test_cli_ctrl_c_leaves_the_file(tmp_path: Path) -> None:
    target = tmp_path / "t.json"
    old = DATA_FILE.read_text(encoding="utf-8")
    target.write_text(old, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "schnapsen_lab.cli", "equity", "--rebuild", "--players",
         "heuristic", "--rules", "soft", "--deals", "300000", "--jobs", "2", "-q",
         "--file", str(target)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=as_at_a_terminal)
    try:
        # wait until the workers play (a condition, not a clock: issue 22), then interrupt
        try:
            wait_until_pool_works(proc.pid, jobs=2)
        except AssertionError:
            proc.kill()
            raise AssertionError(proc.communicate()) from None
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert target.read_text(encoding="utf-8") == old
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]


def test_table_as_a_frame() -> None:
    pytest.importorskip("pandas")
    t = SHIPPED[("soft", "heuristic")]
    for i_deal in (True, False):
        df = t.frame(i_deal)
        assert list(df.index) == list(range(7, 0, -1)) == list(df.columns)
        assert df.index.name == "mine" and df.columns.name == "theirs"
        assert df.loc[1, 6] == t.equity(1, 6, i_deal) and df.loc[6, 1] == t.equity(6, 1, i_deal)


# -- Sechsundsechzig: standoffs and their carry ------------------------------------------------

def _iterated(counts: OutcomeCounts, start: int = 7, rounds: int = 400
              ) -> dict[tuple[int, int, int, int], float]:
    """The chance to win the match from every (dealer d, mine, theirs, carry) by value
    iteration of the match's rules, written out apart from the programme in the package:
    each deal is won by the forehand or the dealer with 1-3 game points plus the points
    pending, or is a standoff, which adds one pending point; the deal passes on."""
    n = counts.deals
    p = {("forehand", k): counts.forehand[k - 1] / n for k in (1, 2, 3)}
    p |= {("dealer", k): counts.dealer[k - 1] / n for k in (1, 2, 3)}
    q = counts.standoff / n
    states = [(d, m, t, c) for d in (0, 1) for m in range(1, start + 1)
              for t in range(1, start + 1) for c in range(0, 2 * start + 1)]
    v = dict.fromkeys(states, 0.0)

    def at(d: int, m: int, t: int, c: int) -> float:
        return 1.0 if m <= 0 else 0.0 if t <= 0 else v[(d, m, t, min(c, 2 * start))]

    for _ in range(rounds):
        new = {}
        for d, m, t, c in states:
            me, them = ("dealer", "forehand") if d else ("forehand", "dealer")
            x = q * at(1 - d, m, t, c + 1)
            for k in (1, 2, 3):
                x += p[(me, k)] * at(1 - d, m - k - c, t, 0)
                x += p[(them, k)] * at(1 - d, m, t - k - c, 0)
            new[(d, m, t, c)] = x
        v = new
    return v


def test_the_carry_programme_is_the_matchs_exact_chance() -> None:
    counts = OutcomeCounts((300, 120, 40), (280, 110, 50), 100)
    want = _iterated(counts)
    t = _table(counts)
    for m in range(1, 8):
        for b in range(1, 8):
            for c in range(0, 9):
                for i_deal in (True, False):
                    got = t.equity(m, b, i_deal, carry=c)
                    assert got == pytest.approx(want[(int(i_deal), m, b, c)], abs=1e-9)


def test_without_standoffs_the_carry_changes_nothing() -> None:
    counts = OutcomeCounts((300, 120, 40), (280, 110, 50))
    with_zero = OutcomeCounts((300, 120, 40), (280, 110, 50), 0)
    assert solve_table(counts) == solve_table(with_zero)
    assert counts.deals == with_zero.deals == 900


def test_a_standoff_carries_a_point_to_the_next_deal() -> None:
    t = SHIPPED[("sechsundsechzig", "heuristic")]
    # A standoff at 1 : 1 to go: the next deal's winner wins the match, whoever deals
    assert deal_equity(Seat.A, 0, (1, 1), Seat.B, Seat.A, t) == pytest.approx(
        t.equity(1, 1, True, carry=1))
    assert value_equity(0, (5, 5), Seat.B, Seat.A, t) == pytest.approx(
        t.equity(5, 5, True, carry=1))
    # a point pending is worth having when behind: it comes to whoever wins next
    assert t.equity(1, 3, True, carry=2) == pytest.approx(
        t.equity(1, 1, True), abs=1e-6)
    # won with the carry: 1 game point and 1 pending take 2 off the counter
    assert deal_equity(Seat.A, 1, (2, 4), Seat.B, Seat.A, t, carry=1) == 1.0
    assert 0 < t.outcomes.standoff_share < 0.05


def test_sechsundsechzig_table_counts_up_to_seven() -> None:
    from schnapsen_lab.bummerl import score_of
    from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE
    from schnapsen_lab.psn import read

    rec = next(iter(read(ROOT / "records" / "sechsundsechzig-heuristic-vs-heuristic.psn")))
    assert rec.profile is SECHSUNDSECHZIG_PROFILE
    rec.tags["Score"] = "6-2"
    score = score_of(rec)
    assert score is not None
    assert score.counters == (1, 5) and score.text == "6-2"
    assert score.table.profile == "sechsundsechzig"
