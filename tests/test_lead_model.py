"""The calibration of the strong player's lead model (benchmarks/lead_model.py), in the
parts that run without the MCTS bot."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from schnapsen_lab.games.twohand.rules import ActionKind, Position
from schnapsen_lab.games.twohand.selfplay import play_deal
from schnapsen_lab.players.registry import make_player

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lead_model",
                                                  ROOT / "benchmarks" / "lead_model.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["lead_model"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_the_pooled_ratio_is_the_odds_of_a_loss_true_against_sampled() -> None:
    lm = _bench()
    # true: 2 leads lost, 8 best (odds 1/4); sampled: 5 and 5 (odds 1): ratio 0.25
    text = lm.pooled(Counter({0: 8, 1: 1, 3: 1}), Counter({0: 5, 1: 3, 2: 2}))
    assert text.startswith("0.25 (95 % ")
    low, high = (float(x) for x in text[len("0.25 (95 % "):-1].split("-"))
    assert low < 0.25 < high
    assert lm.pooled(Counter({0: 3}), Counter({0: 2, 1: 1})) == "too few leads"


def test_every_lead_and_answer_with_the_talon_open_is_judged_once() -> None:
    """Two deals of the heuristic player against itself: one true loss per lead made while
    the talon is open (marriages too) and per answer to one, and at most ``worlds``
    sampled worlds for each."""
    lm = _bench()
    study = lm.Study(worlds=4)
    lm.self_play("heuristic", 2, study)
    leads = answers = 0
    for k in range(2):
        deck = list(range(20))
        random.Random(f"lead-model/{k}").shuffle(deck)
        played = play_deal([make_player("heuristic"), make_player("heuristic")], deck, k % 2,
                           rngs=(random.Random(2 * k), random.Random(2 * k + 1)))
        pos = Position.deal(deck, k % 2)
        for a in played.actions:
            after = pos.play(a)
            leads += (pos.lead < 0 and a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)
                      and pos.closed_by < 0 and not pos.exhausted
                      and after.outcome is None)
            answers += (pos.lead >= 0 and pos.closed_by < 0 and not pos.exhausted
                        and lm.answer_loss(pos, a) is not None)
            pos = after
    for kind, n in (("lead", leads), ("answer", answers)):
        assert n > 4 and sum(study.true[kind].values()) == n
        assert n < sum(study.sampled[kind].values()) <= 4 * n
        assert all(x >= 0 for x in study.true[kind]) and all(x >= 0 for x in study.sampled[kind])
