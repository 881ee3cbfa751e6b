"""Cards as printed on the terminal, PSN tokens in ``--json`` and PSN files (issue 50
item 3, the leftovers of issue 51): ``check``'s report and ``review``'s lines write a
card as a person reads it (``J♥``, ``10♦``); the same runs with ``--json`` or ``-o`` keep
PSN's tokens. Real processes on real files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from schnapsen_lab import psn

from .conftest import DATA, ROOT
from .printed import psn_cards_in

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
CLI = [sys.executable, "-m", "schnapsen_lab.cli"]
DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"
TWICE = DECK.replace("KC", "JH")  # JH twice, KC missing


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=ENV,
                          check=False, timeout=300)


def test_check_writes_the_cards_of_an_error_as_printed(tmp_path: Path) -> None:
    f = tmp_path / "twice.psn"
    f.write_text(f'[Deck "{TWICE}"]\n\n1. AS TD\n\n[Deck "{DECK}"]\n\n1. AS TD 2. 10H X\n',
                 encoding="utf-8")
    r = run("check", str(f))
    assert r.returncode == 1, r.stderr
    assert psn_cards_in(r.stdout) == [], r.stdout
    assert "J♥" in r.stdout and "K♣" in r.stdout, r.stdout
    j = run("check", "--json", str(f))  # the machine-readable output keeps PSN's tokens
    messages = [e["message"] for line in j.stdout.splitlines()
                for e in json.loads(line)["errors"]]
    assert any("JH" in m for m in messages) and not any("♥" in m for m in messages), messages


def test_check_writes_nines_of_a_24_card_pack_as_printed(tmp_path: Path) -> None:
    first = psn.loads((DATA / "conformance" / "sechsundsechzig" / "valid.psn")
                      .read_text(encoding="utf-8"))[0]
    deck = first.tags["Deck"].split()
    assert first.source is not None
    broken = first.source.replace(" ".join(deck), " ".join([*deck[:-1], "9C"]))
    assert broken != first.source
    f = tmp_path / "nine.psn"
    f.write_text(broken, encoding="utf-8")
    r = run("check", str(f))
    assert r.returncode == 1 and "9♣" in r.stdout, r.stdout
    assert " 9C" not in r.stdout and psn_cards_in(r.stdout) == [], r.stdout


def test_review_writes_cards_as_printed_and_its_json_and_psn_keep_tokens(
        tmp_path: Path) -> None:
    src = tmp_path / "deal.psn"
    (rec, *_) = psn.loads((DATA / "conformance" / "valid.psn").read_text(encoding="utf-8"))
    assert rec.ok and rec.game.solvable
    src.write_text(psn.dumps([rec]), encoding="utf-8")
    r = run("review", str(src), "-s", "3", "--no-progress")
    assert r.returncode == 0, r.stderr
    assert "best " in r.stdout, r.stdout  # some decision was not the best one
    assert psn_cards_in(r.stdout) == [], r.stdout
    assert any(s in r.stdout for s in "♣♦♥♠"), r.stdout
    j = json.loads(run("review", str(src), "-s", "3", "--no-progress", "--json").stdout)
    assert all(set(d["played"]).isdisjoint("♣♦♥♠") for d in j["decisions"]), j
    out = tmp_path / "annotated.psn"
    assert run("review", str(src), "-s", "3", "--no-progress", "-o", str(out)).returncode == 0
    (back,) = psn.loads(out.read_text(encoding="utf-8"))
    assert back.ok and "♥" not in out.read_text(encoding="utf-8").split("\n\n", 1)[1]


def test_review_refusal_names_the_error_with_cards_as_printed(tmp_path: Path) -> None:
    f = tmp_path / "twice.psn"
    f.write_text(f'[Deck "{TWICE}"]\n\n1. AS TD\n', encoding="utf-8")
    r = run("review", str(f), "-s", "2", "--no-progress")
    assert r.returncode == 2 and "J♥" in r.stderr, r.stderr
    assert psn_cards_in(r.stderr) == [], r.stderr
