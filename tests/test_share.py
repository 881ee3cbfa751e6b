"""The self-contained HTML page (schnapsen_lab.share): its data, escaping, texts and size.

The page is driven in Chromium in tests/browser/test_share_browser.py; here the data is
checked against the replay model, the JSON and the page against hostile text, the texts
of the script against STRINGS, and the size of the largest bundled Bummerl.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import cards_in, parse_card
from schnapsen_lab.games.twohand.rules import SEATS
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay, match_groups
from schnapsen_lab.share import COUNTED, STRINGS, bummerl_html, deal_data, deal_html, script_json

from .conftest import ROOT

STUDY = ROOT / "records" / "study"
PAGE_JS = ROOT / "schnapsen_lab" / "share" / "page.js"
SIZE_LIMIT = 300 * 1024

HOSTILE_A = "</script><script>alert('A')</script>"
HOSTILE_B = "<img src=x onerror=alert('B')>"
HOSTILE_EVENT = "Club </SCRIPT ><!-- night & <b>bold</b> ]]>"
HOSTILE_COMMENT = "<script>alert('c')</script> sep:\u2028 para:\u2029 <iframe src=https://example.com>"
HOSTILE_PSN = f"""[Event "{HOSTILE_EVENT}"]
[PlayerA "{HOSTILE_A}"]
[PlayerB "{HOSTILE_B}"]
[Notes "<a href=javascript:alert(5)>click</a> &lt;"]
[Dealer "B"]
[Rules "soft"]
[Deck "AS TS KS AD TD KD JS QS AH QC JC AC TC KC QD JD TH KH QH JH"]
[Result "A 3"]

