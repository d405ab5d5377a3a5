"""Batches written in the order they come (mrgraph.ingest.reorder) leave the store that file order
leaves, every row of it, also where conversations share nodes and edges with other properties."""

from __future__ import annotations

import itertools
import sqlite3
from pathlib import Path

from mrgraph.ids import node_id
from mrgraph.ingest.reorder import Reorder
from mrgraph.store.memory import MemoryStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord

NS = "ns"
SHARED = node_id(NS, "Cue", "paris")
SHARED_TAG = node_id(NS, "Tag", "go camping")


def _batch(cid: str, name: str, kind: str, extra: dict[str, str]) -> GraphBatch:
    """A conversation with an episode, cued by a cue and tagged by a tag every batch shares,
    each batch giving them its own properties (the cue's name and kind, a tag property only
    some give, the CUE_OF edge's data)."""
    episode = node_id(NS, "Episode", cid, 1, 0)
    conversation = node_id(NS, "Conversation", cid)
    nodes = (NodeRecord("Conversation", conversation, {"conversation_id": cid}),
             NodeRecord("Episode", episode, {"conversation_id": cid, "date": "2023-01-01",
                                             "tokens": f"{cid} pari"}),
             NodeRecord("Cue", SHARED, {"name": name, "key": "paris", "kind": kind,
                                        "tokens": name.lower()}),
             NodeRecord("Tag", SHARED_TAG, {"label": "go camping", "key": "go camping",
                                            "tokens": "camp", **extra}))
    edges = (EdgeRecord("HAS_EPISODE", conversation, episode),
             EdgeRecord("CUE_OF", SHARED, episode, {"tag": "go camping"}),
             EdgeRecord("HAS_TAG", SHARED, SHARED_TAG, {"seen": cid, **extra}),
             EdgeRecord("TAGS", SHARED_TAG, episode))
    return GraphBatch(cid, nodes, edges)


BATCHES = [_batch("c0", "Paris", "entity", {"note": "first"}),
           _batch("c1", "paris", "keyword", {}),
           _batch("c2", "PARIS", "attribute", {"note": "third", "mood": "calm"}),
           _batch("c3", "Paris", "keyword", {})]


def _rows(directory: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(directory / f"{NS}.sqlite")
    try:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in ("nodes", "edges", "tokens", "counts")}
    finally:
        conn.close()


def _write(directory: Path, arrivals: list[int], fixes: bool = True) -> dict[str, list[tuple[object, ...]]]:
    store = MemoryStore(directory, NS)
    order = Reorder(free=True)
    with store.writing():
        for index in arrivals:
            for at, batch in order.arrive(index, BATCHES[index]):
                store.write_batch(batch)
                for fix in order.written(at, batch):
                    if fixes:
                        store.write_batch(fix)
    store.close()
    return _rows(directory)


def test_every_arrival_order_leaves_the_store_file_order_leaves(tmp_path: Path) -> None:
    expected = _write(tmp_path / "file-order", [0, 1, 2, 3])
    differing_without_fixes = 0
    for n, arrivals in enumerate(itertools.permutations(range(len(BATCHES)))):
        assert _write(tmp_path / f"p{n}", list(arrivals)) == expected, arrivals
        differing_without_fixes += _write(tmp_path / f"q{n}", list(arrivals), False) != expected
    assert differing_without_fixes > 0  # the fix-ups are what makes them equal


def test_in_file_order_when_not_free() -> None:
    order = Reorder(free=False)
    assert order.arrive(2, BATCHES[2]) == []
    assert order.arrive(0, BATCHES[0]) == [(0, BATCHES[0])]
    assert order.written(0, BATCHES[0]) == []
    assert order.arrive(1, BATCHES[1]) == [(1, BATCHES[1]), (2, BATCHES[2])]
    assert order.written(1, BATCHES[1]) == order.written(2, BATCHES[2]) == []


def test_fixes_hold_only_what_the_earlier_batch_shares() -> None:
    order = Reorder(free=True)
    assert order.written(2, BATCHES[2]) == []
    fixes = order.written(1, BATCHES[1])
    assert [f.conversation_id for f in fixes] == ["c2"]
    assert {n.id for n in fixes[0].nodes} == {SHARED, SHARED_TAG}
    assert {(e.type, e.props["seen"]) for e in fixes[0].edges} == {("HAS_TAG", "c2")}
    assert len(order.written(0, BATCHES[0])) == 2  # c1's and c2's, in file order
    assert order.written(3, BATCHES[3]) == []  # nothing earlier is still to come
