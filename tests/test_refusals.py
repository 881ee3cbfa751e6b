"""Issue 22 §1: each follower's duty has its own reason, in every language; counters are
never shown below 0; a greyed card's tooltip gives the referee's reason."""

from __future__ import annotations

import pytest

from schnapsen_lab import notation
from schnapsen_lab.counters import over, over_text, shown
from schnapsen_lab.games.bauern import BAUERN_HEAD
from schnapsen_lab.games.bauern import Position as FourPosition
from schnapsen_lab.games.bauern import Seat as FourSeat
from schnapsen_lab.games.bauern import parse_action as four_action
from schnapsen_lab.games.twohand.rules import CLOSE, SOFT, Position, Seat, play
from schnapsen_lab.i18n import language
from schnapsen_lab.refusals import duty_of, refusal_text

from .conftest import build_deck
from .test_bauern_rules import deck_for

LANGS = ("en", "de", "fr", "ru")


def _two(lead: str) -> Position:
    """The issue's hand: clubs led after closing, the follower holds A♣ 10♣ J♣ 10♠ J♦,
    spades trump."""
    p = Position.deal(build_deck("QC KH QH KD QD", "AC TC JC TS JD", "AS"), Seat.B, SOFT)
    return p.play(CLOSE).play(lead)


def _four(hands: dict[str, str], *moves: str) -> FourPosition:
    p = FourPosition.deal(deck_for(FourSeat.N, hands), FourSeat.N, BAUERN_HEAD, False)
    for t in ("T:H", "weiter", "weiter", "weiter", "weiter", "QS", *moves):
        p = p.play(t)
    return p


_F = {"E": "AH QS KD QD JD", "S": "AS JS TH TC KC", "W": "AD TD AC QC JC",
      "N": "KH QH JH TS KS"}
_T = {"E": "AH QS KD QD JD", "S": "QH TC KC AC JC", "W": "KH JH AD TD QC",
      "N": "TH AS TS KS JS"}

