"""Test helper for the statistics tests: a tiny random self-play that writes PSN records."""

from __future__ import annotations

import random
from collections.abc import Iterator

from schnapsen_lab.cards import CARDS
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.rules import CLAIM, SOFT, Position, Profile, Seat
from schnapsen_lab.psn import Record, dumps


def random_deal(rng: random.Random, dealer: Seat, profile: Profile = SOFT,
                stop_early: bool = False) -> tuple[list[int], list[str]]:
    """A random deck and random legal actions until the deal ends (or stops early)."""
    deck = list(range(20))
    rng.shuffle(deck)
    pos = Position.deal(deck, dealer, profile)
    actions: list[str] = []
    limit = rng.randint(1, 8) if stop_early else 10_000
    while pos.outcome is None and len(actions) < limit:
        legal = pos.legal_actions()
        # claim at 66 mostly, sometimes play on; sometimes claim falsely
        if CLAIM in legal:
            seat = pos.to_move if pos.to_move is not None else Seat.A
            good = pos.claim_is_correct(seat)
            if (good and rng.random() < 0.8) or (not good and rng.random() < 0.03):
                a = CLAIM
            else:
                a = rng.choice([x for x in legal if x != CLAIM])
        else:
            a = rng.choice(legal)
        actions.append(str(a))
        pos.apply_unchecked(a)
    if (pos.outcome is not None and pos.legal_actions() and pos.claim_is_correct(pos.leader)
            and rng.random() < 0.5):
        actions.append("66")
    return deck, actions


def random_matches(seed: int, n_matches: int, names: tuple[str, str] = ("Anna", "Bert"),
                   profile: Profile = SOFT, prefix: str = "m") -> Iterator[Record]:
    """Records of ``n_matches`` complete random Bummerls, tagged Match/Deal/PlayerA/PlayerB."""
    rng = random.Random(seed)
    for m in range(n_matches):
        b = Bummerl()
        while not b.is_decided:
            deck, actions = random_deal(rng, b.dealer, profile)
            tags = {"PlayerA": names[0], "PlayerB": names[1], "Match": f"{prefix}{seed}-{m}",
                    "Deal": str(b.next_deal)}
            rec = Record.from_actions([CARDS[c] for c in deck], actions, dealer=b.dealer,
                                      profile=profile, tags=tags)
            yield rec
            b = b.after(rec.outcome, b.dealer)


def random_psn(seed: int, n_matches: int, **kw: object) -> str:
    """PSN text of :func:`random_matches`."""
    return dumps(random_matches(seed, n_matches, **kw))  # type: ignore[arg-type]


__all__ = ["random_deal", "random_matches", "random_psn"]
