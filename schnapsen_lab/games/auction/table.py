"""The practice table of the games with a round of calls: a student plays with bots at
Bauernschnapsen (four seats) or Dreierschnapsen (three seats), in pure Python.

Each game's model (:class:`~schnapsen_lab.games.bauern.table.BauernTable`,
:class:`~schnapsen_lab.games.dreier.table.DreierTable`) is an :class:`AuctionTable` that
names its game, seats, knowledge, default names and how a deal is dealt; everything
else is this one piece of code::

    t = DreierTable("heuristic", seat="A", seed=1)
    t.student_actions()            # what the student may do now: trump, a call, a card...
    events = t.act("T:H")          # the student's action, then the bots' answers
    for e in events: print(e.text)  # "Bert (B) passes", "Cilli (C) leads A♠", ...
    if t.finished: print(t.outcome_text()); t.save("my-deal.psn"); t.new_deal()

The other seats are bots (rule-of-thumb players by default, each seeing only its own
view of the game's knowledge). After the student's action the bots act until it is the
student's turn again (:meth:`AuctionTable.act`, or one bot action at a time with
:meth:`AuctionTable.student_act` and :meth:`AuctionTable.bot_step`).

The student fixes trump when forehand (from the three cards seen), calls a partner's
card with called partners, speaks once in the round of calls, lays cards away from the
talon as declarer in Dreierschnapsen, plays cards, announces marriages and claims 66 for
the side: right after winning a trick (the claim is among the actions of the lead) and,
asked in words, right after announcing a marriage or winning the last trick (then the
actions are just ``[CLAIM]`` and ``act(None)`` declines). A bot claims for its side by
its own rules when it won the trick or announced the marriage.

Deals follow each other in a match to the profile's target, the dealer passing
clockwise; a deal can also be taken over from any step of any record of the game with
any seat (:meth:`AuctionTable.take_over`), standing outside the match. Records are PSN
(:meth:`AuctionTable.record`), saved atomically.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ... import notation
from ...cards import CARDS
from ...i18n import N_, Texts
from ...io import atomic_write
from ...match import MatchState
from ...players.registry import make_player
from ...psn import Record, dumps
from ...refusals import refusal_text
from ...tablemodel import PracticeModel, record_of
from ...tricks import false_claim_points
from ..protocol import reason
from .knowledge import View
from .rules import CLAIM, Action, AuctionOutcome, AuctionPosition, End, Kind, Phase

__all__ = ["TEXT", "AuctionTable", "Event"]

P = TypeVar("P", bound=AuctionPosition)

TEXT = Texts({
    "no_claim_now": N_("there is no claim to decline now"),
    "claim_first": N_("first answer the question: claim 66 or not"),
    "not_your_turn": N_("it is {who}'s turn"),
    "not_yours": N_("a claim is not yours to make now"),
    "over": N_("the deal is over"),
    "bot_chose": N_("the bot {bot!r} chose {action}: {why}"),
    "bot_none": N_("no action chosen"),
    "took_over": N_("{who} took over as {seat} from {source}"),
    "source": N_("{players} ({where}, deal {index}), step {step}"),
    "a_record": N_("a record"),
    "no_deck": N_("the record has no valid Deck"),
    "no_step": N_("step {step} is not in the record (0..{last})"),
    "breaks_rule": N_("the record breaks a rule at action {n}: {error}"),
    "no_record": N_("{source}: no record {index} (it holds {count})"),
})
"""The texts every table with a round of calls says (each game adds ``bad_seat``,
``not_game`` and ``bad_profile``; the game's words are in
:data:`schnapsen_lab.notation.FOUR`)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the table, in words a player would use.

    ``action`` is None when a player declined to claim; ``announced`` is True for what
    is said aloud or shown (trump, the partner's card, a call, a marriage, a claim);
    ``step`` is the number of actions of the deal after it.
    """

    seat: Any
    action: Action | None
    text: str
    announced: bool
    step: int


class AuctionTable(PracticeModel[P], Generic[P]):
    """A table for the student at ``seat`` and bots ``bots`` at the other seats (one name
    for all, or a name or player for each other seat in seat order). ``names`` are the
    players by seat; the first dealer is drawn by lot from ``seed`` unless given.
    ``match`` names the match in the records. With ``auto_bots=False`` the bots' first
    actions of a deal wait for :meth:`bot_step`
    (:class:`~schnapsen_lab.tablemodel.PracticeModel`).

    A game's model says: ``GAME`` (the registered game), ``SEATS`` and ``SEAT_LETTERS``,
    ``NAMES`` (the default names), ``DEFAULT_SEAT``, ``TURN_RULE`` (the rule that says
    whose turn it is), ``TEXT`` (with its own ``bad_seat``, ``not_game`` and
    ``bad_profile``), :meth:`see` (its knowledge), :meth:`_dealt`, :meth:`_knocks` and
    :meth:`_as_dealt` (a deal from a shuffled deck; a position's deal again) and
    :meth:`_deal_tags`."""

    GAME: ClassVar[Any]
    SEATS: ClassVar[tuple[Any, ...]]
    SEAT_LETTERS: ClassVar[str]
    NAMES: ClassVar[tuple[str, ...]]
    DEFAULT_SEAT: ClassVar[Any]
    TURN_RULE: ClassVar[str]
    TEXT: ClassVar[Mapping[str, str]] = TEXT
    see: ClassVar[Callable[..., View]]

    def __init__(self, bots: str | Any | Sequence[str | Any] = "heuristic", *,
                 seat: Any = None, profile: Any = None,
                 names: Sequence[str] | None = None, seed: int | None = None,
                 dealer: Any = None, match: str | None = None,
                 auto_bots: bool = True) -> None:
        self.auto_bots = auto_bots
        self.rng = random.Random(seed)
        self.bot_rngs = tuple(random.Random(self.rng.random()) for _ in self.SEATS)
        self.profile: Any = self._as_profile(profile if profile is not None
                                             else self.GAME.default_profile)
        self.seat: Any = self._as_seat(seat if seat is not None else self.DEFAULT_SEAT)
        self.players: dict[Any, Any] = {}
        self.set_bots(bots)
        names = tuple(names) if names is not None else self.NAMES
        if len(names) != len(self.SEATS):
            raise ValueError(f"{len(self.SEATS)} names, {' '.join(self.SEAT_LETTERS)}")
        self.table_names: tuple[str, ...] = names
        self._match_base = match or "practice"
        self._match_no = 0
        self.match = ""
        self.match_state: MatchState = self.GAME.new_match(self.profile, 0)
        self.history: list[Record] = []
        self.log: list[Event] = []
        self.source: str | None = None
        self.in_match = True
        self.start: P = self._dealt([int(c) for c in self.profile.pack.cards], 0, False)
        self.position: P = self.start.copy()
        self.actions: list[Action] = []
        self.reasons: dict[int, tuple[Any, str]] = {}
        self._declined = False
        self._marriage_asked = False
        self._start_match(self._as_seat(dealer) if dealer is not None else None)

    # -- what the game says ---------------------------------------------------------------------
    def _dealt(self, deck: list[int], dealer: int, knock: bool) -> P:
        """The deal of ``deck`` by ``dealer`` (``knock``: the cutter knocked)."""
        raise NotImplementedError

    def _knocks(self, dealer: int) -> bool:
        """Whether the cutter knocks before ``dealer`` deals (never, unless the game
        says)."""
        return False

    def _as_dealt(self, pos: P) -> P:
        """``pos``'s deal as it was dealt."""
        raise NotImplementedError

    def _deal_tags(self) -> dict[str, str]:
        """Tags of the deal's record that only the game writes (none here)."""
        return {}

    def _as_seat(self, s: Any) -> Any:
        if isinstance(s, int):  # a seat is an IntEnum
            return self.SEATS[int(s)]
        t = str(s).strip().upper()
        if len(t) != 1 or t not in self.SEAT_LETTERS:
            raise ValueError(self.TEXT["bad_seat"].format(seat=s))
        return self.SEATS[self.SEAT_LETTERS.index(t)]

    def _as_profile(self, profile: Any) -> Any:
        if not isinstance(profile, str):
            return profile
        try:
            return self.GAME.profile_named(profile)
        except KeyError:
            known = ", ".join(sorted(self.GAME.profiles))
            raise ValueError(self.TEXT["bad_profile"].format(name=profile,
                                                             known=known)) from None

    # -- seats and players ----------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return self.table_names

    @property
    def bot_seats(self) -> tuple[Any, ...]:
        """The bots' seats, in seat order."""
        return tuple(s for s in self.SEATS if s != self.seat)

    def set_bots(self, bots: str | Any | Sequence[str | Any]) -> None:
        """Play on with other bots: one name or player for all the other seats, or one
        for each in seat order."""
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            chosen: list[Any] = [bots] * (len(self.SEATS) - 1)
        else:
            chosen = list(bots)
            if len(chosen) != len(self.SEATS) - 1:
                raise ValueError("one bot for each other seat, in seat order")
        others = [s for s in self.SEATS if s != self.seat]
        self.players = {s: make_player(b, game=self.GAME.key) if isinstance(b, str) else b
                        for s, b in zip(others, chosen, strict=True)}

    @property
    def bot_name(self) -> str:
        """The bots' player name (the first bot's when they differ)."""
        return str(self.players[self.bot_seats[0]].name)

    def knows_sides(self) -> bool:
        """Whether the student knows the deal's sides (with a called partner: once the
        card fell, or holding it, BW2; in Dreierschnapsen once the calls are over)."""
        return self.see(self.position, self.seat).partner_known

    # -- deals ----------------------------------------------------------------------------------
    def _start_match(self, dealer: Any) -> list[Event]:
        self._match_no += 1
        self.match = f"{self._match_base}-{self._match_no}"
        first = int(dealer) if dealer is not None else self.rng.randrange(len(self.SEATS))
        self.match_state = self.GAME.new_match(self.profile, first)
        self.history = []
        return self._deal()

    def _deal(self) -> list[Event]:
        deck = [int(c) for c in self.profile.pack.cards]
        self.rng.shuffle(deck)
        dealer = self.match_state.dealer
        self.source = None
        self.in_match = True
        return self._begin(self._dealt(deck, dealer, self._knocks(dealer)), [])

    def _begin(self, pos: P, actions: Sequence[Action]) -> list[Event]:
        self.start = self._as_dealt(pos)
        self.position = pos.copy()
        self.actions = list(actions)
        self.reasons = {}
        self.log = []
        self._declined = False
        self._marriage_asked = False
        return self._opening_moves()

    def new_deal(self) -> list[Event]:
        """Deal the next deal of the match (a new match once this one is decided). A
        finished deal of the match is counted first; an unfinished one is dealt again.
        Returns the bots' actions up to the student's turn."""
        self._count_finished()
        if self.match_state.is_decided:
            return self._start_match(self.SEATS[self.match_state.dealer])
        return self._deal()

    def new_match(self, dealer: Any = None) -> list[Event]:
        """Start a new match at 0 : 0, the first dealer by lot unless given."""
        return self._start_match(self._as_seat(dealer) if dealer is not None else None)

    def _count_finished(self) -> None:
        if self.in_match and self.finished:
            self.history.append(self.record())
            self.match_state = self.GAME.after_deal(self.match_state, self.position,
                                                      self.profile, self.start.dealer)
            self.in_match = False

    def take_over(self, source: Record | str, step: int, seat: Any = None, *,
                  index: int = 1) -> list[Event]:
        """Play on from step ``step`` of a record of the game (or of record ``index`` of a
        PSN file) with ``seat`` (default: the student's seat); the bots play the other
        seats with the record's cards, and its players' names. The deal stands outside
        the match."""
        rec = record_of(source, index, self.TEXT["no_record"])
        if rec.game is not self.GAME:
            raise ValueError(self.TEXT["not_game"].format(game=rec.game.title))
        if rec.deck is None:
            raise ValueError(self.TEXT["no_deck"])
        acts = rec.actions
        if not 0 <= step <= len(acts):
            raise ValueError(self.TEXT["no_step"].format(step=step, last=len(acts)))
        done = rec.game.replay(rec.start(), acts[:step], keep=False)
        if done.error is not None:
            assert done.index is not None
            raise ValueError(self.TEXT["breaks_rule"].format(
                n=done.index + 1,
                error=f"{done.error.rule}: {notation.reason_text(done.error.message)}"))
        pos: P = done.final
        self._count_finished()
        if seat is not None and self._as_seat(seat) != self.seat:
            bots = [self.players[s] for s in self.bot_seats]
            self.seat = self._as_seat(seat)
            self.set_bots(bots[0] if len({b.name for b in bots}) == 1 else bots)
        self.profile = rec.profile
        n = rec.player_names
        self.table_names = tuple(n)
        self.in_match = False
        where = rec.file or self.TEXT["a_record"]
        self.source = self.TEXT["source"].format(players=", ".join(n), where=where,
                                            index=rec.index, step=step)
        return self._begin(pos, acts[:step])

    # -- claims ---------------------------------------------------------------------------------
    def _claim_open_after_last_trick(self) -> bool:
        p = self.position
        return p.outcome is not None and not p.claimed and p.claim_by >= 0

    def _claim_open_after_marriage(self) -> bool:
        p = self.position
        return (p.outcome is None and p.lead_marriage and p.claim_by >= 0
                and len(p.table) == 1)

    @property
    def claim_question(self) -> bool:
        """Whether the student is asked to claim or not: right after announcing a
        marriage (BE2, 3E2) or after winning the last trick (BE5, 3E5)."""
        p = self.position
        if p.claim_seat != self.seat:
            return False
        if self._claim_open_after_marriage():
            return not self._marriage_asked and self._claim_may_be_right()
        return self._claim_open_after_last_trick() and not self._declined

    def _claim_may_be_right(self) -> bool:
        """Whether a claim after the student's marriage could be correct as far as the
        student knows: knowing the sides, the side's score (public, BE1, 3E1) reaches 66;
        not knowing them, some trick has been played (before the first trick every score
        is 0 and the marriage waits for a trick, BM2). The claim stays allowed (BE2, 3E2); the
        table only does not ask about a claim that is surely false."""
        p = self.position
        if self.knows_sides():
            return p.score(p.side[self.seat]) >= 66
        return p.tricks_played > 0

    @property
    def claim_question_kind(self) -> str | None:
        """``"marriage"`` or ``"last_trick"`` while the student is asked; else None."""
        if not self.claim_question:
            return None
        return "marriage" if self.position.outcome is None else "last_trick"

    def false_claim_outcome(self) -> AuctionOutcome:
        """What a false claim by the student's side would bring now (BG2, BG4; 3G2, 3G5): the other
        side scores 2, or 3 without a trick; doubled after a spritze. Only public facts
        decide it: the scores are not looked at."""
        p = self.position
        side = p.side[self.seat]
        other = 1 - side
        gp = false_claim_points(p.side_tricks(other)) * (2 if p.spritze_stands else 1)
        return p.OUTCOME(p.side_seats[other], gp, End.FALSE_CLAIM, p.RULES["claim_false"],
                         p.side_seats[side])

    # -- the student's turn ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Whether the deal is over (no claim question left to the student or a bot)."""
        if self.position.outcome is None:
            return False
        return not (self._claim_open_after_last_trick() and not self._declined)

    @property
    def students_turn(self) -> bool:
        """Whether the table waits for the student."""
        return bool(self.student_actions())

    def student_actions(self) -> list[Action]:
        """The actions the student may take now (``[CLAIM]`` on a claim question)."""
        if self.claim_question:
            return [CLAIM]
        p = self.position
        if p.outcome is not None or p.turn != self.seat or self._bot_claim_pending():
            return []
        legal = p.legal_actions()
        if p.table:
            legal = [a for a in legal if a is not CLAIM]
        return legal

    def _bot_claim_pending(self) -> bool:
        """Whether a bot must first say whether its side claims (after its marriage)."""
        p = self.position
        return (self._claim_open_after_marriage() and not self._marriage_asked
                and p.claim_seat != self.seat)

    def student_act(self, action: Action | str | None) -> Event:
        """Apply the student's action (None declines a claim); the bots do not answer yet."""
        a = self.position.parse_token(action) if isinstance(action, str) else action
        me = self.seat
        if a is None:
            if not self.claim_question:
                p = self.position
                raise p.illegal_action(p.RULES["claim"], self.TEXT["no_claim_now"],
                                       self.student_actions())
            return self._decline(me)
        refused = self.refusal(a)
        if refused is not None:
            rule, why = refused
            raise self.position.illegal_action(rule, f"{a}: {why}", self.student_actions())
        return self._apply(me, a)

    def refusal(self, action: Action | str) -> tuple[str, str] | None:
        """Why the student may not take ``action`` now, as ``(rule id, message)`` in the
        language spoken (the engine's reason for what the rules forbid); None when it is
        allowed."""
        a = self.position.parse_token(action) if isinstance(action, str) else action
        if a in self.student_actions():
            return None
        p = self.position
        if self.claim_question:
            return p.RULES["claim"], self.TEXT["claim_first"]
        if p.outcome is not None:
            return p.RULES["over"], self.TEXT["over"]
        if p.turn != self.seat:
            who = notation.seats_text(self.names, 1 << p.turn, p.LETTERS)
            return self.TURN_RULE, self.TEXT["not_your_turn"].format(who=who)
        refused = p.check(a)
        if refused is not None:
            return refused[0], refusal_text(refused[1])
        return p.RULES["claim"], self.TEXT["not_yours"]

    # -- the bots -------------------------------------------------------------------------------
    def _ask(self, seat: Any, legal: Sequence[Action]) -> Action | None:
        v: View = self.see(self.position, seat, list(legal))
        chosen: Action | None = self.players[seat].act(v, self.bot_rngs[seat])
        said = reason(self.players[seat])
        if said and chosen is not None:
            self.reasons[len(self.actions)] = (seat, said)  # the index its action will have
        return chosen

    def next_bot(self) -> Any:
        """The seat of the bot that acts (or says whether its side claims) next; None
        when no bot is to act now."""
        if not self.bot_step_due():
            return None
        p = self.position
        if p.outcome is not None or self._bot_claim_pending():
            return self.SEATS[p.claim_seat]
        return self.SEATS[p.turn]

    def bot_step_due(self) -> bool:
        """Whether a bot acts (or is asked whether to claim) next."""
        p = self.position
        if p.outcome is not None:
            return self._claim_open_after_last_trick() and not self._declined and \
                p.claim_seat != self.seat
        if self._bot_claim_pending():
            return True
        if self.claim_question:
            return False
        return bool(p.turn != self.seat)

    def bot_step(self) -> Event | None:
        """One action of a bot if one is due; None when it is the student's turn or the
        deal is over."""
        if not self.bot_step_due():
            return None
        p = self.position
        if p.outcome is not None or self._bot_claim_pending():
            bot = self.SEATS[p.claim_seat]
            after_marriage = p.outcome is None
            if after_marriage:
                self._marriage_asked = True
            if self._ask(bot, (CLAIM,)) == CLAIM:
                return self._apply(bot, CLAIM)
            if not after_marriage:
                return self._decline(bot)
            if p.turn == self.seat:  # the student follows the marriage lead
                return None
        bot = self.SEATS[p.turn]
        legal = p.legal_actions()
        if p.table:
            legal = [a for a in legal if a is not CLAIM]
        chosen = legal[0] if len(legal) == 1 else self._ask(bot, legal)
        if chosen is None or chosen not in legal:
            err = (p.check(chosen) if chosen is not None
                   else (self.TURN_RULE, self.TEXT["bot_none"]))
            rule, why = err or (p.RULES["claim"], self.TEXT["not_yours"])
            raise p.illegal_action(rule, self.TEXT["bot_chose"].format(
                bot=self.players[bot].name, action=chosen, why=notation.reason_text(why)),
                legal)
        return self._apply(bot, chosen)

    def _decline(self, seat: Any) -> Event:
        if self.position.outcome is None:
            self._marriage_asked = True
        else:
            self._declined = True
        names = self.names
        ev = Event(seat, None, notation.TEXT["said.no_claim"].format(
            who=notation.seats_text(names, 1 << seat, self.position.LETTERS)), False,
            len(self.actions))
        self.log.append(ev)
        return ev

    def _apply(self, seat: Any, a: Action) -> Event:
        before = self.position
        after = before.play(a)
        self.position = after
        self.actions.append(a)
        if a.kind is Kind.MARRIAGE:
            self._marriage_asked = False
        known = self.see(after, self.seat).partner_known
        text = notation.four_describe(before, a, after, self.names, partner_known=known)
        ev = Event(seat, a, text, a.kind is not Kind.PLAY, len(self.actions))
        self.log.append(ev)
        return ev

    # -- what the student sees ------------------------------------------------------------------
    def student_view(self) -> View:
        """What the student may know now (BW1, 3W1), with ``legal`` the student's actions."""
        return self.see(self.position, self.seat, self.student_actions())

    @property
    def phase(self) -> Phase:
        """Where the deal stands: trump, partner, auction, play, over."""
        return Phase(self.position.phase)

    # -- the end --------------------------------------------------------------------------------
    def outcome_text(self) -> str:
        """The outcome in words with its rule ('' while the deal goes on)."""
        o = self.outcome
        return (notation.four_outcome_text(o, self.position, self.names, explain=True)
                if o is not None else "")

    def _match_after(self) -> MatchState:
        state: MatchState = self.GAME.after_deal(self.match_state, self.position,
                                                 self.profile, self.start.dealer)
        return state

    @property
    def counters(self) -> dict[str, int]:
        """The match counters by name (``NS``/``EW``, or each seat with called partners):
        after this deal once it is finished and counts."""
        if self.in_match and self.finished:
            return self._match_after().counters_dict()
        return self.match_state.counters_dict()

    @property
    def match_winners(self) -> tuple[str, ...]:
        """The counters that reached the target once this deal decided the match."""
        if not self.in_match:
            return ()
        return (self._match_after() if self.finished else self.match_state).winners

    def record(self) -> Record:
        """The deal as a PSN record (tags Variant, the players' names, Match, Deal, Score,
        Dealer, Cut, Rules, Deck, Result); after each choice of a bot that says why it
        chose (the strong seat), that reason as a comment (:attr:`reasons`: by action
        index, with the seat that said it)."""
        tags: dict[str, str] = {"Event": "Practice"}
        tags.update(zip(self.GAME.name_tags, self.names, strict=True))
        if self.in_match:
            tags["Match"] = self.match
            tags["Deal"] = str(self.match_state.next_deal)
            tags["Score"] = self.match_state.score_text
        tags.update(self._deal_tags())
        rec = Record.from_actions([CARDS[c] for c in self.start.deck], self.actions,
                                  dealer=self.start.dealer, profile=self.profile, tags=tags)
        if self.source is not None:
            rec.main.comments.append(self.TEXT["took_over"].format(
                who=self.names[self.seat], seat=self.seat.name, source=self.source))
        for i, (_seat, said) in sorted(self.reasons.items()):
            if i < len(rec.main.moves):
                rec.main.moves[i].comments.append(said)
        return rec

    def records(self) -> list[Record]:
        """The match's deals so far and this one (what :meth:`save` writes)."""
        if not self.in_match:
            return [self.record()]
        return [*self.history, self.record()]

    def save(self, path: str, *, whole_match: bool = True) -> str:
        """Write the deal as PSN, atomically; inside a match with the deals before it (so
        that Match, Deal and Score check). Returns the text written."""
        recs = self.records() if whole_match else [self.record()]
        if not whole_match:
            for tag in ("Match", "Deal", "Score"):
                recs[0].tags.pop(tag, None)
        text = dumps(recs)
        with atomic_write(path) as f:
            f.write(text)
        return text


