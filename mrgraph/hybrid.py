"""Hybrid episode search: the lexical ranking fused with vector similarity, when there is one.

Vectors take part only when the caller passes an embedder (through a `ToolContext`, never a
global) and the store holds episode embeddings (`mrgraph ingest --embedder ...`) made by that
embedder's model: store.vector_events compares the query only with episodes whose
`embedding_model` is the embedder's name, as two models' vectors are not comparable. Without an
embedder, or when the vector search finds nothing (no embeddings, none of this model, a text
without a vector), every result is exactly the lexical one: same episodes, same order, same
scores. When only other models embedded the namespace, the context logs a warning once, naming
both models, so a changed MRGRAPH_EMBED_MODEL does not silently turn search lexical.

Fusion rule: reciprocal-rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009), chosen because
it needs no calibration between an idf sum and a cosine, which live on unrelated scales.
Both lists are fetched `limit` deep (lexical: store.search_events; vector: store.vector_events
on the embedded text); an episode's fused score is the sum over the lists holding it of
1 / (RRF_K + rank), rank counted from 1. Order: fused score desc, then lexical rank asc (an
episode sharing the query's words goes before one that only resembles it), then vector rank
asc, then id asc. The best `limit` are returned. A record keeps its lexical score (0 when only
the vector search found it: routing reads `score` as word overlap) and reports its cosine
separately. Both stores return the same two lists, so the fusion is the same on both.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from mrgraph.errors import LLMError
from mrgraph.llm.base import Embedder
from mrgraph.llm.tokens import count_tokens
from mrgraph.store.base import EventRecord, GraphStore
from mrgraph.store.embedded import count_models, model_label

RRF_K = 60  # the constant of the original paper: damps the weight of the very top ranks
PURPOSE = "embed"
log = logging.getLogger(__name__)


@dataclass
class ToolContext:
    """What a tool may use besides the store: the optional embedder for hybrid search_events.

    One context serves one question: it caches the vector of every text it embedded (a policy
    often searches the same words twice) and counts the tokens that cost (`tokens`)."""

    embedder: Embedder | None = None
    tokens: int = 0
    failed: str | None = None  # why embedding failed; from then on this question is lexical
    mismatch: str | None = None  # set when only other models embedded the store's episodes
    _vectors: dict[str, tuple[float, ...]] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _models_checked: bool = field(default=False, repr=False)

    def vector(self, text: str) -> tuple[float, ...] | None:
        """The embedding of `text` (None without an embedder, for a blank text, or once the
        embedder has failed: search then degrades to lexical instead of losing its results)."""
        if self.embedder is None or self.failed is not None or not text.strip():
            return None
        with self._lock:  # tools of one round run in parallel threads
            found = self._vectors.get(text)
            if found is None and self.failed is None:
                try:
                    found = self.embedder.embed([text], purpose=PURPOSE)[0]
                except LLMError as err:
                    self.failed = str(err)
                    log.warning("embedding failed, searching by words only: %s", err)
                    return None
                self._vectors[text] = found
                self.tokens += count_tokens(text)
            return found

    def similar(self, store: GraphStore, text: str, limit: int) -> list[EventRecord]:
        """store.vector_events on the embedding of `text`, among the episodes the embedder's
        model embedded ([] when there is none: see `_check_models`)."""
        vector = self.vector(text)
        if vector is None or self.embedder is None:
            return []
        found = store.vector_events(vector, self.embedder.name, limit)
        if not found and limit > 0:
            self._check_models(store, self.embedder.name)
        return found

    def _check_models(self, store: GraphStore, model: str) -> None:
        """Once per context: if no episode is embedded with `model` but some are with other
        models, say so (`mismatch` and a warning). Run only after a vector search found
        nothing, so a store whose episodes match the model never pays for the read."""
        with self._lock:
            if self._models_checked:
                return
            self._models_checked = True
        counts = store.embedding_models()
        others = [c for c in counts if c.model != model]
        if not others or any(c.model == model for c in counts):
            return
        self.mismatch = (f"no episode of namespace {store.ns!r} is embedded with "
                         f"{model_label(model)} (the question's embedder) but "
                         f"{count_models(others)}: searching by words only; re-ingest with "
                         f"--embedder under the current model ({model_label(model)}) to search "
                         "them by meaning")
        log.warning("%s", self.mismatch)


@dataclass(frozen=True)
class Fused:
    """One fused result: the episode (lexical score, or 0.0) and its cosine, if the vector
    search found it."""

    event: EventRecord
    similarity: float | None


def fuse_ids(lexical: Sequence[str], semantic: Sequence[str], limit: int) -> list[str]:
    """The reciprocal-rank fusion of two rankings of ids (see the module docstring)."""
    if not semantic:
        return list(lexical[:max(limit, 0)])
    missing = len(lexical) + len(semantic) + 1  # ranks past both lists: sorts last
    lex = {e: r for r, e in enumerate(lexical, 1)}
    vec = {e: r for r, e in enumerate(semantic, 1)}

    def key(event_id: str) -> tuple[float, int, int, str]:
        score = sum(1.0 / (RRF_K + ranks[event_id]) for ranks in (lex, vec) if event_id in ranks)
        return -score, lex.get(event_id, missing), vec.get(event_id, missing), event_id

    return sorted(lex.keys() | vec.keys(), key=key)[:max(limit, 0)]


def hybrid_events(store: GraphStore, weights: dict[str, float], text: str, limit: int,
                  context: ToolContext | None) -> list[Fused]:
    """search_events fused with vector_events on `text` (lexical only without a context)."""
    lexical = store.search_events(weights, limit) if weights else []
    semantic = context.similar(store, text, limit) if context is not None else []
    if not semantic:
        return [Fused(e, None) for e in lexical]
    events = {e.id: e for e in lexical}
    similarity = {e.id: e.score for e in semantic}
    for e in semantic:  # found by meaning only: no word overlap to report
        events.setdefault(e.id, replace(e, score=0.0))
    order = fuse_ids([e.id for e in lexical], [e.id for e in semantic], limit)
    return [Fused(events[i], similarity.get(i)) for i in order]
