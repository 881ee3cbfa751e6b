"""The shared Bauernschnapsen cases agree with ``schnapsen-lab check --json``, field by field.

The cases (copies of ../shared/conformance/bauern/ and bauern24/ under tests/data/) mix
four-player records, fixed and called partners, with two-player ``bauern2`` ones; the
``bauern24`` set is the 24-card pack (BAUERN.md BN). The same reader
(:mod:`schnapsen_lab.psn` on the game protocol) reads them and the two-player cases.
"""

from __future__ import annotations

import pytest

from schnapsen_lab import psn

from . import conformance_cases as cases
from .conftest import DATA

CASES = DATA / "conformance" / "bauern"
SETS = {"bauern": CASES, "bauern24": DATA / "conformance" / "bauern24"}


@pytest.mark.parametrize("folder", sorted(SETS))
@pytest.mark.parametrize("name", ["valid", "invalid"])
def test_check_json_agrees_with_every_case(folder: str, name: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = SETS[folder] / f"{name}.psn"
    for g, e, rec in cases.answers(SETS[folder], name, capsys):
        assert g["file"] == str(path)
        four = rec.tags.get("Variant") == "bauern"
        assert four is ("contract" in e) or not e["ok"]
        # a four-player record has the two-player keys and three more; bauern2 only those
        assert set(g) == cases.KEYS | (set(cases.AUCTION) if four else set()), e["index"]
        cases.assert_agrees(g, e, rec, (*cases.FIELDS, *cases.AUCTION))
        if e["ok"]:
            assert g["closed_by"] is None


@pytest.mark.parametrize("folder", sorted(SETS))
def test_every_valid_record_is_finished_or_marked(folder: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _, got = cases.check_json(SETS[folder] / "valid.psn", capsys)
    ends = {g["end"] for g in got}
    assert {"claim", "false_claim", "last_trick", "contract_made", "contract_broken",
            "unfinished"} <= ends


def test_the_records_read_as_their_game() -> None:
    records = list(psn.read(CASES / "valid.psn"))
    keys = {r.game.key for r in records}
    assert keys == {"bauern", "schnapsen"}  # four players, and bauern2 records
    for r in records:
        assert (r.game.key == "bauern") == (r.tags.get("Variant") == "bauern")
        assert r.game.owns_profile(r.profile)
        if r.game.key == "schnapsen":
            assert r.profile.name == "bauern2"
            if r.counters_before is not None and r.deal == 1:
                assert r.counters_before == (0, 0)  # BZ5: counting up from 0


def test_strict_reading_stops_at_the_first_broken_four_player_record() -> None:
    cases.assert_strict_reading_stops(CASES)


def test_the_24_card_records_read_under_their_profile() -> None:
    """BN10, BN11: every valid 24-card record names bauern24 or bauern24-called, deals six
    cards each from 24 and ends within six tricks."""
    records = list(psn.read(SETS["bauern24"] / "valid.psn"))
    assert {r.profile.name for r in records} == {"bauern24", "bauern24-called"}
    for r in records:
        assert r.profile.deck == 24 and r.profile.tricks == 6
        positions = r.positions()
        assert [len(positions[0].hand(s)) for s in range(4)] == [6, 6, 6, 6]
        assert positions[-1].tricks_played <= 6
