"""The head-to-head against the public MCTS bot (benchmarks/vs_mcts.py), in the parts that
run without that bot: its runs merge by Bummerl number, and the package never imports it."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vs_mcts", ROOT / "benchmarks" / "vs_mcts.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["vs_mcts"] = mod
    spec.loader.exec_module(mod)
    return mod


def _record(k: int, won: bool, player: str = "strong") -> dict[str, Any]:
    side = {"deals_won": 3, "points": 6, "closings": 1, "failed": 0, "seconds": [0.1, 0.3],
            "wall": [0.2, 0.4]}
    return {"k": k, "seed": 2026, "player": player, "ours_seat": "AB"[1 - k % 2],
            "first_dealer": "A", "mcts_commit": "2e047665" + "0" * 32, "aborted": None,
            "won": won, "counters": [0, 3] if won else [3, 0],
            "deals": [{"dealer": "A", "winner": "A", "points": 2, "rule": "G1",
                       "closer": None}] * 6,
            "ours": side, "mcts": side,
            "checks": {"states": 10, "rules": 9, "views": 4, "deals": 6, "hidden_views": 0,
                       "hidden_cards": 0, "failures": {}, "messages": []},
            "cpu_seconds": 30.0, "wall_seconds": 60.0}


def test_split_runs_merge_by_bummerl_and_a_torn_line_is_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vs = _bench()
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for k in (1, 2, 3):
        vs.write_line(a, _record(k, won=k != 2))
    for k in (3, 4):  # Bummerl 3 again (a rerun): counted once
        vs.write_line(b, _record(k, won=False))
    with b.open("a", encoding="utf-8") as f:
        f.write('{"k": 5, "seed": 2026, "pla')  # a line cut by a kill
    vs.write_line(b, _record(6, won=True))  # the next run's line starts a line of its own
    records = vs.read_lines([str(a), str(b)])
    assert [(r["k"], r["won"]) for r in records] == [(1, True), (2, False), (3, True),
                                                     (4, False), (6, True)]
    err = capsys.readouterr().err
    assert "b.jsonl:1: Bummerl ('strong', 2026, 3) again, skipped" in err
    assert "b.jsonl:3: not a JSON line, skipped" in err
    vs.report(records)
    out = capsys.readouterr().out
    assert "Bummerls won by strong: 3/5 = 60.0% (95% Wilson 23.1% .. 88.2%)" in out
    assert "deals won 15/30" in out and "closed 5 times, failed 0/5" in out
    assert "median 0.200 s, mean 0.200 s, max 0.30 s (10 decisions)" in out
    assert "no failure" in out


def test_the_package_never_imports_the_other_bot() -> None:
    """Its code (``ai``, ``model``, ``cython_mcts_player``) is the benchmark's only."""
    found = []
    for path in (ROOT / "schnapsen_lab").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom)
                     and node.level == 0 else [])
            found += [f"{path.name}: {n}" for n in names
                      if n.split(".")[0] in ("ai", "model") or "cython_mcts" in n]
    assert found == []
    assert "schnapsen-card-game" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_settings_are_applied_recorded_and_reported_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    vs = _bench()
    settings = vs.parse_settings(["samples=60", "second_look=200", "infer=1"])
    p = vs.make_player("strong", settings)
    assert (p.samples, p.second_look, p.infer) == (60, 200, True)
    with pytest.raises(SystemExit, match="no such setting"):
        vs.make_player("strong", {"samples_": 3})
    with pytest.raises(SystemExit, match="NAME=INTEGER"):
        vs.parse_settings(["samples"])
    tuned = [dict(_record(k, won=True), settings=settings, looks=[10, 4]) for k in (1, 2)]
    # two closings of ours (seat A in Bummerl 1): the plan won 85% and 100% of hands
    tuned[0]["deals"] = [{"dealer": "A", "winner": "B", "points": 2, "rule": "C3",
                          "closer": "A"},
                         {"dealer": "B", "winner": "A", "points": 3, "rule": "C4",
                          "closer": "A"}]
    tuned[0]["closing_plans"] = [[0.8, 0.85], [2.1, 1.0]]
    tuned[1]["closing_plans"] = []
    records = [_record(1, won=False), *tuned]
    vs.report(records)
    out = capsys.readouterr().out
    assert "Bummerls won by strong: 0/1" in out
    assert "Bummerls won by strong infer=1 samples=60 second_look=200: 2/2" in out
    assert "decisions by sampled worlds: 20, of which 8 (40%) were close calls" in out
    assert "closings whose plan wins 80-90%: 1, failed 1/1" in out
    assert "closings whose plan wins all (>= 99%): 1, failed 0/1" in out


