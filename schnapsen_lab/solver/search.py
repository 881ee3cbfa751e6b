"""The fast solver's search: alpha-beta with a transposition table over a compact state.

The state of a deal is a handful of integers (hand bit masks, talon position, scores);
values are game points from A's side (-3..3). The search is one loop over an explicit
stack (no recursion) and uses only integers and array indexing, so the same source runs
as plain Python (slow, for checking) and, compiled by numba in :mod:`.kernel`, as the
fast path. The rules are those of the two-player referee
(:mod:`schnapsen_lab.games.twohand.rules`), read from the profile's fields (the pack, the
deal, the exchange card, closing, marriages, the last trick's bonus, how a deal played
out, a false claim and a closing are scored) as the integer array :data:`RULES`: one
search serves Schnapsen and Sechsundsechzig. Tests compare both paths with the plain
minimax of :mod:`.reference`, which plays through the referee itself.

Conventions (docs/solver.md): a correct claim is made at once; a false claim is searched
where it can pay (C4: the closer's opponent, who had no trick at closing, just won a trick
and the closer has one: he concedes 2 instead of losing 3; 6G2: a leader without a trick
who announced a marriage concedes 2 instead of losing 3), nowhere else (there it never
gains); a standoff (6G4) is worth 0; leading the king or queen of a marriage the profile
lets one announce is always announced (more points never hurt their owner), so the search
does not try it unannounced.
"""

from __future__ import annotations

from typing import Any

__all__ = ["KERNEL_FUNCTIONS", "MAX_DEPTH", "NF", "OUT_OF_NODES", "RULES", "STATE", "TT_BITS",
           "claim_value", "last_trick_value", "run", "won_worlds"]

TT_BITS = 19
"""log2 of the transposition table's size (entries)."""
MAX_DEPTH = 80
"""Frames of the explicit stack (a trick takes at most four: exchange, close, lead, answer);
the last frame's first field counts the nodes searched; its second, when above 0, is the
count at which :func:`run` gives up and returns :data:`OUT_OF_NODES`."""
OUT_OF_NODES = 100
"""What :func:`run` returns when it gave up at the node count the stack's last frame names
(no value is -3..3 game points beyond it; what it stored in the table stays exact)."""

# the state of a frame (the arguments of run's ``root``)
H0, H1, LDR, LEAD, ND, IND, CB, T0Z, S0HI, SC0, SC1, TR0, TR1, PD0, PD1 = range(15)
STATE = 15
# the search of a frame
AL, BE, A0, B0, BEST, BESTM, K, KEY, IDX, HIT, CUR, N, KEY2 = range(15, 28)
ORD = 28  # up to 23 moves in the order they are tried
PRI = ORD + 23  # their priorities while ordering
NF = PRI + 23
"""Fields of a stack frame."""

# the rules of the profile (the argument ``rules`` of run), read from its fields
(R_NC, R_CLOSE_MIN, R_MRANKS, R_EXCH_RANK, R_EXCH_TRICK, R_CLOSE_FIRST, R_LATE, R_BONUS,
 R_HIGHER, R_STANDOFF, R_FC3, R_AT_CLAIM, R_SB, R_HEAD, R_ND0) = range(15)
RULES = 15
"""Fields of the rules array: the pack's size, the smallest talon that may be closed (0:
never), the marriage ranks (bit r), the exchange card's rank, whether exchanging and
closing need a won trick (1 / 0: closing allowed before), late marriages, the last
trick's bonus, a deal played out won by the higher score and its standoff, a false claim
worth 3 to a side without a trick (else 2), a closing scored at the claim, the Schneider
threshold, the duty to beat, the deck index of the first draw."""

_MULT = 0x5851F42D4C957F2D
_MULT2 = 0x2545F4914F6CDD1D
_PTS = (11, 10, 4, 3, 2, 11, 10, 4, 3, 2, 11, 10, 4, 3, 2, 11, 10, 4, 3, 2, 0, 0, 0, 0)
_SOF = (0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 0, 1, 2, 3)
_ROF = (0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 5, 5, 5)
_CARDS = 24  # card values a hand may hold (a constant: numba unrolls the loops over it)
_ENTER, _NEXT, _INTEGRATE, _FINISH, _RETURN = range(5)
_EXCHANGE, _CLOSE = 30, 31


