"""Neo4j ingest in checkpointed write batches, against a live server (no mock anywhere).

A file is committed in write batches of at most `ingest_batch_size` records, each with a
checkpoint; an interrupted run (Ctrl-C raised from the on_batch hook, a closed driver, a batch the
server rejects) resumes after its committed batches when run again, and ends with the graph an
uninterrupted run gives. The reference graphs come from uninterrupted runs in the same namespace
(ids hash the namespace) on Neo4j and on the embedded store.

They need MRGRAPH_TEST_NEO4J_URI (+ NEO4J_USER / NEO4J_PASSWORD); without it they skip, unless
MRGRAPH_REQUIRE_NEO4J=1, which makes them fail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mrgraph.errors import StoreError
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import IngestReport, forget_conversation, ingest_file
from mrgraph.ingest.plan import plan_batches
from mrgraph.store.memory import MemoryStore
from mrgraph.store.neo4j import INGEST_BATCH_SIZE, Neo4jStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord
from tests.contract.conftest import write_transcript
from tests.contract.test_neo4j_live import Namespaces, _driver, settings, spaces, uri  # noqa: F401

pytestmark = pytest.mark.neo4j
SIZE = 60  # records per write batch in these tests: the file below takes about a dozen
Graph = tuple[list[NodeRecord], list[EdgeRecord]]


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    return write_transcript(tmp_path / "chats.jsonl")


def ingest(store: Neo4jStore | MemoryStore, path: Path, stop_after: int | None = None,
           calls: list[tuple[int, int]] | None = None) -> IngestReport:
    """ingest_file; with `stop_after`, Ctrl-C (KeyboardInterrupt) once that many batches are in."""
    def on_batch(done: int, total: int) -> None:
        if calls is not None:
            calls.append((done, total))
        if done == stop_after:
            raise KeyboardInterrupt

    return ingest_file(store, path, HeuristicExtractor(), on_batch=on_batch)


def embedded(tmp_path: Path, ns: str, path: Path) -> Graph:
    """The graph an uninterrupted ingest gives on the embedded store (one atomic save)."""
    store = MemoryStore(tmp_path / "embedded" / path.stem, ns)
    ingest(store, path)
    return store.export()


def checkpoints(spaces: Namespaces, ns: str) -> list[dict[str, Any]]:
    """The :IngestCheckpoint nodes of a namespace, read with a constant statement."""
    with _driver(spaces.uri, spaces.settings) as driver:
        records, _, _ = driver.execute_query(
            "MATCH (k:IngestCheckpoint) WHERE k.ns = $ns RETURN properties(k) AS p ORDER BY k.id",
            {"ns": ns}, database_=spaces.settings.neo4j_database)
    return [dict(r["p"]) for r in records]


@pytest.fixture
def uninterrupted(spaces: Namespaces, transcript: Path) -> tuple[Graph, IngestReport]:
    """The graph and report of an uninterrupted checkpointed ingest in namespace `main`, which
    is then emptied again for the test's own run."""
    store = spaces.open(ingest_batch_size=SIZE)
    report = ingest(store, transcript)
    graph = store.export()
    spaces.wipe(store.ns)
    assert store.export() == ([], [])
    return graph, report


# ------------------------------------------------------------------ resuming


def test_an_interrupted_ingest_resumes_after_its_committed_batches(
        spaces: Namespaces, transcript: Path, tmp_path: Path,
        uninterrupted: tuple[Graph, IngestReport]) -> None:
    graph, full = uninterrupted
    assert full.batches >= 10 and full.resumed == 0
    store = spaces.open(ingest_batch_size=SIZE)
    with pytest.raises(KeyboardInterrupt) as stopped:
        ingest(store, transcript, stop_after=3)
    assert str(stopped.value) == (f"{transcript}: 3 of {full.batches} write batches are "
                                  "committed; run the same command again to resume from batch 4")
    [left] = checkpoints(spaces, store.ns)
    assert (left["done"], left["total"], left["source"]) == (3, full.batches, str(transcript))
    assert left["conversations"] == ["c1"]
    # reads see the committed batches, and nothing the checkpoint does not record
    assert store.conversations() == ["c1"] and 0 < len(store.export()[0]) < len(graph[0])

    calls: list[tuple[int, int]] = []
    again = ingest(store, transcript, calls=calls)
    assert (again.batches, again.resumed) == (full.batches, 3)
    assert [done for done, _ in calls] == list(range(4, full.batches + 1))
    assert store.export() == graph == embedded(tmp_path, store.ns, transcript)
    assert checkpoints(spaces, store.ns) == []


