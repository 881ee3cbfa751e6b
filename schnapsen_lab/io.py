"""Safe file writing: a temporary file in the target's folder, renamed when complete.

A path that is a symbolic link is written through: the link's final target is replaced
(atomically, from a temporary file beside the target) and the link stays. A path that
names something other than a regular file (a named pipe, a device such as
``/dev/null``, a terminal) is written straight into, without a rename, so it is never
replaced by a regular file. A path that names one of this process's open streams
(``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``, or a link to
one) is written into that stream as it is: appended where it appends, into the pipe
where it is a pipe, never reopened or replaced. A symbolic link that leads nowhere but
round in a loop (or to itself) is refused with ``ELOOP``, as the system refuses it;
it is never replaced by a file.

The temporary file is named ``.~NAME.PID.XXXXXXXX`` beside ``NAME``. A run killed
before it could clean up (SIGKILL, a power cut) leaves one behind; the next write to
the same ``NAME`` removes such leftovers of processes that are no longer running.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import IO

__all__ = ["atomic_write", "link_loop", "remove_stale_temporaries", "same_file",
           "stream_named", "written_in_place"]

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


_LINKS_FOLLOWED = 40
"""How many symbolic links :func:`stream_named` follows (the system's own limit)."""

_OWN_STREAM = re.compile(r"/proc/(\d+)/(?:task/\d+/)?fd/(\d+)\Z")


def stream_named(path: str | os.PathLike[str]) -> int | None:
    """The number of the open file descriptor of this process that ``path`` names
    (``/dev/stdout`` is 1, ``/dev/stderr`` 2, ``/dev/fd/N`` and ``/proc/self/fd/N`` are
    N, and so is any symbolic link that leads to one of them), or None."""
    p = os.path.abspath(os.fspath(path))
    for _ in range(_LINKS_FOLLOWED):
        folder, name = os.path.split(p)
        p = os.path.join(os.path.realpath(folder), name)
        m = _OWN_STREAM.match(p)
        if m is not None:
            return int(m.group(2)) if int(m.group(1)) == os.getpid() else None
        try:
            link = os.readlink(p)
        except OSError:  # not a link (or nothing there): not one of our streams
            return None
        p = os.path.join(os.path.dirname(p), link)
    return None


def link_loop(path: str | os.PathLike[str]) -> bool:
    """Whether following the symbolic links of ``path`` goes round in a loop (or past the
    system's limit of links), as for a link to itself."""
    try:
        os.stat(path)
    except OSError as e:
        return e.errno == errno.ELOOP
    return False


def written_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` (through any symbolic links) is one of this process's open
    streams, a pipe, device or other file that is written straight into rather than
    replaced."""
    if stream_named(path) is not None:
        return True
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
    link is written through to its target; a pipe or device is written straight into;
    one of this process's open streams (``/dev/stdout``) is written into as it is. A
    link loop raises OSError (``ELOOP``) and nothing is written. An OSError of the
    finishing steps (flush, sync, rename) names ``path``.
    """
    name = os.fspath(path)
    text = "b" not in mode
    kind = {"encoding": encoding if text else None, "newline": "" if text else None}
    descriptor = stream_named(name)
    if descriptor is not None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(AttributeError, OSError, ValueError):
                stream.flush()
        with os.fdopen(os.dup(descriptor), mode, **kind) as into:  # type: ignore[call-overload]
            yield into
            _named(into.flush, name)
        return
    try:
        st: os.stat_result | None = os.stat(name)
    except FileNotFoundError:  # a new file, or a link to one
        st = None
    except OSError as e:  # a link loop (ELOOP), a folder that cannot be searched, ...
        raise OSError(e.errno, e.strerror, name) from None
    if st is not None and not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
        with open(name, mode, **kind) as direct:  # type: ignore[call-overload]
            yield direct
            _named(direct.flush, name)
        return
    target = os.path.realpath(name)
    folder = os.path.dirname(os.path.abspath(target))
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(os.path.basename(target)), dir=folder)
    try:
        with os.fdopen(fd, mode, **kind) as f:  # type: ignore[call-overload]
            yield f
            _named(f.flush, name)
            _named(lambda: os.fsync(f.fileno()), name)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's 0600
        _named(lambda: os.replace(tmp, target), name)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _named(step: Callable[[], object], path: str) -> None:
    """Run a finishing step of a write; an OSError it raises names ``path``."""
    try:
        step()
    except OSError as e:  # the temporary file's name or none: the user's is the one to say
        raise OSError(e.errno, e.strerror, path) from None
