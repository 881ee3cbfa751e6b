"""Four-seat players and self-play: what they see, how they decide, whole matches."""

from __future__ import annotations

import itertools
import random

import pytest

from schnapsen_lab.cards import parse_cards
from schnapsen_lab.games.bauern import (
    BAUERN,
    BAUERN24,
    BAUERN24_CALLED,
    BAUERN_CALLED,
    CLAIM,
    Action,
    End,
    Kind,
    Seat,
)
from schnapsen_lab.games.bauern.knowledge import View
from schnapsen_lab.games.bauern.players import (
    HeuristicBauernPlayer,
    RandomBauernPlayer,
    SeatPlayer,
)
from schnapsen_lab.games.bauern.selfplay import play_deal, play_match, simulate
from schnapsen_lab.players import make_player, player_names

from .test_bauern_rules import A, D, deck_for, run, table


class Spy(SeatPlayer):
    """Plays like the heuristic player and checks every view it is given."""

    def __init__(self) -> None:
        self.name = "spy"
        self.inner = HeuristicBauernPlayer()
        self.views = 0

    def act(self, view: View, rng: random.Random) -> Action | None:
        self.views += 1
        assert view.legal, "asked without a choice"
        others = 0
        for s in range(4):
            if s != view.viewer:
                assert not others & view.known[s]
                others |= view.known[s]
        assert view.hand | view.played | others | view.unknown == view.profile.cards
        assert not (view.hand | view.played | others) & view.unknown
        return self.inner.act(view, rng)


def test_players_are_registered_per_game() -> None:
    assert player_names("bauern") == ["heuristic", "random", "strong"]
    assert isinstance(make_player("heuristic", game="bauern"), HeuristicBauernPlayer)
    assert isinstance(make_player("Random", "bauern"), RandomBauernPlayer)
    assert not isinstance(make_player("random"), RandomBauernPlayer)  # two-player default
    with pytest.raises(KeyError, match="known: heuristic, random, strong"):
        make_player("nobody", game="bauern")


@pytest.mark.parametrize("profiles", [(BAUERN, BAUERN_CALLED), (BAUERN24, BAUERN24_CALLED)],
                         ids=["20", "24"])
def test_a_player_sees_only_its_view(profiles: tuple[object, ...]) -> None:
    spies = [Spy() for _ in range(4)]
    for n in range(1, 4):
        for profile in profiles:
            play_match(spies, seed=5, number=n, profile=profile)  # type: ignore[arg-type]
    assert all(s.views > 50 for s in spies)


@pytest.mark.parametrize("profile", [BAUERN24, BAUERN24_CALLED], ids=lambda p: p.name)
def test_24_card_matches_deal_six_each_and_play_the_nines(profile: object) -> None:
    """BN3-BN5: self-play under a 24-card profile deals the 24 cards, plays at most six
    tricks a deal and refereed again gives the same outcome; the nines are played."""
    nines = 0
    deals = []
    for n in (1, 2, 3):
        m = play_match(("heuristic", "random", "heuristic", "random"), seed=7, number=n,
                       profile=profile)  # type: ignore[arg-type]
        assert m.state.is_decided
        deals.extend(m.deals)
    for d in deals:
        assert sorted(d.deck) == list(range(24))
        cards = [a for a in d.actions if a.kind in (Kind.PLAY, Kind.MARRIAGE)]
        assert len(cards) <= 24
        nines += sum(1 for a in cards if a.card is not None and a.card >= 20)
        fin = d.final()
        assert fin.outcome == d.outcome and fin.tricks_played <= 6
    assert nines > 0


def test_self_play_is_seeded_and_plays_to_the_target() -> None:
    a = play_match(("heuristic", "random", "heuristic", "random"), seed=3, number=2)
    b = play_match(("heuristic", "random", "heuristic", "random"), seed=3, number=2)
    c = play_match(("heuristic", "random", "heuristic", "random"), seed=4, number=2)
    assert [d.actions for d in a.deals] == [d.actions for d in b.deals]
    assert [d.deck for d in a.deals] != [d.deck for d in c.deals]
    assert a.state.is_decided and max(a.counters.values()) >= 21
    totals = {"NS": 0, "EW": 0}
    for d in a.deals:  # the counters are the deals' game points
        totals["NS" if d.outcome.winners & 1 else "EW"] += d.outcome.game_points
    assert totals == a.counters
    dealers = [d.dealer for d in a.deals]
    assert all((int(y) - int(x)) % 4 == 1 for x, y in itertools.pairwise(dealers))
    for d in a.deals:
        assert d.final().outcome == d.outcome  # refereed again


def test_called_matches_keep_a_counter_per_player() -> None:
    m = play_match(("heuristic",) * 4, seed=1, number=1, profile=BAUERN_CALLED)
    assert set(m.counters) == {"N", "E", "S", "W"} and m.winners
    assert all(m.counters[w] >= 21 for w in m.winners)


def test_simulate_checks_names_and_yields_in_order() -> None:
    got = list(simulate(("random",) * 4, matches=3, seed=2))
    assert [m.number for m in got] == [1, 2, 3]
    with pytest.raises(KeyError):
        next(simulate(("random", "nobody", "random", "random"), matches=1))


def test_heuristic_names_trump_sensibly_from_three_cards() -> None:
    p = HeuristicBauernPlayer()
    rng = random.Random(0)
    for three, want in (("AH TH KC", "T:H"), ("QC JD KS", "T:up"), ("AC JD QS", "T:C"),
                        ("KC QC AS", "T:C")):
        hands = dict(A)
        rest = [str(c) for c in parse_cards("AH TH KH QS JS AC TC KC QH JH AD TD KD QC JC "
                                            "AS TS KS QD JD") if str(c) not in three.split()]
        hands["E"] = three + " " + " ".join(rest[:2])
        others = rest[2:]
        hands["S"], hands["W"], hands["N"] = (" ".join(others[5 * k:5 * k + 5])
                                              for k in range(3))
        pos = table(hands)
        from schnapsen_lab.games.bauern.knowledge import view

        assert str(p.act(view(pos, Seat.E), rng)) == want, three


