"""`mrgraph ingest` (main(), in process) under generated malformed transcripts, on the embedded
store and on live Neo4j: exit 1, one line on stderr naming the file, no traceback, the store
unchanged. Neo4j runs when MRGRAPH_TEST_NEO4J_URI is set (MRGRAPH_REQUIRE_NEO4J=1 makes its
absence a failure, as for the contract tests)."""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings

from mrgraph.cli import main
from mrgraph.config import Settings
from mrgraph.store.base import GraphStore
from mrgraph.store.uri import open_store
from tests.contract.conftest import neo4j_uri
from tests.fuzz.conftest import FUZZ
from tests.fuzz.strategies import GOOD, malformed


class Target:
    """A store (URI and namespace) holding one conversation, and a snapshot of all it holds:
    the embedded store's files byte for byte, or a Neo4j namespace's export (read through one
    store kept open for the test, so each snapshot is one round of queries)."""

    def __init__(self, uri: str, ns: str, settings: Settings, directory: Path | None) -> None:
        self.uri, self.ns, self.settings, self.directory = uri, ns, settings, directory
        self.reader: GraphStore | None = None

    def snapshot(self) -> object:
        if self.directory is not None:
            return {p.name: p.read_bytes() for p in sorted(self.directory.iterdir())
                    if not p.name.endswith(".lock")}
        if self.reader is None:
            self.reader = open_store(self.uri, self.ns, self.settings)
        return self.reader.export()


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _seed(target: Target, tmp_path: Path) -> None:
    seed = tmp_path / "seed.txt"
    seed.write_text(GOOD["t.txt"], encoding="utf-8")
    code, _, err = _run(["ingest", str(seed), "--store", target.uri, "--ns", target.ns])
    assert code == 0, err


@pytest.fixture(params=["memory", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    if request.param == "memory":
        found = Target(f"file:{tmp_path / 'graph'}", "fuzz", Settings(), tmp_path / "graph")
        _seed(found, tmp_path)
        yield found
        return
    found = Target(neo4j_uri("fuzz the CLI against Neo4j"), f"fuzz{uuid.uuid4().hex[:12]}", Settings.from_env(), None)
    _seed(found, tmp_path)
    try:
        yield found
    finally:
        if found.reader is not None:
            found.reader.close()
        _wipe(found)


def _wipe(target: Target) -> None:
    import neo4j
    s = target.settings
    auth = (s.neo4j_user, s.neo4j_password) if s.neo4j_password is not None else None
    with neo4j.GraphDatabase.driver(target.uri, auth=auth) as driver:
        driver.execute_query("MATCH (n) WHERE n.ns = $ns DETACH DELETE n", {"ns": target.ns},
                             database_=s.neo4j_database)


@settings(FUZZ, max_examples=110)
@given(case=malformed())
def test_ingest_of_a_malformed_file_exits_1_on_one_line_and_changes_nothing(
        target: Target, tmp_path: Path, case: tuple[str, bytes]) -> None:
    path = tmp_path / "in" / case[0]
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(case[1])
    before = target.snapshot()
    code, out, err = _run(["ingest", str(path), "--store", target.uri, "--ns", target.ns])
    lines = [line for line in err.splitlines() if not line.startswith("warning:")]
    assert code == 1 and "Traceback" not in err + out
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), err
    assert len(lines[0]) <= 600
    assert target.snapshot() == before