def test_a_lost_connection_is_reported_with_how_far_it_got_and_resumes(
        spaces: Namespaces, transcript: Path, uninterrupted: tuple[Graph, IngestReport]) -> None:
    graph, full = uninterrupted
    store = spaces.open(ingest_batch_size=SIZE)

    def lose_connection(done: int, total: int) -> None:
        if done == 2:
            store.close()  # the driver is gone: the next batch cannot even begin

    with pytest.raises(StoreError) as failed:
        ingest_file(store, transcript, HeuristicExtractor(), on_batch=lose_connection)
    message = str(failed.value)
    assert "Driver closed" in message
    assert message.endswith(f"2 of {full.batches} write batches are committed; run the same "
                            "command again to resume from batch 3")
    reopened = spaces.open(ingest_batch_size=SIZE)
    assert ingest(reopened, transcript).resumed == 2
    assert reopened.export() == graph and checkpoints(spaces, reopened.ns) == []


def test_a_failure_after_the_last_batch_leaves_only_the_belief_update_to_do(
        spaces: Namespaces, transcript: Path, uninterrupted: tuple[Graph, IngestReport]) -> None:
    graph, full = uninterrupted
    store = spaces.open(ingest_batch_size=SIZE)

    def lose_connection(done: int, total: int) -> None:
        if done == total:
            store.close()

    with pytest.raises(StoreError) as failed:
        ingest_file(store, transcript, HeuristicExtractor(), on_batch=lose_connection)
    assert str(failed.value).endswith(f"{full.batches} of {full.batches} write batches are "
                                      "committed but not the belief update; run the same command "
                                      "again to finish")
    reopened = spaces.open(ingest_batch_size=SIZE)
    calls: list[tuple[int, int]] = []
    report = ingest(reopened, transcript, calls=calls)
    assert (report.resumed, report.nodes, report.edges, calls) == (full.batches, 0, 0, [])
    assert reopened.export() == graph and checkpoints(spaces, reopened.ns) == []


def test_a_batch_the_server_rejects_is_rolled_back_whole_and_redone(
        spaces: Namespaces, transcript: Path, uninterrupted: tuple[Graph, IngestReport]) -> None:
    """A failure inside a batch's transaction: batch 5 (c2's first) meets a node of another
    namespace holding one of its ids, so the server-side merge refuses it midway."""
    graph, full = uninterrupted
    store = spaces.open(ingest_batch_size=SIZE)
    fifth = _batch_nodes(store.ns, transcript, 5)
    squatter = spaces.open("squatter")
    squatter.write_batch(GraphBatch("squat", (fifth[-1],), ()))
    with pytest.raises(StoreError, match="another namespace") as failed:
        ingest(store, transcript)
    assert str(failed.value).endswith(
        f"4 of {full.batches} write batches are committed (batch 5 too if the failure came as "
        "it committed); run the same command again to resume after the committed ones")
    assert [c["done"] for c in checkpoints(spaces, store.ns)] == [4]
    stored = {n.id for n in store.export()[0]}
    own = {n.id for n in fifth if n.props.get("conversation_id") == "c2"}  # cues are shared
    assert stored and own and not stored & own  # nothing of batch 5 is in
    assert store.conversations() == ["c1"]
    spaces.wipe(squatter.ns)
    assert ingest(store, transcript).resumed == 4
    assert store.export() == graph


def test_a_fresh_namespace_meeting_an_id_of_another_is_refused_whole(
        spaces: Namespaces, transcript: Path) -> None:
    """The first unit of an empty namespace creates its nodes (create_*.cypher) instead of
    merging them: a node of another namespace holding one of its ids fails it whole, with the
    same error as the merge files give."""
    store = spaces.open(ingest_batch_size=SIZE)
    first = _batch_nodes(store.ns, transcript, 1)
    squatter = spaces.open("squatter")
    squatter.write_batch(GraphBatch("squat", (first[-1],), ()))
    with pytest.raises(StoreError, match="another namespace"):
        ingest(store, transcript)
    assert store.export() == ([], []) and checkpoints(spaces, store.ns) == []
    spaces.wipe(squatter.ns)
    assert ingest(store, transcript).resumed == 0 and store.conversations()


