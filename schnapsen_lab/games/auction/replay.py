"""The replay kit of the games with a round of calls: what each seat knows and counts,
``replay --json`` rows, text (one :class:`AuctionKit` for any number of seats).

A game's kit subclasses :class:`AuctionKit` with its seats, its knowledge (``view``) and
what only it shows (Bauernschnapsen's called partner and knock, Dreierschnapsen's talon
and lay-away): :meth:`AuctionKit.seat_facts` adds its keys to each ``replay --json`` row,
:meth:`AuctionKit.hide` removes what a viewer may not see, :meth:`AuctionKit.own_step`
says its own actions in words. Inferences from play (a seat that did not follow suit is
void in it; one that neither followed nor trumped is void in trumps too) are kept apart
from the facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import SUIT_OF, Card, Suit, cards_in, sort_cards
from ...notation import card_text, cards_text
from ...replay import (
    CountingFacts,
    Inference,
    Replay,
    TrickShown,
    glyphs,
    note_lines,
    sorted_names,
    text_steps,
    text_title,
)
from ...tricks import SUIT_MASKS, points_of
from .knowledge import View
from .rules import Action, AuctionPosition, Kind

__all__ = ["AuctionKit", "SeatCounting", "card_of", "cards_of"]

_SUIT_MASKS = SUIT_MASKS  # each suit's cards, its nine included
_PHASES = ("trump", "partner", "auction", "play", "over", "talon")
_ENDS = {"claim": "a correct claim", "false_claim": "a false claim",
         "last_trick": "the last trick", "contract_made": "the contract made",
         "contract_broken": "the contract broken"}


@dataclass(frozen=True, slots=True)
class SeatCounting(CountingFacts):
    """Counting aids for one seat at one step, built on its knowledge (BW1, BW2, 3W1).

    Facts: the cards the viewer cannot place, by suit; the cards it knows in each other
    hand (``known``: the turned-up trump card, the other half of a marriage); trumps and
    card points still in the other hands; what every seat won (card points and tricks
    are public: everyone sees the tricks fall); the viewer's side as far as it knows it
    (``partners``; with a called partner unknown, only itself) and that side's score, and
    the other side's score once the sides are known. ``inferences`` (voids shown by
    play) are kept apart. ``counters`` are the match counters at this step.
    """

    viewer: Any
    step: int
    unknown_by_suit: Mapping[Suit, tuple[Card, ...]]
    known: Mapping[Any, tuple[Card, ...]]
    trumps_out: tuple[Card, ...]
    points_out: int
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    partners: tuple[Any, ...]
    side_known: bool
    my_score: int
    other_score: int | None
    inferences: tuple[Inference, ...]
    counters: tuple[int, ...] | None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (card names sorted) for JSON."""
        return {
            **self.unknown_dict(),
            "known": {str(s): [str(c) for c in cs] for s, cs in self.known.items()},
            "trumps_out": [str(c) for c in self.trumps_out],
            "points_out": self.points_out,
            "points": {str(s): self.points[s] for s in self._seats},
            "tricks": {str(s): self.tricks[s] for s in self._seats},
            "partners": [str(s) for s in self.partners],
            "side_known": self.side_known,
            "my_score": self.my_score,
            "other_score": self.other_score,
            "inferences": [{"seat": str(i.seat), "step": i.step, "kind": i.kind,
                            "suit": str(i.suit), "excluded": sorted_names(i.excluded),
                            "text": i.text} for i in self.inferences],
        }

    @property
    def _seats(self) -> tuple[Any, ...]:
        seat = type(self.viewer)
        return tuple(seat(s) for s in range(len(self.points)))


