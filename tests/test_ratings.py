"""Ratings of a collection's players (openskill), the round-robin collection, the plots of
ratings and of the equity table, and `stats --ratings`."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("openskill")

from schnapsen_lab import equity, psn  # noqa: E402
from schnapsen_lab.cli import main  # noqa: E402
from schnapsen_lab.games.twohand.rules import SOFT  # noqa: E402
from schnapsen_lab.simulate import simulate_psn  # noqa: E402
from schnapsen_lab.stats import (  # noqa: E402
    RATING_COLUMNS,
    deals_frame,
    matches_frame,
    rating_history,
    ratings,
)

from .conftest import ROOT  # noqa: E402

ROUND_ROBIN = ROOT / "records" / "round-robin"
PAIRINGS = {frozenset(p) for p in (("strong", "heuristic"), ("strong", "random"),
                                   ("heuristic", "random"))}


def _games(rows: list[tuple[str, str, str | None]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["player_a", "player_b", "winner"])


# -- the rating function -------------------------------------------------------------------------

def test_ratings_order_by_results() -> None:
    rows: list[tuple[str, str, str | None]] = []
    for k in range(30):  # Ann beats Bo, Bo beats Cy, Ann beats Cy, seats swapped
        rows += [("Ann", "Bo", "A"), ("Bo", "Cy", "A"), ("Cy", "Ann", "B")]
        if k % 5 == 0:
            rows += [("Bo", "Ann", "A"), ("Cy", "Bo", "A")]  # upsets now and then
    t = ratings(_games(rows))
    assert list(t.columns) == [c[0] for c in RATING_COLUMNS]
    assert list(t["player"]) == ["Ann", "Bo", "Cy"]
    assert list(t["rating"]) == sorted(t["rating"], reverse=True)
    assert (t["low"] < t["rating"]).all() and (t["rating"] < t["high"]).all()
    assert t["high"].iloc[1] < t["low"].iloc[0]  # Ann is clearly ahead of Bo
    assert t.set_index("player")["games"].to_dict() == {"Ann": 66, "Bo": 72, "Cy": 66}
    assert t.set_index("player")["wins"].to_dict() == {"Ann": 60, "Bo": 36, "Cy": 6}


def test_ratings_swap_with_the_results() -> None:
    won_by_a = ratings(_games([("Ann", "Bo", "A")] * 10)).set_index("player")["rating"]
    won_by_b = ratings(_games([("Ann", "Bo", "B")] * 10)).set_index("player")["rating"]
    assert won_by_a["Ann"] > won_by_a["Bo"]
    assert won_by_b["Bo"] > won_by_b["Ann"]
    assert won_by_a["Ann"] == pytest.approx(won_by_b["Bo"])


def test_undecided_games_and_self_play_are_not_rated() -> None:
    t = ratings(_games([("Ann", "Bo", None), ("Ann", "Ann", "A"), ("Bo", "Cy", "B"),
                        ("Bo", "Cy", float("nan"))]))  # type: ignore[list-item]
    assert sorted(t["player"]) == ["Bo", "Cy"]
    assert t["games"].tolist() == [1, 1]
    assert ratings(_games([])).empty
    with pytest.raises(ValueError, match="missing column: winner"):
        ratings(pd.DataFrame({"player_a": ["x"], "player_b": ["y"]}))


def test_history_follows_the_collection() -> None:
    rows = [("Ann", "Bo", "A"), ("Bo", "Cy", "B"), ("Ann", "Cy", "A")]
    h = rating_history(_games(rows))
    assert h["game"].tolist() == [1, 1, 2, 2, 3, 3]
    assert h["player"].tolist() == ["Ann", "Bo", "Bo", "Cy", "Ann", "Cy"]
    final = h.groupby("player").tail(1).set_index("player")["rating"]
    t = ratings(_games(rows)).set_index("player")["rating"]
    assert final.to_dict() == pytest.approx(t.to_dict())
    # the first game moves both players away from the same start
    assert h["rating"].iloc[0] > h["rating"].iloc[1]
    assert (h["low"] < h["high"]).all()


def test_a_model_can_be_given() -> None:
    from openskill.models import BradleyTerryFull

    rows = [("Ann", "Bo", "A")] * 5
    default = ratings(_games(rows))
    bt = ratings(_games(rows), model=BradleyTerryFull(mu=1500, sigma=500))
    assert bt["rating"].iloc[0] > 1500 > bt["rating"].iloc[1]
    assert default["rating"].iloc[0] < 100


# -- the bundled round-robin collection ----------------------------------------------------------

def _readme_commands() -> dict[str, list[str]]:
    text = (ROOT / "records" / "README.md").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip().strip("`")
        if line.startswith("schnapsen-lab simulate") and "round-robin/" in line:
            args = shlex.split(line)[1:]
            out[Path(args[args.index("-o") + 1]).name] = args
    return out


def test_round_robin_files_and_their_commands() -> None:
    files = sorted(ROUND_ROBIN.glob("*.psn"))
    commands = _readme_commands()
    assert sorted(commands) == [p.name for p in files] and len(files) == 6
    meetings: dict[frozenset[str], int] = {}
    seats: set[tuple[str, str]] = set()
    for path in files:
        args = commands[path.name]
        pa, pb = args[args.index("--players") + 1].split(",")
        assert path.name == f"{pa}-{pb}.psn"
        records = list(psn.read(path))
        assert all(r.ok for r in records)
        assert {(r.tags["PlayerA"], r.tags["PlayerB"]) for r in records} == {(pa, pb)}
        n = len({r.tags["Match"] for r in records})
        assert n == int(args[args.index("--matches") + 1])
        meetings[frozenset((pa, pb))] = meetings.get(frozenset((pa, pb)), 0) + n
        seats.add((pa, pb))
    assert set(meetings) == PAIRINGS and min(meetings.values()) >= 100
    assert all((b, a) in seats for a, b in seats)  # seats swapped in every pairing


def test_round_robin_regenerates_byte_for_byte() -> None:
    """The fast pairing in full; the strong player's files by their first Bummerl (its
    decks and play are those of the whole file's first match)."""
    for path in sorted(ROUND_ROBIN.glob("*.psn")):
        args = _readme_commands()[path.name]
        pa, pb = args[args.index("--players") + 1].split(",")
        seed = int(args[args.index("--seed") + 1])
        assert args[args.index("--rules") + 1] == "soft"
        total = int(args[args.index("--matches") + 1])
        n = 1 if "strong" in (pa, pb) else total
        text = "\n".join(simulate_psn((pa, pb), n, seed, SOFT, jobs=2))
        data = path.read_bytes().decode("utf-8")
        if n == total:
            assert data == text
        else:
            assert data.startswith(text + "\n") and len(data) > len(text) + 100


