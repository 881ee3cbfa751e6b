"""The replay widget on four-player Bauernschnapsen deals, headless.

The shown tallies (the sides' scores, tricks and pending marriages, the declarer's own
score) equal the model's at every step of every bundled study deal; the controls, the
move list in words, the views (three hands face down, the partner's too; a called
partner unknown until the card falls, except to its holder), the auction display, the
counting panel (every seat, every step of every study deal) and escaping.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab import psn
from schnapsen_lab.games.bauern.rules import (
    BAUERN,
    CLAIM,
    Call,
    Position,
    Profile,
)
from schnapsen_lab.i18n import language
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay
from schnapsen_lab.widgets import replay
from schnapsen_lab.widgets.replay import ReplayWidget

from .conftest import ROOT

STUDY = ROOT / "records" / "study"
STUDY_DEALS = sorted(STUDY.glob("bauern-*.psn"))


def _cell(html: str, cls: str) -> str:
    m = re.search(rf'class="{re.escape(cls)}"[^>]*>([^<]*)<', html)
    assert m is not None, f"{cls} not in the HTML"
    return m.group(1)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _assert_tallies(w: ReplayWidget) -> None:
    """What the widget shows beside the table is the model's (open table)."""
    rp = w.replay
    pos = rp[w.step]
    shown = w.scores.value
    assert int(_cell(w.step_label.value, "sl-step-number")) == w.step == w.slider.value
    assert f'data-step="{w.step}"' in w.table.value
    if pos.profile.called and pos.called < 0:  # no partner called yet: one column a player
        assert "sl-side-" not in shown, w.step
        for s, letter in enumerate("NESW"):
            assert int(_cell(shown, f"sl-points-{letter}")) == pos.points[s], (w.step, letter)
        return
    for i, side in enumerate(pos.side_names):
        assert int(_cell(shown, f"sl-score-{side}")) == pos.score(i), (w.step, side)
        assert int(_cell(shown, f"sl-tricks-{side}")) == pos.side_tricks(i), (w.step, side)
        assert int(_cell(shown, f"sl-pending-{side}")) == pos.pending(i), (w.step, side)
    c = pos.contract
    if c is not None and pos.phase >= 3 and not c.all_tricks:
        assert f"own score {pos.declarer_score()} " in _text(shown)
    else:
        assert "sl-declarer-score" not in shown


@pytest.mark.parametrize("path", STUDY_DEALS, ids=lambda p: p.stem)
def test_tallies_equal_the_model_at_every_step(path: Path) -> None:
    w = replay(path)
    rp = Replay(next(psn.read(path)))
    assert w.problem is None and w.replay.last == rp.last
    for step in range(len(rp)):
        w.go(step)
        _assert_tallies(w)
        # the hands on the table are the model's (open table: all face up)
        for s, letter in enumerate("NESW"):
            hand = re.search(rf'class="sl-hand sl-hand-{letter}"[^>]*data-cards="(\d+)"',
                             w.table.value)
            assert hand is not None and int(hand.group(1)) == len(rp[step].hand(s))
    out = rp.outcome(rp.last)
    assert out is not None
    assert f"({out.rule}:" in _text(w.scores.value)
    assert "sl-result" in w.scores.value


def test_buttons_slider_and_move_list() -> None:
    w = replay(STUDY / "bauern-spritze.psn")
    assert w.step == 0 and [v for _, v in w.view_picker.options] == ["open", "N", "E", "S",
                                                                     "W"]
    w.forward_button.click()
    w.forward_button.click()
    assert w.step == 2
    _assert_tallies(w)
    w.back_button.click()
    assert w.step == 1
    w.last_button.click()
    assert w.step == w.replay.last
    _assert_tallies(w)
    w.first_button.click()
    assert w.step == 0
    w.slider.value = 9
    assert w.step == 9
    _assert_tallies(w)
    w.moves.value = 13
    assert w.step == 13 and w.slider.value == 13
    _assert_tallies(w)
    w.play.value = 4
    assert w.step == 4
    assert len(w.moves.options) == w.replay.last + 1 == w.slider.max + 1


