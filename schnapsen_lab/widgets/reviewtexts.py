"""The texts of the review widgets (two players and four), as format strings, and the
summary table both show, so that the four-player review widget shares them without
importing the two-player one."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import N_, NP_, Plurals, Texts
from ..numbers import number

__all__ = ["PLURALS", "TEXT", "summary_html"]

TEXT = Texts({
    "decision.loss": N_("  loss {loss:.2f} — best {best}"),
    "decision.equity": N_("  Bummerl chance {equity:.0%}"),
    "decision.equity_loss": N_("  loss {loss:.0%} of the Bummerl — best {best}"),
    "decision.flip": N_("  ◆ best for the Bummerl: {best}"),
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
})
"""Texts that depend on a number."""


def summary_html(rows: Iterable[tuple[str, float, int, int, int, int, float]], samples: int,
                 seed: int) -> str:
    """The summary table of a review: a row a player (``label``, accuracy %, decisions,
    inaccuracies, mistakes, blunders, average loss; the label already escaped) and the
    sampled worlds it rests on."""
    body = "".join(f"<tr><td>{label}</td><td>{number(acc, '.0f')}%</td><td>{n}</td>"
                   f"<td>{i}</td><td>{m}</td><td>{b}</td><td>{number(loss, '.2f')}</td></tr>"
                   for label, acc, n, i, m, b, loss in rows)
    worlds = PLURALS.text("summary.worlds", samples, seed=seed)
    head = ("<tr><th></th>" + "".join(f"<th>{TEXT[f'summary.{k}']}</th>" for k in
                                      ("accuracy", "decisions"))
            + "<th>?!</th><th>?</th><th>??</th>"
            + f"<th>{TEXT['summary.average_loss']}</th></tr>")
    return ('<table class="sl-review-table" style="font:13px sans-serif;'
            'border-collapse:separate;border-spacing:10px 1px;text-align:center">'
            + head + body + "</table>"
            f'<div style="font:12px sans-serif;color:#666">{worlds}</div>')
