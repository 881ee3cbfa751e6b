"""The table for four: a student plays Bauernschnapsen with a bot partner against two bots.

Pure Python, no widgets (the widget is :mod:`schnapsen_lab.widgets.bauern`)::

    from schnapsen_lab.games.bauern.table import BauernTable
    t = BauernTable("heuristic", seat="S", seed=1)     # the student sits S, partner N
    t.student_actions()            # what the student may do now: trump, a call, a card...
    events = t.act("T:H")          # the student's action, then the bots' answers
    for e in events: print(e.text)  # "Bert (E) passes", "Dani (W) leads A♠", ...
    if t.finished: print(t.outcome_text()); t.save("my-deal.psn"); t.new_deal()

The three other seats are bots (rule-of-thumb players by default, each seeing only its
own :func:`~schnapsen_lab.games.bauern.knowledge.view`). After the student's action the
bots act until it is the student's turn again (:meth:`BauernTable.act`, or one bot
action at a time with :meth:`BauernTable.student_act` and :meth:`BauernTable.bot_step`).

The student fixes trump when forehand (from the three cards seen, BR1), calls a
partner's card with called partners (BC1), speaks once in the round of calls (BA1), plays
cards, announces marriages and claims 66 for the side (BE2): right after winning a trick
(the claim is among the actions of the lead) and, asked in words, right after announcing
a marriage or winning the last trick (then the actions are just ``[CLAIM]`` and
``act(None)`` declines). A bot claims for its side by its own rules when it won the
trick or announced the marriage (its partner's, the student's, too).

Deals follow each other in a match to the profile's target (BX1; per player with called
partners, BC5), the dealer passing clockwise; a deal can also be taken over from any step
of any four-player record with any seat (:meth:`BauernTable.take_over`), standing
outside the match. Records are PSN (:meth:`BauernTable.record`), saved atomically.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

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
from .game import BAUERN_GAME
from .knowledge import View, view
from .players import SeatPlayer, reason
from .rules import (
    BAUERN,
    CLAIM,
    PROFILES,
    SEATS,
    Action,
    End,
    IllegalAction,
    Kind,
    Outcome,
    Phase,
    Position,
    Profile,
    Seat,
    parse_action,
)

__all__ = ["NAMES", "TEXT", "BauernTable", "Event"]

NAMES = ("Anna", "Bert", "Cilli", "Dani")
"""The players' names by seat N, E, S, W when none are given."""

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
    "bad_seat": N_("a seat is N, E, S or W, not {seat!r}"),
    "not_four": N_("the table for four plays Bauernschnapsen; this record is {game}"),
    "bad_profile": N_("unknown rules {name!r} for Bauernschnapsen; known: {known}"),
})
"""Every text of the table for four (the game's words are in
:data:`schnapsen_lab.notation.FOUR`)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the table, in words a player would use.

    ``action`` is None when a player declined to claim; ``announced`` is True for what
    is said aloud or shown (trump, the partner's card, a call, a marriage, a claim);
    ``step`` is the number of actions of the deal after it.
    """

    seat: Seat
    action: Action | None
    text: str
    announced: bool
    step: int


def _as_seat(s: Seat | str | int) -> Seat:
    if isinstance(s, Seat):
        return s
    if isinstance(s, int):
        return SEATS[s]
    t = str(s).strip().upper()
    if t not in ("N", "E", "S", "W"):
        raise ValueError(TEXT["bad_seat"].format(seat=s))
    return Seat[t]


def _as_profile(profile: Profile | str) -> Profile:
    if isinstance(profile, Profile):
        return profile
    try:
        return BAUERN_GAME.profile_named(profile)
    except KeyError:
        raise ValueError(TEXT["bad_profile"].format(name=profile,
                                                    known=", ".join(sorted(PROFILES)))) from None


