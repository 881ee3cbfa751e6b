"""Who wins a match once it is decided, as each game declares it: in Dreierschnapsen the
highest counter (DREIER.md 3X1), not every counter that reached 24; in Bauernschnapsen
with called partners every player that reached the target (BC5)."""

from __future__ import annotations

from schnapsen_lab import psn
from schnapsen_lab.games.bauern.game import BAUERN_GAME
from schnapsen_lab.games.bauern.rules import BAUERN_CALLED
from schnapsen_lab.games.dreier.game import DREIER_GAME
from schnapsen_lab.games.dreier.rules import DREIER
from schnapsen_lab.match import MatchState

from .conftest import ROOT


def _dreier(*counters: int) -> MatchState:
    return MatchState(DREIER_GAME.match_rules(DREIER), counters, 0)


def test_the_highest_counter_wins_a_match_for_three() -> None:
    """3X1: two counters past 24 after the deciding deal: only the higher one wins."""
    assert _dreier(27, 25, 10).winners == ("A",)
    assert _dreier(24, 30, 24).winners == ("B",)
    assert _dreier(12, 26, 26).winners == ("B", "C")  # level at the top: a play-off
    assert _dreier(23, 23, 0).winners == () and not _dreier(23, 23, 0).is_decided


def test_called_partners_still_win_together() -> None:
    """BC5: with called partners every player that reached 21 wins (a side's two)."""
    rules = BAUERN_GAME.match_rules(BAUERN_CALLED)
    assert MatchState(rules, (22, 25, 3, 21), 0).winners == ("N", "E", "W")


def test_a_bundled_match_decided_with_two_counters_past_24() -> None:
    """Match 32-1 of the bundled collection ends at 29-6-27 (A and C, defenders, both
    past 24 with its tenth deal): A wins it alone (what ``check``, the statistics and
    the share page read)."""
    rec = next(r for r in psn.read(ROOT / "records" / "dreier-heuristic.psn")
               if r.match == "32-1" and r.deal == 10)
    assert rec.counters == (29, 6, 27)
    assert rec.match_winners == ("A",)
