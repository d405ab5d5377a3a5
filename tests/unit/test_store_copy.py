"""copy_store (what `mrgraph push` runs), between two embedded stores: the live test
(tests/contract/test_neo4j_live.py) does the same into Neo4j."""

from __future__ import annotations

from pathlib import Path

import pytest

from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.copy import copy_store
from mrgraph.store.memory import MemoryStore

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "ana_ben_benchmark_format.json"


@pytest.fixture
def source(tmp_path: Path) -> MemoryStore:
    store = MemoryStore(tmp_path / "src", "default")
    ingest_file(store, FIXTURE, HeuristicExtractor())
    return store


def test_copy_writes_every_node_and_edge(source: MemoryStore, tmp_path: Path) -> None:
    dst = MemoryStore(tmp_path / "dst", "default")
    progress: list[tuple[str, int, int]] = []
    result = copy_store(source, dst, batch_size=40,
                        progress=lambda what, d, t: progress.append((what, d, t)))
    nodes, edges = source.export()
    assert dst.export() == (nodes, edges)
    assert (result.nodes, result.edges) == (len(nodes), len(edges))
    assert result.batches == -(-len(nodes) // 40) + -(-len(edges) // 40)
    # both totals as soon as the source is read, then each batch as it lands, nodes first
    n, e = len(nodes), len(edges)
    assert progress[:2] == [("nodes", 0, n), ("relationships", 0, e)]
    assert progress[2:] == [("nodes", min(d, n), n) for d in range(40, n + 40, 40)] + \
        [("relationships", min(d, e), e) for d in range(40, e + 40, 40)]


def test_copy_is_idempotent_and_only_adds(source: MemoryStore, tmp_path: Path) -> None:
    dst = MemoryStore(tmp_path / "dst", "default")
    copy_store(source, dst)
    first = dst.export()
    copy_store(source, dst)
    assert dst.export() == first == source.export()
    assert dst.search_events({"lake": 1.0}, 3) == source.search_events({"lake": 1.0}, 3)


def test_copy_into_another_namespace_keeps_the_ids(source: MemoryStore, tmp_path: Path) -> None:
    dst = MemoryStore(tmp_path / "dst", "other")
    copy_store(source, dst)
    nodes, edges = dst.export()
    assert [n.id for n in nodes] == [n.id for n in source.export()[0]]
    assert {n.props["ns"] for n in nodes} == {"other"} and edges == source.export()[1]


def test_a_zero_batch_size_is_refused(source: MemoryStore, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        copy_store(source, MemoryStore(tmp_path / "dst", "default"), batch_size=0)
