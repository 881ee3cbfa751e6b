"""Plans for the closed game: the best play a player can follow without seeing the
opponent's hand (docs/closing.md).

Once the talon is closed, nobody draws again: what one player (the *planner*) does not
know is only which of the unseen cards the opponent holds. Each hand the opponent may hold
is a *world*. A *plan* tells the planner what to play at each of his turns from what he
has seen (his hand, the cards played, the marriages announced), so it plays the same in
all worlds that look the same to him. The opponent is assumed to see every card and the
plan, and to answer it in the way that beats it where it can be beaten (best defence).

:func:`closed_plan` finds the plan that wins in the most worlds, exactly, and gives
beside it the double-dummy result of each world (the planner seeing every card too), an
upper bound. In the closed game each world ends in one of two results for the planner
(the closer wins the game points fixed when closing, C2, or the opponent wins them,
C3), so the plan that wins the most worlds is also the plan with the best expected game
points. Except where the closer's opponent had no trick at closing: then his false claim
(C4) is a third result (the closer wins 2, not 3), searched for both sides; each world is
then searched as :data:`COPIES` copies that count a win and one that counts the middle
result, so that the most copies won is again the best expected game points.

The search is the alpha-mu idea of Cazenave and Ventos (2019) taken to the end of the
game: at each node it keeps the Pareto front of the sets of worlds that plans can win
(at the planner's nodes the union of the moves' fronts, at the opponent's nodes the
products of the fronts of his answers, each world keeping only the answers it can
play). Worlds that the double-dummy solver says are lost at a node are dropped there;
fronts below a threshold are cut; a node left with one world is solved double-dummy.
See docs/closing.md for why this algorithm and how it is verified.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import CARD_POINTS, CARDS, RANK_OF, SUIT_OF
from ..games.twohand.rules import Action, ActionKind, Position, Seat, marriage, play
from ..i18n import C_, N_, NP_, Plurals, Texts
from ..tricks import won_deal_points
from . import search
from .api import Solver, rules_array

__all__ = [
    "ClosedPlan",
    "PlanBranch",
    "PlanLine",
    "PlanStep",
    "closed_plan",
    "closed_stakes",
    "line_text",
]

# A node of the closed game without the opponent's hand: the planner's hand, the cards
# the opponent has played since the root, who leads (0 the planner, 1 the opponent), the
# card led (-1: none), both scores, both pending marriage points, whether each has a trick.
State = tuple[int, int, int, int, int, int, int, int, int, int]
# How an element of a front is reached: None for the end of the deal, _DD for one world
# left (played double-dummy), _FORCED when the planner has no choice left (one card),
# ("p", card, element) for the planner's move, ("o",
# ((code, element), ...)) for the opponent's answers (code: the card, +32 when announced).
How = Any
Element = tuple[int, How]
Front = list[Element]

BEAM = 6
"""Sets kept at each node by the quick first search that finds a good plan to beat."""
WIDE_GAP = 64
"""Worlds between that plan and double dummy above which the exact search first looks
above the middle."""

CAP_WORDS = 128
"""A search over more than ``32 * CAP_WORDS`` worlds does more in each unit of work (its
sets of worlds are longer, each double-dummy question asks more worlds): its ``cap`` is
cut in proportion, so that the cap bounds the time of a search whatever its size."""

SIX_CARD_WORK = 5
"""Deals of six cards a hand (Sechsundsechzig) do about this many times more in each unit
of work (deeper double-dummy questions, longer lines): their ``budget`` and ``cap`` are
cut by it, so that a budget bounds the time of a decision in either game."""

_DD = ("dd",)
_FORCED = ("forced",)
_MARRIED = 32
_WIN, _LOSE, _NODE, _CLAIMED = 0, 1, 2, 3
_FALSE_CLAIM = 40
"""The planner's false claim (C4), as a move code beside his cards."""
COPIES = 5
"""With the false claim in play (the closer's opponent had no trick at closing), each
world is searched as ``COPIES`` copies that count a win and one more that counts the
middle result (2 game points won by the closer; 2 lost, not 3, by his opponent): the
plan that wins the most copies is the plan with the best expected game points."""
_BITS: tuple[list[int], ...] = tuple([c for c in range(12) if m >> c & 1] for m in range(4096))
"""The set bits of each 12-bit number, lowest first (half a hand of 24 cards)."""
_SUIT = tuple(0b11111 << (5 * s) | 1 << (20 + s) for s in range(4))
"""The cards of each suit, the nine included."""


def _count(x: int) -> int:
    return x.bit_count()


def _reduce(front: Front, threshold: int) -> Front:
    """The Pareto front of ``front``: no set a subset of another; only sets of more than
    ``threshold`` worlds; largest first."""
    items = sorted((e for e in front if _count(e[0]) > threshold),
                   key=lambda e: -_count(e[0]))
    out: Front = []
    seen: set[int] = set()
    for e in items:
        s = e[0]
        if s in seen:
            continue
        for g in out:
            if s & ~g[0] == 0:
                break
        else:
            out.append(e)
            seen.add(s)
    return out


class _OverBudget(Exception):
    """The search has visited more nodes than it was allowed."""


def _reduce_counted(items: list[tuple[int, int, Any]]) -> list[tuple[int, int, Any]]:
    """Partial combinations ``(open worlds, worlds already won, payload)`` without those
    another one dominates (its open worlds a superset, its count at least as high)."""
    items = sorted(items, key=lambda t: -(t[1] + _count(t[0])))
    out: list[tuple[int, int, Any]] = []
    for t in items:
        x, k = t[0], t[1]
        for o in out:
            if k <= o[1] and x & ~o[0] == 0:
                break
        else:
            out.append(t)
    return out


def _outside_bound(answers: Sequence[tuple[int, int, list[tuple[int, Element]]]],
                   worlds: int, reach: int) -> int:
    """At most how many worlds of ``reach`` outside ``worlds`` any combination wins, given
    the fronts of ``answers``: each such world is counted with the first answer it can
    take, at most as many as that answer's best set holds."""
    out = reach & ~worlds
    owned = 0
    total = 0
    for _, ld, g in answers:
        a = ld & out & ~owned
        if a:
            total += max(_count(y & a) for y, _ in g)
            owned |= a
    return total + _count(out & ~owned)


def _answer_order(answers: list[tuple[int, int, list[tuple[int, Element]]]]
                  ) -> list[tuple[int, int, list[tuple[int, Element]]]]:
    """The answers in an order that keeps few worlds waiting for later answers: each
    next one is the answer after which the fewest combined worlds have answers left."""
    left = list(answers)
    done = 0
    out = []
    while left:
        best_key: tuple[int, int] | None = None
        pick = left[0]
        for a in left:
            others = 0
            for b in left:
                if b is not a:
                    others |= b[1]
            key = (_count((done | a[1]) & others), len(a[2]))
            if best_key is None or key < best_key:
                best_key, pick = key, a
        left.remove(pick)
        done |= pick[1]
        out.append(pick)
    return out


def closed_stakes(pos: Position, seat: Seat | int) -> tuple[int, int]:
    """The game points ``seat`` wins or loses in the closed game of ``pos``: ``(win,
    loss)``, both positive (C2, C3). Where a closing is scored at the claim (6C2) the
    closer's win is what a claim brings now: the most he can still win, as his
    opponent's score and tricks only grow."""
    p = pos.closed_by
    if p < 0:
        raise ValueError("the talon is not closed")
    prof = pos.profile
    if prof.closed_scoring == "at_claim":
        closer_wins = won_deal_points(pos.score(1 - p), pos.tricks[1 - p],
                                      prof.schneider_below)
    else:
        closer_wins = won_deal_points(pos.closed_opp_score, pos.closed_opp_tricks,
                                      prof.schneider_below)
    opponent_wins = 3 if pos.closed_opp_tricks == 0 else 2
    if int(seat) == p:
        return closer_wins, opponent_wins
    return opponent_wins, closer_wins


@dataclass(frozen=True, slots=True)
class PlanBranch:
    """What the plan does after the opponent's ``reply`` (one or two of his actions:
    his answer, and his next lead when he wins the trick). ``worlds`` are those (of the
    plan's worlds) that come this way; ``then`` is the planner's next step, None when
    the deal ends here or no more choice is left to show."""

    reply: tuple[Action, ...]
    worlds: int
    then: PlanStep | None
    ends: str = ""
    """How the deal goes on when the plan shows no next step: ``win``, ``lose`` (the deal
    ends), ``lost`` (lost whatever the planner does), ``forced`` (no choice left),
    ``forced win`` (no choice left, and won in every world that comes this way), ``one``
    (one world left, and he has no answer to name); empty otherwise."""
    hand: int = 0
    """With ``ends == "one"``: the cards the opponent holds at that point in the one
    world left (a bit mask)."""

    def reply_text(self) -> str:
        """The reply as text: ``QS``, ``JH, then he leads TC``; empty when the planner
        decides again at once (he won the trick he followed to)."""
        return ", then he leads ".join(str(a) for a in self.reply)