def test_two_runs_on_the_same_bummerls_are_compared_pair_by_pair(
        capsys: pytest.CaptureFixture[str]) -> None:
    vs = _bench()
    base = [_record(k, won=k in (1, 2, 3)) for k in (1, 2, 3, 4, 5)]
    tuned = [dict(_record(k, won=k in (1, 4, 5, 6)), settings={"close_share": 80})
             for k in (1, 2, 3, 4, 5, 6)]
    tuned[0]["deals"] = tuned[0]["deals"][:5]  # Bummerl 1 went otherwise (and both won it)
    vs.report([*base, *tuned])
    out = capsys.readouterr().out
    assert ("paired on the same 5 Bummerls: strong won 3, strong close_share=80 won 3; "
            "only strong: 2, only strong close_share=80: 2 (two-sided sign test "
            "p = 1.000); the same deals in 4") in out
    assert vs.sign_test(0, 10) == pytest.approx(2 / 1024)
    assert vs.sign_test(9, 10) == pytest.approx(22 / 1024)
    assert vs.sign_test(0, 0) == 1.0


def test_habits_count_what_the_inference_models_assume() -> None:
    """A lead tells whether the leader exchanged the trump jack when it could, and whether
    it led a king or queen whose marriage it could announce without announcing it."""
    from schnapsen_lab.cards import Card, Rank, Suit
    from schnapsen_lab.games.twohand.rules import EXCHANGE, marriage, play

    vs = _bench()
    kh, qh, ac = Card.of(Rank.K, Suit.H), Card.of(Rank.Q, Suit.H), Card.of(Rank.A, Suit.C)
    legal = [EXCHANGE, play(kh), play(qh), play(ac), marriage(kh, 20), marriage(qh, 20)]
    assert vs.habits(legal, EXCHANGE) == {"exchange": 1, "exchanged": 1}
    assert vs.habits(legal, play(ac)) == {"exchange": 1, "exchanged": 0}
    assert vs.habits(legal, play(kh)) == {"exchange": 1, "exchanged": 0, "marriage_lead": 1,
                                          "unannounced": 1}
    assert vs.habits(legal[1:], marriage(qh, 20)) == {"marriage_lead": 1, "unannounced": 0}
    assert vs.habits([play(kh), play(ac)], play(kh)) == {}


def test_the_report_says_how_the_deals_ended(capsys: pytest.CaptureFixture[str]) -> None:
    """Deals closed by ours, by the bot and by nobody, with the wins of each side and the
    wins by one game point."""
    vs = _bench()
    r = _record(2, won=True)  # ours is B
    r["deals"] = [{"dealer": "A", "winner": "B", "points": 2, "rule": "C2", "closer": "B"},
                  {"dealer": "B", "winner": "A", "points": 2, "rule": "C3", "closer": "B"},
                  {"dealer": "A", "winner": "A", "points": 1, "rule": "G1", "closer": None},
                  {"dealer": "B", "winner": "A", "points": 1, "rule": "G1", "closer": None},
                  {"dealer": "A", "winner": "B", "points": 1, "rule": "G3", "closer": None},
                  {"dealer": "B", "winner": "A", "points": 3, "rule": "C2", "closer": "A"}]
    ends = vs.endings([r])
    assert ends["ours"] == {"ours": 1, "mcts": 1}
    assert ends["mcts"] == {"mcts": 1}
    assert ends["none"] == {"ours": 1, "ours 1": 1, "mcts": 2, "mcts 1": 2}
    vs.report([r])
    out = capsys.readouterr().out
    assert "closed by strong: 2 deals; ours won 1/2 = 50.0%" in out
    assert ("not closed (66 reached, or the last trick): 3 deals; ours won 1/3 = 33.3% "
            "(95% Wilson") in out and "(1 by one), mcts 2 (2 by one)" in out