{{{HOSTILE_COMMENT}}} 1. C! {{<svg onload=alert(3)>}} AS JC 2. KS+40 QC 3. TS KD 66
{{</script ><img src=y onerror=alert(4)>}}
"""


def hostile_record() -> Record:
    """A record whose names, tags and comments are hostile (the reader takes U+2028 for a
    line break, so the comment that holds one is set after reading)."""
    rec = psn.loads(HOSTILE_PSN)[0]
    assert rec.ok, rec.errors
    assert rec.player_names == (HOSTILE_A, HOSTILE_B)
    rec.main.comments = [HOSTILE_COMMENT]
    return rec


@cache
def largest_bundled_bummerl() -> tuple[str, list[Record]]:
    """The two-player Bummerl with the most steps among the bundled collections, and its
    file (the page draws two-player deals)."""
    best: tuple[int, str, list[Record]] = (0, "", [])
    for f in sorted((ROOT / "records").glob("*.psn")):
        for g in match_groups(r for r in psn.read(f) if len(r.seats) == 2):
            steps = sum(len(r.main.moves) + 1 for r in g)
            if steps > best[0]:
                best = (steps, str(f), g)
    return best[1], best[2]


def page_data_of(page: str) -> dict[str, object]:
    m = re.search(r'<script type="application/json" id="sl-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, object] = json.loads(m.group(1))
    return data


# -- the data is the model's ------------------------------------------------------------------

@pytest.mark.parametrize("name", ["closing-wins-3", "failed-closing", "false-claim",
                                  "last-trick", "marriage-claim-67", "strict-profile"])
def test_every_step_holds_the_replays_facts(name: str) -> None:
    rp = Replay(next(psn.read(STUDY / f"{name}.psn")))
    data = deal_data(rp)
    assert len(data["steps"]) == len(rp)
    for i, st in enumerate(data["steps"]):
        row = rp.row(i)  # the replay --json object (REPLAY.md)
        pos = rp[i]
        assert [sorted(str(c) for c in cards_in(m)) for m in st["h"]] == [
            row["hands"]["A"], row["hands"]["B"]]
        assert st["s"] == [row["scores"]["A"], row["scores"]["B"]]
        assert st["w"] == [row["tricks"]["A"], row["tricks"]["B"]]
        assert st["p"] == [row["pending"]["A"], row["pending"]["B"]]
        assert st["n"] == (0 if row["exhausted"] else row["talon"])
        assert st["i"] == (-1 if row["indicator"] is None else int(parse_card(row["indicator"])))
        assert st["m"] == (-1 if row["to_move"] is None else "AB".index(row["to_move"]))
        for s in SEATS:
            known, unknown, trumps, points, _infs, _talon = st["k"][s]
            c = rp.counting(i, s)
            facts = row["known"][str(s)]
            assert sorted(str(x) for x in cards_in(known[s.other])) == facts["opponent"]
            assert known[s] == 0
            assert sorted(str(x) for x in cards_in(unknown)) == facts["unknown"]
            assert cards_in(trumps) == list(c.trumps_out) and points == c.points_out
        if pos.lead >= 0:
            assert st["t"] == [[pos.leader, pos.lead]]
        for vi, viewer in enumerate([None, *SEATS]):
            up = [ts.trick.number for ts in rp.visible_tricks(i, viewer) if ts.face_up]
            assert [n for n in range(1, 11) if st["up"][vi] >> (n - 1) & 1] == up
        assert st.get("q", []) == rp.comments(i)
    out = rp.outcome(rp.last)
    assert out is not None and data["result"] == {
        "winner": int(out.winner), "points": out.game_points, "end": out.end.value,
        "rule": out.rule}


def test_bummerl_data_counters_and_winner() -> None:
    g = match_groups(psn.read(STUDY / "small-match.psn"))[0]
    data = page_data_of(bummerl_html(g))
    deals = data["deals"]
    assert isinstance(deals, list) and len(deals) == 4 and data["bummerl"] == "study-1"
    for rec, dl in zip(g, deals, strict=True):
        rp = Replay(rec)
        # never below 0 on the page (issue 22): Bert's -1 is shown 0, 1 past 0
        assert [st.get("b") for st in dl["steps"]] == [
            [max(c, 0) for c in rp.counters(i) or ()] or None for i in range(len(rp))]
    assert [dl["bummerl_winner"] for dl in deals] == [-1, -1, -1, 1]  # Bert, at the end
    assert deals[-1]["steps"][-1]["b"] == [7, 0]
    assert deals[-1]["steps"][-1]["o"] == " (1 game point past 0)"
    assert all("o" not in st for dl in deals[:3] for st in dl["steps"])


def test_replay_to_html_is_the_deal_page() -> None:
    rec = next(psn.read(STUDY / "marriage-claim-67.psn"))
    rp = Replay(rec)
    assert rp.to_html() == deal_html(rec) == deal_html(rp)
    assert rp.to_html().startswith("<!DOCTYPE html>")


def test_bummerl_page_takes_one_bummerl_only() -> None:
    g = match_groups(psn.read(STUDY / "small-match.psn"))[0]
    single = next(psn.read(STUDY / "last-trick.psn"))
    with pytest.raises(ValueError, match="one Bummerl"):
        bummerl_html([*g, single])
    with pytest.raises(ValueError, match="one Bummerl"):
        bummerl_html([g[0], g[2]])  # not in order: not one Bummerl's deals
    with pytest.raises(ValueError, match="one Bummerl"):
        bummerl_html([single])


def test_a_record_without_a_deck_has_no_page() -> None:
    text = (STUDY / "closing-wins-3.psn").read_text().replace("AS TS KS AD", "AS AS KS AD")
    rec = psn.loads(text)[0]
    with pytest.raises(ValueError, match="S3"):
        deal_html(rec)


# -- escaping -----------------------------------------------------------------------------------

def test_script_json_cannot_end_the_script_element() -> None:
    data = {"x": HOSTILE_A + HOSTILE_COMMENT + "<!-- & -->", "y": ["\u2028", "\u2029"]}
    text = script_json(data)
    for bad in ("<", ">", "&", "\u2028", "\u2029"):
        assert bad not in text
    assert json.loads(text) == data


def test_hostile_text_reaches_the_page_only_as_escaped_json() -> None:
    page = deal_html(hostile_record())
    assert page.count("<script") == 2  # the data and the page's own script
    assert page.count("</script>") == 2
    outside_script = page.replace(PAGE_JS.read_text(), "")
    for raw in ("<img", "<svg", "<iframe", "<a href", "<b>", "alert('A')</script>", "<!--"):
        assert raw not in outside_script, raw
    title = re.search(r"<title>(.*)</title>", page)
    assert title is not None and "&lt;/script&gt;" in title.group(1)
    data = page_data_of(page)
    deal = data["deals"][0]  # type: ignore[index]
    assert deal["names"] == [HOSTILE_A, HOSTILE_B]
    assert deal["steps"][0]["q"] == [HOSTILE_COMMENT]
    assert ["Event", HOSTILE_EVENT] in deal["tags"]


def test_only_the_pages_own_script_may_run() -> None:
    page = deal_html(next(psn.read(STUDY / "last-trick.psn")))
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert csp is not None
    script = re.search(r"<script>(.*)</script>", page, re.S)
    assert script is not None
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp.group(1)
    assert "default-src 'none'" in csp.group(1)
    assert not re.search(r"</script|<!--", PAGE_JS.read_text(), re.I)


# -- texts --------------------------------------------------------------------------------------

def test_every_text_of_the_page_is_in_strings() -> None:
    js = PAGE_JS.read_text()
    literals = set(re.findall(r'"((?:[^"\\]|\\.)*)"', js))
    missing = set(re.findall(r'\btr\("(\w+)"[,)]', js)) - STRINGS.keys()
    assert missing == set()
    missing = set(re.findall(r'\btrn\("(\w+)"[,)]', js)) - COUNTED.keys()
    assert missing == set()
    used = literals & STRINGS.keys()
    used |= {f"rank_{r}" for r in "ATKQJ9"} | {f"suit_{s}" for s in "CDHS"}
    used |= {f"suit_of_{s}" for s in "CDHS"} | {f"nag_{n}" for n in range(1, 7)}
    used |= {f"call_{c}" for c in ("weiter", "spritze", "schnapser", "gang", "bauernschnapser",
                                   "kontraschnapser", "bettler", "kontrabauernschnapser")}
    used |= {"noscript", "page_title_deal", "page_title_bummerl",  # written by Python
             "page_title_game_deal", "page_title_game_match",
             "four_noscript", "page_title_four_deal", "page_title_four_match",
             "page_title_players_deal", "page_title_players_match", "game_noscript"}
    unused = STRINGS.keys() - used
    assert unused == set(), f"texts the script never shows: {sorted(unused)}"
    counted = literals & COUNTED.keys()
    counted |= {f"result_{e}" for e in ("claim", "false_claim", "last_trick", "failed_closing")}
    counted |= {f"four_{e}" for e in ("claim", "false_claim", "last_trick", "contract_made",
                                      "contract_broken")}
    assert COUNTED.keys() - counted == set()
    # No English words are written in the script itself: every text goes through tr().
    texts = [re.sub(r"<[^>]*>?|^[^<]*>", "", t) for t in literals]
    prose = [t for t in texts if re.search(r"[A-Za-z]{3,} [a-z]{3,}", t) and t != "use strict"]
    assert prose == []


# -- size ---------------------------------------------------------------------------------------

def test_the_largest_bundled_bummerl_stays_small(tmp_path: Path) -> None:
    path, deals = largest_bundled_bummerl()
    page = bummerl_html(deals)
    size = len(page.encode("utf-8"))
    assert size < SIZE_LIMIT, f"{path} Bummerl {deals[0].match}: {size} bytes"
    assert len(page_data_of(page)["deals"]) == len(deals)  # type: ignore[arg-type]
