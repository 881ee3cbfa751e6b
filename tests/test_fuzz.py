"""Hostile input: random bytes, token soup, and a seeded mutation fuzz through ``fmt``.

Every registered game is under fire (issue 51 section 3): the seeds are valid records of
each game and profile of the registry (:mod:`tests.game_seeds`: random deals, the
conformance cases, a self-played match), and the soup and the mutations carry every
game's Variant, Rules, seats, name tags and pack (24-card decks, nines), a standoff's
``=`` and Dreierschnapsen's three seats and lay-away tokens (``L:QS``).

The mutation fuzz builds files of valid records and mutated ones (at least 100,000
mutated records by default; ``SCHNAPSEN_FUZZ_INPUTS`` asks for more, ``SCHNAPSEN_FUZZ_SEED``
picks another seed) and asserts, for every file: reading raises nothing; ``fmt`` and
``fmt --compact`` give back as many records as were read; every record with an error is
written back as its text, byte for byte (in the compact form possibly on one line);
every error-free record reads back equal (read(write(r)) == r); and a valid record
after a blank line is never lost to a broken neighbour.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games import games

from .game_seeds import Seed, seeds, snippets

DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"
SOUP = ["1.", "2.", "10.", "AS", "TD", "ac", "10H", "K♥", "X", "C", "66", "KH+20", "QS+40",
        "KD+30", "!", "?", "!?", "$4", "{", "}", "{note}", "(", ")", ";", "*", "[", "]",
        '[Deck "' + DECK + '"]', '[Dealer "A"]', '[Rules "strict"]', '[Match "m"]',
        '[Result "A 1"]',
        '[Score "7-7"]', '[Deal "2"]', "\n", "\n\n", "\\", '"', "@",
        "\x00", "é", "+", '[Variant "bauern"]', '[Dealer "N"]', '[Cut "knock"]',
        '[Rules "bauern-called"]', '[Score "0-0"]', '[Result "NS 2"]', "T:H", "T:up",
        "P:AS", "weiter", "spritze", "schnapser", "gang", "3.10H", "1.AS", *snippets()]

FUZZ_INPUTS = int(os.environ.get("SCHNAPSEN_FUZZ_INPUTS", "100000"))
FUZZ_SEED = int(os.environ.get("SCHNAPSEN_FUZZ_SEED", "20261130"))
MUTATED_PER_FILE = 6
VALID_PER_FILE = 3


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


# -- the mutation fuzz ---------------------------------------------------------------------------

BIG = "9" * 5000
SNIPPETS = ["{", "}", "(", ")", ";", "[", "]", '"', "\\", "$", "!", "?", "*", "\n", "\n\n",
            " ", ".", "0", "7", "X", "C", "66", "AS", "qh", "K♥", "10C", "+20", "é", "\ufeff",
            "\r", "\t", "$" + BIG, BIG + ".", "$256", "{a } b}", "; note }", "(KH)", "()",
            '[Match "m9"]', '\n[Match "m9"]\n', '\n\n[Event "x"]\n', '[Café "ä"]', "\x00",
            "C!", "C! $2", "$13", "{", "{{", "}}", "((", "))", '[Deck "AS"]', '[Result "A 3"]',
            '[Variant "bauern"]', '[Variant "x"]', '[Cut "knock"]', '[Dealer "W"]', "T:S",
            "T:up", "P:KH", "weiter", "spritze", "bauernschnapser", "2.10C", "NS",
            '[Rules "bauern2"]', '[Rules "bauern-called"]', '[Score "0-0-0-0"]', *snippets()]


def pool(rng: random.Random, n: int = 240) -> list[tuple[str, psn.Record, bool]]:
    """Valid texts of every registered game (:func:`tests.game_seeds.seeds`), as many of
    each game: each text, its first record as read back alone, and whether it is one
    record outside any match (its validity then depends on its text alone). A
    self-played match (several records) is one text in twenty."""
    by_game: dict[str, list[Seed]] = {}
    matches: dict[str, list[Seed]] = {}
    for sd in seeds():
        (by_game if sd.alone else matches).setdefault(sd.game, []).append(sd)
    keys = [g.key for g in games()]
    assert set(by_game) == set(keys), (sorted(by_game), keys)  # every game has seeds
    out = []
    for k in range(n):
        key = keys[k % len(keys)]
        some = matches.get(key) if k % 20 == 19 else None
        sd = rng.choice(some or by_game[key])
        out.append((sd.text, sd.records[0], sd.alone and len(sd.records) == 1))
    return out


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three random edits: characters and snippets inserted,
    deleted or replaced, lines doubled, dropped or joined, tokens swapped, a cut."""
    for _ in range(rng.randint(1, 3)):
        n = len(text)
        kind = rng.randrange(10)
        i = rng.randrange(n + 1)
        if kind <= 2:
            text = text[:i] + rng.choice(SNIPPETS) + text[i:]
        elif kind == 3 and n:
            j = min(n, i + rng.randint(1, 8))
            text = text[:i] + text[j:]
        elif kind == 4 and n:
            text = text[:i] + rng.choice(SNIPPETS) + text[i + 1:]
        elif kind == 5:
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            text = "\n".join(lines)
        elif kind == 6:
            lines = text.split("\n")
            if len(lines) > 1:
                del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif kind == 7:
            text = text.replace("\n", rng.choice([" ", "", "\r\n", "\n\n"]), 1)
        elif kind == 8:
            words = text.split(" ")
            if len(words) > 2:
                k = rng.randrange(len(words) - 1)
                words[k], words[k + 1] = words[k + 1], words[k]
            text = " ".join(words)
        else:
            text = text[:i]
    return text


