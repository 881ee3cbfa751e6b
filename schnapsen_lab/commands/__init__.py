"""Commands of ``schnapsen-lab`` beyond check and fmt, one module each.

Each module defines ``register(sub)`` that adds its sub-parser (with ``func`` set),
and imports heavy libraries only inside the function that runs the command.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games.schnapsen.rules import Position
    from ..psn import Record

EXIT_BAD_INPUT = 2


def fail(command: str, message: str) -> int:
    """Report bad input in one line on stderr; return exit code 2."""
    from ..terminal import safe

    print(safe(f"schnapsen-lab {command}: {message}"), file=sys.stderr)
    return EXIT_BAD_INPUT


def find_record(path: str, n: int) -> Record | str:
    """Record ``n`` (from 1) of the file, or why it cannot be had."""
    from ..cli import CliError, iter_file

    if n < 1:
        return f"--record {n}: records are numbered from 1"
    count = 0
    try:
        for r in iter_file(path):
            count += 1
            if count == n:
                return r
    except CliError as e:
        return str(e)
    return f"{path}: no record {n} (the file holds {count})"


def position_after(rec: Record, step: int, what: str = "the solver") -> Position | str:
    """The main line's two-player position after ``step`` actions for the analysis engine
    (``what``: the solver, the advisor), or why there is none (also for a deal the
    engine does not know: four players, the ``bauern2`` profile)."""
    from ..scope import analysis_refusal

    refused = analysis_refusal(rec.profile, what)
    if refused is not None:
        return refused
    if rec.deck is None:
        why = f": {rec.errors[0]}" if rec.errors else ""
        return f"the record has no valid deck{why}"
    moves = len(rec.main.moves)
    if step < 0:
        return f"--step {step}: steps are numbered from 0 (as dealt)"
    if step > moves:
        if not rec.main_line_ok and rec.errors:
            return f"step {step} comes after an error: {rec.errors[0]}"
        return f"--step {step} is out of range: the record has {moves} actions"
    done = rec.game.replay(rec.start(), rec.actions[:step], keep=False)
    if done.error is not None:
        return f"step {step} comes after an error: {done.error.rule}: {done.error.message}"
    pos: Position = done.final
    return pos
