"""Safe file writing: a temporary file in the target's folder, renamed when complete."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from typing import IO

__all__ = ["atomic_write"]


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w",
                 encoding: str | None = "utf-8") -> Iterator[IO[str]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only on success.

    An exception or Ctrl-C inside the block removes the temporary file and leaves
    ``path`` as it was.
    """
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=".~" + os.path.basename(target) + ".", dir=folder)
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
