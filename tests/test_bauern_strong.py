"""The strong four-player player: its choices from its seat's view, its claims, its
place in the registry, the simulator and the table for four (issue 21 section 2)."""

from __future__ import annotations

import random

import pytest

from schnapsen_lab import psn
from schnapsen_lab.cards import parse_card
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.games.bauern.players import HeuristicBauernPlayer, SeatPlayer
from schnapsen_lab.games.bauern.rules import (
    BAUERN,
    BAUERN24,
    BAUERN24_CALLED,
    BAUERN_CALLED,
    CALLS,
    CLAIM,
    Call,
    Kind,
    Phase,
    Position,
    trump_call,
)
from schnapsen_lab.games.bauern.selfplay import play_deal, play_match
from schnapsen_lab.games.bauern.strong import StrongBauernPlayer
from schnapsen_lab.games.bauern.table import BauernTable
from schnapsen_lab.players.registry import make_player, player_names


def _deck(first: str, later: str) -> list[int]:
    """A deck whose forehand (dealer W: forehand N) gets ``first`` as its packet of three
    and ``later`` as its two; the rest in card order."""
    a = [parse_card(c) for c in first.split()]
    b = [parse_card(c) for c in later.split()]
    rest = [c for c in range(20) if c not in a and c not in b]
    return a + rest[:9] + b + rest[9:]


class Spy(SeatPlayer):
    """Wraps a player and checks that it always answers from the legal actions."""

    def __init__(self, inner: SeatPlayer) -> None:
        self.inner = inner
        self.name = inner.name
        self.asked = 0

    def act(self, v, rng):  # type: ignore[no-untyped-def]
        a = self.inner.act(v, rng)
        self.asked += 1
        assert (a is None and v.legal == (CLAIM,)) or a in v.legal
        if a is CLAIM:
            assert v.my_score >= 66  # never a claim it cannot be sure of
        return a


def test_registered_for_four_players() -> None:
    assert "strong" in player_names("bauern")
    p = make_player("strong", game="bauern")
    assert isinstance(p, StrongBauernPlayer) and isinstance(p, SeatPlayer)
    assert p.name == "strong"


def test_forehand_names_the_suit_of_three_top_trumps() -> None:
    pos = Position.deal(_deck("AH TH KH", "QC JD"), 3)
    assert pos.forehand == 0
    a = StrongBauernPlayer(seed=1).act(view(pos, 0), random.Random(1))
    assert a == trump_call("H")


def test_five_top_trumps_call_bauernschnapser() -> None:
    pos = Position.deal(_deck("AH TH KH", "QH JH"), 3).play(trump_call("H"))
    v = view(pos, 0)
    assert CALLS[Call.BAUERNSCHNAPSER] in v.legal
    p = StrongBauernPlayer(seed=2)
    values = p.call_values(v, v.legal, random.Random(2))
    assert values[CALLS[Call.BAUERNSCHNAPSER]] == 12  # sure, whatever the others hold
    assert p.act(v, random.Random(2)) == CALLS[Call.BAUERNSCHNAPSER]


def test_a_weak_hand_says_weiter() -> None:
    pos = Position.deal(_deck("JC JD QS", "KC JS"), 3).play(trump_call("C"))
    a = StrongBauernPlayer(seed=3).act(view(pos, 0), random.Random(3))
    assert a == CALLS[Call.WEITER]


def test_claims_when_sure_and_declines_otherwise() -> None:
    p = StrongBauernPlayer(seed=4)
    rng = random.Random(4)
    claims = declined = 0
    for n in range(1, 40):
        m = play_match(["heuristic"] * 4, seed=9, number=n)
        for d in m.deals[:3]:
            pos = d.start()
            for a in d.actions:
                if pos.phase == Phase.PLAY and pos.claim_by >= 0 and pos.contract is None:
                    seat = pos.claim_seat
                    v = view(pos, seat, [CLAIM])
                    got = p.act(v, rng)
                    if v.my_score >= 66:
                        assert got is CLAIM
                        claims += 1
                    else:
                        assert got is None
                        declined += 1
                pos.apply_unchecked(a)
        if claims > 5 and declined > 5:
            break
    assert claims > 5 and declined > 5


