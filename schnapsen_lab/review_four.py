"""Review of a deal with a round of calls, four players (Bauernschnapsen) or three
(Dreierschnapsen): every decision of each seat judged from that seat's knowledge
(BAUERN.md BW1, BW2; DREIER.md 3W1), as :mod:`schnapsen_lab.review` does for two players.

For each decision (the seat to act had more than one legal choice; or its side could
claim) the review samples worlds consistent with the seat's view at that moment
(the game's strong player's :meth:`~.games.auction.strong.StrongAuctionPlayer.sample`:
for three players consistent with the calls too), values every choice in each world with
the family's solver (:mod:`~.games.auction.solver`, the players of a side playing
together), and averages: the *expected game points* of each choice for the seat's side.
What a game gives its review is a :class:`SeatsReview` (:data:`REVIEWS`, by the
referee's position class). What is valued, by kind:

- ``trump``: naming each suit it may or turning up its fourth card (the normal game with
  that trump, or forehand's Schnapser where that is worth more; as the strong player
  values it, :meth:`~.games.auction.strong.StrongAuctionPlayer.trump_values`);
- ``call``: weiter, spritze and each contract, the seats still to speak saying weiter;
- ``card`` and ``marriage``: every legal card and marriage lead; where the side may
  claim before the lead, the claim ``66`` too;
- ``claim``: after a marriage announcement or the last trick, ``66`` against declining
  (``-``).

The called partner (BC1) and the lay-away (3T1) are not reviewed. The best choice is
the one with the highest mean; the *loss* of the choice made is the best mean minus its
mean, in game points for the seat's side; the classes are the two-player review's
(:func:`schnapsen_lab.review.judge`: ?! from 0.25, ? from 0.5, ?? from 1 game point), and
so is the accuracy. Sampling is
reproducible: decision ``k`` draws its worlds from a generator seeded with ``(seed, k)``.
The JSON form (:meth:`FourReview.to_dict`) is documented in docs/bauern.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .games.auction.rules import CLAIM, Action, AuctionPosition, Kind, Phase
from .games.auction.solver import solve
from .games.auction.strong import NODE_BUDGET, StrongAuctionPlayer, _mean, _sign
from .games.bauern import knowledge as bauern_knowledge
from .games.bauern.rules import SEATS as BAUERN_SEATS
from .games.bauern.rules import Position as BauernPosition
from .games.bauern.strong import StrongBauernPlayer
from .games.dreier import players as dreier_players
from .games.dreier.rules import SEATS as DREIER_SEATS
from .games.dreier.rules import Position as DreierPosition
from .games.dreier.strong import StrongDreierPlayer
from .notation import text_with_cards
from .review import Judgement, accuracy_of, judge

__all__ = [
    "DECLINE",
    "DEFAULT_SAMPLES",
    "REVIEWS",
    "FourDecision",
    "FourReview",
    "Option",
    "SeatsReview",
    "review_deal",
    "review_record",
]

DEFAULT_SAMPLES = 40
"""Worlds sampled a decision by default."""
DECLINE = "-"
"""The token of declining a claim."""
REVIEW_NODES = 3 * NODE_BUDGET
"""Search nodes one decision's choices may expand together, over all its worlds (the
strong player's budget three times: about 1.5 s at most): a world the budget stops is
dropped, every choice is valued in the worlds finished (:attr:`FourDecision.worlds`);
counted, so the review is the same on every machine."""



def _bauern_player(budget: float, nodes: int) -> StrongAuctionPlayer:
    return StrongBauernPlayer(budget=budget, nodes=nodes)


def _dreier_player(budget: float, nodes: int) -> StrongAuctionPlayer:
    return StrongDreierPlayer(budget=budget, nodes=nodes)


@dataclass(frozen=True, slots=True)
class SeatsReview:
    """What a game with calls gives its review: its Variant tag, its seats, a seat's view
    (``view(pos, seat, legal)``), its strong player (``player(budget, nodes)``: worlds,
    values, sides) and the phases of its own steps that are not reviewed."""

    variant: str
    seats: tuple[Any, ...]
    view: Callable[..., Any]
    player: Callable[[float, int], StrongAuctionPlayer]
    skipped: frozenset[Phase]


REVIEWS: dict[type, SeatsReview] = {
    BauernPosition: SeatsReview("bauern", BAUERN_SEATS, bauern_knowledge.view,
                                _bauern_player, frozenset({Phase.PARTNER})),
    DreierPosition: SeatsReview("dreier", DREIER_SEATS, dreier_players.view,
                                _dreier_player, frozenset({Phase.TALON})),
}
"""Each game's review, by the class of its referee's positions."""


_PLAYERS = {3: "three-player", 4: "four-player"}


def _kit(pos: AuctionPosition) -> SeatsReview:
    return REVIEWS[type(pos)]


_KINDS = {Kind.TRUMP: "trump", Kind.CALL: "call", Kind.PLAY: "card",
          Kind.MARRIAGE: "marriage", Kind.CLAIM: "claim"}


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a decision and its mean game points for the seat's side."""

    token: str
    mean: float


