"""Safe file writing: a temporary file in the target's folder, renamed when complete.

The temporary file is named ``.~NAME.PID.XXXXXXXX`` beside ``NAME``. A run killed
before it could clean up (SIGKILL, a power cut) leaves one behind; the next write to
the same ``NAME`` removes such leftovers of processes that are no longer running.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Iterator
from typing import IO

__all__ = ["atomic_write", "remove_stale_temporaries"]

_STARTED = time.time()
"""When this process began using the module: leftovers are older than that."""


def _temporary_prefix(name: str) -> str:
    return f".~{name}.{os.getpid()}."


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process: leave its file alone
    return True


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[str]:
    """Remove the temporary files that interrupted writes to ``target`` left beside it
    (our name pattern, from a process no longer running, older than this run); return
    their paths."""
    path = os.fspath(target)
    folder = os.path.dirname(os.path.abspath(path))
    pattern = re.compile(r"\.~" + re.escape(os.path.basename(path))
                         + r"\.(\d+)\.[A-Za-z0-9_]{8}\Z")
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = pattern.match(entry.name)
        if m is None or _running(int(m.group(1))):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < _STARTED:
                os.unlink(entry.path)
                removed.append(entry.path)
    return removed


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w",
                 encoding: str | None = "utf-8") -> Iterator[IO[str]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only on success.

    An exception or Ctrl-C inside the block removes the temporary file and leaves
    ``path`` as it was. Leftovers of earlier killed runs are removed first.
    """
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(os.path.basename(target)), dir=folder)
    try:
        with os.fdopen(fd, mode, encoding=encoding if "b" not in mode else None,
                       newline="" if "b" not in mode else None) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's 0600
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
