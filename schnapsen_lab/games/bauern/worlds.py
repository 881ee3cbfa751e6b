"""Worlds a four-player seat cannot rule out, and the solver's state in each.

A seat sees its hand, the cards played, the turned-up trump card while forehand holds
it and the other half of each announced marriage (BW1, BW2; :mod:`.knowledge`). A
*world* places every other card in a hand: :func:`sample_worlds` draws worlds that agree
with everything the seat saw (each hand's size, the cards known to be in it, the suits
its holder showed it is void in), and :func:`state_of_world` turns a world into the
solver's :class:`~schnapsen_lab.games.bauern.solver.Deal4`. The holder of the called
card (BC) is whoever holds it in the world, until the seat knows it (BC3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import SUIT_OF
from ...tricks import NO_TRUMP, beats, card_list
from .knowledge import View
from .rules import Call, Partners
from .solver import Deal4, contract_code, spritze_multiplier

__all__ = ["World", "hand_sizes", "sample_worlds", "sides_of", "state_of_world"]

World = tuple[int, int, int, int]
"""The four hands of a world, as card masks by seat."""


def _count(mask: int) -> int:
    return bin(mask).count("1")


def hand_sizes(v: View) -> tuple[int, int, int, int]:
    """How many cards each seat holds now (five each before the first trick, six with 24
    cards; forehand's first three while he fixes trump are his whole known hand)."""
    n = v.profile.tricks - v.tricks_played
    sizes = [n, n, n, n]
    for s in v.trick_seats:
        sizes[int(s)] -= 1
    return (sizes[0], sizes[1], sizes[2], sizes[3])


def sample_worlds(v: View, count: int, rng: random.Random,
                  sizes: Sequence[int] | None = None, tries: int = 200) -> list[World]:
    """``count`` worlds consistent with ``v`` (the viewer's own entry is its hand).

    ``sizes`` overrides the hands' sizes (the trump decision: forehand holds five, or six,
    though
    he has seen three). Cards are placed most constrained first, each in a seat that may
    hold it, chosen at random in proportion to its free places; a dead end starts over
    (at most ``tries`` times a world; raise ValueError if none fits)."""
    me = int(v.viewer)
    size = list(sizes) if sizes is not None else list(hand_sizes(v))
    base = list(v.known)
    base[me] = v.hand
    free = [size[s] - _count(base[s]) for s in range(4)]  # the viewer's: 0 but at trump
    unknown = card_list(v.unknown)
    if sum(free) != len(unknown):
        raise ValueError(f"the view's hands want {sum(free)} hidden cards, "
                         f"but {len(unknown)} are unseen")
    allowed: dict[int, list[int]] = {}
    for c in unknown:
        allowed[c] = [s for s in range(4)
                      if free[s] > 0 and not v.voids[s] >> SUIT_OF[c] & 1]
    order = sorted(unknown, key=lambda c: len(allowed[c]))
    out: list[World] = []
    for _ in range(count):
        for _attempt in range(tries):
            hands = base[:]
            room = free[:]
            ok = True
            shuffled = order[:]
            rng.shuffle(shuffled)
            shuffled.sort(key=lambda c: len(allowed[c]))
            for c in shuffled:
                seats = [s for s in allowed[c] if room[s] > 0]
                if not seats:
                    ok = False
                    break
                total = sum(room[s] for s in seats)
                pick = rng.randrange(total)
                for s in seats:
                    pick -= room[s]
                    if pick < 0:
                        break
                hands[s] |= 1 << c
                room[s] -= 1
            if ok:
                out.append((hands[0], hands[1], hands[2], hands[3]))
                break
        else:
            raise ValueError("no world fits what this seat has seen")
    return out


def sides_of(v: View, hands: Sequence[int], called: int | None = None) -> tuple[int, ...]:
    """The side of each seat in a world, numbered as the referee does: fixed teams NS
    (0) and EW (1), or forehand and the holder of the called card (0) against the
    others (1); ``called`` overrides the view's called card."""
    f = int(v.forehand)
    if v.profile.partners is Partners.FIXED:
        return (0, 1, 0, 1)
    first = 1 << f
    if v.teammates is not None and v.teammates >> f & 1:
        first = v.teammates
    elif v.teammates is not None:
        first = 0b1111 ^ v.teammates
    else:
        c = called if called is not None else (int(v.called) if v.called is not None else -1)
        if c >= 0:
            for s in range(4):
                if hands[s] >> c & 1:
                    first |= 1 << s
    return tuple(0 if first >> s & 1 else 1 for s in range(4))


def state_of_world(v: View, hands: Sequence[int], *, contract: Call | None = None,
                   declarer: int = -1, spritzer: int = -1, trump: int | None = None,
                   leader: int | None = None, auction: bool = False) -> Deal4:
    """The solver's state of a world: the view's play so far (or, with ``auction``, the
    start of the play after the round of calls: ``contract`` by ``declarer``, a spritze
    by ``spritzer``, ``trump`` the named trump)."""
    side = sides_of(v, hands)
    if not auction:
        contract = v.contract
        declarer = int(v.declarer) if v.declarer is not None else -1
        spritzer = int(v.spritze) if v.spritze is not None else -1
    f = int(v.forehand)
    holder = declarer if contract is not None else f
    t = trump if trump is not None else (int(v.named_trump) if v.named_trump is not None
                                         else NO_TRUMP)
    if contract is Call.GANG:
        t = NO_TRUMP
    mult = spritze_multiplier(spritzer, holder, side)
    st = Deal4(hands=list(hands), trump=t, side=(side[0], side[1], side[2], side[3]),
               goal=contract_code(contract), declarer=declarer,
               value=contract.value_points if contract is not None else 0, mult=mult,
               must_head=v.profile.must_head, deal_tricks=v.profile.tricks)
    if auction:
        lead = (declarer if contract is not None and contract.declarer_leads else f)
        lead = leader if leader is not None else lead
        st.leader = st.turn = lead
        return st
    st.trump = int(v.trump) if v.trump is not None else NO_TRUMP
    st.leader = int(v.leader)
    st.table = tuple(int(c) for c in v.trick)
    st.turn = (st.leader + len(st.table)) & 3
    if st.table:
        best = 0
        for i in range(1, len(st.table)):
            if beats(st.table[i], st.table[best], st.trump):
                best = i
        st.best = st.table[best]
        st.best_seat = (st.leader + best) & 3
    st.points = list(v.points)
    st.won = list(v.tricks)
    st.marriages = list(v.marriages)
    st.tricks = v.tricks_played
    return st