def _won(loser_score: int, loser_trick: int, sb: int) -> int:
    """Game points of a won deal from the loser's score and whether he has a trick (G1)."""
    if not loser_trick:
        return 3
    return 2 if loser_score < sb else 1


def claim_value(c: int, cb: int, t0z: int, s0hi: int, opp_score: int, opp_trick: int,
                sb: int, at_claim: int) -> int:
    """A's game points after a correct claim by ``c`` (G1, C2, C3; 6C2 when
    ``at_claim``: the closer's points from the opponent's score and tricks now)."""
    if cb < 0:
        gp = _won(opp_score, opp_trick, sb)
    elif c == cb:
        gp = _won(opp_score, opp_trick, sb) if at_claim else (1 if s0hi else (3 if t0z else 2))
    else:
        gp = 3 if t0z else 2
    return gp if c == 0 else -gp


def last_trick_value(w: int, cb: int, t0z: int, sw: int, sl: int, ltr: int, higher: int,
                     standoff: int, sb: int) -> int:
    """A's game points when the last trick is played and no claim follows (G3, C3; 6G3,
    6G4 when ``higher``): ``w`` won it, ``sw`` and ``sl`` are the scores of its winner and
    loser, ``ltr`` whether the loser has a trick."""
    if cb >= 0:
        gp = 3 if t0z else 2
        return gp if cb == 1 else -gp
    win = w
    gp = 1
    if higher:
        if sw > sl:
            gp = _won(sl, ltr, sb)
        elif sl > sw:
            win = 1 - w
            gp = _won(sw, 1, sb)
        elif standoff:
            return 0
    return gp if win == 0 else -gp


def _add_move(st: Any, d: int, m: int, p: int) -> None:
    """Insert move ``m`` with priority ``p`` into frame ``d``'s order (highest first)."""
    i = st[d, N]
    while i > 0 and st[d, PRI + i - 1] < p:
        st[d, ORD + i] = st[d, ORD + i - 1]
        st[d, PRI + i] = st[d, PRI + i - 1]
        i -= 1
    st[d, ORD + i] = m
    st[d, PRI + i] = p
    st[d, N] += 1


