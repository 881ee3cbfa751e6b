"""Self-play: whole Bummerl matches, determinism across jobs, the simulate command, records/."""

from __future__ import annotations

import itertools
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.twohand.rules import BAUERN2, SOFT, STRICT, ActionKind, Seat
from schnapsen_lab.match import START
from schnapsen_lab.players import RandomPlayer
from schnapsen_lab.simulate import (
    deal_records,
    play_bummerl,
    seat_names,
    simulate,
    simulate_psn,
)

from .conftest import ROOT, wait_until_pool_works
from .ctrl_c import as_at_a_terminal

RECORDS = ROOT / "records"


def test_bummerl_is_played_to_the_end() -> None:
    m = play_bummerl((RandomPlayer(), RandomPlayer()), seed=4, number=9)
    assert min(m.counters) <= 0 < max(m.counters)
    assert m.winner is (Seat.A if m.counters[0] <= 0 else Seat.B)
    counters = [START, START]
    for k, d in enumerate(m.deals):
        if k:
            assert d.dealer is m.deals[k - 1].dealer.other  # the dealer alternates (S2)
        assert min(counters) > 0  # no deal after the Bummerl is decided (B1)
        counters[d.outcome.winner] -= d.outcome.game_points
    assert tuple(counters) == m.counters


def test_same_seed_same_matches_and_decks_independent_of_players() -> None:
    a = play_bummerl((RandomPlayer(), RandomPlayer()), seed=1, number=3)
    b = play_bummerl((RandomPlayer(), RandomPlayer()), seed=1, number=3)
    assert a == b
    c = play_bummerl((RandomPlayer(), RandomPlayer()), seed=2, number=3)
    assert c != a
    from schnapsen_lab.players import HeuristicPlayer

    h = play_bummerl((HeuristicPlayer(), HeuristicPlayer()), seed=1, number=3)
    assert h.deals[0].deck == a.deals[0].deck and h.deals[0].dealer == a.deals[0].dealer


def test_same_seed_same_text_whatever_the_jobs() -> None:
    one = list(simulate_psn(("heuristic", "random"), 12, seed=7, jobs=1))
    two = list(simulate_psn(("heuristic", "random"), 12, seed=7, jobs=2))
    assert one == two
    # match n does not depend on how many matches are played before or after it
    part = list(simulate_psn(("heuristic", "random"), 4, seed=7, jobs=2, first=9))
    assert part == one[8:]


def test_simulated_records_check_and_carry_the_tags() -> None:
    matches = list(simulate(("heuristic", "heuristic"), 5, seed=3, profile=STRICT, jobs=1))
    text = "\n".join(psn.dumps(deal_records(m, ("heuristic", "heuristic"), f"m{m.number}"))
                     for m in matches)
    records = psn.loads(text)
    assert len(records) == sum(len(m.deals) for m in matches)
    for r in records:
        assert r.ok, r.errors
        assert set(r.tags) >= {"PlayerA", "PlayerB", "Match", "Deal", "Dealer", "Rules",
                               "Deck", "Score", "Result"}
        assert r.tags["Rules"] == "strict"
    by_match: dict[str, list[psn.Record]] = {}
    for r in records:
        by_match.setdefault(r.tags["Match"], []).append(r)
    for m in matches:
        deals = by_match[f"m{m.number}"]
        assert [r.tags["Deal"] for r in deals] == [str(k) for k in range(1, len(deals) + 1)]
        assert deals[-1].counters == m.counters  # the reader's Bummerl agrees


# -- the command ---------------------------------------------------------------------------------

