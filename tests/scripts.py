"""A repository script (benchmarks/, tools/) loaded as a module, for tests of its functions."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


@cache
def load_script(relative: str) -> ModuleType:
    """The script at `relative` (from the repository root), executed once; registered in
    sys.modules under its own name, since its dataclasses look their module up."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(f"script_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
