"""The game protocol and its registry: one :class:`Game` object per game, found from tags.

Two games are refereed here: two-player Schnapsen (RULES.md, with its profiles, among
them ``bauern2``, the two-player form of Bauernschnapsen) and four-player
Bauernschnapsen (BAUERN.md). Each registers one :class:`Game` (as python-chess registers
its variants); a reader of records asks :func:`find_game` with the record's tags and
then talks only to the protocol, never ``if game == ...``::

    game = find_game(tags)                        # [Variant "bauern"] -> four players
    profile = game.profile_from_tags(tags)        # [Rules], house profiles allowed
    match = game.new_match(profile)               # counters, dealer, when decided
    pos = game.start(tags, profile, match.dealer) # [Deck], [Cut]; SetupError names the tag
    for token in tokens:
        action = game.parse_action(token)         # ValueError: not PSN
        err = pos.check(action)                   # (rule id, message) or None
        ...
        pos.apply_unchecked(action)
    fields = game.check_fields(pos, main_line_ok=True)   # check --json values
    match = game.after_deal(match, pos, profile)  # counters, next dealer

Every game's positions follow one contract (:class:`Referee`): ``legal_actions()``,
``check(action)``, ``illegal(action)``, ``copy()``, ``apply_unchecked(action)``,
``play(action)`` and ``outcome``; :func:`replay` plays a list of actions on any of them.

This module names no game: it imports only :mod:`schnapsen_lab.cards` and
:mod:`schnapsen_lab.match` (the accounting types). The registry of games, with the list of
the built-in ones, is :mod:`schnapsen_lab.games`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from ..cards import PACK20, Card, Pack, parse_cards
from ..match import MatchRules, MatchState
from ..tricks import named_profile

__all__ = [
    "PARTS",
    "Explains",
    "Game",
    "MissingPart",
    "Referee",
    "Replayed",
    "RuleError",
    "SetupError",
    "deck_cards",
    "deck_from_tags",
    "reason",
    "replay",
]


class RuleError(Protocol):
    """What an engine's illegal-action error carries (both games' ``IllegalAction``)."""

    rule: str
    message: str

    @property
    def legal(self) -> tuple[Any, ...]:
        """The actions that were legal instead."""
        ...


@runtime_checkable
class Explains(Protocol):
    """A player (of any game) that says what its last choice rested on: ``why`` is asked
    right after the player chose and answers in a sentence in the language spoken (None:
    nothing to say). Self-play with ``explain`` and the practice tables write it as a
    comment after the move."""

    def why(self) -> str | None:
        """What the choice just made rested on."""
        ...


def reason(player: object) -> str | None:
    """What ``player`` says its last choice rested on (None when it says nothing or is
    no :class:`Explains`)."""
    why = getattr(player, "why", None)
    said: str | None = why() if callable(why) else None
    return said


R = TypeVar("R", bound="Referee")


class Referee(Protocol):
    """The engine contract every game's position keeps (RULES.md and BAUERN.md alike)."""

    @property
    def outcome(self) -> Any:
        """The deal's result once decided, else None."""
        ...

    def legal_actions(self) -> list[Any]:
        """Every action that may come next."""
        ...

    def check(self, action: Any) -> tuple[str, str] | None:
        """Why ``action`` is illegal here (rule id, message), None when legal."""
        ...

    def illegal(self, action: Any) -> Any:
        """The error ``action`` is here (a :class:`RuleError`), None when legal."""
        ...

    def copy(self: R) -> R:
        """An independent copy."""
        ...

    def apply_unchecked(self, action: Any) -> None:
        """Change the position in place by a legal action."""
        ...


class MissingPart(KeyError):
    """A part a game does not declare (:data:`PARTS`): the layer that needs it refuses the
    game in one line, this error's message."""


class SetupError(ValueError):
    """A tag that keeps a deal from starting: which tag (None: a required tag is missing),
    the rule id to cite (``S3``, ``BD1``, ``PSN``, ...), and why."""

    def __init__(self, tag: str | None, rule: str, message: str) -> None:
        self.tag = tag
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


