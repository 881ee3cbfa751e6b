"""The practice table: the model (schnapsen_lab.games.twohand.table) and the widget played by
clicking."""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import Card
from schnapsen_lab.games.twohand.knowledge import View
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    STRICT,
    Action,
    ActionKind,
    End,
    IllegalAction,
    Seat,
)
from schnapsen_lab.games.twohand.table import Table
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.replay import Replay

from .conftest import ROOT

STUDY = ROOT / "records" / "study"


class EagerBot:
    """Exchanges, announces marriages and closes whenever it may; else the first action."""

    name = "eager"

    def act(self, view: View, rng: random.Random) -> Action | None:
        legal = view.legal
        if legal == (CLAIM,):
            return CLAIM if view.scores[view.viewer] >= 66 else None
        for kind in (ActionKind.EXCHANGE, ActionKind.MARRIAGE, ActionKind.CLOSE):
            for a in legal:
                if a.kind is kind:
                    return a
        return next(a for a in legal if a is not CLAIM)


def _check_file(path: Path, table: Table) -> list[psn.Record]:
    recs = list(psn.read(path))
    assert recs, "nothing saved"
    for r in recs:
        assert r.ok, r.errors
        assert r.check_dict()["ok"]
    last = recs[-1]
    assert last.outcome == table.outcome
    rp = Replay(last)
    assert rp.outcome(rp.last) == table.outcome
    assert [str(a) for a in last.actions] == [str(a) for a in table.actions]
    return recs


# -- the widget, played by clicking -----------------------------------------------------------

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from schnapsen_lab.widgets.table import PracticeTable  # noqa: E402


def _click_something(w: PracticeTable, rng: random.Random) -> None:
    """One click of a student who picks among what the widget lets them click."""
    t = w.table
    if t.claim_question:
        (w.claim_button if rng.random() < 0.5 else w.no_claim_button).click()
        return
    buttons = [b for b in (w.marriage20_button, w.marriage40_button, w.exchange_button,
                           w.close_button, w.claim_button) if not b.disabled]
    if buttons and rng.random() < 0.35:
        b = rng.choice(buttons)
        b.click()
        if b is w.claim_button:  # the claim is confirmed (or, now and then, not)
            assert w.confirm_box.layout.display is None and w.claim_button.disabled
            (w.confirm_button if rng.random() < 0.8 else w.cancel_button).click()
            return
        if b in (w.marriage20_button, w.marriage40_button):
            assert w.hand.pickable, "a marriage button leaves a card to click"
            assert all(c.rank.name in "KQ" for c in w.hand.pickable)
            w.hand.click(rng.choice(sorted(w.hand.pickable)))
        return
    assert w.hand.pickable, "the student's turn offers a card"
    w.hand.click(rng.choice(sorted(w.hand.pickable)))


@pytest.mark.parametrize(("bot", "seat"), [("heuristic", "A"), ("random", "B")])
def test_whole_deals_by_clicking_save_and_replay(tmp_path: Path, bot: str, seat: str) -> None:
    rng = random.Random(7)
    w = PracticeTable(bot, seat=seat, seed=11, pause=0)
    for deal in range(4):
        clicks = 0
        while not w.table.finished:
            before = len(w.table.actions), w.table.claim_question
            _click_something(w, rng)
            clicks += 1
            assert clicks < 100
            assert (len(w.table.actions), w.table.claim_question) != before or \
                w.table.finished
        assert "sl-outcome" in w.end_html.value
        assert w.table.outcome is not None
        assert f"({w.table.outcome.rule}" in w.end_html.value
        assert w.end_box.layout.display is None
        path = tmp_path / f"deal-{deal}.psn"
        w.save_path.value = str(path)
        w.save_button.click()
        recs = _check_file(path, w.table)
        assert len(recs) == len(w.table.history) + 1
        assert recs[-1].counters == w.table.counters
        assert not list(tmp_path.glob(".~*")), "no temporary file left"
        w.replay_button.click()
        (rw,) = w.replay_box.children
        assert rw.record.result_text == recs[-1].result_text
        w.new_deal_button.click()
        assert w.replay_box.children == ()
        assert not w.table.finished


