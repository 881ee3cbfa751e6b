"""A strong player: perfect-information Monte Carlo on the exact solver, and plans that a
player can follow in the closed game.

While the talon is open, :class:`StrongPlayer` deals the cards it cannot see in
``samples`` ways consistent with its view (:mod:`schnapsen_lab.worlds`), solves every
world with all cards known (:mod:`schnapsen_lab.solver`), and takes the action with the
best average game points; between equal averages, the one that wins in more worlds, and
rather not closing.

Closing, and the closed game, are judged by what a player who cannot see the opponent's
hand is sure to achieve (:mod:`schnapsen_lab.solver.plan`): closing is worth the exact
expected game points of the best plan over every hand the opponent may hold (the opponent
answering as if he saw every card; over :data:`PLAN_HANDS` of them drawn at random where
more are possible, at the first two leads), compared with the sampled value of playing
on; once the talon is closed (by either player) it plays the first move of the best plan
against every hand it cannot rule out (or as many drawn). When the talon is exhausted it
sees every card (the one world left) and plays double-dummy. With ``plan=False`` it is
the earlier player, which judged closing and played closed games by perfect-information
Monte Carlo too.

It claims as soon as a claim is correct, and falsely only where its closed-game plan
says so (RULES.md C4: conceding 2 instead of losing 3). It remembers what
the opponent's answers to its leads under F2 showed (void in a suit, in trumps, or holding
no higher card). The rules profile and the closer's opponent's tricks and score at
closing (C2, C3) come with the view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import RANK_OF, SUIT_OF, Rank
from ..games.twohand import knowledge
from ..games.twohand.knowledge import View
from ..games.twohand.rules import CLAIM, CLOSE, Action, ActionKind, Position, Seat
from ..i18n import C_, N_, NP_, Plurals, Texts
from ..notation import action_text, cards_text
from ..numbers import format_numbers
from ..scope import analysis_refusal
from ..solver.api import default_solver
from ..solver.reference import claim_now
from ..worlds import (
    ActionEstimate,
    Estimate,
    HiddenCards,
    build_world,
    estimate,
    estimate_actions,
    opponent_hands,
    position_from_view,
    sample_worlds_hidden,
    side,
    world_action_values,
    world_action_values_within,
    world_count,
)
from .registry import register

__all__ = ["CLOSING_MARGIN", "DECISION_NODES", "DEFAULT_SAMPLES", "LONG_NODES", "LONG_TALON",
           "PLAN_BUDGET", "PLAN_HANDS", "PLAYOUT_WORLDS", "REPLY_TALON", "Decision", "MyLead",
           "StrongPlayer", "answer_loss", "answered_values", "before_answer", "before_lead",
           "close_call", "counted", "guessed_answer", "guessed_lead", "hands_to_plan",
           "lead_losses", "margin_values", "played_out_values", "replied_values", "resample",
           "solved_within", "sure_enough", "unannounced_partner"]

DEFAULT_SAMPLES = 30
"""Worlds a decision by default."""
PLAN_BUDGET = 3_000
"""Nodes the plan search may visit for one decision before it settles for the best plan
found so far (a player must answer in time)."""
PLAN_HANDS = 300
"""The most opponent hands a plan is searched against in one decision: where more are
possible (closing at the first two leads: 792 or 2,002 hands), that many are drawn at
random and the plan's value is a sampled estimate. A plan against 2,002 hands took a
minute and was still cut short by :data:`PLAN_BUDGET`; against 300 it takes well under
a second, exactly."""
CLOSING_MARGIN = 0.25
"""Closing is searched for a plan only when, over the sampled worlds, its double-dummy
value comes within this many game points of playing on (the plan is never worth more
than double dummy)."""

LAST_CLOSING_TALON = 2
"""The cards in the talon (the indicator counted) at the last chance to close: after the
next trick it is exhausted (``last_closing``, ``free_closing=2``)."""
REPLY_TALON = 8
"""The most cards the talon may hold for ``reply_worlds`` to judge a lead: with the full
talon (the deal's first lead) a world costs some ten times more (about 6 s a decision
at 60 worlds and 4 of his)."""

LONG_TALON = 10
"""The most cards the talon may hold (the indicator counted) for a decision's first look to
solve all its ``samples`` worlds: Schnapsen's talon never holds more (10 at the first
lead); Sechsundsechzig's holds 12 during the first trick, where one world takes some
fifteen times longer to solve and the worlds are solved only within :data:`LONG_NODES`."""
DECISION_NODES = 15_000_000
"""Search nodes the first look of a decision may spend on its worlds (some 1.2 s): the
worlds are solved in the order drawn until they have taken that many, a world that alone
would take more left out (:func:`solved_within`). Schnapsen's decisions stay well below
it (at most some 6 million nodes over its 30 worlds at the first lead);
Sechsundsechzig's at the second trick, with 10 cards in the talon, took up to 60 million."""
LONG_NODES = 2_000_000
"""Search nodes the first look of a decision may spend on its worlds with more than
:data:`LONG_TALON` cards in the talon (some 0.15 s): the worlds are solved in the order
drawn until they have taken that many (:func:`solved_within`). Over all 30 of them such a
decision took up to 270 million nodes (some 20 s) in Sechsundsechzig."""

PLAYOUT_WORLDS = 6
"""The worlds of his own each chooser's choices are made over in a playout
(``playout_talon``) when ``reply_worlds`` does not say."""

_SUIT = tuple(0b11111 << (5 * s) | 1 << (20 + s) for s in range(4))


def close_call(best: ActionEstimate, second: ActionEstimate) -> bool:
    """Whether ``best`` is not surely better than ``second`` over the same worlds: the
    mean of their paired differences is within its 95 % sampling error (two actions
    worth the same in every world are no close call: more worlds cannot separate them)."""
    d = [x - y for x, y in zip(best.values, second.values, strict=True)]
    if len(d) > 1 and len(set(d)) == 1:
        return False
    return estimate(d).low <= 0


def sure_enough(achieved: Sequence[float], close_share: int) -> bool:
    """Whether a closing plan with these results (game points, one an opponent hand) wins
    at least ``close_share`` percent of the hands (0: always)."""
    if close_share <= 0:
        return True
    if not achieved:
        return False
    return 100 * sum(1 for v in achieved if v > 0) >= close_share * len(achieved)


