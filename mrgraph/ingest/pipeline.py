"""Ingest: load -> extract -> build -> (embed) -> write, all-or-nothing per file, then re-derive beliefs.

Everything that can fail on bad input (loading, extraction, building) runs before the first
write, so a bad file leaves the store untouched; the writes of one file run inside one
`store.writing()` unit (embedded: one atomic save; Neo4j: one transaction).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from mrgraph import beliefs
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.embed import EpisodeEmbedder
from mrgraph.ingest.extract import Extractor
from mrgraph.ingest.loaders import load
from mrgraph.store.base import BeliefEdge, FactObservation, ForgetResult, GraphStore
from mrgraph.types import Conversation, GraphBatch

Progress = Callable[[str, int], None]  # (conversation id, turns done) after each conversation


@dataclass(frozen=True)
class IngestReport:
    path: str
    conversations: tuple[str, ...]
    turns: int
    nodes: int
    edges: int
    tokens: int
    seconds: float
    skipped: tuple[str, ...] = ()  # sessions an LLM extractor could not do; re-run to retry


def ingest_file(store: GraphStore, path: str | Path, extractor: Extractor, *, fmt: str = "auto",
                max_bytes: int | None = None, progress: Progress | None = None,
                embedder: EpisodeEmbedder | None = None) -> IngestReport:
    """Ingest one transcript file; nothing is written unless all of it is good. With an
    `embedder`, every episode also gets its embedding (mrgraph.ingest.embed), before any write."""
    start = time.perf_counter()
    conversations = load(path, fmt, max_bytes=max_bytes)
    batches, tokens = _extract_all(store.ns, conversations, extractor, progress)
    if embedder is not None:
        batches, spent = embedder.embed_batches(batches)
        tokens += spent
    nodes = edges = 0
    with store.writing():
        existing = set(store.conversations())
        touched = set(_entities(batches))
        for batch in batches:
            if batch.conversation_id in existing:
                # replace, not merge: a re-extraction may yield fewer episodes than before
                touched.update(store.forget_conversation(batch.conversation_id).entities)
            result = store.write_batch(batch)
            nodes, edges = nodes + result.nodes, edges + result.edges
        refresh_beliefs(store, sorted(touched))
    turns = sum(len(s.turns) for c in conversations for s in c.sessions)
    skipped = tuple(f"{f.conversation_id} session {f.session_number}: {f.error}"
                    for f in getattr(extractor, "last_failures", ()))
    return IngestReport(str(path), tuple(c.id for c in conversations), turns, nodes, edges, tokens,
                        time.perf_counter() - start, skipped)


def _extract_all(ns: str, conversations: Sequence[Conversation], extractor: Extractor,
                 progress: Progress | None) -> tuple[list[GraphBatch], int]:
    batches: list[GraphBatch] = []
    tokens = 0
    for conversation in conversations:
        extraction = extractor.extract(conversation)
        tokens += extraction.tokens
        batches.append(build_batch(conversation, extraction, ns))
        if progress is not None:
            progress(conversation.id, sum(len(s.turns) for s in conversation.sessions))
    return batches, tokens


def _entities(batches: Sequence[GraphBatch]) -> list[str]:
    """Entity names with facts in these batches: the beliefs this ingest can change."""
    return sorted({str(n.props["entity"]) for b in batches for n in b.nodes if n.label == "Fact"})


def forget_conversation(store: GraphStore, conversation_id: str) -> ForgetResult:
    """Remove a conversation and what only it produced, then re-derive the beliefs it touched."""
    with store.writing():
        result = store.forget_conversation(conversation_id)
        refresh_beliefs(store, result.entities)
    return result


def refresh_beliefs(store: GraphStore, entities: Sequence[str]) -> int:
    """Recompute the BELIEF edges of `entities` from all their stored evidence, in date order."""
    if not entities:
        return 0
    observations = store.fact_observations(entities)
    states = beliefs.apply_observations([_observation(o) for o in observations])
    edges = [_belief_edge(s) for s in states]
    store.replace_beliefs(entities, edges)
    return len(edges)


def _observation(o: FactObservation) -> beliefs.Observation:
    return beliefs.Observation(
        entity=o.entity, aspect=o.aspect, statement=o.statement, fact_id=o.fact_id, date=o.date,
        episode_id=o.episode_id, confidence=o.confidence, negated=o.negated,
        contradicts=o.contradicts,
    )


def _belief_edge(state: beliefs.BeliefState) -> BeliefEdge:
    # dia_ids are filled by the store at read time from the provenance episodes' turns
    return BeliefEdge(
        entity=state.entity, aspect=state.aspect, fact_id=state.fact_id,
        statement=state.statement, confidence=state.confidence, support=state.support,
        first_seen=state.first_seen, last_seen=state.last_seen, status=state.status,
        history=beliefs.history_to_json(state.history),
        episode_ids=tuple(sorted(set(state.provenance))), dia_ids=(),
    )