def test_the_move_list_speaks_words() -> None:
    w = replay(STUDY / "bauern-spritze.psn")
    labels = [label for label, _ in w.moves.options]
    assert labels[0].startswith(" 0 as dealt")
    assert labels[1].strip() == "1 E names ♣ clubs"
    assert [x.strip() for x in labels[2:6]] == ["2 E: pass", "3 S: pass", "4 W: pass",
                                                "5 N: double {…}"]
    assert labels[6].strip() == "6 E leads J♥" and labels[7].strip() == "7 S plays A♥"
    assert labels[-1].startswith("18 S claims 66")
    text = " ".join(labels)
    assert not re.search(r"\b[AKQJT][CDHS]\b|T:|weiter|spritze", text)  # no PSN tokens
    w.go(5)
    assert "Anna (N) doubles the deal" in _text(w.step_label.value)
    w.go(7)
    assert "Cilli (S) plays A♥" in _text(w.step_label.value)
    w.go(9)
    assert "takes the trick" in _text(w.step_label.value)


def test_the_auction_as_it_went() -> None:
    w = replay(STUDY / "bauern-schnapser-two-tricks.psn")
    w.go(0)
    assert "sl-calls" not in w.scores.value and "trump not fixed yet" in _text(w.table.value)
    w.go(1)
    auction = w.scores.value
    assert "Trump: Bert (E) names ♥ hearts" in _text(auction)
    assert 'sl-speaks' in auction and "sl-call-E sl-speaks" in auction
    w.go(2)
    assert re.search(r'sl-call-E" data-call="schnapser"[^>]*>Schnapser<', w.scores.value)
    assert "Highest bid so far: Schnapser (6), declarer Bert (E)" in _text(w.scores.value)
    w.go(5)
    shown = _text(w.scores.value)
    assert "Contract: Schnapser (6), declarer Bert (E)" in shown
    for seat in "SWN":
        assert re.search(rf'sl-call-{seat}" data-call="weiter"[^>]*>pass<', w.scores.value)
    assert "declarer" in _text(w.table.value) and "sl-contract-short" in w.table.value
    w.last()
    assert "6 game points to Bert & Dani (EW): the Schnapser of Bert (E) is made" in _text(
        w.scores.value)
    # a spritze: who said it, and the doubled outcome
    s = replay(STUDY / "bauern-spritze.psn")
    s.go(5)
    assert "doubled by Anna (N)" in _text(s.scores.value) and "sl-spritze-short" in s.table.value
    s.last()
    assert "doubled by Anna (N) (BG1:" in _text(s.scores.value)
    # a Gang: no trump
    g = replay(STUDY / "bauern-gang.psn", step=5)
    assert 'data-trump="none"' in g.table.value and "no trump" in _text(g.table.value)
    g.go(4)
    assert 'data-trump="H"' in g.table.value


def _turn_up_deal(profile: Profile = BAUERN) -> Record:
    """A deal whose forehand turns up his fourth card, then everyone passes and plays
    the first card they may (no claims)."""
    deck = "AH AS KC TH TS JC AD AC TC KH QH JH QC JS KD QD TD JD KS QS".split()
    pos = Position.deal(deck, 0, profile)
    actions = ["T:up"]
    pos = pos.play("T:up")
    while pos.outcome is None:
        legal = [a for a in pos.legal_actions() if a is not CLAIM]
        a = next((x for x in legal if x.call is Call.WEITER), legal[0])
        actions.append(str(a))
        pos = pos.play(a)
    return Record.from_actions(deck, actions, dealer=0, profile=profile,
                               tags={"North": "Anna", "East": "Bert", "South": "Cilli",
                                     "West": "Dani"})


