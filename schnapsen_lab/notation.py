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

from .cards import CARDS, Card, Suit
from .rules import Action, ActionKind, End, Outcome, Position, Seat

__all__ = [
    "PLURALS",
    "RANK_TEXT",
    "RULE_WORDS",
    "TEXT",
    "action_text",
    "action_words",
    "bummerl_text",
    "card_text",
    "cards_text",
    "describe",
    "outcome_text",
    "plural",
    "seat_label",
    "suit_name",
    "text_with_cards",
]

RANK_TEXT = ("A", "10", "K", "Q", "J")
"""The ranks as printed on the cards (ace, ten, king, queen, jack)."""

TEXT: dict[str, str] = {
    # a player and a seat
    "seat_label": "{name} ({seat})",
    # actions without their subject, as the move list shows them
    "move.lead": "leads {card}",
    "move.follow": "plays {card}",
    "move.marriage": "announces {points}, leads {card}",
    "move.exchange": "exchanges {jack} for the indicator",
    "move.close": "closes",
    "move.claim": "claims 66",
    "move.dealt": "as dealt",
    # an action alone, as a list of choices shows it
    "act.exchange": "exchange",
    "act.close": "close",
    "act.claim": "claim 66",
    "act.no_claim": "no claim",
    "act.marriage": "{card} +{points}",
    # actions as sentences
    "said.lead": "{who} leads {card}",
    "said.follow": "{who} plays {card}; {winner} takes the trick ({points})",
    "said.marriage": "{who} announces {points} in {suit} and leads {card}",
    "said.exchange": "{who} exchanges the trump jack {jack} for the indicator {card}",
    "said.close": "{who} closes the talon",
    "said.claim_right": "{who} claims 66 (correct)",
    "said.claim_false": "{who} claims 66 (false: under 66)",
    "said.no_claim": "{who} does not claim",
    # the Bummerl
    "bummerl.won": "{who} wins the Bummerl",
    # suits
    "suit.C": "clubs",
    "suit.D": "diamonds",
    "suit.H": "hearts",
    "suit.S": "spades",
}
"""Every text of this module as a format string, by key."""

PLURALS: dict[str, tuple[str, str]] = {
    "outcome.claim": ("{who} wins {n} game point by a correct claim",
                      "{who} wins {n} game points by a correct claim"),
    "outcome.false_claim": ("{who} wins {n} game point after a false claim",
                            "{who} wins {n} game points after a false claim"),
    "outcome.last_trick": ("{who} wins {n} game point with the last trick",
                           "{who} wins {n} game points with the last trick"),
    "outcome.failed_closing": ("{who} wins {n} game point: the closing failed",
                               "{who} wins {n} game points: the closing failed"),
    "outcome.unfinished": ("{who} wins {n} game point", "{who} wins {n} game points"),
    "tricks": ("{n} trick", "{n} tricks"),
    "points": ("{n} point", "{n} points"),
    "game_points": ("{n} game point", "{n} game points"),
    "cards": ("{n} card", "{n} cards"),
}
"""Texts that depend on a number: (singular, plural) format strings with ``{n}``."""

RULE_WORDS: dict[str, str] = {
    "G1": "a correct claim: 1 if the loser has 33 or more, 2 if less, 3 without a trick",
    "G2": "a false claim: the opponent gets 2, or 3 without a trick",
    "G3": "all tricks played without a claim: the last trick's winner gets 1",
    "C2": "the closer claimed correctly: scored from the opponent at the closing",
    "C3": "the closing failed: the opponent gets 2, or 3 without a trick at the closing",
    "C4": "a false claim by the closer's opponent",
}
"""What each scoring rule says, in a line."""

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


def plural(key: str, n: int, **kwargs: object) -> str:
    """The text ``key`` of :data:`PLURALS` for the number ``n``: ``1 trick``, ``2 tricks``."""
    one, many = PLURALS[key]
    return (one if n == 1 else many).format(n=n, **kwargs)


def seat_label(names: Sequence[str], seat: Seat | int) -> str:
    """A player by name and seat: ``Anna (A)``; two players of one name stay apart."""
    s = Seat(int(seat))
    return TEXT["seat_label"].format(name=names[s], seat=s.name)


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
        return TEXT["act.marriage"].format(card=c, points=action.points)
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
    return f"{text} ({rule}: {words})" if words else f"{text} ({rule})"


def bummerl_text(winner: Seat | int, names: Sequence[str] = ("A", "B")) -> str:
    """Who won the Bummerl: "Bert wins the Bummerl"."""
    return TEXT["bummerl.won"].format(who=names[int(winner)])

