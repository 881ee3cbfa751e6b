"""A rule-of-thumb player that plays like a careful club player.

:class:`HeuristicPlayer` counts (it reads the scores, the cards played and the cards
still out from its :class:`~schnapsen_lab.games.twohand.knowledge.View`), and follows these
rules, in
order, the first that applies deciding:

Claims
  1. Claim as soon as its score is at least 66 (right after a trick, right after a
     marriage announcement, after the last trick); never a false claim.

Leading, talon open
  2. Exchange the trump jack for the indicator whenever it may.
  3. Announce a marriage that brings the score to 66 (it has won a trick: the marriage
     counts at once), then claim.
  4. Close the talon when its *sure points* reach 66: the current score, plus the tricks
     it must win however the unseen cards lie (trumps higher than every unseen trump;
     once those have drawn every unseen trump, its other trumps and the side-suit cards
     higher than every unseen card of their suit), each counted with its own points
     and the smallest card the opponent could add, plus its best marriage.
  5. Announce a marriage (40 before 20), leading the queen where the profile allows
     (the cheaper card to lose), else the king.
  6. Lead the cheapest card to lose: a low card of a side suit, keeping trumps, aces,
     tens and the halves of marriages it may still complete.

Following, talon open (any card may be played)
  7. Take the trick if that brings the score to 66, with the cheapest winning card.
  8. Take a side-suit lead with a higher card of that suit (the lowest such), unless
     that card is the half of a marriage it may still complete.
  9. Trump a side-suit ace or ten with its lowest trump; trump a side-suit king or
     queen only with the trump queen (not when it may still complete the marriage) or
     the trump jack (not while the indicator may still be exchanged for it); take a
     trump ten with the trump ace. It keeps its high trumps otherwise.
  10. Otherwise throw the cheapest card (as in 6).

Leading, talon closed or exhausted
  11. Announce a marriage that reaches 66 (rule 3).
  12. Lead a sure winner (a card no unseen card can beat: a trump, or a side-suit card
      when no trump is unseen or the opponent is known to hold its suit): trumps
      first (highest first, to draw the opponent's), then the sure winner worth most.
  13. Announce a marriage (leading the king when it is a sure winner).
  14. Otherwise lead the cheapest card (as in 6).

Following, talon closed or exhausted (the rules force suit, beating and trumping)
  15. Win the trick if it can, with the lowest winning card; otherwise play the
      cheapest legal card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....cards import CARD_POINTS, RANK_OF, SUIT_OF, Rank
from ....tricks import SUIT_MASKS, card_list
from ..knowledge import View
from ..rules import CLAIM, CLOSE, EXCHANGE, Action, ActionKind

__all__ = ["HeuristicPlayer"]

_K = int(Rank.K)
_Q = int(Rank.Q)
_SUIT = SUIT_MASKS  # each suit with its nine (24-card pack)
# How much the player wants to keep a card of each rank (A T K Q J 9), before adjustments.
_KEEP = (9, 8, 3, 2, 1, 0)


_cards = card_list
"""The cards of a mask, in card order."""


def _card(action: Action) -> int:
    """The card of a play or marriage action."""
    card = action.card
    assert card is not None
    return int(card)


def _beats(lead: int, card: int, trump: int) -> bool:
    """Whether ``card`` played to ``lead`` wins the trick (T1)."""
    if SUIT_OF[card] == SUIT_OF[lead]:
        return card < lead
    return SUIT_OF[card] == trump


def _top_of_suit(card: int, unseen: int) -> bool:
    """Whether no unseen card of the suit outranks ``card``."""
    return not unseen & _SUIT[SUIT_OF[card]] & ((1 << card) - 1)


class HeuristicPlayer:
    """A careful club player; its rules are listed in the module docstring."""

    name: str

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.name!r})"

    # -- the decision ------------------------------------------------------------------------
    def act(self, view: View, rng: random.Random) -> Action | None:
        """The chosen action for ``view``; deterministic (``rng`` is not used)."""
        legal = view.legal
        me = view.viewer
        score = view.scores[me]
        if CLAIM in legal:
            if score >= 66:
                return CLAIM
            if len(legal) == 1:
                return None
            legal = tuple(a for a in legal if a is not CLAIM)
        if len(legal) == 1:
            return legal[0]
        if view.trick:
            return self._follow(view, legal)
        return self._lead(view, legal)

    # -- leading -----------------------------------------------------------------------------
    def _lead(self, view: View, legal: Sequence[Action]) -> Action:
        if EXCHANGE in legal:
            return EXCHANGE
        me = view.viewer
        score = view.scores[me]
        marriages = [a for a in legal if a.kind is ActionKind.MARRIAGE]
        if marriages and view.tricks[me]:
            best = max(a.points for a in marriages)
            if score + best >= 66:
                return self._marriage_lead(view, marriages)
        open_talon = view.closed_by is None and not view.exhausted
        if open_talon:
            if CLOSE in legal and self.sure_points(view) >= 66:
                return CLOSE
            if marriages:
                return self._marriage_lead(view, marriages)
            return self._cheapest(view, [a for a in legal if a.kind is ActionKind.PLAY])
        plays = [a for a in legal if a.kind is ActionKind.PLAY]
        unseen = view.opponent | view.unknown
        winners = [a for a in plays if self._sure_winner(view, _card(a), unseen)]
        if winners:
            trump = view.trump
            trumps = [a for a in winners if SUIT_OF[_card(a)] == trump]
            if trumps:
                return min(trumps, key=lambda a: _card(a))
            return max(winners, key=lambda a: (CARD_POINTS[_card(a)], -_card(a)))
        if marriages:
            return self._marriage_lead(view, marriages)
        return self._cheapest(view, plays)

    def _marriage_lead(self, view: View, marriages: Sequence[Action]) -> Action:
        best = max(a.points for a in marriages)
        options = [a for a in marriages if a.points == best]
        unseen = view.opponent | view.unknown
        kings = [a for a in options if RANK_OF[_card(a)] == _K]
        for a in kings:
            if self._sure_winner(view, _card(a), unseen):
                return a
        queens = [a for a in options if RANK_OF[_card(a)] == _Q]
        return queens[0] if queens else options[0]

    # -- following ---------------------------------------------------------------------------
    def _follow(self, view: View, legal: Sequence[Action]) -> Action:
        me = view.viewer
        lead = int(view.trick[0])
        trump = int(view.trump)
        plays = [a for a in legal if a.kind is ActionKind.PLAY]
        winning = [a for a in plays if _beats(lead, _card(a), trump)]
        gain_base = view.scores[me] + view.pending[me] + CARD_POINTS[lead]
        reach = [a for a in winning if gain_base + CARD_POINTS[_card(a)] >= 66]
        if reach:
            return min(reach, key=lambda a: (self._keep(view, _card(a)),
                                             _card(a)))
        if view.closed_by is not None or view.exhausted:
            if winning:
                return max(winning, key=lambda a: _card(a))  # the lowest rank
            return self._cheapest(view, plays)
        lead_suit = SUIT_OF[lead]
        if lead_suit != trump:
            same = [a for a in winning if SUIT_OF[_card(a)] == lead_suit
                    and not self._marriage_half(view, _card(a))]
            if same:
                return max(same, key=lambda a: _card(a))
            trumps = sorted((_card(a) for a in winning if SUIT_OF[_card(a)] == trump),
                            reverse=True)  # lowest rank first
            if trumps:
                lead_rank = RANK_OF[lead]
                if lead_rank <= int(Rank.T):
                    return _play_of(plays, trumps[0])
                if lead_rank in (_K, _Q):
                    exchange_left = view.indicator is not None
                    low = int(view.profile.exchange_rank)  # the jack (the nine with 24)
                    cheap = [c for c in trumps
                             if (RANK_OF[c] == low and not exchange_left)
                             or (RANK_OF[c] == _Q and not self._marriage_half(view, c))]
                    if cheap:
                        return _play_of(plays, cheap[0])
        elif RANK_OF[lead] == int(Rank.T):
            ace = [a for a in winning if RANK_OF[_card(a)] == int(Rank.A)]
            if ace:
                return ace[0]
        losing = [a for a in plays if a not in winning] or plays
        return self._cheapest(view, losing)

    # -- counting ----------------------------------------------------------------------------
    def _marriage_half(self, view: View, card: int) -> bool:
        """Whether ``card`` is a K or Q whose partner it holds or may still draw."""
        rank = RANK_OF[card]
        if rank not in (_K, _Q):
            return False
        partner = card + 1 if rank == _K else card - 1
        if view.hand >> partner & 1:
            return True
        talon_open = view.closed_by is None and not view.exhausted
        return talon_open and bool(view.unknown >> partner & 1)

    def _keep(self, view: View, card: int) -> int:
        """How much the player wants to keep ``card`` (low: cheap to give away)."""
        value = _KEEP[RANK_OF[card]]
        if self._marriage_half(view, card):
            value += 4
        if SUIT_OF[card] == view.trump:
            value += 10
        return value

    def _cheapest(self, view: View, plays: Sequence[Action]) -> Action:
        """The play the player least minds losing."""
        return min(plays, key=lambda a: (self._keep(view, _card(a)),
                                         CARD_POINTS[_card(a)], _card(a)))

    @staticmethod
    def _sure_winner(view: View, card: int, unseen: int) -> bool:
        """Whether a lead of ``card`` wins whatever the opponent holds (closed-phase rules)."""
        if not _top_of_suit(card, unseen):
            return False
        trump = int(view.trump)
        if SUIT_OF[card] == trump:
            return True
        if not unseen & _SUIT[trump]:
            return True
        return bool(view.opponent & _SUIT[SUIT_OF[card]])  # it must follow suit

    @staticmethod
    def sure_points(view: View) -> int:
        """The score the player is sure to reach if it closes now and leads its winners.

        Counts the current score, pending marriages once a trick is sure, the sure
        tricks (see rule 4) with the smallest unseen card added to each, and the best
        marriage it holds.
        """
        me = view.viewer
        hand = view.hand
        unseen = view.opponent | view.unknown
        trump = int(view.trump)
        tmask = _SUIT[trump]
        unseen_trumps = unseen & tmask
        my_trumps = _cards(hand & tmask)
        top_unseen = (unseen_trumps & -unseen_trumps).bit_length() - 1 if unseen_trumps else 24
        sure = [c for c in my_trumps if c < top_unseen]
        if len(sure) >= bin(unseen_trumps).count("1"):
            sure = list(my_trumps)
            for s in range(4):
                if s == trump:
                    continue
                sure.extend(c for c in _cards(hand & _SUIT[s]) if _top_of_suit(c, unseen))
        if not sure:
            return view.scores[me]
        smallest = min((CARD_POINTS[c] for c in _cards(unseen)), default=0)
        points = sum(CARD_POINTS[c] for c in sure) + smallest * len(sure)
        best_marriage = 0
        for s in range(4):
            if hand >> (5 * s + _K) & 3 == 3:
                best_marriage = max(best_marriage, 40 if s == trump else 20)
        return view.scores[me] + view.pending[me] + points + best_marriage


def _play_of(plays: Sequence[Action], card: int) -> Action:
    for a in plays:
        if a.card is not None and int(a.card) == card:
            return a
    raise ValueError(f"no play of card {card}")
