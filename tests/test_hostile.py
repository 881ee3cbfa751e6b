"""Every command under hostile input and interruptions, as real processes: one line and the
documented exit code, never a traceback; nothing half-written or left behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main

from .conftest import DATA, ROOT
from .ctrl_c import as_at_a_terminal

VALID = DATA / "conformance" / "valid.psn"
DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"
ONE = f'[Deck "{DECK}"]\n\n1. X TS QH 2. TD JS\n'
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args: str, stdin: bytes | None = None, user: bool = False,
        cwd: str | None = None, package: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``schnapsen-lab ARGS`` in a fresh process (as an unprivileged user with ``user``,
    importing the package from the folder ``package`` holds, one that user can read)."""
    cmd = [sys.executable, "-m", "schnapsen_lab.cli", *args]
    env = ENV if package is None else {**ENV, "PYTHONPATH": str(package)}
    if user and os.geteuid() == 0:  # root may write anywhere: drop to nobody
        cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *cmd]
    r = subprocess.run(cmd, input=stdin, capture_output=True, env=env, cwd=cwd, check=False,
                       timeout=300)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode("utf-8", "replace"),
                                       r.stderr.decode("utf-8", "replace"))


def one_line(r: subprocess.CompletedProcess[str], code: int, *words: str) -> None:
    """The process printed exactly one error line, with these words, and exited ``code``."""
    lines = r.stderr.strip().splitlines()
    assert r.returncode == code, (r.returncode, r.stderr)
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A folder that an unprivileged user can read (pytest's own is root's alone)."""
    d = Path(tempfile.mkdtemp(prefix="schnapsen-hostile-"))
    d.chmod(0o755)
    try:
        yield d
    finally:
        for p in [d, *d.rglob("*")]:
            if p.is_dir():
                p.chmod(0o755)
        shutil.rmtree(d)


# -- big numbers, BOM, encodings -------------------------------------------------------------

def test_huge_numbers_are_reader_errors_with_line_and_column(tmp_path: Path) -> None:
    big = "9" * 5000
    f = tmp_path / "big.psn"
    f.write_text(f'[Deck "{DECK}"]\n\n1. X ${big} TS\n\n[Deck "{DECK}"]\n\n1. X TS {big}. QH\n'
                 f'\n{ONE}', encoding="utf-8")
    r = run("check", "--json", str(f))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    import json

    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [row["ok"] for row in rows] == [False, False, True]
    assert (rows[0]["errors"][0]["line"], rows[0]["errors"][0]["col"]) == (3, 6)
    assert (rows[1]["errors"][0]["line"], rows[1]["errors"][0]["col"]) == (7, 9)
    assert all(row["errors"][0]["rule"] == "PSN" for row in rows[:2])
    out = tmp_path / "out.psn"
    assert run("fmt", str(f), "-o", str(out)).returncode == 1
    assert f"1. X ${big} TS" in out.read_text() and f"1. X TS {big}. QH" in out.read_text()


def test_a_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    f = tmp_path / "bom.psn"
    f.write_bytes(b"\xef\xbb\xbf" + ONE.encode())
    r = run("check", str(f))
    assert r.returncode == 0, r.stdout + r.stderr
    assert run("check", "-", stdin=f.read_bytes()).returncode == 0
    assert psn.loads("\ufeff" + ONE)[0].ok


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_not_utf8_is_refused_with_the_right_byte(where: str, tmp_path: Path) -> None:
    good = (ONE + "\n") * 200  # about 14 KiB, past the 8 KiB looked at first
    data = good.encode() + b"[Event \"caf\xe9\"]\n" + ONE.encode()
    byte = len(good.encode()) + len(b'[Event "caf') + 1
    f = tmp_path / "latin1.psn"
    f.write_bytes(data)
    for cmd in (["check"], ["fmt", "-o", "-"], ["review", "--record", "202"]):
        r = run(*cmd, str(f)) if where == "file" else run(*cmd, "-", stdin=data)
        one_line(r, 2, "not UTF-8", f"byte {byte})")
    assert f.read_bytes() == data


# -- where output goes ----------------------------------------------------------------------

def test_fmt_output_into_a_missing_folder_or_onto_a_folder(tmp_path: Path) -> None:
    src = tmp_path / "in.psn"
    src.write_text(ONE)
    one_line(run("fmt", str(src), "-o", str(tmp_path / "nope" / "out.psn")), 2, "no such folder")
    (tmp_path / "dir.psn").mkdir()
    one_line(run("fmt", str(src), "-o", str(tmp_path / "dir.psn")), 2, "is a directory")
    one_line(run("stats", str(src), "-o", str(tmp_path / "nope" / "d.csv")), 2, "no such folder")
    one_line(run("review", str(src), "-o", str(tmp_path)), 2, "is a directory")
    assert sorted(os.listdir(tmp_path)) == ["dir.psn", "in.psn"]


def readable_copy(folder: Path) -> Path:
    """A copy of the package in ``folder`` that every user can read (the clone may sit in
    a folder user nobody cannot enter); the folder to put on PYTHONPATH."""
    where = folder / "package"
    shutil.copytree(ROOT / "schnapsen_lab", where / "schnapsen_lab",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for p in [where, *where.rglob("*")]:
        p.chmod(0o755 if p.is_dir() else 0o644)
    return where


def test_writing_into_a_read_only_folder(shared_tmp: Path) -> None:
    pkg = readable_copy(shared_tmp)
    src = shared_tmp / "in.psn"
    src.write_text(VALID.read_text())
    ro = shared_tmp / "ro"
    ro.mkdir()
    inside = ro / "deals.psn"
    shutil.copy(src, inside)
    for p in (src, inside):
        p.chmod(0o666)
    ro.chmod(0o555)
    one_line(run("fmt", str(src), "-o", str(ro / "out.psn"), user=True, package=pkg), 2,
             "permission denied")
    one_line(run("fmt", "--compact", str(inside), user=True, package=pkg), 2,
             "permission denied")
    one_line(run("stats", str(src), "-o", str(ro / "deals.csv"), "-q", user=True,
                 package=pkg), 2, "permission denied")
    one_line(run("review", str(src), "-s", "2", "-o", str(ro / "r.psn"), "--no-progress",
                 user=True, package=pkg), 2, "permission denied")
    assert sorted(os.listdir(ro)) == ["deals.psn"] and inside.read_text() == src.read_text()


@pytest.mark.parametrize("command", ["fmt", "stats", "review"])
def test_a_write_that_fails_late_is_one_line(command: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # The folder was writable when the command started and is not any more when it writes.
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    src = tmp_path / "in.psn"
    src.write_text(VALID.read_text())
    argv = {"fmt": ["fmt", str(src), "-o", str(tmp_path / "o.psn")],
            "stats": ["stats", str(src), "-o", str(tmp_path / "o.csv"), "-q"],
            "review": ["review", str(src), "-s", "2", "--no-progress", "-o",
                       str(tmp_path / "o.psn")]}[command]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Permission denied" in err[0], err
    assert sorted(os.listdir(tmp_path)) == ["in.psn"]


def test_stale_temporary_files_of_a_killed_run_are_removed(tmp_path: Path) -> None:
    big = tmp_path / "big.psn"
    big.write_text((VALID.read_text() + "\n") * 300, encoding="utf-8")  # ~2.7 MB
    before = big.read_bytes()
    p = subprocess.Popen([sys.executable, "-m", "schnapsen_lab.cli", "fmt", "--compact",
                          str(big)], env=ENV, stderr=subprocess.DEVNULL)
    tmp = wait_for(lambda: [x for x in os.listdir(tmp_path) if x.startswith(".~big.psn.")])
    p.send_signal(signal.SIGKILL)
    p.wait()
    left = [x for x in os.listdir(tmp_path) if x.startswith(".~big.psn.")]
    assert left == tmp and big.read_bytes() == before  # killed: the file as it was
    # a leftover of a live process (this one) is not touched
    mine = tmp_path / f".~big.psn.{os.getpid()}.abcdefgh"
    mine.write_text("busy")
    r = run("fmt", "--compact", str(big))
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path)) == sorted(["big.psn", mine.name])
    assert len(big.read_text().splitlines()) == 46 * 300


# -- statistics --------------------------------------------------------------------------------

def test_stats_on_a_record_with_more_errors_than_int16(tmp_path: Path) -> None:
    f = tmp_path / "errors.psn"
    f.write_text(f'[Deck "{DECK}"]\n\n' + " @" * 40_000 + "\n" + ONE, encoding="utf-8")
    out = tmp_path / "deals.csv"
    r = run("stats", str(f), "-o", str(out), "-q")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "1 invalid record" in r.stdout
    from schnapsen_lab.stats import load_frame

    assert load_frame(out)["n_errors"].tolist() == [40_000, 0]


# -- interruptions -----------------------------------------------------------------------------

def wait_for(cond: Callable[[], object], timeout: float = 120.0) -> object:
    """Poll ``cond`` until it gives something true; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = cond()
        if got:
            return got
        time.sleep(0.01)
    raise AssertionError("timed out waiting")