def test_disabled_cards_cannot_be_played() -> None:
    w = PracticeTable("heuristic", seed=3, pause=0)
    t = w.table
    hand = t.position.hand(t.seat)
    legal = {a.card for a in t.student_actions() if a.kind is ActionKind.PLAY}
    assert w.hand.pickable == legal
    for c in hand:
        cls = "sl-playable" if c in legal else "sl-disabled"
        assert f"sl-card-{c.name} {cls}" in w.hand.html
    # A card of the bot's hand (never clickable) is ignored.
    other = t.position.hand(t.bot_seat)[0]
    n = len(t.actions)
    w.hand.click(other)
    assert len(t.actions) == n
    with pytest.raises(IllegalAction) as e:
        t.act(Action(ActionKind.PLAY, other))
    assert e.value.rule == "H1"


def test_bummerl_to_the_end_counters_match_the_file(tmp_path: Path) -> None:
    rng = random.Random(1)
    w = PracticeTable("random", seed=5, pause=0, student_name="Ann <i>", bot_name="Bot")
    t = w.table
    for _ in range(40):
        while not t.finished:
            _click_something(w, rng)
        if t.bummerl_winner is not None:
            break
        w.new_deal_button.click()
    assert t.bummerl_winner is not None
    assert "wins the Bummerl" in w.end_html.value
    assert "Ann &lt;i&gt;" in w.header.value and "<i>" not in w.header.value
    path = tmp_path / "bummerl.psn"
    w.save(str(path))
    recs = _check_file(path, t)
    assert recs[-1].counters == t.counters
    assert min(t.counters) <= 0
    assert {r.match for r in recs} == {t.match}
    # The next deal starts a new Bummerl at 7 : 7.
    w.new_deal_button.click()
    assert t.counters == (7, 7) and t.history == [] and t.match.endswith("-2")


# -- the model ------------------------------------------------------------------------------------

def test_bot_announces_in_words() -> None:
    seen: set[str] = set()
    for seed in range(60):
        t = Table(EagerBot(), seed=seed, bot_name="Bert")
        while not t.finished:
            acts = t.student_actions()
            t.act(None if t.claim_question else next(a for a in acts
                                                     if a.kind is ActionKind.PLAY))
        for e in t.log:
            if e.seat is Seat.B and e.action is not None and e.announced:
                assert e.text.startswith("Bert ")
                if e.action is EXCHANGE:
                    assert e.text.startswith("Bert exchanges the trump jack")
                    seen.add("X")
                elif e.action is CLOSE:
                    assert e.text == "Bert closes the talon"
                    seen.add("C")
                elif e.action.kind is ActionKind.MARRIAGE:
                    assert e.action.card is not None
                    suit = e.action.card.suit.title
                    assert e.text.startswith(f"Bert announces {e.action.points} in {suit}")
                    seen.add(str(e.action.points))
        if seen >= {"X", "C", "20", "40"}:
            break
    assert seen >= {"X", "C", "20", "40"}


def test_take_over_any_step_either_seat(tmp_path: Path) -> None:
    src = STUDY / "closing-wins-3.psn"
    (orig,) = list(psn.read(src))
    positions = orig.positions()
    for step in range(len(orig.actions)):
        for seat in (Seat.A, Seat.B):
            t = Table("heuristic", seed=1)
            t.take_over(str(src), step, seat)
            assert t.seat is seat and not t.in_bummerl
            assert t.start.deck == positions[0].deck
            assert [str(a) for a in t.actions[:step]] == [str(a) for a in orig.actions[:step]]
            if t.actions[step:]:  # the bot moved first: from the record's position
                assert t.log and t.log[0].seat is seat.other
            else:
                p = positions[step]
                assert t.position.hands == p.hands and t.position.scores == p.scores
    t = Table("heuristic", seed=1)
    t.take_over(orig, 1, "B")
    while not t.finished:
        t.act(None if t.claim_question else t.student_actions()[0])
    path = tmp_path / "taken.psn"
    t.save(str(path))
    (rec,) = _check_file(path, t)
    assert rec.match is None and "took over as B" in rec.comment[0]
    with pytest.raises(ValueError, match="step 99"):
        t.take_over(orig, 99)