def unannounced_partner(v: View) -> int:
    """The partner card (a mask) of a king or queen the opponent has just led without
    announcing its marriage, where the profile lets that card announce it (M1) and the
    partner's place is unknown to the viewer; else 0. An announced marriage shows its
    partner (K2), so an unknown partner means none was announced."""
    if len(v.trick) != 1 or v.to_move != v.viewer or v.leader == v.viewer:
        return 0
    card = int(v.trick[0])
    rank = Rank(RANK_OF[card])
    if rank not in v.profile.marriage_ranks or rank not in (Rank.K, Rank.Q):
        return 0
    partner = 1 << (card + 1 if rank is Rank.K else card - 1)
    return partner if v.unknown & partner else 0


def before_lead(w: Position) -> Position | None:
    """``w`` as it was just before its leader led the card now on the table (a marriage
    announced with it taken back too; what the players have shown is left as it is, as
    it changes no card's value); None when no card is led."""
    c = w.lead
    if c < 0:
        return None
    me = w.leader
    p = w.copy()
    p.hands[me] |= 1 << c
    p.played &= ~(1 << c)
    p.lead = -1
    p.lead_marriage = False
    p.claim_by = me
    if w.lead_marriage:
        points = next((a.points for a in p.legal_actions()
                       if a.kind is ActionKind.MARRIAGE and a.card == c), 0)
        if p.tricks[me]:
            p.marriage_points[me] -= points
        else:
            p.pending[me] -= points
    return p


def solved_within(worlds: Sequence[Position], seat: Seat | int,
                  actions: Sequence[Action], nodes: int) -> tuple[list[Position],
                                                                   list[ActionEstimate]]:
    """The worlds of ``worlds`` solved within ``nodes`` search nodes (0: all of them), and
    each action's expected game points for ``seat`` over them, best first (as
    :func:`~schnapsen_lab.worlds.estimate_actions` gives them).

    The worlds are taken in order, each solved (every one of ``actions``, with every card
    known) unless that alone would take more than ``nodes`` (then it is left out), until
    those tried have used ``nodes`` and one is solved; while none is, each world left out
    doubles what the next may take, and the last is solved in full."""
    solver = default_solver()
    per: list[list[int]] = [[] for _ in actions]
    taken: list[Position] = []
    used = 0
    cap = nodes
    for i, w in enumerate(worlds):
        if nodes and used >= nodes and taken:
            break
        start = solver.nodes
        last = i == len(worlds) - 1 and not taken
        values = world_action_values_within(w, actions, 0 if last else cap)
        used += solver.nodes - start
        if values is None:
            if not taken:
                cap *= 2
            continue
        taken.append(w)
        for j, v in enumerate(values):
            per[j].append(side(seat, v))
    out = [ActionEstimate(a, estimate(vs), tuple(vs)) for a, vs in zip(actions, per,
                                                                      strict=True)]
    out.sort(key=lambda e: -e.mean)
    return taken, out


def lead_losses(worlds: Sequence[Position]) -> list[int]:
    """For each world, the game points its leader gave away (seen with every card known)
    by leading the card on the table rather than the best card or marriage he could have
    led; 0 where no card is led. Exchanging, closing and claiming are not counted as
    alternatives: a lead is judged against the other leads."""
    solver = default_solver()
    out: list[int] = []
    for w in worlds:
        prev = before_lead(w)
        if prev is None:
            out.append(0)
            continue
        sign = 1 if w.leader == 0 else -1
        values = [sign * solver.solve(prev.play(a)) for a in prev.legal_actions()
                  if a.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)]
        out.append(max(values) - sign * solver.solve(w) if values else 0)
    return out


@dataclass(frozen=True)
class MyLead:
    """A lead of one's own while the talon was open, kept to read the answer to it:
    ``position`` is the leader's position then (the hidden cards placed anyhow), ``hidden``
    what the leader could not see, ``action`` the card (or marriage) led."""

    position: Position
    hidden: HiddenCards
    action: Action


def before_answer(w: Position, lead: MyLead, answer: int, drawn: int) -> Position | None:
    """The world ``w`` as it was when its viewer made ``lead``, given that the opponent
    answered with the card ``answer`` and then drew ``drawn`` from the talon (a card he
    holds in ``w``); the card he has led since, if any, is taken back first
    (:func:`before_lead`). None when ``w`` cannot have come from that lead that way
    (``drawn`` not in his hand, or not hidden from the viewer then).

    Between the lead and ``w`` one trick was played and both players drew: the trick's
    winner (the leader in ``w``) the talon's top card, the other the next one."""
    me = int(lead.hidden.viewer)
    opp = 1 - me
    w0 = before_lead(w) if w.lead >= 0 and w.leader == opp else w
    if w0 is None or w0.lead >= 0 or not w0.hands[opp] >> drawn & 1:
        return None
    if not (lead.hidden.unknown & ~lead.hidden.opponent_known) >> drawn & 1:
        return None
    mine = w0.hands[me] & ~lead.position.hands[me]
    if mine & (mine - 1) or not mine:
        return None
    mine_card = mine.bit_length() - 1
    hand = (w0.hands[opp] & ~(1 << drawn)) | (1 << answer)
    first, second = (mine_card, drawn) if w0.leader == me else (drawn, mine_card)
    talon = [first, second, *w0.deck[w0.next_draw:]]
    try:
        return build_world(lead.position, me, hand, talon)
    except ValueError:
        return None


def answer_loss(world: Position, led: Action, answer: int) -> int | None:
    """The game points the follower gave away (seen with every card known) by answering
    ``led`` with the card ``answer`` rather than with his best card, in ``world`` as it was
    before the lead; None when ``answer`` could not answer it there."""
    after = world.play(led)
    follower = after.to_move
    if follower is None:
        return None
    options = [a for a in after.legal_actions() if a.kind is ActionKind.PLAY]
    cards = [int(a.card) for a in options if a.card is not None]
    if answer not in cards:
        return None
    values = [side(follower, v) for v in world_action_values(after, options)]
    return max(values) - values[cards.index(answer)]


def hands_to_plan(h: HiddenCards, most: int, gen: random.Random) -> tuple[list[int], bool]:
    """The opponent hands a closing plan is searched against: every hand ``h`` allows, or
    where there are more than ``most`` (0: no bound), that many of them drawn with
    ``gen``, in order; and whether they are all of them."""
    hands = list(opponent_hands(h))
    if most and len(hands) > most:
        return sorted(gen.sample(hands, most)), False
    return hands, True


