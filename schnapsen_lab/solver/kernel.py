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

__all__ = ["compiled_node"]

_MODULE: ModuleType | None = None
_CACHE = not sys.argv[0].endswith("nocache.py")


def _build() -> ModuleType:
    import numba

    name = f"{__package__}._search_jit"
    spec = importlib.util.spec_from_file_location(name, search.__file__)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # the on-disk cache finds the functions' module by name
    spec.loader.exec_module(mod)
    for name in search.KERNEL_FUNCTIONS:
        setattr(mod, name, numba.njit(cache=_CACHE)(getattr(mod, name)))
    return mod


def compiled_node() -> Callable[..., Any]:
    """The compiled :func:`.search.node` (same arguments; tables and deck as numpy arrays)."""
    global _MODULE
    if _MODULE is None:
        _MODULE = _build()
    node: Callable[..., Any] = _MODULE.node
    return node
