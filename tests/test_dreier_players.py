"""Dreierschnapsen's players and self-play: what a seat sees, the heuristic's calls,
lay-away and cooperating defence, the registry's names, whole matches that check, and
the command line."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import parse_card
from schnapsen_lab.games.dreier.players import (
    HeuristicDreierPlayer,
    RandomDreierPlayer,
    talon_odds,
    view,
)
from schnapsen_lab.games.dreier.rules import DREIER, Call, Kind, Phase, Position
from schnapsen_lab.games.dreier.selfplay import match_text, play_match
from schnapsen_lab.players import make_player, player_names
from schnapsen_lab.tricks import NO_TRUMP


def deck_for(a: str, b: str, c: str, talon: str) -> list[str]:
    """The deck (dealer C, forehand A) that deals these six cards to A, B and C (first
    three the first packet) and the talon (3D2)."""
    x, y, z, t = a.split(), b.split(), c.split(), talon.split()
    return [*x[:3], *y[:3], *z[:3], *t, *x[3:], *y[3:], *z[3:]]


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


HEUR = HeuristicDreierPlayer()
RNG = random.Random(0)


def test_the_players_are_found_by_the_names_of_the_other_games() -> None:
    assert {"random", "heuristic"} <= set(player_names("dreier"))
    assert isinstance(make_player("heuristic", "dreier"), HeuristicDreierPlayer)
    assert isinstance(make_player("random", "dreierschnapsen"), RandomDreierPlayer)


def test_a_seat_sees_its_hand_and_the_declarer_alone_the_talon() -> None:
    """3R1: forehand fixes trump on his first three cards (the others too have only
    their first packet to go by); 3T3: the talon and the cards laid away are the
    declarer's secret."""
    deck = deck_for("AH KH JH JD AC TC", "TD AS TS KC QC JC", "AD QD KS QH TH KD", "QS JS")
    p = Position.deal(deck, 2)
    assert view(p, 0).hand == mask("AH KH JH")
    assert view(p, 1).hand == mask("TD AS TS")
    assert view(p.replay(["T:H"])[-1], 1).hand == mask("TD AS TS KC QC JC")
    p = p.replay(["T:H", "weiter", "weiter", "weiter", "L:QS", "L:JS"])[-1]
    me, him = view(p, 0), view(p, 1)
    assert me.talon == mask("QS JS") and me.laid == mask("QS JS")
    assert not me.unknown & mask("QS JS") and not me.unseen & mask("QS JS")
    assert him.talon == 0 and him.laid == 0 and him.unknown & mask("QS JS") == mask("QS JS")
    assert me.teammates == 0b001 and him.teammates == 0b110


def test_talon_odds_count_the_pairs_that_make_a_contract() -> None:
    """Rule 2: six top cards make Gang whatever the talon; one talon card short of a
    Bauernschnapser needs that card (13 of the 91 pairs)."""
    hand = mask("AC TC AD TD AS TS")
    unknown = ((1 << 20) - 1) & ~hand
    odds = talon_odds(hand, unknown, 0, [Call.GANG, Call.BAUERNSCHNAPSER])
    assert odds[Call.GANG] == 1.0
    assert odds[Call.BAUERNSCHNAPSER] == pytest.approx(13 / 91)
    low = mask("JC QC JD QD JS QS")
    assert talon_odds(low, ((1 << 20) - 1) & ~low, NO_TRUMP, [Call.BETTLER])[Call.BETTLER] == 1


def _calls_at(deck: list[str], *before: str) -> Position:
    p = Position.deal(deck, 2)
    for t in before:
        p = p.play(t)
    return p


def test_the_heuristic_calls_gang_and_bettler_from_its_hand() -> None:
    gang = _calls_at(deck_for("AC TC AD TD AS TS", "KC QC JC KD QD JD", "AH TH KH QH JH KS",
                              "QS JS"), "T:C")
    a = HEUR.act(view(gang, 0), RNG)
    assert a is not None and a.call is Call.GANG
    bettler = _calls_at(deck_for("JC QC JD QD JS QS", "AC TC KC AD TD KD", "AH TH KH QH JH AS",
                                 "TS KS"), "T:C")
    a = HEUR.act(view(bettler, 0), RNG)
    assert a is not None and a.call is Call.BETTLER
    weak = _calls_at(deck_for("QC JD KS JS QH KD", "AC TC KC AD TD QD", "AH TH KH JC JH AS",
                              "TS QS"), "T:C")
    a = HEUR.act(view(weak, 0), RNG)
    assert a is not None and a.call is Call.WEITER


def test_the_declarer_lays_away_short_suit_losers_and_keeps_trumps_and_aces() -> None:
    """Rule 4: with three trumps, a side ace and two lone low side cards it lays away
    the two that leave a void (5 points, not more) and keeps the trumps and the ace."""
    deck = deck_for("AH TH KH AC TC JS", "TD AS TS KC QC JC", "AD QD KS QH JH KD", "QS JD")
    p = Position.deal(deck, 2).replay(["T:H", "weiter", "weiter", "weiter"])[-1]
    assert p.phase == Phase.TALON
    laid: list[str] = []
    for _ in range(2):
        a = HEUR.act(view(p, 0), RNG)
        assert a is not None and a.kind is Kind.LAYAWAY
        laid.append(str(a.card))
        p = p.play(a)
    assert sorted(laid) == ["JD", "JS"] or sorted(laid) == ["JS", "QS"], laid
    kept = p.hands[0]
    assert kept & mask("AH TH KH AC") == mask("AH TH KH AC")


