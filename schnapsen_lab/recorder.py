"""Bring home a deal played at a real table: enter it step by step, get a PSN record.

What a player at the table can tell afterwards is enough: the dealer, both first hands
(five cards each; six in Sechsundsechzig), the trump indicator, then the actions as
they were played (cards, marriages, the exchange, closing, claims) and, after every
trick while the talon is open, which card each player drew. The recorder rebuilds a
deck order that deals exactly that (cards never seen go to the remaining talon places,
in card order) and checks every entry with the engine::

    from schnapsen_lab.recorder import Recorder, Draw
    rec = Recorder(dealer="B", hand_a="AD KS QS TH TD", hand_b="AC KC AH JD KH",
                   indicator="JS")
    rec.enter("AD")                    # A leads (A is forehand: B deals)
    rec.enter("KH")                    # B follows; A wins the trick
    rec.enter(Draw(a="KD", b="QD"))    # or rec.enter("A:KD B:QD")
    record = rec.record(tags={"PlayerA": "Anna", "PlayerB": "Bert"})

or all at once with :func:`record_deal`. An impossible entry (a card twice, a draw that
contradicts what is known, an illegal play) raises :class:`RecorderError`, a
:class:`~schnapsen_lab.games.twohand.rules.IllegalAction` naming the rule (``S3`` a card twice,
``T2``
the draws, the engine's rule for an action, ``PSN`` for text that is no entry) and what
would have been accepted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CARDS, Card, parse_card, parse_cards
from .games import find_game
from .games.twohand.rules import (
    CLAIM,
    DEALS,
    SEATS,
    Action,
    ActionKind,
    IllegalAction,
    Position,
    Profile,
    Seat,
    parse_action,
)
from .i18n import N_, Texts
from .notation import action_text, card_text, reason_text
from .psn import Record

__all__ = ["TEXT", "Draw", "Entry", "Recorder", "RecorderError", "parse_entry", "record_deal"]

TEXT = Texts({
    "not_a_draw": N_("not a draw: {text!r} (write A:QS B:TH)"),
    "draw_both": N_("not a draw: {text!r} (name both: A:QS B:TH)"),
    "no_entry": N_("{error}; or the cards drawn as A:QS B:TH"),
    "hand.A": N_("A's hand"),
    "hand.B": N_("B's hand"),
    "the_indicator": N_("the indicator"),
    "five_cards": N_("{who} holds {size} cards after the deal, not {n}"),
    "not_in_pack": N_("{card} is not in the pack of {size} cards these rules deal"),
    "no_indicator": N_("the indicator is missing"),
    "twice_in": N_("a card twice: {card} is twice in {where}"),
    "twice_in_both": N_("a card twice: {card} is in {first} and {second}"),
    "draw_first": N_("action {n} ({action}): first enter the cards drawn after trick {trick} "
                     "({winner} draws first, then {loser})"),
    "action": N_("action {n} ({action}): {why}"),
    "no_draw.closed": N_("the talon is closed"),
    "no_draw.exhausted": N_("the talon is exhausted"),
    "no_draw.drawn": N_("no trick was completed since the last draw"),
    "no_draw.no_trick": N_("no trick has been played yet"),
    "no_draw": N_("no draw now ({draw}): {why}"),
    "winner_draw": N_("after trick {n}: which card did {who}, the winner, draw?"),
    "last_draw": N_("after trick {n}, the last draw: {who} takes the indicator {card}, "
                    "not {other}"),
    "loser_draw": N_("after trick {n}: which card did {who} draw?"),
    "both_draw": N_("a card twice: A and B cannot both draw {card}"),
    "indicator_drawn": N_("after trick {n}: the indicator {card} is taken only on the last "
                          "draw, by the trick's loser"),
    "seen": N_("a card twice: {card} was already {where}; it cannot be drawn after trick {n}"),
    "where.A": N_("in A's first hand"),
    "where.B": N_("in B's first hand"),
    "where.indicator": N_("the indicator"),
    "where.drawn": N_("drawn"),
    "bad_dealer": N_("the dealer is A or B, not {text!r}"),
    "entry": N_("entry {n}: {error}"),
})
"""Every text of the recorder's errors, as format strings (cards as printed, ``10♥``;
the hints at what to type write PSN's tokens, which the entries are)."""


