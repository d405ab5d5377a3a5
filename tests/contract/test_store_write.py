"""Contract: writes — merge semantics, idempotency, all-or-nothing, namespaces, durability."""

from __future__ import annotations

import pytest

from mrgraph.errors import StoreError
from mrgraph.store.base import GraphStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord, WriteResult
from tests.contract.conftest import Backend, World, expected_graph, with_ns


def test_write_batch_returns_the_batch_counts(store: GraphStore, world: World) -> None:
    batch = world.c1()
    assert store.write_batch(batch) == WriteResult("c1", len(batch.nodes), len(batch.edges))


def test_export_is_exactly_what_was_written(loaded: GraphStore, world: World) -> None:
    assert loaded.export() == with_ns(expected_graph(world.c1(), world.c2()), world.ns)


def test_writing_the_same_batches_again_changes_nothing(loaded: GraphStore, world: World) -> None:
    before = loaded.export()
    stats = loaded.stats()
    with loaded.writing():
        loaded.write_batch(world.c2())
        loaded.write_batch(world.c1())
    assert loaded.export() == before
    assert loaded.stats() == stats


def test_every_node_gets_the_store_namespace(loaded: GraphStore, world: World) -> None:
    nodes, _ = loaded.export()
    assert nodes and {n.props["ns"] for n in nodes} == {world.ns}
    assert all("id" not in n.props and "_label" not in n.props for n in nodes)


def test_node_properties_merge_like_set_plus_equals(store: GraphStore, world: World) -> None:
    first = world.lone("Cue", "x", name="x", key="x", kind="keyword", tokens="x", extra="keep",
                       gone="soon")
    store.write_batch(GraphBatch("c", (first,), ()))
    second = NodeRecord("Cue", first.id, {"kind": "entity", "gone": None, "new": (1, 2)})
    store.write_batch(GraphBatch("c", (second,), ()))
    node = store.get_node(first.id)
    assert node == NodeRecord("Cue", first.id, {
        "name": "x", "key": "x", "kind": "entity", "tokens": "x", "extra": "keep",
        "new": (1, 2), "ns": world.ns})


def test_edge_properties_merge_by_src_type_dst(store: GraphStore, world: World) -> None:
    a = world.lone("Cue", "a", name="a", key="a", kind="keyword", tokens="a")
    e = world.lone("Episode", "e", date="2023-01-01", tokens="a")
    store.write_batch(GraphBatch("c", (a, e), (EdgeRecord("CUE_OF", a.id, e.id,
                                                          {"tag": "t1", "w": 1}),)))
    store.write_batch(GraphBatch("c", (), (EdgeRecord("CUE_OF", a.id, e.id,
                                                      {"tag": "t2", "w": None}),)))
    _, edges = store.export()
    assert edges == [EdgeRecord("CUE_OF", a.id, e.id, {"tag": "t2"})]
    assert store.stats().edges == {"CUE_OF": 1}