@dataclass(frozen=True, slots=True)
class PlanStep:
    """One decision of a plan: the planner plays ``action``; ``branches`` say what to
    do next for each reply of the opponent (empty when nothing more is shown)."""

    action: Action
    worlds: int
    branches: tuple[PlanBranch, ...] = ()
    double_dummy: bool = False
    hand: int = 0
    """With ``double_dummy``: the cards the opponent holds in the one world left."""
    cut: bool = False
    """Whether the plan goes on after this step but was not read that deep."""
    wins: bool = False
    """Whether this play wins at once (it brings 66, and the claim)."""

    def tree(self, name: Callable[[Action], str] = str,
             cards: Callable[[int], str] | None = None, depth: int = 0) -> PlanLine:
        """The plan as a tree of lines, as far as it was read: answers that lead to the
        same play named together ("whatever he plays" when all of them do), answers
        whose plans never call for different plays shown once, a card led with and
        without its marriage named once, and a play after which nothing is left to choose
        on one line with how the deal ends ("play K♦; the rest is forced: you win");
        ``name`` writes an action (default its PSN token), ``cards`` a set of cards (a
        bit mask; default PSN tokens); ``depth`` of the planner's decisions deep (0: all),
        a line saying so where it goes on deeper."""
        return _cut(_tree(self, name, cards or _psn_cards), depth)

    def outline(self, depth: int = 2, name: Callable[[Action], str] = str,
                cards: Callable[[int], str] | None = None) -> list[tuple[int, str]]:
        """The plan (:meth:`tree`) as ``(level, text)`` lines, ``depth`` of the planner's
        decisions deep (0: all); where it goes on deeper than shown, a line says so."""
        return [(level, text) for level, text, _ in self.tree(name, cards, depth).outline()]

    def folded(self, open_: int = 2, name: Callable[[Action], str] = str,
               cards: Callable[[int], str] | None = None) -> list[tuple[int, str]]:
        """The plan (:meth:`tree`) folded: the lines of the first ``open_`` decisions,
        each line that hides more saying how many ("… (7 more lines)")."""
        return [(level, f"{text} {LINE_PLURALS.text('more', hidden)}" if hidden else text)
                for level, text, hidden in self.tree(name, cards).outline(0, open_)]

    def lines(self, indent: str = "  ", depth: int = 2) -> list[str]:
        """The plan as indented text lines (see :meth:`outline`)."""
        return [indent * level + text for level, text in self.outline(depth)]

    def to_dict(self, depth: int = 3) -> dict[str, Any]:
        """Plain data for JSON, ``depth`` decisions deep (``worlds``: how many of the
        opponent's hands come this way and are won)."""
        d: dict[str, Any] = {"play": str(self.action), "worlds": _count(self.worlds)}
        if self.double_dummy:
            d["double_dummy"] = True
        if depth != 1 and self.branches:
            d["replies"] = [
                {"reply": [str(a) for a in b.reply], "worlds": _count(b.worlds),
                 **({"ends": b.ends} if b.ends else {}),
                 **({"then": b.then.to_dict(depth - 1 if depth > 1 else 0)}
                    if b.then is not None else {})}
                for b in self.branches]
        return d


@dataclass(frozen=True, slots=True)
class ClosedPlan:
    """The best plan of ``seat`` in a closed game, against every opponent hand in ``hands``.

    ``achieved[i]`` is what the plan is sure to get against ``hands[i]`` (game points
    from ``seat``'s side, the opponent seeing every card and the plan);
    ``double_dummy[i]`` what ``seat`` would get seeing every card (an upper bound).
    ``plan`` is None when no plan wins a single world. ``action_values`` gives, when it
    was asked for, for each legal action what the best plan starting with it achieves in
    each world (a marriage card led unannounced too).
    ``exact`` is False when a node budget cut the search short: ``achieved`` is then what
    the plan found is sure to get, maybe less than the best plan.
    """

    seat: Seat
    hands: tuple[int, ...]
    achieved: tuple[int, ...]
    double_dummy: tuple[int, ...]
    plan: PlanStep | None
    stakes: tuple[int, int]
    action_values: tuple[tuple[Action, tuple[int, ...]], ...] = ()
    exact: bool = True
    leads: bool = True
    """Whether ``seat`` leads at the position planned (else he answers a lead)."""
    trump: int = 0
    """The trump suit (its number)."""
    beaten: Callable[[], tuple[tuple[int, tuple[Action, ...]], ...]] | None = field(
        default=None, repr=False, compare=False)
    """What finds :attr:`lines`, once, when they are first asked for."""
    _found: list[tuple[tuple[int, tuple[Action, ...]], ...]] = field(
        default_factory=list, repr=False, compare=False)

    @property
    def lines(self) -> tuple[tuple[int, tuple[Action, ...]], ...]:
        """For each hand that beats the plan (its index in ``hands``), a line by which it
        does: the actions from here to the end of the deal, the opponent answering the
        plan the way that beats it. Found when first asked for (most decisions never
        show them), then kept."""
        if not self._found:
            self._found.append(self.beaten() if self.beaten is not None else ())
        return self._found[0]

    def line(self, index: int, name: Callable[[Action], str] = str) -> str:
        """The line by which hand ``index`` beats the plan, in words (:func:`line_text`);
        empty when that hand does not beat it."""
        for i, acts in self.lines:
            if i == index:
                return line_text(acts, self.leads, self.trump, self.stakes[1], name)
        return ""

    @property
    def action_wins(self) -> tuple[tuple[Action, int], ...]:
        """For each legal action (when asked for), the most worlds a plan starting with it
        wins."""
        return tuple((a, sum(1 for v in vs if v > 0)) for a, vs in self.action_values)

    @property
    def worlds(self) -> int:
        """How many opponent hands were considered."""
        return len(self.hands)

    @property
    def wins(self) -> int:
        """Worlds the plan wins."""
        return sum(1 for v in self.achieved if v > 0)

    @property
    def double_dummy_wins(self) -> int:
        """Worlds won seeing every card."""
        return sum(1 for v in self.double_dummy if v > 0)

    @property
    def win_chance(self) -> float:
        """The share of worlds the plan wins (exact)."""
        return self.wins / len(self.hands)

    @property
    def expected(self) -> float:
        """Expected game points of the plan (exact)."""
        return sum(self.achieved) / len(self.hands)

    @property
    def double_dummy_win_chance(self) -> float:
        """The share of worlds won seeing every card."""
        return self.double_dummy_wins / len(self.hands)

    @property
    def double_dummy_expected(self) -> float:
        """Expected game points seeing every card."""
        return sum(self.double_dummy) / len(self.hands)

    @property
    def action(self) -> Action | None:
        """The plan's first action (None when no plan wins anything)."""
        return self.plan.action if self.plan is not None else None

    def beating(self) -> tuple[int, ...]:
        """Indices of the hands that beat the plan."""
        return tuple(i for i, v in enumerate(self.achieved) if v <= 0)

    def guessing(self) -> tuple[int, ...]:
        """Indices of the hands won seeing every card but not by the plan (what strategy
        fusion would have promised)."""
        return tuple(i for i, (a, d) in enumerate(zip(self.achieved, self.double_dummy,
                                                      strict=True)) if d > 0 >= a)


TEXT = Texts({
    "play": C_("a step of a plan", "play {action}"),
    "for_one": N_("from here the plan wins only if he holds {cards}: play as if he does"),
    "then": C_("a step of a plan, no choice for him", "then"),
    "if": N_("if he plays {answers}"),
    "and_leads": N_("{reply} and leads {leads}"),
    "either": N_("{some} or {last}"),
    "whatever": N_("whatever he plays"),
    "whatever_leads": N_("whatever he plays and leads"),
    "cut": N_("… (the plan goes on; shown {depth} decisions deep)"),
    "go_on": N_("go on as you see fit"),
    "ends.win": N_("you win"),
    "ends.lose": N_("you lose"),
    "ends.lost": N_("lost whatever you do"),
    "ends.forced": N_("the rest is forced"),
    "ends.forced win": N_("the rest is forced: you win"),
    "then_this": N_("{first}: {then}"),
    "and_then": N_("{first}; {then}"),
    "with_or_without": N_("{card} (with or without {points})"),
    "ends.one": N_("from here the plan wins only if he holds {cards}: play as if he does"),
    "line.you_win": N_("you lead {lead}, he plays {follow}"),
    "line.you_lose": N_("you lead {lead}, he takes it with {follow}"),
    "line.he_wins": N_("he leads {lead}, you play {follow}"),
    "line.he_loses": N_("he leads {lead}, you take it with {follow}"),
    "line.he_claims": N_("he leads {lead} and reaches 66"),
})
"""The words of a plan (:meth:`PlanStep.outline`), as format strings."""


