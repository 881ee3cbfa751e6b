"""The fast solver's search: alpha-beta with a transposition table over a compact state.

The state of a deal is a handful of integers (hand bit masks, talon position, scores);
values are game points from A's side (-3..3). The functions here use only integers and
indexing, so the same source runs as plain Python (the checked path) and, compiled by
numba in :mod:`.kernel`, as the fast path. The rules are those of :mod:`..rules` (RULES.md);
tests compare both paths with the plain minimax of :mod:`.reference`.

Conventions (docs/solver.md): a correct claim is made at once, a false one never.
"""

from __future__ import annotations

from typing import Any

__all__ = ["KERNEL_FUNCTIONS", "claim_value", "last_trick_value", "node"]

TT_BITS = 20
"""log2 of the transposition table's size (entries)."""

_MULT = 0x5851F42D4C957F2D
_CARD_POINTS = (11, 10, 4, 3, 2)


def claim_value(c: int, cb: int, t0z: int, s0hi: int, opp_score: int, opp_trick: int) -> int:
    """A's game points after a correct claim by ``c`` (G1, C2, C3)."""
    if cb < 0:
        gp = 1 if opp_score >= 33 else (2 if opp_trick else 3)
    elif c == cb:
        gp = 1 if s0hi else (3 if t0z else 2)
    else:
        gp = 3 if t0z else 2
    return gp if c == 0 else -gp


def last_trick_value(w: int, cb: int, t0z: int) -> int:
    """A's game points when the last trick is played and no claim follows (G3, C3)."""
    if cb < 0:
        return 1 if w == 0 else -1
    gp = 3 if t0z else 2
    return gp if cb == 1 else -gp


