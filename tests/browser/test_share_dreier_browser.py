"""The shared HTML page of three-player Dreierschnapsen deals in Chromium, from disk, every
request blocked.

The page's script works out much of what it shows from the actions (the calls, the
contract, trump, the sides, the talon and the cards laid away, each seat's counting):
these tests step through conformance deals of every kind and compare what is drawn with
the replay model at every step, at the open table and in each seat's view (the other two
hands face down; the talon and the cards laid away the declarer's alone, DREIER.md 3T3).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.replay import Replay

from . import test_share_browser as _share
from .conftest import REPO_ROOT
from .lab import save_screenshot
from .test_share_browser import Seen, assert_quiet, open_page, write_page

page = _share.page
seen = _share.seen

VALID = REPO_ROOT / "tests" / "data" / "conformance" / "dreier" / "valid.psn"

SHOWN3 = """() => {
  const q = s => document.querySelector(s);
  const text = s => { const e = q(s); return e ? e.textContent.trim() : null; };
  const all = s => Array.from(document.querySelectorAll(s));
  const seats = ['A', 'B', 'C'];
  return {
    step: text('.sl-step-number'),
    sides: all('.sl-tallies th[class^="sl-side-"]').map(e => e.textContent),
    scores: Object.fromEntries(all('.sl-tallies td[class^="sl-score-"]')
      .map(e => [e.className.slice(9), Number(e.textContent)])),
    tricks: Object.fromEntries(all('.sl-tallies td[class^="sl-tricks-"]')
      .map(e => [e.className.slice(10), Number(e.textContent)])),
    hands: seats.map(s => all('.sl-hand-' + s + ' .sl-card.sl-face').map(e => e.dataset.card)),
    backs: seats.map(s => all('.sl-hand-' + s + ' .sl-face-down').length),
    hidden: all('.sl-hand.sl-hidden').map(e => e.dataset.seat),
    trick: all('.sl-trick4 .sl-card').map(e => e.dataset.card),
    trump: q('.sl-trump') ? q('.sl-trump').dataset.trump : null,
    calls: all('.sl-calls td[data-call]').map(e => e.dataset.call),
    talon: all('.sl-talon-line').map(e => e.textContent),
    declarer: text('.sl-declarer-score'),
    unknown: all('.sl-count tr[class^="sl-unknown-"]').map(e => Number(e.children[1].textContent)),
    pointsOut: text('.sl-points-out'),
    countScores: text('.sl-count-scores'),
    result: text('.sl-result'),
  };
}"""


def wait3(page: Any, step: int) -> dict[str, Any]:
    page.wait_for_function(
        "n => document.querySelector('.sl-step-number').textContent === n", arg=str(step))
    shown: dict[str, Any] = page.evaluate(SHOWN3)
    return shown


def check_step(rp: Replay, step: int, shown: dict[str, Any], viewer: int | None) -> None:
    """What the page shows at ``step`` in ``viewer``'s view is the model's."""
    pos = rp[step]
    assert shown["step"] == str(step)
    sides = list(pos.side_names)
    assert shown["sides"] == sides, step
    assert shown["scores"] == {sides[0]: pos.score(0), sides[1]: pos.score(1)}, step
    assert shown["tricks"] == {sides[0]: pos.side_tricks(0), sides[1]: pos.side_tricks(1)}
    for s in range(3):
        hand = sorted(str(c) for c in pos.hand(s))
        if viewer is None:
            assert sorted(shown["hands"][s]) == hand and shown["backs"][s] == 0
        elif viewer == s:
            seen = sorted(str(c) for c in rp.knowledge(step, s).hand_cards)
            assert sorted(shown["hands"][s]) == seen
            assert shown["backs"][s] == len(hand) - len(seen)
        else:
            known = rp.knowledge(step, viewer).known[s] & pos.hands[s]
            assert len(shown["hands"][s]) == bin(known).count("1")
            assert shown["backs"][s] + len(shown["hands"][s]) == len(hand)
    assert sorted(shown["hidden"]) == sorted([] if viewer is None else
                                              ["ABC"[s] for s in range(3) if s != viewer])
    table = [str(c) for c in pos.trick] or (
        [str(c) for c in rp.tricks(step)[-1].cards] if rp.tricks(step) else [])
    assert sorted(shown["trick"]) == sorted(table), step
    assert shown["calls"] == [c.value for c in pos.calls]
    trump = pos.trump_suit
    assert shown["trump"] == ("" if pos.phase == 0 else "none" if trump is None
                              else trump.name), step
    taken = pos.phase in (3, 4, 5)
    assert bool(shown["talon"]) is taken, step
    if taken:
        sees = viewer is None or viewer == pos.declarer
        assert ("unseen" in shown["talon"][0]) is not sees, (step, shown["talon"])
        if pos.laid and not sees:
            assert shown["talon"][1] == f"Laid away: {len(pos.laid)} of 2, unseen"
    c = pos.contract
    if c is not None and pos.phase in (3, 4) and c.points_count:
        assert f"own score {pos.declarer_score()} " in (shown["declarer"] or "")
    else:
        assert shown["declarer"] is None
    if viewer is not None:
        counting = rp.counting(step, viewer)
        assert shown["unknown"] == [len(counting.unknown_by_suit[s]) for s in
                                    sorted(counting.unknown_by_suit)], step
        assert shown["pointsOut"] == f"card points out: {counting.points_out}", step
        assert str(counting.my_score) in shown["countScores"]


def _deal(contract: str | None, end: str) -> Replay:
    for rec in psn.read(VALID):
        if rec.match is not None:  # a deal that reads alone
            continue
        rp = Replay(rec)
        fin = rp[rp.last]
        out = fin.outcome
        if out is not None and out.end.value == end and (
                (fin.contract.value if fin.contract else None) == contract):
            return rp
    raise AssertionError((contract, end))


@pytest.mark.parametrize(("contract", "end"), [
    (None, "claim"), ("schnapser", "contract_broken"), ("bettler", "contract_made"),
    ("kontrabauernschnapser", "contract_broken")])
def test_every_step_in_every_view_is_the_models(page: Any, seen: Seen, tmp_path: Path,
                                                contract: str | None, end: str) -> None:
    rp = _deal(contract, end)
    f = tmp_path / "deal.psn"
    f.write_text(rp.record.source or "", encoding="utf-8")
    url = open_page(page, write_page(tmp_path, "deal.html", str(f)), seen)
    assert page.locator(".sl-table.sl-seats-3").count() == 1
    for vi, viewer in enumerate((None, 0, 1, 2)):
        page.locator(".sl-view button").nth(vi).click()
        page.keyboard.press("Home")
        check_step(rp, 0, wait3(page, 0), viewer)
        for step in range(1, len(rp)):
            page.keyboard.press("ArrowRight")
            check_step(rp, step, wait3(page, step), viewer)
    shown = wait3(page, rp.last)
    out = rp.outcome(rp.last)
    assert out is not None and shown["result"] is not None
    assert re.search(rf"game points? to .*\({out.rule}\)$", shown["result"])
    save_screenshot(page, f"share-dreier-{contract or 'normal'}", full_page=False)
    assert_quiet(page, seen, url)
