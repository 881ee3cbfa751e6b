"""The self-contained HTML page for four-player Bauernschnapsen deals and matches.

The page's data is checked against the replay model at every step of the bundled study
deals (what the script derives from it is checked in Chromium,
tests/browser/test_share_browser.py); names and comments reach it only as escaped
JSON; the largest bundled four-player match stays under 300 KB; the command line and
``Replay.to_html`` write it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay, match_groups
from schnapsen_lab.share import bummerl_html, deal_data, deal_html

from .conftest import ROOT

STUDY = ROOT / "records" / "study"
STUDY_DEALS = sorted(STUDY.glob("bauern-*.psn"))
FOUR_COLLECTIONS = sorted(ROOT.joinpath("records").glob("bauern-*.psn"))
SIZE_LIMIT = 300 * 1024


def _data(page: str) -> dict[str, object]:
    m = re.search(r'<script type="application/json" id="sl-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, object] = json.loads(m.group(1))
    return data


@pytest.mark.parametrize("path", STUDY_DEALS, ids=lambda p: p.stem)
def test_every_step_holds_the_models_facts(path: Path) -> None:
    rp = Replay(next(psn.read(path)))
    d = deal_data(rp)
    assert d["four"] is True and d["talon"] is False and d["seats"] == ["N", "E", "S", "W"]
    assert d["places"][0] == ["top", "right", "bottom", "left"]
    assert d["first"] == [rp.knowledge(0, s).hand for s in range(4)]
    assert len(d["steps"]) == len(rp)
    for i, st in enumerate(d["steps"]):
        pos = rp[i]
        assert st["h"] == [pos.hands[s] for s in range(4)]
        assert st["s"] == [pos.score(0), pos.score(1)] and st["w"] == [pos.side_tricks(0),
                                                                        pos.side_tricks(1)]
        assert st["p"] == [pos.pending(0), pos.pending(1)]
        assert st["ps"] == list(pos.points) and st["pw"] == list(pos.won)
        assert st["ph"] == pos.phase
        assert st["m"] == (-1 if pos.to_move is None else int(pos.to_move))
        for s in range(4):
            c = rp.counting(i, s)
            assert st["k"][s] == [c.my_score, -1 if c.other_score is None else c.other_score]
            v = rp.knowledge(i, s)
            public = 0
            for o in range(4):
                if o != s:
                    public |= v.known[o]
            assert public == st.get("pu", 0) & ~pos.hands[s]
        if pos.table:
            assert [x[1] for x in st["t"]] == list(pos.table) and st["d"] == 0
        elif rp.tricks(i):
            t = rp.tricks(i)[-1]
            assert st["d"] == t.number and [x[1] for x in st["t"]] == [int(c) for c in t.cards]
        c = pos.contract
        assert ("ds" in st) == (c is not None and pos.phase >= 3 and not c.all_tricks)
    out = rp.outcome(rp.last)
    assert out is not None and d["result"]["winner"] == out.winners
    assert d["result"]["rule"] == out.rule and d["result"]["points"] == out.game_points


def test_the_called_partner_is_known_from_where_the_card_falls() -> None:
    rp = Replay(next(psn.read(STUDY / "bauern-called-partner.psn")))
    d = deal_data(rp)
    fall = d["partner_known_at"]
    assert rp[fall].partner_known and not rp[fall - 1].partner_known
    assert d["partner"] == rp[rp.last].partner == 2 and d["called"] is True
    # before it falls, only the holder (S) counts the other side's score
    st = d["steps"][fall - 1]
    assert [k[1] >= 0 for k in st["k"]] == [False, False, True, False]
    assert all(k[1] >= 0 for k in d["steps"][fall]["k"])


def test_a_page_for_a_deal_and_for_a_match() -> None:
    rec = next(psn.read(STUDY / "bauern-gang.psn"))
    page = Replay(rec).to_html()
    assert page == deal_html(rec) and page.startswith("<!DOCTYPE html>")
    assert "<title>Anna, Bert, Cilli, Dani: a Bauernschnapsen deal</title>" in page
    assert "Bauernschnapsen replay; it needs JavaScript" in page
    recs = list(psn.read(ROOT / "records" / "bauern-heuristic-vs-random.psn"))
    group = match_groups(recs)[0]
    data = _data(bummerl_html(group))
    assert data["bummerl"] == group[0].match and len(data["deals"]) == len(group)
    last = data["deals"][-1]
    assert last["counter_keys"] == ["NS", "EW"]
    winners = group[-1].match_winners
    assert winners and last["match_winner"] == sum(1 << "NESW".index(ch) for ch in winners[0])
    assert data["deals"][0]["steps"][0]["b"] == [0, 0]


def test_names_and_comments_reach_the_page_only_as_escaped_json() -> None:
    text = STUDY.joinpath("bauern-spritze.psn").read_text(encoding="utf-8")
    text = (text.replace('"Anna"', '"</script><script>alert(1)</script>"')
            .replace("{Nobody bids.", "{<img src=x onerror=alert(2)> Nobody bids."))
    (rec,) = psn.loads(text)
    page = deal_html(rec)
    assert page.count("<script") == 2  # the data and the page's own script
    assert "<img" not in page and "\\u003cimg" in page
    assert _data(page)["deals"][0]["names"][0] == "</script><script>alert(1)</script>"


def test_the_page_in_russian() -> None:
    rec = next(psn.read(STUDY / "bauern-schnapser-two-tricks.psn"))
    data = _data(Replay(rec).to_html(lang="ru"))
    assert data["lang"] == "ru"
    strings = data["strings"]
    assert strings["call_weiter"] == "пас" and strings["call_spritze"] != "double"
    assert len(data["counted"]["four_contract_made"]) == 3


@cache
def _largest_match() -> tuple[Path, list[Record]]:
    best: tuple[int, Path, list[Record]] | None = None
    for path in FOUR_COLLECTIONS:
        for g in match_groups(list(psn.read(path))):
            steps = sum(len(r.main.moves) + 1 for r in g)
            if best is None or steps > best[0]:
                best = (steps, path, g)
    assert best is not None
    return best[1], best[2]


def test_the_largest_bundled_four_player_match_stays_small(tmp_path: Path) -> None:
    path, deals = _largest_match()
    page = bummerl_html(deals)
    size = len(page.encode("utf-8"))
    assert size < SIZE_LIMIT, f"{path} match {deals[0].match}: {size} bytes"
    assert len(_data(page)["deals"]) == len(deals)  # type: ignore[arg-type]
    index = next(i for i, r in enumerate(psn.read(path), 1) if r.match == deals[0].match)
    out = tmp_path / "match.html"
    assert main(["html", str(path), "--record", str(index), "--bummerl", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == page


def test_the_command_writes_a_four_player_deal(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deal.html"
    assert main(["html", str(STUDY / "bauern-called-partner.psn"), "--lang", "fr",
                 "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in page and '"four":true' in page
    assert "1 deal" in capsys.readouterr().out
