"""A record's header in the language spoken: tag names, rules profiles, results, bots.

A PSN file keeps its own words (``[Dealer "N"]``, ``[Rules "bauern"]``,
``[PlayerA "heuristic"]``); a widget or a shared page shows them in the learner's
language: "Geber N · Regeln Bauernschnapsen · Ergebnis NS 6", "heuristique N". What a
record's author wrote (an Event's or Site's text, a person's name) is shown as written;
a seat letter is the same in every language (:data:`~schnapsen_lab.notation.SEAT_LABEL`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .i18n import C_, N_, Texts
from .notation import profile_name

__all__ = ["TEXT", "bot_name", "header_pairs", "rules_name", "tag_name", "tag_value"]

TEXT = Texts({
    # the PSN tags a header shows (PSN.md)
    "tag.Event": C_("a PSN tag", "Event"),
    "tag.Site": C_("a PSN tag", "Site"),
    "tag.Date": C_("a PSN tag", "Date"),
    "tag.Round": C_("a PSN tag", "Round"),
    "tag.Match": C_("a PSN tag", "Match"),
    "tag.Deal": C_("a PSN tag", "Deal"),
    "tag.Dealer": C_("a PSN tag", "Dealer"),
    "tag.Rules": C_("a PSN tag", "Rules"),
    "tag.Score": C_("a PSN tag", "Score"),
    "tag.Result": C_("a PSN tag", "Result"),
    "tag.Variant": C_("a PSN tag", "Variant"),
    "tag.Cut": C_("a PSN tag", "Cut"),
    "tag.Contract": C_("a PSN tag", "Contract"),
    # the four-player profiles and games by name (BAUERN.md BF2, BZ)
    "profile.bauern": N_("Bauernschnapsen, fixed partners"),
    "profile.bauern-called": N_("Bauernschnapsen, called partner"),
    "profile.bauern-head": N_("Bauernschnapsen, duty to beat"),
    "profile.bauern24": N_("Bauernschnapsen with 24 cards, fixed partners"),
    "profile.bauern24-called": N_("Bauernschnapsen with 24 cards, called partner"),
    "profile.bauern2": N_("Bauernschnapsen for two"),
    "variant.bauern": N_("Bauernschnapsen"),
    "variant.schnapsen": N_("Schnapsen"),
    # Sechsundsechzig's game and its one profile (SECHSUNDSECHZIG.md 6P1) by name
    "variant.sechsundsechzig": N_("Sechsundsechzig"),
    "profile.sechsundsechzig": N_("Sechsundsechzig"),
    # a Result tag's value
    "result.unfinished": N_("unfinished"),
    # the built-in bots (players/registry.py)
    "bot.heuristic": C_("a bot's name", "heuristic"),
    "bot.random": C_("a bot's name", "random"),
    "bot.strong": C_("a bot's name", "strong"),
    "bot.strong-bummerl": C_("a bot's name", "strong for the Bummerl"),
    "bot.expert": C_("a bot's name", "expert"),
    "bot.beginner": C_("a bot's name", "beginner"),
})
"""The words of a record's header (English source)."""

_BOT = re.compile(r"(?P<bot>[a-z][a-z-]*)(?P<seat> [ABNESW])?")
_PLAYER_TAGS = frozenset({"PlayerA", "PlayerB", "North", "East", "South", "West"})


def tag_name(tag: str) -> str:
    """A PSN tag's name in the language spoken (a tag no header names stays as it is)."""
    return TEXT.get(f"tag.{tag}", tag)


def rules_name(name: str) -> str:
    """A Rules tag's profile in words: ``soft`` → "weich", ``bauern`` →
    "Bauernschnapsen, fixed partners"; a house profile's own name as it is."""
    four = TEXT.get(f"profile.{name}")
    return four if four is not None else profile_name(name)


def bot_name(name: str) -> str:
    """A player's name in the language spoken when it is a built-in bot's (``heuristic``,
    ``random N``, the seat letter kept); any other name as it is."""
    m = _BOT.fullmatch(name)
    if m is None:
        return name
    words = TEXT.get(f"bot.{m['bot']}")
    return name if words is None else words + (m["seat"] or "")


def tag_value(tag: str, value: str) -> str:
    """A tag's value as a header shows it: profiles, variants, an unfinished result and
    bots' names in words; everything else as the record writes it."""
    if tag == "Rules":
        return rules_name(value)
    if tag == "Variant":
        return TEXT.get(f"variant.{value}", value)
    if tag == "Result" and value.strip() == "*":
        return TEXT["result.unfinished"]
    if tag in _PLAYER_TAGS:
        return bot_name(value)
    return value


def header_pairs(tags: Mapping[str, str], order: Iterable[str],
                 hidden: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(name, value)`` of the tags a header shows, in the language spoken: those of
    ``order`` first, in that order, then every other tag not ``hidden``, in file order."""
    first = [t for t in order if t in tags]
    skip = {*first, *hidden}
    rest = [t for t in tags if t not in skip]
    return [(tag_name(t), tag_value(t, tags[t])) for t in (*first, *rest)]
