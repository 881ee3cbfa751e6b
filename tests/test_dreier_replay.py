"""Dreierschnapsen's replay, drawing and page on real files: what each seat may see of the
talon and the cards laid away (DREIER.md 3T3, 3W1), the command line's ``replay`` (text and
``--json``), ``html`` and ``check``/``fmt`` on a three-player record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.html import drawing_for
from schnapsen_lab.replay import Replay

from .conftest import DATA

VALID = DATA / "conformance" / "dreier" / "valid.psn"

# deal 2 of the conformance match: dealer B, forehand C names clubs and calls Schnapser,
# takes the talon KS JH and lays away AD and KS; A wins the first trick, B the next two
RECORD = """[Variant "dreier"]
[PlayerA "<b>Anna</b>"]
[PlayerB "Bert"]
[PlayerC "Cilli"]
[Dealer "B"]
[Deck "AD QH QC AH TS TD JD TC AC KS JH QS QD KD JS AS TH KH JC KC"]
[Result "AB 6"]

T:C schnapser weiter weiter L:AD L:KS 1. JH AH KH 2. TH JC QH 3. AC QC AS
"""


@pytest.fixture()
def record_file(tmp_path: Path) -> Path:
    f = tmp_path / "deal.psn"
    f.write_text(RECORD, encoding="utf-8")
    return f


def _rows(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_only_the_declarer_sees_the_talon_and_what_he_laid_away(
        record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """3T3: the open table and the declarer C see the talon and the lay-away; A and B see
    only how many cards were laid away, and read each as ``L:?``."""
    assert main(["replay", str(record_file), "--json"]) == 0
    open_rows = _rows(capsys)
    lay = open_rows[5]
    assert lay["action"] == "L:AD" and lay["phase"] == "talon" and lay["declarer"] == "C"
    assert lay["talon"] == ["JH", "KS"] and lay["laid"] == ["AD"] and lay["laid_count"] == 1
    assert main(["replay", str(record_file), "--json", "--view", "C"]) == 0
    c = _rows(capsys)[5]
    assert c["action"] == "L:AD" and c["talon"] == ["JH", "KS"] and c["laid"] == ["AD"]
    for seat in ("A", "B"):
        assert main(["replay", str(record_file), "--json", "--view", seat]) == 0
        rows = _rows(capsys)
        assert rows[5]["action"] == rows[6]["action"] == "L:?"
        assert rows[6]["talon"] is None and rows[6]["laid"] is None
        assert rows[6]["laid_count"] == 2
        assert "AD" not in json.dumps(rows[6]["hands"])
        assert "JH" in rows[6]["known"][seat]["unknown"]  # a talon card it cannot place


def test_the_text_hides_the_cards_laid_away_from_the_defenders(
        record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record_file)]) == 0
    text = capsys.readouterr().out
    assert "L:A♦" in text and "L:K♠" in text and "lays away 2 of 2" in text
    assert "the schnapser of C broken (3K2)" in text
    assert main(["replay", str(record_file), "--view", "B"]) == 0
    text = capsys.readouterr().out
    assert "L:?" in text and "L:A♦" not in text and "L:K♠" not in text
    assert main(["replay", str(record_file), "--view", "D"]) == 2


def test_each_sides_first_trick_stays_face_up(record_file: Path) -> None:
    """3W1: after trick 3 a defender still sees the first trick (A's, the defenders'
    first) face up and trick 2 face down; the declarer won none."""
    rp = Replay(next(iter(psn.read(record_file))))
    step = len(rp) - 1
    shown = rp.visible_tricks(step - 1, 1)  # before the last card: trick 3 under way
    assert [(t.trick.number, t.face_up) for t in shown] == [(1, True), (2, False)]


def test_the_drawing_escapes_names_and_hides_the_talon(record_file: Path) -> None:
    rec = next(iter(psn.read(record_file)))
    rp = Replay(rec)
    d = drawing_for(rec.game)
    for viewer in (None, 0, 1, 2):
        page = d.table(rp, 6, viewer) + d.tallies(rp, 6, viewer)
        assert "<b>Anna</b>" not in page and "&lt;b&gt;Anna&lt;/b&gt;" in page
        assert 'class="sl-table sl-table-3"' in page
        secret = "Laid away: <span" in page  # the faces of the cards laid away
        assert secret is (viewer in (None, 2)), viewer
        assert ("Laid away: 2 of 2, unseen" in page) is (viewer in (0, 1))


def test_html_writes_a_page_for_three(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "deal.html"
    assert main(["html", str(record_file), "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<title>&lt;b&gt;Anna&lt;/b&gt;, Bert, Cilli: a Dreierschnapsen deal</title>" in page
    assert "<b>Anna</b>" not in page
    assert '"talon_cards":[' in page and '"sides_by_holder":true' in page
    assert "<noscript>This page shows a Dreierschnapsen replay; it needs JavaScript." in page


def test_check_and_fmt_read_the_record(record_file: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", str(record_file)]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["winner"] == "AB" and got["contract"] == "schnapser" and got["declarer"] == "C"
    assert got["scores"] == {"C": 0, "AB": 57} and got["end"] == "contract_broken"
    out = tmp_path / "fmt.psn"
    assert main(["fmt", "-o", str(out), str(record_file)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "T:C schnapser weiter weiter L:AD L:KS 1. JH AH KH" in text
    assert main(["fmt", str(out)]) == 0 and out.read_text(encoding="utf-8") == text


def test_every_conformance_record_replays_for_every_viewer() -> None:
    for rec in psn.read(VALID):
        rp = Replay(rec)
        for viewer in (None, 0, 1, 2):
            assert rp.text(viewer)
        for step in range(len(rp)):
            for viewer in range(3):
                row = rp.viewer_row(step, viewer)
                if row["declarer"] != "ABC"[viewer] and str(row["action"]).startswith("L:"):
                    assert row["action"] == "L:?"
