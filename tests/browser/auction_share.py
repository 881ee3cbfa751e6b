"""Test helper for the shared HTML page of the games with a round of calls: what the page
shows of a step, read in one script; what every such game's page must show as its replay
model does (the hands in each view, the trick, the calls, trump, each seat's counting);
and a deal stepped through in every view."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from schnapsen_lab.replay import Replay

_SHOWN = """() => {
  const q = s => document.querySelector(s);
  const text = s => { const e = q(s); return e ? e.textContent.trim() : null; };
  const all = s => Array.from(document.querySelectorAll(s));
  const seats = SEATS;
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
    declarer: text('.sl-declarer-score'),
    unknown: all('.sl-count tr[class^="sl-unknown-"]').map(e => Number(e.children[1].textContent)),
    pointsOut: text('.sl-points-out'),
    countScores: text('.sl-count-scores'),
    result: text('.sl-result'),
OWN  };
}"""


def shown_script(seats: str, own: str = "") -> str:
    """The script that reads what the page shows of a step, for the seats ``seats``
    (their letters in order), with the game's ``own`` entries (lines ``key: value,``)."""
    return (_SHOWN.replace("SEATS", repr(list(seats)).replace(" ", ""))
            .replace("OWN", own))


def wait_shown(page: Any, step: int, script: str) -> dict[str, Any]:
    """What the page shows once it shows ``step``."""
    page.wait_for_function(
        "n => document.querySelector('.sl-step-number').textContent === n", arg=str(step))
    shown: dict[str, Any] = page.evaluate(script)
    return shown


def check_shared(rp: Replay, step: int, shown: dict[str, Any], viewer: int | None,
                 seats: str) -> None:
    """What the page shows at ``step`` in ``viewer``'s view (None: the open table) is the
    model's: each hand, face up or down; the hidden hands; the trick; the calls; trump;
    and the viewer's counting."""
    pos = rp[step]
    assert shown["step"] == str(step)
    for s in range(len(seats)):
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
                                              [seats[s] for s in range(len(seats))
                                               if s != viewer])
    table = [str(c) for c in pos.trick] or (
        [str(c) for c in rp.tricks(step)[-1].cards] if rp.tricks(step) else [])
    assert sorted(shown["trick"]) == sorted(table), step
    assert shown["calls"] == [c.value for c in pos.calls]
    trump = pos.trump_suit
    assert shown["trump"] == ("" if pos.phase == 0 else "none" if trump is None
                              else trump.name), step
    if viewer is not None:
        counting = rp.counting(step, viewer)
        assert shown["unknown"] == [len(counting.unknown_by_suit[s]) for s in
                                    sorted(counting.unknown_by_suit)], step
        assert shown["pointsOut"] == f"card points out: {counting.points_out}", step
        assert str(counting.my_score) in shown["countScores"]


def step_through(page: Any, rp: Replay, viewers: Sequence[int | None],
                 wait: Callable[[Any, int], dict[str, Any]],
                 check: Callable[[Replay, int, dict[str, Any], int | None], None]
                 ) -> dict[str, Any]:
    """Step through the deal ``rp`` on the open page in each view of ``viewers`` (the
    view buttons in order), checking each step; what the last step shows, whose result
    names the rule that decided the deal."""
    for vi, viewer in enumerate(viewers):
        page.locator(".sl-view button").nth(vi).click()
        page.keyboard.press("Home")
        check(rp, 0, wait(page, 0), viewer)
        for step in range(1, len(rp)):
            page.keyboard.press("ArrowRight")
            check(rp, step, wait(page, step), viewer)
    shown = wait(page, rp.last)
    out = rp.outcome(rp.last)
    assert out is not None and shown["result"] is not None
    assert re.search(rf"game points? to .*\({out.rule}\)$", shown["result"])
    return shown