def _find_last_trick_takeover() -> tuple[psn.Record, int, Seat, Card]:
    """A random deal whose last card is played by the winner of the last trick."""
    rng = random.Random(2)
    while True:
        rec = random_record(rng)
        pos = rec.positions()
        plays = [i for i, a in enumerate(rec.actions) if a.kind is ActionKind.PLAY]
        if not plays:
            continue
        last_play = plays[-1]
        before, after = pos[last_play], pos[last_play + 1]
        if after.outcome is None or after.outcome.end is not End.LAST_TRICK:
            continue
        assert after.last_trick is not None
        mover = before.to_move
        if mover is not None and after.last_trick[2] == int(mover):
            card = rec.actions[last_play].card
            assert card is not None
            return rec, last_play, mover, card


def test_claim_after_the_last_trick_is_offered() -> None:
    rec, step, seat, card = _find_last_trick_takeover()
    for decline in (True, False):
        w = PracticeTable("heuristic", pause=0)
        w.take_over(rec, step, seat)
        t = w.table
        w.hand.click(card)
        assert t.position.outcome is not None and not t.finished
        assert t.claim_question and t.student_actions() == [CLAIM]
        assert not w.claim_button.disabled and w.no_claim_button.layout.display is None
        (w.no_claim_button if decline else w.claim_button).click()
        assert t.finished and t.outcome is not None
        if decline:
            assert t.outcome.end is End.LAST_TRICK
        else:
            assert t.outcome.end in (End.CLAIM, End.FALSE_CLAIM)
            assert t.outcome.claimant is seat


def test_claim_question_after_a_marriage() -> None:
    for seed in range(200):
        t = Table("heuristic", seed=seed)
        m = [a for a in t.student_actions() if a.kind is ActionKind.MARRIAGE]
        if m:
            break
    else:
        pytest.fail("no deal with a marriage in the first hand")
    events = t.act(m[0])
    assert events == [] and t.claim_question and t.student_actions() == [CLAIM]
    with pytest.raises(IllegalAction) as e:
        t.act(Action(ActionKind.PLAY, t.position.hand(t.seat)[0]))
    assert e.value.rule == "E2"
    events = t.act(None)  # play on: the bot follows
    assert events and events[0].seat is t.bot_seat and not t.claim_question


def test_scores_as_the_profile_allows() -> None:
    t = Table("heuristic", seed=4, seat="B")
    assert t.visible_scores() == (None, t.position.score(Seat.B))
    assert t.visible_scores(all_scores=True) == t.position.scores
    s = Table("heuristic", seed=4, profile=STRICT)
    assert s.visible_scores() == (None, None)
    while not s.finished:
        s.act(None if s.claim_question else s.student_actions()[-1])
    assert s.visible_scores() == s.position.scores


def test_a_finished_deal_counts_once_also_before_a_take_over() -> None:
    t = Table("random", seed=9)
    while not t.finished:
        t.act(None if t.claim_question else t.student_actions()[0])
    after = t.counters
    assert after != (7, 7)
    t.take_over(str(STUDY / "last-trick.psn"), 3)
    assert t.counters == after and len(t.history) == 1 and not t.in_bummerl
    t.new_deal()
    assert t.in_bummerl and t.counters == after and len(t.history) == 1
    assert t.bummerl.next_deal == 2


def test_review_button_judges_the_deal_just_played() -> None:
    rng = random.Random(3)
    w = PracticeTable("heuristic", seat="A", seed=5, pause=0)
    while not w.table.finished:
        _click_something(w, rng)
    w.review_button.click()
    (rv,) = w.replay_box.children
    played = w.table.record()
    assert rv.annotated.actions == played.actions
    assert len(rv.review.decisions) > 0
    assert all(d.step < len(played.actions) for d in rv.review.decisions)
    assert "sl-review" in rv._dom_classes