P = TypeVar("P", bound=Referee)
A = TypeVar("A")
F = TypeVar("F")


@dataclass(frozen=True, slots=True)
class Replayed(Generic[P]):
    """Actions played from a start: the positions reached and the first illegal action.

    ``positions`` holds the start and the position after every accepted action (with
    ``keep=False`` only the last one); ``error`` is the first refused action's error
    (rule id, message, legal list) and ``index`` its index among the actions, or both
    None when every action was legal.
    """

    positions: tuple[P, ...]
    error: RuleError | None = None
    index: int | None = None

    @property
    def final(self) -> P:
        """The last position reached."""
        return self.positions[-1]

    @property
    def ok(self) -> bool:
        """Whether every action was legal."""
        return self.error is None


def replay(start: P, actions: Iterable[Any], *, keep: bool = True) -> Replayed[P]:
    """Play ``actions`` from ``start`` (left unchanged), checking each: the positions, or
    the first illegal action's error with its index. The one "check, then apply" loop
    for every game and every caller."""
    pos = start.copy()
    out: list[P] = [start] if keep else []
    for i, a in enumerate(actions):
        if pos.check(a) is not None:
            err = pos.illegal(a)
            return Replayed(tuple(out) if keep else (pos,), err, i)
        if keep:
            nxt = pos.copy()
            nxt.apply_unchecked(a)
            out.append(nxt)
            pos = nxt
        else:
            pos.apply_unchecked(a)
    return Replayed(tuple(out) if keep else (pos,))


PARTS: dict[str, str] = {
    "kit": "its replay kit (schnapsen_lab.replay.ReplayKit): views, rows, counting",
    "drawing": "its drawing (schnapsen_lab.html.Drawing): table, tallies, counting",
    "page": "its deal data for the shared page (a function of a Replay)",
    "selfplay": "its self-play (a function: one match as canonical PSN; asked with "
                "explain=True only when one of its players says why it chose: a comment "
                "after each such choice)",
    "players": "its players by name (a mapping of name to factory)",
    "stats": "its statistics (a module: row(record, file, line_offset) in the order of "
             "schnapsen_lab.columns.DEAL_COLUMNS, matches(deals, position), "
             "count_players(deals, matches, of), OWN_PLAYER_COLUMNS)",
    "table": "its practice-table model (a class taking a profile and a bot name)",
    "widget": "its practice-table widget (a class taking a bot name, profile= and the "
              "table's keywords); a two-player game with a table model and none plays at "
              "the two-player table",
    "review": "its own review command (a function of the parsed arguments and the record, "
              "returning the exit code), where the two-player analysis engine does not judge it",
    "words": "its words (schnapsen_lab.i18n.Texts) for calls, contracts and seats",
}
"""The parts a game may declare, each a ``"module:attribute"`` in :attr:`Game.parts`, and
what the generic layers expect of each. A game lacking a part is refused by the layer
that needs it with one line naming the part."""


