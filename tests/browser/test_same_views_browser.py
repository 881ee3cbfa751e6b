"""The widget and the shared page draw the same things the same way (issue 22 §3).

In Chromium: the four-player table of the widgets (``games/bauern/html.table_html``, set
as a page's content) and the shared page of the same deal put trump in the table's top
left corner and the contract in its top right one; both name the seats' views by the
players' names ("Dani's view"). Bounding boxes are compared, not pixels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from schnapsen_lab import psn
from schnapsen_lab.games.bauern.html import table_html
from schnapsen_lab.replay import Replay
from schnapsen_lab.widgets.replay import _view_options

from . import test_share_browser as _share
from .conftest import REPO_ROOT
from .test_share_browser import Seen, assert_quiet, open_page, write_page

page = _share.page
seen = _share.seen

DEAL = REPO_ROOT / "records" / "study" / "bauern-schnapser-partner-breaks.psn"

CORNERS = """() => {
  const box = s => { const e = document.querySelector(s);
                     return e ? e.getBoundingClientRect() : null; };
  const t = box('.sl-table'), tr = box('.sl-trump'), c = box('.sl-contract-short');
  return {table: [t.x, t.y, t.width, t.height], trump: tr ? [tr.x, tr.y, tr.width] : null,
          contract: c ? [c.x, c.y, c.width] : null};
}"""


def _corner(shown: dict[str, Any]) -> tuple[str, str]:
    """Where trump and the contract sit: the table's quarter of their centres."""
    x, y, w, h = shown["table"]

    def quarter(b: list[float]) -> str:
        cx = b[0] + b[2] / 2
        return ("top" if b[1] - y < h / 2 else "bottom") + "-" + (
            "left" if cx - x < w / 2 else "right")

    return quarter(shown["trump"]), quarter(shown["contract"])


def test_trump_and_contract_sit_in_the_same_corners(page: Any, seen: Seen,
                                                     tmp_path: Path) -> None:
    rp = Replay(next(psn.read(DEAL)))
    step = next(i for i in range(len(rp)) if rp[i].phase >= 3 and rp[i].contract is not None)
    url = open_page(page, write_page(tmp_path, "deal.html", str(DEAL)), seen)
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "n => document.querySelector('.sl-step-number').textContent === n", arg=str(step))
    on_page = _corner(page.evaluate(CORNERS))
    labels = page.locator(".sl-view button").all_text_contents()
    assert_quiet(page, seen, url)

    widget = page.context.new_page()
    widget.set_content(f"<!DOCTYPE html><html><body>{table_html(rp, step)}</body></html>")
    in_widget = _corner(widget.evaluate(CORNERS))
    widget.close()
    assert in_widget == ("top-left", "top-right")
    assert on_page == in_widget, (on_page, in_widget)

    # the views are named alike: by the players' names
    options = [label for label, _ in _view_options(rp.seats, rp.record.player_names)]
    assert labels == options and "Dani's view" in labels, (labels, options)