def test_heuristic_calls_only_sure_or_strong_contracts() -> None:
    from schnapsen_lab.games.bauern.knowledge import view

    p = HeuristicBauernPlayer()
    rng = random.Random(0)
    bs = table(D).play("T:H")  # E: AH TH KH AS AC, three top trumps and side aces
    assert str(p.act(view(bs, Seat.E), rng)) == "bauernschnapser"
    gang = table({"E": "AH TH AS AC AD", "S": "KH QH JH TS KS", "W": "QS JS TC KC QC",
                  "N": "JC TD KD QD JD"}).play("T:H")  # every card on top, two trumps
    assert str(p.act(view(gang, Seat.E), rng)) == "gang"
    weak = table(A).play("T:H").play("weiter")  # S: AC TC KC QH JH
    assert str(p.act(view(weak, Seat.S), rng)) == "weiter"


def test_heuristic_says_spritze_against_a_contract_it_can_break() -> None:
    """BA4 revised: forehand's partner may double the other side's Schnapser, and with
    called partners a defender who does not know the partner yet doubles forehand's."""
    from schnapsen_lab.games.bauern.knowledge import view

    p = HeuristicBauernPlayer()
    rng = random.Random(0)
    fixed = run(table({"E": "KH QH JS AD TD", "S": "AS TS KS QS JH", "W": "AH TH QC JC KD",
                       "N": "AC TC KC QD JD"}), "T:H weiter schnapser")
    assert str(p.act(view(fixed, Seat.W), rng)) == "spritze"  # W holds the trump ace, ten
    weak = run(table({"E": "KH QH JS AD TD", "S": "AS TS KS QS JH", "W": "QC JC KD QD JD",
                      "N": "AH TH AC TC KC"}), "T:H weiter schnapser")
    assert str(p.act(view(weak, Seat.W), rng)) == "weiter"
    called = run(table({"E": "KH QH JS AD TD", "S": "AH TH QC JC KD", "W": "AC TC KC QD JD",
                        "N": "AS TS KS QS JH"}, profile=BAUERN_CALLED), "T:H P:AS schnapser")
    assert view(called, Seat.S).teammates is None
    assert str(p.act(view(called, Seat.S), rng)) == "spritze"


def test_heuristic_feeds_a_partner_who_wins_surely_and_never_claims_falsely() -> None:
    from schnapsen_lab.games.bauern.knowledge import view

    p = HeuristicBauernPlayer()
    rng = random.Random(0)
    f = {"E": "AH TH KH QS JS", "S": "QH JH AC TC KC", "W": "AD TD JC QC KD",
         "N": "AS TS KS QD JD"}
    pos = run(table(f), "T:H weiter weiter weiter weiter AH JH")
    # E's trump ace wins whatever N holds: W, void in hearts, gives its ace of diamonds
    assert str(p.act(view(pos, Seat.W), rng)) == "AD"
    after = run(pos, "AD")
    assert str(p.act(view(after, Seat.N), rng)) == "JD"  # N cannot win it: its cheapest
    for k in range(1, 40):
        m = play_match(("heuristic",) * 4, seed=11, number=k)
        assert all(d.outcome.end is not End.FALSE_CLAIM for d in m.deals)
        assert any(d.outcome.end is End.CLAIM for d in m.deals) or len(m.deals) < 3


def test_heuristic_beats_random() -> None:
    wins = 0
    for k in range(1, 21):
        m = play_match(("heuristic", "random", "heuristic", "random"), seed=9, number=k)
        wins += m.winners == ("NS",)
    assert wins >= 18


def test_the_random_player_claims_only_when_sure() -> None:
    r = RandomBauernPlayer()
    rng = random.Random(1)
    assert r.choose((CLAIM,), False, rng) is None
    assert r.choose((CLAIM,), True, rng) is CLAIM
    d = play_deal([RandomBauernPlayer() for _ in range(4)], deck_for(Seat.N, A), Seat.N)
    assert d.outcome.end is not End.FALSE_CLAIM


def test_heuristic_reads_nines_as_the_lowest_of_their_suit() -> None:
    """BN1: three nines are a weak first packet (turn up); a nine is no ace among the
    sure leads; the called partner is the highest trump forehand lacks."""
    from schnapsen_lab.cards import CARDS, mask_of
    from schnapsen_lab.games.bauern import Position
    from schnapsen_lab.games.bauern.knowledge import view
    from schnapsen_lab.games.bauern.players import hand_strength

    deck = parse_cards("9C 9D 9H AS TS KS QS JS 9S AD TD KD AC TC KC QC JC QD JD AH TH KH QH JH")
    pos = Position.deal(deck, Seat.N, BAUERN24)  # forehand E: 9C 9D 9H, then AC TC KC
    p = HeuristicBauernPlayer()
    assert str(p.act(view(pos, Seat.E), random.Random(0))) == "T:up"
    called = Position.deal(deck, Seat.N, BAUERN24_CALLED).play("T:C")
    assert str(p.act(view(called, Seat.E), random.Random(0))) == "P:AC"
    hand = mask_of(parse_cards("AH TH 9C 9D KS QS"))
    top, leads, marriage = hand_strength(hand, 2)  # hearts trump
    assert (top, [str(CARDS[c]) for c in leads], marriage) == (2, ["AH", "TH"], 20)
