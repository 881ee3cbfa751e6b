"""The practice table: a student plays deals, or a whole Bummerl, against a bot.

Pure Python, no widgets (the widget is :mod:`schnapsen_lab.widgets.table`)::

    from schnapsen_lab.games.twohand.table import Table
    t = Table("heuristic", student_name="Anna", bot_name="Bert", seed=1)
    t.student_actions()            # what the student may do now
    events = t.act("AH")           # the student's action, then the bot's answers
    for e in events: print(e.text)  # "Bert plays T♥; Bert takes the trick (21)", ...
    if t.finished: print(t.outcome_text()); t.save("my-deal.psn"); t.new_deal()

The student is one seat, the bot the other. After the student's action the bot acts
until it is the student's turn again (:meth:`Table.act`, or one bot action at a time
with :meth:`Table.student_act` and :meth:`Table.bot_step`). Claims follow E2: the
student may claim right after winning a trick (the claim is among the actions), and is
asked whether to claim right after announcing a marriage and after winning the last
trick (then the actions are just ``[CLAIM]`` and ``act(None)`` declines).

A deal can also be taken over from any step of any record with either seat
(:meth:`Table.take_over`): the hidden cards are the record's. Such a deal stands alone;
the Bummerl goes on with the next :meth:`Table.new_deal`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ... import notation
from ...cards import CARDS
from ...i18n import N_, Texts
from ...io import atomic_write
from ...players.registry import make_player, refusal
from ...psn import Record, dumps
from ...refusals import refusal_text
from ...tablemodel import PracticeModel, record_of
from .knowledge import View, view
from .match import Bummerl
from .players.base import Player, reason
from .rules import (
    CLAIM,
    SEATS,
    SOFT,
    Action,
    ActionKind,
    IllegalAction,
    Outcome,
    Position,
    Profile,
    Seat,
    TrickReview,
    parse_action,
)

__all__ = ["TEXT", "Event", "Table", "describe", "false_claim_outcome", "last_trick_claimant",
           "outcome_text"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the table, in words a player would use.

    ``action`` is None when a player declined to claim; ``announced`` is True for what
    is said aloud or shown (a marriage, the exchange, closing, a claim); ``step`` is the
    number of actions of the deal after it.
    """

    seat: Seat
    action: Action | None
    text: str
    announced: bool
    step: int


#: Every text this module writes, as format strings (actions and outcomes are worded by
#: :mod:`schnapsen_lab.notation`).
TEXT = Texts({
    "no_claim_now": N_("there is no claim to decline now"),
    "claim_first": N_("first answer the question: claim 66 or not"),
    "not_your_turn": N_("it is {who}'s turn"),
    "not_yours": N_("a claim is not yours to make now"),
    "over": N_("the deal is over"),
    "bot_chose": N_("the bot {bot!r} chose {action}: {why}"),
    "bot_none": N_("no action chosen"),
    "bot_not_its": N_("{action} is not the bot's to make now"),
    "took_over": N_("{who} took over as {seat} from {source}"),
    "source": N_("{a} vs {b} ({where}, deal {index}), step {step}"),
    "a_record": N_("a record"),
    "no_deck": N_("the record has no valid Deck"),
    "no_step": N_("step {step} is not in the record (0..{last})"),
    "breaks_rule": N_("the record breaks a rule at action {n}: {error}"),
    "no_record": N_("{source}: no record {index} (it holds {count})"),
    "bad_seat": N_("a seat is A or B, not {seat!r}"),
})


def describe(before: Position, action: Action | None, after: Position,
             names: Sequence[str] = ("A", "B"), seat: Seat | None = None) -> str:
    """The words for ``action`` played at ``before`` (giving ``after``): "Bert announces
    40 in hearts and leads K♥", "Anna closes the talon", "Bert plays 10♥; Anna takes the
    trick (21)". ``action`` None is a declined claim by ``seat``."""
    return notation.describe(before, action, after, names, seat)


def outcome_text(outcome: Outcome, names: Sequence[str] = ("A", "B")) -> str:
    """The outcome in words with the rule that decided it: "Anna wins 2 game points by
    a correct claim (G1: ...)"."""
    return notation.outcome_text(outcome, names, explain=True)


def last_trick_claimant(pos: Position) -> Seat | None:
    """After the last trick, its winner while the claim (E2 a) is still open; else None
    (the engine lists that claim as the one legal action there)."""
    if pos.outcome is None or not pos.legal_actions():
        return None
    return SEATS[pos.leader]


