"""Lookups the embedded store keeps beside its networkx graph, so reads never scan every node.

`GraphIndex` holds, per namespace: node ids per label, edge counts per type, cue ids per key,
fact ids per entity, Conversation node ids per conversation_id (all built in one pass at load and
kept current on every node change), plus two structures built lazily on first use:

* a TokenIndex per searchable label (Episode, Cue, Tag, Topic), then kept current;
* the Timeline (episodes sorted by date, for bisecting a range), rebuilt after an episode change;
* the VectorIndex (embedded episodes per model, as matrices per model and dimension), rebuilt
  after an episode change.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Set
from typing import Any, Callable

import networkx as nx

from mrgraph.store.persist import LABEL
from mrgraph.store.token_index import TokenIndex
from mrgraph.store.vector_index import VectorIndex
from mrgraph.text import normalize_key

Attrs = dict[str, Any]


def _text(key: str) -> Callable[[Attrs], str]:
    def secondary(attrs: Attrs) -> str:
        value = attrs.get(key)
        return "" if value is None else str(value)
    return secondary


# The secondary sort key of each searchable label, after the score (base.py's orders).
SECONDARY: dict[str, Callable[[Attrs], str]] = {
    "Episode": _text("date"), "Cue": _text("name"), "Tag": _text("label"), "Topic": _text("label"),
}
TOKEN_LABELS = frozenset(SECONDARY)
_LOOKUP_LABELS = frozenset({"Cue", "Fact", "Conversation"})


def cue_key(attrs: Attrs) -> str:
    key = attrs.get("key")
    return key if isinstance(key, str) else normalize_key(str(attrs.get("name", "")))


def _add(table: dict[str, set[str]], key: Any, node_id: str) -> None:
    if isinstance(key, str):
        table.setdefault(key, set()).add(node_id)


def _discard(table: dict[str, set[str]], key: Any, node_id: str) -> None:
    ids = table.get(key) if isinstance(key, str) else None
    if ids is not None:
        ids.discard(node_id)
        if not ids:
            del table[key]


class Timeline:
    """Episodes sorted by (date, id), with each one's end (date_end or date).

    `reach[i]` is the latest end among positions 0..i: episodes before the range's start can
    only overlap it through their end, and scanning backwards can stop once `reach` < start."""

    def __init__(self, graph: nx.MultiDiGraph, episode_ids: Iterable[str]) -> None:
        nodes: dict[str, Attrs] = graph._node
        rows = []
        for eid in episode_ids:
            date = nodes[eid].get("date")
            if isinstance(date, str) and date:
                end = nodes[eid].get("date_end")
                rows.append((date, eid, end if isinstance(end, str) and end else date))
        rows.sort()
        self.dates = [r[0] for r in rows]
        self.ids = [r[1] for r in rows]
        self.ends = [r[2] for r in rows]
        self.reach: list[str] = []
        latest = ""
        for end in self.ends:
            latest = max(latest, end)
            self.reach.append(latest)

    def query(self, start: str, end: str, allowed: Set[str] | None, limit: int) -> list[str]:
        """Ids of episodes with date <= end and (date_end or date) >= start, by (date, id)."""
        hi = bisect_right(self.dates, end)
        lo = min(bisect_left(self.dates, start), hi)
        early = []  # date < start: only a range reaching into [start, end] overlaps
        i = lo - 1
        while i >= 0 and self.reach[i] >= start:
            if self.ends[i] >= start and (allowed is None or self.ids[i] in allowed):
                early.append(self.ids[i])
            i -= 1
        found = early[::-1][:limit]
        for j in range(lo, hi):
            if len(found) >= limit:
                break
            if self.ends[j] >= start and (allowed is None or self.ids[j] in allowed):
                found.append(self.ids[j])
        return found

    def span(self) -> tuple[str | None, str | None]:
        return (self.dates[0], self.dates[-1]) if self.dates else (None, None)


class GraphIndex:
    def __init__(self, graph: nx.MultiDiGraph, edge_counts: dict[str, int]) -> None:
        self.by_label: dict[str, set[str]] = {}
        self.edge_counts = dict(edge_counts)
        self.cue_keys: dict[str, set[str]] = {}
        self.fact_entities: dict[str, set[str]] = {}
        self.conversations: dict[str, set[str]] = {}
        self._tokens: dict[str, TokenIndex] = {}
        self._timeline: Timeline | None = None
        self._vectors: VectorIndex | None = None
        by_label = self.by_label
        for node_id, attrs in graph._node.items():  # add(), inlined: this runs once per node
            label = attrs[LABEL]
            ids = by_label.get(label)
            if ids is None:
                ids = by_label[label] = set()
            ids.add(node_id)
            if label in _LOOKUP_LABELS:
                self._lookups(_add, node_id, attrs)

    # -------------------------------------------------------------- maintenance

    def add(self, node_id: str, attrs: Attrs) -> None:
        label = attrs[LABEL]
        self.by_label.setdefault(label, set()).add(node_id)
        self._lookups(_add, node_id, attrs)
        tokens = self._tokens.get(label)
        if tokens is not None:
            tokens.add(node_id, attrs)

    def remove(self, node_id: str, attrs: Attrs) -> None:
        label = attrs[LABEL]
        _discard(self.by_label, label, node_id)
        self._lookups(_discard, node_id, attrs)
        tokens = self._tokens.get(label)
        if tokens is not None:
            tokens.remove(node_id, attrs)
            if tokens.dead > max(1024, tokens.live):
                del self._tokens[label]  # mostly dead slots: rebuild on next use

    def replace(self, node_id: str, old: Attrs, new: Attrs) -> None:
        """The node's properties changed from `old` to `new` (same label)."""
        self._lookups(_discard, node_id, old)
        self._lookups(_add, node_id, new)
        tokens = self._tokens.get(new[LABEL])
        if tokens is not None:
            tokens.replace(node_id, old, new)

    def _lookups(self, op: Callable[[dict[str, set[str]], Any, str], None], node_id: str,
                 attrs: Attrs) -> None:
        label = attrs[LABEL]
        if label == "Cue":
            op(self.cue_keys, cue_key(attrs), node_id)
        elif label == "Fact":
            op(self.fact_entities, attrs.get("entity"), node_id)
        elif label == "Conversation":
            op(self.conversations, attrs.get("conversation_id"), node_id)
        elif label == "Episode":
            self._timeline = None
            self._vectors = None

    def edge_added(self, etype: str) -> None:
        self.edge_counts[etype] = self.edge_counts.get(etype, 0) + 1

    def edge_removed(self, etype: str) -> None:
        self.edge_counts[etype] -= 1

    # -------------------------------------------------------------- lazy structures

    def tokens(self, label: str, graph: nx.MultiDiGraph) -> TokenIndex:
        """The token index of `label` (one of TOKEN_LABELS), built on first use."""
        index = self._tokens.get(label)
        if index is None:
            index = TokenIndex(SECONDARY[label])
            nodes: dict[str, Attrs] = graph._node
            for node_id in self.by_label.get(label, ()):
                index.add(node_id, nodes[node_id])
            self._tokens[label] = index
        return index

    def timeline(self, graph: nx.MultiDiGraph) -> Timeline:
        if self._timeline is None:
            self._timeline = Timeline(graph, self.by_label.get("Episode", ()))
        return self._timeline

    def vectors(self, graph: nx.MultiDiGraph) -> VectorIndex:
        if self._vectors is None:
            self._vectors = VectorIndex(graph._node, self.by_label.get("Episode", ()))
        return self._vectors

    def count(self, label: str) -> int:
        return len(self.by_label.get(label, ()))
