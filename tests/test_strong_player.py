"""The strong player: legal choices, claims, what it remembers within a deal, and closing
by plans."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import Card, Rank, Suit
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.players.base import Player
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    STRICT,
    Action,
    ActionKind,
    End,
    Position,
    Seat,
)
from schnapsen_lab.games.twohand.rules import play as play_card
from schnapsen_lab.i18n import language
from schnapsen_lab.players.registry import make_player
from schnapsen_lab.players.strong import (
    Decision,
    MyLead,
    StrongPlayer,
    answer_loss,
    answered_values,
    before_answer,
    before_lead,
    close_call,
    guessed_answer,
    guessed_lead,
    lead_losses,
    played_out_values,
    replied_values,
    resample,
    sure_enough,
    unannounced_partner,
)
from schnapsen_lab.players.strong_bummerl import BummerlStrongPlayer
from schnapsen_lab.simulate import play_deal
from schnapsen_lab.worlds import (
    ActionEstimate,
    HiddenCards,
    estimate,
    hidden_cards,
    position_from_view,
    sample_worlds_hidden,
    side,
)

from .conftest import ROOT


def test_it_is_a_registered_player() -> None:
    p = make_player("strong")
    assert isinstance(p, StrongPlayer) and isinstance(p, Player)
    assert p.name == "strong"


def test_it_plays_legal_deals_against_the_heuristic() -> None:
    rng = random.Random(1)
    for k in range(3):
        deck = list(range(20))
        rng.shuffle(deck)
        strong = StrongPlayer(samples=2, seed=k)
        played = play_deal((strong, make_player("heuristic")), deck, Seat(k % 2))
        pos = Position.deal(deck, Seat(k % 2))
        for a in played.actions:  # every action legal where it was played
            pos = pos.play(a)
        assert pos.outcome == played.outcome and pos.outcome is not None
        if pos.legal_actions():  # the last trick's claim was declined (E2 a) ...
            assert pos.legal_actions() == [CLAIM] and not pos.hands[0] and not pos.hands[1]
            assert pos.leader == Seat.B or not pos.claim_is_correct(Seat.A)  # ... rightly
        if pos.outcome.claimant is Seat.A:  # the strong player (A) never claims falsely
            assert pos.outcome.end is not End.FALSE_CLAIM


def test_memory_matches_the_deal() -> None:
    # Drive the player through random deals with frequent closing: what it remembers of
    # the closing moment, and what it infers, must agree with the real deal.
    rng = random.Random(2)
    checked = 0
    for _ in range(25):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        player = StrongPlayer(samples=1, seed=0)
        seat = Seat.A
        while pos.outcome is None:
            legal = pos.legal_actions()
            options = [a for a in legal if a is not CLAIM]
            if pos.to_move is seat and len(options) > 1:
                a = player.act(view(pos, seat), rng)
                assert a in legal
                mem = player._memory[int(seat)]
                if pos.closed_by >= 0 and mem.closed_seen:
                    assert mem.closed_at == (pos.closed_opp_tricks, pos.closed_opp_score)
                    checked += 1
                assert not mem.absent & pos.hands[1 - seat]
                if a is CLAIM and not pos.claim_is_correct(seat):
                    # a false claim only where C4 makes it pay: the closer's opponent,
                    # who had no trick at closing, concedes 2 instead of losing 3
                    assert pos.closed_by == 1 - seat and pos.closed_opp_tricks == 0
                    assert pos.tricks[1 - seat] > 0
            elif CLOSE in legal and rng.random() < 0.5:
                a = CLOSE
            else:
                a = rng.choice(options)
            pos = pos.play(a)
    assert checked > 5


def test_it_claims_at_once_and_never_falsely() -> None:
    rng = random.Random(3)
    for _ in range(200):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while pos.outcome is None:
            legal = pos.legal_actions()
            if CLAIM in legal and pos.lead < 0 and pos.to_move is not None:
                seat = pos.to_move
                choice = StrongPlayer(samples=1).act(view(pos, seat), rng)
                assert (choice is CLAIM) == pos.claim_is_correct(seat)
                if choice is CLAIM:
                    return
            pos = pos.play(rng.choice([a for a in legal if a.kind is not ActionKind.CLAIM]))


def test_it_closes_and_plays_the_closed_game_by_plans() -> None:
    """records/study/closing-guess.psn: Bert closes (the best plan is sure of +4/3, more
    than playing on's +1 in every sampled world), then leads an ace as the best plan does
    (A♦ or A♥, each winning five hands of six), never K♣ (four) or a heart of the
    marriage (none)."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    rng = random.Random(0)
    assert StrongPlayer(samples=30, seed=0).act(view(positions[step], Seat.B), rng) is CLOSE
    lead = StrongPlayer(samples=30, seed=0).act(view(positions[step + 1], Seat.B), rng)
    assert lead is not None and str(lead) in ("AD", "AH")
    with pytest.raises(ValueError):
        StrongPlayer(closing="sometimes")


# -- the head-to-head settings: a second look at close calls, inference from a lead ----------

def _estimate(values: list[int]) -> ActionEstimate:
    return ActionEstimate(None, estimate(values), tuple(values))


def test_close_call_is_the_paired_difference_within_its_error() -> None:
    clear = _estimate([2, 2, 3, 2, 2, 3, 2, 2])
    worse = _estimate([-1, -1, 0, -1, -2, 0, -1, -1])
    assert not close_call(clear, worse)
    near = _estimate([2, -1, 3, -2, 2, 1, -3, 2])
    assert close_call(near, _estimate([1, -1, 3, -2, 1, 1, -3, 2]))  # +0.25 on 8 worlds
    same = _estimate([1, 2, -2, 3])
    assert not close_call(same, same)  # equal in every world: more worlds cannot separate
    assert close_call(_estimate([1]), _estimate([0]))  # one world says nothing


def _decisions(player: StrongPlayer, deals: int) -> list[tuple[str, ...]]:
    """The choices ``player`` makes as A against the heuristic over ``deals`` deals."""
    rng = random.Random(5)
    out = []
    for k in range(deals):
        deck = list(range(20))
        rng.shuffle(deck)
        played = play_deal((player, make_player("heuristic")), deck, Seat(k % 2),
                           rngs=(random.Random(k), random.Random(100 + k)))
        out.append(tuple(str(a) for a in played.actions))
    return out


def test_the_second_look_takes_more_worlds_only_at_close_calls() -> None:
    plain = StrongPlayer(samples=6, seed=3)
    looked = StrongPlayer(samples=6, seed=3, second_look=40)
    base = _decisions(plain, 4)
    _decisions(looked, 4)
    assert plain.looks[1] == 0 and plain.looks[0] > 10
    assert 0 < looked.looks[1] < looked.looks[0]  # some decisions were close calls, not all
    capped = StrongPlayer(samples=6, seed=3, second_look=40, look_nodes=1)
    assert _decisions(capped, 4) == base  # no node left for a second look: the same play
    assert capped.looks[1] == 0
    with pytest.raises(ValueError):
        StrongPlayer(second_look=-1)


def test_an_unannounced_king_says_the_queen_is_not_in_his_hand() -> None:
    # B leads KH and holds no QH: A (following) may infer QH is not B's.
    for seed in range(200):
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos = Position.deal(deck, Seat.A)  # B leads
        kh, qh = Card.of(Rank.K, Suit.H), Card.of(Rank.Q, Suit.H)
        if (pos.hands[1] >> int(kh) & 1 and not pos.hands[1] >> int(qh) & 1
                and not pos.hands[0] >> int(qh) & 1 and pos.indicator != int(qh)):
            break
    else:
        raise AssertionError("no such deal")
    plain = next(a for a in pos.legal_actions() if a.kind is ActionKind.PLAY and a.card == kh)
    v = view(pos.play(plain), Seat.A)
    assert unannounced_partner(v) == 1 << int(qh)
    strict = Position.deal(deck, Seat.A, STRICT)
    assert unannounced_partner(view(strict.play(plain), Seat.A)) == 1 << int(qh)
    # a queen led plainly says nothing in strict (only the king announces there)
    for seed in range(400):
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos = Position.deal(deck, Seat.A, STRICT)
        queens = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY
                  and a.card is not None and a.card.rank is Rank.Q
                  and not pos.hands[0] >> (int(a.card) - 1) & 1
                  and pos.indicator != int(a.card) - 1]
        if queens:
            assert unannounced_partner(view(pos.play(queens[0]), Seat.A)) == 0
            soft = Position.deal(deck, Seat.A)
            assert unannounced_partner(view(soft.play(queens[0]), Seat.A)) == \
                1 << (int(queens[0].card) - 1)
            break
    else:
        raise AssertionError("no such deal")
    # an announced marriage shows the partner: nothing to infer
    for seed in range(400):
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos = Position.deal(deck, Seat.A)
        marriages = [a for a in pos.legal_actions() if a.kind is ActionKind.MARRIAGE]
        if marriages:
            assert unannounced_partner(view(pos.play(marriages[0]), Seat.A)) == 0
            break
    # the leader sees nothing to infer from his own lead
    assert unannounced_partner(view(pos.play(pos.legal_actions()[0]), Seat.B)) == 0


