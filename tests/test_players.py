"""Players: legal play over thousands of deals, no peeking at hidden cards, the club rules."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from schnapsen_lab.cards import Card
from schnapsen_lab.games.twohand.knowledge import View, view
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    SOFT,
    STRICT,
    Action,
    ActionKind,
    End,
    IllegalAction,
    Position,
    Profile,
    Seat,
    marriage,
    play,
)
from schnapsen_lab.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    make_player,
    player_names,
    register,
    registry,
)
from schnapsen_lab.simulate import PlayedDeal, play_deal

from .conftest import build_deck

PROFILES = [SOFT, STRICT]


def _deals(players: tuple[Player, Player], n: int, profile: Profile,
           seed: int) -> Iterator[PlayedDeal]:
    rng = random.Random(seed)
    rngs = (random.Random(seed + 1), random.Random(seed + 2))
    deck = list(range(20))
    for i in range(n):
        rng.shuffle(deck)
        yield play_deal(players, deck, Seat(i % 2), profile, rngs)


# -- legal play --------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize(("a", "b", "n"), [("random", "random", 3000),
                                           ("heuristic", "random", 1500),
                                           ("random", "heuristic", 1500),
                                           ("heuristic", "heuristic", 1500)])
def test_players_never_act_illegally(a: str, b: str, n: int, profile: Profile) -> None:
    players = (make_player(a), make_player(b))
    ends: set[End] = set()
    closed = marriages = exchanges = 0
    for d in _deals(players, n, profile, seed=len(a) * 31 + len(b) + n):
        # play_deal raises on an illegal choice; the record refs every action again
        rec = d.record()
        assert rec.ok and rec.outcome == d.outcome
        assert d.outcome.end is not End.FALSE_CLAIM  # neither player ever claims falsely
        ends.add(d.outcome.end)
        closed += CLOSE in d.actions
        exchanges += EXCHANGE in d.actions
        marriages += any(x.kind is ActionKind.MARRIAGE for x in d.actions)
    assert ends == {End.CLAIM, End.LAST_TRICK}
    assert closed and marriages and exchanges  # the whole rule book was exercised


def test_random_player_claims_exactly_when_correct() -> None:
    p = RandomPlayer()
    rng = random.Random(1)
    legal = [CLAIM, play("AH"), play("JC")]
    assert p.choose(legal, True, rng) is CLAIM
    assert all(p.choose(legal, False, rng) in legal[1:] for _ in range(50))
    assert p.choose([CLAIM], False, rng) is None
    assert p.choose([CLAIM], True, rng) is CLAIM
    seen = {p.choose(legal[1:], False, rng) for _ in range(200)}
    assert seen == set(legal[1:])  # both cards, uniformly drawn


def test_random_player_act_is_choose() -> None:
    """The simulator's shortcut (choose without a view) plays exactly like act."""
    for pos, seat, v in _decision_points(40, SOFT, seed=3):
        r1, r2 = random.Random(7), random.Random(7)
        assert RandomPlayer().act(v, r1) == RandomPlayer.choose(
            v.legal, pos.claim_is_correct(seat), r2)


# -- an illegal choice is rejected with a clear error ------------------------------------------

class _Bad:
    """A player that answers with a fixed action (or None)."""

    def __init__(self, answer: Action | None) -> None:
        self.name = "bad"
        self.answer = answer

    def act(self, view: View, rng: random.Random) -> Action | None:
        if len(view.legal) == 1 and view.legal[0] is CLAIM:
            return None
        return self.answer


@pytest.mark.parametrize(("answer", "rule"), [(play("AH"), "H1"), (None, "H1"), (CLOSE, "C1")])
def test_illegal_choice_raises(answer: Action | None, rule: str) -> None:
    deck = build_deck("KC QC JC JD JS", "AH TH KH QH AS", "TC")
    with pytest.raises(IllegalAction) as e:
        play_deal((_Bad(answer), RandomPlayer()), deck, Seat.B, STRICT)
    assert e.value.rule == rule
    assert "'bad' (A)" in str(e.value)
    assert e.value.legal  # the legal actions come with the error