def children(pid: int) -> list[int]:
    """The process ids whose parent is ``pid`` (Linux /proc)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{d}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d))
    return out


def maps(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return ""


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 20 MB of standalone deals: read in parallel chunks, for several seconds."""
    f = tmp_path_factory.mktemp("large") / "large.psn"
    recs = [r for r in psn.read(VALID) if r.match is None]
    unit = psn.dumps(recs) + "\n"
    f.write_text(unit * (20_000_000 // len(unit)), encoding="utf-8")
    return f


def start(*args: str) -> subprocess.Popen[bytes]:
    """The command in its own process group, as a shell starts it at a terminal."""
    return subprocess.Popen([sys.executable, "-m", "schnapsen_lab.cli", *args], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=as_at_a_terminal)


def interrupted(p: subprocess.Popen[bytes]) -> None:
    """Ctrl-C at a terminal: SIGINT to the whole group; then one line and exit 130."""
    os.killpg(p.pid, signal.SIGINT)
    _, err = p.communicate(timeout=120)
    text = err.decode("utf-8", "replace")
    # 130, or its death by SIGINT after the line was written (a shell says 130 for both)
    assert p.returncode in (130, -signal.SIGINT), (p.returncode, text)
    assert text.strip().splitlines() == ["schnapsen-lab: interrupted"], text


def test_ctrl_c_while_pandas_is_imported(large: Path) -> None:
    p = start("stats", str(large), "-q")
    wait_for(lambda: "/pandas/" in maps(p.pid) and p.poll() is None)
    interrupted(p)


def test_ctrl_c_while_the_workers_read(large: Path) -> None:
    p = start("stats", str(large), "-q", "-j", "2")
    wait_for(lambda: len(children(p.pid)) >= 2)
    time.sleep(0.5)
    workers = children(p.pid)
    interrupted(p)
    wait_for(lambda: not any(Path(f"/proc/{w}").exists() for w in workers), 30)


def test_workers_die_quietly_with_their_parent(large: Path) -> None:
    p = start("stats", str(large), "-q", "-j", "2")
    wait_for(lambda: len(children(p.pid)) >= 2)
    time.sleep(0.5)
    workers = children(p.pid)
    p.send_signal(signal.SIGKILL)
    _, err = p.communicate(timeout=60)  # returns when every holder of stderr is gone
    assert err == b"", err.decode("utf-8", "replace")

    def alive(w: int) -> bool:
        try:
            return "zombie" not in Path(f"/proc/{w}/status").read_text()
        except OSError:
            return False

    # their stderr is closed while they exit: wait until none is left running
    wait_for(lambda: not any(alive(w) for w in workers), 30)


# -- what matplotlib shows ---------------------------------------------------------------------

def test_dollar_signs_in_names_are_text_in_every_plot(tmp_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from schnapsen_lab.review import review_record
    from schnapsen_lab.stats import deals_frame, matches_frame, players_frame
    from schnapsen_lab.stats.plots import plot_bummerl, plot_player_win_rates, plot_score_trajectory
    from schnapsen_lab.widgets.review import evaluation_figure, figure_png

    text = VALID.read_text().replace("Anna", "$x$").replace("m810442-0", "$m^$")
    f = tmp_path / "dollars.psn"
    f.write_text(text)
    rec = next(r for r in psn.read(f) if r.player_names[0] == "$x$")
    review = review_record(rec, samples=2, progress=False)
    png = figure_png(evaluation_figure(review, rec.player_names))
    assert png.startswith(b"\x89PNG")
    deals = deals_frame(f)
    players = players_frame(deals, matches_frame(deals))
    for draw in (lambda ax: plot_score_trajectory(rec, ax),
                 lambda ax: plot_bummerl(deals, "$m^$", ax=ax),
                 lambda ax: plot_player_win_rates(players, ax)):
        fig = Figure()
        ax = draw(fig.add_subplot())
        fig.savefig(tmp_path / "p.png")  # mathtext would raise on "$m^$"
        shown = [t.get_text() for t in [*ax.texts, ax.title, *ax.get_yticklabels()]]
        shown += [t.get_text() for t in (ax.get_legend().get_texts() if ax.get_legend() else [])]
        assert any("$" in s for s in shown), shown


def test_review_will_not_write_an_annotated_copy_of_a_record_with_an_error(
        tmp_path: Path) -> None:
    text = ONE.replace("2. TD JS", "2. TD JS (AS)")  # an illegal variation: kept as read
    f = tmp_path / "var.psn"
    f.write_text(text)
    (rec,) = psn.read(f)
    assert rec.main_line_ok and rec.errors and rec.errors[0].rule == "H1"
    one_line(run("review", str(f), "-s", "2", "--no-progress", "-o", str(tmp_path / "r.psn")),
             2, "has an error to fix", "H1")
    assert run("review", str(f), "-s", "2", "--no-progress").returncode == 0  # still reviewed
    assert sorted(os.listdir(tmp_path)) == ["var.psn"]


# -- issue 23: nothing lost, round two ---------------------------------------------------------

def test_output_through_a_symbolic_link_writes_its_target(tmp_path: Path) -> None:
    src = tmp_path / "sm.psn"
    src.write_text(VALID.read_text())
    (tmp_path / "out").mkdir()
    for name, argv in (("page.html", ["html", str(src)]), ("deals.csv", ["stats", "-q", str(src)]),
                       ("copy.psn", ["fmt", str(src)])):
        target = tmp_path / "out" / name
        link = tmp_path / f"link-{name}"
        link.symlink_to(target)  # dangling: the target is made
        r = run(*argv, "-o", str(link))
        assert r.returncode in (0, 1) and "Traceback" not in r.stderr, r.stderr
        assert link.is_symlink() and os.readlink(link) == str(target)
        assert target.is_file() and target.stat().st_size > 0
    # fmt --compact in place on a link rewrites the file it points at; the link stays
    link = tmp_path / "in-place.psn"
    link.symlink_to(src)
    assert run("fmt", "--compact", str(link)).returncode == 0
    assert link.is_symlink() and len(src.read_text().splitlines()) == len(psn.loads(
        VALID.read_text()))
    assert not [x for x in os.listdir(tmp_path) if x.startswith(".~")]


def test_output_into_a_pipe_or_a_device_is_written_straight(tmp_path: Path) -> None:
    src = tmp_path / "sm.psn"
    src.write_text(VALID.read_text())
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    r = run("html", str(src), "-o", str(fifo))
    got = reader.communicate(timeout=60)[0]
    assert r.returncode == 0, r.stderr
    assert got.startswith(b"<!DOCTYPE html>") and fifo.is_fifo()
    for argv in (["html", str(src)], ["fmt", str(src)], ["stats", "-q", str(src)],
                 ["simulate", "--players", "random,random", "-n", "1", "-q"]):
        out = "/dev/null" if argv[0] != "stats" else str(tmp_path / "null.csv")
        if argv[0] == "stats":
            (tmp_path / "null.csv").symlink_to("/dev/null")
        r = run(*argv, "-o", out)
        assert r.returncode == 0, r.stderr
        assert Path("/dev/null").is_char_device()
    assert not [x for x in os.listdir("/dev") if x.startswith(".~null")]


def test_output_that_is_an_input_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "sm.psn"
    src.write_text(VALID.read_text())
    before = src.read_bytes()
    alias = tmp_path / "alias.psn"
    alias.symlink_to(src)
    hard = tmp_path / "hard.psn"
    os.link(src, hard)
    one_line(run("html", str(src), "-o", str(src)), 2, "is the input")
    one_line(run("html", str(src), "-o", str(alias)), 2, "is the input")
    one_line(run("review", str(src), "-s", "2", "-o", str(hard), "--no-progress"), 2,
             "is the input")
    assert src.read_bytes() == before
    r = run("stats", "-q", str(src), "-o", str(tmp_path / "deals.csv"))
    assert r.returncode == 0, r.stderr
    table = tmp_path / "deals.csv"
    kept = table.read_bytes()
    one_line(run("stats", "-q", str(table), "-o", str(table)), 2, "is the input")
    r = run("stats", "-q", str(src), str(table), "-o", str(table))
    one_line(r, 2, "is the input")
    assert table.read_bytes() == kept
    # fmt's job is to rewrite its input: in place, also named by -o
    assert run("fmt", str(src), "-o", str(src)).returncode == 0
    assert psn.read(src) is not None and src.read_text().count("[Deck") == before.decode(
        ).count("[Deck")
    assert "never an input file" in " ".join(run("html", "--help").stdout.split())


@pytest.mark.parametrize("workers", ["1", "0"])
def test_stats_notices_a_small_input_changing_on_every_path(workers: str,
                                                            tmp_path: Path) -> None:
    f = tmp_path / "small.psn"
    recs = [r for r in psn.read(VALID) if r.match is None]
    unit = psn.dumps(recs) + "\n"
    f.write_text(unit * (3_500_000 // len(unit)), encoding="utf-8")  # under 4 MiB
    assert f.stat().st_size < 4 << 20
    p = subprocess.Popen([sys.executable, "-m", "schnapsen_lab.cli", "stats", "-q", "-j",
                          workers, str(f)], env=ENV, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)

    def reading() -> bool:
        with contextlib.suppress(OSError):
            return any(os.readlink(f"/proc/{p.pid}/fd/{fd}") == str(f)
                       for fd in os.listdir(f"/proc/{p.pid}/fd"))
        return False

    wait_for(reading, 120)
    with open(f, "a", encoding="utf-8") as w:  # overwritten while it is read
        w.write(unit)
    err = p.communicate(timeout=300)[1].decode()
    assert p.returncode == 2 and "changed while it was being read" in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_cr_and_crlf_files_read_as_lf_and_memory_is_bounded(tmp_path: Path) -> None:
    text = VALID.read_text()
    lf = psn.loads(text)
    for end in ("\r", "\r\n"):
        f = tmp_path / f"ends{len(end)}.psn"
        f.write_bytes(text.replace("\n", end).encode())
        recs = list(psn.read(f))
        assert [(r.ok, r.tags, r.line) for r in recs] == [(r.ok, r.tags, r.line) for r in lf]
        r = run("check", str(f))
        assert r.returncode == 0 and f"{len(lf)} records" in r.stdout, r.stdout + r.stderr
        out = tmp_path / f"fmt{len(end)}.psn"
        assert run("fmt", str(f), "-o", str(out)).returncode == 0
        assert out.read_text() == psn.dumps(lf)
    # one line without an end: refused at the cap, as a file and on standard input (a
    # line past 1 MiB but not 4 MiB is an error of its record: tests/test_psn_limits.py)
    long = tmp_path / "long.psn"
    long.write_bytes(b"[Event \"x\"] " + b"a" * (psn.MAX_LINE_READ + 10))
    one_line(run("check", str(long)), 2, "a line longer than 4 MiB")
    one_line(run("check", "-", stdin=long.read_bytes()), 2, "a line longer than 4 MiB")
    one_line(run("stats", "-q", str(long)), 2, "a line longer than 4 MiB")
    # a record that never ends: lines, but no record boundary
    endless = tmp_path / "endless.psn"
    endless.write_bytes(f'[Deck "{DECK}"]\n\n'.encode() + b"X TS QH\n" * 600_000)
    one_line(run("check", str(endless)), 2, "a record longer than")


@pytest.mark.parametrize("argv", [
    ["simulate", "--players", "random,random", "--matches", str(10**32), "-o", "-"],
    ["advise", "--samples", str(10**32), "FILE"],
    ["review", "--samples", str(10**32), "FILE"],
    ["simulate", "--players", "random,random", "--jobs", str(10**9), "-o", "-"],
    ["stats", "-j", str(10**9), "FILE"],
    ["equity", "--rebuild", "--deals", str(10**32), "--file", "OUT"],
])
def test_counts_past_their_maximum_are_one_line(argv: list[str], tmp_path: Path) -> None:
    argv = [str(VALID) if a == "FILE" else str(tmp_path / "t.json") if a == "OUT" else a
            for a in argv]
    one_line(run(*argv), 2, "at most")
    assert not os.listdir(tmp_path)
    assert "at most" in " ".join(run(argv[0], "--help").stdout.split())


@pytest.mark.parametrize("content", [
    '{"profiles": {"soft": 5}}', '{"profiles": {"soft": {"strong": {"forehand": 1}}}}',
    "[1, 2]", '{"profiles": []}', "not json", "[" * 100_000])
def test_equity_file_of_another_shape_is_one_line(content: str, tmp_path: Path) -> None:
    f = tmp_path / "t.json"
    f.write_text(content)
    one_line(run("equity", "--file", str(f)), 2, "not a tables file")


def test_equity_file_is_size_capped() -> None:
    one_line(run("equity", "--file", "/dev/zero"), 2, "not a tables file")


def cut_file(folder: Path) -> Path:
    """Three deals of a four-player Bummerl, the first with a bad Cut tag."""
    recs = [r for r in psn.read(DATA.parent.parent / "records" / "bauern-heuristic-vs-random.psn")
            ][:3]
    text = psn.dumps(recs).replace('[Dealer "', '[Cut "x"]\n[Dealer "', 1)
    f = folder / "cut.psn"
    f.write_text(text)
    return f


def test_a_bad_cut_tag_is_shown_not_raised(tmp_path: Path) -> None:
    f = cut_file(tmp_path)
    for argv in (["html", str(f)], ["html", "--bummerl", str(f)], ["replay", str(f)]):
        r = run(*argv, *(["-o", str(tmp_path / "p.html")] if argv[0] == "html" else []))
        assert r.returncode in (1, 2) and "Traceback" not in r.stderr, r.stderr
        assert "Cut is cut or knock" in r.stderr
    rec = next(psn.read(f))
    assert not rec.can_replay and rec.start_error is not None
    assert "Cut is cut or knock" in rec._repr_html_()
    from schnapsen_lab.replay import Replay
    from schnapsen_lab.widgets.replay import ReplayWidget

    with pytest.raises(ValueError, match="Cut is cut or knock"):
        Replay(rec)
    w = ReplayWidget(rec)
    assert w.problem is not None and "Cut is cut or knock" in w.problem
    assert len(ReplayWidget(list(psn.read(f))).records) == 2


@pytest.mark.parametrize("layout", ["two leading", "mid-file", "mid-file, CR"])
def test_boms_fmt_is_idempotent_and_keeps_records_and_errors(layout: str,
                                                             tmp_path: Path) -> None:
    bad = f'[Deck "{DECK}"]\n\n1. X TS KH\n'  # an illegal move
    if layout == "two leading":
        data = "\ufeff\ufeff" + bad + "\n" + ONE
    else:
        data = "\ufeff" + ONE + "\n\ufeff" + bad + "\n\ufeff" + ONE
        if layout.endswith("CR"):
            data = data.replace("\n", "\r")
    f = tmp_path / "bom.psn"
    f.write_bytes(data.encode())
    first = list(psn.read(f))
    assert not first[0 if layout == "two leading" else 1].ok
    errors = [[(e.rule, e.message) for e in r.errors] for r in first]
    for compact in ([], ["--compact"]):
        g = tmp_path / "again.psn"
        g.write_bytes(f.read_bytes())
        run("fmt", *compact, str(g))
        once = g.read_bytes()
        run("fmt", *compact, str(g))
        assert g.read_bytes() == once  # idempotent
        back = list(psn.read(g))
        assert len(back) == len(first)
        assert [[(e.rule, e.message) for e in r.errors] for r in back] == errors


def test_control_characters_are_escaped_on_the_terminal(tmp_path: Path) -> None:
    evil = "\033]0;PWNED\007\033[2J\x9b"
    f = tmp_path / "evil.psn"
    f.write_text(f'[Match "{evil}"]\n[Deal "5"]\n{ONE}')
    for argv in (["check", str(f)], ["check", "--json", str(f)],
                 ["html", str(f), "-o", str(tmp_path / "p.html")], ["replay", str(f)],
                 ["replay", "--json", str(f)], ["stats", "-q", str(f)]):
        r = run(*argv)
        assert r.returncode in (0, 1), r.stderr
        for out in (r.stdout, r.stderr):
            assert "\033" not in out and "\007" not in out and "\x9b" not in out, argv
        assert "\\x1b]0;PWNED" in r.stdout + r.stderr or "\\u001b]0;PWNED" in r.stdout, argv
    import json

    row = json.loads(run("check", "--json", str(f)).stdout)
    assert row["match"] == evil  # the same JSON value


@pytest.mark.parametrize("where", ["head", "past 8 KiB"])
def test_nul_is_one_rule_for_files_and_stdin(where: str, tmp_path: Path) -> None:
    good = (ONE + "\n") * (1 if where == "head" else 200)
    data = good.encode() + b"\0" + ONE.encode()
    f = tmp_path / "nul.psn"
    f.write_bytes(data)
    byte = len(good.encode()) + 1
    for cmd in (["check"], ["fmt", "-o", "-"]):
        one_line(run(*cmd, str(f)), 2, "NUL byte", f"byte {byte}:")
        one_line(run(*cmd, "-", stdin=data), 2, "NUL byte", f"byte {byte}:")
    one_line(run("stats", "-q", str(f)), 2, "NUL byte", f"byte {byte}:")
    with pytest.raises(psn.InputError):
        list(psn.read(f))


# -- every registered game under the same fire (issue 51 section 3) ---------------------------

def _game_keys() -> list[str]:
    from schnapsen_lab.games import games

    return [g.key for g in games()]


@pytest.mark.parametrize("game", _game_keys())
def test_every_game_loses_nothing_and_escapes_everything(game: str, tmp_path: Path) -> None:
    """A file of one registered game's valid records (every profile) between mutated ones,
    hostile payloads in tags and in the file's name, through ``check`` and ``fmt`` twice as
    real processes: no traceback, every valid record still valid, the records with an
    error written back byte for byte, ``fmt`` idempotent, nothing raw on the terminal."""
    import random

    from .game_seeds import seeds
    from .test_fuzz import mutate

    evil = "\033]0;PWNED\007\033[2J\u202e\x9b"
    rng = random.Random(f"hostile {game}")
    mine = [s for s in seeds() if s.game == game and s.alone and len(s.records) == 1
            and s.records[0].source_movetext]
    profiles = sorted({s.profile for s in mine})
    parts: list[str] = []
    for k in range(24):
        sd = rng.choice([s for s in mine if s.profile == profiles[k % len(profiles)]])
        text = sd.text
        if k % 2:
            text = mutate(text, rng).replace("\x00", "")  # NUL: a binary file, refused
            text = text[:len(text) // 2] + evil + text[len(text) // 2:]
        elif k % 4 == 0:
            text = f'[Annotator "{evil}"]\n' + text
        parts.append(text)
    text = "\n\n".join(parts) + "\n"
    src = tmp_path / f"{game}{evil}.psn"
    src.write_text(text, encoding="utf-8")
    recs = list(psn.read(src))
    valid = [r for r in recs if r.ok]
    for k in range(0, 24, 2):  # a valid record before a tag line is never lost
        if k + 1 == len(parts) or parts[k + 1].lstrip().startswith("["):
            assert psn.loads(parts[k])[0] in valid, parts[k]
    r = run("check", str(src))
    assert r.returncode == (1 if len(valid) < len(recs) else 0), r.stderr
    assert "Traceback" not in r.stderr
    for stream in (r.stdout, r.stderr):
        assert not [c for c in ("\033", "\007", "\u202e", "\x9b") if c in stream], stream
    assert f"{len(recs)} records in 1 file: {len(valid)} valid" in r.stdout, r.stdout
    once, twice = tmp_path / "once.psn", tmp_path / "twice.psn"
    assert run("fmt", str(src), "-o", str(once)).returncode == r.returncode
    assert run("fmt", str(once), "-o", str(twice)).returncode == r.returncode
    assert twice.read_bytes() == once.read_bytes()  # idempotent
    out = once.read_bytes().decode("utf-8")  # as written: CR LF kept
    for rec in recs:
        if rec.errors:
            assert rec.source is not None and rec.source in out  # byte for byte
    back = list(psn.read(once))
    assert [b for b in back if b.ok] == valid
