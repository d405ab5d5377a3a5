"""Contract: inspection (stats, get_node, show, export, conversations) and token_df."""

from __future__ import annotations

from collections import Counter

import pytest

from mrgraph.errors import MrGraphError, NotFoundError
from mrgraph.ids import node_id
from mrgraph.store.base import GraphStore
from mrgraph.types import EdgeRecord, NodeRecord, Stats
from tests.contract.conftest import World, expected_graph, with_ns


def test_an_empty_store(store: GraphStore) -> None:
    assert store.stats() == Stats({}, {}, (), None, None)
    assert store.export() == ([], [])
    assert store.conversations() == []
    assert store.get_node("ep-0000000000000000") is None
    assert store.token_df("Episode", ["alice"]) in ((0, {"alice": 0}), (0, {}))


def test_stats_count_labels_types_conversations_and_dates(loaded: GraphStore,
                                                          world: World) -> None:
    nodes, edges = expected_graph(world.c1(), world.c2())
    assert loaded.stats() == Stats(
        nodes=dict(Counter(n.label for n in nodes)), edges=dict(Counter(e.type for e in edges)),
        conversations=("c1", "c2"), first_date="2023-05-08", last_date="2023-07-01")


def test_stats_dates_fall_back_to_sessions_without_episodes(store: GraphStore,
                                                            world: World) -> None:
    batch = world.c1()
    sessions = tuple(n for n in batch.nodes if n.label in ("Conversation", "Session"))
    store.write_batch(type(batch)("c1", sessions,
                                  tuple(e for e in batch.edges if e.type == "HAS_SESSION")))
    stats = store.stats()
    assert (stats.first_date, stats.last_date) == ("2023-05-08", "2023-06-10")
    assert stats.nodes == {"Conversation": 1, "Session": 2}


def test_conversations_are_sorted_ids(loaded: GraphStore) -> None:
    assert loaded.conversations() == ["c1", "c2"]


def test_get_node_returns_label_and_every_property_but_id(loaded: GraphStore,
                                                          world: World) -> None:
    node = loaded.get_node(world.ep("e12"))
    assert node is not None and node.label == "Episode" and node.id == world.ep("e12")
    assert node.props == {
        "conversation_id": "c1", "session": 1, "index": 1, "seq": 1, "text": "episode e12",
        "summary": "summary of e12", "tag": "painting", "date": "2023-05-08",
        "mentions": ("2023-W18",), "dia_ids": ("D1:4", "D1:5"), "tokens": "alice bob paint week",
        "ns": world.ns}
    e11 = loaded.get_node(world.ep("e11"))
    assert e11 is not None and "mentions" not in e11.props  # None was never stored
    mention = loaded.get_node(node_id(world.ns, "DateMention", "c1", "D1:4", 0))
    assert mention is not None and mention.label == "DateMention"
    assert (mention.props["value"], mention.props["precision"]) == ("2023-W18", "week")


def test_show_lists_neighbours_sorted_by_type_then_id(loaded: GraphStore, world: World) -> None:
    nodes, edges = expected_graph(world.c1(), world.c2())
    by_id = {n.id: n for n in with_ns((nodes, edges), world.ns)[0]}
    for focus in (world.ep("e12"), world.cue("alice"), world.tag("painting"), world.fact("f1")):
        view = loaded.show(focus)
        assert view.node == by_id[focus]
        out = sorted((e for e in edges if e.src == focus), key=lambda e: (e.type, e.dst))
        inc = sorted((e for e in edges if e.dst == focus), key=lambda e: (e.type, e.src))
        assert view.out_edges == tuple((e, by_id[e.dst]) for e in out)
        assert view.in_edges == tuple((e, by_id[e.src]) for e in inc)


def test_show_of_a_missing_node_is_not_found(loaded: GraphStore) -> None:
    with pytest.raises(NotFoundError):
        loaded.show("ep-0000000000000000")


def test_export_sorts_nodes_by_id_and_edges_by_src_type_dst(loaded: GraphStore) -> None:
    nodes, edges = loaded.export()
    assert [n.id for n in nodes] == sorted(n.id for n in nodes)
    assert [(e.src, e.type, e.dst) for e in edges] == sorted((e.src, e.type, e.dst) for e in edges)
    assert all(isinstance(n, NodeRecord) for n in nodes)
    assert all(isinstance(e, EdgeRecord) for e in edges)


def test_export_carries_edge_properties(loaded: GraphStore, world: World) -> None:
    _, edges = loaded.export()
    found = {(e.src, e.type, e.dst): e.props for e in edges}
    assert found[(world.fact("f2"), "FROM_EPISODE", world.ep("e12"))] == {
        "date": "2023-05-08", "negated": False, "confidence": 0.8, "contradicts": True}
    assert found[(world.cue("bob"), "CUE_OF", world.ep("e21"))] == {"tag": "painting"}
    assert found[(world.conv("c1"), "HAS_SESSION", world.session("c1", 1))] == {}


@pytest.mark.parametrize(("label", "tokens", "total", "df"), [
    ("Episode", ["alice", "paint", "nothing"], 6, {"alice": 4, "paint": 3}),
    ("Cue", ["paint", "class", "alice"], 7, {"paint": 2, "class": 1, "alice": 1}),
    ("Tag", ["paint", "career"], 2, {"paint": 1, "career": 1}),
    ("Topic", ["job", "art", "paint"], 2, {"job": 1, "art": 1, "paint": 1}),
    ("Turn", ["paint", "fenc", "lighthous", "c1"], 13,
     {"paint": 2, "fenc": 2, "lighthous": 2, "c1": 7}),
])
def test_token_df_counts_label_nodes_and_holders(loaded: GraphStore, label: str,
                                                 tokens: list[str], total: int,
                                                 df: dict[str, int]) -> None:
    count, held = loaded.token_df(label, tokens)
    assert count == total
    assert {t: n for t, n in held.items() if n} == df  # a token nobody holds: 0 or absent


def test_token_df_of_an_unsearchable_label_is_refused(loaded: GraphStore) -> None:
    with pytest.raises(MrGraphError):
        loaded.token_df("Session", ["alice"])