def _guessed(pos: Position, options: Sequence[Action], legal: Sequence[Action],
             worlds: int, gen: random.Random) -> Action:
    """The one of ``options`` the player to move in ``pos`` (whose legal actions are
    ``legal``) takes as a player who cannot see the other hand nor the talon's order
    would: by its average over ``worlds`` worlds drawn from his own view, each solved with
    every card known; the first of his best."""
    mover = pos.to_move
    assert mover is not None
    if len(options) == 1:
        return options[0]
    mine, h = position_from_view(knowledge.view(pos, mover, list(legal)), pos.profile)
    totals = [0] * len(options)
    for w in sample_worlds_hidden(mine, h, worlds, gen, exhaustive=True):
        for i, v in enumerate(world_action_values(w, options)):
            totals[i] += side(mover, v)
    return options[max(range(len(options)), key=totals.__getitem__)]


def guessed_answer(after: Position, worlds: int, gen: random.Random) -> Action:
    """The card the follower answers the lead on the table with when he chooses it as a
    player who cannot see the leader's hand nor the talon's order would: by its average
    over ``worlds`` worlds drawn from his own view (the leader's hand and the talon dealt
    anew), each solved with every card known; the first of his best cards."""
    answers = [b for b in after.legal_actions() if b.kind is ActionKind.PLAY]
    return _guessed(after, answers, answers, worlds, gen)


def guessed_lead(pos: Position, worlds: int, gen: random.Random) -> Action:
    """What the leader to move in ``pos`` does (a card or marriage to lead, exchanging
    the trump jack, closing; a claim is left out) when he chooses as a player who cannot
    see the other hand nor the talon's order would, as :func:`guessed_answer` does."""
    legal = pos.legal_actions()
    options = [a for a in legal if a.kind is not ActionKind.CLAIM]
    return _guessed(pos, options, legal, worlds, gen)


def _judged_values(worlds: Sequence[Position], actions: Sequence[Action],
                   guess: Callable[[Position, Seat, random.Random], Action | None],
                   gen: random.Random, *, repeat: bool = False,
                   paired: bool = False) -> list[tuple[int, ...]]:
    """For each of ``actions``, its game points for the player to move in each world when
    the next choice after it is ``guess(after, player, rng)`` (with ``repeat``, every later
    choice too, as long as ``guess`` names one), the rest of the deal solved with every
    card known; where ``guess`` says None, the position is solved as it is. The guesses
    draw from ``gen``; with ``paired``, the actions of one world draw the same numbers
    (common random numbers: a generator seeded alike for each, from ``gen`` once a world),
    so that they differ by what they are more than by the draws."""
    out: list[list[int]] = [[] for _ in actions]
    for w in worlds:
        me = w.to_move
        assert me is not None
        seed = gen.getrandbits(64) if paired else 0
        for j, a in enumerate(actions):
            rng = random.Random(seed) if paired else gen
            pos, act = w, a
            after = w.play(a)
            nxt = guess(after, me, rng)
            while nxt is not None:
                pos, act = after, nxt
                if not repeat:
                    break
                after = pos.play(act)
                nxt = guess(after, me, rng)
            out[j].append(side(me, world_action_values(pos, [act])[0]))
    return [tuple(v) for v in out]


def answered_values(worlds: Sequence[Position], answers: Sequence[Action], leads: int,
                    gen: random.Random) -> list[tuple[int, ...]]:
    """For each answer to the lead on the table, its game points for the follower in
    each world when the leader, if he wins the trick and makes no correct claim, then
    chooses what to do as :func:`guessed_lead` says (over ``leads`` worlds of his own), the
    rest of the deal solved with every card known; where the follower wins the trick, or
    the talon is gone or closed, it is solved as it is."""
    def guess(after: Position, me: Seat, rng: random.Random) -> Action | None:
        if (after.to_move is None or after.to_move is me or after.lead >= 0
                or after.closed_by >= 0 or after.exhausted or claim_now(after) is not None):
            return None
        return guessed_lead(after, leads, rng)

    return _judged_values(worlds, answers, guess, gen)


def replied_values(worlds: Sequence[Position], leads: Sequence[Action], replies: int,
                   gen: random.Random) -> list[tuple[int, ...]]:
    """For each lead, its game points for the leader in each world when the follower
    answers it as :func:`guessed_answer` says (over ``replies`` worlds of his own), the
    rest of the deal solved with every card known; a lead he cannot answer (a claim
    follows) is solved as it is."""
    def guess(after: Position, me: Seat, rng: random.Random) -> Action | None:
        if after.lead < 0 or after.to_move is None or claim_now(after) is not None:
            return None
        return guessed_answer(after, replies, rng)

    return _judged_values(worlds, leads, guess, gen)


def played_out_values(worlds: Sequence[Position], actions: Sequence[Action], choosers: int,
                      gen: random.Random, *, paired: bool = False) -> list[tuple[int, ...]]:
    """For each action, its game points for the player to move in each world when every
    later choice while the talon stays open, his own and the opponent's, is made as a
    player who cannot see the other hand nor the talon's order would make it (a lead by
    :func:`guessed_lead`, an answer by :func:`guessed_answer`, over ``choosers`` worlds of
    the chooser's own view); once the talon is gone or closed, or a correct claim can be
    made, the rest of the deal is solved with every card known. With ``paired`` the
    actions of one world are played out with the same random draws (see
    :func:`_judged_values`)."""
    def guess(after: Position, me: Seat, rng: random.Random) -> Action | None:
        if (after.to_move is None or after.outcome is not None or not after.talon_open
                or claim_now(after) is not None):
            return None
        if after.lead >= 0:
            return guessed_answer(after, choosers, rng)
        return guessed_lead(after, choosers, rng)

    return _judged_values(worlds, actions, guess, gen, repeat=True, paired=paired)


def announced(judged: Sequence[ActionEstimate]) -> list[ActionEstimate]:
    """``judged`` without the plain lead of a king or queen whose marriage is among them.
    With every card known the announcement never costs a point, so the plain lead can
    come out ahead only through the guess of the opponent's next choice: he answers
    knowing the partner card, and a guess over a few worlds of his is rough. A player
    keeps his marriage's points rather than hide it on such a guess."""
    marriages = {e.action.card for e in judged
                 if e.action is not None and e.action.kind is ActionKind.MARRIAGE}
    return [e for e in judged
            if e.action is None or e.action.kind is not ActionKind.PLAY
            or e.action.card not in marriages]


def margin_values(values: Sequence[float], share: int) -> tuple[float, ...]:
    """Game points with each point beyond the first of a win or loss counted at ``share``
    percent: at 100 they are unchanged; at 50, 1, 2 and 3 count 1, 1.5 and 2; at 0 only
    winning or losing the deal counts."""
    f = share / 100
    return tuple(v if abs(v) < 1 else math.copysign(1 + (abs(v) - 1) * f, v) for v in values)


def counted(e: ActionEstimate, share: int) -> Estimate:
    """``e``'s estimate with every world's value counted by :func:`margin_values` (its own
    estimate at 100)."""
    if share == 100:
        return e.estimate
    return estimate(margin_values(e.values, share), exact=e.estimate.exact)


