"""The shared Sechsundsechzig cases (SECHSUNDSECHZIG.md) agree with ``schnapsen-lab check
--json``, field by field, ``bonus`` and ``carry`` included.

The cases are copies of ../shared/conformance/sechsundsechzig/ under tests/data/: a match
to 7 with a standoff carried, single deals of every ending, and broken records with one
fault each between valid ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main

from . import conformance_cases as cases
from .conftest import DATA

CASES = DATA / "conformance" / "sechsundsechzig"
OWN = ("bonus", "carry")


def expected(name: str) -> list[dict[str, Any]]:
    return cases.expected(CASES, name)


@pytest.mark.parametrize("name", ["valid", "invalid"])
def test_check_json_agrees_with_every_case(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    for g, e, rec in cases.answers(CASES, name, capsys):
        if rec.game.key == "sechsundsechzig":
            assert set(g) == cases.KEYS | set(OWN), e["index"]
        cases.assert_agrees(g, e, rec, (*cases.FIELDS, *OWN))


def test_the_cases_cover_what_the_game_adds() -> None:
    """The valid cases hold a standoff carried, a last-trick bonus, a closing and a claim."""
    want = expected("valid")
    ends = {e["end"] for e in want}
    assert {"standoff", "claim", "false_claim", "last_trick", "unfinished"} <= ends
    assert any(e["bonus"] for e in want) and any(e.get("carry") for e in want)
    assert any(e["closed_by"] for e in want)


def test_fmt_writes_every_record_back_the_same(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A valid record written canonically reads back as the same record; a broken one is
    written back byte for byte."""
    for name in ("valid", "invalid"):
        src = CASES / f"{name}.psn"
        out = tmp_path / f"{name}.psn"
        main(["fmt", str(src), "-o", str(out)])
        capsys.readouterr()
        before = list(psn.read(src))
        after = list(psn.read(out))
        assert len(before) == len(after)
        for a, b in zip(before, after, strict=True):
            assert a.ok is b.ok
            if a.ok:
                assert a == b
            else:
                assert b.source is not None and a.source is not None
                assert b.source.strip() == a.source.strip()
