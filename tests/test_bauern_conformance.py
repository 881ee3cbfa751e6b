"""The shared Bauernschnapsen cases agree with the engine, field by field.

Until psn.py is wired to the game protocol, the records are read by the test-only
reader in :mod:`tests.bauern_reader`, which talks to :mod:`schnapsen_lab.game` only;
the two-player cases go through the same reader, so one code path serves both games.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .bauern_reader import Checked, check_text
from .conftest import DATA

CASES = DATA / "conformance" / "bauern"
TWO_PLAYER = DATA / "conformance"
FIELDS = ("winner", "game_points", "end", "closed_by", "scores", "tricks", "counters",
          "match", "contract", "declarer", "spritze")


def expected(name: str, folder: Path = CASES) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / f"{name}.expect.jsonl").read_text()
            .splitlines()]


def checked(name: str, folder: Path = CASES) -> list[Checked]:
    return check_text((folder / f"{name}.psn").read_text(encoding="utf-8"))


@pytest.mark.parametrize("folder", [CASES, TWO_PLAYER], ids=["bauern", "schnapsen"])
@pytest.mark.parametrize("name", ["valid", "invalid"])
def test_every_record_agrees(name: str, folder: Path) -> None:
    got = checked(name, folder)
    want = expected(name, folder)
    assert [g.index for g in got] == [e["index"] for e in want]
    for g, e in zip(got, want, strict=True):
        assert g.line == e["line"], e["index"]
        assert g.ok is e["ok"], (e["index"], [(x.rule, x.message) for x in g.errors])
        if e["ok"]:
            for k in FIELDS:
                if k in e:
                    assert g.fields[k] == e[k], (e["index"], k, g.fields[k])
            if folder is CASES:
                is_four = "contract" in e
                assert ("contract" in g.fields) is is_four, e["index"]
        else:
            first = g.errors[0]
            assert first.rule in e["rules"], (e["index"], first)
            if "error_line" in e:
                assert (first.line, first.col) == (e["error_line"], e["error_col"]), e["index"]
            if e.get("error_token") is not None:
                assert len(g.actions) == e["error_token"], e["index"]
                assert g.fields["winner"] is None and g.fields["end"] is None


def test_every_valid_record_is_finished_or_marked() -> None:
    ends = {g.fields["end"] for g in checked("valid")}
    assert {"claim", "false_claim", "last_trick", "contract_made", "contract_broken",
            "unfinished"} <= ends