LINE_PLURALS = Plurals({
    "line.end": NP_("{line}: he wins {n} game point", "{line}: he wins {n} game points"),
    "more": NP_("… ({n} more line)", "… ({n} more lines)"),
})
"""The end of a line that beats a plan (:func:`line_text`); what a folded line of a plan
hides (:meth:`PlanStep.folded`)."""


def _psn_cards(mask: int) -> str:
    """Cards as PSN tokens: ``AC TH``."""
    return " ".join(str(CARDS[c]) for c in range(24) if mask >> c & 1)


def line_text(line: Sequence[Action], planner_leads: bool, trump: int, lost: int,
              name: Callable[[Action], str] = str) -> str:
    """A line of play from the planner's side, trick by trick: "you lead A♦, he takes it
    with J♠; he leads 10♠, you play K♠: he wins 3 game points". ``line`` starts with the
    planner's lead when ``planner_leads`` (else with the opponent's); ``lost`` is what the
    planner loses at its end; ``name`` writes an action."""
    tricks: list[str] = []
    mine = planner_leads
    i = 0
    while i < len(line):
        lead = line[i]
        if i + 1 >= len(line):  # he announced a marriage and reached 66
            tricks.append(TEXT["line.he_claims"].format(lead=name(lead)))
            break
        follow = line[i + 1]
        lc, fc = lead.card, follow.card
        assert lc is not None and fc is not None
        follower = (fc < lc) if SUIT_OF[fc] == SUIT_OF[lc] else SUIT_OF[fc] == trump
        key = ("line.you_lose" if follower else "line.you_win") if mine else (
            "line.he_loses" if follower else "line.he_wins")
        tricks.append(TEXT[key].format(lead=name(lead), follow=name(follow)))
        mine = mine != follower
        i += 2
    return LINE_PLURALS.text("line.end", lost, line="; ".join(tricks))


