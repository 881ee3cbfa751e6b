"""The shared HTML page of four-player deals in Chromium, from disk, every request blocked.

The page's script works out much of what it shows from the actions (the calls, the
contract, trump, the sides, each seat's counting): these tests step through bundled
four-player deals and compare what is drawn with the replay model at every step, in the
open table and in the seats' views (three hands face down; a called partner unknown
until the card falls), then a whole bundled match and the page in Russian.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.replay import Replay, match_groups

from . import auction_share as shared
from . import test_share_browser as _share
from .conftest import REPO_ROOT
from .lab import save_screenshot
from .test_share_browser import LAPTOP, Seen, assert_quiet, open_page, write_page

# the shared page's fixtures: a laptop-sized page that aborts every other request, and
# what it saw (console messages, dialogs, requests)
page = _share.page
seen = _share.seen

STUDY = REPO_ROOT / "records" / "study"

SHOWN4 = shared.shown_script("NESW", """\
    points: Object.fromEntries(all('.sl-tallies td[class^="sl-points-"]')
      .map(e => [e.className.slice(10), Number(e.textContent)])),
    voids: all('.sl-count .sl-void').map(e => e.textContent),
    match: text('.sl-match-winner'),
""")


def wait4(page: Any, step: int) -> dict[str, Any]:
    return shared.wait_shown(page, step, SHOWN4)


def check_step(rp: Replay, step: int, shown: dict[str, Any], viewer: int | None) -> None:
    """What the page shows at ``step`` in ``viewer``'s view is the model's: what every
    game with calls shows, the sides' scores and tricks once the viewer knows the sides
    (else each player's points), the declarer's own score and the suits each other
    player is known to lack."""
    shared.check_shared(rp, step, shown, viewer, "NESW")
    pos = rp[step]
    knows = viewer is None or rp.knowledge(step, viewer).partner_known
    if knows and not (pos.profile.called and pos.called < 0):  # no partner called: per player
        sides = list(pos.side_names)
        assert shown["sides"] == sides
        assert shown["scores"] == {sides[0]: pos.score(0), sides[1]: pos.score(1)}, step
        assert shown["tricks"] == {sides[0]: pos.side_tricks(0), sides[1]: pos.side_tricks(1)}
    else:
        assert shown["sides"] == [] and shown["scores"] == {}
        assert shown["points"] == {s: pos.points[i] for i, s in enumerate("NESW")}
    c = pos.contract
    if c is not None and pos.phase >= 3 and not c.all_tricks:
        assert f"own score {pos.declarer_score()} " in (shown["declarer"] or "")
    else:
        assert shown["declarer"] is None
    if viewer is not None:
        counting = rp.counting(step, viewer)
        v = rp.knowledge(step, viewer)
        voids = sorted("NESW"[o] for o in range(4) for suit in range(4)
                       if o != viewer and v.voids[o] >> suit & 1
                       and counting.unknown_by_suit[suit])
        assert sorted(shown["voids"]) == voids, step


@pytest.mark.parametrize("name", ["bauern-called-partner", "bauern-spritze",
                                  "bauern-schnapser-two-tricks", "bauern-gang"])
def test_every_step_in_every_view_is_the_models(page: Any, seen: Seen, tmp_path: Path,
                                                name: str) -> None:
    source = STUDY / f"{name}.psn"
    rp = Replay(next(psn.read(source)))
    url = open_page(page, write_page(tmp_path, f"{name}.html", str(source)), seen)
    shared.step_through(page, rp, (None, 0, 1, 2, 3), wait4, check_step)
    save_screenshot(page, f"share-{name}", full_page=False)
    assert_quiet(page, seen, url)


def test_a_called_partner_shows_once_the_card_falls(page: Any, seen: Seen,
                                                    tmp_path: Path) -> None:
    source = STUDY / "bauern-called-partner.psn"
    rp = Replay(next(psn.read(source)))
    fall = next(i for i in range(len(rp)) if rp[i].partner_known)
    url = open_page(page, write_page(tmp_path, "called.html", str(source)), seen)
    page.locator(".sl-view button.sl-view-N").click()
    for _ in range(fall - 1):
        page.keyboard.press("ArrowRight")
    wait4(page, fall - 1)
    assert page.locator(".sl-sides-unknown").count() == 1
    assert "partner unknown" in (page.locator(".sl-hand-E").text_content() or "")
    assert "unknown to you" in (page.locator(".sl-partner").text_content() or "")
    page.locator(".sl-view button.sl-view-S").click()  # the holder knows
    assert page.locator(".sl-tallies .sl-score-ES").count() == 1
    assert "you hold it" in (page.locator(".sl-partner").text_content() or "")
    page.locator(".sl-view button.sl-view-N").click()
    page.keyboard.press("ArrowRight")
    wait4(page, fall)
    assert page.locator(".sl-sides-unknown").count() == 0
    assert "plays with Bert" in (page.locator(".sl-hand-S").text_content() or "")
    save_screenshot(page, "share-called-partner-falls", full_page=False)
    assert_quiet(page, seen, url)


def test_before_the_call_and_at_step_0_the_page_says_what_happens(page: Any, seen: Seen,
                                                                   tmp_path: Path) -> None:
    """Issue 21: before the partner card is called the panel said "until undefinedundefined
    falls", and at step 0 forehand was "to play" while he must fix trump."""
    source = STUDY / "bauern-called-partner.psn"
    url = open_page(page, write_page(tmp_path, "called0.html", str(source)), seen)
    page.locator(".sl-view button.sl-view-N").click()
    page.keyboard.press("Home")
    wait4(page, 0)
    rp = Replay(next(psn.read(source)))
    fh = "NESW"[rp[0].forehand]
    assert "to fix trump" in (page.locator(f".sl-hand-{fh}").text_content() or "")
    assert "to play" not in (page.locator(f".sl-hand-{fh}").text_content() or "")
    page.keyboard.press("ArrowRight")  # trump fixed, the card not called yet
    wait4(page, 1)
    said = page.locator(".sl-sides-unknown").text_content() or ""
    assert "not called yet" in said and "undefined" not in said
    assert "to call a partner" in (page.locator(f".sl-hand-{fh}").text_content() or "")
    assert "undefined" not in (page.locator(".sl-tallies").text_content() or "")
    assert_quiet(page, seen, url)


def test_before_a_partner_is_called_the_open_table_counts_per_player(
        page: Any, seen: Seen, tmp_path: Path) -> None:
    """Issue 50: at step 0 of a called-partner deal the page grouped the scores "E | NSW"
    though no partner was called; like the widget, one column a player until then."""
    source = STUDY / "bauern-called-partner.psn"
    url = open_page(page, write_page(tmp_path, "called-open.html", str(source)), seen)
    page.locator(".sl-view button").nth(0).click()  # the open table
    page.keyboard.press("Home")
    shown = wait4(page, 0)
    assert shown["sides"] == [] and sorted(shown["points"]) == ["E", "N", "S", "W"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # trump fixed, the partner card called
    assert wait4(page, 2)["sides"] == ["ES", "NW"]
    assert_quiet(page, seen, url)


def test_a_lapsed_double_is_not_shown(page: Any, seen: Seen, tmp_path: Path) -> None:
    """The conformance deal 48: a double that lapsed counts single on the page too."""
    cases = REPO_ROOT / "tests" / "data" / "conformance" / "bauern" / "valid.psn"
    rec = next(r for r in psn.read(cases) if r.index == 48)
    one = tmp_path / "lapsed.psn"
    one.write_text(psn.dumps([rec]), encoding="utf-8")
    url = open_page(page, write_page(tmp_path, "lapsed.html", str(one)), seen)
    page.keyboard.press("End")
    rp = Replay(rec)
    shown = wait4(page, rp.last)
    assert page.locator(".sl-spritze, .sl-spritze-short").count() == 0
    assert shown["result"] is not None and "doubled" not in shown["result"]
    assert_quiet(page, seen, url)


def test_a_whole_match_and_the_layout_at_laptop_size(page: Any, seen: Seen,
                                                      tmp_path: Path) -> None:
    path = REPO_ROOT / "records" / "bauern-heuristic-vs-random.psn"
    records = list(psn.read(path))
    group = match_groups(records)[0]
    url = open_page(page, write_page(tmp_path, "match.html", str(path), "--bummerl"), seen)
    assert page.locator(".sl-deal option").count() == len(group)

    def box(sel: str) -> dict[str, float]:
        b = page.locator(sel).first.bounding_box()
        assert b is not None
        return b

    for k, rec in enumerate(group):
        if k:
            page.keyboard.press("PageDown")
        rp = Replay(rec)
        page.keyboard.press("End")
        shown = wait4(page, rp.last)
        check_step(rp, rp.last, shown, None)
        counters = rec.counters
        assert counters is not None
        for key, value in zip(rec.match_rules.keys, counters, strict=True):
            assert page.locator(f".sl-counters-{key}").get_attribute("data-value") == str(value)
        panels = [box(s) for s in (".sl-side", ".sl-table", ".sl-right")]
        for i, a in enumerate(panels):
            assert a["x"] >= 0 and a["x"] + a["width"] <= LAPTOP["width"]
            for b in panels[i + 1:]:
                assert a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or \
                    a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    winners = group[-1].match_winners
    assert winners and shown["match"] is not None and f"({winners[0]})" in shown["match"]
    save_screenshot(page, "share-four-player-match", full_page=False)
    assert_quiet(page, seen, url)


def test_a_four_player_deal_in_russian(page: Any, seen: Seen, tmp_path: Path) -> None:
    source = STUDY / "bauern-spritze.psn"
    rp = Replay(next(psn.read(source)))
    url = open_page(page, write_page(tmp_path, "ru.html", str(source), "--lang", "ru"), seen)
    assert page.evaluate("document.documentElement.lang") == "ru"
    page.keyboard.press("End")
    wait4(page, rp.last)
    text = page.locator("body").text_content() or ""
    assert "Торговля" in text and "контра от Anna (N)" in text
    assert "игровых очков — Anna & Cilli (NS)" in text
    moves = page.locator(".sl-moves").text_content() or ""
    assert "N: контра" in moves and "E называет ♣ трефы" in moves
    assert not re.search(r"\b(leads|plays|names|pass|double)\b", moves)
    save_screenshot(page, "share-four-ru", full_page=False)
    assert_quiet(page, seen, url)