def test_inference_narrows_the_worlds_it_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``infer``, no world it samples at that decision gives the leader the partner."""
    for seed in range(200):
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos = Position.deal(deck, Seat.A)
        kh, qh = Card.of(Rank.K, Suit.H), Card.of(Rank.Q, Suit.H)
        if (pos.hands[1] >> int(kh) & 1 and not pos.hands[1] >> int(qh) & 1
                and not pos.hands[0] >> int(qh) & 1 and pos.indicator != int(qh)):
            break
    plain = next(a for a in pos.legal_actions() if a.kind is ActionKind.PLAY and a.card == kh)
    v = view(pos.play(plain), Seat.A)
    seen: list[int] = []

    import schnapsen_lab.players.strong as strong

    original = strong.sample_worlds_hidden

    def spy(p: Position, h: HiddenCards, n: int, rng: random.Random,
            *, exhaustive: bool = True) -> list[Position]:
        worlds = original(p, h, n, rng, exhaustive=exhaustive)
        seen.extend(w.hands[1] for w in worlds)
        return worlds

    monkeypatch.setattr(strong, "sample_worlds_hidden", spy)
    StrongPlayer(samples=40, seed=1, infer=True).act(v, random.Random(0))
    assert seen and not any(hand >> int(qh) & 1 for hand in seen)
    seen.clear()
    StrongPlayer(samples=40, seed=1).act(v, random.Random(0))
    assert any(hand >> int(qh) & 1 for hand in seen)  # without it: some worlds do


def test_a_single_world_gives_an_open_interval_in_json() -> None:
    import json

    e = estimate([2])
    assert e.ci95 == [None, None]
    assert json.loads(json.dumps({"ci95": e.ci95}, allow_nan=False)) == {"ci95": [None, None]}
    assert estimate([1, 3]).ci95[0] is not None


def test_plans_are_searched_against_at_most_plan_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing at the first lead may face 2,002 opponent hands (a plan against all of them
    took a minute): the player plans against ``plan_hands`` of them, drawn with its
    generator, and against all where there are no more."""
    import schnapsen_lab.solver.plan as plan_module

    sizes: list[int] = []
    original = plan_module.closed_plan

    def spy(pos: Position, seat: int, hands: list[int], *args: object,
            **kwargs: object) -> object:
        sizes.append(len(hands))
        return original(pos, seat, hands, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(plan_module, "closed_plan", spy)
    kc, qc = Card.of(Rank.K, Suit.C), Card.of(Rank.Q, Suit.C)
    for seed in range(2000):  # the leader holds the trump marriage: closing is worth a look
        deck = list(range(20))
        random.Random(seed).shuffle(deck)
        pos = Position.deal(deck, Seat.B)
        if (pos.trump == int(Suit.C) and pos.hands[0] >> int(kc) & 1
                and pos.hands[0] >> int(qc) & 1):
            break
    else:
        raise AssertionError("no such deal")
    v = view(pos, Seat.A)
    assert CLOSE in v.legal
    p = StrongPlayer(samples=4, seed=1)
    h = position_from_view(v, v.profile)[1]
    hands, every = p.plan_against(h)
    assert len(hands) == 300 and not every and len(set(hands)) == 300
    assert StrongPlayer(plan_hands=0).plan_against(h)[1]  # 0: all 2,002
    assert p.plan_against(h)[0] != hands  # drawn afresh with the generator
    for k in range(6):
        p = StrongPlayer(samples=8, seed=k)
        p.act(v, random.Random(k))
    assert sizes and max(sizes) <= 300


# -- closing only on a plan that wins enough hands ------------------------------------------

def test_sure_enough_is_the_share_of_hands_the_plan_wins() -> None:
    results = [2.0, 2.0, -2.0, 1.0, -3.0]  # three hands of five won
    assert sure_enough(results, 0) and sure_enough(results, 60)
    assert not sure_enough(results, 61)
    assert not sure_enough([0.0, 0.0], 1)  # a hand the plan does not win is no win
    assert not sure_enough([], 50) and sure_enough([], 0)
    with pytest.raises(ValueError):
        StrongPlayer(close_share=101)


@pytest.mark.parametrize("player", [StrongPlayer, BummerlStrongPlayer])
def test_it_closes_only_on_a_plan_that_wins_close_share_of_the_hands(
        player: type[StrongPlayer]) -> None:
    """records/study/closing-guess.psn: Bert's plan wins five hands of six (83 %). With
    ``close_share`` up to 83 he closes and logs that plan; above it he plays on."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    for share, closes in ((0, True), (83, True), (84, False), (100, False)):
        p = player(samples=30, seed=0, close_share=share)
        if isinstance(p, BummerlStrongPlayer):
            p.new_deal((7, 7), Seat.A)
            assert p.score(view(positions[step], Seat.B)) is not None
        choice = p.act(view(positions[step], Seat.B), random.Random(0))
        assert (choice is CLOSE) is closes, (share, choice)
        if closes:
            [(value, won)] = p.closings
            assert value == pytest.approx(4 / 3) and won == pytest.approx(5 / 6)
        else:
            assert choice is not None and p.closings == []


@pytest.mark.parametrize("player", [StrongPlayer, BummerlStrongPlayer])
def test_at_the_last_chance_to_close_it_closes_whenever_the_plan_beats_playing_on(
        player: type[StrongPlayer]) -> None:
    """records/study/closing-guess.psn closes with 2 cards in the talon, the last chance:
    with ``last_closing`` Bert closes on his plan that wins five hands of six whatever
    ``close_share`` asks. With more cards in the talon the setting changes nothing."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    assert positions[step].talon_size == 2
    for share, last, closes in ((84, False, False), (84, True, True), (100, True, True)):
        p = player(samples=30, seed=0, close_share=share, last_closing=last)
        if isinstance(p, BummerlStrongPlayer):
            p.new_deal((7, 7), Seat.A)
        choice = p.act(view(positions[step], Seat.B), random.Random(0))
        assert (choice is CLOSE) is closes, (share, last, choice)
    p = player(close_share=84, last_closing=True)
    earlier = next(pos for pos in positions if pos.talon_open and pos.talon_size > 2)
    five_of_six = [2.0] * 5 + [-2.0]
    assert p.sure_to_close(positions[step], five_of_six)
    assert p.sure_to_close(positions[step], [-2.0])
    assert not p.sure_to_close(earlier, five_of_six) and p.sure_to_close(earlier, [2.0] * 6)
    assert not player().last_closing


@pytest.mark.parametrize("player", [StrongPlayer, BummerlStrongPlayer])
def test_free_closing_drops_the_share_up_to_its_cards_in_the_talon(
        player: type[StrongPlayer]) -> None:
    """``free_closing=4`` closes on any plan that beats playing on with 4 or 2 cards in
    the talon, and asks ``close_share`` with more; ``free_closing=2`` is ``last_closing``.
    A negative count is refused."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    by_talon = {pos.talon_size: pos for pos in reversed(rec.positions()) if pos.talon_open}
    assert {2, 4, 6} <= set(by_talon)
    five_of_six = [2.0] * 5 + [-2.0]
    for free, sizes in ((0, ()), (2, (2,)), (4, (2, 4)), (6, (2, 4, 6))):
        p = player(close_share=84, free_closing=free)
        for size in (2, 4, 6, 8):
            if size in by_talon:
                assert p.sure_to_close(by_talon[size], five_of_six) is (size in sizes), \
                    (free, size)
                assert p.sure_to_close(by_talon[size], [2.0] * 6)
    assert player().free_closing == 0
    with pytest.raises(ValueError, match="free_closing"):
        player(free_closing=-2)


# -- what each choice rests on ------------------------------------------------------------------

def test_each_choice_says_what_it_rests_on() -> None:
    """records/study/closing-guess.psn: Bert's closing rests on all six worlds possible,
    closing valued by its plan (+4/3, five hands of six) above K♣; the lead after it on
    the plan against those six hands; with ``close_share=90`` he plays on, and says the
    plan was weighed."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, a in enumerate(rec.actions) if a is CLOSE)
    p = StrongPlayer(samples=30, seed=0)
    assert p.last is None and p.why() is None
    assert p.act(view(positions[step], Seat.B), random.Random(0)) is CLOSE
    d = p.last
    assert d is not None and d.basis == "worlds" and d.exact and d.worlds == 6
    assert d.action is CLOSE and d.ranked[0].action is CLOSE and not d.second_look
    assert d.plan is not None and d.plan[1] == pytest.approx(5 / 6)
    assert p.why() == ("game points over all 6 worlds possible: close (+1.33), K♣ (+1.00), "
                       "K♥ +20 (-0.67); closing's best plan wins 83% of his hands")
    with language("de"):
        german = p.why()
    assert german is not None and "1,33" in german and "83" in german
    assert german != p.why()
    p.act(view(positions[step + 1], Seat.B), random.Random(0))
    assert p.last is not None and p.last.basis == "plan" and p.last.hands == 6
    assert p.why() == "the first move of the best plan against 6 hands he may hold"
    refusing = StrongPlayer(samples=30, seed=0, close_share=90)
    choice = refusing.act(view(positions[step], Seat.B), random.Random(0))
    assert refusing.last is not None and refusing.last.action is choice is not CLOSE
    assert refusing.last.ranked[-1].action is CLOSE and refusing.last.plan == d.plan


def test_a_close_call_says_how_many_worlds_the_second_look_added() -> None:
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    pos = rec.positions()[2]
    p = StrongPlayer(samples=30, seed=0, second_look=100)
    p.act(view(pos, Seat(pos.to_move)), random.Random(0))
    d = p.last
    assert p.looks == [1, 1]  # a close call: A♦ +0.23 against Q♦ +0.02 over 30 worlds
    assert d is not None and d.basis == "worlds" and not d.exact
    assert d.second_look == 100 and d.worlds == 130
    assert d.text().startswith("game points over 130 sampled worlds: ")
    assert d.text().endswith("a close call, so 100 of them were added for a second look")
    p = StrongPlayer(samples=30, seed=0)
    p.act(view(pos, Seat(pos.to_move)), random.Random(0))
    assert p.last is not None and p.last.worlds == 30 and p.last.second_look == 0
    assert "close call" not in p.last.text()
    # the cards judged again with his answer guessed are valued over the first 30 only
    p = StrongPlayer(samples=30, seed=0, second_look=100, reply_worlds=4)
    p.act(view(pos, Seat(pos.to_move)), random.Random(0))
    d = p.last
    assert d is not None and d.worlds == 130 and d.replied == 4 and d.judged == 30
    cards = [e for e in d.ranked if e.action is not None and e.action.card is not None]
    assert cards and {len(e.values) for e in cards} == {d.judged}
    assert ("a close call, so 100 of them were added for a second look; the cards valued "
            "again over the first 30 of them; the cards to lead judged") in d.text()
    with language("de"):
        assert "die Karten noch einmal über die ersten 30 davon bewertet" in d.text()


def test_claims_and_forced_choices_say_so() -> None:
    assert Decision(CLAIM, "claim").text() == "66 reached: the claim is correct"
    assert Decision(None, "only").text() == "the only choice"
    d = Decision(None, "worlds", worlds=1, ranked=(_estimate([2]),),
                 inferred=1 << int(Card.of(Rank.Q, Suit.H)))
    assert d.text() == ("game points over 1 sampled world: no claim (+2.00); read from his "
                        "play: he does not hold Q♥")


# -- weighing the worlds by the opponent's lead -------------------------------------------------

def _random_deal(seed: int) -> Position:
    deck = list(range(20))
    random.Random(seed).shuffle(deck)
    return Position.deal(deck)


def test_before_lead_takes_back_the_card_led_and_its_marriage() -> None:
    """Every lead of random play (plain cards and marriages, before and after the first
    trick) taken back gives the position it was led from, scores and pending marriage
    points included."""
    rng = random.Random(5)
    marriages = 0
    for seed in range(120):
        pos = _random_deal(seed)
        assert before_lead(pos) is None
        while pos.outcome is None:
            a = rng.choice(pos.legal_actions())
            if pos.lead < 0 and a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE):
                back = before_lead(pos.play(a))
                assert back is not None
                for name in ("hands", "played", "lead", "lead_marriage", "leader",
                             "trick_points", "marriage_points", "pending", "tricks",
                             "next_draw", "deck", "closed_by", "exhausted"):
                    assert getattr(back, name) == getattr(pos, name), (name, a)
                assert ([b for b in back.legal_actions() if b is not CLAIM]
                        == [b for b in pos.legal_actions() if b is not CLAIM])
                marriages += a.kind is ActionKind.MARRIAGE
            pos = pos.play(a)
    assert marriages > 10


