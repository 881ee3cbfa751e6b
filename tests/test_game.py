"""The game protocol and its registry: both games through one interface."""

from __future__ import annotations

import pytest

import schnapsen_lab.games as game_module
from schnapsen_lab.cards import Card
from schnapsen_lab.games import (
    SetupError,
    find_game,
    game_named,
    games,
    register_game,
    replay,
)
from schnapsen_lab.games.bauern import BAUERN_CALLED
from schnapsen_lab.games.bauern.game import BAUERN_GAME
from schnapsen_lab.games.schnapsen.game import SCHNAPSEN, SchnapsenGame
from schnapsen_lab.games.twohand.rules import CLAIM, SOFT, STRICT

DECK4 = "AS AH KC QH AC KS QD JC JS JH AD QC KH TH QS JD KD TD TS TC"
LINE4 = "T:up weiter weiter weiter weiter KC AC JC TC QS+20 JS TS AS AH QH KD JH TH JD TD AD"
DECK2 = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"


def test_the_variant_tag_finds_the_game() -> None:
    assert find_game({}) is SCHNAPSEN
    assert find_game({"Rules": "bauern2"}) is SCHNAPSEN
    assert find_game({"Variant": "Bauern"}) is BAUERN_GAME
    assert find_game({"Variant": "schnapsen"}) is SCHNAPSEN
    assert game_named("bauernschnapsen") is BAUERN_GAME
    assert {g.key for g in games()} >= {"schnapsen", "bauern"}
    with pytest.raises(KeyError, match="known"):
        find_game({"Variant": "skat"})


def test_a_game_registers_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "_GAMES", dict(game_module._GAMES))
    monkeypatch.setattr(game_module, "_BY_VARIANT", dict(game_module._BY_VARIANT))

    class House(SchnapsenGame):
        key = "house"
        variant_names = ("house-rules",)

    house = House()
    register_game(house)
    assert find_game({"Variant": "HOUSE-RULES"}) is house
    assert find_game({}) is SCHNAPSEN


def test_seats_sides_and_names() -> None:
    assert SCHNAPSEN.seats == ("A", "B") and BAUERN_GAME.seats == ("N", "E", "S", "W")
    tags = {"North": "Anna", "West": "Dani"}
    assert BAUERN_GAME.player_names(tags) == ("Anna", "E", "S", "Dani")
    assert BAUERN_GAME.seat_named(" w ") == 3
    with pytest.raises(ValueError):
        BAUERN_GAME.seat_named("A")
    p = BAUERN_GAME.start({"Deck": DECK4}, BAUERN_CALLED, 0).play("T:H").play("P:AC")
    assert BAUERN_GAME.side_names(p) == p.side_names
    assert SCHNAPSEN.side_names(SCHNAPSEN.start({"Deck": DECK2}, SOFT, 1)) == ("A", "B")


def test_profiles_from_the_rules_tag() -> None:
    assert SCHNAPSEN.profile_from_tags({"Rules": " Strict "}) is STRICT
    with pytest.raises(SetupError) as e:
        SCHNAPSEN.profile_from_tags({"Rules": "bauern"})
    assert (e.value.tag, e.value.rule) == ("Rules", "PSN") and "bauern2" in e.value.message
    assert "bauern-called" in BAUERN_GAME.profile_names()


def test_tokens_any_case_with_tens_and_symbols() -> None:
    parse = BAUERN_GAME.parse_action
    for text, canonical in (("t:s", "T:S"), ("T:♥", "T:H"), ("T:Up", "T:up"),
                            ("p:10h", "P:TH"), ("WEITER", "weiter"), ("10D", "TD"),
                            ("K♦+20", "KD+20"), ("66", "66"), ("Spritze", "spritze")):
        assert str(parse(text)) == canonical
    assert str(parse("AH+20")) == "AH+20"  # a token; the referee says BM1
    for bad in ("T:X", "P:", "X", "+20", "gangs", "KH+30"):
        with pytest.raises(ValueError):
            parse(bad)
    assert str(SCHNAPSEN.parse_action("x")) == "X" and str(SCHNAPSEN.parse_action("10h")) == "TH"
    for g in (SCHNAPSEN, BAUERN_GAME):
        for text, a in g.tokens.items():
            assert g.parse_action(text) is a
    assert BAUERN_GAME.tokens["weiter"] is parse("WEITER") and "kh+20" in SCHNAPSEN.tokens
    with pytest.raises(ValueError):
        SCHNAPSEN.parse_action("T:H")


