"""The table-for-four widget, headless: the buttons the rules allow, clicks on cards, the
bots' answers in words, claims, the end of a deal, save and replay, take over."""

from __future__ import annotations

import html
import random
import re
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab import psn
from schnapsen_lab.cli import main
from schnapsen_lab.games.bauern.rules import BAUERN, Call, Kind, Phase, Seat
from schnapsen_lab.psn import Record
from schnapsen_lab.widgets import practice_table
from schnapsen_lab.widgets.bauern import BauernPracticeTable
from schnapsen_lab.widgets.table import PracticeTable

from .conftest import ROOT

STUDY = ROOT / "records" / "study"
NAMES = {"North": "Anna", "East": "Bert", "South": "Cilli", "West": "Dani"}
DECK = "AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _shown(button: object) -> bool:
    return button.layout.display != "none"  # type: ignore[attr-defined]


def _table(deck: str = DECK, dealer: int = 1, **kwargs: object) -> BauernPracticeTable:
    w = practice_table(variant="bauern", pause=0, seed=1, **kwargs)
    assert isinstance(w, BauernPracticeTable)
    profile = w.table.profile
    w.take_over(Record.from_actions(deck.split(), [], dealer=dealer, profile=profile,
                                    tags=NAMES), 0)
    return w


def _click_through(w: BauernPracticeTable, rng: random.Random) -> None:
    """Play the deal to its end by clicking what the widget offers."""
    t = w.table
    for _ in range(80):
        if t.finished:
            return
        acts = t.student_actions()
        assert acts
        a = rng.choice(acts)
        k = a.kind
        if t.claim_question:
            (w.claim_button if rng.random() < 0.5 else w.no_claim_button).click()
        elif k is Kind.TRUMP:
            assert _shown(w.trump_bar)
            (w.turn_up_button if a.suit is None else w.trump_buttons[a.suit]).click()
        elif k is Kind.PARTNER:
            assert _shown(w.partner_row)
            w.partner_row.click(str(a.card))
        elif k is Kind.CALL:
            assert a.call is not None and _shown(w.call_buttons[a.call])
            w.call_buttons[a.call].click()
        elif k is Kind.PLAY:
            w.hand.click(str(a.card))
        elif k is Kind.MARRIAGE:
            (w.marriage20_button if a.points == 20 else w.marriage40_button).click()
            w.hand.click(str(a.card))
        else:
            w.claim_button.click()
            w.confirm_button.click()
    raise AssertionError("the deal did not end")


def test_the_variant_or_a_profile_chooses_the_table_for_four() -> None:
    assert isinstance(practice_table(pause=0, seed=1), PracticeTable)
    w = practice_table(variant="bauern", pause=0, seed=1)
    assert isinstance(w, BauernPracticeTable) and w.table.profile is BAUERN
    c = practice_table(profile="bauern-called", pause=0, seed=1)
    assert isinstance(c, BauernPracticeTable) and c.table.profile.called
    h = practice_table(profile="bauern-head", pause=0, seed=1)
    assert h.table.profile.must_head
    with pytest.raises(KeyError, match="unknown rules profile"):
        practice_table(profile="nope", pause=0)


def test_forehand_names_trump_with_a_button() -> None:
    w = _table()  # dealer E: the student (S) is forehand, first three AH AS KC
    assert _shown(w.trump_bar) and "forehand" in _text(w.prompt.value)
    shown = {s.name for s, b in w.trump_buttons.items() if _shown(b)}
    assert shown == {"H", "S", "C"} and not w.turn_up_button.disabled
    assert w.hand.html.count("sl-face sl-") == 3 and w.hand.html.count("sl-face-down") == 2
    assert not _shown(w.calls_bar) and not _shown(w.play_bar)
    w.trump_buttons[next(s for s in w.trump_buttons if s.name == "H")].click()
    assert not _shown(w.trump_bar) and w.table.phase is Phase.AUCTION
    # the student speaks first: pass, the contracts forehand may bid; no double
    calls = {c for c, b in w.call_buttons.items() if _shown(b)}
    assert calls == {Call.WEITER, Call.SCHNAPSER, Call.GANG, Call.BAUERNSCHNAPSER}
    assert "sl-face-down" not in w.hand.html  # all five cards seen now
    w.call_buttons[Call.WEITER].click()
    said = _text(w.messages_html.value)
    assert "Cilli (S) passes" in said and "Dani (W) passes" in said
    assert w.table.phase is Phase.PLAY and _shown(w.play_bar)
    assert "sl-calls" in w.scores.value and 'data-call="weiter"' in w.scores.value


