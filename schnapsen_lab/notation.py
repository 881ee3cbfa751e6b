"""How cards, actions and outcomes are written for people (the display notation).

One notation for everything a person reads (widgets, HTML, the practice table's words,
the trainers' feedback): a card is its rank as printed on it and its suit symbol,
``10♥``, ``K♠``, ``A♦``. PSN files keep their own tokens (``TH``); ``str(card)`` and
``str(action)`` stay PSN.

Every text here is a format string in :data:`TEXT` (or a singular/plural pair in
:data:`PLURALS`), one whole sentence each, so that a translation replaces them in one
place. The functions take a ``card`` formatter (default :func:`card_text`) so that the
HTML views can draw the same sentence with coloured cards, and names already escaped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from . import i18n
from .cards import CARDS, Card, Rank, Suit
from .i18n import C_, N_, NP_, Plurals, Texts
from .rules import Action, ActionKind, End, Outcome, Position, Seat, parse_action

__all__ = [
    "CALLS",
    "PLURALS",
    "RANK_TEXT",
    "RULE_WORDS",
    "SEAT_LABEL",
    "TEXT",
    "action_text",
    "action_words",
    "bummerl_text",
    "card_name",
    "card_text",
    "cards_text",
    "describe",
    "error_text",
    "inference_text",
    "outcome_text",
    "plural",
    "profile_name",
    "reason_text",
    "seat_label",
    "suit_name",
    "suit_of",
    "text_with_cards",
]

RANK_TEXT = ("A", "10", "K", "Q", "J")
"""The ranks as printed on the cards (ace, ten, king, queen, jack)."""

TEXT = Texts({
    # a player and a seat
    # actions without their subject, as the move list shows them
    "move.lead": N_("leads {card}"),
    "move.follow": N_("plays {card}"),
    "move.marriage": N_("announces {points}, leads {card}"),
    "move.exchange": N_("exchanges {jack} for the indicator"),
    "move.close": N_("closes"),
    "move.claim": N_("claims 66"),
    "move.dealt": N_("as dealt"),
    # an action alone, as a list of choices shows it
    "act.exchange": C_("the action, in a list of choices", "exchange"),
    "act.close": C_("the action, in a list of choices", "close"),
    "act.claim": N_("claim 66"),
    "act.no_claim": N_("no claim"),
    # actions as sentences
    "said.lead": N_("{who} leads {card}"),
    "said.follow": N_("{who} plays {card}; {winner} takes the trick ({points})"),
    "said.marriage": N_("{who} announces {points} in {suit} and leads {card}"),
    "said.exchange": N_("{who} exchanges the trump jack {jack} for the indicator {card}"),
    "said.close": N_("{who} closes the talon"),
    "said.claim_right": N_("{who} claims 66 (correct)"),
    "said.claim_false": N_("{who} claims 66 (false: under 66)"),
    "said.no_claim": N_("{who} does not claim"),
    # the Bummerl
    "bummerl.won": N_("{who} wins the Bummerl"),
    # an outcome with the line of the rule that decided it: "... (G1: a correct claim: ...)"
    "outcome.explained": N_("{outcome} ({rule}: {words})"),
    # suits: the name, and the form after "of" / "none of" (Russian: genitive)
    "suit.C": N_("clubs"),
    "suit.D": N_("diamonds"),
    "suit.H": N_("hearts"),
    "suit.S": N_("spades"),
    "suit_of.C": C_("suit after 'of' or 'none of' (Russian: genitive)", "clubs"),
    "suit_of.D": C_("suit after 'of' or 'none of' (Russian: genitive)", "diamonds"),
    "suit_of.H": C_("suit after 'of' or 'none of' (Russian: genitive)", "hearts"),
    "suit_of.S": C_("suit after 'of' or 'none of' (Russian: genitive)", "spades"),
    # ranks and cards in words (a card's tooltip)
    "rank.A": N_("ace"), "rank.T": N_("ten"), "rank.K": N_("king"), "rank.Q": N_("queen"),
    "rank.J": N_("jack"),
    "card.name": N_("{rank} of {suit}"),
    # the rules profiles
    "profile.soft": N_("soft"),
    "profile.strict": N_("strict"),
    "profile.beginner": N_("beginner"),
    # what play showed about a hand (counting panel)
    "inference.void": N_("{who} did not follow {suit}: void in {suit}"),
    "inference.void_trumps": N_("{who} did not follow {suit}: void in {suit} and in trumps "
                                "({trump})"),
    "inference.no_higher": N_("{who} did not beat {card}: holds none of {cards}"),
    # an error of a record, as the reader reports it
    "error": N_("line {line}, col {col}: {rule}: {message}"),
    "error.legal": N_("{reason}; legal: {legal}"),
})
"""Every text of this module as a format string, by key."""

PLURALS = Plurals({
    "outcome.claim": NP_("{who} wins {n} game point by a correct claim",
                         "{who} wins {n} game points by a correct claim"),
    "outcome.false_claim": NP_("{who} wins {n} game point after a false claim",
                               "{who} wins {n} game points after a false claim"),
    "outcome.last_trick": NP_("{who} wins {n} game point with the last trick",
                              "{who} wins {n} game points with the last trick"),
    "outcome.failed_closing": NP_("{who} wins {n} game point: the closing failed",
                                  "{who} wins {n} game points: the closing failed"),
    "outcome.unfinished": NP_("{who} wins {n} game point", "{who} wins {n} game points"),
    "tricks": NP_("{n} trick", "{n} tricks"),
    # Translators: card points, the score of a player (German "Augen"), not game points
    "points": NP_("{n} point", "{n} points"),
    "game_points": NP_("{n} game point", "{n} game points"),
    "cards": NP_("{n} card", "{n} cards"),
})
"""Texts that depend on a number: (singular, plural) format strings with ``{n}``."""

RULE_WORDS = Texts({
    "G1": N_("a correct claim: 1 if the loser has 33 or more, 2 if less, 3 without a trick"),
    "G2": N_("a false claim: the opponent gets 2, or 3 without a trick"),
    "G3": N_("all tricks played without a claim: the last trick's winner gets 1"),
    "C2": N_("the closer claimed correctly: scored from the opponent at the closing"),
    "C3": N_("the closing failed: the opponent gets 2, or 3 without a trick at the closing"),
    "C4": N_("a false claim by the closer's opponent"),
})
"""What each scoring rule says, in a line."""

CALLS = Texts({
    "weiter": C_("Bauernschnapsen call", "pass"),
    "spritze": C_("Bauernschnapsen call", "double"),
    "schnapser": C_("Bauernschnapsen contract", "Schnapser"),
    "gang": C_("Bauernschnapsen contract", "Gang"),
    "bauernschnapser": C_("Bauernschnapsen contract", "Bauernschnapser"),
    "kontraschnapser": C_("Bauernschnapsen contract", "Kontraschnapser"),
})
"""The calls of the four-player game (Bauernschnapsen, BA1-BA4) by their PSN word, for
its widgets to come."""

SEAT_LABEL = "{name} ({seat})"
"""A player by name and seat: the same in every language."""
_MARRIAGE = "{card} +{points}"

_CARD = r"[AKQJT][CDHS]"
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), text) for pattern, text in (
        (r"the deal ended with a claim; (?P<action>\S+) cannot follow",
         N_("the deal ended with a claim; {action} cannot follow")),
        (r"both hands are empty: the deal is over; (?P<action>\S+) cannot follow",
         N_("both hands are empty: the deal is over; {action} cannot follow")),
        (rf"(?P<card>{_CARD}) is not in (?P<who>\w+)'s hand",
         N_("{card} is not in {who}'s hand")),
        (rf"(?P<card>{_CARD}) is not in the follower's hand",
         N_("{card} is not in the follower's hand")),
        (rf"(?P<card>{_CARD}) does not beat (?P<lead>{_CARD}) though the follower can",
         N_("{card} does not beat {lead} though the follower can")),
        (rf"(?P<card>{_CARD}) does not follow suit",
         N_("{card} does not follow suit")),
        (rf"(?P<card>{_CARD}) does not trump though the follower must",
         N_("{card} does not trump though the follower must")),
        (r"a claim is made right after winning a trick or announcing a marriage",
         N_("a claim is made right after winning a trick or announcing a marriage")),
        (r"a claim is made right after winning a trick, before any other action",
         N_("a claim is made right after winning a trick, before any other action")),
        (r"(?P<who>\w+) follows now; (?P<action>\S+) is the leader's, before leading",
         N_("{who} follows now; {action} is the leader's, before leading")),
        (r"the talon is closed: no exchange", N_("the talon is closed: no exchange")),
        (r"the talon is exhausted: no exchange", N_("the talon is exhausted: no exchange")),
        (rf"(?P<who>\w+) does not hold the trump jack (?P<card>{_CARD})",
         N_("{who} does not hold the trump jack {card}")),
        (r"closing is not allowed in the (?P<profile>\S+) profile",
         N_("closing is not allowed in the {profile} profile")),
        (r"the talon is already closed", N_("the talon is already closed")),
        (r"the talon is exhausted: nothing to close",
         N_("the talon is exhausted: nothing to close")),
        (r"the talon holds (?P<n>\d+); closing needs at least (?P<need>\d+)",
         N_("the talon holds {n}; closing needs at least {need}")),
        (r"the (?P<profile>\S+) profile leads a marriage with the king",
         N_("the {profile} profile leads a marriage with the king")),
        (r"(?P<who>\w+) does not hold both K(?P<suit>[CDHS]) and Q(?P=suit)",
         N_("{who} does not hold both {king} and {queen}")),
        (r"a marriage in (?P<suit>clubs|diamonds|hearts|spades) counts (?P<want>\d+), "
         r"not (?P<points>\d+)",
         N_("a marriage in {suit} counts {want}, not {points}")),
        (r"a deck is 20 distinct cards", N_("a deck is 20 distinct cards")),
    ))
"""The referee's reasons (:meth:`~schnapsen_lab.rules.Position.check`): the engine
writes them in English, the display layer in the language spoken."""

CardFormat = Callable[[Card], str]


def card_text(card: Card | int) -> str:
    """The card as printed: ``10♥``, ``K♠``."""
    c = CARDS[int(card)]
    return RANK_TEXT[c.rank] + c.suit.symbol


def cards_text(cards: Iterable[Card | int], card: CardFormat | None = None,
               sep: str = " ") -> str:
    """Cards in the display notation, separated by ``sep``."""
    fmt = card or card_text
    return sep.join(fmt(CARDS[int(c)]) for c in cards)


def suit_name(suit: Suit | int) -> str:
    """The suit's name: ``hearts``."""
    return TEXT[f"suit.{Suit(suit).name}"]


