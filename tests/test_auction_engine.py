"""The engine the games with calls share (games/auction: solver, worlds, strong player):
Bauernschnapsen's strong player chooses exactly as it did before the engine moved out
of its package, and the old import paths still give the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from schnapsen_lab.games.auction import solver as auction_solver
from schnapsen_lab.games.auction import strong as auction_strong
from schnapsen_lab.games.bauern import solver as bauern_solver
from schnapsen_lab.games.bauern import strong as bauern_strong
from schnapsen_lab.games.bauern.knowledge import view
from schnapsen_lab.games.bauern.rules import PROFILES, Position, parse_action
from schnapsen_lab.games.bauern.strong import StrongBauernPlayer

CASES = json.loads((Path(__file__).parent / "data" / "bauern_strong_choices.json")
                   .read_text(encoding="utf-8"))
"""Positions of heuristic self-play (profile, deck, dealer, actions so far) with the
strong player's choice, nodes and worlds there (seed = the step, samples 0.3, 20,000
nodes), recorded with the player as it was before the engine moved (commit 0552ead)."""


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{len(c[3])}")
def test_the_strong_bauern_player_chooses_as_before(case: list[object]) -> None:
    profile, deck, dealer, tokens, chosen, nodes, worlds = case
    pos = Position.deal(deck, dealer, PROFILES[profile])  # type: ignore[arg-type, index]
    for t in tokens:  # type: ignore[attr-defined]
        pos = pos.play(parse_action(t))
    p = StrongBauernPlayer(seed=len(tokens), samples=0.3,  # type: ignore[arg-type]
                           nodes=20_000)
    a = p.act(view(pos, pos.turn), random.Random(0))
    assert (str(a), p.last_nodes, p.last_worlds) == (chosen, nodes, worlds)


def test_the_old_paths_give_the_familys_engine() -> None:
    assert bauern_solver.Deal4 is auction_solver.Deal
    assert bauern_solver.solve is auction_solver.solve
    assert bauern_strong.BauernDecision is auction_strong.AuctionDecision
    assert issubclass(StrongBauernPlayer, auction_strong.StrongAuctionPlayer)
