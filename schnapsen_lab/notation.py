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
from typing import TYPE_CHECKING, Any

from . import i18n
from .cards import CARDS, RANK_OF, SUIT_OF, Card, Rank, Suit, cards_in, parse_card

if TYPE_CHECKING:
    from .games.twohand.rules import Action, Outcome, Position, Seat
from .i18n import C_, N_, NP_, Plurals, Texts

__all__ = [
    "CALLS",
    "FOUR",
    "FOUR_PLURALS",
    "PLURALS",
    "RANK_TEXT",
    "RULE_WORDS",
    "SEAT_LABEL",
    "TEXT",
    "action_text",
    "action_words",
    "bummerl_text",
    "call_name",
    "card_name",
    "card_text",
    "cards_text",
    "describe",
    "error_text",
    "four_describe",
    "four_move_words",
    "four_outcome_text",
    "inference_text",
    "outcome_text",
    "plural",
    "profile_name",
    "psn_cards",
    "reason_text",
    "seat_label",
    "seats_text",
    "suit_name",
    "suit_of",
    "text_with_cards",
]

RANK_TEXT = ("A", "10", "K", "Q", "J", "9")
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
    "said.follow_last": N_("{who} plays {card}; {winner} takes the trick ({points}) and "
                           "{bonus} for the last trick"),
    "said.marriage": N_("{who} announces {points} in {suit} and leads {card}"),
    "said.exchange": N_("{who} exchanges the trump jack {jack} for the indicator {card}"),
    "said.exchange_nine": N_("{who} exchanges the trump nine {jack} for the indicator {card}"),
    "said.close": N_("{who} closes the talon"),
    "said.claim_right": N_("{who} claims 66 (correct)"),
    "said.claim_false": N_("{who} claims 66 (false: under 66)"),
    "said.no_claim": N_("{who} does not claim"),
    # the Bummerl
    "bummerl.won": N_("{who} wins the Bummerl"),
    # an outcome with the line of the rule that decided it: "... (G1: a correct claim: ...)"
    "outcome.explained": N_("{outcome} ({rule}: {words})"),
    "outcome.standoff": N_("a standoff: nobody scores, the next deal's winner gets a point "
                           "more"),
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
    "rank.J": N_("jack"), "rank.N": N_("nine"),
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
    # four players (BAUERN.md)
    # (the four-player outcome already names the end: the words say only how it scores)
    "BG1": N_("1 if the other side has more than 33, 2 if 33 or less, 3 without a trick"),
    "BG2": N_("the other side gets 2, or 3 without a trick"),
    "BG3": N_("the side that won the fifth trick gets 1"),
    "BK2": N_("Schnapser and Kontraschnapser: 66 of the declarer's own within three "
              "tricks"),
    "BK3": N_("Gang and Bauernschnapser: every trick to the declarer himself"),
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
    "bettler": C_("Bauernschnapsen contract", "Bettler"),
    "kontrabauernschnapser": C_("Bauernschnapsen contract", "Kontrabauernschnapser"),
})
"""The calls of the games with a round of calls by their PSN word (Bauernschnapsen,
BA1-BA4; Bettler and Kontrabauernschnapser are Dreierschnapsen's, DREIER.md 3A2)."""

FOUR = Texts({
    # the move list: an action without its subject (the seat stands before it)
    "move.trump": N_("names {suit}"),
    "move.turn": N_("turns up {card}"),
    "move.partner": N_("calls {card} as partner"),
    "move.layaway": N_("lays a card away"),
    # Translators: a call in the move list: the seat, then the call ("S: double")
    "move.call": N_("{seat}: {call}"),
    # sentences
    "said.trump": N_("{who} names {suit} trump"),
    "said.turn": N_("{who} turns up {card}: trump is {suit}"),
    "said.partner": N_("{who} calls {card} as partner: its holder plays with {who} this deal"),
    "said.partner_holder": N_("{who} calls {card} as partner: {holder} holds it"),
    "said.partner_alone": N_("{who} calls {card} and holds it: {who} plays alone against "
                             "three"),
    "said.layaway": N_("{who} lays a card away"),
    "said.pass": N_("{who} passes"),
    "said.spritze": N_("{who} doubles the deal"),
    "said.contract": N_("{who} bids {contract} ({value})"),
    "said.play": N_("{who} plays {card}"),
    "said.claim_right": N_("{who} claims 66 for {side} (correct)"),
    "said.claim_false": N_("{who} claims 66 for {side} (false: under 66)"),
    # the contract and its outcome
    "normal_game": N_("normal game"),
    "contract": N_("{contract} ({value}), declarer {who}"),
    "doubled": N_("doubled by {who}"),
    "outcome.doubled": N_("{outcome}, doubled by {who}"),
    "outcome.explained": N_("{outcome} ({rule}: {words})"),
    "outcome.ruled": N_("{outcome} ({rule})"),
    "match.won": N_("the match goes to {who}"),
})
"""The four-player game's words (Bauernschnapsen): its actions, sentences and outcomes.
Cards, suits, leads and marriages are written as for two players (:data:`TEXT`)."""

