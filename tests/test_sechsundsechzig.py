"""Sechsundsechzig's own rules (SECHSUNDSECHZIG.md), refereed by the two-player talon
family's referee from the fields of the ``sechsundsechzig`` profile, and the one field
Schnapsen gained with it (RULES.md X2, ``exchange_trump_lead``)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import PACK24, Card, parse_cards
from schnapsen_lab.games import find_game, game_named
from schnapsen_lab.games.sechsundsechzig import SECHSUNDSECHZIG, SECHSUNDSECHZIG_PROFILE
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    SOFT,
    End,
    IllegalAction,
    Position,
    Seat,
    play,
)

from .conftest import ROOT, build_deck

SIX = SECHSUNDSECHZIG_PROFILE


def deck66(forehand: str, dealer: str, indicator: str, talon: str = "") -> list[Card]:
    """A deck order (6D1) that deals these cards: forehand's six, the dealer's six, the
    indicator, then the talon top first; unnamed cards fill the rest of the talon."""
    fh, dl, ind, tal = (parse_cards(t) for t in (forehand, dealer, indicator, talon))
    assert len(fh) == 6 and len(dl) == 6 and len(ind) == 1
    used = {*fh, *dl, *ind, *tal}
    rest = [c for c in PACK24.cards if c not in used]
    deck = [*fh[:3], *dl[:3], *fh[3:], *dl[3:], ind[0], *tal, *rest]
    assert len(deck) == 24 and len(set(deck)) == 24
    return deck


def start(forehand: str, dealer: str, indicator: str, talon: str = "") -> Position:
    """The deal with B dealing (A is forehand)."""
    return Position.deal(deck66(forehand, dealer, indicator, talon), Seat.B, SIX)


def test_6d1_six_cards_each_three_and_three_and_a_talon_of_eleven() -> None:
    pos = start("AC TC KC QC JC 9C", "AD TD KD QD JD 9D", "AH")
    assert sorted(pos.hand(Seat.A)) == sorted(parse_cards("AC TC KC QC JC 9C"))
    assert sorted(pos.hand(Seat.B)) == sorted(parse_cards("AD TD KD QD JD 9D"))
    assert pos.trump == 2 and pos.talon_size == 12 and len(pos.talon_cards) == 11
    with pytest.raises(IllegalAction) as e:
        Position.deal(list(range(20)), Seat.B, SIX)
    assert e.value.rule == "6D1"


def test_6x1_the_trump_nine_is_exchanged_only_after_a_trick() -> None:
    pos = start("AC TC KC QC JC 9H", "AD TD KD QD JD 9D", "AH")
    assert EXCHANGE not in pos.legal_actions()
    why = pos.check(EXCHANGE)
    assert why is not None and why[0] == "6X1" and "after winning a trick" in why[1]
    pos = pos.play("AC").play("9D")  # A wins the first trick and leads again
    assert EXCHANGE in pos.legal_actions()
    after = pos.play(EXCHANGE)
    assert after.indicator == Card.NH and Card.AH in after.hand(Seat.A)


def test_6c1_no_closing_before_the_first_trick() -> None:
    pos = start("AC TC KC QC JC 9C", "AD TD KD QD JD 9D", "AH")
    assert CLOSE not in pos.legal_actions()
    why = pos.check(CLOSE)
    assert why is not None and why[0] == "6C1"
    pos = pos.play("AC").play("9D")
    assert CLOSE in pos.legal_actions()


def test_6l1_the_last_trick_is_worth_10_and_6g3_the_higher_score_wins() -> None:
    """A deal played to its twelfth trick: the last trick's winner adds 10, the higher
    score wins with game points by the loser's score (the shared worked example)."""
    recs = [r for r in psn.read(ROOT / "tests/data/conformance/sechsundsechzig/valid.psn")
            if r.ok and r.outcome is not None and r.outcome.end is End.LAST_TRICK
            and r.final.closed_by < 0]
    assert recs
    for r in recs:
        pos = r.final
        assert pos.bonus_to >= 0
        assert sum(pos.trick_points) == 130  # 120 card points and the last trick's 10
        win = r.outcome.winner
        assert win is not None and pos.score(win) > pos.score(win.other)
        assert r.check_dict()["bonus"] == "AB"[pos.bonus_to]


def test_6g4_a_standoff_scores_nothing_and_its_point_goes_to_the_next_winner() -> None:
    recs = list(psn.read(ROOT / "tests/data/conformance/sechsundsechzig/valid.psn"))
    standoffs = [i for i, r in enumerate(recs) if r.outcome is not None
                 and r.outcome.end is End.STANDOFF and r.match is not None]
    assert standoffs
    i = standoffs[0]
    s, nxt = recs[i], recs[i + 1]
    assert s.outcome.winner is None and s.outcome.game_points == 0
    assert s.result_text == "=" and s.counters == s.counters_before
    assert s.check_dict()["carry"] == 1
    assert nxt.match == s.match and nxt.outcome.winner is not None
    w = int(nxt.outcome.winner)
    assert nxt.counters[w] - nxt.counters_before[w] == nxt.outcome.game_points + 1
    assert nxt.check_dict()["carry"] == 0
    # the simulator's match keeps the same account
    b = Bummerl.new(SIX).after(s.outcome).after(nxt.outcome)
    assert b.counters[w] == nxt.outcome.game_points + 1 and b.carry == 0


