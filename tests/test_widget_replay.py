"""The replay widget, headless: controls change the shown step; tallies equal the model's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab import html as H
from schnapsen_lab import psn
from schnapsen_lab.cards import Card
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay
from schnapsen_lab.rules import Seat
from schnapsen_lab.widgets import replay
from schnapsen_lab.widgets.replay import ReplayWidget

from .conftest import DATA, ROOT, build_deck

REPLAY_PSN = DATA / "conformance" / "replay.psn"
STUDY = ROOT / "records" / "study"


def _cell(html: str, cls: str) -> str:
    m = re.search(rf'class="{re.escape(cls)}"[^>]*>([^<]*)<', html)
    assert m is not None, f"{cls} not in the HTML"
    return m.group(1)


def _shown_step(w: ReplayWidget) -> int:
    return int(_cell(w.step_label.value, "sl-step-number"))


def _shown_scores(w: ReplayWidget) -> tuple[int, int]:
    return (int(_cell(w.scores.value, "sl-score-A")), int(_cell(w.scores.value, "sl-score-B")))


def _assert_tallies(w: ReplayWidget) -> None:
    pos = w.replay[w.step]
    assert _shown_step(w) == w.step == w.slider.value == w.moves.value
    assert _shown_scores(w) == pos.scores
    for s in Seat:
        assert int(_cell(w.scores.value, f"sl-pending-{s.name}")) == pos.pending[s]
        assert int(_cell(w.scores.value, f"sl-tricks-{s.name}")) == pos.tricks[s]
    assert f'data-step="{w.step}"' in w.table.value


def test_buttons_move_the_shown_step() -> None:
    w = replay(str(REPLAY_PSN), deal=1)
    assert w.step == 0
    _assert_tallies(w)
    w.forward_button.click()
    w.forward_button.click()
    assert w.step == 2
    _assert_tallies(w)
    w.back_button.click()
    assert w.step == 1
    _assert_tallies(w)
    w.last_button.click()
    assert w.step == w.replay.last
    _assert_tallies(w)
    w.forward_button.click()
    assert w.step == w.replay.last
    w.first_button.click()
    assert w.step == 0
    w.back_button.click()
    assert w.step == 0


def test_slider_play_and_move_list_jump() -> None:
    w = replay(psn.loads(REPLAY_PSN.read_text(encoding="utf-8")), deal=1)
    w.slider.value = 6
    assert w.step == 6
    _assert_tallies(w)
    w.moves.value = 11
    assert w.step == 11
    _assert_tallies(w)
    w.play.value = 3  # what the linked Play does in the browser
    assert w.step == 3 and w.slider.value == 3
    assert w.slider.max == w.play.max == w.replay.last
    assert len(w.moves.options) == w.replay.last + 1


def test_scores_follow_the_model_at_every_step() -> None:
    rec = psn.loads(REPLAY_PSN.read_text(encoding="utf-8"))[2]
    w = replay(rec)
    rp = Replay(rec)
    for step in range(len(rp)):
        w.go(step)
        assert _shown_scores(w) == rp[step].scores
    out = rp.outcome(rp.last)
    assert out is not None
    assert "sl-result" in w.scores.value and f"{out.game_points} game point" in w.scores.value


def test_widgets_are_updated_in_place() -> None:
    w = replay(str(REPLAY_PSN))
    parts = (w.table, w.scores, w.counting_panel, w.moves, w.slider, w.header)
    kids = tuple(w.children)
    w.forward_button.click()
    w.set_view("B")
    w.last_button.click()
    assert (w.table, w.scores, w.counting_panel, w.moves, w.slider, w.header) == parts
    assert tuple(w.children) == kids


def test_views_hide_the_other_hand_and_show_counting() -> None:
    rec = psn.loads(REPLAY_PSN.read_text(encoding="utf-8"))[2]
    w = replay(rec, step=7)  # A just announced KC+20: QC is known to B
    assert w.viewer is None and "sl-back" not in _hand(w.table.value, "A")
    w.set_view("B")
    assert w.viewer == Seat.B and w.view_picker.value == "B"
    a_hand = _hand(w.table.value, "A")
    assert 'data-card="QC"' in a_hand and "sl-known" in a_hand
    hidden = len(w.replay[7].hand(Seat.A)) - 1
    assert a_hand.count("sl-back") == hidden
    assert "Facts for B" in w.counting_panel.value
    w.view_picker.value = "A"
    assert w.viewer == Seat.A and "Facts for A" in w.counting_panel.value
    w.set_view(None)
    assert "Facts for A" in w.counting_panel.value and "Facts for B" in w.counting_panel.value
    with pytest.raises(ValueError):
        w.set_view("C")


def _hand(table: str, seat: str) -> str:
    start = table.index(f'data-seat="{seat}"')
    return table[start: table.index("</div>", start)]


def test_k1_in_the_widget() -> None:
    deck = build_deck("AH TH KH AS TS", "AD TD KD KS JS", "AC")
    rec = Record.from_actions(deck, ["AH", "JS", "TH", "KD"], dealer=Seat.B)
    w = replay(rec, view="B", step=2)
    assert 'class="sl-won sl-won-up"' in w.table.value  # A's last trick, before the next lead
    w.forward()
    assert "sl-won-up" not in w.table.value and "sl-won-down" in w.table.value


def test_match_has_a_deal_picker_and_counters() -> None:
    w = replay(STUDY / "small-match.psn")
    assert len(w.records) == 4 and w.deal_picker.layout.display != "none"
    assert "sl-counters" in w.scores.value
    w.pick(2)
    assert w.deal == 2 and w.step == 0 and w.record is w.records[2]
    before = w.records[2].counters_before
    assert before is not None
    assert int(_cell(w.scores.value, "sl-counters-B")) == before[1]
    w.last()
    after = w.records[2].counters
    assert after is not None
    assert int(_cell(w.scores.value, "sl-counters-B")) == after[1]
    single = replay(STUDY / "closing-wins-3.psn")
    assert single.deal_picker.layout.display == "none"


def test_comments_and_glyphs_at_their_step() -> None:
    w = replay(STUDY / "closing-wins-3.psn")
    assert "four top trumps" in w.comments.value  # the deal's comment at step 0
    w.forward()
    assert "Closing at once" in w.comments.value and "good move" in w.comments.value
    assert "!" in w.moves.options[1][0]
    w.forward()
    assert "Closing at once" not in w.comments.value


def test_user_text_is_escaped(tmp_path: Path) -> None:
    deck = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"
    text = (f'[Event "<script>alert(1)</script>"]\n[PlayerA "Anna <b>&</b>"]\n'
            f'[PlayerB "B\\"ert"]\n[Deck "{deck}"]\n\n'
            "{<img src=x onerror=alert(2)>} 1. AD {<i>nice</i> & more} KH\n")
    f = tmp_path / "evil.psn"
    f.write_text(text, encoding="utf-8")
    w = replay(str(f))
    everything = [w.header.value, w.table.value, w.scores.value, w.counting_panel.value,
                  w.comments.value, w.step_label.value, H.record_html(w.record)]
    w.forward()
    everything += [w.comments.value, w.step_label.value]
    joined = "".join(everything)
    assert "<script>" not in joined and "<img" not in joined and "<i>nice" not in joined
    assert "&lt;script&gt;" in w.header.value and "Anna &lt;b&gt;&amp;&lt;/b&gt;" in joined
    assert "&lt;i&gt;nice&lt;/i&gt; &amp; more" in w.comments.value
    assert "<b>&</b>" not in w.record._repr_html_()


def test_static_reprs() -> None:
    rec = psn.loads(REPLAY_PSN.read_text(encoding="utf-8"))[0]
    page = rec._repr_html_()
    assert 'class="sl-record"' in page and "sl-outcome" in page
    assert page.count('class="sl-card sl-face') >= 11  # both hands and the indicator
    pos = rec.positions()[2]
    ph = pos._repr_html_()
    assert 'data-card="AD"' in ph and "closed by A" in ph
    assert 'class="sl-card sl-face sl-red"' in H.card_html(Card.TH)
    assert "sl-black" in H.card_html(Card.AS) and "sl-back" in H.back_html()


def test_bad_sources() -> None:
    with pytest.raises(ValueError):
        replay("no/such/file.psn")
    with pytest.raises(TypeError):
        replay(42)
    with pytest.raises(ValueError):
        replay(psn.loads('[Event "no deck"]\n\n'))
