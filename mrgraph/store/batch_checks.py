"""What both stores do to a batch before writing it: refuse properties no backend can hold
(check_props) and scrub every known secret from it (scrub_batch)."""

from __future__ import annotations

from itertools import chain
from typing import Iterator, Mapping

from mrgraph import limits
from mrgraph.errors import StoreError
from mrgraph.limits import node_problem, props_problem, shorten
from mrgraph.redact import any_secret, remembered, scrub_value
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord, Props


def edge_name(edge: EdgeRecord) -> str:
    """How an error names an edge."""
    return f"edge ({edge.src})-[:{edge.type}]->({edge.dst})"


def check_props(where: str, props: Mapping[str, object], *, node_id: str | None = None) -> None:
    """Properties every backend can hold: primitives or lists of primitives, plain names, values
    within mrgraph.limits (what Neo4j can index), and the node's id within them too
    (mrgraph.limits.props_problem, the one check the ingest's check_batch runs too)."""
    if node_id is not None and (found := node_problem(node_id, {})):
        raise StoreError(f"node {shorten(node_id)}: {found[1]}")
    if found := props_problem(props):
        raise StoreError(f"{where}: {found[1]}")


def scrub_batch(batch: GraphBatch) -> GraphBatch:
    """`batch` without any secret (mrgraph.redact) in a property: both stores run it before
    writing, whatever wrote the batch (an ingest, practice, a library caller). Returns `batch`
    itself when no property holds one (one test per string, none at all while no secret is
    known); otherwise a copy with those properties scrubbed, checked if `batch` was (scrubbing
    only shortens strings)."""
    if not remembered() or not any_secret(_strings(batch)):
        return batch
    clean = GraphBatch(batch.conversation_id,
                       tuple(NodeRecord(n.label, n.id, _scrubbed(n.props)) for n in batch.nodes),
                       tuple(EdgeRecord(e.type, e.src, e.dst, _scrubbed(e.props))
                             for e in batch.edges))
    if limits.checked(batch):
        limits.mark_checked(clean)
    return clean


def _scrubbed(props: Props) -> Props:
    return scrub_value(dict(props))


def _strings(batch: GraphBatch) -> Iterator[str]:
    """Every string property value of the batch."""
    for props in chain((n.props for n in batch.nodes), (e.props for e in batch.edges)):
        for value in props.values():
            if type(value) is str:
                yield value
            elif isinstance(value, (list, tuple)) and value and type(value[0]) is str:
                yield from (v for v in value if type(v) is str)  # mixed: refused later