def false_claim_outcome(pos: Position, seat: Seat | int) -> Outcome:
    """What a false claim by ``seat`` would bring at ``pos`` (G2, C3, C4): the engine
    scores a claim made with no points, so only public facts (tricks, the closing)
    decide it and the scores are not revealed."""
    p = pos.copy()
    s = int(seat)
    p.trick_points[s] = 0
    p.marriage_points[s] = 0
    p.pending[s] = 0
    p.claim_by = s
    p.apply_unchecked(CLAIM)
    assert p.outcome is not None
    return p.outcome


_WARM_UP_DECK = 3
"""The seed of the deck :meth:`Table.warm_up` deals: one whose double-dummy end is searched
(not decided by a claim at once)."""


def _player(bot: str | Player, profile: Profile) -> Player:
    """The bot, refused (ValueError, one line) when it plays by the analysis engine and
    the engine does not know ``profile`` (:func:`~schnapsen_lab.players.registry.refusal`)."""
    player = make_player(bot) if isinstance(bot, str) else bot
    name = getattr(player, "name", None)
    refused = None if name is None else refusal(name, profile, f"the {name} bot")
    if refused is not None:
        raise ValueError(refused)
    return player


class Table(PracticeModel[Position]):
    """A practice table: the student at ``seat`` against ``bot`` (a name or a Player).

    Deals of a Bummerl (B1) follow each other with :meth:`new_deal`; the first dealer
    is drawn by lot from ``seed`` unless ``dealer`` is given. ``match`` names the
    Bummerl in the records (tag Match). With ``auto_bots=False`` the bot's first action
    of a deal waits for :meth:`bot_step` (:class:`~schnapsen_lab.tablemodel.PracticeModel`).
    """

    def __init__(self, bot: str | Player = "heuristic", *, seat: Seat | str = Seat.A,
                 profile: Profile = SOFT, student_name: str = "Anna",
                 bot_name: str = "Bert", seed: int | None = None,
                 dealer: Seat | str | None = None, match: str | None = None,
                 auto_bots: bool = True) -> None:
        self.auto_bots = auto_bots
        self.rng = random.Random(seed)
        self.bot_rng = random.Random(self.rng.random())
        self.player: Player = _player(bot, profile)
        self.profile = profile
        self.student_name = student_name
        self.bot_name = bot_name
        self._match_base = match or "practice"
        self._match_no = 0
        self.seat: Seat = _as_seat(seat)
        self.history: list[Record] = []
        self.bummerl = Bummerl.new(profile)
        self.match = ""
        self.log: list[Event] = []
        self.source: str | None = None
        self.in_bummerl = True
        self.start = Position.deal([int(c) for c in profile.pack.cards], Seat.B, profile)
        self.position = self.start.copy()
        self.actions: list[Action] = []
        self.reasons: dict[int, str] = {}
        self._declined = False
        self._marriage_asked = False
        self._start_bummerl(_as_seat(dealer) if dealer is not None else None)

    # -- names and seats --------------------------------------------------------------------
    @property
    def bot_seat(self) -> Seat:
        """The bot's seat."""
        return self.seat.other

    @property
    def names(self) -> tuple[str, str]:
        """The names of A and B at this table."""
        if self.seat is Seat.A:
            return (self.student_name, self.bot_name)
        return (self.bot_name, self.student_name)

    def set_bot(self, bot: str | Player) -> None:
        """Play on against another bot (a name or a Player)."""
        self.player = _player(bot, self.profile)

    # -- deals -------------------------------------------------------------------------------
    def _start_bummerl(self, dealer: Seat | None) -> None:
        self._match_no += 1
        self.match = f"{self._match_base}-{self._match_no}"
        first = dealer if dealer is not None else Seat(self.rng.randrange(2))
        self.bummerl = Bummerl.new(self.profile, first)
        self.history = []
        self._deal()

    def _deal(self) -> list[Event]:
        deck = [int(c) for c in self.profile.pack.cards]
        self.rng.shuffle(deck)
        self.source = None
        self.in_bummerl = True
        return self._begin(Position.deal(deck, self.bummerl.dealer, self.profile), [])

    def _begin(self, pos: Position, actions: Sequence[Action]) -> list[Event]:
        self.start = Position.deal(pos.deck, pos.dealer, pos.profile)
        self.position = pos.copy()
        self.actions = list(actions)
        self.reasons = {}
        self.log = []
        self._declined = False
        self._marriage_asked = False
        return self._opening_moves()

    def new_deal(self) -> list[Event]:
        """Deal the next deal of the Bummerl (a new Bummerl once this one is decided).

        A finished deal of the Bummerl is counted first; an unfinished one is dealt
        again (not counted). Returns the bot's actions if it leads.
        """
        self._count_finished()
        if self.bummerl.is_decided:
            self._start_bummerl(self.bummerl.dealer)
            return [e for e in self.log if e.seat == self.bot_seat]
        return self._deal()

    def _count_finished(self) -> None:
        """Count a finished deal of the Bummerl (once) before another deal starts."""
        if self.in_bummerl and self.finished:
            self.history.append(self.record())
            self.bummerl = self.bummerl.after(self.position.outcome, Seat(self.start.dealer))
            self.in_bummerl = False

    def new_bummerl(self, dealer: Seat | str | None = None) -> list[Event]:
        """Start a new Bummerl at the profile's start, 7 : 7 (``bauern2``: 0 : 0), the
        first dealer by lot unless given."""
        self._start_bummerl(_as_seat(dealer) if dealer is not None else None)
        return [e for e in self.log if e.seat == self.bot_seat]

    def take_over(self, source: Record | str, step: int, seat: Seat | str | None = None, *,
                  index: int = 1) -> list[Event]:
        """Play on from step ``step`` of a record (or of record ``index`` of a PSN file)
        with ``seat`` (default: the student's seat); the bot plays the other seat with
        the record's hidden cards. The deal stands outside the Bummerl."""
        rec = record_of(source, index, TEXT["no_record"])
        if not isinstance(rec.profile, Profile):
            raise ValueError(f"the practice table plays two-player Schnapsen; this record "
                             f"is {rec.game.title}")
        if rec.deck is None:
            raise ValueError(TEXT["no_deck"])
        acts = rec.actions
        if not 0 <= step <= len(acts):
            raise ValueError(TEXT["no_step"].format(step=step, last=len(acts)))
        _player(self.player, rec.profile)  # the bot must know the record's rules
        done = rec.game.replay(rec.start(), acts[:step], keep=False)
        if done.error is not None:
            assert done.index is not None
            raise ValueError(TEXT["breaks_rule"].format(
                n=done.index + 1,
                error=f"{done.error.rule}: {notation.reason_text(done.error.message)}"))
        pos: Position = done.final
        self._count_finished()
        if seat is not None:
            self.seat = _as_seat(seat)
        self.profile = rec.profile
        self.in_bummerl = False
        pa, pb = rec.player_names
        where = rec.file or TEXT["a_record"]
        self.source = TEXT["source"].format(a=pa, b=pb, where=where, index=rec.index, step=step)
        return self._begin(pos, acts[:step])

    # -- the student's turn ------------------------------------------------------------------
    @property
    def claim_question(self) -> bool:
        """Whether the student is asked to claim or not (after a marriage announcement,
        E2 b, or after winning the last trick, E2 a)."""
        p = self.position
        me = int(self.seat)
        if p.outcome is None:
            return p.lead_marriage and p.claim_by == me and not self._marriage_asked
        return last_trick_claimant(p) == self.seat and not self._declined

    @property
    def claim_question_kind(self) -> str | None:
        """What the claim question is about: ``"marriage"`` (E2 b, the deal goes on
        without a claim) or ``"last_trick"`` (E2 a, the last trick counts without a
        claim); None when there is no question."""
        if not self.claim_question:
            return None
        return "marriage" if self.position.outcome is None else "last_trick"

    def false_claim_outcome(self) -> Outcome:
        """What a false claim by the student would bring now (the scores stay hidden)."""
        return false_claim_outcome(self.position, self.seat)

    @property
    def finished(self) -> bool:
        """Whether the deal is over (no claim question left)."""
        return self.position.outcome is not None and not self.claim_question

    @property
    def students_turn(self) -> bool:
        """Whether the table waits for the student."""
        return bool(self.student_actions()) and not self.finished

    def student_actions(self) -> list[Action]:
        """The actions the student may take now (``[CLAIM]`` on a claim question)."""
        if self.claim_question:
            return [CLAIM]
        p = self.position
        if p.outcome is not None or p.to_move != self.seat:
            return []
        legal = p.legal_actions()
        if p.lead >= 0:
            legal = [a for a in legal if a is not CLAIM]
        return legal

    def student_act(self, action: Action | str | None) -> Event:
        """Apply the student's action (None declines a claim); the bot does not answer yet."""
        a = parse_action(action) if isinstance(action, str) else action
        me = self.seat
        if a is None:
            if not self.claim_question:
                raise IllegalAction("E2", TEXT["no_claim_now"], self.student_actions())
            if self.position.outcome is None:
                self._marriage_asked = True
            else:
                self._declined = True
            ev = Event(me, None, describe(self.position, None, self.position, self.names, me),
                       False, len(self.actions))
            self.log.append(ev)
            return ev
        refused = self.refusal(a)
        if refused is not None:
            rule, why = refused
            raise IllegalAction(rule, f"{a}: {why}", self.student_actions())
        return self._apply(me, a)

    def refusal(self, action: Action | str) -> tuple[str, str] | None:
        """Why the student may not take ``action`` now, as ``(rule id, message)`` (the
        engine's reason for a card the rules forbid, in the language spoken); None when
        it is allowed."""
        a = parse_action(action) if isinstance(action, str) else action
        if a in self.student_actions():
            return None
        p = self.position
        if self.claim_question:
            return "E2", TEXT["claim_first"]
        if p.outcome is not None:
            return "E5", TEXT["over"]
        if p.to_move != self.seat:
            return "H1", TEXT["not_your_turn"].format(who=self.names[self.seat.other])
        refused = p.check(a)
        if refused is not None:
            return refused[0], refusal_text(refused[1])
        return "E2", TEXT["not_yours"]

    # -- the bot -----------------------------------------------------------------------------
    def _ask(self, legal: Sequence[Action]) -> Action | None:
        v: View = view(self.position, self.bot_seat)
        v = replace(v, legal=tuple(legal))
        chosen = self.player.act(v, self.bot_rng)
        said = reason(self.player)
        if said and chosen is not None:
            self.reasons[len(self.actions)] = said  # the index its action will have
        return chosen

    def next_bot(self) -> Seat | None:
        """The seat of the bot that acts next; None when no bot is to act now."""
        return self.bot_seat if self.bot_step_due() else None

    def warm_up(self) -> None:
        """Let a copy of the bot decide once on a position of its own (a deal of
        :data:`_WARM_UP_DECK` played on until the talon is used up, so that the decision
        is a short exact search): what the bot's first decision paid once in a process
        (the solver's imports, its compiled code loaded, its tables in this thread) is
        paid now, and the bot itself is left as it was. Run it in the thread the bot will
        decide in (the widget's bots' thread)."""
        bot = copy.deepcopy(self.player)
        deck = list(range(20))
        random.Random(_WARM_UP_DECK).shuffle(deck)
        pos = Position.deal(deck, Seat.B, self.profile)
        legal = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
        while legal and not pos.exhausted and pos.outcome is None:
            pos = pos.play(legal[-1])
            legal = [a for a in pos.legal_actions() if a.kind is ActionKind.PLAY]
        seat = pos.to_move
        if pos.outcome is None and seat is not None and len(legal) > 1:
            bot.act(replace(view(pos, seat), legal=tuple(legal)), random.Random(0))

    def bot_step_due(self) -> bool:
        """Whether the bot acts (or is asked whether to claim) next."""
        p = self.position
        bot = self.bot_seat
        if p.outcome is not None:
            return last_trick_claimant(p) == bot and not self._declined
        if p.lead_marriage and p.claim_by >= 0 and not self._marriage_asked:
            return p.claim_by == int(bot)
        return p.to_move == bot

    def bot_step(self) -> Event | None:
        """One action of the bot if it is the bot's to act; None when it is the student's
        turn or the deal is over."""
        p = self.position
        bot = self.bot_seat
        b = int(bot)
        if p.outcome is not None:
            if last_trick_claimant(p) == bot and not self._declined:
                a = self._ask((CLAIM,))
                if a == CLAIM:
                    return self._apply(bot, CLAIM)
                self._declined = True
                ev = Event(bot, None, describe(p, None, p, self.names, bot), False,
                           len(self.actions))
                self.log.append(ev)
                return ev
            return None
        if p.lead_marriage and p.claim_by == b and not self._marriage_asked:
            self._marriage_asked = True
            if self._ask((CLAIM,)) == CLAIM:
                return self._apply(bot, CLAIM)
        if p.lead_marriage and p.claim_by == int(self.seat) and not self._marriage_asked:
            return None
        if p.to_move != bot:
            return None
        legal = p.legal_actions()
        if p.lead >= 0:
            legal = [a for a in legal if a is not CLAIM]
        chosen = legal[0] if len(legal) == 1 else self._ask(legal)
        if chosen is None or chosen not in legal:
            err = p.check(chosen) if chosen is not None else ("H1", TEXT["bot_none"])
            rule, why = err or ("E2", TEXT["bot_not_its"].format(action=chosen))
            raise IllegalAction(rule, TEXT["bot_chose"].format(
                bot=self.player.name, action=chosen, why=notation.reason_text(why)), legal)
        return self._apply(bot, chosen)

    def _apply(self, seat: Seat, a: Action) -> Event:
        before = self.position
        after = before.play(a)
        self.position = after
        self.actions.append(a)
        if a.kind is ActionKind.MARRIAGE:
            self._marriage_asked = False
        text = describe(before, a, after, self.names)
        announced = a.kind is not ActionKind.PLAY
        ev = Event(seat, a, text, announced, len(self.actions))
        self.log.append(ev)
        return ev

    # -- what the student sees ---------------------------------------------------------------
    def student_view(self) -> View:
        """What the student may know now (K2), with ``legal`` the student's actions now
        (``(CLAIM,)`` on a claim question, as a :class:`~schnapsen_lab.players.Player`
        is asked)."""
        return replace(view(self.position, self.seat), legal=tuple(self.student_actions()))

    def visible_scores(self, *, all_scores: bool = False) -> tuple[int | None, int | None]:
        """Both E1 scores (A, B) as the profile lets the student look them up (K1): in soft
        and beginner the student's own (own tricks may be looked through), in strict
        neither; every score once the deal is over or with ``all_scores``."""
        sc = self.position.scores
        if all_scores or self.finished:
            return sc
        if self.profile.trick_review is TrickReview.OWN_AND_OPPONENT_LAST:
            return (sc[0], None) if self.seat is Seat.A else (None, sc[1])
        return (None, None)

    # -- the end -----------------------------------------------------------------------------
    def outcome_text(self) -> str:
        """The outcome in words with its rule ('' while the deal goes on)."""
        o = self.outcome
        return outcome_text(o, self.names) if o is not None else ""

    @property
    def counters(self) -> tuple[int, int]:
        """The Bummerl counters (A, B): after this deal once it is finished and counts."""
        if self.in_bummerl and self.finished:
            return self.bummerl.after(self.position.outcome, Seat(self.start.dealer)).counters
        return self.bummerl.counters

    @property
    def bummerl_winner(self) -> Seat | None:
        """The winner of the Bummerl once this deal decided it."""
        if not self.in_bummerl:
            return None
        if self.finished:
            return self.bummerl.after(self.position.outcome, Seat(self.start.dealer)).winner
        return self.bummerl.winner

    def record(self) -> Record:
        """The deal as a PSN record (tags PlayerA, PlayerB, Match, Deal, Dealer, Result);
        after each choice of a bot that says why it chose (the strong players), that
        reason as a comment (:attr:`reasons`: by action index)."""
        tags: dict[str, str] = {"Event": "Practice", "PlayerA": self.names[0],
                                "PlayerB": self.names[1]}
        if self.in_bummerl:
            tags["Match"] = self.match
            tags["Deal"] = str(self.bummerl.next_deal)
        rec = Record.from_actions([CARDS[c] for c in self.start.deck], self.actions,
                                  dealer=Seat(self.start.dealer), profile=self.profile,
                                  tags=tags)
        if self.source is not None:
            rec.main.comments.append(TEXT["took_over"].format(
                who=self.names[self.seat], seat=self.seat, source=self.source))
        for i, said in sorted(self.reasons.items()):
            if i < len(rec.main.moves):
                rec.main.moves[i].comments.append(said)
        return rec

    def records(self) -> list[Record]:
        """The Bummerl's deals so far and this one (what :meth:`save` writes)."""
        if not self.in_bummerl:
            return [self.record()]
        return [*self.history, self.record()]

    def save(self, path: str, *, whole_bummerl: bool = True) -> str:
        """Write the deal as PSN, atomically; inside a Bummerl with the deals before it
        (so that Match and Deal tags check). Returns the text written."""
        recs = self.records() if whole_bummerl else [self.record()]
        if not whole_bummerl:
            recs[0].tags.pop("Match", None)
            recs[0].tags.pop("Deal", None)
        text = dumps(recs)
        with atomic_write(path) as f:
            f.write(text)
        return text


def _as_seat(s: Seat | str | Any) -> Seat:
    if isinstance(s, Seat):
        return s
    t = str(s).strip().upper()
    if t not in ("A", "B"):
        raise ValueError(TEXT["bad_seat"].format(seat=s))
    return Seat[t]


