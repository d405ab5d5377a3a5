"""Contract: vector_events — exact cosine over episode embeddings, identical on every backend.

score = round(cos, 6) with cos = a·b / (|a| |b|) (exact cosine in [-1, 1], not Neo4j's
(1 + cos) / 2); only episodes embedded by the query's model (`embedding_model`), with an
embedding of the query's dimension and a non-zero norm, take part; order: score desc, date asc,
id asc (mrgraph.store.base). embedding_models counts the embedded episodes per model.
"""

from __future__ import annotations

import math
from pathlib import Path

from mrgraph.ingest.embed import EpisodeEmbedder
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.llm import HashEmbedder
from mrgraph.store.base import EmbeddingCount, EventRecord, GraphStore
from mrgraph.types import GraphBatch, NodeRecord
from tests.contract.conftest import Backend, World

# Episode dates: e11 = e12 = e13 2023-05-08, e21 2023-06-10, e31 = e32 2023-07-01.
VECTORS: dict[str, tuple[float, ...]] = {
    "e11": (1.0, 0.0, 0.0),
    "e12": (0.6, 0.8, 0.0),
    "e13": (1.0, 0.0, 0.0),   # ties e11 on score and date: id decides
    "e21": (0.0, 0.0, 1.0),   # orthogonal to the query: cos 0, still returned
    "e31": (-1.0, 0.0, 0.0),  # opposite: cos -1, last
    "e32": (2.0, 0.0, 0.0),   # same direction, other length: cos 1 (a norm does not matter)
}


MODEL = "model-a"


def embed(store: GraphStore, world: World, vectors: dict[str, tuple[float, ...]],
          model: str | None = MODEL) -> None:
    nodes = tuple(NodeRecord("Episode", world.ep(name), {"embedding": v, "embedding_model": model})
                  for name, v in vectors.items())
    with store.writing():
        store.write_batch(GraphBatch("c1", nodes, ()))


def ids(records: list[EventRecord]) -> list[str]:
    return [r.id for r in records]


def test_orders_by_exact_cosine_then_date_then_id(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, VECTORS)
    found = loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10)
    tied = sorted([world.ep("e11"), world.ep("e13")])
    assert ids(found) == [*tied, world.ep("e32"), world.ep("e12"), world.ep("e21"),
                          world.ep("e31")]
    assert [r.score for r in found] == [1.0, 1.0, 1.0, 0.6, 0.0, -1.0]


def test_records_are_full_event_records(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, VECTORS)
    [top] = loaded.vector_events([0.0, 1.0, 0.0], MODEL, 1)
    assert top == EventRecord(world.ep("e12"), "c1", 1, "2023-05-08",
                              "summary of e12", "painting", world.dia_ids("e12"), 0.8,
                              ("2023-W18",))


def test_score_is_rounded_cosine(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 2.0, 3.0)})
    [hit] = loaded.vector_events([3.0, -1.0, 0.5], MODEL, 5)
    expected = (3.0 - 2.0 + 1.5) / (math.sqrt(14.0) * math.sqrt(10.25))
    assert hit.score == round(expected, 6)


def test_limit_and_empty_cases(loaded: GraphStore, world: World) -> None:
    assert loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10) == []  # nothing embedded yet
    embed(loaded, world, VECTORS)
    assert len(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 2)) == 2
    assert loaded.vector_events([1.0, 0.0, 0.0], MODEL, 0) == []
    assert loaded.vector_events([0.0, 0.0, 0.0], MODEL, 10) == []  # a zero query has no direction


def test_only_embeddings_of_the_query_dimension_take_part(loaded: GraphStore,
                                                          world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 0.0), "e12": (1.0, 0.0, 0.0), "e13": (0.0, 0.0, 0.0)})
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10)) == [world.ep("e12")]
    assert ids(loaded.vector_events([0.0, 1.0], MODEL, 10)) == [world.ep("e11")]


def test_writes_are_seen_by_the_next_query(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 0.0, 0.0), "e12": (0.0, 1.0, 0.0)})
    assert ids(loaded.vector_events([0.0, 1.0, 0.0], MODEL, 1)) == [world.ep("e12")]
    embed(loaded, world, {"e11": (0.0, 1.0, 0.0), "e12": (1.0, 0.0, 0.0)})
    assert ids(loaded.vector_events([0.0, 1.0, 0.0], MODEL, 1)) == [world.ep("e11")]
    with loaded.writing():  # a None property removes the embedding
        loaded.write_batch(GraphBatch("c1", (NodeRecord("Episode", world.ep("e11"),
                                                        {"embedding": None}),), ()))
    assert ids(loaded.vector_events([0.0, 1.0, 0.0], MODEL, 5)) == [world.ep("e12")]


def test_forgotten_episodes_leave_the_search(loaded: GraphStore, world: World) -> None:
    embed(loaded, world, VECTORS)
    loaded.forget_conversation("c2")
    found = ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10))
    assert world.ep("e31") not in found and world.ep("e32") not in found and len(found) == 4


def test_other_namespaces_are_invisible(backend: Backend, loaded: GraphStore,
                                        world: World) -> None:
    embed(loaded, world, VECTORS)
    other = backend.open("other")
    other_world = World(other.ns)
    with other.writing():
        other.write_batch(other_world.c1())
    embed(other, other_world, {"e11": (1.0, 0.0, 0.0)})
    assert ids(other.vector_events([1.0, 0.0, 0.0], MODEL, 10)) == [other_world.ep("e11")]
    assert world.ep("e11") in ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10))