def test_follower_cannot_claim_for_the_announcer() -> None:
    # A (forehand) leads KC+40 at once; B answers with the claim the announcer could make
    deck = build_deck("KC QC JC JD JS", "AH TH KH QH AS", "TC")

    class Announcer:
        name = "announcer"

        def act(self, view: View, rng: random.Random) -> Action | None:
            return None if view.legal == (CLAIM,) else marriage("KC", 40)

    with pytest.raises(IllegalAction) as e:
        play_deal((Announcer(), _Bad(CLAIM)), deck, Seat.B, SOFT)
    assert e.value.rule == "E2" and "'bad' (B) chose 66" in str(e.value)


# -- no peeking --------------------------------------------------------------------------------

def _decision_points(n: int, profile: Profile, seed: int) -> Iterator[tuple[Position, int, View]]:
    """Positions of random deals where the player to move has a choice, with its view."""
    rng = random.Random(seed)
    deck = list(range(20))
    for i in range(n):
        rng.shuffle(deck)
        pos = Position.deal(deck, i % 2, profile)
        while True:
            legal = pos.legal_actions()
            if not legal:
                break
            seat = pos.leader if pos.lead < 0 else 1 - pos.leader
            own = [a for a in legal if a is not CLAIM] if pos.lead >= 0 else legal
            if len(own) > 1:
                v = view(pos, seat)
                yield pos, seat, replace(v, legal=tuple(own))
            a = rng.choice(legal)
            pos = pos.play(a)


def _swap_hidden(pos: Position, history: list[Action], seat: int,
                 rng: random.Random) -> Position | None:
    """The same deal and actions with two cards hidden from ``seat`` swapped in the deck.

    The cards swapped are unknown to ``seat``: one in the opponent's hand (when there is
    one) and one in the face-down talon. None when there is no such pair, or when the
    actions are no longer legal on the new deck (a closed-phase follow).
    """
    v = view(pos, seat)
    hidden = [c for c in range(20) if v.unknown >> c & 1]
    in_hand = [c for c in hidden if pos.hands[1 - seat] >> c & 1]
    in_talon = [c for c in hidden if not pos.hands[1 - seat] >> c & 1]
    if len(hidden) < 2 or not in_talon:
        return None
    x = rng.choice(in_hand or in_talon)
    others = [c for c in in_talon if c != x]
    if not others:
        return None
    y = rng.choice(others)
    deck = list(pos.deck)
    i, j = deck.index(x), deck.index(y)
    deck[i], deck[j] = deck[j], deck[i]
    other = Position.deal(deck, pos.dealer, pos.profile)
    for a in history:
        if other.check(a) is not None:
            return None
        other = other.play(a)
    return other


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_player_cannot_see_hidden_cards(name: str, profile: Profile) -> None:
    """Two positions that differ only in cards hidden from the player give it the same
    view and the same choice."""
    rng = random.Random(11)
    compared = differs = 0
    deck = list(range(20))
    for i in range(150):
        rng.shuffle(deck)
        pos = Position.deal(deck, i % 2, profile)
        history: list[Action] = []
        while pos.outcome is None:
            seat = pos.leader if pos.lead < 0 else 1 - pos.leader
            other = _swap_hidden(pos, history, seat, rng)
            if other is not None:
                mine, theirs = view(pos, seat), view(other, seat)
                assert mine == theirs
                differs += (other.hands[1 - seat] != pos.hands[1 - seat]
                            or other.deck != pos.deck)
                player = make_player(name)
                if mine.legal:
                    assert (player.act(mine, random.Random(i))
                            == player.act(theirs, random.Random(i)))
                    compared += 1
            a = rng.choice(pos.legal_actions())
            history = [*history, a]
            pos = pos.play(a)
    assert compared > 500 and differs > 500