def run(root: Any, alpha: int, beta: int, deck: Any, trump: int, rules: Any,
        tkey: Any, tsc: Any, tgen: Any, tlo: Any, thi: Any, tmove: Any, gen: int,
        st: Any) -> int:
    """The value (A's game points) of the state ``root``, searched in ``alpha..beta``.

    ``root`` holds the fields ``H0..PD1``: hands, the leader, the card led (-1: the leader
    is to act, else the follower answers it), ``ND`` the deck index of the next draw (the
    pack's size once the talon is exhausted), ``IND`` the indicator card, ``CB`` who
    closed (-1: nobody), ``T0Z``/``S0HI`` whether the closer's opponent had no trick / the
    Schneider threshold or more when the talon was closed, ``SC`` the scores (E1), ``TR``
    whether a trick was won, ``PD`` pending marriage points (M2). ``rules`` holds the
    profile's fields :data:`RULES`. ``t*`` is the transposition table (entries of
    generation ``gen`` count), ``st`` the stack (``MAX_DEPTH`` x ``NF`` integers).
    Fail-soft: a result at or below ``alpha`` is an upper bound, at or above ``beta`` a
    lower bound, otherwise exact.
    """
    mask = (1 << TT_BITS) - 1
    nc = rules[R_NC]
    close_min = rules[R_CLOSE_MIN]
    mranks = rules[R_MRANKS]
    exr = rules[R_EXCH_RANK]
    exch_trick = rules[R_EXCH_TRICK]
    close_first = rules[R_CLOSE_FIRST]
    late = rules[R_LATE]
    bonus = rules[R_BONUS]
    higher = rules[R_HIGHER]
    standoff = rules[R_STANDOFF]
    fc3 = rules[R_FC3]
    at_claim = rules[R_AT_CLAIM]
    sb = rules[R_SB]
    head = rules[R_HEAD]
    nd0 = rules[R_ND0]
    jack = trump * 5 + exr if exr < 5 else 20 + trump  # the exchange card
    trump_mask = (31 << (trump * 5)) | (1 << (20 + trump))
    hs = int(nc)  # the shift of the second hand in a key
    for i in range(STATE):
        st[0, i] = root[i]
    st[0, AL] = alpha
    st[0, BE] = beta
    d = 0
    v = 0
    mode = _ENTER
    while True:
        if mode == _ENTER:
            st[MAX_DEPTH - 1, 0] += 1
            if 0 < st[MAX_DEPTH - 1, 1] <= st[MAX_DEPTH - 1, 0]:
                return OUT_OF_NODES
            lead = st[d, LEAD]
            ldr = st[d, LDR]
            nd = st[d, ND]
            cb = st[d, CB]
            is_open = cb < 0 and nd < nc
            mar_ok = is_open or late
            # what each side can still win bounds the value
            gp_opp = 0
            if cb < 0:
                top = _won(st[d, SC1], st[d, TR1], sb)
                bottom = -_won(st[d, SC0], st[d, TR0], sb)
            else:
                if at_claim:
                    gp_closer = _won(st[d, SC1 - cb], st[d, TR1 - cb], sb)
                else:
                    gp_closer = 1 if st[d, S0HI] else (3 if st[d, T0Z] else 2)
                gp_opp = 3 if st[d, T0Z] else 2
                top = gp_closer if cb == 0 else gp_opp
                bottom = -gp_opp if cb == 0 else -gp_closer
            # C4: the closer's opponent, who had no trick at closing, leads (he has just won
            # a trick): a false claim gives the closer only 2 (when the closer has a trick,
            # or always where a false claim is worth 2, 6G2)
            fc = (lead < 0 and cb >= 0 and ldr != cb and at_claim == 0 and st[d, T0Z] == 1
                  and (st[d, TR0 + cb] == 1 or fc3 == 0))
            if not is_open:
                # who can still reach 66: the cards left in the hands, marriages held
                left = 0
                both = st[d, H0] | st[d, H1]
                if lead >= 0:
                    both |= 1 << lead
                for c in range(_CARDS):
                    if (both >> c) & 1:
                        left += _PTS[c]
                if cb < 0:
                    left += bonus
                pot0 = st[d, SC0] + st[d, PD0] + left
                pot1 = st[d, SC1] + st[d, PD1] + left
                if mranks & 12 and late:
                    for s in range(4):
                        add = 40 if s == trump else 20
                        if (st[d, H0] >> (s * 5 + 2)) & 3 == 3:
                            pot0 += add
                        if (st[d, H1] >> (s * 5 + 2)) & 3 == 3:
                            pot1 += add
                if cb >= 0:
                    if (pot0 if cb == 0 else pot1) < 66:
                        top = bottom = -gp_opp if cb == 0 else gp_opp  # the closer fails
                else:
                    if pot0 < 66 and top > 1:
                        top = 1
                    if pot1 < 66 and bottom < -1:
                        bottom = -1
            if fc:
                if cb == 0 and top > 2:
                    top = 2
                    if bottom > 2:
                        bottom = 2
                elif cb == 1 and bottom < -2:
                    bottom = -2
                    if top < -2:
                        top = -2
            if top <= st[d, AL] or top == bottom:
                v = top
                mode = _RETURN
                continue
            if bottom >= st[d, BE]:
                v = bottom
                mode = _RETURN
                continue
            if top < st[d, BE]:
                st[d, BE] = top
            if bottom > st[d, AL]:
                st[d, AL] = bottom
            st[d, N] = 0
            st[d, K] = 0
            st[d, BESTM] = -1
            if lead >= 0:
                # the follower answers: order its cards
                fo = 1 - ldr
                st[d, BEST] = -99 if fo == 0 else 99
                fh = st[d, H0 + fo]
                ls = _SOF[lead]
                if is_open:
                    allowed = fh
                else:
                    same = fh & ((31 << (ls * 5)) | (1 << (20 + ls)))
                    if same:
                        higher_cards = same & ((1 << lead) - 1)
                        allowed = higher_cards if (higher_cards and head) else same
                    else:
                        tr = fh & trump_mask
                        allowed = tr if tr else fh
                lp = _PTS[lead]
                for f in range(_CARDS):
                    if (allowed >> f) & 1:
                        fp = _PTS[f]
                        fs = _SOF[f]
                        if fs == ls:
                            p = 500 + lp + fp if f < lead else 100 - fp
                        elif fs == trump:
                            p = 480 + lp - fp
                        else:
                            p = 100 - fp
                        _add_move(st, d, f, p)
                mode = _NEXT
                continue
            # the leader acts
            hand = st[d, H0 + ldr]
            if hand & (hand - 1) == 0 and not is_open:
                # the last trick: both cards are forced
                c = 0
                while not (hand >> c) & 1:
                    c += 1
                fh = st[d, H1 - ldr]
                f = 0
                while not (fh >> f) & 1:
                    f += 1
                if _SOF[f] == _SOF[c]:
                    w = 1 - ldr if f < c else ldr
                elif _SOF[f] == trump:
                    w = 1 - ldr
                else:
                    w = ldr
                wsc = st[d, SC0 + w] + _PTS[c] + _PTS[f] + st[d, PD0 + w]
                if cb < 0:
                    wsc += bonus
                if wsc >= 66:
                    v = claim_value(w, cb, st[d, T0Z], st[d, S0HI], st[d, SC1 - w],
                                    st[d, TR1 - w], sb, at_claim)
                else:
                    v = last_trick_value(w, cb, st[d, T0Z], wsc, st[d, SC1 - w],
                                         st[d, TR1 - w], higher, standoff, sb)
                if fc:
                    v = (v if v < 2 else 2) if cb == 0 else (v if v > -2 else -2)
                mode = _RETURN
                continue
            my_tr = st[d, TR0 + ldr]
            if my_tr and mranks & 12 and mar_ok:
                my_sc = st[d, SC0 + ldr]
                claims = False
                for s in range(4):
                    if (hand >> (s * 5 + 2)) & 3 == 3 and my_sc + (40 if s == trump else 20) >= 66:
                        claims = True
                if claims:
                    v = claim_value(ldr, cb, st[d, T0Z], st[d, S0HI], st[d, SC1 - ldr],
                                    st[d, TR1 - ldr], sb, at_claim)
                    mode = _RETURN
                    continue
            if cb >= 0:
                fld = 13 + cb + 2 * st[d, T0Z] + 4 * st[d, S0HI]
            elif nd >= nc:
                fld = 12
            else:
                fld = (nd - nd0) + (1 if st[d, IND] == jack else 0)  # exchanged?
            sc0 = st[d, SC0]
            sc1 = st[d, SC1]
            e0 = (sc0 if sc0 < 66 else 66) if st[d, TR0] else 67 + st[d, PD0] // 20
            e1 = (sc1 if sc1 < 66 else 66) if st[d, TR1] else 67 + st[d, PD1] // 20
            key = (int(st[d, H0]) | (int(st[d, H1]) << hs) | (int(ldr) << (2 * hs))
                   | (int(fld) << (2 * hs + 1)))
            key2 = int(e0) | (int(e1) << 7)
            idx = (((key + key2 * _MULT2) * _MULT) >> 23) & mask
            st[d, KEY] = key
            st[d, KEY2] = key2
            st[d, IDX] = idx
            st[d, HIT] = 0
            ttm = -1
            if tgen[idx] == gen and tkey[idx] == key and tsc[idx] == key2:
                st[d, HIT] = 1
                lo = int(tlo[idx])
                hi = int(thi[idx])
                if lo >= st[d, BE] or lo == hi:
                    v = lo
                    mode = _RETURN
                    continue
                if hi <= st[d, AL]:
                    v = hi
                    mode = _RETURN
                    continue
                if lo > st[d, AL]:
                    st[d, AL] = lo
                if hi < st[d, BE]:
                    st[d, BE] = hi
                ttm = int(tmove[idx])
            st[d, A0] = st[d, AL]
            st[d, B0] = st[d, BE]
            st[d, BEST] = -99 if ldr == 0 else 99
            # order the leader's moves
            if ttm >= 0:
                _add_move(st, d, ttm, 10000)
            if (is_open and (hand >> jack) & 1 and ttm != _EXCHANGE
                    and (my_tr or not exch_trick)):
                _add_move(st, d, _EXCHANGE, 2000)
            if (is_open and close_min > 0 and nc + 1 - nd >= close_min and ttm != _CLOSE
                    and (my_tr or close_first)):
                _add_move(st, d, _CLOSE, 1000)
            for c in range(_CARDS):
                if (hand >> c) & 1 and c != ttm:
                    r = _ROF[c]
                    s = _SOF[c]
                    if ((r == 2 or r == 3) and mar_ok and (hand >> (s * 5 + 2)) & 3 == 3
                            and (mranks >> r) & 1):
                        p = 1500 + (40 if s == trump else 20) - r
                    elif is_open:
                        p = 600 + _PTS[c] - (20 if s == trump else 0)
                    else:
                        p = 600 + _PTS[c] - (20 if s == trump else 0)
                        opp = st[d, H1 - ldr]
                        suit = opp & ((31 << (s * 5)) | (1 << (20 + s)))
                        if not suit & ((1 << c) - 1) and (
                                suit or s == trump or not opp & trump_mask):
                            p += 100  # nothing of the opponent beats it
                    _add_move(st, d, c, p)
            mode = _NEXT
        elif mode == _NEXT:
            k = st[d, K]
            if k >= st[d, N]:
                mode = _FINISH
                continue
            m = st[d, ORD + k]
            st[d, K] = k + 1
            st[d, CUR] = m
            ldr = st[d, LDR]
            lead = st[d, LEAD]
            c1 = d + 1
            for i in range(STATE):
                st[c1, i] = st[d, i]
            st[c1, AL] = st[d, AL]
            st[c1, BE] = st[d, BE]
            if lead < 0:
                hand = st[d, H0 + ldr]
                if m == _EXCHANGE:
                    st[c1, H0 + ldr] = (hand & ~(1 << jack)) | (1 << st[d, IND])
                    st[c1, IND] = jack
                elif m == _CLOSE:
                    st[c1, CB] = ldr
                    st[c1, T0Z] = 0 if st[d, TR1 - ldr] else 1
                    st[c1, S0HI] = 1 if st[d, SC1 - ldr] >= sb else 0
                else:
                    st[c1, H0 + ldr] = hand & ~(1 << m)
                    st[c1, LEAD] = m
                    r = _ROF[m]
                    s = _SOF[m]
                    if ((r == 2 or r == 3) and (hand >> (s * 5 + 2)) & 3 == 3
                            and (mranks >> r) & 1 and (late or (st[d, CB] < 0 and st[d, ND] < nc))):
                        add = 40 if s == trump else 20
                        if st[d, TR0 + ldr]:
                            st[c1, SC0 + ldr] += add
                        else:
                            st[c1, PD0 + ldr] += add
                d = c1
                mode = _ENTER
                continue
            # the follower plays m: settle the trick
            fo = 1 - ldr
            ms = _SOF[m]
            if ms == _SOF[lead]:
                w = fo if m < lead else ldr
            elif ms == trump:
                w = fo
            else:
                w = ldr
            st[c1, H0 + fo] = st[d, H0 + fo] & ~(1 << m)
            st[c1, LEAD] = -1
            st[c1, LDR] = w
            cb = st[d, CB]
            nd = st[d, ND]
            last = st[c1, H0] == 0 and st[c1, H1] == 0 and not (cb < 0 and nd < nc)
            wsc = st[d, SC0 + w] + _PTS[lead] + _PTS[m] + st[d, PD0 + w]
            if last and cb < 0:
                wsc += bonus
            st[c1, SC0 + w] = wsc
            st[c1, PD0 + w] = 0
            st[c1, TR0 + w] = 1
            if wsc >= 66:
                v = claim_value(w, cb, st[d, T0Z], st[d, S0HI], st[c1, SC1 - w],
                                st[c1, TR1 - w], sb, at_claim)
                mode = _INTEGRATE
                continue
            if cb < 0 and nd < nc:
                won = deck[nd]
                lost = st[d, IND] if nd == nc - 1 else deck[nd + 1]
                st[c1, ND] = nc if nd == nc - 1 else nd + 2
                st[c1, H0 + w] |= 1 << won
                st[c1, H1 - w] |= 1 << lost
            if last:
                v = last_trick_value(w, cb, st[d, T0Z], wsc, st[c1, SC1 - w],
                                     st[c1, TR1 - w], higher, standoff, sb)
                mode = _INTEGRATE
                continue
            d = c1
            mode = _ENTER
        elif mode == _INTEGRATE:
            ldr = st[d, LDR]
            if st[d, LEAD] < 0:
                mover = ldr
                m = st[d, CUR]
                if (fc3 == 0 and st[d, TR0 + ldr] == 0 and st[d, CB] < 0 and m < 24
                        and (late or st[d, ND] < nc)
                        and (_ROF[m] == 2 or _ROF[m] == 3)
                        and (st[d, H0 + ldr] >> (_SOF[m] * 5 + 2)) & 3 == 3
                        and (mranks >> _ROF[m]) & 1):
                    # 6G2: after announcing a marriage, a leader without a trick may
                    # claim falsely and give only 2
                    if ldr == 0 and v < -2:
                        v = -2
                    elif ldr == 1 and v > 2:
                        v = 2
            else:
                mover = 1 - ldr
            mode = _NEXT
            if mover == 0:
                if v > st[d, BEST]:
                    st[d, BEST] = v
                    st[d, BESTM] = st[d, CUR]
                    if v > st[d, AL]:
                        st[d, AL] = v
                        if v >= st[d, BE]:
                            mode = _FINISH
            elif v < st[d, BEST]:
                st[d, BEST] = v
                st[d, BESTM] = st[d, CUR]
                if v < st[d, BE]:
                    st[d, BE] = v
                    if v <= st[d, AL]:
                        mode = _FINISH
        elif mode == _FINISH:
            best = st[d, BEST]
            cb = st[d, CB]
            if (st[d, LEAD] < 0 and cb >= 0 and st[d, LDR] != cb and at_claim == 0
                    and st[d, T0Z] == 1 and (st[d, TR0 + cb] == 1 or fc3 == 0)):
                # C4: the false claim caps the closer at 2
                if cb == 0 and best > 2:
                    best = 2
                elif cb == 1 and best < -2:
                    best = -2
            if st[d, LEAD] < 0:
                if best <= st[d, A0]:
                    nlo = -3
                    nhi = best
                elif best >= st[d, B0]:
                    nlo = best
                    nhi = 3
                else:
                    nlo = best
                    nhi = best
                idx = st[d, IDX]
                if (st[d, HIT] and tgen[idx] == gen and tkey[idx] == st[d, KEY]
                        and tsc[idx] == st[d, KEY2]):
                    olo = int(tlo[idx])
                    ohi = int(thi[idx])
                    if olo > nlo:
                        nlo = olo
                    if ohi < nhi:
                        nhi = ohi
                tkey[idx] = st[d, KEY]
                tsc[idx] = st[d, KEY2]
                tgen[idx] = gen
                tlo[idx] = nlo
                thi[idx] = nhi
                tmove[idx] = st[d, BESTM]
            v = best
            mode = _RETURN
        else:  # _RETURN: frame d is done with value v
            if d == 0:
                return int(v)
            d -= 1
            mode = _INTEGRATE


