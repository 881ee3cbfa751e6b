"""A small scorer written from BAUERN.md alone, to check the referee's outcomes.

It replays a legal deal from its deck and tokens in the plainest way (lists of card
names, no bit masks, nothing from the engine but card parsing) and says who won, how
many game points and how the deal ended, with 20 cards or with the 24 of section BN
(the nines: six cards a hand, six tricks).
"""

from __future__ import annotations

from schnapsen_lab.cards import parse_card

RANKS = "ATKQJ9"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
VALUES = {"schnapser": 6, "gang": 9, "bauernschnapser": 12, "kontraschnapser": 12}
SEATS = "NESW"


def _name(token: str) -> str:
    return str(parse_card(token))


def _winner(trick: list[tuple[int, str]], trump: str | None) -> int:
    """The seat that wins a trick of (seat, card) pairs (BP3)."""
    led = trick[0][1][1]
    trumps = [(s, c) for s, c in trick if trump is not None and c[1] == trump]
    pool = trumps or [(s, c) for s, c in trick if c[1] == led]
    return min(pool, key=lambda sc: RANKS.index(sc[1][0]))[0]


def score_deal(deck: list[str], dealer: int, knock: bool, tokens: list[str]
               ) -> tuple[str, int, str] | None:
    """(winning seats in N E S W order, game points, end) of a legal deal, or None
    while it is unfinished."""
    f = (dealer + 1) % 4
    order = [(f + k) % 4 for k in range(4)]
    hands: dict[int, list[str]] = {s: [] for s in range(4)}
    n = len(deck) // 4  # cards a hand and tricks a deal: 5, or 6 with 24 cards (BN3, BN5)
    rest = n - 3  # the second packet after a cut: 2, or 3 (BD2, BN3)
    if knock:
        for k, s in enumerate(order):
            hands[s] = deck[n * k:n * k + n]
    else:
        for k, s in enumerate(order):
            hands[s] = deck[3 * k:3 * k + 3] + deck[12 + rest * k:12 + rest * (k + 1)]
    toks = list(tokens)
    t = toks.pop(0)
    trump: str | None = (deck[3] if knock else deck[12])[1] if t.upper() == "T:UP" \
        else t[2:].upper()
    sides = [{0, 2}, {1, 3}]
    if toks and toks[0].upper().startswith("P:"):
        card = _name(toks.pop(0)[2:])
        holder = next(s for s in range(4) if card in hands[s])
        sides = [{f, holder}, set(range(4)) - {f, holder}]
    contract, declarer, spritzer = None, -1, -1
    for k in range(4):
        if not toks:
            return None
        word = toks.pop(0).lower()
        if word == "spritze":
            spritzer = order[k]
        elif word in VALUES:
            contract, declarer = word, order[k]
    if contract == "gang":
        trump = None

    def side_of(seat: int) -> int:
        return 0 if seat in sides[0] else 1

    # BA4: a spritze stands when the game's holder (the declarer, else forehand) is not
    # on the spritzer's side when the round is over; otherwise it lapsed
    holder = declarer if declarer >= 0 else f
    mult = 2 if spritzer >= 0 and side_of(spritzer) != side_of(holder) else 1

    def names(side: int) -> str:
        return "".join(SEATS[s] for s in range(4) if s in sides[side])

    leader = declarer if contract in ("schnapser", "gang", "bauernschnapser") else f
    points = [0] * 4
    won = [0] * 4
    married = [0] * 4
    trick: list[tuple[int, str]] = []
    claim_side = -1
    tricks = 0
    last_winner = -1

    def team_score(side: int) -> int:
        seats = sides[side]
        total = sum(points[s] for s in seats)
        if contract is None:
            if any(won[s] for s in seats):
                total += sum(married[s] for s in seats)
        elif contract in ("schnapser", "kontraschnapser") and declarer in seats \
                and won[declarer]:
            total += married[declarer]
        return total

    def contract_over() -> tuple[str, int, str] | None:
        d = declarer
        own = points[d] + (married[d] if won[d] else 0)
        if contract in ("schnapser", "kontraschnapser"):
            if own >= 66:
                return names(side_of(d)), VALUES[contract] * mult, "contract_made"
            if tricks == 3:
                return names(1 - side_of(d)), VALUES[contract] * mult, "contract_broken"
        else:
            if tricks and last_winner != d:
                return names(1 - side_of(d)), VALUES[str(contract)] * mult, "contract_broken"
            if tricks == n:
                return names(side_of(d)), VALUES[str(contract)] * mult, "contract_made"
        return None

    for tok in toks:
        if tok == "66":
            mine, other = claim_side, 1 - claim_side
            if team_score(mine) >= 66:
                ot = sum(won[s] for s in sides[other])
                gp = 3 if ot == 0 else (2 if team_score(other) <= 33 else 1)
                return names(mine), gp * mult, "claim"
            ot = sum(won[s] for s in sides[other])
            return names(other), (3 if ot == 0 else 2) * mult, "false_claim"
        seat = (leader + len(trick)) % 4
        if "+" in tok:
            card, pts = tok.split("+")
            married[seat] += int(pts)
            trick.append((seat, _name(card)))
            claim_side = side_of(seat)
            if contract is not None:
                over = contract_over()
                if over is not None:
                    return over
            continue
        trick.append((seat, _name(tok)))
        if len(trick) == 1:
            claim_side = -1
        if len(trick) == 4:
            w = _winner(trick, trump)
            points[w] += sum(POINTS[c[0]] for _, c in trick)
            won[w] += 1
            tricks += 1
            last_winner = w
            leader = w
            trick = []
            claim_side = side_of(w)
            if contract is not None:
                over = contract_over()
                if over is not None:
                    return over
    if contract is None and tricks == n:
        return names(side_of(last_winner)), mult, "last_trick"
    return None
