"""Build the study deals of this folder with the engine (run from the project root).

    .venv/bin/python records/study/build.py

Each deal is either written out move by move, or was found by playing random decks
with the heuristic player (with one move forced: a closing, a claim) until the deal
showed what it should. The deals found are frozen in ``FROZEN`` below, so the files come
out the same every time, whatever becomes of the heuristic player; ``--search`` runs the
seeded searches again instead. Comments are then added and the records written with
``psn.dumps``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.cards import CARDS, PACK20, Card, parse_cards
from schnapsen_lab.games.twohand.knowledge import view
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    SOFT,
    STRICT,
    Action,
    End,
    Position,
    Profile,
    Seat,
)
from schnapsen_lab.io import atomic_write
from schnapsen_lab.notation import action_text
from schnapsen_lab.players import HeuristicPlayer
from schnapsen_lab.psn import Record

HERE = Path(__file__).resolve().parent
SEARCH = False
"""Whether to search again (``--search``) instead of using ``FROZEN``."""

FROZEN: dict[str, list[tuple[str, str, str]]] = {
    # name: [(deck, actions, dealer)], as found by the seeded searches below
    "failed-closing": [("KC QH KH TS AH JC AS QC AD KS KD QS JD TD JH QD JS AC TH TC",
                        "QC+20 JC QH+20 AH JD AD C JH JS TS QS KS QD TD KC KD KH", "B")],
    "false-claim": [("QS KD JH TC KS KH AC JC AS TH KC QC QH TS QD TD AH JD JS AD",
                     "X JH TH QC+40 QH KH QD 66", "B")],
    "last-trick": [("JC TH AS KC AD QD JD JS KS AH QC JH TS TD AC KH KD QS TC QH",
                    "JC AH JH QC JS TS KC KS QS AS TH KH QH JD AD KD AC TC QD TD", "B")],
    "strict-profile": [("JH KH QC KD QS KC JD AD AH TC AS QH JS QD KS JC TH TS TD AC",
                        "JH QS KH+20 JS QH KS C AD KD JC KC TC QC TH AH 66", "B")],
    "small-match": [
        ("JC TC TH TS JS AC TD JH AH KC QD KD KH QC KS AS JD QS QH AD",
         "JC AC QD+40 JH QC+20 66", "B"),
        ("AS AH QH JS QD QC QS AD AC TS JD JH KH TH TD TC KS KD JC KC",
         "QH JD JH KH X QC AC TC QS QD+20 TD AS JS AD KD AH TH 66", "A"),
        ("QH TS JC KH AH TC QS KS JD JS KD TD AS TH QD AD JH AC QC KC",
         "JC TC X KD JD KH QD TD KS JH TH AH QH QC+20 66", "B"),
        ("TC AH AC TS JD JS QH TH KD JH JC QS QD KC AD TD KH AS KS QC",
         "KD JC QS TS X JD AD C AH QH TH KH AC KC TC JS 66", "A"),
    ],
}


def frozen(name: str, profile: Profile, again: Callable[[], Record]) -> Record:
    """The frozen deal ``name`` (or, with ``--search``, the search's result)."""
    if SEARCH:
        return again()
    ((deck, acts, dealer),) = FROZEN[name]
    return record(parse_cards(deck), acts.split(), dealer=Seat[dealer], profile=profile)
NAMES = {"PlayerA": "Anna", "PlayerB": "Bert"}
PLAYER = HeuristicPlayer()

# A hook may force an action at a position (return it) or leave the choice (None).
Hook = Callable[[Position, list[Action]], Action | None]


def deck_of(forehand: str, dealer: str, indicator: str, talon: str = "") -> list[Card]:
    """A deck order that deals these hands (S3); unnamed cards fill the talon."""
    fh, dl, ind, tal = (parse_cards(x) for x in (forehand, dealer, indicator, talon))
    used = {*fh, *dl, *ind, *tal}
    tal = tal + [c for c in PACK20.cards if c not in used]
    return [*fh[:3], *dl[:3], ind[0], *fh[3:], *dl[3:], *tal]


def play_out(deck: Sequence[int], dealer: Seat, profile: Profile, hook: Hook | None = None,
             claim_last: bool = True) -> list[Action]:
    """Heuristic play from the deal to the end; ``hook`` may force actions."""
    rng = random.Random(0)
    pos = Position.deal(deck, dealer, profile)
    actions: list[Action] = []
    while pos.outcome is None:
        forced = hook(pos, actions) if hook else None
        if forced is not None:
            a = forced
        elif CLAIM in pos.legal_actions() and pos.lead >= 0:
            a = CLAIM if pos.claim_is_correct(pos.leader) else _follow(pos, rng)
        else:
            seat = pos.to_move
            assert seat is not None
            choice = PLAYER.act(view(pos, seat), rng)
            assert choice is not None
            a = choice
        pos = pos.play(a)
        actions.append(a)
    c = pos.leader if pos.legal_actions() else None  # the last trick's winner may claim (E2 a)
    if claim_last and c is not None and pos.claim_is_correct(c):
        actions.append(CLAIM)
    return actions


def _follow(pos: Position, rng: random.Random) -> Action:
    seat = pos.to_move
    assert seat is not None
    v = view(pos, seat)
    choice = PLAYER.act(v, rng)
    assert choice is not None
    return choice


def record(deck: Sequence[int], actions: Sequence[Action | str], *, dealer: Seat = Seat.B,
           profile: Profile = SOFT, tags: dict[str, str] | None = None) -> Record:
    t = {"Event": "Study deals", **NAMES, **(tags or {})}
    return Record.from_actions([CARDS[c] for c in deck], actions, dealer=dealer,
                               profile=profile, tags=t)


def note(rec: Record, step: int, text: str) -> None:
    """A comment on the move that leads to ``step`` (0: on the deal)."""
    if step == 0:
        rec.main.comments.append(text)
    else:
        rec.main.moves[step - 1].comments.append(text)


def search(seed: int, profile: Profile, want: Callable[[Record], bool],
           hook_for: Callable[[random.Random], Hook | None] = lambda r: None,
           tries: int = 20000, claim_last: bool = True) -> Record:
    rng = random.Random(seed)
    for _ in range(tries):
        deck = list(range(20))
        rng.shuffle(deck)
        acts = play_out(deck, Seat.B, profile, hook_for(rng), claim_last)
        rec = record(deck, acts, profile=profile)
        if want(rec):
            return rec
    raise SystemExit(f"no deal found for seed {seed}")


def positions(rec: Record) -> list[Position]:
    return rec.positions()


# -- the deals -----------------------------------------------------------------------------

def closing_wins_three() -> Record:
    deck = deck_of("AS TS KS QS AH", "AD TD KD QC JC", "JS")
    rec = record(deck, ["C", "AS", "JC", "KS+40", "QC", "TS", "KD", "66"])
    note(rec, 0, "Anna holds the four top trumps with the trump marriage; Bert has "
                 "not won a trick. A closing now that reaches 66 is worth 3 (C2).")
    note(rec, 1, "Closing at once: from now on Bert must follow suit and trump (F2), "
                 "and nobody draws.")
    note(rec, 4, "Anna has won a trick, so the 40 counts at once: 13 + 40 = 53.")
    note(rec, 8, "74 points: a correct claim. Bert had no trick when Anna closed: 3 game "
                 "points, whatever Bert might have taken later.")
    rec.main.moves[0].nags.append(1)
    return rec


def marriage_claim() -> Record:
    deck = deck_of("TD KC AS KH QH", "AD JC TS QS KD", "TH")
    rec = record(deck, ["TD", "AD", "JC", "KC", "AS", "TS", "KH+40", "66"])
    note(rec, 0, "The rules' worked example: 27 points, then the trump marriage: "
                 "27 + 40 = 67.")
    note(rec, 2, "Bert takes 21 with the ace of diamonds: one trick worth 21.")
    note(rec, 6, "Anna has 6 + 21 = 27.")
    note(rec, 7, "Leading the trump king announces 40: 27 + 40 = 67.")
    note(rec, 8, "A claim right after the announcement (E2 b) is correct at once. Bert "
                 "has 21 (< 33) and a trick: 2 game points (G1), the counter goes 7 - 2 = 5.")
    rec.main.moves[6].nags.append(3)
    return rec


def _close_score(rec: Record) -> int:
    ps = rec.positions()
    return next((p.score(p.closed_by) for p in ps if p.closed), 0)


def failed_closing() -> Record:
    def hook_for(rng: random.Random) -> Hook:
        at = rng.randrange(1, 4)

        def hook(pos: Position, acts: list[Action]) -> Action | None:
            if (pos.tricks_played == at and pos.lead < 0 and pos.leader == Seat.A
                    and CLOSE in pos.legal_actions() and not pos.closed):
                return CLOSE
            return None
        return hook

    def want(rec: Record) -> bool:
        fin = rec.final
        out = rec.outcome
        return (fin is not None and out is not None and fin.closed_by == Seat.A
                and out.winner == Seat.B and out.game_points == 2
                and 55 <= fin.score(0) < 66 and out.end is End.LAST_TRICK
                and _close_score(rec) >= 40)

    rec = frozen("failed-closing", SOFT, lambda: search(11, SOFT, want, hook_for))
    ps = positions(rec)
    close_step = next(i for i, p in enumerate(ps) if p.closed)
    pc = ps[close_step]
    note(rec, 0, "A closing that falls short: count before you close.")
    t = pc.tricks[1]
    note(rec, close_step, f"Anna closes with {pc.score(0)} points against {pc.score(1)}; "
                          f"Bert has {t} trick{'s' if t != 1 else ''}, so a failure "
                          "costs 2 (C3).")
    rec.main.moves[close_step - 1].nags.append(2)
    fin = ps[-1]
    note(rec, len(ps) - 1, f"The last trick is played and Anna has only {fin.score(0)}: "
                           "the closing failed, Bert gets 2 game points (C3).")
    return rec


def false_claim() -> Record:
    def hook_for(rng: random.Random) -> Hook:
        def hook(pos: Position, acts: list[Action]) -> Action | None:
            if pos.lead < 0 and pos.claim_by == Seat.B and 60 <= pos.score(1) < 66:
                return CLAIM
            return None
        return hook

    def want(rec: Record) -> bool:
        out = rec.outcome
        return out is not None and out.end is End.FALSE_CLAIM and out.claimant == Seat.B

    rec = frozen("false-claim", SOFT, lambda: search(5, SOFT, want, hook_for))
    ps = positions(rec)
    last = len(ps) - 1
    before = ps[last - 1]
    note(rec, 0, "Counting matters: a claim with less than 66 loses the deal.")
    out = rec.outcome
    assert out is not None
    note(rec, last, f"Bert claims with {before.score(1)} points, short of 66: a false "
                    f"claim. Anna gets {out.game_points} game points (G2).")
    rec.main.moves[-1].nags.append(4)
    return rec


def last_trick() -> Record:
    def want(rec: Record) -> bool:
        out = rec.outcome
        fin = rec.final
        if out is None or fin is None or out.end is not End.LAST_TRICK or fin.closed:
            return False
        ps = rec.positions()
        pre = ps[-3]
        loser = out.winner.other
        return max(fin.scores) < 66 and pre.score(loser) > pre.score(out.winner)

    rec = frozen("last-trick", SOFT, lambda: search(3, SOFT, want, claim_last=False))
    ps = positions(rec)
    out = rec.outcome
    assert out is not None
    note(rec, 0, "Nobody reaches 66: the last trick decides the deal (G3).")
    tr = ps[-3]
    w = out.winner
    note(rec, len(ps) - 3, f"Before the last trick {rec.player_names[w.other]} leads on "
                           f"points, {tr.score(w.other)} to {tr.score(w)}.")
    note(rec, len(ps) - 1, f"{rec.player_names[w]} takes the last trick and with it the "
                           f"deal: 1 game point, whatever the scores "
                           f"({ps[-1].score(0)} : {ps[-1].score(1)}).")
    return rec


def strict_deal() -> Record:
    def want(rec: Record) -> bool:
        acts = rec.actions
        return (any(a.kind.value == "marriage" for a in acts)
                and any(a is CLOSE for a in acts) and rec.outcome is not None
                and rec.outcome.end is End.CLAIM and 14 <= len(acts) <= 22)

    def hook_for(rng: random.Random) -> Hook:
        at = rng.randrange(1, 4)

        def hook(pos: Position, acts: list[Action]) -> Action | None:
            if (pos.tricks_played == at and pos.lead < 0 and CLOSE in pos.legal_actions()
                    and pos.score(pos.leader) >= 30):
                return CLOSE
            return None
        return hook

    rec = frozen("strict-profile", STRICT, lambda: search(7, STRICT, want, hook_for))
    ps = positions(rec)
    note(rec, 0, "Strict rules: closing needs a talon of 4 or more, a marriage is led "
                 "with the king, and a player may look only at the last trick, until the "
                 "next lead (K1): everything else must be remembered.")
    for i, a in enumerate(rec.actions, 1):
        if a.kind.value == "marriage":
            note(rec, i, f"Strict: the marriage is led with the king ({action_text(a)}).")
        if a is CLOSE:
            note(rec, i, f"Closing with {ps[i].talon_size} cards in the talon "
                         f"(strict needs 4).")
    return rec


GUESS_DECK = "TC AC JH AH AD QD JC JD JS TD KC KS AS QS KD QC QH KH TS TH"
GUESS_ACTIONS = "JD TD QD JH QS+20 AS JS KS C AH AC TC KC QC AD KD KH 66"


def closing_guess() -> Record:
    """A closing where seeing every card wins, but the lead must guess (docs/closing.md).

    The deal is heuristic-vs-heuristic.psn's match 2-15, deal 5 (the 107th record), to
    the lead where Bert may close; there he closes and leads the ace of hearts, and the
    rest is played double dummy (both sides' best).
    """
    rec = record(parse_cards(GUESS_DECK), GUESS_ACTIONS.split())
    note(rec, 0, "Strategy fusion, from a real deal (heuristic-vs-heuristic.psn, match "
                 "2-15, deal 5): seeing every card Bert would win this closing whatever "
                 "Anna holds; not seeing them, the best he can do is a guess.")
    note(rec, 9, "Bert closes with 43 against 14; he holds K♥ Q♥, A♥, A♦ and the K♣ "
                 "(clubs are trumps). Anna has a trick, so a failure costs 2 (C3). Six "
                 "cards are unseen: A♣ 10♣ Q♣ K♦ 10♥ 10♠; Anna holds five of them, the sixth "
                 "lies face down in the talon. A♦ first wins unless the K♦ is the hidden "
                 "card, A♥ first wins unless the 10♥ is: Anna would then have to trump. "
                 "Seeing her hand Bert would always win (double dummy: 6 hands of 6); the "
                 "best plan wins 5 of 6.")
    note(rec, 10, "Bert leads the ace of hearts: he bets that Anna holds the 10♥.")
    note(rec, 11, "The 10♥ is the hidden card: Anna has no heart and must trump (F2).")
    note(rec, 18, "Anna reaches 66 and claims: the closing failed, Anna gets 2 game "
                  "points (C3).")
    return rec


def small_match() -> list[Record]:
    rng = random.Random(21)
    b = Bummerl()
    recs: list[Record] = []
    while not b.is_decided:
        if SEARCH:
            deck = list(range(20))
            rng.shuffle(deck)
            acts: Sequence[Action | str] = play_out(deck, b.dealer, SOFT)
        else:
            d, a, dealer = FROZEN["small-match"][len(recs)]
            deck = [int(c) for c in parse_cards(d)]
            acts = a.split()
            assert Seat[dealer] == b.dealer
        rec = record(deck, acts, dealer=b.dealer,
                     tags={"Match": "study-1", "Deal": str(b.next_deal),
                           "Score": f"{b.counters[0]}-{b.counters[1]}"})
        b = b.after(rec.outcome, b.dealer)
        note(rec, 0, f"Deal {len(recs) + 1} of the match; counters before it "
                     f"{rec.tags['Score']}.")
        recs.append(rec)
    return recs


FILES: dict[str, Callable[[], Record | list[Record]]] = {
    "closing-wins-3.psn": closing_wins_three,
    "failed-closing.psn": failed_closing,
    "false-claim.psn": false_claim,
    "marriage-claim-67.psn": marriage_claim,
    "last-trick.psn": last_trick,
    "strict-profile.psn": strict_deal,
    "small-match.psn": small_match,
    "closing-guess.psn": closing_guess,
}


def write_files(files: dict[str, Callable[[], Record | list[Record]]],
                write: bool = True) -> None:
    """Build each file's deals, check that they read back valid, and write them here
    (with ``write``); print what each holds."""
    for name, build in files.items():
        got = build()
        recs = got if isinstance(got, list) else [got]
        text = psn.dumps(recs)
        back = psn.loads(text)
        assert all(r.ok for r in back), (name, [r.errors for r in back])
        if write:
            with atomic_write(HERE / name) as f:
                f.write(text)
        print(f"{name}: {len(recs)} deal(s), " + ", ".join(r.result_text for r in back))


def main() -> None:
    global SEARCH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--search", action="store_true",
                    help="run the seeded searches again instead of the frozen deals")
    SEARCH = ap.parse_args().search
    write_files(FILES)


if __name__ == "__main__":
    main()