FOUR_PLURALS = Plurals({
    "outcome.claim": NP_("{n} game point to {side}: a correct claim",
                         "{n} game points to {side}: a correct claim"),
    "outcome.false_claim": NP_("{n} game point to {side}: a false claim by {who}",
                               "{n} game points to {side}: a false claim by {who}"),
    "outcome.last_trick": NP_("{n} game point to {side}: the last trick, without a claim",
                              "{n} game points to {side}: the last trick, without a claim"),
    "outcome.made": NP_("{n} game point to {side}: the {contract} of {who} is made",
                        "{n} game points to {side}: the {contract} of {who} is made"),
    "outcome.broken": NP_("{n} game point to {side}: the {contract} of {who} is broken",
                          "{n} game points to {side}: the {contract} of {who} is broken"),
})
"""The four-player outcomes, by how the deal ended (``{n}`` game points)."""

SEAT_LABEL = "{name} ({seat})"
"""A player by name and seat: the same in every language."""
_MARRIAGE = "{card} +{points}"
_EXCHANGE, _CLOSE, _CLAIM, _MARRIAGE_KIND = "exchange", "close", "claim", "marriage"

_CARD = r"[AKQJT9][CDHS]"
_CALL = r"weiter|spritze|schnapser|gang|bauernschnapser|kontraschnapser"
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
        (rf"(?P<who>\w+) does not hold the trump nine (?P<card>{_CARD})",
         N_("{who} does not hold the trump nine {card}")),
        (r"(?P<who>\w+) exchanges only after winning a trick",
         N_("{who} exchanges only after winning a trick")),
        (r"(?P<who>\w+) closes only after winning a trick",
         N_("{who} closes only after winning a trick")),
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
        # the four-player referee (BAUERN.md)
        (rf"(?P<card>{_CARD}) does not beat (?P<lead>{_CARD}) though (?P<who>\w+) can "
         r"\(BF1\)",
         N_("{card} does not beat {lead} though {who} can (BF1)")),
        (rf"(?P<card>{_CARD}) does not follow (?P<suit>clubs|diamonds|hearts|spades)",
         N_("{card} does not follow {suit_of}")),
        (rf"(?P<card>{_CARD}) is no trump, though the follower is void in the led suit and "
         r"holds one",
         N_("{card} is no trump, though the follower is void in the led suit and holds one")),
        (rf"(?P<card>{_CARD}) cannot be played now", N_("{card} cannot be played now")),
        (r"trump is fixed once, before anything else",
         N_("trump is fixed once, before anything else")),
        (r"forehand fixes trump first", N_("forehand fixes trump first")),
        (r"forehand fixes trump before the calls", N_("forehand fixes trump before the calls")),
        (r"forehand fixes trump first; (?P<action>\S+) cannot come yet",
         N_("forehand fixes trump first; {action} cannot come yet")),
        (r"forehand (?P<who>\w+) holds no (?P<suit>clubs|diamonds|hearts|spades) among his "
         r"first three cards",
         N_("forehand {who} holds no {suit_of} among his first three cards")),
        (r"partners are fixed in the (?P<profile>\S+) profile",
         N_("partners are fixed in the {profile} profile")),
        (r"forehand calls his partner once, right after fixing trump",
         N_("forehand calls his partner once, right after fixing trump")),
        (rf"(?P<card>{_CARD}) is among forehand's first three cards",
         N_("{card} is among forehand's first three cards")),
        (rf"(?P<card>{_CARD}) is no card of the (?P<n>\d+)-card pack",
         N_("{card} is no card of the {n}-card pack")),
        (r"forehand calls his partner before the calls",
         N_("forehand calls his partner before the calls")),
        (r"forehand calls his partner first; (?P<action>\S+) cannot come yet",
         N_("forehand calls his partner first; {action} cannot come yet")),
        (r"each player speaks once, in the round before the first trick",
         N_("each player speaks once, in the round before the first trick")),
        (r"(?P<who>\w+) has not spoken yet: the round of calls comes before the first card",
         N_("{who} has not spoken yet: the round of calls comes before the first card")),
        (rf"(?P<call>{_CALL}) \((?P<value>\d+)\) is not worth more than (?P<best>{_CALL}) "
         r"\((?P<best_value>\d+)\), already called",
         N_("{call} ({value}) is not worth more than {best} ({best_value}), already called")),
        (r"the deal is over; (?P<action>\S+) cannot follow",
         N_("the deal is over; {action} cannot follow")),
        (r"a claim is made right after a trick or a marriage announcement",
         N_("a claim is made right after a trick or a marriage announcement")),
        (rf"no claim in a (?P<contract>{_CALL}): the contract decides the deal",
         N_("no claim in a {contract}: the contract decides the deal")),
        (r"a side claims right after winning a trick or announcing a marriage",
         N_("a side claims right after winning a trick or announcing a marriage")),
        (r"(?P<who>\w+) follows now; a marriage is announced by the leader",
         N_("{who} follows now; a marriage is announced by the leader")),
        (rf"no marriages in a (?P<contract>{_CALL})",
         N_("no marriages in a {contract}")),
        (rf"a marriage is led with its king or queen, not (?P<card>{_CARD})",
         N_("a marriage is led with its king or queen, not {card}")),
        (r"(?P<who>\w+) already said spritze: once a deal",
         N_("{who} already doubled: once a deal")),
        (r"forehand may not say spritze", N_("forehand may not double")),
        (r"the holder of the called card may not say spritze",
         N_("the holder of the called card may not double")),
        (r"(?P<who>\w+) sits with (?P<holder>\w+), who holds the game: only the other team "
         r"may say spritze",
         N_("{who} sits with {holder}, who holds the game: only the other team may double")),
        (r"(?P<who>\w+) holds the game: only the other team may say spritze",
         N_("{who} holds the game: only the other team may double")),
        (r"the game is (?P<holder>\w+)'s, not forehand's: spritze only against forehand's "
         r"game",
         N_("the game is {holder}'s, not forehand's: only forehand's game may be doubled")),
        (r"forehand (?P<who>\w+) may not call kontraschnapser",
         N_("forehand {who} may not bid Kontraschnapser")),
    ))
