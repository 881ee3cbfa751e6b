"""Tables of deals, Bummerls and players from PSN collections (pandas).

::

    from schnapsen_lab.stats import deals_frame, matches_frame, players_frame
    deals = deals_frame(["records/heuristic-vs-random.psn"])
    matches = matches_frame(deals)
    players = players_frame(deals)

One row a deal, with every column described in :data:`DEAL_COLUMNS` (and in
docs/statistics.md). Invalid records are kept as rows with ``valid`` False and their
errors; outcome columns are missing (NA) where the main line itself is broken, as in
``check --json``. pandas is imported when a function runs, not when this module loads.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .. import psn
from ..cards import CARDS
from ..psn import Record
from ..rules import Profile
from .features import bauern_features, deal_features

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEAL_COLUMNS",
    "MATCH_COLUMNS",
    "PLAYER_COLUMNS",
    "Source",
    "deals_frame",
    "empty_deals_frame",
    "finish_deals",
    "iter_records",
    "matches_frame",
    "players_frame",
    "records_frame",
    "restore_types",
]

Source = str | os.PathLike[str] | Record | Iterable[str | os.PathLike[str] | Record]
"""What the frame functions read: a PSN path, a record, or an iterable of those."""

SEATS = ["A", "B"]
SUITS = ["C", "D", "H", "S"]
ENDS = ["claim", "false_claim", "last_trick", "unfinished", "contract_made", "contract_broken"]
RULES = ["G1", "G2", "G3", "C2", "C3", "C4", "BG1", "BG2", "BG3", "BK2", "BK3"]

SEATS4 = ["N", "E", "S", "W"]
"""The four seats (BS1), the categories of the four-player seat columns."""
SIDES = ["NS", "EW", "N", "E", "S", "W", "NE", "NW", "ES", "SW", "NES", "NEW", "NSW", "ESW",
         "NESW"]
"""Every set of seats in N, E, S, W order, teams first: the categories of the side columns
(fixed teams ``NS``/``EW``; with called partners a player alone, two, or three)."""
CALLS = ["weiter", "spritze", "schnapser", "gang", "bauernschnapser", "kontraschnapser"]
"""The calls of the round (BA1, BA2), as PSN writes them."""
CONTRACTS = ["normal", "schnapser", "gang", "bauernschnapser", "kontraschnapser"]
"""The game played: the normal game (BE) or a contract (BK)."""
CARD_NAMES = [str(c) for c in CARDS]
"""The 20 cards as PSN writes them (``AC`` ... ``JS``)."""

# kind: "seat", "suit", "end", "rule" (categoricals with fixed categories), "category" (a
# categorical with the fixed categories of CATEGORIES[column]), "cat" (a categorical of free
# text), "string", "bool", "boolean" (nullable), "Int8"... (nullable).
DEAL_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("file", "cat", "the PSN file the record comes from (`<records>` for records given in memory)"),
    ("index", "Int32", "the record's number in its file, from 1"),
    ("line", "Int32", "the line of the record's first tag"),
    ("variant", "cat", "the game: `schnapsen` (two players, the `bauern2` profile too) or "
     "`bauern` (four-player Bauernschnapsen: the common columns and the four-player ones "
     "are filled)"),
    ("match", "cat", "the Match tag (NA for a deal outside a match)"),
    ("bummerl", "Int32", "the Bummerl's number among those with this Match id in this file, "
     "from 1 (a deal after a decided Bummerl starts a new one, B1); NA outside a match"),
    ("deal", "Int32", "the deal's number in its Bummerl, from 1; NA outside a match"),
    ("player_a", "cat", "the name of player A (tag PlayerA, default `A`)"),
    ("player_b", "cat", "the name of player B (tag PlayerB, default `B`)"),
    ("dealer", "seat", "who dealt: A or B"),
    ("forehand", "seat", "who led first (the other player, S2)"),
    ("profile", "cat", "the rules profile: soft, strict, beginner or a house profile"),
    ("trump", "suit", "the trump suit (the indicator's suit); NA without a valid deck"),
    ("valid", "bool", "True when the record breaks no rule and no tag disagrees"),
    ("n_errors", "Int32", "how many errors the record has (0 when valid)"),
    ("error_rule", "cat", "the rule id of the first error (RULES.md id, `PSN`, or a tag name)"),
    ("errors", "string", "every error, `line L, col C: RULE: message`, joined by ` | `"),
    ("winner", "seat", "who won the deal; NA when unfinished or the main line is broken"),
    ("winner_name", "cat", "the winner's name"),
    ("game_points", "Int8", "game points won: 1, 2 or 3 (four players: up to 24)"),
    ("end", "end", "how the deal ended: claim, false_claim, last_trick or unfinished (four "
     "players also contract_made, contract_broken); NA when the main line is broken"),
    ("rule", "rule", "the rule that scored the deal: G1 G2 G3 (not closed), C2 C3 C4 (closed); "
     "four players BG1 BG2 BG3, BK2 BK3"),
    ("claimant", "seat", "who claimed 66 (correctly or not); NA without a claim"),
    ("forehand_won", "boolean", "whether the forehand (four players: forehand's side) won "
     "the deal"),
    ("closer", "seat", "who closed the talon; NA when nobody did"),
    ("close_talon", "Int8", "talon size (face-down cards plus the indicator) when it was closed"),
    ("close_trick", "Int8", "number of the trick about to be led when the talon was closed"),
    ("close_success", "boolean", "whether the closer won the deal (C2, or C4 after the "
     "opponent's false claim); NA when not closed or unfinished"),
    ("close_opp_score", "Int16", "the closer's opponent's score at closing (s0 of C2)"),
    ("close_opp_tricks", "Int8", "the closer's opponent's tricks at closing (t0 of C2)"),
    ("marriages20_a", "Int8", "marriages of 20 announced by A"),
    ("marriages20_b", "Int8", "marriages of 20 announced by B"),
    ("marriages40_a", "Int8", "marriages of 40 (in trumps) announced by A"),
    ("marriages40_b", "Int8", "marriages of 40 announced by B"),
    ("pending_a", "Int8", "A's marriages that never counted (A won no trick, M2)"),
    ("pending_b", "Int8", "B's marriages that never counted"),
    ("marriage_points_a", "Int16", "marriage points counted in A's score at the end"),
    ("marriage_points_b", "Int16", "marriage points counted in B's score at the end"),
    ("exchanged_by", "seat", "who exchanged the trump jack for the indicator (X1); NA if nobody"),
    ("tricks_a", "Int8", "tricks won by A where the record ends"),
    ("tricks_b", "Int8", "tricks won by B where the record ends"),
    ("score_a", "Int16", "A's score (E1) where the record ends"),
    ("score_b", "Int16", "B's score (E1) where the record ends"),
    ("held66_a", "boolean", "A could have claimed 66 correctly and did something else (E4)"),
    ("held66_b", "boolean", "B could have claimed 66 correctly and did something else"),
    ("actions", "Int16", "number of actions in the main line (up to its first error)"),
    ("counters_before_a", "Int8", "A's Bummerl counter before the deal (B1); NA outside a match"),
    ("counters_before_b", "Int8", "B's Bummerl counter before the deal"),
    ("counters_a", "Int8", "A's Bummerl counter after the deal"),
    ("counters_b", "Int8", "B's Bummerl counter after the deal"),
    ("bummerl_winner", "seat", "who won the Bummerl with this deal (a counter reached the "
     "profile's target: 0, B1; 21 counting up, `bauern2`); NA otherwise"),
    # four players (BAUERN.md); NA on two-player rows
    ("north", "cat", "four players: the name of North (tag North, default `N`)"),
    ("east", "cat", "the name of East (tag East, default `E`)"),
    ("south", "cat", "the name of South (tag South, default `S`)"),
    ("west", "cat", "the name of West (tag West, default `W`)"),
    ("dealer_seat", "category", "who dealt (BS2)"),
    ("forehand_seat", "category", "forehand, the seat after the dealer (BS3): fixes trump, "
     "speaks first, leads the normal game"),
    ("cut", "category", "how the cards were given: `cut` (three then two, BD2) or `knock` "
     "(five at once, BD3)"),
    ("trump_fixed", "category", "how forehand fixed trump (BR2): `named` a suit or `turned` "
     "up his fourth card; NA before he did"),
    ("turned_card", "category", "the card turned up for trump (BR2); NA when trump was named"),
    ("called_card", "category", "called partners: the card forehand called (BC1)"),
    ("partner", "category", "called partners: the holder of the called card, forehand's "
     "partner for the deal (forehand himself when he holds it and plays alone, BC2)"),
    ("partner_known_step", "Int16", "called partners: the action (counted from 1, as "
     "`actions`) that played the called card, from which everyone knew the partner (BC3); "
     "NA while it was not played"),
    ("partner_known_trick", "Int8", "called partners: the trick (1-5) in which the called "
     "card fell"),
    ("call_1", "category", "the first call of the round (forehand's, BA1): weiter, spritze "
     "or a contract"),
    ("call_2", "category", "the second call (the seat after forehand)"),
    ("call_3", "category", "the third call"),
    ("call_4", "category", "the fourth call (the dealer's)"),
    ("call_n", "category", "North's call"),
    ("call_e", "category", "East's call"),
    ("call_s", "category", "South's call"),
    ("call_w", "category", "West's call"),
    ("contract", "category", "the game played: `normal` (no contract, BE) or the contract "
     "called highest (BA3, BK); NA while the round of calls is not over"),
    ("declarer", "category", "the seat that called the contract played (BA3); NA in the "
     "normal game"),
    ("declarer_score", "Int16", "Schnapser and Kontraschnapser: the declarer's own score "
     "where the record ends (his tricks and, once he has one, his marriages, BK2)"),
    ("contract_made", "boolean", "whether the contract was made (BK2, BK3); NA in the normal "
     "game and while undecided"),
    ("spritze", "boolean", "whether someone said spritze (BA4: the game points are doubled); "
     "NA while the round of calls is not over"),
    ("spritze_seat", "category", "who said spritze; NA without one"),
    ("side_fh", "category", "the seats of forehand's side in this deal: forehand's team "
     "(`NS` or `EW`), or with called partners forehand and the partner (BC1)"),
    ("side_other", "category", "the seats of the other side (the side that may say "
     "spritze, BA4, BC4)"),
    ("winning_side", "category", "the seats of the side that won the deal (`check --json`'s "
     "`winner`); NA when unfinished or the main line is broken"),
    ("claim_side", "category", "the seats of the side that claimed 66 (BE2): correctly when "
     "`end` is `claim`, falsely when `false_claim`; NA without a claim"),
    ("decided_step", "Int16", "the action (counted from 1) that decided the deal: the claim, "
     "the trick or marriage that made or broke the contract, or the last trick"),
    ("decided_trick", "Int8", "the trick (1-5) in which the deal was decided: the one just "
     "won, or the one being led when a marriage made a Schnapser or preceded a claim"),
    ("tricks_fh", "Int8", "tricks won by forehand's side where the record ends"),
    ("tricks_other", "Int8", "tricks won by the other side"),
    ("score_fh", "Int16", "forehand's side's score where the record ends (BE1; in Schnapser "
     "and Kontraschnapser the declarer's side counts only his own marriages)"),
    ("score_other", "Int16", "the other side's score"),
    ("marriages20_fh", "Int8", "marriages of 20 announced by forehand's side (BM1)"),
    ("marriages20_other", "Int8", "marriages of 20 announced by the other side"),
    ("marriages40_fh", "Int8", "marriages of 40 (in trumps) announced by forehand's side"),
    ("marriages40_other", "Int8", "marriages of 40 announced by the other side"),
    ("pending_fh", "Int8", "forehand's side's marriages that never counted: the side won no "
     "trick (BM2), or in Schnapser and Kontraschnapser any marriage but the declarer's own "
     "after his first trick"),
    ("pending_other", "Int8", "the other side's marriages that never counted"),
    ("counters_ns", "Int8", "fixed partners: team NS's match total after the deal (BX1, from "
     "0, not capped at the target); NA outside a match"),
    ("counters_ew", "Int8", "fixed partners: team EW's match total after the deal"),
    ("counters_n", "Int8", "called partners: North's match total after the deal (BC5)"),
    ("counters_e", "Int8", "called partners: East's match total after the deal"),
    ("counters_s", "Int8", "called partners: South's match total after the deal"),
    ("counters_w", "Int8", "called partners: West's match total after the deal"),
    ("match_winner", "category", "the seats whose total reached the profile's target with "
     "this deal: a team (`NS`, `EW`), or with called partners the players (`N`, `ES` ...); "
     "NA otherwise"),
)
"""The deal table's columns: (name, type, meaning)."""

