"""The command line: check's readable report, exit codes, fmt, bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main

from .conftest import DATA

VALID = DATA / "conformance" / "valid.psn"
INVALID = DATA / "conformance" / "invalid.psn"


def test_check_readable_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(VALID)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["46 records in 1 file: 46 valid, 0 with errors"]
    assert main(["check", str(INVALID), str(VALID)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{INVALID}: deal 1, line 5, col 31: X1: ")
    bad = sum(1 for line in (INVALID.with_suffix(".expect.jsonl")).read_text().splitlines()
              if '"ok": false' in line)
    assert out[-1] == f"88 records in 2 files: {88 - bad} valid, {bad} with errors"
    assert len(out) == bad + 1


@pytest.mark.parametrize("kind", ["missing", "directory", "binary"])
def test_unreadable_input_is_one_line_exit_2(kind: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.psn"
    if kind == "directory":
        target.mkdir()
    elif kind == "binary":
        target.write_bytes(b"\x00\x01\x02PK\x03\x04" * 50)
    code = main(["check", str(target)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and str(target) in err[0]
    assert "Traceback" not in err[0]


def test_unreadable_file_does_not_hide_the_others(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--json", str(tmp_path / "nope.psn"), str(VALID)])
    out = capsys.readouterr().out.splitlines()
    assert code == 2 and len(out) == 46


def test_no_traceback_from_the_real_process(tmp_path: Path) -> None:
    bad = tmp_path / "bad.psn"
    bad.write_bytes(b"\xff\xfe[Deck \"\x00\"]")
    r = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", "check", str(bad)],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "binary" in r.stderr


def test_help_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["check", "--help"], ["fmt", "--help"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 0
        assert "usage: schnapsen-lab" in capsys.readouterr().out


def test_fmt_canonical_and_compact(tmp_path: Path) -> None:
    src = tmp_path / "in.psn"
    src.write_text(VALID.read_text().replace("\n\n1. ", "\n\n1.").lower().replace(
        "[playera", "[PlayerA").replace("[playerb", "[PlayerB"), encoding="utf-8")
    out = tmp_path / "compact.psn"
    main(["fmt", "--compact", str(VALID), "-o", str(out)])
    lines = out.read_text().splitlines()
    assert len(lines) == 46 and all(line.startswith("[") for line in lines)
    assert psn.loads(out.read_text()) == psn.loads(VALID.read_text())
    back = tmp_path / "canonical.psn"
    assert main(["fmt", str(out), "-o", str(back)]) == 0
    assert psn.dumps(psn.loads(back.read_text())) == back.read_text()
    assert psn.loads(back.read_text()) == psn.loads(VALID.read_text())


def test_fmt_in_place_leaves_no_temporary_file(tmp_path: Path) -> None:
    f = tmp_path / "deals.psn"
    f.write_text(VALID.read_text())
    assert main(["fmt", "--compact", str(f)]) == 0
    assert os.listdir(tmp_path) == ["deals.psn"]
    assert len(f.read_text().splitlines()) == 46


def test_atomic_write_keeps_the_old_file_on_interrupt(tmp_path: Path) -> None:
    from schnapsen_lab.io import atomic_write

    f = tmp_path / "keep.psn"
    f.write_text("old")
    with pytest.raises(KeyboardInterrupt), atomic_write(f) as out:
        out.write("half of a new file")
        raise KeyboardInterrupt
    assert f.read_text() == "old" and os.listdir(tmp_path) == ["keep.psn"]


def test_cli_does_not_import_heavy_libraries() -> None:
    code = ("import sys; from schnapsen_lab.cli import main; "
            "main(['check', '--json', sys.argv[1]]); "
            "heavy = [m for m in ('pandas', 'matplotlib', 'ipywidgets', 'numba', 'dask') "
            "if m in sys.modules]; print('HEAVY', heavy)")
    r = subprocess.run([sys.executable, "-c", code, str(VALID)], capture_output=True,
                       text=True, check=False)
    assert r.stdout.strip().splitlines()[-1] == "HEAVY []", r.stderr


def test_a_swallowed_ctrl_c_is_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C landing in a callback during an import cannot be raised there; the command
    line leaves it to checkpoint() instead of printing 'Exception ignored' (a real
    process is interrupted in tests/test_hostile.py)."""
    from schnapsen_lab.commands import ignore_swallowed_interrupt

    def unraisable(exc: BaseException) -> object:
        """What Python gives sys.unraisablehook for ``exc`` raised where it cannot be."""
        caught: list[object] = []

        class Dying:
            def __del__(self) -> None:
                raise exc

        old = sys.unraisablehook
        sys.unraisablehook = caught.append
        try:
            Dying()
        finally:
            sys.unraisablehook = old
        return caught[0]

    ignore_swallowed_interrupt(unraisable(KeyboardInterrupt()))
    assert capsys.readouterr().err == ""
    ignore_swallowed_interrupt(unraisable(ValueError("boom")))
    assert "ValueError: boom" in capsys.readouterr().err
