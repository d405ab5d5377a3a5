"""The local model's end-to-end tests need the `[local]` extra and the GGUF
(`mrgraph local-model`). Without them the tests skip on a developer's machine and fail in CI
(CI=true), which installs both: a missing install step must not pass as a skip."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from mrgraph.config import Settings
from mrgraph.llm.local import options_from


@pytest.fixture(scope="session")
def local_model() -> Path:
    path = options_from(Settings.from_env()).model_path
    missing = []
    if importlib.util.find_spec("xllamacpp") is None:
        missing.append("the [local] extra (pip install -e '.[local]')")
    if not path.is_file():
        missing.append(f"the model at {path} (mrgraph local-model)")
    if missing:
        message = "local model tests need " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path
