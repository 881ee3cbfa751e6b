"""Closed-game plans: checked against every pure plan (brute force), against the plan read
back and played out by the engine, and on a position built to need a guess."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import TYPE_CHECKING

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import cards_in
from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    SOFT,
    Action,
    Position,
    Profile,
    Seat,
)
from schnapsen_lab.solver.plan import ClosedPlan, PlanStep, closed_plan, closed_stakes
from schnapsen_lab.solver.reference import claim_now, minimax
from schnapsen_lab.worlds import hidden_cards, inferred_absent, opponent_hands

from .conftest import ROOT
from .plan_brute import best_by_brute_force, worlds_of

if TYPE_CHECKING:
    from schnapsen_lab.solver.plan import PlanLine


def closed_positions(seed: int, cards: int, n: int, *, talons: tuple[int, ...] = (2,),
                     max_hands: int = 10, profile: Profile = SOFT) -> list[Position]:
    """``n`` positions of random deals, closed when the talon held one of ``talons``, then
    played at random until the player to move holds ``cards`` cards."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        deck = [int(c) for c in profile.pack.cards]
        rng.shuffle(deck)
        pos = Position.deal(deck, Seat(rng.randrange(2)), profile)
        close_at = rng.choice(talons)
        while pos.outcome is None and pos.closed_by < 0:
            legal = pos.legal_actions()
            if CLOSE in legal and pos.talon_size <= close_at:
                pos = pos.play(CLOSE)
                break
            pos = pos.play(rng.choice([a for a in legal if a not in (CLAIM, CLOSE)]))
        while pos.outcome is None and pos.closed_by >= 0:
            who = pos.to_move
            assert who is not None
            if len(pos.hand(who)) <= cards and claim_now(pos) is None:
                break
            pos = pos.play(rng.choice([a for a in pos.legal_actions() if a is not CLAIM]))
        if pos.outcome is not None or pos.closed_by < 0 or claim_now(pos) is not None:
            continue
        me = pos.to_move
        assert me is not None
        if len(list(opponent_hands(hidden_cards(pos, me)))) <= max_hands:
            out.append(pos)
    return out


def _hands(pos: Position, seat: int) -> list[int]:
    return list(opponent_hands(hidden_cards(pos, seat)))


@cache
def _small_cases() -> list[tuple[Position, int, list[int], ClosedPlan]]:
    out = []
    for pos in closed_positions(5, 3, 1500, talons=(2, 4)):
        me = pos.to_move
        assert me is not None
        hands = _hands(pos, me)
        out.append((pos, int(me), hands, closed_plan(pos, me, hands, depth=0)))
    return out


def test_the_best_plan_is_the_best_of_every_pure_plan() -> None:
    """Three cards each: every pure plan of the player to move enumerated, each played
    against every opponent hand with the best defence. Positions where seeing every card
    would win more (strategy fusion) are all checked, and some others."""
    # where the closer's opponent had no trick at closing, the false claim (C4) makes the
    # best plan the one with the best game points, not the most wins: checked below
    cases = [c for c in _small_cases() if c[0].closed_opp_tricks > 0]
    fusion = [c for c in cases if c[3].wins < c[3].double_dummy_wins]
    plain = [c for c in cases if c[3].wins == c[3].double_dummy_wins][:12]
    assert len(fusion) >= 4, "the sample must hold positions that need a guess"
    plans = 0
    for pos, me, hands, plan in fusion + plain:
        tried, best, _ = best_by_brute_force(pos, me, hands)
        plans += tried
        assert plan.wins == best, pos
    assert plans > 10 * len(fusion + plain)


def _plays(step: PlanStep | None, world: Position, seat: int) -> bool | None:
    """Whether the plan read back (``step``) wins ``world`` against every answer, played
    out by the engine; None where the plan has no answer (it only leaves out answers in
    worlds lost anyway)."""
    pos = world
    if claim_now(pos) is not None:
        pos = pos.play(CLAIM)
    if pos.outcome is not None:
        return pos.outcome.winner == Seat(seat)
    if step is None:
        return None
    if step.double_dummy or len(pos.hand(seat)) == 1:
        # from here on the plan plays double dummy (one hand left, or no choice)
        v = minimax(pos.play(step.action))
        return (v > 0) == (seat == 0)
    after = pos.play(step.action)
    return _answers(step, after, seat, ())


