"""Four-player records and the bauern2 profile through the one PSN reader and writer.

BAUERN.md "Records": the reader finds a record's game from its tags and talks to the
game protocol only; the writer writes either game canonically and compactly; both
round trip; errors carry line, column and rule id; a file may mix the games.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern import (
    BAUERN,
    BAUERN24,
    BAUERN24_CALLED,
    BAUERN_CALLED,
    BAUERN_HEAD,
    Position,
    Profile,
)
from schnapsen_lab.games.bauern import Seat as Seat4
from schnapsen_lab.games.bauern import parse_action as parse4
from schnapsen_lab.games.twohand.rules import BAUERN2, SOFT
from schnapsen_lab.random_deals import random_game_record

from .conftest import DATA, ROOT

CASES = DATA / "conformance" / "bauern"
STUDY = sorted((ROOT / "records" / "study").glob("bauern-*.psn"))
TWO = ('[PlayerA "Anna"]\n[PlayerB "Bert"]\n'
       '[Deck "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"]\n\n'
       "1. AD KH 2. X TH AH 3. JD KD 4. KS+40 KC\n")

DECK = "AS AH KC QH AC KS QD JC JS JH AD QC KH TH QS JD KD TD TS TC"
HEAD = ('[Variant "bauern"]\n[North "Anna"]\n[East "Bert"]\n[South "Cilli"]\n'
        f'[West "Dani"]\n[Dealer "E"]\n[Deck "{DECK}"]\n')
MOVES = "T:up weiter weiter weiter weiter 1. KC AC JC TC 2. QS+20 JS TS AS 3. AH QH KD JH"


def four(moves: str = MOVES, head: str = HEAD) -> psn.Record:
    (rec,) = psn.loads(head + "\n" + moves + "\n")
    return rec


def test_a_four_player_record_is_read_as_its_game() -> None:
    rec = four()
    assert rec.ok, rec.errors
    assert rec.game.key == "bauern" and rec.seats == ("N", "E", "S", "W")
    assert rec.player_names == ("Anna", "Bert", "Cilli", "Dani")
    assert rec.dealer is Seat4.E and rec.profile is BAUERN
    assert [str(a) for a in rec.actions][:6] == ["T:up", "weiter", "weiter", "weiter",
                                                 "weiter", "KC"]
    assert [m.number for m in rec.moves if m.number] == [1, 2, 3]
    # the same deal played on the engine directly
    pos = Position.deal(DECK.split(), Seat4.E)
    for a in rec.actions:
        pos = pos.play(a)
    assert rec.final.scores == pos.scores and rec.outcome is None
    assert rec.result_text == "*"


@pytest.mark.parametrize("path", STUDY, ids=lambda p: p.name)
def test_the_study_deals_round_trip_both_ways(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    (rec,) = psn.loads(text)
    assert rec.ok and rec.game.key == "bauern"
    assert psn.dumps([rec]) == text  # canonical in, the same text out
    compact = psn.dumps([rec], compact=True)
    assert compact.count("\n") == 1
    (again,) = psn.loads(compact)
    assert again == rec and psn.dumps([again]) == text  # and back from the compact form


def test_random_four_player_records_round_trip() -> None:
    rng = random.Random(5)
    profiles: tuple[Profile, ...] = (BAUERN, BAUERN_CALLED, BAUERN_HEAD)
    for k in range(300):
        tags = {"Cut": "knock"} if k % 6 == 0 else {}
        rec = random_game_record(rng, profiles[k % 3], tags=tags, annotate=k % 2 == 0,
                                 stop=0.1 if k % 5 == 0 else 0.0)
        for compact in (False, True):
            (back,) = psn.loads(psn.write_record(rec, compact))
            assert back.ok and back == rec, (k, back.errors)
            assert back.check_dict() == {**rec.check_dict(), "line": 1}


def test_random_24_card_records_round_trip() -> None:
    """BN10: 24-card records (Rules bauern24 or bauern24-called, a Deck of 24, six
    tricks, the nines) are written and read back as they were, canonical and compact."""
    rng = random.Random(6)
    profiles: tuple[Profile, ...] = (BAUERN24, BAUERN24_CALLED)
    nines = 0
    for k in range(120):
        tags = {"Cut": "knock"} if k % 6 == 0 else {}
        rec = random_game_record(rng, profiles[k % 2], tags=tags, annotate=k % 2 == 0,
                                 stop=0.1 if k % 5 == 0 else 0.0)
        assert rec.ok and rec.tags["Rules"] == profiles[k % 2].name
        assert len(rec.tags["Deck"].split()) == 24
        nines += sum(1 for a in rec.actions if a.card is not None and a.card >= 20)
        for compact in (False, True):
            text = psn.write_record(rec, compact)
            (back,) = psn.loads(text)
            assert back.ok and back == rec, (k, back.errors)
            assert back.check_dict() == {**rec.check_dict(), "line": 1}
            assert psn.write_record(back, compact) == text
    assert nines > 100


def test_a_deck_must_be_the_profiles_pack() -> None:
    """BN10: 24 cards under a 20-card profile, 20 under a 24-card one, a nine token in a
    20-card record: each an error of its own record."""
    deck24 = "QH 9C AS QS JS JH QD KD 9D AD 9H JC AH KS KH QC JD TC KC TD TS 9S AC TH"
    deck20 = "AH TH KH QS JS AC TC KC QH JH AD TD KD QC JC AS TS KS QD JD"
    head = '[Variant "bauern"]\n[Dealer "N"]\n'
    (wrong,) = psn.loads(head + f'[Deck "{deck24}"]\n\nT:H *\n')
    assert wrong.errors[0].rule in ("BD1", "BN2") and "Deck" in wrong.errors[0].message
    (short,) = psn.loads(head + f'[Rules "bauern24"]\n[Deck "{deck20}"]\n\nT:H *\n')
    assert short.errors[0].rule in ("BD1", "BN2")
    (ok,) = psn.loads(head + f'[Rules "bauern24"]\n[Deck "{deck24}"]\n\nT:H *\n')
    assert ok.ok and ok.profile is BAUERN24
    (nine,) = psn.loads(head + f'[Deck "{deck20}"]\n\nT:H weiter weiter weiter weiter 1. 9H *\n')
    err = nine.errors[0]
    assert err.rule in ("PSN", "BP5") and (err.line, err.col) == (5, 36)


def test_from_actions_builds_four_player_records() -> None:
    deck = [CARDS[c] for c in range(20)]
    rec = psn.Record.from_actions(deck, ["T:C", "weiter", "weiter", "weiter", "weiter"],
                                  profile=BAUERN_CALLED.__class__("club", match_target=24),
                                  tags={"Cut": "knock", "North": "Anna"})
    assert rec.game.key == "bauern" and rec.dealer is Seat4.N  # N deals first (BS2)
    assert rec.tags["Variant"] == "bauern" and rec.tags["Cut"] == "knock"
    assert rec.tags["Rules"] == "club" and rec.tags["Result"] == "*"
    # a house profile is read back when the reader is given it
    club = rec.profile
    (back,) = psn.loads(str(rec), profiles=[club, SOFT])
    assert back.ok and back.profile is club and back == rec
    (unknown,) = psn.loads(str(rec))
    assert unknown.errors[0].rule == "PSN" and "unknown Rules profile 'club'" in \
        unknown.errors[0].message
    with pytest.raises(ValueError, match="BR2"):
        psn.Record.from_actions(deck, ["T:S"], profile=BAUERN)  # no spade among AC TC KC


def test_a_file_mixes_two_and_four_player_records(tmp_path: Path) -> None:
    text = TWO.rstrip("\n") + "\n\n" + HEAD + "\n" + MOVES + "\n\n" + TWO.rstrip("\n") + "\n"
    recs = psn.loads(text)
    assert [r.game.key for r in recs] == ["schnapsen", "bauern", "schnapsen"]
    assert all(r.ok for r in recs), [r.errors for r in recs]
    assert [r.line for r in recs] == [1, TWO.count("\n") + 2,
                                      TWO.count("\n") + 2 + HEAD.count("\n") + 3]
    f = tmp_path / "mixed.psn"
    f.write_text(text, encoding="utf-8")
    out = tmp_path / "out.psn"
    assert main(["fmt", str(f), "-o", str(out)]) == 0
    assert psn.loads(out.read_text(encoding="utf-8")) == recs
    assert main(["fmt", str(f), "--compact", "-o", str(out)]) == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    assert psn.loads(out.read_text(encoding="utf-8")) == recs


def test_a_trick_number_may_touch_a_card_written_10() -> None:
    rec = four(MOVES.replace("1. KC", "1.KC").replace("3. AH QH KD JH", "3.AH QH KD JH"))
    assert rec.ok, rec.errors
    deck2 = "AH JS TS KH QC JC QS TH KD AD KC QD AS JH QH TC JD KS AC TD"
    for spelled in ("1.10H", "1.10h", "1.T♥"):
        (two,) = psn.loads(f'[Deck "{deck2}"]\n\n{spelled} KH\n')
        assert two.ok and [str(a) for a in two.actions] == ["TH", "KH"], two.errors
    (bad,) = psn.loads(f'[Deck "{deck2}"]\n\n2.10H\n')
    assert bad.errors[0].rule == "PSN" and (bad.errors[0].line, bad.errors[0].col) == (3, 1)
    assert "trick number 2. is wrong: the next trick is 1" in bad.errors[0].message


def test_errors_name_line_column_and_rule() -> None:
    rec = four(MOVES.replace("KC AC JC TC", "KC AC JC TS"))  # E holds clubs (BP2)
    err = rec.errors[0]
    assert err.rule == "BP2" and err.line == 9 and err.col == MOVES.index("JC TC") + 4
    assert err.message.endswith("legal: TC QC")
    assert not rec.main_line_ok and rec.check_dict()["winner"] is None
    bad_call = four(MOVES.replace("weiter weiter weiter weiter", "weiter kontraschnapser "
                                  "gang weiter"))
    assert bad_call.errors[0].rule in ("BA1", "BA5")
    after = four(MOVES + " 4. TH JD TD AD 66 5. KS")
    assert after.errors[0].rule in ("BE3", "BE5")
    with pytest.raises(psn.PsnError, match="BP2"):
        psn.loads(HEAD + "\n" + MOVES.replace("KC AC JC TC", "KC AC JC TS") + "\n",
                  strict=True)


@pytest.mark.parametrize(("tag", "value", "rule"), [
    ("Variant", "chess", "PSN"),
    ("Dealer", "A", "PSN"),
    ("Cut", "shuffle", "PSN"),
    ("Rules", "soft", "PSN"),
    ("Deck", "AS AH", "BD1"),
])
def test_bad_tags_are_errors_of_their_line(tag: str, value: str, rule: str) -> None:
    lines = HEAD.splitlines()
    names = [x.split()[0][1:] for x in lines]
    if tag in names:
        lines[names.index(tag)] = f'[{tag} "{value}"]'
    else:
        lines.insert(6, f'[{tag} "{value}"]')
    rec = four(head="\n".join(lines) + "\n")
    err = rec.errors[0]
    assert err.rule == rule and err.col == 1, err
    assert lines[err.line - 1].startswith(f"[{tag} ")
    assert rec.main_line_ok is (tag == "Dealer")  # a bad Dealer: the default one deals


def test_knocking_where_the_profile_forbids_it_cites_bd3() -> None:
    club = BAUERN.__class__("club", knock_allowed=False)
    (rec,) = psn.loads(HEAD.replace('[Dealer "E"]', '[Dealer "E"]\n[Cut "knock"]\n'
                                    '[Rules "club"]') + "\nT:up\n", profiles=[club])
    assert rec.errors[0].rule == "BD3"


def test_variations_comments_and_glyphs_in_a_four_player_record() -> None:
    moves = ("{A deal.} T:up weiter weiter weiter weiter 1. KC! AC $13 {ace} JC TC "
             "2. QS+20 (2. QS (2. KS+20 JS) JS TS AS) JS TS AS 3. AH ; a comment\nQH KD JH")
    rec = four(moves)
    assert rec.ok, rec.errors
    assert rec.main.comments == ["A deal."]
    kc = rec.moves[5]
    assert str(kc) == "KC!" and rec.moves[6].nags == [13] and rec.moves[6].comments == ["ace"]
    var = rec.moves[9].variations[0]
    assert [str(m.action) for m in var.moves] == ["QS", "JS", "TS", "AS"]
    assert var.moves[0].variations[0].moves[0].action == parse4("KS+20")
    assert rec.moves[13].comments == ["a comment"]
    text = psn.dumps([rec])
    assert psn.loads(text) == [rec] and psn.dumps(psn.loads(text)) == text
    # an illegal card in a variation spoils the variation only (its own error)
    bad = four(moves.replace("(2. QS (2. KS+20 JS) JS TS AS)", "(2. QS KD TS AS)"))
    assert [e.rule for e in bad.errors] == ["BP2"] and bad.main_line_ok
    assert bad.check_dict()["end"] == "unfinished"


def test_records_with_errors_are_written_back_verbatim() -> None:
    text = HEAD + "\nT:up weiter  weiter weiter weiter 1. KC AC {x} JC QS $3\n"
    (rec,) = psn.loads(text)
    assert rec.errors
    assert psn.dumps([rec]) == text
    assert psn.dumps([rec], compact=True).rstrip("\n") == text.rstrip("\n").replace("\n", " ")


def test_bauern2_matches_count_up_from_0_to_21() -> None:
    recs = [r for r in psn.read(CASES / "valid.psn") if r.profile is BAUERN2 and r.match]
    assert recs
    first = recs[0]
    assert first.counters_before == (0, 0) and first.tags.get("Score", "0-0") == "0-0"
    last = {r.match: r for r in recs}
    for r in last.values():
        assert max(r.counters or ()) >= 21 and r.match_winners  # decided at 21 (BZ5)
    # deal 2 of a bauern2 match: a two-player Score counting down (7-6) disagrees
    deal1 = psn.write_record(first)
    second = next(r for r in recs if r.match == first.match and r.deal == 2)
    assert second.tags["Score"] == "-".join(map(str, second.counters_before or ()))
    wrong = psn.write_record(second).replace(f'[Score "{second.tags["Score"]}"]',
                                             '[Score "7-6"]')
    got = psn.loads(deal1 + "\n" + wrong)
    assert [e.rule for e in got[1].errors] == ["Score"]
    assert "the counters before this deal are " + second.tags["Score"] in \
        got[1].errors[0].message


def test_a_match_id_of_another_game_starts_a_match_of_its_own() -> None:
    two = TWO.replace("[Deck", '[Match "m"]\n[Deck', 1)
    head = HEAD.replace("[Deck", '[Match "m"]\n[Deck', 1)
    recs = psn.loads(two.rstrip("\n") + "\n\n" + head + "\n" + MOVES + "\n")
    assert [r.deal for r in recs] == [1, 1]
    assert recs[1].counters_before == (0, 0)
    assert recs[1].check_dict()["counters"] == {"NS": 0, "EW": 0}
