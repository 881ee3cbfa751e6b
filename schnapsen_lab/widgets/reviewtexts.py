"""The texts of the review widgets (two players and four), as format strings, so that
the four-player review widget shares them without importing the two-player one."""

from __future__ import annotations

from ..i18n import N_, NP_, Plurals, Texts

__all__ = ["PLURALS", "TEXT"]

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
