"""The replay model: conformance rows step by step, knowledge, counting, K1, the replay CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import PACK20, Card, Suit, cards_in, parse_cards
from schnapsen_lab.cli import main
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import SOFT, STRICT, Seat
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay, match_groups

from .conftest import DATA, build_deck

CONF = DATA / "conformance"
REPLAY_PSN = CONF / "replay.psn"
REPLAY_EXPECT = CONF / "replay.expect.jsonl"
SETS = ("hands", "legal", "known")


def _norm(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in v.items()}
    if isinstance(v, list):
        return sorted(v)
    return v


def _expected() -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for line in REPLAY_EXPECT.read_text(encoding="utf-8").splitlines():
        if line.strip():
            e = json.loads(line)
            out.setdefault(e["record"], []).append(e)
    return out


EXPECTED = _expected()
RECORDS = psn.loads(REPLAY_PSN.read_text(encoding="utf-8"))


def _compare(got: dict[str, Any], want: dict[str, Any], where: str) -> None:
    for key, wv in want.items():
        if key == "record":
            continue
        assert key in got, f"{where}: field {key} missing"
        gv = got[key]
        if key in SETS:
            gv, wv = _norm(gv), _norm(wv)
        assert gv == wv, f"{where} ({want['action']}): {key} = {gv!r}, want {wv!r}"


# -- conformance ---------------------------------------------------------------------------

def test_conformance_data_is_complete() -> None:
    assert len(RECORDS) == len(EXPECTED) == 8
    assert sum(len(v) for v in EXPECTED.values()) == 101


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_conformance_rows_field_by_field(number: int) -> None:
    rp = Replay(RECORDS[number - 1])
    want = EXPECTED[number]
    assert len(rp) == len(want)
    for step, w in enumerate(want):
        assert w["step"] == step
        _compare(rp.row(step), w, f"record {number} step {step}")


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_conformance_through_the_cli(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(REPLAY_PSN), "--record", str(number), "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    want = EXPECTED[number]
    assert [r["step"] for r in rows] == list(range(len(want)))
    for got, w in zip(rows, want, strict=True):
        _compare(got, w, f"record {number} step {w['step']}")


def test_rows_fit_the_contract_in_general() -> None:
    """On every conformance step: the sets partition the cards as REPLAY.md says."""
    for rec in RECORDS:
        rp = Replay(rec)
        for step in range(len(rp)):
            row = rp.row(step)
            assert row["result"] is None or step == rp.last
            for me, opp in (("A", "B"), ("B", "A")):
                k = row["known"][me]
                mine = set(row["hands"][me])
                assert not mine & set(k["opponent"]) and not mine & set(k["unknown"])
                assert set(k["opponent"]) <= set(row["hands"][opp])
                hidden = set(row["hands"][opp]) - set(k["opponent"])
                assert hidden <= set(k["unknown"])


# -- cursor, tricks, marriages -------------------------------------------------------------

def test_cursor_moves_and_clamps() -> None:
    rp = Replay(RECORDS[1])
    assert rp.step == 0 and rp.position is rp[0]
    rp.forward()
    rp.forward()
    assert rp.step == 2
    rp.back()
    assert rp.step == 1
    rp.end()
    assert rp.step == rp.last == len(RECORDS[1].main.moves)
    rp.forward()
    assert rp.step == rp.last
    rp.first()
    rp.back()
    assert rp.step == 0
    assert rp.go(999) is rp[rp.last] and rp.go(-5) is rp[0]


def test_positions_equal_the_engine() -> None:
    rec = RECORDS[2]
    rp = Replay(rec)
    for a, b in zip(rp.positions, rec.positions(), strict=True):
        assert a.hands == b.hands and a.scores == b.scores and a.outcome == b.outcome


def test_tricks_and_marriages_are_tracked() -> None:
    rp = Replay(RECORDS[2])  # 1. QH QS 2. AC TC 3. KS QD 4. KC+20 JH ...
    tricks = rp.all_tricks
    assert [str(t.lead) + str(t.follow) for t in tricks[:4]] == ["QHQS", "ACTC", "KSQD", "KCJH"]
    assert tricks[0].winner == Seat.B and tricks[0].points == 6 and tricks[0].step == 2
    assert tricks[3].marriage == 20
    assert sum(t.points for t in tricks if t.winner == Seat.A) == rp[rp.last].trick_points[0]
    assert rp.tricks(1) == [] and rp.tricks(2) == tricks[:1]
    (m,) = rp.marriages(rp.last)
    assert m.seat == Seat.A and m.suit == Suit.C and m.points == 20
    assert m.effective_at(m.step)  # A had already won a trick


def test_actor_and_row_actor_after_a_marriage_lead() -> None:
    """The model names who played; the JSON row follows the contract's data (the claimant)."""
    rp = Replay(RECORDS[6])  # dealer A: 1. KD+20 JC 66
    assert rp.actor(1) == Seat.B and rp.actor(2) == Seat.A and rp.actor(3) == Seat.B
    assert rp.row(2)["actor"] == "B"


