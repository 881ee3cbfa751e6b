"""Worlds a seat of a game with calls cannot rule out, and the solver's state in each.

A seat sees its hand, the cards played, the turned-up trump card while forehand holds
it, the other half of each announced marriage (BW1, BW2, 3W1) and, as declarer of a
three-player deal, the talon and what it laid away. A *world* places every other card:
:func:`sample_worlds` draws worlds that agree with everything the seat saw (each hand's
size, the cards known to be in it, the suits its holder showed it is void in, the cards
out of play that it cannot see), and :func:`state_of_world` turns a world into the
solver's :class:`~schnapsen_lab.games.auction.solver.Deal`, with the sides its game says
the world has (one declarer against the others; a called partner where the world puts
the called card).

The functions read a seat's view through :class:`SeatView`: the fields both games'
views have, for three seats or four.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ...cards import SUIT_OF
from ...tricks import NO_TRUMP, beats, card_list
from .rules import Call
from .solver import Deal, contract_code, spritze_multiplier

__all__ = ["SeatView", "World", "hand_sizes", "sample_worlds", "state_of_world"]

World = tuple[int, ...]
"""The hands of a world, as card masks by seat (then, when asked for, the cards out of
play)."""


class SeatView(Protocol):
    """What the worlds read of a seat's view (both games' ``View`` have it)."""

    @property
    def viewer(self) -> Any: ...
    @property
    def profile(self) -> Any: ...
    @property
    def forehand(self) -> Any: ...
    @property
    def hand(self) -> int: ...
    @property
    def known(self) -> tuple[int, ...]: ...
    @property
    def unknown(self) -> int: ...
    @property
    def voids(self) -> tuple[int, ...]: ...
    @property
    def trick_seats(self) -> tuple[Any, ...]: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def trump(self) -> Any: ...
    @property
    def named_trump(self) -> Any: ...
    @property
    def contract(self) -> Call | None: ...
    @property
    def declarer(self) -> Any: ...
    @property
    def spritze(self) -> Any: ...
    @property
    def leader(self) -> Any: ...
    @property
    def trick(self) -> tuple[Any, ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...
    @property
    def marriages(self) -> tuple[int, ...]: ...


def _count(mask: int) -> int:
    return bin(mask).count("1")


def hand_sizes(v: SeatView) -> tuple[int, ...]:
    """How many cards each seat holds now: one a trick still to play, less a card played
    to the trick under way (forehand's first three while he fixes trump are his whole
    known hand)."""
    seats = len(v.known)
    n = v.profile.tricks - v.tricks_played
    sizes = [n] * seats
    for s in v.trick_seats:
        sizes[int(s)] -= 1
    return tuple(sizes)


def sample_worlds(v: SeatView, count: int, rng: random.Random,
                  sizes: Sequence[int] | None = None, tries: int = 200,
                  out_of_play: int = 0) -> list[World]:
    """``count`` worlds consistent with ``v`` (the viewer's own entry is its hand).

    ``sizes`` overrides the hands' sizes (the trump decision: forehand holds five, or six,
    though he has seen three). ``out_of_play``: how many of the unseen cards are in no
    hand (a talon not yet taken, cards another seat laid away); each world then ends with
    one more entry, those cards. Cards are placed most constrained first, each in a place
    that may hold it, chosen at random in proportion to its free room; a dead end starts
    over (at most ``tries`` times a world; raise ValueError if none fits)."""
    me = int(v.viewer)
    seats = len(v.known)
    size = list(sizes) if sizes is not None else list(hand_sizes(v))
    base = list(v.known)
    base[me] = v.hand
    free = [size[s] - _count(base[s]) for s in range(seats)]  # the viewer's: 0 but at trump
    places = seats
    if out_of_play:
        base.append(0)
        free.append(out_of_play)
        places += 1
    unknown = card_list(v.unknown)
    if sum(free) != len(unknown):
        raise ValueError(f"the view's hands want {sum(free)} hidden cards, "
                         f"but {len(unknown)} are unseen")
    voids = [*v.voids, 0]
    allowed: dict[int, list[int]] = {}
    for c in unknown:
        allowed[c] = [s for s in range(places)
                      if free[s] > 0 and not voids[s] >> SUIT_OF[c] & 1]
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
                seats_ok = [s for s in allowed[c] if room[s] > 0]
                if not seats_ok:
                    ok = False
                    break
                total = sum(room[s] for s in seats_ok)
                pick = rng.randrange(total)
                for s in seats_ok:
                    pick -= room[s]
                    if pick < 0:
                        break
                hands[s] |= 1 << c
                room[s] -= 1
            if ok:
                out.append(tuple(hands))
                break
        else:
            raise ValueError("no world fits what this seat has seen")
    return out


def state_of_world(v: SeatView, hands: Sequence[int], *, side: Sequence[int],
                   contract: Call | None = None, declarer: int = -1, spritzer: int = -1,
                   trump: int | None = None, leader: int | None = None,
                   auction: bool = False) -> Deal:
    """The solver's state of a world: the view's play so far (or, with ``auction``, the
    start of the play after the round of calls: ``contract`` by ``declarer``, a spritze
    by ``spritzer``, ``trump`` the named trump). ``hands`` holds one hand a seat (cards
    out of play after them are ignored); ``side`` the side (0 or 1) of each seat in
    this world, as its game says."""
    seats = len(v.known)
    hands = list(hands[:seats])
    sides = tuple(side)
    if not auction:
        contract = v.contract
        declarer = int(v.declarer) if v.declarer is not None else -1
        spritzer = int(v.spritze) if v.spritze is not None else -1
    f = int(v.forehand)
    holder = declarer if contract is not None else f
    t = trump if trump is not None else (int(v.named_trump) if v.named_trump is not None
                                         else NO_TRUMP)
    if contract is not None and contract.no_trump:
        t = NO_TRUMP
    mult = spritze_multiplier(spritzer, holder, sides)
    st = Deal(hands=hands, trump=t, side=sides,
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
    st.turn = (st.leader + len(st.table)) % seats
    if st.table:
        best = 0
        for i in range(1, len(st.table)):
            if beats(st.table[i], st.table[best], st.trump):
                best = i
        st.best = st.table[best]
        st.best_seat = (st.leader + best) % seats
    st.points = list(v.points)
    st.won = list(v.tricks)
    st.marriages = list(v.marriages)
    st.tricks = v.tricks_played
    return st
