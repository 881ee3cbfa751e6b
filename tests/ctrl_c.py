"""Starting a command that a test will interrupt with Ctrl-C.

A shell at a terminal gives the commands it starts SIGINT's default disposition. A test
run started with SIGINT ignored (``make test &``, ``nohup``, a runner that starts its
jobs so) passes that ignore on to every child, and a Python child then keeps ignoring
Ctrl-C, rightly. The tests that send Ctrl-C start their child with :func:`as_at_a_terminal`
so that they test what a person at a terminal gets, however the suite was started.
"""

from __future__ import annotations

import signal

__all__ = ["as_at_a_terminal"]


def as_at_a_terminal() -> None:
    """``preexec_fn`` for ``subprocess.Popen``: SIGINT back to its default disposition in
    the child, before it runs the command."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