class RecorderError(IllegalAction):
    """An entry the recorder cannot accept: the rule id, why, and what was expected."""


@dataclass(frozen=True, slots=True)
class Draw:
    """The cards drawn after a trick: the one A drew and the one B drew (T2).

    On the last draw the trick's loser takes the indicator; it may be left out (None).
    """

    a: Card | None
    b: Card | None

    def __init__(self, a: Card | str | None = None, b: Card | str | None = None) -> None:
        object.__setattr__(self, "a", _card_or_none(a))
        object.__setattr__(self, "b", _card_or_none(b))

    def of(self, seat: Seat | int) -> Card | None:
        """The card ``seat`` drew."""
        return self.a if int(seat) == 0 else self.b

    def __str__(self) -> str:
        a = "?" if self.a is None else str(self.a)
        b = "?" if self.b is None else str(self.b)
        return f"A:{a} B:{b}"


def _draw_text(d: Draw) -> str:
    """The cards drawn as printed, ``A:Q♦ B:10♣`` (``?`` for one not named)."""
    a = "?" if d.a is None else card_text(d.a)
    b = "?" if d.b is None else card_text(d.b)
    return f"A:{a} B:{b}"


Entry = Action | Draw
"""One entry of a deal at the table: an action, or the cards drawn after a trick."""


def _card_or_none(c: Card | str | int | None) -> Card | None:
    if c is None:
        return None
    if isinstance(c, str):
        if c.strip() in ("", "?"):
            return None
        try:
            return parse_card(c)
        except ValueError as e:
            raise RecorderError("PSN", str(e)) from None
    return CARDS[int(c)]


def parse_entry(text: str) -> Entry:
    """Read an entry: a PSN action token (``AH``, ``X``, ``C``, ``KH+20``, ``66``) or the
    cards drawn, ``A:QS B:TH`` (``?`` for the indicator on the last draw)."""
    t = text.strip()
    if ":" in t:
        cards: dict[str, str] = {}
        for part in t.replace(",", " ").split():
            who, sep, card = part.partition(":")
            if not sep or who.upper() not in ("A", "B") or who.upper() in cards:
                raise RecorderError("PSN", TEXT["not_a_draw"].format(text=text))
            cards[who.upper()] = card
        if set(cards) != {"A", "B"}:
            raise RecorderError("PSN", TEXT["draw_both"].format(text=text))
        return Draw(cards["A"], cards["B"])
    try:
        return parse_action(t)
    except ValueError as e:
        raise RecorderError("PSN", TEXT["no_entry"].format(error=e)) from None


def _hand(cards: Sequence[Card | str | int] | str, who: str, profile: Profile) -> list[Card]:
    try:
        if isinstance(cards, str):
            out = parse_cards(cards)
        else:
            out = [parse_card(c) if isinstance(c, str) else CARDS[int(c)] for c in cards]
    except ValueError as e:
        raise RecorderError("PSN", f"{who}: {e}") from None
    if len(out) != profile.hand_size:
        raise RecorderError("S3", TEXT["five_cards"].format(who=who, size=profile.hand_size,
                                                            n=len(out)))
    return out


def _in_pack(card: Card, profile: Profile) -> None:
    """Refuse a card the profile's pack does not hold (a nine in Schnapsen)."""
    if not profile.pack.holds(card):
        raise RecorderError("S3", TEXT["not_in_pack"].format(card=card_text(card),
                                                             size=profile.pack.size))