class AuctionKit:
    """The replay kit of a game with a round of calls (subclassed by each game)."""

    SEATS: tuple[Any, ...] = ()
    """The game's seats (its seat enum), in seat order."""

    def view(self, pos: Any, seat: int) -> View:
        """What ``seat`` may know at ``pos`` (the game's knowledge)."""
        raise NotImplementedError

    # -- what differs by game -----------------------------------------------------------------
    def seat_facts(self, pos: Any) -> dict[str, Any]:
        """The game's own keys of a ``replay --json`` row, after ``turned``."""
        return {}

    def hide(self, row: dict[str, Any], rp: Replay, step: int, viewer: int, v: View) -> None:
        """Remove from a viewer's row what only the game keeps from it."""

    def own_step(self, pos: Any, a: Action) -> str:
        """A game's own action (a partner called, a card laid away) in words."""
        return ""

    def own_token(self, a: Action, viewer: int | None, pos: Any) -> str:
        """A game's own action's token in the text, as ``viewer`` may read it."""
        return str(a)

    def header(self, pos: Any) -> str:
        """What the text's first line adds after the dealer and forehand."""
        return ""

    def drawing_html(self, rp: Replay, step: int) -> str:
        """The game's table and tallies at ``step`` as HTML."""
        raise NotImplementedError

    # -- inferences and counting --------------------------------------------------------------
    def inferences(self, rp: Replay, step: int, viewer: int | None) -> list[Inference]:
        """The voids play showed up to ``step`` in the seats other than ``viewer`` (every
        seat for None), in the order they showed."""
        out: list[Inference] = []
        positions = rp.positions
        seats = self.SEATS
        for k in range(1, step + 1):
            before: AuctionPosition = positions[k - 1]
            after: AuctionPosition = positions[k]
            for s in range(len(seats)):
                new = after.voids[s] & ~before.voids[s]
                if not new or s == viewer:
                    continue
                led = Suit(SUIT_OF[before.table[0]])
                excl = 0
                for suit in range(4):
                    if new >> suit & 1:
                        excl |= _SUIT_MASKS[suit]
                excl &= before.profile.cards  # the pack's cards: no nine in a 20-card deal
                text = f"{seats[s]} did not follow {led.title}: void in {led.title}"
                others = [Suit(x) for x in range(4) if new >> x & 1 and x != led]
                if others:
                    text += f" and in trumps ({others[0].title})"
                out.append(Inference(seats[s], k, "void", led, excl, text))
        return out

    def counting(self, rp: Replay, step: int, viewer: int) -> SeatCounting:
        """Counting aids for ``viewer`` at ``step``."""
        v: View = rp.knowledge(step, viewer)
        seats = self.SEATS
        n = len(seats)
        me = seats[viewer]
        unknown = v.unknown
        by_suit = {s: tuple(cards_in(unknown & _SUIT_MASKS[s])) for s in Suit}
        unseen = v.unseen
        trumps = (tuple(cards_in(unseen & _SUIT_MASKS[v.trump])) if v.trump is not None
                  else ())
        mine = v.teammates if v.teammates is not None else 1 << viewer
        other = (((1 << n) - 1) ^ v.teammates) if v.teammates is not None else None
        return SeatCounting(
            viewer=me,
            step=step,
            unknown_by_suit=by_suit,
            known={seats[s]: tuple(cards_in(v.known[s])) for s in range(n) if s != viewer},
            trumps_out=trumps,
            points_out=points_of(unseen),
            points=v.points,
            tricks=v.tricks,
            partners=v.partners,
            side_known=v.teammates is not None,
            my_score=v.side_score(mine),
            other_score=v.side_score(other) if other is not None else None,
            inferences=tuple(self.inferences(rp, step, viewer)),
            counters=rp.counters(step),
        )

    def visible_tricks(self, rp: Replay, step: int, viewer: int | None) -> list[TrickShown]:
        """Won tricks lie face down; the last one may be looked at until the next lead
        (BW1, 3W1). At the open table and once the deal is over every trick is face up."""
        tricks = rp.tricks(step)
        pos: AuctionPosition = rp.positions[step]
        if viewer is None or (step == rp.last and pos.outcome is not None):
            return [TrickShown(t, True) for t in tricks]
        last_open = not pos.table and bool(tricks)
        return [TrickShown(t, last_open and i == len(tricks) - 1) for i, t in enumerate(tricks)]

    def hidden_hands(self, rp: Replay, step: int, viewer: int | None) -> tuple[int, ...]:
        """Every other seat's hand (the turned-up trump card shows by itself)."""
        return () if viewer is None else tuple(s for s in range(len(self.SEATS)) if s != viewer)

    # -- replay --json -------------------------------------------------------------------------
    def row(self, rp: Replay, step: int) -> dict[str, Any]:
        """The ``replay --json`` object of ``step`` at the open table (docs/bauern.md,
        docs/dreier.md)."""
        pos: AuctionPosition = rp.positions[step]
        seats = self.SEATS
        a = rp.action(step)
        actor = rp.actors[step]
        out = rp.outcome(step)
        known: dict[str, Any] = {}
        for s in seats:
            v: View = rp.knowledge(step, s)
            mine: dict[str, Any] = {"unknown": sorted_names(v.unknown)}
            for o in seats:
                if o != s:
                    mine[str(o)] = sorted_names(v.known[o])
            known[str(s)] = mine
        names = pos.side_names
        trump = pos.trump_suit
        to_move = pos.to_move
        return {
            "step": step,
            "action": str(a) if a is not None else None,
            "actor": str(actor) if actor is not None else None,
            "phase": _PHASES[pos.phase],
            "dealer": str(seats[pos.dealer]),
            "forehand": str(seats[pos.forehand]),
            "leader": str(seats[pos.leader]),
            "to_move": str(to_move) if to_move is not None else None,
            "trump": str(trump) if trump is not None else None,
            "turned": str(pos.turned_card) if pos.turned_card is not None else None,
            **self.seat_facts(pos),
            "calls": [str(c) for c in pos.calls],
            "contract": pos.contract.value if pos.contract is not None else None,
            "declarer": str(seats[pos.declarer]) if pos.declarer >= 0 else None,
            "spritze": pos.spritze_stands,
            "spritze_seat": str(seats[pos.spritze]) if pos.spritze >= 0 else None,
            "sides": list(names),
            "hands": {str(s): sorted_names(pos.hands[s]) for s in seats},
            "trick": [str(c) for c in pos.trick],
            "scores": {names[0]: pos.score(0), names[1]: pos.score(1)},
            "tricks": {names[0]: pos.side_tricks(0), names[1]: pos.side_tricks(1)},
            "pending": {names[0]: pos.pending(0), names[1]: pos.pending(1)},
            "known": known,
            "voids": {str(s): [str(Suit(x)) for x in range(4) if pos.voids[s] >> x & 1]
                      for s in seats},
            "legal": sorted(str(x) for x in pos.legal_actions()),
            "result": ({"winner": out.winner, "game_points": out.game_points,
                        "end": out.end.value} if out is not None else None),
        }

    def viewer_row(self, rp: Replay, step: int, viewer: int) -> dict[str, Any]:
        """The row as ``viewer`` sees it: the cards it has seen of its hand, its own
        knowledge, its legal actions when it is to act, its counting and the tricks BW1
        lets it look at; while a called partner is unknown to it, no side names, side
        scores, tricks or pending marriages (its counting has what it can count)."""
        seat = self.SEATS[viewer]
        r = self.row(rp, step)
        v: View = rp.knowledge(step, viewer)
        r["view"] = str(seat)
        r["hands"] = {str(seat): sorted_names(v.hand)}
        r["known"] = {str(seat): r["known"][str(seat)]}
        if r["to_move"] != str(seat):
            r["legal"] = []
        r["partner_known"] = v.partner_known  # whether the viewer knows its side (BW2)
        if not v.partner_known:  # the sides are not the viewer's to know yet
            for k in ("sides", "scores", "tricks", "pending"):
                r[k] = None
        self.hide(r, rp, step, viewer, v)
        r["counting"] = self.counting(rp, step, viewer).to_dict()
        r["tricks_shown"] = [
            {"number": ts.trick.number, "leader": str(ts.trick.leader),
             "winner": str(ts.trick.winner),
             "cards": [str(c) for c in ts.trick.cards] if ts.face_up else None}
            for ts in self.visible_tricks(rp, step, viewer)
        ]
        return r

    # -- text ----------------------------------------------------------------------------------
    def text(self, rp: Replay, viewer: int | None) -> str:
        """A header, one line a step, and the outcome."""
        rec = rp.record
        names = rec.player_names
        p0: AuctionPosition = rp[0]
        seats = self.SEATS
        lines: list[str] = []
        title = text_title(rp, ", ", "; match {match} deal {deal}")
        lines.append(f"{title}; {rec.profile.name} rules, dealer {seats[p0.dealer]}, "
                     f"forehand {seats[p0.forehand]}{self.header(p0)}")
        before_deal = rp.counters(0)
        keys = rec.match_rules.keys
        if before_deal is not None:
            lines.append("match counters before the deal: " + ", ".join(
                f"{k} {c}" for k, c in zip(keys, before_deal, strict=True)))
        lines.extend(f"  {{{c}}}" for c in rec.main.comments)
        if viewer is None:
            lines.append("as dealt: " + " | ".join(f"{s} {_cards(p0.hands[s])}"
                                                   for s in seats))
        else:
            me = seats[viewer]
            seen = rp.knowledge(0, viewer).hand
            others = ", ".join(str(s) for s in seats if s != me)
            lines.append(f"as dealt, {me}'s view: {me} {_cards(seen)} | {others} face down")
        for i, before, pos, a, who, mv in text_steps(rp):
            token = str(a)
            if a.kind is Kind.PLAY or a.kind is Kind.MARRIAGE:
                token = _card(a.card) + (f"+{a.points}" if a.kind is Kind.MARRIAGE else "")
            elif a.kind is Kind.PARTNER or a.kind is Kind.LAYAWAY:
                token = self.own_token(a, viewer, pos)
            token += glyphs(mv)
            what = self._what(rp, i, before, pos, a)
            line = f"{i:3d}. {'?' if who is None else who} {token:<16} {what:<34} "
            if viewer is None:
                sides = pos.side_names
                line += (f"score {sides[0]} {pos.score(0)}-{sides[1]} {pos.score(1)}  "
                         f"tricks {pos.side_tricks(0)}-{pos.side_tricks(1)}")
            else:  # only what the viewer can count: its side as far as it knows it
                c = self.counting(rp, i, viewer)
                mine = "".join(str(s) for s in seats if s == seats[viewer] or s in c.partners)
                other = "?" if c.other_score is None else str(c.other_score)
                line += (f"score {mine} {c.my_score}-{other}  "
                         f"{seats[viewer]}: {_cards(rp.knowledge(i, viewer).hand)}")
            lines.append(line.rstrip())
            lines.extend(note_lines(mv))
        fin: AuctionPosition = rp[rp.last]
        out = rp.outcome(rp.last)
        sides = fin.side_names
        scores = f"scores {sides[0]} {fin.score(0)}-{sides[1]} {fin.score(1)}"
        if out is not None:
            who_won = ", ".join(names[s] for s in out.winner_seats)
            how = _ENDS.get(out.end.value, out.end.value)
            if fin.contract is not None:
                made = "made" if out.end.value == "contract_made" else "broken"
                how = f"the {fin.contract} of {seats[fin.declarer]} {made}"
            doubled = (", doubled" if fin.spritze_stands
                       else ", the double lapsed" if fin.spritze >= 0 else "")
            verb = "wins" if len(out.winner) == 1 else "win"
            points = f"{out.game_points} game point{'s' if out.game_points != 1 else ''}"
            lines.append(f"result: {out.winner} ({who_won}) {verb} {points} by {how} "
                         f"({out.rule}){doubled}; {scores}")
            after = rp.counters(rp.last)
            if after is not None:
                lines.append("match counters after the deal: " + ", ".join(
                    f"{k} {c}" for k, c in zip(keys, after, strict=True)))
        else:
            lines.append(f"unfinished after {rp.last} actions; {scores}")
        return "\n".join(lines) + "\n"

    def html(self, rp: Replay, step: int) -> str:
        """The game's table and, beside it, the auction and the tallies."""
        return self.drawing_html(rp, step)

    def _what(self, rp: Replay, step: int, before: AuctionPosition, pos: AuctionPosition,
              a: Any) -> str:
        """What the action at ``step`` did, in words."""
        k = a.kind
        if k is Kind.TRUMP:
            trump = pos.trump_suit
            assert trump is not None
            if a.suit is None:
                return f"turns up {_card(pos.turned)}: {trump.title} trump"
            return f"names {trump.symbol} {trump.title} trump"
        if k is Kind.PARTNER or k is Kind.LAYAWAY:
            return self.own_step(pos, a)
        if k is Kind.CALL:
            return str(a.call)
        if k is Kind.CLAIM:
            return f"claims 66 for {pos.letters(pos.outcome.claimant) if pos.outcome else '?'}"
        if k is Kind.MARRIAGE:
            side = before.side[before.turn]
            pending = " (pending)" if pos.pending(side) else ""
            return f"announces {a.points}{pending}"
        done = rp.tricks(step)
        if done and done[-1].step == step:
            t = done[-1]
            return f"trick {t.number} to {t.winner} ({t.points})"
        return ""


def cards_of(mask: int) -> str:
    """The cards of ``mask`` as printed (``K♣ 10♦``), by suit, ``-`` for none."""
    return _cards(mask)


def card_of(c: int | None) -> str:
    """The card as printed (``10♥``), ``?`` for none."""
    return _card(c)


def _cards(mask: int) -> str:
    """The cards of ``mask`` as printed (``K♣ 10♦``), by suit, ``-`` for none."""
    return cards_text(sort_cards(cards_in(mask))) or "-"


def _card(c: int | None) -> str:
    """The card as printed (``10♥``), ``?`` for none."""
    return card_text(c) if c is not None else "?"
