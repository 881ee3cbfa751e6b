"""Test helper for the conformance tests: the expected lines of a case file, what
``schnapsen-lab check --json`` says of a file, and one record's answer compared with its
case field by field (the README of tests/data/conformance/ says how)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main

FIELDS = ("line", "winner", "game_points", "end", "closed_by", "scores", "tricks", "counters",
          "match")
"""The fields every game's case may give."""
KEYS = {"file", "index", "line", "ok", "winner", "game_points", "end", "closed_by", "scores",
        "tricks", "match", "counters", "errors"}
"""The keys of every game's answer."""
AUCTION = ("contract", "declarer", "spritze")
"""The fields and keys the games with a round of calls add."""


def expected(cases: Path, name: str) -> list[dict[str, Any]]:
    """The cases of ``name.expect.jsonl`` in the folder ``cases``."""
    return [json.loads(line) for line in (cases / f"{name}.expect.jsonl").read_text()
            .splitlines()]


def check_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, Any]]]:
    """The exit code of ``check --json`` on ``path`` and the answers it printed."""
    code = main(["check", "--json", str(path)])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines()]


def answers(cases: Path, name: str, capsys: pytest.CaptureFixture[str]
            ) -> list[tuple[dict[str, Any], dict[str, Any], psn.Record]]:
    """``check --json`` on the folder's ``name.psn`` (exit code 0 for ``valid``, 1 for
    ``invalid``), one answer for each case in order: each answer with its case and its
    record."""
    path = cases / f"{name}.psn"
    code, got = check_json(path, capsys)
    want = expected(cases, name)
    assert code == (0 if name == "valid" else 1)
    assert [g["index"] for g in got] == [e["index"] for e in want]
    return list(zip(got, want, psn.read(path), strict=True))


def assert_agrees(g: dict[str, Any], e: dict[str, Any], rec: psn.Record,
                  fields: Iterable[str]) -> None:
    """The answer ``g`` for the record ``rec`` agrees with its case ``e``: the line and
    whether it is valid; a valid one every field the case gives among ``fields``, an
    invalid one the first error's rule, place and shape, and where the case counts the
    actions read up to the bad one, those actions and no result."""
    assert g["line"] == e["line"], e["index"]
    assert g["ok"] is e["ok"], (e["index"], g["errors"])
    if e["ok"]:
        for k in fields:
            if k in e:
                assert g[k] == e[k], (e["index"], k, g[k])
        assert g["errors"] == []
        return
    first = g["errors"][0]
    assert first["rule"] in e["rules"], (e["index"], first)
    assert set(first) == {"line", "col", "rule", "message"} and first["message"]
    if e.get("error_line") is not None:
        assert (first["line"], first["col"]) == (e["error_line"], e["error_col"]), \
            (e["index"], first)
    if e.get("error_token") is not None:  # the actions read up to the bad one
        assert len(rec.main.moves) == e["error_token"], e["index"]
        assert g["winner"] is None and g["end"] is None and g["game_points"] is None


def assert_strict_reading_stops(cases: Path) -> None:
    """Strict reading of the folder's invalid cases stops at the first broken one, with
    one of its rules."""
    text = (cases / "invalid.psn").read_text(encoding="utf-8")
    first_bad = next(e for e in expected(cases, "invalid") if not e["ok"])
    with pytest.raises(psn.PsnError) as info:
        psn.loads(text, strict=True)
    assert info.value.index == first_bad["index"]
    assert info.value.error.rule in first_bad["rules"]
