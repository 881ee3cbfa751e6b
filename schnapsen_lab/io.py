"""Safe file writing: a temporary file in the target's folder, renamed when complete.

A path that is a symbolic link is written through: the link's final target is replaced
(atomically, from a temporary file beside the target) and the link stays. A path that
names something other than a regular file (a named pipe, a device such as
``/dev/null``, a terminal) is written straight into, without a rename, so it is never
replaced by a regular file.

The temporary file is named ``.~NAME.PID.XXXXXXXX`` beside ``NAME``. A run killed
before it could clean up (SIGKILL, a power cut) leaves one behind; the next write to
the same ``NAME`` removes such leftovers of processes that are no longer running.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from typing import IO

__all__ = ["atomic_write", "remove_stale_temporaries", "same_file", "written_in_place"]

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


def written_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` (through any symbolic links) is a pipe, device or other file that is
    written straight into rather than replaced."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same existing regular file (device and inode, through
    links)."""
    try:
        sa, sb = os.stat(a), os.stat(b)
    except OSError:
        return False
    return (stat.S_ISREG(sa.st_mode) and (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino))


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w",
                 encoding: str | None = "utf-8") -> Iterator[IO[str]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only on success.

    An exception or Ctrl-C inside the block removes the temporary file and leaves
    ``path`` as it was. Leftovers of earlier killed runs are removed first. A symbolic
    link is written through to its target; a pipe or device is written straight into.
    """
    target = os.path.realpath(os.fspath(path))
    if written_in_place(target):
        with open(target, mode, encoding=encoding if "b" not in mode else None,
                  newline="" if "b" not in mode else None) as direct:
            yield direct
        return
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