def test_turning_up_shows_the_card_on_the_table() -> None:
    w = _table()
    w.turn_up_button.click()
    turned = w.table.position.turned_card
    assert turned is not None
    assert f'data-card="{turned.name}"' in w.hand.felt and "turned up" in _text(w.hand.felt)
    assert "sl-turned" in w.hand.html or turned.name in w.hand.html


def test_a_called_partner_is_picked_by_clicking_a_card() -> None:
    w = _table(profile="bauern-called")
    w.trump_buttons[next(s for s in w.trump_buttons if s.name == "H")].click()
    assert _shown(w.partner_row) and w.partner_row.html.count("sl-playable") == 17
    assert "AH" not in re.findall(r'data-pick="(\w+)"', w.partner_row.html)  # among my three
    w.partner_row.click("TH")
    assert w.table.position.called_card is not None
    assert not _shown(w.partner_row)
    assert "calls 10♥ as partner" in _text(w.messages_html.value)


def test_greyed_cards_say_why() -> None:
    w2 = _table(dealer=0)  # dealer N: E is forehand and leads; S follows
    t = w2.table
    while not (t.students_turn and t.phase is Phase.PLAY):
        if t.phase is Phase.AUCTION and t.students_turn:
            w2.call_buttons[Call.WEITER].click()
        else:
            break
    assert t.phase is Phase.PLAY and t.position.table
    greyed = re.findall(r'sl-disabled" data-pick="(\w+)" title="([^"]*)"', w2.hand.html)
    playable = re.findall(r'sl-playable" data-pick="(\w+)"', w2.hand.html)
    assert playable
    if greyed:
        w2.hand.click(greyed[0][0])
        assert re.search(r"You cannot play \S+ now: .+ \(BP2\)", w2.status), w2.status
        # the tooltip said the same reason before the click (issue 22)
        assert html.unescape(greyed[0][1]) == w2.status
        assert "sl-refusal" in w2.messages_html.value
    step = len(t.actions)
    w2.hand.click(playable[0])
    assert len(t.actions) > step and w2.status == ""


def test_the_claim_asks_and_says_what_a_false_claim_costs() -> None:
    deck = "KH QH AS TH TS JC AD AC TC KD AH JH QC JS KS QD TD JD KC QS"
    w = _table(deck)
    w.trump_buttons[next(s for s in w.trump_buttons if s.name == "H")].click()
    w.call_buttons[Call.WEITER].click()
    assert not w.marriage40_button.disabled and w.marriage20_button.disabled
    w.marriage40_button.click()
    assert "click the king or queen" in _text(w.messages_html.value)
    w.hand.click("AS")
    assert "Click the king or queen" in w.status
    w.hand.click("KH")
    # at the first lead every score is 0 and the 40 waits for a trick (BM2): a claim
    # would surely be false, so the table does not ask (it did before)
    assert not w.table.claim_question and not _shown(w.no_claim_button)
    assert "Claim 66" not in _text(w.messages_html.value)
    # later, with NS at 54 and 40 in trumps: 94, the table asks
    deck = "KS AC QC TC QS JC KH TH AS AD QD QH KC JS JH AH JD TD KD TS"
    w = practice_table(variant="bauern", pause=0, seed=1)
    assert isinstance(w, BauernPracticeTable)
    w.take_over(Record.from_actions(deck.split(), "T:up weiter weiter weiter weiter KS QS AS TS "
                                    "JD AD AC JC".split(), dealer=1, profile=BAUERN,
                                    tags=NAMES), 13)
    assert w.table.students_turn and not w.marriage40_button.disabled
    w.marriage40_button.click()
    w.hand.click("KC")
    assert w.table.claim_question and _shown(w.no_claim_button)
    assert w.no_claim_button.description == "play on"
    question = _text(w.messages_html.value)
    assert "You announced 40" in question and "3 game points to Bert & Dani (EW)" in question
    w.no_claim_button.click()
    assert not w.table.claim_question


