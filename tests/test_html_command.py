"""``schnapsen-lab html``: the page written, exit codes, one-line errors, atomic writes."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.replay import match_groups
from schnapsen_lab.share import bummerl_html, deal_html

from .conftest import ROOT

STUDY = ROOT / "records" / "study"
DEAL = STUDY / "closing-wins-3.psn"
MATCH = STUDY / "small-match.psn"


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "Traceback" not in lines[0]
    return lines[0]


def test_one_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deal.html"
    assert main(["html", str(DEAL), "--record", "1", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == deal_html(next(psn.read(DEAL)))
    assert capsys.readouterr().out.startswith(f"{out}: 1 deal, ")
    assert os.listdir(tmp_path) == ["deal.html"]


def test_a_whole_bummerl_from_any_of_its_deals(tmp_path: Path) -> None:
    out = tmp_path / "bummerl.html"
    assert main(["html", str(MATCH), "--record", "3", "--bummerl", "-o", str(out)]) == 0
    group = match_groups(psn.read(MATCH))[0]
    assert out.read_text(encoding="utf-8") == bummerl_html(group)
    one = tmp_path / "one.html"
    assert main(["html", str(MATCH), "-r", "3", "-o", str(one)]) == 0
    assert one.read_text(encoding="utf-8") == deal_html(group[2])


def test_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["html", str(DEAL), "-o", "-"]) == 0
    assert capsys.readouterr().out == deal_html(next(psn.read(DEAL)))


@pytest.mark.parametrize("kind", ["missing", "directory", "binary", "not utf-8"])
def test_unreadable_input_is_one_line_exit_2(kind: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.psn"
    if kind == "directory":
        target.mkdir()
    elif kind == "binary":
        target.write_bytes(b"\x00\x01\x02PK\x03\x04" * 50)
    elif kind == "not utf-8":
        target.write_bytes(b'[Event "caf\xe9"]\n' * 20)
    out = tmp_path / "deal.html"
    assert main(["html", str(target), "-o", str(out)]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("schnapsen-lab html: ") and str(target) in line
    assert not out.exists()


@pytest.mark.parametrize(("argv", "says"), [
    (["--record", "0"], "--record 0: records are numbered from 1"),
    (["--record", "5"], "no record 5 (the file holds 4)"),
    (["--record", "-2"], "--record -2: records are numbered from 1"),
])
def test_record_out_of_range_is_one_line_exit_2(argv: list[str], says: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deal.html"
    assert main(["html", str(MATCH), *argv, "-o", str(out)]) == 2
    assert says in one_line(capsys.readouterr().err)
    assert not out.exists()


def test_bummerl_of_a_deal_outside_a_match_is_one_line_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["html", str(DEAL), "--bummerl", "-o", str(tmp_path / "b.html")]) == 2
    assert "no Match tag" in one_line(capsys.readouterr().err)


def test_a_broken_record_exits_1_with_the_readers_first_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.psn"
    bad.write_text(DEAL.read_text().replace("2.\nKS+40", "2.\nKH+40"), encoding="utf-8")
    rec = next(psn.read(bad))
    assert rec.errors and not rec.main_line_ok
    out = tmp_path / "deal.html"
    assert main(["html", str(bad), "-o", str(out)]) == 1
    line = one_line(capsys.readouterr().err)
    assert line == f"schnapsen-lab html: {bad}: deal 1, line 12, col 1: M1: {rec.errors[0].message}"
    page = out.read_text(encoding="utf-8")  # the steps up to the error are shown
    assert page == deal_html(rec) and "M1" in page


def test_a_record_without_a_deck_writes_nothing(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.psn"
    bad.write_text(DEAL.read_text().replace("AS TS KS AD", "AS AS KS AD"), encoding="utf-8")
    out = tmp_path / "deal.html"
    out.write_text("the old page")
    assert main(["html", str(bad), "-o", str(out)]) == 1
    line = one_line(capsys.readouterr().err)
    assert f"{bad}: deal 1, line 6, col 1: S3: " in line and line.endswith("nothing to show")
    assert out.read_text() == "the old page"
    assert sorted(os.listdir(tmp_path)) == ["bad.psn", "deal.html"]


def test_unwritable_output_is_one_line_exit_2(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "folder" / "deal.html"
    assert main(["html", str(DEAL), "-o", str(out)]) == 2
    assert "cannot write" in one_line(capsys.readouterr().err)
    folder = tmp_path / "folder.html"
    folder.mkdir()
    assert main(["html", str(DEAL), "-o", str(folder)]) == 2
    assert "cannot write" in one_line(capsys.readouterr().err)
    assert os.listdir(folder) == [] and os.listdir(tmp_path) == ["folder.html"]


def test_an_interrupted_write_keeps_the_old_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import schnapsen_lab.io as io

    out = tmp_path / "deal.html"
    out.write_text("the old page")
    real = io.atomic_write

    @contextlib.contextmanager
    def interrupted(path: str) -> Iterator[object]:
        with real(path) as f:
            class HalfWay:
                def write(self, text: str) -> None:
                    f.write(text[: len(text) // 2])
                    raise KeyboardInterrupt

            yield HalfWay()

    monkeypatch.setattr(io, "atomic_write", interrupted)
    assert main(["html", str(DEAL), "-o", str(out)]) == 130
    assert out.read_text() == "the old page"
    assert os.listdir(tmp_path) == ["deal.html"]


def test_the_command_imports_nothing_heavy(tmp_path: Path) -> None:
    code = ("import sys; from schnapsen_lab.cli import main; "
            "main(['html', sys.argv[1], '-o', sys.argv[2]]); "
            "heavy = [m for m in ('pandas', 'matplotlib', 'ipywidgets', 'numba', 'dask') "
            "if m in sys.modules]; print('HEAVY', heavy)")
    r = subprocess.run([sys.executable, "-c", code, str(DEAL), str(tmp_path / "d.html")],
                       capture_output=True, text=True, check=False)
    assert r.stdout.strip().splitlines()[-1] == "HEAVY []", r.stderr
