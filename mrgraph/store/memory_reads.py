"""The embedded store's reads: the adjacency helpers every read builds on, inspection and
ranking statistics (the toolkit reads are `memory_toolkit`'s, the turn reads `memory_turns`').

Kept apart from `memory.py` (lifecycle and writes) so each module stays readable; `MemoryStore`
is the only subclass. Orders and scores follow `mrgraph.store.base` to the letter: the Neo4j
store must return the same records in the same order.

Every public read runs inside `self._reading()` (the `@_read` decorator): one read transaction
of the file, so it sees one committed state, after dropping what the caches hold if another
process committed since the last read.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Callable, Concatenate, ParamSpec, TypeVar, cast

from mrgraph.errors import NotFoundError, StoreError
from mrgraph.store.base import GraphStore, run_each
from mrgraph.store.index import CACHE_LIMIT, TOKEN_LABELS, GraphIndex, NodeCache
from mrgraph.store.persist import LABEL, Database, edge_data, node_attrs
from mrgraph.types import EdgeRecord, NodeRecord, NodeView, Stats

EXPERIENCE_LABELS = ("Experience", "PracticeRound", "Proposal")  # experience_records

Attrs = dict[str, Any]
P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound="GraphReads")

T = TypeVar("T")


def _value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _props(attrs: Attrs) -> dict[str, Any]:
    """Stored properties as records carry them: everything but the label, lists as tuples."""
    return {k: _value(v) for k, v in attrs.items() if k != LABEL}


def _str(attrs: Attrs, key: str) -> str:
    value = attrs.get(key)
    return "" if value is None else str(value)


def _read(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Run a public read in one read transaction (see the module docstring)."""
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._reading():
            return method(self, *args, **kwargs)
    functools.update_wrapper(wrapper, method)
    return wrapper


