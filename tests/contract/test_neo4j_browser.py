"""Neo4j Browser is served by the launcher next to Bolt, for inspecting the memory."""

from __future__ import annotations

import os
import urllib.request
from urllib.parse import urlparse

import pytest

URI = os.environ.get("MRGRAPH_TEST_NEO4J_URI")
pytestmark = pytest.mark.skipif(not URI and os.environ.get("MRGRAPH_REQUIRE_NEO4J") != "1",
                                reason="set MRGRAPH_TEST_NEO4J_URI to run against Neo4j")


def test_the_browser_page_is_served() -> None:
    assert URI, "MRGRAPH_REQUIRE_NEO4J=1 but MRGRAPH_TEST_NEO4J_URI is not set"
    host = urlparse(URI).hostname or "127.0.0.1"
    port = os.environ.get("MRGRAPH_TEST_NEO4J_HTTP_PORT", "7474")
    with urllib.request.urlopen(f"http://{host}:{port}/browser/", timeout=30) as response:
        page = response.read().decode("utf-8", "replace")
        assert response.status == 200
    assert "<title>Neo4j Browser</title>" in page