def test_the_deals_are_kept_as_psn_and_written_out(tmp_path: Path) -> None:
    """Each Bummerl's line keeps its deals as PSN, our player's reasons as comments after
    its choices; ``--summary ... --psn FILE`` writes the deals of all the lines read, and
    ``check`` accepts the file."""
    import json
    import random

    from schnapsen_lab import psn
    from schnapsen_lab.cli import main
    from schnapsen_lab.games.twohand.rules import CLAIM, Position, Seat

    vs = _bench()
    deck = list(range(20))
    random.Random(8).shuffle(deck)
    pos = Position.deal(deck, Seat.A)
    actions = []
    rng = random.Random(2)
    while pos.outcome is None:
        legal = pos.legal_actions()
        a = CLAIM if CLAIM in legal else rng.choice(legal)
        actions.append(a)
        pos = pos.play(a)
    notes = ["game points over 60 sampled worlds: AH (+1.00)"] + [None] * (len(actions) - 1)
    rec = vs.deal_record(deck, Seat.A, actions, notes, ["strong", "mcts 2e047665"],
                         "2026-3", 1)
    assert rec.ok and rec.tags["Match"] == "2026-3" and rec.tags["PlayerB"] == "mcts 2e047665"
    assert rec.main.moves[0].comments == ["game points over 60 sampled worlds: AH (+1.00)"]
    lines = tmp_path / "run.jsonl"
    with lines.open("w", encoding="utf-8") as f:
        for k in (1, 2):
            r = _record(k, won=k == 1)
            r["psn"] = psn.dumps([rec]) if k == 1 else ""
            f.write(json.dumps(r) + "\n")
    out = tmp_path / "deals.psn"
    assert vs.main(["--summary", str(lines), "--psn", str(out)]) == 0
    [back] = list(psn.read(out))
    assert back.actions == rec.actions and back.main.moves[0].comments == notes[:1]
    assert main(["check", str(out)]) == 0


