"""A deal or a whole Bummerl as one self-contained HTML page, to mail or put on a website.

::

    from schnapsen_lab import psn, Replay
    from schnapsen_lab.share import bummerl_html, deal_html

    page = Replay(record).to_html()              # one deal (same as deal_html(record))
    page = bummerl_html(records_of_one_bummerl)  # every deal of a Bummerl, with a deal picker

The page needs nothing but a browser: no network, no server, no Jupyter. It holds the
replay's facts of every step as compact JSON (:func:`page_data`: hands, the trick,
talon, scores, tricks, what each player knows, comments, the outcome) and a small inline
script (``page.js``) that draws the table, the move list, the step buttons (and arrow
keys), the view switch and the counting panel from them, with the cards of
:func:`schnapsen_lab.html.card_html` (through :func:`~schnapsen_lab.html.render_kit`).

The data names the seats and their places around the table for each view (``top``,
``bottom``, ``left``, ``right``), so the script draws two or four seats alike. Every
text of the page is in :data:`STRINGS` and :data:`COUNTED` (English source, written in
the page's language, ``lang=``, whose forms of counted texts the page holds), handed to
the script as one dict; the page's ``<html lang>`` says the language.
Everything a user typed reaches the page as JSON text (with ``<``, ``>``, ``&`` and the
line separators escaped) and is escaped by the script before it is shown; a
Content-Security-Policy lets only the page's own script run and forbids every request.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from html import escape
from importlib import resources
from typing import Any

from .. import notation
from ..games import find_game
from ..games.bauern.html import TEXT as four_texts
from ..headers import TEXT as header_texts
from ..html import PLURALS as html_plurals
from ..html import TEXT as html_texts
from ..html import render_kit
from ..i18n import C_, N_, NP_, Plurals, Texts, get_language, language, plural_form
from ..psn import GLYPHS, Record
from ..replay import Replay

__all__ = [
    "COUNTED",
    "COUNTED_UP_TO",
    "FORMAT",
    "STRINGS",
    "TEXT",
    "bummerl_html",
    "deal_data",
    "deal_html",
    "page_data",
    "page_html",
    "script_json",
]

FORMAT = 1
"""The version of the page's data layout (:func:`page_data`)."""

_N, _H = notation.TEXT.source, html_texts.source
_F, _B = notation.FOUR.source, four_texts.source

