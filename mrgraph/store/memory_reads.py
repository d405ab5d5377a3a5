"""The embedded store's reads: inspection, ranking statistics and the toolkit reads.

Kept apart from `memory.py` (lifecycle and writes) so each module stays readable; `MemoryStore`
is the only subclass. Orders and scores follow `mrgraph.store.base` to the letter: the Neo4j
store must return the same records in the same order.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Callable, TypeVar, cast

import networkx as nx

from mrgraph.errors import NotFoundError, StoreError
from mrgraph.store.base import (
    BeliefEdge,
    CueHit,
    EmbeddingCount,
    EventRecord,
    GraphStore,
    KeywordRecord,
    TagCount,
    TimeRecord,
    TopicHit,
    TurnRecord,
    run_each,
)
from mrgraph.store.index import TOKEN_LABELS, GraphIndex
from mrgraph.store.persist import LABEL
from mrgraph.text import normalize_key
from mrgraph.types import EdgeRecord, NodeRecord, NodeView, Stats

Attrs = dict[str, Any]
Adjacency = dict[str, dict[str, dict[str, Attrs]]]

T = TypeVar("T")


def _value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _props(attrs: Attrs) -> dict[str, Any]:
    """Stored properties as records carry them: everything but the label, lists as tuples."""
    return {k: _value(v) for k, v in attrs.items() if k != LABEL}


def _str(attrs: Attrs, key: str) -> str:
    value = attrs.get(key)
    return "" if value is None else str(value)


# Hub nodes (a speaker's cue reaches thousands of episodes) get their per-type adjacency cached:
# scanning all their neighbours on every read would dominate read latency at scale.
_HUB = 64


class GraphReads:
    ns: str
    _graph: nx.MultiDiGraph
    _nodes: dict[str, Attrs]
    _succ: Adjacency
    _pred: Adjacency
    _index: GraphIndex
    _cache: dict[tuple[str, str], Any]  # emptied by every change to the graph

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        return run_each(cast("GraphStore", self), calls, workers)  # in memory: call by call

    # -------------------------------------------------------------- adjacency helpers

    def _out(self, node_id: str, etype: str) -> list[tuple[str, Attrs]]:
        """(target, edge properties) of the node's `etype` edges. Callers must not mutate it."""
        found: list[tuple[str, Attrs]] | None = self._cache.get((node_id, etype))
        if found is None:
            nbrs = self._succ.get(node_id, {})
            found = [(v, kd[etype]) for v, kd in nbrs.items() if etype in kd]
            if len(nbrs) > _HUB:
                self._cache[(node_id, etype)] = found
        return found

    def _out_set(self, node_id: str, etype: str) -> frozenset[str]:
        found: frozenset[str] | None = self._cache.get((node_id, etype + "*"))
        if found is None:
            found = frozenset(v for v, _ in self._out(node_id, etype))
            if len(found) > _HUB:
                self._cache[(node_id, etype + "*")] = found
        return found

    def _changed(self) -> None:
        if self._cache:
            self._cache.clear()

    def _in(self, node_id: str, etype: str) -> list[tuple[str, Attrs]]:
        return [(u, kd[etype]) for u, kd in self._pred.get(node_id, {}).items() if etype in kd]

    def _is(self, node_id: str, label: str) -> bool:
        attrs = self._nodes.get(node_id)
        return attrs is not None and attrs[LABEL] == label

    def _record(self, node_id: str) -> NodeRecord:
        attrs = self._nodes[node_id]
        return NodeRecord(attrs[LABEL], node_id, _props(attrs))

    # -------------------------------------------------------------- inspection

    def stats(self) -> Stats:
        first, last = self._index.timeline(self._graph).span()
        if first is None:  # no dated episode: fall back to the sessions' dates
            dates = sorted(d for s in self._index.by_label.get("Session", ())
                           if isinstance(d := self._nodes[s].get("date"), str) and d)
            first, last = (dates[0], dates[-1]) if dates else (None, None)
        return Stats(
            nodes={label: len(ids) for label, ids in sorted(self._index.by_label.items())},
            edges={t: n for t, n in sorted(self._index.edge_counts.items()) if n},
            conversations=tuple(self.conversations()), first_date=first, last_date=last,
        )

    def get_node(self, node_id: str) -> NodeRecord | None:
        return self._record(node_id) if node_id in self._nodes else None

    def show(self, node_id: str) -> NodeView:
        if node_id not in self._nodes:
            raise NotFoundError(f"no node {node_id!r} in namespace {self.ns!r}")
        by_type_then_id: Callable[[tuple[str, str, Attrs]], tuple[str, str]] = \
            lambda x: (x[0], x[1])
        out = sorted(((t, v, d) for v, kd in self._succ[node_id].items() for t, d in kd.items()),
                     key=by_type_then_id)
        inc = sorted(((t, u, d) for u, kd in self._pred[node_id].items() for t, d in kd.items()),
                     key=by_type_then_id)
        return NodeView(
            node=self._record(node_id),
            out_edges=tuple((EdgeRecord(t, node_id, v, _props(d)), self._record(v))
                            for t, v, d in out),
            in_edges=tuple((EdgeRecord(t, u, node_id, _props(d)), self._record(u))
                           for t, u, d in inc),
        )

    def export(self) -> tuple[list[NodeRecord], list[EdgeRecord]]:
        nodes = [self._record(n) for n in sorted(self._nodes)]
        edges = [EdgeRecord(t, u, v, _props(d)) for u, nbrs in self._succ.items()
                 for v, kd in nbrs.items() for t, d in kd.items()]
        edges.sort(key=lambda e: (e.src, e.type, e.dst))
        return nodes, edges

    def conversations(self) -> list[str]:
        return sorted(self._index.conversations)

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        if label not in TOKEN_LABELS:
            raise StoreError(f"token_df: label must be one of {sorted(TOKEN_LABELS)}, not {label!r}")
        index = self._index.tokens(label, self._graph)
        return self._index.count(label), {t: index.df(t) for t in tokens}

    # -------------------------------------------------------------- ranking

    def _ranked(self, label: str, weights: Mapping[str, float],
                limit: int) -> list[tuple[str, float]]:
        """The `limit` best (id, score) of `label` by score desc, secondary key asc, id asc."""
        return self._index.tokens(label, self._graph).top(weights, limit)

    def _cue_hit(self, node_id: str, score: float) -> CueHit:
        attrs = self._nodes[node_id]
        if attrs[LABEL] == "Tag":
            return CueHit(node_id, _str(attrs, "label"), "tag", score,
                          len(self._out(node_id, "TAGS")))
        return CueHit(node_id, _str(attrs, "name"), _str(attrs, "kind"), score,
                      len(self._out(node_id, "CUE_OF")))

    def _event(self, episode_id: str, score: float = 0.0) -> EventRecord:
        a = self._nodes[episode_id]
        date_end = a.get("date_end")
        return EventRecord(
            id=episode_id, conversation_id=_str(a, "conversation_id"),
            session=int(a.get("session") or 0), date=_str(a, "date"),
            date_end=None if date_end is None else str(date_end), summary=_str(a, "summary"),
            tag=_str(a, "tag"), dia_ids=tuple(str(d) for d in a.get("dia_ids") or ()),
            score=score,
        )

    def _events_by_date(self, episode_ids: set[str], limit: int) -> list[EventRecord]:
        key = [(_str(self._nodes[e], "date"), e) for e in episode_ids if self._is(e, "Episode")]
        return [self._event(e) for _, e in heapq.nsmallest(max(limit, 0), key)]

    # -------------------------------------------------------------- toolkit reads

    def search_cues(self, weights: Mapping[str, float], limit: int) -> list[CueHit]:
        # the best `limit` of the union are among the best `limit` of each label
        hits = [self._cue_hit(n, s) for label in ("Cue", "Tag")
                for n, s in self._ranked(label, weights, limit)]
        return sorted(hits, key=lambda h: (-h.score, h.name, h.id))[:max(limit, 0)]

    def find_cues(self, key: str) -> list[CueHit]:
        ids = self._index.cue_keys.get(normalize_key(key), ())
        hits = [self._cue_hit(n, 1.0) for n in ids]
        return sorted(hits, key=lambda h: (h.name, h.id))

    def cue_tags(self, cue_id: str, limit: int) -> list[TagCount]:
        counts = Counter(str(d["tag"]) for _, d in self._out(cue_id, "CUE_OF")
                         if d.get("tag") is not None)
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        return [TagCount(tag, n) for tag, n in ranked[:max(limit, 0)]]

    def tag_events(self, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
        episodes = {e for e, d in self._out(cue_id, "CUE_OF") if d.get("tag") == tag}
        return self._events_by_date(episodes, limit)

    def event_keywords(self, event_id: str) -> list[KeywordRecord]:
        if not self._is(event_id, "Episode"):
            return []
        found = [KeywordRecord(c, _str(self._nodes[c], "name"), _str(self._nodes[c], "kind"),
                               _str(d, "tag")) for c, d in self._in(event_id, "CUE_OF")]
        return sorted(found, key=lambda k: (k.kind, k.name, k.cue_id))

    def event_context(self, event_id: str, window: int) -> list[TurnRecord]:
        if not self._is(event_id, "Episode"):
            return []
        own = {t for t, _ in self._out(event_id, "FROM_TURN")}
        sessions = sorted(s for s, _ in self._in(event_id, "HAS_EPISODE"))
        session = self._nodes[sessions[0]] if sessions else {}
        pool = {t for t, _ in self._out(sessions[0], "HAS_TURN")} | own if sessions else own
        turns = sorted((int(self._nodes[t].get("index") or 0), t) for t in pool)
        indexes = [i for i, t in turns if t in own]
        if not indexes:
            return []
        lo, hi = min(indexes) - max(window, 0), max(indexes) + max(window, 0)
        return [self._turn(t, session, t in own) for i, t in turns if lo <= i <= hi]

    def _turn(self, turn_id: str, session: Attrs, in_event: bool) -> TurnRecord:
        a = self._nodes[turn_id]
        return TurnRecord(
            dia_id=_str(a, "dia_id"), speaker=_str(a, "speaker"), text=_str(a, "text"),
            session=int(a.get("session") or 0), index=int(a.get("index") or 0),
            date=_str(session, "date") or _str(a, "date"), in_event=in_event,
        )

    def conversation_time(self, event_id: str) -> TimeRecord | None:
        if not self._is(event_id, "Episode"):
            return None
        a = self._nodes[event_id]
        sessions = sorted(s for s, _ in self._in(event_id, "HAS_EPISODE"))
        started = _str(self._nodes[sessions[0]], "started_at") if sessions else ""
        date_end = a.get("date_end")
        return TimeRecord(event_id, started, _str(a, "date"),
                          None if date_end is None else str(date_end),
                          tuple(str(d) for d in a.get("dates") or ()))

    def entity_beliefs(self, entity: str, aspect: str | None) -> list[BeliefEdge]:
        found = []
        for cue in self._index.cue_keys.get(normalize_key(entity), ()):
            for fact_id, d in self._out(cue, "BELIEF"):
                if aspect is None or d.get("aspect") == aspect:
                    found.append(self._belief(cue, fact_id, d))
        return sorted(found, key=lambda b: (b.aspect, -b.confidence, b.fact_id))

    def _belief(self, cue: str, fact_id: str, d: Attrs) -> BeliefEdge:
        episodes = sorted(e for e, _ in self._out(fact_id, "FROM_EPISODE"))
        dia_ids = sorted({str(x) for e in episodes for x in self._nodes[e].get("dia_ids") or ()})
        return BeliefEdge(
            entity=_str(self._nodes[cue], "name"), aspect=_str(d, "aspect"), fact_id=fact_id,
            statement=_str(d, "statement") or _str(self._nodes[fact_id], "statement"),
            confidence=float(d.get("confidence") or 0.0), support=int(d.get("support") or 0),
            first_seen=_str(d, "first_seen"), last_seen=_str(d, "last_seen"),
            status=_str(d, "status"), history=_str(d, "history"),
            episode_ids=tuple(episodes), dia_ids=tuple(dia_ids),
        )

    def search_topics(self, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
        return [TopicHit(n, _str(self._nodes[n], "label"), _str(self._nodes[n], "summary"), s,
                         len(self._out(n, "GROUPS")))
                for n, s in self._ranked("Topic", weights, limit)]

    def topic_events(self, topic_id: str, limit: int) -> list[EventRecord]:
        return self._events_by_date({e for e, _ in self._out(topic_id, "GROUPS")}, limit)

    def timeline(self, start: str, end: str, cue_id: str | None, limit: int) -> list[EventRecord]:
        if limit <= 0:
            return []
        allowed = None if cue_id is None else self._out_set(cue_id, "CUE_OF")
        if allowed is not None and len(allowed) < 64:
            # a narrow cue: checking its few episodes beats walking the range
            hits = {e for e in allowed if self._overlaps(e, start, end)}
            return self._events_by_date(hits, limit)
        ids = self._index.timeline(self._graph).query(start, end, allowed, limit)
        return [self._event(e) for e in ids]

    def _overlaps(self, episode_id: str, start: str, end: str) -> bool:
        a = self._nodes[episode_id]
        date = a.get("date")
        if a[LABEL] != "Episode" or not isinstance(date, str) or not date:
            return False
        last = a.get("date_end")
        return date <= end and (last if isinstance(last, str) and last else date) >= start

    def search_events(self, weights: Mapping[str, float], limit: int) -> list[EventRecord]:
        return [self._event(n, s) for n, s in self._ranked("Episode", weights, limit)]

    def vector_events(self, vector: Sequence[float], model: str,
                      limit: int) -> list[EventRecord]:
        found = self._index.vectors(self._graph).top(vector, model, limit)
        return [self._event(n, s) for n, s in found]

    def embedding_models(self) -> list[EmbeddingCount]:
        models = self._index.vectors(self._graph).models
        return [EmbeddingCount(m, n) for m, n in models.items()]

    def get_events(self, event_ids: Sequence[str]) -> list[EventRecord]:
        return [self._event(e) for e in event_ids if self._is(e, "Episode")]
