"""A reviewed four-player deal in the replay widget (issue 21 section 3).

::

    from schnapsen_lab.widgets.review import ReviewWidget
    ReviewWidget(four_player_record, samples=20)    # builds a BauernReviewWidget

Each seat's accuracy, its decisions' classes and average loss in a table; the list of
every reviewed decision (picking one steps the replay there): who chose what, its
class glyph, the expected game points of the choice for the seat's side and, for a
worse choice, the loss and the best choice (:mod:`schnapsen_lab.review_four`);
below, the four-player replay of the record. Every text shown comes from the two-player
review widget's translated :data:`~schnapsen_lab.widgets.review.TEXT` and the
notation's words.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from ..games.bauern.rules import SEATS, Kind, parse_action
from ..i18n import localized, resolve
from ..notation import TEXT as WORDS
from ..notation import call_name, suit_name, text_with_cards
from ..psn import Record
from ..review import Judgement
from ..review_four import DECLINE, DEFAULT_SAMPLES, FourReview, review_record
from .bauern import TEXT as TABLE
from .replay import ReplayWidget
from .reviewtexts import TEXT, summary_html

__all__ = ["BauernReviewWidget", "choice_text", "decision_label"]

_DECISION = "{step:>2}. {who}: {played}{glyph} {value:+.2f}"


def choice_text(token: str) -> str:
    """A reviewed choice as the list shows it: trump as the suit (or "turn up", as the
    table's button), cards with suit symbols, calls in words, the claim and the declined
    claim as the replay says them."""
    if token == DECLINE:
        return WORDS["act.no_claim"]
    a = parse_action(token)
    if a.kind is Kind.TRUMP:
        if a.suit is None:
            return TABLE["trump.up"]
        return f"{a.suit.symbol} {suit_name(a.suit)}"
    if a.kind is Kind.CALL:
        return call_name(a.call)
    if a.kind is Kind.CLAIM:
        return WORDS["act.claim"]
    return text_with_cards(token)


def decision_label(review: FourReview, i: int, names: tuple[str, ...]) -> str:
    """``6. Anna (N): A♠?? +0.70  loss 1.00 — best A♦`` (the loss only for a worse
    choice)."""
    d = review.decisions[i]
    text = _DECISION.format(step=d.step + 1, who=f"{names[d.seat]} ({d.seat})",
                            played=choice_text(d.played), glyph=d.judgement.glyph,
                            value=d.played_option.mean)
    if d.judgement is not Judgement.BEST:
        text += TEXT["decision.loss"].format(loss=d.loss, best=choice_text(d.best.token))
    return text


def _reviewed(record: Record, samples: int, seed: int, progress: bool) -> FourReview:
    """The record's review, with a tqdm bar over its steps when ``progress``."""
    if not progress:
        return review_record(record, samples=samples, seed=seed)
    from tqdm.auto import tqdm

    total = len(record.actions) + 1
    bar = tqdm(total=total, desc="review", unit="step")

    def reached(k: int, n: int) -> None:
        bar.update(k - bar.n)

    try:
        review = review_record(record, samples=samples, seed=seed, progress=reached)
        bar.update(total - bar.n)
    finally:
        bar.close()
    return review


@localized
class BauernReviewWidget(W.VBox):  # type: ignore[misc]
    """The replay of a reviewed four-player deal, with each seat's summary and the list
    of decisions; give a ``review`` made earlier or let the widget make one with
    ``samples`` worlds a decision and ``seed``, with a progress bar over the deal's
    steps unless ``progress`` is False (as the two-player review widget)."""

    def __init__(self, record: Record, review: FourReview | None = None, *,
                 samples: int = DEFAULT_SAMPLES, seed: int = 0, progress: bool = True,
                 lang: str | None = None) -> None:
        self.lang = resolve(lang)
        if review is None:
            review = _reviewed(record, samples, seed, progress)
        self.review = review
        names = record.player_names
        self.replay = ReplayWidget(record, lang=self.lang)
        self.summary = W.HTML(self._summary_html(names))
        self.summary.add_class("sl-review-summary")
        options = [(decision_label(review, i, names), review.decisions[i].step + 1)
                   for i in range(len(review.decisions))]
        self.decisions = W.Select(options=options or [(TEXT["no_decisions"], 0)], rows=10,
                                  layout=W.Layout(width="420px", flex="0 0 auto"))
        self.decisions.index = None
        self.decisions.add_class("sl-review-decisions")
        self.decisions.observe(self._on_pick, names="value")
        super().__init__([self.summary, self.decisions, self.replay])
        self.add_class("sl-review")

    def _summary_html(self, names: tuple[str, ...]) -> str:
        rows = []
        for s in SEATS:
            p = self.review.summary(s)
            c = p["counts"]
            rows.append((f"{escape(names[s])} ({s})", p["accuracy"], p["decisions"],
                         c["inaccuracy"], c["mistake"], c["blunder"], p["average_loss"]))
        return summary_html(rows, self.review.samples, self.review.seed)

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.replay.go(int(change["new"]))

    def show_step(self, step: int) -> None:
        """Step the replay to ``step``."""
        self.replay.go(step)