def test_a_lead_loses_what_the_best_lead_would_have_kept() -> None:
    """With every card known, the solver's best lead gives nothing away and any other lead
    gives away exactly its difference in game points; no lead on the table, nothing."""
    from schnapsen_lab.solver.api import action_values

    pos = _random_deal(11)
    pos = pos.play(next(a for a in pos.legal_actions() if a.kind is ActionKind.PLAY))
    pos = pos.play(pos.legal_actions()[0])  # the first trick is over: a lead is due
    sign = 1 if pos.to_move == Seat.A else -1
    values = {a: sign * v for a, v in action_values(pos).items()
              if a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)}
    best = max(values.values())
    assert len(set(values.values())) > 1
    leads = list(values)
    losses = lead_losses([pos.play(a) for a in leads] + [pos])
    assert losses == [best - values[a] for a in leads] + [0]
    assert min(losses) == 0 and max(losses) > 0


def test_resample_draws_the_worlds_again_by_weight() -> None:
    play = _estimate([1, 2, 3, 4])
    other = ActionEstimate(CLOSE, estimate([0, 0, 0, 8]), (0, 0, 0, 8))
    ranked = [other, play]
    assert resample(ranked, [1, 1, 1, 1], random.Random(0)) == ranked
    assert resample(ranked, [0, 0, 0, 0], random.Random(0)) == ranked
    only = resample(ranked, [0, 1, 0, 0], random.Random(0))
    assert [e.values for e in only] == [(2, 2, 2, 2), (0, 0, 0, 0)]  # best first
    kept = resample(ranked, [3, 1, 0, 0], random.Random(7))
    assert sorted(kept[0].values) == [1, 1, 1, 2]
    with pytest.raises(ValueError):
        StrongPlayer(lead_weight=101)


