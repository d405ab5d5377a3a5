"""The local components CI installs or can use (tools/test-deps.sh: Chromium, the local model;
as root: a tmpfs mount): where one is missing its tests skip, unless MRGRAPH_REQUIRE_LOCAL=1
(the README's test command, .ci/run), which makes them fail instead."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

REQUIRE_LOCAL = "MRGRAPH_REQUIRE_LOCAL"


def missing(why: str) -> NoReturn:
    """Skip the test for `why`, or fail it under MRGRAPH_REQUIRE_LOCAL=1."""
    if os.environ.get(REQUIRE_LOCAL) == "1":
        pytest.fail(f"{REQUIRE_LOCAL}=1, but {why}")
    pytest.skip(why)
