"""The closing advisor: its closing numbers are exact (checked by brute force), the plan's
beside double dummy's."""

from __future__ import annotations

import itertools
import json
import random
from collections import defaultdict
from itertools import islice
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.advisor import advise, closing_hands, closing_possible
from schnapsen_lab.cards import CARDS
from schnapsen_lab.cli import main
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import (
    BEGINNER,
    CLAIM,
    CLOSE,
    EXCHANGE,
    Action,
    ActionKind,
    Position,
    Seat,
)
from schnapsen_lab.psn import Record
from schnapsen_lab.solver.reference import minimax

from .conftest import ROOT


def _lead_with_talon(seed: int, talon: int) -> Position:
    """A lead of a random deal where the talon holds ``talon`` cards and closing is legal."""
    rng = random.Random(seed)
    while True:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while pos.outcome is None and pos.talon_size > talon:
            legal = [a for a in pos.legal_actions()
                     if a not in (CLAIM, CLOSE, EXCHANGE)]
            pos = pos.play(rng.choice(legal))
        while pos.outcome is None and pos.lead >= 0:
            pos = pos.play(rng.choice([a for a in pos.legal_actions() if a is not CLAIM]))
        if (pos.outcome is None and pos.talon_size == talon and CLOSE in pos.legal_actions()
                and not pos.claim_is_correct(pos.leader)):
            return pos


def _brute_force(pos: Position, all_orders: int = 10**9) -> dict[int, list[int]]:
    """Every world the leader cannot tell from ``pos`` (found by trying every placement of
    the cards it cannot see), closed and played out by plain minimax: the closer's values,
    grouped by the opponent's hand. Past the first ``all_orders`` hands, only one talon
    order a hand is played out."""
    me = pos.leader
    opp = 1 - me
    seen = view(pos, me)
    pool = [c for c in range(20) if not (pos.hands[me] | pos.played) >> c & 1
            and c != pos.indicator]
    size = bin(pos.hands[opp]).count("1")
    out: dict[int, list[int]] = defaultdict(list)
    for combo in itertools.combinations(pool, size):
        hand = sum(1 << c for c in combo)
        rest = [c for c in pool if not hand >> c & 1]
        for order in itertools.permutations(rest):
            if len(out) > all_orders and hand in out:
                break
            w = pos.copy()
            w.hands[opp] = hand
            w.deck = tuple([c for c in range(20) if c not in set(order)] + list(order))
            if view(w, me) != seen:
                continue
            v = minimax(w.play(CLOSE))
            out[hand].append(v if me == 0 else -v)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_closing_numbers_are_exact_with_a_talon_of_two(seed: int) -> None:
    pos = _lead_with_talon(seed, 2)
    truth = _brute_force(pos)
    results = closing_hands(pos)
    got = {sum(1 << c for c in r.hand): r.double_dummy for r in results}
    assert set(got) == set(truth)
    for hand, values in truth.items():
        assert values == [got[hand]] * len(values)
    for r in results:
        assert r.value <= r.double_dummy and abs(r.value) in (1, 2, 3)
    advice = advise(pos, samples=6, exchange_first=False)
    all_values = [v for vs in truth.values() for v in vs]
    assert advice.hands == len(truth)
    dd = advice.close_double_dummy
    assert dd.win_chance == pytest.approx(
        sum(1 for v in all_values if v > 0) / len(all_values))
    assert dd.mean == pytest.approx(sum(all_values) / len(all_values))
    assert advice.close_expected == pytest.approx(
        sum(r.value for r in results) / len(results))
    assert {sum(1 << c for c in r.hand) for r in advice.losing_hands} == {
        sum(1 << c for c in r.hand) for r in results if r.value <= 0}


