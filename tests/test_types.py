"""The type hints hold: mypy (strict, as pyproject.toml sets it) finds nothing in the package
or in the benchmark scripts, whose figures RESULTS.md reports.

A fresh cache directory each run: a cache left by an older checkout never hides an error. mypy
runs in a process of its own: in this one it would raise the interpreter's recursion limit
(mypy's main does) under the tests that rely on the default one (tests/unit/test_limits.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"),
                           "--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "mrgraph"),
                           str(ROOT / "benchmarks")],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