def test_repeats_in_one_unit_of_a_fresh_namespace_fold_like_merges(store: GraphStore,
                                                                   world: World) -> None:
    """A unit writing into an empty namespace (Neo4j creates its new nodes and edges instead of
    merging them): a node or edge repeated in a batch or across the unit's batches ends as the
    merges one after another would leave it."""
    a = world.lone("Cue", "a", name="a", key="a", kind="keyword", tokens="a", gone="soon")
    a_again = NodeRecord("Cue", a.id, {"kind": "entity", "gone": None, "new": (1, 2)})
    e = world.lone("Episode", "e", date="2023-01-01", tokens="a")
    f = world.lone("Episode", "f", date="2023-01-02", tokens="b")
    with store.writing():
        store.write_batch(GraphBatch("c", (a, e, a_again), (
            EdgeRecord("CUE_OF", a.id, e.id, {"tag": "t1", "w": 1}),
            EdgeRecord("CUE_OF", a.id, e.id, {"tag": "t2", "w": None}))))
        assert store.get_node(a.id) == NodeRecord("Cue", a.id, {
            "name": "a", "key": "a", "kind": "entity", "tokens": "a", "new": (1, 2),
            "ns": world.ns})
        store.write_batch(GraphBatch("d", (f, NodeRecord("Episode", e.id, {"tokens": "c"})), (
            EdgeRecord("CUE_OF", a.id, e.id, {"w": 3}), EdgeRecord("NEXT", e.id, f.id, {}),
            EdgeRecord("CUE_OF", a.id, f.id, {"tag": "t3"}))))
    nodes, edges = store.export()
    assert [(n.id, n.props) for n in nodes if n.id == e.id] == [
        (e.id, {"date": "2023-01-01", "tokens": "c", "ns": world.ns})]
    assert sorted(edges, key=lambda x: (x.type, x.dst)) == sorted([
        EdgeRecord("CUE_OF", a.id, e.id, {"tag": "t2", "w": 3}),
        EdgeRecord("CUE_OF", a.id, f.id, {"tag": "t3"}), EdgeRecord("NEXT", e.id, f.id, {})],
        key=lambda x: (x.type, x.dst))
    assert store.stats().edges == {"CUE_OF": 2, "NEXT": 1}


def test_an_edge_to_an_unknown_node_refuses_the_whole_batch(loaded: GraphStore,
                                                             world: World) -> None:
    before = loaded.export()
    new = world.lone("Cue", "new", name="new", key="new", kind="keyword", tokens="new")
    bad = GraphBatch("c1", (new,), (
        EdgeRecord("CUE_OF", new.id, world.ep("e11"), {"tag": "Career change"}),
        EdgeRecord("CUE_OF", new.id, "ep-0000000000000000", {"tag": "x"}),
    ))
    with pytest.raises(StoreError):
        loaded.write_batch(bad)
    assert loaded.export() == before


def test_edges_may_point_at_nodes_already_stored(loaded: GraphStore, world: World) -> None:
    new = world.lone("Cue", "new", name="new", key="new", kind="keyword", tokens="new")
    loaded.write_batch(GraphBatch("c1", (new,), (
        EdgeRecord("CUE_OF", new.id, world.ep("e11"), {"tag": "Career change"}),)))
    assert [k.name for k in loaded.event_keywords(world.ep("e11"))][-1] == "new"


def test_an_error_inside_writing_discards_the_whole_unit(loaded: GraphStore,
                                                         world: World) -> None:
    before = loaded.export()
    new = world.lone("Cue", "new", name="new", key="new", kind="keyword", tokens="new")
    with pytest.raises(RuntimeError):
        with loaded.writing():
            loaded.write_batch(GraphBatch("c", (new,), ()))
            loaded.forget_conversation("c2")
            raise RuntimeError("boom")
    assert loaded.export() == before
    assert loaded.get_node(new.id) is None


def test_writes_are_durable_across_reopening(backend: Backend, world: World,
                                             loaded: GraphStore) -> None:
    again = backend.open()
    assert again.export() == loaded.export()
    assert again.stats() == loaded.stats()


def test_namespaces_do_not_see_each_other(backend: Backend, loaded: GraphStore,
                                          world: World) -> None:
    other = backend.open("other")
    assert other.export() == ([], [])
    assert other.conversations() == []
    assert other.get_node(world.ep("e11")) is None
    assert other.stats().nodes == {}
    assert other.search_events({"alice": 1.0}, 10) == []
    assert other.token_df("Episode", ["alice"])[0] == 0


def test_namespaces_are_written_and_forgotten_independently(backend: Backend, loaded: GraphStore,
                                                            world: World) -> None:
    other = backend.open("other")
    theirs = World(other.ns)
    other.write_batch(theirs.c1())
    before = loaded.export()
    other.forget_conversation("c1")
    assert loaded.export() == before
    assert other.conversations() == []
    assert loaded.conversations() == ["c1", "c2"]