STRINGS = Texts({
    # page and header
    "page_title_deal": N_("{a} vs {b}: a Schnapsen deal"),
    "page_title_bummerl": N_("{a} vs {b}: a Schnapsen Bummerl"),
    "page_title_game_deal": N_("{a} vs {b}: a {game} deal"),
    "page_title_game_match": N_("{a} vs {b}: a {game} match"),
    "versus": C_("between two players' names", "vs"),
    "name_seat": notation.SEAT_LABEL,
    "deal": _H["deal"],
    "deal_option": N_("{n}. deal {deal} · {result}"),
    "deal_option_plain": "{n}. {result}",
    "deal_result": N_("{name} wins {points}"),
    "deal_standoff": N_("standoff"),
    "unfinished": _H["record.unfinished"],
    "noscript": N_("This page shows a Schnapsen replay; it needs JavaScript."),
    "keys_help": N_("Keys: ← → one step, Home / End first and last step."),
    "keys_help_deals": N_("Page Up / Page Down: previous and next deal."),
    # views
    "view_open": _H["view.open"],
    "view_seat": _H["view.seat"],
    "view_open_short": _H["view.open_short"],
    # step buttons
    "first": N_("first step (Home)"),
    "back": N_("one step back (←)"),
    "forward": N_("one step forward (→)"),
    "last": N_("last step (End)"),
    "next_deal": N_("the next deal (Page Down)"),
    "next_deal_text": N_("next deal"),
    "moves": _H["moves"],
    # step line
    "step_line": _H["step.line"],
    "labelled": N_("{label}: {text}"),
    "as_dealt": _N["move.dealt"],
    "who_did": "{name} {what}",
    # actions, as the move list and the step line write them
    "exchanges": _N["move.exchange"],
    "exchanges_long": N_("exchanges {jack} for the indicator {card}"),
    "closes": _N["move.close"],
    "closes_long": N_("closes the talon"),
    "claims": _N["move.claim"],
    "claims_correct": N_("claims 66 (correct)"),
    "claims_false": N_("claims 66 (false)"),
    "announces": _N["move.marriage"],
    "leads": _N["move.lead"],
    "plays": _N["move.follow"],
    "plays_long": N_("plays {card}; {who} takes {points}"),
    "plays_long_last": N_("plays {card}; {who} takes {points} and {bonus} for the last trick"),
    # table
    "to_play": _H["hand.to_play"],
    "led": _H["trick.led"],
    "trick_won": _H["trick.won"],
    "talon_left": _H["talon.size"],
    "talon_closed": _H["talon.closed_by"],
    "talon_exhausted": _H["talon.exhausted"],
    "indicator_down": _H["talon.turned_down"],
    "face_down": _H["face_down"],
    "trump": _H["trump"],
    "no_trump": N_("no trump"),
    "won_tricks": _H["won.label"],
    "trick_hidden": _H["won.hidden"],
    "none_yet": "-",
    # tallies
    "score": _H["tallies.score"],
    "pending": _H["tallies.pending"],
    "tricks": _H["tallies.tricks"],
    "counters": _H["tallies.counters"],
    "match_counters": _B["tallies.counters"],
    "bummerl_won": _N["bummerl.won"],
    "result_standoff": _N["outcome.standoff"],
    "last_trick_bonus": N_("{who} takes the {points} for the last trick"),
    "carried": N_("game points carried to the next deal's winner: {n}"),
    "stops_at_error": _H["tallies.error"],
    # counting
    "facts_for": _H["count.facts"],
    "unknown": _H["count.unknown"],
    "count": _H["count.number"],
    "cards": _H["count.cards"],
    "known_in_hand": _H["count.known"],
    "trumps_out": _H["count.trumps_out"],
    "points_out": _H["count.points_out"],
    "count_scores": _H["count.scores"],
    "none": _H["count.none"],
    "no_trumps": _H["count.no_trumps"],
    "inferences": _H["count.inferences"],
    "inferences_none": _H["count.no_inferences"],
    "inference_step": _H["count.inference"],
    "inf_void": _N["inference.void"],
    "inf_void_trumps": _N["inference.void_trumps"],
    "inf_no_higher": _N["inference.no_higher"],
    "inferred_talon": _H["count.talon"],
    # comments and annotations
    "nag_1": _H["nag.1"],
    "nag_2": _H["nag.2"],
    "nag_3": _H["nag.3"],
    "nag_4": _H["nag.4"],
    "nag_5": _H["nag.5"],
    "nag_6": _H["nag.6"],
    "nag_other": _H["nag.other"],
    # card and suit names (card titles)
    "card_title": _N["card.name"],
    "rank_A": _N["rank.A"], "rank_T": _N["rank.T"], "rank_K": _N["rank.K"],
    "rank_Q": _N["rank.Q"], "rank_J": _N["rank.J"], "rank_9": _N["rank.N"],
    "suit_C": _N["suit.C"], "suit_D": _N["suit.D"], "suit_H": _N["suit.H"],
    "suit_S": _N["suit.S"],
    "suit_of_C": _N["suit_of.C"], "suit_of_D": _N["suit_of.D"], "suit_of_H": _N["suit_of.H"],
    "suit_of_S": _N["suit_of.S"],
    # four players (Bauernschnapsen): the texts of the replay widget's four-player drawing
    "page_title_four_deal": N_("{players}: a Bauernschnapsen deal"),
    "page_title_four_match": N_("{players}: a Bauernschnapsen match"),
    "deal_result_four": N_("{points} to {side}"),
    "four_noscript": N_("This page shows a Bauernschnapsen replay; it needs JavaScript."),
    # three players and more but four: the game's name filled in
    "page_title_players_deal": N_("{players}: a {game} deal"),
    "page_title_players_match": N_("{players}: a {game} match"),
    "game_noscript": N_("This page shows a {game} replay; it needs JavaScript."),
    "lays_away": _F["move.layaway"],
    "said_layaway": _F["said.layaway"],
    "names_trump": _F["move.trump"],
    "turns_up": _F["move.turn"],
    "calls_partner": _F["move.partner"],
    "call_said": _F["move.call"],
    "said_trump": _F["said.trump"],
    "said_turn": _F["said.turn"],
    "said_partner": _F["said.partner"],
    "said_partner_holder": _F["said.partner_holder"],
    "said_partner_alone": _F["said.partner_alone"],
    "said_pass": _F["said.pass"],
    "said_spritze": _F["said.spritze"],
    "said_contract": _F["said.contract"],
    "said_lead": _N["said.lead"],
    "said_play": _F["said.play"],
    "said_follow": _N["said.follow"],
    "said_marriage": _N["said.marriage"],
    "said_claim_right": _F["said.claim_right"],
    "said_claim_false": _F["said.claim_false"],
    **{f"call_{k}": v for k, v in notation.CALLS.source.items()},
    "contract": _F["contract"],
    "doubled_by": _F["doubled"],
    "outcome_doubled": _F["outcome.doubled"],
    "outcome_ruled": _F["outcome.ruled"],
    "match_won": _F["match.won"],
    "seat_dealer": _B["seat.dealer"],
    "to_trump": _B["seat.to_trump"],
    "to_partner": _B["seat.to_partner"],
    "to_speak": _B["seat.to_speak"],
    "to_lay_away": _B["seat.to_lay_away"],
    "seat_forehand": _B["seat.forehand"],
    "seat_declarer": _B["seat.declarer"],
    "seat_with": _B["seat.with"],
    "seat_alone": _B["seat.alone"],
    "seat_partner_unknown": _B["seat.partner_unknown"],
    "hand_unseen": _B["hand.unseen"],
    "trump_not_yet": _B["trump.not_yet"],
    "trump_none": _B["trump.none"],
    "trump_named": _B["trump.named"],
    "turned": _B["turned"],
    "doubled": _B["doubled"],
    "auction": _B["auction"],
    "auction_dealt": _B["auction.dealt"],
    "auction_cut": _B["auction.cut"],
    "auction_knock": _B["auction.knock"],
    "auction_talon": _B["auction.talon"],
    "auction_talon_taken": _B["auction.talon_taken"],
    "auction_talon_hidden": _B["auction.talon_hidden"],
    "auction_laid": _B["auction.laid"],
    "auction_laid_hidden": _B["auction.laid_hidden"],
    "auction_trump": _B["auction.trump"],
    "auction_trump_named": _B["auction.trump_named"],
    "auction_trump_turned": _B["auction.trump_turned"],
    "auction_partner": _B["auction.partner"],
    "auction_holder": _B["auction.holder"],
    "auction_holder_secret": _B["auction.holder_secret"],
    "auction_holder_you": _B["auction.holder_you"],
    "auction_holder_unknown": _B["auction.holder_unknown"],
    "auction_alone": _B["auction.alone"],
    "auction_speaks": _B["auction.speaks"],
    "auction_contract": _B["auction.contract"],
    "auction_bid": _B["auction.bid"],
    "auction_normal": _B["auction.normal"],
    "tallies_declarer": _B["tallies.declarer"],
    "tallies_points": _B["tallies.points"],
    "tallies_won": _B["tallies.won"],
    "tallies_unknown": _B["tallies.unknown"],
    "tallies_not_called": _B["tallies.not_called"],
    "tallies_counters": _B["tallies.counters"],
    "count_open": _B["count.open"],
    "count_holders": _B["count.holders"],
    "count_me": _B["count.me"],
    "count_void": _B["count.void"],
    "count_sides": _B["count.sides"],
    "count_alone": _B["count.alone"],
    "count_no_trump": _B["count.no_trump"],
})
"""Every text the page shows (English source), by key, shown in the language of the page;
``{name}`` fields are filled by the script. Texts the widgets show too are theirs (one
translation for both)."""