def test_a_seat_view_hides_three_hands_but_shows_the_turned_card() -> None:
    rec = _turn_up_deal()
    rp = Replay(rec)
    turned = rp[1].turned_card
    assert turned is not None and rp[1].forehand == 1
    w = replay(rec, step=1, view="S")
    table = w.table.value
    assert table.count("sl-hand sl-hand-") == 4 and table.count("sl-hidden") == 3
    assert 'class="sl-hand sl-hand-S"' in table  # the viewer's own hand, open
    assert "sl-hand sl-hand-N sl-hidden" in table  # the partner's face down too
    east = table[table.index("sl-hand-E sl-hidden"):]
    east = east[:east.index("sl-place")]
    assert f'data-card="{turned.name}"' in east and "sl-turned" in east
    assert east.count("sl-face-down") == 4
    assert "turned up" in _text(table)
    # while trump is fixed, S has looked at three cards only
    w.go(0)
    south = w.table.value[w.table.value.index('class="sl-hand sl-hand-S"'):]
    assert south[:south.index("</div></div>")].count("sl-face sl-") == 3
    # the counting panel is S's: the turned card is known in E's hand
    w.go(1)
    assert 'data-viewer="S"' in w.counting_panel.value
    known = _text(w.counting_panel.value)
    assert re.search(r"known in Bert \(E\)'s hand: \S+", known)
    # the open table: every hand face up, the counting panel asks for a seat
    w.set_view("open")
    assert "sl-hidden" not in w.table.value and "sl-count-open" in w.counting_panel.value
    with pytest.raises(ValueError, match="N, E, S, W"):
        w.set_view("A")


def test_a_called_partner_is_unknown_until_the_card_falls() -> None:
    path = STUDY / "bauern-called-partner.psn"
    rp = Replay(next(psn.read(path)))
    fall = next(i for i in range(1, len(rp)) if rp[i].partner_known)  # A♥ falls
    holder = rp[fall].partner
    assert holder == 2 and rp[fall].forehand == 1  # Cilli holds it, Bert called it
    w = replay(path, step=fall - 1)
    for view in ("N", "E", "W"):  # not the holder: the sides are not shown
        w.set_view(view)
        shown = w.scores.value
        assert "sl-score-" not in shown and "sl-sides-unknown" in shown, view
        assert "unknown to you" in _text(shown)
        assert "plays with" not in _text(w.table.value)
        assert "Cilli (S) holds it" not in _text(shown)
        # per player: what everyone has seen fall
        pos = rp[fall - 1]
        for s, letter in enumerate("NESW"):
            assert int(_cell(shown, f"sl-points-{letter}")) == pos.points[s]
        assert "your side is not known to you yet" in _text(w.counting_panel.value)
    w.set_view("E")
    assert "partner unknown" in _text(w.table.value)
    w.set_view("S")  # the holder knows from the start
    shown = w.scores.value
    assert "sl-score-ES" in shown and "you hold it" in _text(shown)
    assert "scores as counted" in _text(w.counting_panel.value)
    w.set_view("open")
    assert "until it falls only Cilli (S) knows" in _text(w.scores.value)
    assert "plays with Bert" in _text(w.table.value)
    w.go(fall)  # from now on everyone knows
    for view in ("N", "E", "W"):
        w.set_view(view)
        assert "sl-score-ES" in w.scores.value and "Cilli (S) holds it" in _text(w.scores.value)
        assert "plays with Bert" in _text(w.table.value)
    # the step sentence names the holder only to who knows it
    w.go(2)
    w.set_view("N")
    assert "its holder plays with Bert (E)" in _text(w.step_label.value)
    w.set_view("S")
    assert "Cilli (S) holds it" in _text(w.step_label.value)


