"""How much the card a player leads (or answers) says about his hand: the calibration of
the strong player's ``lead_weight`` (:class:`schnapsen_lab.players.strong.StrongPlayer`).

    python -O benchmarks/lead_model.py --players heuristic strong [--deals N]
    python -O benchmarks/lead_model.py --mcts-repo DIR [--bummerls N]

At every lead made while the talon is open, the lead is judged with every card known
(:func:`schnapsen_lab.players.strong.lead_losses`: the game points it gave away against
the best card or marriage its leader could have led), once in the true deal and once in
each of ``--worlds`` worlds drawn from what the follower sees. If the lead said nothing
about the leader's hand, the losses would be spread alike in both. The ratio of the two
shares, per loss, is how much more (or less) likely a world is made by a lead that lost
that much; the line "gave points away" pools every loss above 0 against a best lead (a
95 % interval by the delta method on the log of the ratio), which is the step
``lead_weight`` models. The answers to a lead (the follower's card, judged against his
best card in worlds drawn from what the leader sees) are studied the same way: the
player does not read them yet, and the figures say how much they would tell.

``--players`` studies our own players in self-play (the leader and the follower alike),
``--deals`` deals each. ``--mcts-repo`` studies the leads of the public MCTS bot against
our heuristic player, through :mod:`vs_mcts`'s harness (see there for building the bot;
``python -O`` is needed), ``--bummerls`` Bummerls of seed 77.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.rules import SOFT, Action, ActionKind, Position
from schnapsen_lab.games.twohand.selfplay import play_deal
from schnapsen_lab.players.registry import make_player
from schnapsen_lab.players.strong import lead_losses
from schnapsen_lab.solver.api import action_values
from schnapsen_lab.worlds import position_from_view, sample_worlds_hidden

LEADS = (ActionKind.PLAY, ActionKind.MARRIAGE)


def answer_loss(w: Position, chosen: Action) -> int | None:
    """The game points the follower gives away in ``w`` (a lead on the table, every card
    known) by answering ``chosen`` rather than his best card; None where the leader's
    marriage has reached 66 (the solver counts his claim as made)."""
    values = action_values(w)
    if chosen not in values:
        return None
    sign = 1 if w.to_move == 0 else -1
    cards = [sign * v for a, v in values.items() if a.kind is ActionKind.PLAY]
    return max(cards) - sign * values[chosen]


class Study:
    """The losses of the leads (and the answers) seen so far, in the true deal and in
    sampled worlds, by kind: ``"lead"`` and ``"answer"``."""

    def __init__(self, worlds: int, seed: int = 99) -> None:
        self.worlds = worlds
        self.rng = random.Random(seed)
        self.true: dict[str, Counter[int]] = {"lead": Counter(), "answer": Counter()}
        self.sampled: dict[str, Counter[int]] = {"lead": Counter(), "answer": Counter()}

    def choice(self, pos: Position, chosen: Action) -> None:
        """Judge ``chosen`` at ``pos``, if it is a lead or an answer made while the talon
        is open."""
        if pos.closed_by >= 0 or pos.exhausted or pos.outcome is not None:
            return
        if pos.lead >= 0:
            loss = answer_loss(pos, chosen) if chosen.kind is ActionKind.PLAY else None
            if loss is not None:
                seen, h = position_from_view(view(pos, pos.leader), SOFT, None)
                self.true["answer"][loss] += 1
                for w in sample_worlds_hidden(seen, h, self.worlds, self.rng):
                    x = answer_loss(w, chosen)
                    if x is not None:
                        self.sampled["answer"][x] += 1
            return
        if chosen.kind not in LEADS:
            return
        after = pos.play(chosen)
        if after.outcome is not None or after.lead < 0:
            return  # a marriage that reached 66 ends the deal
        seen, h = position_from_view(view(after, 1 - after.leader), SOFT, None)
        self.true["lead"][lead_losses([after])[0]] += 1
        self.sampled["lead"].update(
            lead_losses(sample_worlds_hidden(seen, h, self.worlds, self.rng)))

    def report(self, title: str) -> None:
        for kind in ("lead", "answer"):
            true, sampled = self.true[kind], self.sampled[kind]
            nt, ns = sum(true.values()), sum(sampled.values())
            print(f"{title}: {nt} {kind}s, {ns} sampled worlds")
            if not nt or not ns:
                continue
            print(f"| game points the {kind} gave away | true deal | sampled worlds | ratio |")
            print("|---|---|---|---|")
            for x in sorted(set(true) | set(sampled)):
                pt, ps = true[x] / nt, sampled[x] / ns
                ratio = f"{pt / ps:.2f}" if ps else "-"
                print(f"| {x} | {pt:.3f} ({true[x]}) | {ps:.3f} | {ratio} |")
            print(f"gave points away, against a best {kind}: " + pooled(true, sampled))


def pooled(true: Counter[int], sampled: Counter[int]) -> str:
    """How likely a lead that gave points away makes a world, against a best lead: the
    ratio of the true deal's odds of a loss to the sampled worlds', with its 95 % interval
    (delta method on the log, the true deals' counts being the scarce ones)."""
    t_lost, t_best = sum(v for k, v in true.items() if k > 0), true[0]
    s_lost, s_best = sum(v for k, v in sampled.items() if k > 0), sampled[0]
    if not (t_lost and t_best and s_lost and s_best):
        return "too few leads"
    ratio = (t_lost / t_best) / (s_lost / s_best)
    se = math.sqrt(1 / t_lost + 1 / t_best + 1 / s_lost + 1 / s_best)
    lo, hi = ratio * math.exp(-1.96 * se), ratio * math.exp(1.96 * se)
    return f"{ratio:.2f} (95 % {lo:.2f}-{hi:.2f})"


def self_play(name: str, deals: int, study: Study) -> None:
    """``deals`` deals of player ``name`` against itself, every lead studied."""
    for k in range(deals):
        deck = list(range(20))
        random.Random(f"lead-model/{k}").shuffle(deck)
        played = play_deal([make_player(name), make_player(name)], deck, k % 2,
                           rngs=(random.Random(2 * k), random.Random(2 * k + 1)))
        pos = Position.deal(deck, k % 2)
        for a in played.actions:
            study.choice(pos, a)
            pos = pos.play(a)


def against_mcts(repo: Path, bummerls: int, study: Study) -> None:
    """The MCTS bot's leads in ``bummerls`` Bummerls against our heuristic player."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import vs_mcts

    class Watching(vs_mcts.Harness):
        def watch(self, pos: Position, chosen: Action) -> None:
            study.choice(pos, chosen)

    m: Any = vs_mcts.load_mcts(repo.resolve())
    h = Watching(m, "heuristic", 77)
    for k in range(1, bummerls + 1):
        h.bummerl(k)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", nargs="*", default=[], help="our players, in self-play")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--mcts-repo", type=Path, help="the MCTS bot's built checkout")
    ap.add_argument("--bummerls", type=int, default=12)
    ap.add_argument("--worlds", type=int, default=20, help="worlds sampled a lead")
    a = ap.parse_args(argv)
    if not a.players and a.mcts_repo is None:
        ap.error("name --players or --mcts-repo")
    for name in a.players:
        study = Study(a.worlds)
        self_play(name, a.deals, study)
        study.report(f"{name} against itself, {a.deals} deals")
    if a.mcts_repo is not None:
        if not sys.flags.optimize:
            ap.error("run under python -O, as the MCTS bot's app does")
        study = Study(a.worlds)
        against_mcts(a.mcts_repo, a.bummerls, study)
        study.report(f"the MCTS bot against our heuristic player, {a.bummerls} Bummerls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