MATCH_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("file", "cat", "the PSN file"),
    ("match", "cat", "the Match tag"),
    ("bummerl", "Int32", "the Bummerl's number among those with this Match id in the file"),
    ("variant", "cat", "the game: `schnapsen` (two players) or `bauern` (four players: a "
     "match to the profile's target, BX1)"),
    ("player_a", "cat", "player A's name (from the Bummerl's first deal)"),
    ("player_b", "cat", "player B's name"),
    ("first_dealer", "seat", "who dealt the first deal"),
    ("deals", "Int32", "deals played in the Bummerl"),
    ("invalid_deals", "Int32", "deals whose record has an error"),
    ("game_points_a", "Int16", "game points A won over the Bummerl"),
    ("game_points_b", "Int16", "game points B won"),
    ("counters_a", "Int8", "A's counter after the last deal"),
    ("counters_b", "Int8", "B's counter after the last deal"),
    ("complete", "bool", "whether a counter reached the target (0, B1; 21 with `bauern2`; "
     "four players the profile's target, BX1, BC5): the Bummerl is decided"),
    ("winner", "seat", "who won the Bummerl; NA when incomplete"),
    ("winner_name", "cat", "the Bummerl winner's name (four players: the winners' names, "
     "joined by ` & `)"),
    # four players; NA for two-player Bummerls
    ("north", "cat", "four players: North's name (from the match's first deal)"),
    ("east", "cat", "East's name"),
    ("south", "cat", "South's name"),
    ("west", "cat", "West's name"),
    ("first_dealer_seat", "category", "four players: who dealt the first deal (BS2)"),
    ("game_points_ns", "Int16", "fixed partners: game points team NS won over the match"),
    ("game_points_ew", "Int16", "fixed partners: game points team EW won"),
    ("game_points_n", "Int16", "called partners: game points North won (each player of a "
     "winning side scores the deal's game points, BC5)"),
    ("game_points_e", "Int16", "called partners: game points East won"),
    ("game_points_s", "Int16", "called partners: game points South won"),
    ("game_points_w", "Int16", "called partners: game points West won"),
    ("counters_ns", "Int8", "fixed partners: team NS's total after the last deal"),
    ("counters_ew", "Int8", "fixed partners: team EW's total after the last deal"),
    ("counters_n", "Int8", "called partners: North's total after the last deal"),
    ("counters_e", "Int8", "called partners: East's total after the last deal"),
    ("counters_s", "Int8", "called partners: South's total after the last deal"),
    ("counters_w", "Int8", "called partners: West's total after the last deal"),
    ("match_winner", "category", "the seats that won the match: a team (`NS`, `EW`), or with "
     "called partners the players who reached the target; NA when incomplete"),
)
"""The Bummerl (match) table's columns: (name, type, meaning)."""

