"""Every command of ``schnapsen-lab``, as a real process, shows what a record or a person
typed with its control characters escaped (issue 51, F4): tag values, names, the Deal
tag, file names given as input or to ``-o``, in reports, tables, JSON and error lines;
the two-player and the four-player review alike. One place does it
(:func:`schnapsen_lab.terminal.escaped_output`), so a command or a game's own part that
forgets cannot reach the terminal raw."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from schnapsen_lab.cli import COMMAND_MODULES
from schnapsen_lab.terminal import safe

from .conftest import DATA, ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
EVIL = "\033]0;PWNED\007\033[2J\u202e\b\b\x9b"
"""Retitle the terminal, clear it, turn the line around, erase, a C1 control."""
RAW = ("\033", "\007", "\u202e", "\b", "\x9b")
TWO = DATA / "conformance" / "valid.psn"
DECK = "AS TD AC JD QH QD QC TS JC QS JS JH KH TH KD AD KS TC AH KC"
FOUR = ROOT / "records" / "study" / "bauern-schnapser-two-tricks.psn"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Hostile inputs, in a folder and under names that hold the payload too."""
    folder = tmp_path_factory.mktemp("evil") / f"in{EVIL}"
    folder.mkdir()
    two = folder / f"two{EVIL}.psn"
    two.write_text(TWO.read_text(encoding="utf-8").replace('"Anna"', f'"Anna{EVIL}"')
                   .replace('[Match "', f'[Match "{EVIL}') + f'\n[Event "{EVIL}"]\n[Deck "{DECK}"]'
                   '\n\n1. X TS KH\n', encoding="utf-8")  # the last one breaks a rule
    four = folder / f"four{EVIL}.psn"
    four.write_text(FOUR.read_text(encoding="utf-8")
                    .replace('[North "Anna"]', f'[North "Anna{EVIL}"]')
                    .replace('[Dealer "N"]', '[Deal "\033[2J"]\n[Dealer "N"]'),
                    encoding="utf-8")
    return {"TWO": str(two), "FOUR": str(four), "DIR": str(folder),
            "MISSING": str(folder / f"no{EVIL}" / f"out{EVIL}.psn")}


CASES = [
    ["check", "TWO"], ["check", "--json", "TWO"], ["check", "FOUR"], ["check", "MISSING"],
    ["fmt", "TWO", "-o", "MISSING"], ["fmt", "MISSING"],
    ["replay", "TWO"], ["replay", "--json", "TWO"], ["replay", "FOUR"],
    ["replay", "TWO", "--record", "999"],
    ["html", "TWO", "-o", "DIR/page\033[2J.html"], ["html", "FOUR", "-o", "MISSING"],
    ["stats", "-q", "TWO", "FOUR"], ["stats", "-q", "TWO", "-o", "DIR/no\033/d.csv"],
    ["solve", "TWO", "--record", "999"], ["solve", "FOUR"],
    ["advise", "TWO", "--record", "999"], ["advise", "FOUR"],
    ["review", "TWO", "-s", "1", "--no-progress"], ["review", "TWO", "--record", "999"],
    ["review", "FOUR", "-s", "1"], ["review", "FOUR", "-s", "1", "--json"],
    ["review", "FOUR", "-s", "1", "-o", "DIR/x\033[2J.psn"],
    ["review", "TWO", "-s", "1", "--no-progress", "-o", "MISSING"],
    ["simulate", "--players", "random,random", "--names", f"{EVIL},{EVIL}", "-o", "-"],
    ["simulate", "--players", f"random{EVIL},random", "-o", "-"],
    ["equity", "--file", "MISSING"],
]


NOT_SHOWN = [["check", "FOUR"], ["replay", "--json", "TWO"]]
"""Cases whose output has no text of the record's (the summary, the moves)."""


def test_every_command_is_among_the_cases() -> None:
    assert {c[0] for c in CASES} == {"check", "fmt", *COMMAND_MODULES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: " ".join(c).replace(EVIL, "EVIL"))
