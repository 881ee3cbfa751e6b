"""Every registered game through the same checks (as OpenSpiel's API tests run every game):
a deal, its legal actions complete and every other action refused with a rule, a PSN round
trip, the replay's rows, a drawing, a shared page, a self-play match and the statistics'
rows. The games are taken from the registry, never by name: a third game registered
with :func:`schnapsen_lab.games.register_game` is checked by the same tests. The checks of
a deal run under each game's default profile and, where a built-in profile deals another
pack (24 cards: ``bauern24``), under the first such profile too."""

from __future__ import annotations

import random
from typing import Any

import pytest

from schnapsen_lab import psn
from schnapsen_lab.games import PARTS, Game, find_game, game_named, games
from schnapsen_lab.html import drawing_for, record_html
from schnapsen_lab.replay import Replay

GAMES = games()
SEEDS = range(6)


def _cases() -> list[tuple[Game[Any, Any, Any], Any]]:
    """Each game with its default profile, then with the first built-in profile of each
    other pack it deals."""
    out: list[tuple[Game[Any, Any, Any], Any]] = []
    for g in GAMES:
        packs = {g.pack_of(g.default_profile).cards}
        out.append((g, g.default_profile))
        for p in g.profiles.values():
            cards = g.pack_of(p).cards
            if cards not in packs:
                packs.add(cards)
                out.append((g, p))
    return out


CASES = _cases()


@pytest.fixture(params=GAMES, ids=lambda g: g.key)
def game(request: pytest.FixtureRequest) -> Game[Any, Any, Any]:
    """Each registered game in turn."""
    g: Game[Any, Any, Any] = request.param
    return g


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0].key}-{c[1].name}")
def case(request: pytest.FixtureRequest) -> tuple[Game[Any, Any, Any], Any]:
    """Each registered game with a profile: its default, and one of each other pack."""
    c: tuple[Game[Any, Any, Any], Any] = request.param
    return c


def test_a_24_card_profile_is_among_the_cases() -> None:
    assert any(g.pack_of(p).size == 24 for g, p in CASES)


def _deck(seed: int, game: Game[Any, Any, Any], profile: Any) -> tuple[int, ...]:
    deck = [int(c) for c in game.pack_of(profile).cards]
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def _played(game: Game[Any, Any, Any], profile: Any, seed: int) -> tuple[Any, list[Any]]:
    """A deal of ``profile`` played out by uniform random choices."""
    pos = game.deal(_deck(seed, game, profile), {}, profile, game.default_dealer(profile))
    rng = random.Random(seed)
    actions: list[Any] = []
    while pos.outcome is None and len(actions) < 200:
        legal = pos.legal_actions()
        assert legal, f"{game.key}: an undecided position offers no action"
        a = rng.choice(legal)
        actions.append(a)
        pos = pos.play(a)
    return pos, actions


def test_every_game_is_found_by_its_key_and_variant_names(game: Game[Any, Any, Any]) -> None:
    assert game_named(game.key) is game
    for v in game.variant_names:
        assert find_game({"Variant": v.upper()}) is game
    assert find_game({}) in GAMES


def test_every_game_declares_what_it_is(game: Game[Any, Any, Any]) -> None:
    assert len(game.places) == len(game.seats) == len(game.name_tags) == len(game.seat_values)
    assert game.places[0] == "bottom" and len(set(game.places)) == len(game.places)
    assert isinstance(game.solvable, bool)
    assert set(game.parts) <= set(PARTS), set(game.parts) - set(PARTS)
    for name in ("kit", "drawing", "page", "selfplay", "players", "table"):
        assert game.has_part(name), f"{game.key} lacks its {name}"
        assert game.part(name) is not None
    with pytest.raises(KeyError, match="no nothing"):
        game.part("nothing")


@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_are_complete_and_the_rest_refused(
        case: tuple[Game[Any, Any, Any], Any], seed: int) -> None:
    game, profile = case
    pos = game.deal(_deck(seed, game, profile), {}, profile, game.default_dealer(profile))
    everything = list(dict.fromkeys(game.tokens.values()))
    rng = random.Random(seed)
    steps = 0
    while pos.outcome is None:
        legal = pos.legal_actions()
        for a in legal:
            assert pos.check(a) is None, (game.key, str(a))
        for a in everything:
            if a in legal:
                continue
            why = pos.check(a)
            assert why is not None, f"{game.key}: {a} is refused by nobody at step {steps}"
            rule, message = why
            assert rule and message
            err = pos.illegal(a)
            assert err.rule == rule and set(err.legal) == set(legal)
        pos = pos.play(rng.choice(legal))
        steps += 1
    assert steps > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_deal_survives_psn_and_replays(case: tuple[Game[Any, Any, Any], Any],
                                        seed: int) -> None:
    game, profile = case
    final, actions = _played(game, profile, seed)
    rec = psn.Record.from_actions(_deck(seed, game, profile), actions, profile=profile)
    assert rec.ok and rec.game is game and rec.outcome == final.outcome
    text = str(rec)
    back = psn.loads(text)
    assert len(back) == 1 and back[0].ok and back[0] == rec and str(back[0]) == text
    assert game.same_result(back[0].tags["Result"], final.outcome)
    rp = Replay(back[0])
    rows = rp.rows()
    assert len(rows) == len(actions) + 1
    assert [r["step"] for r in rows] == list(range(len(actions) + 1))
    assert rp.text().count("\n") >= len(actions)
    for seat in range(len(game.seats)):
        assert rp.viewer_row(rp.last, seat)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_a_deal_is_drawn_and_shared(case: tuple[Game[Any, Any, Any], Any], seed: int) -> None:
    from schnapsen_lab.share import deal_html

    game, profile = case
    _, actions = _played(game, profile, seed)
    rec = psn.Record.from_actions(_deck(seed, game, profile), actions, profile=profile,
                                  tags={game.name_tags[0]: "<b>Anna</b>"})
    rp = Replay(rec)
    drawing = drawing_for(game)
    for step in (0, rp.last):
        for viewer in (None, *range(len(game.seats))):
            table = drawing.table(rp, step, viewer)
            assert "sl-" in table and "<b>Anna</b>" not in table
        assert drawing.tallies(rp, step, None)
    shown = record_html(rec)
    assert 'class="sl-record"' in shown and "&lt;b&gt;Anna&lt;/b&gt;" in shown
    assert "<b>Anna</b>" not in shown
    page = deal_html(rp)
    assert page.startswith("<!DOCTYPE html>") and "<b>Anna</b>" not in page


def test_a_selfplay_match_is_read_and_counted(case: tuple[Game[Any, Any, Any], Any]) -> None:
    from schnapsen_lab.stats import deals_frame

    game, profile = case
    seats = game.seats
    names = tuple(f"random {s}" for s in seats)
    text = game.part("selfplay")(("random",) * len(seats), 3, 1, profile, "3-1", names)
    records = psn.loads(text)
    assert records and all(r.ok and r.game is game for r in records)
    assert all(r.profile == profile for r in records)
    assert all(r.match == "3-1" for r in records)
    assert records[-1].match_rules is not None
    deals = deals_frame(records)
    assert len(deals) == len(records)
    assert set(deals["variant"].astype(str)) == {game.key}
