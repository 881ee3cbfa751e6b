"""Explanations a learner can follow (issue 20, §3): the plan shown to its end, the line by
which each beating hand beats it, units, key cards and the one hand left named in words,
cards printed as the widgets print them, "whatever he plays", and notebook 03's Run All."""

from __future__ import annotations

import dataclasses
import json
import re
from functools import cache
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.advisor import ClosingAdvice, advise
from schnapsen_lab.games.twohand.rules import CLOSE, Position
from schnapsen_lab.i18n import language
from schnapsen_lab.notation import action_text
from schnapsen_lab.numbers import number
from schnapsen_lab.training import judge_closing
from schnapsen_lab.worlds import Estimate

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "records" / "study"
LANGS = ("en", "de", "fr", "ru")
PSN_TOKEN = re.compile(r"(?<![A-Za-z0-9])[AKQJT][CDHS](?![a-z])")


@cache
def _advice(name: str) -> tuple[ClosingAdvice, Position]:
    rec = next(psn.read(STUDY / f"{name}.psn"))
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    pos = rec.positions()[step]
    return advise(pos, samples=8, seed=0), pos


def _html(advice: ClosingAdvice, lang: str) -> str:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.training import advice_html

    with language(lang):
        return advice_html(advice)


def test_the_plan_is_shown_to_the_end_or_says_it_goes_on() -> None:
    """Read two decisions deep, a plan that goes on says so (in every language); by default
    the explanation shows it to the end: deeper than two decisions, and no such line."""
    advice, _ = _advice("failed-closing")
    assert advice.plan is not None
    for lang in LANGS:
        with language(lang):
            short = [t for _, t in advice.plan.outline(2)]
            cut = [t for t in short if t.startswith("…")]
        assert cut, lang
    whole = advice.plan.outline(0)
    assert max(level for level, _ in whole) >= 3
    assert not any(t.startswith("…") for _, t in whole)
    text = advice.explain(full=True)
    assert "…" not in text and "the rest is forced" in text
    assert "…" not in _html(advice, "en")


def test_each_beating_hand_comes_with_its_line_and_the_line_is_real() -> None:
    """Every hand that beats the plan has a line; played on the real engine with that
    hand, the line is legal, follows the plan while the plan says what to play, and ends
    with the closer losing the stakes."""
    for name in ("failed-closing", "closing-guess"):
        advice, pos = _advice(name)
        closed = advice.closed
        me = int(closed.seat)
        assert {i for i, _ in closed.lines} == set(closed.beating())
        for i, line in closed.lines:
            w = pos.play(CLOSE).copy() if CLOSE in pos.legal_actions() else pos.copy()
            if w.closed_by < 0:
                w = w.play(CLOSE)
            w = w.copy()
            w.hands[1 - me] = closed.hands[i]
            for a in line:
                assert a in w.legal_actions(), (name, i, line)
                w = w.play(a)
                while w.outcome is None and w.to_move is not None and \
                        w.claim_by >= 0 and w.claim_is_correct(w.claim_by) and \
                        any(x.kind.name == "CLAIM" for x in w.legal_actions()):
                    w = w.play(next(x for x in w.legal_actions() if x.kind.name == "CLAIM"))
            assert w.outcome is not None and int(w.outcome.winner) != me
            assert w.outcome.game_points == closed.stakes[1]
    advice, _ = _advice("closing-guess")
    (i,) = advice.closed.beating()
    assert advice.closed.line(i, action_text).startswith(
        "you lead A♦, he takes it with A♣")


def test_the_line_shows_in_the_explanation_and_the_widget_in_every_language() -> None:
    advice, _ = _advice("closing-guess")
    assert "you lead A♦, he takes it with A♣" in advice.explain()
    assert "he wins 2 game points" in advice.explain()
    seen = set()
    for lang in LANGS:
        html = _html(advice, lang)
        m = re.search(r'class="sl-closing-line"[^>]*>(.*?)</div>', html)
        assert m is not None, lang
        assert "♣" in m.group(1)
        seen.add(re.sub(r"<[^>]+>", "", m.group(1)))
    assert len(seen) == 4  # translated


def test_a_beating_hand_has_its_value_in_game_points() -> None:
    advice, _ = _advice("closing-guess")
    assert "-2 game points" in advice.explain()
    units = {"en": "-2 game points", "de": "-2 Punkte", "fr": "-2 points de partie",
             "ru": "-2 игровых очка"}
    for lang, unit in units.items():
        html = _html(advice, lang)
        assert f"<span>{unit}</span>" in html, lang


def test_key_cards_say_what_their_numbers_mean() -> None:
    advice, _ = _advice("closing-guess")
    assert advice.key_cards
    text = advice.explain()
    assert "of the hands that beat the plan, against" in text
    assert "of all his possible hands" in text
    words = {"en": "of the hands that beat the plan", "de": "der Hände, die den Plan schlagen",
             "fr": "des mains qui battent le plan", "ru": "раскладов, бьющих план"}
    for lang, w in words.items():
        html = _html(advice, lang)
        assert w in html and " vs " not in html, lang


