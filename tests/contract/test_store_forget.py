"""Contract: forget_conversation removes exactly what only that conversation produced."""

from __future__ import annotations

from collections import defaultdict

import pytest

from mrgraph.errors import NotFoundError
from mrgraph.store.base import BeliefEdge, ForgetResult, GraphStore
from mrgraph.types import GraphBatch
from tests.contract.conftest import ENTITIES, Backend, World, expected_graph, with_ns


def assert_no_orphans(store: GraphStore) -> None:
    nodes, edges = store.export()
    ids = {n.id for n in nodes}
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for e in edges:
        assert e.src in ids and e.dst in ids, f"dangling edge {e}"
        out[(e.src, e.type)].add(e.dst)
    needs = {"Cue": ("CUE_OF", "BELIEF"), "Tag": ("TAGS",), "Fact": ("FROM_EPISODE",),
             "Topic": ("GROUPS",)}
    for n in nodes:
        if n.label in needs:
            assert any(out[(n.id, t)] for t in needs[n.label]), f"orphan {n.label} {n.id}"
    for e in edges:
        if e.type == "HAS_TAG":  # backed by an episode the cue reaches and the tag tags
            assert out[(e.src, "CUE_OF")] & out[(e.dst, "TAGS")], f"unbacked {e}"


def belief(world: World, entity: str, fact: str, aspect: str) -> BeliefEdge:
    return BeliefEdge(entity, aspect, world.fact(fact), f"statement {fact}", 0.8, 1,
                      "2023-05-01", "2023-07-01", "active", "[]", (), ())


@pytest.mark.parametrize(("forgotten", "kept", "entities"), [
    ("c1", "c2", ("Alice", "Bob")),
    ("c2", "c1", ("Alice", "Carol")),
])
def test_forgetting_leaves_exactly_the_other_conversation(
        backend: Backend, loaded: GraphStore, world: World, forgotten: str, kept: str,
        entities: tuple[str, ...]) -> None:
    both_nodes, both_edges = loaded.export()
    result = loaded.forget_conversation(forgotten)
    remaining = with_ns(expected_graph(world.conversation(kept)), world.ns)
    assert loaded.export() == remaining
    assert result == ForgetResult(forgotten, len(both_nodes) - len(remaining[0]),
                                  len(both_edges) - len(remaining[1]), entities)
    assert loaded.conversations() == [kept]
    assert_no_orphans(loaded)
    assert backend.open().export() == remaining  # and it was saved


def test_forgetting_everything_leaves_an_empty_namespace(loaded: GraphStore) -> None:
    loaded.forget_conversation("c1")
    result = loaded.forget_conversation("c2")
    assert loaded.export() == ([], [])
    assert result.entities == ("Alice", "Carol")
    assert loaded.stats().nodes == {}


def test_forgetting_an_unknown_conversation_is_not_found(loaded: GraphStore) -> None:
    before = loaded.export()
    with pytest.raises(NotFoundError):
        loaded.forget_conversation("c9")
    assert loaded.export() == before


def test_forget_takes_belief_edges_of_removed_facts(loaded: GraphStore, world: World) -> None:
    loaded.replace_beliefs(list(ENTITIES), [
        belief(world, "Alice", "f1", "job"), belief(world, "Alice", "f2", "job"),
        belief(world, "Bob", "f3", "hobby"), belief(world, "Carol", "f4", "home")])
    result = loaded.forget_conversation("c1")
    assert result.entities == ("Alice", "Bob")
    # f2 went (only c1 evidence); f1 stays (c2 evidence) with its now stale belief, which the
    # pipeline recomputes from the entities returned
    assert [b.fact_id for b in loaded.entity_beliefs("alice", None)] == [world.fact("f1")]
    assert loaded.entity_beliefs("bob", None) == []
    assert loaded.get_node(world.cue("bob")) is None
    assert [b.fact_id for b in loaded.entity_beliefs("carol", None)] == [world.fact("f4")]
    assert [(o.fact_id, o.episode_id) for o in loaded.fact_observations(result.entities)] == [
        (world.fact("f1"), world.ep("e31"))]
    assert_no_orphans(loaded)


def test_a_cue_kept_by_a_belief_loses_its_unbacked_tags(loaded: GraphStore,
                                                        world: World) -> None:
    # Bob is mentioned only in c1, but holds a belief about a c2 fact: after forgetting c1
    # the cue stays (BELIEF) while its HAS_TAG to "painting" (still tagging c2's e32) goes.
    loaded.replace_beliefs(["Bob"], [belief(world, "Bob", "f4", "home")])
    loaded.forget_conversation("c1")
    view = loaded.show(world.cue("bob"))
    assert [(e.type, e.dst) for e, _ in view.out_edges] == [("BELIEF", world.fact("f4"))]
    assert loaded.get_node(world.tag("painting")) is not None
    assert_no_orphans(loaded)


def test_forget_keeps_what_another_conversation_still_needs(loaded: GraphStore,
                                                            world: World) -> None:
    loaded.forget_conversation("c1")
    for kept in (world.cue("alice"), world.cue("job"), world.cue("paint"), world.tag("painting"),
                 world.tag("career change"), world.fact("f1")):
        assert loaded.get_node(kept) is not None
    for gone in (world.cue("bob"), world.cue("paint class"), world.cue("2023 05"),
                 world.fact("f2"), world.fact("f3"), world.topic("t1"), world.ep("e11")):
        assert loaded.get_node(gone) is None
    assert loaded.cue_tags(world.cue("alice"), 10)[0].count == 1
    assert loaded.find_cues("alice")[0].episodes == 1


def test_forget_then_reingest_restores_the_graph(loaded: GraphStore, world: World) -> None:
    before = loaded.export()
    loaded.forget_conversation("c1")
    loaded.write_batch(world.c1())
    assert loaded.export() == before


def test_forget_inside_a_write_unit_with_other_writes(loaded: GraphStore, world: World) -> None:
    with loaded.writing():
        loaded.forget_conversation("c2")
        loaded.write_batch(GraphBatch("c2", world.c2().nodes, world.c2().edges))
    assert loaded.conversations() == ["c1", "c2"]
    assert_no_orphans(loaded)