def _answers(step: PlanStep, pos: Position, seat: int, reply: tuple[Action, ...]) -> bool | None:
    if claim_now(pos) is not None:
        pos = pos.play(CLAIM)
    if pos.outcome is not None:
        return pos.outcome.winner == Seat(seat)
    for b in step.branches:
        if b.ends and b.reply == reply:  # from here the play is forced or double dummy
            v = minimax(pos)
            return (v > 0) == (seat == 0)
    if pos.to_move == seat:
        for b in step.branches:
            if b.reply == reply:
                if b.then is None:
                    v = minimax(pos)
                    return (v > 0) == (seat == 0)
                return _plays(b.then, pos, seat)
        return None
    results = []
    for a in pos.legal_actions():
        if a is CLAIM:
            continue
        results.append(_answers(step, pos.play(a), seat, (*reply, a)))
    if any(r is False for r in results):
        return False
    if any(r is None for r in results):
        return None
    return True


def test_the_plan_read_back_gets_what_it_promises() -> None:
    """The whole plan, played by the engine against every answer in every world, wins
    exactly the worlds the search says it wins: three cards each, and five cards each
    right after closing with a talon of four."""
    cases = _small_cases()
    fusion = [c for c in cases if c[3].wins < c[3].double_dummy_wins]
    checked = 0
    for pos, me, hands, plan in [*fusion, *cases[:100], *_closing_cases()]:
        if plan.plan is None:
            assert plan.wins == 0
            continue
        for world, value in zip(worlds_of(pos, me, hands), plan.achieved, strict=True):
            got = _plays(plan.plan, world, me)
            if value > 0:
                assert got is True, pos
            else:
                assert got is not True, pos
            checked += 1
    assert checked > 200


@cache
def _closing_cases() -> list[tuple[Position, int, list[int], ClosedPlan]]:
    """Leads of random deals with a talon of four, closed: 56 opponent hands each."""
    rng = random.Random(9)
    out = []
    while len(out) < 3:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while pos.outcome is None and pos.talon_size > 4:
            pos = pos.play(rng.choice([a for a in pos.legal_actions()
                                       if a is not CLAIM and a is not CLOSE]))
        if pos.outcome is not None or pos.lead >= 0 or CLOSE not in pos.legal_actions():
            continue
        if claim_now(pos) is not None:
            continue
        me = int(pos.leader)
        hands = _hands(pos, me)
        closed = pos.play(CLOSE)
        plan = closed_plan(closed, me, hands, depth=0)
        if plan.wins > 0:
            out.append((closed, me, hands, plan))
    return out


@cache
def _sixty_six_cases() -> list[tuple[Position, int, list[int], ClosedPlan]]:
    """Closed Sechsundsechzig deals (the talon closed with two to six cards, 6C1), three
    and four cards each."""
    out = []
    for cards, n in ((3, 60), (4, 12)):
        for pos in closed_positions(7 + cards, cards, n, talons=(2, 4, 6), max_hands=40,
                                    profile=SECHSUNDSECHZIG_PROFILE):
            me = pos.to_move
            assert me is not None
            hands = _hands(pos, me)
            out.append((pos, int(me), hands, closed_plan(pos, me, hands, depth=0)))
    return out


def test_sechsundsechzig_plans_get_what_they_promise() -> None:
    """Sechsundsechzig on 24 cards: each plan, read back and played by the engine against
    every answer in every hand it claims to beat, wins there and nowhere else; its
    double-dummy numbers are the minimax's (6C2: the closer's points are his opponent's
    score and tricks at the claim, at most the stakes shown)."""
    checked = beaten = 0
    for pos, me, hands, plan in _sixty_six_cases():
        win, loss = plan.stakes
        for world, dd in zip(worlds_of(pos, me, hands), plan.double_dummy, strict=True):
            v = minimax(world)
            mine = v if me == 0 else -v
            assert dd == mine, pos
            assert -loss <= mine <= win and mine != 0, pos
        if plan.plan is None:
            assert plan.wins == 0
            continue
        for world, value in zip(worlds_of(pos, me, hands), plan.achieved, strict=True):
            got = _plays(plan.plan, world, me)
            if value > 0:
                assert got is True, pos
                beaten += 1
            else:
                assert got is not True, pos
            checked += 1
    assert checked > 200 and beaten > 50


