"""The columns of the deal, match and player tables (docs/statistics.md): one schema for
every game, the columns all games fill and each game's own, and the small helpers the
games' row builders share (each game builds its rows in its part ``stats``). Plain
Python: pandas is imported by :mod:`schnapsen_lab.stats`, not here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS

if TYPE_CHECKING:
    from .psn import Record

__all__ = [
    "AB",
    "CALLS",
    "CARD_NAMES",
    "CATEGORIES",
    "CONTRACTS",
    "DEAL_COLUMNS",
    "ENDS",
    "FIXED",
    "MATCH_COLUMNS",
    "MATCH_FOUR",
    "MATCH_THREE",
    "NAMES",
    "NO_FOUR",
    "NO_FOUR_PLAY",
    "NO_THREE",
    "NO_TWO_PLAY",
    "PLAYER_COLUMNS",
    "RULES",
    "SEATS",
    "SEATS3",
    "SEATS4",
    "SIDES",
    "SIDES3",
    "SUITS",
    "actions",
    "categories",
    "error_text",
    "seat_letter",
    "side_letters",
    "winners_side",
]

SEATS = ["A", "B"]
SUITS = ["C", "D", "H", "S"]
ENDS = ["claim", "false_claim", "last_trick", "unfinished", "contract_made", "contract_broken",
        "standoff"]
RULES = ["G1", "G2", "G3", "C2", "C3", "C4", "BG1", "BG2", "BG3", "BK2", "BK3",
         "6G1", "6G2", "6G3", "6G4", "6C2", "6C3", "6C4", "3G1", "3G2", "3G3", "3K2", "3K3",
         "3K4"]

SEATS4 = ["N", "E", "S", "W"]
"""The four seats (BS1), the categories of the four-player seat columns."""
SIDES = ["NS", "EW", "N", "E", "S", "W", "NE", "NW", "ES", "SW", "NES", "NEW", "NSW", "ESW",
         "NESW"]
"""Every set of seats in N, E, S, W order, teams first: the categories of the side columns
(fixed teams ``NS``/``EW``; with called partners a player alone, two, or three)."""
SEATS3 = ["A", "B", "C"]
"""The three seats of Dreierschnapsen (3S1)."""
SIDES3 = ["A", "B", "C", "AB", "AC", "BC"]
"""The sides of a three-player deal in A, B, C order: the declarer alone or the two
defenders (3K1)."""
CALLS = ["weiter", "spritze", "schnapser", "gang", "bauernschnapser", "kontraschnapser",
         "bettler", "kontrabauernschnapser"]
"""The calls of the round (BA1, BA2, 3A2), as PSN writes them."""
CONTRACTS = ["normal", "schnapser", "gang", "bauernschnapser", "kontraschnapser", "bettler",
             "kontrabauernschnapser"]
"""The game played: the normal game (BE, 3E) or a contract (BK, 3K)."""
CARD_NAMES = [str(c) for c in CARDS]
"""The 24 cards as PSN writes them (``AC`` ... ``JS``, ``9C`` ... ``9S``), by value."""

# kind: "seat", "suit", "end", "rule" (categoricals with fixed categories), "category" (a
# categorical with the fixed categories of CATEGORIES[column]), "cat" (a categorical of free
# text), "string", "bool", "boolean" (nullable), "Int8"... (nullable).
DEAL_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("file", "cat", "the PSN file the record comes from (`<records>` for records given in memory)"),
    ("index", "Int32", "the record's number in its file, from 1"),
    ("line", "Int32", "the line of the record's first tag"),
    ("variant", "cat", "the game: `schnapsen` (two players, the `bauern2` profile too), "
     "`sechsundsechzig` (two players, the 24-card parent game) or `bauern` (four-player "
     "Bauernschnapsen: the common columns and the four-player ones are filled)"),
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
     "players also contract_made, contract_broken; Sechsundsechzig also standoff, equal "
     "scores after twelve tricks, 6G4); NA when the main line is broken"),
    ("rule", "rule", "the rule that scored the deal: G1 G2 G3 (not closed), C2 C3 C4 (closed); "
     "four players BG1 BG2 BG3, BK2 BK3; Sechsundsechzig 6G1 6G2 6G3 6G4, 6C2 6C3 6C4"),
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
    ("exchanged_by", "seat", "who exchanged the trump jack (Sechsundsechzig: the trump nine, "
     "6X1) for the indicator (X1); NA if nobody"),
    ("tricks_a", "Int8", "tricks won by A where the record ends"),
    ("tricks_b", "Int8", "tricks won by B where the record ends"),
    ("score_a", "Int16", "A's score (E1) where the record ends"),
    ("score_b", "Int16", "B's score (E1) where the record ends"),
    ("held66_a", "boolean", "A could have claimed 66 correctly and did something else (E4)"),
    ("held66_b", "boolean", "B could have claimed 66 correctly and did something else"),
    ("bonus", "seat", "who took the 10 for the last trick (Sechsundsechzig, 6L1: the talon "
     "ran out and all twelve tricks were played); NA when nobody did (a closed deal, a deal "
     "ended by a claim earlier, a game without it)"),
    ("carry", "Int8", "the standoff points (6G4) waiting for the next deal's winner after "
     "this deal: 1 after a first standoff, 0 once a deal was won; NA outside a match and in "
     "games without standoffs"),
    ("actions", "Int16", "number of actions in the main line (up to its first error)"),
    ("counters_before_a", "Int8", "A's Bummerl counter before the deal (B1); NA outside a match"),
    ("counters_before_b", "Int8", "B's Bummerl counter before the deal"),
    ("counters_a", "Int8", "A's Bummerl counter after the deal, as `check --json` writes it "
     "(the deciding deal may take it below 0; the Bummerl table shows 0 and `over`)"),
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
    ("spritze", "boolean", "whether a spritze stands (BA4: the game points are doubled; "
     "false for one that lapsed); NA while the round of calls is not over"),
    ("spritze_seat", "category", "who said spritze (standing or lapsed); NA without one"),
    ("side_fh", "category", "the seats of forehand's side in this deal: forehand's team "
     "(`NS` or `EW`), or with called partners forehand and the partner (BC1)"),
    ("side_other", "category", "the seats of the other side (the side that may say "
     "spritze against forehand's game, BA4, BC4)"),
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
     "three players the seat with the highest counter, once one reached the target (3X1; "
     "two or three seats when level at the top); NA otherwise"),
    # three players (DREIER.md); NA on the other games' rows. A three-player row also fills
    # player_a and player_b, counters_a and counters_b, and the four-player columns of the
    # deal (dealer_seat ... pending_other, match_winner) with the seats A, B, C.
    ("player_c", "cat", "three players: the name of player C (tag PlayerC, default `C`)"),
    ("call_a", "category", "three players: A's call (3A1)"),
    ("call_b", "category", "three players: B's call"),
    ("call_c", "category", "three players: C's call"),
    ("laid_away", "cat", "three players: the two cards the declarer laid away (3T1), in the "
     "order laid (`JS QD`); NA before he did"),
    ("laid_points", "Int8", "three players: the card points laid away (3T2: out of play, "
     "they count for nobody)"),
    ("counters_c", "Int8", "three players: C's counter after the deal (3X1, from 0 up; "
     "`counters_a` and `counters_b` hold A's and B's)"),
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
    ("counters_a", "Int8", "A's counter after the last deal (counting down, it stops at 0)"),
    ("counters_b", "Int8", "B's counter after the last deal"),
    ("over", "Int8", "by how many game points the winner went past 0 (B1); 0 when the "
     "winner's counter stopped at 0, or counting up; NA when incomplete or four players"),
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
     "called partners the players who reached the target; three players the seat or seats "
     "with the highest counter; NA when incomplete"),
    # three players; NA for the other games' matches (a three-player match also fills
    # player_a, player_b, game_points_a, game_points_b, counters_a, counters_b, complete,
    # winner_name, first_dealer_seat and match_winner)
    ("player_c", "cat", "three players: C's name (from the match's first deal)"),
    ("game_points_c", "Int16", "three players: game points C won over the match"),
    ("counters_c", "Int8", "three players: C's counter after the last deal"),
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

FIXED = {"seat": SEATS, "suit": SUITS, "end": ENDS, "rule": RULES}

CATEGORIES: dict[str, list[str]] = {
    **dict.fromkeys(("dealer_seat", "forehand_seat", "declarer", "spritze_seat",
                     "first_dealer_seat"), SEATS4 + SEATS3),
    "partner": SEATS4,
    **dict.fromkeys(("call_1", "call_2", "call_3", "call_4", "call_n", "call_e", "call_s",
                     "call_w", "call_a", "call_b", "call_c"), CALLS),
    **dict.fromkeys(("side_fh", "side_other", "winning_side", "claim_side", "match_winner"),
                    SIDES + SIDES3),
    **dict.fromkeys(("turned_card", "called_card"), CARD_NAMES),
    "cut": ["cut", "knock"],
    "trump_fixed": ["named", "turned"],
    "contract": CONTRACTS,
}
"""The fixed categories of each column of kind ``category``, by column name."""


def categories(name: str, kind: str) -> list[str] | None:
    """The fixed categories of a column, or None for a column without them."""
    if kind in FIXED:
        return FIXED[kind]
    if kind == "category":
        return CATEGORIES[name]
    return None


AB = "AB"
"""The two seats' letters, by seat number."""