def test_simulator_hands_players_only_their_view() -> None:
    """What a player is given is exactly its K2 view at a position of the deal (with the
    legal list narrowed to its own actions)."""

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.views: list[View] = []
            self.inner = HeuristicPlayer()

        def act(self, view: View, rng: random.Random) -> Action | None:
            self.views.append(view)
            return self.inner.act(view, rng)

    asked = 0
    for i, seed in enumerate(range(40)):
        spy = Spy()
        (d,) = _deals((spy, RandomPlayer()), 1, SOFT, seed=seed)
        views_of_a = [view(p, Seat.A) for p in d.record().positions()]
        for v in spy.views:
            assert v.viewer is Seat.A and v.legal
            assert any(replace(w, legal=v.legal) == v for w in views_of_a), (i, v)
        asked += len(spy.views)
    assert asked > 200


# -- the club player's rules -------------------------------------------------------------------

def _first_view(deck: list[Card], profile: Profile = SOFT, dealer: Seat = Seat.B,
                actions: tuple[str, ...] = ()) -> tuple[Position, View]:
    pos = Position.deal(deck, dealer, profile)
    for a in actions:
        pos = pos.play(a)
    seat = pos.leader if pos.lead < 0 else 1 - pos.leader
    return pos, view(pos, seat)


def test_heuristic_exchanges_the_trump_jack() -> None:
    _, v = _first_view(build_deck("JH QC JC KD JS", "AC TC AD TD AS", "TH"))
    assert EXCHANGE in v.legal
    assert HeuristicPlayer().act(v, random.Random(0)) is EXCHANGE


@pytest.mark.parametrize(("profile", "lead"), [(SOFT, "QS+20"), (STRICT, "KS+20")])
def test_heuristic_announces_marriages(profile: Profile, lead: str) -> None:
    _, v = _first_view(build_deck("KS QS JC KD JD", "AC TC AD TD AS", "TH"), profile)
    assert str(HeuristicPlayer().act(v, random.Random(0))) == lead


def test_heuristic_closes_when_sure_of_66() -> None:
    # all trumps but the indicator jack, plus the top club: sure of far more than 66
    _, v = _first_view(build_deck("AH TH KH QH AC", "TC KC AD TD AS", "JH"))
    h = HeuristicPlayer()
    assert h.sure_points(v) >= 66
    assert h.act(v, random.Random(0)) is CLOSE


def test_heuristic_does_not_close_on_hope() -> None:
    _, v = _first_view(build_deck("AC TC KS QD JD", "AH TH AD TD AS", "JH"))
    h = HeuristicPlayer()
    assert h.sure_points(v) < 66
    a = h.act(v, random.Random(0))
    assert a is not CLOSE and a is not None and a.kind is ActionKind.PLAY
    assert a == play("JD")  # the cheapest card to lose


def test_heuristic_trumps_an_ace_with_its_lowest_trump() -> None:
    # B leads nothing yet: A (forehand) leads AC; B holds the trump jack and ace
    _, v = _first_view(build_deck("AC KD QS JC TS", "JH AH KS QD JD", "TH"), actions=("AC",))
    assert v.viewer is Seat.B
    assert HeuristicPlayer().act(v, random.Random(0)) == play("JH")


def test_heuristic_keeps_high_trumps_on_a_cheap_lead() -> None:
    _, v = _first_view(build_deck("JC KD QS TC TS", "AH TH JD AC KS", "QH"), actions=("JC",))
    a = HeuristicPlayer().act(v, random.Random(0))
    assert a == play("AC")  # takes the jack with the ace of clubs, not with a trump
    _, v = _first_view(build_deck("JC KD QS TC TS", "AH TH JD AS KS", "QH"), actions=("JC",))
    a = HeuristicPlayer().act(v, random.Random(0))
    assert a == play("JD")  # no club: throws the cheapest card, keeps AH and TH


