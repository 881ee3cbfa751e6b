"""The reader's last holes of issue 51, on real files and through the command line: an
over-long line spoils its record only (and the limit is exact), ``fmt`` keeps byte order
marks and the last line break of a record it cannot read, records nested deep pickle and
copy, and a deal that lost its Match tag is the only one reported."""

from __future__ import annotations

import copy
import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

from schnapsen_lab import psn

from .conftest import ROOT

DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"
ONE = f'[Deck "{DECK}"]\n\n1. X TS QH 2. TD JS\n'
BAD = f'[Deck "{DECK}"]\n\n1. X TS KH\n'  # an illegal move
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", *args], env=ENV,
                          capture_output=True, text=True, timeout=300, check=False)


def check_json(path: Path) -> tuple[int, list[dict[str, object]]]:
    r = run("check", "--json", str(path))
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, [json.loads(x) for x in r.stdout.splitlines() if x.strip()]


# -- a line longer than 1 MiB -------------------------------------------------------------

def test_a_record_with_a_2_mb_comment_is_refused_not_the_file(tmp_path: Path) -> None:
    comment = "{" + "ab " * 700_000 + "}"  # 2.1 MB on one line
    bad = f'[Deck "{DECK}"]\n\n1. X {comment} TS QH\n'
    f = tmp_path / "comment.psn"
    f.write_bytes((ONE + "\n" + bad + "\n" + ONE + "\n" + ONE).encode())
    code, recs = check_json(f)
    assert code == 1 and [r["ok"] for r in recs] == [True, False, True, True]
    assert recs[1]["errors"] == [{
        "line": 7, "col": 1, "rule": "PSN",
        "message": f"a line of {len(bad.splitlines()[2].encode()):,} bytes, longer than 1 MiB "
                   "(1,048,576 bytes): the record is not read"}]
    # fmt keeps it as it was read, and the file reads the same again
    before = f.read_bytes()
    assert run("fmt", str(f)).returncode == 1
    assert bad.encode() in f.read_bytes()
    assert check_json(f) == (code, recs)
    assert run("fmt", str(f)).returncode == 1 and f.read_bytes() == psn.dumps(
        psn.loads(before.decode())).encode()