def suit_of(suit: Suit | int) -> str:
    """The suit's name as it follows "of" or "none of" (``червей`` in Russian)."""
    return TEXT[f"suit_of.{Suit(suit).name}"]


def card_name(card: Card | int) -> str:
    """The card in words: ``ace of hearts``, ``Herz-Ass``, ``as de cœur``, ``туз червей``."""
    c = CARDS[int(card)]
    return TEXT["card.name"].format(rank=TEXT[f"rank.{Rank(c.rank).name}"],
                                    suit=suit_of(c.suit))


def profile_name(name: str) -> str:
    """A rules profile's name in words (``soft``, ``strict``, ``beginner``); a house
    profile's own name as it is."""
    key = f"profile.{name}"
    return TEXT.get(key, name)


def plural(key: str, n: int, **kwargs: object) -> str:
    """The text ``key`` of :data:`PLURALS` for the number ``n``: ``1 trick``, ``2 tricks``
    (each language's plural forms: ``2 взятки``, ``5 взяток``)."""
    return PLURALS.text(key, n, **kwargs)


def seat_label(names: Sequence[str], seat: Seat | int) -> str:
    """A player by name and seat: ``Anna (A)``; two players of one name stay apart."""
    s = Seat(int(seat))
    return SEAT_LABEL.format(name=names[s], seat=s.name)


