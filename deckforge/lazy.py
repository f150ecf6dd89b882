"""Lazy package attributes (PEP 562): a package names what it offers without importing the heavy modules behind
it (ReportLab, WeasyPrint, matplotlib, Starlette) until a caller uses them, so light commands start fast."""
from __future__ import annotations

import importlib
from typing import Callable


def lazy_attributes(package: str, names: dict[str, str]) -> Callable[[str], object]:
    """Return a module `__getattr__` that imports `names[attr]` (a submodule of `package`) on first use."""
    def __getattr__(attr: str) -> object:
        if attr not in names:
            raise AttributeError(f"module {package!r} has no attribute {attr!r}")
        return getattr(importlib.import_module(names[attr], package), attr)
    return __getattr__