def resample(ranked: Sequence[ActionEstimate], weights: Sequence[float],
             gen: random.Random) -> list[ActionEstimate]:
    """``ranked`` over as many worlds drawn again from its own, each in proportion to its
    weight (systematic resampling: a world of weight w is kept about w / mean weight
    times), best first; unchanged when all weights are equal."""
    n = len(weights)
    total = float(sum(weights))
    if n == 0 or total <= 0 or max(weights) == min(weights):
        return list(ranked)
    step = total / n
    u = gen.random() * step
    picks: list[int] = []
    acc = 0.0
    for i, wt in enumerate(weights):
        acc += wt
        while u < acc and len(picks) < n:
            picks.append(i)
            u += step
    while len(picks) < n:  # rounding at the end
        picks.append(n - 1)
    out = []
    for e in ranked:
        vs = tuple(e.values[i] for i in picks)
        out.append(ActionEstimate(e.action, estimate(vs), vs))
    out.sort(key=lambda e: -e.mean)
    return out


#: The words of :meth:`Decision.text`.
TEXT = Texts({
    "claim": N_("66 reached: the claim is correct"),
    "only": N_("the only choice"),
    "no_claim": N_("the only choice but a claim, which would be false"),
    "option": N_("{action} ({value:+.2f})"),
    "closing": N_("closing's best plan wins {share:.0%} of his hands"),
    "equity": N_("chosen by the chance to win the Bummerl"),
    "inferred": N_("read from his play: he does not hold {cards}"),
    "weighed": N_("the worlds weighed by how well his lead fits them"),
    "answered": N_("the worlds weighed by how well his answer to my lead fits them"),
    "margin": N_("chosen with each game point beyond the first of a win or a loss "
                 "counted at {share:.0%}"),
    "and": C_("between the parts of a sentence", "; "),
})
PLURALS = Plurals({
    "plan": NP_("the first move of the best plan against the one hand he may hold",
                "the first move of the best plan against {n} hands he may hold"),
    "worlds": NP_("game points over {n} sampled world: {options}",
                  "game points over {n} sampled worlds: {options}"),
    "every": NP_("game points in the one world possible: {options}",
                 "game points over all {n} worlds possible: {options}"),
    "second": NP_("a close call, so {n} of them were added for a second look",
                  "a close call, so {n} of them were added for a second look"),
    "judged": NP_("the cards valued again over the first of them",
                  "the cards valued again over the first {n} of them"),
    "replied": NP_("the cards to lead judged with his answer chosen as he would choose "
                   "it, from what he sees (over {n} world of his)",
                   "the cards to lead judged with his answer chosen as he would choose "
                   "it, from what he sees (over {n} worlds of his)"),
    "played": NP_("the cards judged with every later choice while the talon is open, his "
                  "and mine, made as the chooser would make it, from what he sees (over {n} "
                  "world of his)",
                  "the cards judged with every later choice while the talon is open, his "
                  "and mine, made as the chooser would make it, from what he sees (over {n} "
                  "worlds of his)"),
    "led": NP_("the cards to answer with judged with his next lead, if he wins the trick, "
               "chosen as he would choose it, from what he sees (over {n} world of his)",
               "the cards to answer with judged with his next lead, if he wins the trick, "
               "chosen as he would choose it, from what he sees (over {n} worlds of his)"),
})


@dataclass(frozen=True)
class Decision:
    """What one choice of the strong player rests on (:attr:`StrongPlayer.last`).

    ``basis`` is ``"claim"`` (a correct claim), ``"only"`` (no other choice;
    ``"no_claim"``: none but a false claim), ``"plan"`` (the closed game: the first move
    of the best plan against ``hands`` opponent hands) or ``"worlds"`` (``worlds``
    sampled worlds, or all of them when ``exact``; ``second_look`` of them added when a
    close call got a second look). ``ranked`` holds every option's expected game points
    over those worlds, best first (closing valued by its plan when one was weighed);
    ``plan`` is that closing plan's expected game points and the share of opponent hands
    it wins; ``equity`` says the choice was made by the chance to win the Bummerl rather
    than by game points; ``inferred`` the cards read out of the opponent's hand from his
    play (``infer``), beyond the rules' hard facts; ``weighed`` that the worlds were
    weighed by how well they fit the card he led (``lead_weight``); ``answered`` that they
    were weighed by how well they fit his answer to the player's own last lead
    (``answer_weight``); ``margin`` is the share (a percentage) at which each game point
    beyond the first counted when the options were compared (``margin_weight``; 100: game
    points as they are); ``replied`` the worlds of his own over which the opponent's answer
    to each card the player could lead was chosen (``reply_worlds``; 0: not so judged);
    ``led`` those over which his next lead after each card the player could answer with
    was chosen (``lead_worlds``; 0: not so judged); ``played`` those over which each
    later choice, the opponent's and the player's own, was made while the talon stayed
    open (``playout_talon``; 0: not so judged); ``judged`` how many of the sampled worlds,
    the first ones, the cards so judged were valued over (0: not so judged).
    """

    action: Action | None
    basis: str
    worlds: int = 0
    exact: bool = False
    second_look: int = 0
    ranked: tuple[ActionEstimate, ...] = ()
    plan: tuple[float, float] | None = None
    hands: int = 0
    equity: bool = False
    inferred: int = 0
    weighed: bool = False
    answered: bool = False
    margin: int = 100
    replied: int = 0
    led: int = 0
    played: int = 0
    judged: int = 0

    def text(self, options: int = 3) -> str:
        """The decision in a sentence, in the language spoken: what it rests on and the
        best ``options`` choices with their expected game points."""
        if self.basis == "claim":
            return TEXT["claim"]
        if self.basis == "only":
            return TEXT["only"]
        if self.basis == "no_claim":
            return TEXT["no_claim"]
        if self.basis == "plan":
            return PLURALS.text("plan", self.hands)
        listed = ", ".join(format_numbers(TEXT["option"], action=action_text(e.action),
                                          value=float(e.mean))
                           for e in self.ranked[:options])
        parts = [PLURALS.text("every" if self.exact else "worlds", self.worlds,
                              options=listed)]
        if self.second_look:
            parts.append(PLURALS.text("second", self.second_look))
        if 0 < self.judged < self.worlds:
            parts.append(PLURALS.text("judged", self.judged))
        if self.plan is not None:
            parts.append(format_numbers(TEXT["closing"], share=float(self.plan[1])))
        if self.equity:
            parts.append(TEXT["equity"])
        if self.weighed:
            parts.append(TEXT["weighed"])
        if self.answered:
            parts.append(TEXT["answered"])
        if self.margin != 100:
            parts.append(format_numbers(TEXT["margin"], share=self.margin / 100))
        if self.replied:
            parts.append(PLURALS.text("replied", self.replied))
        if self.led:
            parts.append(PLURALS.text("led", self.led))
        if self.played:
            parts.append(PLURALS.text("played", self.played))
        if self.inferred:
            parts.append(TEXT["inferred"].format(
                cards=cards_text(i for i in range(24) if self.inferred >> i & 1)))
        return TEXT["and"].join(parts)