def test_luck_sets_each_deal_against_its_double_dummy_value() -> None:
    """``--luck``: a deal played by both sides at their best (every card known) ends at
    its double-dummy value and gives nothing away; one action below the best gives away
    exactly its difference, counted for the side that chose it."""
    import random

    from schnapsen_lab import psn
    from schnapsen_lab.games.twohand.rules import Position, Seat
    from schnapsen_lab.solver.api import action_values, best_actions, solve

    vs = _bench()
    deck = list(range(20))
    random.Random(13).shuffle(deck)  # the talon stays open for 11 decisions
    start = Position.deal(deck, Seat.A)
    value = solve(start)

    def played(slip: bool) -> tuple[list[Any], int, str, int]:
        pos, actions, given, who, size = start, [], 0, "", 0
        while best_actions(pos):  # to the end, the claim after the last trick included
            legal = pos.legal_actions()
            best = best_actions(pos)[0]
            a = best
            if slip and not given and pos.talon_open and len(legal) > 1:
                values = action_values(pos)
                s = 1 if pos.to_move is Seat.A else -1
                worse = [b for b in values if s * values[b] < s * values[best]]
                if worse:
                    a = worse[0]
                    given = s * (values[best] - values[a])
                    who = "ours" if pos.to_move is Seat.B else "mcts"
                    size = pos.talon_size
            actions.append(a)
            pos = pos.play(a)
        return actions, given, who, size

    for slip in (False, True):
        actions, given, who, size = played(slip)
        rec = vs.deal_record(deck, Seat.A, actions, [None] * len(actions),
                             ["mcts 2e047665", "strong"], "2026-2", 1)
        line = _record(2, won=False)  # ours in B
        line["psn"] = psn.dumps([rec])
        lk = vs.luck([line])
        [(result, dd, _, first)] = lk.deals
        assert dd == -value and first == "ours"  # A deals, B (ours) leads
        losses = {k: v for k, v in lk.losses.items() if any(v)}
        if not slip:
            assert result == dd and not losses and sum(map(len, lk.losses.values())) > 5
        else:
            assert given > 0 and sum(sum(v) for v in losses.values()) == given
            assert {k[0] for k in losses} == {who}
    lines = vs.luck_lines(lk, "ours")
    assert "luck-adjusted (1 deals" in lines[0]
    assert any(x.startswith(f"    {who}: leads {given:.3f} (1; 100.0% gave some away)")
               for x in lines), lines
    assert any(x.startswith("    all deals (1): game points a deal to ours") for x in lines)
    # by the cards in the talon: the slip alone, where it was made, and every open-talon
    # decision counted once
    assert {k: sum(v) for k, v in lk.talon.items() if any(v)} == {(who, "lead", size): given}
    assert sum(map(len, lk.talon.values())) == sum(
        len(v) for k, v in lk.losses.items() if k[1] in ("lead", "answer"))
    [row] = [x for x in lines if x.startswith(f"    {size} cards: ")]
    part = row.split(": ", 1)[1].split("; ")[0 if who == "ours" else 1]
    assert part.startswith(f"{who} leads ") and part.endswith(f"{given:.3f} a deal")


def test_luck_tells_a_closed_deal_before_at_and_after_its_closing() -> None:
    """``--luck`` on a closed deal: its value just before and just after the closing
    (every card known, for us), and a slip in the closed game counted for the side that
    made it, apart from the open-talon decisions."""
    import random

    from schnapsen_lab import psn
    from schnapsen_lab.games.twohand.rules import CLOSE, Position, Seat
    from schnapsen_lab.solver.api import action_values, best_actions, solve

    vs = _bench()
    found = 0
    for seed in range(40):
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos, actions, closing, given, who = Position.deal(deck, Seat.A), [], -1, 0, ""
        while best_actions(pos):
            legal = pos.legal_actions()
            a = best_actions(pos)[0]
            if closing < 0 and CLOSE in legal and len(actions) >= 2:
                a, closing = CLOSE, len(actions)
            elif closing >= 0 and not given and len(legal) > 1:
                values = action_values(pos)
                s = 1 if pos.to_move is Seat.A else -1
                worse = [b for b in values if s * values[b] < s * values[a]]
                if worse:
                    a = worse[0]
                    given = s * (values[best_actions(pos)[0]] - values[a])
                    who = "ours" if pos.to_move is Seat.B else "mcts"
            actions.append(a)
            pos = pos.play(a)
        if closing < 0 or not given:
            continue
        before = Position.deal(deck, Seat.A)
        for a in actions[:closing]:
            before = before.play(a)
        closer = "ours" if before.to_move is Seat.B else "mcts"
        rec = vs.deal_record(deck, Seat.A, actions, [None] * len(actions),
                             ["mcts 2e047665", "strong"], "2026-2", 1)
        line = _record(2, won=False)  # ours in B
        line["psn"] = psn.dumps([rec])
        lk = vs.luck([line])
        assert lk.closed == [(closer, -solve(before), -solve(before.play(CLOSE)))]
        assert [d[2] for d in lk.deals] == [closer]
        closed = {k: v for k, v in lk.losses.items() if k[1].startswith("closed")}
        assert set(closed) <= {("ours", f"closed by {closer}"), ("mcts", f"closed by {closer}")}
        assert sum(sum(v) for v in closed.values()) == given
        assert sum(closed[(who, f"closed by {closer}")]) == given
        lines = vs.luck_lines(lk, "ours")
        assert any(x.startswith(f"  closed by {closer} (1 deals; every card known, for ours): "
                                f"{-solve(before):+.3f} just before the closing") for x in lines)
        found += 1
        if found == 3:
            break
    assert found == 3