class Game(ABC, Generic[P, A, F]):
    """One game: its seats, profiles, start position, notation, scoring and match.

    ``P`` is the game's position (a :class:`Referee`), ``A`` its action, ``F`` its
    profile. Subclasses fill the class attributes and the abstract methods; a reader
    of records needs nothing else (see the module docstring).
    """

    key: str
    """The registry key: ``schnapsen``, ``bauern``."""
    title: str
    """The game's name for people."""
    variant_names: tuple[str, ...]
    """Values of the Variant tag that name this game (lower case)."""
    seats: tuple[str, ...]
    """The seats' letters in seat order: ``A B`` or ``N E S W``."""
    name_tags: tuple[str, ...]
    """The tags that name the players, by seat."""
    tag_order: tuple[str, ...]
    """The known tags in the order the canonical form writes them."""
    default_profile: F
    profiles: Mapping[str, F]
    """The built-in profiles by name."""
    tokens: Mapping[str, A]
    """Common spellings of the game's tokens (canonical, lower case, ``10``, suit
    symbols), exactly as written: a reader may look a token up here first and call
    :meth:`parse_action` only for the others."""
    seat_values: tuple[IntEnum, ...]
    """The seats as the game's seat enum, in seat order (``rules.Seat`` A B,
    ``games.bauern.Seat`` N E S W)."""
    deck_rule: str
    """The rule a bad or missing Deck tag breaks (``S3``, ``BD1``)."""
    unfinished: Enum
    """The game's ``End`` of a deal whose record just stops."""
    places: tuple[str, ...]
    """Where each seat sits at the table seen from the first seat's chair (``bottom``,
    ``left``, ``top``, ``right``), in seat order: how the game's table is drawn."""
    solvable: bool = False
    """Whether the two-player analysis engine (the solver, the advisor, the review, the
    Bummerl equity, the search players) judges this game's deals."""
    parts: Mapping[str, str] = {}
    """Where this game's own parts live, by part name (:data:`PARTS`), as
    ``"module:attribute"`` (or ``"module"`` for a part that is a whole module): imported
    on first use (:meth:`part`), so that a command imports only what it uses and the
    generic layers never import a game."""

    def __repr__(self) -> str:
        return f"<Game {self.key}>"

    def part(self, name: str) -> Any:
        """The part ``name`` of :data:`PARTS` (imported on first use); raise KeyError
        naming the part when the game has none."""
        cache: dict[str, Any] = self.__dict__.setdefault("_parts", {})
        if name not in cache:
            where = self.parts.get(name)
            if where is None:
                raise MissingPart(f"{self.title} has no {name} ({PARTS.get(name, name)})")
            module, _, attr = where.partition(":")
            found = importlib.import_module(module)
            cache[name] = getattr(found, attr) if attr else found
        return cache[name]

    def has_part(self, name: str) -> bool:
        """Whether the game declares the part ``name``."""
        return name in self.parts

    # -- profiles -------------------------------------------------------------------------------
    def profile_name(self, profile: F) -> str:
        """A profile's name (the Rules tag): its ``name``."""
        return str(getattr(profile, "name"))  # noqa: B009  (F is any game's profile)

    def profile_named(self, name: str, extra: Iterable[F] = ()) -> F:
        """The profile of that name among ``extra`` (house profiles) and the built-in
        ones, any case; raise KeyError."""
        return named_profile(name, self.profiles, extra)

    def owns_profile(self, profile: object) -> bool:
        """Whether ``profile`` is one of this game's (built in or a house profile)."""
        return isinstance(profile, type(self.default_profile))

    def profile_names(self, extra: Iterable[F] = ()) -> list[str]:
        """The names a Rules tag may give, sorted."""
        return sorted({*self.profiles, *(self.profile_name(p) for p in extra)})

    def profile_from_tags(self, tags: Mapping[str, str], extra: Iterable[F] = ()) -> F:
        """The deal's profile from its Rules tag (default: the game's default); raise
        :class:`SetupError` (tag ``Rules``, rule ``PSN``) for an unknown name."""
        name = tags.get("Rules")
        if name is None:
            return self.default_profile
        extra = tuple(extra)
        try:
            return self.profile_named(name, extra)
        except KeyError:
            raise SetupError("Rules", "PSN", f"unknown Rules profile {name[:40]!r} for "
                             f"{self.title}; known: {', '.join(self.profile_names(extra))}"
                             ) from None

    # -- seats ----------------------------------------------------------------------------------
    def seat_named(self, text: str) -> int:
        """A seat from its letter (any case); raise ValueError."""
        t = text.strip().upper()
        if t in self.seats:
            return self.seats.index(t)
        raise ValueError(f"Dealer is {' or '.join(self.seats)}, not {text!r}")

    def seat_name(self, seat: int) -> str:
        """A seat's letter."""
        return self.seats[seat]

    def player_names(self, tags: Mapping[str, str]) -> tuple[str, ...]:
        """The players' names by seat (the name tags; the seat letter where missing)."""
        return tuple(tags.get(t, s) for t, s in zip(self.name_tags, self.seats, strict=True))

    @abstractmethod
    def side_names(self, pos: P) -> tuple[str, ...]:
        """The names of the deal's sides, as ``scores``/``tricks`` are keyed: ``A B``,
        ``NS EW``, or with a called partner e.g. ``N ESW``."""

    def pack_of(self, profile: F) -> Pack:
        """The pack a deal of ``profile`` is dealt from: the profile's ``pack`` field where
        it has one (BAUERN.md BN: ``bauern24``), else :data:`~schnapsen_lab.cards.PACK20`."""
        pack: Pack = getattr(profile, "pack", PACK20)
        return pack

    def seat(self, index: int) -> IntEnum:
        """Seat ``index`` as the game's seat enum."""
        return self.seat_values[index]

    # -- the start --------------------------------------------------------------------------------
    def start(self, tags: Mapping[str, str], profile: F, dealer: int) -> P:
        """The position as dealt from the record's tags (Deck, and what else the game
        reads) by ``dealer``; raise :class:`SetupError` naming the tag and the rule."""
        return self.deal(deck_from_tags(tags, self.deck_rule, self.pack_of(profile)), tags,
                         profile, dealer)

    @abstractmethod
    def deal(self, deck: tuple[int, ...], tags: Mapping[str, str], profile: F,
             dealer: int) -> P:
        """The position as dealt from a deck order already known to hold the profile's pack
        (:meth:`pack_of`) once each, reading any other tag the game needs (four players: Cut); raise
        :class:`SetupError` naming the tag and the rule."""

    @abstractmethod
    def start_tags(self, pos: P) -> dict[str, str]:
        """The tags that fix a deal's start (Variant, Dealer, Cut, Rules, Deck as needed),
        for a record built from code."""

    # -- notation -------------------------------------------------------------------------------
    @abstractmethod
    def parse_action(self, token: str) -> A:
        """An action from its PSN token (any case, ``10`` and suit symbols allowed);
        raise ValueError if the token is not one of this game's."""

    def token(self, action: A) -> str:
        """An action's canonical PSN token."""
        return str(action)

    def expected_trick_number(self, pos: P) -> int | None:
        """The trick number a ``n.`` token may give before the next action here (the next
        trick's), or None where any number passes unchecked (the deal is over)."""
        if pos.outcome is not None:
            return None
        return int(getattr(pos, "tricks_played")) + 1  # noqa: B009

    @abstractmethod
    def trick_in_progress(self, pos: P) -> bool:
        """Whether a trick has been led and is not complete at ``pos``."""

    def trick_number_error(self, pos: P, number: int) -> str | None:
        """Why a written trick number ``number`` is wrong here (rule ``PSN``: ``the next
        trick is 3``, ``trick 2 is in progress``), or None: a number inside a trick, or
        not the next trick's, is wrong."""
        want = self.expected_trick_number(pos)
        if want is None:
            return None
        if self.trick_in_progress(pos):
            return f"trick {want} is in progress"
        if number != want:
            return f"the next trick is {want}"
        return None

    @abstractmethod
    def number_before(self, pos: P, action: A, prev: A | None) -> int | None:
        """The trick number the canonical form writes before ``action`` played at
        ``pos`` (``prev``: the action before it in its line), or None."""

    @abstractmethod
    def actor(self, pos: P, action: A) -> str | None:
        """The seat letter of who does ``action`` at ``pos`` (for a claim: the seat that
        won the trick or announced the marriage), None when nobody may act."""

    def legal(self, pos: P) -> list[A]:
        """Every action that may come next, tokens as a record may write them."""
        return pos.legal_actions()

    @abstractmethod
    def completed_trick(self, before: P, after: P) -> tuple[tuple[int, ...], int, int] | None:
        """The trick one action completed going from ``before`` to ``after``: its cards
        (values, in play order), the seat that led it and the seat that won it; None
        when the action completed no trick."""

    def marriage(self, action: A) -> tuple[int, int] | None:
        """The led card and the points of a marriage announcement, None for any other
        action (both games write a marriage as a card with 20 or 40 points)."""
        points = getattr(action, "points", 0)
        card = getattr(action, "card", None)
        return (int(card), int(points)) if points and card is not None else None

    @abstractmethod
    def marriage_counts(self, pos: P, seat: int) -> bool:
        """Whether a marriage announced by ``seat`` counts (is effective) at ``pos``:
        its side, or its declarer, has won a trick (RULES.md M2, BAUERN.md BM2)."""

    # -- results --------------------------------------------------------------------------------
    @abstractmethod
    def result_text(self, outcome: Any) -> str:
        """The Result tag for an outcome (``A 2``, ``NS 12``, ``ESW 6``); ``*`` for None."""

    def same_result(self, tag: str, outcome: Any) -> bool:
        """Whether a Result tag's text says what the outcome is (spaces and case aside)."""
        return " ".join(tag.split()).upper() == self.result_text(outcome).upper()

    @abstractmethod
    def check_fields(self, final: P | None, main_line_ok: bool) -> dict[str, Any]:
        """The outcome's values of ``schnapsen-lab check --json``: ``winner``,
        ``game_points``, ``end`` (all None after a main-line error), ``closed_by``,
        ``scores`` and ``tricks`` keyed by side where the record ends, and any keys the
        game adds (four players: ``contract``, ``declarer``, ``spritze``)."""

    # -- the match --------------------------------------------------------------------------------
    @abstractmethod
    def match_rules(self, profile: F) -> MatchRules:
        """How a match of this profile is kept (counter names, start, target, seats, the
        first dealer)."""

    def new_match(self, profile: F, dealer: int | None = None) -> MatchState:
        """A match before its first deal."""
        return self.match_rules(profile).new(dealer)

    def default_dealer(self, profile: F) -> int:
        """The dealer of a match's first deal and of a lone deal without a Dealer tag."""
        return self.match_rules(profile).first_dealer

    @abstractmethod
    def match_gains(self, outcome: Any, profile: F) -> tuple[tuple[int, int], ...]:
        """The counters an outcome moves: ``(counter index, game points)`` pairs (none
        for an unfinished deal, ``None``)."""

    def match_fields(self, state: MatchState | None) -> dict[str, Any]:
        """Keys the game adds to ``check --json`` from the match after a deal (``state``;
        None outside a match): none by default, ``carry`` in Sechsundsechzig."""
        return {}

    def after_deal(self, match: MatchState, pos: P | None, profile: F,
                   dealer: int | None = None) -> MatchState:
        """The match after a deal ending at ``pos`` (None, or no outcome: unfinished)."""
        outcome = pos.outcome if pos is not None else None
        gains = self.match_gains(outcome, profile) if outcome is not None else None
        return match.after(gains, dealer)

    # -- playing --------------------------------------------------------------------------------
    def replay(self, start: P, actions: Iterable[A], *, keep: bool = True) -> Replayed[P]:
        """:func:`replay` on this game's positions."""
        return replay(start, actions, keep=keep)


def deck_from_tags(tags: Mapping[str, str], rule: str, pack: Pack = PACK20
                   ) -> tuple[int, ...]:
    """The Deck tag's cards (values); raise :class:`SetupError` citing ``rule`` (S3,
    BD1, 6D1) when it is missing or is not ``pack``'s cards once each."""
    return tuple(map(int, deck_cards(tags, rule, pack)))


def deck_cards(tags: Mapping[str, str], rule: str, pack: Pack = PACK20) -> list[Card]:
    """The Deck tag's cards, as :func:`deck_from_tags` checks them."""
    text = tags.get("Deck")
    if text is None:
        raise SetupError(None, rule, "the record has no Deck tag")
    try:
        deck = parse_cards(text)
    except ValueError as e:
        raise SetupError("Deck", rule, f"Deck: {e}") from None
    why = pack.check_deck(deck)
    if why is not None:
        raise SetupError("Deck", rule,
                         f"Deck must hold the {pack.size} cards once each ({why})")
    return deck