PLAYER_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("player", "cat", "the player's name"),
    ("variant", "cat", "the game the row counts: `schnapsen` or `bauern` (a name that "
     "plays both has a row for each)"),
    ("matches", "Int32", "Bummerls (four players: matches) played"),
    ("matches_complete", "Int32", "decided Bummerls played"),
    ("bummerl_wins", "Int32", "Bummerls won (four players: matches the player's team won, "
     "or with called partners the player reached the target)"),
    ("bummerl_win_rate", "Float64", "Bummerls won per decided Bummerl played"),
    ("deals", "Int32", "finished deals played (valid main line, not unfinished)"),
    ("deals_won", "Int32", "deals won (four players: by the player's side)"),
    ("deal_win_rate", "Float64", "deals won per finished deal"),
    ("game_points", "Int32", "game points won (four players: the side's game points, which "
     "each of its players scores, BC5)"),
    ("game_points_per_deal", "Float64", "game points won per finished deal"),
    ("forehand_deals", "Int32", "finished deals played as forehand"),
    ("forehand_win_rate", "Float64", "deals won as forehand per deal as forehand"),
    ("closes", "Int32", "deals in which the player closed the talon (two players)"),
    ("closing_rate", "Float64", "closes per finished deal"),
    ("closing_success", "Float64", "closes won per finished close"),
    ("claims", "Int32", "claims of 66 made (four players: by the player's side)"),
    ("false_claims", "Int32", "false claims made (E3; four players: by the player's side, BE3)"),
    ("held66", "Int32", "deals in which the player held 66 without claiming (two players)"),
    ("contracts", "Int32", "four players: contracts the player played as declarer (BA3)"),
    ("contracts_made", "Int32", "four players: contracts the player made as declarer"),
    ("spritzes", "Int32", "four players: deals in which the player said spritze (BA4)"),
)
"""The player table's columns: (name, type, meaning)."""

_FIXED = {"seat": SEATS, "suit": SUITS, "end": ENDS, "rule": RULES}

