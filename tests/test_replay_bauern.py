"""The four-player replay: every step against the engine, knowledge facts apart from
inferences, called partners, ``replay --json`` and the readable replay.

The expected values are computed here from the engine's positions (the referee is
tested on its own in test_bauern_rules.py), never from the replay itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS, cards_in
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern import Position
from schnapsen_lab.replay import Replay

from .conftest import DATA, ROOT

STUDY = sorted((ROOT / "records" / "study").glob("bauern-*.psn"))
CASES = DATA / "conformance" / "bauern" / "valid.psn"
FOUR = [r for r in psn.read(CASES) if r.game.key == "bauern"]
FOUR24 = list(psn.read(DATA / "conformance" / "bauern24" / "valid.psn"))  # BN: 24 cards
ROW_KEYS = {"step", "action", "actor", "phase", "dealer", "forehand", "leader", "to_move",
            "trump", "turned", "called", "partner_known", "calls", "contract", "declarer",
            "spritze", "spritze_seat", "sides", "hands", "trick", "scores", "tricks", "pending",
            "known", "voids", "legal", "result"}


def names(mask: int) -> list[str]:
    return sorted(str(c) for c in cards_in(mask))


def engine_positions(rec: psn.Record) -> list[Position]:
    """The deal replayed on the engine directly, from the record's tags."""
    assert rec.deck is not None
    pos = Position.deal([int(c) for c in rec.deck], int(rec.dealer), rec.profile,
                        rec.tags.get("Cut") == "knock")
    out = [pos]
    for a in rec.actions:
        pos = pos.play(a)
        out.append(pos)
    return out


def study(name: str) -> psn.Record:
    (rec,) = psn.read(ROOT / "records" / "study" / name)
    return rec


@pytest.mark.parametrize("rec", [*(study(p.name) for p in STUDY), *FOUR, *FOUR24[::2]],
                         ids=lambda r: f"{Path(r.file or '').parent.name}/"
                                       f"{Path(r.file or '').name}:{r.index}")
def test_every_step_agrees_with_the_engine(rec: psn.Record) -> None:
    rp = Replay(rec)
    positions = engine_positions(rec)
    assert len(rp) == len(positions) == len(rec.actions) + 1
    for i, pos in enumerate(positions):
        row = rp.row(i)
        assert set(row) == ROW_KEYS
        where = f"step {i}"
        assert row["step"] == i
        assert row["action"] == (str(rec.actions[i - 1]) if i else None), where
        assert row["hands"] == {s: names(pos.hands[k]) for k, s in enumerate("NESW")}, where
        sides = pos.side_names
        assert row["sides"] == list(sides)
        assert row["scores"] == {sides[0]: pos.score(0), sides[1]: pos.score(1)}, where
        assert row["tricks"] == {sides[0]: pos.side_tricks(0), sides[1]: pos.side_tricks(1)}
        assert row["pending"] == {sides[0]: pos.pending(0), sides[1]: pos.pending(1)}
        assert row["trick"] == [str(CARDS[c]) for c in pos.table], where
        assert row["trump"] == (None if pos.trump_suit is None else str(pos.trump_suit))
        assert row["contract"] == (pos.contract.value if pos.contract else None)
        assert row["declarer"] == ("NESW"[pos.declarer] if pos.declarer >= 0 else None)
        assert row["spritze"] is pos.spritze_stands
        assert row["spritze_seat"] == ("NESW"[pos.spritze] if pos.spritze >= 0 else None)
        assert row["leader"] == "NESW"[pos.leader]
        assert row["to_move"] == (None if pos.to_move is None else str(pos.to_move))
        assert row["legal"] == sorted(str(a) for a in pos.legal_actions()), where
        if i == len(positions) - 1 and pos.outcome is not None:
            out = pos.outcome
            assert row["result"] == {"winner": out.winner, "game_points": out.game_points,
                                     "end": out.end.value}
        else:
            assert row["result"] is None
    # the scores and tricks of the last step are what check --json says
    d = rec.check_dict()
    last = rp.row(rp.last)
    assert last["scores"] == d["scores"] and last["tricks"] == d["tricks"]


@pytest.mark.parametrize("rec", [*FOUR[::3], *FOUR24[::3]],
                         ids=lambda r: f"{r.profile.name}:{r.index}")