def test_called_partner_alone_and_per_player_counters() -> None:
    rec = next(psn.read(STUDY / "bauern-called-partner.psn"))
    rec.tags["Match"] = "m"
    recs = psn.loads(str(rec))
    w = replay(recs)
    w.last()
    for letter in "NESW":
        assert f"sl-counters-{letter}" in w.scores.value
    assert "match counters" in _text(w.scores.value)


def test_the_counting_panel_is_the_models() -> None:
    path = STUDY / "bauern-schnapser-partner-breaks.psn"
    rp = Replay(next(psn.read(path)))
    w = replay(path, view="N")
    for step in range(len(rp)):
        w.go(step)
        c = rp.counting(step, 0)
        panel = w.counting_panel.value
        for suit, cards in c.unknown_by_suit.items():
            row = re.search(rf'class="sl-unknown-{suit.name}"><td[^>]*>.*?</td>'
                                rf'<td[^>]*>(\d+)</td>', panel)
            assert row is not None and int(row.group(1)) == len(cards), (step, suit)
        assert f"card points out: {c.points_out}" in _text(panel)
        voids = re.findall(r'class="sl-void"[^>]*>(\w)</s>', panel)
        v = rp.knowledge(step, 0)
        want = sorted("NESW"[s] for s in range(1, 4) for suit in range(4)
                      if v.voids[s] >> suit & 1 and c.unknown_by_suit[suit])
        assert sorted(voids) == want, step
    # Dani trumped the spade lead: void in spades, shown by play
    w.go(next(i for i in range(len(rp)) if rp[i].voids[3]))
    assert "Dani (W) did not follow spades: void in spades" in _text(w.counting_panel.value)


@pytest.mark.parametrize("path", STUDY_DEALS, ids=lambda p: p.stem)
def test_each_seats_counting_is_the_models_at_every_step(path: Path) -> None:
    """In every seat's view, at every step: the unknown cards by suit, trumps and card
    points out and the scores as that seat can count them are the model's."""
    rp = Replay(next(psn.read(path)))
    w = replay(path)
    for seat, letter in enumerate("NESW"):
        w.set_view(letter)
        for step in range(len(rp)):
            w.go(step)
            c = rp.counting(step, seat)
            panel = w.counting_panel.value
            assert f'data-viewer="{letter}"' in panel
            for suit, cards in c.unknown_by_suit.items():
                row = re.search(rf'class="sl-unknown-{suit.name}"><td[^>]*>.*?</td>'
                                rf'<td[^>]*>(\d+)</td>',
                                panel)
                assert row is not None and int(row.group(1)) == len(cards), (letter, step, suit)
            text = _text(panel)
            assert f"card points out: {c.points_out}" in text, (letter, step)
            trumps = _text(panel.split('class="sl-trumps-out">')[1].split("</div>")[0])
            if "none" not in trumps:
                assert len(re.findall(r"[AKQJ]|10", trumps)) == len(c.trumps_out), (letter, step)
            else:
                assert not c.trumps_out, (letter, step)
            scores = _text(panel.split('class="sl-count-scores">')[1].split("</div>")[0])
            if c.side_known:
                assert c.other_score is not None
                nums = [int(n) for n in re.findall(r"\b\d+\b", scores)]
                assert nums[0] == c.my_score and nums[1] == c.other_score, (letter, step)
            else:
                assert f"your own score: {c.my_score};" in scores, (letter, step)


def test_widgets_are_updated_in_place() -> None:
    w = replay(STUDY / "bauern-gang.psn")
    parts = (w.table, w.scores, w.counting_panel, w.moves, w.slider, w.header, w.step_label,
             w.comments, w.view_picker)
    kids = tuple(w.children)
    for _ in range(5):
        w.forward_button.click()
    w.set_view("W")
    w.last_button.click()
    w.set_view("open")
    assert (w.table, w.scores, w.counting_panel, w.moves, w.slider, w.header, w.step_label,
            w.comments, w.view_picker) == parts
    assert tuple(w.children) == kids