_PSN_CARD = re.compile(r"(?<![A-Za-z0-9])([AKQJT])([CDHS])(?![A-Za-z0-9+])")


def text_with_cards(text: str, card: CardFormat | None = None) -> str:
    """An engine message with its PSN card names (``TH``) in the display notation."""
    fmt = card or card_text
    return _PSN_CARD.sub(lambda m: fmt(Card[m.group(0)]), text)


def action_text(action: Action | None, card: CardFormat | None = None) -> str:
    """An action alone, as a list of choices shows it: ``10♥``, ``K♥ +20``, ``close``
    (None: declining a claim)."""
    if action is None:
        return TEXT["act.no_claim"]
    fmt = card or card_text
    k = action.kind
    if k is ActionKind.EXCHANGE:
        return TEXT["act.exchange"]
    if k is ActionKind.CLOSE:
        return TEXT["act.close"]
    if k is ActionKind.CLAIM:
        return TEXT["act.claim"]
    assert action.card is not None
    c = fmt(CARDS[action.card])
    if k is ActionKind.MARRIAGE:
        return _MARRIAGE.format(card=c, points=action.points)
    return c


def action_words(before: Position, action: Action, card: CardFormat | None = None) -> str:
    """The action played at ``before`` without its subject, as a move list shows it:
    ``leads 10♥``, ``exchanges J♠ for the indicator``, ``closes the talon``."""
    fmt = card or card_text
    k = action.kind
    if k is ActionKind.EXCHANGE:
        return TEXT["move.exchange"].format(jack=fmt(CARDS[before.trump * 5 + 4]))
    if k is ActionKind.CLOSE:
        return TEXT["move.close"]
    if k is ActionKind.CLAIM:
        return TEXT["move.claim"]
    c = action.card
    assert c is not None
    if k is ActionKind.MARRIAGE:
        return TEXT["move.marriage"].format(points=action.points, card=fmt(CARDS[c]))
    return TEXT["move.lead" if before.lead < 0 else "move.follow"].format(card=fmt(CARDS[c]))