def test_every_choice_is_legal_and_every_claim_sure() -> None:
    """Whole deals, fixed and called partners, the strong player at every seat."""
    spies = [Spy(StrongBauernPlayer(samples=0.5)) for _ in range(4)]
    rng = random.Random(5)
    for profile in (BAUERN, BAUERN_CALLED):
        for _ in range(3):
            deck = list(range(20))
            rng.shuffle(deck)
            d = play_deal(spies, deck, rng.randrange(4), profile, knock=rng.random() < 0.3)
            assert d.outcome is not None
    assert all(s.asked > 3 for s in spies)


def test_every_choice_is_legal_with_24_cards() -> None:
    """BN: whole 24-card deals (six cards each, the nines), the strong player at every
    seat, its worlds six cards a hand."""
    spies = [Spy(StrongBauernPlayer(samples=0.3)) for _ in range(4)]
    rng = random.Random(6)
    for profile in (BAUERN24, BAUERN24_CALLED):
        for _ in range(2):
            deck = list(range(24))
            rng.shuffle(deck)
            d = play_deal(spies, deck, rng.randrange(4), profile, knock=rng.random() < 0.3)
            assert d.outcome is not None and d.final().tricks_played <= 6
    assert all(s.asked > 3 for s in spies)


def test_the_strong_team_beats_the_random_team() -> None:
    strong = StrongBauernPlayer(samples=0.5)
    m = play_match([strong, "random", strong, "random"], seed=3, number=1)
    assert m.winners == ("NS",)


