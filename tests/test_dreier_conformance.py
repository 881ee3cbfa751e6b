"""The shared Dreierschnapsen cases agree with ``schnapsen-lab check --json``, field by field.

The cases are a byte-for-byte copy of ../shared/conformance/dreier/ under tests/data/
(DREIER.md "Records"; the README there says how they are compared). The same reader
(:mod:`schnapsen_lab.psn` on the game protocol) reads them and every other game's cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from schnapsen_lab.cli import main

from . import conformance_cases as cases
from .conftest import DATA

CASES = DATA / "conformance" / "dreier"


@pytest.mark.parametrize("name", ["valid", "invalid"])
def test_check_json_agrees_with_every_case(name: str, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    for g, e, rec in cases.answers(CASES, name, capsys):
        assert rec.game.key == "dreier"
        assert set(g) == cases.KEYS | set(cases.AUCTION), e["index"]
        cases.assert_agrees(g, e, rec, (*cases.FIELDS, *cases.AUCTION))
        if not e["ok"] and e.get("error_token") is not None:
            assert g["contract"] is g["declarer"] is g["spritze"] is None


def test_every_end_is_among_the_valid_cases(capsys: pytest.CaptureFixture[str]) -> None:
    _, got = cases.check_json(CASES / "valid.psn", capsys)
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
    _, want = cases.check_json(CASES / "valid.psn", capsys)
    _, got = cases.check_json(f, capsys)
    for g, e in zip(got, want, strict=True):
        for k in ("ok", "winner", "game_points", "end", "scores", "tricks", "counters",
                  "contract", "declarer", "spritze"):
            assert g[k] == e[k], (e["index"], k)


def test_strict_reading_stops_at_the_first_broken_record() -> None:
    cases.assert_strict_reading_stops(CASES)
