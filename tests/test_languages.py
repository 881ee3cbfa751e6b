"""The widgets in English, German, French and Russian (docs/languages.md).

The catalogs are checked against the sources: every marked text is in every catalog,
translated, with the same placeholders and HTML tags, and the compiled ``.mo`` files in
the package are those of the ``.po`` files (``make catalogs`` recompiles them). Then
the language switch (:func:`schnapsen_lab.set_language`, ``lang=``), each language's
plural forms, the referee's reasons, and the widgets, the shared page and the plots
speaking the language they were made in.
"""

from __future__ import annotations

import gettext
import importlib
import io
import json
import pkgutil
import random
import re
import string
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

import schnapsen_lab  # noqa: E402
from schnapsen_lab import i18n, notation, psn  # noqa: E402
from schnapsen_lab.cards import CARDS  # noqa: E402
from schnapsen_lab.games.twohand.rules import CLAIM, CLOSE, EXCHANGE, Action, ActionKind, Position  # noqa: E402
from schnapsen_lab.i18n import Plurals, Texts, language, set_language  # noqa: E402
from schnapsen_lab.replay import Replay  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "schnapsen_lab" / "locale"
TRANSLATED = ("de", "fr", "ru")
STUDY = ROOT / "records" / "study"

#: Translations that may be the English words: the names of the contracts of the games with
#: a round of calls (the same in every language, GLOSSARY.md; German keeps "Bettler",
#: French says "misère") and the French "point(s)".
SAME_AS_ENGLISH = {
    **{(lang, "Bauernschnapsen contract", name): True for lang in ("de", "fr")
       for name in ("Schnapser", "Gang", "Bauernschnapser", "Kontraschnapser",
                    "Kontrabauernschnapser")},
    ("de", "Bauernschnapsen contract", "Bettler"): True,
    ("fr", None, "{n} point"): True,
    # the games' names and the French tag "Date" (issue 22: record headers translated)
    **{(lang, None, name): True for lang in ("de", "fr")
       for name in ("Bauernschnapsen", "Schnapsen")},
    ("de", None, "Sechsundsechzig"): True,  # a German game: its German name
    ("fr", "a PSN tag", "Date"): True,
    ("fr", "a bot's name", "expert"): True,  # the strongest bot: the same word in French
    # a label and what it says: the colon alone, French spacing it
    **{(lang, None, "{label}: {text}"): True for lang in ("de", "ru")},
}