def test_closing_numbers_are_exact_with_a_talon_of_four() -> None:
    # 3 face-down cards: the talon order varies, the closed game's value must not.
    pos = _lead_with_talon(4, 4)
    truth = _brute_force(pos, all_orders=6)
    got = {sum(1 << c for c in r.hand): r.double_dummy for r in closing_hands(pos)}
    assert set(got) == set(truth)
    assert len(truth) > 20
    assert sum(1 for values in truth.values() if len(values) == 6) >= 6
    for hand, values in truth.items():
        assert values == [got[hand]] * len(values)


def test_play_on_estimate() -> None:
    pos = _lead_with_talon(5, 4)
    advice = advise(pos, samples=8, seed=1, exchange_first=False)
    leads = {a for a in pos.legal_actions() if a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)}
    assert {e.action for e in advice.play_on_actions} == leads
    assert advice.play_on.samples == 8
    assert advice.play_on.low <= advice.play_on.mean <= advice.play_on.high
    assert advice.play_on_action == advice.play_on_actions[0].action
    assert advice.play_on.mean == max(e.mean for e in advice.play_on_actions)
    again = advise(pos, samples=8, seed=1, exchange_first=False)
    assert again == advice
    assert advice.verdict in ("close", "play on", "close call", "either")
    text = advice.explain()
    assert "Close:" in text and "Play on" in text and "best plan" in text
    data = json.loads(json.dumps(advice.to_dict()))
    assert data["close"]["hands"] == advice.hands
    assert data["play_on"]["samples"] == 8
    assert len(data["hands"]) == advice.hands
    assert {(tuple(h["hand"]), h["value"], h["double_dummy"]) for h in data["hands"]} == {
        (tuple(str(c) for c in r.hand), r.value, r.double_dummy) for r in advice.results}


FUSION_RECORDS = ROOT / "records" / "heuristic-vs-heuristic.psn"
FUSION_RECORD, FUSION_STEP = 2, 2
"""A lead of the bundled records where closing's two numbers differ (docs/closing.md)."""


def test_the_verdict_uses_what_a_plan_achieves() -> None:
    rec = list(islice(psn.read(FUSION_RECORDS), FUSION_RECORD))[-1]
    pos = rec.positions()[FUSION_STEP]
    advice = advise(pos, samples=20, exchange_first=False)
    dd = advice.close_double_dummy
    assert advice.close.mean < dd.mean and advice.close.win_chance < dd.win_chance
    assert advice.guess_hands and all(r.guess for r in advice.guess_hands)
    assert len(advice.guess_hands) == round((dd.win_chance - advice.close.win_chance)
                                            * advice.hands)
    assert advice.plan is not None and advice.plan.action in pos.play(CLOSE).legal_actions()
    assert advice.plan.branches, "the plan says what to do after his answers"
    text = advice.explain()
    assert "Seeing every card, closing would win" in text and "The plan:" in text
    data = advice.to_dict()
    assert data["close"]["double_dummy"]["expected"] == pytest.approx(dd.mean)
    assert data["close"]["expected"] == pytest.approx(advice.close.mean)
    assert data["close"]["plan"]["play"] == str(advice.plan.action)
    assert data["close"]["guess_hands"] == len(advice.guess_hands)


def _lead_with_jack(seed: int) -> Position:
    """A lead with a talon of 4 where the leader holds the trump jack (random deals)."""
    rng = random.Random(seed)
    while True:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        jack = pos.trump * 5 + 4
        while pos.outcome is None and pos.talon_size > 4:
            legal = [a for a in pos.legal_actions()
                     if a not in (CLAIM, CLOSE, EXCHANGE) and a.card != jack]
            pos = pos.play(rng.choice(legal))
        if (pos.outcome is None and pos.lead < 0 and pos.talon_size == 4
                and EXCHANGE in pos.legal_actions()):
            return pos


def test_exchange_first() -> None:
    pos = _lead_with_jack(12)
    advice = advise(pos, samples=2)
    assert advice.exchanged
    assert closing_possible(pos)
    after = pos.play(EXCHANGE)
    assert advice.results == closing_hands(after)
    plain = advise(pos, samples=2, exchange_first=False)
    assert not plain.exchanged
    assert plain.results == closing_hands(pos)