def test_closings_are_told_by_the_cards_in_the_talon() -> None:
    """The report counts each side's closings by the cards in the talon when it closed,
    and how many of them the closer lost; a deal nobody closed counts nowhere."""
    import random

    from schnapsen_lab import psn
    from schnapsen_lab.games.twohand.rules import CLOSE, Position, Seat
    from schnapsen_lab.solver.api import best_actions

    vs = _bench()
    recs, want = [], {}
    for seed in range(30):
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos, actions, closer, size = Position.deal(deck, Seat.A), [], None, 0
        close_at = 2 + 2 * (seed % 4)  # the closing comes after 1 to 4 tricks
        while pos.outcome is None:
            legal = pos.legal_actions()
            if closer is None and CLOSE in legal and len(actions) >= close_at and seed % 5:
                a = CLOSE
            else:  # the solver's choice, but closing only where the test asks
                a = next((b for b in best_actions(pos) if b is not CLOSE),
                         next(b for b in legal if b is not CLOSE))
            if a is CLOSE:
                closer, size = pos.to_move, pos.talon_size
            actions.append(a)
            pos = pos.play(a)
        if closer is not None:
            side = "ours" if closer is Seat.B else "mcts"
            counts = want.setdefault((side, size), [0, 0])
            counts[0] += 1
            counts[1] += pos.outcome.winner is not closer
        recs.append(vs.deal_record(deck, Seat.A, actions, [None] * len(actions),
                                   ["mcts 2e047665", "strong"], "2026-2", len(recs) + 1))
    line = _record(2, won=False)  # ours in B
    line["psn"] = psn.dumps(recs)
    by = vs.closings_by_talon([line])
    assert by == want
    assert len({k[1] for k in by}) > 1 and {k[0] for k in by} == {"ours", "mcts"}
    assert sum(n for n, _ in by.values()) < len(recs)  # some deals were not closed
    assert any(failed for _, failed in by.values())
    lines = vs.closings_by_talon_lines(by, "strong")
    for (side, size), (n, failed) in by.items():
        [row] = [x for x in lines if x.startswith(f"    {size} cards: ")]
        assert f"{'strong' if side == 'ours' else 'mcts'} {failed}/{n} = " in row
    assert vs.closings_by_talon_lines({}, "strong") == []


