"""The numba-compiled search: :mod:`.search`'s source, compiled (and cached on disk).

Importing this module imports numba; the compiled functions are built on first use.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import search

__all__ = ["compiled", "compiled_run"]

_MODULE: ModuleType | None = None


def _build() -> ModuleType:
    import numba

    name = f"{__package__}._search_jit"
    spec = importlib.util.spec_from_file_location(name, search.__file__)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # the on-disk cache finds the functions' module by name
    spec.loader.exec_module(mod)
    for name in search.KERNEL_FUNCTIONS:
        setattr(mod, name, numba.njit(cache=True)(getattr(mod, name)))
    return mod


def compiled(name: str) -> Callable[..., Any]:
    """The compiled function ``name`` of :data:`.search.KERNEL_FUNCTIONS` (same arguments)."""
    global _MODULE
    if _MODULE is None:
        _MODULE = _build()
    fn: Callable[..., Any] = getattr(_MODULE, name)
    return fn


def compiled_run() -> Callable[..., Any]:
    """The compiled :func:`.search.run` (same arguments)."""
    return compiled("run")