# -- the catalogs -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The texts the sources mark, extracted as ``make messages`` does (``pybabel
    extract`` with the configuration in pyproject.toml)."""
    out = tmp_path_factory.mktemp("messages") / "extracted.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    cmd = ([str(pybabel)] if pybabel.exists() else
           [sys.executable, "-c", "from babel.messages.frontend import main; main()"])
    subprocess.run([*cmd, "extract", "-o", str(out)], cwd=ROOT, check=True,
                   capture_output=True, text=True)
    with out.open("rb") as f:
        return read_po(f)


def _po(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "schnapsen_lab.po").open("rb") as f:
        return read_po(f, locale=lang)


def _key(m: Message) -> tuple[str | None, str]:
    return (m.context, m.id if isinstance(m.id, str) else m.id[0])


def _messages(cat: Catalog) -> dict[tuple[str | None, str], Message]:
    return {_key(m): m for m in cat if m.id}


def _forms(m: Message) -> list[str]:
    return list(m.string) if isinstance(m.string, tuple) else [m.string]


def _fields(text: str) -> Counter[tuple[str, str | None, str | None]]:
    """The ``{name!conversion:spec}`` fields of a format string."""
    return Counter((name, conv, spec) for _, name, spec, conv in string.Formatter().parse(text)
                   if name is not None)


def _tags(text: str) -> Counter[str]:
    return Counter(re.findall(r"</?[a-z]+[^>]*>", text))


def _words(text: str) -> str:
    """What is left of a text without its fields, tags and entities."""
    return re.sub(r"\{[^}]*\}|<[^>]*>|&\w+;", "", text)


def test_there_are_messages_in_the_four_languages(extracted: Catalog) -> None:
    assert i18n.LANGUAGES == ("en", "de", "fr", "ru")
    assert len(_messages(extracted)) > 400
    for lang in TRANSLATED:
        assert (LOCALE / lang / "LC_MESSAGES" / "schnapsen_lab.mo").is_file()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(extracted: Catalog, lang: str) -> None:
    """Each marked text is in the catalog, translated in every plural form, not fuzzy;
    the catalog holds nothing else."""
    po = _po(lang)
    want = _messages(extracted)
    have = _messages(po)
    assert sorted(want.keys() - have.keys(), key=str) == [], (
        f"not in {lang}: run `make messages`, then translate")
    assert sorted(have.keys() - want.keys(), key=str) == [], f"{lang} holds texts no source marks"
    for key, m in have.items():
        assert "fuzzy" not in m.flags, (lang, key)
        forms = _forms(m)
        if isinstance(m.id, tuple):
            assert len(forms) == po.num_plurals, (lang, key)
        assert all(f.strip() for f in forms), f"{lang}: no translation of {key}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_fields_and_the_tags(lang: str) -> None:
    """A translation fills the same fields as the English (name, conversion, format)
    and keeps its HTML tags."""
    for key, m in _messages(_po(lang)).items():
        source = m.id[1] if isinstance(m.id, tuple) else m.id
        for form in _forms(m):
            assert _fields(form).keys() == _fields(source).keys(), (lang, key, form)
            assert _tags(form) == _tags(source), (lang, key, form)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_left_in_a_translation(lang: str) -> None:
    for key, m in _messages(_po(lang)).items():
        english = set(m.id) if isinstance(m.id, tuple) else {m.id}
        for form in _forms(m):
            if form in english and re.search(r"[^\W\d_]", _words(form)):
                assert (lang, m.context, key[1]) in SAME_AS_ENGLISH, (lang, key)


def test_the_template_lists_the_marked_texts(extracted: Catalog) -> None:
    with (LOCALE / "schnapsen_lab.pot").open("rb") as f:
        template = read_po(f)
    assert _messages(template).keys() == _messages(extracted).keys(), "run `make messages`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogs_are_those_of_the_sources(lang: str) -> None:
    """The ``.mo`` in the package is the ``.po`` compiled (``make catalogs``)."""
    buf = io.BytesIO()
    write_mo(buf, _po(lang))
    buf.seek(0)
    fresh = gettext.GNUTranslations(buf)
    with (LOCALE / lang / "LC_MESSAGES" / "schnapsen_lab.mo").open("rb") as f:
        shipped = gettext.GNUTranslations(f)
    assert shipped._catalog == fresh._catalog, (  # type: ignore[attr-defined]
        f"{lang}: the compiled catalog is stale: run `make catalogs`")
    assert [shipped.plural(n) for n in range(200)] == [  # type: ignore[attr-defined]
        fresh.plural(n) for n in range(200)]  # type: ignore[attr-defined]


def _tables() -> Iterator[tuple[str, str, Texts | Plurals]]:
    for info in pkgutil.walk_packages(schnapsen_lab.__path__, "schnapsen_lab."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, (Texts, Plurals)):
                yield info.name, name, value


def test_every_text_table_is_in_the_catalogs(extracted: Catalog) -> None:
    """A text in a module's table is marked (so in the catalogs) unless it holds no word."""
    pytest.importorskip("ipywidgets")
    pytest.importorskip("matplotlib")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in extracted if m.id}
    seen = 0
    for module, name, table in _tables():
        for key, value in table.source.items():
            text = value if isinstance(value, str) else value[0]
            seen += 1
            if re.search(r"[^\W\d_]", _words(text)):
                assert text in ids, f"{module}.{name}[{key!r}] is not marked: {text!r}"
    assert seen > 400


# -- choosing the language ---------------------------------------------------------------------

@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language(None)


