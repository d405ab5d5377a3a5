"""The embedded GraphStore: one SQLite file per namespace, read on demand.

    store = MemoryStore(".mrgraph/graph", ns="default")
    with store.writing():            # exclusive lock; one atomic commit on a clean exit
        store.write_batch(batch)

On disk the store is a directory (default `.mrgraph/graph`) with one SQLite file and one lock
file per namespace; `mrgraph.store.persist` documents the format. A store sees only its
namespace's file: other namespaces in the same directory are never read nor written. Opening
reads nothing but the file's header and counts; nodes and edges are read when a read needs them
(`mrgraph.store.index` caches them and builds the token, timeline and vector indexes on first
use). A directory holding a format 1 JSON file of the namespace is migrated when the store opens.

In memory: node attributes are dicts with `_label` (the label: Tag and Topic have a `label`
property of their own), `ns` and the properties; an edge is (src, type, dst) with its
properties. The reads live in `mrgraph.store.memory_reads` (inspection), `memory_toolkit` and
`memory_turns`, the forget in `memory_forget`, the batch checks and the property merge in
`memory_batch`.

Writes: `writing()` takes the namespace's lock without waiting long (StoreLockedError), begins
one SQLite write transaction, writes through to it, and commits once on a clean exit (atomic and
durable: a kill -9 at any moment leaves the last commit); on an exception it rolls back and the
caches are dropped. A write method called outside `writing()` runs in a unit of its own. Reads
take no lock: each runs in a read transaction and sees the last commit, its own process's or
another's, so a long-lived store (`mrgraph chat`, a server) never needs reopening.
Threads: one connection per store, used by one thread at a time (reads and write units of
different threads take turns).
"""

from __future__ import annotations

import os
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from operator import itemgetter
from pathlib import Path
from typing import Sequence

from mrgraph.errors import (
    ConfigError,
    StoreCorruptError,
    StoreError,
    StoreUnavailableError,
)
from mrgraph.store import disk, persist
from mrgraph.store.base import BeliefEdge, Checkpoint, FactObservation
from mrgraph.store.batch_checks import scrub_batch
from mrgraph.store.index import GraphIndex, NodeCache, lookup_key
from mrgraph.store.legacy import migrate_if_needed
from mrgraph.store.memory_batch import check_batch, merge_props, plain_props
from mrgraph.store.memory_forget import GraphForget
from mrgraph.store.memory_reads import Attrs, _read
from mrgraph.store.persist import LABEL, encode_props
from mrgraph.text import normalize_key
from mrgraph.types import EdgeRecord, GraphBatch, Props, WriteResult

_BELIEF_PROPS = ("aspect", "statement", "confidence", "support", "first_seen", "last_seen",
                 "status", "history")


