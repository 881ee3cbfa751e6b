"""A Sechsundsechzig match as the shared HTML page in Chromium: the nines drawn as cards,
the trump nine's exchange, the 10 for the last trick and a standoff with its point
carried, step by step against the replay model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from schnapsen_lab import psn
from schnapsen_lab.cards import sort_cards
from schnapsen_lab.games.twohand.rules import SEATS
from schnapsen_lab.replay import Replay

from .test_share_browser import (
    STUDY,
    Seen,
    allowed_faces,
    assert_quiet,
    open_page,
    wait_step,
    write_page,
)
from .test_share_browser import page as page  # a fixture
from .test_share_browser import seen as seen  # a fixture

STANDOFF = STUDY / "sechsundsechzig-standoff.psn"


def test_a_standoff_match_step_by_step(page: Any, seen: Seen, tmp_path: Path) -> None:
    first, second = psn.read(STANDOFF)
    rp = Replay(first)
    url = open_page(page, write_page(tmp_path, "standoff.html", str(STANDOFF), "--bummerl"),
                    seen)
    faces = allowed_faces()
    shown = wait_step(page, 0)
    nines = 0
    for step in range(rp.last + 1):
        pos = rp[step]
        assert shown["step"] == str(step)
        assert shown["scores"] == [str(pos.score(s)) for s in SEATS]
        # each hand in the order a player sorts it: by suit, the nine after the jack
        assert shown["hands"] == [[str(c) for c in sort_cards(pos.hand(s))] for s in SEATS]
        assert set(shown["faceHtml"]) <= faces
        nines += sum(h.count(n) for h in shown["hands"] for n in ("9C", "9D", "9H", "9S"))
        if step == rp.last:
            break
        page.locator("button.sl-forward").click()
        shown = wait_step(page, step + 1)
    assert nines > 0
    exchange = next(i for i in range(1, len(rp)) if str(rp.action(i)) == "X")
    text = page.locator(".sl-moves").inner_text()
    assert "exchanges 9♠ for the indicator" in text
    step_line = page.locator(".sl-step").inner_text()
    assert "and 10 for the last trick" in step_line, step_line
    assert shown["result"] is not None and shown["result"].startswith("a standoff")
    foot = page.locator(".sl-tallies").inner_text()
    assert "Bert takes the 10 for the last trick" in foot
    assert "game points carried to the next deal's winner: 1" in foot
    assert "match counters" in foot
    assert exchange > 0
    # the next deal pays the carried point
    page.keyboard.press("PageDown")
    page.keyboard.press("End")
    last2 = Replay(second).last
    shown = wait_step(page, last2)
    assert shown["counters"] == [str(c) for c in second.counters or ()]
    assert_quiet(page, seen, url)