def test_closing_must_be_legal() -> None:
    pos = Position.deal(list(range(20))).play(CLOSE)
    with pytest.raises(ValueError):
        advise(pos)  # already closed
    follow = Position.deal(list(range(20)))
    follow = follow.play(follow.legal_actions()[-1])
    with pytest.raises(ValueError):
        advise(follow)  # the follower's turn
    assert not closing_possible(follow)
    assert Seat.A is follow.forehand


def _write_deal(tmp_path: Path, seed: int, talon: int) -> tuple[Path, int]:
    """A record whose main line reaches the lead of :func:`_lead_with_talon`; its step."""
    pos = _lead_with_talon(seed, talon)
    deck = [CARDS[c] for c in pos.deck]
    actions = _actions_to(Position.deal(deck), pos)
    rec = Record.from_actions(deck, actions, tags={"PlayerA": "Anna", "PlayerB": "Bert"},
                              result=False)
    path = tmp_path / "deal.psn"
    path.write_text(psn.dumps([rec]), encoding="utf-8")
    return path, len(actions)


def _actions_to(start: Position, goal: Position) -> list[Action]:
    """Actions leading from ``start`` to a position with the goal's played cards, by
    depth-first search over the engine's legal actions (small: one line fits)."""
    def key(p: Position) -> tuple[int, int, int, int]:
        return (p.played, p.hands[0], p.hands[1], p.leader)

    target = key(goal)

    def dfs(p: Position, path: list[Action]) -> list[Action] | None:
        if key(p) == target and p.lead < 0 and p.talon_size == goal.talon_size:
            return path
        if p.outcome is not None or p.played & ~goal.played:
            return None
        for a in p.legal_actions():
            if a in (CLAIM, CLOSE, EXCHANGE):
                continue
            if a.card is not None and not goal.played >> a.card & 1:
                continue
            found = dfs(p.play(a), [*path, a])
            if found is not None:
                return found
        return None

    found = dfs(start, [])
    assert found is not None
    return found