def test_control_characters_never_reach_the_terminal(case: list[str],
                                                     files: dict[str, str]) -> None:
    args = [files.get(a, a).replace("DIR", files["DIR"]) for a in case]
    r = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", *args],
                       capture_output=True, env=ENV, check=False, timeout=300)
    out, err = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")
    assert "Traceback" not in err, err
    for stream in (out, err):
        assert not [c for c in RAW if c in stream], (case, stream[-400:])
    shown = out + err
    if case not in NOT_SHOWN:  # the payload was reached
        assert "\\x1b" in shown or "\\u001b" in shown, (case, shown[-400:])
    if "--json" in case:
        for line in out.splitlines():
            json.loads(line)  # the escaped line is still JSON


def test_the_four_player_review_shows_names_and_tags_escaped(files: dict[str, str]) -> None:
    r = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", "review", files["FOUR"],
                        "-s", "1"], capture_output=True, text=True, env=ENV, check=False,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"Anna{safe(EVIL)} (N)" in r.stdout


def test_data_asked_for_with_dash_o_is_written_as_it_is(files: dict[str, str]) -> None:
    """PSN and HTML on standard output are data: byte for byte, not escaped."""
    r = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", "fmt", files["TWO"],
                        "-o", "-"], capture_output=True, env=ENV, check=False, timeout=300)
    assert r.returncode == 1 and f"Anna{EVIL}".encode() in r.stdout  # 1: the broken one


def test_whatever_is_printed_inside_the_command_line_is_escaped(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Not only the commands' own lines: any print there (a game's part, a library)."""
    from schnapsen_lab.terminal import data_stream, escaped_output

    with escaped_output():
        print(f"name {EVIL}")
        print(f"error {EVIL}", file=sys.stderr)
        data_stream().write(f"[PlayerA \"{EVIL}\"]\n")
    got = capsys.readouterr()
    assert got.out == f"name {safe(EVIL)}\n[PlayerA \"{EVIL}\"]\n"
    assert got.err == f"error {safe(EVIL)}\n"
    print(EVIL)  # outside the command line: as it is
    assert capsys.readouterr().out == EVIL + "\n"


def _game_keys() -> list[str]:
    from schnapsen_lab.games import games

    return [g.key for g in games()]


@pytest.mark.parametrize("command", [["check"], ["replay"], ["stats", "-q"]],
                         ids=lambda c: c[0])
@pytest.mark.parametrize("game", _game_keys())
def test_every_game_s_records_are_escaped(game: str, command: list[str],
                                          tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every registered game's records (each profile, from the registry), with the payload
    in every name tag and in one broken record, through the commands that show them."""
    from schnapsen_lab.games import game_named

    from .game_seeds import seeds

    g = game_named(game)
    mine = {s.profile: s for s in seeds() if s.game == game and s.alone}
    texts = []
    for sd in mine.values():
        text = sd.text
        for t in g.name_tags:
            text = re.sub(rf'\[{t} "(?:[^"\\]|\\.)*"\]\s?', "", text)
        sep = " " if "[Deck" in text.split("\n", 1)[0] else "\n"  # the compact form
        names = "".join(f'[{t} "{EVIL}"]{sep}' for t in g.name_tags)
        texts.append(text.replace("[Deck", names + "[Deck", 1))
    texts.append(f'[{g.name_tags[0]} "{EVIL}"]\n[Deck "{EVIL}"]\n\n1. {EVIL}')  # broken
    f = tmp_path_factory.mktemp("games") / f"{game}{EVIL}.psn"
    f.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", *command, str(f)],
                       capture_output=True, env=ENV, check=False, timeout=300)
    out, err = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")
    if command[0] == "stats" and not g.has_part("stats"):  # refused in one line, escaped
        assert r.returncode == 2 and "Traceback" not in err, err
        assert err.count("\n") == 1 and f"{g.title} has no stats" in err, err
    else:
        assert r.returncode in (0, 1) and "Traceback" not in err, err
    for stream in (out, err):
        assert not [c for c in RAW if c in stream], (command, stream[-400:])
    assert "\\x1b" in out + err, (command, (out + err)[-400:])  # the payload was reached