def test_answering_a_lead_weighs_the_worlds_by_it_and_says_so() -> None:
    """records/study/closing-guess.psn, Anna's first lead: Bert answers it over worlds
    weighed by how well it fits them (``lead_weight=40``), and says so; at 100 (the
    default) or at his own lead nothing is weighed."""
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, p in enumerate(positions) if p.lead >= 0 and p.next_draw < 20)
    pos = positions[step]
    me = Seat(pos.to_move)
    weighing = StrongPlayer(samples=30, seed=0, lead_weight=40)
    weighing.act(view(pos, me), random.Random(0))
    d = weighing.last
    assert d is not None and d.basis == "worlds" and d.weighed and d.worlds == 30
    assert d.text().endswith("the worlds weighed by how well his lead fits them")
    plain = StrongPlayer(samples=30, seed=0)
    plain.act(view(pos, me), random.Random(0))
    assert plain.last is not None and not plain.last.weighed
    assert "weighed" not in plain.last.text()
    lead = next(i for i, p in enumerate(positions) if p.lead < 0 and i > step
                and len([a for a in p.legal_actions() if a.kind is ActionKind.PLAY]) > 1)
    weighing.act(view(positions[lead], Seat(positions[lead].to_move)), random.Random(0))
    assert weighing.last is not None and not weighing.last.weighed


