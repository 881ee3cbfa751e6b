"""The table-for-three widget, headless: ``practice_table(variant="dreier")``, the calls
as buttons (only the legal ones), the lay-away by clicking two cards, who plays with whom
once the calls are over, a whole deal clicked through and saved, and the game's words in
four languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab.cli import main
from schnapsen_lab.games.dreier.rules import DREIER, Call, Kind, Phase
from schnapsen_lab.i18n import language
from schnapsen_lab.notation import card_text
from schnapsen_lab.psn import Record
from schnapsen_lab.widgets import practice_table
from schnapsen_lab.widgets.dreier import DreierPracticeTable

TAGS = {"PlayerA": "Anna", "PlayerB": "Bert", "PlayerC": "<i>Cilli</i>"}
# dealer C: A is forehand with A♥ K♥ J♥ first; B, C; talon Q♠ J♠ (DREIER.md 3D2)
DECK = "AH KH JH TD AS TS AD QD KS QS JS JD AC TC KC QC JC QH TH KD"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _shown(button: object) -> bool:
    return button.layout.display != "none"  # type: ignore[attr-defined]


def _table(**kwargs: object) -> DreierPracticeTable:
    w = practice_table(variant="dreier", pause=0, seed=1, **kwargs)
    assert isinstance(w, DreierPracticeTable)
    w.take_over(Record.from_actions(DECK.split(), [], dealer=2, profile=DREIER, tags=TAGS), 0)
    return w


def _click_through(w: DreierPracticeTable, rng: random.Random) -> None:
    """Play the deal to its end by clicking what the widget offers."""
    t = w.table
    for _ in range(60):
        if t.finished:
            return
        acts = t.student_actions()
        assert acts
        a = rng.choice(acts)
        k = a.kind
        if t.claim_question:
            (w.claim_button if rng.random() < 0.5 else w.no_claim_button).click()
        elif k is Kind.TRUMP:
            (w.turn_up_button if a.suit is None else w.trump_buttons[a.suit]).click()
        elif k is Kind.CALL:
            assert a.call is not None and _shown(w.call_buttons[a.call])
            w.call_buttons[a.call].click()
        elif k in (Kind.PLAY, Kind.LAYAWAY):
            w.hand.click(str(a.card))
        elif k is Kind.MARRIAGE:
            (w.marriage20_button if a.points == 20 else w.marriage40_button).click()
            w.hand.click(str(a.card))
        else:
            w.claim_button.click()
            w.confirm_button.click()
    raise AssertionError("the deal did not end")


def test_the_variant_chooses_the_table_for_three() -> None:
    w = practice_table(variant="dreier", pause=0, seed=1)
    assert isinstance(w, DreierPracticeTable) and w.table.profile is DREIER
    assert "sl-practice3" in w._dom_classes and list(w.take_seat.options) == ["A", "B", "C"]
    assert w.table.bot_name == "heuristic" and "heuristic" in w.bot_picker.options[0]


def test_trump_the_calls_and_the_lay_away_by_clicks(tmp_path: Path) -> None:
    w = _table()
    assert _shown(w.trump_bar) and w.hand.html.count("sl-face-down") == 3
    w.trump_buttons[next(s for s in w.trump_buttons if s.name == "H")].click()
    # forehand speaks first: weiter and the contracts he may call; no spritze (3A4)
    calls = {c for c, b in w.call_buttons.items() if _shown(b)}
    assert calls == {Call.WEITER, Call.BETTLER, Call.SCHNAPSER, Call.GANG,
                     Call.BAUERNSCHNAPSER}
    assert "until the calls say who plays alone" in _text(w.header.value)
    w.call_buttons[Call.WEITER].click()
    t = w.table
    # both bots pass: the student, forehand, declares the normal game and takes the talon
    assert t.phase is Phase.TALON
    assert "talon" in _text(w.prompt.value) and w.hand.html.count("sl-pick") == 8
    assert "you play alone against Bert & &lt;i&gt;Cilli&lt;/i&gt; (BC)" in w.header.value
    lays = [a.card for a in t.student_actions()]
    w.hand.click(str(lays[0]))
    assert t.phase is Phase.TALON and len(t.position.laid) == 1
    w.hand.click(str(lays[1]))
    assert t.phase is not Phase.TALON and len(t.position.laid) == 2
    said = _text(w.messages_html.value)
    assert said.count("Anna (A) lays a card away") == 2
    assert not any(card_text(c) in said for c in lays[:2])  # his secret (3T3)
    assert "<i>" not in w.header.value
    _click_through(w, random.Random(3))
    out = tmp_path / "three.psn"
    w.save_path.value = str(out)
    w.save_button.click()
    assert main(["check", str(out)]) == 0


@pytest.mark.parametrize("seed", range(4))
def test_whole_deals_clicked_through_save_records_that_check(tmp_path: Path,
                                                            seed: int) -> None:
    w = practice_table(variant="dreier", pause=0, seed=seed)
    _click_through(w, random.Random(seed))
    assert w.table.outcome is not None and "game point" in _text(w.end_html.value)
    out = tmp_path / "deal.psn"
    w.save(str(out))
    assert main(["check", str(out)]) == 0


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("Talon", "weglegen", "Bettler", "Spritzer")),
    ("fr", ("talon", "écartez", "misère", "contre")),
    ("ru", ("колоду добора", "снос", "мизер", "контра")),
    ("en", ("talon", "lay away", "Bettler", "double")),
])
def test_the_game_s_own_words_in_four_languages(lang: str, words: tuple[str, ...]) -> None:
    """The lay-away prompt, the Bettler button and the spritze button speak the game's
    words (../shared/GLOSSARY.md)."""
    w = practice_table(variant="dreier", pause=0, seed=1, lang=lang)
    w.take_over(Record.from_actions(DECK.split(), [], dealer=1, profile=DREIER, tags=TAGS),
                0)  # dealer B: C is forehand, the student (A) speaks after him
    t = w.table
    while t.phase is not Phase.AUCTION or not t.students_turn:
        t.bot_step()
    w.render()
    buttons = " ".join(b.description for b in w.call_buttons.values())
    with language(lang):
        talon = w.texts["talon.ask"]
    shown = f"{buttons} {talon}"
    for word in words:
        assert word in shown, (word, shown)


def test_a_defender_knows_his_partner_from_the_calls() -> None:
    """3K1: once the calls are over the two who did not declare play together; the
    header says so (Cilli declares the normal game in the study deal)."""
    w = practice_table(variant="dreier", pause=0, seed=1)
    study = Path(__file__).resolve().parent.parent / "records" / "study"
    w.take_over(str(study / "dreier-layaway-wins.psn"), 1, "A")  # Cilli named trump
    assert "until the calls say who plays alone" in _text(w.header.value)
    w.call_buttons[Call.WEITER].click()  # Anna passes, Bert passes: Cilli declares
    assert w.table.phase in (Phase.TALON, Phase.PLAY)
    assert "with Bert (B) against Cilli (C), who plays alone" in _text(w.header.value)
