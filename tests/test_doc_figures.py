"""Every figure the docs and the notebooks draw from data is computed or checked (issue 22 §4).

- docs/equity.md: the section between its ``<!-- shipped tables -->`` marks is regenerated
  from the shipped tables (:mod:`schnapsen_lab.equity.docs`) and must be the same, word
  for word; its sampling error is checked against resampling.
- docs/closing.md: the advisor's printed example and the strategy-fusion figures are
  recomputed from the bundled records.
- The notebooks: a figure the prose states (a percentage, a decimal, "N in M", a negative
  number) is checked by the code cell right after it, which names the same number.
"""

from __future__ import annotations

import json
import re
from itertools import islice
from pathlib import Path

import pytest

from schnapsen_lab import psn
from schnapsen_lab.equity import OutcomeCounts, load_tables, solve_table
from schnapsen_lab.equity.docs import MARK, check_doc, shipped_section, value_error

from .conftest import ROOT, shipped_notebooks

DOCS = ROOT / "docs"


# -- docs/equity.md ------------------------------------------------------------------------------

def test_equity_doc_section_is_the_one_the_shipped_tables_give() -> None:
    want = check_doc(DOCS / "equity.md")
    assert want is None, ("docs/equity.md quotes figures the shipped tables do not give; "
                          "run `python -m schnapsen_lab.equity.docs docs/equity.md`:\n" + want)


def test_equity_doc_figures_of_issue_22() -> None:
    """The corrected figures: the dealer's share of the rule-of-thumb player's deals is
    50.8%, its two tables differ by up to 2.3 points, a value is known to ±1.4 at 1 : 1."""
    section = " ".join(shipped_section().split())
    assert "50.8% of the rule-of-thumb player's" in section
    assert "less than a percentage point" not in section
    assert "2.3 (beginner)" in section and "±1.4 at 1 : 1" in section
    assert MARK not in section


def test_the_delta_method_agrees_with_resampling() -> None:
    np = pytest.importorskip("numpy")
    t = load_tables()[("soft", "heuristic")]
    o = t.outcomes
    p = np.array([*o.forehand, *o.dealer]) / o.deals
    rng = np.random.default_rng(22)
    moved = []
    for c in rng.multinomial(o.deals, p, size=400):
        i_deal, _ = solve_table(OutcomeCounts(tuple(int(x) for x in c[:3]),  # type: ignore[arg-type]
                                              tuple(int(x) for x in c[3:])))  # type: ignore[arg-type]
        moved.append(abs(i_deal[0][0] - t.i_deal[0][0]))
    resampled = float(np.quantile(moved, 0.95))
    delta = value_error(t)[0][0][0]
    assert delta == pytest.approx(resampled, rel=0.2)


# -- docs/closing.md -----------------------------------------------------------------------------

def test_closing_doc_example_is_what_the_advisor_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from schnapsen_lab.cli import main

    doc = (DOCS / "closing.md").read_text(encoding="utf-8")
    m = re.search(r"\(`schnapsen-lab advise (\S+) --record (\d+) --step (\d+)`\):\n\n```\n"
                  r"(.*?)```", doc, re.S)
    assert m is not None
    path, record, step, shown = m.groups()
    assert main(["advise", str(ROOT / path), "--record", record, "--step", step]) == 0
    assert capsys.readouterr().out == shown


def test_closing_doc_strategy_fusion_figures() -> None:
    from schnapsen_lab.advisor import advise

    doc = " ".join((DOCS / "closing.md").read_text(encoding="utf-8").split())
    m = re.search(r"\(record (\d+), after step (\d+)\) closing seeing every card would win "
                  r"(\d+) % of (\d+) hands \(([-+]?\d\.\d\d) game points\), but the best plan "
                  r"wins only (\d+) % \(([-+]?\d\.\d\d)\), and (\d+) hands", doc)
    assert m is not None
    record, step, dd_pct, hands, dd_mean, pct, mean, guesses = m.groups()
    rec = list(islice(psn.read(ROOT / "records" / "heuristic-vs-heuristic.psn"),
                      int(record)))[-1]
    advice = advise(rec.positions()[int(step)])
    dd = advice.close_double_dummy
    assert (f"{100 * dd.win_chance:.0f}", str(advice.hands), f"{dd.mean:.2f}") == (
        dd_pct, hands, dd_mean)
    assert (f"{100 * advice.close.win_chance:.0f}", f"{advice.close.mean:.2f}") == (pct, mean)
    assert str(len(advice.guess_hands)) == guesses


# -- the notebooks -------------------------------------------------------------------------------

_FIGURE = re.compile(
    r"(?<![\w.,])[-−]?\d+(?:\.\d+)?%"                        # 65%
    r"|(?<![\w.,])[-−]?\d+\.\d+(?![\w.])"                     # 0.8
    r"|(?<![\w.,])\d+(?: \w+)? in \d{1,3}(?:,\d{3})*"          # 2 deals in 100, 20 in 5,000
    r"|(?<![\w.,])−\d+")                                      # −10
_CONSTANTS = {"95%", "1.96"}
"""Figures that are definitions, not data: the interval's level and its z."""