def test_redecide_takes_our_decisions_again_paired_and_judged_with_every_card_known(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--redecide``: each decision our player made in a kept deal is taken again from the
    same view; the choice made in play is judged as ``--luck`` judges it, the same player
    with the same settings draws the same worlds and changes nothing, and a choice that
    stayed gives away what it gave away before."""
    import random

    from schnapsen_lab import psn
    from schnapsen_lab.games.twohand.rules import CLAIM, ActionKind, Position, Seat
    from schnapsen_lab.solver.api import best_actions

    vs = _bench()
    deck = list(range(20))
    random.Random(13).shuffle(deck)
    pos, actions, rng, ours_moves = Position.deal(deck, Seat.A), [], random.Random(6), 0
    while best_actions(pos):  # both at random (the other never closing), then the claim
        legal = [a for a in pos.legal_actions() if a is not CLAIM]
        if pos.to_move is Seat.B and pos.outcome is None and len(legal) > 1:
            a = rng.choice(legal)  # ours (B): something to give away
            ours_moves += 1
        elif pos.outcome is None and legal:
            a = random.Random(42 + len(actions)).choice(
                [b for b in legal if b.kind is not ActionKind.CLOSE] or legal)
        else:
            a = best_actions(pos)[0]
        actions.append(a)
        pos = pos.play(a)
    rec = vs.deal_record(deck, Seat.A, actions, [None] * len(actions),
                         ["mcts 2e047665", "strong"], "2026-2", 1)
    line = _record(2, won=False)  # ours in B
    line["psn"] = psn.dumps([rec])
    fast = {"samples": 6}
    rd = vs.redecide([line], "strong", fast)
    assert rd.deals == 1 and len(rd.rows) == ours_moves > 5 and not rd.interrupted
    assert {x[0] for x in rd.rows} == {"lead", "answer", "talon gone"}
    lk = vs.luck([line])
    for role in ("lead", "answer"):
        then = sorted(x[1] for x in rd.rows if x[0] == role)
        assert then == sorted(lk.losses.get(("ours", role), []))
    assert sum(x[1] for x in rd.rows) > sum(x[2] for x in rd.rows)  # worlds beat chance
    assert all(x[1] == x[2] for x in rd.rows if not x[3])
    assert rd.rows == vs.redecide([line], "strong", fast).rows  # seeded: repeats exactly
    same = vs.redecide([line], "strong", fast, versus=fast)
    assert same.rows and all(not x[3] and x[1] == x[2] for x in same.rows)
    twice = dict(line, psn=psn.dumps([rec, rec]))
    assert vs.redecide([twice], "strong", fast).deals == 2
    assert vs.redecide([twice], "strong", fast, every=2).deals == 1
    assert vs.main(["--summary", "/dev/null", "--redecide", "--set", "samples=6"]) == 0
    text = capsys.readouterr().out
    assert "0 decisions of ours in 0 deals" in text
    with pytest.raises(SystemExit, match="--versus 'samples': expected NAME=INTEGER"):
        vs.main(["--summary", "/dev/null", "--redecide", "--versus", "samples"])
    lines = vs.redecided_lines(rd, "strong samples=6", "the choices made in play")
    assert lines[0].startswith(f"  {ours_moves} decisions of ours in 1 deals")
    assert any(x.startswith(f"    all ({ours_moves}): then ") for x in lines)


@pytest.mark.parametrize(("infer", "seed"), [(False, 19), (True, 74)], ids=["plain", "infer"])
def test_closings_sets_each_chance_to_close_against_its_plan_and_the_deal(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, infer: bool, seed: int) -> None:
    """``--closings``: every decision of ours where closing was legal (the exchange before
    it aside) is set against the best closing plan, the same plan our player valued when it
    closed, and against how the deal ended. With ``infer`` too: in the deal of seed 74 the
    opponent leads a king or queen without its marriage, and its partner is still unseen
    when ours closes, yet the plans agree, since what the player reads from a lead is kept
    only once the talon is gone."""
    import random

    from schnapsen_lab import psn
    from schnapsen_lab.games.twohand.knowledge import view
    from schnapsen_lab.games.twohand.rules import CLOSE, ActionKind, Position, Seat
    from schnapsen_lab.players.strong import StrongPlayer, unannounced_partner
    from schnapsen_lab.solver.api import best_actions

    vs = _bench()
    deck = list(range(20))
    random.Random(seed).shuffle(deck)
    pos, actions, rng = Position.deal(deck, Seat.A), [], random.Random(seed)
    ours = StrongPlayer(samples=6, seed=1, infer=infer)
    could = exchanged = 0  # our decisions where closing was legal: the choice, the exchange
    inferred = unseen = 0
    while pos.outcome is None or best_actions(pos):
        legal = pos.legal_actions()
        if pos.outcome is not None:
            a = best_actions(pos)[0]
        elif pos.to_move is Seat.A and len(legal) > 1:  # ours (A): the strong player
            v = view(pos, Seat.A, legal)
            inferred |= unannounced_partner(v)
            a = ours.act(v, rng)
            if a is CLOSE:
                unseen = inferred & v.unknown  # read from his lead, still unseen at closing
            could += CLOSE in legal and a.kind is not ActionKind.EXCHANGE
            exchanged += CLOSE in legal and a.kind is ActionKind.EXCHANGE
        else:  # the other at random, never closing
            a = random.Random(42 + len(actions)).choice(
                [b for b in legal if b.kind not in (ActionKind.CLOSE, ActionKind.CLAIM)]
                or legal)
        actions.append(a)
        pos = pos.play(a)
    assert CLOSE in actions and exchanged and len(ours.closings) == 1
    assert bool(unseen) is infer
    end = pos.outcome
    result = end.game_points if end.winner is Seat.A else -end.game_points
    rec = vs.deal_record(deck, Seat.A, actions, [None] * len(actions),
                         ["strong", "mcts 2e047665"], "2026-1", 1)
    line = _record(1, won=result > 0)  # ours in A
    line["psn"] = psn.dumps([rec])
    cl = vs.closings([line])
    assert cl.deals == 1 and len(cl.rows) == could > 1 and not cl.interrupted
    closed = [x for x in cl.rows if x[0]]
    mean, share = ours.closings[0]
    assert len(closed) == 1 and closed[0][1:3] == pytest.approx((share, mean))
    assert all(x[3] == result for x in cl.rows)
    assert all(x[2] >= 1 for x in cl.rows if x[1] == 1)  # won against every hand
    twice = dict(line, psn=psn.dumps([rec, rec]))
    assert vs.closings([twice]).deals == 2 and vs.closings([twice], every=2).deals == 1
    lines = vs.closings_lines(cl, "ours")
    assert lines[0].startswith(f"  closing, wherever ours could close ({could} decisions in 1")
    few = vs.Closings(rows=[(False, 0.6, 1.0, 2)] * 3 + [(False, 0.7, 1.0, -1)] * 2)
    assert vs.closings_lines(few, "ours")[1].endswith(
        "(5): plan +1.00, deal +0.80; deal - plan -0.200 (too few for an interval)")
    many = vs.Closings(rows=few.rows * 2)
    assert "(10): plan +1.00, deal +0.80; deal - plan -0.200 (95% " in vs.closings_lines(
        many, "ours")[1]
    vs.write_line(tmp_path / "run.jsonl", line)
    assert vs.main(["--summary", str(tmp_path / "run.jsonl"), "--closings"]) == 0
    assert lines[0] in capsys.readouterr().out.splitlines()
    with pytest.raises(SystemExit):
        vs.main(["--closings"])
    assert "--closings take the deals of --summary FILES" in capsys.readouterr().err


def test_the_expert_is_the_player_of_the_best_run() -> None:
    """``make_player("expert")`` is the Bummerl-aware strong player with the settings its
    head-to-head run recorded (docs/review.md: 165 of 300 Bummerls of seed 2038, the
    earlier expert with ``free_closing=4``), and says so by name."""
    from schnapsen_lab.players.registry import make_player
    from schnapsen_lab.players.strong_bummerl import ExpertPlayer

    # as the run's lines say: the earlier expert's settings and its --set
    run = {"samples": 60, "second_look": 200, "look_nodes": 4000000, "infer": 1,
           "close_share": 80, "lead_weight": 50, "reply_worlds": 6,
           "playout_talon": 6, "paired_playouts": 1, "last_closing": 1,
           "free_closing": 4}
    expert, measured = make_player("expert"), _bench().make_player("strong-bummerl", run)
    assert isinstance(expert, ExpertPlayer) and expert.name == "expert"
    mine, theirs, plain = (dict(vars(p)) for p in (expert, measured,
                                                   make_player("strong-bummerl")))
    assert mine.pop("_gen").getstate() == theirs.pop("_gen").getstate()
    assert mine == theirs
    plain.pop("_gen")
    assert plain != theirs  # the settings are not the default ones
