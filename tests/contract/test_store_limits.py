"""Value limits (mrgraph.limits) on every store: what Neo4j can index is stored alike on both
stores, what it cannot is refused alike, and an ingest holding such a value anywhere writes
nothing, not even on Neo4j where a file commits batch by batch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mrgraph.errors import InputError, StoreError
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.limits import MAX_INDEXED_BYTES
from mrgraph.store.base import GraphStore
from mrgraph.types import GraphBatch, NodeRecord
from tests.contract.conftest import Backend, write_transcript
from tests.contract.test_neo4j_live import Namespaces, _driver, settings, spaces, uri  # noqa: F401

AT_LIMIT = "é" * (MAX_INDEXED_BYTES // 2)  # two bytes a character: exactly the limit in bytes
OVER_LIMIT = AT_LIMIT + "é"


def _batch(*nodes: NodeRecord) -> GraphBatch:
    return GraphBatch("c", nodes, ())


def _indexed_nodes(value: str) -> list[NodeRecord]:
    """A node for every indexed property (cypher/schema/), holding `value` there; the Turn's
    composite index (conversation_id, session) gets the largest 64-bit session number too."""
    return [NodeRecord("Cue", "cue-limit", {"key": value, "name": "n", "kind": "keyword"}),
            NodeRecord("Turn", "turn-limit", {"conversation_id": value, "session": 2 ** 63 - 1,
                                              "index": 0, "text": "t" * 100_000}),
            NodeRecord("Episode", "ep-limit", {"date": value, "conversation_id": "c"}),
            NodeRecord("Fact", "fact-limit", {"entity": value}),
            NodeRecord("Conversation", value, {"conversation_id": "c"})]


def test_values_at_the_limits_are_stored_on_every_store(backend: Backend) -> None:
    # the longest namespace in bytes a 14-character test prefix leaves: 47 characters, 79 bytes
    store = backend.open("é" * 32)
    nodes = _indexed_nodes(AT_LIMIT)
    with store.writing():
        store.write_batch(_batch(*nodes))
    for node in nodes:
        found = store.get_node(node.id)
        assert found is not None and {k: found.props[k] for k in node.props} == node.props


@pytest.mark.parametrize("props", [{"key": OVER_LIMIT}, {"key": "a\ud800"},
                                   {"session": 2 ** 63}, {"tokens": ("ok", "\udfff")},
                                   {"tokens": ("a", 1)}, {"tokens": ("a", None)},
                                   {"confidence": float("nan")}, {"embedding": (0.5, float("inf"))}])
def test_values_over_the_limits_are_refused_alike(store: GraphStore,
                                                  props: dict[str, object]) -> None:
    with pytest.raises(StoreError, match="property"):
        with store.writing():
            store.write_batch(_batch(NodeRecord("Cue", "cue-ok", {"key": "fine"}),
                                     NodeRecord("Cue", "cue-bad", props)))
    assert store.export() == ([], [])


def test_an_id_too_long_to_index_is_refused_alike(store: GraphStore) -> None:
    with pytest.raises(StoreError, match="property 'id'"):
        with store.writing():
            store.write_batch(_batch(NodeRecord("Conversation", "x" * 100_000, {})))
    assert store.export() == ([], [])


def _checkpointed(backend: Backend) -> GraphStore:
    """A store committing an ingest in many small batches on Neo4j (one save embedded)."""
    if backend.kind == "memory":
        return backend.open("batched")
    from mrgraph.store.neo4j import Neo4jStore
    s = backend.settings
    store = Neo4jStore(backend.uri, backend.ns("batched"), s.neo4j_user, s.neo4j_password,
                       s.neo4j_database, ingest_batch_size=20)
    backend._opened.append(store)  # wiped and closed by the fixture  # noqa: SLF001
    return store


def test_a_value_no_store_can_hold_late_in_a_file_writes_nothing(backend: Backend,
                                                                 tmp_path: Path) -> None:
    path = write_transcript(tmp_path / "late.jsonl")  # three conversations: many batches
    last = {"conversation": "c4", "session": "s1", "timestamp": "2023-06-01T10:00:00",
            "speaker": "Maya", "text": "I love " + "Z" * 12_000 + " so much."}
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(last) + "\n")
    store = _checkpointed(backend)
    with pytest.raises(InputError, match=r"late.jsonl: conversation 'c4': Cue .* property 'key' "
                                         r"holds 12,000 bytes"):
        ingest_file(store, path, HeuristicExtractor())
    assert store.export() == ([], [])
    assert _checkpoints(backend, store.ns) == 0
    # without the bad conversation the same file is many batches: the check ran before them all
    path.write_text("".join(path.read_text(encoding="utf-8").splitlines(True)[:-1]),
                    encoding="utf-8")
    report = ingest_file(store, path, HeuristicExtractor())
    assert report.batches > (3 if backend.kind == "neo4j" else 0)


def _checkpoints(backend: Backend, ns: str) -> int:
    if backend.kind == "memory":
        return 0  # the embedded store keeps none (one atomic save per file)
    import neo4j
    s = backend.settings
    auth = (s.neo4j_user, s.neo4j_password) if s.neo4j_password is not None else None
    with neo4j.GraphDatabase.driver(backend.uri, auth=auth) as driver:
        records, _, _ = driver.execute_query(
            "MATCH (k:IngestCheckpoint) WHERE k.ns = $ns RETURN count(k) AS n", {"ns": ns},
            database_=s.neo4j_database)
    return int(records[0]["n"])


@pytest.mark.neo4j
def test_neo4j_itself_refuses_what_the_limit_keeps_out(spaces: Namespaces) -> None:
    """The measurement behind MAX_INDEXED_BYTES, on the live server: a range-indexed string of
    8,165 UTF-8 bytes is refused at commit (8,164 is the most Neo4j 5.26 takes), so the limit
    (8,000) keeps a margin. Written with the driver, past mrgraph's own check."""
    import neo4j
    store = spaces.open("raw")
    store.stats()  # connects and ensures the schema (the indexes under test)
    query = "CREATE (c:Cue {id: $id, ns: $ns, key: $key})"
    database = spaces.settings.neo4j_database
    with _driver(spaces.uri, spaces.settings) as driver:
        driver.execute_query(query, {"id": f"{store.ns}-ok", "ns": store.ns, "key": "k" * 8164},
                             database_=database)
        with pytest.raises(neo4j.exceptions.Neo4jError, match="too large to index"):
            driver.execute_query(query, {"id": f"{store.ns}-big", "ns": store.ns,
                                         "key": "k" * 8165}, database_=database)