def _forms(figure: str) -> set[str]:
    """How a check cell may name a figure of the prose."""
    f = figure.replace("−", "-")
    m = re.fullmatch(r"(\d+)(?: \w+)? in ([\d,]+)", f)
    if m:
        n, d = int(m.group(1)), int(m.group(2).replace(",", ""))
        return {str(n), *(f"{n / d:.{k}f}".rstrip("0") for k in (1, 2, 3))}
    if f.endswith("%"):
        v = float(f[:-1]) / 100
        return {f[:-1], *(f"{v:.{k}f}".rstrip("0").rstrip(".") for k in (1, 2, 3))}
    return {f}


def _unchecked(cells: list[dict[str, object]]) -> list[tuple[int, str]]:
    out = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        prose = re.sub(r"`[^`]*`", "", "".join(cell["source"]))  # type: ignore[arg-type]
        figures = [f for f in _FIGURE.findall(prose) if f not in _CONSTANTS]
        if not figures:
            continue
        nxt = next((c for c in cells[i + 1:] if c["cell_type"] == "code"), None)
        code = "".join(nxt["source"]) if nxt is not None else ""  # type: ignore[arg-type]
        checks = "\n".join(line for line in code.splitlines() if "assert" in line)
        for f in figures:
            if not any(re.search(rf"(?<![\w.]){re.escape(x)}(?![\w])", checks)
                       for x in _forms(f)):
                out.append((i, f))
    return out


@pytest.mark.parametrize("path", shipped_notebooks(), ids=lambda p: p.name)
def test_every_figure_of_a_notebook_is_checked(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert _unchecked(cells) == [], f"{path.name}: figures no assert checks"


def test_an_unchecked_figure_is_found() -> None:
    cells = [{"cell_type": "markdown", "source": ["Forehand wins 65% and 0.8 game points."]},
             {"cell_type": "code", "source": ["assert round(x, 2) == 0.65"]}]
    assert _unchecked(cells) == [(0, "0.8")]
    cells[1]["source"] = ["assert round(x, 2) == 0.65 and round(y, 1) == 0.8"]
    assert _unchecked(cells) == []


# -- docs/review.md and the README: the expert against the public MCTS bot ----------------------

HISTORY = ROOT / "benchmarks" / "results" / "vs_mcts-history.md"
_RUN = re.compile(r"^\|[^\n]*\| \**(\d+) of (\d+)\** \| \**(\d+\.\d) % \((\d+\.\d) % \.\. "
                  r"(\d+\.\d) %\)\** \|$", re.M)


def _versus_mcts() -> str:
    doc = (DOCS / "review.md").read_text(encoding="utf-8")
    return doc.split("**Against the public MCTS bot.**", 1)[1]


def test_the_experts_strength_is_every_run_at_its_settings_pooled() -> None:
    """docs/review.md gives the ``expert``'s strength against the public bot as every run
    at its final settings (seed 2038's 165 of 300, the independent 60 of 120) and their
    pool, each share and 95 % Wilson interval as the counts give them; it says "about
    even" and names the seeds that chose settings apart. The README's sentence quotes the
    pool, not the best run (it said "a little ahead ...: 165 of 300 (55 %)")."""
    from schnapsen_lab.stats.tables import wilson

    section = _versus_mcts()
    rows = [(int(k), int(n), p, lo, hi) for k, n, p, lo, hi in _RUN.findall(section)]
    assert [(k, n) for k, n, *_ in rows] == [(165, 300), (60, 120), (225, 420)]
    for k, n, p, lo, hi in rows:
        low, high = wilson(k, n)
        assert (p, lo, hi) == (f"{100 * k / n:.1f}", f"{100 * low:.1f}", f"{100 * high:.1f}")
    flat = " ".join(section.split())
    assert "**about even with the public bot**" in flat
    assert "*Selection runs*" in flat and "*Measuring runs* at the final settings" in flat
    for seed in (2026, 2027, 2028, 2029, 2030, 2031, 2033, 2034, 2035, 2037, 2038):
        assert str(seed) in flat.split("*Selection runs*")[1].split("*Measuring runs*")[0]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    k, n, p, lo, hi = rows[-1]
    assert (f"about even with the best public Schnapsen bot: {k} of {n} Bummerls against it "
            f"({p} %, 95 % interval {lo}-{hi} %)") in readme
    assert "60 of 120 (50.0 %)" in readme
    assert "a little ahead" not in readme and "165 of 300" not in readme


def test_the_head_to_head_history_is_kept_in_benchmarks() -> None:
    """The run-by-run record of the head-to-head (some 660 of docs/review.md's 1,095 lines)
    is kept in benchmarks/results/vs_mcts-history.md; the docs keep what holds now and
    point to it."""
    doc = (DOCS / "review.md").read_text(encoding="utf-8")
    history = HISTORY.read_text(encoding="utf-8")
    assert len(doc.splitlines()) < 550
    assert "of seed 20" not in doc and history.count("of seed 20") >= 20
    assert "benchmarks/results/vs_mcts-history.md" in doc
    for run in ("**Closing freely with 4 cards in the talon too (`free_closing=4`): 165 of 300",
                "**The `expert` on a second fresh seed: 52.3 %, and 53.7 % over both.**",
                "**All three models on the strong player.**"):
        assert run in history and run not in doc
    assert "60 of 120 Bummerls, 50.0 % (95 % Wilson 41.2 % .. 58.8 %)" in history
