"""Neo4j write_batch sends a flush's statements without waiting for each one's answer before
the next (neo4j_write._send): a failure is then reported by a later run or by the reading of
the answers, and must still name the file that failed and leave nothing written.

They need MRGRAPH_TEST_NEO4J_URI (+ NEO4J_USER / NEO4J_PASSWORD); without it they skip, unless
MRGRAPH_REQUIRE_NEO4J=1, which makes them fail.
"""

from __future__ import annotations

import pytest

from mrgraph.errors import StoreError
from mrgraph.store import neo4j_write
from mrgraph.types import GraphBatch, NodeRecord
from tests.contract.conftest import World, expected_graph, with_ns
from tests.contract.test_neo4j_live import Namespaces, settings, spaces, uri  # noqa: F401

pytestmark = pytest.mark.neo4j


def _squat(spaces: Namespaces, node: NodeRecord) -> None:
    """Another namespace holds `node`'s id (only a forged batch does that: ids hash the ns)."""
    spaces.open("squatter").write_batch(GraphBatch("squat", (node,), ()))


@pytest.mark.parametrize("cue_first", [True, False], ids=["failing-file-first", "last"])
def test_a_colliding_node_names_its_create_file_wherever_it_is_sent(
        spaces: Namespaces, cue_first: bool) -> None:
    """The failing statement is the first (its failure comes back on the next run) or the
    last (it comes back when the answers are read): the error names create_cues either way."""
    store = spaces.open()
    world = World(store.ns)
    cue = world.lone("Cue", "squatted", key="squatted")
    _squat(spaces, cue)
    other = world.lone("Conversation", "c9", conversation_id="c9")
    nodes = (cue, other) if cue_first else (other, cue)
    with pytest.raises(StoreError, match=r"create_cues\.cypher have ids of another namespace"):
        with store.writing():
            store.write_batch(GraphBatch("c9", nodes, ()))
    assert store.export() == ([], [])


def test_a_collision_among_many_statements_names_its_file_and_writes_nothing(
        spaces: Namespaces) -> None:
    """A whole conversation (a statement per label and type, the edges after the nodes) whose
    cue collides: the cues' file is named and none of the other statements' rows remain."""
    store = spaces.open()
    world = World(store.ns)
    batch = world.c1()
    squatted = next(n for n in batch.nodes if n.label == "Cue")
    _squat(spaces, squatted)
    with pytest.raises(StoreError, match=r"create_cues\.cypher have ids of another namespace"):
        with store.writing():
            store.write_batch(batch)
    assert store.export() == ([], [])
    lone = world.lone("Conversation", "c9", conversation_id="c9")
    store.write_batch(GraphBatch("c9", (lone,), ()))  # the store goes on working
    assert [n.id for n in store.export()[0]] == [lone.id]


def test_repeated_ids_across_batches_of_a_unit_merge_into_one_record(spaces: Namespaces) -> None:
    """Batches of one unit sharing nodes (cues, tags) and an edge: one node each, the later
    properties winning, and the edge once, as on the embedded store."""
    store = spaces.open()
    world = World(store.ns)
    world.write_into(store)
    nodes, edges = store.export()
    assert len({n.id for n in nodes}) == len(nodes)
    assert len({(e.type, e.src, e.dst) for e in edges}) == len(edges)
    shared = {n.id for n in world.c1().nodes} & {n.id for n in world.c2().nodes}
    assert shared and shared <= {n.id for n in nodes}


@pytest.mark.parametrize("fresh", [True, False], ids=["created", "merged"])
def test_files_sent_in_several_chunks_write_every_row_once(
        spaces: Namespaces, monkeypatch: pytest.MonkeyPatch, fresh: bool) -> None:
    """With 3 rows a statement, each file goes out in several statements, all in flight before
    any count is read: the counts add up per file and the graph is the one of one statement a
    file (into an empty namespace, created; into one holding a node, merged)."""
    store = spaces.open()
    world = World(store.ns)
    lone = world.lone("Topic", "elsewhere", label="elsewhere")
    if not fresh:
        store.write_batch(GraphBatch("c0", (lone,), ()))
    monkeypatch.setattr(neo4j_write, "CHUNK", 3)
    world.write_into(store)
    before = (GraphBatch("c0", (lone,), ()),) if not fresh else ()
    assert store.export() == with_ns(expected_graph(*before, world.c1(), world.c2()), store.ns)