def test_a_defender_does_not_overtake_its_partner_and_smears_points() -> None:
    """Rule 8: B's ten wins the trick surely (C plays last): C gives its king, the most
    points it may give without beating the ten, and keeps its ace."""
    deck = deck_for("AH KH JH JD AC TC", "TD AS TS KC QC JC", "AD QD KS QH TH KD", "QS JS")
    p = Position.deal(deck, 2).replay(
        ["T:H", "weiter", "weiter", "weiter", "L:QS", "L:JS", "JD", "TD"])[-1]
    assert p.turn == 2 and {str(a.card) for a in p.legal_actions()} == {"AD", "QD", "KD"}
    a = HEUR.act(view(p, 2), RNG)
    assert a is not None and str(a.card) == "KD"


def test_a_defender_leads_through_the_declarer() -> None:
    """Rule 7: with no sure winner and the declarer next, the defender leads its cheapest
    side card of a suit the declarer may hold (C leads, A plays second, B last)."""
    deck = deck_for("AH KH JH JD AC TC", "TD AS TS KC QC KD", "AD QD KS QH TH JC", "QS JS")
    p = Position.deal(deck, 2).replay(
        ["T:H", "weiter", "weiter", "weiter", "L:QS", "L:JS", "JD", "TD", "AD"])[-1]
    assert p.turn == 2 and p.leader == 2 and p.declarer == (2 + 1) % 3
    a = HEUR.act(view(p, 2), RNG)
    assert a is not None and a.kind is Kind.PLAY and str(a.card) == "JC"


def test_the_bettler_declarer_leads_low_and_ducks() -> None:
    """Rule 6: the Bettler declarer leads the card with the most higher cards out, and
    follows with the highest card that stays under the trick's best."""
    deck = deck_for("JC QC JD QD JS KS", "AC TC KC AD TD KD", "AH TH KH QH JH AS",
                    "TS QS")
    p = Position.deal(deck, 2).replay(["T:C", "bettler", "weiter", "weiter",
                                       "L:KS", "L:TS"])[-1]
    a = HEUR.act(view(p, 0), RNG)
    assert a is not None and str(a.card) == "JD"
    p = p.replay(["JD", "KD", "AH", "TC", "JH"])[-1]
    assert p.turn == 0 and p.outcome is None
    a = HEUR.act(view(p, 0), RNG)
    assert a is not None and str(a.card) == "QC"


def test_matches_check_and_are_the_same_for_a_seed() -> None:
    players = ("heuristic", "random", "heuristic")
    one = match_text(players, 7, 1, DREIER, "7-1", ("h A", "r B", "h C"))
    assert one == match_text(players, 7, 1, DREIER, "7-1", ("h A", "r B", "h C"))
    recs = psn.loads(one)
    assert recs and all(r.ok for r in recs), [r.errors for r in recs if not r.ok]
    assert recs[0].tags["Score"] == "0-0-0"
    dealers = [r.tags["Dealer"] for r in recs]
    order = "ABC"
    assert all(order[(order.index(x) + 1) % 3] == y for x, y in itertools.pairwise(dealers))
    assert recs[-1].match_winners
    m = play_match(players, 7, 1)
    assert max(m.counters.values()) >= 24 and len(m.deals) == len(recs)


def test_the_heuristic_beats_random_players() -> None:
    won = 0
    for n in range(1, 31):
        m = play_match(("heuristic", "random", "random"), 3, n)
        won += "A" in m.winners
    assert won >= 20, won


def test_simulate_variant_dreier_writes_records_that_check(tmp_path: Path) -> None:
    out = tmp_path / "d.psn"
    cmd = [sys.executable, "-m", "schnapsen_lab.cli", "simulate", "--variant", "dreier",
           "--players", "heuristic,random,random", "--matches", "4", "--seed", "9",
           "--jobs", "1", "-q", "-o", str(out)]
    assert subprocess.run(cmd, capture_output=True, text=True).returncode == 0
    again = tmp_path / "e.psn"
    cmd[-1] = str(again)
    assert subprocess.run(cmd, capture_output=True, text=True).returncode == 0
    assert out.read_bytes() == again.read_bytes()
    done = subprocess.run([sys.executable, "-m", "schnapsen_lab.cli", "check", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    recs = psn.load(out)
    assert {r.tags["Match"] for r in recs} == {"9-1", "9-2", "9-3", "9-4"}
    assert recs[0].tags["PlayerA"] == "heuristic" and recs[0].tags["PlayerB"] == "random B"


def test_leading_through_the_declarer_keeps_out_of_his_void() -> None:
    """Rule 7: the declarer (A, next to play) showed a void in clubs at trick 2 by
    trumping; the defender leads a heart, not the club the cheapest-card rule picks."""
    deck = "KC QS JH TC KS QH TS QC AC TD AS QD JC TH JD JS AD KD AH KH".split()
    p = Position.deal(deck, 2).replay(
        "T:up weiter weiter weiter L:JC L:KC JH QH KH QC QD TC QS KS TS".split())[-1]
    assert p.declarer == 0 and (p.turn + 1) % 3 == 0 and p.voids[0] >> 0 & 1
    v = view(p, p.turn)
    plays = [a for a in v.legal if a.kind is Kind.PLAY]
    trump = int(v.trump) if v.trump is not None else NO_TRUMP
    assert str(HEUR.cheapest(v, plays, trump).card) == "AC"
    a = HEUR.act(v, RNG)
    assert a is not None and str(a.card) == "AH"
