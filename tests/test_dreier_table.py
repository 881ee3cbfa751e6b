"""The table for three (games/dreier/table.py), headless: a whole match against two
bots saved as records that ``check`` accepts, the lay-away at the table, the sides known
from the calls, taking over a study deal, and what the table refuses."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern.table import BauernTable
from schnapsen_lab.games.dreier.players import HeuristicDreierPlayer
from schnapsen_lab.games.dreier.rules import CALLS, Call, IllegalAction, Kind, Phase, Seat
from schnapsen_lab.games.dreier.table import DreierTable

from .conftest import ROOT

STUDY = ROOT / "records" / "study"


def _student_plays(t: DreierTable, rng: random.Random) -> None:
    """The student plays the deal out as the rule-of-thumb bot would, from its view."""
    me = HeuristicDreierPlayer("student")
    while not t.finished:
        acts = t.student_actions()
        assert acts, "the table waits for the student but offers nothing"
        a = me.act(t.student_view(), rng)
        assert a is None or a in acts
        t.act(a)


def test_a_whole_match_against_two_bots(tmp_path: Path) -> None:
    """3X1: deals follow each other until a counter reaches 24; the match saved checks."""
    t = DreierTable("heuristic", seed=3)
    rng = random.Random(0)
    first = t.match
    deals = 0
    while not t.match_winners:
        _student_plays(t, rng)
        deals += 1
        assert t.outcome is not None and t.outcome_text()
        assert not t.record().errors
        if not t.match_winners:
            t.new_deal()
        assert deals < 60
    assert max(t.counters.values()) >= 24 and set(t.counters) == {"A", "B", "C"}
    out = tmp_path / "match.psn"
    t.save(str(out))
    recs = list(psn.read(out))
    assert len(recs) == deals and all(not r.errors for r in recs)
    assert all(r.tags["Variant"] == "dreier" for r in recs)
    assert [r.deal for r in recs] == list(range(1, deals + 1))
    assert main(["check", str(out)]) == 0
    t.new_deal()
    assert t.match != first and set(t.counters.values()) == {0}


def _to_student_talon(seed_from: int = 0) -> DreierTable:
    """A table where the student (A, forehand) has become declarer and lays away."""
    for seed in range(seed_from, seed_from + 200):
        t = DreierTable("heuristic", seed=seed, dealer="C")
        if t.phase is not Phase.TRUMP:
            continue
        t.act(t.student_actions()[0])
        if CALLS[Call.WEITER] in t.student_actions():
            t.act(CALLS[Call.WEITER])
            if t.phase is Phase.TALON and t.position.declarer == Seat.A:
                return t
    raise AssertionError("no deal where A declares the normal game")


def test_the_declarer_lays_two_cards_away_and_the_sides_are_known() -> None:
    """3T1: the declarer takes the talon and lays two cards away, one action each;
    3K1, 3W1: once the calls are over each seat knows its side; the laid cards are his
    secret in the list of what was said."""
    t = _to_student_talon()
    assert len(t.student_view().hand_cards) == 8
    lays = t.student_actions()
    assert lays and all(a.kind is Kind.LAYAWAY for a in lays)
    assert t.knows_sides() and t.student_view().teammates == 0b001
    first, second = lays[0], lays[1]
    t.act(first)
    assert t.phase is Phase.TALON and second in t.student_actions()
    t.act(second)
    assert t.phase in (Phase.PLAY, Phase.OVER)
    said = [e.text for e in t.log if e.action is not None and e.action.kind is Kind.LAYAWAY]
    assert len(said) == 2 and all("Anna (A)" in s for s in said)
    assert not any(str(first.card) in s or str(second.card) in s for s in said)
    b = DreierTable.see(t.position, 1)
    assert b.teammates == 0b110 and b.laid == 0


def test_taking_over_a_study_deal_and_saving_it(tmp_path: Path) -> None:
    """A deal taken over from a study record plays on with its cards and names, outside
    the match; saved, it checks."""
    t = DreierTable("heuristic", seed=1)
    src = STUDY / "dreier-layaway-wins.psn"
    t.take_over(str(src), 4, "C")
    assert t.seat == Seat.C and t.names == ("Anna", "Bert", "Cilli") and not t.in_match
    assert t.phase is Phase.TALON and all(a.kind is Kind.LAYAWAY for a in t.student_actions())
    _student_plays(t, random.Random(2))
    out = tmp_path / "taken.psn"
    t.save(str(out))
    rec = next(iter(psn.read(out)))
    assert "Match" not in rec.tags and "took over as C" in rec.main.comments[0]
    assert main(["check", str(out)]) == 0


def test_what_the_table_refuses() -> None:
    """Seats are A, B, C; a four-player record is not taken over; a card out of turn
    names its rule."""
    with pytest.raises(ValueError, match="A, B or C"):
        DreierTable(seat="S")
    t = DreierTable("heuristic", seed=1)
    with pytest.raises(ValueError, match="Dreierschnapsen"):
        t.take_over(str(STUDY / "bauern-spritze.psn"), 0)
    with pytest.raises(ValueError, match="Bauernschnapsen"):
        BauernTable("heuristic", seed=1).take_over(str(STUDY / "dreier-layaway-wins.psn"), 0)
    t = DreierTable("heuristic", seed=1, auto_bots=False)
    t.take_over(str(STUDY / "dreier-layaway-wins.psn"), 0, "A")  # Cilli (C) fixes trump
    assert not t.student_actions() and t.refusal("T:S") == ("3P1", "it is Cilli (C)'s turn")
    with pytest.raises(IllegalAction):
        t.student_act("T:S")
