"""Build the Sechsundsechzig study deals of this folder with the engine (run from the
project root).

    .venv/bin/python records/study/build_sechsundsechzig.py

Each deal was found by playing seeded random decks of the 24-card pack with the
heuristic player until the deal showed what it should (a closing that wins 3, a failed
closing, a standoff, a deal the last trick's 10 decides, a marriage announced on the
first lead and counted later). The deals found are frozen in ``FROZEN`` below, so the
files come out the same every time, whatever becomes of the heuristic player;
``--search`` runs the seeded searches again and prints what to freeze. The comments are
worked out from the positions (scores, tricks, cards) and written with ``psn.dumps``;
every file is read back and must pass the referee.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build import NAMES, play_out, write_files  # the Schnapsen study builder's helpers

from schnapsen_lab.cards import CARDS, parse_cards
from schnapsen_lab.games.sechsundsechzig import SECHSUNDSECHZIG_PROFILE as SIXTY
from schnapsen_lab.games.twohand.rules import ActionKind, End, Position, Seat
from schnapsen_lab.psn import Record

HERE = Path(__file__).resolve().parent
SEARCH = False
"""Whether to search again (``--search``) instead of using ``FROZEN``."""
WHO = ("Anna", "Bert")

FROZEN: dict[str, list[tuple[str, str, str]]] = {
    # name: [(deck, actions, dealer)], as found by the seeded searches below
    "closing-wins-3": [(
        "JD JC 9S KS TD JH 9H 9D KC QS AC AS QC QH QD TC TS 9C TH AD AH KH KD JS",
        "9D TD QS+20 9H JH 9S X C AC JC TC KC QC JD 66", "B")],
    "failed-closing": [(
        "JD TC KS TD 9S 9C AH TS QS KC AD JC AS 9H AC KH QD TH KD 9D JS QH QC JH",
        "KS+40 9C C TS 9S QS JC 9H KC JD TD AC TC AD AH", "B")],
    "standoff": [(
        "JH AS 9S TH QS 9H 9D 9C JC JS JD AD KS QD AH KC TD QH KH TC QC KD AC TS",
        "9C 9H X 9D JD KC JC QH KH JH TH QC TC AS 9S TS JS KS QS AC KD QD AD AH TD", "B")],
    "standoff-next": [(
        "AH JC KH AC TS 9D QS TD TH AD TC JS KS 9C 9S AS QC QD 9H JH KD QH JD KC",
        "JC TC 9C KH 9D TD X QS+40 9H JH KD QD AD AS 9S TS KS JS QC AC QH 66", "A")],
    "last-trick": [(
        "9H 9S QS TD 9C TH TS JD JH AC KH AS JS JC QH KS 9D AH TC KD QC KC QD AD",
        "9H TH 9C JD JC 9D KH JH KD QH KC TC AD TD QC AC AS 9S AH QS TS JS QD KS 66", "B")],
    "pending-marriage": [(
        "QC JC 9D KD TS JD TD KC 9S JS KH AC JH 9C TH 9H QS TC AS QH QD KS AH AD",
        "QC+20 AC 9C JC X 9D JD JS AS 9S TS QD+20 TD AH 9H TH KH 66", "B")],
}


def record(deck: list[int], actions: list[str], dealer: Seat,
           tags: dict[str, str] | None = None) -> Record:
    t = {"Event": "Study deals", **NAMES, **(tags or {})}
    return Record.from_actions([CARDS[c] for c in deck], actions, dealer=dealer,
                               profile=SIXTY, tags=t)


def note(rec: Record, step: int, text: str) -> None:
    """A comment on the move that leads to ``step`` (0: on the deal)."""
    if step == 0:
        rec.main.comments.append(text)
    else:
        rec.main.moves[step - 1].comments.append(text)


def card(c: int) -> str:
    return CARDS[c].symbol


def played(deck: list[int], dealer: Seat) -> Record:
    acts = play_out(deck, dealer, SIXTY)
    return record(deck, [str(a) for a in acts], dealer)


def search(name: str, seed: int, want: Callable[[Record], bool], dealer: Seat = Seat.B,
           tries: int = 30000) -> Record:
    """The first seeded deal ``want`` accepts; with ``--search`` printed for ``FROZEN``."""
    if not SEARCH:
        ((deck_text, acts, who),) = FROZEN[name]
        deck = [int(c) for c in parse_cards(deck_text)]
        return record(deck, acts.split(), Seat[who])
    rng = random.Random(seed)
    for _ in range(tries):
        deck = list(range(24))
        rng.shuffle(deck)
        rec = played(deck, dealer)
        if want(rec):
            print(f'    "{name}": [("{" ".join(str(c) for c in rec.deck or ())}",\n'
                  f'        "{" ".join(str(a) for a in rec.actions)}", "{dealer.name}")],')
            return rec
    raise SystemExit(f"no deal found for {name} (seed {seed})")


def closing_step(rec: Record) -> int:
    return next(i for i, a in enumerate(rec.actions, 1) if a.kind is ActionKind.CLOSE)


# -- the deals -----------------------------------------------------------------------------

def closing_wins_three() -> Record:
    def want(rec: Record) -> bool:
        o = rec.outcome
        return (o is not None and o.rule == "6C2" and o.game_points == 3
                and closing_step(rec) < 12)

    rec = search("closing-wins-3", 61, want)
    ps = rec.positions()
    k = closing_step(rec)
    before = ps[k - 1]
    p = before.leader
    o = 1 - p
    note(rec, 0, "Sechsundsechzig: six cards each, eleven face down in the talon under "
                 f"the turned trump {card(ps[0].indicator)}."
                 " Watch the closing: who closes, when, and whether the other has a trick.")
    note(rec, k, f"{WHO[p]} closes (zudrehen, zudecken) with {before.score(p)} against "
                 f"{before.score(o)}; {WHO[o]} has not won a trick yet. From now on nobody "
                 "draws, the follower must follow suit and beat (6F2), and the 10 for the "
                 "last trick is gone (6L1). Made, this closing is worth 3 (Schwarz).")
    fin = ps[-1]
    note(rec, len(rec.actions), f"{WHO[p]} says \"Ich habe genug\" with {fin.score(p)}: "
                                f"{WHO[o]} still has no trick, so 3 game points (6C2).")
    return rec


def failed_closing() -> Record:
    def want(rec: Record) -> bool:
        o = rec.outcome
        return o is not None and o.rule == "6C3" and o.end is End.LAST_TRICK

    rec = search("failed-closing", 62, want)
    ps = rec.positions()
    k = closing_step(rec)
    before = ps[k - 1]
    p = before.leader
    o = 1 - p
    fin = ps[-1]
    note(rec, 0, "A closing that fails: count the closer's points as the tricks fall.")
    note(rec, k, f"{WHO[p]} closes with {before.score(p)} against {before.score(o)} and "
                 f"must now reach 66 from the cards in hand. {WHO[o]} has no trick yet: "
                 f"if the closing fails, {WHO[o]} gets 3 (6C3).")
    note(rec, len(rec.actions), f"The last card is played and {WHO[p]} has "
                                f"{fin.score(p)}, without a claim: the closing failed, "
                                f"{WHO[o]} gets {rec.outcome.game_points} (6C3). No 10 for "
                                "the last trick in a closed deal.")
    return rec


def last_trick() -> Record:
    def want(rec: Record) -> bool:
        fin = rec.final
        o = rec.outcome
        if fin is None or o is None or o.winner is None or fin.bonus_to < 0:
            return False
        w = int(o.winner)
        return fin.bonus_to == w and fin.score(w) - 10 < fin.score(1 - w)

    rec = search("last-trick", 63, want)
    ps = rec.positions()
    fin = ps[-1]
    w = int(rec.outcome.winner)
    twelve = next(i for i, p in enumerate(ps) if p.tricks_played == 12)
    before = ps[twelve - 2]
    note(rec, 0, "Nobody reaches 66 in play: the talon runs out and all twelve tricks "
                 "are played. Count both scores to the end.")
    note(rec, twelve - 1, f"Before the last trick: {WHO[0]} {before.score(0)}, {WHO[1]} "
                          f"{before.score(1)}.")
    note(rec, twelve, f"{WHO[w]} takes the last trick and with it the 10 for the last "
                      f"trick (6L1): {fin.score(w)} against {fin.score(1 - w)}. Without "
                      f"those 10 {WHO[w]} would have had {fin.score(w) - 10}, less than "
                      f"{WHO[1 - w]}'s {fin.score(1 - w)}.")
    if rec.actions[-1].kind is ActionKind.CLAIM:
        note(rec, len(rec.actions), f"{WHO[w]} says \"Ich habe genug\" right after the last "
                                    f"trick (6E2): {WHO[1 - w]} has 33 or more, so 1 game "
                                    f"point ({rec.outcome.rule}); played out without the "
                                    "claim, the higher score would win the same (6G3).")
    return rec


def pending_marriage() -> Record:
    def want(rec: Record) -> bool:
        acts = rec.actions
        if not acts or acts[0].kind is not ActionKind.MARRIAGE or rec.outcome is None:
            return False
        ps = rec.positions()
        fh = ps[0].leader
        first = next(i for i, p in enumerate(ps) if p.tricks_played == 1)
        return ps[first].tricks[fh] == 0 and ps[-1].tricks[fh] > 0

    rec = search("pending-marriage", 64, want)
    ps = rec.positions()
    fh = ps[0].leader
    m = rec.actions[0]
    first = next(i for i, p in enumerate(ps) if p.tricks_played == 1)
    won = next(i for i, p in enumerate(ps) if p.tricks[fh] > 0)
    note(rec, 0, f"{WHO[fh]} is forehand and holds a marriage: in Sechsundsechzig it may "
                 "be announced on the very first lead (6M1).")
    note(rec, 1, f"{WHO[fh]} announces {m.points}: pending, not yet counted, because "
                 f"{WHO[fh]} has not won a trick (6M2).")
    note(rec, first, f"{WHO[1 - fh]} takes the first trick: {WHO[fh]}'s {m.points} still "
                     f"waits (pending {ps[first].pending[fh]}, score {ps[first].score(fh)}).")
    note(rec, won, f"{WHO[fh]}'s first trick: now the {m.points} counts, score "
                   f"{ps[won].score(fh)}.")
    return rec


def standoff_match() -> list[Record]:
    """A standoff (Ständer) as a match's first deal, and the next deal, whose winner takes
    the carried point with his own."""
    def want(rec: Record) -> bool:
        return rec.outcome is not None and rec.outcome.winner is None

    tags = {"Match": "study-66", "Deal": "1", "Score": "0-0"}
    if SEARCH:
        first = search("standoff", 65, want)
        rng = random.Random(66)
        deck = list(range(24))
        rng.shuffle(deck)
        second = played(deck, Seat.A)
        print(f'    "standoff-next": [("{" ".join(str(c) for c in second.deck or ())}",\n'
              f'        "{" ".join(str(a) for a in second.actions)}", "A")],')
    else:
        first = search("standoff", 65, want)
    a1 = [str(a) for a in first.actions]
    rec1 = record([int(c) for c in first.deck or ()], a1, Seat.B, tags)
    ((d2, a2, _),) = FROZEN["standoff-next"] if not SEARCH else (
        (" ".join(str(c) for c in second.deck or ()), " ".join(str(a) for a in second.actions),
         "A"),)
    rec2 = record([int(c) for c in parse_cards(d2)], a2.split(), Seat.A,
                  {"Match": "study-66", "Deal": "2", "Score": "0-0"})
    ps = rec1.positions()
    fin = ps[-1]
    twelve = len(ps) - 1
    before = ps[twelve - 2]
    note(rec1, 0, "A match to 7 begins. Keep both scores in your head: this deal will be "
                  "played out.")
    note(rec1, twelve - 1, f"Before the last trick: {WHO[0]} {before.score(0)}, {WHO[1]} "
                           f"{before.score(1)}.")
    note(rec1, twelve, f"{WHO[fin.bonus_to]} takes the last trick and its 10: "
                       f"{fin.score(0)} : {fin.score(1)}. Equal scores: a standoff (Ständer, "
                       "6G4). Nobody scores; the point waits for the winner of the next "
                       "deal.")
    out2 = rec2.outcome
    assert out2 is not None and out2.winner is not None
    w = int(out2.winner)
    note(rec2, 0, "The deal after the standoff: one game point is carried.")
    note(rec2, len(rec2.actions), f"{WHO[w]} wins {out2.game_points} and takes the carried "
                                  f"point too: {out2.game_points + 1} on the match counter "
                                  "(6G4).")
    return [rec1, rec2]


FILES: dict[str, Callable[[], Record | list[Record]]] = {
    "sechsundsechzig-closing-wins-3.psn": closing_wins_three,
    "sechsundsechzig-failed-closing.psn": failed_closing,
    "sechsundsechzig-standoff.psn": standoff_match,
    "sechsundsechzig-last-trick.psn": last_trick,
    "sechsundsechzig-pending-marriage.psn": pending_marriage,
}


def main() -> None:
    global SEARCH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--search", action="store_true",
                    help="run the seeded searches again instead of the frozen deals")
    SEARCH = ap.parse_args().search
    write_files(FILES, write=not SEARCH)  # a search only prints what it found


if __name__ == "__main__":
    main()


__all__ = ["Position"]
