"""What happened in one deal: closing, marriages, the trump-jack exchange, missed claims;
for four players the auction, the contract, the sides and their marriages.

Pure functions of a :class:`~schnapsen_lab.psn.Record`: the record's main line is
replayed with the engine (:class:`~schnapsen_lab.rules.Position`, for four players the
referee's position where the reader left it), so every figure follows the rules in
RULES.md and BAUERN.md. Nothing here needs pandas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..psn import Record
from ..rules import ActionKind, Position

if TYPE_CHECKING:
    from ..games.bauern.rules import Position as BauernPosition

__all__ = ["BauernFeatures", "DealFeatures", "ScorePoint", "bauern_features", "deal_features",
           "score_trajectory"]


@dataclass(frozen=True, slots=True)
class DealFeatures:
    """Facts of one deal's main line, per player as ``(A, B)`` pairs.

    ``closer`` is the seat (0 A, 1 B) that closed the talon or -1; ``close_talon`` is the
    talon size (face-down cards plus the indicator) and ``close_trick`` the number of the
    trick about to be led when it closed; ``close_opp_score``/``close_opp_tricks`` are the
    opponent's score and tricks at that moment (C1). ``marriages20``/``marriages40`` count
    announcements, ``pending_marriages`` those that never counted (M2: the announcer won
    no trick). ``exchanged_by`` is the seat that exchanged the trump jack or -1.
    ``held66`` is True for a player who could have claimed correctly and did something
    else (or let the deal end): E4. ``actions`` counts the main line's actions.
    """

    closer: int
    close_talon: int | None
    close_trick: int | None
    close_opp_score: int | None
    close_opp_tricks: int | None
    marriages20: tuple[int, int]
    marriages40: tuple[int, int]
    pending_marriages: tuple[int, int]
    marriage_points: tuple[int, int]
    exchanged_by: int
    tricks: tuple[int, int]
    scores: tuple[int, int]
    held66: tuple[bool, bool]
    actions: int


def deal_features(record: Record) -> DealFeatures | None:
    """The facts of the record's main line; None when it has no playable deck."""
    if record.deck is None:
        return None
    try:
        pos = record.start()
    except ValueError:
        return None
    closer = -1
    close_talon: int | None = None
    close_trick: int | None = None
    m20 = [0, 0]
    m40 = [0, 0]
    exchanged_by = -1
    held = [False, False]
    n = 0
    actions = record.actions
    if record.errors:  # a line built by hand: stop where it goes wrong
        done = record.game.replay(pos, actions, keep=False)
        if done.index is not None:
            actions = actions[:done.index]
    for a in actions:
        kind = a.kind
        cb = pos.claim_by
        # a correct claim was available (after a trick won, or after a marriage)
        if (kind is not ActionKind.CLAIM and cb >= 0 and pos.outcome is None
                and pos.trick_points[cb] + pos.marriage_points[cb] >= 66):
            held[cb] = True
        if kind is ActionKind.CLOSE:
            closer = pos.leader
            close_talon = pos.talon_size
            close_trick = pos.tricks_played + 1
        elif kind is ActionKind.MARRIAGE:
            if a.points == 40:
                m40[pos.leader] += 1
            else:
                m20[pos.leader] += 1
        elif kind is ActionKind.EXCHANGE:
            exchanged_by = pos.leader
        pos.apply_unchecked(a)
        n += 1
    if pos.outcome is not None and pos.legal_actions() and pos.claim_is_correct(pos.leader):
        held[pos.leader] = True  # the last trick's winner could claim (E2 a) and did not
    pending = tuple(m20[s] + m40[s] if pos.tricks[s] == 0 else 0 for s in (0, 1))
    return DealFeatures(
        closer=closer,
        close_talon=close_talon,
        close_trick=close_trick,
        close_opp_score=pos.closed_opp_score if closer >= 0 else None,
        close_opp_tricks=pos.closed_opp_tricks if closer >= 0 else None,
        marriages20=(m20[0], m20[1]),
        marriages40=(m40[0], m40[1]),
        pending_marriages=(pending[0], pending[1]),
        marriage_points=(pos.marriage_points[0], pos.marriage_points[1]),
        exchanged_by=exchanged_by,
        tricks=(pos.tricks[0], pos.tricks[1]),
        scores=pos.scores,
        held66=(held[0], held[1]),
        actions=n,
    )


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """Both E1 scores after an action: ``step`` counts actions from 1, ``trick`` tricks done."""

    step: int
    trick: int
    action: str
    score_a: int
    score_b: int
    pending_a: int
    pending_b: int


def score_trajectory(record: Record) -> list[ScorePoint]:
    """The scores after each action of the main line (up to any error), starting with the
    deal (step 0); two-player records."""
    done = record.game.replay(record.start(), record.actions)
    out = [ScorePoint(0, 0, "", 0, 0, 0, 0)]
    positions: tuple[Position, ...] = done.positions
    for step, (pos, a) in enumerate(zip(positions[1:], record.actions, strict=False), 1):
        sa, sb = pos.scores
        out.append(ScorePoint(step, pos.tricks_played, str(a), sa, sb,
                              pos.pending[0], pos.pending[1]))
    return out


