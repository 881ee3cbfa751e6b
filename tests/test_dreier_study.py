"""The Dreierschnapsen study deals (records/study/dreier-*.psn): each passes `check`,
and its builder writes it again byte for byte, so every comment is computed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from schnapsen_lab import psn

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "records" / "study"
RESULTS = {"dreier-bettler-made.psn": ("A 4", "bettler", "contract_made"),
           "dreier-bettler-broken.psn": ("BC 4", "bettler", "contract_broken"),
           "dreier-gang-trick-5.psn": ("AC 9", "gang", "contract_broken"),
           "dreier-schnapser-two-tricks.psn": ("A 6", "schnapser", "contract_made"),
           "dreier-spritze-moved.psn": ("B 8", "bettler", "contract_made"),
           "dreier-layaway-wins.psn": ("C 1", None, "claim"),
           "dreier-false-claim.psn": ("C 2", None, "false_claim")}


def _builder() -> ModuleType:
    sys.path.insert(0, str(STUDY))
    try:
        spec = importlib.util.spec_from_file_location("build_dreier", STUDY / "build_dreier.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(STUDY))


def test_the_study_files_are_the_builders() -> None:
    assert sorted(p.name for p in STUDY.glob("dreier-*.psn")) == sorted(RESULTS)
    assert sorted(_builder().FILES) == sorted(RESULTS)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_each_study_deal_checks_and_is_rebuilt_exactly(name: str) -> None:
    text = (STUDY / name).read_text(encoding="utf-8")
    (rec,) = psn.loads(text)
    assert rec.ok and rec.game.key == "dreier"
    result, contract, end = RESULTS[name]
    fin = rec.final
    assert rec.tags["Result"] == result and rec.end is not None and rec.end.value == end
    assert (fin.contract.value if fin.contract is not None else None) == contract
    assert rec.main.comments and all(rec.main.moves[-1].comments)
    built = _builder().FILES[name]()
    assert psn.dumps([built]) == text


def test_the_gang_breaks_at_the_fifth_and_the_schnapser_is_made_in_two() -> None:
    (gang,) = psn.load(STUDY / "dreier-gang-trick-5.psn")
    assert gang.final.tricks_played == 5 and gang.final.won[gang.final.declarer] == 4
    (schnapser,) = psn.load(STUDY / "dreier-schnapser-two-tricks.psn")
    assert schnapser.final.tricks_played == 2 and schnapser.final.declarer_score() >= 66
    (spritze,) = psn.load(STUDY / "dreier-spritze-moved.psn")
    fin = spritze.final
    assert fin.spritze_stands and fin.spritze != fin.declarer != fin.forehand
    (claim,) = psn.load(STUDY / "dreier-false-claim.psn")
    assert not claim.final.outcome.claimant >> claim.final.declarer & 1
