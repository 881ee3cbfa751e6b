"""The statistics plots say what they show: error bars named, values on the bars, one bar
a collection where asked, failed closings apart from the last trick (issue 13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pd = pytest.importorskip("pandas")
mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from schnapsen_lab.stats import deals_frame, players_frame, plots, tables  # noqa: E402

from .conftest import ROOT  # noqa: E402

FILES = [ROOT / "records" / "heuristic-vs-random.psn",
         ROOT / "records" / "strict-heuristic-vs-random.psn"]


@pytest.fixture(scope="module")
def deals() -> Any:
    d = deals_frame(FILES)
    d["collection"] = d["file"].map(lambda f: Path(str(f)).stem).astype("category")
    return d


def _texts(ax: Any) -> list[str]:
    return [t.get_text() for t in ax.texts]


def _legend(ax: Any) -> list[str]:
    legend = ax.get_legend()
    return [t.get_text() for t in legend.get_texts()] if legend is not None else []


def test_forehand_one_bar_a_collection_with_its_value(deals: Any) -> None:
    fig, ax = plt.subplots()
    plots.plot_forehand(deals, ax=ax, by="collection")
    bars = ax.patches
    assert len(bars) == 2  # the forehand's share only: the dealer's is the rest
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert any("heuristic-vs-random" in x for x in labels)
    assert any("strict-heuristic-vs-random" in x for x in labels)
    for (name, g), bar in zip(deals.groupby("collection", observed=True), bars, strict=True):
        rate = tables.forehand_table(g).set_index("role").loc["forehand", "rate"]
        assert bar.get_height() == pytest.approx(rate)
        assert f"{rate:.0%}" in _texts(ax), name
    assert any("95% Wilson interval" in t for t in _legend(ax))
    plt.close(fig)


def test_small_rates_are_labelled(deals: Any) -> None:
    fig, ax = plt.subplots()
    players = players_frame(deals[deals["collection"] == "heuristic-vs-random"])
    plots.plot_player_win_rates(players, ax=ax, what="bummerl")
    rand = players.set_index("player").loc["random"]
    rate = rand["bummerl_wins"] / rand["matches_complete"]
    assert rate < 0.1
    assert f"{rate:.1%}" in _texts(ax)  # a bar too short to see still shows its value
    assert any("95% Wilson interval" in t for t in _legend(ax))
    plt.close(fig)


def test_win_rates_by_collection(deals: Any) -> None:
    frames = []
    for name, g in deals.groupby("collection", observed=True):
        p = players_frame(g)
        p["collection"] = name
        frames.append(p)
    players = pd.concat(frames, ignore_index=True)
    fig, ax = plt.subplots()
    plots.plot_player_win_rates(players, ax=ax, what="bummerl", by="collection")
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert "strict-heuristic-vs-random: heuristic" in labels and len(labels) == 4
    plt.close(fig)


def test_failed_closings_stand_apart_from_the_last_trick(deals: Any) -> None:
    fin = deals[deals["winner"].notna()]
    failed = fin[(fin["end"].astype(str) == "last_trick") & (fin["rule"].astype(str) == "C3")]
    plain = fin[(fin["end"].astype(str) == "last_trick") & (fin["rule"].astype(str) == "G3")]
    assert len(failed) and len(plain)
    assert set(plain["game_points"].astype(int)) == {1}  # G3 is always 1
    fig, ax = plt.subplots()
    plots.plot_points_by_end(deals, ax=ax)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert any(x.startswith("failed closing") for x in labels)
    col = labels.index(next(x for x in labels if x.startswith("failed closing")))
    last = labels.index("last trick")
    heights: dict[tuple[int, int], float] = {}
    for gp, container in zip((1, 2, 3), ax.containers, strict=True):
        for x, bar in enumerate(container):
            heights[(x, gp)] = bar.get_height()
    assert heights[(last, 2)] == heights[(last, 3)] == 0  # the last trick alone gives 1
    for gp in (2, 3):
        assert heights[(col, gp)] == int((failed["game_points"].astype(int) == gp).sum())
    plt.close(fig)


def test_marriages_and_closing_per_collection(deals: Any) -> None:
    for plot in (plots.plot_marriages, plots.plot_closing_by_talon):
        fig, ax = plt.subplots()
        plot(deals, ax=ax, by="collection")
        legend = _legend(ax)
        assert "heuristic-vs-random" in legend and "strict-heuristic-vs-random" in legend
        assert any("95% Wilson interval" in t for t in legend)
        assert len(ax.texts) >= len(ax.get_xticks())  # the values are written
        plt.close(fig)
