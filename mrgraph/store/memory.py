"""The embedded GraphStore: a networkx MultiDiGraph per namespace, persisted as JSON.

    store = MemoryStore(".mrgraph/graph", ns="default")
    with store.writing():            # exclusive lock; one atomic save on a clean exit
        store.write_batch(batch)

On disk the store is a directory (default `.mrgraph/graph`) with one JSON file and one lock file
per namespace; `mrgraph.store.persist` documents the format. A store sees only its namespace's
file: other namespaces in the same directory are never read nor rewritten.

In memory: nodes are keyed by id with attributes `_label` (the label: Tag and Topic have a `label`
property of their own), `ns` and the properties; an edge's key is its relationship type and its
data are its properties, so (src, type, dst) names an edge as the protocol requires.
`mrgraph.store.index` keeps the lookups the reads need (labels, cue keys, token postings,
timeline). The toolkit reads live in `mrgraph.store.memory_reads`.

Writes: `writing()` takes the namespace's lock without waiting long (StoreLockedError), reloads
if another process saved since this one loaded, applies the writes in memory and saves once,
atomically, on a clean exit; on an exception the in-memory changes are discarded (reloaded from
the unchanged file) and nothing is saved. A write method called outside `writing()` runs in a
unit of its own. Reads take no lock and see the graph as of the last load or own write.
Threads: reads may run concurrently with each other; a write unit excludes other threads' write
units, but must not overlap reads made from other threads.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Sequence

from mrgraph.errors import (
    ConfigError,
    NotFoundError,
    StoreCorruptError,
    StoreError,
    StoreUnavailableError,
)
from mrgraph.store import persist
from mrgraph.store.base import (BeliefEdge, Checkpoint, FactObservation, ForgetResult,
                                check_props)
from mrgraph.store.index import GraphIndex
from mrgraph.store.memory_reads import Attrs, GraphReads
from mrgraph.store.persist import LABEL, NO_PROPS
from mrgraph.text import normalize_key
from mrgraph.types import GraphBatch, Props, WriteResult

_BELIEF_PROPS = ("aspect", "statement", "confidence", "support", "first_seen", "last_seen",
                 "status", "history")


class MemoryStore(GraphReads):
    """The embedded store of namespace `ns` in directory `path`."""

    def __init__(self, path: str | os.PathLike[str], ns: str, *, lock_timeout: float = 1.0) -> None:
        if not ns:
            raise ConfigError("the namespace must not be empty")
        self.ns = ns
        self._dir = Path(path).expanduser().absolute()
        if self._dir.exists() and not self._dir.is_dir():
            raise StoreCorruptError(f"{self._dir}: an embedded store is a directory, this is a file")
        self._file = persist.data_file(self._dir, ns)
        self._lock = persist.WriteLock(persist.lock_file(self._dir, ns),
                                       f"{self._dir} (namespace {ns!r})", lock_timeout)
        self._unit_lock = threading.RLock()
        self._depth = 0  # nesting of writing() units
        self._dirty = False  # the graph differs from the file
        self._load()

    @property
    def uri(self) -> str:
        return f"file:{self._dir}"

    def close(self) -> None:
        """Nothing to release: the lock is held only inside writing()."""

    @property
    def ingest_batch_size(self) -> int | None:
        """None: an ingest saves a whole file at once (one atomic save), so it needs no
        checkpoint: an interrupted ingest left the previous file untouched."""
        return None

    def checkpoint(self, key: str) -> Checkpoint | None:
        return None

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        """Nothing to keep: see ingest_batch_size."""

    def drop_checkpoint(self, key: str) -> None:
        """Nothing kept: see ingest_batch_size."""

    def _load(self) -> None:
        self._graph, counts, self._stamp = persist.load(self._file, self.ns)
        self._nodes: dict[str, Attrs] = self._graph._node
        self._succ: dict[str, dict[str, dict[str, Attrs]]] = self._graph._succ
        self._pred: dict[str, dict[str, dict[str, Attrs]]] = self._graph._pred
        self._cache = {}
        paused = gc.isenabled()
        gc.disable()  # see persist.load: nothing built here is garbage
        try:
            self._index = GraphIndex(self._graph, counts)
        finally:
            if paused:
                gc.enable()
        self._dirty = False

    # -------------------------------------------------------------- write units

    @contextmanager
    def writing(self) -> Iterator[None]:
        with self._unit_lock:  # another thread's unit waits; this thread may nest
            if self._depth:  # nested: the outermost unit saves or discards
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
            else:
                with self._outermost():
                    yield

    @contextmanager
    def _outermost(self) -> Iterator[None]:
        try:
            self._dir.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
        except OSError as exc:
            raise StoreUnavailableError(f"cannot write the store at {self._dir}: "
                                        f"{exc.strerror or exc}") from None
        try:
            if persist.stamp(self._file) != self._stamp:
                self._load()  # another process saved since we loaded: build on its graph
            self._depth = 1
            try:
                yield
            except BaseException:
                self._discard()
                raise
            if self._dirty:
                self._save()
        finally:
            self._depth = 0
            self._lock.release()

    def _discard(self) -> None:
        if self._dirty:
            self._load()  # the file is unchanged (we hold the lock): it is the pre-unit state

    def _save(self) -> None:
        try:
            self._stamp = persist.save(self._file, persist.encode(self._graph, self.ns))
        except BaseException:
            self._discard()
            raise
        self._dirty = False

    # -------------------------------------------------------------- writes

    def write_batch(self, batch: GraphBatch) -> WriteResult:
        with self.writing():
            self._check_batch(batch)
            self._dirty = True
            for node in batch.nodes:
                self._put_node(node.label, node.id, node.props)
            for edge in batch.edges:
                self._put_edge(edge.src, edge.type, edge.dst, edge.props)
        return WriteResult(batch.conversation_id, len(batch.nodes), len(batch.edges))

    def _check_batch(self, batch: GraphBatch) -> None:
        """Refuse the whole batch before anything is written."""
        labels: dict[str, str] = {}
        for node in batch.nodes:
            if not node.id or not node.label:
                raise StoreError(f"batch {batch.conversation_id!r}: a node without id or label")
            known = labels.setdefault(node.id, node.label)
            stored = self._nodes.get(node.id)
            for other in (known, stored[LABEL] if stored else node.label):
                if other != node.label:
                    raise StoreError(f"node {node.id!r} is a {other}, the batch says {node.label}")
            check_props(f"node {node.id!r}", node.props, node_id=node.id)
            if node.props.get("id", node.id) != node.id:
                raise StoreError(f"node {node.id!r}: property id differs from the node's id")
        for edge in batch.edges:
            where = f"edge ({edge.src})-[:{edge.type}]->({edge.dst})"
            if not edge.type:
                raise StoreError(f"{where}: no relationship type")
            for end in (edge.src, edge.dst):
                if end not in labels and end not in self._nodes:
                    raise StoreError(f"{where} of batch {batch.conversation_id!r}: node {end!r} "
                                     "is neither in the batch nor in the store")
            check_props(where, edge.props)

    def _put_node(self, label: str, node_id: str, props: Props) -> None:
        attrs = self._nodes.get(node_id)
        if attrs is None:
            self._graph.add_node(node_id)
            attrs = self._nodes[node_id]
            attrs[LABEL] = sys.intern(label)
            _merge(attrs, props)
            attrs["ns"] = self.ns
            self._index.add(node_id, attrs)
            return
        old = dict(attrs)
        _merge(attrs, props)
        if attrs != old:  # re-ingesting the same node must not churn the indexes
            self._index.replace(node_id, old, attrs)

    def _put_edge(self, src: str, etype: str, dst: str, props: Props) -> None:
        keydict = self._succ[src].get(dst)
        old = keydict.get(etype) if keydict else None
        data = dict(old or ())
        _merge(data, props)  # into a copy: edge data may be the shared NO_PROPS
        if old is None:
            etype = sys.intern(etype)
            self._graph.add_edge(src, dst, key=etype)
            keydict = self._succ[src][dst]
            self._index.edge_added(etype)
        assert keydict is not None
        keydict[etype] = data or NO_PROPS
        self._changed()

    def _drop_node(self, node_id: str) -> int:
        """Remove a node and its edges; returns how many edges went with it."""
        removed = 0
        for keydict in self._succ[node_id].values():
            for etype in keydict:
                self._index.edge_removed(etype)
                removed += 1
        for src, keydict in self._pred[node_id].items():
            if src != node_id:  # a self-loop was counted with the out-edges
                for etype in keydict:
                    self._index.edge_removed(etype)
                    removed += 1
        self._index.remove(node_id, self._nodes[node_id])
        self._graph.remove_node(node_id)
        self._changed()
        return removed

    def _drop_edge(self, src: str, etype: str, dst: str) -> None:
        self._graph.remove_edge(src, dst, key=etype)
        self._index.edge_removed(etype)
        self._changed()

    # -------------------------------------------------------------- forget

    def forget_conversation(self, conversation_id: str) -> ForgetResult:
        with self.writing():
            roots = sorted(self._index.conversations.get(conversation_id, ()))
            if not roots:
                raise NotFoundError(f"no conversation {conversation_id!r} in namespace "
                                    f"{self.ns!r}")
            self._dirty = True
            return self._forget(conversation_id, roots)

    def _forget(self, conversation_id: str, roots: list[str]) -> ForgetResult:
        sessions = self._targets(roots, "HAS_SESSION")
        episodes = self._targets(sessions, "HAS_EPISODE")
        doomed = set(roots) | sessions | self._targets(sessions, "HAS_TURN") | episodes
        topics = self._sources(episodes, "GROUPS") - doomed
        facts = self._sources(episodes, "FROM_EPISODE") - doomed
        cues = self._sources(episodes, "CUE_OF") - doomed
        tags = self._sources(episodes, "TAGS") - doomed
        entities = sorted({str(self._nodes[f].get("entity")) for f in facts
                           if self._nodes[f].get("entity") is not None})
        nodes = len(doomed)
        edges = sum(self._drop_node(n) for n in sorted(doomed))
        # What is left of the touched neighbours, in dependency order: a fact's removal takes
        # BELIEF edges a cue may have relied on; a cue's removal takes HAS_TAG edges.
        cues |= self._sources(facts, "BELIEF")
        for group, keep in ((topics, ("GROUPS",)), (facts, ("FROM_EPISODE",)),
                            (cues, ("CUE_OF", "BELIEF"))):
            for node_id in sorted(group):
                if not any(self._out(node_id, t) for t in keep):
                    edges += self._drop_node(node_id)
                    nodes += 1
        for cue in sorted(c for c in cues if c in self._nodes):
            edges += self._unbacked_has_tag(cue)
        for tag in sorted(tags):
            if not self._out(tag, "TAGS"):
                edges += self._drop_node(tag)
                nodes += 1
        return ForgetResult(conversation_id, nodes, edges, tuple(entities))

    def _unbacked_has_tag(self, cue: str) -> int:
        """Drop the cue's HAS_TAG edges to tags that no longer tag an episode the cue reaches."""
        reached = {e for e, _ in self._out(cue, "CUE_OF")}
        dropped = 0
        for tag, _ in self._out(cue, "HAS_TAG"):
            if not any(e in reached for e, _ in self._out(tag, "TAGS")):
                self._drop_edge(cue, "HAS_TAG", tag)
                dropped += 1
        return dropped

    def _targets(self, sources: Sequence[str] | set[str], etype: str) -> set[str]:
        return {v for s in sources for v, _ in self._out(s, etype)}

    def _sources(self, targets: set[str], etype: str) -> set[str]:
        return {u for t in targets for u, _ in self._in(t, etype)}

    # -------------------------------------------------------------- beliefs

    def fact_observations(self, entities: Sequence[str]) -> list[FactObservation]:
        found = []
        for entity in set(entities):
            for fact_id in self._index.fact_entities.get(entity, ()):
                fact = self._nodes[fact_id]
                for episode_id, data in self._out(fact_id, "FROM_EPISODE"):
                    date = data.get("date") or self._nodes[episode_id].get("date") or ""
                    confidence = data.get("confidence")
                    found.append(FactObservation(
                        entity=entity, aspect=str(fact.get("aspect", "")), fact_id=fact_id,
                        statement=str(fact.get("statement", "")), episode_id=episode_id,
                        date=str(date), confidence=None if confidence is None else float(confidence),
                        negated=bool(data.get("negated", False)), contradicts=data.get("contradicts"),
                    ))
        found.sort(key=lambda o: (o.date, o.episode_id, o.fact_id))
        return found

    def replace_beliefs(self, entities: Sequence[str], beliefs: Sequence[BeliefEdge]) -> None:
        with self.writing():
            sources = [self._belief_source(b) for b in beliefs]  # check all before writing
            self._dirty = True
            for key in {normalize_key(e) for e in entities}:
                for cue in sorted(self._index.cue_keys.get(key, ())):
                    for fact_id, _ in self._out(cue, "BELIEF"):
                        self._drop_edge(cue, "BELIEF", fact_id)
            for cue, belief in zip(sources, beliefs):
                props = {name: getattr(belief, name) for name in _BELIEF_PROPS}
                self._put_edge(cue, "BELIEF", belief.fact_id, props)

    def _belief_source(self, belief: BeliefEdge) -> str:
        cues = self._index.cue_keys.get(normalize_key(belief.entity))
        if not cues:
            raise StoreError(f"belief about {belief.entity!r}: no such entity cue")
        fact = self._nodes.get(belief.fact_id)
        if fact is None or fact[LABEL] != "Fact":
            raise StoreError(f"belief about {belief.entity!r}: no Fact {belief.fact_id!r}")
        return min(cues)


# ------------------------------------------------------------------ property helpers


def _merge(target: Attrs, props: Props) -> None:
    """Cypher's `SET x += props`: given keys overwritten, None removes the key."""
    for key, value in props.items():
        if key in ("id", "ns"):
            continue  # the id is the node's key; ns is the store's, set by the caller
        if value is None:
            target.pop(key, None)
        else:
            target[key] = tuple(value) if isinstance(value, list) else value