class GraphReads:
    ns: str
    _db: Database
    _nodes: NodeCache
    _index: GraphIndex
    # (node, type) -> out-edges, (node, "<" + type) -> in-edges, (node, type + "*") -> targets,
    # (node, type + "#") -> out-degree;
    # an edge change drops the entries of its two ends
    _cache: dict[tuple[str, str], Any]
    _depth: int  # nesting of the open write unit (MemoryStore.writing)

    def _reading(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # MemoryStore's

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        # call by call; inside a write unit in this thread's hands, in this thread: the unit
        # holds the connection, so a worker thread would wait for it forever
        return run_each(cast("GraphStore", self), calls, 1 if self._depth else workers)

    # -------------------------------------------------------------- adjacency helpers

    def _out(self, node_id: str, etype: str) -> list[tuple[str, Attrs]]:
        """(target, edge properties) of the node's `etype` edges. Callers must not mutate it."""
        found: list[tuple[str, Attrs]] | None = self._cache.get((node_id, etype))
        if found is None:
            found = [(v, edge_data(p)) for v, p in self._db.rows(
                "SELECT dst, props FROM edges WHERE src = ? AND type = ?", (node_id, etype))]
            self._remember((node_id, etype), found)
        return found

    def _in(self, node_id: str, etype: str) -> list[tuple[str, Attrs]]:
        found: list[tuple[str, Attrs]] | None = self._cache.get((node_id, "<" + etype))
        if found is None:
            found = [(u, edge_data(p)) for u, p in self._db.rows(
                "SELECT src, props FROM edges WHERE dst = ? AND type = ?", (node_id, etype))]
            self._remember((node_id, "<" + etype), found)
        return found

    def _count_out(self, node_id: str, etype: str) -> int:
        """How many `etype` edges leave the node (counted in the file's index, without reading
        the edges: a speaker's cue has thousands)."""
        found: list[tuple[str, Attrs]] | None = self._cache.get((node_id, etype))
        if found is not None:
            return len(found)
        count: int | None = self._cache.get((node_id, etype + "#"))
        if count is None:
            count = int(self._db.rows("SELECT count(*) FROM edges WHERE src = ? AND type = ?",
                                      (node_id, etype))[0][0]) if self._db.conn else 0
            self._remember((node_id, etype + "#"), count)
        return count

    def _out_set(self, node_id: str, etype: str) -> frozenset[str]:
        found: frozenset[str] | None = self._cache.get((node_id, etype + "*"))
        if found is None:
            found = frozenset(v for v, _ in self._out(node_id, etype))
            self._remember((node_id, etype + "*"), found)
        return found

    def _remember(self, key: tuple[str, str], value: Any) -> None:
        if len(self._cache) >= CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = value

    def _edge_changed(self, src: str, etype: str, dst: str) -> None:
        for key in ((src, etype), (src, etype + "*"), (src, etype + "#"), (dst, "<" + etype)):
            self._cache.pop(key, None)

    def _is(self, node_id: str, label: str) -> bool:
        attrs = self._nodes.get(node_id)
        return attrs is not None and attrs[LABEL] == label

    def _record(self, node_id: str) -> NodeRecord:
        attrs = self._nodes[node_id]
        return NodeRecord(attrs[LABEL], node_id, _props(attrs))

    # -------------------------------------------------------------- inspection

    @_read
    def stats(self) -> Stats:
        first, last = self._index.span()
        if first is None:  # no dated episode: fall back to the sessions' dates
            dates = self._index.session_dates()
            first, last = (dates[0], dates[-1]) if dates else (None, None)
        return Stats(
            nodes={label: n for label, n in sorted(self._index.node_counts.items()) if n},
            edges={t: n for t, n in sorted(self._index.edge_counts.items()) if n},
            conversations=tuple(self.conversations()), first_date=first, last_date=last,
        )

    @_read
    def get_node(self, node_id: str) -> NodeRecord | None:
        return self._record(node_id) if node_id in self._nodes else None

    @_read
    def show(self, node_id: str) -> NodeView:
        if node_id not in self._nodes:
            raise NotFoundError(f"no node {node_id!r} in namespace {self.ns!r}")
        out = self._db.rows("SELECT type, dst, props FROM edges WHERE src = ? "
                            "ORDER BY type, dst", (node_id,))
        inc = self._db.rows("SELECT type, src, props FROM edges WHERE dst = ? "
                            "ORDER BY type, src", (node_id,))
        return NodeView(
            node=self._record(node_id),
            out_edges=tuple((EdgeRecord(t, node_id, v, _props(edge_data(p))), self._record(v))
                            for t, v, p in out),
            in_edges=tuple((EdgeRecord(t, u, node_id, _props(edge_data(p))), self._record(u))
                           for t, u, p in inc),
        )

    @_read
    def export(self) -> tuple[list[NodeRecord], list[EdgeRecord]]:
        nodes = [NodeRecord(label, n, _props(node_attrs(label, p, self.ns))) for n, label, p
                 in self._db.rows("SELECT id, label, props FROM nodes ORDER BY id")]
        edges = [EdgeRecord(t, u, v, _props(edge_data(p))) for u, t, v, p
                 in self._db.rows("SELECT src, type, dst, props FROM edges "
                                  "ORDER BY src, type, dst")]
        return nodes, edges

    @_read
    def episode_documents(self, after: str = "", limit: int = 2000
                          ) -> list[tuple[str, str, str]]:
        """(id, date, text or else summary) of the first `limit` Episodes with an id above
        `after`, by id: what a lexical baseline indexes, read page by page (one read each)
        instead of exporting the whole graph. `+label` keeps SQLite on the primary key, in id
        order, so the pages together scan the table once."""
        rows = self._db.rows("SELECT id, props FROM nodes WHERE +label = 'Episode' AND id > ? "
                             "ORDER BY id LIMIT ?", (after, limit))
        found = []
        for node_id, props in rows:
            attrs = node_attrs("Episode", props, self.ns)
            found.append((node_id, str(attrs.get("date", "")),
                          str(attrs.get("text") or attrs.get("summary") or "")))
        return found

    @_read
    def experience_records(self, labels: Sequence[str]) -> list[NodeRecord]:
        records = [NodeRecord(label, n, _props(node_attrs(label, p, self.ns)))
                   for wanted in EXPERIENCE_LABELS if wanted in labels
                   for n, label, p in self._db.rows(
                       "SELECT id, label, props FROM nodes WHERE label = ?", (wanted,))]
        return sorted(records, key=lambda r: (r.label, r.id))

    @_read
    def conversations(self) -> list[str]:
        return self._index.keys("Conversation")

    @_read
    def outdated_conversations(self, version: int) -> list[str]:
        found = (self._nodes[node_id] for key in self._index.keys("Conversation")
                 for node_id in self._index.ids("Conversation", key))
        return sorted({str(a.get("conversation_id")) for a in found
                       if int(a.get("model_version") or 1) < version})

    @_read
    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        if label not in TOKEN_LABELS:
            raise StoreError(f"token_df: label must be one of {sorted(TOKEN_LABELS)}, not {label!r}")
        index = self._index.tokens(label)
        return self._index.count(label), {t: index.df(t) for t in tokens}
