"""A file's batches written in the order they are extracted, leaving the graph file order leaves.

With worker processes (mrgraph.ingest.parallel) a file's conversations finish in any order. An
embedded store writes each in the file's one write unit as soon as it comes rather than holding
it behind an earlier one still extracting: the largest conversation is often the last in the
file, and writing it alone at the end, after every extraction, left a core idle.

The graph is what writing in file order gives. A file's conversations touch different nodes and
edges except the few they share (a cue, tag or fact of the same name), and a write overwrites the
properties it names (`SET +=`): of two conversations, the later in the file wins. So once a batch
is written after batches of later conversations, their records it shares are written again, in
file order ("fix-ups"). That holds when the conversations are new to the store and their ids
distinct: replacing a stored conversation forgets what only it produced, which depends on what
the others hold at that moment, so a file re-ingesting any is written in file order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord


@dataclass(frozen=True)
class _Ahead:
    """A batch written before an earlier conversation's: what its fix-ups need."""

    conversation_id: str
    nodes: dict[str, NodeRecord]
    edges: dict[tuple[str, str, str], EdgeRecord]  # those with properties: others merge nothing

    @classmethod
    def of(cls, batch: GraphBatch) -> _Ahead:
        return cls(batch.conversation_id, {n.id: n for n in batch.nodes},
                   {(e.src, e.type, e.dst): e for e in batch.edges if e.props})


@dataclass
class Reorder:
    """Which of a file's batches to write when, and their fix-ups. `free`: in the order they
    come (see the module docstring for when that is allowed); else in file order, holding those
    that come early until their turn."""

    free: bool
    _next: int = 0  # the first conversation (index in the file) not written yet
    _written: set[int] = field(default_factory=set)  # indices written, from _next on
    _held: dict[int, GraphBatch] = field(default_factory=dict)  # came early (not free)
    _ahead: dict[int, _Ahead] = field(default_factory=dict)  # written before an earlier one

    def arrive(self, index: int, batch: GraphBatch) -> list[tuple[int, GraphBatch]]:
        """Conversation `index`'s batch is extracted: the batches to write now, in order."""
        if self.free:
            return [(index, batch)]
        self._held[index] = batch
        due: list[tuple[int, GraphBatch]] = []
        while self._next + len(due) in self._held:
            at = self._next + len(due)
            due.append((at, self._held.pop(at)))
        return due

    def written(self, index: int, batch: GraphBatch) -> list[GraphBatch]:
        """Conversation `index`'s batch was written: the fix-ups to write now, in order."""
        fixes = [fix for later in sorted(j for j in self._ahead if j > index)
                 for fix in [_shared(self._ahead[later], batch)] if fix.nodes or fix.edges]
        self._written.add(index)
        while self._next in self._written:
            self._written.discard(self._next)
            self._next += 1
        if index > self._next:  # an earlier conversation is still to come
            self._ahead[index] = _Ahead.of(batch)
        for done in [j for j in self._ahead if j < self._next]:  # nothing earlier to come
            del self._ahead[done]
        return fixes


def _shared(later: _Ahead, batch: GraphBatch) -> GraphBatch:
    """`later`'s records that `batch` also has (what writing `batch` may have overwritten)."""
    nodes = tuple(later.nodes[n.id] for n in batch.nodes if n.id in later.nodes)
    edges = tuple(later.edges[key] for e in batch.edges if e.props
                  for key in [(e.src, e.type, e.dst)] if key in later.edges)
    return GraphBatch(later.conversation_id, nodes, edges)
