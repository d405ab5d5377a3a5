"""Bringing a store written by an older graph model up to date, from what it kept.

A conversation's Conversation node records the graph model it was built with
(`mrgraph.store.current.MODEL_VERSION`; none recorded: 1, before dates had a precision).
`Memory.open` refuses a store holding older conversations with one line naming `mrgraph
migrate` (store.current.check_current), which re-derives each of them from its stored
transcript: the Conversation, Session and Turn nodes keep every turn as
it was said (speaker, text, dia_id, image caption) and every session's timestamp, so the same
extraction an ingest runs gives the conversation's current graph. Per conversation, in one write
unit (one transaction on Neo4j): forget it, write its new graph, put back the provenance edges of
experiences learnt from its turns, re-derive the beliefs touched. An interruption leaves each
conversation either as it was or migrated; running again finishes the rest. The extraction is the
offline heuristic one (what was extracted by an LLM is re-derived by rule: re-ingest the file
with `--extractor llm` to have it by LLM again), and episode embeddings are not carried over
(re-ingest with `--embedder` to have them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from mrgraph.errors import UserError
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import Extractor, HeuristicExtractor
from mrgraph.ingest.pipeline import fact_entities, refresh_beliefs
from mrgraph.store.base import GraphStore
from mrgraph.store.current import MODEL_VERSION
from mrgraph.types import Conversation, EdgeRecord, GraphBatch, NodeRecord, Session, Turn


@dataclass(frozen=True)
class Migrated:
    conversation_id: str
    turns: int
    episodes: int
    date_mentions: int
    embeddings_dropped: int


def migrate(store: GraphStore, extractor: Extractor | None = None,
            progress: Callable[[Migrated], None] | None = None) -> list[Migrated]:
    """Re-derive every outdated conversation of `store` (see the module docstring)."""
    old = store.outdated_conversations(MODEL_VERSION)
    if not old:
        return []
    nodes, edges = store.export()
    done = []
    for conversation_id in old:
        migrated = _migrate_one(store, conversation_id, nodes, edges,
                                extractor or HeuristicExtractor())
        done.append(migrated)
        if progress is not None:
            progress(migrated)
    return done


def _migrate_one(store: GraphStore, conversation_id: str, nodes: Sequence[NodeRecord],
                 edges: Sequence[EdgeRecord], extractor: Extractor) -> Migrated:
    conversation, turn_ids = stored_conversation(conversation_id, nodes, edges)
    batch = build_batch(conversation, extractor.extract(conversation), store.ns)
    kept = tuple(e for e in edges if e.type == "EXPERIENCE_FROM" and e.dst in turn_ids)
    embedded = sum(1 for n in nodes if n.label == "Episode" and "embedding" in n.props
                   and n.props.get("conversation_id") == conversation_id)
    with store.writing():
        forgotten = store.forget_conversation(conversation_id)
        store.write_batch(batch)
        if kept:  # experiences learnt from its turns keep their provenance
            store.write_batch(GraphBatch(conversation_id, (), kept))
        refresh_beliefs(store, sorted(set(forgotten.entities) | set(fact_entities([batch]))))
    count = {label: sum(1 for n in batch.nodes if n.label == label)
             for label in ("Turn", "Episode", "DateMention")}
    return Migrated(conversation_id, count["Turn"], count["Episode"], count["DateMention"],
                    embedded)


def stored_conversation(conversation_id: str, nodes: Sequence[NodeRecord],
                        edges: Sequence[EdgeRecord]) -> tuple[Conversation, set[str]]:
    """The transcript a store kept of a conversation (and its Turn node ids): its speakers,
    sessions with their timestamps, and turns as said."""
    by_id = {n.id: n for n in nodes}
    out: dict[tuple[str, str], list[str]] = {}
    for edge in edges:
        if edge.type in ("HAS_SESSION", "HAS_TURN"):
            out.setdefault((edge.type, edge.src), []).append(edge.dst)
    root = next((n for n in nodes if n.label == "Conversation"
                 and n.props.get("conversation_id") == conversation_id), None)
    if root is None:
        raise UserError(f"no conversation {conversation_id!r} in the store")
    sessions: list[Session] = []
    turn_ids: set[str] = set()
    for session in sorted((by_id[d] for d in out.get(("HAS_SESSION", root.id), ())),
                          key=lambda n: int(_prop(n, "number", 0))):
        turns = sorted((by_id[d] for d in out.get(("HAS_TURN", session.id), ())),
                       key=lambda n: int(_prop(n, "index", 0)))
        turn_ids.update(t.id for t in turns)
        sessions.append(Session(int(_prop(session, "number", 0)),
                                str(_prop(session, "started_at", "")),
                                tuple(_turn(t) for t in turns)))
    speakers = tuple(str(s) for s in _prop(root, "speakers", ()))
    return Conversation(conversation_id, speakers, tuple(sessions),
                        str(_prop(root, "source", ""))), turn_ids


def _turn(node: NodeRecord) -> Turn:
    caption = node.props.get("blip_caption")
    return Turn(str(_prop(node, "dia_id", "")), str(_prop(node, "speaker", "")),
                str(_prop(node, "text", "")), int(_prop(node, "index", 0)),
                str(caption) if caption is not None else None)


def _prop(node: NodeRecord, key: str, default: Any) -> Any:
    props: Mapping[str, Any] = node.props
    value = props.get(key)
    return default if value is None else value