def test_play_values_in_the_true_world_are_the_exact_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the true hands as its only world, the player's value of each card and
    marriage lead is the solver's exact value for its side (view, world and signs agree
    with the referee)."""
    import schnapsen_lab.games.bauern.strong as strong_mod
    from schnapsen_lab.games.bauern.solver import action_values

    checked = 0
    for n in range(1, 30):
        m = play_match(["heuristic"] * 4, seed=11, number=n)
        for d in m.deals:
            pos = d.start()
            for a in d.actions:
                legal = [x for x in pos.legal_actions() if x.kind is not Kind.CLAIM]
                if pos.phase == Phase.PLAY and pos.outcome is None and len(legal) > 1:
                    true = tuple(pos.hands)
                    monkeypatch.setattr(strong_mod, "sample_worlds",
                                        lambda *_a, _t=true, **_k: [_t])
                    v = view(pos, pos.turn)
                    exact = action_values(pos)
                    sign = 1 if pos.side[pos.turn] == 0 else -1
                    got = StrongBauernPlayer(seed=1).play_values(v, legal, random.Random(1))
                    assert got == {x: sign * exact[x] for x in legal}
                    checked += 1
                pos.apply_unchecked(a)
        if checked >= 30:
            break
    assert checked >= 30


def test_simulate_offers_the_strong_player_by_name(capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    code = main(["simulate", "--variant", "bauern", "--players", "strong,heuristic",
                 "-n", "1", "-j", "1", "-q", "-o", "-", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    records = psn.loads(out)
    assert records and {r.player_names for r in records} == {
        ("strong N", "heuristic E", "strong S", "heuristic W")}


def test_the_table_for_four_plays_with_strong_bots() -> None:
    t = BauernTable("strong", seed=2)
    assert t.bot_name == "strong"
    me = HeuristicBauernPlayer("student")
    rng = random.Random(2)
    while not t.finished:
        t.act(me.act(t.student_view(), rng))
    assert t.position.outcome is not None


def test_the_widget_offers_the_strong_bots() -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets.bauern import BauernPracticeTable

    w = BauernPracticeTable(pause=0, seed=1)
    assert "strong" in [value for _label, value in w.bot_picker.options]
    w.bot_picker.value = "strong"
    assert w.table.bot_name == "strong"


def test_every_choice_says_what_it_rested_on() -> None:
    """``explain``: each choice the strong seat was asked for is noted with what it
    rested on (the worlds, and the options' game points for its side, best first; the
    called partner, the claim, the only choice); the heuristic seats and forced moves say
    nothing; the play is the same as without notes, and the record keeps each note as a
    comment after its action."""
    rng = random.Random(4)
    kinds: set[str] = set()
    for k in range(3):
        deck = list(range(20))
        rng.shuffle(deck)
        seats = [StrongBauernPlayer(samples=0.3, seed=k), HeuristicBauernPlayer(),
                 StrongBauernPlayer(samples=0.3, seed=k + 10), HeuristicBauernPlayer()]
        profile = BAUERN_CALLED if k == 2 else BAUERN
        noted = play_deal(seats, deck, k % 4, profile, explain=True)
        for s in (0, 2):
            seats[s] = StrongBauernPlayer(samples=0.3, seed=k + 10 * (s // 2))
        plain = play_deal(seats, deck, k % 4, profile)
        assert noted.actions == plain.actions and not plain.notes
        assert len(noted.notes) == len(noted.actions)
        pos = noted.start()
        for a, note in zip(noted.actions, noted.notes, strict=True):
            seat = pos.claim_seat if a is CLAIM else pos.turn
            if note is not None:
                assert seat in (0, 2), (a, note)  # only the strong seats speak
                kinds.add(note.split(":")[0].split(",")[0])
            elif seat in (0, 2) and a is not CLAIM and len(pos.legal_actions()) > 1:
                raise AssertionError(f"the strong seat's choice {a} has no note")
            pos.apply_unchecked(a)
        rec = noted.record({})
        text = psn.dumps([rec])
        [back] = psn.loads(text)
        assert back.ok and psn.dumps([back]) == text
        said = [c for m in back.main.moves for c in m.comments]
        assert said == [" ".join(n.split()) for n in noted.notes if n]
    assert "game points for my side over 6 sampled worlds" in kinds
    assert any(k.startswith("game points for my side over") for k in kinds)


def test_a_decision_in_words() -> None:
    """What each kind of decision says, in English and in German."""
    from schnapsen_lab.games.bauern.rules import CALLS as CALL_ACTIONS
    from schnapsen_lab.games.bauern.rules import TRUMP_UP, play
    from schnapsen_lab.games.bauern.strong import BauernDecision
    from schnapsen_lab.i18n import language

    weiter, schnapser = CALL_ACTIONS[Call.WEITER], CALL_ACTIONS[Call.SCHNAPSER]
    called = BauernDecision(weiter, "call", 20, ((schnapser, 1.5), (weiter, 0.25)))
    assert called.text() == (
        "game points for my side over 20 sampled worlds, the players still to speak "
        "passing: Schnapser (+1.50), pass (+0.25); a contract only when it is made in 85% "
        "of the worlds or more, a double only when it is clearly won")
    cards = BauernDecision(play("TH"), "play", 1, ((play("TH"), 0.5), (play("KS"), -1.0)))
    assert cards.text(options=1) == "game points for my side over 1 sampled world: 10♥ (+0.50)"
    up = BauernDecision(TRUMP_UP, "trump", 16, ((TRUMP_UP, 0.0),))
    assert up.text().endswith("as the normal game with each trump: turn up (+0.00)")
    assert BauernDecision(CLAIM, "claim").text() == "66 reached: the claim is correct"
    assert BauernDecision(weiter, "rule").text().startswith("no sampled world was solved")
    with language("de"):
        assert called.text().startswith("Punkte für meine Seite über 20 gezogene Welten, wenn "
                                       "die übrigen Spieler weiter sagen: Schnapser")
        assert "Schnapser (+1,50)" in called.text()


def test_the_table_for_four_keeps_the_bots_reasons_in_the_record() -> None:
    """At the table for four, each strong bot's reason is kept by the action's index with
    the seat that gave it, and written as a comment after that action in the deal's
    record; the student's moves get none."""
    t = BauernTable("strong", seed=2)
    me = HeuristicBauernPlayer("student")
    rng = random.Random(2)
    while not t.finished:
        t.act(me.act(t.student_view(), rng))
    assert t.reasons and all(seat != t.seat for seat, _said in t.reasons.values())
    rec = t.record()
    for i, move in enumerate(rec.main.moves):
        if i in t.reasons:
            assert move.comments == [" ".join(t.reasons[i][1].split())]
        else:
            assert move.comments == []
    [back] = psn.loads(psn.dumps([rec]))
    assert back.ok and back.actions == rec.actions
