"""The type hints hold: mypy (strict, as pyproject.toml sets it) finds nothing in the package
or in the benchmark scripts, whose figures RESULTS.md reports.

A fresh cache directory each run: a cache left by an older checkout never hides an error.
"""

from __future__ import annotations

from pathlib import Path

from mypy import api  # a dev dependency, as pytest is

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    out, err, status = api.run(["--cache-dir", str(tmp_path / "cache"), "--config-file",
                                str(ROOT / "pyproject.toml"), str(ROOT / "mrgraph"),
                                str(ROOT / "benchmarks")])
    assert status == 0, out + err
