"""The shared page of 24-card Bauernschnapsen deals (BAUERN.md BN) in Chromium: six cards
a hand, the nines drawn and counted, every step in every view the replay model's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.replay import Replay

from . import test_share_browser as _share
from .conftest import REPO_ROOT
from .test_share_bauern_browser import check_step, wait4
from .test_share_browser import Seen, assert_quiet, open_page, write_page

page = _share.page
seen = _share.seen

CASES = REPO_ROOT / "tests" / "data" / "conformance" / "bauern24" / "valid.psn"


def _deal(called: bool) -> psn.Record:
    """A finished 24-card deal of the conformance cases with a void shown and a nine
    played: with fixed partners, or with a called partner."""
    for rec in psn.read(CASES):
        if rec.profile.called is not called or not rec.ok or rec.outcome is None:
            continue
        rp = Replay(rec)
        fin = rp[rp.last]
        nines = any(c >= 20 for t in rp.all_tricks for c in t.cards)
        if fin.tricks_played >= 4 and nines and rp.inferences(rp.last, None):
            return rec
    raise AssertionError("no such deal among the cases")


@pytest.mark.parametrize("called", [False, True], ids=["fixed", "called"])
def test_every_step_of_a_24_card_deal_is_the_models(page: Any, seen: Seen, tmp_path: Path,
                                                     called: bool) -> None:
    rec = _deal(called)
    source = tmp_path / "deal.psn"
    alone = "".join(line for line in str(rec).splitlines(keepends=True)  # out of its match
                    if not re.match(r"\[(Match|Deal|Score) ", line))
    source.write_text(alone, encoding="utf-8")
    rp = Replay(next(psn.read(source)))
    assert rp.record.profile.deck == 24
    url = open_page(page, write_page(tmp_path, "deal.html", str(source)), seen)
    for vi, viewer in enumerate((None, 0, 1, 2, 3)):
        page.locator(".sl-view button").nth(vi).click()
        page.keyboard.press("Home")
        shown = wait4(page, 0)
        check_step(rp, 0, shown, viewer)
        if viewer is None:
            assert [len(h) for h in shown["hands"]] == [6, 6, 6, 6]
        for step in range(1, len(rp)):
            page.keyboard.press("ArrowRight")
            check_step(rp, step, wait4(page, step), viewer)
    assert_quiet(page, seen, url)
