"""The recorder: a deal entered from a real table becomes a valid PSN record."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS, Card, cards_in
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    STRICT,
    ActionKind,
    IllegalAction,
    Seat,
    parse_action,
)
from schnapsen_lab.random_deals import random_record
from schnapsen_lab.recorder import (
    Draw,
    Entry,
    Recorder,
    RecorderError,
    parse_entry,
    record_deal,
)


def table_entries(rec: psn.Record, *, skip_draw_before_claim: bool = False) -> list[Entry]:
    """What a player at the table enters for a deal: its actions and, after each trick
    while the talon is open, the card each player drew."""
    positions = rec.positions()
    out: list[Entry] = []
    acts = rec.actions
    for i, a in enumerate(acts):
        before, after = positions[i], positions[i + 1]
        out.append(a)
        if a.kind is ActionKind.PLAY and before.lead >= 0 and before.talon_open:
            if skip_draw_before_claim and i + 1 < len(acts) and acts[i + 1] == CLAIM:
                continue
            da = cards_in(after.hands[0] & ~before.hands[0])
            db = cards_in(after.hands[1] & ~before.hands[1])
            out.append(Draw(da[0], db[0]))
    return out


def _first_hands(rec: psn.Record) -> tuple[list[Card], list[Card], Card]:
    p0 = rec.start()
    return p0.hand(Seat.A), p0.hand(Seat.B), CARDS[p0.deck[6]]


@pytest.mark.parametrize("profile_name", ["soft", "strict"])
def test_rebuilds_random_deals(profile_name: str) -> None:
    from schnapsen_lab.games.twohand.rules import PROFILES

    profile = PROFILES[profile_name]
    rng = random.Random(11)
    for i in range(150):
        orig = random_record(rng, profile, Seat(rng.randrange(2)))
        ha, hb, ind = _first_hands(orig)
        skip = i % 2 == 1
        entries = table_entries(orig, skip_draw_before_claim=skip)
        rec = record_deal(orig.dealer, ha, hb, ind, entries, profile=profile,
                          tags={"PlayerA": "Anna", "PlayerB": "Bert"})
        assert rec.ok and rec.outcome == orig.outcome
        assert [str(a) for a in rec.actions] == [str(a) for a in orig.actions]
        start = rec.start()
        assert start.hand(Seat.A) == ha and start.hand(Seat.B) == hb
        # The written record reads back to the same deal and result.
        (back,) = psn.loads(psn.dumps([rec]))
        assert back.ok and back.outcome == orig.outcome
        assert back.tags["PlayerA"] == "Anna" and back.tags["Result"] == orig.result_text
        # Every card a player drew is where the rebuilt deck says (but a draw left out
        # right before a claim).
        pairs = list(zip(orig.positions(), rec.positions(), strict=True))
        if skip and orig.actions and orig.actions[-1] == CLAIM:
            pairs = pairs[:-2]
        for p_orig, p_new in pairs:
            assert p_orig.hands == p_new.hands


def test_text_entries_and_the_recorder_object() -> None:
    rng = random.Random(3)
    orig = random_record(rng)
    ha, hb, ind = _first_hands(orig)
    entries = table_entries(orig)
    text = " ".join(str(e) for e in entries)  # draws are written "A:QS B:TH"
    rec = record_deal(orig.dealer.name, " ".join(map(str, ha)), " ".join(map(str, hb)),
                      str(ind), text)
    assert rec.outcome == orig.outcome
    r = Recorder(orig.dealer, ha, hb, ind)
    for e in entries[:6]:
        r.enter(str(e))
    assert r.entries == entries[:6]
    assert r.undo() == entries[5]
    assert r.entries == entries[:5]
    assert r.record().result_text == "*"


def test_parse_entry() -> None:
    assert parse_entry("A:QS B:th") == Draw(Card.QS, Card.TH)
    assert parse_entry("kh+20") == parse_action("KH+20")
    with pytest.raises(RecorderError) as e:
        parse_entry("A:QS")
    assert e.value.rule == "PSN"
    with pytest.raises(RecorderError, match="not an action"):
        parse_entry("ZZ")


# A deal to reject entries against: B deals, so A is forehand and leads.
HA, HB, IND = "AD KS QS TH TD", "AC KC AH JD KH", "JS"


def _reject(entries: list[str], rule: str, words: str) -> RecorderError:
    with pytest.raises(RecorderError) as e:
        record_deal("B", HA, HB, IND, entries)
    err = e.value
    assert isinstance(err, IllegalAction)
    assert err.rule == rule, str(err)
    assert words in str(err), str(err)
    return err


def test_rejects_a_card_twice_in_the_deal() -> None:
    with pytest.raises(RecorderError) as e:
        Recorder("B", HA, "AC KC AH JD TH", IND)
    assert e.value.rule == "S3" and "10♥" in str(e.value) and "twice" in str(e.value)
    with pytest.raises(RecorderError, match="S3: A's hand holds 5 cards"):
        Recorder("B", "AD KS QS TH", HB, IND)
    with pytest.raises(RecorderError, match="indicator"):
        Recorder("B", HA, HB, "AD")


def test_rejects_impossible_entries() -> None:
    # A leads AD, B plays KH (not a diamond, not a trump): AD wins (T1), A draws first.
    # the refusals write the cards as printed (K♥, 10♥), never PSN's tokens
    _reject(["AD", "KH", "A:KH B:QD"], "S3", "K♥ was already in B's first hand")
    _reject(["AD", "KH", "A:QD B:QD"], "S3", "a card twice")
    _reject(["AD", "KH", "A:JS B:QD"], "T2", "indicator")
    _reject(["AD", "KH", "A:KD B:QD", "A:QC B:JC"], "T2", "no draw now (A:Q♣ B:J♣)")
    _reject(["AD", "KH", "QS"], "T2", "first enter the cards drawn")
    _reject(["AD", "QS"], "H1", "action 2 (Q♠): Q♠ is not in B's hand")
    _reject(["AD", "KH", "A:JS B:QD"], "T2", "the indicator J♠ is taken only")
    _reject(["KS+20"], "M1", "counts 40")
    _reject(["66"], "E2", "claim")
    err = _reject(["AD", "KH", "A:KD B:QD", "A:QC"], "PSN", "entry 4")
    assert "A:QS B:TH" in str(err)


def test_rejects_an_illegal_follow_when_closed() -> None:
    # A closes at once and leads TD; B holds JD: F2 forces the diamond.
    err = _reject(["C", "TD", "AC"], "F2", "does not follow suit")
    assert "entry 3" in str(err)
    assert [str(a) for a in err.legal] == ["JD"]


def test_last_draw_and_the_claim_without_a_draw() -> None:
    rng = random.Random(5)
    while True:
        orig = random_record(rng)
        if orig.final is not None and orig.final.exhausted and orig.final.closed_by < 0:
            break
    ha, hb, ind = _first_hands(orig)
    entries = table_entries(orig)
    # The loser's card on the last draw (the indicator) may be left out.
    draws = [i for i, e in enumerate(entries) if isinstance(e, Draw)]
    assert len(draws) == 5
    last = draws[-1]
    trick_winner = orig.positions()[sum(1 for e in entries[:last] if not isinstance(e, Draw))]
    assert trick_winner.last_trick is not None
    w = Seat(trick_winner.last_trick[2])
    full = entries[last]
    assert isinstance(full, Draw)
    entries[last] = Draw(**{w.name.lower(): full.of(w)})
    rec = record_deal(orig.dealer, ha, hb, ind, entries)
    assert rec.outcome == orig.outcome
    assert rec.deck is not None and orig.deck is not None
    assert rec.deck[11:] == orig.deck[11:]  # the whole talon was drawn: it is known


def test_strict_profile_is_checked() -> None:
    # In strict a marriage is led with the king (M1).
    with pytest.raises(RecorderError) as e:
        record_deal("B", HA, HB, IND, ["QS+40"], profile=STRICT)
    assert e.value.rule == "M1"


# -- the widget -----------------------------------------------------------------------------

def test_widget_records_a_deal_by_clicking(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from schnapsen_lab.widgets.recorder import RecorderWidget, _label

    rng = random.Random(8)
    for _ in range(6):
        orig = random_record(rng, dealer=Seat(rng.randrange(2)))
        ha, hb, ind = _first_hands(orig)
        w = RecorderWidget(names=("Anna", "Bert"))
        w.dealer_picker.value = orig.dealer.name
        assert w.start_button.disabled
        for part, cards in (("A", ha), ("B", hb), ("I", [ind])):
            w.target_picker.value = part  # the part being entered is chosen, never guessed
            for c in cards:
                w.deck_row.click(c)
        assert not w.start_button.disabled
        w.start_button.click()
        assert w.recorder is not None
        for e in table_entries(orig):
            r = w.recorder
            if isinstance(e, Draw):
                order = r.draw_order()
                assert order is not None
                win, lose = order
                # only cards nobody has seen are offered; undrawn cards lie face down
                assert set(w.cards_row.pickable) <= set(r.unseen())
                assert not set(w.cards_row.pickable) & r.seen
                pos = r.position
                undrawn = [c for s in Seat for c in pos.hand(s) if c not in r.seen]
                assert undrawn, "the placeholder cards of the draw due are in the hands"
                shown = w.position_html.value
                for c in undrawn:
                    assert f'data-card="{c.name}"' not in shown
                w.cards_row.click(e.of(win))
                if r.draw_due:
                    w.cards_row.click(e.of(lose))
                assert not r.draw_due, w.message
            elif e.kind is ActionKind.PLAY:
                legal = {a.card for a in r.legal_actions() if a.kind is ActionKind.PLAY}
                assert w.cards_row.pickable == legal  # only legal cards are offered
                w.cards_row.click(e.card)
            else:
                (b,) = [b for b in w.actions_box.children if b.description == _label(e)]
                b.click()
        rec = w.record()
        assert rec is not None and rec.outcome == orig.outcome
    # An illegal card is not offered, so a click on it changes nothing.
    n = len(w.recorder.entries) if w.recorder else 0
    w.cards_row.click(Card.AC)
    assert (len(w.recorder.entries) if w.recorder else 0) == n
    path = tmp_path / "table.psn"
    w.path.value = str(path)
    w.save_button.click()
    (back,) = list(psn.read(path))
    assert back.ok and back.outcome == orig.outcome
    assert back.tags["PlayerA"] == "Anna"
    assert "saved" in w.message_html.value


def test_widget_shows_why_an_entry_is_refused() -> None:
    pytest.importorskip("anywidget")
    from schnapsen_lab.widgets.recorder import RecorderWidget

    w = RecorderWidget()
    w.set_deal("B", HA, "AC KC AH JD TH", IND)
    assert not w.start()
    assert "S3" in w.message_html.value and "10♥" in w.message_html.value
    w.set_deal("B", HA, HB, IND)
    assert w.start()
    assert w.enter("AD") and w.enter("KH")
    assert not w.enter("QS")
    assert "T2" in w.message_html.value
    assert w.enter("A:KD B:QD")
    assert "KD" in w.psn_html.value


def _setup_widget() -> object:
    pytest.importorskip("anywidget")
    from schnapsen_lab.widgets.recorder import RecorderWidget

    return RecorderWidget(names=("Anna", "Bert"))


def test_widget_setup_never_spills_into_the_next_part() -> None:
    w: Any = _setup_widget()
    for c in "AD KS QS TH TD".split():
        w.deck_row.click(Card.parse(c))
    assert [str(c) for c in w.chosen["A"]] == "AD KS QS TH TD".split()
    assert w.target == "A" and "is complete" in w.setup_html.value
    w.deck_row.click(Card.AC)  # a sixth card for A: refused, not put into B's hand
    assert w.chosen["B"] == [] and Card.AC not in w.chosen["A"]
    assert "already holds 5 cards" in w.message_html.value
    w.target_picker.value = "B"
    assert "Now entering <b>Bert (B): hand</b>" in w.setup_html.value
    for c in "AC KC AH JD KH".split():
        w.deck_row.click(Card.parse(c))
    w.deck_row.click(Card.JS)  # a sixth card for B: not the indicator
    assert w.chosen["I"] == [] and w.start_button.disabled
    w.target_picker.value = "I"
    w.deck_row.click(Card.JS)
    assert not w.start_button.disabled and "All three parts" in w.setup_html.value
    assert w.start()
    assert [str(c) for c in w.recorder.hands[1]] == "AC KC AH JD KH".split()


def test_widget_setup_takes_an_entered_card_back() -> None:
    w: Any = _setup_widget()
    for c in (Card.AD, Card.KS, Card.QS):
        w.deck_row.click(c)
    assert Card.KS in w.part_rows["A"].pickable  # the entered cards can be clicked
    w.part_rows["A"].click(Card.KS)  # a click on an entered card takes it back
    assert w.chosen["A"] == [Card.AD, Card.QS] and "K♠ taken back" in w.message_html.value
    w.deck_row.click(Card.QS)  # greyed in the deck: clicking it there takes it back too
    assert w.chosen["A"] == [Card.AD]
    assert Card.KS in w.deck_row.pickable and Card.AD not in w.deck_row.pickable


# -- Sechsundsechzig: six cards a hand, 24 cards, the nine exchanged --------------------------

SIXTY_SIX = Path(__file__).parent.parent / "records" / "sechsundsechzig-heuristic-vs-random.psn"


def _sixty_six(n: int) -> list[psn.Record]:
    """Deals of the bundled Sechsundsechzig records: the first ``n``, and the first with
    an exchange of the nine, with a closing, and one played to the last trick."""
    recs = list(psn.read(SIXTY_SIX))
    out = recs[:n]
    for want in ("X", "C"):
        out.append(next(r for r in recs if want in [str(a) for a in r.actions]))
    out.append(next(r for r in recs if r.final is not None and r.final.exhausted
                    and r.final.closed_by < 0))
    return out


def _deal_of(rec: psn.Record) -> tuple[list[Card], list[Card], Card]:
    """Both first hands and the indicator, wherever the record's deal lays them."""
    p0 = rec.start()
    return p0.hand(Seat.A), p0.hand(Seat.B), CARDS[p0.indicator]