class BauernTable(PracticeModel[Position]):
    """A table for four: the student at ``seat`` (S by default), the bots ``bots`` at the
    other three (one name for all, or a name or player for each other seat in seat
    order). ``names`` are the players by seat N, E, S, W; the first dealer is drawn by lot
    from ``seed`` unless given; the cutter (a bot) knocks with chance ``knock_rate``
    where the profile allows it. ``match`` names the match in the records. With
    ``auto_bots=False`` the bots' first actions of a deal wait for :meth:`bot_step`
    (:class:`~schnapsen_lab.tablemodel.PracticeModel`)."""

    def __init__(self, bots: str | SeatPlayer | Sequence[str | SeatPlayer] = "heuristic", *,
                 seat: Seat | str = Seat.S, profile: Profile | str = BAUERN,
                 names: Sequence[str] = NAMES, seed: int | None = None,
                 dealer: Seat | str | None = None, match: str | None = None,
                 knock_rate: float = 0.2, auto_bots: bool = True) -> None:
        self.auto_bots = auto_bots
        self.rng = random.Random(seed)
        self.bot_rngs = tuple(random.Random(self.rng.random()) for _ in SEATS)
        self.profile: Profile = _as_profile(profile)
        self.seat: Seat = _as_seat(seat)
        self.players: dict[Seat, SeatPlayer] = {}
        self.set_bots(bots)
        if len(names) != 4:
            raise ValueError("four names, N E S W")
        self.table_names: tuple[str, str, str, str] = (names[0], names[1], names[2], names[3])
        self.knock_rate = knock_rate
        self._match_base = match or "practice"
        self._match_no = 0
        self.match = ""
        self.match_state: MatchState = BAUERN_GAME.new_match(self.profile, 0)
        self.history: list[Record] = []
        self.log: list[Event] = []
        self.source: str | None = None
        self.in_match = True
        self.start: Position = Position.deal(list(self.profile.pack.cards), 0, self.profile)
        self.position: Position = self.start.copy()
        self.actions: list[Action] = []
        self.reasons: dict[int, tuple[Seat, str]] = {}
        self._declined = False
        self._marriage_asked = False
        self._start_match(_as_seat(dealer) if dealer is not None else None)

    # -- seats and players ----------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat N, E, S, W."""
        return self.table_names

    @property
    def bot_seats(self) -> tuple[Seat, ...]:
        """The bots' seats, in seat order."""
        return tuple(s for s in SEATS if s != self.seat)

    def set_bots(self, bots: str | SeatPlayer | Sequence[str | SeatPlayer]) -> None:
        """Play on with other bots: one name or player for all three other seats, or one
        for each in seat order."""
        if isinstance(bots, (str, SeatPlayer)):
            chosen: list[str | SeatPlayer] = [bots] * 3
        else:
            chosen = list(bots)
            if len(chosen) != 3:
                raise ValueError("three bots, for the three other seats in seat order")
        others = [s for s in SEATS if s != self.seat]
        self.players = {s: make_player(b, game="bauern") if isinstance(b, str) else b
                        for s, b in zip(others, chosen, strict=True)}

    @property
    def bot_name(self) -> str:
        """The bots' player name (the first bot's when they differ)."""
        return self.players[self.bot_seats[0]].name

    def knows_sides(self) -> bool:
        """Whether the student knows the deal's sides (with a called partner: once the
        card fell, or holding it, BW2)."""
        return view(self.position, self.seat).partner_known

    # -- deals ----------------------------------------------------------------------------------
    def _start_match(self, dealer: Seat | None) -> list[Event]:
        self._match_no += 1
        self.match = f"{self._match_base}-{self._match_no}"
        first = int(dealer) if dealer is not None else self.rng.randrange(4)
        self.match_state = BAUERN_GAME.new_match(self.profile, first)
        self.history = []
        return self._deal()

    def _deal(self) -> list[Event]:
        deck = [int(c) for c in self.profile.pack.cards]
        self.rng.shuffle(deck)
        dealer = self.match_state.dealer
        cutter = (dealer + 3) & 3
        knock = (self.profile.knock_allowed and cutter != self.seat
                 and self.rng.random() < self.knock_rate)
        self.source = None
        self.in_match = True
        return self._begin(Position.deal(deck, dealer, self.profile, knock), [])

    def _begin(self, pos: Position, actions: Sequence[Action]) -> list[Event]:
        self.start = Position.deal(pos.deck, pos.dealer, pos.profile, pos.knock)
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
            return self._start_match(SEATS[self.match_state.dealer])
        return self._deal()

    def new_match(self, dealer: Seat | str | None = None) -> list[Event]:
        """Start a new match at 0 : 0, the first dealer by lot unless given."""
        return self._start_match(_as_seat(dealer) if dealer is not None else None)

    def _count_finished(self) -> None:
        if self.in_match and self.finished:
            self.history.append(self.record())
            self.match_state = BAUERN_GAME.after_deal(self.match_state, self.position,
                                                      self.profile, self.start.dealer)
            self.in_match = False

    def take_over(self, source: Record | str, step: int, seat: Seat | str | None = None, *,
                  index: int = 1) -> list[Event]:
        """Play on from step ``step`` of a four-player record (or of record ``index`` of a
        PSN file) with ``seat`` (default: the student's seat); the bots play the other
        seats with the record's cards, and its players' names. The deal stands outside
        the match."""
        rec = record_of(source, index, TEXT["no_record"])
        if not isinstance(rec.profile, Profile):
            raise ValueError(TEXT["not_four"].format(game=rec.game.title))
        if rec.deck is None:
            raise ValueError(TEXT["no_deck"])
        acts = rec.actions
        if not 0 <= step <= len(acts):
            raise ValueError(TEXT["no_step"].format(step=step, last=len(acts)))
        done = rec.game.replay(rec.start(), acts[:step], keep=False)
        if done.error is not None:
            assert done.index is not None
            raise ValueError(TEXT["breaks_rule"].format(
                n=done.index + 1,
                error=f"{done.error.rule}: {notation.reason_text(done.error.message)}"))
        pos: Position = done.final
        self._count_finished()
        if seat is not None and _as_seat(seat) != self.seat:
            bots = [self.players[s] for s in self.bot_seats]
            self.seat = _as_seat(seat)
            self.set_bots(bots[0] if len({b.name for b in bots}) == 1 else bots)
        self.profile = rec.profile
        n = rec.player_names
        self.table_names = (n[0], n[1], n[2], n[3])
        self.in_match = False
        where = rec.file or TEXT["a_record"]
        self.source = TEXT["source"].format(players=", ".join(n), where=where,
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
        marriage (BE2) or after winning the last trick (BE5)."""
        p = self.position
        if p.claim_seat != self.seat:
            return False
        if self._claim_open_after_marriage():
            return not self._marriage_asked and self._claim_may_be_right()
        return self._claim_open_after_last_trick() and not self._declined

    def _claim_may_be_right(self) -> bool:
        """Whether a claim after the student's marriage could be correct as far as the
        student knows: knowing the sides, the side's score (public, BE1) reaches 66;
        not knowing them, some trick has been played (before the first trick every score
        is 0 and the marriage waits for a trick, BM2). The claim stays allowed (BE2); the
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

    def false_claim_outcome(self) -> Outcome:
        """What a false claim by the student's side would bring now (BG2, BG4): the other
        side scores 2, or 3 without a trick; doubled after a spritze. Only public facts
        decide it: the scores are not looked at."""
        p = self.position
        side = p.side[self.seat]
        other = 1 - side
        gp = false_claim_points(p.side_tricks(other)) * (2 if p.spritze_stands else 1)
        return Outcome(p.side_seats[other], gp, End.FALSE_CLAIM, "BG2", p.side_seats[side])

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
        a = parse_action(action) if isinstance(action, str) else action
        me = self.seat
        if a is None:
            if not self.claim_question:
                raise IllegalAction("BE2", TEXT["no_claim_now"], self.student_actions())
            return self._decline(me)
        refused = self.refusal(a)
        if refused is not None:
            rule, why = refused
            raise IllegalAction(rule, f"{a}: {why}", self.student_actions())
        return self._apply(me, a)

    def refusal(self, action: Action | str) -> tuple[str, str] | None:
        """Why the student may not take ``action`` now, as ``(rule id, message)`` in the
        language spoken (the engine's reason for what the rules forbid); None when it is
        allowed."""
        a = parse_action(action) if isinstance(action, str) else action
        if a in self.student_actions():
            return None
        p = self.position
        if self.claim_question:
            return "BE2", TEXT["claim_first"]
        if p.outcome is not None:
            return "BE5", TEXT["over"]
        if p.turn != self.seat:
            who = notation.seats_text(self.names, 1 << p.turn)
            return "BP1", TEXT["not_your_turn"].format(who=who)
        refused = p.check(a)
        if refused is not None:
            return refused[0], refusal_text(refused[1])
        return "BE2", TEXT["not_yours"]

    # -- the bots -------------------------------------------------------------------------------
    def _ask(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        v: View = view(self.position, seat, list(legal))
        chosen = self.players[seat].act(v, self.bot_rngs[seat])
        said = reason(self.players[seat])
        if said and chosen is not None:
            self.reasons[len(self.actions)] = (seat, said)  # the index its action will have
        return chosen

    def next_bot(self) -> Seat | None:
        """The seat of the bot that acts (or says whether its side claims) next; None
        when no bot is to act now."""
        if not self.bot_step_due():
            return None
        p = self.position
        if p.outcome is not None or self._bot_claim_pending():
            return SEATS[p.claim_seat]
        return SEATS[p.turn]

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
        return p.turn != self.seat

    def bot_step(self) -> Event | None:
        """One action of a bot if one is due; None when it is the student's turn or the
        deal is over."""
        if not self.bot_step_due():
            return None
        p = self.position
        if p.outcome is not None or self._bot_claim_pending():
            bot = SEATS[p.claim_seat]
            after_marriage = p.outcome is None
            if after_marriage:
                self._marriage_asked = True
            if self._ask(bot, (CLAIM,)) == CLAIM:
                return self._apply(bot, CLAIM)
            if not after_marriage:
                return self._decline(bot)
            if p.turn == self.seat:  # the student follows the marriage lead
                return None
        bot = SEATS[p.turn]
        legal = p.legal_actions()
        if p.table:
            legal = [a for a in legal if a is not CLAIM]
        chosen = legal[0] if len(legal) == 1 else self._ask(bot, legal)
        if chosen is None or chosen not in legal:
            err = p.check(chosen) if chosen is not None else ("BP1", TEXT["bot_none"])
            rule, why = err or ("BE2", TEXT["not_yours"])
            raise IllegalAction(rule, TEXT["bot_chose"].format(
                bot=self.players[bot].name, action=chosen, why=notation.reason_text(why)),
                legal)
        return self._apply(bot, chosen)

    def _decline(self, seat: Seat) -> Event:
        if self.position.outcome is None:
            self._marriage_asked = True
        else:
            self._declined = True
        names = self.names
        ev = Event(seat, None, notation.TEXT["said.no_claim"].format(
            who=notation.seats_text(names, 1 << seat)), False, len(self.actions))
        self.log.append(ev)
        return ev

    def _apply(self, seat: Seat, a: Action) -> Event:
        before = self.position
        after = before.play(a)
        self.position = after
        self.actions.append(a)
        if a.kind is Kind.MARRIAGE:
            self._marriage_asked = False
        known = view(after, self.seat).partner_known
        text = notation.four_describe(before, a, after, self.names, partner_known=known)
        ev = Event(seat, a, text, a.kind is not Kind.PLAY, len(self.actions))
        self.log.append(ev)
        return ev

    # -- what the student sees ------------------------------------------------------------------
    def student_view(self) -> View:
        """What the student may know now (BW1, BW2), with ``legal`` the student's actions."""
        return view(self.position, self.seat, self.student_actions())

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
        return BAUERN_GAME.after_deal(self.match_state, self.position, self.profile,
                                      self.start.dealer)

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
        """The deal as a PSN record (tags Variant, North ... West, Match, Deal, Score,
        Dealer, Cut, Rules, Deck, Result); after each choice of a bot that says why it
        chose (the strong seat), that reason as a comment (:attr:`reasons`: by action
        index, with the seat that said it)."""
        tags: dict[str, str] = {"Event": "Practice"}
        tags.update(zip(BAUERN_GAME.name_tags, self.names, strict=True))
        if self.in_match:
            tags["Match"] = self.match
            tags["Deal"] = str(self.match_state.next_deal)
            tags["Score"] = self.match_state.score_text
        if self.start.knock:
            tags["Cut"] = "knock"
        rec = Record.from_actions([CARDS[c] for c in self.start.deck], self.actions,
                                  dealer=self.start.dealer, profile=self.profile, tags=tags)
        if self.source is not None:
            rec.main.comments.append(TEXT["took_over"].format(
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