def won_worlds(root: Any, opp: int, hands: Any, gone: int, worlds: Any, words: int,
               for_a: int, out: Any, deck: Any, trump: int, rules: Any,
               tkey: Any, tsc: Any, tgen: Any, tlo: Any, thi: Any, tmove: Any, gen: int,
               st: Any, split: int, need: int) -> int:
    """Who wins each of many worlds that differ only in the hand of ``opp``.

    ``worlds`` is a bit set of world numbers in 32-bit words (``words`` of them); world
    ``i`` gives ``opp`` the hand ``hands[i]`` without the cards ``gone`` (the rest of the
    state is ``root``). ``out`` gets the bit set of the worlds that A (``for_a`` 1) or B
    (``for_a`` 0) wins, in the same words. Returns how many they are. The transposition
    table is shared, so worlds that meet the same states are cheap. ``root`` is changed
    (the hand of ``opp``). A world counts as won when its value for that side is at
    least 1, or, for worlds numbered ``split`` and above, at least ``need`` (``need`` 3:
    won 3 game points; -2: lost no more than 2; docs/closing.md, the false claim).
    """
    won = 0
    for k in range(words):
        m = worlds[k]
        o = 0
        for b in range(32):
            if (m >> b) & 1:
                root[opp] = hands[k * 32 + b] & ~gone
                nd = need if k * 32 + b >= split else 1
                lo = nd - 1 if for_a else -nd
                v = run(root, lo, lo + 1, deck, trump, rules, tkey, tsc, tgen, tlo,
                        thi, tmove, gen, st)
                if (v >= nd) if for_a else (v <= -nd):
                    o |= 1 << b
                    won += 1
        out[k] = o
    return won


KERNEL_FUNCTIONS = ("_won", "claim_value", "last_trick_value", "_add_move", "run", "won_worlds")
"""The functions :mod:`.kernel` compiles (they call each other by these names)."""