def _either(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return TEXT["either"].format(some=", ".join(words[:-1]), last=words[-1])


@dataclass(frozen=True, slots=True)
class PlanLine:
    """One line of a plan as it is shown (:meth:`PlanStep.tree`): its ``text`` and the
    ``lines`` under it. ``replies`` are the opponent's answers that lead to it (each as
    :attr:`PlanBranch.reply`; none for the first play), ``play`` the planner's play it
    names (None when it names none: the deal is decided, or nothing is left to choose),
    ``decision`` which of the planner's decisions it names (1: the first)."""

    text: str
    lines: tuple[PlanLine, ...] = ()
    replies: tuple[tuple[Action, ...], ...] = ()
    play: Action | None = None
    decision: int = 1

    def size(self) -> int:
        """How many lines this line and all those under it make."""
        return 1 + sum(x.size() for x in self.lines)

    def outline(self, level: int = 0, open_: int = 0) -> list[tuple[int, str, int]]:
        """The lines as ``(level, text, hidden)``: every line to the end with ``open_``
        0, else only the lines of the first ``open_`` decisions, each line that hides
        lines under it with their number (``hidden``; else 0)."""
        fold = bool(open_) and self.decision >= open_ and bool(self.lines)
        out = [(level, self.text, self.size() - 1 if fold else 0)]
        if not fold:
            for x in self.lines:
                out.extend(x.outline(level + 1, open_))
        return out


# What follows an answer: the planner's next step, or how the deal goes on (``ends``, and
# the cards he holds with ``ends == "one"``).
_Next = PlanStep | tuple[str, int]


def _next(b: PlanBranch) -> _Next:
    return b.then if b.then is not None else (b.ends, b.hand)


def _fits(a: _Next, b: _Next) -> bool:
    """Whether ``a`` and ``b`` never call for different plays after the same answers, so
    that one tree shows both."""
    if isinstance(a, PlanStep) and isinstance(b, PlanStep):
        if (a.action, a.double_dummy, a.hand, a.wins, a.cut) != (
                b.action, b.double_dummy, b.hand, b.wins, b.cut):
            return False
        mine = {x.reply: _next(x) for x in a.branches}
        return all(_fits(mine[y.reply], _next(y)) for y in b.branches if y.reply in mine)
    return a == b


def _merge(a: _Next, b: _Next) -> _Next:
    """The tree of both ``a`` and ``b`` (which fit: :func:`_fits`)."""
    if not isinstance(a, PlanStep) or not isinstance(b, PlanStep):
        return a
    out = {x.reply: x for x in a.branches}
    for y in b.branches:
        x = out.get(y.reply)
        if x is None:
            out[y.reply] = y
            continue
        m = _merge(_next(x), _next(y))
        out[y.reply] = PlanBranch(x.reply, x.worlds | y.worlds,
                                  m if isinstance(m, PlanStep) else None, x.ends, x.hand)
    return PlanStep(a.action, a.worlds | b.worlds, tuple(out.values()), a.double_dummy,
                    a.hand, a.cut, a.wins)


def _groups(step: PlanStep) -> list[tuple[list[tuple[Action, ...]], _Next]]:
    """The answers to ``step`` in groups that one tree can show, each with that tree:
    answers of the same length (a card, or a card and his next lead) whose trees fit."""
    groups: list[tuple[list[tuple[Action, ...]], _Next]] = []
    for b in step.branches:
        n = _next(b)
        for i, (replies, tree) in enumerate(groups):
            if b.reply and len(replies[0]) == len(b.reply) and _fits(tree, n):
                groups[i] = ([*replies, b.reply], _merge(tree, n))
                break
        else:
            groups.append(([b.reply], n))
    return groups


def _cards_phrase(acts: Sequence[Action], name: Callable[[Action], str]) -> str:
    """The actions in words, "K♠ or J♠"; a card led both with and without its marriage
    named once, "K♣ (with or without 20)", or "K♣ or Q♣ (with or without 20)" when every
    card is."""
    cards: list[int] = []
    marriages: dict[int, int] = {}
    plain: set[int] = set()
    named: dict[int, Action] = {}
    for a in sorted(acts, key=lambda a: int(a.card or 0)):
        assert a.card is not None
        c = int(a.card)
        if c not in named:
            cards.append(c)
            named[c] = a
        if a.kind is ActionKind.MARRIAGE:
            marriages[c] = a.points
        else:
            plain.add(c)
    both = {c for c in cards if c in marriages and c in plain}
    points = {marriages[c] for c in both}
    if len(cards) > 1 and both == set(cards) and len(points) == 1:
        return TEXT["with_or_without"].format(
            card=_either([name(play(CARDS[c])) for c in cards]), points=points.pop())
    return _either([TEXT["with_or_without"].format(card=name(play(CARDS[c])),
                                                   points=marriages[c])
                    if c in both else name(named[c]) for c in cards])


def _replies_text(replies: Sequence[tuple[Action, ...]], every: bool,
                  name: Callable[[Action], str]) -> str:
    """The answers of a group in words: "then", "whatever he plays", "if he plays K♠ or
    Q♠ and leads K♣ (with or without 20)"."""
    if list(replies) == [()]:
        return TEXT["then"]
    if every and len(replies) > 1:
        return TEXT["whatever" if len(replies[0]) == 1 else "whatever_leads"]
    if len(replies[0]) == 1:
        return TEXT["if"].format(answers=_cards_phrase([r[0] for r in replies], name))

    def row(follows: Sequence[Action], leads: Sequence[Action]) -> str:
        return TEXT["and_leads"].format(
            reply=TEXT["if"].format(answers=_cards_phrase(follows, name)),
            leads=_cards_phrase(leads, name))

    def order(acts: set[Action]) -> list[Action]:
        return sorted(acts, key=lambda a: (int(a.card or 0), a.kind is ActionKind.MARRIAGE))

    # his card, then his lead: every card he may play with every card he may then lead
    # (but the one he played) in one row
    follows = order({r[0] for r in replies})
    leads = order({r[1] for r in replies})
    pairs = {(f.card, x.card) for f in follows for x in leads if f.card != x.card}
    if {(r[0].card, r[1].card) for r in replies} == pairs:
        return row(follows, leads)
    # else the cards that come with the same leads named together
    by_card: dict[Action, list[Action]] = {}
    for r in replies:
        by_card.setdefault(r[0], []).append(r[1])
    rows: dict[tuple[Action, ...], list[Action]] = {}
    for card, ls in by_card.items():
        rows.setdefault(tuple(ls), []).append(card)
    return _either([row(cs, ls) for ls, cs in rows.items()])


def _end_text(ends: str, hand: int, cards: Callable[[int], str]) -> str:
    if ends == "one":
        return TEXT["ends.one"].format(cards=cards(hand))
    return TEXT[f"ends.{ends}"] if ends else TEXT["go_on"]


def _tree(step: PlanStep, name: Callable[[Action], str], cards: Callable[[int], str],
          replies: tuple[tuple[Action, ...], ...] = (), decision: int = 1,
          lead: str = "") -> PlanLine:
    """The line of ``step`` (after the words ``lead``, "if he plays 10♦: ") and the lines
    under it."""
    text = TEXT["play"].format(action=name(step.action))
    if step.double_dummy:
        text += f" ({TEXT['for_one'].format(cards=cards(step.hand))})"
    elif step.wins:
        text = TEXT["then_this"].format(first=text, then=TEXT["ends.win"])
    groups = _groups(step)
    every = len(groups) == 1 and len(step.branches) > 1
    lines: list[PlanLine] = []
    if step.cut:
        lines.append(PlanLine(TEXT["cut"].format(depth=decision), decision=decision + 1))
    last = groups[0][1] if len(groups) == 1 else None
    if isinstance(last, tuple) and (every or groups[0][0] == [()]):
        # one end whatever he does: on the same line ("play A♠; whatever he plays: you
        # win"; "play K♦; the rest is forced: you win")
        rs = groups[0][0]
        end = _end_text(last[0], last[1], cards)
        rest = end if rs == [()] else TEXT["then_this"].format(
            first=_replies_text(rs, True, name), then=end)
        return PlanLine(TEXT["and_then"].format(first=lead + text, then=rest),
                        replies=replies, play=step.action, decision=decision)
    for rs, tree in groups:
        words = _replies_text(rs, every, name)
        if isinstance(tree, PlanStep):
            lines.append(_tree(tree, name, cards, tuple(rs), decision + 1,
                               TEXT["then_this"].format(first=words, then="")))
        else:
            lines.append(PlanLine(TEXT["then_this"].format(
                first=words, then=_end_text(tree[0], tree[1], cards)), replies=tuple(rs),
                decision=decision + 1))
    return PlanLine(lead + text, tuple(lines), replies, step.action, decision)


def _cut(line: PlanLine, depth: int) -> PlanLine:
    """``line`` with the lines of decisions past ``depth`` (0: none) left out, and a line
    that says so where the plan goes on."""
    if not depth or not line.lines:
        return line
    if line.decision >= depth and line.play is not None:
        return PlanLine(line.text, (PlanLine(TEXT["cut"].format(depth=depth),
                                             decision=line.decision + 1),),
                        line.replies, line.play, line.decision)
    return PlanLine(line.text, tuple(_cut(x, depth) for x in line.lines), line.replies,
                    line.play, line.decision)


# ----------------------------------------------------------------------------------------
# The search
# ----------------------------------------------------------------------------------------

class _Search:
    """One plan search: the planner ``me`` at ``pos``, the opponent's hands ``hands``."""

    def __init__(self, pos: Position, me: int, hands: Sequence[int], solver: Solver,
                 generation: int) -> None:
        import numpy as np

        self.me = me
        self.opp = 1 - me
        self.trump = pos.trump
        prof = pos.profile
        ranks = prof.marriage_ranks if prof.late_marriages else frozenset()
        self.ranks = {int(r) for r in ranks}
        self.rules = rules_array(prof)
        self.pack = prof.pack.size
        self.all_cards = (1 << self.pack) - 1
        self.must_head = prof.must_head
        self.closer = pos.closed_by
        self.t0z = int(pos.closed_by >= 0 and pos.closed_opp_tricks == 0)
        self.s0hi = int(pos.closed_by >= 0 and pos.closed_opp_score >= prof.schneider_below)
        # C4: the closer's opponent had no trick when the talon was closed. Mode 1: the
        # planner closed (the opponent's false claim concedes him 2, not 3); mode 2: the
        # planner is the opponent (his false claim loses 2, not 3).
        self.real = len(hands)
        # (a closing scored at the claim, 6C2, gives the closer 3 only while his opponent
        # has no trick: a false claim of that opponent, who leads, never pays)
        at_claim = prof.closed_scoring == "at_claim"
        self.at_claim = at_claim
        self.fc_mode = 0 if not self.t0z or at_claim else (1 if pos.closed_by == me else 2)
        copies = COPIES + 1 if self.fc_mode else 1
        self.split = COPIES * self.real if self.fc_mode else 1 << 30
        self.x_mask = ((1 << self.real) - 1) << self.split if self.fc_mode else 0
        self.hands = list(hands) * copies
        self.n = len(self.hands)
        self.words = (self.n + 31) // 32
        h = [0] * 24
        for i, hand in enumerate(self.hands):
            for c in range(24):
                if hand >> c & 1:
                    h[c] |= 1 << i
        self.holds = h
        self.played = pos.played
        self.solver = solver
        self.generation = generation
        self._np = np
        self._hands = np.zeros(self.words * 32, np.int64)
        self._hands[:self.n] = self.hands
        self._root = np.zeros(search.STATE, np.int64)
        self._out = np.zeros(self.words, np.int64)
        self.won_cache: dict[tuple[State, int], int] = {}
        self.table: dict[tuple[State, int], tuple[Front, int]] = {}
        self.beam_table: dict[tuple[State, int], tuple[Front, int]] = {}
        self.beam = 0
        self.fixed_table: dict[tuple[State, int], Element] = {}
        self.nodes = 0
        self.budget = 0
        self.limit = 0
        self.cap = 0
        self.work = 0
        self.exact = True
        o = self.opp
        self.root: State = (pos.hands[me], 0, 0 if pos.leader == me else 1, pos.lead,
                            pos.score(me), pos.score(o), pos.pending[me], pos.pending[o],
                            int(pos.tricks[me] > 0), int(pos.tricks[o] > 0))

    def drop_tables(self) -> None:
        """Forget the search's tables of fronts (what is kept answers :func:`_beat`)."""
        self.table = {}
        self.beam_table = {}
        self.fixed_table = {}

    # -- double dummy over many worlds ---------------------------------------------------------
    def won(self, st: State, ws: int) -> int:
        """The worlds of ``ws`` the planner wins at ``st`` seeing every card."""
        key = (st, ws)
        got = self.won_cache.get(key)
        if got is not None:
            return got
        np = self._np
        opl = st[1]
        o = self.opp
        self._root_at(st)
        r = self._root
        words = self.words
        mask = np.frombuffer(ws.to_bytes(4 * words, "little"), np.uint32).astype(np.int64)
        self.solver.worlds_won(r, o, self._hands, opl, mask, words, self.me == 0, self._out,
                               self.trump, self.rules, self.generation,
                               self.split, 3 if self.fc_mode == 1 else -2)
        u = int.from_bytes(self._out.astype(np.uint32).tobytes(), "little")
        self.won_cache[key] = u
        return u

    def amounts(self, st: State, won: int, stakes: tuple[int, int]) -> list[int]:
        """The planner's game points in each real world at ``st`` seeing every card, for a
        closing scored at the claim (6C2), where they depend on the play: ``won`` are the
        worlds he wins so; what the closer wins, or his opponent loses, is searched (at
        most ``stakes``), the rest is fixed by the stakes."""
        np = self._np
        words = self.words
        win, loss = stakes
        everything = (1 << self.real) - 1

        def reach(ws: int, need: int) -> int:
            if not ws:
                return 0
            mask = np.frombuffer(ws.to_bytes(4 * words, "little"), np.uint32).astype(
                np.int64)
            self._root_at(st)
            self.solver.worlds_won(self._root, self.opp, self._hands, st[1], mask, words,
                                   self.me == 0, self._out, self.trump, self.rules,
                                   self.generation, 0, need)
            return int.from_bytes(self._out.astype(np.uint32).tobytes(), "little")

        if self.closer == self.me:  # he wins 1 to win; each step up is asked of fewer
            two = reach(won, 2) if win > 1 else 0
            three = reach(two, 3) if win > 2 else 0
            return [(1 + (two >> i & 1) + (three >> i & 1)) if won >> i & 1 else -loss
                    for i in range(self.real)]
        lost = everything & ~won  # he loses 1 to loss; each step down asked of fewer
        one = reach(lost, -1) if loss > 1 else lost
        two = reach(lost & ~one, -2) if loss > 2 else lost & ~one
        return [win if won >> i & 1 else (-1 if one >> i & 1 else (-2 if two >> i & 1
                                                                  else -3))
                for i in range(self.real)]

    def _root_at(self, st: State) -> None:
        ph, _opl, ldr, lead, sp, so, pp, po, tp, to = st
        me, o = self.me, self.opp
        r = self._root
        r[me] = ph
        r[search.LDR] = me if ldr == 0 else o
        r[search.LEAD] = lead
        r[search.ND] = self.pack
        r[search.IND] = -1
        r[search.CB] = self.closer
        r[search.T0Z] = self.t0z
        r[search.S0HI] = self.s0hi
        r[search.SC0 + me] = sp
        r[search.SC0 + o] = so
        r[search.TR0 + me] = tp
        r[search.TR0 + o] = to
        r[search.PD0 + me] = pp
        r[search.PD0 + o] = po

    # -- the rules of the closed game ----------------------------------------------------------
    def _married(self, c: int, hand: int) -> bool:
        r = RANK_OF[c]
        return r in self.ranks and (r == 2 or r == 3) and bool(
            hand >> (c + 1 if r == 2 else c - 1) & 1)

    def lead_by_planner(self, st: State, c: int) -> tuple[int, State | None]:
        """The planner leads ``c`` (announcing the marriage when he can): ``(_WIN, None)``
        when the announcement brings a correct claim, else ``(_NODE, next state)``."""
        ph, opl, _ldr, _lead, sp, so, pp, po, tp, to = st
        rest = ph & ~(1 << c)
        if self._married(c, ph):
            add = 40 if SUIT_OF[c] == self.trump else 20
            if tp:
                if sp + add >= 66:
                    return _WIN, None
                return _NODE, (rest, opl, 0, c, sp + add, so, pp, po, tp, to)
            return _NODE, (rest, opl, 0, c, sp, so, pp + add, po, tp, to)
        return _NODE, (rest, opl, 0, c, sp, so, pp, po, tp, to)

    def lead_unannounced(self, st: State, c: int) -> State:
        """The planner leads the marriage card ``c`` without announcing the marriage."""
        ph, opl, _ldr, _lead, sp, so, pp, po, tp, to = st
        return (ph & ~(1 << c), opl, 0, c, sp, so, pp, po, tp, to)

    def lead_by_opponent(self, st: State, c: int, announced: bool) -> tuple[int, State | None]:
        """The opponent leads ``c`` (announced or not)."""
        ph, opl, _ldr, _lead, sp, so, pp, po, tp, to = st
        gone = opl | (1 << c)
        if announced:
            add = 40 if SUIT_OF[c] == self.trump else 20
            if to:
                if so + add >= 66:
                    return _LOSE, None
                return _NODE, (ph, gone, 1, c, sp, so + add, pp, po, tp, to)
            return _NODE, (ph, gone, 1, c, sp, so, pp, po + add, tp, to)
        return _NODE, (ph, gone, 1, c, sp, so, pp, po, tp, to)

    def trick(self, st: State, c: int) -> tuple[int, State | None]:
        """The follower plays ``c`` to the card led: the trick, a claim, or the last trick."""
        ph, opl, ldr, lead, sp, so, pp, po, tp, to = st
        if ldr == 1:
            ph &= ~(1 << c)
        else:
            opl |= 1 << c
        follower_wins = c < lead if SUIT_OF[c] == SUIT_OF[lead] else SUIT_OF[c] == self.trump
        w = (1 - ldr) if follower_wins else ldr
        pts = CARD_POINTS[lead] + CARD_POINTS[c]
        if w == 0:
            sp += pts + pp
            pp = 0
            tp = 1
            if sp >= 66:
                return _WIN, None
        else:
            so += pts + po
            po = 0
            to = 1
            if so >= 66:
                return _LOSE, None
        if ph == 0:  # the last trick, and no claim: the closer has failed (C3)
            return (_LOSE if self.closer == self.me else _WIN), None
        return _NODE, (ph, opl, w, -1, sp, so, pp, po, tp, to)

    def may_claim(self, st: State) -> bool:
        """Whether the planner may claim falsely at ``st`` to gain by it (C4): he is the
        closer's opponent, had no trick at closing, leads (so he has just won a trick),
        and the closer has a trick."""
        return self.fc_mode == 2 and st[2] == 0 and st[3] < 0 and st[9] == 1

    def planner_moves(self, st: State) -> list[int]:
        """The planner's legal cards (F2 when following), and his false claim where it
        can pay (:meth:`may_claim`)."""
        ph, _opl, _ldr, lead, *_ = st
        if lead < 0:
            allowed = ph
        else:
            same = ph & _SUIT[SUIT_OF[lead]]
            if same:
                allowed = (same & (1 << lead) - 1 or same) if self.must_head else same
            else:
                allowed = ph & _SUIT[self.trump] or ph
        cards = [c for c in range(24) if allowed >> c & 1]
        return [*cards, _FALSE_CLAIM] if self.may_claim(st) else cards

    def forced(self, st: State) -> bool:
        """Whether the planner has no choice left at ``st``: one card, and no false claim
        of his own now or later (after the opponent's answer he may lead again)."""
        if st[0] & (st[0] - 1):
            return False
        if self.fc_mode != 2:
            return True
        return (st[2] == 0) == (st[3] < 0) and not self.may_claim(st)

    def opponent_moves(self, st: State, ws: int) -> list[tuple[int, int]]:
        """The opponent's possible actions at ``st`` as ``(code, worlds where he may take
        it)``, for the worlds ``ws``."""
        ph, opl, _ldr, lead, *_ = st
        unseen = self.all_cards & ~(self.played | opl | ph)
        holds = self.holds
        cards = _BITS[unseen & 0xFFF] + [c + 12 for c in _BITS[unseen >> 12]]
        out: list[tuple[int, int]] = []
        if lead < 0:
            for c in cards:
                hc = holds[c] & ws
                if not hc:
                    continue
                r = RANK_OF[c]
                if (r == 2 or r == 3) and r in self.ranks:
                    partner = c + 1 if r == 2 else c - 1
                    hp = holds[partner] & ws if unseen >> partner & 1 else 0
                    if hc & hp:
                        out.append((c + _MARRIED, hc & hp))
                # Holding the marriage he may still lead the card without announcing it,
                # which shows less: seeing every card that is never better, but against a
                # plan it may be.
                out.append((c, hc))
            return out
        ls = SUIT_OF[lead]
        trump = self.trump
        head = self.must_head
        any_suit = any_higher = any_trump = 0
        for c in cards:
            s = SUIT_OF[c]
            if s == ls:
                any_suit |= holds[c]
                if c < lead and head:
                    any_higher |= holds[c]
            if s == trump:
                any_trump |= holds[c]
        for c in cards:
            hc = holds[c] & ws
            if not hc:
                continue
            s = SUIT_OF[c]
            if s == ls:
                lc = hc if c < lead or not head else hc & ~any_higher
            elif s == trump:
                lc = hc & ~any_suit
            else:
                lc = hc & ~any_suit & ~any_trump
            if lc:
                out.append((c, lc))
        return out

    def after(self, st: State, code: int) -> tuple[int, State | None]:
        """The result of the action ``code`` of the player to move at ``st``."""
        ldr, lead = st[2], st[3]
        if lead >= 0:
            return self.trick(st, code)
        if ldr == 0:
            if code == _FALSE_CLAIM:
                return _CLAIMED, None
            return self.lead_by_planner(st, code)
        return self.lead_by_opponent(st, code & 31, code >= _MARRIED)

    # -- fronts --------------------------------------------------------------------------------
    def front(self, st: State, ws: int, threshold: int) -> Front:
        """The sets of worlds of ``ws`` that plans from ``st`` win (each maximal), those of
        more than ``threshold`` worlds only, largest first."""
        if _count(ws) <= threshold:
            return []
        u = self.won(st, ws)
        if _count(u) <= threshold:
            return []
        if u == 0:
            return [(0, None)]
        if u & (u - 1) == 0:
            return [(u, _DD)]
        if self.forced(st):
            return [(u, _FORCED)]
        key = (st, u)
        table = self.beam_table if self.beam else self.table
        got = table.get(key)
        if got is not None and got[1] <= threshold:
            return [e for e in got[0] if _count(e[0]) > threshold]
        self.nodes += 1
        self.work += 1
        self._check_work()
        ldr, lead = st[2], st[3]
        if (ldr == 0) == (lead < 0):
            res = self._planner_node(st, u, threshold)
        else:
            res = self._opponent_node(st, u, threshold)
        if self.beam:
            res = res[:self.beam]
        table[key] = (res, threshold)
        return res

    # -- work --------------------------------------------------------------------------------
    def _cut(self, items: list[Any], threshold: int) -> list[Any]:
        """:func:`_reduce`, its work counted."""
        return self._charge(items, _reduce(items, threshold))

    def _charge(self, items: list[Any], out: list[Any]) -> list[Any]:
        """Count the work of cutting ``items`` down to ``out`` (about a node for every
        thousand comparisons of two sets); past the budget, stop the search."""
        self.work += len(items) * (len(out) + 1) // 1000
        self._check_work()
        return out

    def _check_work(self) -> None:
        """Stop the search past the exact search's budget, or past the cap on the whole."""
        if (self.budget and self.work > self.limit and not self.beam) or \
                (self.cap and self.work > self.cap):
            raise _OverBudget

    def _won_after(self, kind: int, nst: State | None, ws: int) -> int:
        """The worlds of ``ws`` won double-dummy after an action that led to ``kind``."""
        if kind == _WIN:
            return ws
        if kind == _CLAIMED:
            return ws & self.x_mask
        if kind == _LOSE or nst is None:
            return 0
        return self.won(nst, ws)

    def _child(self, kind: int, nst: State | None, ws: int, threshold: int) -> Front:
        if kind == _WIN:
            return [(ws, None)] if _count(ws) > threshold else []
        if kind == _CLAIMED:
            return [(ws & self.x_mask, None)] if _count(ws & self.x_mask) > threshold else []
        if kind == _LOSE:
            return [(0, None)] if threshold < 0 else []
        assert nst is not None
        return self.front(nst, ws, threshold)

    def _planner_node(self, st: State, u: int, threshold: int) -> Front:
        kids = []
        for c in self.planner_moves(st):
            kind, nst = self.after(st, c)
            if kind == _WIN:
                return [(u, ("p", c, None))]
            cu = self._won_after(kind, nst, u)
            kids.append((_count(cu), c, kind, nst, cu))
        kids.sort(key=lambda k: -k[0])
        acc: Front = []
        for n, c, kind, nst, cu in kids:
            if n <= threshold:
                break
            if any(cu & ~e[0] == 0 for e in acc):
                continue  # everything this move can win, another already wins
            f = self._child(kind, nst, u, threshold)
            acc = self._cut(acc + [(el[0], ("p", c, el)) for el in f], threshold)
            if acc and acc[0][0] == u:
                break
        return acc

    def _answers(self, st: State, u: int, threshold: int
                 ) -> tuple[int, list[tuple[int, int, list[tuple[int, Element]]]]] | None:
        """The fronts of the opponent's answers at ``st`` (worlds ``u``): ``(reach,
        answers)`` with each answer as ``(code, its worlds, [(set, element)])``, every
        set cut down to ``reach`` (the worlds some combination can still win); None when
        no combination can win more than ``threshold`` worlds."""
        kids = []
        for code, lc in self.opponent_moves(st, u):
            kind, nst = self.after(st, code)
            cu = self._won_after(kind, nst, lc)
            lost = _count(lc & ~cu)
            kids.append((-lost / _count(lc), code, lc, kind, nst))
        kids.sort(key=lambda k: k[0])
        reach = u
        answers: list[tuple[int, int, list[tuple[int, Element]]]] = []
        for _, code, lc, kind, nst in kids:
            outside = _outside_bound(answers, lc, reach)
            f = self._child(kind, nst, lc & reach, threshold - outside)
            if not f:
                return None
            union = 0
            for el in f:
                union |= el[0]
            reach &= union | ~lc
            if _count(reach) <= threshold:
                return None
            answers.append((code, lc, [(el[0], el) for el in f]))
        # Cut the answers' sets down to ``reach`` (exact for every combination that can
        # pass the threshold) and drop those that cannot pass it whatever the other
        # answers do, until nothing changes; cut sets often coincide.
        while True:
            tight: list[tuple[int, int, list[tuple[int, Element]]]] = []
            new_reach = reach
            for i, (code, lc, g0) in enumerate(answers):
                others = answers[:i] + answers[i + 1:]
                need = threshold - _outside_bound(others, lc, reach)
                g = self._cut([(y & reach, el) for y, el in g0], need)
                if not g:
                    return None
                union = 0
                for x, _ in g:
                    union |= x
                new_reach &= union | ~lc
                tight.append((code, lc, g))
            if new_reach == reach and all(len(a[2]) == len(b[2])
                                          for a, b in zip(tight, answers, strict=True)):
                return reach, tight
            answers = tight
            reach = new_reach
            if _count(reach) <= threshold:
                return None

    def _opponent_node(self, st: State, u: int, threshold: int) -> Front:
        got = self._answers(st, u, threshold)
        if got is None:
            return []
        reach, tight = got
        tight.sort(key=lambda t: len(t[2]))
        partial: list[tuple[int, tuple[tuple[int, How], ...]]] = [(reach, ())]
        for code, lc, g in tight:
            rest = ~lc
            prod = [(x & (y | rest), (*pairs, (code, el))) for x, pairs in partial
                    for y, el in g]
            partial = self._cut(prod, threshold)
            if not partial:
                return []
            if self.beam:
                partial = partial[:self.beam]
        return [(x, ("o", pairs)) for x, pairs in partial]

    def _opponent_best(self, st: State, u: int, threshold: int) -> Element | None:
        """The one combination of answers that wins the most worlds (more than
        ``threshold``); None when there is none.

        The answers are combined one at a time; a world whose answers have all been
        combined is only counted from then on, so partial combinations that differ only
        in such worlds are compared by their counts (this node's worlds are shared with
        no other branch)."""
        got = self._answers(st, u, threshold)
        if got is None:
            return None
        reach, tight = got
        order = _answer_order(tight)
        n = len(order)
        later = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            later[j] = later[j + 1] | order[j][1]
        Pairs = tuple[tuple[int, int, int, Element], ...]
        partial: list[tuple[int, int, Pairs]] = [(reach, 0, ())]
        for j, (code, lc, g) in enumerate(order):
            rest = ~lc
            open_ = later[j + 1]
            new: list[tuple[int, int, Pairs]] = []
            for x, k, pairs in partial:
                for y, el in g:
                    x2 = x & (y | rest)
                    k2 = k + _count(x2 & ~open_)
                    x2 &= open_
                    if k2 + _count(x2) > threshold:
                        new.append((x2, k2, (*pairs, (code, lc, y, el))))
            partial = self._charge(new, _reduce_counted(new))
            if not partial:
                return None
        _, k, pairs = max(partial, key=lambda t: t[1])
        won = reach
        for _, lc, y, _ in pairs:
            won &= y | ~lc
        return (won, ("o", tuple((code, el) for code, _, _, el in pairs)))

    def scalar_best(self, st: State, ws: int, threshold: int) -> Element | None:
        """A plan from ``st`` winning the most worlds of ``ws``, if more than
        ``threshold``: as :meth:`front` but keeping only the largest set, which needs no
        front above the first of the opponent's choices."""
        if _count(ws) <= threshold:
            return None
        u = self.won(st, ws)
        if _count(u) <= threshold:
            return None
        if u == 0:
            return (0, None)
        if u & (u - 1) == 0:
            return (u, _DD)
        if self.forced(st):
            return (u, _FORCED)
        ldr, lead = st[2], st[3]
        if (ldr == 0) != (lead < 0):
            return self._opponent_best(st, u, threshold)
        kids = []
        for c in self.planner_moves(st):
            kind, nst = self.after(st, c)
            if kind == _WIN:
                return (u, ("p", c, None))
            cu = self._won_after(kind, nst, u)
            kids.append((_count(cu), c, kind, nst))
        kids.sort(key=lambda k: -k[0])
        found: Element | None = None
        for n, c, kind, nst in kids:
            if n <= threshold:
                break
            if kind == _CLAIMED:
                found = (u & self.x_mask, ("p", c, (u & self.x_mask, None)))
                threshold = n
                continue
            if kind != _NODE or nst is None:
                continue
            e = self.scalar_best(nst, u, threshold)
            if e is not None and _count(e[0]) > threshold:
                found = (e[0], ("p", c, e))
                threshold = _count(e[0])
                if e[0] == u:
                    break
        return found

    # -- a fixed plan: the double-dummy majority at each decision -------------------------------
    def fixed(self, st: State, ws: int) -> Element:
        """What the plan "play the move that wins the most worlds seeing every card"
        (perfect-information Monte Carlo over all worlds) wins from ``st`` in ``ws``."""
        u = self.won(st, ws)
        if u == 0:
            return (0, None)
        if u & (u - 1) == 0:
            return (u, _DD)
        if self.forced(st):
            return (u, _FORCED)
        key = (st, u)
        got = self.fixed_table.get(key)
        if got is not None:
            return got
        ldr, lead = st[2], st[3]
        res: Element
        if (ldr == 0) == (lead < 0):
            best = None
            for c in self.planner_moves(st):
                kind, nst = self.after(st, c)
                if kind == _WIN:
                    best = (u.bit_count() + 1, c, kind, nst)
                    break
                n = _count(self._won_after(kind, nst, u))
                if best is None or n > best[0]:
                    best = (n, c, kind, nst)
            assert best is not None
            _, c, kind, nst = best
            if kind == _WIN:
                res = (u, ("p", c, None))
            elif kind == _LOSE:
                res = (0, ("p", c, None))
            elif kind == _CLAIMED:
                res = (u & self.x_mask, ("p", c, None))
            else:
                assert nst is not None
                e = self.fixed(nst, u)
                res = (e[0], ("p", c, e))
        else:
            x = u
            pairs: list[tuple[int, How]] = []
            for code, lc in self.opponent_moves(st, u):
                kind, nst = self.after(st, code)
                if kind == _WIN:
                    e = (lc, None)
                elif kind == _LOSE:
                    e = (0, None)
                else:
                    assert nst is not None
                    e = self.fixed(nst, lc)
                x &= e[0] | ~lc
                pairs.append((code, e))
            res = (x, ("o", tuple(pairs)))
        self.fixed_table[key] = res
        return res

    # -- the best plan ---------------------------------------------------------------------------
    def best(self, st: State, ws: int) -> Element:
        """A plan from ``st`` that wins the most worlds of ``ws``, as an element."""
        u = self.won(st, ws)
        if u == 0:
            f = self.front(st, u, -1)
            return f[0]
        base = self.fixed(st, u)
        if base[0] == u:
            return base
        if self.cap and self.work > self.cap:  # spent by the searches before this one
            self.exact = False
            return base
        self.beam = BEAM
        try:
            f = self.front(st, u, _count(base[0]))
        except _OverBudget:  # past the cap on the whole search: the fixed plan
            self.exact = False
            return base
        finally:
            self.beam = 0
        if f and _count(f[0][0]) > _count(base[0]):
            base = f[0]
        # The best is between what ``base`` wins and what double dummy wins. The quick
        # search is usually right: one exact search above it proves it or finds the best
        # (the largest set above a threshold is the largest of all). When the gap is wide,
        # one search above its middle first keeps that search's fronts small.
        low, high = _count(base[0]), _count(u)
        self.limit = self.work + self.budget
        try:
            if high - low > WIDE_GAP:
                e = self.scalar_best(st, u, (low + high) // 2)
                if e is not None:
                    return e
            e = self.scalar_best(st, u, low)
        except _OverBudget:
            self.exact = False
            return base
        if e is not None:
            return e
        return base


# ----------------------------------------------------------------------------------------
# Reading a plan off the search
# ----------------------------------------------------------------------------------------

def _action(s: _Search, st: State, c: int) -> Action:
    """The planner's action for card ``c`` at ``st`` (a marriage when he leads one; his
    false claim for :data:`_FALSE_CLAIM`)."""
    if c == _FALSE_CLAIM:
        from ..games.twohand.rules import CLAIM

        return CLAIM
    if st[3] < 0 and s._married(c, st[0]):
        return marriage(CARDS[c], 40 if SUIT_OF[c] == s.trump else 20)
    return play(CARDS[c])


def _opponent_action(s: _Search, code: int) -> Action:
    c = code & 31
    if code >= _MARRIED:
        return marriage(CARDS[c], 40 if SUIT_OF[c] == s.trump else 20)
    return play(CARDS[c])


def _dd_action(s: _Search, st: State, ws: int) -> Action:
    """The double-dummy move of the planner at ``st`` in the one world ``ws``: the first of
    his moves after which that world is still won."""
    for c in s.planner_moves(st):
        kind, nst = s.after(st, c)
        if s._won_after(kind, nst, ws):
            return _action(s, st, c)
    return _action(s, st, s.planner_moves(st)[0])


def _his_cards(s: _Search, st: State, ws: int) -> int:
    """The cards the opponent holds at ``st`` in the one world ``ws``."""
    return s.hands[ws.bit_length() - 1] & ~st[1]


def _beating_line(s: _Search, st: State, e: Element | None, world: int
                  ) -> tuple[Action, ...]:
    """How the opponent beats the plan ``e`` from ``st`` in ``world`` (an index), to the
    end of the deal: the planner plays the plan while it says what to play (then, as the
    world is lost, his first legal card; for one world left, double dummy for it); the
    opponent's answers are searched for a line that beats it, those the plan does not
    count as won first. Empty when none is found (a plan cut short by its budget may
    win more than it promises)."""
    b = 1 << world
    found = _beat(s, st, e, b, 0)
    return tuple(found) if found is not None else ()


def _beat(s: _Search, st: State, e: Element | None, b: int, depth: int
          ) -> list[Action] | None:
    """A line from ``st`` by which the opponent beats the plan ``e`` in world ``b``."""
    if depth > 40:
        return None
    how = e[1] if e is not None else None
    ldr, lead = st[2], st[3]
    if (ldr == 0) == (lead < 0):  # the planner follows the plan
        nxt: Element | None = None
        if isinstance(how, tuple) and how and how[0] == "p":
            code, nxt = how[1], how[2]
        elif how is _DD and e is not None:
            w0 = e[0]
            code = next((c for c in s.planner_moves(st)
                         if s._won_after(*s.after(st, c), w0)), s.planner_moves(st)[0])
            nxt = e
        else:
            code = s.planner_moves(st)[0]
        kind, nst = s.after(st, code)
        if kind == _LOSE:
            return [_action(s, st, code)]
        if kind == _WIN or nst is None:
            return None
        rest = _beat(s, nst, nxt if how is not _DD else e, b, depth + 1)
        return None if rest is None else [_action(s, st, code), *rest]
    pairs = dict(how[1]) if isinstance(how, tuple) and how and how[0] == "o" else {}
    legal = [c for c, _ in s.opponent_moves(st, b)]
    legal.sort(key=lambda c: c in pairs and bool(pairs[c][0] & b))
    for c in legal:
        kind, nst = s.after(st, c)
        if kind == _LOSE:
            return [_opponent_action(s, c)]
        if kind == _WIN or nst is None:
            continue
        rest = _beat(s, nst, pairs.get(c), b, depth + 1)
        if rest is not None:
            return [_opponent_action(s, c), *rest]
    return None


def _all_won(s: _Search, st: State, reach: int) -> bool:
    """Whether the planner wins at ``st`` in every world of ``reach`` (every world that
    agrees with what he has seen), seeing every card."""
    real = reach & ~s.x_mask
    return bool(real) and s.won(st, real) == real


def _step(s: _Search, st: State, e: Element, depth: int, reach: int) -> PlanStep | None:
    """The plan at the planner's node ``st`` from its element ``e``, ``depth`` of his
    decisions deep (0: all of them); ``reach`` are the worlds that agree with what he has
    seen on the way here."""
    ws, how = e
    if how is None:
        return None
    if how is _DD:
        return PlanStep(_dd_action(s, st, ws), ws, (), True, hand=_his_cards(s, st, ws))
    if how is _FORCED:
        return PlanStep(_action(s, st, s.planner_moves(st)[0]), ws,
                        wins=_all_won(s, st, reach))
    _, c, child = how
    act = _action(s, st, c)
    kind, nst = s.after(st, c)
    if child is None or kind != _NODE or nst is None:
        return PlanStep(act, ws, wins=kind == _WIN)
    if depth == 1:
        return PlanStep(act, ws, cut=True)
    branches: list[PlanBranch] = []
    _below(s, nst, child, (), branches, depth - 1 if depth > 1 else 0, reach)
    return PlanStep(act, ws, tuple(branches))


def _below(s: _Search, st: State, e: Element, reply: tuple[Action, ...],
           branches: list[PlanBranch], depth: int, reach: int) -> None:
    """The branches of the plan from node ``st`` (element ``e``), reached after the
    opponent's actions ``reply`` since the planner's last decision, in the worlds
    ``reach``."""
    ws, how = e
    ldr, lead = st[2], st[3]
    if (ldr == 0) == (lead < 0):  # the planner decides next
        branches.append(PlanBranch(reply, ws, _step(s, st, e, depth, reach)))
        return
    if how is None:
        branches.append(PlanBranch(reply, ws, None, "lost"))
        return
    if how is _FORCED:
        branches.append(PlanBranch(reply, ws, None,
                                   "forced win" if _all_won(s, st, reach) else "forced"))
        return
    if how is _DD:  # one world left: each of his answers in it, and the planner's reply
        pairs: tuple[tuple[int, Element], ...] = tuple(
            (code, (s._won_after(*s.after(st, code), lc), _DD))
            for code, lc in s.opponent_moves(st, ws))
        if not pairs:
            branches.append(PlanBranch(reply, ws, None, "one", _his_cards(s, st, ws)))
            return
    else:
        pairs = how[1]
    where = dict(s.opponent_moves(st, reach))
    for code, ce in pairs:
        a = _opponent_action(s, code)
        kind, nst = s.after(st, code)
        if kind != _NODE or nst is None:
            branches.append(PlanBranch((*reply, a), ce[0], None,
                                       "win" if kind == _WIN else "lose"))
        else:
            if how is _DD and ce[0] == 0:
                ce = (0, None)
            _below(s, nst, ce, (*reply, a), branches, depth, reach & where.get(code, 0))


# ----------------------------------------------------------------------------------------
# The entry point
# ----------------------------------------------------------------------------------------

_LOCAL = threading.local()


def _plan_solver(compiled: bool | None) -> Solver:
    key = "plan_solver" if compiled is None else f"plan_solver_{compiled}"
    s: Solver | None = getattr(_LOCAL, key, None)
    if s is None:
        s = Solver(compiled=compiled)
        setattr(_LOCAL, key, s)
    return s


def _generation(solver: Solver, pos: Position) -> int:
    """One table generation per trump and profile, kept while they stay the same."""
    key = (pos.trump, pos.profile, id(solver))
    got: tuple[tuple[object, ...], int] | None = getattr(_LOCAL, "plan_generation", None)
    if got is not None and got[0] == key and solver._deal is None:
        return got[1]
    g = solver.new_generation()
    _LOCAL.plan_generation = (key, g)
    return g


def closed_plan(pos: Position, seat: Seat | int, hands: Sequence[int], *,
                depth: int = 3, every_action: bool = False,
                compiled: bool | None = None, budget: int = 0, cap: int = 0) -> ClosedPlan:
    """The best plan of ``seat`` at ``pos`` in the closed game, against each of ``hands``.

    ``pos`` has the talon closed and ``seat`` to move (to lead, or to follow); only what
    ``seat`` may see of it is used. ``hands`` are the hands the opponent may hold now
    (bit masks, each equally likely; see :func:`schnapsen_lab.worlds.opponent_hands`).
    ``depth`` is how many of the planner's decisions the returned plan shows (0: all).
    With ``every_action``, each legal action's best plan is searched too
    (:attr:`ClosedPlan.action_values`). ``compiled`` chooses the double-dummy solver as in
    :class:`Solver`. ``budget`` (work, about one unit a node; 0: none) bounds the exact
    search, deterministically: past it the
    best plan found so far is returned, with :attr:`ClosedPlan.exact` False. ``cap``
    (work, 0: none) bounds the whole call the same way: the quick first pass and, with
    ``every_action``, every action's search included; past it each search still to come
    gives the plan that plays the move winning the most worlds seeing every card. Raise
    ValueError when the talon is not closed or ``seat`` is not to move.
    """
    me = int(seat)
    if pos.closed_by < 0:
        raise ValueError("the talon is not closed: plans are for the closed game")
    if pos.outcome is not None or pos.to_move != me:
        raise ValueError(f"{Seat(me)} is not to move here")
    if pos.lead >= 0 and pos.lead_marriage and pos.claim_by == pos.leader \
            and pos.claim_is_correct(pos.leader):
        raise ValueError("the leader claims here (a correct claim is made at once)")
    if not hands:
        raise ValueError("no opponent hand to plan against")
    size = bin(pos.hands[1 - me]).count("1")
    seen = pos.hands[me] | pos.played
    for h in hands:
        if h & seen or bin(h).count("1") != size:
            raise ValueError("an opponent hand overlaps the cards seen or has the wrong size")
    stakes = closed_stakes(pos, me)
    _win, _loss = stakes
    collecting = gc.isenabled()
    gc.disable()  # the search makes no cycles; the collector's passes over its tables cost
    try:
        return _closed_plan(pos, me, hands, depth, every_action, compiled, stakes, budget,
                            cap)
    finally:
        if collecting:
            gc.enable()


def _won_first(s: _Search, kind: int, nst: State | None, ws: int) -> int:
    """The worlds of ``ws`` the best plan wins after a first action that led to ``kind``."""
    if kind == _WIN:
        return ws
    if kind == _CLAIMED:
        return ws & s.x_mask
    if kind == _LOSE or nst is None or not ws:
        return 0
    return s.best(nst, ws)[0]


def _closed_plan(pos: Position, me: int, hands: Sequence[int], depth: int,
                 every_action: bool, compiled: bool | None, stakes: tuple[int, int],
                 budget: int, cap: int) -> ClosedPlan:
    win, loss = stakes
    solver = _plan_solver(compiled)
    s = _Search(pos, me, hands, solver, _generation(solver, pos))
    if pos.profile.hand_size > 5:
        budget = budget and max(1, budget // SIX_CARD_WORK)
        cap = cap and max(1, cap // SIX_CARD_WORK)
    s.budget = budget
    s.cap = cap and max(1, cap * CAP_WORDS // s.words)
    everything = (1 << s.n) - 1
    st = s.root
    if pos.lead < 0 and pos.claim_by == me and pos.claim_is_correct(me):
        from ..games.twohand.rules import CLAIM

        plan: PlanStep | None = PlanStep(CLAIM, everything)
        e: Element | None = None
        won = everything
        dd = everything
    else:
        dd = s.won(st, everything)
        e = s.best(st, everything)
        won = e[0]
        plan = _step(s, st, e, depth, everything) if won else None
    # 6C2: a closing scored at the claim brings what the closer's opponent's score and
    # tricks then give: where the closer wins, his points are those of play seeing every
    # card (at most the stakes; the plan may get less); the failed closer's loss is fixed
    amounts = s.amounts(st, dd, stakes) if s.at_claim else None
    closer = pos.closed_by == me

    def values(mask: int) -> tuple[int, ...]:
        if amounts is not None:
            if closer:
                return tuple(amounts[i] if mask >> i & 1 else -loss
                             for i in range(len(hands)))
            return tuple(win if mask >> i & 1 else (amounts[i] if amounts[i] < 0 else -loss)
                         for i in range(len(hands)))
        if s.fc_mode == 1:  # won 3, or 2 after his false claim (the middle copy alone)
            return tuple((win if mask >> (s.split + i) & 1 else 2) if mask >> i & 1
                         else -loss for i in range(len(hands)))
        if s.fc_mode == 2:  # lost 3, or 2 by the planner's false claim
            return tuple(win if mask >> i & 1 else (-2 if mask >> (s.split + i) & 1
                                                    else -loss) for i in range(len(hands)))
        return tuple(win if mask >> i & 1 else -loss for i in range(len(hands)))

    per_action: list[tuple[Action, tuple[int, ...]]] = []
    if every_action and (plan is None or plan.action.kind is not ActionKind.CLAIM):
        for c in s.planner_moves(st):
            kind, nst = s.after(st, c)
            per_action.append((_action(s, st, c), values(_won_first(s, kind, nst, dd))))
            if st[3] < 0 and s._married(c, st[0]):  # the same card led unannounced
                plain = s.lead_unannounced(st, c)
                per_action.append((play(CARDS[c]),
                                   values(_won_first(s, _NODE, plain, s.won(plain, dd)))))
    def lines() -> tuple[tuple[int, tuple[Action, ...]], ...]:
        return tuple((i, _beating_line(s, st, e, i)) for i in range(len(hands))
                     if not won >> i & 1)

    s.drop_tables()  # the lines need the worlds' double-dummy answers only
    return ClosedPlan(
        seat=Seat(me),
        hands=tuple(hands),
        achieved=values(won),
        double_dummy=values(dd),
        plan=plan,
        stakes=stakes,
        action_values=tuple(per_action),
        exact=s.exact,
        leads=pos.lead < 0,
        trump=pos.trump,
        beaten=lines,
    )

