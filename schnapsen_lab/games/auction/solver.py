"""A perfect-information solver for the play of a deal with a round of calls, for three
or four seats (BAUERN.md BP-BG, DREIER.md 3P-3G).

With every hand known, :func:`solve` gives the exact value of the rest of a deal in game
points from side 0's point of view (positive when side 0 wins), the players of a side
playing together: side 0 maximises, side 1 minimises. The sides are whatever the deal
says: two fixed pairs, forehand and a called partner against two, or one declarer
against two. Cards out of play (a talon laid away, 3T2) are simply in no hand. The
goals are the contracts':

- the normal game (BE, 3E): a side's race to 66 and its game points (BG1-BG3, 3G1-3G3);
- Schnapser and Kontraschnapser (BK2, 3K2): 66 of the declarer's own within three tricks;
- Gang, Bauernschnapser and Kontrabauernschnapser (BK3, 3K3): every trick to the
  declarer himself (Gang without trumps, BK4, 3K5);
- Bettler (3K4): no trick to the declarer (without trumps);
- a standing spritze doubles the deal's game points (BA4, BG4, 3G5).

Conventions, as for the two-player solver (docs/solver.md): a correct claim is made as
soon as BE2 allows it, and a false claim is never made. Announcing a marriage when
leading its king or queen is always at least as good for the announcer's side as not
announcing (the points only help it), so the search announces every marriage it may
where the points count; :func:`action_values` still values each legal action apart.

The search runs on its own compact state (:class:`Deal`); :func:`state_of` builds one
from a referee's :class:`~schnapsen_lab.games.auction.rules.AuctionPosition` (the one
source of truth; tests/test_bauern_solver.py and tests/test_dreier_strong.py check the two
agree against a plain minimax over the referee), and
:func:`schnapsen_lab.games.auction.worlds.state_of_world` builds one from a seat's view
and a sampled world.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ...cards import CARD_POINTS, RANK_OF, SUIT_OF
from ...tricks import follow_mask, won_deal_points
from .rules import Action, AuctionPosition, Call, End, Kind, Phase

__all__ = [
    "ALL_TRICKS",
    "CLOCK_EVERY",
    "NORMAL",
    "NO_TRICKS",
    "SCHNAPSER",
    "Deal",
    "NodeBudget",
    "OutOfBudget",
    "action_values",
    "contract_code",
    "solve",
    "spritze_multiplier",
    "state_of",
]

NORMAL, SCHNAPSER, ALL_TRICKS, NO_TRICKS = 0, 1, 2, 3
"""The goal codes: the normal game's race to 66; 66 of the declarer's own within three
tricks (Schnapser, Kontraschnapser); every trick to the declarer (Gang, Bauernschnapser,
Kontrabauernschnapser); no trick to the declarer (Bettler)."""

_SUIT, _RANK = SUIT_OF, RANK_OF

_INF = 1_000
_NEVER = 1 << 62

CLOCK_EVERY = 4096
"""Nodes between two looks at the clock when a :class:`NodeBudget` has a deadline."""


class OutOfBudget(Exception):
    """A search stopped because its :class:`NodeBudget` was spent (or its deadline
    passed); the value it was computing is unknown and the state it searched is left
    mid-play (the searches work on copies)."""


class NodeBudget:
    """The work one decision may still spend on searches, shared by all of them.

    ``nodes``: search nodes left (None: no limit); a search expands at most that many
    nodes and raises :class:`OutOfBudget` when it would expand one more, so a budget is
    respected exactly and the same search stops at the same node on any machine.
    ``deadline``: a :func:`time.process_time` value after which searches raise
    :class:`OutOfBudget` too (None: none); looked at every :data:`CLOCK_EVERY` nodes,
    a guard for a much slower machine (it makes the stop depend on the clock).
    ``spent`` counts the nodes every search charged to the budget.
    """

    __slots__ = ("deadline", "left", "spent")

    def __init__(self, nodes: int | None = None, deadline: float | None = None) -> None:
        if nodes is not None and nodes < 0:
            raise ValueError("a node budget is not negative")
        self.left = nodes
        self.deadline = deadline
        self.spent = 0

    def charge(self, nodes: int) -> None:
        """Take ``nodes`` searched off the budget."""
        self.spent += nodes
        if self.left is not None:
            self.left -= nodes

    @property
    def exhausted(self) -> bool:
        """Whether no node is left, or the deadline has passed."""
        return ((self.left is not None and self.left <= 0)
                or (self.deadline is not None and time.process_time() > self.deadline))


def contract_code(contract: Call | None) -> int:
    """The goal code of a contract (None: the normal game)."""
    if contract is None:
        return NORMAL
    if contract.no_tricks:
        return NO_TRICKS
    return ALL_TRICKS if contract.all_tricks else SCHNAPSER


def spritze_multiplier(spritzer: int, holder: int, side: tuple[int, ...]) -> int:
    """2 when a spritze said by ``spritzer`` stands against the holder of the game played
    (BA4: the holder is not on the spritzer's side), else 1; ``spritzer`` -1 for none."""
    if spritzer < 0:
        return 1
    return 2 if side[spritzer] != side[holder] else 1


@dataclass(slots=True)
class Deal:
    """The play of a deal, all hands known: what the solver searches.

    ``hands`` are card masks by seat (three or four seats: as many as ``hands``);
    ``side`` the side (0 or 1) of each seat; ``goal`` one of :data:`NORMAL`,
    :data:`SCHNAPSER`, :data:`ALL_TRICKS`, :data:`NO_TRICKS` with
    ``declarer`` (-1 in the normal game) and ``value`` (the contract's game points);
    ``mult`` 2 when a spritze stands; ``turn`` the seat to play; ``table`` the trick's
    cards so far (led by ``leader``), ``best``/``best_seat`` the card winning it;
    ``points``, ``won``, ``marriages`` per seat; ``tricks`` played; ``must_head`` BF1's
    duty to beat; ``result`` the value once the deal is decided (side 0's game points);
    ``deal_tricks`` the tricks of a whole deal (5, or 6 with 24 cards, BN5; 6 for three
    seats, 3D2).
    """

    hands: list[int]
    trump: int
    side: tuple[int, ...]
    goal: int = NORMAL
    declarer: int = -1
    value: int = 0
    mult: int = 1
    leader: int = 0
    turn: int = 0
    table: tuple[int, ...] = ()
    best: int = -1
    best_seat: int = -1
    points: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    marriages: list[int] = field(default_factory=list)
    tricks: int = 0
    must_head: bool = False
    result: int | None = None
    deal_tricks: int = 5

    def __post_init__(self) -> None:
        n = len(self.hands)
        for counts in (self.points, self.won, self.marriages):
            if not counts:
                counts.extend([0] * n)

    @property
    def seats(self) -> int:
        """The number of seats (3 or 4)."""
        return len(self.hands)

    def copy(self) -> Deal:
        """An independent copy."""
        return Deal(self.hands[:], self.trump, self.side, self.goal, self.declarer,
                     self.value, self.mult, self.leader, self.turn, self.table, self.best,
                     self.best_seat, self.points[:], self.won[:], self.marriages[:],
                     self.tricks, self.must_head, self.result, self.deal_tricks)

    # -- scoring ------------------------------------------------------------------------------
    def side_score(self, s: int) -> int:
        """The score of side ``s`` (BE1): card points, plus its marriages once it has a
        trick (in Schnapser/Kontraschnapser only the declarer's count)."""
        total = tricks = married = 0
        for seat in range(len(self.hands)):
            if self.side[seat] == s:
                total += self.points[seat]
                tricks += self.won[seat]
                married += self.marriages[seat]
        if self.goal == NORMAL:
            return total + married if tricks else total
        d = self.declarer
        if self.goal == SCHNAPSER and self.side[d] == s and self.won[d]:
            total += self.marriages[d]
        return total

    def side_tricks(self, s: int) -> int:
        """Tricks won by the seats of side ``s``."""
        return sum(self.won[seat] for seat in range(len(self.hands)) if self.side[seat] == s)

    def signed(self, winners: int, gp: int) -> int:
        """Side 0's value of side ``winners`` winning ``gp`` game points (doubled by a
        standing spritze)."""
        gp *= self.mult
        return gp if winners == 0 else -gp

    def claim_value(self, s: int) -> int:
        """Side 0's value of side ``s``'s correct claim (BG1)."""
        o = 1 - s
        return self.signed(s, won_deal_points(self.side_score(o), self.side_tricks(o), 34))

    # -- moves --------------------------------------------------------------------------------
    def legal_cards(self) -> int:
        """The cards the seat to play may play (BP2, BF1)."""
        hand = self.hands[self.turn]
        if not self.table:
            return hand
        return follow_mask(hand, self.table[0], self.best, self.trump, self.must_head)

    def may_announce(self, seat: int) -> bool:
        """Whether a marriage of ``seat`` counts for anything here (BK5, BM2)."""
        if self.goal == NORMAL:
            return True
        return self.goal == SCHNAPSER and seat == self.declarer

    def play(self, card: int, announce: bool = False) -> None:
        """Play ``card`` in place (``announce``: a marriage lead); sets ``result`` when
        the deal is decided."""
        seat = self.turn
        n = len(self.hands)
        self.hands[seat] ^= 1 << card
        if not self.table:
            self.table = (card,)
            self.best = card
            self.best_seat = seat
            self.turn = (seat + 1) % n
            if announce:
                self._announce(seat, card)
            return
        b = self.best
        cs = _SUIT[card]
        bs = _SUIT[b]
        if (cs == bs and card < b) or (cs == self.trump and bs != self.trump):
            self.best = card
            self.best_seat = seat
        if len(self.table) < n - 1:
            self.table = (*self.table, card)
            self.turn = (seat + 1) % n
            return
        w = self.best_seat
        cp = CARD_POINTS
        pts = cp[card]
        for c in self.table:
            pts += cp[c]
        self.points[w] += pts
        self.won[w] += 1
        self.tricks += 1
        self.table = ()
        self.leader = w
        self.turn = w
        self._after_trick(w)

    def _announce(self, seat: int, card: int) -> None:
        pts = 40 if _SUIT[card] == self.trump else 20
        self.marriages[seat] += pts
        if self.goal == NORMAL:
            s = self.side[seat]
            if self.side_score(s) >= 66:
                self.result = self.claim_value(s)
        elif (self.goal == SCHNAPSER and seat == self.declarer and self.won[seat]
              and self.points[seat] + self.marriages[seat] >= 66):
            self.result = self.signed(self.side[seat], self.value)

    def _after_trick(self, w: int) -> None:
        g = self.goal
        if g == NORMAL:
            s = self.side[w]
            if self.side_score(s) >= 66:
                self.result = self.claim_value(s)
            elif self.tricks == self.deal_tricks:
                self.result = self.signed(s, 1)
            return
        d = self.declarer
        ds = self.side[d]
        if g == ALL_TRICKS:
            if w != d:
                self.result = self.signed(1 - ds, self.value)
            elif self.tricks == self.deal_tricks:
                self.result = self.signed(ds, self.value)
        elif g == NO_TRICKS:
            if w == d:
                self.result = self.signed(1 - ds, self.value)
            elif self.tricks == self.deal_tricks:
                self.result = self.signed(ds, self.value)
        elif w == d and self.points[d] + self.marriages[d] >= 66:
            self.result = self.signed(ds, self.value)
        elif self.tricks == 3:
            self.result = self.signed(1 - ds, self.value)

    def apply(self, action: Action) -> None:
        """Apply a referee action of the play (a card or a marriage lead) in place."""
        if action.kind is Kind.PLAY:
            assert action.card is not None
            self.play(int(action.card))
        elif action.kind is Kind.MARRIAGE:
            assert action.card is not None
            card = int(action.card)
            if self.may_announce(self.turn):
                self.play(card, announce=True)
            else:  # a defender's marriage in a contract counts for nothing (BM2)
                self.marriages[self.turn] += 40 if _SUIT[card] == self.trump else 20
                self.play(card)
        else:
            raise ValueError(f"the solver plays cards and marriages, not {action}")


def state_of(pos: AuctionPosition, claim: bool = True) -> Deal:
    """The solver's state of a referee position in the play (BP, 3P), every hand known;
    with ``claim`` a correct claim BE2 (3E2) allows now is made (its ``result``).

    The spritze's effect is read from the referee itself (the game points it would give
    a deal won for 1), so the solver doubles exactly when the referee does.
    """
    if pos.phase != Phase.PLAY or pos.outcome is not None:
        raise ValueError("the solver starts from a position in the play of the cards")
    probe = pos.copy()
    probe._end(probe.side_seats[0], 1, End.CLAIM, "probe")  # the referee's own doubling
    assert probe.outcome is not None
    mult = probe.outcome.game_points
    c = pos.contract
    st = Deal(
        hands=pos.hands[:], trump=pos.trump, side=tuple(pos.side), goal=contract_code(c),
        declarer=pos.declarer, value=c.value_points if c is not None else 0, mult=mult,
        leader=pos.leader, turn=pos.turn, table=pos.table, best=pos.best,
        best_seat=pos.best_seat, points=pos.points[:], won=pos.won[:],
        marriages=pos.marriages[:], tricks=pos.tricks_played, must_head=pos.must_head,
        deal_tricks=pos.profile.tricks)
    if (claim and c is None and pos.claim_by >= 0 and not pos.claimed
            and (not pos.table or pos.lead_marriage)
            and pos.score(pos.claim_by) >= 66):
        st.result = st.claim_value(pos.claim_by)  # the claim BE2 allows now
    return st


# -- search ----------------------------------------------------------------------------------

_ORDER = tuple(sorted(range(20), key=lambda c: (c % 5, c // 5)))  # aces first
_ORDER24 = (*_ORDER, 20, 21, 22, 23)  # the nines last


class _Search:
    """Alpha-beta with a table of bounds at the start of each trick (one solve's);
    with a :class:`NodeBudget` it raises :class:`OutOfBudget` instead of expanding a
    node beyond the budget's ``left`` (counted from the search's creation)."""

    __slots__ = ("budget", "check", "nodes", "order", "st", "tt")

    def __init__(self, st: Deal, budget: NodeBudget | None = None) -> None:
        self.st = st
        cards = 0
        for h in st.hands:
            cards |= h
        self.order = _ORDER24 if cards >> 20 else _ORDER
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.budget = budget
        self.check = _NEVER  # the node count at which _checkpoint looks at the budget
        if budget is not None:
            self._checkpoint()

    def _checkpoint(self) -> None:
        """Raise :class:`OutOfBudget` when the budget allows no further node; else set
        the next node count at which to look again."""
        b = self.budget
        assert b is not None
        nxt = _NEVER
        if b.left is not None:
            if self.nodes >= b.left:
                raise OutOfBudget(f"node budget of {self.nodes} spent")
            nxt = b.left
        if b.deadline is not None:
            if time.process_time() > b.deadline:
                raise OutOfBudget("CPU deadline passed")
            nxt = min(nxt, self.nodes + CLOCK_EVERY)
        self.check = nxt

    def key(self) -> tuple[int, ...]:
        st = self.st
        h = tuple(st.hands)
        if st.goal == NORMAL:
            s = st.side
            p = st.points
            w = st.won
            m = st.marriages
            a = b = ta = tb = ma = mb = 0
            for seat in range(len(h)):
                if s[seat] == 0:
                    a += p[seat]
                    ta += w[seat]
                    ma += m[seat]
                else:
                    b += p[seat]
                    tb += w[seat]
                    mb += m[seat]
            return (*h, st.leader, a, b, ta > 0, tb > 0, ma, mb)
        if st.goal == SCHNAPSER:
            d = st.declarer
            return (*h, st.leader, st.points[d], st.won[d] > 0, st.marriages[d])
        return (*h, st.leader)

    def value(self, alpha: int, beta: int) -> int:
        st = self.st
        if st.result is not None:
            return st.result
        if self.nodes >= self.check:
            self._checkpoint()
        self.nodes += 1
        key = None
        if not st.table:
            key = self.key()
            got = self.tt.get(key)
            if got is not None:
                lo, hi = got
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        a0, b0 = alpha, beta
        seat = st.turn
        maxing = st.side[seat] == 0
        moves = st.legal_cards()
        best = -_INF if maxing else _INF
        # saved state to undo each move
        hands = st.hands
        saved = (st.leader, st.turn, st.table, st.best, st.best_seat, st.tricks)
        pts, won, mar = st.points[:], st.won[:], st.marriages[:]
        hand = hands[seat]
        lead = not st.table
        announce_ok = lead and st.may_announce(seat)
        for c in self.order:
            if not moves >> c & 1:
                continue
            r = _RANK[c]
            announce = (announce_ok and (r == 2 or r == 3)
                        and hand >> (c + 1 if r == 2 else c - 1) & 1 == 1)
            st.play(c, announce)
            v = self.value(alpha, beta)
            # undo
            hands[seat] = hand
            st.leader, st.turn, st.table, st.best, st.best_seat, st.tricks = saved
            st.points[:] = pts
            st.won[:] = won
            st.marriages[:] = mar
            st.result = None
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key is not None:
            lo, hi = self.tt.get(key, (-_INF, _INF))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
        return best


def solve(st: Deal | AuctionPosition, budget: NodeBudget | None = None) -> int:
    """The exact value (side 0's game points) of the rest of the deal, every hand known.

    With ``budget`` the nodes searched are charged to it, and :class:`OutOfBudget` is
    raised when it runs out before the value is known."""
    s = state_of(st) if isinstance(st, AuctionPosition) else st.copy()
    if s.result is not None:
        return s.result
    search = _Search(s, budget)
    try:
        return search.value(-_INF, _INF)
    finally:
        if budget is not None:
            budget.charge(search.nodes)


def action_values(st: Deal | AuctionPosition, actions: list[Action] | None = None,
                  budget: NodeBudget | None = None) -> dict[Action, int]:
    """The exact value (side 0's game points) after each action of the play: by default
    the cards (and marriages) legal in a referee position; with a :class:`Deal` the
    actions must be given. One search table serves every action.

    With ``budget`` the nodes searched are charged to it, and :class:`OutOfBudget` is
    raised (no value returned) when it runs out before every action is valued."""
    if isinstance(st, AuctionPosition):
        if actions is None:
            actions = [a for a in st.legal_actions() if a.kind is not Kind.CLAIM]
        s = state_of(st, claim=False)
    else:
        s = st
        if actions is None:
            raise ValueError("give the actions to value")
    out: dict[Action, int] = {}
    search: _Search | None = None
    try:
        for a in actions:
            child = s.copy()
            child.apply(a)
            if child.result is not None:
                out[a] = child.result
                continue
            if search is None:
                search = _Search(child, budget)
            else:
                search.st = child
            out[a] = search.value(-_INF, _INF)
    finally:
        if budget is not None and search is not None:
            budget.charge(search.nodes)
    return out

