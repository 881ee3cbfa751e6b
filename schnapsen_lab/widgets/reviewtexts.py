"""The texts of the review widgets (two players and four), as format strings, and the
summary table both show, so that the four-player review widget shares them without
importing the two-player one."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..i18n import N_, NP_, Plurals, Texts
from ..numbers import number

__all__ = ["PLURALS", "TEXT", "summary_html"]

TEXT = Texts({
    "decision.loss": N_("  loss {loss:.2f} — best {best}"),
    "decision.equity": N_("  Bummerl chance {equity:.0%}"),
    "decision.equity_loss": N_("  loss {loss:.0%} of the Bummerl — best {best}"),
    "decision.flip": N_("  ◆ best for the Bummerl: {best}"),
    # Translators: after a closing decision judged by playing it out with strong players
    # who do not see each other's cards; the loss is the one of the numbers got by
    # seeing every card (shown beside it).
    "decision.played_out": N_("  ▸ played out; seeing every card: loss {loss:.2f}, "
                              "best {best}"),
    "no_decisions": N_("no decisions"),
    "plot.after": N_("after the move"),
    "plot.best": N_("best option"),
    "plot.step": N_("step"),
    "plot.value": N_("game points for {who}"),
    "plot.title": N_("Review: {a} (A) vs {b} (B)"),
    "summary.accuracy": N_("accuracy"),
    "summary.decisions": N_("decisions"),
    "summary.average_loss": N_("average loss"),
    "class.best": N_("best"),
    "class.inaccuracy": N_("inaccuracy"),
    "class.mistake": N_("mistake"),
    "class.blunder": N_("blunder"),
})
"""Every text this widget shows, as format strings."""

PLURALS = Plurals({
    "summary.worlds": NP_("{n} world a decision, seed {seed}",
                          "{n} worlds a decision, seed {seed}"),
    # Translators: under the review's summary when closing decisions were played out
    # (▸ marks them in the list of decisions).
    "summary.played": NP_("▸ closing decisions judged by playing them out: strong "
                          "players who do not see each other's cards, {n} world",
                          "▸ closing decisions judged by playing them out: strong "
                          "players who do not see each other's cards, {n} worlds"),
})
"""Texts that depend on a number."""


def summary_html(rows: Iterable[tuple[str, float, int, int, int, int, float]], samples: int,
                 seed: int, played: int = 0) -> str:
    """The summary table of a review: a row a player (``label``, accuracy %, decisions,
    inaccuracies, mistakes, blunders, average loss; the label already escaped) and the
    sampled worlds it rests on (and, with ``played``, the worlds the closing decisions
    were played out in)."""
    body = "".join(f"<tr><td>{label}</td><td>{number(acc, '.0f')}%</td><td>{n}</td>"
                   f"<td>{i}</td><td>{m}</td><td>{b}</td><td>{number(loss, '.2f')}</td></tr>"
                   for label, acc, n, i, m, b, loss in rows)
    worlds = PLURALS.text("summary.worlds", samples, seed=seed)
    if played:
        worlds += "<br>" + escape(PLURALS.text("summary.played", played))
    head = ("<tr><th></th>" + "".join(f"<th>{TEXT[f'summary.{k}']}</th>" for k in
                                      ("accuracy", "decisions"))
            + "<th>?!</th><th>?</th><th>??</th>"
            + f"<th>{TEXT['summary.average_loss']}</th></tr>")
    return ('<table class="sl-review-table" style="font:13px sans-serif;'
            'border-collapse:separate;border-spacing:10px 1px;text-align:center">'
            + head + body + "</table>"
            f'<div style="font:12px sans-serif;color:#666">{worlds}</div>')