def test_6c2_a_closing_is_scored_at_the_claim() -> None:
    """The closer's opponent's score and tricks when the closer claims decide the game
    points (6C2), not those at the closing as in Schnapsen (C2)."""
    assert SIX.closed_scoring == "at_claim" and SOFT.closed_scoring == "at_close"
    recs = [r for r in psn.read(ROOT / "tests/data/conformance/sechsundsechzig/valid.psn")
            if r.ok and r.outcome is not None and r.outcome.rule == "6C2"]
    assert recs
    for r in recs:
        pos = r.final
        loser = r.outcome.winner.other
        from schnapsen_lab.tricks import won_deal_points

        assert r.outcome.game_points == won_deal_points(pos.score(loser), pos.tricks[loser],
                                                        33)


def test_a_nine_is_no_card_of_a_schnapsen_record() -> None:
    recs = psn.loads('[Deck "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"]'
                     "\n\n1. 9C *\n")
    assert recs[0].errors and recs[0].errors[0].rule == "PSN"
    game = find_game({})
    with pytest.raises(ValueError):
        game.parse_action("9C")
    assert game_named("sechsundsechzig").parse_action("9c") == play("9C")


def test_x2_a_house_profile_forbids_a_trump_lead_after_the_exchange() -> None:
    house = dataclasses.replace(SOFT, name="no-trump-after-exchange",
                                exchange_trump_lead=False)
    deck = build_deck("JH AH AC KS QS", "TC KC QC JC TD", "KH")
    pos = Position.deal(deck, Seat.B, house).play(EXCHANGE)
    assert {str(a) for a in pos.legal_actions()} == {"C", "AC", "KS", "QS", "KS+20", "QS+20"}
    why = pos.check(play("AH"))
    assert why is not None and why[0] == "X2"
    # soft leads any card after the exchange
    soft = Position.deal(deck, Seat.B, SOFT).play(EXCHANGE)
    assert soft.check(play("AH")) is None
    # the next lead is free again
    nxt = pos.play("AC").play("TD")
    assert nxt.leader == Seat.A and nxt.check(play("AH")) is None


def test_claims_after_the_last_trick_and_the_result_tag() -> None:
    assert str(SECHSUNDSECHZIG.result_text(None)) == "*"
    pos = start("AC TC KC QC JC 9C", "AD TD KD QD JD 9D", "AH")
    assert CLAIM not in pos.legal_actions()


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", *args],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)


def test_solve_judges_a_sechsundsechzig_standoff(tmp_path: Path) -> None:
    """``solve`` on the study deal of a standoff: two tricks before the end the best play
    ends 65 to 65, worth 0 (6G4); any other answer loses 2."""
    src = str(ROOT / "records/study/sechsundsechzig-standoff.psn")
    r = _cli(tmp_path, "solve", src, "--step", "20", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d == {"value": 0, "actions": {"KD": 0, "AD": 2, "AH": 2}, "best": ["KD"]}
    r = _cli(tmp_path, "solve", src, "--step", "20")
    assert r.returncode == 0 and "(a standoff)" in r.stdout, r.stderr


def test_advise_closes_the_study_deal_worth_three(tmp_path: Path) -> None:
    """``advise`` at Bert's lead of the study deal where he exchanges the nine and
    closes: the advisor exchanges first (6X1), then closing wins 3 against every one of
    the 462 hands Anna may hold (Schwarz, 6C2)."""
    src = str(ROOT / "records/study/sechsundsechzig-closing-wins-3.psn")
    r = _cli(tmp_path, "advise", src, "--step", "6", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["verdict"] == "close" and d["exchanged"] is True
    assert d["close"]["hands"] == 462 and d["close"]["expected"] == 3.0
    assert d["close"]["plan"] is not None


def test_review_a_sechsundsechzig_deal(tmp_path: Path) -> None:
    """``review`` on a recorded Sechsundsechzig deal, by points and with the choices
    played out by strong players, and by equity: the chance to win the match to 7 from
    the Score tag's points (0-0: 7 to go each), read from Sechsundsechzig's table."""
    src = str(ROOT / "records/sechsundsechzig-heuristic-vs-heuristic.psn")
    r = _cli(tmp_path, "review", src, "--record", "1", "--samples", "2", "--played", "1",
             "--no-progress", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    standards = {x["standard"] for x in d["decisions"]}
    assert d["played"] == 1 and standards == {"clairvoyant", "played-out"}
    r = _cli(tmp_path, "review", src, "--record", "1", "--samples", "2", "--by", "points",
             "--no-progress")
    assert r.returncode == 0 and "accuracy" in r.stdout, r.stderr
    r = _cli(tmp_path, "review", src, "--record", "1", "--samples", "2", "--by", "equity",
             "--no-progress", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["bummerl"] == {"counters": {"A": 7, "B": 7}, "dealer": "B", "score": "0-0",
                            "table": "sechsundsechzig/heuristic"}
    judged = [x for x in d["decisions"] if "equity" in x]
    assert judged and all(0 <= x["equity"]["loss"] <= 1 for x in judged)


def test_the_words_know_the_nines() -> None:
    """A nine is printed ``9♥``, read back from print as ``9H``, and an opponent who did
    not beat a led nine holds none of the suit's other cards."""
    from schnapsen_lab import notation
    from schnapsen_lab.cards import mask_of

    assert notation.card_text(Card.NH) == "9♥"
    assert notation.psn_cards("A♠ 10♥ 9♣") == "AS TH 9C"
    hearts = mask_of([Card.AH, Card.TH, Card.KH, Card.QH, Card.JH])
    assert notation.inference_text("no_higher", "Bert", 2, hearts) == (
        "Bert did not beat 9♥: holds none of A♥ 10♥ K♥ Q♥ J♥")
