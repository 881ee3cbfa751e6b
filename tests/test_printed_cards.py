"""Every text a learner reads about the study deals writes cards as printed (``10♥``,
``K♥ +40``): the terminal replay, the move list and sentences, the inferences, the
referee's and the recorder's refusals, the reader's errors, the reviews and the Bummerl
advice. PSN and JSON keep PSN's tokens (``TH``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from schnapsen_lab import notation, psn
from schnapsen_lab.games.bauern import rules as four_rules
from schnapsen_lab.games.twohand import rules
from schnapsen_lab.psn import Record
from schnapsen_lab.recorder import Recorder, RecorderError
from schnapsen_lab.refusals import refusal_text
from schnapsen_lab.replay import Replay
from schnapsen_lab.widgets.replay import move_label

from .printed import psn_cards_in, psn_cards_in_html

ROOT = Path(__file__).resolve().parent.parent
STUDY = sorted((ROOT / "records" / "study").glob("*.psn"))


def _records() -> Iterator[tuple[str, Record]]:
    for path in STUDY:
        for rec in psn.read(path):
            if rec.game.has_part("kit"):  # a game without its replay kit yet has no texts
                yield f"{path.name}#{rec.index}", rec


RECORDS = list(_records())
IDS = [name for name, _ in RECORDS]


def test_the_finder_finds_psn_cards_and_leaves_psn_alone() -> None:
    assert psn_cards_in("KH+40 by A") == ["KH+40 by A"]
    assert psn_cards_in("A did not beat TS: holds none of AS") != []
    assert psn_cards_in("indicator T♥") != []
    assert psn_cards_in("K♥ +40 by A; 10♥, Q♠; JSON, AS400, TSV") == []
    assert psn_cards_in('[Deck "KC QC AH"]\n1. QC+20 AC 2. X') == []
    assert psn_cards_in_html('<span data-card="TH">10♥</span>') == []
    assert psn_cards_in_html('<div class="sl-movetext"><b>1.</b> TD AD</div><i>TD</i>') != []


@pytest.mark.parametrize(("name", "rec"), RECORDS, ids=IDS)
def test_replay_texts_write_cards_as_printed(name: str, rec: Record) -> None:
    rp = Replay(rec)
    seats = rec.game.seats
    texts = [rp.text(None), *(rp.text(s) for s in range(len(seats)))]
    texts += [move_label(rp, i) for i in range(len(rp))]
    for viewer in (None, *range(len(seats))):
        texts += [inf.text for inf in rp.inferences(rp.last, viewer)]
    names = rec.player_names
    for i in range(1, len(rp)):
        before, after, action = rp[i - 1], rp[i], rp.action(i)
        if len(seats) == 2:
            texts.append(notation.describe(before, action, after, names))
        else:
            texts.append(notation.four_describe(before, action, after, names))
    for i in range(len(rp)):
        inf_texts = [notation.inference_text(inf.kind, names[inf.seat], inf.suit, inf.excluded)
                     for inf in rp.inferences(i, None)]
        texts += inf_texts
    texts.append(rp.kit.html(rp, rp.last) or "")
    if len(seats) == 3:  # the side of seats A and C ("score AC 0-0", "(AC)", a column AC)
        texts = [re.sub(r"\bAC(?= \d| \(|<)|(?<=\()AC(?=\))", "A+C", t) for t in texts]
    shown = [line for t in texts[:-1] for line in psn_cards_in(t)]
    shown += psn_cards_in_html(texts[-1])
    assert shown == [], name


@pytest.mark.parametrize(("name", "rec"), RECORDS, ids=IDS)
def test_refusals_write_cards_as_printed(name: str, rec: Record) -> None:
    """Every card the rules refuse at every step of the deal, said as the referee and
    the practice table say it."""
    rp = Replay(rec)
    play = rules.play if len(rec.game.seats) == 2 else four_rules.play
    said = []
    for i in range(len(rp)):
        pos = rp[i]
        for card in range(20):
            why = pos.check(play(rules.CARDS[card]))
            if why is not None:
                said += [notation.reason_text(why[1]), refusal_text(why[1])]
    assert said
    assert [line for t in said for line in psn_cards_in(t)] == [], name


def test_the_inferences_json_keeps_psn_tokens() -> None:
    """The learner reads "A did not beat 10♠: holds none of A♠"; ``replay --json`` keeps
    the token form it always had."""
    rec = next(psn.read(ROOT / "records" / "study" / "failed-closing.psn"))
    rp = Replay(rec)
    texts = [inf.text for inf in rp.inferences(rp.last, None)]
    assert "A did not beat 10♠: holds none of A♠" in texts
    row = rp.viewer_row(rp.last, rules.Seat.B)
    data = json.loads(json.dumps(row))
    assert "A did not beat TS: holds none of AS" in [
        i["text"] for i in data["counting"]["inferences"]]


def test_the_terminal_replay_writes_cards_as_printed() -> None:
    rec = next(psn.read(ROOT / "records" / "study" / "marriage-claim-67.psn"))
    text = Replay(rec).text()
    assert "(indicator 10♥)" in text and "as dealt: A K♣ 10♦ K♥ Q♥ A♠" in text
    assert "  7. A K♥+40!!  announces 40" in text


def test_the_recorders_refusals_write_cards_as_printed() -> None:
    rec = next(psn.read(ROOT / "records" / "study" / "closing-wins-3.psn"))
    p0 = rec.positions()[0]
    hands = [rules.cards_in(p0.hands[s]) for s in (0, 1)]
    ind = rules.CARDS[p0.deck[6]]
    refused = []
    with pytest.raises(RecorderError) as e:
        Recorder("B", hands[0], [hands[0][0], *hands[1][1:]], ind)
    refused.append(str(e.value))
    r = Recorder("B", hands[0], hands[1], ind)
    for entry in (f"A:{hands[0][0]} B:{hands[1][0]}", str(hands[1][0])):
        with pytest.raises(RecorderError) as e:
            r.enter(entry)
        refused.append(str(e.value))
    assert all(str(hands[0][0]) not in t for t in refused[:2]), refused
    assert [line for t in refused for line in psn_cards_in(t)] == [], refused


def test_a_readers_error_writes_cards_as_printed() -> None:
    deck = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH JH"
    rec = psn.loads(f'[Deck "{deck}"]\n\n1. AD KH *\n')[0]
    e = rec.errors[0]
    text = notation.error_text(e.line, e.col, e.rule, e.message)
    assert "twice: J♥" in text and "missing: 10♠" in text, text
    assert psn_cards_in(text) == []


def test_the_bummerl_advice_and_the_four_player_review_write_cards_as_printed() -> None:
    from schnapsen_lab import bummerl
    from schnapsen_lab.advisor import advise
    from schnapsen_lab.review_four import format_review, review_record

    deal = list(psn.read(ROOT / "records" / "heuristic-vs-heuristic.psn"))[148]
    advice = advise(deal.positions()[9], samples=20, seed=0)
    text = bummerl.closing_equity(advice, bummerl.score_of(deal)).explain()
    assert "plays on (" in text and psn_cards_in(text) == [], text
    claim = next(psn.read(ROOT / "records" / "study" / "bauern-false-team-claim.psn"))
    review = review_record(claim, samples=4, seed=0)
    text = format_review(review, claim.player_names)
    assert "claim: 66??" in text and psn_cards_in(text) == [], text


def test_the_review_widget_shows_its_comments_with_cards_as_printed() -> None:
    """The review's comments keep PSN's tokens in the annotated record (``review -o``);
    the widget shows them as printed: "blunder: Q♣ +20 -3.00, best A♦ +0.50"."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.review import ReviewWidget

    rec = next(psn.read(ROOT / "records" / "study" / "failed-closing.psn"))
    w = ReviewWidget(rec, samples=4, seed=0, progress=False)
    assert any("best AD" in c for c in w.annotated.moves[0].comments)
    shown = []
    for step in range(1, len(w.replay.replay)):
        w.replay.go(step)
        shown.append(w.replay.comments.value)
    assert any("best A♦" in t for t in shown)
    assert [line for t in shown for line in psn_cards_in_html(t)] == []