COUNTED = Plurals({
    "talon_title": html_plurals.source["talon.pile"],
    "bummerl_header": NP_("Bummerl {match}: {n} deal", "Bummerl {match}: {n} deals"),
    "result_claim": notation.PLURALS.source["outcome.claim"],
    "result_false_claim": notation.PLURALS.source["outcome.false_claim"],
    "result_last_trick": notation.PLURALS.source["outcome.last_trick"],
    "result_failed_closing": notation.PLURALS.source["outcome.failed_closing"],
    "four_claim": notation.FOUR_PLURALS.source["outcome.claim"],
    "four_false_claim": notation.FOUR_PLURALS.source["outcome.false_claim"],
    "four_last_trick": notation.FOUR_PLURALS.source["outcome.last_trick"],
    "four_contract_made": notation.FOUR_PLURALS.source["outcome.made"],
    "four_contract_broken": notation.FOUR_PLURALS.source["outcome.broken"],
    "match_header": NP_("Match {match}: {n} deal", "Match {match}: {n} deals"),
})
"""The page's texts that depend on a number (``{n}``): the page holds each one's plural
forms in its language, and which form each number from 0 to :data:`COUNTED_UP_TO` (or
the number of deals) takes (:func:`page_data`)."""

COUNTED_UP_TO = 20
"""The numbers whose plural form the page knows at least: 0 to this."""


