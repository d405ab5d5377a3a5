"""Episode embeddings at ingest: on every episode, rounded, cached, idempotent, counted."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from rich.console import Console

from mrgraph import render
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.embed import EpisodeEmbedder, episode_text
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.llm_cache import ReplyCache
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.llm import HashEmbedder, TokenLedger, count_tokens
from mrgraph.store.base import EmbeddingCount
from mrgraph.store.memory import MemoryStore
from mrgraph.types import NodeRecord


def episodes(store: MemoryStore) -> list[NodeRecord]:
    return [n for n in store.export()[0] if n.label == "Episode"]


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    return MemoryStore(tmp_path / "graph", "emb")


def test_every_episode_gets_a_rounded_embedding(store: MemoryStore, tmp_path: Path) -> None:
    hasher = HashEmbedder(16)
    report = ingest_file(store, sample_path(), HeuristicExtractor(),
                         embedder=EpisodeEmbedder(hasher, tmp_path / "cache"))
    found = episodes(store)
    assert found and all(len(n.props["embedding"]) == 16 for n in found)  # type: ignore[arg-type]
    assert all(n.props["embedding_model"] == "hash:16" for n in found)
    for node in found:
        vector = node.props["embedding"]
        assert isinstance(vector, tuple) and all(isinstance(x, float) for x in vector)
        assert all(round(float(x), 6) == x for x in vector)  # both stores: identical values
        assert math.isclose(math.hypot(*map(float, vector)), 1.0, abs_tol=1e-5)
        [made] = hasher.embed([episode_text(node.props)])
        assert vector == tuple(round(x, 6) + 0.0 for x in made)
    texts = {episode_text(n.props) for n in found}
    assert report.tokens == sum(count_tokens(t) for t in texts)


def test_reingest_is_idempotent_and_costs_no_tokens(store: MemoryStore, tmp_path: Path) -> None:
    hasher = HashEmbedder()
    vectors = EpisodeEmbedder(hasher, tmp_path / "cache")
    ingest_file(store, sample_path(), HeuristicExtractor(), embedder=vectors)
    before, calls = store.export(), hasher.calls
    again = ingest_file(store, sample_path(), HeuristicExtractor(), embedder=vectors)
    assert again.tokens == 0 and hasher.calls == calls
    assert store.export() == before
    # another process (fresh embedder, same cache directory) also gets every vector cached
    fresh = HashEmbedder()
    assert ingest_file(store, sample_path(), HeuristicExtractor(),
                       embedder=EpisodeEmbedder(fresh, tmp_path / "cache")).tokens == 0
    assert fresh.calls == 0 and store.export() == before


def test_without_a_cache_every_ingest_embeds(store: MemoryStore) -> None:
    hasher = HashEmbedder()
    vectors = EpisodeEmbedder(hasher, cache=None)
    first = ingest_file(store, sample_path(), HeuristicExtractor(), embedder=vectors)
    second = ingest_file(store, sample_path(), HeuristicExtractor(), embedder=vectors)
    assert first.tokens == second.tokens > 0 and hasher.calls == 2


def test_texts_go_in_batches(store: MemoryStore, tmp_path: Path) -> None:
    hasher = HashEmbedder()
    ingest_file(store, sample_path(), HeuristicExtractor(),
                embedder=EpisodeEmbedder(hasher, tmp_path / "cache", batch_size=3))
    distinct = len({episode_text(n.props) for n in episodes(store)})
    assert hasher.calls == math.ceil(distinct / 3) > 1


def test_a_bad_cache_entry_is_a_miss(store: MemoryStore, tmp_path: Path) -> None:
    cache = ReplyCache(tmp_path / "cache")
    ingest_file(store, sample_path(), HeuristicExtractor(),
                embedder=EpisodeEmbedder(HashEmbedder(), cache))
    entry = next(iter(cache.directory.glob("*/*.json")))
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps({**data, "reply": ["not", "numbers"]}), encoding="utf-8")
    hasher = HashEmbedder()
    report = ingest_file(store, sample_path(), HeuristicExtractor(),
                         embedder=EpisodeEmbedder(hasher, cache))
    assert hasher.calls == 1 and report.tokens > 0  # just that one text, embedded again


def test_memory_ingest_takes_an_embedder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the default cache lives in ./.mrgraph/llm-cache
    ledger = TokenLedger()
    with Memory.open(Settings(), store=f"file:{tmp_path / 'g'}") as memory:
        [report] = memory.ingest([sample_path()], embedder=HashEmbedder(ledger=ledger))
        assert memory.ingest([sample_path()], embedder="none")[0].tokens == 0
        assert report.tokens == ledger.totals().by_purpose["embed"].prompt_tokens > 0
    assert any((tmp_path / ".mrgraph" / "llm-cache").glob("*/*.json"))


def test_the_report_says_when_other_models_embedded_the_namespace(store: MemoryStore) -> None:
    chat = Path(__file__).resolve().parents[1] / "fixtures" / "chat.jsonl"
    first = ingest_file(store, sample_path(), HeuristicExtractor(),
                        embedder=EpisodeEmbedder(HashEmbedder(16), cache=None))
    assert first.embedding_model == "hash:16" and first.embedding_note is None
    sample = first.embedded
    assert sample == len(episodes(store)) > 0
    second = ingest_file(store, chat, HeuristicExtractor(),
                         embedder=EpisodeEmbedder(HashEmbedder(32), cache=None))
    chat_episodes = len(episodes(store)) - sample
    assert second.embedded == chat_episodes > 0
    assert second.other_embeddings == (EmbeddingCount("hash:16", sample),)
    assert second.embedding_note == (
        f"in this namespace {sample} episodes are embedded with hash:16; questions embedded "
        f"with hash:32 search only the {chat_episodes} embedded with it: re-ingest the others "
        "with --embedder to include them")
    console = Console(record=True, width=400)
    render.ingest_reports(console, [second])
    assert "mixed embeddings in this namespace" in console.export_text()
    # re-ingesting the sample with the new model brings every episode under it
    again = ingest_file(store, sample_path(), HeuristicExtractor(),
                        embedder=EpisodeEmbedder(HashEmbedder(32), cache=None))
    assert again.embedding_note is None and again.embedded == len(episodes(store))
    plain = ingest_file(store, chat, HeuristicExtractor())  # no embedder: nothing to compare
    assert plain.embedding_model is None and plain.embeddings == ()


def test_no_note_without_other_models(store: MemoryStore) -> None:
    vectors = EpisodeEmbedder(HashEmbedder(16), cache=None)
    ingest_file(store, sample_path(), HeuristicExtractor(), embedder=vectors)
    again = ingest_file(store, sample_path(), HeuristicExtractor(), embedder=vectors)
    assert again.embedding_note is None and again.other_embeddings == ()
    console = Console(record=True, width=400)
    render.ingest_reports(console, [again])
    assert "mixed" not in console.export_text()