def test_the_one_hand_left_is_named() -> None:
    """"Only one of his hands can still be won" named no card: now the hand is named."""
    advice, _ = _advice("failed-closing")
    text = advice.explain()
    assert "only one of his hands" not in text
    named = re.findall(r"wins only if he holds ([^:]+): play as if he does", text)
    assert named and all(re.fullmatch(r"(?:(?:10|[AKQJ])[♣♦♥♠] ?)+", n) for n in named)
    for lang in LANGS:
        html = _html(advice, lang)
        assert "only one of his hands" not in html
        steps = re.findall(r'class="sl-closing-plan-step"[^>]*>(.*?)</(?:div|summary)>', html)
        # a step where one hand is left names its cards, in colour
        assert any(re.search(r"\(\D*<span style=\"color", t) for t in steps), lang


def test_explain_prints_cards_as_the_widgets_do() -> None:
    for name in ("failed-closing", "closing-guess", "closing-wins-3"):
        advice, _ = _advice(name)
        text = advice.explain()
        assert not PSN_TOKEN.findall(text), (name, PSN_TOKEN.findall(text)[:5])
        assert re.search(r"(10|[AKQJ])[♣♦♥♠]", text)
    advice, _ = _advice("closing-guess")
    assert "K♥ +20" in advice.explain()


def test_whatever_he_plays() -> None:
    """When every answer leads to the same play the plan says "whatever he plays" instead
    of listing his cards (in every language)."""
    advice, _ = _advice("closing-wins-3")
    assert advice.plan is not None
    lines = [t for _, t in advice.plan.outline(0)]
    assert lines[1].startswith("whatever he plays: play ")
    assert not any(" or " in t for t in lines)
    assert len(lines) == 3
    assert "whatever he plays: play A♠" in advice.explain()
    texts = set()
    for lang in LANGS:
        with language(lang):
            texts.add(advice.plan.outline(0)[1][1].split(":")[0])
    assert len(texts) == 4


def test_a_close_call_does_not_call_one_choice_best() -> None:
    """In a close call both choices count as right, and neither is named the best (cell 5
    of notebook 03 printed "best: play on - your choice was right" for "close")."""
    advice, _ = _advice("closing-guess")
    c = advice.close.mean
    call = dataclasses.replace(advice, play_on=Estimate(c + 0.1, c - 0.5, c + 0.7, 30, 0.5))
    assert call.verdict == "close call"
    for choice in ("close", "play on"):
        fb = judge_closing(choice, call)
        assert fb.correct and fb.best == "close call"
    clear = dataclasses.replace(advice, play_on=Estimate(c + 1, c + 0.9, c + 1.1, 30, 0.9))
    fb = judge_closing("close", clear)
    assert fb.best == "play on" and not fb.correct


def test_the_closing_numbers_say_what_seeing_every_card_gives_in_one_parenthesis() -> None:
    """Where closing seeing every card would give more than the best plan, the feedback
    says so inside the plan's parenthesis, not in a second one beside it (in every
    language)."""
    advice, _ = _advice("closing-guess")
    c = advice.close.mean
    seeing = dataclasses.replace(advice, close_double_dummy=Estimate(c + 0.5, c, c + 1, 30,
                                                                     0.95))
    messages = set()
    for lang in LANGS:
        with language(lang):
            text = judge_closing("close", seeing).message
            plain = judge_closing("close", dataclasses.replace(
                advice, close_double_dummy=advice.close)).message
            shown = number(c + 0.5, "+.2f")
        assert ") (" not in text and ")\xa0(" not in text, text
        assert shown in text and shown not in plain, text
        after = text[text.index(shown):]
        assert after.index(")") < after.index("("), text  # inside the plan's parenthesis
        messages.add(text)
    assert len(messages) == 4
    assert "on average; seeing every card, closing would win 95%" in judge_closing(
        "close", seeing).message


def test_notebook_03_leaves_the_trainer_to_the_learner() -> None:
    """Run All must not press the buttons of the trainer the learner sees: no later cell
    drives it, and no cell prints a verdict as right and wrong at once."""
    nb = json.loads((ROOT / "notebooks" / "03-closing.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    shown = [re.search(r"^(\w+) = ClosingTrainer\(", s, re.M) for s in code]
    for k, m in enumerate(shown):
        if m is None or not re.search(rf"^{m.group(1)}\s*$", code[k], re.M):
            continue  # not a trainer shown to the learner
        name = m.group(1)
        for later in code[k + 1:]:
            assert not re.search(rf"\b{name}\.(choose|next)\(", later), later
    assert not any('print("best:", fb.best' in s for s in code)