@dataclass(slots=True)
class _Memory:
    """What one seat saw earlier in the current deal."""

    played: int = 0
    hand: int = 0
    talon: int = 10
    tricks: int = 0
    trick: tuple[int, ...] = ()
    led: bool = False
    f2: bool = False
    scores: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    closed_at: tuple[int, int] | None = None
    closed_seen: bool = False
    absent: int = 0


class StrongPlayer:
    """Chooses by sampling worlds and solving each (PIMC) while the talon is open, and by
    plans a player can follow for closing and the closed game; see the module docs.

    ``plan=False`` gives the earlier player (PIMC everywhere), kept as a baseline.
    ``budget`` bounds the plan search of one decision (see :data:`PLAN_BUDGET`).
    ``closing`` says when closing is chosen: ``"ci"`` (default) when its plan value beats
    the best other action's upper 95 % bound, ``"mean"`` when it beats that action's mean,
    ``"pimc"`` by the sampled double-dummy average as the earlier player did.
    ``closed_play=False`` plays the closed game by sampling instead of plans (for
    comparisons).
    ``second_look`` (default 0: none) is how many more worlds a close call gets: when the
    best two choices over the first ``samples`` worlds are within sampling error of each
    other (:func:`close_call`), the decision is taken again over ``samples +
    second_look`` worlds. ``look_nodes`` (0: no bound) bounds the second look's solver
    work: it gets only as many worlds as the first look's work a world says fit in that
    many search nodes (deterministic, unlike a clock). :attr:`looks` counts the decisions
    by sampling and how many of them took a second look; :attr:`closings` the expected
    game points and the share of opponent hands won of the plan of each closing chosen;
    :attr:`last` what the last choice rested on (a :class:`Decision`).
    ``plan_hands`` (default :data:`PLAN_HANDS`; 0: all) caps the opponent hands a plan is
    searched against.
    ``close_share`` (a percentage, default 0: any) is the least share of the opponent's
    hands a closing plan must win for the player to close: below it closing is a gamble
    (the plan is worth little more than playing on, and fails often), and the player
    plays on instead (:func:`sure_enough`).
    ``infer`` (default off) reads more than the rules' hard facts into the opponent's
    play: a king or queen he led without announcing its marriage (where the profile
    would have let him announce it, M1) says he does not hold its partner, for this
    decision, and for the rest of the deal once no card is drawn any more (a player who
    can announce 20 or 40 for free does so).
    ``lead_weight`` (a percentage, default 100: every world alike) weighs the worlds by
    how well they fit the card the opponent has just led, when answering it: a world in
    which that lead gave game points away, judged with every card known
    (:func:`lead_losses`), keeps that percentage of its weight, and the worlds are drawn
    again by weight (:func:`resample`). At 0 only the worlds where his lead was best
    count. Measured against the MCTS bot, the heuristic and the strong player alike, such
    a world is about half as likely as one where his lead was best (docs/review.md).
    ``answer_weight`` (a percentage, default 100: every world alike) does the same with
    the opponent's answer to the player's own last lead, at the player's first decision
    after that trick while the talon is open: each world is taken back to the lead
    (:func:`before_answer`; which of his cards he drew since is drawn at random among
    those he may have drawn), and where his answer gave game points away there
    (:func:`answer_loss`) the world keeps that percentage of its weight.
    ``margin_weight`` (a percentage, default 100: game points as they are) counts each
    game point beyond the first of a win or a loss at that share when the options are
    compared (:func:`margin_values`): at 50 a win by 2 is worth 1.5 and a win by 3 is
    worth 2, so that a surer deal counts for more against a bigger win that the sampled
    worlds, each solved with every card known, may promise too readily. The options'
    values shown stay game points.
    ``reply_worlds`` (default 0: off) stops assuming that the opponent answers a lead as
    if he saw every card: once the player has chosen to lead a card (not to exchange or
    close) with at most :data:`REPLY_TALON` cards in the open talon, the cards it may lead
    are judged again over the first ``samples`` worlds, the opponent answering each as a
    player who cannot see the cards would (his best answer on average over
    ``reply_worlds`` worlds drawn from his own view, :func:`guessed_answer`), the rest of
    the deal solved with every card known (:func:`replied_values`).
    ``lead_worlds`` (default 0: off) does the same for the opponent's next choice after
    the player's answer: once the player answers a lead with at most :data:`REPLY_TALON`
    cards in the open talon, the cards it may answer with are judged again over the first
    ``samples`` worlds, the opponent, where he wins the trick, choosing what to do next
    (a card or marriage to lead, exchanging, closing) over ``lead_worlds`` worlds of his
    own (:func:`guessed_lead`, :func:`answered_values`).
    ``playout_talon`` (default 0: off) stops assuming that anyone sees every card while
    the talon is open: once the player has chosen to lead or answer with a card with 3
    to ``playout_talon`` cards in the open talon, the cards it may play are judged again
    over the first ``samples`` worlds, every later choice until the talon is gone or
    closed, the opponent's and the player's own, made as a player who sees only his own
    view would make it (over :attr:`playout_worlds` worlds of the chooser's view), and
    the rest of the deal solved with every card known (:func:`played_out_values`). It
    takes the place of ``reply_worlds`` and ``lead_worlds`` there; with 2 cards in the
    talon they judge the same. ``playout_answers=False`` judges so the player's leads
    only, its answers as without ``playout_talon``. ``paired_playouts`` plays the cards
    out in each world with the same random draws, so that their values differ by the
    cards more than by the draws (common random numbers, :func:`played_out_values`).
    ``last_closing`` (default off) drops ``close_share`` at the last chance to close,
    with :data:`LAST_CLOSING_TALON` cards in the talon: playing on there leads straight to
    the exhausted talon, where nobody may close, so declining keeps no surer closing for
    later, and the player closes whenever the plan beats playing on.
    ``free_closing`` (default 0: nowhere) drops ``close_share`` likewise with at most that
    many cards in the talon (the indicator counted): 2 is ``last_closing``, 4 drops it with
    4 cards in the talon as well as with 2.
    ``decision_nodes`` (default :data:`DECISION_NODES`; 0: no bound) bounds the first
    look's solver work: no more of the drawn worlds are solved once they have taken that
    many search nodes, and a world that alone would take more is left out
    (:func:`solved_within`; at least one world is solved), deterministic, unlike a clock.
    ``long_nodes`` (default :data:`LONG_NODES`) is that bound with more than
    :data:`LONG_TALON` cards in the talon (Sechsundsechzig's first trick). Schnapsen's
    decisions stay within both (checked on fixed positions by the tests).
    """

    name = "strong"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seed: int | None = None, *,
                 plan: bool = True, budget: int = PLAN_BUDGET, closing: str = "ci",
                 closed_play: bool = True, second_look: int = 0,
                 look_nodes: int = 0, infer: bool = False,
                 plan_hands: int = PLAN_HANDS, close_share: int = 0,
                 lead_weight: int = 100, answer_weight: int = 100,
                 margin_weight: int = 100, reply_worlds: int = 0,
                 lead_worlds: int = 0, playout_talon: int = 0,
                 playout_answers: bool = True, paired_playouts: bool = False,
                 last_closing: bool = False, free_closing: int = 0,
                 decision_nodes: int = DECISION_NODES, long_nodes: int = LONG_NODES) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if min(second_look, look_nodes, plan_hands, reply_worlds, lead_worlds,
               playout_talon, free_closing, decision_nodes, long_nodes) < 0:
            raise ValueError("second_look, look_nodes, plan_hands, reply_worlds, lead_worlds, "
                             "playout_talon, free_closing, decision_nodes and long_nodes "
                             "cannot be negative")
        if not all(0 <= x <= 100 for x in (close_share, lead_weight, answer_weight,
                                           margin_weight)):
            raise ValueError("close_share, lead_weight, answer_weight and margin_weight are "
                             "percentages, from 0 to 100")
        if closing not in ("ci", "mean", "pimc"):
            raise ValueError(f"closing must be 'ci', 'mean' or 'pimc', not {closing!r}")
        self.samples = samples
        self.plan = plan
        self.budget = budget
        self.closing = closing
        self.closed_play = closed_play
        self.second_look = second_look
        self.look_nodes = look_nodes
        self.looks = [0, 0]
        self.closings: list[tuple[float, float]] = []
        self.infer = infer
        self.plan_hands = plan_hands
        self.close_share = close_share
        self.lead_weight = lead_weight
        self.answer_weight = answer_weight
        self.margin_weight = margin_weight
        self.reply_worlds = reply_worlds
        self.lead_worlds = lead_worlds
        self.playout_talon = playout_talon
        self.playout_answers = playout_answers
        self.paired_playouts = paired_playouts
        self.last_closing = last_closing
        self.free_closing = free_closing
        self.decision_nodes = decision_nodes
        self.long_nodes = long_nodes
        self.last: Decision | None = None
        self._my_lead: dict[int, tuple[MyLead, int, int]] = {}
        self._weighed: tuple[float, float] | None = None
        self._ranked: list[ActionEstimate] = []
        self._by_equity = False
        self._gen: random.Random = random.Random(0)
        self._rng = random.Random(seed) if seed is not None else None
        self._memory: dict[int, _Memory] = {}

    def __repr__(self) -> str:
        return f"StrongPlayer(samples={self.samples}, plan={self.plan})"

    def why(self) -> str | None:
        """What the last choice rested on, in a sentence (:meth:`Decision.text`)."""
        return self.last.text() if self.last is not None else None

    # -- memory -----------------------------------------------------------------------------------
    def _observe(self, v: View) -> _Memory:
        me = int(v.viewer)
        m = self._memory.get(me)
        total = v.tricks[0] + v.tricks[1]
        if m is None or v.talon > m.talon or total < m.tricks or m.played & ~v.played:
            m = _Memory()
            self._memory[me] = m
        # What the opponent's answer to our last lead under F2 tells (one trick passed).
        new = v.played & ~m.played
        for c in v.trick:
            new &= ~(1 << int(c))
        if m.led and m.f2 and total == m.tricks + 1 and bin(new).count("1") == 2:
            mine = new & m.hand
            theirs = new & ~m.hand
            if bin(mine).count("1") == 1 and bin(theirs).count("1") == 1:
                lead = mine.bit_length() - 1
                card = theirs.bit_length() - 1
                ls = SUIT_OF[lead]
                if SUIT_OF[card] != ls:
                    m.absent |= _SUIT[ls]
                    if SUIT_OF[card] != int(v.trump):
                        m.absent |= _SUIT[int(v.trump)]
                elif card > lead and v.profile.must_head:
                    m.absent |= _SUIT[ls] & ((1 << lead) - 1)
        if v.closed_by is not None and m.closed_at is None:
            o = 1 - int(v.closed_by)
            # tricks played when the talon was closed (the talon as dealt, less two a trick)
            at_close = (v.profile.pack.size - 2 * v.profile.hand_size - v.talon) // 2
            m.closed_seen = True
            if total == at_close:
                m.closed_at = (v.tricks[o], v.scores[o])
            elif m.tricks == at_close and not m.f2:
                m.closed_at = (m.tricks_won[o], m.scores[o])
            else:  # not seen (forced moves in between): the best guess is now
                m.closed_at = (v.tricks[o], v.scores[o])
                m.closed_seen = False
        m.played = v.played
        m.hand = v.hand
        m.talon = v.talon
        m.tricks = total
        m.trick = tuple(int(c) for c in v.trick)
        m.led = v.to_move == v.viewer and not v.trick
        m.f2 = v.closed_by is not None or v.exhausted
        m.scores = v.scores
        m.tricks_won = v.tricks
        return m

    # -- choosing -------------------------------------------------------------------------------
    def act(self, view: View, rng: random.Random) -> Action | None:
        """The action with the best expected game points over sampled worlds."""
        m = self._observe(view)
        legal = view.legal
        self._weighed = None
        answered = self._answer_to(view)
        # A claim is always the leader's (the last trick's winner, or the announcer).
        correct = view.my_score >= 66 and view.leader == view.viewer
        if CLAIM in legal and correct:
            self.last = Decision(CLAIM, "claim")
            return CLAIM
        options = [a for a in legal if a.kind is not ActionKind.CLAIM]
        if not options:
            self.last = Decision(None, "only")
            return None
        if len(options) == 1:
            self.last = Decision(options[0], "no_claim" if CLAIM in legal else "only")
            return options[0]
        pos, h = position_from_view(view, view.profile, view.closed_at or m.closed_at)
        absent = m.absent
        unannounced = 0
        if self.infer:
            unannounced = unannounced_partner(view)
            absent |= unannounced
            if view.closed_by is not None or view.exhausted:
                m.absent |= unannounced
        if absent & h.unknown:
            h2 = HiddenCards(h.viewer, h.unknown, h.opponent_known, h.opponent_hidden,
                             h.talon_hidden, absent & h.unknown)
            if h2.consistent():
                h = h2
        self._gen = self._rng if self._rng is not None else rng
        if self.plan and self.closed_play and pos.closed_by >= 0:
            # the plan may claim falsely where that pays (C4: concede 2, not lose 3)
            planned, hands = self._closed_game(pos, h, [*options, CLAIM] if CLAIM in legal
                                               else options)
            if planned is not None:
                self.last = Decision(planned, "plan", hands=hands)
                return planned
        closed = pos.closed_by >= 0 or pos.exhausted
        exact = world_count(h, ordered_talon=not closed) <= self.samples
        gen = self._gen
        solver = default_solver()
        start = solver.nodes
        worlds = sample_worlds_hidden(pos, h, self.samples, gen, exhaustive=True)
        if exact:
            ranked = list(estimate_actions(worlds, view.viewer, options, exact=True))
        else:
            bound = self.long_nodes if view.talon > LONG_TALON else self.decision_nodes
            worlds, ranked = solved_within(worlds, view.viewer, options, bound)
        weighed = (self.lead_weight < 100 and not exact and len(view.trick) == 1
                   and view.leader != view.viewer)
        if exact:
            answered = None
        weights: list[float] = []
        if weighed or answered is not None:
            weights = self._weights(worlds, weighed, answered)
            ranked = resample(ranked, weights, gen)
        self.looks[0] += 1
        looked = 0
        if self.second_look and not exact and close_call(ranked[0], ranked[1]):
            more = self.second_look
            if self.look_nodes:
                per_world = max(1, (solver.nodes - start) // len(worlds))
                more = min(more, self.look_nodes // per_world)
            if more > 0:
                self.looks[1] += 1
                extra = sample_worlds_hidden(pos, h, more, gen, exhaustive=False)
                looked = len(extra)
                worlds += extra
                ranked = list(estimate_actions(worlds, view.viewer, options))
                if weighed or answered is not None:
                    weights += self._weights(extra, weighed, answered)
                    ranked = resample(ranked, weights, gen)
        self._ranked = ranked
        self._by_equity = False
        choice = self._choose(view, pos, h, ranked)
        replied = led = played = 0
        if (self.playout_talon and choice.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)
                and not closed and 2 < view.talon <= self.playout_talon
                and (self.playout_answers or not view.trick)):
            choice = self._reply(view, worlds[:self.samples], weights[:self.samples],
                                 playout=True)
            played = self.playout_worlds
        elif (self.reply_worlds and choice.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)
                and not view.trick and not closed and 0 < view.talon <= REPLY_TALON):
            choice = self._reply(view, worlds[:self.samples], weights[:self.samples])
            replied = self.reply_worlds
        elif (self.lead_worlds and choice.kind is ActionKind.PLAY and len(view.trick) == 1
                and view.leader != view.viewer and not closed
                and 0 < view.talon <= REPLY_TALON):
            choice = self._reply(view, worlds[:self.samples], weights[:self.samples],
                                 answer=True)
            led = self.lead_worlds
        self.last = Decision(choice, "worlds", worlds=len(worlds), exact=exact,
                             second_look=looked, ranked=tuple(self._ranked),
                             plan=self._weighed, equity=self._by_equity,
                             inferred=unannounced & h.absent, weighed=weighed,
                             answered=answered is not None,
                             margin=100 if self._by_equity else self.margin_weight,
                             replied=replied, led=led, played=played,
                             judged=min(len(worlds), self.samples)
                             if replied or led or played else 0)
        if (self.answer_weight < 100 and choice.kind in (ActionKind.PLAY, ActionKind.MARRIAGE)
                and not view.trick and view.closed_by is None and not view.exhausted):
            self._my_lead[int(view.viewer)] = (MyLead(pos, h, choice), view.played, view.talon)
        return choice

    def _answer_to(self, view: View) -> tuple[MyLead, int] | None:
        """The player's own last lead and the card the opponent answered it with, when
        this is the player's first decision since and nothing but the trick and the draws
        happened in between (the talon still open; the opponent, if he won, led a card
        without exchanging the trump jack or closing); else None. Only kept with
        :attr:`answer_weight` below 100."""
        kept = self._my_lead.pop(int(view.viewer), None)
        if kept is None:
            return None
        lead, played, talon = kept
        card = lead.action.card
        if card is None or view.closed_by is not None or view.exhausted:
            return None
        on_table = sum(1 << int(c) for c in view.trick)
        new = view.played & ~played & ~on_table
        led = 1 << int(card)
        indicator = int(view.indicator) if view.indicator is not None else -1
        if (view.talon != talon - 2 or played & ~view.played or not new & led
                or bin(new).count("1") != 2 or indicator != lead.position.indicator
                or len(view.trick) > 1 or (view.trick and view.leader == view.viewer)):
            return None
        return lead, (new & ~led).bit_length() - 1

    def _weights(self, worlds: Sequence[Position], lead: bool,
                 answered: tuple[MyLead, int] | None) -> list[float]:
        """How likely each world makes the opponent's last choices: his lead now being
        answered (with ``lead``: :attr:`lead_weight` percent where it gave game points away,
        :func:`lead_losses`) and his answer to the player's own last lead (with
        ``answered``: :attr:`answer_weight` percent where it gave game points away,
        :func:`answer_loss`, the card he drew since being one of his cards drawn at
        random); 1 where the choice was best."""
        out = [1.0] * len(worlds)
        if lead:
            keep = self.lead_weight / 100
            for i, loss in enumerate(lead_losses(worlds)):
                if loss > 0:
                    out[i] *= keep
        if answered is not None:
            mine, answer = answered
            keep = self.answer_weight / 100
            seen = mine.hidden.unknown & ~mine.hidden.opponent_known
            opp = 1 - int(mine.hidden.viewer)
            for i, w in enumerate(worlds):
                held = w.hands[opp] | (1 << w.lead if w.lead >= 0 and w.leader == opp else 0)
                drawn = [c for c in range(24) if (held & seen) >> c & 1]
                if not drawn:
                    continue
                prev = before_answer(w, mine, answer, self._gen.choice(drawn))
                given = answer_loss(prev, mine.action, answer) if prev is not None else None
                if given is not None and given > 0:
                    out[i] *= keep
        return out

    @property
    def playout_worlds(self) -> int:
        """The worlds of his own each chooser's choices are made over in a playout
        (``playout_talon``): those of ``reply_worlds``, else :data:`PLAYOUT_WORLDS`."""
        return self.reply_worlds or PLAYOUT_WORLDS

    def _reply(self, view: View, worlds: list[Position], weights: list[float],
               answer: bool = False, playout: bool = False) -> Action:
        """The lead to make, once leading a card is chosen: the leads judged again over
        ``worlds`` with the follower answering as a player who cannot see the cards would
        (:func:`replied_values`); with ``answer``, the card to answer with, the answers
        judged with the leader's next choice made so (:func:`answered_values`); with
        ``playout``, the cards to lead or answer with, judged with every later choice
        while the talon is open made so, both players' (:func:`played_out_values`).
        Compared as :meth:`_order` says; between equal values, the one ranked first
        before. A king or queen whose marriage could be announced is led announced
        (:func:`announced`). :attr:`_ranked` gets the cards so valued, best first, and the
        other options after them."""
        played = [e for e in self._ranked
                  if e.action is not None and e.action.kind in (ActionKind.PLAY,
                                                                ActionKind.MARRIAGE)]
        cards = [e.action for e in played if e.action is not None]
        if playout:
            values = played_out_values(worlds, cards, self.playout_worlds, self._gen,
                                       paired=self.paired_playouts)
        elif answer:
            values = answered_values(worlds, cards, self.lead_worlds, self._gen)
        else:
            values = replied_values(worlds, cards, self.reply_worlds, self._gen)
        judged = [ActionEstimate(e.action, estimate(v), v) for e, v in zip(played, values,
                                                                           strict=True)]
        if weights:
            judged = resample(judged, weights, self._gen)
        judged = self._order(view, announced(judged))
        rest = [e for e in self._ranked
                if e.action is None or e.action.kind not in (ActionKind.PLAY,
                                                             ActionKind.MARRIAGE)]
        self._ranked = [*judged, *rest]
        best = judged[0].action
        assert best is not None
        return best

    def _order(self, view: View, judged: list[ActionEstimate]) -> list[ActionEstimate]:
        """``judged`` (the cards to lead or answer with, valued with the opponent's next
        choice guessed) best first, by their values counted as :attr:`margin_weight` says;
        between equal values, in the order given."""
        share = self.margin_weight
        return sorted(judged, key=lambda e: -counted(e, share).mean)

    def _choose(self, view: View, pos: Position, h: HiddenCards,
                ranked: list[ActionEstimate]) -> Action:
        """The choice among ``ranked`` (every option over the sampled worlds), closing
        judged by its plan; the options compared by their values counted as
        :attr:`margin_weight` says (:func:`counted`)."""
        share = self.margin_weight
        if share != 100:
            ranked = sorted(ranked, key=lambda e: -counted(e, share).mean)
            self._ranked = ranked
        if self.plan and self.closing != "pimc" and any(e.action is CLOSE for e in ranked):
            ranked = self._judge_closing(pos, h, ranked)
            best = ranked[0].action
            assert best is not None
            return best
        top = counted(ranked[0], share).mean
        tied = [e for e in ranked if counted(e, share).mean >= top - 1e-9]
        # Equal expectations: the surer win first, then keep the talon open.
        best = max(tied, key=lambda e: (e.estimate.win_chance, e.action is not CLOSE)).action
        assert best is not None
        return best

    # -- closing and the closed game ------------------------------------------------------------
    def plan_against(self, h: HiddenCards) -> tuple[list[int], bool]:
        """The opponent hands to plan against, and whether they are all of them (else
        :attr:`plan_hands` of them drawn with this decision's generator)."""
        return hands_to_plan(h, self.plan_hands, self._gen)

    def _closed_game(self, pos: Position, h: HiddenCards, options: list[Action]
                     ) -> tuple[Action | None, int]:
        """The first move of the best plan against every hand the opponent may hold
        (None when no plan wins against any: then the sampled average decides), and how
        many hands it was planned against."""
        from ..solver.plan import closed_plan

        hands, _ = self.plan_against(h)
        if not hands:
            return None, 0
        plan = closed_plan(pos, int(h.viewer), hands, depth=1, budget=self.budget)
        a = plan.action
        if a is None or a not in options:
            return None, len(hands)
        return a, len(hands)

    def sure_to_close(self, pos: Position, achieved: Sequence[float]) -> bool:
        """Whether a closing plan with these results (game points, one an opponent hand)
        is sure enough to close on in ``pos``: it wins :attr:`close_share` percent of the
        hands, or the talon holds no more than :attr:`free_closing` cards (with
        ``last_closing``, :data:`LAST_CLOSING_TALON`)."""
        free = max(self.free_closing, LAST_CLOSING_TALON if self.last_closing else 0)
        if pos.talon_size <= free:
            return True
        return sure_enough(achieved, self.close_share)

    def _judge_closing(self, pos: Position, h: HiddenCards,
                       ranked: list[ActionEstimate]) -> list[ActionEstimate]:
        """``ranked`` with closing valued by its best plan (exact over every opponent hand)
        when it may be worth it; closing comes first only when that value beats the best
        other action beyond its sampling error (the upper end of its 95 % interval), as
        the advisor's verdict ``close`` does. Best first otherwise."""
        from ..solver.plan import closed_plan
        share = self.margin_weight
        close = next(e for e in ranked if e.action is CLOSE)
        others = [e for e in ranked if e.action is not CLOSE]
        if not others or (counted(close, share).mean
                          < counted(others[0], share).mean - CLOSING_MARGIN):
            return [*others, close] if others else ranked
        hands, every = self.plan_against(h)
        plan = closed_plan(pos.play(CLOSE), int(h.viewer), hands, depth=1,
                           budget=self.budget)
        valued = ActionEstimate(CLOSE, estimate(list(plan.achieved), exact=every),
                                plan.achieved)
        best = counted(others[0], share)
        bar = best.high if self.closing == "ci" else best.mean
        self._weighed = (valued.mean, valued.estimate.win_chance)
        if counted(valued, share).mean > bar + 1e-9 and self.sure_to_close(pos, plan.achieved):
            self.closings.append(self._weighed)
            self._ranked = [valued, *others]
        else:
            self._ranked = [*others, valued]
        return self._ranked


register("strong", StrongPlayer, refuse=analysis_refusal)
register("strong", StrongPlayer, "sechsundsechzig", refuse=analysis_refusal)
"""The same player for Sechsundsechzig: it reads the rules from the deal's profile."""
