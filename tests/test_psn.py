"""Reading and writing PSN: sources, tags, annotations, errors, round trips, plain data."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import Card
from schnapsen_lab.games.twohand.rules import STRICT, End, Profile, Seat

from .conftest import DATA

VALID = DATA / "conformance" / "valid.psn"

EXAMPLE = """[Event "Club night"]
[Date "2026.11.28"]
[PlayerA "Anna"]
[PlayerB "Bert"]
[Match "2026-11-28-1"]
[Deal "1"]
[Dealer "B"]
[Rules "soft"]
[Deck "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"]
[Result "A 2"]

1. AD KH 2. X {Anna takes the trump king for her jack} TH AH 3. JD KD 4. KS+40 KC 66
"""


def test_the_format_example_reads_and_is_valid() -> None:
    (rec,) = psn.loads(EXAMPLE)
    assert rec.ok, rec.errors
    assert rec.player_names == ("Anna", "Bert")
    assert rec.outcome is not None and str(rec.outcome) == "A 2" and rec.end is End.CLAIM
    assert rec.moves[2].comments == ["Anna takes the trump king for her jack"]
    assert [str(a) for a in rec.actions][:3] == ["AD", "KH", "X"]
    assert rec.match == "2026-11-28-1" and rec.counters == (5, 7)


def test_sources_path_string_and_stream_read_the_same(tmp_path: Path) -> None:
    text = VALID.read_text()
    from_path = list(psn.read(VALID))
    from_str = psn.loads(text)
    from_stream = psn.load(io.StringIO(text))
    assert from_path == from_str == from_stream and len(from_str) == 46
    assert from_path[0].file == str(VALID)


def test_reading_is_lazy() -> None:
    def lines():  # type: ignore[no-untyped-def]
        yield from EXAMPLE.splitlines(keepends=True)
        yield "\n"
        yield EXAMPLE.splitlines(keepends=True)[0]  # the next record begins
        raise AssertionError("read past the first record before it was asked for")

    it = psn.read(io.StringIO(EXAMPLE + "\n" + EXAMPLE))
    assert next(it).index == 1
    gen = psn._read_lines(lines(), profiles=(), strict=False, file=None)
    assert next(gen).ok


def test_unknown_tags_are_kept_in_order_and_written_back() -> None:
    text = ('[Dealer "B"]\n[Zeta "1"]\n[Deck "' + VALID_DECK + '"]\n[Alpha "two \\"q\\" \\\\"]\n'
            '[Event "E"]\n\n1. AC\n')
    (rec,) = psn.loads(text)
    assert list(rec.tags) == ["Dealer", "Zeta", "Deck", "Alpha", "Event"]
    assert rec.tags["Alpha"] == 'two "q" \\'
    out = str(rec)
    assert out.splitlines()[:6] == ['[Event "E"]', '[Dealer "B"]', '[Deck "' + VALID_DECK + '"]',
                                    '[Zeta "1"]', '[Alpha "two \\"q\\" \\\\"]', ""]
    assert psn.loads(out)[0] == rec


VALID_DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"


def test_input_forms_cards_case_symbols_tens_and_touching_numbers() -> None:
    text = f'[Deck "{VALID_DECK.lower()}"]\n\n1.x 10♠ qh 2.td js\n'
    (rec,) = psn.loads(text)
    assert rec.ok, rec.errors
    assert [str(a) for a in rec.actions] == ["X", "TS", "QH", "TD", "JS"]
    assert rec.deck is not None and rec.deck[0] is Card.AS
    assert str(rec).endswith("1. X TS QH 2. TD JS\n")


def test_annotations_glyphs_nags_comments_variations() -> None:
    text = (f'[Deck "{VALID_DECK}"]\n\n{{before}} 1. X! TS $13 QH ; to the end\n'
            "2. TD (2. AC JD) (2. TD JS? {nested} (KH)) JS ?! *\n")
    (rec,) = psn.loads(text)
    assert rec.ok, rec.errors
    assert rec.comment == ["before"]
    x, ts, qh, td, js = rec.moves
    assert x.nags == [1] and ts.nags == [13] and qh.comments == ["to the end"]
    assert len(td.variations) == 2 and [str(m) for m in td.variations[0].moves] == ["AC", "JD"]
    assert td.variations[1].moves[1].nags == [2]
    assert td.variations[1].moves[1].variations[0].moves[0].action.card is Card.KH
    assert js.nags == [6]
    assert rec.end is End.UNFINISHED and rec.outcome is None
    out = str(rec)
    flat = " ".join(out.split())
    assert "1. X! TS $13 QH {to the end} 2. TD (2. AC JD) (2. TD JS? {nested} (KH)) JS?!" in flat
    assert psn.loads(out)[0] == rec and str(psn.loads(out)[0]) == out


def test_error_in_a_variation_keeps_the_main_line_result() -> None:
    text = f'[Deck "{VALID_DECK}"]\n\n1. X TS (AS KS) QH\n'
    (rec,) = psn.loads(text)
    assert not rec.ok and rec.main_line_ok
    assert rec.errors[0].rule == "H1" and (rec.errors[0].line, rec.errors[0].col) == (3, 13)
    assert rec.errors[0].message.startswith("KS is not in B's hand")
    d = rec.check_dict()
    assert d["end"] == "unfinished" and d["scores"] == {"A": 13, "B": 0}


def test_errors_name_line_column_rule_and_what_was_legal() -> None:
    text = f'[Dealer "B"]\n[Deck "{VALID_DECK}"]\n\n1. X TS QH\n2. TD JS 3. QC TD\n'
    (rec,) = psn.loads(text)
    err = rec.errors[0]
    assert (err.line, err.col, err.rule) == (5, 16, "H1")
    assert "TD is not in B's hand" in err.message and "legal:" in err.message
    assert str(err).startswith("line 5, col 16: H1: TD is not in B's hand")
    assert rec.check_dict()["winner"] is None


@pytest.mark.parametrize(("movetext", "rule"), [
    ("1. X @", "PSN"), ("1. X 3. TS", "PSN"), ("1. X TS 1. QH", "PSN"), ("1. X TS QH (", "PSN"),
    ("1. X TS QH )", "PSN"), ("{never closed 1. X", "PSN"), ("1. X * TS", "PSN"), ("$5", "PSN"),
    ("1. X TS QH 2. TD JS 3. QC QS 4. TH KH 5. JH JD 6. AD QD 7. TC JC 66 8. AC", "E3"),
])
def test_psn_level_errors(movetext: str, rule: str) -> None:
    (rec,) = psn.loads(f'[Deck "{VALID_DECK}"]\n\n{movetext}\n')
    assert rec.errors and rec.errors[0].rule == rule, rec.errors


@pytest.mark.parametrize(("tags", "rule"), [
    ('[Deck "AS TD"]', "S3"), ('[Event "no deck"]', "S3"),
    (f'[Deck "{VALID_DECK}"]\n[Rules "bavarian"]', "PSN"),
    (f'[Deck "{VALID_DECK}"]\n[Dealer "C"]', "PSN"),
    (f'[Deck "{VALID_DECK}"]\n[Result "B 1"]', "Result"),
    (f'[Deck "{VALID_DECK}"] [Oops', "PSN"),
])
def test_tag_errors(tags: str, rule: str) -> None:
    moves = "1. X TS QH 2. TD JS 3. QC QS 4. TH KH 5. JH JD 6. AD QD 7. TC JC 66"
    (rec,) = psn.loads(f"{tags}\n\n{moves}\n")
    assert rec.errors and rec.errors[0].rule == rule, rec.errors
    assert "Traceback" not in rec.errors[0].message


def test_a_bad_record_never_spoils_its_neighbours() -> None:
    good = str(next(r for r in psn.read(VALID) if r.match is None))
    text = good + "\n[Deck \"nonsense\"]\n\n1. @@ {unclosed\n\n" + good
    recs = psn.loads(text)
    assert [r.ok for r in recs] == [True, False, True]
    assert recs[1].errors[0].rule == "S3" and recs[1].line == 7
    assert recs[0].check_dict()["winner"] == recs[2].check_dict()["winner"] == "B"


def test_strict_mode_raises_with_the_place() -> None:
    text = f'[Deck "{VALID_DECK}"]\n\n1. X QS\n'
    with pytest.raises(psn.PsnError) as e:
        psn.loads(text, strict=True)
    assert e.value.error.rule == "H1" and "deal 1, line 3, col 6" in str(e.value)


def test_match_defaults_and_new_bummerl_after_decision() -> None:
    recs = psn.loads(VALID.read_text())
    first_match = [r for r in recs if r.match == "m810442-0"]
    assert [r.deal for r in first_match] == [1, 2, 3, 4]
    assert [r.dealer for r in first_match] == [Seat.B, Seat.A, Seat.B, Seat.A]
    assert first_match[-1].counters == (0, 4)
    # one more deal with the same Match id starts a new Bummerl from 7-7
    extra = str(first_match[0]).replace('[Deal "1"]\n', "").replace('[Result "A 3"]\n', "")
    again = psn.loads(psn.dumps(first_match) + "\n" + extra)
    assert again[-1].ok, again[-1].errors
    assert again[-1].deal == 1 and again[-1].counters_before == (7, 7)


def test_house_profile_is_read_when_given() -> None:
    house = Profile("house", close_min_talon=None)
    text = f'[Rules "house"]\n[Deck "{VALID_DECK}"]\n\n1. X C\n'
    assert psn.loads(text)[0].errors[0].rule == "PSN"
    (rec,) = psn.loads(text, profiles=[house])
    assert rec.profile is house and rec.errors[0].rule == "C1"


def test_record_from_actions_and_plain_data_round_trip() -> None:
    rec = psn.Record.from_actions(VALID_DECK.split(), "X TS QH 2. TD JS".replace("2. ", "").split(),
                                  dealer=Seat.B, profile=STRICT, tags={"PlayerA": "Anna"})
    assert rec.tags["Rules"] == "strict" and rec.tags["Result"] == "*"
    d = rec.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert psn.Record.from_dict(d) == rec
    assert d["movetext"] == "1. X TS QH 2. TD JS"


def test_record_from_actions_writes_each_note_after_its_action() -> None:
    rec = psn.Record.from_actions(VALID_DECK.split(), ["X", "TS", "QH"], dealer=Seat.B,
                                  profile=STRICT, notes=["closed: the talon is poor", None, ""])
    assert [m.comments for m in rec.main.moves] == [["closed: the talon is poor"], [], []]
    assert "1. X {closed: the talon is poor} TS QH" in psn.dumps([rec])


def test_canonical_text_reads_and_writes_back_unchanged() -> None:
    text = (DATA / "conformance" / "valid.psn").read_text().rstrip("\n") + "\n"
    assert psn.dumps(psn.loads(text)) == text
    compact = psn.dumps(psn.loads(text), compact=True)
    assert len(compact.splitlines()) == 46
    assert psn.loads(compact) == psn.loads(text)


def test_invalid_records_are_written_without_loss() -> None:
    text = (DATA / "conformance" / "invalid.psn").read_text()
    recs = psn.loads(text)
    for compact in (False, True):
        out = psn.dumps(recs, compact=compact)
        again = psn.loads(out)
        assert len(again) == len(recs)
        for before, after in zip(recs, again, strict=True):
            assert [(e.rule, e.message) for e in before.errors] == \
                [(e.rule, e.message) for e in after.errors]
            if not compact:  # the same lines: the same places, counted from the record
                assert [(e.line - before.line, e.col) for e in before.errors] == \
                    [(e.line - after.line, e.col) for e in after.errors]
            if before.errors:
                assert before.source is not None and after.source is not None
                one = before.source.replace("\r\n", " ").replace("\n", " ")
                assert before.source in out or (compact and one in out)  # byte for byte
                if not compact:
                    assert after.source == before.source


# -- nothing lost: what fmt writes back ---------------------------------------------------------

GOOD = f'[Event "ok"]\n[Deck "{VALID_DECK}"]\n\n1. X TS QH 2. TD JS\n'


@pytest.mark.parametrize("bad", [
    f'[Event "deck without its bracket"]\n[Deck "{VALID_DECK}"\n[Result "*"]\n\n1. X TS QH',
    f'[Event "ends in \\"]\n[Deck "{VALID_DECK}"]\n\n1. X TS',
    f'[Event "one"]\n[Event "two"]\n[Deck "{VALID_DECK}"]\n\n1. X TS QH',
    f'[Deck "{VALID_DECK}"]\n\n1. X TS QH (2. AS KS QD (QC)) 2. TD JS',
    f'[Deck "{VALID_DECK}"]\n\n1. X TS QH {{never closed\n2. TD JS',
    f'[Deck "{VALID_DECK}"]\r\n\r\n1. X TS  QH  @  ;  note\r\n',
])
def test_a_record_with_an_error_is_written_back_verbatim(bad: str) -> None:
    text = GOOD + "\n" + bad + "\n\n" + GOOD
    recs = psn.loads(text)
    assert [bool(r.errors) for r in recs] == [False, True, False]
    for compact in (False, True):
        out = psn.dumps(recs, compact=compact)
        again = psn.loads(out)
        assert [bool(r.errors) for r in again] == [False, True, False]  # still reported
        assert again[1].errors[0].rule == recs[1].errors[0].rule
        if compact:
            one = bad.replace("\r\n", " ").replace("\n", " ")
            assert again[1].source in (bad.rstrip("\r\n"), one.rstrip())
        else:
            assert again[1].source == recs[1].source == bad.rstrip("\r\n")
            assert bad.rstrip("\r\n") in out


def test_an_unclosed_comment_ends_at_its_line_in_the_compact_form() -> None:
    good = psn.dumps(psn.loads(GOOD), compact=True)
    text = good + f'[Deck "{VALID_DECK}"] 1. X {{never closed TS\n' + good + good
    recs = psn.loads(text)
    assert [r.ok for r in recs] == [True, False, True, True]
    assert recs[1].errors[0].message == "a comment opened with { is never closed"
    for compact in (False, True):
        assert [r.ok for r in psn.loads(psn.dumps(recs, compact=compact))] == [r.ok for r in recs]


def test_an_unclosed_comment_ends_before_a_tag_line_after_a_blank_line() -> None:
    bad = f'[Deck "{VALID_DECK}"]\n\n1. X {{never closed\n[Event "still the comment"]\n\nTS'
    recs = psn.loads(GOOD + "\n" + bad + "\n\n" + GOOD)
    assert [r.ok for r in recs] == [True, False, True]
    assert "still the comment" in (recs[1].source or "") and recs[1].source.endswith("TS")
    assert [len(psn.loads(psn.dumps(recs, compact=c))) for c in (False, True)] == [3, 3]


def test_a_closed_comment_may_hold_a_tag_line() -> None:
    text = f'[Deck "{VALID_DECK}"]\n\n1. X {{a comment\n[Match "m9"] on its second line}} TS\n'
    (rec,) = psn.loads(text)
    assert rec.ok and rec.moves[0].comments == ['a comment [Match "m9"] on its second line']


def test_two_glyphs_on_one_move_round_trip() -> None:
    (rec,) = psn.loads(f'[Deck "{VALID_DECK}"]\n\n1. X C! $2 TS $13 !\n')
    assert rec.ok and [m.nags for m in rec.moves] == [[], [1, 2], [13, 1]]
    assert "1. X C! $2 TS $13 $1" in str(rec)
    for compact in (False, True):
        assert psn.loads(psn.dumps([rec], compact=compact)) == [rec]


def test_a_comment_holding_a_closing_brace_is_kept_whole() -> None:
    (rec,) = psn.loads(f'[Deck "{VALID_DECK}"]\n\n1. X TS ; see }} and {{ here\nQH\n')
    assert rec.ok and rec.moves[1].comments == ["see } and { here"]
    rec.moves[2].comments.append("a } in code")  # a comment given in code, too
    for compact in (False, True):
        text = psn.dumps([rec], compact=compact)
        assert ";see } and { here\n" in text and ";a } in code\n" in text
        assert psn.loads(text) == [rec]


def test_tag_names_beyond_ascii_in_both_forms() -> None:
    text = f'[Ort "Wien"]\n[Café "Landtmann"]\n[Ёлка "да"]\n[Deck "{VALID_DECK}"]\n\n1. X\n'
    (rec,) = psn.loads(text)
    assert rec.ok and rec.tags["Café"] == "Landtmann" and rec.tags["Ёлка"] == "да"
    for compact in (False, True):
        assert psn.loads(psn.dumps([rec], compact=compact)) == [rec]


def test_a_thousand_nested_variations_are_written_and_read_back() -> None:
    from .conftest import build_deck

    # each variation replaces the lead of the one around it: AC, then KC, QC, JC, TC, AC...
    deck = " ".join(str(c) for c in build_deck("AC KC QC JC TC", "AS TS KS QS JS", "AD"))
    leads = ["AC", "KC", "QC", "JC", "TC"]
    movetext = "1. AC " + " ".join(f"(1. {leads[k % 5]}" for k in range(1, 1001)) + ")" * 1000
    (rec,) = psn.loads(f'[Deck "{deck}"]\n\n{movetext}\n')
    assert rec.ok, rec.errors[:3]
    depth, line = 0, rec.main
    while line.moves and line.moves[0].variations:
        line, depth = line.moves[0].variations[0], depth + 1
    assert depth == 1000 and str(line.moves[0]) == leads[1000 % 5]
    for compact in (False, True):
        out = psn.dumps([rec], compact=compact)
        assert psn.loads(out) == [rec]
    assert " ".join(str(rec).split("\n\n", 1)[1].split()) == movetext


def test_a_returning_match_id_is_checked_against_its_kept_bummerl() -> None:
    recs = [r for r in psn.loads(VALID.read_text()) if r.match == "m810442-0"]
    others = [psn.Record.from_actions(VALID_DECK.split(), [], tags={"Match": f"o{k}"})
              for k in range(20)]
    back = psn.loads(psn.dumps([recs[0], *others, *recs[1:]]))  # 20 Bummerls come between
    assert all(r.ok for r in back), [r.errors for r in back if r.errors][:2]
    assert [r.deal for r in back if r.match == "m810442-0"] == [1, 2, 3, 4]
    assert back[-1].counters == recs[-1].counters
    # and a Deal tag that disagrees with the kept Bummerl is still caught
    wrong = psn.dumps([recs[0], *others, recs[2]])
    assert psn.loads(wrong)[-1].errors[0].rule in ("Deal", "Dealer", "Score")


def test_the_reader_keeps_a_bounded_number_of_bummerls() -> None:
    from schnapsen_lab.games.bauern import BAUERN
    from schnapsen_lab.games.bauern.game import BAUERN_GAME
    from schnapsen_lab.games.schnapsen.game import SCHNAPSEN
    from schnapsen_lab.games.twohand.rules import SOFT
    from schnapsen_lab.match import MatchState

    rules = SCHNAPSEN.match_rules(SOFT)
    book = psn._MatchBook(limit=8)
    for k in range(100):
        book.put(f"m{k}", MatchState(rules, (5, 7), 0, 1))
    assert len(book.state) == 8
    assert book.get("m99", rules).deals == 1 and book.get("m0", rules).deals == 0
    book.put("m99", MatchState(rules, (0, 7), 0, 3))  # decided: a new Bummerl follows
    assert book.get("m99", rules).deals == 0 and len(book.state) == 7
    # a Match id kept by other rules (another game's deal) begins a match of its own
    four = BAUERN_GAME.match_rules(BAUERN)
    assert book.get("m98", four) == four.new() and book.get("m98", rules).deals == 1
    assert psn.MATCH_MEMORY >= 1000


def test_line_ends_cr_crlf_lf_cut_alike_at_any_block_size() -> None:
    import io
    import random
    import re

    from schnapsen_lab.psn import _utf8_lines, byte_lines

    rng = random.Random(23)
    pieces = ["a", "é", "[Deck", " ", "\r", "\n", "\r\n", "\ufeff", "\x85", "\u2028", "\x0c"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        want = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+", text)
        data = text.encode()
        for block in (1, 2, 3, 7, 1 << 16):
            assert list(_utf8_lines(io.BytesIO(data), None, block)) == want, (text, block)
            assert b"".join(byte_lines(io.BytesIO(data), block)) == data
            assert [x.decode() for x in byte_lines(io.BytesIO(data), block)] == want


def test_a_record_ends_the_same_whatever_its_line_ends() -> None:
    text = '[Deck "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"]\n\n1. X TS QH\n'
    lf = psn.loads(text + "\n" + text)
    for end in ("\r", "\r\n"):
        again = psn.loads((text + "\n" + text).replace("\n", end))
        assert again == lf and [r.line for r in again] == [r.line for r in lf]
