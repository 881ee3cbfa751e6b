"""`schnapsen-lab check --json` agrees with the shared conformance cases, field by field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab.cli import main

from .conftest import DATA

CASES = DATA / "conformance"
FIELDS = ("winner", "game_points", "end", "closed_by", "scores", "tricks", "counters", "line",
          "match")


def check_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, Any]]]:
    code = main(["check", "--json", str(path)])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def expected(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CASES / f"{name}.expect.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("name", ["valid", "invalid"])
def test_check_json_agrees_with_every_case(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, got = check_json(CASES / f"{name}.psn", capsys)
    want = expected(name)
    assert len(got) == len(want)
    assert code == (0 if name == "valid" else 1)
    for g, e in zip(got, want, strict=True):
        assert g["index"] == e["index"] and g["line"] == e["line"]
        assert g["ok"] is e["ok"], (e["index"], g["errors"])
        assert g["file"] == str(CASES / f"{name}.psn")
        if e["ok"]:
            for k in FIELDS:
                if k in e:
                    assert g[k] == e[k], (e["index"], k)
            assert g["errors"] == []
        else:
            first = g["errors"][0]
            assert first["rule"] in e["rules"], (e["index"], first)
            if "error_line" in e:
                assert (first["line"], first["col"]) == (e["error_line"], e["error_col"])
            assert set(first) == {"line", "col", "rule", "message"} and first["message"]
            if e.get("error_token") is not None:  # a movetext error leaves no result
                assert g["winner"] is None and g["game_points"] is None and g["end"] is None


def test_the_installed_command_runs(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("schnapsen-lab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "schnapsen_lab.cli"]
    r = subprocess.run([*cmd, "check", "--json", str(CASES / "valid.psn")],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == len(expected("valid"))
