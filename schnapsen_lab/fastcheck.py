"""A compiled referee for a whole main line: the PSN reader's fast path.

:func:`referee` checks a deal's actions (as small integer codes, see :data:`CODE_OF`)
from the deal on, writes the trick number before each action and leaves the final
state in an integer array; :func:`final_position` turns that array into a
:class:`~schnapsen_lab.rules.Position`. The rules are those of :mod:`.rules` (the
reference); the source runs as plain Python and, compiled by numba with an on-disk
cache, as the fast path (:func:`compiled_referee`). Tests compare it with the engine.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .cards import CARDS
from .rules import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    PLAYS,
    SEATS,
    Action,
    End,
    Outcome,
    Position,
    Profile,
    marriage,
)

__all__ = [
    "ACTION_OF_CODE",
    "CODE_CLAIM",
    "CODE_CLOSE",
    "CODE_EXCHANGE",
    "CODE_NUMBER",
    "CODE_OF",
    "STATE_SIZE",
    "compiled_referee",
    "final_position",
    "profile_data",
    "referee",
]

# -- action codes --------------------------------------------------------------------------------
CODE_EXCHANGE = 60
CODE_CLOSE = 61
CODE_CLAIM = 62
CODE_NUMBER = 100
"""A trick number ``n.`` is ``CODE_NUMBER + n`` (numbers above 999 count as 999)."""


def _action_table() -> list[Action | None]:
    out: list[Action | None] = [None] * CODE_NUMBER
    for c in CARDS:
        out[c] = PLAYS[c]
        if c % 5 in (2, 3):
            out[20 + c] = marriage(c, 20)
            out[40 + c] = marriage(c, 40)
    out[CODE_EXCHANGE] = EXCHANGE
    out[CODE_CLOSE] = CLOSE
    out[CODE_CLAIM] = CLAIM
    return out


ACTION_OF_CODE: list[Action | None] = _action_table()
"""The action of each code below :data:`CODE_NUMBER` (None where no action has it)."""
CODE_OF: dict[Action, int] = {a: k for k, a in enumerate(ACTION_OF_CODE) if a is not None}
"""The code of each action: 0-19 play, 20+c a 20 marriage, 40+c a 40 one, 60 X, 61 C, 62 66."""

# -- the state array -----------------------------------------------------------------------------
(S_H0, S_H1, S_ND, S_IND, S_EXH, S_CB, S_COT, S_COS, S_LDR, S_LEAD, S_LM, S_CLB, S_CLD,
 S_TP0, S_TP1, S_MP0, S_MP1, S_PD0, S_PD1, S_TR0, S_TR1, S_PLAYED, S_RV0, S_RV1,
 S_LTL, S_LTC, S_LTW, S_OW, S_OGP, S_OEND, S_ORULE, S_OCL) = range(32)
STATE_SIZE = 32
"""Fields of the state array :func:`referee` fills."""

_ENDS = (End.CLAIM, End.FALSE_CLAIM, End.LAST_TRICK)
_RULES = ("G1", "G2", "G3", "C2", "C3", "C4")


def profile_data(profile: Profile) -> tuple[int, int]:
    """A profile as the kernel reads it: (smallest closable talon or -1, marriage ranks mask)."""
    m = profile.close_min_talon
    mask = 0
    for r in profile.marriage_ranks:
        mask |= 1 << int(r)
    return (-1 if m is None else m), mask


def _points(c: int) -> int:
    r = c % 5
    if r == 0:
        return 11
    if r == 1:
        return 10
    if r == 2:
        return 4
    if r == 3:
        return 3
    return 2


def referee(deck: Any, dealer: int, close_min: int, ranks_mask: int, codes: Any, n: int,
            numbers: Any, st: Any) -> int:
    """Referee ``codes[:n]`` from the deal of ``deck`` (20 ints); -1 if all are legal, else
    the index of the first illegal code (or wrong trick number).

    ``numbers[k]`` gets the trick number written before the k-th action (0 for none);
    ``st`` (:data:`STATE_SIZE` ints) the state after the last legal code.
    """
    f = 1 - dealer
    h0 = 0
    h1 = 0
    for i in (0, 1, 2, 7, 8):
        if f == 0:
            h0 |= 1 << deck[i]
        else:
            h1 |= 1 << deck[i]
    for i in (3, 4, 5, 9, 10):
        if dealer == 0:
            h0 |= 1 << deck[i]
        else:
            h1 |= 1 << deck[i]
    ind = deck[6]
    trump = ind // 5
    nd = 11
    exh = 0
    cb = -1
    cot = 0
    cos = 0
    ldr = f
    lead = -1
    lm = 0
    clb = -1
    cld = 0
    tp0 = 0
    tp1 = 0
    mp0 = 0
    mp1 = 0
    pd0 = 0
    pd1 = 0
    tr0 = 0
    tr1 = 0
    played = 0
    rv0 = 0
    rv1 = 0
    ltl = -1
    ltc = -1
    ltw = -1
    ow = -1
    ogp = 0
    oend = -1
    orule = -1
    ocl = -1
    prev_xc = 0
    k = 0
    bad = -1
    for i in range(n):
        code = codes[i]
        over = ow >= 0
        if code >= 100:
            if not over and (code - 100 != tr0 + tr1 + 1 or lead >= 0):
                bad = i
                break
            continue
        if code == 62:  # claim
            if over:
                if cld or clb < 0:
                    bad = i
                    break
            elif not (clb >= 0 and (lead < 0 or lm)):
                bad = i
                break
            numbers[k] = 0
            k += 1
            prev_xc = 0
            c = clb
            o = 1 - c
            sc = tp0 + mp0 if c == 0 else tp1 + mp1
            so = tp0 + mp0 if o == 0 else tp1 + mp1
            tro = tr0 if o == 0 else tr1
            correct = sc >= 66
            cld = 1
            clb = -1
            ocl = c
            if cb < 0:
                if correct:
                    ow = c
                    ogp = 1 if so >= 33 else (2 if tro else 3)
                    oend = 0
                    orule = 0
                else:
                    ow = o
                    ogp = 2 if tro else 3
                    oend = 1
                    orule = 1
            else:
                po = 1 - cb
                if c == cb:
                    if correct:
                        ow = cb
                        ogp = 1 if cos >= 33 else (2 if cot else 3)
                        oend = 0
                        orule = 3
                    else:
                        ow = po
                        ogp = 3 if cot == 0 else 2
                        oend = 1
                        orule = 4
                elif correct:
                    ow = po
                    ogp = 3 if cot == 0 else 2
                    oend = 0
                    orule = 4
                else:
                    ow = cb
                    ogp = 2 if (tr0 if cb == 0 else tr1) else 3
                    oend = 1
                    orule = 5
            continue
        if over:
            bad = i
            break
        # the trick number before this action
        if lead >= 0 or prev_xc:
            numbers[k] = 0
        else:
            numbers[k] = tr0 + tr1 + 1
        if code < 20:  # play a card
            bit = 1 << code
            if lead < 0:
                if ldr == 0:
                    if not h0 & bit:
                        bad = i
                        break
                    h0 &= ~bit
                else:
                    if not h1 & bit:
                        bad = i
                        break
                    h1 &= ~bit
                played |= bit
                lead = code
                lm = 0
                clb = -1
            else:
                fo = 1 - ldr
                hand = h0 if fo == 0 else h1
                if cb < 0 and not exh:
                    fm = hand
                else:
                    ls = lead // 5
                    smask = 31 << (ls * 5)
                    same = hand & smask
                    if same:
                        higher = same & ((1 << lead) - 1)
                        fm = higher if higher else same
                    else:
                        trumps = hand & (31 << (trump * 5))
                        fm = trumps if trumps else hand
                if not fm & bit:
                    bad = i
                    break
                if fo == 0:
                    h0 &= ~bit
                else:
                    h1 &= ~bit
                played |= bit
                if code // 5 == lead // 5:
                    w = fo if code < lead else ldr
                elif code // 5 == trump:
                    w = fo
                else:
                    w = ldr
                pts = _points(lead) + _points(code)
                if w == 0:
                    tp0 += pts
                    tr0 += 1
                    if pd0:
                        mp0 += pd0
                        pd0 = 0
                else:
                    tp1 += pts
                    tr1 += 1
                    if pd1:
                        mp1 += pd1
                        pd1 = 0
                ltl = lead
                ltc = code
                ltw = w
                lead = -1
                lm = 0
                ldr = w
                clb = w
                if cb < 0 and not exh:
                    if w == 0:
                        h0 |= 1 << deck[nd]
                    else:
                        h1 |= 1 << deck[nd]
                    if nd == 19:
                        if w == 0:
                            h1 |= 1 << ind
                            rv1 |= 1 << ind
                        else:
                            h0 |= 1 << ind
                            rv0 |= 1 << ind
                        exh = 1
                        nd = 20
                    else:
                        if w == 0:
                            h1 |= 1 << deck[nd + 1]
                        else:
                            h0 |= 1 << deck[nd + 1]
                        nd += 2
                if h0 == 0 and h1 == 0:
                    if cb < 0:
                        ow = w
                        ogp = 1
                        oend = 2
                        orule = 2
                    else:
                        ow = 1 - cb
                        ogp = 3 if cot == 0 else 2
                        oend = 2
                        orule = 4
            k += 1
            prev_xc = 0
            continue
        if lead >= 0:
            bad = i
            break
        me = ldr
        hand = h0 if me == 0 else h1
        if code == 60:  # exchange
            jack = trump * 5 + 4
            if cb >= 0 or exh or not (hand >> jack) & 1:
                bad = i
                break
            clb = -1
            hand = (hand & ~(1 << jack)) | (1 << ind)
            if me == 0:
                h0 = hand
                rv0 |= 1 << ind
            else:
                h1 = hand
                rv1 |= 1 << ind
            ind = jack
            k += 1
            prev_xc = 1
            continue
        if code == 61:  # close
            if close_min < 0 or cb >= 0 or exh or 21 - nd < close_min:
                bad = i
                break
            clb = -1
            cb = me
            if me == 0:
                cot = tr1
                cos = tp1 + mp1
            else:
                cot = tr0
                cos = tp0 + mp0
            k += 1
            prev_xc = 1
            continue
        # a marriage: 20 + card (20 points) or 40 + card (40 points)
        if code < 40:
            c = code - 20
            mpts = 20
        else:
            c = code - 40
            mpts = 40
        s = c // 5
        if not (ranks_mask >> (c % 5)) & 1 or (hand >> (s * 5 + 2)) & 3 != 3:
            bad = i
            break
        if mpts != (40 if s == trump else 20):
            bad = i
            break
        partner = c + 1 if c % 5 == 2 else c - 1
        hand &= ~(1 << c)
        played |= 1 << c
        if me == 0:
            h0 = hand
            rv0 |= 1 << partner
            if tr0:
                mp0 += mpts
            else:
                pd0 += mpts
        else:
            h1 = hand
            rv1 |= 1 << partner
            if tr1:
                mp1 += mpts
            else:
                pd1 += mpts
        lead = c
        lm = 1
        clb = me
        k += 1
        prev_xc = 0
    st[0] = h0
    st[1] = h1
    st[2] = nd
    st[3] = ind
    st[4] = exh
    st[5] = cb
    st[6] = cot
    st[7] = cos
    st[8] = ldr
    st[9] = lead
    st[10] = lm
    st[11] = clb
    st[12] = cld
    st[13] = tp0
    st[14] = tp1
    st[15] = mp0
    st[16] = mp1
    st[17] = pd0
    st[18] = pd1
    st[19] = tr0
    st[20] = tr1
    st[21] = played
    st[22] = rv0
    st[23] = rv1
    st[24] = ltl
    st[25] = ltc
    st[26] = ltw
    st[27] = ow
    st[28] = ogp
    st[29] = oend
    st[30] = orule
    st[31] = ocl
    return bad


KERNEL_FUNCTIONS = ("_points", "referee")

_OUTCOMES: dict[tuple[int, int, int, int, int], Outcome] = {}


def _outcome(w: int, gp: int, end: int, rule: int, claimant: int) -> Outcome:
    key = (w, gp, end, rule, claimant)
    o = _OUTCOMES.get(key)
    if o is None:
        o = Outcome(SEATS[w], gp, _ENDS[end], _RULES[rule],
                    SEATS[claimant] if claimant >= 0 else None)
        _OUTCOMES[key] = o
    return o


def final_position(start: Position, state: list[int]) -> Position:
    """``start`` (a position as dealt, changed in place) set to the kernel's ``state``."""
    (h0, h1, nd, ind, exh, cb, cot, cos, ldr, lead, lm, clb, cld, tp0, tp1, mp0, mp1, pd0,
     pd1, tr0, tr1, played, rv0, rv1, ltl, ltc, ltw, ow, ogp, oend, orule, ocl) = state
    p = start
    p.hands = [h0, h1]
    p.next_draw = nd
    p.indicator = ind
    p.exhausted = bool(exh)
    p.closed_by = cb
    p.closed_opp_tricks = cot
    p.closed_opp_score = cos
    p.leader = ldr
    p.lead = CARDS[lead] if lead >= 0 else -1
    p.lead_marriage = bool(lm)
    p.claim_by = clb
    p.claimed = bool(cld)
    p.trick_points = [tp0, tp1]
    p.marriage_points = [mp0, mp1]
    p.pending = [pd0, pd1]
    p.tricks = [tr0, tr1]
    p.played = played
    p.revealed = [rv0, rv1]
    p.last_trick = (CARDS[ltl], CARDS[ltc], ltw) if ltl >= 0 else None
    p.outcome = _outcome(ow, ogp, oend, orule, ocl) if ow >= 0 else None
    return p


_COMPILED: Callable[..., int] | None = None


def _build() -> ModuleType:
    import numba

    name = f"{__package__}._fastcheck_jit"
    spec = importlib.util.spec_from_file_location(name, __file__)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # the on-disk cache finds the functions' module by name
    spec.loader.exec_module(mod)
    for fn in KERNEL_FUNCTIONS:
        setattr(mod, fn, numba.njit(cache=True)(getattr(mod, fn)))
    return mod


def compiled_referee() -> Callable[..., int]:
    """The numba-compiled :func:`referee` (same arguments; imports numba on first use)."""
    global _COMPILED
    if _COMPILED is None:
        run: Callable[..., int] = _build().referee
        _COMPILED = run
    return _COMPILED