@dataclass(frozen=True, slots=True)
class FourDecision:
    """One reviewed decision: at the position after ``step`` actions, ``seat`` chose
    ``played`` (a token; ``-`` for a declined claim) among ``options`` (best first)."""

    step: int
    seat: Any
    kind: str
    played: str
    options: tuple[Option, ...]
    worlds: int

    @property
    def best(self) -> Option:
        """The option with the highest mean."""
        return self.options[0]

    @property
    def played_option(self) -> Option:
        """The option that was chosen."""
        return next(o for o in self.options if o.token == self.played)

    @property
    def loss(self) -> float:
        """The best mean minus the chosen option's (game points for the seat's side)."""
        return max(0.0, self.best.mean - self.played_option.mean)

    @property
    def judgement(self) -> Judgement:
        """The class of the loss (best, ?!, ?, ??)."""
        return judge(self.loss)

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON data (docs/bauern.md)."""
        j = self.judgement
        return {"step": self.step, "seat": str(self.seat), "kind": self.kind,
                "played": self.played, "best": self.best.token,
                "value": round(self.best.mean, 4), "loss": round(self.loss, 4),
                "class": j.value, "glyph": j.glyph, "worlds": self.worlds,
                "options": [{"action": o.token, "mean": round(o.mean, 4)}
                            for o in self.options]}


@dataclass(frozen=True, slots=True)
class FourReview:
    """Every reviewed decision of a deal, in order, with the settings used."""

    decisions: tuple[FourDecision, ...]
    samples: int
    seed: int
    variant: str = "bauern"
    seats: tuple[Any, ...] = BAUERN_SEATS

    def of(self, seat: Any) -> list[FourDecision]:
        """The decisions of one seat."""
        return [d for d in self.decisions if d.seat == int(seat)]

    def summary(self, seat: Any) -> dict[str, Any]:
        """One seat's figures: decisions, accuracy (mean, per cent), counts of each
        class, average loss."""
        ds = self.of(seat)
        counts = {j.value: sum(1 for d in ds if d.judgement is j) for j in Judgement}
        return {"seat": str(self.seats[int(seat)]), "decisions": len(ds),
                "accuracy": round(_mean([accuracy_of(d.loss) for d in ds]), 2) if ds
                else 100.0,
                "average_loss": round(_mean([d.loss for d in ds]), 4),
                "counts": counts}

    @property
    def worst(self) -> FourDecision | None:
        """The decision that lost the most (the first of equal losses), if any lost."""
        if not self.decisions:
            return None
        d = max(self.decisions, key=lambda x: x.loss)
        return d if d.loss > 0 else None

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON data (docs/bauern.md)."""
        return {"variant": self.variant, "samples": self.samples, "seed": self.seed,
                "decisions": [d.to_dict() for d in self.decisions],
                "players": [self.summary(s) for s in self.seats]}


def _claim_values(player: StrongAuctionPlayer, v: Any, worlds: Sequence[tuple[int, ...]],
                  me: int) -> tuple[float, float]:
    """The mean game points for the seat's side of claiming now and of declining."""
    claim: list[float] = []
    decline: list[float] = []
    for hands in worlds:
        st = player.play_state(v, hands)
        sign = _sign(st.side, me)
        s = st.side[me]
        if st.side_score(s) >= 66:
            claim.append(sign * st.claim_value(s))
        else:  # a false claim (BG2, 3G2): the other side scores 2, or 3 without a trick
            gp = 2 if st.side_tricks(1 - s) else 3
            claim.append(-float(gp * st.mult))
        decline.append(sign * solve(st) if st.tricks < st.deal_tricks else
                       sign * st.signed(st.side[st.leader], 1))
    return _mean(claim), _mean(decline)


def _claim_decision(pos: AuctionPosition, step: int, claimed: bool, samples: int,
                    rng: random.Random) -> FourDecision:
    """The claim question of the side that just announced a marriage or won the last
    trick: ``66`` against declining."""
    kit = _kit(pos)
    seat = pos.claim_seat
    v = kit.view(pos, seat, [CLAIM])
    player = kit.player(float("inf"), REVIEW_NODES)
    worlds = player.sample(v, samples, rng)
    c, d = _claim_values(player, v, worlds, seat)
    opts = sorted([Option("66", c), Option(DECLINE, d)], key=lambda o: -o.mean)
    return FourDecision(step, kit.seats[seat], "claim", "66" if claimed else DECLINE,
                        tuple(opts), len(worlds))