def test_heuristic_leads_sure_winners_after_closing() -> None:
    deck = build_deck("AH TH KH QH AC", "TC KC AD TD AS", "JH")
    _, v = _first_view(deck, actions=("C",))
    assert HeuristicPlayer().act(v, random.Random(0)) == play("AH")  # trumps first
    _, v = _first_view(deck, actions=("C", "AH"))
    assert v.viewer is Seat.B  # no heart, no trump: throws its cheapest card
    assert HeuristicPlayer().act(v, random.Random(0)) == play("KC")


@pytest.mark.parametrize(("lead", "expected"), [("JC", "QC"), ("AD", "JD")])
def test_heuristic_follows_the_closed_phase_rules(lead: str, expected: str) -> None:
    deck = build_deck("JC KD QS TS AD", "AC QC KS JD TD", "JH")
    _, v = _first_view(deck, actions=("C", lead))
    assert len(v.legal) == 2  # F2: beat the lead if possible, else follow suit
    # wins with the lowest winning card; else plays the cheapest
    assert HeuristicPlayer().act(v, random.Random(0)) == play(expected)


def test_heuristic_claims_and_never_claims_falsely() -> None:
    h = HeuristicPlayer()
    claims = 0
    for pos, seat, v in _decision_points(300, SOFT, seed=9):
        a = h.act(v, random.Random(0))
        assert a is not None and a in v.legal
        if CLAIM in v.legal:
            assert (a is CLAIM) == pos.claim_is_correct(seat)
            claims += a is CLAIM
        if EXCHANGE in v.legal and not pos.claim_is_correct(seat):
            assert a is EXCHANGE
        if a is CLOSE:
            assert h.sure_points(v) >= 66
    assert claims > 20
    # the claim question alone: yes when correct, else decline
    for pos, seat, v in _decision_points(100, SOFT, seed=4):
        q = replace(v, legal=(CLAIM,))
        assert (h.act(q, random.Random(0)) is CLAIM) == pos.claim_is_correct(seat)


def test_heuristic_beats_random() -> None:
    from schnapsen_lab.simulate import simulate

    wins = [0, 0]
    for m in simulate(("heuristic", "random"), matches=60, seed=2, jobs=1):
        wins[m.winner] += 1
    assert wins[0] >= 50


# -- the registry ------------------------------------------------------------------------------

def test_registry_names_and_errors() -> None:
    assert {"random", "heuristic"} <= set(player_names())
    assert isinstance(make_player("Heuristic"), HeuristicPlayer)
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("random"), Player)
    with pytest.raises(KeyError, match=r"unknown player 'nobody'; known: .*heuristic"):
        make_player("nobody")


def test_registry_accepts_new_players() -> None:
    register("always-random", lambda: RandomPlayer("always-random"))
    try:
        p = make_player("always-random")
        assert p.name == "always-random"
        assert "always-random" in player_names()
    finally:
        del registry._ADDED["schnapsen"]["always-random"]


def test_registry_plugin_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin module (like players/strong.py) is imported on demand; its ``<Name>Player``
    class is registered under its name unless the module registered itself."""
    import importlib.machinery
    import sys
    import types

    mod = types.ModuleType("fake_plugins.fancy")
    mod.__spec__ = importlib.machinery.ModuleSpec("fake_plugins.fancy", None)

    class FancyPlayer(RandomPlayer):
        def __init__(self) -> None:
            super().__init__("fancy")

    mod.FancyPlayer = FancyPlayer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_plugins.fancy", mod)
    monkeypatch.setattr(registry, "PLUGIN_MODULES", ("fake_plugins.fancy", "fake_plugins.absent"))
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_ADDED", {k: dict(v) for k, v in registry._ADDED.items()})
    assert isinstance(make_player("random"), RandomPlayer)  # built-ins need no plugin
    assert registry._loaded is False
    p = make_player("fancy")
    assert isinstance(p, FancyPlayer) and p.name == "fancy"
    assert "fancy" in player_names()