def test_trick_numbers_before_actions() -> None:
    p = BAUERN_GAME.start({"Deck": DECK4}, BAUERN_GAME.default_profile, 1)
    assert BAUERN_GAME.expected_trick_number(p) == 1
    assert BAUERN_GAME.trick_number_error(p, 1) is None  # "1." may stand during the calls
    acts = [BAUERN_GAME.parse_action(t) for t in LINE4.split()]
    numbers = []
    for a in acts:
        numbers.append(BAUERN_GAME.number_before(p, a, None))
        p.apply_unchecked(a)
        if len(p.table) == 1:
            assert BAUERN_GAME.trick_number_error(p, 2) is not None  # inside a trick
    assert [n for n in numbers if n is not None] == [1, 2, 3, 4]
    assert numbers[5] == 1 and numbers[9] == 2  # before KC and before the marriage lead
    assert BAUERN_GAME.trick_number_error(p, 4) is not None  # the next trick is 5
    end = p.play("66")
    assert BAUERN_GAME.expected_trick_number(end) is None
    assert BAUERN_GAME.trick_number_error(end, 9) is None  # after the end: not checked


def test_results_and_check_fields() -> None:
    p = BAUERN_GAME.start({"Deck": DECK4}, BAUERN_GAME.default_profile, 1)
    res = BAUERN_GAME.replay(p, [BAUERN_GAME.parse_action(t) for t in [*LINE4.split(), "66"]])
    fin = res.final
    assert BAUERN_GAME.result_text(fin.outcome) == "NS 1"
    assert BAUERN_GAME.same_result(" ns  1", fin.outcome)
    assert BAUERN_GAME.result_text(None) == "*"
    assert BAUERN_GAME.actor(res.positions[-2], CLAIM_4) == "S"  # S won trick 4
    fields = BAUERN_GAME.check_fields(fin, True)
    assert fields == {"winner": "NS", "game_points": 1, "end": "claim", "closed_by": None,
                      "scores": {"NS": 79, "EW": 47}, "tricks": {"NS": 3, "EW": 1},
                      "contract": None, "declarer": None, "spritze": False}
    broken = BAUERN_GAME.check_fields(fin, False)
    assert broken["winner"] is None and broken["end"] is None and broken["scores"]
    m = BAUERN_GAME.after_deal(BAUERN_GAME.new_match(fin.profile), fin, fin.profile, 1)
    assert m.counters_dict() == {"NS": 1, "EW": 0} and m.dealer == 2


def test_start_tags_give_the_same_start() -> None:
    p = BAUERN_GAME.start({"Deck": DECK4, "Cut": "knock"}, BAUERN_CALLED, 2)
    tags = BAUERN_GAME.start_tags(p)
    assert tags["Variant"] == "bauern" and tags["Cut"] == "knock" and tags["Dealer"] == "S"
    assert tags["Rules"] == "bauern-called"
    q = find_game(tags).start(tags, find_game(tags).profile_from_tags(tags),
                              BAUERN_GAME.seat_named(tags["Dealer"]))
    assert q.hands == p.hands and q.knock
    s = SCHNAPSEN.start({"Deck": DECK2}, STRICT, 0)
    assert SCHNAPSEN.start_tags(s) == {"Dealer": "A", "Rules": "strict", "Deck": DECK2}


def test_two_player_legal_lists_the_claim_after_the_last_trick() -> None:
    p = SCHNAPSEN.start({"Deck": DECK2}, SOFT, 1)
    while p.outcome is None:
        own = [a for a in p.legal_actions() if a is not CLAIM]
        p = p.play(own[0])
    if p.check(CLAIM) is None:
        assert SCHNAPSEN.legal(p) == [CLAIM]
    else:
        assert SCHNAPSEN.legal(p) == []


def test_replay_works_on_either_engine() -> None:
    p = SCHNAPSEN.start({"Deck": DECK2}, SOFT, 1)
    acts = [SCHNAPSEN.parse_action(t) for t in "AD KH X TH AH JD KD".split()]
    res = replay(p, acts)
    assert res.ok and len(res.positions) == 8 and res.positions[0] is p
    bad = replay(p, [acts[0], SCHNAPSEN.parse_action("AS")])
    assert not bad.ok and bad.index == 1 and bad.error is not None
    assert bad.error.rule == "H1" and len(bad.positions) == 2
    four = BAUERN_GAME.start({"Deck": DECK4}, BAUERN_GAME.default_profile, 1)
    res4 = replay(four, [BAUERN_GAME.parse_action(t) for t in ("T:up", "AS")])
    assert res4.index == 1 and res4.error is not None and res4.error.rule == "BA1"
    assert four.phase == 0  # the start is left as it was


def test_the_cards_spelled_every_way() -> None:
    from schnapsen_lab.cards import spellings

    assert spellings(Card.TH)[0] == "TH" and "10♥" in spellings(Card.TH)


CLAIM_4 = BAUERN_GAME.parse_action("66")
