"""The local model's end-to-end tests need the `[local]` extra and the GGUF
(`mrgraph local-model`). Without them the tests skip, unless MRGRAPH_REQUIRE_LOCAL=1 (then a
missing install fails: set it wherever both are installed on purpose, e.g. in CI once the
`.ci/run` step that installs them is merged)."""

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
        if os.environ.get("MRGRAPH_REQUIRE_LOCAL") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path