def test_round_robin_ratings_order() -> None:
    bummerls = matches_frame(deals_frame(sorted(ROUND_ROBIN.glob("*.psn"))))
    assert bummerls["complete"].all() and len(bummerls) >= 300
    t = ratings(bummerls)
    assert t["player"].tolist() == ["strong", "heuristic", "random"]
    rated = t.set_index("player")
    assert rated.loc["random", "high"] < rated.loc["heuristic", "low"]
    per_deal = ratings(deals_frame(sorted(ROUND_ROBIN.glob("*.psn"))))
    assert per_deal["player"].tolist() == ["strong", "heuristic", "random"]
    assert (per_deal["games"] > t["games"]).all()


# -- the command ---------------------------------------------------------------------------------

@pytest.mark.parametrize("by", ["bummerl", "deal"])
def test_cli_ratings(by: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ratings.csv"
    files = [str(p) for p in sorted(ROUND_ROBIN.glob("*.psn"))]
    assert main(["stats", *files, "-q", "--ratings", str(out), "--ratings-by", by]) == 0
    text = capsys.readouterr().out
    assert f"ratings by {by}" in text and f"wrote 3 ratings to {out}" in text
    got = pd.read_csv(out)
    assert got["player"].tolist() == ["strong", "heuristic", "random"]
    games = matches_frame(files) if by == "bummerl" else deals_frame(files)
    want = ratings(games)
    assert got["rating"].to_numpy() == pytest.approx(want["rating"].to_numpy())
    assert got["games"].tolist() == want["games"].tolist()


def test_cli_ratings_bad_output(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in sorted(ROUND_ROBIN.glob("*.psn"))][:1]
    assert main(["stats", *files, "-q", "--ratings", "ratings.txt"]) == 2
    err = capsys.readouterr().err
    assert "ratings.txt" in err and len(err.strip().splitlines()) == 1


# -- plots ---------------------------------------------------------------------------------------

def test_equity_and_rating_plots() -> None:
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    from schnapsen_lab.stats import plots

    t = equity.table("soft")
    for i_deal in (True, False):
        fig, ax = plt.subplots()
        assert plots.equity_table(t, ax=ax, i_deal=i_deal) is ax
        assert ax.get_title().startswith(f"Chance to win the Bummerl, "
                                         f"{'I' if i_deal else 'they'} deal next")
        assert ax.get_xlabel() and ax.get_ylabel()
        cells = [x.get_text() for x in ax.texts]
        assert len(cells) == 49
        assert cells[0] == f"{t.equity(7, 7, i_deal):.0%}"  # top left: the start
        assert cells[6] == f"{t.equity(7, 1, i_deal):.0%}"  # they need one more
        assert cells[42] == f"{t.equity(1, 7, i_deal):.0%}"
        plt.close(fig)
    rows = [("Ann", "Bo", "A"), ("Bo", "Cy", "B"), ("Ann", "Cy", "A")]
    fig, ax = plt.subplots()
    assert plots.plot_ratings(rating_history(_games(rows)), ax=ax) is ax
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert sorted(line.get_label() for line in ax.get_lines()) == ["Ann", "Bo", "Cy"]
    plt.close("all")