def test_before_answer_takes_back_the_trick_and_both_draws() -> None:
    """Every lead of random play while the talon stays open after the trick: the world
    after the answer, both draws (and the winner's next lead, when the opponent won),
    taken back with the card the opponent really drew, is the position the lead was made
    from, deck order included; with another card of his as the one drawn it is a world
    the leader could not tell from it, his hand differing by those two cards."""
    rng = random.Random(9)
    checked = other = 0
    for seed in range(60):
        pos = _random_deal(seed)
        while pos.outcome is None:
            a = rng.choice(pos.legal_actions())
            if (pos.lead < 0 and a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)
                    and pos.closed_by < 0 and pos.next_draw <= 17):
                me = int(pos.to_move)
                opp = 1 - me
                after = pos.play(a)
                b = rng.choice([x for x in after.legal_actions() if x.kind is ActionKind.PLAY])
                now = after.play(b)
                he_won = now.leader == opp
                drawn = pos.deck[pos.next_draw if he_won else pos.next_draw + 1]
                if he_won:
                    leads = [x for x in now.legal_actions()
                             if x.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)]
                    now = now.play(rng.choice(leads))
                mine = MyLead(pos, hidden_cards(pos, me), a)
                assert b.card is not None
                back = before_answer(now, mine, int(b.card), drawn)
                assert back is not None
                for name in ("hands", "played", "leader", "trick_points", "marriage_points",
                             "pending", "tricks", "next_draw", "deck", "indicator"):
                    assert getattr(back, name) == getattr(pos, name), name
                checked += 1
                seen = mine.hidden.unknown & ~mine.hidden.opponent_known
                held = now.hands[opp] | (1 << now.lead if now.lead >= 0 else 0)
                others = [c for c in range(20) if (held & seen) >> c & 1 and c != drawn]
                if others:
                    alt = before_answer(now, mine, int(b.card), others[0])
                    assert alt is not None and alt.hands[me] == pos.hands[me]
                    assert alt.hands[opp] ^ pos.hands[opp] == (1 << others[0]) | (1 << drawn)
                    other += 1
                assert before_answer(now, mine, int(b.card), int(a.card or 0)) is None
            pos = pos.play(a)
    assert checked > 100 and other > 50


def test_an_answer_loses_what_the_best_answer_would_have_kept() -> None:
    """With every card known, the solver's best answer gives nothing away and any other
    answer gives away exactly its difference in game points; a card he does not hold is
    no answer."""
    from schnapsen_lab.solver.api import action_values

    pos = _random_deal(4)
    lead = next(a for a in pos.legal_actions() if a.kind is ActionKind.PLAY)
    after = pos.play(lead)
    sign = 1 if after.to_move == Seat.A else -1
    values = {int(a.card or 0): sign * v for a, v in action_values(after).items()
              if a.kind is ActionKind.PLAY}
    best = max(values.values())
    assert len(set(values.values())) > 1
    for card, v in values.items():
        assert answer_loss(pos, lead, card) == best - v
    assert answer_loss(pos, lead, int(lead.card or 0)) is None


def test_the_answer_to_its_own_lead_weighs_the_next_decision_and_says_so() -> None:
    """Against the heuristic player, with ``answer_weight=40`` the first decision after
    each of its own leads answered while the talon stays open is taken over worlds
    weighed by that answer, and the note says so; by default never."""
    deck = list(range(20))
    random.Random(3).shuffle(deck)
    marked = "the worlds weighed by how well his answer to my lead fits them"
    notes = []
    for weight in (40, 100):
        strong = StrongPlayer(samples=8, seed=1, answer_weight=weight)
        played = play_deal((strong, make_player("heuristic")), deck, Seat.B, explain=True)
        notes.append([n for n in played.notes if n and marked in n])
    assert notes[0] and not notes[1]
    with pytest.raises(ValueError):
        StrongPlayer(answer_weight=-1)


def test_margin_weight_counts_the_points_beyond_the_first() -> None:
    """At 100 game points are unchanged; at 50 a win or loss by 2 or 3 counts 1.5 or 2; at
    0 only winning or losing counts. The player chooses by the counted values, shows game
    points, and says how it counted them."""
    from schnapsen_lab.players.strong import counted, margin_values

    assert margin_values((1, -2, 3, -3), 100) == (1, -2, 3, -3)
    assert margin_values((1, -2, 3, -3), 50) == (1, -1.5, 2, -2)
    assert margin_values((1, -2, 3, 2), 0) == (1, -1, 1, 1)
    sure = ActionEstimate(play_card("AH"), estimate([1, 1, 1, 1]), (1, 1, 1, 1))
    bold = ActionEstimate(play_card("TH"), estimate([3, 3, -1, 1]), (3, 3, -1, 1))
    assert counted(bold, 100).mean == 1.5 and counted(bold, 0).mean == 0.5
    assert counted(sure, 0) == sure.estimate
    rec = next(psn.read(ROOT / "records" / "study" / "closing-guess.psn"))
    positions = rec.positions()
    step = next(i for i, p in enumerate(positions) if p.lead >= 0 and p.next_draw < 20)
    pos = positions[step]
    p = StrongPlayer(samples=30, seed=0, margin_weight=50)
    p.act(view(pos, Seat(pos.to_move)), random.Random(0))
    d = p.last
    assert d is not None and d.margin == 50
    assert d.text().endswith("chosen with each game point beyond the first of a win or a loss "
                             "counted at 50%")
    assert all(v == int(v) for e in d.ranked for v in e.values)  # shown in game points
    with pytest.raises(ValueError):
        StrongPlayer(margin_weight=101)