def test_knowledge_facts_are_true_and_inferences_apart(rec: psn.Record) -> None:
    rp = Replay(rec)
    positions = engine_positions(rec)
    pack = rec.profile.pack
    for i, pos in enumerate(positions):
        played = {str(CARDS[c]) for c in pack.cards if pos.played >> c & 1}
        row = rp.row(i)
        for s, me in enumerate("NESW"):
            known = row["known"][me]
            mine = set(rp.viewer_row(i, s)["hands"][me])
            assert mine <= set(names(pos.hands[s]))  # the viewer's cards are its own
            # facts: every card another seat is known to hold is in that seat's hand
            for o, other in enumerate("NESW"):
                if o != s:
                    assert set(known[other]) <= set(names(pos.hands[o])), (i, me, other)
            parts = [set(known["unknown"]), mine, played,
                     *(set(known[o]) for o in "NESW" if o != me)]
            assert sum(len(p) for p in parts) == pack.size and set().union(*parts) == set(
                names(pack.mask)), (i, me)
        # inferences: a void is a suit the seat truly holds no card of, and never a fact
        for seat, suits in row["voids"].items():
            hand = names(pos.hands["NESW".index(seat)])
            assert not any(c[1] == s for c in hand for s in suits), (i, seat)
    # the other half of an announced marriage is a fact for the others
    for i, a in enumerate(rec.actions, 1):
        if str(a).endswith(("+20", "+40")):
            card = CARDS[a.card]
            other = str(CARDS[(card // 5) * 5 + (5 - card % 5)])
            seat = str(rp.actor(i))
            before = positions[i - 1]
            for viewer in "NESW":
                if viewer != seat and other in names(positions[i].hands["NESW".index(seat)]):
                    assert other in rp.row(i)["known"][viewer][seat], (i, viewer)
            assert str(card) in names(before.hands["NESW".index(seat)])


def test_the_turned_trump_card_is_known_until_played() -> None:
    rec = next(r for r in FOUR if r.actions and str(r.actions[0]) == "T:up")
    rp = Replay(rec)
    turned = rp.row(1)["turned"]
    fh = rp.row(0)["forehand"]
    assert turned is not None and turned in rp.row(1)["hands"][fh]
    played_at = next((i for i in range(1, len(rp)) if str(rp.action(i)) == turned
                      or str(rp.action(i)).startswith(turned + "+")), None)
    end = played_at if played_at is not None else len(rp)
    for i in range(1, end):
        for viewer in "NESW":
            if viewer != fh:
                assert turned in rp.row(i)["known"][viewer][fh], (i, viewer)
    assert rp.row(0)["turned"] is None


def test_a_called_partner_is_known_to_its_holder_then_to_all() -> None:
    rp = Replay(study("bauern-called-partner.psn"))
    shown = next(i for i in range(1, len(rp)) if str(rp.action(i)) == "AH")
    called = next(i for i in range(1, len(rp)) if str(rp.action(i)) == "P:AH")
    for i in range(len(rp)):
        row = rp.row(i)
        assert row["partner_known"] is (i >= shown)
        assert row["called"] == ("AH" if i >= called else None)
        for seat in range(4):
            v = rp.viewer_row(i, seat)
            knows = (i >= shown or (seat == 2 and i >= called)  # S holds the ace (BW2)
                     or (seat == 1 and i >= called and False))
            if seat == 1 and called <= i < shown:
                knows = False  # forehand called it but does not know who holds it
            assert (v["sides"] is not None) is knows, (i, "NESW"[seat])
            assert v["partner_known"] is knows
            assert v["counting"]["side_known"] is knows
            if knows and i >= called:
                assert set(v["sides"]) == {"ES", "NW"}
                assert v["scores"] == row["scores"]
    # from the ace on, East counts its side's score, as the table does
    end = rp.viewer_row(rp.last, 1)["counting"]
    assert end["my_score"] == rp.row(rp.last)["scores"]["ES"]
    assert end["other_score"] == rp.row(rp.last)["scores"]["NW"]


def test_counting_and_tricks_a_seat_may_look_at() -> None:
    rp = Replay(study("bauern-gang.psn"))
    # after the first trick, East may look at it until the next lead (BW1)
    first = rp.tricks(rp.last)[0]
    after = first.step
    shown = rp.visible_tricks(after, 1)
    assert [t.face_up for t in shown] == [True]
    assert [t.face_up for t in rp.visible_tricks(after + 1, 1)] == [False]
    assert all(t.face_up for t in rp.visible_tricks(rp.last, 1))  # the deal is over
    assert [str(c) for c in first.cards] == ["AC", "JC", "KH", "TS"]
    assert [int(s) for s in first.seats] == [2, 3, 0, 1] and first.points == 27
    c = rp.counting(after, 1)
    assert c.points == (0, 0, 27, 0) and c.tricks == (0, 0, 1, 0)
    voids = [i for i in rp.inferences(after, 1) if str(i.seat) == "N"]
    assert voids and voids[0].suit.name == "C" and voids[0].step == first.step - 1
    assert not any(str(i.seat) == "E" for i in rp.inferences(rp.last, 1))  # not about itself
    assert c.trumps_out == ()  # no trump in a Gang


# -- the command ----------------------------------------------------------------------------------

def test_replay_json_for_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "records" / "study" / "bauern-spritze.psn"
    assert main(["replay", str(path), "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    rp = Replay(study(path.name))
    assert rows == [json.loads(json.dumps(r)) for r in rp.rows()]
    assert rows[-1]["result"] == {"winner": "NS", "game_points": 6, "end": "claim"}
    assert rows[5]["spritze"] is True and rows[5]["action"] == "spritze"
    assert rows[5]["spritze_seat"] == "N"


def test_replay_json_spritze_is_whether_one_stands() -> None:
    """BAUERN.md Records: replay's `spritze` means check's: true exactly when a spritze
    stands (a lapsed one is false), on the last step of every conformance record."""
    expect = [json.loads(x) for x in
              (DATA / "conformance" / "bauern" / "valid.expect.jsonl").read_text().splitlines()]
    by_index = {e["index"]: e for e in expect}
    lapsed = 0
    for rec in FOUR:
        rp = Replay(rec)
        row = rp.row(rp.last)
        want = by_index[rec.index]["spritze"]
        assert row["spritze"] is want, rec.index
        lapsed += row["spritze_seat"] is not None and not want
    assert lapsed >= 2  # the revised cases have lapsed spritzes


def test_replay_json_from_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "records" / "study" / "bauern-called-partner.psn"
    assert main(["replay", str(path), "--json", "--view", "w"]) == 0
    rows: list[dict[str, Any]] = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert all(set(r["hands"]) == {"W"} and set(r["known"]) == {"W"} for r in rows)
    assert all(r["view"] == "W" and "counting" in r and "tricks_shown" in r for r in rows)
    # West has seen its first three cards until forehand has fixed trump and called
    assert rows[0]["hands"]["W"] == rows[1]["hands"]["W"] == sorted(["QC", "TS", "TH"])
    assert len(rows[2]["hands"]["W"]) == 5  # after the partner call: all five (BD2)
    assert all(r["legal"] == [] for r in rows if r["to_move"] != "W")


def test_the_readable_four_player_replay(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "records" / "study" / "bauern-bauernschnapser-trick-5.psn"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    rec = study(path.name)
    steps = [x for x in out if x[:4].strip().rstrip(".").isdigit()]
    assert len(steps) == len(rec.actions)
    assert out[0].startswith("Anna (N), Bert (E), Cilli (S), Dani (W); bauern rules")
    assert out[-1].startswith("result: NS (Anna, Cilli) win 12 game points by the "
                              "bauernschnapser of W broken (BK3)")
    assert main(["replay", str(path), "--view", "E"]) == 0
    seen = capsys.readouterr().out
    dealt = next(x for x in seen.splitlines() if x.startswith("as dealt"))
    assert "N, S, W face down" in dealt and "A♠" not in dealt  # W's ace is hidden


def test_a_two_player_seat_is_no_four_player_view(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "records" / "study" / "bauern-gang.psn"
    assert main(["replay", str(path), "--view", "A"]) == 2
    err = capsys.readouterr().err
    assert "whose seats are N E S W" in err and err.count("\n") == 1


def test_match_counters_in_the_replay() -> None:
    rec = next(r for r in FOUR if r.match is not None and r.deal == 2)
    rp = Replay(rec)
    assert rp.counters(0) == rec.counters_before
    assert rp.counters(rp.last) == rec.counters
    assert rp.side_names(rp.last) == tuple(rec.check_dict()["scores"])


def test_bauern2_infers_no_higher_card_from_a_lower_follow() -> None:
    """BZ3: no duty to beat once the talon is gone, so following lower shows nothing
    about the higher cards (a void still shows)."""
    lower = voids = 0
    for rec in list(psn.read(ROOT / "records" / "bauern2-heuristic-vs-random.psn"))[:150]:
        rp = Replay(rec)
        for t in rp.all_tricks:
            before = rp[t.step - 1]
            if not before.talon_open and t.follow.suit == t.lead.suit and t.follow > t.lead:
                lower += 1
        infs = rp.inferences(rp.last)
        assert all(i.kind == "void" for i in infs)
        voids += len(infs)
    assert lower > 10 and voids > 10


def test_a_void_covers_the_nine_with_24_cards_and_no_nine_with_20() -> None:
    """BN1: a seat that did not follow holds no card of the suit, its nine included; a
    20-card deal's inferences name no nine (the counting of ``replay --json``)."""
    seen24 = 0
    for rec in [*FOUR24, *FOUR]:
        rp = Replay(rec)
        for inf in rp.inferences(rp.last, None):
            if rec.profile.deck == 24:
                for suit in range(4):  # each suit excluded, its nine with it
                    if inf.excluded & (0x1F << 5 * suit):
                        assert inf.excluded >> (20 + suit) & 1, (rec.index, inf.text)
                        seen24 += 1
            else:
                assert not inf.excluded >> 20, (rec.index, inf.text)
    assert seen24 > 20


def test_the_readable_24_card_replay_and_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    rec = next(r for r in FOUR24 if r.tags.get("Cut") == "knock")
    path = Path(rec.file or "")
    assert main(["replay", str(path), "--record", str(rec.index)]) == 0
    text = capsys.readouterr().out
    assert "bauern24" in text and "knock" in text and "9" in text
    assert main(["replay", str(path), "--record", str(rec.index), "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [len(h) for h in rows[0]["hands"].values()] == [6, 6, 6, 6]
    assert all(len(r["hands"]["N"]) <= 6 for r in rows)
    first = rows[0]["known"]["N"]
    assert len(first["unknown"]) == 24 - 6
