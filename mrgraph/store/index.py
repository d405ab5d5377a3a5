"""Lookups the embedded store keeps beside its networkx graph, so reads never scan every node.

`GraphIndex` holds, per namespace: node ids per label, edge counts per type, cue ids per key,
fact ids per entity, Conversation node ids per conversation_id (all built in one pass at load and
kept current on every node change), plus two structures built lazily on first use and then kept
(token postings) or rebuilt after a change (the timeline):

* postings: label -> token -> ids of the nodes whose `tokens` property holds the token
  (labels Episode, Cue, Tag, Topic), so a search touches only the matching nodes;
* Timeline: episodes sorted by (date, id) for bisecting a date range.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Set
from typing import Any

import networkx as nx

from mrgraph.store.persist import LABEL
from mrgraph.text import normalize_key

TOKEN_LABELS = frozenset({"Episode", "Cue", "Tag", "Topic"})

Attrs = dict[str, Any]
Postings = dict[str, set[str]]


def tokens_of(attrs: Attrs) -> list[str]:
    """The search tokens a node holds: its `tokens` property split on spaces."""
    value = attrs.get("tokens")
    if isinstance(value, str):
        return value.split()
    if isinstance(value, (list, tuple)):
        return [str(t) for t in value]
    return []


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
        self._postings: dict[str, Postings] = {}
        self._timeline: Timeline | None = None
        for node_id, attrs in graph._node.items():
            self.add(node_id, attrs)

    # -------------------------------------------------------------- maintenance

    def add(self, node_id: str, attrs: Attrs) -> None:
        label = attrs[LABEL]
        self.by_label.setdefault(label, set()).add(node_id)
        if label == "Cue":
            _add(self.cue_keys, cue_key(attrs), node_id)
        elif label == "Fact":
            _add(self.fact_entities, attrs.get("entity"), node_id)
        elif label == "Conversation":
            _add(self.conversations, attrs.get("conversation_id"), node_id)
        elif label == "Episode":
            self._timeline = None
        postings = self._postings.get(label)
        if postings is not None:
            for token in tokens_of(attrs):
                _add(postings, token, node_id)

    def remove(self, node_id: str, attrs: Attrs) -> None:
        label = attrs[LABEL]
        _discard(self.by_label, label, node_id)
        if label == "Cue":
            _discard(self.cue_keys, cue_key(attrs), node_id)
        elif label == "Fact":
            _discard(self.fact_entities, attrs.get("entity"), node_id)
        elif label == "Conversation":
            _discard(self.conversations, attrs.get("conversation_id"), node_id)
        elif label == "Episode":
            self._timeline = None
        postings = self._postings.get(label)
        if postings is not None:
            for token in tokens_of(attrs):
                _discard(postings, token, node_id)

    def edge_added(self, etype: str) -> None:
        self.edge_counts[etype] = self.edge_counts.get(etype, 0) + 1

    def edge_removed(self, etype: str) -> None:
        self.edge_counts[etype] -= 1

    # -------------------------------------------------------------- lazy structures

    def postings(self, label: str, graph: nx.MultiDiGraph) -> Postings:
        """token -> ids for `label` (one of TOKEN_LABELS), built on first use."""
        postings = self._postings.get(label)
        if postings is None:
            postings = {}
            nodes: dict[str, Attrs] = graph._node
            for node_id in self.by_label.get(label, ()):
                for token in tokens_of(nodes[node_id]):
                    ids = postings.get(token)
                    if ids is None:
                        postings[token] = {node_id}
                    else:
                        ids.add(node_id)
            self._postings[label] = postings
        return postings

    def timeline(self, graph: nx.MultiDiGraph) -> Timeline:
        if self._timeline is None:
            self._timeline = Timeline(graph, self.by_label.get("Episode", ()))
        return self._timeline

    def count(self, label: str) -> int:
        return len(self.by_label.get(label, ()))
