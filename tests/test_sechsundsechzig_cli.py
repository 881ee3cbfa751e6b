"""Sechsundsechzig as its players meet it: the command line in real processes on real
files (simulate, check, stats, html, replay, fmt), the bundled records and study deals,
the words for the trump nine, and the practice table."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import Card

from .conftest import ROOT

RECORDS = ROOT / "records"
STUDY = RECORDS / "study"
STANDOFF = STUDY / "sechsundsechzig-standoff.psn"
COLLECTIONS = (RECORDS / "sechsundsechzig-heuristic-vs-random.psn",
               RECORDS / "sechsundsechzig-heuristic-vs-heuristic.psn")
STUDIES = sorted(STUDY.glob("sechsundsechzig-*.psn"))


def cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``schnapsen-lab ARGS`` in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", *map(str, args)],
                          capture_output=True, text=True, check=False, env=env,
                          cwd=cwd or ROOT, timeout=600)


def page_data(html: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="sl-data">(.*?)</script>', html, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


# -- simulate and check ------------------------------------------------------------------------

def test_simulate_writes_sechsundsechzig_matches_the_same_for_the_same_seed(
        tmp_path: Path) -> None:
    one, two = tmp_path / "one.psn", tmp_path / "two.psn"
    r = cli("simulate", "--variant", "sechsundsechzig", "--players", "heuristic,random",
            "--matches", "12", "--seed", "21", "--quiet", "-o", one)
    assert r.returncode == 0, r.stderr
    r = cli("simulate", "--variant", "sechsundsechzig", "--players", "heuristic,random",
            "--matches", "12", "--seed", "21", "--jobs", "1", "--quiet", "-o", two)
    assert r.returncode == 0, r.stderr
    assert one.read_bytes() == two.read_bytes()
    recs = list(psn.read(one))
    assert recs and all(r.ok for r in recs)
    assert {r.tags["Variant"] for r in recs} == {"sechsundsechzig"}
    assert all(len(r.deck or ()) == 24 for r in recs)
    # every match is decided at 7, counting up from 0-0
    last = {r.match: r for r in recs}
    assert all(max(r.counters or (0,)) >= 7 for r in last.values())
    r = cli("check", one)
    assert r.returncode == 0 and "0 with errors" in r.stdout


def test_the_bundled_collections_and_study_deals_pass_check() -> None:
    r = cli("check", *COLLECTIONS, *STUDIES)
    assert r.returncode == 0, r.stdout
    matches = {(p.name, rec.match) for p in COLLECTIONS for rec in psn.read(p)}
    assert len(matches) >= 300
    assert len(STUDIES) == 5


def test_the_bundled_collections_are_what_the_readme_regenerates(tmp_path: Path) -> None:
    readme = (RECORDS / "README.md").read_text(encoding="utf-8")
    for path in COLLECTIONS:
        line = next(x for x in readme.splitlines()
                    if x.startswith("schnapsen-lab simulate") and x.endswith(path.name))
        args = line.split()[1:]
        out = tmp_path / path.name
        args[args.index("-o") + 1] = str(out)
        r = cli(*args, "--quiet")
        assert r.returncode == 0, r.stderr
        assert out.read_bytes() == path.read_bytes(), path.name


# -- stats -------------------------------------------------------------------------------------

def test_stats_count_standoffs_the_last_tricks_ten_and_the_carry(tmp_path: Path) -> None:
    import pandas as pd

    out = tmp_path / "deals.parquet"
    r = cli("stats", STANDOFF, *COLLECTIONS, "-o", out)
    assert r.returncode == 0, r.stderr
    assert re.search(r"standoffs\s+\d+", r.stdout)
    assert "last trick's 10 taken" in r.stdout
    d = pd.read_parquet(out)
    study = d[d["file"].astype(str) == str(STANDOFF)]
    first, second = study.iloc[0], study.iloc[1]
    assert first["end"] == "standoff" and first["rule"] == "6G4"
    assert pd.isna(first["winner"]) and pd.isna(first["forehand_won"])
    assert first["bonus"] == "B" and first["carry"] == 1
    assert first["exchanged_by"] == "A"
    assert second["winner"] == "A" and second["carry"] == 0
    assert (second["counters_a"], second["counters_b"]) == (2, 0)
    assert set(d["variant"].astype(str)) == {"sechsundsechzig"}
    six = d[d["file"].astype(str) != str(STANDOFF)]
    assert six["end"].notna().all()  # every end is a known category
    assert (six["closer"].notna()).any() and (six["exchanged_by"].notna()).any()
    assert (six["marriages20_a"] + six["marriages20_b"]).sum() > 0
    assert six["bonus"].notna().any()


def test_the_match_table_says_sechsundsechzig(tmp_path: Path) -> None:
    from schnapsen_lab.stats import deals_frame, matches_frame

    deals = deals_frame([str(STANDOFF)])
    m = matches_frame(deals)
    assert list(m["variant"].astype(str)) == ["sechsundsechzig"]


# -- replay ------------------------------------------------------------------------------------

def test_replay_shows_the_nine_exchange_the_last_tricks_ten_and_the_standoff() -> None:
    r = cli("replay", STANDOFF, "--record", "1")
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert "(indicator K♠)" in text  # the 13th card of the deck (6D1), not the 7th
    assert re.search(r"\bX +exchanges 9♠ for K♠", text)
    assert "trick 12 to B (21) +10" in text
    assert "result: a standoff (6G4), nobody scores; scores 65-65" in text
    assert "(with 10 for the last trick to B)" in text
    assert "Match counters after the deal: A 0, B 0; 1 game point carried" in text
    assert "Bummerl" not in text
    r = cli("replay", STANDOFF, "--record", "2")
    assert r.returncode == 0 and ("Match counters after the deal: A 2, B 0; with 1 game point "
                                  "carried from a standoff") in r.stdout


def test_replay_json_gives_a_standoff_no_winner() -> None:
    r = cli("replay", STANDOFF, "--record", "1", "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert rows[-1]["result"] == {"winner": None, "game_points": 0, "end": "standoff"}
    assert len(rows[0]["hands"]["A"]) == 6 and "9S" in rows[0]["hands"]["A"]
    assert rows[0]["talon"] == 12
    r = cli("replay", STANDOFF, "--record", "1", "--json", "--view", "B")
    assert r.returncode == 0, r.stderr


# -- html --------------------------------------------------------------------------------------

def test_html_page_of_a_standoff_match(tmp_path: Path) -> None:
    page = tmp_path / "match.html"
    r = cli("html", STANDOFF, "--record", "1", "--bummerl", "-o", page)
    assert r.returncode == 0, r.stderr
    html = page.read_text(encoding="utf-8")
    assert "<title>Anna vs Bert: a Sechsundsechzig match</title>" in html
    data = page_data(html)
    first, second = data["deals"]
    assert first["result"]["winner"] == -1 and first["result"]["end"] == "standoff"
    assert first["bonus"] == 1 and first["bonus_points"] == 10 and first["carry"] == 1
    assert first["exchange"] == int(Card.NS)  # the trump nine, spades
    assert first["match_word"] == "match"
    assert second["carry"] == 0 and second["result"]["winner"] == 0
    nines = 0xF << 20
    assert first["steps"][0]["h"][0] & nines  # Anna holds nines as dealt
    assert {"result_standoff", "last_trick_bonus", "carried", "rank_9", "deal_standoff",
            "plays_long_last"} <= data["strings"].keys()


def test_html_page_in_german_says_staender(tmp_path: Path) -> None:
    page = tmp_path / "de.html"
    r = cli("html", STANDOFF, "--record", "1", "--lang", "de", "-o", page)
    assert r.returncode == 0, r.stderr
    strings = page_data(page.read_text(encoding="utf-8"))["strings"]
    assert strings["deal_standoff"] == "Ständer"
    assert strings["rank_9"] == "Neuner"


def test_schnapsen_pages_keep_the_jack() -> None:
    from schnapsen_lab.share import deal_html

    rec = next(psn.read(STUDY / "false-claim.psn"))
    data = page_data(deal_html(rec))["deals"][0]
    assert data["exchange"] == int(Card.JC) and data["bonus"] == -1  # trump clubs
    assert data["match_word"] == "bummerl" and data["carry"] == 0


# -- fmt ---------------------------------------------------------------------------------------

def test_fmt_keeps_sechsundsechzig_records(tmp_path: Path) -> None:
    for path in (*STUDIES, COLLECTIONS[0]):
        out = tmp_path / path.name
        r = cli("fmt", path, "-o", out)
        assert r.returncode == 0, r.stderr
        assert out.read_bytes() == path.read_bytes(), path.name
    compact = tmp_path / "compact.psn"
    r = cli("fmt", STANDOFF, "--compact", "-o", compact)
    assert r.returncode == 0, r.stderr
    assert len(compact.read_text(encoding="utf-8").strip().splitlines()) == 2
    assert [r.check_dict()["end"] for r in psn.read(compact)] == ["standoff", "claim"]


# -- words -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Anna exchanges the trump nine 9♠ for the indicator K♠"),
    ("de", "Anna tauscht die Trumpfneun 9♠ gegen die aufgedeckte Trumpfkarte K♠"),
    ("fr", "Anna échange le neuf d'atout 9♠ contre l'indicateur K♠"),
    ("ru", "Anna меняет козырную девятку 9♠ на индикатор K♠"),
])
def test_the_exchange_is_said_with_the_trump_nine(lang: str, says: str) -> None:
    from schnapsen_lab import notation
    from schnapsen_lab.i18n import language

    rec = next(psn.read(STANDOFF))
    ps = rec.positions()
    step = next(i for i, a in enumerate(rec.actions) if str(a) == "X")
    with language(lang):
        said = notation.describe(ps[step], rec.actions[step], ps[step + 1], ("Anna", "Bert"))
    assert said == says


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Anna plays 10♦; Bert takes the trick (21) and 10 for the last trick"),
    ("de", "Anna legt 10♦; Bert macht den Stich (21) und 10 für den letzten Stich"),
])
def test_the_last_trick_is_said_with_its_ten(lang: str, says: str) -> None:
    from schnapsen_lab import notation
    from schnapsen_lab.i18n import language

    rec = next(psn.read(STANDOFF))
    ps = rec.positions()
    last = len(rec.actions) - 1
    with language(lang):
        said = notation.describe(ps[last], rec.actions[last], ps[last + 1], ("Anna", "Bert"))
        before = notation.describe(ps[last - 2], rec.actions[last - 2], ps[last - 1],
                                   ("Anna", "Bert"))
    assert said == says
    assert "10" not in before.split(")")[-1]  # an earlier trick: no 10


def test_the_referees_sechsundsechzig_reasons_are_translated() -> None:
    from schnapsen_lab import notation
    from schnapsen_lab.i18n import language

    with language("de"):
        assert notation.reason_text("B closes only after winning a trick") == \
            "B darf erst zudecken, wenn er einen Stich gemacht hat"
        assert notation.reason_text("A does not hold the trump nine 9S") == \
            "A hat die Trumpfneun 9♠ nicht"


def test_the_practice_table_plays_sechsundsechzig() -> None:
    from schnapsen_lab.widgets import practice_table

    w = practice_table("heuristic", variant="sechsundsechzig", seed=4)
    assert w.table.profile.name == "sechsundsechzig"
    assert len(w.table.position.hand(w.table.seat)) == 6
    assert w.exchange_button.description == "exchange nine"
    assert w.new_bummerl_button.description == "new match"  # counting up to 7: no Bummerl
    assert "match: Anna 0 : 0 Bert" in w.counters_html.value
