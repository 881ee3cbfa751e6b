"""Head-to-head: our strong player against the public MCTS Schnapsen bot, refereed by us.

    python -O benchmarks/vs_mcts.py --mcts-repo DIR [--player strong|strong-bummerl]
        [--set NAME=INTEGER ...] [--bummerls N] [--first K] [--seed S] [--out FILE.jsonl]
    python benchmarks/vs_mcts.py --summary FILE.jsonl [FILE.jsonl ...] [--luck] [--psn OUT]
    python benchmarks/vs_mcts.py --summary FILE.jsonl ... --redecide [--player P]
        [--set NAME=INTEGER ...] [--versus NAME=INTEGER ...] [--every K]
    python benchmarks/vs_mcts.py --summary FILE.jsonl ... --closings [--every K]

The other bot is ``CythonMctsPlayer(mcts_player_options_v1())`` of the public repository
cpatrasciuc/schnapsen-card-game on GitHub (measured at commit 2e047665), at its app's
settings (667 sampled worlds x 150 iterations a decision, one process). It is never part
of this project: the package does not import it, nothing of it is vendored or committed,
and it is no dependency. The benchmark imports it from a checkout given by
``--mcts-repo``:

- ``DIR`` is a checkout of that repository (commit 2e047665: the script records the commit
  it finds in every line and warns when it is another one), outside this project;
- its Cython extension is built in place, by that repository's own setup
  (``DIR/src/ai/cython_mcts_player/*.so`` exist), for the Python that runs this script
  (its ``model`` and ``ai`` packages need nothing beyond the standard library at run time).

Run it under ``python -O`` (the script refuses otherwise): the bot prints every search
when ``__debug__`` is on, and its app runs optimised. For example, from the project root::

    PYTHONPATH=$PWD .venv/bin/python -O benchmarks/vs_mcts.py --mcts-repo DIR \\
        --player strong --bummerls 50 --first 1 --out vs_mcts_strong.jsonl
    PYTHONPATH=$PWD .venv/bin/python -O benchmarks/vs_mcts.py --mcts-repo DIR \\
        --player strong --bummerls 50 --first 51 --out vs_mcts_strong_b.jsonl  # 2nd core
    .venv/bin/python benchmarks/vs_mcts.py --summary vs_mcts_strong*.jsonl

``--set`` changes a setting of our player for the run, recorded in every line (runs with
other settings are reported apart): issue 20's runs used the bot's thinking time for more
worlds and a model of its play, ``--set samples=60 --set second_look=200 --set
look_nodes=4000000 --set infer=1``, and then closed only on plans that win four hands in
five, ``--set close_share=80``; later ones read the bot's leads and answers into the
worlds, ``--set lead_weight=50 --set answer_weight=60``, and the last ones judged the
leads with the bot answering from what it sees, ``--set reply_worlds=6``, and then the
answers with the bot's next lead chosen so too, ``--set lead_worlds=6``, and the last
one played every later choice while the talon is open from the chooser's view, ``--set
playout_talon=6`` (see :class:`schnapsen_lab.players.strong.StrongPlayer`). The best of
them, ``--player strong-bummerl`` with the settings above up to ``reply_worlds=6``
(``answer_weight`` and ``lead_worlds`` left off), ``playout_talon=6``,
``paired_playouts=1``, ``last_closing=1`` and ``free_closing=4``, is the registered
player ``expert``: ``--player expert`` plays the same (its records are reported apart,
under its own name).
The report gives, beside the figures, how many decisions were close calls given a second
look, our closings by the share of opponent hands their plan won when chosen, and each
side's closings by the cards in the talon when it closed, with how many failed. Runs of
two players (or settings) over the same Bummerls are also compared pair by pair: Bummerl
``k`` deals the same cards to the same seats, and the bot draws the same numbers as long
as the play is the same, so a difference in the settings shows where it changed the play
(the Bummerls each won where the other lost, with the sign test).

``--summary FILES --luck`` also sets every deal kept as PSN against its cards: the deal's
double-dummy value at its start (every card known, both sides at their best) is what the
cards gave; our game points a deal beyond it, with a 95 % interval, are what the play
added, in all, by who closed and by who led first. Each decision while the talon was open
is judged the same way (the game points it gave away against the best with every card
known), by side, leads and answers apart, and again by the cards left in the talon, where
both sides' decisions are also put a deal (the sides reach each stage a different number
of times, so a decision's mean alone can mislead). For the deals each side closed, the
report also gives their value just before and just after the closing, and what each
side's decisions in the closed game gave away a deal: whether a closed deal was won
before the closing, by the closing, or after it. About 25 ms of one core a deal.

``--summary FILES --redecide --set ...`` measures a setting without playing the bot: every
decision our player made in the deals kept as PSN (every ``K``-th deal with ``--every
K``) is taken again by ``--player`` with those settings, from the same view, and both
choices are judged with every card known (the game points each gives away against the
best). With ``--versus NAME=INTEGER ...`` the same player with those settings takes each
decision again beside it, drawing the same worlds (each decision's generator is seeded
from the Bummerl, the deal and the step), so the two are compared decision by decision;
without it the choices made in play are the baseline, and the difference includes the
luck of the worlds drawn. The report gives the mean given away then and now, their
paired difference with a 95 % interval, and how many choices changed, for leads and
answers while the talon is open and for the rest. What it cannot see: a choice judged by
every card known favours what a player seeing every card would do, and the positions are
those the player reached in play, not those a changed player would reach; a setting that
wins here still has to win Bummerls. It costs what the decisions cost: about 2 s of one
core a deal for each player at the head-to-head settings, a third of what the
head-to-head spends on the deal.

``--summary FILES --closings`` asks whether our player closes as often as it should: at
every decision of ours where closing the talon was legal (in every ``K``-th deal kept as
PSN with ``--every K``), the best closing plan is searched as our strong player searches
it, against the opponent's hands the view allows, and set beside how the deal ended. By
the share of hands the plan wins, the report gives, for the closings taken and those
declined, the plan's mean value, the deal's mean result and their difference with a
95 % interval. The plan's value is a floor (the defender sees every card), so a declined
closing whose deals ended below it would have paid, and a closing taken whose deals ended
above it shows what the bot's defence gave away. About 30 ms of one core a decision.
A run's ``infer`` needs no replaying here: closing is chosen before a lead with the talon
open, and what the strong player reads from the opponent's lead is kept for later
decisions only once the talon is gone, so its closing plans face the hands the view
allows, as these do.

A Bummerl costs about 20 to 35 s of one core (measured: 17 to 30 s at our default
settings, nine tenths of it the bot's; 32 s with the settings above), so 300 Bummerls of
one player are two to three core-hours: split them over the cores.

**Bummerls.** Bummerl ``k`` of seed ``S`` stands alone: it plays the decks of match
``(k + 1) // 2`` of :func:`schnapsen_lab.simulate.match_rngs` (so Bummerls ``2j - 1`` and
``2j`` are dealt the same cards), seat A deals first, our player sits in A when ``k`` is
odd and in B when it is even (so the seats and the first dealer alternate, and each pair
gives both players the same cards). Our player draws from that match's generator of its
seat; the bot's generators (Python's ``random`` and the C library's ``rand``, which its
extension seeds from the clock at import) are seeded from ``(S, k)`` before the Bummerl.
So runs with different ``--first`` can be merged, and a Bummerl can be played again.

**Refereeing.** Our engine (:mod:`schnapsen_lab.games.twohand.rules`, soft profile) is
the referee; every action is mirrored into the bot's own ``GameState`` through its own
action classes (``PlayCardAction``, ``AnnounceMarriageAction``, ``ExchangeTrumpCardAction``,
``CloseTheTalonAction``). The bot is asked only when the mover has a choice, with the view
its app gives it (``GameState.next_player_view()``) and the Bummerl score as its app keeps
it (game points won so far, counting up to 7: ``7 - counter``).

**Rule differences** (its ``model`` package against RULES.md) and how they are bridged:

- 66 ends the deal by itself there (``GameState.is_game_over``), with no claim and hence
  no false claim. Here a claim is made for either player exactly when it is correct, at
  the moments E2 allows (right after winning a trick, or right after announcing a
  marriage), and none otherwise: our strong player claims as soon as a claim is correct
  anyway, and the false claim of C4 (which the other rules cannot express) is not offered.
  Its scoring is then ours: G1 as its "1 / 2 / 3" by the loser's points, G3 (last trick
  1), C2 and C3 (the closer's opponent's points when closing: 0 points there is 0 tricks
  here, since every trick holds at least 4 points).
- It never leads a K or Q of a marriage it holds without announcing the marriage (its
  ``get_available_actions``); here that lead is legal and is mirrored as a plain
  ``PlayCardAction``, which its rules accept. Everything else (closing with at least one
  face-down card beside the indicator, the exchange while the talon is open, F2 with the
  duty to beat, the last draw, M2's pending marriages, B1 to 7) is the same; the harness
  compares both rule sets' legal actions at every step.
- Knowledge: when the talon is closed and the follower does not follow suit, its engine
  marks the talon's cards of the led suit face up (and the talon's trumps too when the
  follower did not trump either). For the leader
  that is a deduction K2 allows (the follower is void in those suits, and no card is drawn
  after closing); for the follower it shows where the leader's cards are. The bot's view
  therefore keeps a face-up talon card only in a suit its opponent has shown void in after
  closing, and hides the others (counted as ``hidden`` in the report). Its view also
  holds every won trick of both players and both scores: K1 limits which tricks a player
  may look through, not what he remembers, and every card played is public (K2), so this
  is what a player who remembers every card knows (our players' views hold the same).
- Its app asks it at every move, forced ones too; here either side is asked only when it
  has a choice (a forced move costs no time in the figures).

**Checks at every step** (explicit tests, not ``assert``: they run under ``-O``; each
failure is counted by kind and its first messages are kept in the line):

- ``state``: hands (its led card stays in its hand until the trick is complete), talon in
  order, trump suit and card, the trick, scores (its ``trick_points`` are our E1 scores),
  pending marriages, tricks won, who is to move, closed or not and the closer's opponent's
  points, over or not;
- ``rules``: its legal actions are ours less the plain leads of held marriage cards, and
  each of its chosen actions is legal here and executable there;
- ``view``: the bot's view holds its own hand exactly, shows of its opponent's hand only
  cards K2 makes public (the marriage partner shown, the indicator taken by exchange or on
  the last draw, the card led) and of the talon only the cards allowed above;
- ``score``: its game points (winner and points) equal our outcome on every deal, and its
  Bummerl count (first to 7) names the same winner.

A state or rules failure ends the Bummerl, which is then written as ``aborted`` and left
out of the figures.

**Output.** One JSON line a Bummerl (appended to ``--out`` and flushed; Ctrl-C leaves only
complete lines), with the deals, game points, closings and failed closings (a closing
fails when the closer does not win the deal, i.e. does not reach 66: C3), the process CPU
seconds of every decision of both sides, the check counts and failures, the bot's
commit, and the deals themselves as PSN (``psn``: both sides' moves, our player's reason
after each of its choices). ``--summary FILES --psn FILE`` writes those deals to one PSN
file, to replay and review them. The report (printed at the end, or by ``--summary``):
Bummerls won by ours with their 95 % Wilson interval, deals won, game points each,
closings by each and how many failed, how the deals ended (closed by either side or by
nobody, and each side's wins), seconds a decision for both (median, mean, max), CPU
seconds a Bummerl, and the checks.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import json
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tqdm import tqdm

from schnapsen_lab.cards import CARDS, Rank
from schnapsen_lab.games.twohand.knowledge import view as view_of
from schnapsen_lab.games.twohand.match import Bummerl
from schnapsen_lab.games.twohand.players.base import Player, reason
from schnapsen_lab.games.twohand.rules import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    SEATS,
    SOFT,
    Action,
    ActionKind,
    Position,
    Seat,
    marriage,
    play,
)
from schnapsen_lab.games.twohand.selfplay import match_rngs
from schnapsen_lab.io import atomic_write
from schnapsen_lab.players.registry import make_player as registered_player
from schnapsen_lab.psn import Record, dumps
from schnapsen_lab.psn import loads as psn_loads
from schnapsen_lab.stats.tables import mean_interval, wilson

MEASURED_COMMIT = "2e047665"
"""The commit of the other bot that issue 20 measured."""
KEEP_MESSAGES = 5
"""Failure messages kept a Bummerl (the counts are complete)."""


# -- the other bot, from its checkout --------------------------------------------------------

def load_mcts(repo: Path) -> SimpleNamespace:
    """The other bot's classes from the checkout ``repo`` (its ``src`` put on the path)."""
    src = repo / "src"
    built = list((src / "ai" / "cython_mcts_player").glob("player.*.so"))
    if not built:
        raise SystemExit(f"{src}/ai/cython_mcts_player has no built extension (player.*.so): "
                         "build it in place with that repository's own setup first")
    sys.path.insert(0, str(src))
    gs = importlib.import_module("model.game_state")
    pa = importlib.import_module("model.player_action")
    return SimpleNamespace(
        GameState=gs.GameState,
        PlayerPair=importlib.import_module("model.player_pair").PlayerPair,
        PlayerId=importlib.import_module("model.player_id").PlayerId,
        Card=importlib.import_module("model.card").Card,
        Suit=importlib.import_module("model.suit").Suit,
        CardValue=importlib.import_module("model.card_value").CardValue,
        PlayCard=pa.PlayCardAction,
        Marriage=pa.AnnounceMarriageAction,
        Exchange=pa.ExchangeTrumpCardAction,
        Close=pa.CloseTheTalonAction,
        available=pa.get_available_actions,
        Player=importlib.import_module("ai.cython_mcts_player.player").CythonMctsPlayer,
        options=importlib.import_module("ai.mcts_player_options").mcts_player_options_v1,
        commit=repo_commit(repo),
    )