def test_set_language_and_the_locale(monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    assert set_language("fr") == "fr" == i18n.get_language()
    assert notation.plural("tricks", 2) == "2 plis"
    assert set_language("de_AT.UTF-8") == "de"
    assert set_language("RU") == "ru"
    with pytest.raises(ValueError, match="en, de, fr, ru"):
        set_language("it")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert set_language(None) == "de"  # back to the locale's
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    assert i18n.default_language() == "ru"
    monkeypatch.setenv("LANGUAGE", "it:fr")
    assert i18n.default_language() == "fr"  # the first language there is a catalog for
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert i18n.default_language() == "en"
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    assert i18n.default_language() == "en"  # no catalog: English
    assert schnapsen_lab.set_language is set_language


def test_a_language_block_nests_and_ends(english: None) -> None:
    with language("ru"):
        assert notation.suit_name(2) == "червы"
        with language("fr"):
            assert notation.suit_name(2) == "cœur"
        with language(None):
            assert i18n.get_language() == "ru"
        assert notation.card_name(CARDS[0]) == "туз треф"
    assert notation.suit_name(2) == "hearts"


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {0: "0 tricks", 1: "1 trick", 2: "2 tricks", 5: "5 tricks"}),
    ("de", {0: "0 Stiche", 1: "1 Stich", 2: "2 Stiche", 21: "21 Stiche"}),
    ("fr", {0: "0 pli", 1: "1 pli", 2: "2 plis", 21: "21 plis"}),
    ("ru", {0: "0 взяток", 1: "1 взятка", 2: "2 взятки", 4: "4 взятки", 5: "5 взяток",
            11: "11 взяток", 12: "12 взяток", 14: "14 взяток", 21: "21 взятка",
            22: "22 взятки", 25: "25 взяток", 101: "101 взятка", 111: "111 взяток"}),
])
def test_each_language_counts_in_its_own_forms(lang: str, forms: dict[int, str]) -> None:
    with language(lang):
        assert {n: notation.plural("tricks", n) for n in forms} == forms


def test_russian_has_three_forms_and_french_two() -> None:
    assert _po("ru").num_plurals == 3
    assert _po("fr").num_plurals == 2 and _po("de").num_plurals == 2
    with language("ru"):
        assert notation.plural("game_points", 3) == "3 игровых очка"
        assert notation.plural("game_points", 1) == "1 игровое очко"


# -- the referee's reasons ---------------------------------------------------------------------

def _reasons(deals: int = 60, seed: int = 3) -> set[str]:
    """Every reason the referee gives for the actions it refuses, over random deals."""
    rng = random.Random(seed)
    tries = [Action(ActionKind.PLAY, c) for c in CARDS] + [EXCHANGE, CLOSE, CLAIM]
    tries += [Action(ActionKind.MARRIAGE, c, p) for c in CARDS if c.rank in (2, 3)
              for p in (20, 40)]
    out: set[str] = set()
    for _ in range(deals):
        deck = list(range(20))
        rng.shuffle(deck)
        pos = Position.deal(deck)
        while True:
            for a in tries:
                err = pos.check(a)
                if err is not None:
                    out.add(err[1])
            legal = pos.legal_actions()
            if not legal or (pos.outcome is not None and rng.random() < 0.5):
                break
            pos = pos.play(rng.choice(legal))
    return out


def test_every_reason_of_the_referee_is_translated() -> None:
    reasons = _reasons()
    assert len(reasons) > 50
    unknown = [r for r in reasons if notation._reason_words(r, notation.card_text) is None]
    assert unknown == [], "a referee's reason notation._REASONS does not know"
    with language("ru"):
        said = {r: notation.reason_text(r) for r in reasons}
    assert all(not re.search(r"\b(the|does|not|is)\b", s) for s in said.values()), said
    assert not any(re.search(r"\b[AKQJT][CDHS]\b", s) for s in said.values())


def test_an_error_of_a_record_in_french() -> None:
    with language("fr"):
        text = notation.error_text(4, 27, "F2", "TH does not follow suit; legal: AH KH")
        assert text == "ligne 4, col. 27\u202f: F2\u202f: 10♥ ne fournit pas à la couleur\u202f; " \
                       "permis\u202f: A♥ K♥"
        # what the reader says about the text itself stays as `check` writes it
        assert notation.error_text(2, 1, "PSN", "not a PSN token: 'x'").endswith(
            "PSN\u202f: not a PSN token: 'x'")


# -- widgets, the shared page, plots -----------------------------------------------------------