CATEGORIES: dict[str, list[str]] = {
    **dict.fromkeys(("dealer_seat", "forehand_seat", "partner", "declarer", "spritze_seat",
                     "first_dealer_seat"), SEATS4),
    **dict.fromkeys(("call_1", "call_2", "call_3", "call_4", "call_n", "call_e", "call_s",
                     "call_w"), CALLS),
    **dict.fromkeys(("side_fh", "side_other", "winning_side", "claim_side", "match_winner"),
                    SIDES),
    **dict.fromkeys(("turned_card", "called_card"), CARD_NAMES),
    "cut": ["cut", "knock"],
    "trump_fixed": ["named", "turned"],
    "contract": CONTRACTS,
}
"""The fixed categories of each column of kind ``category``, by column name."""


def _categories(name: str, kind: str) -> list[str] | None:
    """The fixed categories of a column, or None for a column without them."""
    if kind in _FIXED:
        return _FIXED[kind]
    if kind == "category":
        return CATEGORIES[name]
    return None
_AB = "AB"


# ----------------------------------------------------------------------------------------------
# Reading records
# ----------------------------------------------------------------------------------------------

def _is_path(x: object) -> bool:
    return isinstance(x, (str, os.PathLike))


def _items(source: Source) -> list[Any]:
    if isinstance(source, (str, os.PathLike, Record)):
        return [source]
    return list(source)


def iter_records(source: Source) -> Iterator[tuple[str, Record]]:
    """The records of a source, lazily, each with the name of its file; raise
    :class:`~.parallel.FileChanged` when a file changed while it was read."""
    items: Iterable[Any] = ([source] if isinstance(source, (str, os.PathLike, Record))
                            else source)
    for item in items:
        if isinstance(item, Record):
            yield (item.file or "<records>"), item
        elif _is_path(item):
            from .parallel import changed_error, file_stamp

            name = os.fspath(item)
            before = file_stamp(os.stat(name))
            try:
                for rec in psn.read(name):
                    yield name, rec
            except UnicodeDecodeError:
                raise ValueError(f"{name}: not UTF-8 text") from None
            except psn.InputError as e:
                raise ValueError(f"{name}: {e}") from None
            try:
                after = file_stamp(os.stat(name))
            except OSError:
                after = None
            if after != before:  # as the chunked reader refuses it (parallel.FileChanged)
                raise changed_error(name)
        else:
            raise TypeError(f"not a PSN path or a Record: {item!r}")


def _error_text(rec: Record, line_offset: int) -> str | None:
    if not rec.errors:
        return None
    return " | ".join(f"line {e.line + line_offset}, col {e.col}: {e.rule}: {e.message}"
                      for e in rec.errors)