def test_a_deal_played_to_the_end_by_clicks_saves_and_replays(tmp_path: Path) -> None:
    w = practice_table(variant="bauern", pause=0, seed=7,
                       save_path=str(tmp_path / "four.psn"))
    assert isinstance(w, BauernPracticeTable)
    parts = (w.hand, w.scores, w.messages_html, w.header, w.calls_bar, w.trump_bar)
    kids = tuple(w.children)
    _click_through(w, random.Random(3))
    assert _shown(w.end_box) and "sl-outcome" in w.end_html.value
    assert re.search(r"game points? to", _text(w.end_html.value))
    assert "Match counters: NS" in _text(w.end_html.value)
    w.save_button.click()
    assert "saved to" in _text(w.messages_html.value)
    assert main(["check", str(tmp_path / "four.psn")]) == 0
    w.replay_button.click()
    (rw,) = w.replay_box.children
    assert rw.step == rw.replay.last and "sl-result" in rw.scores.value
    assert (w.hand, w.scores, w.messages_html, w.header, w.calls_bar, w.trump_bar) == parts
    assert tuple(w.children) == kids
    w.new_deal_button.click()
    assert not _shown(w.end_box) and w.replay_box.children == ()
    assert len(w.table.history) == 1
    w.new_match_button.click()
    assert w.table.history == [] and set(w.table.counters.values()) == {0}


def test_take_over_from_the_widget() -> None:
    w = practice_table(variant="bauern", pause=0, seed=2)
    w.take_source.value = str(STUDY / "bauern-spritze.psn")
    w.take_step.value = 6
    w.take_seat.value = "E"
    w.take_button.click()
    assert w.table.seat is Seat.E and "taken over" in _text(w.header.value)
    assert "taken-over deal" in _text(w.counters_html.value)
    w.take_step.value = 60
    w.take_button.click()
    assert "cannot take over" in w.status


def test_user_text_is_escaped() -> None:
    w = practice_table(variant="bauern", pause=0, seed=4,
                       names=("<b>Anna</b>", "Bert&", "<script>x</script>", "Dani"))
    _click_through(w, random.Random(1))
    shown = "".join([w.header.value, w.hand.felt, w.scores.value, w.messages_html.value,
                     w.end_html.value])
    assert "<script>" not in shown and "<b>Anna</b>" not in shown
    assert "&lt;script&gt;" in shown and "&lt;b&gt;Anna&lt;/b&gt;" in shown


def test_the_table_for_four_in_russian() -> None:
    w = practice_table(variant="bauern", pause=0, seed=1, lang="ru")
    assert w.new_deal_button.description != "new deal"
    assert w.call_buttons[Call.WEITER].description == "пас"
    records = list(psn.read(STUDY / "bauern-spritze.psn"))
    w.take_over(records[0], 0, "S")
    assert "Торговля" in _text(w.scores.value) or "торг" in _text(w.scores.value).lower()