def _choice_decision(pos: AuctionPosition, step: int, action: Action, samples: int,
                     rng: random.Random) -> FourDecision | None:
    """The review of the seat to act choosing ``action`` at ``pos`` (trump, call, card,
    marriage, or the claim before its lead), or None when it had no choice."""
    kit = _kit(pos)
    legal = pos.legal_actions()
    if pos.phase in kit.skipped or len(legal) < 2:
        return None
    seat = pos.turn
    v = kit.view(pos, seat)
    player = kit.player(float("inf"), REVIEW_NODES)
    values: dict[Action, float]
    if pos.phase == Phase.TRUMP:
        values = player.trump_values(v, legal, rng, count=samples)
    elif pos.phase == Phase.AUCTION:
        values = player.call_values(v, legal, rng, count=samples)
    else:
        cards = [a for a in legal if a is not CLAIM]
        values = player.play_values(v, cards, rng, count=samples)
        if CLAIM in legal:
            worlds = player.sample(v, samples, rng)
            values[CLAIM] = _claim_values(player, v, worlds, seat)[0]
    finished = player.last_worlds
    if not finished:  # not one world within the budget: nothing to judge by
        return None
    opts = sorted((Option(str(a), m) for a, m in values.items()), key=lambda o: -o.mean)
    return FourDecision(step, kit.seats[seat], _KINDS[action.kind], str(action),
                        tuple(opts), finished)


def _claim_question(pos: AuctionPosition) -> bool:
    """Whether a side is asked whether it claims apart from the next lead: right after
    its marriage announcement, or after the last trick (BE2, BE5)."""
    if pos.phase == Phase.OVER:
        return CLAIM in pos.legal_actions()
    return bool(pos.phase == Phase.PLAY and pos.table and pos.lead_marriage
                and CLAIM in pos.legal_actions())


def review_deal(start: AuctionPosition, actions: Sequence[Action],
                samples: int = DEFAULT_SAMPLES,
                seed: int = 0, progress: Callable[[int, int], None] | None = None
                ) -> FourReview:
    """Review every decision of the deal from ``start`` through ``actions``; a claim
    not made where the side was asked (after its marriage, after the last trick) is
    reviewed as declining (``-``)."""
    out: list[FourDecision] = []
    pos = start
    n = len(actions)
    for k in range(n + 1):
        if progress is not None:
            progress(k, n)
        a = actions[k] if k < n else None
        rng = random.Random(f"{seed}/{k}")
        if _claim_question(pos):
            out.append(_claim_decision(pos, k, a is CLAIM, samples, rng))
            if a is CLAIM or a is None:
                pos = pos.play(a) if a is not None else pos
                continue
        if a is None:
            break
        d = _choice_decision(pos, k, a, samples, rng)
        if d is not None:
            out.append(d)
        pos = pos.play(a)
    kit = _kit(start)
    return FourReview(tuple(out), samples, seed, kit.variant, kit.seats)


def review_record(rec: Any, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None) -> FourReview:
    """Review the main line of a PSN record of a game with calls."""
    return review_deal(rec.start(), rec.actions, samples, seed, progress)


def format_review(review: FourReview, names: Sequence[str]) -> str:
    """The review as readable text: one line a decision (cards as printed), then each
    seat's summary."""
    lines = []
    for d in review.decisions:
        who = f"{names[d.seat]} ({d.seat})"
        best = ("" if d.judgement is Judgement.BEST
                else f"  best {text_with_cards(d.best.token)} {d.best.mean:+.2f}")
        loss = f"  loss {d.loss:.2f}" if d.loss >= 0.005 else ""
        played = text_with_cards(d.played) + d.judgement.glyph
        lines.append(f"step {d.step:>2} {who} {d.kind}: {played:<16} "
                     f"{d.played_option.mean:+.2f}{best}{loss}")
    for s in review.seats:
        p = review.summary(s)
        c = p["counts"]
        lines.append(f"{names[s]} ({s}): accuracy {p['accuracy']:.0f}% over "
                     f"{p['decisions']} decisions; ?! {c['inaccuracy']}, ? {c['mistake']}, "
                     f"?? {c['blunder']}; average loss {p['average_loss']:.2f}")
    return "\n".join(lines) + "\n"


def run_command(args: Any, rec: Any) -> int:
    """``schnapsen-lab review`` for a record of a game with calls
    (:mod:`schnapsen_lab.commands.review` hands it over): text, or ``--json``; exit 2
    with one line for what it cannot do. Every line is escaped
    (:func:`~schnapsen_lab.terminal.safe`): names and tags may hold control characters."""
    import json
    import sys

    from .terminal import safe, safe_json

    def fail(command: str, message: str) -> int:
        print(safe(f"schnapsen-lab {command}: {message}"), file=sys.stderr)
        return 2

    words = _PLAYERS.get(len(rec.game.seats), "this")
    if args.output:
        return fail("review", f"-o {args.output}: annotating a {words} record is not "
                    "available; use --json")
    if args.by == "equity":
        return fail("review", f"--by equity: the chance to win a {words} match is not "
                    "computed; classes are by game points")
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if samples < 1:
        return fail("review", f"--samples {samples}: give at least 1")
    if not rec.main_line_ok or rec.deck is None:
        why = rec.errors[0] if rec.errors else "no valid Deck"
        return fail("review", f"{args.file}: record {args.record} cannot be reviewed: {why}")
    review = review_record(rec, samples=samples, seed=args.seed)
    if args.json:
        d = review.to_dict()
        d["file"] = args.file
        d["record"] = args.record
        sys.stdout.write(safe_json(json.dumps(d)) + "\n")
    else:
        sys.stdout.write(safe(format_review(review, rec.player_names)))
    return 0
