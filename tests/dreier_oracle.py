"""A small referee written from DREIER.md alone, to check the engine's outcomes and scores.

It replays a deal from its deck and tokens in the plainest way (lists of card names, no
bit masks, nothing from the engine but card parsing): the deal with its talon (3D2), the
calls (3A3), the lay-away (3T1), the cards that may follow (3P2, with the duty to head of
3F1), the contracts made or broken (3K2-3K4), claims and game points (3E, 3G). It says who
won, how many game points, how the deal ended, and both sides' scores and tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from schnapsen_lab.cards import parse_card

RANKS = "ATKQJ"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
VALUES = {"bettler": 4, "schnapser": 6, "gang": 9, "bauernschnapser": 12,
          "kontraschnapser": 12, "kontrabauernschnapser": 24}
SEATS = "ABC"


def _name(token: str) -> str:
    return str(parse_card(token))


def _beats(card: str, best: str, trump: str | None) -> bool:
    """Whether ``card`` beats the card now winning the trick (3P3)."""
    if card[1] == best[1]:
        return RANKS.index(card[0]) < RANKS.index(best[0])
    return trump is not None and card[1] == trump


@dataclass
class Deal:
    """A deal being replayed, token by token."""

    deck: list[str]
    dealer: int
    must_head: bool = False
    hands: dict[int, list[str]] = field(default_factory=dict)
    forehand: int = 0
    trump: str | None = None
    calls: list[str] = field(default_factory=list)
    contract: str | None = None
    declarer: int = -1
    spritze: bool = False
    laid: list[str] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    leader: int = -1
    won: dict[int, list[list[str]]] = field(default_factory=dict)
    marriages: dict[int, int] = field(default_factory=dict)
    tricks_done: int = 0
    last_winner: int = -1
    result: tuple[str, int, str] | None = None

    def __post_init__(self) -> None:
        f = (self.dealer + 1) % 3
        self.forehand = f
        d = self.deck
        for k in range(3):
            s = (f + k) % 3
            self.hands[s] = [*d[3 * k:3 * k + 3], *d[11 + 3 * k:14 + 3 * k]]
            self.won[s] = []
            self.marriages[s] = 0

    # -- sides and scores (3E1, 3K2, 3M2) --------------------------------------------------
    def side(self, seat: int) -> set[int]:
        d = self.declarer
        return {d} if seat == d else {s for s in range(3) if s != d}

    def score(self, seats: set[int]) -> int:
        pts = sum(POINTS[c[0]] for s in seats for t in self.won[s] for c in t)
        has_trick = any(self.won[s] for s in seats)
        if self.contract is None:
            return pts + (sum(self.marriages[s] for s in seats) if has_trick else 0)
        d = self.declarer
        if self.contract in ("schnapser", "kontraschnapser") and d in seats and self.won[d]:
            pts += self.marriages[d]
        return pts

    def tricks(self, seats: set[int]) -> int:
        return sum(len(self.won[s]) for s in seats)

    def letters(self, seats: set[int]) -> str:
        return "".join(SEATS[s] for s in sorted(seats))

    def end(self, seats: set[int], points: int, how: str) -> None:
        self.result = (self.letters(seats), points * (2 if self.spritze else 1), how)

    # -- the play --------------------------------------------------------------------------
    def may_follow(self, seat: int) -> list[str]:
        """The cards ``seat`` may play to the trick in progress (3P2, 3F1)."""
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        led = self.trick[0][1][1]
        best = self.trick[0][1]
        for _, c in self.trick[1:]:
            if _beats(c, best, self.trump):
                best = c
        same = [c for c in hand if c[1] == led]
        bound = same or [c for c in hand if self.trump is not None and c[1] == self.trump]
        if not bound:
            return list(hand)
        if self.must_head:
            higher = [c for c in bound if _beats(c, best, self.trump)]
            return higher or bound
        return bound

    def play(self, token: str) -> None:
        """Apply one token of a legal record."""
        t = token
        if t.startswith("T:"):
            if t[2:].lower() == "up":
                self.trump = self.deck[11][1]
            else:
                self.trump = t[2:].upper()
            return
        if t.lower() in ("weiter", "spritze", *VALUES):
            word = t.lower()
            speaker = (self.forehand + len(self.calls)) % 3
            self.calls.append(word)
            if word == "spritze":
                self.spritze = True
            elif word != "weiter":
                self.contract, self.declarer = word, speaker
            if len(self.calls) == 3:
                if self.contract is None:
                    self.declarer = self.forehand
                self.hands[self.declarer] += self.deck[9:11]
            return
        if t.startswith("L:"):
            c = _name(t[2:])
            self.hands[self.declarer].remove(c)
            self.laid.append(c)
            if len(self.laid) == 2:
                if self.contract in ("gang", "bettler"):
                    self.trump = None
                own = self.contract in ("bettler", "schnapser", "gang", "bauernschnapser")
                self.leader = self.declarer if own else self.forehand
            return
        if t == "66":
            side = self.side(self.last_winner)
            other = set(range(3)) - side
            if self.score(side) >= 66:
                lose = self.score(other)
                points = 3 if not self.tricks(other) else (2 if lose <= 33 else 1)
                self.end(side, points, "claim")
            else:
                self.end(other, 3 if not self.tricks(other) else 2, "false_claim")
            return
        married = "+" in t
        card = _name(t.split("+")[0])
        seat = (self.leader + len(self.trick)) % 3
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        d = self.declarer
        if married:
            self.marriages[seat] += int(t.split("+")[1])
            self.last_winner = seat  # a claim after the announcement is this side's
            if (self.contract in ("schnapser", "kontraschnapser") and seat == d and self.won[d]
                    and self.score({d}) >= 66):
                self.end({d}, VALUES[self.contract], "contract_made")
            return
        if len(self.trick) < 3:
            return
        best_seat, best = self.trick[0]
        for s, c in self.trick[1:]:
            if _beats(c, best, self.trump):
                best_seat, best = s, c
        self.won[best_seat].append([c for _, c in self.trick])
        self.trick = []
        self.leader = best_seat
        self.last_winner = best_seat
        self.tricks_done += 1
        n = self.tricks_done
        c = self.contract
        defenders = set(range(3)) - {d}
        if c is None:
            if n == 6:
                self.end(self.side(best_seat), 1, "last_trick")
        elif c in ("gang", "bauernschnapser", "kontrabauernschnapser"):
            if best_seat != d:
                self.end(defenders, VALUES[c], "contract_broken")
            elif n == 6:
                self.end({d}, VALUES[c], "contract_made")
        elif c == "bettler":
            if best_seat == d:
                self.end(defenders, VALUES[c], "contract_broken")
            elif n == 6:
                self.end({d}, VALUES[c], "contract_made")
        elif best_seat == d and self.score({d}) >= 66:
            self.end({d}, VALUES[c], "contract_made")
        elif n == 3:
            self.end(defenders, VALUES[c], "contract_broken")