def test_a_reingest_forgets_the_old_version_once_not_again_on_resume(
        spaces: Namespaces, transcript: Path, tmp_path: Path,
        uninterrupted: tuple[Graph, IngestReport]) -> None:
    """Replace semantics: a conversation already stored is forgotten in the transaction of its
    first batch; a resumed run must not forget what that batch wrote."""
    graph, _ = uninterrupted
    store = spaces.open(ingest_batch_size=SIZE)
    old = write_transcript(tmp_path / "old.jsonl", moved_to="Austin")
    ingest(store, old)
    with pytest.raises(KeyboardInterrupt):
        ingest(store, transcript, stop_after=2)  # in the middle of c1
    assert ingest(store, transcript).resumed == 2
    assert store.export() == graph


# ------------------------------------------------------------------ stale checkpoints


def test_a_changed_file_does_not_resume_a_stale_checkpoint(
        spaces: Namespaces, transcript: Path, tmp_path: Path) -> None:
    store = spaces.open(ingest_batch_size=SIZE)
    with pytest.raises(KeyboardInterrupt):
        ingest(store, transcript, stop_after=3)
    [stale] = checkpoints(spaces, store.ns)
    write_transcript(transcript, moved_to="Austin")  # the same path, another content

    calls: list[tuple[int, int]] = []
    report = ingest(store, transcript, calls=calls)
    assert report.resumed == 0 and calls[0] == (1, report.batches)
    assert store.export() == embedded(tmp_path, store.ns, transcript)
    # the new run rewrote every conversation the stale checkpoint recorded: it is gone
    assert stale["conversations"] == ["c1"] and checkpoints(spaces, store.ns) == []


def test_forgetting_a_partly_ingested_conversation_makes_its_ingest_start_over(
        spaces: Namespaces, transcript: Path, uninterrupted: tuple[Graph, IngestReport]) -> None:
    graph, full = uninterrupted
    store = spaces.open(ingest_batch_size=SIZE)
    with pytest.raises(KeyboardInterrupt):
        ingest(store, transcript, stop_after=full.batches - 2)  # c1 and c2 written, c3 begun
    [before] = checkpoints(spaces, store.ns)
    assert before["conversations"] == ["c1", "c2", "c3"]
    forget_conversation(store, "c2")
    [after] = checkpoints(spaces, store.ns)
    assert after["done"] == 0 and after["conversations"] == ["c1", "c3"]
    report = ingest(store, transcript)
    assert report.resumed == 0  # skipping its batches would leave c2 half-written
    assert store.export() == graph and checkpoints(spaces, store.ns) == []


# ------------------------------------------------------------------ batch size


def test_a_file_larger_than_the_batch_size_is_committed_in_several_transactions(
        spaces: Namespaces, transcript: Path, tmp_path: Path) -> None:
    store = spaces.open(ingest_batch_size=SIZE)
    seen: list[tuple[int, int, int]] = []  # (done, total, what the checkpoint said then)

    def watch(done: int, total: int) -> None:  # each batch is committed before the next one
        [cp] = checkpoints(spaces, store.ns)
        seen.append((done, total, cp["done"]))

    report = ingest_file(store, transcript, HeuristicExtractor(), on_batch=watch)
    records = report.nodes + report.edges
    assert report.batches >= -(-records // SIZE) > 1
    assert seen == [(n, report.batches, n) for n in range(1, report.batches + 1)]
    assert store.export() == embedded(tmp_path, store.ns, transcript)

    whole = spaces.open("whole")  # the default size holds this file in one transaction
    assert whole.ingest_batch_size == INGEST_BATCH_SIZE
    assert ingest(whole, transcript).batches == 1
    assert whole.export() == embedded(tmp_path / "whole", whole.ns, transcript)


# ------------------------------------------------------------------ helpers


def _batch_nodes(ns: str, path: Path, number: int) -> list[NodeRecord]:
    """The nodes write batch `number` (from 1) writes: the plan is deterministic."""
    extractor = HeuristicExtractor()
    batches = [build_batch(c, extractor.extract(c), ns) for c in load(path)]
    nodes = [n for part in plan_batches(batches, SIZE)[number - 1] for n in part.batch.nodes]
    assert nodes, f"write batch {number} holds no node"
    return nodes


def test_the_cli_reports_a_resumed_ingest(spaces: Namespaces, transcript: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from mrgraph.cli import main

    store = spaces.open("cli")  # the CLI's batch size: this file is one write batch
    with pytest.raises(KeyboardInterrupt, match="1 of 1 write batches are committed but not"):
        ingest(store, transcript, stop_after=1)
    capsys.readouterr()
    assert main(["ingest", str(transcript), "--store", spaces.uri, "--ns", store.ns]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert (f"resumed {transcript}: 1 of 1 write batches were committed by an interrupted "
            "earlier run and skipped") in shown
    assert checkpoints(spaces, store.ns) == []