# -- the opponent's answer chosen from what he sees ---------------------------------------------

def _open_talon_play(seed: int) -> Iterator[tuple[Position, Action]]:
    """The positions of a random deal played by the heuristic player while the talon is
    open and no correct claim is due, each with the heuristic's action there."""
    heuristic = make_player("heuristic")
    pos = _random_deal(seed)
    rng = random.Random(seed)
    while pos.outcome is None and pos.closed_by < 0 and not pos.exhausted:
        to_move = pos.to_move
        assert to_move is not None
        a = heuristic.act(view(pos, to_move, pos.legal_actions()), rng)
        assert a is not None
        yield pos, a
        pos = pos.play(a)
        if pos.claim_by >= 0 and not pos.claimed and pos.claim_is_correct(pos.claim_by):
            break


def _leads_with_open_talon(seeds: range) -> list[tuple[Position, Action]]:
    """Positions of random deals played by the heuristic player where a card is led with
    at most 8 cards in the talon, with that lead."""
    return [(pos, a) for seed in seeds for pos, a in _open_talon_play(seed)
            if pos.lead < 0 and a.kind is ActionKind.PLAY and pos.talon_size <= 8]


def test_his_guessed_answer_depends_only_on_what_he_sees() -> None:
    """The follower's answer is one of his cards, chosen from his view alone: in two worlds
    that look the same to him (the leader's other cards and the talon dealt anew) he
    answers alike, where the best answer with every card known differs between them."""
    from schnapsen_lab.solver.api import best_actions

    differs = 0
    for pos, lead in _leads_with_open_talon(range(12)):
        after = pos.play(lead)
        follower = after.to_move
        assert follower is not None
        legal = [b for b in after.legal_actions() if b.kind is ActionKind.PLAY]
        same, h = position_from_view(view(after, follower, legal), after.profile)
        twin = next(w for w in sample_worlds_hidden(same, h, 5, random.Random(1))
                    if w.hands[1 - follower] != after.hands[1 - follower])
        answers = [guessed_answer(w, 4, random.Random(7)) for w in (after, twin)]
        assert answers[0] == answers[1] and answers[0] in legal
        if set(best_actions(after)) != set(best_actions(twin)):
            differs += 1
    assert differs > 3


@pytest.mark.parametrize("leading", [True, False])
def test_a_card_is_worth_at_least_its_value_against_every_card_known(leading: bool) -> None:
    """A choice made without seeing the cards is never better for the one who makes it
    than his best with every card known: in every world, each lead (his answer guessed) and
    each answer (his next lead guessed) is worth at least its solved value to the player,
    and more somewhere."""
    from schnapsen_lab.worlds import world_action_values

    more = 0
    for before, lead in _leads_with_open_talon(range(6)):
        pos = before if leading else before.play(lead)
        me = pos.to_move
        assert me is not None
        cards = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
        judged = (replied_values if leading else answered_values)([pos], cards, 4,
                                                                  random.Random(2))
        solved = [side(me, v) for v in world_action_values(pos, cards)]
        for r, s in zip(judged, solved, strict=True):
            assert r[0] >= s
            more += r[0] > s
    assert more > 0


def test_his_guessed_lead_depends_only_on_what_he_sees() -> None:
    """The leader's next choice is one of his actions (never a claim), chosen from his view
    alone: in two worlds that look the same to him he chooses alike, where the best choice
    with every card known differs between them."""
    from schnapsen_lab.solver.api import best_actions

    differs = 0
    for pos, _ in _leads_with_open_talon(range(12)):
        leader = pos.to_move
        assert leader is not None
        legal = pos.legal_actions()
        same, h = position_from_view(view(pos, leader, legal), pos.profile)
        twin = next(w for w in sample_worlds_hidden(same, h, 5, random.Random(1))
                    if w.hands[1 - leader] != pos.hands[1 - leader])
        chosen = [guessed_lead(w, 4, random.Random(7)) for w in (pos, twin)]
        assert chosen[0] == chosen[1] and chosen[0] in legal
        assert chosen[0].kind is not ActionKind.CLAIM
        if set(best_actions(pos)) != set(best_actions(twin)):
            differs += 1
    assert differs > 3


@pytest.mark.parametrize("leading", [True, False])
def test_the_bummerl_aware_player_orders_the_guessed_cards_by_its_chance(leading: bool) -> None:
    """The Bummerl-aware player takes ``reply_worlds`` and ``lead_worlds`` too, and with
    the score known orders the cards so judged by its chance to win the Bummerl, not by
    game points: at 1 to 1 (the deal decides the Bummerl) those orders differ somewhere."""
    checked = differs = 0
    for before, lead in _leads_with_open_talon(range(8)):
        pos = before if leading else before.play(lead)
        me = pos.to_move
        assert me is not None
        p = BummerlStrongPlayer(samples=8, seed=1, reply_worlds=3, lead_worlds=3)
        p.new_deal((1, 1), Seat.A)
        v = view(pos, me, pos.legal_actions())
        score = p.score(v)
        assert score is not None
        choice = p.act(v, random.Random(0))
        d = p.last
        assert d is not None
        if not (d.replied if leading else d.led):
            continue
        checked += 1
        cards = [e for e in d.ranked
                 if e.action is not None and e.action.kind in (ActionKind.PLAY,
                                                               ActionKind.MARRIAGE)]
        chances = [round(score.mean_equity(e.values, me), 9) for e in cards]
        assert d.equity and choice == cards[0].action
        assert chances == sorted(chances, reverse=True)
        means = [e.mean for e in cards]
        differs += means != sorted(means, reverse=True)
    assert checked > 5 and differs > 0