def test_the_teachers_switch_at_the_table_for_four(tmp_path: Path) -> None:
    """Off by default, no bot's reason is shown while the deal is played; switched on,
    the last reason a strong bot gave stands under the messages with that bot's name
    (escaped), in the table's language; off again, it is gone. The saved deal keeps
    every reason after its move, and the replay shows it there."""
    w = practice_table("strong", variant="bauern", pause=0, seed=4, lang="de",
                       names=("<b>Anna</b>", "Bert", "Cilli", "Dani"),
                       save_path=str(tmp_path / "four.psn"))
    assert isinstance(w, BauernPracticeTable) and not w.show_reasons
    assert w.reasons_box.description == "die Gründe der Mitspieler zeigen"
    _click_through(w, random.Random(2))
    t = w.table
    assert t.reasons and "sl-bot-reason" not in w.messages_html.value
    w.reasons_box.value = True  # what a click on the switch does
    seat, said = t.reasons[max(t.reasons)]
    shown = w.messages_html.value
    assert "sl-bot-reason" in shown and html.escape(said) in shown
    who = html.escape(t.names[seat])
    assert f"warum {who} so gespielt hat: " in shown and "<b>Anna" not in shown
    w.show_reasons = False
    assert "sl-bot-reason" not in w.messages_html.value
    w.save_button.click()
    [rec] = psn.read(tmp_path / "four.psn")
    noted = {i: m.comments for i, m in enumerate(rec.main.moves) if m.comments}
    assert noted == {i: [" ".join(s.split())] for i, (_seat, s) in t.reasons.items()}
    w.replay_button.click()
    (rw,) = w.replay_box.children
    first = min(t.reasons)
    rw.go(first + 1)
    assert html.escape(" ".join(t.reasons[first][1].split())) in rw.comments.value



# -- contrast of the trump symbol (issue 50) ------------------------------------------------------

class _Styles(HTMLParser):
    """The inline styles of the elements enclosing the first element of class ``target``
    (outermost first, the element's own last)."""

    VOID = frozenset({"br", "img", "hr", "input", "meta", "link", "wbr"})

    def __init__(self, target: str) -> None:
        super().__init__()
        self.target = target
        self.stack: list[str] = []
        self.found: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        a = dict(attrs)
        self.stack.append(a.get("style") or "")
        if self.found is None and self.target in (a.get("class") or "").split():
            self.found = list(self.stack)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()


def _prop(style: str, name: str) -> str | None:
    found = None
    for part in style.split(";"):
        key, _, value = part.partition(":")
        if key.strip() == name:
            found = value.strip()
    return found


RGB = tuple[float, float, float]


def _rgb(colour: str) -> RGB:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return (int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255)


def _luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance."""
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_ratio(a: RGB, b: RGB) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def element_contrast(page: str, cls: str) -> float:
    """The contrast ratio of the text of the first element of class ``cls`` in ``page``
    against its background, from the inline colours it and the elements around it are
    drawn with: its colour and the nearest background, both seen through the opacity of
    the elements around them over the background beneath that opacity."""
    p = _Styles(cls)
    p.feed(page)
    assert p.found is not None, f"no element of class {cls}"
    styles = p.found
    fg = next(c for s in reversed(styles) if (c := _prop(s, "color")) is not None)
    bgs = [(i, c) for i, s in enumerate(styles)
           if (c := _prop(s, "background")) is not None and c.startswith("#")]
    bg = bgs[-1][1]
    alpha, first = 1.0, None
    for i, s in enumerate(styles):
        o = _prop(s, "opacity")
        if o is not None:
            alpha *= float(o)
            first = i if first is None else first
    beneath = next((c for i, c in reversed(bgs) if first is not None and i < first), bg)

    def seen(c: RGB) -> RGB:
        u = _rgb(beneath)
        return (alpha * c[0] + (1 - alpha) * u[0], alpha * c[1] + (1 - alpha) * u[1],
                alpha * c[2] + (1 - alpha) * u[2])

    return contrast_ratio(seen(_rgb(fg)), seen(_rgb(bg)))


def test_the_contrast_ratio_is_computed_as_wcag_says() -> None:
    assert contrast_ratio(_rgb("#000"), _rgb("#fff")) == pytest.approx(21)
    assert contrast_ratio(_rgb("#777"), _rgb("#fff")) == pytest.approx(4.48, abs=0.01)
    grey = (0.5, 0.5, 0.5)  # white at half opacity over black
    page = ('<div style="background:#000"><div style="opacity:.5"><span class="x" '
            'style="color:#fff">x</span></div></div>')
    assert element_contrast(page, "x") == pytest.approx(contrast_ratio(grey, (0, 0, 0)))


def test_the_trump_symbol_in_the_corner_reads_as_a_card_does() -> None:
    """The trump symbol in the four-player table's corner has WCAG AA contrast (4.5:1)
    against what it is drawn on, red suits and black; it was pale pink on the green
    felt (1.8:1). The two-player table's trump on its felt too (red was 1.2:1)."""
    from schnapsen_lab.cards import Suit
    from schnapsen_lab.render import BLACK, RED

    seen: dict[Suit, float] = {}
    for seed in range(60):
        w = practice_table(variant="bauern", pause=0, seed=seed)
        t = w.table
        while t.phase is Phase.TRUMP and not t.finished:
            if t.students_turn:
                w.name_trump(next(a.suit for a in t.student_actions()
                                  if a.kind is Kind.TRUMP and a.suit is not None))
            else:
                t.bot_moves()
        suit = t.position.trump_suit
        if suit is not None and suit not in seen:
            w.render()
            seen[suit] = element_contrast(w.hand.felt, "sl-trump-symbol")
        if len(seen) == 4:
            break
    assert {s.is_red for s in seen} == {True, False}, seen
    cards = min(contrast_ratio(_rgb(c), _rgb("#fff")) for c in (RED, BLACK))
    assert cards >= 4.5
    assert all(r >= 4.5 for r in seen.values()), seen
    for seed in range(8):
        two = PracticeTable("heuristic", pause=0, seed=seed)
        assert element_contrast(two.hand.felt, "sl-trump-symbol") >= 4.5


