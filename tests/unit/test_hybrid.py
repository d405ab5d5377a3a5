"""Hybrid search: reciprocal-rank fusion of the lexical ranking and vector similarity, reached
through an explicit ToolContext; without an embedder everything is exactly lexical."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from mrgraph.baselines import topk
from mrgraph.hybrid import RRF_K, ToolContext, fuse_ids
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.llm import ScriptedEmbedder, count_tokens
from mrgraph.reconstruct import ask
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool
from mrgraph.types import GraphBatch, NodeRecord

QUESTION = "Who plays the saxophone?"  # no episode of the sample holds these words
FAR, NEAR = (1.0, 0.0), (0.0, 1.0)


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    s = MemoryStore(tmp_path / "graph", "hy")
    ingest_file(s, sample_path(), HeuristicExtractor())
    return s


def episode_ids(store: MemoryStore) -> list[str]:
    return sorted(n.id for n in store.export()[0] if n.label == "Episode")


def embed(store: MemoryStore, vectors: dict[str, tuple[float, ...]],
          model: str = "scripted-embedder") -> None:  # ScriptedEmbedder's default name
    nodes = tuple(NodeRecord("Episode", e, {"embedding": v, "embedding_model": model})
                  for e, v in vectors.items())
    store.write_batch(GraphBatch("sample", nodes, ()))


def test_fusion_rule() -> None:
    # a: 1/61; b: 1/62; c: 1/63 + 1/61; d: 1/62 — b and d tie: the lexical hit goes first
    assert fuse_ids(["a", "b", "c"], ["c", "d"], 10) == ["c", "a", "b", "d"]
    assert fuse_ids(["a", "b", "c"], ["c", "d"], 2) == ["c", "a"]
    assert fuse_ids(["a", "b"], [], 5) == ["a", "b"]  # no vector hits: lexical, untouched
    assert fuse_ids([], ["y", "x"], 5) == ["y", "x"]
    assert RRF_K == 60


def test_search_finds_an_episode_sharing_no_word_with_the_question(store: MemoryStore) -> None:
    ids = episode_ids(store)
    target = ids[3]
    embed(store, {e: NEAR if e == target else FAR for e in ids})
    args = {"text": QUESTION, "limit": 3}
    assert run_tool(store, "search_events", args).records == ()  # lexical: nothing
    context = ToolContext(ScriptedEmbedder({QUESTION: (0.1, 0.9)}))
    result = run_tool(store, "search_events", args, context=context)
    assert result.ids[0] == target
    top = result.records[0]
    assert "score" not in top and top["similarity"] == pytest.approx(0.993884, abs=1e-6)
    assert context.tokens == count_tokens(QUESTION)
    run_tool(store, "search_events", args, context=context)
    assert context.tokens == count_tokens(QUESTION)  # the question's vector is reused


def test_fused_records_keep_their_lexical_score(store: MemoryStore) -> None:
    text = "raised beds garden"
    lexical = run_tool(store, "search_events", {"text": text, "limit": 5})
    assert len(lexical.ids) >= 2
    last = lexical.ids[-1]
    embed(store, {last: NEAR})  # the only embedded episode: the vector search finds just it
    fused = run_tool(store, "search_events", {"text": text, "limit": 5},
                     context=ToolContext(ScriptedEmbedder({text: NEAR})))
    assert fused.ids[0] == last  # in both lists: ahead of every lexical-only hit
    scores = {r["id"]: r["score"] for r in lexical.records}
    assert all(r["score"] == scores[r["id"]] for r in fused.records if r["id"] in scores)


def test_without_embeddings_or_embedder_results_are_exactly_lexical(store: MemoryStore) -> None:
    args = {"text": "raised beds garden hiking", "limit": 10}
    plain = run_tool(store, "search_events", args)
    assert run_tool(store, "search_events", args, context=ToolContext()) == plain
    scripted = ScriptedEmbedder({}, default=NEAR)  # the store holds no embeddings
    assert run_tool(store, "search_events", args, context=ToolContext(scripted)) == plain
    assert ask(store, QUESTION, embedder=scripted).answer == ask(store, QUESTION).answer


def test_topk_fuses_bm25_with_vectors(store: MemoryStore) -> None:
    ids = episode_ids(store)
    embed(store, {e: NEAR if e == ids[2] else FAR for e in ids})
    plain = topk(store, QUESTION)
    assert [s.tool for s in plain.trace][:1] == ["bm25"] and plain.tokens == 0
    hybrid = ask(store, QUESTION, mode="topk", embedder=ScriptedEmbedder({}, default=NEAR))
    assert [s.tool for s in hybrid.trace][:2] == ["bm25", "vector_events"]
    assert hybrid.trace[1].result_ids[0] == ids[2]
    assert hybrid.tokens == count_tokens(QUESTION)


def test_active_and_graph_modes_count_the_question_embedding(store: MemoryStore) -> None:
    embed(store, {e: FAR for e in episode_ids(store)})
    for mode in ("active", "graph"):
        scripted = ScriptedEmbedder({}, default=NEAR)
        answer = ask(store, QUESTION, mode=mode, embedder=scripted)
        assert QUESTION in scripted.texts
        assert answer.tokens == sum(count_tokens(t) for t in set(scripted.texts))


# ------------------------------------------------------------------ models are kept apart


def mismatch_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "mrgraph.hybrid" and r.levelno == logging.WARNING]


def test_another_models_embeddings_are_never_compared(store: MemoryStore) -> None:
    ids = episode_ids(store)
    embed(store, {e: NEAR if e == ids[3] else FAR for e in ids}, model="old-model")
    new = ScriptedEmbedder({QUESTION: NEAR}, name="new-model")  # same dimension, other model
    found = run_tool(store, "search_events", {"text": QUESTION, "limit": 3},
                     context=ToolContext(new))
    assert found.records == ()  # lexically nothing, and old-model's vectors are not its own
    old = ScriptedEmbedder({QUESTION: NEAR}, name="old-model")
    assert run_tool(store, "search_events", {"text": QUESTION, "limit": 3},
                    context=ToolContext(old)).ids[0] == ids[3]


def test_only_other_models_embeddings_warn_once_naming_both(
        store: MemoryStore, caplog: pytest.LogCaptureFixture) -> None:
    embed(store, {e: FAR for e in episode_ids(store)}, model="openai:text-embedding-3-small")
    context = ToolContext(ScriptedEmbedder({}, default=NEAR,
                                           name="openai:text-embedding-3-large"))
    args = {"text": "raised beds garden", "limit": 5}
    with caplog.at_level(logging.WARNING, logger="mrgraph.hybrid"):
        first = run_tool(store, "search_events", args, context=context)
        run_tool(store, "search_events", {"text": QUESTION, "limit": 5}, context=context)
    assert first == run_tool(store, "search_events", args)  # exactly lexical
    [message] = mismatch_warnings(caplog)  # once per context, however many searches
    assert message == context.mismatch
    n = len(episode_ids(store))
    assert ("no episode of namespace 'hy' is embedded with openai:text-embedding-3-large "
            f"(the question's embedder) but {n} episodes are embedded with "
            "openai:text-embedding-3-small") in message
    assert "re-ingest with --embedder under the current model" in message


def test_several_other_models_are_all_named(store: MemoryStore,
                                            caplog: pytest.LogCaptureFixture) -> None:
    ids = episode_ids(store)
    embed(store, {ids[0]: FAR, ids[1]: FAR}, model="model-a")
    embed(store, {ids[2]: FAR}, model="")  # an embedding stored without a model name
    context = ToolContext(ScriptedEmbedder({}, default=NEAR, name="model-c"))
    with caplog.at_level(logging.WARNING, logger="mrgraph.hybrid"):
        run_tool(store, "search_events", {"text": QUESTION, "limit": 5}, context=context)
    [message] = mismatch_warnings(caplog)
    assert ("3 episodes are embedded with other models (1 with an unnamed model, 2 with "
            "model-a)") in message


def test_no_warning_when_the_model_has_episodes_or_nothing_is_embedded(
        store: MemoryStore, caplog: pytest.LogCaptureFixture) -> None:
    ids = episode_ids(store)
    args = {"text": QUESTION, "limit": 5}
    with caplog.at_level(logging.WARNING, logger="mrgraph.hybrid"):
        nothing = ToolContext(ScriptedEmbedder({}, default=NEAR))
        run_tool(store, "search_events", args, context=nothing)  # no embeddings at all
        embed(store, {ids[0]: NEAR}, model="other-model")
        embed(store, {ids[1]: NEAR})  # some of the question's model: a partial search
        mixed = ToolContext(ScriptedEmbedder({}, default=NEAR))
        assert run_tool(store, "search_events", args, context=mixed).ids == (ids[1],)
    assert mismatch_warnings(caplog) == []
    assert nothing.mismatch is None and mixed.mismatch is None