def test_advise_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, step = _write_deal(tmp_path, 1, 2)
    assert main(["advise", str(path), "--step", str(step), "--samples", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["step"] == step and data["play_on"]["samples"] == 4
    assert 0 <= data["close"]["win_chance"] <= data["close"]["double_dummy"]["win_chance"] <= 1
    assert len(data["hands"]) == data["close"]["hands"]
    assert main(["advise", str(path), "--step", str(step), "--samples", "4"]) == 0
    assert "verdict" in capsys.readouterr().out


def test_advise_json_with_one_world_is_strict_json(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """One sampled world has no spread: its interval is written as nulls, not Infinity
    (which no strict JSON reader accepts)."""
    path, step = _write_deal(tmp_path, 1, 2)
    assert main(["advise", str(path), "--step", str(step), "--samples", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert "Infinity" not in out and "NaN" not in out

    def refuse(word: str) -> None:
        raise ValueError(word)

    data = json.loads(out, parse_constant=refuse)
    assert data["play_on"]["ci95"] == [None, None]


@pytest.mark.parametrize("args, message", [
    (["--step", "1"], "the follower is to play"),
    (["--record", "2"], "no record 2"),
    (["--step", "999"], "out of range"),
    (["--samples", "0"], "--samples 0"),
])
def test_advise_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               args: list[str], message: str) -> None:
    path, _ = _write_deal(tmp_path, 1, 2)
    assert main(["advise", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_advise_command_when_closing_is_illegal(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    rec = Record.from_actions([CARDS[c] for c in range(20)], [], profile=BEGINNER)
    path = tmp_path / "b.psn"
    path.write_text(psn.dumps([rec]), encoding="utf-8")
    assert main(["advise", str(path)]) == 2
    assert "C1" in capsys.readouterr().err


def test_a_work_budget_keeps_a_sure_plan() -> None:
    """Cut short, the search reports the plan it found: a real plan (its number never
    above the best plan's, never above double dummy), marked as not exact."""
    rec = list(islice(psn.read(FUSION_RECORDS), FUSION_RECORD))[-1]
    pos = rec.positions()[FUSION_STEP]
    full = advise(pos, samples=4, exchange_first=False, budget=0)
    cut = advise(pos, samples=4, exchange_first=False, budget=1)
    assert full.exact and not cut.exact
    assert cut.close.win_chance <= full.close.win_chance
    assert cut.close_double_dummy == full.close_double_dummy
    assert all(r.value <= r.double_dummy for r in cut.results)
    assert "at least" in cut.explain() and "a better plan may exist" in cut.explain()
    assert cut.to_dict()["close"]["exact"] is False


def _failed_closing() -> object:
    rec = next(psn.read(ROOT / "records" / "study" / "failed-closing.psn"))
    return advise(rec.positions()[rec.actions.index(CLOSE)], samples=4, seed=0)


def test_explain_folds_the_plan_unless_asked_for_all(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """failed-closing.psn: explain() shows the plan's first two decisions, each line that
    hides more saying how many lines, and how to see it all; explain(full=True) (and
    ``advise --full``) the whole plan, every line the folded one hides."""
    from schnapsen_lab.advisor import ClosingAdvice, plan_lines

    advice = _failed_closing()
    assert isinstance(advice, ClosingAdvice) and advice.plan is not None

    def plan_of(text: str) -> list[str]:
        lines = text.splitlines()
        start = lines.index("The plan:") + 1
        end = next(i for i, t in enumerate(lines) if t.startswith("Play on ("))
        return lines[start:end]

    folded = plan_of(advice.explain())
    whole = plan_of(advice.explain(full=True))
    assert whole == plan_lines(advice.plan, indent="  ")
    assert len(folded) <= 12 < len(whole)
    assert folded[-1].endswith("explain(full=True) shows the whole plan.)")
    more = [t for t in folded if t.endswith("more lines)") or t.endswith("more line)")]
    assert more and all(t.startswith("    ") and not t.startswith("     ") for t in more)
    hidden = sum(int(t.rsplit("(", 1)[1].split()[0]) for t in more)
    assert len(folded) - 1 + hidden == len(whole)
    assert {t.split(" … (")[0] for t in folded[:-1]} <= set(whole)
    path = ROOT / "records" / "study" / "failed-closing.psn"
    step = str(next(psn.read(path)).actions.index(CLOSE))
    for flag, want in (([], folded), (["--full"], whole)):
        assert main(["advise", str(path), "--step", step, "--samples", "4", *flag]) == 0
        assert plan_of(capsys.readouterr().out) == want


def test_the_widget_folds_the_plan_with_details() -> None:
    """The closing trainer's plan (notebook 03): HTML <details>/<summary>, open for the
    first two decisions, closed below them, every line of the whole plan in it; no
    script needed (the page works where JavaScript does not run)."""
    pytest.importorskip("ipywidgets")
    import re

    from schnapsen_lab.advisor import ClosingAdvice, plan_lines
    from schnapsen_lab.widgets.training import advice_html, plan_html

    advice = _failed_closing()
    assert isinstance(advice, ClosingAdvice) and advice.plan is not None
    html = plan_html(advice.plan)
    assert "<script" not in html and "onclick" not in html
    opened = re.findall(r'<details class="sl-closing-plan-branch"( open)?><summary '
                        r'class="sl-closing-plan-step" style="margin-left:(\d+)px">', html)
    assert opened and all((flag == " open") == (int(m) == 0) for flag, m in opened)
    texts = [re.sub(r"<[^>]+>", "", t) for t in re.findall(
        r'class="sl-closing-plan-step" style="margin-left:\d+px">(.*?)</(?:div|summary)>',
        html)]
    assert texts == [t.strip() for t in plan_lines(advice.plan)]
    assert html.count("<details") == html.count("</details>")
    assert plan_html(advice.plan) in advice_html(advice)
    assert " open" in plan_html(advice.plan, open_=0).split("</summary>")[1]