# ------------------------------------------------------------------ models are kept apart

# Two models of one dimension: model-b's vectors point the opposite way, so a search that mixed
# them would rank model-b's episodes by a meaningless cosine.
MODEL_B = "model-b"


def embed_two_models(store: GraphStore, world: World) -> None:
    embed(store, world, {"e11": (1.0, 0.0, 0.0), "e12": (0.6, 0.8, 0.0), "e21": (0.0, 1.0, 0.0)})
    embed(store, world, {"e13": (1.0, 0.0, 0.0), "e31": (0.8, 0.6, 0.0)}, MODEL_B)


def test_a_query_only_meets_the_episodes_of_its_model(loaded: GraphStore, world: World) -> None:
    embed_two_models(loaded, world)
    found = loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10)
    assert ids(found) == [world.ep("e11"), world.ep("e12"), world.ep("e21")]
    assert [r.score for r in found] == [1.0, 0.6, 0.0]
    found_b = loaded.vector_events([1.0, 0.0, 0.0], MODEL_B, 10)
    assert ids(found_b) == [world.ep("e13"), world.ep("e31")]
    assert [r.score for r in found_b] == [1.0, 0.8]
    assert loaded.vector_events([1.0, 0.0, 0.0], "model-c", 10) == []


def test_limit_counts_only_the_query_model(loaded: GraphStore, world: World) -> None:
    embed_two_models(loaded, world)
    # e13 (model-b) ties e11 exactly: it must not take the single slot
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 1)) == [world.ep("e11")]
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL_B, 1)) == [world.ep("e13")]


def test_re_embedding_moves_an_episode_to_the_new_model(loaded: GraphStore,
                                                        world: World) -> None:
    embed_two_models(loaded, world)
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 1)) == [world.ep("e11")]
    embed(loaded, world, {"e11": (1.0, 0.0, 0.0)}, MODEL_B)
    assert world.ep("e11") not in ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10))
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL_B, 2)) == sorted(
        [world.ep("e11"), world.ep("e13")])


def test_an_embedding_without_a_model_name_belongs_to_no_model(loaded: GraphStore,
                                                               world: World) -> None:
    embed(loaded, world, {"e11": (1.0, 0.0, 0.0)}, model=None)
    embed(loaded, world, {"e12": (1.0, 0.0, 0.0)})
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], MODEL, 10)) == [world.ep("e12")]
    assert ids(loaded.vector_events([1.0, 0.0, 0.0], "", 10)) == [world.ep("e11")]


def test_embedding_models_counts_embedded_episodes_per_model(loaded: GraphStore,
                                                             world: World) -> None:
    assert loaded.embedding_models() == []
    embed_two_models(loaded, world)
    embed(loaded, world, {"e32": (0.0, 0.0, 0.0)}, model=None)  # a zero vector still counts
    assert loaded.embedding_models() == [EmbeddingCount("", 1), EmbeddingCount(MODEL, 3),
                                         EmbeddingCount(MODEL_B, 2)]
    loaded.forget_conversation("c2")  # e31 (model-b) and e32 (no name) go
    assert loaded.embedding_models() == [EmbeddingCount(MODEL, 3), EmbeddingCount(MODEL_B, 1)]


def test_embedding_models_is_scoped_to_the_namespace(backend: Backend, loaded: GraphStore,
                                                     world: World) -> None:
    embed_two_models(loaded, world)
    other = backend.open("other")
    other_world = World(other.ns)
    with other.writing():
        other.write_batch(other_world.c1())
    embed(other, other_world, {"e11": (1.0, 0.0, 0.0)}, MODEL_B)
    assert other.embedding_models() == [EmbeddingCount(MODEL_B, 1)]
    assert other.vector_events([1.0, 0.0, 0.0], MODEL, 10) == []


def test_ingests_with_two_models_stay_apart(store: GraphStore) -> None:
    """Two files ingested with two embedders of one dimension: a question embedded with the
    first only meets the first file's episodes, and the second ingest's report says so."""
    chat = Path(__file__).resolve().parents[1] / "fixtures" / "chat.jsonl"
    first, second = HashEmbedder(16), HashEmbedder(16)
    second.name = "hash-b:16"  # another model: same size, same maths, another name
    ingest_file(store, sample_path(), HeuristicExtractor(),
                embedder=EpisodeEmbedder(first, cache=None))
    report = ingest_file(store, chat, HeuristicExtractor(),
                         embedder=EpisodeEmbedder(second, cache=None))
    counts = {c.model: c.episodes for c in store.embedding_models()}
    assert set(counts) == {"hash:16", "hash-b:16"}
    assert report.other_embeddings == (EmbeddingCount("hash:16", counts["hash:16"]),)
    assert report.embedded == counts["hash-b:16"]
    [question] = first.embed(["Who adopted a kitten named Miso?"])
    found = store.vector_events(question, "hash:16", 100)
    assert len(found) == counts["hash:16"]
    assert {r.conversation_id for r in found} == {load(sample_path())[0].id}
    assert {r.conversation_id for r in store.vector_events(question, "hash-b:16", 100)} == {
        c.id for c in load(chat)}