def repo_commit(repo: Path) -> str:
    """The commit checked out at ``repo`` (``unknown`` when git cannot tell)."""
    try:
        out = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True,
                             capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out or "unknown"


class Cards:
    """Our cards (``suit * 5 + rank``; suits C D H S, ranks A T K Q J) and theirs."""

    def __init__(self, m: SimpleNamespace) -> None:
        suits = (m.Suit.CLUBS, m.Suit.DIAMONDS, m.Suit.HEARTS, m.Suit.SPADES)
        values = (m.CardValue.ACE, m.CardValue.TEN, m.CardValue.KING, m.CardValue.QUEEN,
                  m.CardValue.JACK)
        self.m = m
        self.suits = suits
        self.suit_index = {s: i for i, s in enumerate(suits)}
        self.value_index = {v: i for i, v in enumerate(values)}
        self.values = values

    def theirs(self, c: int) -> Any:
        """Their card for our card ``c`` (a new object: they mark cards public in place)."""
        return self.m.Card(self.suits[c // 5], self.values[c % 5])

    def ours(self, card: Any) -> int:
        """Our card for theirs."""
        return self.suit_index[card.suit] * 5 + self.value_index[card.card_value]

    def mask(self, cards: Iterable[Any]) -> int:
        """The bit mask of their cards (None left out)."""
        out = 0
        for card in cards:
            if card is not None:
                out |= 1 << self.ours(card)
        return out


# -- the record of one Bummerl ----------------------------------------------------------------

@dataclass
class Checks:
    """Counts of the checks made and failed, with the first failure messages."""

    states: int = 0
    rules: int = 0
    views: int = 0
    deals: int = 0
    hidden_views: int = 0
    hidden_cards: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    messages: list[str] = field(default_factory=list)

    def fail(self, kind: str, message: str) -> None:
        self.failures[kind] += 1
        if len(self.messages) < KEEP_MESSAGES:
            self.messages.append(f"{kind}: {message}")


class Aborted(Exception):
    """A state or rules check failed: the Bummerl cannot go on."""


@dataclass
class Side:
    """One side's figures in one Bummerl."""

    deals_won: int = 0
    points: int = 0
    closings: int = 0
    failed: int = 0
    seconds: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    habits: Counter[str] = field(default_factory=Counter)
    """What the side's play says about the inferences a model of it makes: ``exchange``
    leads where it could exchange the trump jack, ``exchanged`` those where it did;
    ``marriage_lead`` leads of a king or queen whose marriage it could announce,
    ``unannounced`` those it led without announcing."""


# -- the harness ------------------------------------------------------------------------------

class Harness:
    """Plays Bummerls between a player of ours and the other bot, mirrored and checked."""

    def __init__(self, m: SimpleNamespace, player: str, seed: int,
                 settings: dict[str, int] | None = None) -> None:
        self.m = m
        self.settings = dict(settings or {})
        self.cards = Cards(m)
        self.player_name = player
        self.seed = seed
        self.ids = (m.PlayerId.ONE, m.PlayerId.TWO)  # seat A is its ONE, B its TWO
        self.libc = ctypes.CDLL(None)

    # -- mirroring ---------------------------------------------------------------------------
    def mirror_deal(self, pos: Position) -> Any:
        """Their state of the deal as dealt at ``pos``: the hands in the order dealt (S3),
        a shuffled order as in its app (a sorted hand would let the place of a face-up
        card among the hidden ones tell how many hidden cards sort before it)."""
        m, th = self.m, self.cards.theirs
        fore, dealer = 1 - pos.dealer, pos.dealer
        dealt = {fore: [pos.deck[i] for i in (0, 1, 2, 7, 8)],
                 dealer: [pos.deck[i] for i in (3, 4, 5, 9, 10)]}
        return m.GameState(
            cards_in_hand=m.PlayerPair(one=[th(c) for c in dealt[0]],
                                       two=[th(c) for c in dealt[1]]),
            trump=self.cards.suits[pos.trump], trump_card=th(pos.indicator),
            talon=[th(c) for c in pos.talon_cards], next_player=self.ids[pos.leader])

    def their_action(self, a: Action, seat: int) -> Any:
        """Their action for our action ``a`` by ``seat`` (None for a claim)."""
        m, pid = self.m, self.ids[seat]
        if a.kind is ActionKind.PLAY and a.card is not None:
            return m.PlayCard(pid, self.cards.theirs(int(a.card)))
        if a.kind is ActionKind.MARRIAGE and a.card is not None:
            return m.Marriage(pid, self.cards.theirs(int(a.card)))
        if a.kind is ActionKind.EXCHANGE:
            return m.Exchange(pid)
        if a.kind is ActionKind.CLOSE:
            return m.Close(pid)
        return None

    def our_action(self, act: Any, trump: int) -> Action:
        """Our action for theirs."""
        m = self.m
        if isinstance(act, m.Marriage):
            c = self.cards.ours(act.card)
            return marriage(CARDS[c], 40 if c // 5 == trump else 20)
        if isinstance(act, m.PlayCard):
            return play(CARDS[self.cards.ours(act.card)])
        if isinstance(act, m.Exchange):
            return EXCHANGE
        if isinstance(act, m.Close):
            return CLOSE
        raise ValueError(f"unknown action {act!r}")

    # -- checks ------------------------------------------------------------------------------
    def compare(self, pos: Position, gs: Any, ck: Checks) -> None:
        """The two states agree (else a ``state`` failure, and the Bummerl is aborted)."""
        ck.states += 1
        cm = self.cards.mask
        bad: list[str] = []
        over = pos.outcome is not None
        if bool(gs.is_game_over) != over:
            bad.append(f"over: ours {over}, theirs {gs.is_game_over}")
        for s in SEATS:
            pid = self.ids[s]
            hand = pos.hands[s] | (1 << pos.lead if pos.lead >= 0 and pos.leader == s else 0)
            if cm(gs.cards_in_hand[pid]) != hand or len(gs.cards_in_hand[pid]) != hand.bit_count():
                bad.append(f"hand {s}")
            if gs.trick_points[pid] != pos.score(s):
                bad.append(f"score {s}: ours {pos.score(s)}, theirs {gs.trick_points[pid]}")
            if len(gs.won_tricks[pid]) != pos.tricks[s]:
                bad.append(f"tricks {s}")
            pending = sum(40 if self.cards.suit_index[x] == pos.trump else 20
                          for x in gs.marriage_suits[pid]) if gs.trick_points[pid] == 0 else 0
            if pending != pos.pending[s]:
                bad.append(f"pending marriages {s}")
        talon = [self.cards.ours(c) for c in gs.talon]
        if talon != [int(c) for c in pos.talon_cards]:
            bad.append(f"talon: ours {[str(c) for c in pos.talon_cards]}, theirs "
                       f"{[str(CARDS[c]) for c in talon]}")
        if self.cards.suit_index[gs.trump] != pos.trump:
            bad.append("trump suit")
        card = None if gs.trump_card is None else self.cards.ours(gs.trump_card)
        if card != (None if pos.exhausted else pos.indicator):
            bad.append(f"trump card: ours {pos.indicator} (exhausted {pos.exhausted}), "
                       f"theirs {gs.trump_card}")
        closer = gs.player_that_closed_the_talon
        ours_closer = None if pos.closed_by < 0 else self.ids[pos.closed_by]
        if closer != ours_closer:
            bad.append(f"closed by: ours {ours_closer}, theirs {closer}")
        elif closer is not None and gs.opponent_points_when_talon_was_closed != \
                pos.closed_opp_score:
            bad.append("the closer's opponent's points when closing")
        lead = [gs.current_trick[self.ids[s]] for s in SEATS]
        want = [CARDS[pos.lead] if pos.lead >= 0 and pos.leader == s and not pos.claimed
                else None for s in SEATS]
        if [None if c is None else CARDS[self.cards.ours(c)] for c in lead] != want and \
                not over:
            bad.append(f"trick: ours {want}, theirs {lead}")
        if not over and pos.to_move is not None and \
                gs.next_player != self.ids[int(pos.to_move)]:
            bad.append(f"to move: ours {pos.to_move}, theirs {gs.next_player}")
        if bad:
            for b in bad:
                ck.fail("state", b)
            raise Aborted("; ".join(bad))

    def compare_rules(self, pos: Position, gs: Any, legal: Sequence[Action],
                      ck: Checks) -> None:
        """Their legal actions are ours less the plain leads of held marriage cards."""
        ck.rules += 1
        theirs = {self.our_action(a, pos.trump) for a in self.m.available(gs)}
        ours = set(legal)
        extra = theirs - ours
        missing = ours - theirs
        if pos.lead < 0:
            hand = pos.hands[pos.leader]
            missing = {a for a in missing
                       if not (a.kind is ActionKind.PLAY and a.card is not None
                               and a.card % 5 in (Rank.K, Rank.Q)
                               and hand >> (a.card // 5 * 5 + 2) & 3 == 3)}
        if extra or missing:
            msg = (f"legal actions differ: only theirs {sorted(map(str, extra))}, only ours "
                   f"{sorted(map(str, missing))} at {pos!r}")
            ck.fail("rules", msg)
            raise Aborted(msg)

    def bot_view(self, gs: Any, voids: set[int], ck: Checks) -> Any:
        """The bot's view: its engine's own (``next_player_view``), less the talon cards
        it turned face up in a suit its opponent has not shown void in (the bridge)."""
        v = gs.next_player_view()
        hidden = 0
        for i, card in enumerate(v.talon):
            if card is not None and self.cards.suit_index[card.suit] not in voids:
                v.talon[i] = None
                hidden += 1
        if hidden:
            ck.hidden_views += 1
            ck.hidden_cards += hidden
        return v

    def check_view(self, pos: Position, v: Any, bot: int, voids: set[int],
                   ck: Checks) -> None:
        """The view ``v`` given to the bot in ``bot``'s seat shows nothing K1 and K2 keep
        from it (each breach is a ``view`` failure; the Bummerl goes on): its own hand
        exactly; of its opponent's hand only what :func:`knowledge.view` counts as known
        (the marriage partner shown, the indicator taken) or the card led; of the talon
        only cards of suits its opponent showed void in after closing (``voids``)."""
        ck.views += 1
        cm = self.cards.mask
        me, opp = self.ids[bot], self.ids[1 - bot]
        own = pos.hands[bot] | (1 << pos.lead if pos.lead >= 0 and pos.leader == bot else 0)
        if None in v.cards_in_hand[me] or cm(v.cards_in_hand[me]) != own:
            ck.fail("view", f"its own hand is not its hand at {pos!r}")
        known = view_of(pos, bot, [])
        allowed = known.opponent | (1 << pos.lead if pos.lead >= 0 and pos.leader != bot else 0)
        shown = cm(v.cards_in_hand[opp])
        if shown & ~allowed:
            ck.fail("view", f"it sees {[str(c) for c in CARDS if (shown & ~allowed) >> c & 1]} "
                            f"in its opponent's hand at {pos!r}")
        for card in v.talon:
            if card is not None and self.cards.suit_index[card.suit] not in voids:
                ck.fail("view", f"it sees the talon card {card} at {pos!r}")
        if len(v.talon) != len(pos.talon_cards):
            ck.fail("view", "the talon's size")

    # -- playing -----------------------------------------------------------------------------
    def seed_bot(self, k: int) -> None:
        """Seed the bot's generators for Bummerl ``k``."""
        key = f"schnapsen-lab/vs-mcts/{self.seed}/{k}"
        random.seed(key)
        self.libc.srand(ctypes.c_uint(zlib.crc32(key.encode())))

    def bummerl(self, k: int) -> dict[str, Any]:
        """Play Bummerl ``k`` and return its JSON record."""
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        pair = (k + 1) // 2
        ours_seat = 0 if k % 2 else 1
        bot_seat = 1 - ours_seat
        deck_rng, rng_a, rng_b = match_rngs(self.seed, pair)
        rng = (rng_a, rng_b)[ours_seat]
        player: Player = make_player(self.player_name, settings=self.settings)
        self.seed_bot(k)
        bot = self.m.Player(self.ids[bot_seat], False, self.m.options())
        ck = Checks()
        sides = {"ours": Side(), "mcts": Side()}
        seat_side = {ours_seat: "ours", bot_seat: "mcts"}
        state = Bummerl.new(SOFT, Seat.A)
        their_points = [0, 0]
        deals: list[dict[str, Any]] = []
        played: list[Record] = []
        names = ["", ""]
        names[ours_seat] = _label({"player": self.player_name, "settings": self.settings})
        names[bot_seat] = f"mcts {self.m.commit[:8]}"
        deck = list(range(20))
        aborted: str | None = None
        try:
            while not state.is_decided:
                deck_rng.shuffle(deck)
                new_deal = getattr(player, "new_deal", None)
                if callable(new_deal):
                    new_deal(state.counters, state.dealer)
                dealt, dealer = list(deck), state.dealer
                pos, gs, actions, notes = self.deal(deck, state, player, rng, bot, ours_seat,
                                                    sides, ck)
                try:
                    played.append(deal_record(dealt, dealer, actions, notes, names,
                                              f"{self.seed}-{k}", len(played) + 1))
                except ValueError as e:  # a record the PSN writer refuses: keep measuring
                    ck.messages.append(f"deal {len(deals) + 1} not kept as PSN: {e}")
                out = pos.outcome
                assert out is not None
                assert out.winner is not None  # no standoff in Schnapsen
                w = int(out.winner)
                sides[seat_side[w]].deals_won += 1
                sides[seat_side[w]].points += out.game_points
                if pos.closed_by >= 0:
                    closer = sides[seat_side[pos.closed_by]]
                    closer.closings += 1
                    closer.failed += w != pos.closed_by
                gp = gs.game_points
                for s in SEATS:
                    their_points[s] += gp[self.ids[s]]
                deals.append({"dealer": str(state.dealer), "winner": str(out.winner),
                              "points": out.game_points, "rule": out.rule,
                              "closer": None if pos.closed_by < 0 else "AB"[pos.closed_by]})
                state = state.after(out)
        except Aborted as e:
            aborted = str(e)
        their_winner = None
        if aborted is None:
            their_winner = next((s for s in SEATS if their_points[s] > 6), None)
            if their_winner is None or their_points[1 - their_winner] > 6 or \
                    their_winner != state.winner:
                ck.fail("score", f"Bummerl: theirs {their_points}, ours {state.counters}")
        return {
            "k": k, "seed": self.seed, "player": self.player_name, "settings": self.settings,
            "looks": list(getattr(player, "looks", [])),
            "closing_plans": [[round(v, 3), round(w, 3)]
                              for v, w in getattr(player, "closings", [])],
            "ours_seat": "AB"[ours_seat],
            "first_dealer": "A", "mcts_commit": self.m.commit,
            "aborted": aborted, "won": aborted is None and state.winner == ours_seat,
            "counters": list(state.counters), "deals": deals,
            "ours": _side_json(sides["ours"]), "mcts": _side_json(sides["mcts"]),
            "checks": {"states": ck.states, "rules": ck.rules, "views": ck.views,
                       "deals": ck.deals, "hidden_views": ck.hidden_views,
                       "hidden_cards": ck.hidden_cards, "failures": dict(ck.failures),
                       "messages": ck.messages},
            "cpu_seconds": round(time.process_time() - start_cpu, 3),
            "wall_seconds": round(time.perf_counter() - start_wall, 3),
            "psn": dumps(played),
        }

    def deal(self, deck: Sequence[int], state: Bummerl, player: Player, rng: random.Random,
             bot: Any, ours_seat: int, sides: dict[str, Side],
             ck: Checks) -> tuple[Position, Any, list[Action], list[str | None]]:
        """Play one deal; return our final position, their final state, the deal's
        actions and what our player said each of its choices rested on (None elsewhere)."""
        bot_seat = 1 - ours_seat
        pos = Position.deal(deck, state.dealer, SOFT)
        actions: list[Action] = []
        notes: list[str | None] = []
        gs = self.mirror_deal(pos)
        voids: list[set[int]] = [set(), set()]  # suits each seat showed void in after closing
        game_points = self.m.PlayerPair(*(7 - c for c in state.counters))
        while True:
            self.compare(pos, gs, ck)
            if pos.outcome is not None:
                break
            legal = [a for a in pos.legal_actions() if a is not CLAIM]
            self.compare_rules(pos, gs, legal, ck)
            assert pos.to_move is not None
            seat = int(pos.to_move)
            note = None
            if len(legal) == 1:
                chosen = legal[0]
            elif seat == bot_seat:
                v = self.bot_view(gs, voids[ours_seat], ck)
                self.check_view(pos, v, bot_seat, voids[ours_seat], ck)
                t, w = time.process_time(), time.perf_counter()
                act = bot.request_next_action(v, game_points)
                sides["mcts"].seconds.append(time.process_time() - t)
                sides["mcts"].wall.append(time.perf_counter() - w)
                chosen = self.our_action(act, pos.trump)
                if chosen not in legal:
                    ck.fail("rules", f"it chose {chosen}, illegal here at {pos!r}")
                    raise Aborted(f"illegal action {chosen}")
                if pos.lead < 0:
                    sides["mcts"].habits.update(habits(legal, chosen))
                self.watch(pos, chosen)
            else:
                v = view_of(pos, seat, legal)
                t, w = time.process_time(), time.perf_counter()
                a = player.act(v, rng)
                sides["ours"].seconds.append(time.process_time() - t)
                sides["ours"].wall.append(time.perf_counter() - w)
                if a is None or a not in legal:
                    ck.fail("rules", f"our player chose {a}, not legal at {pos!r}")
                    raise Aborted(f"illegal action {a}")
                chosen = a
                note = reason(player)
                if pos.lead < 0:
                    sides["ours"].habits.update(habits(legal, chosen))
            if pos.lead >= 0 and (pos.closed_by >= 0 or pos.exhausted):
                follower, led = 1 - pos.leader, pos.lead // 5
                assert chosen.card is not None  # an answer is a card
                suit = int(chosen.card) // 5
                if suit != led:
                    voids[follower].add(led)
                    if suit != pos.trump:
                        voids[follower].add(pos.trump)
            theirs = self.their_action(chosen, seat)
            if not theirs.can_execute_on(gs):
                ck.fail("rules", f"{chosen} is legal here, not there, at {pos!r}")
                raise Aborted(f"{chosen} not executable there")
            pos = pos.play(chosen)
            gs = theirs.execute(gs)
            actions.append(chosen)
            notes.append(note)
            claimant = pos.claim_by
            if claimant >= 0 and not pos.claimed and pos.claim_is_correct(claimant) and \
                    (pos.lead < 0 or pos.lead_marriage):
                pos = pos.play(CLAIM)  # the claim its engine makes by itself at 66
                actions.append(CLAIM)
                notes.append(None)
        self.score(pos, gs, ck)
        return pos, gs, actions, notes

    def watch(self, pos: Position, chosen: Action) -> None:
        """Called with each choice the bot made and the position it made it at (for
        studies of its play, such as benchmarks/lead_model.py); does nothing here."""

    def score(self, pos: Position, gs: Any, ck: Checks) -> None:
        """Their game points for the deal agree with our outcome."""
        ck.deals += 1
        out = pos.outcome
        assert out is not None and out.winner is not None  # no standoff in Schnapsen
        gp = gs.game_points
        theirs = [(s, gp[self.ids[s]]) for s in SEATS if gp[self.ids[s]] > 0]
        if theirs != [(int(out.winner), out.game_points)]:
            ck.fail("score", f"deal: ours {out} ({out.rule}), theirs {gp}")


def deal_record(deck: Sequence[int], dealer: Seat | int, actions: Sequence[Action],
                notes: Sequence[str | None], names: Sequence[str], match: str,
                number: int) -> Record:
    """One deal of the head-to-head as a PSN record (PlayerA, PlayerB, Match, Deal), each
    reason our player gave a comment after its choice."""
    rec = Record.from_actions([CARDS[c] for c in deck], actions, dealer=Seat(int(dealer)),
                              profile=SOFT, tags={"Event": "vs MCTS", "PlayerA": names[0],
                                                  "PlayerB": names[1], "Match": match,
                                                  "Deal": str(number)})
    for move, note in zip(rec.main.moves, notes, strict=False):
        if note:
            move.comments.append(note)
    return rec


def played_deals(records: Iterable[dict[str, Any]]) -> str:
    """The deals of ``records`` (JSON lines of Bummerls) as one PSN text, Bummerl by
    Bummerl in the order given (lines written before the deals were kept have none)."""
    return "".join(r.get("psn") or "" for r in records)


def _side_json(s: Side) -> dict[str, Any]:
    return {"deals_won": s.deals_won, "points": s.points, "closings": s.closings,
            "failed": s.failed, "seconds": [round(x, 4) for x in s.seconds],
            "wall": [round(x, 4) for x in s.wall], "habits": dict(sorted(s.habits.items()))}


def habits(legal: Sequence[Action], chosen: Action) -> Counter[str]:
    """What one choice among ``legal`` (the leader's) says about the player's habits: a
    trump exchange it could make (and made), a king or queen it led that could have
    announced its marriage (and did not)."""
    out: Counter[str] = Counter()
    if EXCHANGE in legal:
        out["exchange"] += 1
        out["exchanged"] += chosen == EXCHANGE
    if chosen.kind in (ActionKind.PLAY, ActionKind.MARRIAGE):
        announce = any(a.kind is ActionKind.MARRIAGE and a.card == chosen.card for a in legal)
        if announce:
            out["marriage_lead"] += 1
            out["unannounced"] += chosen.kind is ActionKind.PLAY
    return out


# -- output and report -------------------------------------------------------------------------

def write_line(path: Path, record: dict[str, Any]) -> None:
    """Append one JSON line and flush, with Ctrl-C (and a kill's TERM) held back until it
    is written; a file cut inside a line gets its newline first, so that only the torn
    line is lost."""
    text = json.dumps(record, separators=(",", ":")) + "\n"
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        with path.open("a+b") as f:
            if f.tell() > 0:
                f.seek(-1, os.SEEK_END)
                if f.read(1) != b"\n":
                    text = "\n" + text
        with path.open("a", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def read_lines(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The records of JSONL files; a record whose (player and settings, seed, k) came before
    is dropped with a warning, and so is a line that is not JSON (a torn last line)."""
    seen: set[tuple[str, int, int]] = set()
    out: list[dict[str, Any]] = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                except json.JSONDecodeError:
                    print(f"{p}:{n}: not a JSON line, skipped", file=sys.stderr)
                    continue
                key = (_label(r), r["seed"], r["k"])
                if key in seen:
                    print(f"{p}:{n}: Bummerl {key} again, skipped", file=sys.stderr)
                    continue
                seen.add(key)
                out.append(r)
    return out


def _rate(k: int, n: int) -> str:
    if n == 0:
        return "0/0"
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.1%} (95% Wilson {lo:.1%} .. {hi:.1%})"


def _seconds(xs: list[float]) -> str:
    if not xs:
        return "no decisions"
    return (f"median {statistics.median(xs):.3f} s, mean {statistics.fmean(xs):.3f} s, "
            f"max {max(xs):.2f} s ({len(xs)} decisions)")


def report(records: list[dict[str, Any]]) -> None:
    """Print the figures of the records, one block a player of ours (and its settings)."""
    for label in sorted({_label(r) for r in records}):
        rs = sorted((r for r in records if _label(r) == label), key=lambda r: (r["seed"],
                                                                              r["k"]))
        name = label
        done = [r for r in rs if not r["aborted"]]
        n = len(done)
        commits = sorted({r["mcts_commit"][:8] for r in rs})
        seeds = sorted({r["seed"] for r in rs})
        ks = [r["k"] for r in rs]
        print(f"{name} vs CythonMctsPlayer(mcts_player_options_v1()) at commit "
              f"{', '.join(commits)}; seed {', '.join(map(str, seeds))}; Bummerls "
              f"{min(ks)}..{max(ks)}: {n} played" +
              (f", {len(rs) - n} aborted" if len(rs) > n else ""))
        if n == 0:
            continue
        won = sum(r["won"] for r in done)
        print(f"  Bummerls won by {name}: {_rate(won, n)}")
        deals = sum(len(r["deals"]) for r in done)
        for side, label in (("ours", name), ("mcts", "mcts")):
            dw = sum(r[side]["deals_won"] for r in done)
            pts = sum(r[side]["points"] for r in done)
            cl = sum(r[side]["closings"] for r in done)
            fa = sum(r[side]["failed"] for r in done)
            secs = [x for r in done for x in r[side]["seconds"]]
            print(f"  {label}: deals won {dw}/{deals} = {dw / max(1, deals):.1%}; game points "
                  f"{pts}; closed {cl} times, failed {_rate(fa, cl)}")
            wall = [x for r in done for x in r[side].get("wall", ())]
            print(f"    seconds a decision (process CPU): {_seconds(secs)}"
                  + (f"; wall: mean {statistics.fmean(wall):.3f} s" if wall else ""))
            hb: Counter[str] = Counter()
            for r in done:
                hb.update(r[side].get("habits") or {})
            if hb:
                print(f"    habits: exchanged the trump jack at {hb['exchanged']} of "
                      f"{hb['exchange']} leads where it could; led a king or queen "
                      f"without announcing its marriage {hb['unannounced']} times of "
                      f"{hb['marriage_lead']} where it could")
        ours_s = [x for r in done for x in r["ours"]["seconds"]]
        mcts_s = [x for r in done for x in r["mcts"]["seconds"]]
        if ours_s and mcts_s:
            print(f"  mean time a decision, {name} / mcts: "
                  f"{statistics.fmean(ours_s) / statistics.fmean(mcts_s):.2f}")
        cpu = [r["cpu_seconds"] for r in done]
        wall = [r["wall_seconds"] for r in done]
        print(f"  a Bummerl: {statistics.fmean(cpu):.0f} CPU s (max {max(cpu):.0f}), "
              f"{statistics.fmean(wall):.0f} s wall; {deals / n:.1f} deals")
        looks = [sum(x) for x in zip(*(r.get("looks") or (0, 0) for r in done), strict=True)]
        if looks and looks[1]:
            print(f"  decisions by sampled worlds: {looks[0]}, of which {looks[1]} "
                  f"({looks[1] / max(1, looks[0]):.0%}) were close calls given a second look")
        _closing_report(done)
        for line in endings_lines(endings(done), name):
            print(line)
        for line in closings_by_talon_lines(closings_by_talon(done), name):
            print(line)
        ck = [r["checks"] for r in rs]
        fails: Counter[str] = Counter()
        for c in ck:
            fails.update(c["failures"])
        print(f"  checks: {sum(c['states'] for c in ck)} states compared, "
              f"{sum(c['rules'] for c in ck)} legal-action sets, {sum(c['views'] for c in ck)} "
              f"bot views, {sum(c['deals'] for c in ck)} deals scored: "
              + (", ".join(f"{v} {k} failures" for k, v in sorted(fails.items()))
                 if fails else "no failure"))
        hv = sum(c["hidden_views"] for c in ck)
        print(f"  talon cards its engine turned face up hidden from its view (the bridge): "
              f"{sum(c['hidden_cards'] for c in ck)} in {hv} views")
        for r in rs:
            for msg in r["checks"]["messages"]:
                print(f"    Bummerl {r['k']}: {msg}")
            if r["aborted"]:
                print(f"    Bummerl {r['k']} aborted: {r['aborted']}")
    paired_report(records)


def endings(records: Sequence[dict[str, Any]]) -> dict[str, Counter[str]]:
    """How the deals of ``records`` ended, by who closed the talon (``ours``, ``mcts`` or
    ``none``): how many each side won (``ours``, ``mcts``) and how many of them by one
    game point (``ours 1``, ``mcts 1``)."""
    out: dict[str, Counter[str]] = {k: Counter() for k in ("ours", "mcts", "none")}
    for r in records:
        seat = r["ours_seat"]
        for d in r["deals"]:
            closer = d.get("closer")
            by = "none" if closer is None else ("ours" if closer == seat else "mcts")
            side = "ours" if d["winner"] == seat else "mcts"
            out[by][side] += 1
            if d["points"] == 1:
                out[by][f"{side} 1"] += 1
    return out


def endings_lines(ends: dict[str, Counter[str]], name: str) -> list[str]:
    """The report's lines on :func:`endings`: for deals closed by each side and deals
    nobody closed, the share each side won and the wins by one game point."""
    lines = ["  how the deals ended (deals won by ours / by mcts; of them by one game point):"]
    for by, what in (("ours", f"closed by {name}"), ("mcts", "closed by mcts"),
                     ("none", "not closed (66 reached, or the last trick)")):
        c = ends[by]
        n = c["ours"] + c["mcts"]
        if n:
            lines.append(f"    {what}: {n} deals; ours won {_rate(c['ours'], n)} "
                         f"({c['ours 1']} by one), mcts {c['mcts']} ({c['mcts 1']} by one)")
    return lines


def closings_by_talon(records: Iterable[dict[str, Any]]) -> dict[tuple[str, int], list[int]]:
    """Each side's closings in the kept deals of ``records`` by the cards in the talon
    when it closed (the indicator counted), keyed ``(side, cards)``: how many, and how
    many failed (the closer lost the deal)."""
    out: dict[tuple[str, int], list[int]] = {}
    for _r, ours, recs in kept_deals(records):
        for rec in recs:
            if CLOSE not in rec.actions:
                continue
            positions = rec.positions()
            end = positions[-1].outcome
            if end is None:
                continue
            at = positions[rec.actions.index(CLOSE)]
            side = "ours" if at.to_move is ours else "mcts"
            counts = out.setdefault((side, at.talon_size), [0, 0])
            counts[0] += 1
            counts[1] += end.winner is not at.to_move
    return out


def closings_by_talon_lines(by: dict[tuple[str, int], list[int]], name: str) -> list[str]:
    """The report's lines on :func:`closings_by_talon`, a line a talon size."""
    if not by:
        return []
    lines = ["  closings by the cards in the talon (how many failed):"]
    for size in sorted({k[1] for k in by}, reverse=True):
        parts = [f"{label} {_rate(by[(side, size)][1], by[(side, size)][0])}"
                 for side, label in (("ours", name), ("mcts", "mcts")) if (side, size) in by]
        lines.append(f"    {size} cards: " + "; ".join(parts))
    return lines


@dataclass
class Luck:
    """The deals of a run set against what their cards gave (:func:`luck`).

    ``deals`` holds, a deal each, ``(result, value, closer, first)``: our game points (a
    loss negative), the deal's double-dummy value for us at its start (every card known,
    both sides playing their best: the solver's value, the cards' luck), who closed the
    talon (``"ours"``, ``"mcts"`` or ``"none"``) and who led first (``"ours"`` or
    ``"mcts"``). ``losses`` holds, by ``(side, "lead" | "answer")``, the game points each
    decision gave away while the talon was open, judged with every card known (the best
    action's value less the chosen one's, for the side that chose), and by ``(side,
    "closed by ours" | "closed by mcts")`` each decision after a closing. ``closed``
    holds, a closed deal each, ``(closer, before, after)``: who closed, and the deal's
    double-dummy value for us just before and just after the closing. ``talon`` holds the
    open-talon decisions' game points again, by ``(side, "lead" | "answer", cards in the
    talon)``."""

    deals: list[tuple[int, int, str, str]] = field(default_factory=list)
    losses: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    closed: list[tuple[str, int, int]] = field(default_factory=list)
    talon: dict[tuple[str, str, int], list[int]] = field(default_factory=dict)


def kept_deals(records: Iterable[dict[str, Any]]) -> list[tuple[dict[str, Any], Seat,
                                                                  list[Record]]]:
    """The lines of ``records`` that kept their deals as PSN (not aborted), each with our
    player's seat and its deals read back."""
    return [(r, Seat("AB".index(r["ours_seat"])), psn_loads(r["psn"]))
            for r in records if r.get("psn") and not r["aborted"]]


def points_for(end: Any, seat: Seat) -> int:
    """The game points of a deal's outcome ``end`` for ``seat`` (a loss negative)."""
    return int(end.game_points if end.winner is seat else -end.game_points)


def decision_seed(line: dict[str, Any], rec: Record, step: int) -> int:
    """The seed of a decision taken again: from the line's seed and Bummerl, the deal and
    the step alone (so a run repeats, and two players draw the same numbers)."""
    return zlib.crc32(f"{line['seed']} {line['k']} {rec.tags.get('Deal')} {step}".encode())


def given_away(values: dict[Action, int], seat: Seat, action: Action,
               among: Iterable[Action] | None = None) -> int:
    """The game points ``action`` gives away for ``seat``: the best value of ``among``
    (default: every action valued) less its own, ``values`` being A's (``action_values``)."""
    s = 1 if seat is Seat.A else -1
    best = max(s * values[a] for a in (values if among is None else among) if a in values)
    return best - s * values[action]


def luck(records: Iterable[dict[str, Any]], progress: bool = False) -> Luck:
    """:class:`Luck` of the deals kept as PSN in ``records`` (lines written before the deals
    were kept add nothing)."""
    from schnapsen_lab.review import decision_points
    from schnapsen_lab.solver.api import action_values, solve

    out = Luck()
    for _, ours, recs in tqdm(kept_deals(records), desc="luck", file=sys.stderr,
                              disable=not progress):
        sign = 1 if ours is Seat.A else -1
        for rec in recs:
            positions = rec.positions()
            end = positions[-1].outcome
            if end is None:
                continue
            closer, closing = "none", len(rec.moves)
            for step, move in enumerate(rec.moves):
                if move.action is not None and move.action.kind is ActionKind.CLOSE:
                    closer = "ours" if positions[step].to_move is ours else "mcts"
                    closing = step
                    out.closed.append((closer, sign * solve(positions[step]),
                                       sign * solve(positions[step + 1])))
                    break
            first = "ours" if positions[0].to_move is ours else "mcts"
            result = points_for(end, ours)
            out.deals.append((result, sign * solve(positions[0]), closer, first))
            for step, actor, _ in decision_points(rec):
                pos = positions[step]
                chosen = rec.moves[step].action
                if pos.outcome is not None or not (pos.talon_open or step > closing):
                    continue
                values = action_values(pos)
                if chosen not in values:
                    continue
                loss = given_away(values, actor, chosen)
                side = "ours" if actor is ours else "mcts"
                role = (f"closed by {closer}" if step > closing else
                        "answer" if pos.lead >= 0 else "lead")
                out.losses.setdefault((side, role), []).append(loss)
                if step <= closing:
                    out.talon.setdefault((side, role, pos.talon_size), []).append(loss)
    return out


def _mean_ci(xs: Sequence[float]) -> str:
    """The mean of ``xs`` with its 95 % interval (normal approximation)."""
    m, lo, hi = mean_interval(xs)
    return f"{m:+.3f} (95% {lo:+.3f} .. {hi:+.3f})"


def luck_lines(lk: Luck, name: str) -> list[str]:
    """The report's lines on :func:`luck`: our game points a deal beyond the deal's value,
    in all and by who closed and who led first; the game points a decision gave away."""
    if not lk.deals:
        return ["  luck: no deal kept as PSN in these lines"]
    lines = [f"  luck-adjusted ({len(lk.deals)} deals; a deal's value: every card known, "
             "both sides' best play):"]
    groups: list[tuple[str, list[tuple[int, int, str, str]]]] = [("all deals", lk.deals)]
    for key, what in (("ours", f"closed by {name}"), ("mcts", "closed by mcts"),
                      ("none", "not closed")):
        groups.append((what, [d for d in lk.deals if d[2] == key]))
    for key, what in (("ours", f"{name} led first"), ("mcts", "mcts led first")):
        groups.append((what, [d for d in lk.deals if d[3] == key]))
    for what, ds in groups:
        if not ds:
            continue
        res = statistics.fmean(d[0] for d in ds)
        val = statistics.fmean(d[1] for d in ds)
        lines.append(f"    {what} ({len(ds)}): game points a deal to {name} {res:+.3f}, the "
                     f"deals' value {val:+.3f}; beyond it {_mean_ci([d[0] - d[1] for d in ds])}")
    lines.append("  game points a decision gave away while the talon was open (every card "
                 "known):")
    sides = (("ours", name), ("mcts", "mcts"))
    for side, who in sides:
        parts = []
        for role in ("lead", "answer"):
            xs = lk.losses.get((side, role), [])
            if xs:
                given = sum(x > 0 for x in xs)
                parts.append(f"{role}s {statistics.fmean(xs):.3f} ({len(xs)}; "
                             f"{given / len(xs):.1%} gave some away)")
        if parts:
            lines.append(f"    {who}: " + ", ".join(parts))
    lines.extend(talon_lines(lk, sides))
    for key, what in sides:
        cs = [c for c in lk.closed if c[0] == key]
        if not cs:
            continue
        before = statistics.fmean(c[1] for c in cs)
        after = statistics.fmean(c[2] for c in cs)
        gave = [f"{who} {sum(lk.losses.get((side, f'closed by {key}'), [])) / len(cs):.3f}"
                for side, who in sides]
        lines.append(f"  closed by {what} ({len(cs)} deals; every card known, for {name}): "
                     f"{before:+.3f} just before the closing, {after:+.3f} just after it; "
                     "the closed game's decisions gave away a deal: " + ", ".join(gave))
    return lines


def talon_lines(lk: Luck, sides: Sequence[tuple[str, str]]) -> list[str]:
    """The report's lines on the open-talon decisions by the cards in the talon: for each
    side, the game points a lead and an answer gave away (with how many there were), and
    both together a deal (over every deal, so that the sides' shares add up)."""
    sizes = sorted({k[2] for k in lk.talon}, reverse=True)
    if not sizes:
        return []
    lines = ["  the same by the cards in the talon (a decision; both together, a deal):"]
    for size in sizes:
        parts = []
        for side, who in sides:
            xs = {role: lk.talon.get((side, role, size), []) for role in ("lead", "answer")}
            each = ", ".join(f"{role}s {statistics.fmean(v):.3f} ({len(v)})"
                             for role, v in xs.items() if v)
            total = sum(map(sum, xs.values())) / len(lk.deals)
            parts.append(f"{who} {each or 'none'}, {total:.3f} a deal")
        lines.append(f"    {size} cards: " + "; ".join(parts))
    return lines


@dataclass
class Redecided:
    """Our player's decisions in the deals kept as PSN, taken again (:func:`redecide`):
    one row a decision, ``(phase, then, now, changed)``, with ``then`` and ``now`` the game
    points the choice in play (or the ``versus`` player's) and the new one give away,
    judged with every card known, and whether they differ. Phases: ``lead`` and
    ``answer`` while the talon is open, ``talon gone`` after closing or exhaustion."""

    rows: list[tuple[str, int, int, bool]] = field(default_factory=list)
    deals: int = 0
    interrupted: bool = False


def _deals(recs: list[Record], seen: list[int], every: int, bar: Any
           ) -> Iterator[tuple[Record, list[Position], Any, bool]]:
    """One Bummerl's deals ``recs``, each with its positions, its outcome (None if
    unfinished) and whether it is taken: every ``every``-th deal counted over the whole
    run (``seen[0]`` holds the count so far). The progress ``bar`` moves a deal each."""
    for rec in recs:
        positions = rec.positions()
        take = seen[0] % every == 0
        seen[0] += 1
        bar.update()
        yield rec, positions, positions[-1].outcome, take


def redecide(records: Iterable[dict[str, Any]], name: str, settings: dict[str, int],
             versus: dict[str, int] | None = None, every: int = 1,
             progress: bool = False) -> Redecided:
    """Every decision our player made in every ``every``-th deal kept as PSN in
    ``records``, taken again by the player ``name`` with ``settings`` from the same view
    (and, for a player that plays for the Bummerl, the same counters) and judged with
    every card known against the choice made in play, or with ``versus`` against the same
    player with those settings instead. Each decision's generator is seeded from the
    Bummerl, the deal and the step alone, so both players draw the same worlds and a run
    repeats exactly: the comparison is paired, decision by decision. Interrupted (Ctrl-C),
    it returns the decisions taken so far, marked so."""
    out = Redecided()
    todo = kept_deals(records)
    bar = tqdm(total=sum(len(recs) for _, _, recs in todo), desc="redecide",
               file=sys.stderr, disable=not progress)
    try:
        _redecide(todo, out, bar, name, settings, versus, every)
    except KeyboardInterrupt:
        out.interrupted = True
    bar.close()
    return out


def _redecide(todo: list[tuple[dict[str, Any], Seat, list[Record]]], out: Redecided, bar: Any,
              name: str, settings: dict[str, int], versus: dict[str, int] | None,
              every: int) -> None:
    """The loop of :func:`redecide`, adding to ``out`` as it goes."""
    from schnapsen_lab.review import decision_points
    from schnapsen_lab.solver.api import action_values

    seen = [0]
    for r, ours, recs in todo:
        new = make_player(name, settings)
        old = make_player(name, versus) if versus is not None else None
        state = Bummerl.new(SOFT, Seat.A)
        for rec, positions, end, take in _deals(recs, seen, every, bar):
            if take and end is not None:
                out.deals += 1
                for p in (new, old):
                    new_deal = getattr(p, "new_deal", None)
                    if callable(new_deal):
                        new_deal(state.counters, state.dealer)
                for step, actor, _ in decision_points(rec):
                    pos = positions[step]
                    chosen = rec.moves[step].action
                    if actor is not ours or pos.outcome is not None or chosen is CLAIM:
                        continue
                    legal = [a for a in pos.legal_actions() if a is not CLAIM]
                    if len(legal) < 2:
                        continue
                    seed = decision_seed(r, rec, step)
                    v = view_of(pos, actor, legal)
                    now = new.act(v, random.Random(seed))
                    then = chosen if old is None else old.act(v, random.Random(seed))
                    values = action_values(pos)
                    if now not in values or then not in values:
                        continue
                    phase = ("talon gone" if not pos.talon_open else
                             "answer" if pos.lead >= 0 else "lead")
                    out.rows.append((phase, given_away(values, actor, then, legal),
                                     given_away(values, actor, now, legal), now != then))
            if end is not None:
                state = state.after(end)


def redecided_lines(rd: Redecided, name: str, against: str) -> list[str]:
    """The report's lines on :func:`redecide`: by phase, the game points a decision gave
    away then (``against``) and now (``name``), their paired difference with its 95 %
    interval, and how many choices changed."""
    lines = [f"  {len(rd.rows)} decisions of ours in {rd.deals} deals taken again by {name}, "
             f"against {against} (game points a decision gave away, every card known)"
             + (", interrupted:" if rd.interrupted else ":")]
    for phase in ("lead", "answer", "talon gone", "all"):
        rows = [x for x in rd.rows if phase in ("all", x[0])]
        if len(rows) < 2:
            continue
        then = statistics.fmean(x[1] for x in rows)
        now = statistics.fmean(x[2] for x in rows)
        diff = _mean_ci([x[2] - x[1] for x in rows])
        changed = sum(x[3] for x in rows)
        lines.append(f"    {phase} ({len(rows)}): then {then:.3f}, now {now:.3f}; now - then "
                     f"{diff}; {changed} choices changed")
    return lines


@dataclass
class Closings:
    """Every decision of ours in the deals kept as PSN where closing the talon was legal,
    set against how the deal ended (:func:`closings`): one row a decision, ``(closed,
    share, plan, result)``: whether our player closed there, the share of the opponent's
    possible hands the best closing plan wins and that plan's mean game points (against
    a defender who sees every card: a floor on what closing gets), and our game points of
    the deal (a loss negative)."""

    rows: list[tuple[bool, float, float, int]] = field(default_factory=list)
    deals: int = 0
    interrupted: bool = False


CLOSING_SHARES = ((0.0, 0.5, "under 50%"), (0.5, 0.8, "50-80%"), (0.8, 0.9, "80-90%"),
                  (0.9, 0.99, "90-99%"), (0.99, 1.01, "all (>= 99%)"))
"""The buckets of :func:`closings_lines`: the share of hands the closing plan wins."""
MIN_INTERVAL = 10
"""The fewest decisions a row of :func:`closings_lines` needs for its 95 % interval (the
normal approximation is too narrow below)."""


def closings(records: Iterable[dict[str, Any]], every: int = 1,
             progress: bool = False) -> Closings:
    """:class:`Closings` of every ``every``-th deal kept as PSN in ``records``: at each
    decision of ours where closing was legal (an exchange of the trump jack, which comes
    before the choice to close, aside), the best closing plan against the opponent's
    hands the view allows (as our strong player plans: at most ``PLAN_HANDS`` of them,
    drawn with a generator seeded from the Bummerl, the deal and the step; the plan search
    bounded by ``PLAN_BUDGET``). Interrupted (Ctrl-C), it returns the rows so far."""
    from schnapsen_lab.players.strong import PLAN_BUDGET, PLAN_HANDS, hands_to_plan
    from schnapsen_lab.solver.plan import closed_plan
    from schnapsen_lab.worlds import position_from_view

    out = Closings()
    todo = kept_deals(records)
    bar = tqdm(total=sum(len(recs) for _, _, recs in todo), desc="closings",
               file=sys.stderr, disable=not progress)
    seen = [0]
    try:
        for r, ours, recs in todo:
            for rec, positions, end, take in _deals(recs, seen, every, bar):
                if not take or end is None:
                    continue
                out.deals += 1
                result = points_for(end, ours)
                for step, move in enumerate(rec.moves):
                    pos = positions[step]
                    if pos.to_move is not ours or pos.outcome is not None:
                        continue
                    legal = pos.legal_actions()
                    if CLOSE not in legal or move.action is EXCHANGE:
                        continue  # after the exchange comes the choice to close
                    v = view_of(pos, ours, legal)
                    shown, hidden = position_from_view(v, v.profile)
                    rng = random.Random(decision_seed(r, rec, step))
                    hands, _ = hands_to_plan(hidden, PLAN_HANDS, rng)
                    if not hands:
                        continue  # no hand fits the view: nothing to plan against
                    plan = closed_plan(shown.play(CLOSE), int(ours), hands, depth=1,
                                       budget=PLAN_BUDGET)
                    got = plan.achieved
                    out.rows.append((move.action is CLOSE, sum(g > 0 for g in got) / len(got),
                                     statistics.fmean(got), result))
    except KeyboardInterrupt:
        out.interrupted = True
    bar.close()
    return out


def closings_lines(cl: Closings, name: str) -> list[str]:
    """The report's lines on :func:`closings`: the closings taken and declined by the share
    of hands their plan wins, each with the plan's mean value, the deal's mean result and
    the result less the plan (95 % interval). Declined, a result below the plan says
    closing would have paid (the plan is a floor); taken, a result above it is what the
    defence gave beyond the floor."""
    lines = [f"  closing, wherever {name} could close ({len(cl.rows)} decisions in {cl.deals} "
             "deals; the plan's value against a defender who sees every card)"
             + (", interrupted:" if cl.interrupted else ":")]
    for closed, what in ((True, "closed"), (False, "declined")):
        for lo, hi, bucket in CLOSING_SHARES:
            rows = [x for x in cl.rows if x[0] is closed and lo <= x[1] < hi]
            if len(rows) < 2:
                continue
            plan = statistics.fmean(x[2] for x in rows)
            result = statistics.fmean(x[3] for x in rows)
            gap = [x[3] - x[2] for x in rows]
            shown = (_mean_ci(gap) if len(rows) >= MIN_INTERVAL else
                     f"{statistics.fmean(gap):+.3f} (too few for an interval)")
            lines.append(f"    {what}, plan wins {bucket} of hands ({len(rows)}): plan "
                         f"{plan:+.2f}, deal {result:+.2f}; deal - plan {shown}")
    return lines


def sign_test(k: int, n: int) -> float:
    """Two-sided exact sign test: the chance of a split at least as uneven as ``k`` of
    ``n`` when each side is as likely."""
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(k, n - k) + 1)) / float(2 ** n)
    return min(1.0, 2 * tail)


def paired_report(records: list[dict[str, Any]]) -> None:
    """For each two players of ours (or settings) that played the same Bummerls (same seed
    and number: the same decks, seats and first dealer, and a bot that draws the same
    numbers while the play is the same), how often each won where the other lost, with
    the sign test, and in how many the play was the same throughout."""
    by: dict[str, dict[tuple[int, int], dict[str, Any]]] = {}
    for r in records:
        if not r["aborted"]:
            by.setdefault(_label(r), {})[(r["seed"], r["k"])] = r
    labels = sorted(by)
    for i, x in enumerate(labels):
        for y in labels[i + 1:]:
            common = sorted(set(by[x]) & set(by[y]))
            if not common:
                continue
            wx = [by[x][c]["won"] for c in common]
            wy = [by[y][c]["won"] for c in common]
            only_x = sum(a and not b for a, b in zip(wx, wy, strict=True))
            only_y = sum(b and not a for a, b in zip(wx, wy, strict=True))
            same = sum(by[x][c]["deals"] == by[y][c]["deals"] for c in common)
            print(f"paired on the same {len(common)} Bummerls: {x} won {sum(wx)}, {y} won "
                  f"{sum(wy)}; only {x}: {only_x}, only {y}: {only_y} (two-sided sign test "
                  f"p = {sign_test(only_x, only_x + only_y):.3f}); the same deals in {same}")


def _label(r: dict[str, Any]) -> str:
    """A player of ours as the report names it: its name and its ``--set`` settings."""
    settings = r.get("settings") or {}
    return str(r["player"]) + "".join(f" {k}={v}" for k, v in sorted(settings.items()))


def _closing_report(done: list[dict[str, Any]]) -> None:
    """Our closings by the share of opponent hands their plan won when it was chosen,
    with how many failed (C3): what the closing failures rest on."""
    buckets: dict[str, list[int]] = {}
    for r in done:
        ours = r["ours_seat"]
        closed = [d for d in r["deals"] if d["closer"] == ours]
        plans = r.get("closing_plans") or []
        if len(plans) != len(closed):
            return  # a player that does not log its closings' plans
        for d, (_value, share) in zip(closed, plans, strict=True):
            key = ("plan wins < 80% of hands" if share < 0.8 else
                   "80-90%" if share < 0.9 else "90-99%" if share < 0.99 else "all (>= 99%)")
            b = buckets.setdefault(key, [0, 0])
            b[0] += 1
            b[1] += d["winner"] != ours
    for key in ("plan wins < 80% of hands", "80-90%", "90-99%", "all (>= 99%)"):
        if key in buckets:
            n, failed = buckets[key]
            print(f"    closings whose {key}: {n}, failed {_rate(failed, n)}"
                  if key.startswith("plan") else
                  f"    closings whose plan wins {key}: {n}, failed {_rate(failed, n)}")


def make_player(name: str, settings: dict[str, int] | None = None) -> Any:
    """The registered player ``name`` with ``settings`` (``--set``) applied: attributes
    of the player it already has (e.g. ``samples``, ``second_look``, ``look_nodes``,
    ``infer`` of the strong players); an unknown one is refused."""
    p = registered_player(name)
    for key, value in (settings or {}).items():
        if not hasattr(p, key) or key.startswith("_"):
            raise SystemExit(f"vs_mcts.py: --set {key}: {name} has no such setting")
        setattr(p, key, type(getattr(p, key))(value))
    return p


def parse_settings(items: Sequence[str], flag: str = "--set") -> dict[str, int]:
    """``NAME=INTEGER`` pairs of ``--set`` (or of ``flag``)."""
    out: dict[str, int] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not value.lstrip("-").isdigit():
            raise SystemExit(f"vs_mcts.py: {flag} {item!r}: expected NAME=INTEGER")
        out[key.strip()] = int(value)
    return out


def warm_up(name: str, settings: dict[str, int]) -> None:
    """One untimed decision of our player (the solver's compiled kernels load once)."""
    p = make_player(name, settings)
    pos = Position.deal(list(range(20)), Seat.B, SOFT)
    p.act(view_of(pos, pos.leader), random.Random(0))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mcts-repo", type=Path, help="the other bot's checkout (built)")
    ap.add_argument("--player", default="strong", help="our player: strong (default), "
                    "strong-bummerl, expert (any registered name)")
    ap.add_argument("--bummerls", type=int, default=10, help="how many Bummerls")
    ap.add_argument("--first", type=int, default=1, help="the number of the first Bummerl")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=INTEGER",
                    help="a setting of our player (repeatable), e.g. samples=60, "
                    "second_look=200, look_nodes=4000000, infer=1 (recorded in every line)")
    ap.add_argument("--out", type=Path, help="append one JSON line a Bummerl here")
    ap.add_argument("--summary", nargs="+", metavar="FILE",
                    help="print the report of these JSONL files and stop")
    ap.add_argument("--luck", action="store_true", help="with --summary: also set each "
                    "deal kept as PSN against its double-dummy value (the cards' luck), and "
                    "each decision against the best one with every card known")
    ap.add_argument("--psn", type=Path, help="with --summary: write the deals of those "
                    "Bummerls, our player's reasons as comments, to this PSN file")
    ap.add_argument("--redecide", action="store_true", help="with --summary: take our "
                    "player's decisions in the deals kept as PSN again by --player with the "
                    "--set settings, and judge both choices with every card known")
    ap.add_argument("--versus", action="append", default=[], metavar="NAME=INTEGER",
                    help="with --redecide: compare with the same player with these settings "
                    "(repeatable; the same worlds drawn) instead of the choices made in play")
    ap.add_argument("--closings", action="store_true", help="with --summary: set each "
                    "decision where our player could close against the best closing plan "
                    "and how the deal ended")
    ap.add_argument("--every", type=int, default=1, metavar="K",
                    help="with --redecide or --closings: every K-th deal only")
    a = ap.parse_args(argv)
    if (a.redecide or a.closings) and not a.summary:
        ap.error("--redecide and --closings take the deals of --summary FILES")
    if a.every < 1:
        ap.error("--every must be at least 1")
    if a.redecide:
        lines = read_lines(a.summary)
        settings = parse_settings(a.set)
        versus = parse_settings(a.versus, "--versus") if a.versus else None
        make_player(a.player, settings)  # fail early on an unknown name or setting
        if versus is not None:
            make_player(a.player, versus)
        rd = redecide(lines, a.player, settings, versus, a.every, progress=True)
        label = _label({"player": a.player, "settings": settings})
        against = ("the choices made in play" if versus is None else
                   _label({"player": a.player, "settings": versus}) + ", the same worlds")
        for line in redecided_lines(rd, label, against):
            print(line)
        return 130 if rd.interrupted else 0
    if a.summary:
        lines = read_lines(a.summary)
        report(lines)
        if a.luck:
            for label in sorted({_label(r) for r in lines}):
                lk = luck((r for r in lines if _label(r) == label), progress=True)
                print(f"{label}:")
                for line in luck_lines(lk, "ours"):
                    print(line)
        if a.closings:
            for label in sorted({_label(r) for r in lines}):
                cl = closings((r for r in lines if _label(r) == label), a.every,
                              progress=True)
                print(f"{label}:")
                for line in closings_lines(cl, "ours"):
                    print(line)
                if cl.interrupted:
                    return 130
        if a.psn is not None:
            text = played_deals(sorted(lines, key=lambda r: (_label(r), r["seed"], r["k"])))
            with atomic_write(a.psn) as f:
                f.write(text)
            print(f"{len(psn_loads(text))} deals written to {a.psn}")
        return 0
    if a.mcts_repo is None:
        ap.error("--mcts-repo is needed to play (or --summary to report)")
    if not sys.flags.optimize:
        ap.error("run under python -O, as the other bot's app does (with __debug__ on it "
                 "prints every search)")
    m = load_mcts(a.mcts_repo.resolve())
    if not m.commit.startswith(MEASURED_COMMIT):
        print(f"warning: {a.mcts_repo} is at {m.commit[:12]}, not {MEASURED_COMMIT} "
              "(the commit issue 20 measured)", file=sys.stderr)
    settings = parse_settings(a.set)
    make_player(a.player, settings)  # fail early on an unknown name or setting
    warm_up(a.player, settings)
    h = Harness(m, a.player, a.seed, settings)
    records: list[dict[str, Any]] = []
    interrupted = False
    bar = tqdm(range(a.first, a.first + a.bummerls), desc=f"{a.player} vs mcts",
               file=sys.stderr)
    try:
        for k in bar:
            r = h.bummerl(k)
            if a.out is not None:
                write_line(a.out, r)
            records.append(r)
            bar.set_postfix(won=f"{sum(x['won'] for x in records)}/{len(records)}",
                            fails=sum(sum(x["checks"]["failures"].values()) for x in records))
    except KeyboardInterrupt:
        interrupted = True
        bar.close()
        print("interrupted: the Bummerl under way is not written", file=sys.stderr)
    bar.close()
    if records:
        report(records)
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
