"""Two-player Schnapsen's replay kit: what each player may know at each step (RULES.md
K1-K2), the counting, the inferences, ``replay --json`` rows and the readable text
(REPLAY.md), as the generic :class:`~schnapsen_lab.replay.Replay` asks for them."""

from __future__ import annotations

from typing import Any

from ...cards import PACK20, Suit, cards_in, sort_cards
from ...counters import over, shown
from ...notation import card_text, cards_text
from ...replay import (
    Counting,
    Inference,
    Replay,
    TrickShown,
    glyphs,
    note_lines,
    sorted_names,
    text_steps,
    text_title,
)
from ...tricks import SUIT_MASKS as _SUIT_MASKS
from .knowledge import View, view
from .rules import SEATS, ActionKind, Position, Seat, TrickReview

__all__ = ["KIT", "SchnapsenKit"]


class SchnapsenKit:
    """The two-player replay: K2 knowledge, counting, inferences, K1 (REPLAY.md)."""

    def view(self, pos: Position, seat: int) -> View:
        """RULES.md K2 (:func:`schnapsen_lab.games.twohand.knowledge.view`)."""
        return view(pos, seat)

    def inferences(self, rp: Replay, step: int, viewer: int | None) -> list[Inference]:
        """What play up to ``step`` showed about the viewer's opponent (both for None)."""
        out: list[Inference] = []
        about = None if viewer is None else Seat(viewer).other
        for t in rp.tricks(step):
            before = rp.positions[t.step - 1]
            if before.talon_open:
                continue
            fo = Seat(t.leader).other
            if about is not None and fo != about:
                continue
            ls = t.lead.suit
            trump = before.trump
            fs = t.follow.suit
            pack = getattr(before.profile, "pack", PACK20).mask
            if fs != ls:
                excl = _SUIT_MASKS[ls]
                text = f"{fo} did not follow {ls.title}: void in {ls.title}"
                kind = "void"
                if fs != trump and ls != trump:
                    excl |= _SUIT_MASKS[trump]
                    text += f" and in trumps ({Suit(trump).title})"
                out.append(Inference(fo, t.step, kind, ls, excl & pack, text))
            elif t.follow > t.lead and before.profile.must_head:
                # followed lower where F2 binds to beat: holds nothing above the lead
                higher = _SUIT_MASKS[ls] & ((1 << t.lead) - 1) & pack
                if higher:
                    names = cards_text(cards_in(higher))
                    out.append(Inference(fo, t.step, "no_higher", ls, higher,
                                         f"{fo} did not beat {card_text(t.lead)}: holds "
                                         f"none of {names}"))
        seen: set[tuple[int, str, int]] = set()
        unique: list[Inference] = []
        for inf in out:
            key = (int(inf.seat), inf.kind, inf.excluded)
            if key not in seen:
                seen.add(key)
                unique.append(inf)
        return unique

    def counting(self, rp: Replay, step: int, viewer: int) -> Counting:
        """Counting aids for ``viewer`` at ``step`` (REPLAY.md)."""
        v: View = rp.knowledge(step, viewer)
        seat = Seat(viewer)
        by_suit = {s: tuple(c for c in cards_in(v.unknown & _SUIT_MASKS[s])) for s in Suit}
        infs = tuple(self.inferences(rp, step, seat))
        excl = 0
        for inf in infs:
            excl |= inf.excluded
        pos = rp.positions[step]
        in_talon = v.unknown & excl if pos.closed_by >= 0 and not pos.exhausted else 0
        return Counting(
            viewer=seat,
            step=step,
            unknown_by_suit=by_suit,
            opponent_known=tuple(v.opponent_cards),
            trumps_out=tuple(v.trumps_out),
            points_out=v.points_out,
            scores=v.scores,
            pending=v.pending,
            tricks=v.tricks,
            talon=v.talon,
            inferences=infs,
            inferred_talon=tuple(cards_in(in_talon)),
            counters=rp.counters(step),
        )

    def visible_tricks(self, rp: Replay, step: int, viewer: int | None) -> list[TrickShown]:
        """Open table and a finished deal: all face up. Soft: the viewer's own tricks, and
        the opponent's last trick until the next lead. Strict: only the last trick,
        either player's, until the next lead (K1)."""
        tricks = rp.tricks(step)
        pos = rp.positions[step]
        if viewer is None or (step == rp.last and pos.outcome is not None):
            return [TrickShown(t, True) for t in tricks]
        last_open = pos.lead < 0 and bool(tricks)
        own = rp.record.profile.trick_review is TrickReview.OWN_AND_OPPONENT_LAST
        out: list[TrickShown] = []
        for i, t in enumerate(tricks):
            up = (own and int(t.winner) == viewer) or (last_open and i == len(tricks) - 1)
            out.append(TrickShown(t, up))
        return out

    def hidden_hands(self, rp: Replay, step: int, viewer: int | None) -> tuple[int, ...]:
        """The opponent's hand."""
        return () if viewer is None else (1 - viewer,)

    def row(self, rp: Replay, step: int) -> dict[str, Any]:
        """The REPLAY.md object of ``step``."""
        pos = rp.positions[step]
        a = rp.action(step)
        actor = rp.actors[step]
        if step > 0:
            # The contract's reference data (conformance/replay.expect.jsonl) names the
            # player who may claim when there is one: after a marriage lead that is the
            # announcer, also for the follower's card. Follow the data here;
            # :meth:`Replay.actor` gives who played the card.
            before = rp.positions[step - 1]
            if before.claim_by >= 0:
                actor = SEATS[before.claim_by]
        ind = pos.face_up_indicator
        out = rp.outcome(step)
        known: dict[str, Any] = {}
        for s in SEATS:
            v = rp.knowledge(step, s)
            known[str(s)] = {"opponent": sorted_names(v.opponent),
                             "unknown": sorted_names(v.unknown)}
        to_move = pos.to_move
        return {
            "step": step,
            "action": str(a) if a is not None else None,
            "actor": str(actor) if actor is not None else None,
            "leader": str(SEATS[pos.leader]),
            "to_move": str(to_move) if to_move is not None else None,
            "trump": str(Suit(pos.trump)),
            "indicator": str(ind) if ind is not None else None,
            "talon": pos.talon_size,
            "closed_by": "AB"[pos.closed_by] if pos.closed_by >= 0 else None,
            "exhausted": pos.exhausted,
            "hands": {"A": sorted_names(pos.hands[0]), "B": sorted_names(pos.hands[1])},
            "trick": [str(c) for c in pos.trick],
            "scores": {"A": pos.score(0), "B": pos.score(1)},
            "pending": {"A": pos.pending[0], "B": pos.pending[1]},
            "tricks": {"A": pos.tricks[0], "B": pos.tricks[1]},
            "known": known,
            "legal": sorted(str(x) for x in pos.legal_actions()),
            "result": ({"winner": None if out.winner is None else str(out.winner),
                        "game_points": out.game_points, "end": out.end.value}
                       if out is not None else None),
        }

    def viewer_row(self, rp: Replay, step: int, viewer: int) -> dict[str, Any]:
        """The row as ``viewer`` sees it: own hand and knowledge, counting, K1 tricks."""
        seat = Seat(viewer)
        r = self.row(rp, step)
        r["view"] = str(seat)
        r["hands"] = {str(seat): r["hands"][str(seat)]}
        r["known"] = {str(seat): r["known"][str(seat)]}
        if r["to_move"] != str(seat):
            r["legal"] = []
        r["counting"] = self.counting(rp, step, seat).to_dict()
        r["tricks_shown"] = [
            {"number": ts.trick.number, "winner": str(ts.trick.winner),
             "cards": [str(c) for c in ts.trick.cards] if ts.face_up else None}
            for ts in self.visible_tricks(rp, step, seat)
        ]
        return r

    def text(self, rp: Replay, viewer: int | None) -> str:
        """A header, one line a step, and the outcome."""
        rec = rp.record
        names = rec.player_names
        p0: Position = rp[0]
        me = None if viewer is None else Seat(viewer)
        lines: list[str] = []
        title = text_title(rp, " vs ", ", match {match} deal {deal}")
        trump = Suit(p0.trump)
        lines.append(f"{title}; {rec.profile.name} rules, dealer {SEATS[p0.dealer]}, "
                     f"trump {trump.symbol} {trump.title} (indicator {_card(p0.indicator)})")
        before_deal = rp.counters(0)
        counted = match_word(rec).capitalize()
        if before_deal is not None:
            b0 = shown(before_deal, rec.match_rules.counts_up)
            lines.append(f"{counted} counters before the deal: A {b0[0]}, B {b0[1]}")
        lines.extend(f"  {{{c}}}" for c in rec.main.comments)
        if me is None:
            lines.append(f"as dealt: A {_cards(p0.hands[0])} | B {_cards(p0.hands[1])}")
        else:
            lines.append(f"as dealt, {me}'s view: {me} {_cards(p0.hands[me])} | "
                         f"{me.other} {len(p0.hand(me.other))} cards face down")
        for i, before, pos, a, who, mv in text_steps(rp):
            token = str(a)
            if a.card is not None:
                token = _card(a.card) + (f"+{a.points}" if a.kind is ActionKind.MARRIAGE
                                         else "")
            token += glyphs(mv)
            what = ""
            if a.kind is ActionKind.EXCHANGE:
                what = (f"exchanges {_card(before.exchange_card)} for "
                        f"{_card(before.indicator)}")
            elif a.kind is ActionKind.CLOSE:
                what = "closes the talon"
            elif a.kind is ActionKind.CLAIM:
                what = "claims 66"
            elif a.kind is ActionKind.MARRIAGE:
                what = f"announces {a.points}" + (" (pending)" if pos.pending[before.leader]
                                                  else "")
            elif before.lead >= 0:
                t = rp.tricks(i)[-1]
                what = f"trick {t.number} to {t.winner} ({t.points})"
                if pos.bonus_to >= 0 and before.bonus_to < 0:
                    what += f" +{before.profile.last_trick_bonus}"
            s = pos.scores
            tricks = pos.tricks
            pend = ""
            if pos.pending[0] or pos.pending[1]:
                pend = f" pending {pos.pending[0]}-{pos.pending[1]}"
            talon = ("closed" if pos.closed_by >= 0 else
                     "empty" if pos.exhausted else f"{pos.talon_size}")
            actor = "?" if who is None else str(who)
            line = (f"{i:3d}. {actor} {token:<8} {what:<28} score {s[0]:>3}-{s[1]:<3} "
                    f"tricks {tricks[0]}-{tricks[1]}{pend}  talon {talon}")
            if me is not None:
                line += f"  {me}: {_cards(pos.hands[me])}"
            lines.append(line.rstrip())
            lines.extend(note_lines(mv))
        fin: Position = rp[rp.last]
        out = rp.outcome(rp.last)
        if out is not None:
            if out.winner is None:
                res = (f"result: a standoff ({out.rule}), nobody scores; scores "
                       f"{fin.score(0)}-{fin.score(1)}")
            else:
                how = {"claim": "a correct claim", "false_claim": "a false claim",
                       "last_trick": "the last trick"}.get(out.end.value, out.end.value)
                res = (f"result: {out.winner} ({names[out.winner]}) wins {out.game_points} "
                       f"game point{'s' if out.game_points != 1 else ''} by {how} "
                       f"({out.rule}); scores {fin.score(0)}-{fin.score(1)}")
            if fin.bonus_to >= 0:
                res += (f" (with {fin.profile.last_trick_bonus} for the last trick to "
                        f"{SEATS[fin.bonus_to]})")
            lines.append(res)
            after = rp.counters(rp.last)
            if after is not None:
                up = rec.match_rules.counts_up
                a0 = shown(after, up)
                past = f" (the winner {over(after, up)} past 0)" if over(after, up) else ""
                state = rec.match_after
                before = rec.counters_before
                paid = (abs(sum(after) - sum(before)) - out.game_points
                        if before is not None and out.winner is not None else 0)
                if paid > 0:  # standoff points paid with the deal's own (6G4)
                    past += (f"; with {paid} game point{'s' if paid != 1 else ''} carried "
                             f"from a standoff")
                if state is not None and state.carry:
                    past += (f"; {state.carry} game point{'s' if state.carry != 1 else ''} "
                             f"carried to the next deal's winner")
                lines.append(f"{counted} counters after the deal: A {a0[0]}, B {a0[1]}{past}")
        else:
            lines.append(f"unfinished after {rp.last} actions; scores "
                         f"{fin.score(0)}-{fin.score(1)}")
        return "\n".join(lines) + "\n"


    def html(self, rp: Replay, step: int) -> str:
        """The table and the tallies (:mod:`schnapsen_lab.html`)."""
        from .html import table_html, tallies_html

        return table_html(rp, step) + tallies_html(rp, step)



def match_word(record: Any) -> str:
    """What the record's match is called: ``Bummerl`` for a match counting down from 7
    (RULES.md B1), ``match`` for one counting up (Sechsundsechzig's to 7, ``bauern2``'s to
    21)."""
    return "match" if record.match_rules.counts_up else "Bummerl"


def _cards(mask: int) -> str:
    """The cards of ``mask`` as printed (``K♣ 10♦``), by suit, ``-`` for none."""
    return cards_text(sort_cards(cards_in(mask))) or "-"


def _card(c: int) -> str:
    """The card as printed (``10♥``)."""
    return card_text(c)


KIT = SchnapsenKit()
"""The two-player game's replay kit (its part ``kit``)."""
