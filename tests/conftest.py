"""Shared fixtures: paths to test data and a deck builder for rule tests.

Under CI (``CI`` set and not false) a skipped test fails the run: every test must run
there, module-level ``importorskip`` included.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from schnapsen_lab.cards import PACK20, Card, parse_cards

# The tests read the widgets' English texts: the default language follows the locale
# (schnapsen_lab.i18n), so pin it here, for this process and the kernels it starts.
os.environ["LANGUAGE"] = "en"

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent


def shipped_notebooks() -> list[Path]:
    """The notebooks the project ships: those git tracks in notebooks/ (a notebook a user
    saved there is theirs, not the project's); every notebook there outside a git
    checkout."""
    import subprocess

    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", "notebooks/*.ipynb"], cwd=ROOT,
                             capture_output=True, text=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    tracked = sorted(ROOT / p for p in out.split("\0") if p)
    return tracked or sorted((ROOT / "notebooks").glob("*.ipynb"))


def build_deck(forehand: str, dealer: str, indicator: str, talon: str = "") -> list[Card]:
    """A deck order (S3) that deals these cards: forehand's five, dealer's five, the
    indicator, then the talon top first; unnamed cards fill the rest of the talon."""
    fh, dl = parse_cards(forehand), parse_cards(dealer)
    ind = parse_cards(indicator)
    tal = parse_cards(talon)
    assert len(fh) == 5 and len(dl) == 5 and len(ind) == 1
    used = set(fh) | set(dl) | set(ind) | set(tal)
    assert len(used) == 11 + len(tal), "a card is named twice"
    rest = [c for c in PACK20.cards if c not in used]
    tal = tal + rest
    deck: Sequence[Card] = [*fh[:3], *dl[:3], ind[0], *fh[3:], *dl[3:], *tal]
    assert len(deck) == 20
    return list(deck)


@pytest.fixture
def data_dir() -> Path:
    """The folder of test data."""
    return DATA


def _every_test_must_run() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _skipped(config: pytest.Config) -> list[Any]:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return list(reporter.stats.get("skipped", [])) if reporter is not None else []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under CI, a run that skipped anything fails (the skips are listed by ``-ra``)."""
    if _every_test_must_run() and _skipped(session.config) and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    """Say why a CI run with skips failed."""
    skipped = _skipped(config)
    if _every_test_must_run() and skipped:
        terminalreporter.write_line(
            f"FAILED: {len(skipped)} skipped under CI, where every test must run "
            "(see the skip reasons above)", red=True, bold=True)


def wait_until_pool_works(pid: int, jobs: int, limit: float = 600.0) -> None:
    """Wait until process ``pid`` runs a multiprocessing pool of ``jobs`` workers that are
    at work: its three pool threads started (``Pool.__init__`` is over, so the process is
    inside ``pool.imap``) and every worker has used CPU time. A condition, not a clock:
    it holds as soon as it can on a quiet machine and waits as long as needed on a loaded
    one (``limit`` only stops a test that would otherwise hang; Linux ``/proc``)."""
    import time

    proc = Path(f"/proc/{pid}")
    deadline = time.monotonic() + limit

    def threads() -> int:
        for line in (proc / "status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
        return 0

    def busy_workers() -> int:
        kids = (proc / "task" / str(pid) / "children").read_text().split()
        busy = 0
        for k in kids:
            try:
                fields = Path(f"/proc/{k}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            busy += int(fields[11]) + int(fields[12]) > 0  # utime + stime, in ticks
        return busy

    while True:
        try:
            if threads() >= 4 and busy_workers() >= jobs:
                return
        except OSError as e:  # the process is gone
            raise AssertionError(f"process {pid} ended before its pool worked") from e
        if time.monotonic() > deadline:
            raise AssertionError(f"process {pid}: no working pool of {jobs} after {limit} s")
        time.sleep(0.02)