def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_writes_a_file_that_checks(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out1, out2 = tmp_path / "one.psn", tmp_path / "two.psn"
    base = ["simulate", "--players", "heuristic,random", "--matches", "15", "--seed", "5",
            "--rules", "strict", "-q"]
    assert _run([*base, "--jobs", "1", "-o", str(out1)], capsys)[0] == 0
    assert _run([*base, "--jobs", "2", "-o", str(out2)], capsys)[0] == 0
    assert out1.read_bytes() == out2.read_bytes()
    code, out, _ = _run(["check", str(out1)], capsys)
    assert code == 0 and out.endswith(" with errors\n") and ", 0 with errors" in out
    records = list(psn.read(out1))
    assert {r.tags["Match"] for r in records} == {f"5-{n}" for n in range(1, 16)}
    assert all(r.player_names == ("heuristic", "random") for r in records)
    assert all(r.profile is STRICT for r in records)
    assert oct(out1.stat().st_mode & 0o777) == oct(0o666 & ~_umask())
    assert [p.name for p in tmp_path.iterdir()] in (["one.psn", "two.psn"],
                                                    ["two.psn", "one.psn"])


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_cli_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["simulate", "--players", "random,random", "-n", "2", "-j", "1",
                         "-o", "-"], capsys)
    assert code == 0
    records = psn.loads(out)
    assert records and all(r.ok for r in records)
    assert records[0].profile is SOFT


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "heuristic"], "give two names separated by a comma"),
    (["--players", "heuristic,random", "--explain"],
     "none of these players says why it chose (those who do: expert, strong, strong-bummerl)"),
    (["--variant", "bauern", "--players", "heuristic,heuristic", "--explain"],
     "none of these players says why it chose"),
    (["--players", "heuristic,nobody"], "unknown player 'nobody'; known: "),
    (["--players", "random,random", "--matches", "0"], "--matches 0: give at least 1"),
    (["--players", "random,random", "--jobs", "0"], "--jobs 0: give at least 1"),
    (["--players", "random,random", "--rules", "house"], "--rules 'house': unknown profile"),
])
def test_cli_errors_are_one_line(args: list[str], message: str, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.psn"
    code, _, err = _run(["simulate", *args, "-o", str(target)], capsys)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert not target.exists()


@pytest.mark.parametrize("where", ["missing-folder", "directory"])
def test_cli_bad_output(where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "x.psn" if where == "missing-folder" else tmp_path
    code, _, err = _run(["simulate", "--players", "random,random", "-o", str(target)], capsys)
    assert code == 2
    assert err.startswith("schnapsen-lab: -o ") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("game", [[], ["--variant", "dreier"]], ids=["schnapsen", "dreier"])
def test_ctrl_c_leaves_no_half_file(game: list[str], tmp_path: Path) -> None:
    target = tmp_path / "big.psn"
    target.write_text("old contents\n")
    players = "heuristic,random,random" if game else "heuristic,heuristic"
    proc = subprocess.Popen(
        [sys.executable, "-m", "schnapsen_lab.cli", "simulate", *game, "--players",
         players, "--matches", "200000", "--jobs", "2", "-q", "-o", str(target)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=as_at_a_terminal)
    try:
        # wait until the workers play and the temporary file is being written (conditions,
        # not a clock: issue 22), then interrupt
        try:
            wait_until_pool_works(proc.pid, jobs=2)
            while not any(p.name.startswith(".~big.psn") for p in tmp_path.iterdir()):
                assert proc.poll() is None, "simulate ended before writing"
                time.sleep(0.02)
        except AssertionError:
            proc.kill()
            raise AssertionError(proc.communicate()) from None
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert err.strip() == "schnapsen-lab: interrupted"
    assert target.read_text() == "old contents\n"
    assert [p.name for p in tmp_path.iterdir()] == ["big.psn"]


# -- the bundled collections -------------------------------------------------------------------

def _readme_commands() -> dict[str, list[str]]:
    """File name -> the simulate command the README gives to regenerate it."""
    text = (RECORDS / "README.md").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip().strip("`")
        if line.startswith("schnapsen-lab simulate"):
            args = shlex.split(line)[1:]
            target = args[args.index("-o") + 1]
            out[Path(target).name] = args
    return out


COLLECTIONS = {"heuristic-vs-random.psn": 500, "heuristic-vs-heuristic.psn": 500,
               "strict-heuristic-vs-random.psn": 100, "bauern2-heuristic-vs-random.psn": 50,
               "bauern-heuristic-vs-random.psn": 300, "bauern-heuristic-vs-heuristic.psn": 300,
               "bauern-called-heuristic.psn": 100, "dreier-heuristic-vs-random.psn": 200,
               "dreier-heuristic.psn": 150}
REGENERATED_WHOLE = ("bauern2-heuristic-vs-random.psn", "bauern-heuristic-vs-random.psn",
                     "dreier-heuristic-vs-random.psn")
"""Small collections regenerated whole (the others: their first matches)."""


def _option(args: list[str], name: str) -> str | None:
    return args[args.index(name) + 1] if name in args else None


@pytest.mark.parametrize("name", sorted(COLLECTIONS))
def test_bundled_collection(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from schnapsen_lab.commands.simulate import _game_and_profile

    path = RECORDS / name
    code, out, _ = _run(["check", str(path)], capsys)
    assert code == 0, out
    records = list(psn.read(path))
    matches = {r.tags["Match"] for r in records}
    assert len(matches) == COLLECTIONS[name]
    assert all(r.counters is not None for r in records)
    # every match is played to its end: its last deal decides it (B1, BZ5, BX1, BC5)
    last = {r.tags["Match"]: r for r in records}
    assert all(r.match_winners for r in last.values())
    # the README's command regenerates the file: its first matches are the same
    args = _readme_commands()[name]
    players = str(_option(args, "--players")).split(",")
    seed = int(str(_option(args, "--seed")))
    game, profile = _game_and_profile(_option(args, "--variant"), _option(args, "--rules"))
    assert int(str(_option(args, "--matches"))) == COLLECTIONS[name]
    assert all(r.profile == profile and r.game is game for r in records)
    head = "\n".join(simulate_psn(players, 3, seed, profile, jobs=1))
    text = path.read_text(encoding="utf-8")
    assert text.startswith(head + "\n")
    assert re.search(r"\S", text[len(head):])


@pytest.mark.parametrize("name", REGENERATED_WHOLE)
def test_bundled_collection_regenerates_byte_for_byte(name: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    args = _readme_commands()[name]
    target = tmp_path / name
    args[args.index("-o") + 1] = str(target)
    assert _run([*args, "--jobs", "2", "-q"], capsys)[0] == 0
    assert target.read_bytes() == (RECORDS / name).read_bytes()


# -- seats apart when one player plays both ----------------------------------------------------

def test_seat_names_tell_the_seats_apart() -> None:
    assert seat_names(("heuristic", "random")) == ("heuristic", "random")
    assert seat_names(("heuristic", "heuristic")) == ("heuristic A", "heuristic B")
    assert seat_names(("heuristic", "heuristic"), ("Anna", "Bert")) == ("Anna", "Bert")
    for bad in (("Anna", "Anna"), ("Anna", " ")):
        with pytest.raises(ValueError):
            seat_names(("random", "random"), bad)


def test_simulate_names_the_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mirror.psn"
    code, _, _ = _run(["simulate", "--players", "random,random", "--matches", "2", "--seed",
                       "5", "-j", "1", "-q", "-o", str(out)], capsys)
    assert code == 0
    recs = list(psn.read(out))
    assert {r.player_names for r in recs} == {("random A", "random B")}
    named = tmp_path / "named.psn"
    code, _, _ = _run(["simulate", "--players", "random,random", "--names", "Anna, Bert",
                       "--matches", "2", "--seed", "5", "-j", "1", "-q", "-o", str(named)],
                      capsys)
    assert code == 0
    again = list(psn.read(named))
    assert {r.player_names for r in again} == {("Anna", "Bert")}
    assert [r.actions for r in again] == [r.actions for r in recs]  # the same play
    for bad in ("Anna", "Anna,Anna", "Anna,"):
        code, _, err = _run(["simulate", "--players", "random,random", "--names", bad,
                             "--matches", "1", "-q", "-o", str(tmp_path / "x.psn")], capsys)
        assert code == 2 and "--names" in err and err.count("\n") == 1


def test_the_bundled_mirror_match_tells_the_seats_apart() -> None:
    pytest.importorskip("pandas")
    from schnapsen_lab.stats import players_frame

    path = RECORDS / "heuristic-vs-heuristic.psn"
    names = {r.player_names for r in psn.read(path)}
    assert names == {("heuristic A", "heuristic B")}
    players = players_frame(path)
    assert sorted(players["player"].astype(str)) == ["heuristic A", "heuristic B"]
    # every Bummerl counted once for each seat
    assert set(players["matches"]) == {500}


# -- bauern2 and four players ------------------------------------------------------------------

def test_a_bauern2_bummerl_counts_up_to_21() -> None:
    m = play_bummerl((RandomPlayer(), RandomPlayer()), seed=4, number=2, profile=BAUERN2)
    assert max(m.counters) >= 21 > min(m.counters)  # BZ5: up from 0, the first to 21
    assert m.winner is (Seat.A if m.counters[0] >= 21 else Seat.B)
    counters = [0, 0]
    for d in m.deals:
        assert max(counters) < 21  # no deal after the match is decided
        counters[d.outcome.winner] += d.outcome.game_points
    assert tuple(counters) == m.counters
    recs = psn.loads(psn.dumps(deal_records(m, ("Anna", "Bert"), "z")))
    assert [r.tags["Score"] for r in recs][:1] == ["0-0"] and all(r.ok for r in recs)
    assert recs[-1].counters == m.counters and recs[-1].match_winners == ("AB"[m.winner],)


@pytest.mark.parametrize("rules", ["bauern", "bauern-called", "bauern2"])
def test_the_same_file_whatever_the_jobs(rules: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "--players", "heuristic,random", "--matches", "8", "--seed", "9",
            "--rules", rules, "-q"]
    one, two = tmp_path / "one.psn", tmp_path / "two.psn"
    assert _run([*base, "--jobs", "1", "-o", str(one)], capsys)[0] == 0
    assert _run([*base, "--jobs", "2", "-o", str(two)], capsys)[0] == 0
    assert one.read_bytes() == two.read_bytes()
    records = list(psn.read(one))
    assert records and all(r.ok for r in records), [r.errors for r in records if r.errors][:1]
    assert {r.tags["Match"] for r in records} == {f"9-{n}" for n in range(1, 9)}
    assert all(r.profile.name == rules for r in records)


def test_four_player_records_carry_the_seats_and_the_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "four.psn"
    code, _, _ = _run(["simulate", "--variant", "bauern", "--players",
                       "heuristic,random,random,heuristic", "--names", "Anna,Bert,Cilli,Dani",
                       "-n", "4", "--seed", "2", "-j", "1", "-q", "-o", str(out)], capsys)
    assert code == 0
    records = list(psn.read(out))
    assert all(r.ok and r.tags["Variant"] == "bauern" for r in records)
    assert {r.player_names for r in records} == {("Anna", "Bert", "Cilli", "Dani")}
    for r in records:
        assert {"Match", "Deal", "Dealer", "Rules", "Deck", "Score", "Result"} <= set(r.tags)
        assert r.tags["Score"] == r.match_rules.score_text(r.counters_before or ())
    by_match: dict[str, list[psn.Record]] = {}
    for r in records:
        by_match.setdefault(r.tags["Match"], []).append(r)
    for deals in by_match.values():
        assert deals[0].tags["Score"] == "0-0"
        assert deals[-1].match_winners and not any(d.match_winners for d in deals[:-1])
        seats = [d.tags["Dealer"] for d in deals]
        assert all("NESW".index(b) == ("NESW".index(a) + 1) % 4  # clockwise (BS2)
                   for a, b in itertools.pairwise(seats))
    knocked = [r for r in records if r.tags.get("Cut") == "knock"]
    assert all(r.start().knock for r in knocked)


def test_two_players_make_two_teams(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["simulate", "--rules", "bauern", "--players", "heuristic,random",
                         "-n", "1", "-j", "1", "-q", "-o", "-"], capsys)
    assert code == 0
    (names,) = {r.player_names for r in psn.loads(out)}
    assert names == ("heuristic N", "random E", "heuristic S", "random W")


@pytest.mark.parametrize(("args", "message"), [
    (["--variant", "bauern", "--players", "heuristic"], "four names separated by commas"),
    (["--variant", "bauern", "--players", "a,b,c"], "four names separated by commas"),
    (["--variant", "bauern", "--players", "heuristic,nobody"], "unknown player 'nobody'"),
    (["--variant", "chess", "--players", "random,random"], "--variant 'chess'"),
    (["--variant", "bauern", "--rules", "soft", "--players", "random,random"],
     "unknown profile for Bauernschnapsen"),
    (["--rules", "bauern2", "--players", "strong,random"], "not the bauern2 profile"),
    (["--variant", "bauern", "--players", "random,random", "--names", "Anna,Bert"],
     "--names 'Anna,Bert': give 4 different names"),
])
def test_four_player_and_bauern2_errors_are_one_line(args: list[str], message: str,
                                                     tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    target = tmp_path / "x.psn"
    code, _, err = _run(["simulate", *args, "-n", "1", "-o", str(target)], capsys)
    assert code == 2, err
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert not target.exists()


def test_explain_writes_what_each_strong_choice_rested_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--explain``: every choice the strong player was asked for is followed by a
    comment saying what it rested on; the heuristic says nothing and forced moves get no
    comment; the play is the same as without it, and the file reads back unchanged."""
    plain, explained = tmp_path / "plain.psn", tmp_path / "explained.psn"
    base = ["simulate", "--players", "strong,heuristic", "-n", "1", "--seed", "3", "-q",
            "-j", "1"]
    assert _run([*base, "-o", str(plain)], capsys)[0] == 0
    assert _run([*base, "--explain", "-o", str(explained)], capsys)[0] == 0
    records, bare = list(psn.read(explained)), list(psn.read(plain))
    assert [r.actions for r in records] == [r.actions for r in bare]
    assert all(not m.comments for r in bare for m in r.main.moves)
    said = 0
    for r in records:
        assert r.ok
        positions = r.positions()
        for move, pos in zip(r.main.moves, positions, strict=False):
            follows = move.action.kind is ActionKind.PLAY and pos.lead >= 0
            actor = 1 - pos.leader if follows else pos.leader
            if move.comments:
                said += 1
                [text] = move.comments
                assert re.match(r"(game points (over|in) |the first move of the best plan"
                                r"|66 reached|the only choice but a claim)", text), text
            assert not move.comments or actor == Seat.A  # the heuristic gives no reasons
            if actor == Seat.A and len(pos.legal_actions()) > 1 and pos.outcome is None:
                assert move.comments  # every choice of the strong player is explained
    assert said >= 5
    assert psn.dumps(records) == explained.read_text(encoding="utf-8")
