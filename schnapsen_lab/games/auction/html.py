"""The table of the games with a round of calls drawn in HTML: one drawing for four
seats (Bauernschnapsen) and three (Dreierschnapsen).

A game declares a subclass of :class:`AuctionDrawing` as its part ``drawing``, so that
the replay widget (:mod:`schnapsen_lab.widgets.replay`) and a notebook's ``Replay`` draw
its deals as they draw a two-player one, with the same cards
(:func:`schnapsen_lab.html.card_html`) and the same fixed table width. The hands sit
around the table (four: N at the top, S at the bottom, W left, E right; three: the
bottom seat's next left, the one after right; :func:`table_html` takes another seat for
the bottom, as the practice table does for its student); the trick in progress lies at
each seat's side; the trump (or "no trump" in a Gang or a Bettler) and the card turned up
for it are beside the trick. Beside the table: the auction as it went, the contract with
its declarer and spritze, the sides' scores, tricks and pending marriages (and the
declarer's own score in a Schnapser), the match counters and the outcome with the rule
that decided it; the counting panel of the chosen seat. What only one game shows (a
called partner and the knock; the talon and the cards laid away) is the subclass's
(:meth:`AuctionDrawing.seat_marks`, :meth:`AuctionDrawing.dealt_how`,
:meth:`AuctionDrawing.auction_lines`, :meth:`AuctionDrawing.sides_formed`,
:meth:`AuctionDrawing.sides_unknown`).

A seat's view shows the other hands face down (cards known to be there face up and
outlined), and only the cards the seat has looked at of its own (three while trump is
fixed).

Stable CSS classes: ``sl-table-4`` (``sl-table-3``), ``sl-place-top|left|right|bottom``,
``sl-hand sl-hand-N`` (``sl-hidden`` when face down), ``sl-trick4`` (``sl-trick3``, with
``sl-trick-N`` for each seat's card), ``sl-trump``, ``sl-turned`` (the turned-up card),
``sl-won-tricks``, ``sl-auction`` (``sl-call-N`` cells, ``sl-contract``, ``sl-spritze``,
``sl-partner``, ``sl-talon-line``), ``sl-tallies`` (``sl-score-NS``, ``sl-tricks-NS``,
``sl-pending-NS`` per side, ``sl-points-N`` and ``sl-seat-tricks-N`` per seat,
``sl-declarer-score``, ``sl-counters-NS``, ``sl-result``, ``sl-match-winner``) and
``sl-count`` for the counting panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...cards import Suit, cards_in, sort_cards
from ...html import (
    FELT_STYLE,
    LABEL_STYLE,
    PANEL_STYLE,
    back_html,
    card_html,
    card_span,
    drawing_for,
    error_html,
    record_with_drawing,
)
from ...html import (
    TEXT as HTEXT,
)
from ...i18n import C_, N_, Texts
from ...match import MatchState
from ...notation import (
    FOUR,
    call_name,
    four_describe,
    four_move_words,
    four_outcome_text,
    inference_text,
    seats_text,
    suit_name,
)
from ...psn import Record
from ...render import BLACK, RED
from ...replay import Replay
from .rules import AuctionPosition, Phase

__all__ = ["TEXT", "WON_HEIGHT", "AuctionDrawing", "auction_html", "counting_html",
           "last_trick_html", "table_html", "tallies_html"]

TEXT = Texts({
    # the seats' labels on the table
    "seat.dealer": N_("dealer"),
    "seat.forehand": N_("forehand"),
    "seat.declarer": N_("declarer"),
    "seat.with": N_("plays with {who}"),
    "seat.alone": N_("plays alone"),
    "seat.partner_unknown": N_("partner unknown"),
    # after a player's name: whose turn it is and to do what (BR1, BC1, BA1)
    "seat.to_trump": N_("to fix trump"),
    "seat.to_partner": N_("to call a partner"),
    "seat.to_speak": N_("to speak"),
    "seat.to_lay_away": N_("to lay away two cards"),
    "hand.unseen": N_("not looked at yet"),
    # the middle of the table
    "trump.not_yet": N_("trump not fixed yet"),
    "trump.none": N_("no trump"),
    "trump.named": N_("{suit} named"),
    "turned": N_("turned up"),
    "doubled": C_("a deal doubled by a spritze, short", "×2"),
    # the auction
    "auction": N_("Auction"),
    "auction.dealt": N_("dealer {dealer}, forehand {forehand}, {how}"),
    "auction.cut": N_("cut"),
    "auction.knock": N_("knocked: forehand still fixes trump from his first three cards"),
    "auction.trump": N_("Trump: {what}"),
    "auction.trump_named": N_("{who} names {suit}"),
    "auction.trump_turned": N_("{who} turns up {card}: {suit}"),
    "auction.partner": N_("Partner card: {card}, called by {who}"),
    "auction.holder": N_("{who} holds it"),
    "auction.holder_secret": N_("{who} holds it; until it falls only {who} knows"),
    "auction.holder_you": N_("you hold it"),
    "auction.holder_unknown": N_("who holds it is unknown to you until it falls"),
    "auction.alone": N_("forehand holds it: alone against three"),
    "auction.speaks": C_("the seat whose call comes next", "…"),
    "auction.contract": N_("Contract: {contract}"),
    "auction.bid": N_("Highest bid so far: {contract}"),
    "auction.normal": N_("Contract: none, the normal game"),
    "auction.talon": N_("two cards to the talon"),
    "auction.talon_taken": N_("Talon: {cards}, taken by {who}"),
    "auction.talon_hidden": N_("Talon: taken by {who}, unseen"),
    "auction.laid": N_("Laid away: {cards}"),
    "auction.laid_hidden": N_("Laid away: {n} of 2, unseen"),
    # the tallies
    "tallies.side": N_("side"),
    "tallies.declarer": N_("{who}: own score {score} (66 needed in three tricks)"),
    "tallies.points": N_("card points"),
    "tallies.won": N_("tricks won"),
    "tallies.unknown": N_("Your side is unknown to you until {card} falls: per player"),
    "tallies.not_called": N_("The partner card is not called yet: per player"),
    "tallies.counters": N_("match counters"),
    # the counting panel
    "count.open": N_("The counting panel counts for one seat: choose a player's view."),
    "count.holders": N_("may hold"),
    "count.me": C_("the viewer among the seats that may hold a card", "me"),
    "count.void": N_("void in {suit} (shown by play)"),
    "count.sides": N_("scores as counted: {mine} ({side}) : {theirs} ({other})"),
    "count.alone": N_("your own score: {mine}; your side is not known to you yet"),
    "count.no_trump": N_("trumps out: none (no trump)"),
})
"""Every text of the drawing of the games with a round of calls, as format strings (the
games' words are in :data:`schnapsen_lab.notation.FOUR`)."""

_AFTER_CALLS = (Phase.PLAY, Phase.OVER, Phase.TALON)
_CARD_W, _CARD_H = 48, 66  # a "md" card with its margins
_STACK = 24  # how much of each card a hand drawn as a column shows
_TRICK_PLACES = {4: ((71, 84), (0, 42), (71, 0), (142, 42)),  # bottom, left, top, right
                 3: ((71, 84), (0, 42), (142, 42))}  # bottom, left, right


def _names(rp: Replay) -> tuple[str, ...]:
    return tuple(escape(n) for n in rp.record.player_names)


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _mask_of(pos: AuctionPosition, letters: str) -> int:
    return sum(1 << pos.LETTERS.index(ch) for ch in letters)


def _who(pos: AuctionPosition, names: Sequence[str], mask: int) -> str:
    """The players of a seat mask by name and seat letters (:func:`seats_text`)."""
    return seats_text(names, mask, pos.LETTERS)


def _hooks(rp: Replay) -> AuctionDrawing:
    """The game's drawing: what only it shows."""
    d: AuctionDrawing = drawing_for(rp.game)  # type: ignore[assignment]
    return d


def _knows_sides(rp: Replay, step: int, viewer: int | None) -> bool:
    """Whether ``viewer`` knows the deal's sides (the open table does)."""
    return viewer is None or rp.knowledge(step, viewer).partner_known


# -- the table -----------------------------------------------------------------------------------

def _turn_mark(phase: int) -> str:
    """What the seat to move does now: fix trump, call a partner, speak, or play."""
    key = {Phase.TRUMP: "seat.to_trump", Phase.PARTNER: "seat.to_partner",
           Phase.AUCTION: "seat.to_speak", Phase.TALON: "seat.to_lay_away"}.get(Phase(phase))
    return TEXT[key] if key else HTEXT["hand.to_play"]


def _seat_marks(d: AuctionDrawing, pos: AuctionPosition, seat: int, names: Sequence[str],
                sides_known: bool) -> str:
    """What the label of ``seat`` says beside its name: dealer, forehand, declarer, what
    the game adds (the called partner as far as the viewer knows), whose turn it is."""
    marks = []
    if seat == pos.dealer:
        marks.append(TEXT["seat.dealer"])
    if seat == pos.forehand:
        marks.append(TEXT["seat.forehand"])
    if pos.declarer == seat and pos.phase in _AFTER_CALLS:
        marks.append(TEXT["seat.declarer"])
    marks.extend(d.seat_marks(pos, seat, names, sides_known))
    if pos.to_move == seat:
        marks.append(_turn_mark(pos.phase))
    return "".join(f" · {m}" for m in marks)


def _hand_cards(rp: Replay, step: int, seat: int, viewer: int | None) -> list[str]:
    """The cards of ``seat`` as ``viewer`` sees them, each as HTML: face up what it may
    see (outlined: known to be there), the others face down."""
    pos: AuctionPosition = rp[step]
    hand = pos.hands[seat]
    turned = pos.turned
    if viewer is None:
        return [card_html(c, mark="sl-turned" if c == turned else "") for c in _in_order(hand)]
    v = rp.knowledge(step, viewer)
    if viewer == seat:
        seen = v.hand
        out = [card_html(c, mark="sl-turned" if c == turned else "") for c in _in_order(seen)]
        return out + [back_html(title=TEXT["hand.unseen"])] * _count(hand & ~seen)
    known = v.known[seat] & hand
    out = [card_html(c, mark="sl-turned" if c == turned else "sl-known")
           for c in _in_order(known)]
    return out + [back_html()] * _count(hand & ~known)


def _in_order(mask: int) -> list[int]:
    """The cards of a mask as a hand is shown: by suit, high to low, a nine after the
    jack."""
    return [int(c) for c in sort_cards(cards_in(mask))]


def _hand_html(rp: Replay, step: int, seat: int, viewer: int | None, names: Sequence[str],
               column: bool) -> str:
    """A seat's label and hand: a row (top and bottom) or a fan from top to bottom
    (left and right), of fixed height so that nothing moves between steps."""
    pos: AuctionPosition = rp[step]
    cards = _hand_cards(rp, step, seat, viewer)
    marks = _seat_marks(_hooks(rp), pos, seat, names, _knows_sides(rp, step, viewer))
    letter = pos.LETTERS[seat]
    hidden = viewer is not None and viewer != seat
    cls = f"sl-hand sl-hand-{letter}" + (" sl-hidden" if hidden else "")
    if column:
        label = (f'<div style="{LABEL_STYLE}height:48px;overflow:hidden"><b>{names[seat]}</b> '
                 f"({letter}){marks}</div>")
        # each card shows its top corner, the last one whole; each is its own stacking
        # layer, later ones on top (a card's rotated corner would paint over the next)
        body = "".join(f'<div style="height:{_STACK}px;position:relative;z-index:{k + 1}">'
                       f"{c}</div>" for k, c in enumerate(cards[:-1]))
        if cards:
            body += f'<div style="position:relative;z-index:{len(cards)}">{cards[-1]}</div>'
        # room for a whole hand, the talon taken in too
        tall = _CARD_H + _STACK * (pos.profile.tricks - 1 + getattr(pos.profile, "talon", 0))
        return (f'<div class="{cls}" data-seat="{letter}" data-cards="{len(cards)}">{label}'
                f'<div class="sl-cards" style="height:{tall}px">{body}</div>'
                f"</div>")
    label = (f'<div style="{LABEL_STYLE}height:18px;overflow:hidden;white-space:nowrap">'
             f"<b>{names[seat]}</b> ({letter}){marks}</div>")
    return (f'<div class="{cls}" data-seat="{letter}" data-cards="{len(cards)}">{label}'
            f'<div class="sl-cards" style="height:{_CARD_H + 2}px">{"".join(cards)}</div></div>')


def _trick_html(rp: Replay, step: int, bottom: int, names: Sequence[str]) -> str:
    """The trick in progress, each card at its player's side; until the next lead the
    last trick, its winner's card outlined (BW1: anyone may look at it)."""
    pos: AuctionPosition = rp[step]
    n = len(pos.SEATS)
    cards: list[tuple[int, int]] = []
    winner = -1
    if pos.table:
        cards = [(int(s), int(c)) for s, c in zip(pos.trick_seats, pos.trick, strict=True)]
        cap = HTEXT["trick.led"].format(who=names[pos.leader])
    else:
        done = rp.tricks(step)
        if done:
            t = done[-1]
            cards = [(s, int(c)) for s, c in zip(t.seats, t.cards, strict=True)]
            winner = int(t.winner)
            cap = HTEXT["trick.won"].format(n=t.number, who=names[winner], points=t.points)
        else:
            cap = "&nbsp;"
    placed = []
    for s, c in cards:
        x, y = _TRICK_PLACES[n][(s - bottom) % n]
        placed.append(f'<div class="sl-trick-{pos.LETTERS[s]}" style="position:absolute;'
                      f'left:{x}px;top:{y}px">'
                      f'{card_html(c, mark="sl-winner" if s == winner else "")}</div>')
    return (f'<div class="sl-trick{n}" data-cards="{len(cards)}" style="width:190px">'
            f'<div style="position:relative;width:190px;height:{84 + _CARD_H}px">'
            f'{"".join(placed)}</div><div style="{LABEL_STYLE}text-align:center">{cap}</div>'
            f"</div>")


def _trump_html(pos: AuctionPosition) -> str:
    """The trump suit (none fixed yet; none in a Gang, with the suit named) and the card
    turned up for it while forehand holds it: the table's top left corner."""
    trump = pos.trump_suit
    if pos.phase == Phase.TRUMP:
        body = f'<div style="margin-top:6px">{TEXT["trump.not_yet"]}</div>'
        data = ""
    elif trump is None:
        named = Suit(pos.named_trump)
        body = (f'<div style="font-size:15px;font-weight:bold">{TEXT["trump.none"]}</div>'
                f'<div>{TEXT["trump.named"].format(suit=named.symbol)}</div>')
        data = "none"
    else:
        body = (f'<div>{HTEXT["trump"]}</div><span class="sl-trump-symbol" '
                f'title="{suit_name(trump)}" style="display:inline-block;font-size:26px;'
                f'line-height:30px;padding:0 6px;border-radius:6px;background:#fff;'
                f'color:{RED if trump.is_red else BLACK}">'
                f"{trump.symbol}</span>")
        data = trump.name
    turned = ""
    if pos.turned >= 0:
        turned = (f'<div class="sl-turned-box" style="text-align:center">'
                  f'{card_html(pos.turned, "sm")}<div>{TEXT["turned"]}</div></div>')
    return (f'<div class="sl-trump" data-trump="{data}" style="{LABEL_STYLE}position:absolute;'
            f'left:10px;top:8px;width:120px;display:flex;gap:6px;align-items:flex-start">'
            f'<div style="text-align:center;min-width:44px">{body}</div>{turned}</div>')


def _contract_html(pos: AuctionPosition, names: Sequence[str], sides_known: bool = True
                   ) -> str:
    """The contract in short, its declarer and the spritze: the top right corner."""
    lines = []
    if pos.phase in _AFTER_CALLS:
        c = pos.contract
        if c is not None:
            lines.append(f'<div class="sl-contract-short"><b>{call_name(c)}</b> '
                         f"({pos.LETTERS[pos.declarer]})</div>")
    if pos.spritze_shown(sides_known):
        lines.append(f'<div class="sl-spritze-short"><b>{TEXT["doubled"]}</b> '
                     f"({pos.LETTERS[pos.spritze]})</div>")
    return (f'<div class="sl-contract-box" style="{LABEL_STYLE}position:absolute;right:10px;'
            f'top:8px;width:120px;text-align:right">{"".join(lines)}</div>')


#: the height (px) each seat's won tricks take from the start, a line of small cards and
#: its label, so that the table does not grow when a trick is won during the deal
WON_HEIGHT = 64


def _won_html(rp: Replay, step: int, viewer: int | None, names: Sequence[str]) -> str:
    """The won tricks by seat, face up or down as ``viewer`` may look (BW1, 3W1), in a
    grid of two columns (N E / S W; A B / C) whose cells have their space from the start;
    the face-down tricks of a seat lie as a pile, so that one line holds them and the
    last trick face up."""
    rows = []
    shown = rp.visible_tricks(step, viewer)
    pos: AuctionPosition = rp[step]
    for s in range(len(pos.SEATS)):
        items = []
        for ts in shown:
            t = ts.trick
            if int(t.winner) != s:
                continue
            if ts.face_up:
                inner = "".join(card_html(c, "sm") for c in t.cards)
                cls = "sl-won sl-won-up"
            else:
                inner = back_html("sm", title=HTEXT["won.hidden"].format(n=t.number))
                cls = "sl-won sl-won-down"
            gap = 6 if ts.face_up else -18  # face-down tricks overlap: a pile
            items.append(f'<span class="{cls}" data-trick="{t.number}" '
                         f'style="display:inline-block;margin-right:{gap}px">{inner}</span>')
        if items:
            label = HTEXT["won.label"].format(who=_who(pos, names, 1 << s))
            rows.append(f'<div class="sl-tricks-{pos.LETTERS[s]}" '
                        f'style="min-width:0;min-height:{WON_HEIGHT}px">'
                        f'<span style="{LABEL_STYLE}">'
                        f'{label}</span><div style="display:flex;flex-wrap:wrap">'
                        f'{"".join(items)}</div></div>')
        else:
            rows.append(f'<div style="min-height:{WON_HEIGHT}px"></div>')
    return (f'<div class="sl-won-tricks" style="margin-top:6px;display:grid;'
            f'grid-template-columns:repeat(2,1fr);gap:0 8px">{"".join(rows)}</div>')


def last_trick_html(rp: Replay, step: int, names: Sequence[str]) -> str:
    """The trick finished before the one in progress, in small cards with who took it
    (BW1: anyone may look at the last trick until the next one is complete); a strip of
    fixed height, empty when there is none, so that nothing moves."""
    pos: AuctionPosition = rp[step]
    body = "&nbsp;"
    done = rp.tricks(step)
    if pos.table and done:
        t = done[-1]
        cards = "".join(card_html(c, "sm", mark="sl-winner" if int(s) == int(t.winner) else "")
                        for s, c in zip(t.seats, t.cards, strict=True))
        cap = HTEXT["trick.won"].format(n=t.number, who=names[int(t.winner)], points=t.points)
        body = (f'<span style="{LABEL_STYLE}margin-right:6px">{cap}</span>'
                f'<span style="display:inline-flex">{cards}</span>')
    return (f'<div class="sl-last-trick" data-trick="{len(done) if pos.table and done else 0}" '
            f'style="height:46px;display:flex;align-items:center;overflow:hidden">{body}</div>')


def table_html(rp: Replay, step: int, viewer: int | None = None, *, bottom: int = 2,
               hands: bool = True, won_tricks: bool = True, last_trick: bool = False) -> str:
    """The table at ``step`` as ``viewer`` may see it (None: open table), of the fixed
    width :data:`~schnapsen_lab.html.FELT_WIDTH`: ``bottom`` is the seat drawn at the
    bottom (four seats: S puts N at the top, W left, E right; three seats: the next seat
    left, the one after it right, nobody at the top); without ``hands`` the bottom hand is
    left out (the practice table draws it below, to be played from); ``last_trick`` adds
    :func:`last_trick_html` above the won tricks (the practice table)."""
    pos: AuctionPosition = rp[step]
    names = _names(rp)
    n = len(pos.SEATS)
    left, top, right = (bottom + 1) % n, (bottom + 2) % n, (bottom + n - 1) % n
    middle = (f'<div style="display:flex;justify-content:space-between;align-items:flex-start;'
              f'margin:4px 0">'
              f'<div class="sl-place sl-place-left" style="width:112px">'
              f'{_hand_html(rp, step, left, viewer, names, True)}</div>'
              f'<div style="margin-top:30px">{_trick_html(rp, step, bottom, names)}</div>'
              f'<div class="sl-place sl-place-right" style="width:112px;text-align:right">'
              f'{_hand_html(rp, step, right, viewer, names, True)}</div></div>')
    below = ""
    if hands:
        below = (f'<div class="sl-place sl-place-bottom" style="text-align:center">'
                 f"{_hand_html(rp, step, bottom, viewer, names, False)}</div>")
    won = _won_html(rp, step, viewer, names) if won_tricks else ""
    if last_trick:
        won = last_trick_html(rp, step, names) + won
    above = (f'<div class="sl-place sl-place-top" style="text-align:center">'
             f"{_hand_html(rp, step, top, viewer, names, False)}</div>" if n == 4 else
             f'<div class="sl-place sl-place-top" style="height:{_CARD_H + 20}px"></div>')
    return (f'<div class="sl-table sl-table-{n}" data-step="{step}" style="{FELT_STYLE}'
            f'position:relative">{_trump_html(pos)}'
            f"{_contract_html(pos, names, _knows_sides(rp, step, viewer))}"
            f"{above}{middle}{below}{won}"
            f"</div>")


# -- beside the table ----------------------------------------------------------------------------

def auction_html(rp: Replay, step: int, viewer: int | None = None) -> str:
    """The auction as it went up to ``step``: how trump was fixed, what the game adds
    (the called partner as far as ``viewer`` knows its holder; the talon and the cards
    laid away as far as ``viewer`` may see them), each seat's call in words, and the
    contract with its declarer and spritze."""
    pos: AuctionPosition = rp[step]
    d = _hooks(rp)
    names = _names(rp)
    fh = pos.forehand
    n = len(pos.SEATS)
    lines = [TEXT["auction.dealt"].format(dealer=_who(pos, names, 1 << pos.dealer),
                                          forehand=_who(pos, names, 1 << fh),
                                          how=d.dealt_how(pos))]
    # trump: the action of step 1, when there is one
    if pos.phase > Phase.TRUMP:
        first = rp.action(1)
        suit = Suit(pos.named_trump)
        words = f"{suit.symbol} {suit_name(suit)}"
        who = _who(pos, names, 1 << fh)
        if first is not None and first.suit is None:
            turned = pos.turn_up_card
            what = TEXT["auction.trump_turned"].format(who=who, card=card_span(turned),
                                                       suit=words)
        else:
            what = TEXT["auction.trump_named"].format(who=who, suit=words)
        lines.append(f'<span class="sl-trump-call">{TEXT["auction.trump"].format(what=what)}'
                     f"</span>")
    lines.extend(d.auction_lines(rp, step, viewer, names))
    # the calls in columns by seat (N E S W; A B C), from forehand on; past the last seat
    # on a second line
    head = "".join(f'<th title="{names[s]}" style="padding:0 6px">{pos.LETTERS[s]}</th>'
                   for s in range(n))
    table = ""
    if pos.phase >= Phase.AUCTION:
        empty = "<td></td>"
        grid = [[empty] * n, [empty] * n]
        for k, call in enumerate(pos.calls):
            s = (fh + k) % n
            grid[s < fh][s] = (f'<td class="sl-call-{pos.LETTERS[s]}" data-call="{call.value}" '
                               f'style="text-align:center;padding:0 4px">{call_name(call)}</td>')
        if pos.phase == Phase.AUCTION:
            s = (fh + len(pos.calls)) % n
            grid[s < fh][s] = (f'<td class="sl-call-{pos.LETTERS[s]} sl-speaks" '
                               f'style="text-align:center">{TEXT["auction.speaks"]}</td>')
        rows = [r for r in grid if any(c != empty for c in r)]
        table = (f'<table class="sl-calls" style="border-collapse:collapse;margin:2px 0">'
                 f'<tr>{head}</tr>{"".join("<tr>" + "".join(r) + "</tr>" for r in rows)}'
                 f"</table>")
    # the contract
    contract = ""
    if pos.contract is not None:
        what = _contract_words(pos, names)
        key = "auction.bid" if pos.phase == Phase.AUCTION else "auction.contract"
        contract = f'<div class="sl-contract"><b>{TEXT[key].format(contract=what)}</b></div>'
    elif pos.phase in _AFTER_CALLS:
        contract = f'<div class="sl-contract"><b>{TEXT["auction.normal"]}</b></div>'
    if pos.spritze_shown(_knows_sides(rp, step, viewer)):
        contract += (f'<div class="sl-spritze">'
                     f'{FOUR["doubled"].format(who=_who(pos, names, 1 << pos.spritze))}</div>')
    body = "".join(f"<div>{line}</div>" for line in lines)
    return (f'<div class="sl-auction" style="{PANEL_STYLE}margin-bottom:6px">'
            f'<b>{TEXT["auction"]}</b>{body}{table}{contract}</div>')


def _contract_words(pos: AuctionPosition, names: Sequence[str]) -> str:
    c = pos.contract
    assert c is not None
    return FOUR["contract"].format(contract=call_name(c), value=c.value_points,
                                   who=_who(pos, names, 1 << pos.declarer))


def tallies_html(rp: Replay, step: int, viewer: int | None = None) -> str:
    """The sides' scores, pending marriages and tricks (per player while ``viewer``
    does not know its side, and for everyone before a partner is called), the
    declarer's own score in a Schnapser, the match counters, and at the end the outcome
    with its rule and who won the match."""
    pos: AuctionPosition = rp[step]
    d = _hooks(rp)
    names = _names(rp)
    n = len(pos.SEATS)
    rec = rp.record
    if _knows_sides(rp, step, viewer) and d.sides_formed(pos):
        sides = pos.side_names
        head = ("<tr><th></th>" + "".join(
            f'<th class="sl-side-{x}" title="{_who(pos, names, _mask_of(pos, x))}" '
            f'style="padding:0 10px">{x}</th>' for x in sides) + "</tr>")
        rows = (("sl-score", HTEXT["tallies.score"], [pos.score(i) for i in (0, 1)]),
                ("sl-pending", HTEXT["tallies.pending"], [pos.pending(i) for i in (0, 1)]),
                ("sl-tricks", HTEXT["tallies.tricks"], [pos.side_tricks(i) for i in (0, 1)]))
        body = "".join(
            f'<tr class="{cls}"><td>{label}</td>'
            + "".join(f'<td class="{cls}-{sides[i]}" style="text-align:center">{v[i]}</td>'
                      for i in (0, 1)) + "</tr>" for cls, label, v in rows)
        per_seat = ""
    else:
        head = ("<tr><th></th>" + "".join(
            f'<th title="{names[s]}" style="padding:0 8px">{pos.LETTERS[s]}</th>'
            for s in range(n)) + "</tr>")
        rows2 = (("sl-points", TEXT["tallies.points"], pos.points),
                 ("sl-seat-tricks", TEXT["tallies.won"], pos.won))
        body = "".join(
            f'<tr class="{cls}"><td>{label}</td>'
            + "".join(f'<td class="{cls}-{pos.LETTERS[s]}" style="text-align:center">'
                      f"{v[s]}</td>" for s in range(n)) + "</tr>" for cls, label, v in rows2)
        unknown = d.sides_unknown(pos)
        per_seat = (f'<div class="sl-sides-unknown" style="color:#555">{unknown}</div>')
    declarer = ""
    c = pos.contract
    if c is not None and pos.phase in (Phase.PLAY, Phase.OVER) and c.points_count:
        declarer = (f'<div class="sl-declarer-score">'
                    f'{TEXT["tallies.declarer"].format(who=_who(pos, names, 1 << pos.declarer), score=pos.declarer_score())}'  # noqa: E501
                    f"</div>")
    counters = rp.counters(step)
    match = ""
    if counters is not None:
        keys = rec.match_rules.keys
        match = (f'<table class="sl-match" style="border-collapse:collapse;margin-top:4px">'
                 f'<tr><td>{TEXT["tallies.counters"]}</td>'
                 + "".join(f'<td class="sl-counters-{k}" '
                           f'title="{_who(pos, names, _mask_of(pos, k))}"'
                           f' style="text-align:center;padding:0 6px">{k} {v}</td>'
                           for k, v in zip(keys, counters, strict=True)) + "</tr></table>")
    out = rp.outcome(step)
    foot = ""
    if out is not None:
        foot = (f'<div class="sl-result" style="font-weight:bold;margin-top:4px">'
                f"{four_outcome_text(out, pos, names, explain=True)}</div>")
        if counters is not None:
            won = MatchState(rec.match_rules, counters, 0).winners
            if won:
                who = _who(pos, names, _mask_of(pos, won[0]))
                foot += (f'<div class="sl-match-winner" style="font-weight:bold;'
                         f'color:#1b7a3a">{FOUR["match.won"].format(who=who)}</div>')
    elif step == rp.last and rp.error is not None:
        foot = (f'<div class="sl-result" style="color:#c8102e">'
                f"{HTEXT['tallies.error'].format(error=error_html(rp.error))}</div>")
    return (f'<div class="sl-tallies" style="{PANEL_STYLE}">{auction_html(rp, step, viewer)}'
            f'<table style="border-collapse:collapse">{head}{body}</table>{per_seat}'
            f"{declarer}{match}{foot}</div>")


def counting_html(rp: Replay, step: int, viewer: int | None) -> str:
    """The counting panel of ``viewer``: the unknown cards by suit and which seats may
    still hold them (a void shown by play rules a seat out), the cards known in other
    hands, trumps and card points out, the sides' scores as far as the viewer can count
    them, and the voids play showed, apart from the facts. The open table: a hint."""
    if viewer is None:
        return (f'<div class="sl-count sl-count-open" style="{PANEL_STYLE}color:#555">'
                f'{TEXT["count.open"]}</div>')
    pos: AuctionPosition = rp[step]
    n = len(pos.SEATS)
    names = _names(rp)
    c = rp.counting(step, viewer)
    v = rp.knowledge(step, viewer)
    me_unseen = bool(pos.hands[viewer] & ~v.hand)
    rows = []
    for s in Suit:
        cs = c.unknown_by_suit.get(s, ())
        sym = f'<span style="color:{"#c8102e" if s.is_red else "#111"}">{s.symbol}</span>'
        holders = []
        if cs:
            for o in range(n):
                if o == viewer:
                    if me_unseen:
                        holders.append(f'<span class="sl-holder">{TEXT["count.me"]}</span>')
                    continue
                if v.voids[o] >> s & 1:
                    holders.append(f'<s class="sl-void" title="'
                                   f'{TEXT["count.void"].format(suit=suit_name(s))}">'
                                   f"{pos.LETTERS[o]}</s>")
                else:
                    holders.append(f'<span class="sl-holder">{pos.LETTERS[o]}</span>')
        pad = 'style="padding:0 10px 0 0"'  # the cards and "may hold" columns apart
        rows.append(f'<tr class="sl-unknown-{s.name}"><td {pad}>{sym}</td><td {pad}>{len(cs)}</td>'
                    f"<td {pad}>{' '.join(card_span(x) for x in cs)}</td>"
                    f'<td class="sl-holders" style="padding-left:6px">{" ".join(holders)}</td>'
                    f"</tr>")
    known = "".join(
        f'<div class="sl-opponent-known" data-seat="{seat.name}">'
        + HTEXT["count.known"].format(who=_who(pos, names, 1 << seat),
                                      cards=" ".join(card_span(x) for x in cards))
        + "</div>" for seat, cards in c.known.items() if cards)
    if v.trump is None and pos.phase in (Phase.PLAY, Phase.OVER):
        trumps = TEXT["count.no_trump"]
    else:
        trumps = HTEXT["count.trumps_out"].format(
            cards=" ".join(card_span(x) for x in c.trumps_out) or HTEXT["count.no_trumps"])
    if c.side_known:
        mine = (1 << viewer) | sum(1 << p for p in c.partners)
        other = ((1 << n) - 1) ^ mine
        scores = TEXT["count.sides"].format(mine=c.my_score, theirs=c.other_score,
                                            side=pos.letters(mine), other=pos.letters(other))
    else:
        scores = TEXT["count.alone"].format(mine=c.my_score)
    me = _who(pos, names, 1 << viewer)
    facts = (f'<div class="sl-facts"><b>{HTEXT["count.facts"].format(who=me)}</b>'
             f'<table style="border-collapse:collapse">'
             f'<tr><th align=left>{HTEXT["count.unknown"]}</th><th>{HTEXT["count.number"]}</th>'
             f'<th align=left style="padding-right:10px">{HTEXT["count.cards"]}</th>'
             f'<th align=left style="padding-left:6px">{TEXT["count.holders"]}</th></tr>'
             f'{"".join(rows)}</table>'
             f"{known}"
             f'<div class="sl-trumps-out">{trumps}</div>'
             f'<div class="sl-points-out">{HTEXT["count.points_out"].format(n=c.points_out)}'
             f'</div><div class="sl-count-scores">{scores}</div></div>')
    if c.inferences:
        items = "".join(
            "<li>" + HTEXT["count.inference"].format(
                step=i.step, text=inference_text(i.kind, _who(pos, names, 1 << int(i.seat)),
                                                 i.suit, i.excluded, card_span)) + "</li>"
            for i in c.inferences)
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f'<b>{HTEXT["count.inferences"]}</b><ul style="margin:0">{items}</ul></div>')
    else:
        inf = (f'<div class="sl-inferences" style="margin-top:4px;color:#555">'
               f'<b>{HTEXT["count.no_inferences"]}</b></div>')
    return (f'<div class="sl-count" data-viewer="{pos.LETTERS[viewer]}" '
            f'style="{PANEL_STYLE}">{facts}{inf}</div>')