def test_the_line_limit_is_exact_in_bytes(tmp_path: Path) -> None:
    # "é" is two bytes: a line of MAX_LINE bytes passes, one byte more does not, wherever
    # the line falls in the reader's blocks (1.11 MB lines once got through)
    for size, ok in ((psn.MAX_LINE, True), (psn.MAX_LINE + 1, False),
                     (psn.MAX_LINE + 60_000, False)):
        head = "1. X TS QH ;"
        fill = size - len(head.encode())
        line = head + "é" * (fill // 2) + "a" * (fill % 2)
        assert len(line.encode()) == size
        f = tmp_path / f"line-{size}.psn"
        f.write_bytes(f'[Deck "{DECK}"]\n\n{line}\r\n\n{ONE}'.encode())
        for recs in (list(psn.read(f)), psn.loads(f.read_text(encoding="utf-8"))):
            assert [r.ok for r in recs] == [ok, True], size
            if not ok:
                assert recs[0].errors[0].rule == "PSN" and recs[0].errors[0].line == 3
        code, out = check_json(f)
        assert code == (0 if ok else 1) and len(out) == 2


def test_a_line_past_4_mib_refuses_the_input(tmp_path: Path) -> None:
    f = tmp_path / "huge.psn"
    body = "é" * (2 << 20)  # 4 MiB and the line's head: not 4 Mi characters
    f.write_bytes(f'[Deck "{DECK}"]\n\n1. X TS QH ;{body}\n'.encode())
    r = run("check", str(f))
    assert r.returncode == 2 and "a line longer than 4 MiB" in r.stderr, r.stderr


# -- fmt writes back what it cannot read, byte for byte --------------------------------------

def test_fmt_keeps_byte_order_marks_and_the_last_line_break(tmp_path: Path) -> None:
    bad = BAD.replace("\n", "\r\n")
    inner = bad.replace("\r\n1.", "\r\n\ufeff1.")
    cr = BAD.replace("\n", "\r")
    cases = {  # the file, and the record fmt cannot read as it is in the file
        "bom-first": ("\ufeff" + bad + "\r\n" + ONE, "\ufeff" + bad),
        "bom-mid": (ONE + "\n\ufeff" + bad + "\r\n" + ONE, "\ufeff" + bad),
        "bom-lines": (ONE + "\n" + inner + "\r\n" + ONE, inner),
        "cr": (ONE + "\n" + cr + "\r" + ONE, cr),
        "last": (ONE + "\n\ufeff" + bad, "\ufeff" + bad),
    }
    for name, (text, record) in cases.items():
        f = tmp_path / f"{name}.psn"
        f.write_bytes(text.encode())
        for compact in ([], ["--compact"]):
            g = tmp_path / f"{name}-out.psn"
            r = run("fmt", *compact, str(f), "-o", str(g))
            assert r.returncode == 1, r.stderr
            out = g.read_bytes()
            if compact and "\ufeff1." not in record:  # joined on one line where it can be
                one = re.sub(r"\r\n|\r|\n", " ", record.rstrip("\r\n"))
                assert (one + "\n").encode() in out, (name, out)
            else:
                assert record.encode() in out, (name, out)
            assert run("fmt", *compact, str(g)).returncode == 1
            assert g.read_bytes() == out, name  # fmt again: no change
            assert [x.ok for x in psn.read(g)] == [x.ok for x in psn.read(f)]


# -- pickle and deepcopy of deep variations --------------------------------------------------

def test_records_with_deep_variations_pickle_and_copy() -> None:
    for depth in (500, 20_000):
        text = f'[Deck "{DECK}"]\n\n1. X ' + "(TS " * depth + ")" * depth + " TS QH\n"
        rec = psn.loads(text)[0]
        assert rec.ok, rec.errors[:1]
        for back in (pickle.loads(pickle.dumps(rec)), copy.deepcopy(rec)):
            assert back == rec and back.game is rec.game and back.main is not rec.main
            assert str(back) == str(rec)
        mv = rec.main.moves[0]
        assert pickle.loads(pickle.dumps(mv)) == mv == copy.deepcopy(mv)
        shallow = copy.copy(rec.main)
        assert shallow.moves is rec.main.moves


# -- a deal that lost its Match tag -----------------------------------------------------------

def test_a_lost_match_tag_is_the_one_error_of_its_bummerl(tmp_path: Path) -> None:
    from .stats_helpers import random_matches

    every = psn.loads(psn.dumps(random_matches(51, 8)))
    recs = next(m for m in ([r for r in every if r.match == k] for k in
                            dict.fromkeys(r.match for r in every)) if len(m) >= 4)
    texts = [psn.dumps([r]) for r in recs]
    lost = "".join(x for x in texts[2].splitlines(True) if not x.startswith("[Match "))
    f = tmp_path / "lost.psn"
    f.write_text("\n".join([*texts[:2], lost, *texts[3:]]), encoding="utf-8")
    code, out = check_json(f)
    assert code == 1
    assert [r["ok"] for r in out] == [k != 2 for k in range(len(recs))], out
    (err,) = out[2]["errors"]  # type: ignore[misc]
    assert err["rule"] == "Match" and err["line"] == out[2]["line"], err
    assert recs[0].match is not None and recs[0].match in err["message"]
    assert out[2]["match"] is None  # it has no Match tag; it is counted in the match
    assert [r["counters"] for r in out[3:]] == [
        {"A": r.counters[0], "B": r.counters[1]} for r in recs[3:]  # type: ignore[index]
    ]
    # a deal without Match tag that does not continue the match is a deal of its own
    lone = f'[Deal "9"]\n[Deck "{DECK}"]\n\n1. X TS QH\n'
    f.write_text("\n".join([*texts[:2], lone, *texts[2:]]), encoding="utf-8")
    code, out = check_json(f)
    assert code == 0 and out[2]["match"] is None, out[2]