# (position, card, duty, the referee's words per language, the student's words per language)
CASES = [
    ("two: a trump that would beat, clubs held", lambda: _two("QC"), "TS", "follow", {
        "en": "10♠ does not follow suit", "de": "10♠ gibt die Farbe nicht zu",
        "fr": "10♠ ne fournit pas à la couleur", "ru": "10♠ не в масть"}, {
        "en": "you must follow suit", "de": "du musst die Farbe zugeben",
        "fr": "vous devez fournir à la couleur", "ru": "нужно ходить в масть"}),
    ("two: a lower club, a higher held", lambda: _two("QC"), "JC", "beat", {
        "en": "J♣ does not beat Q♣ though the follower can",
        "de": "J♣ sticht Q♣ nicht, obwohl der Nachspieler stechen kann",
        "fr": "J♣ ne dépasse pas Q♣ alors que celui qui répond le peut",
        "ru": "J♣ не перебивает Q♣, хотя отвечающий может перебить"}, {
        "en": "you must beat Q♣: you hold a higher card of its suit",
        "de": "du musst Q♣ stechen: du hältst eine höhere Karte dieser Farbe",
        "fr": "vous devez dépasser Q♣\u202f: vous avez une carte plus forte dans cette couleur",
        "ru": "нужно перебить Q♣: у вас есть старшая карта этой масти"}),
    ("two: void in hearts, a trump held", lambda: _two("KH"), "AC", "trump", {
        "en": "A♣ does not trump though the follower must",
        "de": "A♣ sticht nicht mit Atout, obwohl der Nachspieler muss",
        "fr": "A♣ ne coupe pas alors que celui qui répond le doit",
        "ru": "A♣ не козырь, хотя отвечающий обязан покрыть козырем"}, {
        "en": "you must trump: you hold no card of the led suit",
        "de": "du musst mit Atout stechen: du hast die ausgespielte Farbe nicht",
        "fr": "vous devez couper\u202f: vous n'avez pas la couleur demandée",
        "ru": "нужно бить козырем: у вас нет масти захода"}),
    ("four: a trump that would beat, spades held", lambda: _four(_F), "TH", "follow", {
        "en": "10♥ does not follow spades", "de": "10♥ gibt Pik nicht zu",
        "fr": "10♥ ne fournit pas à pique", "ru": "10♥ не в масть: ход с пик"}, {
        "en": "you must follow suit (spades)", "de": "du musst die Farbe zugeben (Pik)",
        "fr": "vous devez fournir à la couleur (pique)", "ru": "нужно ходить в масть (пики)"}),
    ("four: a lower spade, a higher held", lambda: _four(_F), "JS", "beat", {
        "en": "J♠ does not beat Q♠ though S can (BF1)",
        "de": "J♠ sticht Q♠ nicht, obwohl S kann (BF1)",
        "fr": "J♠ ne dépasse pas Q♠ alors que S le peut (BF1)",
        "ru": "J♠ не перебивает Q♠, хотя S может (BF1)"}, None),
    ("four: a lower trump, a higher held", lambda: _four(_T, "QH"), "JH", "beat", {
        "en": "J♥ does not beat Q♥ though W can (BF1)",
        "de": "J♥ sticht Q♥ nicht, obwohl W kann (BF1)",
        "fr": "J♥ ne dépasse pas Q♥ alors que W le peut (BF1)",
        "ru": "J♥ не перебивает Q♥, хотя W может (BF1)"}, {
        "en": "you must beat Q♥: you can, and this profile says you must (BF1)",
        "de": "du musst Q♥ stechen: du kannst es, und dieses Regelprofil verlangt es (BF1)",
        "fr": "vous devez dépasser Q♥\u202f: vous le pouvez, et ce profil l'exige (BF1)",
        "ru": "нужно перебить Q♥: вы можете, а этот набор правил этого требует (BF1)"}),
    ("four: void in spades, a trump held", lambda: _four(_T), "TC", "trump", {
        "en": "10♣ is no trump, though the follower is void in the led suit and holds one",
        "de": "10♣ ist kein Atout, obwohl der Spieler die ausgespielte Farbe nicht hat und "
              "Atout hält",
        "fr": "10♣ n'est pas un atout, alors que le joueur n'a pas la couleur entamée et a de "
              "l'atout",
        "ru": "10♣ не козырь, хотя у игрока нет масти захода, а козырь есть"}, {
        "en": "you must trump: you hold no card of the led suit",
        "de": "du musst mit Atout stechen: du hast die ausgespielte Farbe nicht",
        "fr": "vous devez couper\u202f: vous n'avez pas la couleur demandée",
        "ru": "нужно бить козырем: у вас нет масти захода"}),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_duty_has_its_own_reason_in_every_language(case: tuple) -> None:  # type: ignore[type-arg]
    _name, make, card, duty, referee, student = case
    pos = make()
    action = four_action(card) if isinstance(pos, FourPosition) else play(card)
    refused = pos.check(action)
    assert refused is not None and refused[0] in ("F2", "BP2")
    assert duty_of(refused[1]) == duty, refused
    for lang in LANGS:
        with language(lang):
            assert notation.reason_text(refused[1]) == referee[lang], lang
            if student is not None:
                assert refusal_text(refused[1]) == student[lang], lang


def test_the_issue_example_is_refused_for_following_suit() -> None:
    # 10♠ would beat Q♣: the duty it breaks is to follow suit, not to beat
    refused = _two("QC").check(play("TS"))
    assert refused == ("F2", "TS does not follow suit")
    assert _two("QC").check(play("AC")) is None


def test_counters_are_never_shown_below_zero() -> None:
    assert shown((4, -1)) == (4, 0) and over((4, -1)) == 1
    assert shown((7, 3)) == (7, 3) and over((7, 3)) == 0 and over_text((7, 3)) == ""
    assert shown((23, 5), counts_up=True) == (23, 5) and over((23, 5), counts_up=True) == 0
    said = {}
    for lang in LANGS:
        with language(lang):
            said[lang] = over_text((4, -2))
    assert said == {"en": " (2 game points past 0)", "de": " (2 Punkte über 0 hinaus)",
                    "fr": " (2 points de partie au-delà de 0)",
                    "ru": " (на 2 игровых очка ниже 0)"}


def test_the_tallies_and_the_text_of_a_decided_bummerl_show_zero() -> None:
    from pathlib import Path

    from schnapsen_lab import psn
    from schnapsen_lab.games.twohand.html import record_html, tallies_html
    from schnapsen_lab.replay import Replay, match_groups

    study = Path(__file__).resolve().parent.parent / "records" / "study"
    last = match_groups(psn.read(study / "small-match.psn"))[0][-1]
    assert last.counters is not None and min(last.counters) < 0  # the arithmetic: -1
    rp = Replay(last)
    tallies = tallies_html(rp, rp.last)
    assert "-1" not in tallies and "1 game point past 0" in tallies
    assert '<td class="sl-counters-B" style="text-align:center">0</td>' in tallies
    assert "Bummerl counters 7 : 0" in record_html(last)
    assert "B 0 (the winner 1 past 0)" in rp.text()