class Recorder:
    """A deal being entered from a real table; every entry is checked as it comes.

    ``hand_a`` and ``hand_b`` are the cards each player held after the deal (before any
    exchange; five, or six in Sechsundsechzig: the profile's deal), ``indicator`` the
    face-up trump card. Enter actions and draws with
    :meth:`enter` (or :meth:`play` and :meth:`draw`); :meth:`undo` takes the last entry
    back; :meth:`record` gives the PSN record of what was entered so far.
    """

    def __init__(self, dealer: Seat | str, hand_a: Sequence[Card | str | int] | str,
                 hand_b: Sequence[Card | str | int] | str, indicator: Card | str | int, *,
                 profile: Profile | None = None) -> None:
        if profile is None:  # the default game's default profile: soft
            profile = find_game({}).default_profile
        d = dealer if isinstance(dealer, Seat) else _seat(dealer)
        ha = _hand(hand_a, TEXT["hand.A"], profile)
        hb = _hand(hand_b, TEXT["hand.B"], profile)
        ind = _card_or_none(indicator)
        if ind is None:
            raise RecorderError("S3", TEXT["no_indicator"])
        for c in (*ha, *hb, ind):
            _in_pack(c, profile)
        where: dict[Card, str] = {}
        for name, cards in ((TEXT["hand.A"], ha), (TEXT["hand.B"], hb),
                            (TEXT["the_indicator"], [ind])):
            for c in cards:
                if c in where:
                    other = where[c]
                    raise RecorderError("S3", TEXT["twice_in"].format(card=card_text(c), where=name)
                                        if other == name else TEXT["twice_in_both"].format(
                                            card=card_text(c), first=other, second=name))
                where[c] = name
        self.dealer: Seat = d
        self.profile: Profile = profile
        self.hands: tuple[tuple[Card, ...], tuple[Card, ...]] = (tuple(ha), tuple(hb))
        self.indicator: Card = ind
        self._entries: list[Entry] = []
        self._slots: list[Card | None] = []
        self._actions: list[Action] = []
        self._draw_due = False
        self._position = self._replay([], [])

    # -- the deck ----------------------------------------------------------------------------
    def _base(self) -> list[Card | None]:
        """The deck's places that the deal fills, as the profile's deal lays them out."""
        fore, deal, at = DEALS[self.profile.deal]
        out: list[Card | None] = [None] * (max(*fore, *deal, at) + 1)
        for places, cards in ((fore, self.hands[1 - self.dealer]),
                              (deal, self.hands[self.dealer])):
            for i, c in zip(places, cards, strict=True):
                out[i] = c
        out[at] = self.indicator
        return out

    @property
    def _talon(self) -> int:
        """The talon's face-down cards: the places after the deal's."""
        fore, deal, at = DEALS[self.profile.deal]
        return self.profile.pack.size - (max(*fore, *deal, at) + 1)

    def _deck_of(self, slots: Sequence[Card | None]) -> list[Card]:
        known = self._base() + list(slots) + [None] * (self._talon - len(slots))
        used = {c for c in known if c is not None}
        spare = iter(c for c in self.profile.pack.cards if c not in used)
        return [c if c is not None else next(spare) for c in known]

    def deck(self) -> tuple[Card, ...]:
        """A deck order consistent with everything entered (unseen cards in card order)."""
        return tuple(self._deck_of(self._slots))

    def _replay(self, slots: Sequence[Card | None], actions: Sequence[Action]) -> Position:
        pos = Position.deal(self._deck_of(slots), self.dealer, self.profile)
        for a in actions:
            pos.apply_unchecked(a)
        return pos

    # -- state -------------------------------------------------------------------------------
    @property
    def entries(self) -> list[Entry]:
        """Everything entered so far, in order."""
        return list(self._entries)

    @property
    def actions(self) -> list[Action]:
        """The actions entered so far."""
        return list(self._actions)

    @property
    def position(self) -> Position:
        """The position after the entries (a copy)."""
        return self._position.copy()

    @property
    def draw_due(self) -> bool:
        """Whether the cards drawn after the last trick are to be entered next."""
        return self._draw_due

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (a claim, or the last trick with no claim possible)."""
        p = self._position
        return p.outcome is not None and not p.legal_actions()

    @property
    def seen(self) -> frozenset[Card]:
        """Cards entered so far: both first hands, the indicator and the cards drawn."""
        return frozenset([*self.hands[0], *self.hands[1], self.indicator,
                          *(c for c in self._slots if c is not None)])

    def unseen(self) -> list[Card]:
        """Cards not entered yet: the ones that may still be drawn."""
        s = self.seen
        return [c for c in self.profile.pack.cards if c not in s]

    def draw_order(self) -> tuple[Seat, Seat] | None:
        """While a draw is due: the trick's winner (draws first) and loser; else None."""
        if not self._draw_due:
            return None
        lt = self._position.last_trick
        assert lt is not None
        w = SEATS[lt[2]]
        return (w, w.other)

    @property
    def last_draw(self) -> bool:
        """Whether the draw due is the last one (the loser takes the indicator)."""
        return self._draw_due and len(self._slots) == self._talon - 1

    def legal_actions(self) -> list[Action]:
        """The actions that may be entered now (empty while a draw is due, except the
        winner's claim; the claim after the last trick included)."""
        p = self._position
        if self._draw_due:
            return [CLAIM]
        return p.legal_actions()

    def to_act(self) -> Seat | None:
        """Who makes the next action entry (the claimant for a claim-only step)."""
        p = self._position
        if p.outcome is not None:  # after the last trick, its winner's claim (E2 a)
            return SEATS[p.leader] if p.legal_actions() else None
        if self._draw_due:
            return None
        return p.to_move

    # -- entering ----------------------------------------------------------------------------
    def enter(self, entry: Entry | str) -> None:
        """Enter an action or a draw (objects or text, see :func:`parse_entry`)."""
        e = parse_entry(entry) if isinstance(entry, str) else entry
        if isinstance(e, Draw):
            self.draw(e.a, e.b)
        else:
            self.play(e)

    def play(self, action: Action | str) -> None:
        """Enter the next action; raise :class:`RecorderError` if the rules forbid it."""
        a = parse_entry(action) if isinstance(action, str) else action
        if isinstance(a, Draw):
            self.draw(a.a, a.b)
            return
        pos = self._position
        n = len(self._actions) + 1
        if self._draw_due and a != CLAIM:
            w, lo = self.draw_order() or (Seat.A, Seat.B)
            raise RecorderError("T2", TEXT["draw_first"].format(
                n=n, action=action_text(a), trick=pos.tricks_played, winner=w, loser=lo), [CLAIM])
        err = pos.check(a)
        if err is not None:
            raise RecorderError(err[0], TEXT["action"].format(
                n=n, action=action_text(a), why=reason_text(err[1])), pos.legal_actions())
        drew_before = pos.talon_open
        new = pos.copy()
        new.apply_unchecked(a)
        self._position = new
        self._actions.append(a)
        self._entries.append(a)
        self._draw_due = drew_before and a.kind is ActionKind.PLAY and pos.lead >= 0

    def draw(self, a: Card | str | None = None, b: Card | str | None = None) -> None:
        """Enter the cards A and B drew after the last trick (T2)."""
        d = Draw(a, b)
        order = self.draw_order()
        if order is None:
            p = self._position
            why = TEXT["no_draw.closed" if p.closed else "no_draw.exhausted"
                       if p.exhausted else "no_draw.drawn"
                       if p.tricks_played else "no_draw.no_trick"]
            raise RecorderError("T2", TEXT["no_draw"].format(draw=_draw_text(d), why=why))
        w, lo = order
        cw, cl = d.of(w), d.of(lo)
        last = self.last_draw
        n = self._position.tricks_played
        ind = CARDS[self._position.indicator]
        if cw is None:
            raise RecorderError("T2", TEXT["winner_draw"].format(n=n, who=w))
        if last:
            if cl is not None and cl != ind:
                raise RecorderError("T2", TEXT["last_draw"].format(
                    n=n, who=lo, card=card_text(ind), other=card_text(cl)))
            cards = [cw]
        else:
            if cl is None:
                raise RecorderError("T2", TEXT["loser_draw"].format(n=n, who=lo))
            if cl == cw:
                raise RecorderError("S3", TEXT["both_draw"].format(card=card_text(cw)))
            cards = [cw, cl]
        seen = self.seen
        for c in cards:
            _in_pack(c, self.profile)
            if c == ind:
                raise RecorderError("T2", TEXT["indicator_drawn"].format(n=n, card=card_text(ind)))
            if c in seen:
                raise RecorderError("S3", TEXT["seen"].format(card=card_text(c),
                                                              where=self._where(c), n=n))
        slots = [*self._slots, *cards]
        self._position = self._replay(slots, self._actions)
        self._slots = slots
        self._entries.append(d if not last else Draw(**{w.name.lower(): cw,
                                                        lo.name.lower(): ind}))
        self._draw_due = False

    def _where(self, c: Card) -> str:
        if c in self.hands[0]:
            return TEXT["where.A"]
        if c in self.hands[1]:
            return TEXT["where.B"]
        if c == self.indicator:
            return TEXT["where.indicator"]
        return TEXT["where.drawn"]

    def undo(self) -> Entry | None:
        """Take the last entry back; return it (None when nothing was entered)."""
        if not self._entries:
            return None
        entries = self._entries[:-1]
        last = self._entries[-1]
        self._entries = []
        self._slots = []
        self._actions = []
        self._draw_due = False
        self._position = self._replay([], [])
        for e in entries:
            self.enter(e)
        return last

    # -- the result --------------------------------------------------------------------------
    def record(self, tags: dict[str, str] | None = None) -> Record:
        """The PSN record of what was entered (Result ``*`` while unfinished)."""
        return Record.from_actions(self.deck(), self._actions, dealer=self.dealer,
                                   profile=self.profile, tags=tags)