def test_double_dummy_numbers_agree_with_minimax() -> None:
    for pos, me, hands, plan in _small_cases()[:40]:
        win, loss = plan.stakes
        for world, dd in zip(worlds_of(pos, me, hands), plan.double_dummy, strict=True):
            v = minimax(world)  # the false claim of C4 counted
            assert dd == (v if me == 0 else -v)
            assert dd in (win, -loss) or (abs(dd) == 2 and plan.stakes == (3, 3))


def test_compiled_and_plain_python_agree() -> None:
    for pos, me, hands, plan in _small_cases()[:15]:
        plain = closed_plan(pos, me, hands, depth=0, compiled=False)
        assert plain.achieved == plan.achieved
        assert plain.double_dummy == plan.double_dummy


def test_every_action_and_the_budget() -> None:
    pos, me, hands, _ = next(c for c in _small_cases() if c[3].wins < c[3].double_dummy_wins)
    full = closed_plan(pos, me, hands, every_action=True)
    assert full.exact
    assert max(n for _, n in full.action_wins) == full.wins
    assert {a for a, _ in full.action_wins} == {a for a in pos.legal_actions() if a is not CLAIM}
    cut = closed_plan(pos, me, hands, budget=1)
    assert cut.wins <= full.wins


def test_wrong_questions_are_refused() -> None:
    pos = Position.deal(list(range(20)))
    with pytest.raises(ValueError, match="not closed"):
        closed_plan(pos, Seat.A, [0])
    closed = pos.play(CLOSE)
    with pytest.raises(ValueError, match="not to move"):
        closed_plan(closed, Seat.B, [closed.hands[0]])
    with pytest.raises(ValueError, match="overlaps"):
        closed_plan(closed, Seat.A, [closed.hands[0]])
    with pytest.raises(ValueError, match="no opponent hand"):
        closed_plan(closed, Seat.A, [])
    with pytest.raises(ValueError):
        closed_stakes(pos, Seat.A)


# -- a position built to need a guess --------------------------------------------------------

GUESS_DECK = "KS KD TH JS TC QC AD JH KH TD QD KC JC AS JD QH TS AH QS AC"
GUESS_ACTIONS = "KD QC KC QD JS KH AS TS C AH JH JC JD QS+20 TD".split()


def test_a_constructed_guess_by_brute_force() -> None:
    """A constructed closed position (two cards each): Bert (B) leads with T♣ Q♥ and
    needs 6; Anna holds K♠ and one of A♣ and T♥ (the other lies in the talon). T♣ wins
    against T♥ K♠, Q♥ against A♣ K♠: seeing her hand he wins both, the best plan one,
    whichever lead it picks; brute force over every pure plan agrees. (The two hands are
    given as the cards in view allow; the deal's history would show Anna void in clubs.)"""
    rec = psn.Record.from_actions(GUESS_DECK.split(), GUESS_ACTIONS)
    pos = rec.positions()[len(GUESS_ACTIONS)]
    me = int(pos.leader)
    assert me == Seat.B and pos.closed_by == Seat.B
    hands = _hands(pos, me)
    assert sorted(" ".join(str(c) for c in cards_in(h)) for h in hands) == ["AC KS", "TH KS"]
    plan = closed_plan(pos, me, hands, every_action=True, depth=0)
    assert plan.double_dummy_wins == 2
    assert plan.wins == 1
    assert dict((str(a), n) for a, n in plan.action_wins) == {"TC": 1, "QH": 1}
    tried, best, _ = best_by_brute_force(pos, me, hands)
    assert (tried, best) == (2, 1)
    assert plan.guessing() and len(plan.beating()) == 1


GUESS = ROOT / "records" / "study" / "closing-guess.psn"
GUESS_STEP = 9


def test_the_guess_of_the_study_deal() -> None:
    """records/study/closing-guess.psn (a bundled real deal), right after Bert closes:
    six hands Anna may hold (what play has shown counted); double dummy wins all six,
    the best plan five: A♦ first loses only when the K♦ is the hidden card, A♥ first only
    when the T♥ is. Bert leads A♥ and loses to the hand where the T♥ is hidden."""
    rec = next(psn.read(GUESS))
    positions = rec.positions()
    pos = positions[GUESS_STEP]
    me = int(pos.leader)
    assert me == Seat.B and pos.closed_by == Seat.B
    hands = list(opponent_hands(hidden_cards(pos, me, inferred_absent(positions[:GUESS_STEP + 1],
                                                                     me))))
    assert len(hands) == 6
    plan = closed_plan(pos, me, hands, every_action=True, depth=0)
    assert (plan.double_dummy_wins, plan.wins) == (6, 5)
    wins = dict((str(a), n) for a, n in plan.action_wins)
    assert wins["AD"] == wins["AH"] == 5 and max(wins.values()) == 5
    lost = {str(a): {" ".join(str(c) for c in cards_in(h))
                     for h, v in zip(hands, vs, strict=True) if v < 0}
            for a, vs in plan.action_values}
    assert lost["AD"] == {"AC TC QC TH TS"} and lost["AH"] == {"AC TC QC KD TS"}
    assert str(rec.actions[GUESS_STEP]) == "AH"
    assert " ".join(str(c) for c in cards_in(pos.hands[1 - me])) in lost["AH"]