"""The referee's reasons (:meth:`~schnapsen_lab.games.twohand.rules.Position.check`): the engine
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


def seat_label(names: Sequence[str], seat: Seat | int, letters: str = "AB") -> str:
    """A player by name and seat: ``Anna (A)``; two players of one name stay apart
    (``letters``: the seats' letters, for a seat given as its number)."""
    i = int(seat)
    return SEAT_LABEL.format(name=names[i], seat=getattr(seat, "name", letters[i]))


_PSN_CARD = re.compile(r"(?<![A-Za-z0-9])([AKQJT9])([CDHS])(?![A-Za-z0-9+])")


_PSN_MARRIAGE = re.compile(r"(?<![A-Za-z0-9])([AKQJT][CDHS])\+(20|40)(?![0-9])")


def text_with_cards(text: str, card: CardFormat | None = None) -> str:
    """An engine message with its PSN card names (``TH``) and marriage leads (``KH+40``)
    in the display notation (``10♥``, ``K♥ +40``)."""
    fmt = card or card_text
    text = _PSN_MARRIAGE.sub(
        lambda m: _MARRIAGE.format(card=fmt(parse_card(m.group(1))), points=m.group(2)), text)
    return _PSN_CARD.sub(lambda m: fmt(parse_card(m.group(0))), text)


_PRINTED_CARD = re.compile(r"(?<![\w])(10|[AKQJ9])([♣♦♥♠])")
_SYMBOL_SUIT = {s.symbol: s for s in Suit}


def psn_cards(text: str) -> str:
    """The inverse of :func:`text_with_cards`: cards as printed (``10♥``) written as PSN
    tokens (``TH``), for the machine-readable outputs that keep PSN's card names."""
    return _PRINTED_CARD.sub(
        lambda m: str(Card.of(Rank(RANK_TEXT.index(m.group(1))), _SYMBOL_SUIT[m.group(2)])),
        text)


def action_text(action: Action | None, card: CardFormat | None = None) -> str:
    """An action alone, as a list of choices shows it: ``10♥``, ``K♥ +20``, ``close``
    (None: declining a claim)."""
    if action is None:
        return TEXT["act.no_claim"]
    fmt = card or card_text
    k = action.kind.value
    if k == _EXCHANGE:
        return TEXT["act.exchange"]
    if k == _CLOSE:
        return TEXT["act.close"]
    if k == _CLAIM:
        return TEXT["act.claim"]
    assert action.card is not None
    c = fmt(CARDS[action.card])
    if k == _MARRIAGE_KIND:
        return _MARRIAGE.format(card=c, points=action.points)
    return c


def action_words(before: Position, action: Action, card: CardFormat | None = None) -> str:
    """The action played at ``before`` without its subject, as a move list shows it:
    ``leads 10♥``, ``exchanges J♠ for the indicator``, ``closes the talon``."""
    fmt = card or card_text
    k = action.kind.value
    if k == _EXCHANGE:
        return TEXT["move.exchange"].format(jack=fmt(before.exchange_card))
    if k == _CLOSE:
        return TEXT["move.close"]
    if k == _CLAIM:
        return TEXT["move.claim"]
    c = action.card
    assert c is not None
    if k == _MARRIAGE_KIND:
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
        who = int(seat) if seat is not None else 0
        return TEXT["said.no_claim"].format(who=names[who])
    k = action.kind.value
    if k == _CLAIM:
        claimant = after.outcome.claimant if after.outcome is not None else None
        who = int(claimant) if claimant is not None else before.claim_by
        ok = after.outcome is not None and after.outcome.end.value == "claim"
        return TEXT["said.claim_right" if ok else "said.claim_false"].format(who=names[who])
    mover = before.to_move
    assert mover is not None
    name = names[mover]
    if k == _EXCHANGE:
        swap = before.exchange_card
        key = "said.exchange_nine" if RANK_OF[swap] == Rank.N else "said.exchange"
        return TEXT[key].format(who=name, jack=fmt(swap), card=fmt(CARDS[before.indicator]))
    if k == _CLOSE:
        return TEXT["said.close"].format(who=name)
    c = action.card
    assert c is not None
    if k == _MARRIAGE_KIND:
        return TEXT["said.marriage"].format(who=name, points=action.points,
                                            suit=suit_name(c // 5), card=fmt(CARDS[c]))
    if before.lead < 0:
        return TEXT["said.lead"].format(who=name, card=fmt(CARDS[c]))
    lt = after.last_trick
    assert lt is not None
    pts = CARDS[lt[0]].points + CARDS[lt[1]].points
    if after.bonus_to >= 0 and before.bonus_to < 0:  # the last trick's 10 (6L1)
        return TEXT["said.follow_last"].format(who=name, card=fmt(CARDS[c]),
                                               winner=names[lt[2]], points=pts,
                                               bonus=after.profile.last_trick_bonus)
    return TEXT["said.follow"].format(who=name, card=fmt(CARDS[c]), winner=names[lt[2]],
                                      points=pts)


def outcome_text(outcome: Outcome, names: Sequence[str] = ("A", "B"), *,
                 explain: bool = False) -> str:
    """The outcome in words with the rule that decided it: "Anna wins 2 game points by
    a correct claim (G1)"; with ``explain`` the rule's line too (G1: ...)."""
    end = outcome.end.value
    if end == "last_trick" and outcome.rule[-2:] == "C3":  # C3, 6C3: the closing failed
        key = "outcome.failed_closing"
    else:
        key = {"claim": "outcome.claim", "false_claim": "outcome.false_claim",
               "last_trick": "outcome.last_trick"}.get(end, "outcome.unfinished")
    if outcome.winner is None:
        text = TEXT["outcome.standoff"]
    else:
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
    """A reason the referee gave (English,
    :meth:`~schnapsen_lab.games.twohand.rules.Position.check`)
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
            fields["suit_of"] = suit_of(suit)
            fields["king"] = fmt(CARDS[suit * 5 + Rank.K])
            fields["queen"] = fmt(CARDS[suit * 5 + Rank.Q])
        for k in ("call", "best", "contract"):
            if k in fields:
                fields[k] = CALLS[fields[k]]
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
    referee's reasons translated, anything else the reader says as ``schnapsen-lab
    check`` writes it; cards as printed in both."""
    fmt = card or card_text
    reason, sep, legal = message.partition("; legal: ")
    words = _reason_words(reason, fmt) if sep else _reason_words(message, fmt)
    if words is None:
        why = text_with_cards(message, fmt)
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
    cards = cards_in(excluded)
    if kind == "no_higher":
        # the cards above the lead, from its suit's ace down: the lead is the next below
        low = max(cards)
        lead = low + 1 if RANK_OF[low] < Rank.J else 20 + SUIT_OF[low]
        return TEXT["inference.no_higher"].format(who=who, card=fmt(CARDS[lead]),
                                                  cards=cards_text(cards, fmt))
    s = Suit(int(suit))
    trumps = sorted({SUIT_OF[c] for c in cards} - {int(s)})
    if trumps:
        return TEXT["inference.void_trumps"].format(who=who, suit=suit_of(s),
                                                    trump=suit_name(trumps[0]))
    return TEXT["inference.void"].format(who=who, suit=suit_of(s))


_TOKEN_WORDS = {"X": "act.exchange", "C": "act.close", "66": "act.claim"}
_MARRIAGE_TOKEN = re.compile(r"([AKQJT][CDHS])\+(20|40)")


def _action_token(token: str, card: CardFormat) -> str:
    """A PSN action token of the referee's reasons in words (``C``: close; ``KH+20``:
    K♥ +20; a card as printed)."""
    t = token.strip().upper()
    if t in _TOKEN_WORDS:
        return TEXT[_TOKEN_WORDS[t]]
    m = _MARRIAGE_TOKEN.fullmatch(t)
    if m is not None:
        return _MARRIAGE.format(card=card(parse_card(m.group(1))), points=int(m.group(2)))
    return text_with_cards(token, card)


# -- four players (Bauernschnapsen) ----------------------------------------------------------------
# The four-player positions and actions are read by their fields (``kind.value``,
# ``card``, ``call``), so that this module needs the four-player engine only when a
# four-player deal is shown.

FOUR_SEATS = "NESW"


def call_name(call: Any) -> str:
    """A Bauernschnapsen call in words (its PSN word ``weiter``, ``spritze``, ... or the
    call itself): pass, double, Schnapser, Gang, Bauernschnapser, Kontraschnapser."""
    return CALLS[str(getattr(call, "value", call)).lower()]


def seats_text(names: Sequence[str], seats: int, letters: str = FOUR_SEATS) -> str:
    """The players of a seat mask by name and seats: ``Bert (E)``, ``Anna & Cilli (NS)``,
    ``Bert, Cilli & Dani (ESW)`` (names already escaped where HTML is made)."""
    idx = [s for s in range(len(names)) if seats >> s & 1]
    people = [names[s] for s in idx]
    if not people:
        return ""
    joined = people[0] if len(people) == 1 else ", ".join(people[:-1]) + " & " + people[-1]
    return f"{joined} ({''.join(letters[s] for s in idx)})"


def _suit_words(suit: int) -> str:
    s = Suit(suit)
    return f"{s.symbol} {suit_name(s)}"


def four_move_words(before: Any, action: Any, seat: str = "",
                    card: CardFormat | None = None) -> str:
    """A four-player action as the move list writes it after the seat: ``names ♥
    hearts``, ``turns up K♥``, ``calls A♥ as partner``, ``leads A♥``, ``announces 20,
    leads K♥``, ``claims 66``; a call is written with its seat, ``S: double``."""
    fmt = card or card_text
    kind = action.kind.value
    if kind == "trump":
        if action.suit is None:
            return FOUR["move.turn"].format(card=fmt(CARDS[before.turn_up_card]))
        return FOUR["move.trump"].format(suit=_suit_words(action.suit))
    if kind == "partner":
        return FOUR["move.partner"].format(card=fmt(CARDS[action.card]))
    if kind == "layaway":  # the card is the declarer's secret (DREIER.md 3T3)
        return FOUR["move.layaway"]
    if kind == "call":
        return FOUR["move.call"].format(seat=seat, call=call_name(action.call))
    if kind == "claim":
        return TEXT["move.claim"]
    c = fmt(CARDS[action.card])
    if kind == "marriage":
        return TEXT["move.marriage"].format(points=action.points, card=c)
    return TEXT["move.follow" if before.table else "move.lead"].format(card=c)


def four_describe(before: Any, action: Any, after: Any, names: Sequence[str],
                  card: CardFormat | None = None, *, partner_known: bool = True) -> str:
    """The sentence for a four-player action played at ``before`` (giving ``after``):
    "Bert names ♥ hearts trump", "Cilli doubles the deal", "Anna plays 10♥; Bert takes
    the trick (25)", "Cilli claims 66 for Anna & Cilli (NS) (correct)". ``names`` are
    the players by seat, already escaped for HTML; without ``partner_known`` a called
    card's holder is not named (the viewer does not know it yet, BW2). The seats are
    written with the position's letters (``LETTERS``: N E S W, or A B C)."""
    fmt = card or card_text
    kind = action.kind.value
    letters = getattr(before, "LETTERS", FOUR_SEATS)
    if kind == "claim":
        out = after.outcome
        claimant = out.claimant if out is not None else before.side_seats[before.claim_by]
        who = (seats_text(names, 1 << before.claim_seat, letters) if before.claim_seat >= 0
               else "?")
        ok = out is not None and out.end.value == "claim"
        return FOUR["said.claim_right" if ok else "said.claim_false"].format(
            who=who, side=seats_text(names, claimant, letters))
    me = before.turn
    who = seats_text(names, 1 << me, letters)
    if kind == "layaway":  # which card is the declarer's secret (DREIER.md 3T3)
        return FOUR["said.layaway"].format(who=who)
    if kind == "trump":
        if action.suit is None:
            c = before.turn_up_card
            return FOUR["said.turn"].format(who=who, card=fmt(CARDS[c]),
                                            suit=_suit_words(CARDS[c].suit))
        return FOUR["said.trump"].format(who=who, suit=_suit_words(action.suit))
    if kind == "partner":
        c = fmt(CARDS[action.card])
        if not partner_known:
            return FOUR["said.partner"].format(who=who, card=c)
        if after.partner == me:
            return FOUR["said.partner_alone"].format(who=who, card=c)
        return FOUR["said.partner_holder"].format(
            who=who, card=c, holder=seats_text(names, 1 << after.partner, letters))
    if kind == "call":
        call = action.call
        word = call.value
        if word == "weiter":
            return FOUR["said.pass"].format(who=who)
        if word == "spritze":
            return FOUR["said.spritze"].format(who=who)
        return FOUR["said.contract"].format(who=who, contract=call_name(call),
                                            value=call.value_points)
    c = action.card
    if kind == "marriage":
        return TEXT["said.marriage"].format(who=who, points=action.points,
                                            suit=suit_name(c // 5), card=fmt(CARDS[c]))
    if not before.table:
        return TEXT["said.lead"].format(who=who, card=fmt(CARDS[c]))
    if after.tricks_played > before.tricks_played and after.last_trick is not None:
        cards, _, winner = after.last_trick
        points = sum(CARDS[x].points for x in cards)
        return TEXT["said.follow"].format(who=who, card=fmt(CARDS[c]),
                                          winner=seats_text(names, 1 << winner, letters),
                                          points=points)
    return FOUR["said.play"].format(who=who, card=fmt(CARDS[c]))


def four_outcome_text(outcome: Any, final: Any, names: Sequence[str], *,
                      explain: bool = False) -> str:
    """A four-player outcome in words with the rule that decided it: "6 game points to
    Anna & Cilli (NS): the Schnapser of Bert (E) is broken, doubled by Cilli (S) (BK2)";
    with ``explain`` the rule's line too. ``final`` is the deal's last position."""
    end = outcome.end.value
    letters = getattr(final, "LETTERS", FOUR_SEATS)
    side = seats_text(names, outcome.winners, letters)
    n = outcome.game_points
    if end in ("contract_made", "contract_broken"):
        text = FOUR_PLURALS.text("outcome.made" if end == "contract_made" else "outcome.broken",
                                 n, side=side, contract=call_name(final.contract),
                                 who=seats_text(names, 1 << final.declarer, letters))
    elif end == "false_claim":
        text = FOUR_PLURALS.text("outcome.false_claim", n, side=side,
                                 who=seats_text(names, outcome.claimant, letters))
    elif end == "claim":
        text = FOUR_PLURALS.text("outcome.claim", n, side=side)
    else:
        text = FOUR_PLURALS.text("outcome.last_trick", n, side=side)
    if final.spritze_stands:
        text = FOUR["outcome.doubled"].format(
            outcome=text, who=seats_text(names, 1 << final.spritze, letters))
    rule = outcome.rule
    words = RULE_WORDS.get(rule, "") if explain else ""
    if words:
        return FOUR["outcome.explained"].format(outcome=text, rule=rule, words=words)
    return FOUR["outcome.ruled"].format(outcome=text, rule=rule)