# -- the drawing -------------------------------------------------------------------------------

class AuctionDrawing:
    """A game with a round of calls in the replay widget
    (:class:`~schnapsen_lab.html.Drawing`); a game's subclass adds what only it shows."""

    bottom: int = 0
    """The seat drawn at the bottom of the open table."""

    # -- what differs by game -----------------------------------------------------------------
    def seat_marks(self, pos: AuctionPosition, seat: int, names: Sequence[str],
                   sides_known: bool) -> list[str]:
        """What the game adds to a seat's label."""
        return []

    def dealt_how(self, pos: AuctionPosition) -> str:
        """How the cards were dealt, after the dealer and forehand."""
        return ""

    def auction_lines(self, rp: Replay, step: int, viewer: int | None,
                      names: Sequence[str]) -> list[str]:
        """The game's lines of the auction panel after the trump (HTML)."""
        return []

    def sides_formed(self, pos: AuctionPosition) -> bool:
        """Whether the deal's sides are formed (a called partner: once called)."""
        return True

    def sides_unknown(self, pos: AuctionPosition) -> str:
        """Why the tallies count per player (HTML)."""
        return ""

    # -- the drawing ----------------------------------------------------------------------------
    def move_text(self, rp: Replay, step: int) -> str:
        """``E names ♥ hearts``, ``S: double``, ``N leads A♥``, ``S claims 66``."""
        a = rp.action(step)
        who = rp.actor(step)
        seat = "?" if who is None else who.name
        words = four_move_words(rp[step - 1], a, seat)
        return words if a.kind.value == "call" else f"{seat} {words}"

    def said(self, rp: Replay, step: int, viewer: int | None) -> str:
        """The sentence, naming a called card's holder only to who knows it."""
        return four_describe(rp[step - 1], rp.action(step), rp[step], _names(rp), card_span,
                             partner_known=_knows_sides(rp, step, viewer))

    def table(self, rp: Replay, step: int, viewer: int | None) -> str:
        """:func:`table_html`, :attr:`bottom` at the bottom."""
        return table_html(rp, step, viewer, bottom=self.bottom)

    def tallies(self, rp: Replay, step: int, viewer: int | None) -> str:
        """The auction and :func:`tallies_html`."""
        return tallies_html(rp, step, viewer)

    def counting(self, rp: Replay, step: int, viewer: int | None) -> str:
        """:func:`counting_html`."""
        return counting_html(rp, step, viewer)

    def record(self, record: Record) -> str:
        """The record's tags, the table as dealt, the moves and the outcome."""
        return record_with_drawing(record, self)