def closed_without_a_trick(seed: int, cards: int, n: int, max_hands: int = 10
                           ) -> list[Position]:
    """``n`` closed games where the closer's opponent had no trick at closing (C4 can make
    a false claim pay), played at random until the player to move holds ``cards`` cards."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, Seat(rng.randrange(2)))
        while pos.outcome is None and pos.closed_by < 0:
            legal = pos.legal_actions()
            me = pos.to_move
            if (CLOSE in legal and me is not None and pos.tricks[me] > 0
                    and pos.tricks[1 - me] == 0):
                pos = pos.play(CLOSE)
                break
            pos = pos.play(rng.choice([a for a in legal if a not in (CLAIM, CLOSE)]))
        while pos.outcome is None and pos.closed_by >= 0:
            who = pos.to_move
            assert who is not None
            if len(pos.hand(who)) <= cards and claim_now(pos) is None:
                break
            pos = pos.play(rng.choice([a for a in pos.legal_actions() if a is not CLAIM]))
        if pos.outcome is not None or pos.closed_by < 0 or claim_now(pos) is not None:
            continue
        me = pos.to_move
        assert me is not None
        if len(list(opponent_hands(hidden_cards(pos, me)))) <= max_hands:
            out.append(pos)
    return out


def test_the_false_claim_is_searched_for_both_sides() -> None:
    """Closed games where the closer's opponent had no trick at closing, two cards each:
    the plan's expected game points equal the best of every pure plan, both players'
    false claims searched (the closer's opponent concedes 2 instead of losing 3), for the
    closer and for his opponent as the planner; in some the planner's false claim pays."""
    from .plan_brute import best_value_by_brute_force

    changed = 0
    sides = {0: 0, 1: 0}
    for pos in closed_without_a_trick(21, 2, 30):
        me = pos.to_move
        assert me is not None
        hands = _hands(pos, int(me))
        plan = closed_plan(pos, me, hands, depth=0)
        _, best, _row = best_value_by_brute_force(pos, int(me), hands)
        assert sum(plan.achieved) == best, pos
        sides[int(pos.closed_by == me)] += 1
        if pos.closed_by != me and -2 in plan.achieved:
            changed += 1
    assert sides[0] >= 5 and sides[1] >= 5
    assert changed >= 1


def test_the_closer_is_conceded_two_by_a_false_claim() -> None:
    """Right after closing, with the opponent's real hand alone, the plan is double dummy:
    its value equals the solver's, which counts the opponent's false claim (C4); in some
    deals the closer then wins 2, not 3."""
    from schnapsen_lab.solver import solve

    rng = random.Random(4)
    twos = checked = 0
    while checked < 40:
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck, Seat(rng.randrange(2)))
        while pos.outcome is None and pos.closed_by < 0:
            legal = pos.legal_actions()
            me = pos.to_move
            if (CLOSE in legal and me is not None and pos.tricks[me] > 0
                    and pos.tricks[1 - me] == 0):
                pos = pos.play(CLOSE)
                break
            pos = pos.play(rng.choice([a for a in legal if a not in (CLAIM, CLOSE)]))
        if pos.outcome is not None or pos.closed_by < 0:
            continue
        me = pos.to_move
        assert me is not None and me == pos.closed_by
        plan = closed_plan(pos, me, [pos.hands[1 - me]], depth=1)
        want = solve(pos) * (1 if me == 0 else -1)
        assert plan.achieved == (want,) == plan.double_dummy, pos
        checked += 1
        twos += want == 2
    assert twos >= 1


# -- the plan as a learner reads it (issue 50, §2) ----------------------------------------------

FOLDED_LINES = 20
"""At most this many lines show of a closing position's plan, folded (its first two
decisions open): the plan of notebook 03's first position ran to 88 lines, unfolded."""