def describe(before: Position, action: Action | None, after: Position,
             names: Sequence[str] = ("A", "B"), seat: Seat | None = None,
             card: CardFormat | None = None) -> str:
    """The sentence for ``action`` played at ``before`` (giving ``after``): "Bert
    announces 40 in hearts and leads K♥", "Anna closes the talon", "Bert plays 10♥; Anna
    takes the trick (21)". ``action`` None is a declined claim by ``seat``."""
    fmt = card or card_text
    if action is None:
        who = seat if seat is not None else Seat.A
        return TEXT["said.no_claim"].format(who=names[who])
    k = action.kind
    if k is ActionKind.CLAIM:
        claimant = after.outcome.claimant if after.outcome is not None else None
        who = claimant if claimant is not None else Seat(before.claim_by)
        ok = after.outcome is not None and after.outcome.end is End.CLAIM
        return TEXT["said.claim_right" if ok else "said.claim_false"].format(who=names[who])
    mover = before.to_move
    assert mover is not None
    name = names[mover]
    if k is ActionKind.EXCHANGE:
        return TEXT["said.exchange"].format(who=name, jack=fmt(CARDS[before.trump * 5 + 4]),
                                            card=fmt(CARDS[before.indicator]))
    if k is ActionKind.CLOSE:
        return TEXT["said.close"].format(who=name)
    c = action.card
    assert c is not None
    if k is ActionKind.MARRIAGE:
        return TEXT["said.marriage"].format(who=name, points=action.points,
                                            suit=suit_name(c // 5), card=fmt(CARDS[c]))
    if before.lead < 0:
        return TEXT["said.lead"].format(who=name, card=fmt(CARDS[c]))
    lt = after.last_trick
    assert lt is not None
    pts = CARDS[lt[0]].points + CARDS[lt[1]].points
    return TEXT["said.follow"].format(who=name, card=fmt(CARDS[c]), winner=names[lt[2]],
                                      points=pts)


def outcome_text(outcome: Outcome, names: Sequence[str] = ("A", "B"), *,
                 explain: bool = False) -> str:
    """The outcome in words with the rule that decided it: "Anna wins 2 game points by
    a correct claim (G1)"; with ``explain`` the rule's line too (G1: ...)."""
    end = outcome.end
    if end is End.LAST_TRICK and outcome.rule == "C3":
        key = "outcome.failed_closing"
    else:
        key = {End.CLAIM: "outcome.claim", End.FALSE_CLAIM: "outcome.false_claim",
               End.LAST_TRICK: "outcome.last_trick"}.get(end, "outcome.unfinished")
    text = plural(key, outcome.game_points, who=names[outcome.winner])
    rule = outcome.rule
    words = RULE_WORDS.get(rule, "") if explain else ""
    if words:
        return TEXT["outcome.explained"].format(outcome=text, rule=rule, words=words)
    return f"{text} ({rule})"


def bummerl_text(winner: Seat | int, names: Sequence[str] = ("A", "B")) -> str:
    """Who won the Bummerl: "Bert wins the Bummerl"."""
    return TEXT["bummerl.won"].format(who=names[int(winner)])



def reason_text(message: str, card: CardFormat | None = None) -> str:
    """A reason the referee gave (English, :meth:`~schnapsen_lab.rules.Position.check`)
    in the language spoken, its cards in the display notation; a message it does not
    know stays as it is (cards still written as printed)."""
    fmt = card or card_text
    words = _reason_words(message, fmt)
    return text_with_cards(message, fmt) if words is None else words


def _reason_words(message: str, fmt: CardFormat) -> str | None:
    """The referee's reason in the language spoken; None for a message it never gives."""
    for pattern, text in _REASONS:
        m = pattern.fullmatch(message)
        if m is None:
            continue
        fields = {k: v for k, v in m.groupdict().items() if v is not None}
        if "suit" in fields:
            word = fields["suit"]
            suit = Suit[word] if len(word) == 1 else Suit(_SUIT_WORDS.index(word))
            fields["suit"] = suit_name(suit)
            fields["king"] = fmt(CARDS[suit * 5 + Rank.K])
            fields["queen"] = fmt(CARDS[suit * 5 + Rank.Q])
        if "profile" in fields:
            fields["profile"] = profile_name(fields["profile"])
        for k in ("card", "lead"):
            if k in fields:
                fields[k] = text_with_cards(fields[k], fmt)
        if "action" in fields:
            fields["action"] = _action_token(fields["action"], fmt)
        return i18n.gettext(text).format(**fields)
    return None


def error_text(line: int, col: int, rule: str, message: str,
               card: CardFormat | None = None) -> str:
    """An error of a record (where, which rule, why) in the language spoken: the
    referee's reasons translated (cards as printed), anything else the reader says as
    ``schnapsen-lab check`` writes it."""
    fmt = card or card_text
    reason, sep, legal = message.partition("; legal: ")
    words = _reason_words(reason, fmt) if sep else _reason_words(message, fmt)
    if words is None:
        why = message
    elif sep:
        why = TEXT["error.legal"].format(reason=words, legal=text_with_cards(legal, fmt))
    else:
        why = words
    return TEXT["error"].format(line=line, col=col, rule=rule, message=why)


def inference_text(kind: str, who: str, suit: Suit | int, excluded: int,
                   card: CardFormat | None = None) -> str:
    """What play showed about a hand (an :class:`~schnapsen_lab.replay.Inference`: its
    ``kind``, ``suit`` and ``excluded`` mask) in words: "Bert did not follow hearts:
    void in hearts", "... and in trumps (clubs)", "Bert did not beat Q♥: holds none of
    A♥ 10♥ K♥"."""
    fmt = card or card_text
    cards = [c for c in range(20) if excluded >> c & 1]
    if kind == "no_higher":
        lead = max(cards) + 1  # the cards above the lead: from its suit's ace down to it
        return TEXT["inference.no_higher"].format(who=who, card=fmt(CARDS[lead]),
                                                  cards=cards_text(cards, fmt))
    s = Suit(int(suit))
    trumps = sorted({c // 5 for c in cards} - {int(s)})
    if trumps:
        return TEXT["inference.void_trumps"].format(who=who, suit=suit_of(s),
                                                    trump=suit_name(trumps[0]))
    return TEXT["inference.void"].format(who=who, suit=suit_of(s))


def _action_token(token: str, card: CardFormat) -> str:
    """A PSN action token in words (``C``: close; ``KH+20``: K♥ +20)."""
    try:
        return action_text(parse_action(token), card)
    except ValueError:
        return text_with_cards(token, card)
