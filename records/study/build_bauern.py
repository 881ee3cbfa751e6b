"""Build the four-player study deals of this folder with the engine (run from the project root).

    .venv/bin/python records/study/build_bauern.py

Each deal is written out by hand: the four hands (a seat's first three cards are the
packet it is dealt first, BD2), the trump, the calls and every card. The engine plays
them (:meth:`Record.from_actions` raises on any illegal action), the script checks that
each deal ends as its story says, adds the comments and writes the records with
``psn.dumps``; the files come out the same every time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from schnapsen_lab import psn
from schnapsen_lab.cards import Card, parse_cards
from schnapsen_lab.games.bauern import BAUERN, BAUERN_CALLED, Profile
from schnapsen_lab.io import atomic_write
from schnapsen_lab.psn import Record

HERE = Path(__file__).resolve().parent
NAMES = {"North": "Anna", "East": "Bert", "South": "Cilli", "West": "Dani"}
SEATS = "NESW"


def deck_of(hands: Mapping[str, str], dealer: str) -> list[Card]:
    """The deck order that deals these hands after a cut (BD2): three cards each from
    forehand round to the dealer, then two each. Each hand lists its first packet
    first."""
    f = (SEATS.index(dealer) + 1) % 4
    order = [SEATS[(f + k) % 4] for k in range(4)]
    cards = {s: parse_cards(hands[s]) for s in SEATS}
    assert all(len(c) == 5 for c in cards.values()), hands
    deck = [c for s in order for c in cards[s][:3]] + [c for s in order for c in cards[s][3:]]
    assert len(set(deck)) == 20, hands
    return deck


def record(hands: Mapping[str, str], dealer: str, moves: str,
           profile: Profile = BAUERN) -> Record:
    """The deal, played by the engine (trick numbers in ``moves`` are for the reader)."""
    tags = {"Event": "Study deals", **NAMES}
    actions = [t for t in moves.split() if not t.endswith(".")]
    return Record.from_actions(deck_of(hands, dealer), actions,
                               dealer=SEATS.index(dealer), profile=profile, tags=tags)


def note(rec: Record, step: int, text: str) -> None:
    """A comment on the move that leads to ``step`` (0: on the deal)."""
    if step == 0:
        rec.main.comments.append(text)
    else:
        rec.main.moves[step - 1].comments.append(text)


def step_of(rec: Record, token: str, nth: int = 1) -> int:
    """The step of the ``nth`` action written ``token``."""
    seen = 0
    for i, a in enumerate(rec.actions, 1):
        if str(a) == token:
            seen += 1
            if seen == nth:
                return i
    raise ValueError(f"no {token} in the deal")


def expect(rec: Record, result: str, end: str) -> None:
    """Check that the deal ends as its story says."""
    assert rec.ok, rec.errors
    assert rec.result_text == result, (rec.result_text, result)
    assert rec.outcome is not None and rec.outcome.end.value == end, rec.outcome


# -- the deals -------------------------------------------------------------------------------

def schnapser_in_two_tricks() -> Record:
    hands = {"E": "AH AS KC QC JS", "S": "TH TS JC KD QD", "W": "AD AC TC TD JD",
             "N": "KH QH JH KS QS"}
    rec = record(hands, "N", "T:H schnapser weiter weiter weiter "
                             "1. AH TH AD JH 2. AS TS AC QS")
    expect(rec, "EW 6", "contract_made")
    note(rec, 0, "Bert (E, forehand) holds the ace of trumps and the ace of spades, and "
                 "knows where the points must come from: a Schnapser needs 66 of his own "
                 "within three tricks (BK2).")
    note(rec, step_of(rec, "schnapser"), "Schnapser: worth 6. Bert leads the first trick "
                                         "himself.")
    note(rec, step_of(rec, "AD"), "Dani (W) has no heart and no trump to play: she may "
                                  "throw anything, and feeds her partner the ace.")
    note(rec, step_of(rec, "JH"), "Bert takes 11 + 10 + 11 + 2 = 34: Cilli had to follow "
                                  "with her only heart, the ten.")
    note(rec, step_of(rec, "QS"), "35 more (Cilli's only spade is the ten, Dani throws the "
                                  "club ace): 69 in two tricks. The contract is made the "
                                  "moment he reaches 66; nobody claims (BK2, BE5).")
    return rec


def schnapser_broken_by_partner() -> Record:
    hands = {"E": "AH AS AC KD QD", "S": "TH KS QS QC JD", "W": "JH TC KC AD TD",
             "N": "KH QH TS JS JC"}
    rec = record(hands, "N", "T:H schnapser weiter weiter weiter "
                             "1. AC QC TC JC 2. AS KS JH TS 3. AD QH KD JD")
    expect(rec, "NS 6", "contract_broken")
    note(rec, 0, "A partner can break a Schnapser: only the declarer's own tricks count "
                 "for him (BK1).")
    note(rec, step_of(rec, "JC"), "Bert (E) takes 26 with the club ace.")
    note(rec, step_of(rec, "JH"), "Dani (W) has no spade and must trump (BP2): her jack of "
                                  "hearts takes the trick from her own partner. Those 27 "
                                  "points are lost to the Schnapser.")
    note(rec, step_of(rec, "JD"), "Anna trumps Dani's ace. After three tricks Bert has 26, "
                                  "short of 66: the Schnapser is broken and North-South "
                                  "score its value, 6 (BK2, BG4).")
    return rec


def gang() -> Record:
    hands = {"E": "TH TS KS QD JD", "S": "AS AH AC AD TD", "W": "TC KC QC JC KD",
             "N": "KH QH JH JS QS"}
    rec = record(hands, "N", "T:H weiter gang weiter weiter "
                             "1. AC JC KH TS 2. AS QC JS KS 3. AH TC QH TH 4. AD KD JH QD "
                             "5. TD KC QS JD")
    expect(rec, "NS 9", "contract_made")
    note(rec, 0, "A Gang: the declarer must win all five tricks himself, and nothing is "
                 "trump (BK3, BK4).")
    note(rec, 1, "Bert names hearts, but Cilli's Gang outbids the trump: in a Gang no suit "
                 "is trump.")
    note(rec, step_of(rec, "gang"), "Gang, worth 9: Cilli (S) leads every trick with the "
                                    "top card of a suit.")
    note(rec, step_of(rec, "KH"), "Anna has no club: her king of hearts would be a trump "
                                  "in any other game, but in a Gang it is only a discard.")
    note(rec, step_of(rec, "QD"), "After the diamond ace the ten is the highest diamond "
                                  "left.")
    note(rec, len(rec.actions), "Cilli wins the fifth trick too: the Gang is made, "
                                "North-South score 9 (BG4).")
    return rec


def bauernschnapser_broken_at_five() -> Record:
    hands = {"E": "JS TH AC KD QC", "S": "QH JH KC TD QD", "W": "AS TS KS AH JD",
             "N": "QS KH TC AD JC"}
    rec = record(hands, "N", "T:S weiter weiter bauernschnapser weiter "
                             "1. AS QS JS QD 2. TS JC QC QH 3. KS TC KD JH "
                             "4. AH KH TH KC 5. JD AD AC TD")
    expect(rec, "NS 12", "contract_broken")
    note(rec, 0, "A Bauernschnapser is all or nothing: every trick, by the declarer "
                 "himself (BK3).")
    note(rec, step_of(rec, "bauernschnapser"), "Dani (W) holds the three top trumps and "
                                               "the ace of hearts: four sure tricks. Her "
                                               "last card is the jack of diamonds.")
    note(rec, step_of(rec, "QS"), "Leading the top trumps draws the others: Anna and Bert "
                                  "must follow with theirs.")
    note(rec, step_of(rec, "KC"), "Four tricks, all hers.")
    note(rec, step_of(rec, "AD"), "Anna must follow diamonds and her ace takes the fifth "
                                  "trick: the Bauernschnapser is broken at the last "
                                  "trick, and North-South score 12 (BK3, BG4).")
    return rec


def spritzed_normal_game() -> Record:
    hands = {"E": "JC JS QS KS JH", "S": "KC QC AH TH AD", "W": "QH TD KD QD JD",
             "N": "AC TC AS TS KH"}
    rec = record(hands, "N", "T:C weiter weiter weiter spritze "
                             "1. JH AH QH KH 2. AD JD TC JC 3. AS KS KC QD 66")
    expect(rec, "NS 6", "claim")
    note(rec, 0, "A double (the record's word: spritze) doubles whatever the deal scores; "
                 "it is said against the side that holds the game, here forehand's normal "
                 "game (BA4).")
    note(rec, step_of(rec, "spritze"), "Nobody bids. Anna (N) sits with Cilli against "
                                       "forehand's team and doubles: the normal game "
                                       "now counts double.")
    note(rec, step_of(rec, "TC"), "Anna has no diamond and must trump (BP2): the ten of "
                                  "clubs, ten more points for her side.")
    note(rec, step_of(rec, "QD"), "Cilli trumps the spade lead: North-South have "
                                  "20 + 25 + 22 = 67.")
    note(rec, len(rec.actions), "Cilli claims for her side right after the trick (BE2). "
                                "East-West have no trick: 3 game points (BG1), doubled: "
                                "6 (BG4).")
    return rec


def false_team_claim() -> Record:
    hands = {"N": "AD AS JS TH QC", "E": "KS KH JH AC JD", "S": "TS AH KC JC TD",
             "W": "QS QH TC KD QD"}
    rec = record(hands, "W", "T:D weiter weiter weiter weiter "
                             "1. AS KS TS QS 2. TH JH AH QH 66")
    expect(rec, "EW 3", "false_claim")
    note(rec, 0, "A claim is the team's: one partner's mistake loses the deal for both "
                 "(BE2, BE3).")
    note(rec, step_of(rec, "QS"), "Anna (N) takes 28; Cilli fed her the ten of spades.")
    note(rec, step_of(rec, "QH"), "Cilli takes 26 with the ace of hearts: North-South have "
                                  "28 + 26 = 54.")
    note(rec, len(rec.actions), "Cilli claims, counting 64: a false claim. East-West "
                                "have no trick and score 3 (BG2).")
    rec.main.moves[-1].nags.append(4)
    return rec


def called_partner() -> Record:
    hands = {"E": "AC TC KS QH JD", "S": "JC QS AH AD QD", "W": "QC TS TH JH KD",
             "N": "KC AS JS KH TD"}
    rec = record(hands, "N", "T:C P:AH weiter weiter weiter weiter "
                             "1. AC JC QC KC 2. KS QS TS AS 3. KH QH AH JH "
                             "4. AD KD TD JD 66", profile=BAUERN_CALLED)
    expect(rec, "ES 2", "claim")
    note(rec, 0, "Called partners (BC): forehand calls a card, and its holder is his "
                 "partner for this deal; nobody else knows who it is until the card "
                 "falls (BC3, BW2).")
    note(rec, step_of(rec, "P:AH"), "Bert (E) calls the ace of hearts. Cilli (S) holds it: "
                                    "she knows she plays with Bert; Anna and Dani do not "
                                    "know yet.")
    note(rec, step_of(rec, "AH"), "Trick 3: Cilli must follow hearts with the called ace, "
                                  "and the table learns that East and South play "
                                  "together this deal.")
    note(rec, step_of(rec, "JD"), "Bert has 20, Cilli 20 + 27: the side has 67.")
    note(rec, len(rec.actions), "Cilli claims for her side. Anna and Dani have 28 and a "
                                "trick: 2 game points, to Bert and to Cilli each (BG1, "
                                "BC5).")
    return rec


FILES: dict[str, Callable[[], Record]] = {
    "bauern-schnapser-two-tricks.psn": schnapser_in_two_tricks,
    "bauern-schnapser-partner-breaks.psn": schnapser_broken_by_partner,
    "bauern-gang.psn": gang,
    "bauern-bauernschnapser-trick-5.psn": bauernschnapser_broken_at_five,
    "bauern-spritze.psn": spritzed_normal_game,
    "bauern-false-team-claim.psn": false_team_claim,
    "bauern-called-partner.psn": called_partner,
}


def main() -> None:
    for name, build in FILES.items():
        rec = build()
        text = psn.dumps([rec])
        (back,) = psn.loads(text)
        assert back.ok and back == rec, (name, back.errors)
        with atomic_write(HERE / name) as f:
            f.write(text)
        print(f"{name}: {back.result_text}")


if __name__ == "__main__":
    main()
