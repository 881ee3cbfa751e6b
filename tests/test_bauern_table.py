"""The table for four (games/bauern/table.py), headless: the student's turns, the bots'
answers, claims, the match, taking over a record, saving."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.games.bauern.players import HeuristicBauernPlayer
from schnapsen_lab.games.bauern.rules import (
    BAUERN,
    BAUERN_CALLED,
    CALLS,
    CLAIM,
    TRUMP_UP,
    Call,
    IllegalAction,
    Kind,
    Phase,
    Profile,
    Seat,
    play,
)
from schnapsen_lab.games.bauern.table import BauernTable
from schnapsen_lab.i18n import language
from schnapsen_lab.psn import Record

from .conftest import ROOT

STUDY = ROOT / "records" / "study"
NAMES = {"North": "Anna", "East": "Bert", "South": "Cilli", "West": "Dani"}


def _fresh(deck: str, dealer: int, profile: Profile = BAUERN, seat: str = "S",
           seed: int = 1) -> BauernTable:
    """A table whose deal is ``deck`` dealt by ``dealer`` (a record taken over at step 0)."""
    rec = Record.from_actions(deck.split(), [], dealer=dealer, profile=profile, tags=NAMES)
    t = BauernTable("heuristic", seed=seed, profile=profile)
    t.take_over(rec, 0, seat)
    return t


def _student_plays(t: BauernTable, rng: random.Random) -> None:
    """The student plays the deal out as the rule-of-thumb bot would, from its view."""
    me = HeuristicBauernPlayer("student")
    while not t.finished:
        acts = t.student_actions()
        assert acts, "the table waits for the student but offers nothing"
        a = me.act(t.student_view(), rng)
        assert a is None or a in acts
        t.act(a)


def test_a_whole_match_against_the_bots(tmp_path: Path) -> None:
    t = BauernTable("heuristic", seed=3)
    rng = random.Random(0)
    first = t.match
    deals = 0
    while not t.match_winners:
        _student_plays(t, rng)
        deals += 1
        assert t.outcome is not None and t.outcome_text()
        rec = t.record()
        assert not rec.errors and rec.tags["Match"] == first
        if not t.match_winners:
            t.new_deal()
        assert deals < 40
    counters = t.counters
    assert max(counters.values()) >= 21 and set(counters) == {"NS", "EW"}
    out = tmp_path / "match.psn"
    t.save(str(out))
    recs = list(psn.read(out))
    assert len(recs) == deals and all(not r.errors for r in recs)
    assert [r.deal for r in recs] == list(range(1, deals + 1))
    assert recs[-1].match_winners == t.match_winners
    assert main(["check", str(out)]) == 0
    t.new_deal()  # the match is decided: a new one at 0 : 0
    assert t.match != first and set(t.counters.values()) == {0}


def test_called_partners_count_per_player(tmp_path: Path) -> None:
    t = BauernTable("heuristic", seed=5, profile="bauern-called")
    _student_plays(t, random.Random(1))
    assert set(t.counters) == {"N", "E", "S", "W"}
    out = tmp_path / "called.psn"
    t.save(str(out))
    assert main(["check", str(out)]) == 0


@pytest.mark.parametrize("profile", ["bauern24", "bauern24-called"])
def test_a_24_card_table_deals_six_each(tmp_path: Path, profile: str) -> None:
    """BN3-BN5 at the practice table: six cards each, the student sees three while
    trump is fixed, the deals saved are 24-card records that check."""
    t = BauernTable("heuristic", seed=7, profile=profile)
    assert t.profile.deck == 24
    assert sorted(t.start.deck) == list(range(24))
    assert [len(t.start.hand(s)) for s in range(4)] == [6, 6, 6, 6]
    rng = random.Random(2)
    for _ in range(3):
        _student_plays(t, rng)
        rec = t.record()
        assert not rec.errors and rec.tags["Rules"] == profile
        assert len(rec.tags["Deck"].split()) == 24
        if t.match_winners:
            break
        t.new_deal()
    out = tmp_path / "deals24.psn"
    t.save(str(out))
    assert main(["check", str(out)]) == 0


def test_the_student_names_trump_from_three_cards() -> None:
    # dealer E: forehand is S, the student; S's first three cards: AH AS KC
    t = _fresh("AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS", dealer=1)
    assert t.phase is Phase.TRUMP and t.students_turn
    acts = t.student_actions()
    assert {str(a) for a in acts} == {"T:C", "T:H", "T:S", "T:up"}
    assert bin(t.student_view().hand).count("1") == 3  # only the first three seen
    why = t.refusal("T:D")
    assert why is not None and why[0] == "BR2" and "diamonds" in why[1]
    events = t.act(TRUMP_UP)  # turns up the fourth card; then the calls come round
    assert t.position.turned_card is not None and t.phase is Phase.AUCTION
    assert t.log[0].announced and "turns up" in t.log[0].text
    # the student speaks first (forehand): weiter, no spritze (own team), contracts
    acts = t.student_actions()
    assert CALLS[Call.WEITER] in acts and CALLS[Call.SPRITZE] not in acts
    assert CALLS[Call.KONTRASCHNAPSER] not in acts  # forehand may not (BA2)
    assert CALLS[Call.SCHNAPSER] in acts and events == []
    t.act(CALLS[Call.WEITER])
    assert t.phase is Phase.PLAY and all(e.announced for e in t.log[:5])
    assert len(t.log) >= 5 and "passes" in t.log[1].text


def test_spritze_offered_only_to_the_other_team() -> None:
    # dealer S: forehand W; the student (S) sits with N against forehand's team
    t = _fresh("AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS", dealer=2)
    while t.phase is not Phase.AUCTION or not t.students_turn:
        assert t.phase is not Phase.PLAY
        t.bot_step()
    acts = t.student_actions()
    if CALLS[Call.SPRITZE] not in acts:  # already said by the partner
        assert t.position.spritze == 0
    else:
        t.act(CALLS[Call.SPRITZE])
        assert t.position.spritze == int(Seat.S)
        assert any("doubles" in e.text for e in t.log)


def test_greyed_cards_say_why_in_the_language_spoken() -> None:
    t = BauernTable("heuristic", seed=11)
    rng = random.Random(2)
    me = HeuristicBauernPlayer("student")
    while not (t.students_turn and t.position.table and t.phase is Phase.PLAY):
        if t.finished:
            t.new_deal()
            continue
        if t.students_turn:
            t.act(me.act(t.student_view(), rng))
        else:
            t.bot_step()
    legal = {a.card for a in t.student_actions() if a.kind is Kind.PLAY}
    hand = t.position.hand(t.seat)
    refused = [c for c in hand if c not in legal]
    if refused:
        rule, why = t.refusal(play(refused[0])) or ("", "")
        assert rule == "BP2" and str(refused[0]) not in why  # cards as printed: 10♥
        with language("fr"):
            assert t.refusal(play(refused[0])) is not None
    with pytest.raises(IllegalAction):
        t.student_act(play(next(c for c in range(20) if not t.position.hands[t.seat] >> c & 1)))
    # a card during the round of calls: the calls come first (BA1)
    t2 = _fresh("AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS", dealer=0)
    assert t2.phase is Phase.AUCTION and t2.students_turn  # E named trump, E passed...
    card = t2.position.hand(Seat.S)[0]
    rule, why = t2.refusal(play(card)) or ("", "")
    assert rule == "BA1" and why == "S has not spoken yet: the round of calls comes before " \
                                    "the first card"
    with language("de"):
        assert "S" in (t2.refusal(play(card)) or ("", ""))[1]


def test_a_marriage_asks_the_student_whether_to_claim() -> None:
    # the student (S) is forehand, holds K♥ Q♥ and names hearts: after the calls S
    # leads; announcing 40 at the first lead does not ask (every score is 0 and the 40
    # waits for a trick: a claim would surely be false), though the claim stays allowed
    deck = "KH QH AS TH TS JC AD AC TC KD AH JH QC JS KS QD TD JD KC QS"
    t = _fresh(deck, dealer=1)
    assert {str(a) for a in t.student_actions()} >= {"T:H"}
    t.act("T:H")
    t.act(CALLS[Call.WEITER])
    assert t.phase is Phase.PLAY and t.students_turn
    marriages = [a for a in t.student_actions() if a.kind is Kind.MARRIAGE]
    assert {str(a) for a in marriages} == {"KH+40", "QH+40"}
    t.act("KH+40")
    assert not t.claim_question and t.claim_question_kind is None
    # later: NS at 54 (two tricks), S leads K♣ with 40 in trumps: 94, the table asks
    later = Record.from_actions(
        "KS AC QC TC QS JC KH TH AS AD QD QH KC JS JH AH JD TD KD TS".split(),
        "T:up weiter weiter weiter weiter KS QS AS TS JD AD AC JC".split(), dealer=1,
        profile=BAUERN, tags=NAMES)
    t = BauernTable("heuristic", seed=1, profile=BAUERN)
    t.take_over(later, 13, "S")
    assert t.students_turn
    t.act("KC+40")
    assert t.claim_question and t.claim_question_kind == "marriage"
    assert t.student_actions() == [CLAIM]
    cost = t.false_claim_outcome()
    assert cost.game_points == 3 and cost.winner == "EW"  # EW have no trick
    with pytest.raises(IllegalAction):
        t.student_act(play("AS"))
    t.act(None)  # play on
    assert not t.claim_question
    assert any(e.action is None and "does not claim" in e.text for e in t.log)
    assert len(t.position.table) > 1 or t.finished or t.position.tricks_played


def test_take_over_any_step_from_any_seat() -> None:
    path = STUDY / "bauern-schnapser-partner-breaks.psn"
    rec = next(psn.read(path))
    t = BauernTable("heuristic", seed=2)
    t.take_over(str(path), 6, "W")
    assert t.seat is Seat.W and not t.in_match
    assert [str(a) for a in t.actions[:6]] == [str(a) for a in rec.actions[:6]]
    assert t.names == rec.player_names and t.source is not None and "step 6" in t.source
    out = t.record()
    assert "took over as W" in out.main.comments[0]
    assert "Match" not in out.tags
    with pytest.raises(ValueError, match="step 99"):
        t.take_over(rec, 99)
    with pytest.raises(ValueError, match="Bauernschnapsen"):
        t.take_over(str(STUDY / "closing-wins-3.psn"), 0)
    with pytest.raises(ValueError, match="N, E, S or W"):
        t.take_over(rec, 0, "A")


def test_the_bots_answer_and_claim_for_their_side() -> None:
    t = BauernTable("heuristic", seed=8)
    rng = random.Random(4)
    claims = 0
    for _ in range(25):
        _student_plays(t, rng)
        claims += sum(1 for e in t.log if e.action is CLAIM and e.seat != t.seat)
        for e in t.log:
            assert e.text and (e.announced or e.action is None or e.action.kind is Kind.PLAY)
        t.new_deal()
    assert claims > 0


def test_the_student_sees_only_the_view() -> None:
    t = _fresh("AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS", dealer=1,
               profile=BAUERN_CALLED)
    t.act("T:H")
    acts = t.student_actions()
    assert all(a.kind is Kind.PARTNER for a in acts) and len(acts) == 17
    t.act("P:AC")
    holder = t.position.partner
    v = view(t.position, Seat.S)
    assert v.partner_known == (holder == int(Seat.S))
    assert t.knows_sides() == v.partner_known


def test_save_is_atomic(tmp_path: Path) -> None:
    t = BauernTable("heuristic", seed=1)
    out = tmp_path / "deal.psn"
    out.write_text("old", encoding="utf-8")
    with pytest.raises(OSError):
        t.save(str(tmp_path / "missing" / "x.psn"))
    text = t.save(str(out))
    assert out.read_text(encoding="utf-8") == text and "[Variant \"bauern\"]" in text
    assert [p.name for p in tmp_path.iterdir()] == ["deal.psn"]