def joined(text: str) -> str:
    return re.sub(r"\r\n|\r|\n", " ", text)


def check_file(text: str, survivors: list[psn.Record], counts: Counter[str]) -> None:
    """Every promise of fmt for one file (see the module's docstring)."""
    recs = psn.loads(text)
    counts["records"] += len(recs)
    for r in recs:
        counts[f"{r.game.key} records"] += 1
    valid = [r for r in recs if not r.errors]
    for want in survivors:  # no valid record is lost to a broken neighbour
        assert want in valid, (text, want)
    for compact in (False, True):
        out = psn.dumps(recs, compact=compact)
        again = psn.loads(out)
        assert len(again) == len(recs), (text, out)
        for r, r2 in zip(recs, again, strict=True):
            if r.errors:
                assert r.source is not None and r2.source is not None
                assert r.source in text  # byte order marks kept
                assert r2.source == r.source or (compact and r2.source == joined(r.source)), \
                    (text, out, r.source, r2.source)
                assert sorted((e.rule, e.message) for e in r2.errors) == \
                    sorted((e.rule, e.message) for e in r.errors), (text, out)
                counts["invalid kept verbatim"] += not compact
            else:
                assert not r2.errors and r2 == r, (text, out, r2.errors)
                counts["valid round trips"] += not compact
        assert psn.dumps(again, compact=compact) == out, (text, out)  # fmt twice: no change


def test_mutation_fuzz_loses_nothing_through_fmt() -> None:
    rng = random.Random(FUZZ_SEED)
    texts = pool(rng)
    counts: Counter[str] = Counter()
    while counts["inputs"] < FUZZ_INPUTS:
        parts: list[str] = []
        candidates: list[tuple[int, psn.Record]] = []
        picks = [True] * MUTATED_PER_FILE + [False] * VALID_PER_FILE
        rng.shuffle(picks)
        for mutated in picks:
            text, rec, alone = texts[rng.randrange(len(texts))]
            sep = "\n\n" if rng.random() < 0.8 else "\n"
            if mutated:
                text = mutate(text, rng)
                counts["inputs"] += 1
            elif alone and (not parts or sep == "\n\n"):
                candidates.append((len(parts), rec))
            parts.append(text)
            if len(parts) > 1:
                parts[-2] += sep
        if rng.random() < 0.05:  # files saved with a BOM (two, after a careless join)
            parts[0] = "\ufeff" * rng.randint(1, 2) + parts[0]
        if rng.random() < 0.05 and len(parts) > 1:  # two such files joined: a mid-file BOM
            k = rng.randrange(1, len(parts))
            if parts[k - 1].endswith("\n"):
                parts[k] = "\ufeff" + parts[k]
        # A valid record after a blank line survives whatever comes before it; what comes
        # after it joins it unless it begins with a tag line, after the record's movetext
        # or a blank line (PSN.md).
        survivors = [rec for i, rec in candidates
                     if (rec.source_movetext or parts[i].endswith("\n\n"))
                     and next((t.lstrip()[:1] == "[" for t in parts[i + 1:] if t.strip()),
                              True)]
        text = "".join(parts)
        ends = rng.random()
        if ends < 0.05:  # a file with CR-only line ends (classic Mac)
            text = text.replace("\r\n", "\n").replace("\n", "\r")
            counts["CR-only files"] += 1
        elif ends < 0.10:  # CR LF (Windows)
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
            counts["CRLF files"] += 1
        check_file(text, survivors, counts)
        counts["files"] += 1
    for g in games():  # every registered game had its share
        assert counts[f"{g.key} records"] > FUZZ_INPUTS // (10 * len(games())), g.key
    assert counts["CR-only files"] > 0 and counts["CRLF files"] > 0
    print(f"\nfuzz (seed {FUZZ_SEED}): {counts['inputs']:,} mutated inputs in "
          f"{counts['files']:,} files; {counts['records']:,} records read, "
          f"{counts['invalid kept verbatim']:,} invalid ones kept verbatim and "
          f"{counts['valid round trips']:,} valid ones read back equal, through fmt and "
          f"fmt --compact; "
          + "; ".join(f"{counts[g.key + ' records']:,} {g.key}" for g in games()) + "; "
          f"{counts['CR-only files']:,} CR-only and {counts['CRLF files']:,} CRLF files")
    assert counts["invalid kept verbatim"] > FUZZ_INPUTS // 2
    assert counts["valid round trips"] > FUZZ_INPUTS // 2


def test_fuzzed_files_through_the_fmt_command(tmp_path: Path) -> None:
    rng = random.Random(FUZZ_SEED + 1)
    texts = pool(rng, 40)
    for k in range(60):
        parts = [mutate(t, rng) if rng.random() < 0.5 else t
                 for t, _, _ in (texts[rng.randrange(len(texts))] for _ in range(5))]
        src = tmp_path / f"in{k}.psn"
        text = "\n\n".join(parts).replace("\x00", "")  # NUL: a binary file to the CLI
        src.write_bytes(text.encode("utf-8"))
        recs = list(psn.read(src))
        for compact in (False, True):
            out = tmp_path / f"out{k}.psn"
            code = main(["fmt", str(src), "-o", str(out), *(["--compact"] if compact else [])])
            assert code == (1 if any(r.errors for r in recs) else 0)
            assert out.read_bytes().decode("utf-8") == psn.dumps(recs, compact=compact)
    assert sorted(os.listdir(tmp_path)) == sorted(f"{p}{k}.psn" for k in range(60)
                                                  for p in ("in", "out"))
