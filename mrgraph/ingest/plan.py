"""How a file's graph batches are cut into write batches, and the identity of that plan.

A write batch is what one write unit (on Neo4j, one transaction) of an ingest writes. A store that
commits an ingest batch by batch (GraphStore.ingest_batch_size is a number: Neo4j) gets write
batches of at most that many records: each conversation's GraphBatch is cut into parts in its
own order, all its nodes before its edges, so an edge's ends are in its part or in an earlier,
already committed one; consecutive parts, of one conversation or several, are packed into one
write batch while they fit. A store that writes a whole file at once (None: embedded) gets one
write batch per conversation, uncut, all inside the file's single write unit.

`plan_key` hashes the whole plan (every record of every write batch, in order): the identity
under which a checkpoint is kept. Any change to what would be written (the file's content, the
format it is read as, the extractor, the embedder, the namespace, the batch size) gives another
key, so a run never resumes a checkpoint made for other writes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Sequence

from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord

_VERSION = "mrgraph-ingest-plan-1"  # bump when what a write batch means changes


@dataclass(frozen=True)
class Part:
    """A slice of one conversation's batch; `first`: the conversation's first slice, where an
    earlier version of the conversation is forgotten (replace, not merge)."""

    batch: GraphBatch
    first: bool

    @property
    def records(self) -> int:
        return len(self.batch.nodes) + len(self.batch.edges)


WriteBatch = tuple[Part, ...]  # what one write unit (on Neo4j, one transaction) writes


def plan_batches(batches: Sequence[GraphBatch], size: int | None) -> list[WriteBatch]:
    """The write batches for `batches` (see the module docstring); `size` None: one per
    conversation."""
    if size is None:
        return [(Part(batch, True),) for batch in batches]
    if size < 1:
        raise ValueError("the ingest batch size must be at least 1")
    planned: list[WriteBatch] = []
    current: list[Part] = []
    filled = 0
    for part in (p for batch in batches for p in _cut(batch, size)):
        if current and filled + part.records > size:
            planned.append(tuple(current))
            current, filled = [], 0
        current.append(part)
        filled += part.records
    if current:
        planned.append(tuple(current))
    return planned


def _cut(batch: GraphBatch, size: int) -> list[Part]:
    records: list[NodeRecord | EdgeRecord] = [*batch.nodes, *batch.edges]
    parts = []
    for start in range(0, max(len(records), 1), size):  # an empty batch still forgets
        chunk = records[start:start + size]
        nodes = tuple(r for r in chunk if isinstance(r, NodeRecord))
        edges = tuple(r for r in chunk if isinstance(r, EdgeRecord))
        parts.append(Part(GraphBatch(batch.conversation_id, nodes, edges), start == 0))
    return parts


def plan_key(ns: str, planned: Sequence[WriteBatch]) -> str:
    """A digest of everything the write batches write, in order (see the module docstring)."""
    digest = hashlib.sha256(f"{_VERSION}\x1f{ns}".encode("utf-8"))
    for number, batch_parts in enumerate(planned):
        for part in batch_parts:
            batch = part.batch
            record = [number, part.first, batch.conversation_id,
                      [[n.label, n.id, dict(n.props)] for n in batch.nodes],
                      [[e.type, e.src, e.dst, dict(e.props)] for e in batch.edges]]
            digest.update(json.dumps(record, sort_keys=True, ensure_ascii=False,
                                     separators=(",", ":")).encode("utf-8"))
            digest.update(b"\x1e")
    return f"ingest-{digest.hexdigest()[:32]}"