# -- knowledge and counting ----------------------------------------------------------------

def _closed_deal() -> Record:
    # A (forehand) holds all the hearts but the jack, and the spade ace and ten;
    # B holds the diamonds and JS. Trump clubs (AC turned up). A closes at once.
    deck = build_deck("AH TH KH AS TS", "AD TD KD QD JS", "AC")
    return Record.from_actions(deck, ["C", "AH", "QD", "TS", "JS", "TH", "KD"],
                               dealer=Seat.B, profile=SOFT)


def test_knowledge_matches_the_view_function() -> None:
    rp = Replay(_closed_deal())
    for step in range(len(rp)):
        for s in (Seat.A, Seat.B):
            assert rp.knowledge(step, s) == view(rp[step], s)


def test_counting_is_built_on_the_knowledge_sets() -> None:
    rp = Replay(RECORDS[4])
    for step in range(len(rp)):
        for s in (Seat.A, Seat.B):
            c = rp.counting(step, s)
            v = rp.knowledge(step, s)
            unknown = [x for cs in c.unknown_by_suit.values() for x in cs]
            assert sorted(unknown) == v.unknown_cards
            assert all(x.suit == suit for suit, cs in c.unknown_by_suit.items() for x in cs)
            assert c.points_out == sum(x.points for x in cards_in(v.opponent | v.unknown))
            trump = Suit(rp[step].trump)
            assert all(x.suit == trump for x in c.trumps_out)
            assert not set(c.trumps_out) & set(v.hand_cards)
            assert c.scores == rp[step].scores and c.opponent == s.other


def test_marriage_partner_is_known_to_the_opponent() -> None:
    rp = Replay(RECORDS[2])  # step 7: A leads KC+20; QC stays in A's hand
    c = rp.counting(7, Seat.B)
    assert Card.QC in c.opponent_known
    assert Card.QC not in c.unknown_by_suit[Suit.C]
    assert Card.QC not in rp.counting(7, Seat.A).opponent_known


def test_inferences_from_failing_to_follow_are_kept_apart() -> None:
    rp = Replay(_closed_deal())
    # step 3: B did not follow AH and did not trump: void in hearts and clubs.
    assert rp.inferences(2, Seat.A) == []
    (inf,) = rp.inferences(3, Seat.A)
    assert inf.seat == Seat.B and inf.kind == "void" and inf.suit == Suit.H
    assert set(inf.excluded_cards) == {c for c in PACK20.cards if c.suit in (Suit.H, Suit.C)}
    c = rp.counting(3, Seat.A)
    assert c.inferences == (inf,)
    # facts untouched: the unknown set still holds the hearts and clubs A cannot see
    assert Card.JH in c.unknown_by_suit[Suit.H]
    # ...but the inference puts them in the closed talon
    assert set(c.inferred_talon) == {Card.QH, Card.JH, Card.TC, Card.KC, Card.QC, Card.JC}
    # B sees no inference about A (A followed suit), nor about itself
    assert rp.inferences(3, Seat.B) == []
    # step 5: B followed TS with JS while AS was out: B holds no card above TS
    kinds = [(i.kind, i.suit) for i in rp.inferences(5, Seat.A)]
    assert ("no_higher", Suit.S) in kinds
    assert rp.inferences(rp.last, None) == rp.inferences(rp.last, Seat.A)


def test_no_inference_while_the_talon_is_open() -> None:
    deck = build_deck("AH TH KH AS TS", "AD TD KD QD JS", "AC")
    rp = Replay(Record.from_actions(deck, ["AH", "QD"], dealer=Seat.B))
    assert rp.inferences(2, Seat.A) == []


# -- K1: which won tricks a player may look through ----------------------------------------

def _two_tricks(profile: Any) -> Replay:
    deck = build_deck("AH TH KH AS TS", "AD TD KD KS JS", "AC")
    # A wins trick 1 (AH JS), then leads TH; B wins nothing yet.
    return Replay(Record.from_actions(deck, ["AH", "JS", "TH", "KD", "KH"],
                                      dealer=Seat.B, profile=profile))


def test_k1_soft_own_tricks_and_opponents_last_until_next_lead() -> None:
    rp = _two_tricks(SOFT)
    up = {s: [ts.face_up for ts in rp.visible_tricks(2, s)] for s in Seat}
    assert up == {Seat.A: [True], Seat.B: [True]}  # B may look at A's last trick
    up = {s: [ts.face_up for ts in rp.visible_tricks(3, s)] for s in Seat}
    assert up == {Seat.A: [True], Seat.B: [False]}  # after the next lead: only A's own
    assert all(ts.face_up for ts in rp.visible_tricks(3, None))


def test_k1_strict_only_the_last_trick_until_next_lead() -> None:
    rp = _two_tricks(STRICT)
    assert [ts.face_up for ts in rp.visible_tricks(2, Seat.A)] == [True]
    assert [ts.face_up for ts in rp.visible_tricks(3, Seat.A)] == [False]
    assert [ts.face_up for ts in rp.visible_tricks(4, Seat.A)] == [False, True]
    assert [ts.face_up for ts in rp.visible_tricks(4, Seat.B)] == [False, True]