def error_text(rec: Record, line_offset: int) -> str | None:
    """Every error of a record, where and why, in one line (None without errors)."""
    if not rec.errors:
        return None
    return " | ".join(f"line {e.line + line_offset}, col {e.col}: {e.rule}: {e.message}"
                      for e in rec.errors)


NAMES = [c[0] for c in DEAL_COLUMNS]
NO_FOUR: tuple[None, ...] = (None,) * (len(NAMES) - NAMES.index("north"))
NO_FOUR_PLAY: tuple[None, ...] = (None,) * (NAMES.index("counters_ns")
                                             - NAMES.index("trump_fixed"))
NO_TWO_PLAY: tuple[None, ...] = (None,) * (NAMES.index("actions")
                                            - NAMES.index("closer"))
NO_THREE: tuple[None, ...] = (None,) * (len(NAMES) - NAMES.index("player_c"))
"""The three-player columns at the end of a deal row, NA for the other games."""


def seat_letter(seat: int) -> str | None:
    """A four-player seat's letter (None for -1)."""
    return SEATS4[seat] if seat >= 0 else None


def side_letters(mask: int) -> str | None:
    """The letters of a set of four-player seats in N, E, S, W order (None when empty)."""
    return "".join(SEATS4[s] for s in range(4) if mask >> s & 1) or None


def winners_side(keys: tuple[str, ...]) -> str | None:
    """The seats of the match's winners: a team's key, or the players' seats together."""
    seats = "".join(keys)
    return "".join(s for s in SEATS4 if s in seats) or None


def actions(rec: Record) -> int:
    """The main line's actions up to its first error."""
    return len(rec.main.moves)


MATCH_FOUR = [c[0] for c in MATCH_COLUMNS[MATCH_COLUMNS.index(
    next(c for c in MATCH_COLUMNS if c[0] == "north")):]]
MATCH_THREE = [c[0] for c in MATCH_COLUMNS[[c[0] for c in MATCH_COLUMNS].index("player_c"):]]
"""The match table's three-player columns, NA for the other games."""