def test_the_sides_scores_are_shown_only_when_asked() -> None:
    """The table for four shows the auction but not the sides' scores while the deal is
    played ("score NS 0 · EW 27" was shown to the learner, issue 50): the switch shows
    them, on in the teacher's mode; at the end they are shown."""
    w = _table()
    rng = random.Random(3)
    t = w.table
    while not any(t.position.score(i) for i in (0, 1)) and not t.finished:
        acts = t.student_actions()
        if t.claim_question:
            w.no_claim_button.click()
        elif acts[0].kind is Kind.PLAY:
            w.hand.click(rng.choice([a.card for a in acts if a.kind is Kind.PLAY]))
        else:
            w._run(acts[0])
    assert not t.finished and not w.show_tallies
    assert "sl-tallies-hidden" in w.scores.value and "sl-score-" not in w.scores.value
    assert "sl-calls" in w.scores.value  # the auction is what everyone heard
    assert "count them" in _text(w.scores.value)
    assert "sl-show-tallies" in w.tallies_box._dom_classes
    w.tallies_box.value = True
    assert "sl-score-NS" in w.scores.value or "sl-points-" in w.scores.value
    w.show_tallies = False
    assert "sl-score-" not in w.scores.value and "sl-points-" not in w.scores.value
    teacher = _table(show_reasons=True)
    assert teacher.show_tallies and "sl-tallies-hidden" not in teacher.scores.value
    _click_through(w, rng)
    assert t.finished and "sl-tallies-hidden" not in w.scores.value


def test_the_table_for_four_names_the_bot_that_is_thinking() -> None:
    """In the background each bot's turn is announced by its own name as it decides."""
    w = BauernPracticeTable("heuristic", pause=0.3, seed=1, background=True)
    w.wait(30)
    profile = w.table.profile
    w.take_over(Record.from_actions(DECK.split(), [], dealer=1, profile=profile, tags=NAMES),
                0)
    w.wait(30)
    t = w.table
    seen: set[str] = set()
    while not t.finished and len(seen) < 2:
        if w.busy:
            who = w.thinking  # read once: the bots' thread moves on meanwhile
            assert who in {"", *(t.names[s] for s in t.bot_seats)}
            if who:
                seen.add(who)
            time.sleep(0.05)
            continue
        acts = t.student_actions()
        assert acts
        w._run(acts[0])
        if t.claim_question:
            w.no_claim_button.click()
    w.wait(30)
    assert len(seen) >= 2 and seen <= {"Anna", "Bert", "Dani"}, seen
    assert t.names[int(t.seat)] == "Cilli"
    assert "sl-thinking" not in w.hand.felt
