"""Jupyter widgets (ipywidgets) for studying deals.

``replay(source)`` opens the replay widget on a record, a list of records or a PSN file
(two-player Schnapsen and four-player Bauernschnapsen alike); ``practice_table(bot)`` a
table to play against a bot (``practice_table(variant="bauern")``: the table for four,
with a bot partner against two bots; ``variant="dreier"``: the table for three);
``deal_recorder()`` a form to enter a deal played at a real table. Each takes ``lang=``
(``"en"``, ``"de"``, ``"fr"``, ``"ru"``) and otherwise speaks the language set with
:func:`schnapsen_lab.set_language`.
The submodule :mod:`schnapsen_lab.widgets.replay` holds the class; the name ``replay``
in this package is the function (import the class with
``from schnapsen_lab.widgets.replay import ReplayWidget``).
"""

from __future__ import annotations

from typing import Any

from .recorder import RecorderWidget, deal_recorder
from .replay import ReplayWidget
from .table import PracticeTable, practice_table

__all__ = ["PracticeTable", "RecorderWidget", "ReplayWidget", "deal_recorder",
           "practice_table", "replay"]


def replay(source: Any, *, view: str | None = None, step: int = 0,
           deal: int = 0, lang: str | None = None) -> ReplayWidget:
    """The replay widget on a :class:`~schnapsen_lab.psn.Record`, a list of records, a
    :class:`~schnapsen_lab.replay.Replay` or a path to a PSN file.

    ``view`` is a seat (``"A"``, ``"B"``; four players ``"N"``, ``"E"``, ``"S"``, ``"W"``)
    or None (open table); ``deal`` picks the record (from 0)
    when there are several; ``step`` is the step to show first. With nothing to replay
    (no record, or none the reader could deal) the widget says why, with the reader's
    first error as ``schnapsen-lab check`` gives it (``problem``). ``lang`` is the
    widget's language (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; None: the one set with
    :func:`schnapsen_lab.set_language`).
    """
    return ReplayWidget(source, view=view, step=step, deal=deal, lang=lang)