def test_the_strong_bots_reasons_are_in_the_record_and_its_replay(tmp_path: Path) -> None:
    """A bot that says why it chose (the strong player) leaves its reason after each of
    its choices in the saved deal, in the table's language, and the replay opened after
    the deal shows it at that step; forced moves and the student's moves get none."""
    rng = random.Random(3)
    w = PracticeTable("strong", seat="A", seed=5, pause=0, lang="de")
    clicks = 0
    while not w.table.finished:
        _click_something(w, rng)
        clicks += 1
        assert clicks < 100
    assert w.table.reasons, "the strong bot chose at least once"
    path = tmp_path / "with-reasons.psn"
    w.save_path.value = str(path)
    w.save_button.click()
    [rec] = _check_file(path, w.table)
    bot_moves = set(w.table.reasons)
    for i, move in enumerate(rec.main.moves):
        if i in bot_moves:
            # a comment's white space is folded when written (PSN.md), NBSP included
            assert move.comments == [" ".join(w.table.reasons[i].split())]
            assert move.comments[0].startswith(("Punkte ", "der erste Zug", "die einzige Wahl",
                                                "66 erreicht"))
        else:
            assert move.comments == []
    w.replay_button.click()
    (rw,) = w.replay_box.children
    step = min(bot_moves) + 1  # the position after the bot's first reasoned action
    rw.go(step)
    assert escape(" ".join(w.table.reasons[step - 1].split())) in rw.comments.value


def test_the_teachers_switch_shows_the_bots_last_reason_during_the_deal() -> None:
    """Off by default, the table shows no reason while the deal is played (they name the
    bot's cards); switched on, the bot's reason for its last move stands under the
    messages, in the table's language, names escaped; switched off again, it is gone.
    A bot that says nothing shows nothing."""
    rng = random.Random(3)
    w = PracticeTable("strong", seat="A", seed=5, pause=0, lang="de", bot_name="<i>Bert</i>")
    assert not w.show_reasons
    clicks = 0
    while not w.table.reasons and not w.table.finished:
        _click_something(w, rng)
        clicks += 1
        assert clicks < 100
    assert w.table.reasons and "sl-bot-reason" not in w.messages_html.value
    w.reasons_box.value = True  # what a click on the switch does
    assert w.show_reasons
    said = w.table.reasons[max(w.table.reasons)]
    shown = w.messages_html.value
    assert "sl-bot-reason" in shown and escape(said) in shown
    assert "warum &lt;i&gt;Bert&lt;/i&gt; so gespielt hat: " in shown and "<i>Bert" not in shown
    w.show_reasons = False
    assert "sl-bot-reason" not in w.messages_html.value
    quiet = PracticeTable("heuristic", seat="A", seed=5, pause=0, show_reasons=True)
    while not quiet.table.finished:
        _click_something(quiet, rng)
    assert quiet.show_reasons and not quiet.table.reasons
    assert "sl-bot-reason" not in quiet.messages_html.value


def test_the_bots_wait_to_be_asked_and_a_warm_up_changes_no_decision() -> None:
    """``auto_bots=False``: a new deal leaves the bot's opening to ``bot_moves`` (the
    widget lets it decide in the background); ``warm_up`` decides on a copy of the bot,
    so the table plays the same deal after it as without it (issue 50)."""
    def played(warm: bool) -> list[str]:
        t = Table("strong", seed=4, auto_bots=False)
        if warm:
            t.warm_up()
        out = [str(e.action) for e in t.bot_moves()]
        for _ in range(3):
            if t.finished:
                break
            acts = t.student_actions()
            t.student_act(acts[0])
            out += [str(e.action) for e in t.bot_moves()]
        return out

    t = Table("heuristic", seed=4, auto_bots=False)
    for _ in range(6):
        if t.bot_step_due():
            break
        t.new_deal()
    assert t.bot_step_due() and t.next_bot() == t.bot_seat and not t.log
    assert t.bot_moves() and t.next_bot() is None
    assert played(True) == played(False)