def record_row(rec: Record, file: str, line_offset: int = 0) -> tuple[Any, ...]:
    """One deal's values in the order of :data:`DEAL_COLUMNS` (plain Python values)."""
    if not isinstance(rec.profile, Profile):
        return _four_player_row(rec, file, line_offset)
    names = rec.player_names
    ok_main = rec.main_line_ok
    out = rec.outcome if ok_main else None
    end = rec.end
    f = deal_features(rec) if ok_main else None
    dealer = int(rec.dealer)
    deck = rec.deck
    winner = int(out.winner) if out is not None else -1
    cb = rec.counters_before
    ca = rec.counters
    row: tuple[Any, ...] = (
        file, rec.index, rec.line + line_offset, rec.game.key, rec.match, None, rec.deal,
        names[0], names[1], _AB[dealer], _AB[1 - dealer], rec.profile.name,
        SUITS[deck[6] // 5] if deck is not None else None,
        not rec.errors, len(rec.errors), rec.errors[0].rule if rec.errors else None,
        _error_text(rec, line_offset),
        _AB[winner] if winner >= 0 else None,
        names[winner] if winner >= 0 else None,
        out.game_points if out is not None else None,
        end.value if end is not None else None,
        out.rule if out is not None else None,
        (_AB[out.claimant] if out is not None and out.claimant is not None else None),
        (winner == 1 - dealer) if winner >= 0 else None,
    )
    if f is None:
        row += (None,) * 21 + (len(rec.main.moves),)
    else:
        closed = f.closer >= 0
        row += (
            _AB[f.closer] if closed else None, f.close_talon, f.close_trick,
            (winner == f.closer) if closed and winner >= 0 else None,
            f.close_opp_score, f.close_opp_tricks,
            f.marriages20[0], f.marriages20[1], f.marriages40[0], f.marriages40[1],
            f.pending_marriages[0], f.pending_marriages[1],
            f.marriage_points[0], f.marriage_points[1],
            _AB[f.exchanged_by] if f.exchanged_by >= 0 else None,
            f.tricks[0], f.tricks[1], f.scores[0], f.scores[1], f.held66[0], f.held66[1],
            f.actions,
        )
    won = rec.match_winners
    row += (cb[0] if cb else None, cb[1] if cb else None,
            ca[0] if ca else None, ca[1] if ca else None, won[0] if won else None)
    return row + _NO_FOUR


_NAMES = [c[0] for c in DEAL_COLUMNS]
_NO_FOUR: tuple[None, ...] = (None,) * (len(_NAMES) - _NAMES.index("north"))
_NO_FOUR_PLAY: tuple[None, ...] = (None,) * (_NAMES.index("counters_ns")
                                             - _NAMES.index("trump_fixed"))
_NO_TWO_PLAY: tuple[None, ...] = (None,) * 21


def _seat(seat: int) -> str | None:
    return SEATS4[seat] if seat >= 0 else None


def _side(mask: int) -> str | None:
    return "".join(SEATS4[s] for s in range(4) if mask >> s & 1) or None


def _four_player_row(rec: Record, file: str, line_offset: int) -> tuple[Any, ...]:
    """A four-player deal's row: the common columns (file and place, variant, profile,
    trump, validity and errors, game points, end, rule, whether forehand's side won,
    actions) and the four-player ones; the columns of two players (A and B) are NA.

    Where the main line breaks a rule, the deal's set-up (names, dealer, forehand, cut)
    and the match totals are filled and the play columns are NA, as for two players."""
    f = bauern_features(rec) if rec.main_line_ok else None
    dealer = int(rec.dealer)
    end = rec.end
    head = (
        file, rec.index, rec.line + line_offset, rec.game.key, rec.match, None, rec.deal,
        None, None, None, None, rec.profile.name,
        SUITS[f.trump] if f is not None and f.trump >= 0 else None,
        not rec.errors, len(rec.errors), rec.errors[0].rule if rec.errors else None,
        _error_text(rec, line_offset),
        None, None,
        f.game_points if f is not None else None,
        end.value if end is not None else None,
        rec.outcome.rule if f is not None and f.winners else None,
        None,
        bool(f.winners >> f.forehand & 1) if f is not None and f.winners else None,
        *_NO_TWO_PLAY, f.actions if f is not None else _actions(rec),
        None, None, None, None, None,
        *rec.player_names, SEATS4[dealer], SEATS4[(dealer + 1) & 3],
        "knock" if rec.tags.get("Cut", "").strip().lower() == "knock" else "cut",
    )
    counters = rec.counters
    won = rec.match_winners
    by_player = counters is not None and len(counters) == 4
    totals = (
        *(counters if counters is not None and not by_player else (None, None)),
        *(counters if counters is not None and by_player else (None,) * 4),
        _winners_side(won) if won else None,
    )
    if f is None:
        return (*head, *_NO_FOUR_PLAY, *totals)
    calls = f.calls
    fh = f.forehand
    return (
        *head,
        None if f.trump_turned is None else ("turned" if f.trump_turned else "named"),
        CARD_NAMES[f.turned_card] if f.turned_card >= 0 else None,
        CARD_NAMES[f.called] if f.called >= 0 else None,
        _seat(f.partner), f.partner_known_step, f.partner_known_trick,
        *(calls[i] if i < len(calls) else None for i in range(4)),
        *(calls[(s - fh) & 3] if (s - fh) & 3 < len(calls) else None for s in range(4)),
        f.contract, _seat(f.declarer), f.declarer_score, f.made,
        (f.spritze >= 0) if f.contract is not None else None, _seat(f.spritze),
        _side(f.sides[0]), _side(f.sides[1]), _side(f.winners), _side(f.claimant),
        f.decided_step, f.decided_trick,
        f.tricks[0], f.tricks[1], f.scores[0], f.scores[1],
        f.marriages20[0], f.marriages20[1], f.marriages40[0], f.marriages40[1],
        f.pending_marriages[0], f.pending_marriages[1],
        *totals,
    )


def _winners_side(keys: tuple[str, ...]) -> str | None:
    """The seats of the match's winners: a team's key, or the players' seats together."""
    seats = "".join(keys)
    return "".join(s for s in SEATS4 if s in seats) or None


def _actions(rec: Record) -> int:
    """The main line's actions up to its first error."""
    return len(rec.main.moves)


def _column(pd: Any, values: list[Any], name: str, kind: str) -> Any:
    cats = _categories(name, kind)
    if values and values.count(None) == len(values) and kind not in ("bool", "cat", "string"):
        return _missing(pd, len(values), cats, kind)  # a column none of these rows fills
    if cats is not None:
        return pd.Categorical(values, categories=cats)
    if kind == "cat":
        return pd.array(values, dtype="object")
    if kind == "string":
        return pd.array(values, dtype="string")
    if kind == "bool":
        return pd.array(values, dtype=bool)
    if kind == "boolean":
        return pd.array(values, dtype="boolean")
    return pd.array(values, dtype=kind)


def _missing(pd: Any, n: int, cats: list[str] | None, kind: str) -> Any:
    """A column of ``n`` missing values of the column's type, made without looking at
    them: the four-player columns of two-player rows and the reverse."""
    import numpy as np

    absent = np.ones(n, dtype=bool)
    if cats is not None:
        return pd.Categorical.from_codes(np.full(n, -1, dtype=np.int8), categories=cats)
    if kind == "boolean":
        return pd.arrays.BooleanArray(np.zeros(n, dtype=bool), absent)
    if kind.startswith("Int"):
        return pd.arrays.IntegerArray(np.zeros(n, dtype=kind.lower()), absent)
    return pd.array([None] * n, dtype=kind)


def _frame(rows: list[tuple[Any, ...]], spec: tuple[tuple[str, str, str], ...]) -> pd.DataFrame:
    import pandas as pd

    cols = list(zip(*rows, strict=True)) if rows else [() for _ in spec]
    data = {name: _column(pd, list(vals), name, kind)
            for (name, kind, _), vals in zip(spec, cols, strict=True)}
    return pd.DataFrame(data)


ROWS_A_PART = 8192
"""Rows built as Python tuples at a time before they become typed columns: the table is
assembled from parts of this many deals, so that reading takes little more memory than
the finished table (benchmarks/memory.py)."""


def _free_text_as_categories(df: pd.DataFrame) -> pd.DataFrame:
    for name, kind, _ in DEAL_COLUMNS:
        if kind == "cat":
            df[name] = df[name].astype("str").astype("category")
    return df


def _give_back_memory() -> None:
    """Return the C heap's free pages to the system (glibc ``malloc_trim``): the rows of a
    part, freed, would otherwise stay resident between the parts that outlive them."""
    global _TRIM
    if _TRIM is None:
        _TRIM = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                _TRIM = ctypes.CDLL("libc.so.6").malloc_trim
            except (OSError, AttributeError):
                pass
    if _TRIM:
        _TRIM(0)


_TRIM: Any = None


def concat_deals(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """Raw deal frames (of :func:`records_frame`) one after the other; free-text columns
    stay categorical (their categories united), so no column becomes Python objects."""
    import pandas as pd
    from pandas.api.types import union_categoricals

    if not parts:
        return empty_deals_frame()
    if len(parts) == 1:
        return parts[0].reset_index(drop=True)
    cols: dict[str, Any] = {}
    for name in parts[0].columns:
        pieces = [p[name] for p in parts]
        dtypes = [x.dtype for x in pieces]
        if all(isinstance(d, pd.CategoricalDtype) for d in dtypes) and any(
                not d.categories.equals(dtypes[0].categories)  # type: ignore[union-attr]
                for d in dtypes):
            cols[name] = pd.Series(union_categoricals(pieces, sort_categories=True))
        else:
            cols[name] = pd.concat(pieces, ignore_index=True)
        for p in parts:  # each part's column is no longer needed
            del p[name]
    return pd.DataFrame(cols)


def records_frame(records: Iterable[tuple[str, Record]], line_offset: int = 0) -> pd.DataFrame:
    """The raw deal rows of ``(file, record)`` pairs, before :func:`finish_deals`, built
    :data:`ROWS_A_PART` rows at a time; free-text columns are categorical (several such
    frames go together with :func:`concat_deals`)."""
    parts: list[pd.DataFrame] = []
    rows: list[tuple[Any, ...]] = []
    for f, r in records:
        rows.append(record_row(r, f, line_offset))
        if len(rows) >= ROWS_A_PART:
            parts.append(_free_text_as_categories(_frame(rows, DEAL_COLUMNS)))
            rows = []
            _give_back_memory()
    if rows or not parts:
        parts.append(_free_text_as_categories(_frame(rows, DEAL_COLUMNS)))
    return concat_deals(parts)


def empty_deals_frame() -> pd.DataFrame:
    """A raw deal frame without rows: the column types of :func:`records_frame`."""
    return _frame([], DEAL_COLUMNS)


def finish_deals(raw: pd.DataFrame, renumber: bool = False) -> pd.DataFrame:
    """The deal table from raw rows in file order: categoricals, Bummerl numbers.

    With ``renumber``, ``index`` is recounted from 1 within each file (for rows read in
    chunks, whose numbers start again in each chunk).
    """
    import pandas as pd

    def key_of(col: pd.Series) -> pd.Series:  # categorical codes: no Python objects
        if isinstance(col.dtype, pd.CategoricalDtype):
            return pd.Series(col.cat.codes, index=col.index)
        return col.astype(object)

    df = raw.reset_index(drop=True)
    file = key_of(df["file"])
    if renumber:
        df["index"] = (file.groupby(file, sort=False).cumcount() + 1).astype("Int32")
    first = (df["deal"] == 1).fillna(False).astype(int)
    key = [file, key_of(df["match"])]
    bummerl = first.groupby(key, sort=False, dropna=False).cumsum()
    df["bummerl"] = bummerl.where(df["match"].notna()).astype("Int32")
    for name, kind, _ in DEAL_COLUMNS:
        if kind != "cat":
            continue
        col = df[name]
        if not isinstance(col.dtype, pd.CategoricalDtype):
            df[name] = col.astype("str").astype("category")
        elif not col.cat.categories.is_monotonic_increasing:  # as astype("category") has them
            df[name] = col.cat.reorder_categories(col.cat.categories.sort_values())
    return df


def restore_types(df: pd.DataFrame) -> pd.DataFrame:
    """A deal, Bummerl or player table read back from a file, with the column types restored.

    Parquet keeps the types except for categoricals without any value; CSV keeps none.
    A frame with other columns is returned unchanged.
    """
    import pandas as pd

    names = list(df.columns)
    for spec in (DEAL_COLUMNS, MATCH_COLUMNS, PLAYER_COLUMNS):
        if names == [c[0] for c in spec]:
            break
    else:
        return df
    out = df.copy()
    for name, kind, _ in spec:
        col = out[name]
        cats = _categories(name, kind)
        if cats is not None:
            want = pd.CategoricalDtype(pd.Index(cats, dtype="str"))
            if col.dtype != want:
                out[name] = col.astype("str").astype(want)
        elif kind == "cat":
            if not isinstance(col.dtype, pd.CategoricalDtype):
                out[name] = col.astype("str").astype("category")
            elif len(col.cat.categories) == 0:
                out[name] = col.cat.set_categories(pd.Index([], dtype="str"))
        elif kind == "bool":
            out[name] = col.astype(bool)
        elif str(col.dtype) != kind:
            out[name] = col.astype(kind)  # type: ignore[call-overload]
    return out


def deals_frame(source: Source, *, workers: int = 1, progress: bool = False) -> pd.DataFrame:
    """One row a deal of every record in ``source`` (paths and/or records), in file order.

    With ``workers`` other than 1, paths are read in parallel chunks on that many
    processes (0 or None-like values mean all cores), see :mod:`.parallel`.
    """
    if workers != 1:
        items = _items(source)
        if items and all(_is_path(x) for x in items):
            from .parallel import read_deals

            return read_deals([os.fspath(x) for x in items],
                              workers=workers or None, progress=progress)
        source = items
    recs: Iterable[tuple[str, Record]] = iter_records(source)
    if progress:
        from tqdm.auto import tqdm

        recs = tqdm(recs, unit=" deals", desc="reading")
    return finish_deals(records_frame(recs))


# ----------------------------------------------------------------------------------------------
# Bummerls and players
# ----------------------------------------------------------------------------------------------

def _deals_of(source: Source | pd.DataFrame) -> pd.DataFrame:
    import pandas as pd

    if isinstance(source, pd.DataFrame):
        return source
    return deals_frame(source)


def matches_frame(source: Source | pd.DataFrame) -> pd.DataFrame:
    """One row a Bummerl (deals with the same Match in one file, B1; four players a match,
    BX1), in file order."""
    import numpy as np
    import pandas as pd

    deals = _deals_of(source)
    position = np.arange(len(deals))
    variant = (deals["variant"].astype(object).to_numpy() if "variant" in deals.columns
               else np.full(len(deals), "schnapsen", dtype=object))
    in_match = deals["match"].notna().to_numpy(dtype=bool)
    parts = []
    two = in_match & (variant == "schnapsen")
    if two.any():
        parts.append(_two_player_matches(deals[two], position[two]))
    four = in_match & (variant == "bauern")
    if four.any():
        parts.append(_four_player_matches(deals[four], position[four]))
    if not parts:
        return restore_types(_frame([], MATCH_COLUMNS))
    out = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    out = out.sort_values("_first", kind="stable").reset_index(drop=True)
    return restore_types(out[[c[0] for c in MATCH_COLUMNS]])


_MATCH_FOUR = [c[0] for c in MATCH_COLUMNS[MATCH_COLUMNS.index(
    next(c for c in MATCH_COLUMNS if c[0] == "north")):]]


def _two_player_matches(d: pd.DataFrame, position: Any) -> pd.DataFrame:
    """The Bummerls of two-player deals (B1), with the first deal's row position."""
    import numpy as np
    import pandas as pd

    key = ["file", "match", "bummerl"]
    won = d["winner"].astype(object).to_numpy()
    gp = d["game_points"].fillna(0).astype(int).to_numpy()
    work = pd.DataFrame({
        "file": d["file"].astype(str).to_numpy(),
        "match": d["match"].astype(str).to_numpy(),
        "bummerl": d["bummerl"].astype(int).to_numpy(),
        "player_a": d["player_a"].astype(str).to_numpy(),
        "player_b": d["player_b"].astype(str).to_numpy(),
        "first_dealer": d["dealer"].astype(str).to_numpy(),
        "invalid": (~d["valid"].to_numpy(dtype=bool)).astype(int),
        "game_points_a": np.where(won == "A", gp, 0),
        "game_points_b": np.where(won == "B", gp, 0),
        "counters_a": d["counters_a"].to_numpy(),
        "counters_b": d["counters_b"].to_numpy(),
        "bummerl_winner": d["bummerl_winner"].astype(object).to_numpy(),
        "_first": position,
    })
    g = work.groupby(key, sort=False)
    out = g.agg(player_a=("player_a", "first"), player_b=("player_b", "first"),
                first_dealer=("first_dealer", "first"), deals=("invalid", "size"),
                invalid_deals=("invalid", "sum"), game_points_a=("game_points_a", "sum"),
                game_points_b=("game_points_b", "sum"), _first=("_first", "first"))
    last = g.tail(1).set_index(key)[["counters_a", "counters_b", "bummerl_winner"]]
    out = out.join(last).reset_index()
    bw = out["bummerl_winner"]
    won = bw.astype(object).where(bw.notna(), None).to_numpy(dtype=object)
    a_won = np.array([w == "A" for w in won], dtype=bool)
    b_won = np.array([w == "B" for w in won], dtype=bool) & ~a_won
    out["complete"] = a_won | b_won
    out["winner"] = pd.Series(np.where(a_won, "A", "B"), index=out.index).where(a_won | b_won)
    name = pd.Series(np.where(a_won, out["player_a"].to_numpy(), out["player_b"].to_numpy()),
                     index=out.index)
    out["winner_name"] = name.where(a_won | b_won)
    out["variant"] = "schnapsen"
    for col in _MATCH_FOUR:
        out[col] = None
    return out


def _four_player_matches(d: pd.DataFrame, position: Any) -> pd.DataFrame:
    """The matches of four-player deals (BX1): totals per team, or per player with called
    partners (BC5), with the first deal's row position."""
    import numpy as np
    import pandas as pd

    key = ["file", "match", "bummerl"]
    win = d["winning_side"].astype(object).where(d["winning_side"].notna(), "").astype(
        str).to_numpy()
    gp = d["game_points"].fillna(0).astype(int).to_numpy()
    work = pd.DataFrame({
        "file": d["file"].astype(str).to_numpy(),
        "match": d["match"].astype(str).to_numpy(),
        "bummerl": d["bummerl"].astype(int).to_numpy(),
        **{seat: d[seat].astype(str).to_numpy() for seat in ("north", "east", "south", "west")},
        "first_dealer_seat": d["dealer_seat"].astype(str).to_numpy(),
        "invalid": (~d["valid"].to_numpy(dtype=bool)).astype(int),
        "game_points_ns": np.where(win == "NS", gp, 0),
        "game_points_ew": np.where(win == "EW", gp, 0),
        **{f"game_points_{s.lower()}": np.where([s in w for w in win], gp, 0)
           for s in SEATS4},
        **{c: d[c].to_numpy() for c in ("counters_ns", "counters_ew", "counters_n",
                                        "counters_e", "counters_s", "counters_w")},
        "match_winner": d["match_winner"].astype(object).to_numpy(),
        "_first": position,
    })
    g = work.groupby(key, sort=False)
    sums = [f"game_points_{k}" for k in ("ns", "ew", "n", "e", "s", "w")]
    out = g.agg(**{c: (c, "first") for c in ("north", "east", "south", "west",
                                             "first_dealer_seat", "_first")},
                deals=("invalid", "size"), invalid_deals=("invalid", "sum"),
                **{c: (c, "sum") for c in sums})
    last = g.tail(1).set_index(key)[["counters_ns", "counters_ew", "counters_n", "counters_e",
                                     "counters_s", "counters_w", "match_winner"]]
    out = out.join(last).reset_index()
    called = out["counters_n"].notna().to_numpy(dtype=bool)
    for c in sums[:2]:
        out[c] = out[c].astype(object).where(~called, None)
    for c in sums[2:]:
        out[c] = out[c].astype(object).where(called, None)
    mw = out["match_winner"].astype(object).where(out["match_winner"].notna(), None)
    out["complete"] = mw.notna().to_numpy(dtype=bool)
    names = out[["north", "east", "south", "west"]].to_numpy(dtype=object)
    out["winner_name"] = [
        " & ".join(str(names[i][k]) for k, s in enumerate(SEATS4) if s in w)
        if isinstance(w, str) else None for i, w in enumerate(mw)]
    out["variant"] = "bauern"
    for c in ("player_a", "player_b", "first_dealer", "game_points_a", "game_points_b",
              "counters_a", "counters_b", "winner"):
        out[c] = None
    return out


def _two_player(deals: pd.DataFrame) -> pd.DataFrame:
    """The two-player deals."""
    if "variant" not in deals.columns:
        return deals
    return deals[(deals["variant"].astype(object) == "schnapsen").to_numpy(dtype=bool)]


def _four_player(deals: pd.DataFrame) -> pd.DataFrame:
    """The four-player deals."""
    if "variant" not in deals.columns:
        return deals.iloc[:0]
    return deals[(deals["variant"].astype(object) == "bauern").to_numpy(dtype=bool)]


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


_PLAYER_COUNTS = ("matches", "matches_complete", "bummerl_wins", "deals", "deals_won",
                  "game_points", "forehand_deals", "forehand_won", "closes", "closes_finished",
                  "closes_won", "claims", "false_claims", "held66", "contracts",
                  "contracts_made", "spritzes")


def players_frame(source: Source | pd.DataFrame,
                  matches: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row a player name and game, over every deal and Bummerl (match) they played."""
    all_deals = _deals_of(source)
    if matches is None:
        matches = matches_frame(all_deals)
    stats: dict[tuple[str, str], dict[str, int]] = {}

    def of(name: str, variant: str = "schnapsen") -> dict[str, int]:
        s = stats.get((name, variant))
        if s is None:
            s = stats[(name, variant)] = dict.fromkeys(_PLAYER_COUNTS, 0)
        return s

    deals = _two_player(all_deals)
    cols = ["player_a", "player_b", "forehand", "winner", "game_points", "end", "closer",
            "close_success", "claimant", "held66_a", "held66_b"]
    sub = deals[cols].astype(object).where(deals[cols].notna(), None)
    for pa, pb, fh, win, gp, end, closer, csucc, claimant, h_a, h_b in sub.itertuples(
            index=False, name=None):
        names = {"A": str(pa), "B": str(pb)}
        for seat in "AB":
            of(names[seat])
        finished = end is not None and end != "unfinished"
        for seat in "AB":
            s = of(names[seat])
            if finished:
                s["deals"] += 1
                if fh == seat:
                    s["forehand_deals"] += 1
                    s["forehand_won"] += int(win == seat)
                if win == seat:
                    s["deals_won"] += 1
                    s["game_points"] += int(gp)
            if closer == seat:
                s["closes"] += 1
                if csucc is not None:
                    s["closes_finished"] += 1
                    s["closes_won"] += int(bool(csucc))
            if claimant == seat:
                s["claims"] += 1
                s["false_claims"] += int(end == "false_claim")
        if h_a:
            of(names["A"])["held66"] += 1
        if h_b:
            of(names["B"])["held66"] += 1
    variant = (matches["variant"].astype(object) if "variant" in matches.columns
               else None)
    two_m = matches if variant is None else matches[(variant == "schnapsen").to_numpy(bool)]
    for pa, pb, complete, winner_name in two_m[
            ["player_a", "player_b", "complete", "winner_name"]].astype(object).itertuples(
            index=False, name=None):
        for name in (str(pa), str(pb)):
            s = of(name)
            s["matches"] += 1
            s["matches_complete"] += int(bool(complete))
            s["bummerl_wins"] += int(winner_name == name)
    _count_four_players(_four_player(all_deals), matches if variant is None else
                        matches[(variant == "bauern").to_numpy(bool)], of)
    rows = []
    for (name, game), s in stats.items():
        two = game == "schnapsen"
        rows.append((
            name, game, s["matches"], s["matches_complete"], s["bummerl_wins"],
            _rate(s["bummerl_wins"], s["matches_complete"]), s["deals"], s["deals_won"],
            _rate(s["deals_won"], s["deals"]), s["game_points"],
            _rate(s["game_points"], s["deals"]), s["forehand_deals"],
            _rate(s["forehand_won"], s["forehand_deals"]),
            s["closes"] if two else None, _rate(s["closes"], s["deals"]) if two else None,
            _rate(s["closes_won"], s["closes_finished"]) if two else None,
            s["claims"], s["false_claims"], s["held66"] if two else None,
            None if two else s["contracts"], None if two else s["contracts_made"],
            None if two else s["spritzes"],
        ))
    df = _frame(rows, PLAYER_COLUMNS)
    df["player"] = df["player"].astype("str").astype("category")
    df["variant"] = df["variant"].astype("str").astype("category")
    return df.sort_values("player", kind="stable").reset_index(drop=True)


def _count_four_players(deals: pd.DataFrame, matches: pd.DataFrame,
                        of: Any) -> None:
    """Add each four-player deal and match to the counts of the players at its seats."""
    if len(deals):
        cols = ["north", "east", "south", "west", "forehand_seat", "winning_side",
                "game_points", "end", "claim_side", "declarer", "contract_made",
                "spritze_seat"]
        sub = deals[cols].astype(object).where(deals[cols].notna(), None)
        for n, e, s_, w, fh, win, gp, end, claim, decl, made, spr in sub.itertuples(
                index=False, name=None):
            finished = win is not None
            for seat, name in zip(SEATS4, (n, e, s_, w), strict=True):
                s = of(str(name), "bauern")
                if finished:
                    s["deals"] += 1
                    won = seat in win
                    if fh == seat:
                        s["forehand_deals"] += 1
                        s["forehand_won"] += int(won)
                    if won:
                        s["deals_won"] += 1
                        s["game_points"] += int(gp)
                if claim is not None and seat in claim:
                    s["claims"] += 1
                    s["false_claims"] += int(end == "false_claim")
                if decl == seat:
                    s["contracts"] += 1
                    s["contracts_made"] += int(made is True)
                if spr == seat:
                    s["spritzes"] += 1
    if len(matches):
        cols = ["north", "east", "south", "west", "complete", "match_winner"]
        sub = matches[cols].astype(object).where(matches[cols].notna(), None)
        for n, e, s_, w, complete, mw in sub.itertuples(index=False, name=None):
            for seat, name in zip(SEATS4, (n, e, s_, w), strict=True):
                s = of(str(name), "bauern")
                s["matches"] += 1
                s["matches_complete"] += int(bool(complete))
                s["bummerl_wins"] += int(mw is not None and seat in mw)