def test_viewer_row_hides_the_other_hand() -> None:
    rp = Replay(RECORDS[0])
    r = rp.viewer_row(3, Seat.B)
    assert set(r["hands"]) == {"B"} and set(r["known"]) == {"B"}
    assert r["counting"]["viewer"] == "B"
    assert all(t["cards"] is None or len(t["cards"]) == 2 for t in r["tricks_shown"])


# -- matches -------------------------------------------------------------------------------

def _match_text() -> str:
    deck = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"
    out = []
    for i in range(3):
        out.append(f'[Match "m1"]\n[Deck "{deck}"]\n\n1. AD KH 2. X TH AH 3. JD KD\n'
                   f"4. KS+40 KC 66\n" if i < 2 else f'[Match "m1"]\n[Deck "{deck}"]\n\n')
    return "\n".join(out)


def test_match_groups_and_counters() -> None:
    recs = psn.loads(_match_text())
    assert all(r.ok for r in recs), [r.errors for r in recs]
    (group,) = match_groups(recs)
    assert group == recs
    rp = Replay(recs[1])
    assert rp.counters(0) == recs[1].counters_before
    assert rp.counters(rp.last) == recs[1].counters
    assert Replay(RECORDS[0]).counters(0) is None
    assert len(match_groups(RECORDS)) == len(RECORDS)


# -- the CLI -------------------------------------------------------------------------------

def test_readable_replay(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(REPLAY_PSN), "--record", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    rp = Replay(RECORDS[2])
    steps = [x for x in out if x[:4].strip().rstrip(".").isdigit()]
    assert len(steps) == rp.last
    assert any("♣" in x for x in out) and "as dealt" in out[1]
    assert out[-1].startswith("result: B") or out[-1].startswith("result: A")
    fin = rp[rp.last]
    assert f"scores {fin.score(0)}-{fin.score(1)}" in out[-1]


def test_readable_view_hides_the_other_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(REPLAY_PSN), "--record", "1", "--view", "A"]) == 0
    out = capsys.readouterr().out
    assert "B 5 cards face down" in out
    hand_b = Replay(RECORDS[0])[0].hand(Seat.B)
    dealt = next(x for x in out.splitlines() if x.startswith("as dealt"))
    assert not any(c.symbol in dealt for c in hand_b)


def test_view_json_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(REPLAY_PSN), "--record", "2", "--json", "--view", "b"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(EXPECTED[2])
    assert all(set(r["hands"]) == {"B"} and r["view"] == "B" for r in rows)


@pytest.mark.parametrize("args,needle", [
    (["nope.psn"], "no such file"),
    (["{data}", "--record", "99"], "no record 99"),
    (["{data}", "--record", "0"], "numbered from 1"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], needle: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["replay", *[str(tmp_path / a) if a == "nope.psn" else
                        (str(REPLAY_PSN) if a == "{data}" else a) for a in args]]
    assert main(argv) == 2
    cap = capsys.readouterr()
    err = cap.err.strip().splitlines()
    assert len(err) == 1 and needle in err[0] and "Traceback" not in cap.err
    assert cap.out == ""


def test_record_without_deck_is_exit_2(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "x.psn"
    f.write_text('[Event "no deck"]\n\n1. AH TH\n', encoding="utf-8")
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Deck" in err[0]


def test_record_with_an_error_replays_up_to_it(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    deck = " ".join(str(c) for c in build_deck("AH TH KH AS TS", "AD TD KD QD JS", "AC"))
    f = tmp_path / "x.psn"
    f.write_text(f'[Deck "{deck}"]\n\n1. AH QD 2. QD\n', encoding="utf-8")
    assert main(["replay", str(f), "--json"]) == 1
    cap = capsys.readouterr()
    rows = [json.loads(x) for x in cap.out.splitlines()]
    assert [r["action"] for r in rows] == [None, "AH", "QD"]
    err = cap.err.strip().splitlines()
    assert len(err) == 1 and "H1" in err[0]


def test_parse_cards_helper_roundtrip() -> None:
    # the deck builder used above deals what it says
    deck = build_deck("AH TH KH AS TS", "AD TD KD QD JS", "AC")
    rp = Replay(Record.from_actions(deck, []))
    assert rp[0].hand(Seat.A) == sorted(parse_cards("AH TH KH AS TS"))


def test_unfinished_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = build_deck("AH TH KH AS TS", "AD TD KD QD JS", "AC")
    rec = Record.from_actions(deck, ["AH", "QD"])
    rp = Replay(rec)
    assert not rp.is_finished and all(r["result"] is None for r in rp.rows())
    assert rp.row(rp.last)["to_move"] == "A" and rp.counters(rp.last) is None
    f = tmp_path / "open.psn"
    f.write_text(psn.dumps([rec]), encoding="utf-8")
    assert main(["replay", str(f)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("unfinished after 2 actions")
