"""The shared HTML page of three-player Dreierschnapsen deals in Chromium, from disk, every
request blocked.

The page's script works out much of what it shows from the actions (the calls, the
contract, trump, the sides, the talon and the cards laid away, each seat's counting):
these tests step through conformance deals of every kind and compare what is drawn with
the replay model at every step, at the open table and in each seat's view (the other two
hands face down; the talon and the cards laid away the declarer's alone, DREIER.md 3T3).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.replay import Replay

from . import auction_share as shared
from . import test_share_browser as _share
from .conftest import REPO_ROOT
from .lab import save_screenshot
from .test_share_browser import Seen, assert_quiet, open_page, write_page

page = _share.page
seen = _share.seen

VALID = REPO_ROOT / "tests" / "data" / "conformance" / "dreier" / "valid.psn"

SHOWN3 = shared.shown_script("ABC", "    talon: all('.sl-talon-line').map(e => e.textContent),\n")


def wait3(page: Any, step: int) -> dict[str, Any]:
    return shared.wait_shown(page, step, SHOWN3)


def check_step(rp: Replay, step: int, shown: dict[str, Any], viewer: int | None) -> None:
    """What the page shows at ``step`` in ``viewer``'s view is the model's: what every
    game with calls shows, the two sides' scores and tricks, the talon and the cards
    laid away (the declarer's alone, 3T3) and the declarer's own score."""
    shared.check_shared(rp, step, shown, viewer, "ABC")
    pos = rp[step]
    sides = list(pos.side_names)
    assert shown["sides"] == sides, step
    assert shown["scores"] == {sides[0]: pos.score(0), sides[1]: pos.score(1)}, step
    assert shown["tricks"] == {sides[0]: pos.side_tricks(0), sides[1]: pos.side_tricks(1)}
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
    shared.step_through(page, rp, (None, 0, 1, 2), wait3, check_step)
    save_screenshot(page, f"share-dreier-{contract or 'normal'}", full_page=False)
    assert_quiet(page, seen, url)