def node(h0: int, h1: int, leader: int, lead: int, nd: int, ind: int, cb: int, t0z: int,
         s0hi: int, sc0: int, sc1: int, tr0: int, tr1: int, pd0: int, pd1: int,
         alpha: int, beta: int, deck: Any, trump: int, close_min: int, mranks: int,
         tkey: Any, tgen: Any, tlo: Any, thi: Any, tmove: Any, gen: int) -> int:
    """The value (A's game points) of a state, searched in the window ``alpha..beta``.

    ``lead`` < 0: the leader is to act (exchange, close, marriage, lead); else the
    follower answers the card ``lead``. ``nd`` is the deck index of the next draw
    (20 once the talon is exhausted), ``ind`` the indicator card, ``cb`` who closed
    (-1: nobody), ``t0z``/``s0hi`` whether the closer's opponent had no trick / 33 or more
    when the talon was closed. ``sc``: scores (E1), ``tr``: whether a trick was won,
    ``pd``: pending marriage points (M2). ``close_min`` is 0 where closing is never
    allowed; ``mranks`` has bit r set when a marriage may be led with rank r.
    Fail-soft: a result at or below ``alpha`` is an upper bound, at or above ``beta``
    a lower bound, otherwise exact.
    """
    is_open = cb < 0 and nd < 20
    if lead >= 0:
        # -- the follower answers
        fo = 1 - leader
        fh = h0 if fo == 0 else h1
        if is_open:
            allowed = fh
        else:
            ls = lead // 5
            same = fh & (31 << (ls * 5))
            if same:
                higher = same & ((1 << lead) - 1)
                allowed = higher if higher else same
            else:
                tr = fh & (31 << (trump * 5))
                allowed = tr if tr else fh
        maximizing = fo == 0
        best = -99 if maximizing else 99
        a = alpha
        b = beta
        lp = _CARD_POINTS[lead % 5]
        for f in range(20):
            if not (allowed >> f) & 1:
                continue
            if f // 5 == lead // 5:
                w = fo if f < lead else leader
            elif f // 5 == trump:
                w = fo
            else:
                w = leader
            pts = lp + _CARD_POINTS[f % 5]
            nh0 = h0
            nh1 = h1
            if fo == 0:
                nh0 = h0 & ~(1 << f)
            else:
                nh1 = h1 & ~(1 << f)
            nsc0 = sc0
            nsc1 = sc1
            ntr0 = tr0
            ntr1 = tr1
            npd0 = pd0
            npd1 = pd1
            if w == 0:
                nsc0 = sc0 + pts + pd0
                npd0 = 0
                ntr0 = 1
                claims = nsc0 >= 66
            else:
                nsc1 = sc1 + pts + pd1
                npd1 = 0
                ntr1 = 1
                claims = nsc1 >= 66
            if claims:
                if w == 0:
                    v = claim_value(0, cb, t0z, s0hi, nsc1, ntr1)
                else:
                    v = claim_value(1, cb, t0z, s0hi, nsc0, ntr0)
            else:
                nnd = nd
                if is_open:
                    won = deck[nd]
                    lost = ind if nd == 19 else deck[nd + 1]
                    nnd = 20 if nd == 19 else nd + 2
                    if w == 0:
                        nh0 |= 1 << won
                        nh1 |= 1 << lost
                    else:
                        nh1 |= 1 << won
                        nh0 |= 1 << lost
                if nh0 == 0 and nh1 == 0:
                    v = last_trick_value(w, cb, t0z)
                else:
                    v = node(nh0, nh1, w, -1, nnd, ind, cb, t0z, s0hi, nsc0, nsc1, ntr0, ntr1,
                             npd0, npd1, a, b, deck, trump, close_min, mranks,
                             tkey, tgen, tlo, thi, tmove, gen)
            if maximizing:
                if v > best:
                    best = v
                    if best > a:
                        a = best
                        if a >= b:
                            break
            elif v < best:
                best = v
                if best < b:
                    b = best
                    if a >= b:
                        break
        return best

    # -- the leader acts
    me = leader
    hand = h0 if me == 0 else h1
    my_sc = sc0 if me == 0 else sc1
    my_tr = tr0 if me == 0 else tr1
    op_sc = sc1 if me == 0 else sc0
    op_tr = tr1 if me == 0 else tr0
    if my_tr and mranks & 12:
        for s in range(4):
            if (hand >> (s * 5 + 2)) & 3 == 3:
                if my_sc + (40 if s == trump else 20) >= 66:
                    return claim_value(me, cb, t0z, s0hi, op_sc, op_tr)

    # the transposition table
    if cb >= 0:
        fld = 11 + cb + 2 * t0z + 4 * s0hi
    elif nd >= 20:
        fld = 10
    else:
        fld = (nd - 11) + (0 if ind == deck[6] else 1)
    e0 = (sc0 if sc0 < 66 else 66) if tr0 else 67 + pd0 // 20
    e1 = (sc1 if sc1 < 66 else 66) if tr1 else 67 + pd1 // 20
    key = h0 | (h1 << 20) | (me << 40) | (fld << 41) | (e0 << 46) | (e1 << 53)
    idx = ((key * _MULT) >> 23) & ((1 << TT_BITS) - 1)
    ttm = -1
    hit = tgen[idx] == gen and tkey[idx] == key
    if hit:
        lo = int(tlo[idx])
        hi = int(thi[idx])
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        ttm = int(tmove[idx])

    maximizing = me == 0
    best = -99 if maximizing else 99
    bestm = -1
    a = alpha
    b = beta
    jack = trump * 5 + 4
    for k in range(23):
        if k == 0:
            m = ttm
            if m < 0:
                continue
        else:
            m = 20 if k == 1 else (21 if k == 22 else k - 2)
            if m == ttm:
                continue
        if m == 20:
            if not is_open or not (hand >> jack) & 1:
                continue
            nh = (hand & ~(1 << jack)) | (1 << ind)
            if me == 0:
                v = node(nh, h1, me, -1, nd, jack, cb, t0z, s0hi, sc0, sc1, tr0, tr1, pd0, pd1,
                         a, b, deck, trump, close_min, mranks, tkey, tgen, tlo, thi, tmove, gen)
            else:
                v = node(h0, nh, me, -1, nd, jack, cb, t0z, s0hi, sc0, sc1, tr0, tr1, pd0, pd1,
                         a, b, deck, trump, close_min, mranks, tkey, tgen, tlo, thi, tmove, gen)
        elif m == 21:
            if not is_open or close_min <= 0 or 21 - nd < close_min:
                continue
            v = node(h0, h1, me, -1, nd, ind, me, 0 if op_tr else 1, 1 if op_sc >= 33 else 0,
                     sc0, sc1, tr0, tr1, pd0, pd1,
                     a, b, deck, trump, close_min, mranks, tkey, tgen, tlo, thi, tmove, gen)
        else:
            if not (hand >> m) & 1:
                continue
            r = m % 5
            s = m // 5
            add = 0
            if (r == 2 or r == 3) and (hand >> (s * 5 + 2)) & 3 == 3 and (mranks >> r) & 1:
                add = 40 if s == trump else 20
            nsc0 = sc0
            nsc1 = sc1
            npd0 = pd0
            npd1 = pd1
            if me == 0:
                nh0 = hand & ~(1 << m)
                nh1 = h1
                if tr0:
                    nsc0 += add
                else:
                    npd0 += add
            else:
                nh0 = h0
                nh1 = hand & ~(1 << m)
                if tr1:
                    nsc1 += add
                else:
                    npd1 += add
            v = node(nh0, nh1, me, m, nd, ind, cb, t0z, s0hi, nsc0, nsc1, tr0, tr1, npd0, npd1,
                     a, b, deck, trump, close_min, mranks, tkey, tgen, tlo, thi, tmove, gen)
        if maximizing:
            if v > best:
                best = v
                bestm = m
                if best > a:
                    a = best
                    if a >= b:
                        break
        elif v < best:
            best = v
            bestm = m
            if best < b:
                b = best
                if a >= b:
                    break

    # store what was learnt
    if best <= alpha:
        nlo = -3
        nhi = best
    elif best >= beta:
        nlo = best
        nhi = 3
    else:
        nlo = best
        nhi = best
    if hit:
        olo = int(tlo[idx])
        ohi = int(thi[idx])
        if olo > nlo:
            nlo = olo
        if ohi < nhi:
            nhi = ohi
    tkey[idx] = key
    tgen[idx] = gen
    tlo[idx] = nlo
    thi[idx] = nhi
    tmove[idx] = bestm
    return best


KERNEL_FUNCTIONS = ("claim_value", "last_trick_value", "node")
"""The functions :mod:`.kernel` compiles (they call each other by these names)."""