class MemoryStore(GraphForget):
    """The embedded store of namespace `ns` in directory `path`."""

    def __init__(self, path: str | os.PathLike[str], ns: str, *, lock_timeout: float = 1.0) -> None:
        if not ns:
            raise ConfigError("the namespace must not be empty")
        self.ns = ns
        self._dir = Path(path).expanduser().absolute()
        if self._dir.exists() and not self._dir.is_dir():
            raise StoreCorruptError(f"{self._dir}: an embedded store is a directory, this is a file")
        self._lock = persist.WriteLock(persist.lock_file(self._dir, ns),
                                       f"{self._dir} (namespace {ns!r})", lock_timeout)
        self._unit_lock = threading.RLock()
        self._depth = 0  # nesting of writing() units
        self._reads = 0  # nesting of read transactions
        self._dirty = False  # the open write unit changed something
        self._node_rows: list[tuple[str, str, str | None, str]] = []  # queued by _store_node
        self._unit_batches: list[GraphBatch] = []  # written in the open write unit
        if persist.legacy_file(self._dir, ns).exists():
            with self._locked():
                migrate_if_needed(self._dir, ns)
        self._db = persist.Database(persist.data_file(self._dir, ns), ns)
        self._version = self._db.version()
        self._reset()

    @property
    def uri(self) -> str:
        return f"file:{self._dir}"

    def close(self) -> None:
        """Close the file; a closed store reopens it on its next read or write."""
        with self._unit_lock:
            self._db.close()
            self._version = -3

    @property
    def ingest_batch_size(self) -> int | None:
        """None: an ingest writes a whole file in one write unit (one atomic commit), so it
        needs no checkpoint: an interrupted ingest left the previous commit."""
        return None

    @property
    def prefetches(self) -> bool:
        return False

    def checkpoint(self, key: str) -> Checkpoint | None:
        return None

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        """Nothing to keep: see ingest_batch_size."""

    def drop_checkpoint(self, key: str) -> None:
        """Nothing kept: see ingest_batch_size."""

    def _reset(self) -> None:
        """Forget everything held in memory: it is read again from the file when needed."""
        self._nodes = NodeCache(self._db, self.ns)
        self._cache = {}
        self._index = GraphIndex(self._db)

    def _refresh(self) -> None:
        """Reconnect if needed; drop the caches if another process committed since."""
        if self._db.conn is None:
            self._db.connect(create=False)
        version = self._db.version()
        if version != self._version:
            self._version = version
            self._reset()

    @contextmanager
    def _reading(self) -> Iterator[None]:
        with self._unit_lock:  # the connection serves one thread at a time
            if self._depth or self._reads:
                yield  # inside a write unit or another read: its transaction
                return
            self._refresh()
            self._reads = 1
            try:
                with self._db.transaction("DEFERRED"):
                    self._refresh()  # a commit may have landed before the snapshot began
                    yield
            finally:
                self._reads = 0

    # -------------------------------------------------------------- write units

    @contextmanager
    def writing(self) -> Iterator[None]:
        with self._unit_lock:  # another thread's unit waits; this thread may nest
            if self._depth:  # nested: the outermost unit commits or rolls back
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
            else:
                with self._locked(), self._outermost():
                    yield

    @contextmanager
    def _locked(self) -> Iterator[None]:
        try:
            self._dir.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
        except OSError as exc:
            raise disk.unwritable(exc, self._dir, self._db.path) or StoreUnavailableError(
                f"cannot write the store at {self._dir}: {exc.strerror or exc}") from None
        try:
            yield
        finally:
            self._lock.release()

    @contextmanager
    def _outermost(self) -> Iterator[None]:
        self._db.connect(create=True)
        self._refresh()
        self._unit_batches = []
        try:
            with self._db.transaction("IMMEDIATE"):
                self._refresh()  # another process committed before our lock: build on it
                self._depth = 1
                yield
                if self._dirty:
                    self._index.save()
        except BaseException as exc:
            self._node_rows = []
            if self._dirty:
                self._reset()  # rolled back: what memory holds may be the discarded writes
            if error := disk.unit_error(exc, self._dir, self._db.path, self._unit_batches):
                self._db.close()  # on a full disk this removes the write-ahead log (nothing
                self._version = -3  # committed is in it), giving the space back; the next
                raise error from None  # read reopens the file
            raise
        finally:
            self._depth = 0
            self._dirty = False
            self._unit_batches = []

    # -------------------------------------------------------------- writes

    def write_batch(self, batch: GraphBatch) -> WriteResult:
        batch = scrub_batch(batch)
        with self.writing():
            self._unit_batches.append(batch)  # what a full disk's error estimates from
            self._nodes.prefetch([n.id for n in batch.nodes])
            check_batch(batch, self._nodes)
            fresh = {n.id for n in batch.nodes if n.id not in self._nodes}
            self._dirty = True
            for node in batch.nodes:
                self._put_node(node.label, node.id, node.props)
            self._flush_nodes()
            self._put_edges(batch.edges, fresh)
        return WriteResult(batch.conversation_id, len(batch.nodes), len(batch.edges))

    def _put_edges(self, edges: Sequence[EdgeRecord], fresh: set[str]) -> None:
        """Write a batch's edges: an edge with an end that did not exist before the batch is
        new (one INSERT for all of them); the others merge into what is stored."""
        merged: dict[tuple[str, str, str], Attrs] = {}
        for edge in edges:
            key = (edge.src, edge.type, edge.dst)
            if edge.src in fresh or edge.dst in fresh:
                held = merged.get(key)
                if held is None and plain_props(edge.props):  # what merge_props makes of them
                    merged[key] = dict(edge.props)
                else:
                    merge_props(merged.setdefault(key, {}), edge.props)
            else:
                self._put_edge(edge.src, edge.type, edge.dst, edge.props)
        assert self._db.conn is not None
        self._db.conn.executemany("INSERT INTO edges VALUES (?, ?, ?, ?)", [
            (src, etype, dst, encode_props(data) if data else None)
            for (src, etype, dst), data in sorted(merged.items(), key=_first)])
        for etype, added in Counter(etype for _, etype, _ in merged).items():
            self._index.edge_added(etype, added)
        if self._cache:  # nothing cached (as in a fresh process), nothing to drop
            for src, etype, dst in merged:
                self._edge_changed(src, etype, dst)

    def _put_node(self, label: str, node_id: str, props: Props) -> None:
        attrs = self._nodes.get(node_id)
        if attrs is None:
            if plain_props(props):  # what merge_props makes of them: the same keys and values
                attrs = {LABEL: sys.intern(label), **props, "ns": self.ns}
                self._store_node(node_id, attrs, encode_props(props))
            else:
                attrs = {LABEL: sys.intern(label)}
                merge_props(attrs, props)
                attrs["ns"] = self.ns
                self._store_node(node_id, attrs)
            self._index.add(node_id, attrs)
            return
        old = dict(attrs)
        merge_props(attrs, props)
        if attrs != old:  # re-ingesting the same node must not churn the file or the indexes
            self._store_node(node_id, attrs)
            self._index.replace(node_id, old, attrs)

    def _store_node(self, node_id: str, attrs: Attrs, encoded: str | None = None) -> None:
        """Queue the node's row (the cache has it at once; _flush_nodes writes the batch's);
        `encoded`: encode_props(attrs), when the caller has it."""
        self._node_rows.append((node_id, attrs[LABEL], lookup_key(attrs),
                                encode_props(attrs) if encoded is None else encoded))
        self._nodes.put(node_id, attrs)

    def _flush_nodes(self) -> None:
        assert self._db.conn is not None
        self._node_rows.sort(key=_first)  # key order, stable: see TokenTable.flush
        self._db.conn.executemany("INSERT OR REPLACE INTO nodes VALUES (?, ?, ?, ?)",
                                  self._node_rows)
        self._node_rows = []
        self._index.flush()

    def _put_edge(self, src: str, etype: str, dst: str, props: Props) -> None:
        rows = self._db.rows("SELECT props FROM edges WHERE src = ? AND type = ? AND dst = ?",
                             (src, etype, dst))
        old = persist.edge_data(rows[0][0]) if rows else None
        data = dict(old or ())
        merge_props(data, props)  # into a copy: edge data may be the shared NO_PROPS
        if old is not None and data == old:
            return  # unchanged: nothing to write
        self._db.run("INSERT OR REPLACE INTO edges VALUES (?, ?, ?, ?)",
                     (src, etype, dst, encode_props(data) if data else None))
        if old is None:
            self._index.edge_added(etype)
        self._edge_changed(src, etype, dst)

    def _drop_node(self, node_id: str) -> int:
        """Remove a node and its edges; returns how many edges went with it."""
        edges = self._db.rows("SELECT src, type, dst FROM edges WHERE src = ? "
                              "UNION SELECT src, type, dst FROM edges WHERE dst = ?",
                              (node_id, node_id))
        for src, etype, dst in edges:
            self._index.edge_removed(etype)
            self._edge_changed(src, etype, dst)
        self._db.run("DELETE FROM edges WHERE src = ?", (node_id,))
        self._db.run("DELETE FROM edges WHERE dst = ?", (node_id,))
        self._index.remove(node_id, self._nodes[node_id])
        self._db.run("DELETE FROM nodes WHERE id = ?", (node_id,))
        self._nodes.put(node_id, None)
        return len(edges)

    def _drop_edge(self, src: str, etype: str, dst: str) -> None:
        self._db.run("DELETE FROM edges WHERE src = ? AND type = ? AND dst = ?", (src, etype, dst))
        self._index.edge_removed(etype)
        self._edge_changed(src, etype, dst)

    # -------------------------------------------------------------- beliefs

    @_read
    def fact_observations(self, entities: Sequence[str]) -> list[FactObservation]:
        found = []
        for entity in set(entities):
            for fact_id in self._index.ids("Fact", entity):
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
                for cue in self._index.ids("Cue", key):
                    for fact_id, _ in self._out(cue, "BELIEF"):
                        self._drop_edge(cue, "BELIEF", fact_id)
            for cue, belief in zip(sources, beliefs):
                props = {name: getattr(belief, name) for name in _BELIEF_PROPS}
                self._put_edge(cue, "BELIEF", belief.fact_id, props)

    def _belief_source(self, belief: BeliefEdge) -> str:
        cues = self._index.ids("Cue", normalize_key(belief.entity))
        if not cues:
            raise StoreError(f"belief about {belief.entity!r}: no such entity cue")
        fact = self._nodes.get(belief.fact_id)
        if fact is None or fact[LABEL] != "Fact":
            raise StoreError(f"belief about {belief.entity!r}: no Fact {belief.fact_id!r}")
        return min(cues)


_first = itemgetter(0)  # a row's key: C code, called for every row a batch sorts
