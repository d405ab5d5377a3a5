"""Contract: vector_events — exact cosine over episode embeddings, identical on every backend.

score = round(cos, 6) with cos = a·b / (|a| |b|) (exact cosine in [-1, 1], not Neo4j's
(1 + cos) / 2); only episodes with an embedding of the query's dimension and a non-zero norm
take part; order: score desc, date asc, id asc (mrgraph.store.base).
"""

from __future__ import annotations

import math

from mrgraph.store.base import EventRecord, GraphStore
from mrgraph.types import GraphBatch, NodeRecord
from tests.contract.conftest import Backend, World

# Episode dates: e12 2023-05-01, e11 = e13 2023-05-08, e21 2023-06-10, e31 = e32 2023-07-01.
VECTORS: dict[str, tuple[float, ...]] = {
    "e11": (1.0, 0.0, 0.0),
    "e12": (0.6, 0.8, 0.0),
    "e13": (1.0, 0.0, 0.0),   # ties e11 on score and date: id decides
    "e21": (0.0, 0.0, 1.0),   # orthogonal to the query: cos 0, still returned
    "e31": (-1.0, 0.0, 0.0),  # opposite: cos -1, last
    "e32": (2.0, 0.0, 0.0),   # same direction, other length: cos 1 (a norm does not matter)
}


def embed(store: GraphStore, world: World, vectors: dict[str, tuple[float, ...]]) -> None:
    nodes = tuple(NodeRecord("Episode", world.ep(name), {"embedding": v})
                  for name, v in vectors.items())
    with store.writing():
        store.write_batch(GraphBatch("c1", nodes, ()))


def ids(records: list[EventRecord]) -> list[str]:
    return [r.id for r in records]


def test_orders_by_exact_cosine_then_date_then_id(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, VECTORS)
    found = loaded.vector_events([1.0, 0.0, 0.0], 10)
    tied = sorted([world.ep("e11"), world.ep("e13")])
    assert ids(found) == [*tied, world.ep("e32"), world.ep("e12"), world.ep("e21"),
                          world.ep("e31")]
    assert [r.score for r in found] == [1.0, 1.0, 1.0, 0.6, 0.0, -1.0]


def test_records_are_full_event_records(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, VECTORS)
    [top] = loaded.vector_events([0.0, 1.0, 0.0], 1)
    assert top == EventRecord(world.ep("e12"), "c1", 1, "2023-05-01", "2023-05-07",
                              "summary of e12", "painting", world.dia_ids("e12"), 0.8)


def test_score_is_rounded_cosine(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 2.0, 3.0)})
    [hit] = loaded.vector_events([3.0, -1.0, 0.5], 5)
    expected = (3.0 - 2.0 + 1.5) / (math.sqrt(14.0) * math.sqrt(10.25))
    assert hit.score == round(expected, 6)


def test_limit_and_empty_cases(loaded: GraphStore, world: World) -> None:
    assert loaded.vector_events([1.0, 0.0, 0.0], 10) == []  # nothing embedded yet
    embed(loaded, world, VECTORS)
    assert len(loaded.vector_events([1.0, 0.0, 0.0], 2)) == 2
    assert loaded.vector_events([1.0, 0.0, 0.0], 0) == []
    assert loaded.vector_events([0.0, 0.0, 0.0], 10) == []  # a zero query has no direction


def test_only_embeddings_of_the_query_dimension_take_part(loaded: GraphStore,
                                                          world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 0.0), "e12": (1.0, 0.0, 0.0), "e13": (0.0, 0.0, 0.0)})
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], 10)) == [world.ep("e12")]
    assert ids(loaded.vector_events([0.0, 1.0], 10)) == [world.ep("e11")]


def test_writes_are_seen_by_the_next_query(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 0.0, 0.0), "e12": (0.0, 1.0, 0.0)})
    assert ids(loaded.vector_events([0.0, 1.0, 0.0], 1)) == [world.ep("e12")]
    embed(loaded, world, {"e11": (0.0, 1.0, 0.0), "e12": (1.0, 0.0, 0.0)})
    assert ids(loaded.vector_events([0.0, 1.0, 0.0], 1)) == [world.ep("e11")]
    with loaded.writing():  # a None property removes the embedding
        loaded.write_batch(GraphBatch("c1", (NodeRecord("Episode", world.ep("e11"),
                                                        {"embedding": None}),), ()))
    assert ids(loaded.vector_events([0.0, 1.0, 0.0], 5)) == [world.ep("e12")]


def test_forgotten_episodes_leave_the_search(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, VECTORS)
    loaded.forget_conversation("c2")
    found = ids(loaded.vector_events([1.0, 0.0, 0.0], 10))
    assert world.ep("e31") not in found and world.ep("e32") not in found and len(found) == 4


def test_other_namespaces_are_invisible(backend: Backend, loaded: GraphStore,
                                        world: World) -> None:
    embed(loaded, world, VECTORS)
    other = backend.open("other")
    other_world = World(other.ns)
    with other.writing():
        other.write_batch(other_world.c1())
    embed(other, other_world, {"e11": (1.0, 0.0, 0.0)})
    assert ids(other.vector_events([1.0, 0.0, 0.0], 10)) == [other_world.ep("e11")]
    assert world.ep("e11") in ids(loaded.vector_events([1.0, 0.0, 0.0], 10))
