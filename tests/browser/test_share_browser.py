"""The shared HTML page in Chromium, opened from disk with every network request blocked.

Each page is written by ``schnapsen-lab html`` into a temporary folder and opened as a
``file://`` URL at the laptop size 1366x768. The tests press forward (button and arrow
key) through every step and compare what is shown (step, scores, tricks, talon, hands,
Bummerl counters) with the replay model; switch views and check the face-down hand and
the counting panel; check that the cards are html.py's cards; check that hostile names
and comments show as text and run nothing; and that no request left the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import html as H
from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS
from schnapsen_lab.cli import main
from schnapsen_lab.games.twohand.rules import SEATS, Seat
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay
from schnapsen_lab.share import deal_html, page_data, page_html

from ..test_share import (
    HOSTILE_A,
    HOSTILE_B,
    HOSTILE_COMMENT,
    HOSTILE_EVENT,
    hostile_record,
    largest_bundled_bummerl,
)
from .conftest import REPO_ROOT
from .lab import save_screenshot
from .test_layout_browser import _pairs_broken

STUDY = REPO_ROOT / "records" / "study"
LAPTOP = {"width": 1366, "height": 768}

WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""

SHOWN = """() => {
  const q = s => document.querySelector(s);
  const text = s => { const e = q(s); return e ? e.textContent.trim() : null; };
  const faces = (s, m = '') => Array.from(document.querySelectorAll(s + ' .sl-card.sl-face' + m))
    .map(e => e.dataset.card);
  const n = s => document.querySelectorAll(s).length;
  return {
    step: text('.sl-step-number'),
    scores: [text('.sl-score-A'), text('.sl-score-B')],
    tricks: [text('.sl-tallies .sl-tricks-A'), text('.sl-tallies .sl-tricks-B')],
    counters: q('.sl-counters') ? [text('.sl-counters-A'), text('.sl-counters-B')] : null,
    talon: q('.sl-talon') ? q('.sl-talon').dataset.talon : null,
    hands: [faces('.sl-hand-A'), faces('.sl-hand-B')],
    backs: [n('.sl-hand-A .sl-face-down'), n('.sl-hand-B .sl-face-down')],
    known: [faces('.sl-hand-A', '.sl-known'), faces('.sl-hand-B', '.sl-known')],
    hidden: Array.from(document.querySelectorAll('.sl-hand.sl-hidden')).map(e => e.dataset.seat),
    up: n('.sl-won-up'), down: n('.sl-won-down'),
    facts: Array.from(document.querySelectorAll('.sl-count')).map(e => e.dataset.viewer),
    result: text('.sl-result'), bummerl: text('.sl-bummerl-result'),
    faceHtml: Array.from(document.querySelectorAll('.sl-card.sl-face')).map(e => e.outerHTML),
    oldBack: n('.sl-back.sl-card') + n('.sl-card.sl-back'),
  };
}"""


@dataclass
class Seen:
    """What the page did besides drawing: requests, dialogs, errors."""

    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@pytest.fixture
def seen() -> Seen:
    return Seen()


@pytest.fixture
def page(browser: Any, seen: Seen) -> Iterator[Any]:
    """A laptop-sized page whose every request other than the file itself is aborted."""
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(20_000)

    def route(r: Any) -> None:
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            seen.blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    context.on("request", lambda r: seen.requests.append(r.url))
    pg = context.new_page()
    pg.add_init_script(WATCH)
    pg.on("dialog", lambda d: (seen.dialogs.append(d.message), d.dismiss()))
    pg.on("pageerror", lambda e: seen.errors.append(str(e)))
    pg.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    try:
        yield pg
    finally:
        context.close()


def write_page(tmp_path: Path, name: str, *argv: str) -> Path:
    out = tmp_path / name
    assert main(["html", *argv, "-o", str(out)]) == 0
    return out


def open_page(page: Any, path: Path, seen: Seen) -> str:
    url = path.resolve().as_uri()
    page.goto(url)
    page.wait_for_selector(".sl-table")
    assert seen.requests == [url]
    return url


def assert_quiet(page: Any, seen: Seen, url: str) -> None:
    assert seen.requests == [url], "the page asked for something else"
    assert seen.blocked == [] and seen.dialogs == [] and seen.errors == []
    assert page.evaluate("window.__violations") == []


def wait_step(page: Any, step: int) -> dict[str, Any]:
    page.wait_for_function(
        "n => document.querySelector('.sl-step-number').textContent === n", arg=str(step))
    shown: dict[str, Any] = page.evaluate(SHOWN)
    return shown


def card_names(cards: Any) -> list[str]:
    return [c.name for c in cards]


def allowed_faces() -> set[str]:
    return {H.card_html(c, size, mark=mark) for c in CARDS for size in ("sm", "md", "lg")
            for mark in ("", "sl-known")}


def check_open_table(rp: Replay, step: int, shown: dict[str, Any]) -> None:
    pos = rp[step]
    assert shown["step"] == str(step)
    assert shown["scores"] == [str(pos.score(s)) for s in SEATS]
    assert shown["tricks"] == [str(pos.tricks[s]) for s in SEATS]
    assert shown["talon"] == str(0 if pos.exhausted else pos.talon_size)
    assert shown["hands"] == [card_names(pos.hand(s)) for s in SEATS]
    assert shown["hidden"] == [] and shown["backs"] == [0, 0]
    counters = rp.counters(step)
    # never below 0 (issue 22)
    assert shown["counters"] == (None if counters is None else [str(max(c, 0)) for c in counters])
    assert shown["up"] == len(rp.tricks(step)) and shown["down"] == 0
    assert shown["facts"] == ["A", "B"]
    assert shown["oldBack"] == 0


def check_view(rp: Replay, step: int, viewer: Seat, shown: dict[str, Any]) -> None:
    pos = rp[step]
    other = viewer.other
    known = rp.knowledge(step, viewer).opponent & pos.hands[other]
    assert shown["step"] == str(step)
    assert shown["hidden"] == [other.name]
    assert shown["hands"][viewer] == card_names(pos.hand(viewer))
    assert shown["hands"][other] == shown["known"][other] == card_names(
        c for c in CARDS if known >> c & 1)
    assert shown["backs"][other] == bin(pos.hands[other] & ~known).count("1")
    assert shown["backs"][viewer] == 0
    tricks = rp.visible_tricks(step, viewer)
    assert shown["up"] == sum(t.face_up for t in tricks)
    assert shown["down"] == sum(not t.face_up for t in tricks)
    assert shown["facts"] == [viewer.name]
    assert shown["scores"] == [str(pos.score(s)) for s in SEATS]


@pytest.mark.parametrize("name", ["closing-wins-3", "marriage-claim-67", "strict-profile"])
def test_study_deal_from_disk_offline(name: str, page: Any, seen: Seen, tmp_path: Path) -> None:
    source = STUDY / f"{name}.psn"
    rp = Replay(next(psn.read(source)))
    url = open_page(page, write_page(tmp_path, f"{name}.html", str(source)), seen)
    faces = allowed_faces()
    forward = page.locator("button.sl-forward")

    # the open table, forward through every step: by the button and by the arrow key
    shown = wait_step(page, 0)
    for step in range(rp.last + 1):
        check_open_table(rp, step, shown)
        assert set(shown["faceHtml"]) <= faces  # html.py's cards, exactly
        if step == rp.last:
            break
        if step % 2:
            page.keyboard.press("ArrowRight")
        else:
            forward.click()
        shown = wait_step(page, step + 1)
    assert forward.is_disabled()
    out = rp.outcome(rp.last)
    assert out is not None
    assert f"wins {out.game_points} game point" in shown["result"] and out.rule in shown["result"]
    save_screenshot(page, f"share-{name}-end", full_page=False)

    # each player's view, back through every step by the arrow key
    for viewer in SEATS:
        page.locator(f".sl-view button.sl-view-{viewer.name}").click()
        assert page.locator(f".sl-view-{viewer.name}").get_attribute("aria-pressed") == "true"
        page.keyboard.press("End")
        for step in range(rp.last, -1, -1):
            shown = wait_step(page, step)
            check_view(rp, step, viewer, shown)
            assert set(shown["faceHtml"]) <= faces
            if step:
                page.keyboard.press("ArrowLeft")
        names = rp.record.player_names
        assert page.locator(".sl-count b").first.text_content() == \
            f"Facts for {names[viewer]} ({viewer.name})"
    save_screenshot(page, f"share-{name}-view-B", full_page=False)

    # the move list jumps, End goes to the last step
    page.locator(".sl-moves button[data-step='2']").click()
    wait_step(page, 2)
    page.keyboard.press("End")
    wait_step(page, rp.last)
    assert_quiet(page, seen, url)


def test_largest_bundled_bummerl_from_disk_offline(page: Any, seen: Seen,
                                                   tmp_path: Path) -> None:
    path, deals = largest_bundled_bummerl()
    first = deals[0]
    out = write_page(tmp_path, "bummerl.html", path, "--record", str(first.index), "--bummerl")
    assert out.stat().st_size < 300 * 1024
    url = open_page(page, out, seen)
    options = page.locator("select.sl-deal option")
    assert options.count() == len(deals)
    forward = page.locator("button.sl-forward")
    for d, rec in enumerate(deals):
        rp = Replay(rec)
        if d == 1:
            page.locator("select.sl-deal").select_option(str(d))
        elif d == 2:
            page.locator("button.sl-next-deal").click()
        elif d:
            page.keyboard.press("PageDown")
        page.wait_for_function(f"document.querySelector('select.sl-deal').value === '{d}'")
        shown = wait_step(page, 0)
        tag = page.locator(".sl-tag-list").text_content() or ""
        assert f"Deal {rec.deal}" in tag
        for step in range(rp.last + 1):
            check_open_table(rp, step, shown)
            if step == rp.last:
                break
            if step % 2:
                forward.click()
            else:
                page.keyboard.press("ArrowRight")
            shown = wait_step(page, step + 1)
        if d < len(deals) - 1:
            assert shown["bummerl"] is None
    assert rec.counters is not None
    (won,) = rec.match_winners  # the counter that reached the target (B1; BZ5 counts up)
    winner = Seat[won]
    name = rec.player_names[winner]
    if rec.player_names[0] == rec.player_names[1]:
        name += f" ({winner.name})"
    a, b = (max(c, 0) for c in rec.counters)  # shown stopping at 0, the excess said
    past = -min(rec.counters)
    over = (f" ({past} game point{'s' if past != 1 else ''} past 0)" if past > 0 else "")
    won_text = (f"the match goes to {name}" if rec.match_rules.counts_up  # no Bummerl (B1)
                else f"{name} wins the Bummerl")
    assert shown["bummerl"] == f"{won_text} ({a} : {b}){over}"
    page.locator(".sl-view button.sl-view-B").click()
    save_screenshot(page, "share-bummerl-last-deal-B", full_page=False)
    assert_quiet(page, seen, url)


def test_hostile_names_and_comments_run_nothing(page: Any, seen: Seen, tmp_path: Path) -> None:
    rec: Record = hostile_record()
    out = tmp_path / "hostile.html"
    out.write_text(deal_html(rec), encoding="utf-8")
    url = open_page(page, out, seen)
    title = page.locator(".sl-title").text_content() or ""
    assert HOSTILE_A in title and HOSTILE_B in title
    assert HOSTILE_EVENT in (page.locator(".sl-tag-list").text_content() or "")
    assert page.locator(".sl-comment").first.text_content() == f"“{HOSTILE_COMMENT}”"
    assert page.title() == f"{HOSTILE_A} vs {HOSTILE_B}: a Schnapsen deal"
    for view in ("open", "A", "B"):
        page.locator(f".sl-view button.sl-view-{view}").click()
        for step in range(1, len(Replay(rec))):
            page.keyboard.press("ArrowRight")
            wait_step(page, step)
        page.keyboard.press("Home")
    assert page.locator("img, svg, iframe, a, object, embed").count() == 0
    assert page.locator("script").count() == 2
    assert page.evaluate("typeof window.alert") == "function"
    assert_quiet(page, seen, url)


def test_laptop_layout_panels_apart_and_table_still(page: Any, seen: Seen,
                                                    tmp_path: Path) -> None:
    source = STUDY / "small-match.psn"
    url = open_page(page, write_page(tmp_path, "m.html", str(source), "--bummerl"), seen)

    def box(sel: str) -> dict[str, float]:
        b = page.locator(sel).bounding_box()
        assert b is not None
        return dict(b)

    def apart(a: dict[str, float], b: dict[str, float]) -> bool:
        return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])

    page.keyboard.press("PageDown")  # deal 2: 20 steps
    first = box(".sl-table")
    for step in range(20):
        page.keyboard.press("ArrowRight")
        panels = [box(s) for s in (".sl-side", ".sl-table", ".sl-right")]
        assert all(apart(a, b) for i, a in enumerate(panels) for b in panels[i + 1:])
        assert all(p["x"] >= 0 and p["x"] + p["width"] <= LAPTOP["width"] for p in panels)
        t = box(".sl-table")
        assert (t["x"], t["y"], t["width"]) == (first["x"], first["y"], first["width"]), step
        scores = page.locator(".sl-count-scores")  # "0 (me) : 0 (opponent)" on one line
        assert [_pairs_broken(scores.nth(i)) for i in range(scores.count())] == [
            []] * scores.count() != [], step
    save_screenshot(page, "share-laptop", full_page=False)
    assert re.search(r"step \d+ of \d+", page.locator(".sl-step").text_content() or "")
    assert_quiet(page, seen, url)


def four_seat_data() -> dict[str, Any]:
    """A four-seat deal in the page's data layout, written by hand: the shape a
    Bauernschnapsen record will give (N top, E right, S bottom, W left; no talon).
    Only its first trick is played; the renderer must draw it without a change."""
    base = page_data([Replay(next(psn.read(STUDY / "last-trick.psn")))])
    hands = [0b11111 << (5 * s) for s in range(4)]  # N clubs, E diamonds, S hearts, W spades
    played = [0, 5, 10, 15]  # the four aces, N leads
    steps: list[dict[str, Any]] = []
    for i in range(5):
        h = [m & ~(1 << played[s]) if s < i else m for s, m in enumerate(hands)]
        steps.append({
            "a": None if i == 0 else ["L" if i == 1 else "F", i - 1, played[i - 1], 0],
            "h": h, "t": [[s, played[s]] for s in range(i)] if i < 4 else
            [[s, played[s]] for s in range(4)],
            "d": 1 if i == 4 else 0, "i": -1, "n": 0, "c": -1, "u": 0,
            "s": [44 if i == 4 else 0, 0, 0, 0], "p": [0] * 4,
            "w": [1 if i == 4 else 0, 0, 0, 0], "m": -1 if i == 4 else i % 4,
            "up": [1 if i == 4 else 0] * 5,
            "k": [[[0] * 4, sum(h) & ~h[v], 0, 0, [], 0] for v in range(4)],
        })
    deal = {"seats": ["N", "E", "S", "W"], "names": ["Nora", "Emil", "Sepp", "Wally"],
            "views": [-1, 0, 1, 2, 3], "places": [["top", "right", "bottom", "left"]] * 5,
            "talon": False, "trump": 2, "tags": [["Variant", "bauern"]], "match": None,
            "deal": None, "tricks": [[0, played, 0, 44, 4]], "inferences": [],
            "result": None, "bummerl_winner": -1, "error": None, "error_in_play": False,
            "steps": steps}
    base["deals"] = [deal]
    return base


def test_four_seats_from_the_data_alone(page: Any, seen: Seen, tmp_path: Path) -> None:
    out = tmp_path / "four.html"
    out.write_text(page_html(four_seat_data(), "four seats"), encoding="utf-8")
    url = open_page(page, out, seen)

    def centre(sel: str) -> tuple[float, float]:
        b = page.locator(sel).bounding_box()
        assert b is not None
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    n, e, s, w = (centre(f".sl-hand-{x}") for x in "NESW")
    assert n[1] < w[1] < s[1] and n[1] < e[1] < s[1]  # N above, S below
    assert w[0] < n[0] < e[0] and w[0] < s[0] < e[0]  # W left, E right
    for x, place in zip("NESW", ("top", "right", "bottom", "left"), strict=True):
        assert page.locator(f".sl-place-{place} .sl-hand-{x}").count() == 1
    assert page.locator(".sl-tallies th").count() == 5
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    wait_step(page, 4)
    assert page.locator(".sl-trick .sl-card.sl-face").count() == 4
    assert (page.locator(".sl-trick").text_content() or "").endswith("trick 1: Nora wins 44")
    assert page.locator(".sl-score-N").text_content() == "44"
    page.locator(".sl-view button.sl-view-S").click()
    assert page.locator(".sl-hand.sl-hidden").count() == 3
    assert page.locator(".sl-hand-S .sl-card.sl-face").count() == 4
    assert page.locator(".sl-count").count() == 1
    save_screenshot(page, "share-four-seats", full_page=False)
    assert_quiet(page, seen, url)


def test_a_deal_in_russian_from_disk_offline(page: Any, seen: Seen, tmp_path: Path) -> None:
    """``--lang ru``: the page says it is Russian, counts in Russian forms, words the
    inferences with the suits' cases, and still steps through the model's positions."""
    source = STUDY / "failed-closing.psn"
    rp = Replay(next(psn.read(source)))
    url = open_page(page, write_page(tmp_path, "ru.html", str(source), "--lang", "ru"), seen)
    assert page.evaluate("document.documentElement.lang") == "ru"
    shown = wait_step(page, 0)
    check_open_table(rp, 0, shown)
    talon = page.locator(".sl-talon .sl-face-down").last.get_attribute("title")
    assert rp[0].talon_size == 10 and talon == "колода добора: 10 карт"
    page.locator("button.sl-forward").click()
    check_open_table(rp, 1, wait_step(page, 1))
    page.keyboard.press("End")
    shown = wait_step(page, rp.last)
    check_open_table(rp, rp.last, shown)
    assert shown["result"] == "Bert получает 2 игровых очка: закрытие колоды не удалось (C3)"
    counting = page.locator(".sl-counting").text_content() or ""
    assert "Выводы из розыгрыша" in counting and "Bert не даёт в масть: нет червей" in counting
    assert page.locator(".sl-step").text_content().startswith(f"шаг {rp.last} из {rp.last}")
    save_screenshot(page, "share-failed-closing-ru", full_page=False)
    assert_quiet(page, seen, url)


def test_a_comments_psn_cards_are_shown_as_printed(page: Any, seen: Seen,
                                                   tmp_path: Path) -> None:
    """A review's comment ("best AD +0.50") or a marriage token in a comment reads as
    printed on the page (issue 50 §3); the page's data keeps the comment as written."""
    rec = next(psn.read(REPO_ROOT / "records" / "study" / "marriage-claim-67.psn"))
    rec.moves[0].comments[:] = ["blunder: TD -1.00, best AD +0.50; KH+40 later (AS400)"]
    out = tmp_path / "comment.html"
    out.write_text(deal_html(rec), encoding="utf-8")
    url = open_page(page, out, seen)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    shown = page.locator(".sl-comment").first.text_content() or ""
    assert shown == "“blunder: 10♦ -1.00, best A♦ +0.50; K♥ +40 later (AS400)”", shown
    assert "best AD +0.50" in out.read_text(encoding="utf-8")
    assert_quiet(page, seen, url)
