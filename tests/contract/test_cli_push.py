"""`mrgraph push` into the live Neo4j server: counts, idempotency, and no password in the output."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.ingest.sample import sample_path

URI = os.environ.get("MRGRAPH_TEST_NEO4J_URI")
pytestmark = pytest.mark.skipif(not URI and os.environ.get("MRGRAPH_REQUIRE_NEO4J") != "1",
                                reason="set MRGRAPH_TEST_NEO4J_URI to run against Neo4j")


def test_push_copies_the_graph_and_never_prints_the_password(tmp_path: Path) -> None:
    assert URI, "MRGRAPH_REQUIRE_NEO4J=1 but MRGRAPH_TEST_NEO4J_URI is not set"
    password = os.environ.get("NEO4J_PASSWORD", "")
    runner = CliRunner()
    store, ns = f"file:{tmp_path / 'g'}", f"push_{os.getpid()}"
    ingested = runner.invoke(app, ["ingest", str(sample_path()), "--store", store, "--ns", ns])
    assert ingested.exit_code == 0, ingested.output
    with_creds = URI.replace("//", f"//neo4j:{password}@", 1) if password else URI
    try:
        for _ in range(2):  # the second push changes nothing
            result = runner.invoke(app, ["push", "--to", with_creds, "--store", store, "--ns", ns])
            assert result.exit_code == 0, result.output
            assert "pushed" in result.output
            assert not password or password not in result.output
        local = runner.invoke(app, ["stats", "--json", "--store", store, "--ns", ns]).output
        remote = runner.invoke(app, ["stats", "--json", "--store", URI, "--ns", ns]).output
        assert local == remote
    finally:
        runner.invoke(app, ["forget", "--conversation", "sample", "--store", URI, "--ns", ns])