def test_two_and_four_player_deals_in_one_file(tmp_path: Path) -> None:
    four = STUDY.joinpath("bauern-gang.psn").read_text(encoding="utf-8")
    two = STUDY.joinpath("closing-wins-3.psn").read_text(encoding="utf-8")
    both = tmp_path / "both.psn"
    both.write_text(four + "\n" + two, encoding="utf-8")
    w = replay(both, view="W")
    assert w.problem is None and [r.game.key for r in w.records] == ["bauern", "schnapsen"]
    assert "Anna, Bert, Cilli, Dani" in w.deal_picker.options[0][0]
    assert w.viewer is not None and w.viewer.name == "W"
    w.pick(1)
    assert [v for _, v in w.view_picker.options] == ["open", "A", "B"]
    assert w.viewer is None and "sl-score-A" in w.scores.value
    w.set_view("B")
    w.pick(0)
    assert [v for _, v in w.view_picker.options] == ["open", "N", "E", "S", "W"]
    assert w.viewer is None and "sl-table-4" in w.table.value


def test_user_text_is_escaped(tmp_path: Path) -> None:
    text = STUDY.joinpath("bauern-spritze.psn").read_text(encoding="utf-8")
    text = (text.replace('"Anna"', '"<script>alert(1)</script>"')
            .replace('"Bert"', '"B&<b>ert</b>"')
            .replace("{Nobody bids.", "{<img src=x onerror=alert(2)> Nobody bids."))
    f = tmp_path / "evil.psn"
    f.write_text(text, encoding="utf-8")
    w = replay(f)
    shown = []
    for view in ("open", "N", "E"):
        w.set_view(view)
        for step in range(len(w.replay)):
            w.go(step)
            shown += [w.table.value, w.scores.value, w.counting_panel.value,
                      w.step_label.value, w.comments.value]
    shown.append(w.header.value)  # (the deal picker's labels are text, not HTML)
    joined = "".join(shown)
    assert "<script>" not in joined and "<img" not in joined and "<b>ert" not in joined
    assert "&lt;script&gt;" in joined and "B&amp;&lt;b&gt;ert&lt;/b&gt;" in joined
    assert "&lt;img src=x" in joined
    page = w.record._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_a_record_and_a_replay_show_the_table_in_a_notebook() -> None:
    rec = next(psn.read(STUDY / "bauern-gang.psn"))
    page = rec._repr_html_()
    assert "sl-table-4" in page and "sl-result" in page and "sl-auction" in page
    rp = Replay(rec)
    rp.go(6)
    html = rp._repr_html_()
    assert html is not None and 'data-step="6"' in html and "sl-trick4" in html


def test_the_replay_in_french_and_russian() -> None:
    w = replay(STUDY / "bauern-spritze.psn", lang="fr")
    with language("de"):  # a widget keeps the language it was made in
        w.go(5)
    assert "Table ouverte" in [label for label, _ in w.view_picker.options]
    labels = [label for label, _ in w.moves.options]
    assert labels[1].strip() == "1 E nomme ♣ trèfle"
    assert labels[5].startswith(" 5 N\u202f: contre")
    shown = _text(w.scores.value)
    assert "Enchères" in shown and "contré par Anna (N)" in shown
    assert "Anna (N) dit contre" in _text(w.step_label.value)
    w.last()
    assert "points de partie pour Anna & Cilli (NS)" in _text(w.scores.value)
    r = replay(STUDY / "bauern-gang.psn", lang="ru", view="E")
    r.last()
    shown = _text(r.scores.value)
    assert "Торговля" in shown and "9 игровых очков — Anna & Cilli (NS): ганг игрока Cilli (S) " \
                                   "сыгран" in shown
    assert "(BK3:" in shown and "Факты: Bert (E)" in _text(r.counting_panel.value)
    assert not re.search(r"\b(the|points|game|tricks|Auction)\b", shown)
