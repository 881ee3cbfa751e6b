"""Random bytes and token soup give reader errors, never an exception."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from schnapsen_lab import psn
from schnapsen_lab.cli import main

DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"
SOUP = ["1.", "2.", "10.", "AS", "TD", "ac", "10H", "K♥", "X", "C", "66", "KH+20", "QS+40",
        "KD+30", "!", "?", "!?", "$4", "{", "}", "{note}", "(", ")", ";", "*", "[", "]",
        '[Deck "' + DECK + '"]', '[Dealer "A"]', '[Rules "strict"]', '[Match "m"]',
        '[Result "A 1"]',
        '[Score "7-7"]', '[Deal "2"]', "\n", "\n\n", "\\", '"', "@",
        "\x00", "é", "+"]


def read_all(text: str) -> list[psn.Record]:
    recs = psn.loads(text)
    for r in recs:
        r.check_dict()
        str(r)
        psn.dumps([r], compact=True)
        for e in r.errors:
            assert e.line >= 1 and e.col >= 1 and e.rule and e.message
    return recs


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(SOUP), max_size=60), st.randoms(use_true_random=False))
def test_token_soup_never_raises(tokens: list[str], rnd: random.Random) -> None:
    text = "".join(t + rnd.choice(["", " ", "  ", "\n"]) for t in tokens)
    read_all(text)
    read_all('[Deck "' + DECK + '"]\n\n' + text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data: bytes) -> None:
    read_all(data.decode("utf-8", errors="replace"))


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=1, max_size=300))
def test_random_files_through_the_cli(tmp_path_factory, data: bytes) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path_factory.mktemp("fuzz") / "x.psn"
    f.write_bytes(data)
    assert main(["check", "--json", str(f)]) in (0, 1, 2)