def _counted(most: int) -> tuple[list[int], dict[str, list[str]]]:
    """For the language spoken: the plural form of each number from 0 to ``most`` (an
    index), and each counted text's forms in that order."""
    index = [plural_form(n) for n in range(most + 1)]
    numbers = [index.index(k) for k in sorted(set(index))]  # a number of each form
    return index, {k: [COUNTED.form(k, n) for n in numbers] for k in COUNTED}

TEXT = Texts({
    "no_deal": N_("nothing to share: no deal"),
    "cannot_replay": N_("the record cannot be replayed{why}"),
    "bad_source": N_("deal_html() takes a Replay or a Record"),
    "not_one_bummerl": N_("bummerl_html() takes the deals of one Bummerl, in order"),
    "no_bummerl_deal": N_("nothing to share: no deal of the Bummerl can be replayed"),
})
"""The errors of this module, as format strings."""

def deal_data(rp: Replay) -> dict[str, Any]:
    """One deal's data for the page, as its game gives it (the game's part ``page``)."""
    data: dict[str, Any] = rp.game.part("page")(rp)
    return data


def page_data(replays: Sequence[Replay], *, bummerl: str | None = None,
              strings: Mapping[str, str] | None = None,
              lang: str | None = None) -> dict[str, Any]:
    """The page's data: its language, the texts, the card styles and every deal
    (:func:`deal_data`).

    ``bummerl`` names the Bummerl (its Match tag) when the deals are one; ``lang`` is the
    page's language (None: the one spoken, :func:`schnapsen_lab.set_language`).
    """
    with language(lang):
        if not replays:
            raise ValueError(TEXT["no_deal"])
        code = get_language()
        texts = dict(STRINGS)
        if strings is not None:
            texts.update(strings)
        plural, counted = _counted(max(COUNTED_UP_TO, len(replays)))
        deals = [deal_data(rp) for rp in replays]
    return {
        "format": FORMAT,
        "lang": code,
        "strings": texts,
        "counted": counted,
        "plural": plural,
        "kit": render_kit(),
        "bummerl": bummerl,
        "glyphs": {str(n): g for g, n in GLYPHS.items()},
        "deals": deals,
    }


# -- the page ------------------------------------------------------------------------------------

_UNSAFE_IN_SCRIPT = re.compile(r"</script|<!--", re.IGNORECASE)


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def script_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element of an HTML page.

    ``<``, ``>`` and ``&`` are written as ``\\u`` escapes (no ``</script>`` or ``<!--``
    can end or bend the element), and so are U+2028 and U+2029.
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _csp(script: str) -> str:
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; "
            f"img-src data:; form-action 'none'; base-uri 'none'")