@cache
def _study_plans() -> list[tuple[str, ClosedPlan]]:
    """The plan after closing at every closing of the study records, and at the first
    position of notebook 03's trainer (record 42 of the bundled self-play, step 6)."""
    from itertools import islice

    from schnapsen_lab.advisor import closing_plan

    out = []
    for path in sorted((ROOT / "records" / "study").glob("*.psn")):
        for rec in psn.read(path):
            if CLOSE in rec.actions and rec.game.solvable:  # the engine's games only
                pos = rec.positions()[rec.actions.index(CLOSE)]
                out.append((f"{path.name}#{rec.index}", closing_plan(pos, depth=0)))
    rec = list(islice(psn.read(ROOT / "records" / "heuristic-vs-heuristic.psn"), 42))[-1]
    out.append(("notebook 03, position 1", closing_plan(rec.positions()[6], depth=0)))
    return out


def _reaches(step: PlanStep, line: PlanLine) -> list[str]:
    """The plays of ``step`` (the plan as searched) that the tree of lines ``line`` does
    not reach: after each answer, a line under it names that answer and the same play."""
    missing = []
    for b in step.branches:
        if b.then is None:
            continue
        under = [x for x in line.lines if b.reply in x.replies and x.play == b.then.action]
        if len(under) != 1:
            missing.append(f"{step.action} {b.reply} {b.then.action}")
            continue
        missing += _reaches(b.then, under[0])
    return missing


def test_the_folded_plan_fits_in_a_look_and_loses_nothing() -> None:
    """Every closing of the study records and notebook 03's first position: folded to its
    first two decisions, the plan shows at most :data:`FOLDED_LINES` lines, and the whole
    tree they fold (answers that call for the same plays merged, forced ends on one line)
    still reaches every play of the plan as searched, after the same answers."""
    from schnapsen_lab.notation import action_text

    plans = _study_plans()
    assert len(plans) >= 6
    for where, plan in plans:
        assert plan.plan is not None, where
        tree = plan.plan.tree(action_text)
        folded = plan.plan.folded(2, action_text)
        assert len(folded) <= FOLDED_LINES, (where, len(folded))
        assert [t for _, t, _ in tree.outline(0, 2)] == [t.split(" … (")[0] for _, t in folded]
        assert max(level for level, _ in folded) <= 1
        assert tree.play == plan.plan.action and not tree.replies
        assert _reaches(plan.plan, tree) == [], where
        hidden = sum(n for _, _, n in tree.outline(0, 2))
        assert len(folded) + hidden == tree.size() == len(plan.plan.outline(0)), where


def test_the_plan_of_notebook_03_merges_what_repeats() -> None:
    """Notebook 03's first position: 88 lines to the end before; the same leads with and
    without the marriage once ("K♣ or Q♣ (with or without 20)"), and forced ends on one
    line with their result ("the rest is forced: you win")."""
    from schnapsen_lab.notation import action_text

    plan = dict(_study_plans())["notebook 03, position 1"].plan
    assert plan is not None
    lines = [t for _, t in plan.outline(0, action_text)]
    assert len(lines) <= FOLDED_LINES, "\n".join(lines)
    text = "\n".join(lines)
    assert "K♣ or Q♣ (with or without 20)" in text and "K♣ +20" not in text
    assert "play K♦; the rest is forced: you win" in text
    assert "whatever he plays: you win" in text


def test_a_plan_for_one_world_left_names_the_card_to_play() -> None:
    """failed-closing.psn: where one hand of his is left and he is to lead, the plan said
    "from here the plan wins only if he holds A♣ 10♣ 10♦ K♦: play as if he does" and no
    card; now each of his leads comes with the card to play, in every language."""
    from schnapsen_lab.i18n import language
    from schnapsen_lab.notation import action_text
    from schnapsen_lab.solver.plan import TEXT

    plan = dict(_study_plans())["failed-closing.psn#1"].plan
    assert plan is not None
    for lang in ("en", "de", "fr", "ru"):
        with language(lang):
            one = TEXT["for_one"].split("{cards}")[0]
            play = re.escape(TEXT["play"].split("{action}")[0])
            lines = [t for _, t in plan.outline(0, action_text)]
        found = [t for t in lines if one in t]
        assert found, lang
        for t in found:
            assert re.search(play + r"(10|[AKQJ])[♣♦♥♠]( \+[24]0)? \(" + re.escape(one), t), \
                (lang, t)
