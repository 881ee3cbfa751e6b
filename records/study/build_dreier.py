"""Build the Dreierschnapsen study deals of this folder with the engine (run from the
project root).

    .venv/bin/python records/study/build_dreier.py

Each deal was found by playing seeded random decks with three heuristic players
(:class:`~schnapsen_lab.games.dreier.players.HeuristicDreierPlayer`), a few of them with
one choice forced (a call, a lay-away, a claim: said in the deal's first comment), until
the deal showed what it should. The deals found are frozen in ``FROZEN`` below, so the
files come out the same every time, whatever becomes of the heuristic player;
``--search`` runs the seeded searches again and prints what to freeze. Every comment is
worked out from the positions (scores, tricks, cards, the outcome) and the lay-away's
comment from a second play of the deal; every file is read back and must pass the
referee.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build import write_files  # the Schnapsen study builder's helpers

from schnapsen_lab.cards import CARDS, parse_cards
from schnapsen_lab.games.dreier.players import HeuristicDreierPlayer, view
from schnapsen_lab.games.dreier.rules import (
    CLAIM,
    DREIER,
    Action,
    Call,
    End,
    Kind,
    Phase,
    Position,
    parse_action,
)
from schnapsen_lab.notation import card_text
from schnapsen_lab.psn import Record

HERE = Path(__file__).resolve().parent
SEARCH = False
"""Whether to search again (``--search``) instead of using ``FROZEN``."""
WHO = ("Anna", "Bert", "Cilli")
NAMES = {"PlayerA": "Anna", "PlayerB": "Bert", "PlayerC": "Cilli"}
PLAYER = HeuristicDreierPlayer()
Hook = Callable[[Position], "Action | None"]

FROZEN: dict[str, tuple[str, str, int]] = {
    # name: (deck, actions, dealer), as found by the seeded searches below
    "bettler-made": ("QH TS AD TC KH KC JH QS JS KD QD TD AH AC AS QC JC TH KS JD",
        "T:D weiter weiter bettler L:KD L:TH JH QH KH JC KS AC TS AS QS QC QD AD KC JD AH TC "
        "JS TD", 0),
    "bettler-broken": ("QH AS QD KH TC KD KS QC QS AD JH JC TD AC TH AH TS JS JD KC",
        "T:S bettler weiter weiter L:AD L:AC JH KH KC KD JD QD TS JS AS", 2),
    "gang-trick-5": ("QS JC TS AH KC QD QC AD KH JH JS QH TC AS AC TD JD TH KD KS",
        "T:S gang weiter weiter L:JH L:JC AS JD KS TS QD QC QS KC KD JS TD KH QH AH TH", 0),
    "schnapser-two-tricks": ("JC QC AD AS KH TS TC AH JH QD KC TH AC TD QS KS QH JS KD JD",
        "T:C schnapser weiter weiter L:QD L:TH AC QH TC KC+40 KH JD", 2),
    "spritze-moved": ("JS TD TC KH KD TS QC QD JC QS KC AS QH TH AD KS AH JH AC JD",
        "T:C weiter spritze bettler L:QS L:AC JH QH KH KS KC JS KD QD TD TH AH QC AD JD AS "
        "TS JC TC", 1),
    "layaway-wins": ("AS QC QS KD TD AD KS AH TS JH TC TH JS KH AC KC QH QD JC JD",
        "T:S weiter weiter weiter L:JH L:QC AS QH KS KH KC AH TS JS AC JC TC KD QS TD JD TH "
        "AD QD 66", 1),
    "false-claim": ("JS AC KC AD KD JC AS QS QD AH JD TD KH JH QH TC TS TH QC KS",
        "T:C weiter weiter weiter L:JS L:JD AC JC QC JH QH TH QS+20 KC TS KH TC AS 66", 1),
}


# -- playing -------------------------------------------------------------------------------------

def play_out(deck: Sequence[int], dealer: int, hook: Hook | None = None) -> list[Action]:
    """Three heuristic players from the deal to the end; ``hook`` may force actions. A
    side claims as soon as its claim is correct (the heuristic's rule), also after the
    last trick."""
    rng = random.Random(0)
    pos = Position.deal(deck, dealer, DREIER)
    actions: list[Action] = []
    while True:
        legal = pos.legal_actions()
        if not legal:
            break
        forced = hook(pos) if hook is not None else None
        if forced is not None:
            a = forced
        elif pos.phase == Phase.OVER or (CLAIM in legal and pos.claim_seat != pos.turn):
            if pos.contract is None and pos.claim_is_correct(pos.claim_by):
                a = CLAIM
            elif pos.phase == Phase.OVER:
                break
            else:
                seat = pos.turn
                rest = [x for x in legal if x is not CLAIM]
                chosen = PLAYER.act(view(pos, seat, rest), rng)
                assert chosen is not None
                a = chosen
        else:
            seat = pos.turn
            chosen = PLAYER.act(view(pos, seat), rng)
            assert chosen is not None
            a = chosen
        pos = pos.play(a)
        actions.append(a)
        if a is CLAIM:
            break
    return actions


def record(deck: Sequence[int], actions: Sequence[Action | str], dealer: int) -> Record:
    return Record.from_actions([CARDS[c] for c in deck], list(actions), dealer=dealer,
                               profile=DREIER, tags={"Event": "Study deals", **NAMES})


def note(rec: Record, step: int, text: str) -> None:
    """A comment on the action that leads to ``step`` (0: on the deal)."""
    if step == 0:
        rec.main.comments.append(text)
    else:
        rec.main.moves[step - 1].comments.append(text)


def card(c: int) -> str:
    return card_text(c)


def cards(cs: Sequence[int]) -> str:
    return " ".join(card(c) for c in cs)


def search(name: str, seed: int, want: Callable[[Record], bool],
           hook: Callable[[random.Random], Hook | None] = lambda rng: None,
           tries: int = 20000) -> Record:
    """The first seeded deal ``want`` accepts; with ``--search`` printed for ``FROZEN``."""
    if not SEARCH:
        deck_text, acts, dealer = FROZEN[name]
        deck = [int(c) for c in parse_cards(deck_text)]
        return record(deck, acts.split(), dealer)
    rng = random.Random(seed)
    for _ in range(tries):
        deck = list(range(20))
        rng.shuffle(deck)
        dealer = rng.randrange(3)
        acts = play_out(deck, dealer, hook(rng))
        rec = record(deck, acts, dealer)
        if want(rec):
            print(f'    "{name}": ("{" ".join(str(CARDS[c]) for c in deck)}",\n'
                  f'        "{" ".join(str(a) for a in acts)}", {dealer}),')
            return rec
    raise SystemExit(f"no deal found for {name} (seed {seed})")


def step_of(rec: Record, kind: Kind, nth: int = 1) -> int:
    """The step (from 1) of the ``nth`` action of ``kind``."""
    k = 0
    for i, a in enumerate(rec.actions, 1):
        if a.kind is kind:
            k += 1
            if k == nth:
                return i
    raise ValueError(kind)


def trick_end(rec: Record, n: int) -> int:
    """The step that completes trick ``n``."""
    ps = rec.positions()
    return next(i for i in range(1, len(ps)) if ps[i].tricks_played == n
                and ps[i - 1].tricks_played == n - 1)


def calls_text(fin: Position) -> str:
    fh = fin.forehand
    return ", ".join(f"{WHO[(fh + i) % 3]} {c.value}" for i, c in enumerate(fin.calls))


SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def opening(rec: Record, extra: str = "") -> None:
    fin = rec.positions()[-1]
    fh = fin.forehand
    how = ("turns up the fourth card" if rec.actions[0].suit is None
           else "names a suit among the first three cards")
    d = fin.declarer
    game = (f"{WHO[d]}'s {fin.contract.value.capitalize()}" if fin.contract is not None
            else f"the normal game, {WHO[d]} (forehand) declarer")
    note(rec, 0, f"{WHO[fin.dealer]} deals; {WHO[fh]} is forehand and {how}: "
                 f"{SUIT_WORDS[fin.named_trump]} are trump (3R1, 3R2). Calls: "
                 f"{calls_text(fin)}; {game} is played (3A3)." + (" " + extra if extra else ""))


def would(rec: Record, step: int) -> str:
    """What the heuristic player would have chosen instead of the action of ``step``."""
    pos = rec.positions()[step - 1]
    seat = pos.turn
    a = PLAYER.act(view(pos, seat), random.Random(0))
    return str(a)


def laid_note(rec: Record) -> None:
    """A comment on the second card laid away: what the declarer laid away."""
    ps = rec.positions()
    k = step_of(rec, Kind.LAYAWAY, 2)
    pos = ps[k]
    d = pos.declarer
    tal = ps[0].talon
    note(rec, k, f"{WHO[d]} took the talon ({cards(tal)}) and laid away {cards(pos.laid)}: "
                 f"{pos.laid_points} card points out of play, counting for nobody (3T1, "
                 "3T2).")


def result_note(rec: Record, text: str) -> None:
    fin = rec.positions()[-1]
    o = fin.outcome
    assert o is not None
    note(rec, len(rec.actions), f"{text} Result {o} ({o.rule}).")


# -- the deals -----------------------------------------------------------------------------------

def _contract(rec: Record) -> Call | None:
    fin = rec.positions()[-1]
    return fin.contract


def _end(rec: Record) -> End | None:
    o = rec.outcome
    return o.end if o is not None else None


def bettler_made() -> Record:
    def want(rec: Record) -> bool:
        return _contract(rec) is Call.BETTLER and _end(rec) is End.CONTRACT_MADE

    rec = search("bettler-made", 71, want)
    fin = rec.positions()[-1]
    d = fin.declarer
    opening(rec, "Bettler has no trump (3K5): the highest card of the led suit wins.")
    laid_note(rec)
    pts = [fin.points[s] for s in range(3)]
    result_note(rec, f"Six tricks and none of them {WHO[d]}'s: the Bettler is made (3K4); "
                     f"the defenders took {pts[(d + 1) % 3]} and {pts[(d + 2) % 3]} card "
                     f"points, which count for nothing in a Bettler. {WHO[d]} scores 4 "
                     + ("doubled by the spritze (3G5)." if fin.spritze_stands else "(3G4)."))
    return rec


def bettler_broken() -> Record:
    def want(rec: Record) -> bool:
        return _contract(rec) is Call.BETTLER and _end(rec) is End.CONTRACT_BROKEN

    def hook(rng: random.Random) -> Hook:
        def force(pos: Position) -> Action | None:
            if pos.phase == Phase.AUCTION and pos.turn == pos.forehand:
                return parse_action("bettler")
            return None
        return force

    rec = search("bettler-broken", 72, want, hook)
    fin = rec.positions()[-1]
    d = fin.declarer
    n = fin.tricks_played
    k = len(rec.actions)
    trick = fin.last_trick
    assert trick is not None
    opening(rec, f"{WHO[d]}'s Bettler is forced here (the heuristic player would have "
                 f"said {would(rec, step_of(rec, Kind.CALL))}): {WHO[d]} must not win a "
                 "trick, with six cards and the talon's two, less the two laid away.")
    laid_note(rec)
    assert k == trick_end(rec, n)
    result_note(rec, f"Trick {n} ({cards(trick[0])}) is {WHO[d]}'s: the declarer's first trick "
                     "breaks the Bettler at once (3K4); each defender scores "
                     f"{fin.outcome.game_points if fin.outcome else 0} (3G4, 3G6).")
    return rec


def gang_broken_at_five() -> Record:
    def want(rec: Record) -> bool:
        fin = rec.positions()[-1]
        return (fin.contract is Call.GANG and _end(rec) is End.CONTRACT_BROKEN
                and fin.tricks_played == 5)

    def hook(rng: random.Random) -> Hook:
        def force(pos: Position) -> Action | None:
            if pos.phase == Phase.AUCTION and pos.turn == pos.forehand:
                return parse_action("gang")
            return None
        return force

    rec = search("gang-trick-5", 73, want, hook)
    fin = rec.positions()[-1]
    d = fin.declarer
    trick = fin.last_trick
    assert trick is not None
    winner = trick[2]
    opening(rec, f"{WHO[d]}'s Gang is forced here (the heuristic player would have said "
                 f"{would(rec, step_of(rec, Kind.CALL))}): {WHO[d]} must win all six tricks, "
                 "without trump (3K3, 3K5).")
    laid_note(rec)
    k4 = trick_end(rec, 4)
    note(rec, k4, f"{WHO[d]} has won tricks 1 to 4.")
    result_note(rec, f"Trick 5 ({cards(trick[0])}) goes to {WHO[winner]}, the highest card "
                     f"of the led suit: the Gang is broken at the fifth trick (3K3), and "
                     f"each defender scores {fin.outcome.game_points if fin.outcome else 0} "
                     "(3G4, 3G6).")
    return rec


def schnapser_two_tricks() -> Record:
    def want(rec: Record) -> bool:
        fin = rec.positions()[-1]
        return (fin.contract is Call.SCHNAPSER and _end(rec) is End.CONTRACT_MADE
                and fin.tricks_played == 2 and not fin.table)

    def hook(rng: random.Random) -> Hook:
        def force(pos: Position) -> Action | None:
            if pos.phase == Phase.AUCTION and pos.turn == pos.forehand:
                return parse_action("schnapser")
            return None
        return force

    rec = search("schnapser-two-tricks", 74, want, hook)
    ps = rec.positions()
    fin = ps[-1]
    d = fin.declarer
    opening(rec, f"{WHO[d]}'s Schnapser is forced here (the heuristic player would have "
                 f"said {would(rec, step_of(rec, Kind.CALL))}): 66 of {WHO[d]}'s own within "
                 "three tricks, on forehand's trump (3K2).")
    laid_note(rec)
    k1 = trick_end(rec, 1)
    p1 = ps[k1]
    note(rec, k1, f"{WHO[d]} wins trick 1: {p1.declarer_score()} points of {WHO[d]}'s "
                  "own.")
    result_note(rec, f"{WHO[d]} wins trick 2 and has {fin.declarer_score()}: the Schnapser "
                     "is made in two tricks, the deal ends there (3K2, 3E5).")
    return rec


def spritze_moved() -> Record:
    def want(rec: Record) -> bool:
        fin = rec.positions()[-1]
        c = fin.calls
        return (len(c) == 3 and c[1] is Call.SPRITZE and c[2].is_contract
                and fin.outcome is not None)

    def hook(rng: random.Random) -> Hook:
        def force(pos: Position) -> Action | None:
            if pos.phase == Phase.AUCTION and len(pos.calls) == 0:
                return parse_action("weiter")
            if pos.phase == Phase.AUCTION and len(pos.calls) == 1:
                return parse_action("spritze")
            return None
        return force

    rec = search("spritze-moved", 75, want, hook)
    fin = rec.positions()[-1]
    fh = fin.forehand
    spr, d = fin.spritze, fin.declarer
    assert fin.contract is not None and fin.outcome is not None
    value = fin.contract.value_points
    k = step_of(rec, Kind.CALL, 2)
    opening(rec, f"{WHO[spr]}'s spritze is forced here (the heuristic player would have "
                 f"said {would(rec, step_of(rec, Kind.CALL, 2))}).")
    note(rec, k, f"{WHO[spr]} says spritze against {WHO[fh]}'s normal game: {WHO[fh]} holds "
                 "the game at this moment (3A4).")
    note(rec, k + 1, f"{WHO[d]} calls {fin.contract.value} and takes the game from "
                     f"{WHO[fh]}; the spritze stands and now doubles {WHO[d]}'s "
                     f"{fin.contract.value.capitalize()} (3A4, 3G5).")
    laid_note(rec)
    o = fin.outcome
    winners = " and ".join(WHO[s] for s in range(3) if o.winners >> s & 1)
    result_note(rec, f"The {fin.contract.value.capitalize()} is worth {value}, doubled to "
                     f"{o.game_points} for {winners} (3G4-3G6).")
    return rec


def _talon_kept(rec: Record) -> list[Action]:
    """The deal played again by the same players, the declarer laying away the two
    talon cards he took (as if he had left the talon untouched)."""
    ps = rec.positions()
    tal = list(ps[0].talon)

    def force(pos: Position) -> Action | None:
        if pos.phase == Phase.TALON:
            c = next(c for c in tal if c not in pos.laid)
            return parse_action("L:" + str(CARDS[c]))
        return None

    fin = ps[-1]
    return play_out(list(fin.deck), fin.dealer, force)


def layaway_wins() -> Record:
    def want(rec: Record) -> bool:
        fin = rec.positions()[-1]
        o = fin.outcome
        if fin.contract is not None or o is None or not o.winners >> fin.declarer & 1:
            return False
        if set(fin.laid) == set(rec.positions()[0].talon):
            return False
        other = record(list(fin.deck), _talon_kept(rec), fin.dealer).outcome
        return other is not None and not other.winners >> fin.declarer & 1

    rec = search("layaway-wins", 76, want)
    ps = rec.positions()
    fin = ps[-1]
    d = fin.declarer
    opening(rec)
    laid_note(rec)
    other = record(list(fin.deck), _talon_kept(rec), fin.dealer)
    o2 = other.outcome
    assert o2 is not None
    tal = ps[0].talon
    o = fin.outcome
    assert o is not None
    result_note(rec, f"{WHO[d]} wins with {fin.score(0)} against {fin.score(1)}. Played "
                     f"again by the same three heuristic players with {WHO[d]} laying away "
                     f"the talon's own cards ({cards(tal)}) instead, the deal ends "
                     f"{o2} ({o2.rule}): "
                     + " and ".join(WHO[s] for s in range(3) if o2.winners >> s & 1)
                     + " win it. The lay-away won the deal.")
    return rec


def false_claim() -> Record:
    def want(rec: Record) -> bool:
        fin = rec.positions()[-1]
        o = fin.outcome
        return (o is not None and o.end is End.FALSE_CLAIM and fin.contract is None
                and not o.claimant >> fin.declarer & 1)

    def hook(rng: random.Random) -> Hook:
        def force(pos: Position) -> Action | None:
            if (pos.contract is None and pos.phase == Phase.PLAY and CLAIM in
                    pos.legal_actions() and pos.claim_by == 1 and pos.tricks_played >= 3
                    and not pos.claim_is_correct(1)):
                return CLAIM
            return None
        return force

    rec = search("false-claim", 77, want, hook)
    ps = rec.positions()
    fin = ps[-1]
    d = fin.declarer
    o = fin.outcome
    assert o is not None
    before = ps[-2]
    claimer = before.claim_seat
    opening(rec)
    laid_note(rec)
    result_note(rec, f"{WHO[claimer]} claims 66 for the defenders with "
                     f"{before.score(1)} (forced here: the heuristic player claims only a "
                     f"correct 66) against {WHO[d]}'s {before.score(0)}: a false claim "
                     f"(3E3). {WHO[d]} "
                     + ("has no trick, so 3" if not before.side_tricks(0) else
                        "has a trick, so 2")
                     + " (3G2).")
    return rec


FILES: dict[str, Callable[[], Record | list[Record]]] = {
    "dreier-bettler-made.psn": bettler_made,
    "dreier-bettler-broken.psn": bettler_broken,
    "dreier-gang-trick-5.psn": gang_broken_at_five,
    "dreier-schnapser-two-tricks.psn": schnapser_two_tricks,
    "dreier-spritze-moved.psn": spritze_moved,
    "dreier-layaway-wins.psn": layaway_wins,
    "dreier-false-claim.psn": false_claim,
}


def main() -> None:
    global SEARCH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--search", action="store_true",
                    help="run the seeded searches again instead of the frozen deals")
    SEARCH = ap.parse_args().search
    write_files(FILES, write=not SEARCH)


if __name__ == "__main__":
    main()