def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _shown(html: str) -> str:
    """The text of ``html`` as shown, its no-break spaces kept."""
    import html as h

    return h.unescape(re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", "", html))).strip()


def test_the_replay_speaks_the_language_it_was_made_in(english: None) -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.widgets import replay

    w = replay(str(STUDY / "closing-wins-3.psn"), lang="fr")
    set_language("de")  # later switches do not change a widget made earlier
    w.forward()
    assert re.search(r"étape 1 sur \d+ ?: Anna ferme le talon", _text(w.step_label.value))
    assert [label for label, _ in w.view_picker.options] == [
        "Table ouverte", "vue du joueur Anna", "vue du joueur Bert"]
    assert "points" in _text(w.scores.value) and "plis" in _text(w.scores.value)
    assert re.search(r"\b(entame|joue|annonce|échange|ferme)\b", w.moves.options[1][0])
    w.last()
    assert "points de partie" in _text(w.scores.value)
    assert w.forward_button.tooltip == "une étape en avant"
    de = replay(str(STUDY / "closing-wins-3.psn"))  # made now: German
    assert de.lang == "de" and "Offener Tisch" in [label for label, _ in de.view_picker.options]


def test_the_practice_table_in_russian(english: None) -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.games.twohand.rules import Seat
    from schnapsen_lab.psn import Record
    from schnapsen_lab.widgets import practice_table

    deck = "AH TH KH QH JH KD AC AS TS KS JS TC KC QC JC AD TD QD JD QS".split()
    record = Record.from_actions(deck, ["C", "AH"], dealer=Seat.B,
                                 tags={"PlayerA": "Anna", "PlayerB": "Bert"})
    t = practice_table("heuristic", pause=0, student_name="Bert", bot_name="Anna", lang="ru")
    t.take_over(record, 2, "B")
    assert t.close_button.description == "закрыть"
    assert t.claim_button.description == "заявить 66"
    assert "колода закрыта: A" in _text(t.hand.felt)
    assert "взяток" in _text(t.hand.felt)
    t.hand.click("KD")  # a greyed card: why not, in Russian, with the rule
    assert re.fullmatch(r"Сейчас нельзя сыграть K♦: нужно ходить в масть \(F2\)",
                        t.status), t.status
    t.play("QH")
    assert "кладёт Q♥" in _text(t.messages_html.value)


def test_the_recorder_and_the_trainers_in_german(english: None) -> None:
    pytest.importorskip("ipywidgets")
    from schnapsen_lab import training
    from schnapsen_lab.widgets import deal_recorder
    from schnapsen_lab.widgets.training import ClosingTrainer, CountingQuiz

    r = deal_recorder(names=("Anna", "Bert"), lang="de")
    assert [label for label, _ in r.target_picker.options] == [
        "Hand von A", "Hand von B", "Atoutkarte"]
    assert "Jetzt wird" in _text(r.setup_html.value)
    recs = list(psn.read(ROOT / "records" / "heuristic-vs-random.psn"))[:40]
    q = CountingQuiz(training.counting_quiz(recs, count=2, seed=1), lang="de")
    assert q.check_button.description == "Prüfen"
    assert "Stellung 1 von 2" in _text(q.header.value)
    assert "Deine Augen" in _text(q._labels[0].value)
    c = ClosingTrainer(training.closing_exercises(recs, count=1, seed=2), samples=4, lang="de")
    assert c.close_button.description == "Zudrehen"
    assert re.search(r"im Talon sind? \d+ Karten?", _text(c.header.value))
    assert "(deine Antworten: 0 von 0)" in _text(c.header.value)


@pytest.mark.parametrize(("lang", "answers"), [
    ("en", "(your answers: 0 of 0)"), ("de", "(deine Antworten: 0 von 0)"),
    ("fr", "(vos réponses\u202f: 0 sur 0)"), ("ru", "(ваши ответы: 0 из 0)")])
def test_the_closing_trainer_counts_answers_not_a_score(english: None, lang: str,
                                                        answers: str) -> None:
    """Beside the game's scores "(score 0 / 0)" read like one: the trainer says how many
    answers were right."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab import training
    from schnapsen_lab.widgets.training import ClosingTrainer

    recs = list(psn.read(ROOT / "records" / "heuristic-vs-random.psn"))[:40]
    c = ClosingTrainer(training.closing_exercises(recs, count=1, seed=2), samples=4, lang=lang)
    assert answers in _shown(c.header.value) and "score" not in _shown(c.header.value)


def test_the_review_widget_in_french(english: None) -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("matplotlib")
    from schnapsen_lab.review import review_record
    from schnapsen_lab.widgets.review import ReviewWidget

    from .test_review import _record_with_a_blunder

    rec, step, _ = _record_with_a_blunder(5)
    review = review_record(rec, samples=2, seed=0, steps=range(step, 100))
    w = ReviewWidget(rec, review, lang="fr")
    assert "perte" in " ".join(label for label, _ in w.decisions.options)
    assert "précision" in w.summary.value
    ax = w.figure.axes[0]
    assert ax.get_xlabel() == "étape" and "Analyse" in ax.get_title()
    assert "gaffe" in [t.get_text() for t in ax.get_legend().get_texts()]
    assert w.replay.lang == "fr"


def test_the_shared_page_in_russian(tmp_path: Path) -> None:
    from schnapsen_lab.cli import main
    from schnapsen_lab.share import page_data

    rec = next(psn.read(STUDY / "last-trick.psn"))
    page = Replay(rec).to_html(lang="ru")
    assert '<html lang="ru">' in page and "сдача в шнапсен" in page
    data = page_data([Replay(rec)], lang="ru")
    assert data["lang"] == "ru" and data["strings"]["moves"] == "Ходы"
    forms, which = data["counted"]["talon_title"], data["plural"]  # the script fills {n}
    assert len(forms) == 3 and len(which) == 21
    assert [forms[which[n]].format(n=n) for n in (1, 3, 9, 11, 20)] == [
        "колода добора: 1 карта", "колода добора: 3 карты", "колода добора: 9 карт",
        "колода добора: 11 карт", "колода добора: 20 карт"]
    assert page_data([Replay(rec)], lang="fr")["plural"][:3] == [0, 0, 1]  # 0 and 1: one
    assert Replay(rec).to_html().startswith('<!DOCTYPE html>\n<html lang="en">')
    out = tmp_path / "deal.html"
    assert main(["html", str(STUDY / "last-trick.psn"), "--lang", "fr", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in text and "Table ouverte" in text


def test_a_plot_in_french(english: None) -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("pandas")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from schnapsen_lab.stats import deals_frame, plots

    deals = deals_frame(str(ROOT / "records" / "heuristic-vs-random.psn"))
    with language("fr"):
        ax = plots.plot_points_by_end(deals)
    assert ax.get_title() == "Points de partie selon la fin de la donne"
    assert ax.get_ylabel() == "donnes"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["1 point de partie", "2 points de partie", "3 points de partie"]
    plt.close("all")


def test_the_four_player_calls_are_in_the_catalogs() -> None:
    with language("de"):
        assert notation.CALLS["spritze"] == "Spritzer" and notation.CALLS["weiter"] == "weiter"
    with language("ru"):
        assert notation.CALLS["kontraschnapser"] == "контршнапсер"
    assert notation.CALLS["weiter"] == "pass"



def _four_player_reasons(deals: int = 120, seed: int = 5) -> set[str]:
    """Every reason the four-player referee gives for the actions it refuses."""
    from schnapsen_lab.games.bauern import rules as R

    rng = random.Random(seed)
    tries = [*R.PLAYS, R.CLAIM, R.TRUMP_UP, *R.TRUMP_NAMED, *R.PARTNER_CALLS,
             *R.CALLS.values()]
    tries += [R.marriage(c, p) for c in CARDS if c.rank in (2, 3) for p in (20, 40)]
    tries.append(R.Action(R.Kind.MARRIAGE, CARDS[0], 20))
    out: set[str] = set()
    for i in range(deals):
        deck = list(range(20))
        rng.shuffle(deck)
        profile = (R.BAUERN, R.BAUERN_CALLED, R.BAUERN_HEAD)[i % 3]
        pos = R.Position.deal(deck, rng.randrange(4), profile, rng.random() < 0.3)
        while True:
            for a in tries:
                err = pos.check(a)
                if err is not None:
                    out.add(err[1])
            legal = pos.legal_actions()
            if not legal:
                break
            pos = pos.play(rng.choice(legal))
    return out


def test_every_reason_of_the_four_player_referee_is_translated() -> None:
    reasons = _four_player_reasons()
    assert len(reasons) > 200
    unknown = [r for r in reasons if notation._reason_words(r, notation.card_text) is None]
    assert unknown == [], "a four-player referee's reason notation._REASONS does not know"
    with language("ru"):
        said = {r: notation.reason_text(r) for r in reasons}
    assert all(not re.search(r"\b(the|does|not|is|forehand|spritze)\b", s)
               for s in said.values()), said
    with language("de"):
        assert notation.reason_text("AS does not follow hearts") == "A♠ gibt Herz nicht zu"


# -- issue 22: record headers and numbers in the learner's language ----------------------------

_ENGLISH_TAGS = ("Event", "Site", "Match", "Deal", "Dealer", "Rules", "Score", "Result",
                 "Variant", "Cut")


def _bauern_record() -> psn.Record:
    return next(psn.read(ROOT / "records" / "bauern-heuristic-vs-random.psn"))


def _two_record() -> psn.Record:
    return next(psn.read(ROOT / "records" / "heuristic-vs-random.psn"))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_record_headers_speak_the_language(lang: str) -> None:
    """Tag names, rules profiles and bots' names in the header of a record, in the widgets
    (html.tags_html) and on the shared page (its data), never the file's English words."""
    from schnapsen_lab.html import tags_html
    from schnapsen_lab.share import deal_html

    for rec in (_bauern_record(), _two_record()):
        with language(lang):
            head = tags_html(rec)
        shown = re.findall(r"<b>([^<]+)</b>", head)
        assert shown and not set(shown) & set(_ENGLISH_TAGS), (lang, shown)
        assert not re.search(r"\b(heuristic|random|bauern|soft)\b", _text(head)), head
        m = re.search(r'<script type="application/json" id="sl-data">(.*?)</script>',
                      deal_html(rec, lang=lang), re.S)
        assert m is not None
        data = json.loads(m.group(1))
        deal = data["deals"][0] if "deals" in data else data
        names = [k for k, _ in deal["tags"]]
        assert names and not set(names) & set(_ENGLISH_TAGS), (lang, names)
        values = " ".join(v for _, v in deal["tags"]) + " " + " ".join(deal["names"])
        assert not re.search(r"\b(heuristic|random|bauern|soft)\b", values), values
    # the file keeps its own words
    assert "[Rules \"bauern\"]" in psn.dumps([_bauern_record()])


def test_a_profile_and_a_bot_in_words() -> None:
    from schnapsen_lab.headers import bot_name, rules_name, tag_value

    with language("de"):
        assert rules_name("bauern") == "Bauernschnapsen, feste Partner"
        assert rules_name("soft") == "weich" and rules_name("my-house") == "my-house"
        assert bot_name("heuristic N") == "Heuristik N" and bot_name("Anna") == "Anna"
        assert bot_name("expert") == "Experte"
        assert tag_value("Result", "*") == "nicht beendet"
    with language("ru"):
        assert rules_name("strict") == "строгий"
        assert bot_name("expert A") == "эксперт A"


@pytest.mark.parametrize(("lang", "points", "rate"), [
    ("en", "+2.46", "46%"), ("de", "+2,46", "46\u00a0%"), ("fr", "+2,46", "46\u00a0%"),
    ("ru", "+2,46", "46\u00a0%")])
def test_numbers_in_the_language(lang: str, points: str, rate: str) -> None:
    from schnapsen_lab.numbers import format_numbers, number
    from schnapsen_lab.stats.plots import _rate

    assert number(2.456, "+.2f", lang) == points
    assert number(0.456, ".0%", lang) == rate
    with language(lang):
        assert format_numbers("{x:+.2f} / {n}", x=2.456, n=3) == f"{points} / 3"
        assert _rate(0.456) == rate
        assert _rate(0.008) == ("0.8%" if lang == "en" else "0,8\u00a0%")


def test_french_puts_a_narrow_no_break_space_before_two_part_punctuation() -> None:
    """French typography: a narrow no-break space (U+202F) before : ; ! ?, in every
    message of the French catalogue (issue 50: "étape 4 sur 8:")."""
    with (LOCALE / "fr" / "LC_MESSAGES" / "schnapsen_lab.po").open("rb") as f:
        catalog = read_po(f)
    bad = []
    for m in catalog:
        if not m.id:
            continue
        for s in ([m.string] if isinstance(m.string, str) else list(m.string)):
            for hit in re.finditer(r"(.)([:;!?])(?=\s|$|<|&)", s):
                entity = hit.group(2) == ";" and re.search(r"&#?\w+$", s[:hit.start(2)])
                if hit.group(1) != "\u202f" and not entity:
                    bad.append(s)
    assert bad == []


def test_french_spaces_the_colons_the_code_puts_between_texts(english: None) -> None:
    """The replay's step line and the shared page join a label and its text through the
    catalogue ("étape 4 sur 8 : Anna ..."); "trumps out: none" agrees with the trumps
    (aucun)."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.share import page_data
    from schnapsen_lab.widgets import replay

    w = replay(str(STUDY / "closing-wins-3.psn"), lang="fr")
    w.set_view("A")  # at the deal Anna holds every trump but the indicator
    shown = []
    for step in range(w.replay.last + 1):
        w.go(step)
        shown.append(_shown(w.step_label.value))
        shown.append(_shown(w.counting_panel.value))
    assert any(re.search(r"^étape \d+ sur \d+\u202f: ", t) for t in shown), shown[:2]
    assert not [t for t in shown if re.search(r"[^\u202f][:;!?](\s|$)", t)]
    assert re.search("atouts dehors\u202f:\\s+aucun(?!e)", shown[1]), shown[1]
    strings = page_data([Replay(next(psn.read(STUDY / "closing-wins-3.psn")))],
                        lang="fr")["strings"]
    assert strings["labelled"] == "{label}\u202f: {text}" and strings["no_trumps"] == "aucun"
    assert strings["none"] == "aucune"  # no cards


def test_german_keeps_ansage_for_marriages() -> None:
    """Ansage is the marriage (GLOSSARY.md); the auction, the contract and the bot picker
    have their own words, and a confidence interval is not KI."""
    with language("de"):
        from schnapsen_lab.games.bauern.html import TEXT as H
        from schnapsen_lab.widgets.bauern import TEXT as B

        assert "Ansage" not in H["auction"] and "Ansage" not in H["auction.contract"].format(
            contract="Gang")
        assert B["bots"] != "Gegner"
        from schnapsen_lab.html import TEXT as HT
        from schnapsen_lab.widgets.table import TEXT as T

        # the game's words: the pending marriages are Zwanziger and Vierziger, and the
        # two-player picker names the bot, like the four-player one (Computerspieler)
        assert HT["tallies.pending"] == "ausstehende Zwanziger/Vierziger"
        assert T["bot"] == B["bots"] == "Computerspieler"
        assert "KI" not in i18n.ngettext("95% CI [{low}, {high}], {n} world",
                                         "95% CI [{low}, {high}], {n} worlds", 2)


def test_sechsundsechzig_by_its_name_in_each_language() -> None:
    """Sechsundsechzig's name (issue 51) in French and Russian as GLOSSARY.md has it
    (soixante-six, шестьдесят шесть), in a record's header and a shared page's title."""
    from schnapsen_lab.headers import rules_name, tag_value
    from schnapsen_lab.html import tags_html
    from schnapsen_lab.share import deal_html

    rec = next(psn.read(ROOT / "records" / "sechsundsechzig-heuristic-vs-random.psn"))
    for lang, name in (("fr", "soixante-six"), ("ru", "шестьдесят шесть"),
                       ("de", "Sechsundsechzig"), ("en", "Sechsundsechzig")):
        with language(lang):
            assert tag_value("Variant", "sechsundsechzig") == name
            assert rules_name("sechsundsechzig") == name
            assert "sechsundsechzig" not in _text(tags_html(rec))
        page = deal_html(rec, lang=lang)
        title = re.search(r"<title>(.*?)</title>", page, re.S)
        assert title is not None and name in _shown(title.group(1)), title


def test_the_claim_in_german_as_each_games_players_say_it(english: None) -> None:
    """In German the Sechsundsechzig claim is "Ich habe genug" (GLOSSARY.md), Schnapsen's
    ausmelden: on the recorder's buttons and the practice table's."""
    pytest.importorskip("ipywidgets")
    from schnapsen_lab.games.sechsundsechzig.game import SECHSUNDSECHZIG_PROFILE as SIXTY_SIX
    from schnapsen_lab.widgets.recorder import _label
    from schnapsen_lab.widgets.table import practice_table

    with language("de"):
        assert _label(CLAIM, SIXTY_SIX) == "Ich habe genug"
        assert _label(EXCHANGE, SIXTY_SIX) == "Neuner tauschen (X)"
        assert _label(CLAIM) == "ausmelden" and _label(EXCHANGE) == "Buben tauschen (X)"
    assert practice_table(profile="sechsundsechzig", lang="de").claim_button.description == (
        "Ich habe genug")
    assert practice_table(lang="de").claim_button.description == "ausmelden"
    assert practice_table(profile="sechsundsechzig", lang="fr").claim_button.description == (
        "annoncer 66")