def _seat(text: str) -> Seat:
    t = str(text).strip().upper()
    if t not in ("A", "B"):
        raise RecorderError("S2", TEXT["bad_dealer"].format(text=text))
    return Seat[t]


def record_deal(dealer: Seat | str, hand_a: Sequence[Card | str | int] | str,
                hand_b: Sequence[Card | str | int] | str, indicator: Card | str | int,
                entries: Iterable[Entry | str] | str, *, profile: Profile | None = None,
                tags: dict[str, str] | None = None) -> Record:
    """The PSN record of a deal played at a table, from what the players can tell.

    ``entries`` are actions and draws in order (objects, or text: a string of
    whitespace-separated tokens, where a draw is written ``A:QS B:TH`` as two tokens
    ``A:QS`` ``B:TH``). Raise :class:`RecorderError` at the first impossible entry, with
    its number.
    """
    rec = Recorder(dealer, hand_a, hand_b, indicator, profile=profile)
    items = _split_text(entries) if isinstance(entries, str) else list(entries)
    for i, e in enumerate(items, 1):
        try:
            rec.enter(e)
        except RecorderError as err:
            raise RecorderError(err.rule, TEXT["entry"].format(n=i, error=err.message),
                                err.legal) from None
    return rec.record(tags)


def _split_text(text: str) -> list[Entry | str]:
    out: list[Entry | str] = []
    toks = text.split()
    i = 0
    while i < len(toks):
        t = toks[i]
        if ":" in t and i + 1 < len(toks) and ":" in toks[i + 1]:
            out.append(parse_entry(t + " " + toks[i + 1]))
            i += 2
            continue
        out.append(t)
        i += 1
    return out
