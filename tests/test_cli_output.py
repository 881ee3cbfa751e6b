"""Where ``-o`` writes, as real processes on real files (issue 51): a loop of symbolic
links is refused and stays; ``/dev/stdout`` and its other names are the stream as it is
(appended where the shell appends, into the pipe where it pipes); a full disk names the
file."""

from __future__ import annotations

import contextlib
import functools
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from schnapsen_lab import psn

from .conftest import DATA, ROOT

VALID = DATA / "conformance" / "valid.psn"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
CLI = [sys.executable, "-m", "schnapsen_lab.cli"]

COMMANDS = {
    "fmt": ["fmt", "IN"],
    "html": ["html", "IN"],
    "review": ["review", "IN", "-s", "2", "--no-progress"],
    "simulate": ["simulate", "--players", "random,random", "-n", "1", "-q", "-j", "1"],
    "stats": ["stats", "-q", "IN"],
}
"""Each command that writes with ``-o``, ``IN`` standing for its input file."""


def argv(command: str, src: Path, out: str) -> list[str]:
    return [*CLI, *(str(src) if a == "IN" else a for a in COMMANDS[command]), "-o", out]


def run(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, env=ENV, cwd=cwd, check=False,
                          timeout=300)


def one_line(r: subprocess.CompletedProcess[str], code: int, *words: str) -> None:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == code, (r.returncode, r.stderr)
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.fixture(scope="module")
def src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The input of every command here (the tests write elsewhere): the two-player
    conformance cases, then a record of every registered game and profile."""
    f = tmp_path_factory.mktemp("input") / "in.psn"
    from .game_seeds import seeds

    picked = {(sd.game, sd.profile): sd.text for sd in seeds() if sd.alone}
    f.write_text("\n\n".join([VALID.read_text(encoding="utf-8").rstrip("\n"),
                              *picked.values()]) + "\n", encoding="utf-8")
    return f


# -- F1: a loop of symbolic links --------------------------------------------------------------

@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("shape", ["two links", "a link to itself"])
def test_a_link_loop_is_refused_and_stays(command: str, shape: str, src: Path,
                                          tmp_path: Path) -> None:
    suffix = ".csv" if command == "stats" else ".psn"
    a, b = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
    if shape == "two links":
        a.symlink_to(b.name)
        b.symlink_to(a.name)
    else:
        a.symlink_to(a.name)
    before = sorted(os.listdir(tmp_path))
    one_line(run(argv(command, src, str(a))), 2, str(a), "loop of symbolic links")
    assert a.is_symlink() and os.readlink(a) == (b.name if shape == "two links" else a.name)
    assert shape != "two links" or os.readlink(b) == a.name
    assert sorted(os.listdir(tmp_path)) == before  # nothing replaced, nothing left behind


def test_a_link_loop_is_refused_by_equity_before_it_measures(tmp_path: Path) -> None:
    loop = tmp_path / "t.json"
    loop.symlink_to(loop.name)
    r = run([*CLI, "equity", "--rebuild", "--deals", "100000", "-q", "--file", str(loop)])
    one_line(r, 2, "--file", "loop of symbolic links")
    assert loop.is_symlink() and os.listdir(tmp_path) == ["t.json"]


# -- F2: /dev/stdout and the other names of a stream --------------------------------------------

STDOUT_NAMES = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "LINK"]
"""Names of standard output; ``LINK`` is a symbolic link to /dev/stdout."""


def stdout_name(name: str, folder: Path) -> str:
    if name != "LINK":
        return name
    link = folder / "out-link.psn"
    if not link.is_symlink():
        link.symlink_to("/dev/stdout")
    return str(link)


@functools.cache
def expected(command: str, src: Path) -> bytes:
    """What ``-o -`` writes (every command here is reproducible)."""
    r = subprocess.run(argv(command, src, "-"), capture_output=True, env=ENV, check=False,
                       timeout=300)
    assert r.returncode in (0, 1) and r.stdout, r.stderr
    return r.stdout


@pytest.mark.parametrize("command", ["fmt", "html", "review", "simulate"])
@pytest.mark.parametrize("name", STDOUT_NAMES)
def test_dev_stdout_appends_where_the_shell_appends(command: str, name: str, src: Path,
                                                   tmp_path: Path) -> None:
    log = tmp_path / "log.psn"
    log.write_bytes(b"earlier line\n")
    out = stdout_name(name, tmp_path)
    script = " ".join(shlex.quote(a) for a in argv(command, src, out)) + " >> log.psn"
    r = subprocess.run(["sh", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                       env=ENV, check=False, timeout=300)
    assert r.returncode in (0, 1) and "Traceback" not in r.stderr, r.stderr
    assert log.read_bytes() == b"earlier line\n" + expected(command, src)
    assert sorted(p for p in os.listdir(tmp_path) if p.startswith(".~")) == []
    assert name != "LINK" or Path(out).is_symlink()


@pytest.mark.parametrize("command", ["fmt", "html", "review", "simulate"])
@pytest.mark.parametrize("name", STDOUT_NAMES)
def test_dev_stdout_into_a_pipe(command: str, name: str, src: Path, tmp_path: Path) -> None:
    out = stdout_name(name, tmp_path)
    script = " ".join(shlex.quote(a) for a in argv(command, src, out)) + " | wc -c"
    r = subprocess.run(["sh", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                       env=ENV, check=False, timeout=300)
    assert r.stderr == "", r.stderr
    assert int(r.stdout) == len(expected(command, src))


@pytest.fixture(scope="module")
def stats_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """:func:`src` without the records of a game that has no statistics (yet): ``stats``
    refuses those in one line (tests/test_cli_escaping.py)."""
    from schnapsen_lab.games import game_named

    from .game_seeds import seeds

    f = tmp_path_factory.mktemp("stats-input") / "in.psn"
    picked = {(sd.game, sd.profile): sd.text for sd in seeds()
              if sd.alone and game_named(sd.game).has_part("stats")}
    f.write_text("\n\n".join([VALID.read_text(encoding="utf-8").rstrip("\n"),
                              *picked.values()]) + "\n", encoding="utf-8")
    return f


def test_a_table_through_a_link_to_stdout_is_appended(stats_src: Path, tmp_path: Path) -> None:
    src = stats_src
    link = tmp_path / "deals.csv"
    link.symlink_to("/dev/stdout")
    log = tmp_path / "log.txt"
    log.write_bytes(b"earlier line\n")
    with open(log, "ab") as appending:
        r = subprocess.run([*CLI, "stats", "-q", str(src), "-o", str(link)],
                           stdout=appending, stderr=subprocess.PIPE, env=ENV, check=False,
                           timeout=300)
    assert r.returncode == 0, r.stderr
    text = log.read_text(encoding="utf-8")
    assert text.startswith("earlier line\n") and "file,index" in text.replace('"', "")
    assert link.is_symlink()


def test_dev_stderr_is_the_error_stream(src: Path) -> None:
    r = subprocess.run([*CLI, "fmt", str(src), "-o", "/dev/stderr"], capture_output=True,
                       env=ENV, check=False, timeout=300)
    assert r.returncode == 0 and r.stdout == b""
    assert r.stderr == psn.dumps(list(psn.read(src))).encode()


# -- a full disk names the file -----------------------------------------------------------------

@pytest.fixture
def full_disk() -> Iterator[Path]:
    """A real file system of 64 KiB (tmpfs), mounted for the test; skipped only where this
    process may not mount (not root)."""
    folder = Path(tempfile.mkdtemp(prefix="schnapsen-full-"))
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        folder.rmdir()
        if os.geteuid() == 0:
            pytest.fail(f"root could not mount a tmpfs: {r.stderr}")
        pytest.skip(f"cannot mount a small file system here: {r.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)
        folder.rmdir()


@pytest.mark.parametrize("command", ["simulate", "fmt"])
def test_a_full_disk_names_the_file(command: str, full_disk: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.psn"
    big.write_text(VALID.read_text(encoding="utf-8") * 20, encoding="utf-8")  # over 64 KiB
    out = full_disk / "out.psn"
    args = ([*CLI, "simulate", "--players", "random,random", "-n", "200", "-q", "-j", "1",
             "-o", str(out)] if command == "simulate" else [*CLI, "fmt", str(big), "-o",
                                                            str(out)])
    one_line(run(args), 2, str(out), "No space left on device")
    assert os.listdir(full_disk) == []  # no half file, no temporary left


def test_a_full_disk_names_the_equity_file(full_disk: Path) -> None:
    filler = full_disk / "filler"
    with contextlib.suppress(OSError), open(filler, "wb", buffering=0) as f:
        while True:  # the disk full, to the last KiB
            f.write(b"x" * 1024)
    out = full_disk / "t.json"
    r = run([*CLI, "equity", "--rebuild", "--rules", "soft", "--players", "heuristic",
             "--deals", "20", "-j", "1", "-q", "--file", str(out)])
    one_line(r, 2, str(out), "No space left on device")
    assert os.listdir(full_disk) == ["filler"]