def page_html(data: Mapping[str, Any], title: str) -> str:
    """The whole page for :func:`page_data`'s ``data``: one HTML document, nothing outside."""
    script = _asset("page.js")
    if _UNSAFE_IN_SCRIPT.search(script):
        raise AssertionError("page.js must not contain '</script' or '<!--'")
    css = _asset("page.css")
    four = any(d.get("four") for d in data.get("deals", ()))
    noscript = data["strings"]["four_noscript" if four else "noscript"]
    game = next((d["game_title"] for d in data.get("deals", ()) if d.get("game_title")), None)
    if game is not None:  # a game that names itself: three players
        noscript = data["strings"]["game_noscript"].format(game=game)
    lang = escape(str(data.get("lang", "en")))
    return (
        f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{_csp(script)}\">\n"
        "<meta name=\"generator\" content=\"schnapsen-lab\">\n"
        f"<title>{escape(title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n"
        "<main id=\"sl-page\" class=\"sl-page\" tabindex=\"-1\">"
        f"<noscript>{escape(noscript)}</noscript></main>\n"
        f"<script type=\"application/json\" id=\"sl-data\">{script_json(data)}</script>\n"
        f"<script>{script}</script>\n</body>\n</html>\n"
    )


_FOUR_TITLES = {"page_title_deal": "page_title_four_deal",
                "page_title_bummerl": "page_title_four_match"}
_PLAYERS_TITLES = {"page_title_deal": "page_title_players_deal",
                   "page_title_bummerl": "page_title_players_match"}


def _title(key: str, rec: Record, strings: Mapping[str, str] | None,
           lang: str | None) -> str:
    with language(lang):
        texts = {**STRINGS, **(strings or {})}
        # the game's name in the language (its title where no text names it)
        game = header_texts.get(f"variant.{rec.game.key}") or rec.game.title
    names = rec.player_names
    if len(names) == 2:
        other_game = rec.game is not find_game({})  # not the game of untagged records
        if key == "page_title_deal" and other_game:
            key = "page_title_game_deal"
        elif key == "page_title_bummerl" and (other_game or rec.match_rules.counts_up):
            key = "page_title_game_match"  # a match counting up (bauern2) is no Bummerl
        return texts[key].format(a=names[0], b=names[1], game=game)
    if len(names) == 4:
        return texts[_FOUR_TITLES[key]].format(players=", ".join(names))
    return texts[_PLAYERS_TITLES[key]].format(players=", ".join(names), game=game)


def _replay_of(source: Replay | Record) -> Replay:
    if isinstance(source, Replay):
        return source
    if isinstance(source, Record):
        if not source.can_replay:
            raise ValueError(TEXT["cannot_replay"].format(
                why=f": {source.errors[0]}" if source.errors else ""))
        return Replay(source)
    raise TypeError(TEXT["bad_source"])


def deal_html(source: Replay | Record, *, strings: Mapping[str, str] | None = None,
              lang: str | None = None) -> str:
    """One deal as a self-contained HTML page (a document: write it to a ``.html`` file)
    in ``lang`` (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; None: the language spoken).

    Raise ValueError for a record without a valid deck (nothing can be replayed).
    """
    with language(lang):
        rp = _replay_of(source)
        return page_html(page_data([rp], strings=strings),
                         _title("page_title_deal", rp.record, strings, None))


def bummerl_html(records: Sequence[Record], *, strings: Mapping[str, str] | None = None,
                 lang: str | None = None) -> str:
    """The deals of one Bummerl as a self-contained HTML page, with a deal picker, in
    ``lang`` (None: the language spoken).

    ``records`` are the Bummerl's deals in order (one group of
    :func:`schnapsen_lab.replay.match_groups`, or consecutive deals of one); records
    without a valid deck are left out. Raise ValueError when they are not consecutive
    deals of one Bummerl or none of them can be replayed.
    """
    with language(lang):
        deals = [r.deal for r in records]
        if (not records or len({r.match for r in records}) != 1 or records[0].match is None
                or None in deals
                or deals != list(range(deals[0] or 0, (deals[0] or 0) + len(deals)))):
            raise ValueError(TEXT["not_one_bummerl"])
        replays = [Replay(r) for r in records if r.can_replay]
        if not replays:
            raise ValueError(TEXT["no_bummerl_deal"])
        match = replays[0].record.match
        return page_html(page_data(replays, bummerl=match, strings=strings),
                         _title("page_title_bummerl", replays[0].record, strings, None))