def test_records_a_sechsundsechzig_deal_that_check_accepts(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE

    made = []
    for orig in _sixty_six(40):
        ha, hb, ind = _deal_of(orig)
        assert len(ha) == len(hb) == 6
        rec = record_deal(orig.dealer, ha, hb, ind, table_entries(orig),
                          profile=SECHSUNDSECHZIG_PROFILE)
        assert rec.ok and rec.outcome == orig.outcome
        assert [str(a) for a in rec.actions] == [str(a) for a in orig.actions]
        assert rec.game is orig.game and rec.deck is not None and len(rec.deck) == 24
        made.append(rec)
    path = tmp_path / "table.psn"
    path.write_text(psn.dumps(made), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    done = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", "check", str(path)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # a Schnapsen hand of five, or a nine in Schnapsen, is refused with its reason
    with pytest.raises(RecorderError, match="S3: A's hand holds 6 cards"):
        Recorder("B", HA, HB, IND, profile=SECHSUNDSECHZIG_PROFILE)
    with pytest.raises(RecorderError, match=r"S3: 9♠ is not in the pack of 20 cards"):
        Recorder("B", "AD KS QS TH 9S", HB, IND)


def test_widget_records_a_sechsundsechzig_deal_by_clicking() -> None:
    pytest.importorskip("anywidget")
    from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE
    from schnapsen_lab.widgets.recorder import RecorderWidget, _label

    for orig in _sixty_six(3):
        ha, hb, ind = _deal_of(orig)
        w = RecorderWidget(names=("Anna", "Bert"))
        w.profile_picker.value = "sechsundsechzig"
        w.dealer_picker.value = orig.dealer.name
        assert len(w.deck_row.pickable) == 24  # the nines are offered
        for part, cards in (("A", ha), ("B", hb), ("I", [ind])):
            w.target_picker.value = part
            for c in cards:
                w.deck_row.click(c)
        assert [len(w.chosen[p]) for p in "ABI"] == [6, 6, 1], w.message_html.value
        assert w.start(), w.message_html.value
        for e in table_entries(orig):
            r = w.recorder
            assert r is not None
            if isinstance(e, Draw):
                win, lose = r.draw_order() or (Seat.A, Seat.B)
                w.cards_row.click(e.of(win))
                if r.draw_due:
                    w.cards_row.click(e.of(lose))
                assert not r.draw_due, w.message_html.value
            elif e.kind is ActionKind.PLAY:
                w.cards_row.click(e.card)
            else:
                labels = [b.description for b in w.actions_box.children]
                if e.kind is ActionKind.EXCHANGE:  # 6X1: the trump nine, not the jack
                    assert "exchange nine (X)" in labels and "exchange jack (X)" not in labels
                (b,) = [b for b in w.actions_box.children
                        if b.description == _label(e, SECHSUNDSECHZIG_PROFILE)]
                b.click()
        rec = w.record()
        assert rec is not None and rec.ok and rec.outcome == orig.outcome
        assert [str(a) for a in rec.actions] == [str(a) for a in orig.actions]
