"""Write batches (mrgraph.ingest.plan) and the embedded store's ingest, which stays one atomic
save per file: a failure midway leaves the store exactly as it was, and there is no checkpoint.
The Neo4j side (a transaction per write batch, resuming) is tests/contract/test_neo4j_ingest.py.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from mrgraph import render
from mrgraph.config import Settings
from mrgraph.engine import Memory

from mrgraph.errors import StoreError
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.plan import WriteBatch, plan_batches, plan_key
from mrgraph.ingest.sample import sample_path
from mrgraph.store import persist
from mrgraph.store.memory import MemoryStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord
from tests.contract.conftest import write_transcript


def batches(path: Path, ns: str = "n") -> list[GraphBatch]:
    extractor = HeuristicExtractor()
    return [build_batch(c, extractor.extract(c), ns) for c in load(path)]


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    return write_transcript(tmp_path / "chats.jsonl")


def small(cid: str, nodes: int, edges: int) -> GraphBatch:
    ids = [f"{cid}-{i}" for i in range(nodes)]
    return GraphBatch(cid, tuple(NodeRecord("Turn", i) for i in ids),
                      tuple(EdgeRecord("NEXT", ids[0], ids[0], {"n": k}) for k in range(edges)))


# ------------------------------------------------------------------ the plan


def test_without_a_size_each_conversation_is_one_uncut_write_batch(transcript: Path) -> None:
    found = batches(transcript)
    planned = plan_batches(found, None)
    assert [[(p.batch, p.first) for p in wb] for wb in planned] == [[(b, True)] for b in found]


@pytest.mark.parametrize("size", [1, 7, 60, 250, 10_000])
def test_write_batches_are_bounded_and_keep_every_record_in_order(transcript: Path,
                                                                  size: int) -> None:
    found = batches(transcript)
    planned = plan_batches(found, size)
    assert all(sum(p.records for p in wb) <= size for wb in planned)
    parts = [p for wb in planned for p in wb]
    for batch in found:
        mine = [p for p in parts if p.batch.conversation_id == batch.conversation_id]
        assert [p.first for p in mine] == [True] + [False] * (len(mine) - 1)
        assert tuple(n for p in mine for n in p.batch.nodes) == batch.nodes
        assert tuple(e for p in mine for e in p.batch.edges) == batch.edges
        # nodes before edges: once a part holds an edge, no later part holds a node
        first_edge = next(i for i, p in enumerate(mine) if p.batch.edges)
        assert not any(p.batch.nodes for p in mine[first_edge + 1:])
    assert [p.batch.conversation_id for p in parts] == sorted(
        (p.batch.conversation_id for p in parts), key=[b.conversation_id for b in found].index)


def test_small_conversations_share_a_write_batch_while_they_fit() -> None:
    planned = plan_batches([small("a", 3, 2), small("b", 2, 1), small("c", 4, 4), small("d", 0, 0)],
                           8)
    shape = [[(p.batch.conversation_id, p.first, p.records) for p in wb] for wb in planned]
    assert shape == [[("a", True, 5), ("b", True, 3)], [("c", True, 8), ("d", True, 0)]]


def test_an_empty_conversation_still_has_a_part_so_its_old_version_is_forgotten() -> None:
    [[part]] = plan_batches([GraphBatch("empty", (), ())], 10)
    assert part.first and part.records == 0
    with pytest.raises(ValueError):
        plan_batches([], 0)


def test_the_plan_key_changes_with_anything_written(transcript: Path, tmp_path: Path) -> None:
    def key(planned: list[WriteBatch], ns: str = "n") -> str:
        return plan_key(ns, planned)

    found = batches(transcript)
    base = key(plan_batches(found, 60))
    assert base == key(plan_batches(batches(transcript), 60)) and base.startswith("ingest-")
    changed = write_transcript(tmp_path / "changed.jsonl", moved_to="Austin")
    others = {key(plan_batches(found, 61)), key(plan_batches(found, 60), "m"),
              key(plan_batches(batches(changed), 60)), key(plan_batches(found[:2], 60))}
    assert base not in others and len(others) == 4


# ------------------------------------------------------------------ the embedded store


def test_the_embedded_store_keeps_no_checkpoint(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "graph", "n")
    assert store.ingest_batch_size is None and store.checkpoint("any") is None


@pytest.mark.parametrize("failure", [KeyboardInterrupt(), StoreError("boom")])
def test_an_embedded_ingest_that_fails_midway_leaves_the_store_as_it_was(
        tmp_path: Path, transcript: Path, failure: BaseException) -> None:
    store = MemoryStore(tmp_path / "graph", "n")
    ingest_file(store, sample_path(), HeuristicExtractor())  # what was there before
    data = persist.data_file(tmp_path / "graph", "n")
    before, saved = store.export(), data.read_bytes()

    def fail(done: int, total: int) -> None:
        if done == 2:
            raise failure

    with pytest.raises(type(failure)) as caught:
        ingest_file(store, transcript, HeuristicExtractor(), on_batch=fail)
    assert str(caught.value) == str(failure)  # no "resume" note: nothing was committed
    assert data.read_bytes() == saved and store.export() == before
    assert MemoryStore(tmp_path / "graph", "n").export() == before

    calls: list[tuple[int, int]] = []
    report = ingest_file(store, transcript, HeuristicExtractor(),
                         on_batch=lambda done, total: calls.append((done, total)))
    assert (report.batches, report.resumed) == (3, 0) and calls == [(1, 3), (2, 3), (3, 3)]
    assert store.conversations() == ["c1", "c2", "c3", "sample"]


def test_memory_ingest_and_the_cli_bars_report_write_batches(tmp_path: Path,
                                                            transcript: Path) -> None:
    calls: list[tuple[int, int]] = []
    with Memory.open(Settings(), store=f"file:{tmp_path / 'graph'}", ns="n") as memory:
        memory.ingest([transcript], on_batch=lambda done, total: calls.append((done, total)))
        assert calls == [(1, 3), (2, 3), (3, 3)]
        console = Console(file=io.StringIO(), force_terminal=True)
        with render.ingest_progress(console) as bars:  # what `mrgraph ingest` shows
            (report,) = memory.ingest([transcript], progress=bars.turns,
                                      on_batch=bars.batches)
        assert report.batches == 3 and "write batches" in console.file.getvalue()