# -- four players --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BauernFeatures:
    """Facts of one four-player deal's main line (BAUERN.md), up to any error.

    Seats are ints 0-3 (N, E, S, W), -1 where there is none; sides are 4-bit seat masks.
    Per-side figures are ``(forehand's side, the other side)`` pairs: with fixed partners
    forehand's team, with called partners forehand and the holder of the called card.
    ``trump_turned`` is None before trump is fixed; ``turned_card`` the card value turned up
    (BR2) or -1; ``trump`` the trump in play (-1 in Gang or before it is fixed).
    ``called`` and ``partner`` are the called card and its holder (BC1; forehand himself
    when he holds it, BC2), ``partner_known_step``/``partner_known_trick`` the action
    (from 1) and the trick at which the called card fell (BC3). ``calls`` are the calls in
    speaking order from forehand; ``contract`` is ``normal`` once the round is over without
    one, else the contract's word, or None while the round lasts. ``decided_step`` and
    ``decided_trick`` say where the outcome was fixed (the last action of a finished main
    line; the trick just won, or the one being led on a marriage announcement).
    ``pending`` counts each side's marriages that never counted (BM2, BK5 and BK2: the side
    won no trick; in Schnapser and Kontraschnapser every marriage but the declarer's own
    after his first trick). ``declarer_score`` is BK2's score in Schnapser and
    Kontraschnapser.
    """

    dealer: int
    forehand: int
    knock: bool
    trump_turned: bool | None
    turned_card: int
    trump: int
    called: int
    partner: int
    partner_known_step: int | None
    partner_known_trick: int | None
    calls: tuple[str, ...]
    contract: str | None
    declarer: int
    declarer_score: int | None
    spritze: int
    spritze_stands: bool
    sides: tuple[int, int]
    winners: int
    claimant: int
    game_points: int | None
    end: str | None
    made: bool | None
    decided_step: int | None
    decided_trick: int | None
    tricks: tuple[int, int]
    scores: tuple[int, int]
    marriages20: tuple[int, int]
    marriages40: tuple[int, int]
    pending_marriages: tuple[int, int]
    actions: int


def bauern_features(record: Record) -> BauernFeatures | None:
    """The facts of a four-player record's main line (up to its first error); None when
    the deal never started (no playable deck, or a tag such as Cut keeps it from starting)."""
    from ..games.bauern.rules import Kind
    from ..games.bauern.rules import Position as BPos

    fin: BauernPosition | None = record.final
    if not isinstance(fin, BPos):
        return None
    actions = [m.action for m in record.main.moves]
    hands: list[int] | None = None  # as dealt, for who announced a marriage
    trump_turned: bool | None = None
    known_step: int | None = None
    known_trick: int | None = None
    m20 = [0, 0, 0, 0]
    m40 = [0, 0, 0, 0]
    cards = 0
    called = fin.called
    for step, a in enumerate(actions, 1):
        kind = a.kind
        if kind is Kind.PLAY or kind is Kind.MARRIAGE:
            cards += 1
            if a.card == called and known_step is None:
                known_step, known_trick = step, (cards - 1) // 4 + 1
            if kind is Kind.MARRIAGE:
                if hands is None:
                    hands = BPos.dealt(fin.deck, fin.dealer, fin.profile, fin.knock).hands
                card = a.card
                seat = next(s for s in range(4) if hands[s] >> card & 1)
                (m40 if a.points == 40 else m20)[seat] += 1
        elif kind is Kind.TRUMP:
            trump_turned = a.suit is None
    fh = fin.forehand
    side_fh = fin.side[fh]
    sides = (side_fh, 1 - side_fh)
    masks = (fin.side_seats[side_fh], fin.side_seats[1 - side_fh])
    contract = fin.contract
    auction_over = len(fin.calls) == 4
    tricks = (fin.side_tricks(0), fin.side_tricks(1))
    if contract is None:  # whose marriages count in the end (BM2, BK2, BK5)
        counted = [tricks[fin.side[s]] > 0 for s in range(4)]
    else:
        counted = [not contract.all_tricks and s == fin.declarer and fin.won[s] > 0
                   for s in range(4)]

    def per_side(values: list[int]) -> tuple[int, int]:
        return (sum(values[s] for s in range(4) if masks[0] >> s & 1),
                sum(values[s] for s in range(4) if masks[1] >> s & 1))

    pending = [0 if counted[s] else m20[s] + m40[s] for s in range(4)]
    out = fin.outcome
    end = out.end.value if out is not None else None
    made = None
    if end == "contract_made":
        made = True
    elif end == "contract_broken":
        made = False
    schnapser = contract is not None and not contract.all_tricks
    return BauernFeatures(
        dealer=fin.dealer,
        forehand=fh,
        knock=fin.knock,
        trump_turned=trump_turned,
        turned_card=(fin.deck[3 if fin.knock else 12] if trump_turned else -1),
        trump=fin.trump if 0 <= fin.trump < 4 else -1,
        called=called,
        partner=fin.partner if called >= 0 else -1,
        partner_known_step=known_step,
        partner_known_trick=known_trick,
        calls=tuple(c.value for c in fin.calls),
        contract=(contract.value if contract is not None
                  else "normal" if auction_over else None),
        declarer=fin.declarer,
        declarer_score=fin.declarer_score() if schnapser else None,
        spritze=fin.spritze,
        spritze_stands=fin.spritze_stands,
        sides=masks,
        winners=out.winners if out is not None else 0,
        claimant=out.claimant if out is not None else 0,
        game_points=out.game_points if out is not None else None,
        end=end,
        made=made,
        decided_step=len(actions) if out is not None else None,
        decided_trick=(fin.tricks_played + (1 if fin.table else 0)
                       if out is not None else None),
        tricks=(tricks[sides[0]], tricks[sides[1]]),
        scores=(fin.score(sides[0]), fin.score(sides[1])),
        marriages20=per_side(m20),
        marriages40=per_side(m40),
        pending_marriages=per_side(pending),
        actions=len(actions),
    )