@pytest.mark.parametrize(("setting", "marked", "leading"), [
    ("reply_worlds", "the cards to lead judged with his answer chosen as he would choose it, "
     "from what he sees (over 3 worlds of his)", True),
    ("lead_worlds", "the cards to answer with judged with his next lead, if he wins the "
     "trick, chosen as he would choose it, from what he sees (over 3 worlds of his)", False),
])
def test_the_guessing_settings_judge_with_eight_cards_or_fewer_and_say_so(
        setting: str, marked: str, leading: bool) -> None:
    """With ``reply_worlds`` the player's leads, with ``lead_worlds`` its answers, with at
    most 8 cards in the open talon are judged with the opponent's next choice made from
    his view, and the note says so; never the deal's first lead, nor the other kind of
    decision, nor by default; a negative value is refused."""
    found = []
    for worlds in (3, 0):
        where = []
        for seed in range(3):
            strong = StrongPlayer(samples=8, seed=1, **{setting: worlds})
            played = play_deal((strong, make_player("heuristic")), _random_deal(seed).deck,
                               Seat.B if leading else Seat.A, explain=True)
            positions = played.record().positions()
            where += [(positions[i].talon_size, positions[i].lead)
                      for i, n in enumerate(played.notes) if n and marked in n]
        found.append(where)
    assert found[0] and all(0 < talon <= 8 and (lead < 0) is leading
                            for talon, lead in found[0])
    assert not found[1]
    with pytest.raises(ValueError):
        StrongPlayer(**{setting: -1})


# -- every later choice made from what the chooser sees (playout_talon) -------------------------

def _plays_at(talon: int, leading: bool, seeds: range) -> list[Position]:
    """Positions of random deals played by the heuristic player with ``talon`` cards in
    the open talon where a card is to be led (``leading``) or answered."""
    return [pos for seed in seeds for pos, _ in _open_talon_play(seed)
            if pos.talon_size == talon and (pos.lead < 0) is leading]


def test_a_playout_guesses_every_choice_of_both_until_the_talon_is_gone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """From a lead with 4 cards in the talon, the playout guesses the opponent's answer,
    then the next trick's lead and answer, whoever makes them (each from the chooser's
    view, as :func:`guessed_lead` and :func:`guessed_answer` are tested to do), and
    nothing once the talon is gone or closed or a correct claim is due; the values are
    game points."""
    import schnapsen_lab.players.strong as strong

    asked: list[tuple[int, bool, int, bool]] = []
    me = Seat.A

    def recorded(guess: Callable[[Position, int, random.Random], Action]
                 ) -> Callable[[Position, int, random.Random], Action]:
        def wrapped(pos: Position, worlds: int, gen: random.Random) -> Action:
            asked.append((pos.talon_size, pos.talon_open, int(pos.to_move is me),
                          pos.claim_by >= 0 and pos.claim_is_correct(pos.claim_by)))
            return guess(pos, worlds, gen)
        return wrapped

    monkeypatch.setattr(strong, "guessed_lead", recorded(guessed_lead))
    monkeypatch.setattr(strong, "guessed_answer", recorded(guessed_answer))
    positions = _plays_at(4, True, range(30))[:6]
    assert len(positions) >= 4
    for pos in positions:
        mover = pos.to_move
        assert mover is not None
        me = mover
        cards = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
        values = played_out_values([pos], cards, 2, random.Random(3))
        assert all(len(v) == 1 and -3 <= v[0] <= 3 for v in values)
    assert all(is_open for _, is_open, _, _ in asked)
    assert not any(due for *_, due in asked)
    assert {talon for talon, *_ in asked} == {4, 2}
    assert {mine for _, _, mine, _ in asked} == {0, 1}  # his choices and mine


def test_with_two_cards_in_the_talon_a_playout_is_the_guessed_answer() -> None:
    """With 2 cards in the talon the only choice left open is the follower's answer to
    the lead: a lead's played-out values are those of ``reply_worlds`` (the same
    generator giving the same guesses), and an answer's are its values with every card
    known."""
    from schnapsen_lab.worlds import world_action_values

    leads = _plays_at(2, True, range(20))[:5]
    answers = [pos.play(next(a for a in pos.legal_actions() if a.kind is ActionKind.PLAY))
               for pos in leads]
    assert len(leads) >= 3
    for pos in leads:
        cards = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
        assert (played_out_values([pos], cards, 3, random.Random(9))
                == replied_values([pos], cards, 3, random.Random(9)))
    for pos in answers:
        me = pos.to_move
        assert me is not None
        cards = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
        solved = [side(me, v) for v in world_action_values(pos, cards)]
        assert played_out_values([pos], cards, 3, random.Random(9)) == [(v,) for v in solved]


