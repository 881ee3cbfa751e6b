"""The replay widget, headless: controls change the shown step; tallies equal the model's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schnapsen_lab import html as H
from schnapsen_lab import psn
from schnapsen_lab.cards import Card
from schnapsen_lab.games.twohand import html as SH
from schnapsen_lab.games.twohand.rules import Seat
from schnapsen_lab.notation import text_with_cards
from schnapsen_lab.psn import Record
from schnapsen_lab.replay import Replay
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
    assert w.viewer is None and "sl-face-down" not in _hand(w.table.value, "A")
    w.set_view("B")
    assert w.viewer == Seat.B and w.view_picker.value == "B"
    a_hand = _hand(w.table.value, "A")
    assert 'data-card="QC"' in a_hand and "sl-known" in a_hand
    hidden = len(w.replay[7].hand(Seat.A)) - 1
    assert a_hand.count("sl-face-down") == hidden
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
    assert page.count('class="sl-card sl-face sl-') >= 11  # both hands and the indicator
    pos = rec.positions()[2]
    ph = pos._repr_html_()
    assert 'data-card="AD"' in ph and "closed by A" in ph
    assert 'class="sl-card sl-face sl-red"' in H.card_html(Card.TH)
    assert "sl-black" in H.card_html(Card.AS)
    # one meaning a class: a face-down card is sl-face-down, sl-back is the back button
    assert "sl-face-down" in H.back_html() and "sl-back" not in H.back_html()
    w = replay(rec)
    assert "sl-back" in w.back_button._dom_classes
    assert "sl-face-down" not in w.back_button._dom_classes


def test_a_static_position_says_who_is_to_play() -> None:
    rec = psn.loads(REPLAY_PSN.read_text(encoding="utf-8"))[0]
    positions = rec.positions()
    for pos in positions[:4]:
        mover = pos.to_move
        assert mover is not None
        page = SH.position_html(pos, ("Anna", "Bert"))
        who = ("Anna", "Bert")[mover]
        assert 'class="sl-to-play"' in page and f"{who} ({mover.name}) to play" in page
    end = positions[-1]
    assert end.outcome is not None
    assert " wins " in SH.position_html(end, ("Anna", "Bert")).split("sl-to-play")[1]


def _problem(w: ReplayWidget) -> str:
    assert w.problem is not None and "sl-replay-problem" in w.header.value
    assert list(w.children) == [w.header]  # no table, no controls
    return w.problem


def test_nothing_to_replay_says_why(tmp_path: Path) -> None:
    assert "no such PSN file" in _problem(replay("no/such/file.psn"))
    assert "there is no record" in _problem(replay([]))
    empty = tmp_path / "empty.psn"
    empty.write_text("", encoding="utf-8")
    assert "holds no record" in _problem(replay(empty))
    with pytest.raises(TypeError):
        replay(42)
    # a duplicated card in the Deck: the reader's first error, as ``check`` reports it
    deck = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH JH"
    typo = tmp_path / "typo.psn"
    typo.write_text(f'[Event "typo"]\n[Deck "{deck}"]\n\n1. AD KH *\n', encoding="utf-8")
    text = _problem(replay(str(typo)))
    err = next(psn.read(typo)).errors[0]
    assert f"{typo}: deal 1, line 2, col 1: S3: " in text
    assert text_with_cards(err.message) in text and "twice: J♥; missing: 10♠" in text


def test_good_records_beside_a_broken_one_are_replayed(tmp_path: Path) -> None:
    good = STUDY.joinpath("closing-wins-3.psn").read_text(encoding="utf-8")
    bad = '[Event "no deck"]\n\n1. AD KH *\n'
    f = tmp_path / "mixed.psn"
    f.write_text(bad + "\n" + good, encoding="utf-8")
    w = replay(f)
    assert w.problem is None and len(w.records) == 1 and len(w.skipped) == 1
    assert "sl-skipped" in w.header.value and "S3" in w.header.value


def test_four_player_deals_are_replayed_too(tmp_path: Path) -> None:
    """A file of four-player deals opens in the same widget (tests/test_widget_bauern_replay.py
    for what it shows); a four-player record shows its table in a notebook, escaped."""
    four = STUDY.joinpath("bauern-gang.psn").read_text(encoding="utf-8")
    only = tmp_path / "four.psn"
    only.write_text(four, encoding="utf-8")
    w = replay(only)
    assert w.problem is None and [r.game.key for r in w.records] == ["bauern"]
    assert "sl-table-4" in w.table.value
    (rec,) = psn.loads(four.replace("Anna", "<b>Anna</b>"))
    page = rec._repr_html_()
    assert "&lt;b&gt;Anna&lt;/b&gt;" in page and "<b>Anna</b>" not in page


def test_the_error_is_shown_where_the_record_stops(tmp_path: Path) -> None:
    deck = "JS AD AC KC AH JD KS QS TH TD KH KD QD QH JC QC AS TC JH TS"
    f = tmp_path / "stops.psn"
    f.write_text(f'[Event "stops"]\n[Deck "{deck}"]\n\n'
                 "1. AD {a fine lead} KH 2. AS {before the <error>} QQ {after it} TS\n",
                 encoding="utf-8")
    w = replay(f)
    assert w.replay.last == 2
    w.go(1)
    assert "a fine lead" in w.comments.value and "sl-record-error" not in w.comments.value
    w.last()
    box = w.comments.value
    assert "sl-record-error" in box and "line 4, col 27: H1" in box
    # the comments after the error are shown with it, not as the last move's
    error_part = box[box.index("sl-record-error"):]
    assert "before the &lt;error&gt;" in error_part and "after it" in error_part
    assert w.replay.comments(2) == [] and "{…}" not in w.moves.options[2][0]


def test_the_move_list_speaks_words_with_one_step_number() -> None:
    w = replay(STUDY / "closing-wins-3.psn")
    labels = [label for label, _ in w.moves.options]
    assert labels[0].startswith(" 0 as dealt")
    for step, label in enumerate(labels[1:], 1):
        assert re.match(rf"\s*{step} [AB] \w", label), label  # one number: the step
        assert not re.search(r"\b\d+\.", label), label  # no trick number beside it
        assert not re.search(r"\b[AKQJT][CDHS]\b|(?<![\w+])(C|X|66)(?!\w)", label.replace(
            "claims 66", "")), label  # no PSN token
    text = " ".join(labels)
    assert "closes" in text and "claims 66" in text


def test_moves_exchange_and_tens_in_words() -> None:
    deck = build_deck("JC AD TD KD QD", "AH TH KH QH JH", "TC")  # clubs trump, A holds JC
    rec = Record.from_actions(deck, ["X", "TC", "AH"], dealer=Seat.B)
    w = replay(rec)
    labels = [label for label, _ in w.moves.options]
    assert "exchanges J♣ for the indicator" in labels[1]
    assert "leads 10♣" in labels[2] and "plays A♥" in labels[3]
    w.go(1)
    assert "exchanges the trump jack" in w.step_label.value and "10" in w.step_label.value


def test_one_display_notation_in_the_widget() -> None:
    w = replay(STUDY / "closing-wins-3.psn", view="A")
    shown = []
    for step in range(len(w.replay)):
        w.go(step)
        shown += [w.table.value, w.counting_panel.value, w.step_label.value, w.scores.value]
    shown += [label for label, _ in w.moves.options]
    text = re.sub(r"<[^>]+>", " ", " ".join(shown))
    assert "10" in text
    assert not re.search(r"\bT[♣♦♥♠]", text)  # never "T♥": the cards say 10
    assert not re.search(r"\b[AKQJT][CDHS]\b", text)  # no PSN card names


def test_the_end_of_a_bummerl_names_its_winner() -> None:
    w = replay(STUDY / "small-match.psn")
    w.pick(len(w.records) - 1)
    w.last()
    counters = w.record.counters
    assert counters is not None and min(counters) <= 0
    winner = w.record.player_names[0 if counters[0] <= 0 else 1]
    assert "sl-bummerl-winner" in w.scores.value and f"{winner} wins the Bummerl" in w.scores.value
    w.pick(0)
    w.last()
    assert "sl-bummerl-winner" not in w.scores.value
    assert f"{winner} wins the Bummerl" in H.record_html(w.records[-1])


def test_won_tricks_are_labelled_by_name_and_seat() -> None:
    deck = build_deck("AH TH KH AS TS", "AD TD KD KS JS", "AC")
    rec = Record.from_actions(deck, ["AH", "JS", "TH", "KD"], dealer=Seat.B,
                              tags={"PlayerA": "bot", "PlayerB": "bot"})
    w = replay(rec, step=4)
    assert "bot (A): won tricks" in w.table.value and "bot (B): won tricks" in w.table.value
    assert "Facts for bot (A)" in w.counting_panel.value
    assert "Facts for bot (B)" in w.counting_panel.value


def test_panels_have_fixed_widths_and_wrap() -> None:
    w = replay(STUDY / "closing-wins-3.psn")
    body = next(c for c in w.children if "sl-replay-body" in c._dom_classes)
    assert body.layout.flex_flow == "row wrap"
    for panel in body.children:
        lay = panel.layout
        assert lay.width == lay.min_width == lay.max_width and lay.width.endswith("px")
        assert lay.flex == "0 0 auto"
    assert f"width:{H.FELT_WIDTH}px" in w.table.value


def test_the_side_panel_keeps_each_pair_of_numbers_on_one_line() -> None:
    """"scores 0 (me) : 0 (opponent); pending 0 : 0" breaks only between its two parts,
    never before ": 0" (issue 50: the side panel at 1366 px with the file browser open)."""
    w = replay(STUDY / "closing-wins-3.psn")
    w.set_view("A")
    w.go(2)
    panel = w.counting_panel.value
    scores = re.search(r"scores [^<]*", panel)
    assert scores is not None
    text = scores.group(0)
    assert re.fullmatch(r"scores \d+\u00a0\(me\)\u00a0:\u00a0\d+\u00a0\(opponent\); "
                        r"pending \d+\u00a0:\u00a0\d+", text), text
