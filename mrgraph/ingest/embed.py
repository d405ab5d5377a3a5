"""Episode embeddings at ingest (optional: `--embedder openai`; lexical search needs none).

Each Episode of a batch gets `embedding` (its vector, every component rounded to 6 decimals so
the embedded store and Neo4j hold identical values and rank identically) and `embedding_model`
(the embedder's name, so a reader can tell which model made it). The embedded text is the
episode's text, then its summary when that adds something. An episode with no text gets none.

Vectors are cached on disk like the LLM extractor's replies (mrgraph.ingest.llm_cache), one
entry per (embedder name, endpoint, text): re-ingesting, or ingesting a file that repeats
episodes, sends only the texts never embedded before. Misses are sent `batch_size` at a time. Tokens are
counted with tiktoken per text sent (exact for OpenAI's embedding models, which use cl100k);
the embedder's ledger holds the server's own figure.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import replace

from mrgraph.ingest.llm_cache import DEFAULT_CACHE_DIR, ReplyCache, endpoint_of, text_key
from mrgraph.llm.base import Embedder
from mrgraph.llm.tokens import count_tokens
from mrgraph.types import GraphBatch, NodeRecord, Props

log = logging.getLogger(__name__)

PURPOSE = "embed"
Vector = tuple[float, ...]


def episode_text(props: Props) -> str:
    """What an episode's embedding is computed from: its text, plus its summary if different."""
    text = str(props.get("text") or "").strip()
    summary = str(props.get("summary") or "").strip()
    return f"{text}\n{summary}" if summary and summary != text and text else text or summary


def stored_vector(vector: Sequence[float]) -> Vector:
    """A vector as stored: 6 decimals (+ 0.0 turns -0.0 into 0.0)."""
    return tuple(round(float(x), 6) + 0.0 for x in vector)


class EpisodeEmbedder:
    """Adds embeddings to the episodes of graph batches, through the cache."""

    def __init__(self, embedder: Embedder,
                 cache: ReplyCache | str | os.PathLike[str] | None = DEFAULT_CACHE_DIR, *,
                 batch_size: int = 256) -> None:
        self.embedder = embedder
        self.cache = cache if isinstance(cache, ReplyCache) or cache is None else ReplyCache(cache)
        self.batch_size = max(1, batch_size)

    def __repr__(self) -> str:
        return f"EpisodeEmbedder({self.embedder.name!r}, cache={self.cache!r})"

    def embed_batches(self, batches: Sequence[GraphBatch]) -> tuple[list[GraphBatch], int]:
        """The batches with embedded episodes, and the tokens spent (0 when all were cached)."""
        texts = {episode_text(n.props) for b in batches for n in b.nodes if n.label == "Episode"}
        vectors, tokens = self.vectors(sorted(t for t in texts if t))
        return [self._with_vectors(b, vectors) for b in batches], tokens

    def vectors(self, texts: Sequence[str]) -> tuple[dict[str, Vector], int]:
        """Stored-form vectors of `texts` (cached or embedded now) and the tokens spent."""
        found = {t: v for t in texts if (v := self._cached(t)) is not None}
        missing = [t for t in texts if t not in found]
        tokens = 0
        for start in range(0, len(missing), self.batch_size):
            chunk = missing[start:start + self.batch_size]
            for text, vector in zip(chunk, self.embedder.embed(chunk, purpose=PURPOSE)):
                found[text] = stored_vector(vector)
                self._store(text, found[text])
            tokens += sum(count_tokens(t) for t in chunk)
        return found, tokens

    def _with_vectors(self, batch: GraphBatch, vectors: dict[str, Vector]) -> GraphBatch:
        nodes = []
        for node in batch.nodes:
            vector = vectors.get(episode_text(node.props)) if node.label == "Episode" else None
            if vector is not None:
                props = {**node.props, "embedding": vector, "embedding_model": self.embedder.name}
                node = NodeRecord(node.label, node.id, props)
            nodes.append(node)
        return replace(batch, nodes=tuple(nodes))

    def _key(self, text: str) -> str:
        return text_key(self.embedder.name, PURPOSE, text, endpoint_of(self.embedder))

    def _cached(self, text: str) -> Vector | None:
        if self.cache is None:
            return None
        value = self.cache.get(self._key(text))
        if value is None:
            return None
        size = self.embedder.dimensions
        if not isinstance(value, list) or not value or (size is not None and len(value) != size) \
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
            log.warning("ignoring a cached embedding of %r that is not a vector of %s numbers",
                        self.embedder.name, size or "some")
            return None  # a hand-edited or foreign entry is a miss, never bad data
        return stored_vector(value)

    def _store(self, text: str, vector: Vector) -> None:
        if self.cache is None:
            return
        try:
            self.cache.put(self._key(text), list(vector),
                           model=self.embedder.name, purpose=PURPOSE)
        except OSError as err:  # the cache saves tokens later; losing it loses no data now
            log.warning("cannot write the embedding cache %s: %s", self.cache.directory, err)
