"""The shared Dreierschnapsen cases agree with ``schnapsen-lab check --json``, field by field.

The cases are a byte-for-byte copy of ../shared/conformance/dreier/ under tests/data/
(DREIER.md "Records"; the README there says how they are compared). The same reader
(:mod:`schnapsen_lab.psn` on the game protocol) reads them and every other game's cases.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main

from .conftest import DATA

CASES = DATA / "conformance" / "dreier"
FIELDS = ("line", "winner", "game_points", "end", "closed_by", "scores", "tricks", "counters",
          "match", "contract", "declarer", "spritze")
KEYS = {"file", "index", "line", "ok", "winner", "game_points", "end", "closed_by", "scores",
        "tricks", "match", "counters", "errors", "contract", "declarer", "spritze"}


def expected(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CASES / f"{name}.expect.jsonl").read_text()
            .splitlines()]


def check_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, Any]]]:
    code = main(["check", "--json", str(path)])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("name", ["valid", "invalid"])
def test_check_json_agrees_with_every_case(name: str, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    path = CASES / f"{name}.psn"
    code, got = check_json(path, capsys)
    want = expected(name)
    assert code == (0 if name == "valid" else 1)
    assert [g["index"] for g in got] == [e["index"] for e in want]
    records = list(psn.read(path))
    for g, e, rec in zip(got, want, records, strict=True):
        assert rec.game.key == "dreier"
        assert g["line"] == e["line"], e["index"]
        assert g["ok"] is e["ok"], (e["index"], g["errors"])
        assert set(g) == KEYS, e["index"]
        if e["ok"]:
            for k in FIELDS:
                if k in e:
                    assert g[k] == e[k], (e["index"], k, g[k])
            assert g["errors"] == []
        else:
            first = g["errors"][0]
            assert first["rule"] in e["rules"], (e["index"], first)
            assert set(first) == {"line", "col", "rule", "message"} and first["message"]
            if "error_line" in e:
                assert (first["line"], first["col"]) == (e["error_line"], e["error_col"]), \
                    (e["index"], first)
            if e.get("error_token") is not None:  # the actions read up to the bad one
                assert len(rec.main.moves) == e["error_token"], e["index"]
                assert g["winner"] is None and g["end"] is None and g["game_points"] is None
                assert g["contract"] is g["declarer"] is g["spritze"] is None


def test_every_end_is_among_the_valid_cases(capsys: pytest.CaptureFixture[str]) -> None:
    _, got = check_json(CASES / "valid.psn", capsys)
    assert {g["end"] for g in got} == {"claim", "false_claim", "last_trick", "contract_made",
                                       "contract_broken", "unfinished"}
    assert {g["contract"] for g in got} == {None, "bettler", "schnapser", "gang",
                                            "bauernschnapser", "kontraschnapser",
                                            "kontrabauernschnapser"}


def test_fmt_writes_records_that_read_back_the_same(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The canonical form of every valid case checks as the case does, and is a fixed
    point of ``fmt`` (byte for byte)."""
    f = tmp_path / "once.psn"
    assert main(["fmt", "-o", str(f), str(CASES / "valid.psn")]) == 0
    once = f.read_bytes()
    assert main(["fmt", str(f)]) == 0  # in place
    assert f.read_bytes() == once
    _, want = check_json(CASES / "valid.psn", capsys)
    _, got = check_json(f, capsys)
    for g, e in zip(got, want, strict=True):
        for k in ("ok", "winner", "game_points", "end", "scores", "tricks", "counters",
                  "contract", "declarer", "spritze"):
            assert g[k] == e[k], (e["index"], k)


def test_strict_reading_stops_at_the_first_broken_record() -> None:
    text = (CASES / "invalid.psn").read_text(encoding="utf-8")
    first_bad = next(e for e in expected("invalid") if not e["ok"])
    with pytest.raises(psn.PsnError) as info:
        psn.loads(text, strict=True)
    assert info.value.index == first_bad["index"]
    assert info.value.error.rule in first_bad["rules"]