def test_paired_playouts_play_each_card_of_a_world_with_the_same_draws(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``paired`` the cards of one world are played out with the same random draws:
    a card judged twice in a list gets the same values both times, where without it the
    draws alone tell the two apart; the player hands its ``paired_playouts`` setting on,
    off by default."""
    import schnapsen_lab.players.strong as strong

    positions = _plays_at(6, True, range(30))[:8]
    assert len(positions) >= 4
    apart = 0
    for pos in positions:
        cards = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY][:2]
        twice = [*cards, *cards]
        paired = played_out_values([pos, pos], twice, 2, random.Random(5), paired=True)
        assert paired[:2] == paired[2:]
        plain = played_out_values([pos, pos], twice, 2, random.Random(5))
        apart += plain[:2] != plain[2:]
    assert apart

    handed: list[bool] = []

    def recorded(worlds: list[Position], actions: list[Action], choosers: int,
                 gen: random.Random, *, paired: bool = False) -> list[tuple[int, ...]]:
        handed.append(paired)
        return played_out_values(worlds, actions, choosers, gen, paired=paired)

    monkeypatch.setattr(strong, "played_out_values", recorded)
    for setting in (True, False):
        player = StrongPlayer(samples=4, seed=1, reply_worlds=2, playout_talon=6,
                              paired_playouts=setting)
        play_deal((player, make_player("heuristic")), _random_deal(1).deck, Seat.A)
    assert True in handed and False in handed
    assert handed == sorted(handed, reverse=True)
    assert not StrongPlayer().paired_playouts
    assert BummerlStrongPlayer(paired_playouts=True).paired_playouts


def test_the_playout_judges_from_three_cards_to_its_talon_and_says_so() -> None:
    """With ``playout_talon=6`` the player's leads and answers with 4 or 6 cards in the
    open talon are judged by playouts over as many worlds of the chooser as
    ``reply_worlds`` says, and the note says so; never with 2 cards (where
    ``reply_worlds`` judges the leads alike) nor 8, nor by default; with
    ``playout_answers=False`` only the leads are so judged; a negative value is
    refused."""
    marked = ("the cards judged with every later choice while the talon is open, his and "
              "mine, made as the chooser would make it, from what he sees (over 3 worlds of "
              "his)")
    found = []
    for talon, answers in ((6, True), (0, True), (6, False)):
        where = []
        for seed in range(2):
            for first in (Seat.A, Seat.B):
                strong = StrongPlayer(samples=6, seed=1, reply_worlds=3, playout_talon=talon,
                                      playout_answers=answers)
                played = play_deal((strong, make_player("heuristic")),
                                   _random_deal(seed).deck, first, explain=True)
                positions = played.record().positions()
                where += [(positions[i].talon_size, positions[i].lead >= 0)
                          for i, n in enumerate(played.notes) if n and marked in n]
        found.append(where)
    assert found[0] and {talon for talon, _ in found[0]} <= {4, 6}
    assert {answer for _, answer in found[0]} == {False, True}
    assert not found[1]
    assert found[2] and {talon for talon, _ in found[2]} <= {4, 6}
    assert {answer for _, answer in found[2]} == {False}
    assert BummerlStrongPlayer(playout_talon=6).playout_talon == 6
    assert not BummerlStrongPlayer(playout_talon=6, playout_answers=False).playout_answers
    with pytest.raises(ValueError):
        StrongPlayer(playout_talon=-1)


def _marriage_leads(seeds: range) -> list[Position]:
    """The first position of each random deal played by the heuristic player where the
    leader could announce a marriage with 1 to 8 cards in the open talon, if any."""
    found = (next((pos for pos, _ in _open_talon_play(seed)
                   if pos.lead < 0 and pos.talon_size <= 8
                   and any(a.kind is ActionKind.MARRIAGE for a in pos.legal_actions())), None)
             for seed in seeds)
    return [pos for pos in found if pos is not None]


def test_a_marriage_card_is_led_announced_whatever_the_guess(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the leads judged with the opponent's guessed answer (``reply_worlds``) put
    the plain lead of a king or queen ahead of announcing its marriage, the player still
    announces: with every card known the announcement never costs a point, and the two
    observed plain leads against the MCTS bot came from a rough guess."""
    def plain_first(worlds: list[Position], leads: list[Action], replies: int,
                    gen: random.Random) -> list[tuple[int, ...]]:
        married = {a.card for a in leads if a.kind is ActionKind.MARRIAGE}
        value = {ActionKind.MARRIAGE: -1, ActionKind.PLAY: -3}
        return [tuple(3 if a.kind is ActionKind.PLAY and a.card in married
                      else value[a.kind] for _ in worlds) for a in leads]

    import schnapsen_lab.players.strong as strong

    monkeypatch.setattr(strong, "replied_values", plain_first)
    checked = 0
    for pos in _marriage_leads(range(40)):
        legal = pos.legal_actions()
        me = pos.to_move
        assert me is not None
        p = StrongPlayer(samples=8, seed=1, reply_worlds=3)
        choice = p.act(view(pos, me, legal), random.Random(0))
        d = p.last
        assert d is not None and choice is not None
        if not d.replied:
            continue
        checked += 1
        assert choice.kind is ActionKind.MARRIAGE, (pos, choice)
        married = {a.card for a in legal if a.kind is ActionKind.MARRIAGE}
        assert not [e for e in d.ranked if e.action is not None
                    and e.action.kind is ActionKind.PLAY and e.action.card in married]
    assert checked >= 3


def test_reply_and_lead_worlds_guess_only_the_opponents_next_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Unlike a playout, ``reply_worlds`` and ``lead_worlds`` guess one choice after the
    player's card, the opponent's: his answer to the lead (before the draw) and, where he
    wins the trick, his next lead (after it); everything later is solved with every card
    known, so nothing is guessed for the player himself nor a trick further on."""
    import schnapsen_lab.players.strong as strong

    asked: list[tuple[int, bool]] = []
    me = Seat.A

    def recorded(guess: Callable[[Position, int, random.Random], Action]
                 ) -> Callable[[Position, int, random.Random], Action]:
        def wrapped(pos: Position, worlds: int, gen: random.Random) -> Action:
            asked.append((pos.talon_size, pos.to_move is me))
            return guess(pos, worlds, gen)
        return wrapped

    monkeypatch.setattr(strong, "guessed_lead", recorded(guessed_lead))
    monkeypatch.setattr(strong, "guessed_answer", recorded(guessed_answer))
    leads = _plays_at(4, True, range(30))[:4]
    answers = _plays_at(4, False, range(30))[:4]
    assert len(leads) >= 3 and len(answers) >= 3
    for judged, positions in ((strong.replied_values, leads),
                              (strong.answered_values, answers)):
        guessed = 0
        for pos in positions:
            mover = pos.to_move
            assert mover is not None
            me = mover
            cards = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
            asked.clear()
            values = judged([pos], cards, 2, random.Random(3))
            assert all(len(v) == 1 and -3 <= v[0] <= 3 for v in values)
            assert len(asked) <= len(cards)  # at most one guess a card (none: he lost)
            assert not any(mine for _, mine in asked)
            assert {talon for talon, _ in asked} <= {4 if judged is strong.replied_values
                                                     else 2}
            guessed += len(asked)
        assert guessed > 0
