"""The embedded store's reads: inspection, ranking statistics and the toolkit reads.

Kept apart from `memory.py` (lifecycle and writes) so each module stays readable; `MemoryStore`
is the only subclass. Orders and scores follow `mrgraph.store.base` to the letter: the Neo4j
store must return the same records in the same order.

Every public read runs inside `self._reading()` (the `@_read` decorator): one read transaction
of the file, so it sees one committed state, after dropping what the caches hold if another
process committed since the last read.
"""

from __future__ import annotations

import functools
import heapq
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Callable, Concatenate, ParamSpec, TypeVar, cast

from mrgraph.errors import NotFoundError, StoreError
from mrgraph.store.base import (
    BeliefEdge,
    CueHit,
    EmbeddingCount,
    date_values,
    EventRecord,
    GraphStore,
    KeywordRecord,
    TagCount,
    TimeRecord,
    TopicHit,
    TurnRecord,
    run_each,
)
from mrgraph.store.index import CACHE_LIMIT, TOKEN_LABELS, GraphIndex, NodeCache
from mrgraph.store.persist import LABEL, Database, edge_data, node_attrs

EXPERIENCE_LABELS = ("Experience", "PracticeRound", "Proposal")  # experience_records
from mrgraph.text import normalize_key
from mrgraph.types import EdgeRecord, NodeRecord, NodeView, Stats

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

    # -------------------------------------------------------------- ranking

    def _ranked(self, label: str, weights: Mapping[str, float],
                limit: int) -> list[tuple[str, float]]:
        """The `limit` best (id, score) of `label` by score desc, secondary key asc, id asc."""
        return self._index.tokens(label).top(weights, limit)

    def _cue_hit(self, node_id: str, score: float) -> CueHit:
        attrs = self._nodes[node_id]
        if attrs[LABEL] == "Tag":
            return CueHit(node_id, _str(attrs, "label"), "tag", score,
                          self._count_out(node_id, "TAGS"))
        return CueHit(node_id, _str(attrs, "name"), _str(attrs, "kind"), score,
                      self._count_out(node_id, "CUE_OF"))

    def _event(self, episode_id: str, score: float = 0.0) -> EventRecord:
        a = self._nodes[episode_id]
        return EventRecord(
            id=episode_id, conversation_id=_str(a, "conversation_id"),
            session=int(a.get("session") or 0), date=_str(a, "date"), summary=_str(a, "summary"),
            tag=_str(a, "tag"), dia_ids=tuple(str(d) for d in a.get("dia_ids") or ()),
            score=score,
            mentions=tuple(str(m) for m in a.get("mentions") or ()),
        )

    def _events_by_date(self, episode_ids: set[str], limit: int) -> list[EventRecord]:
        key = [(_str(self._nodes[e], "date"), e) for e in episode_ids if self._is(e, "Episode")]
        return [self._event(e) for _, e in heapq.nsmallest(max(limit, 0), key)]

    # -------------------------------------------------------------- toolkit reads

    @_read
    def search_cues(self, weights: Mapping[str, float], limit: int) -> list[CueHit]:
        # the best `limit` of the union are among the best `limit` of each label
        hits = [self._cue_hit(n, s) for label in ("Cue", "Tag")
                for n, s in self._ranked(label, weights, limit)]
        return sorted(hits, key=lambda h: (-h.score, h.name, h.id))[:max(limit, 0)]

    @_read
    def find_cues(self, key: str) -> list[CueHit]:
        ids = self._index.ids("Cue", normalize_key(key))
        hits = [self._cue_hit(n, 1.0) for n in ids]
        return sorted(hits, key=lambda h: (h.name, h.id))

    @_read
    def cue_tags(self, cue_id: str, limit: int) -> list[TagCount]:
        counts = Counter(str(d["tag"]) for _, d in self._out(cue_id, "CUE_OF")
                         if d.get("tag") is not None)
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        return [TagCount(tag, n) for tag, n in ranked[:max(limit, 0)]]

    @_read
    def tag_events(self, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
        episodes = {e for e, d in self._out(cue_id, "CUE_OF") if d.get("tag") == tag}
        return self._events_by_date(episodes, limit)

    @_read
    def event_keywords(self, event_id: str) -> list[KeywordRecord]:
        if not self._is(event_id, "Episode"):
            return []
        found = [KeywordRecord(c, _str(self._nodes[c], "name"), _str(self._nodes[c], "kind"),
                               _str(d, "tag")) for c, d in self._in(event_id, "CUE_OF")]
        return sorted(found, key=lambda k: (k.kind, k.name, k.cue_id))

    @_read
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
            caption=_str(a, "blip_caption"), conversation_id=_str(a, "conversation_id"),
            dates=date_values(self._mentions(turn_id)),
        )

    def _mentions(self, turn_id: str) -> list[Attrs]:
        """The turn's DateMention nodes' properties, in the turn's order."""
        found = [self._nodes[m] for m, _ in self._out(turn_id, "MENTIONS_DATE")]
        return sorted(found, key=lambda a: int(a.get("index") or 0))

    @_read
    def conversation_time(self, event_id: str) -> TimeRecord | None:
        if not self._is(event_id, "Episode"):
            return None
        a = self._nodes[event_id]
        sessions = sorted(s for s, _ in self._in(event_id, "HAS_EPISODE"))
        started = _str(self._nodes[sessions[0]], "started_at") if sessions else ""
        turns = sorted((int(self._nodes[t].get("index") or 0), t)
                       for t, _ in self._out(event_id, "FROM_TURN"))
        return TimeRecord(event_id, started, _str(a, "date"),
                          date_values([m for _, t in turns for m in self._mentions(t)]))

    @_read
    def entity_beliefs(self, entity: str, aspect: str | None) -> list[BeliefEdge]:
        found = []
        for cue in self._index.ids("Cue", normalize_key(entity)):
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

    @_read
    def search_topics(self, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
        return [TopicHit(n, _str(self._nodes[n], "label"), _str(self._nodes[n], "summary"), s,
                         self._count_out(n, "GROUPS"))
                for n, s in self._ranked("Topic", weights, limit)]

    @_read
    def topic_events(self, topic_id: str, limit: int) -> list[EventRecord]:
        return self._events_by_date({e for e, _ in self._out(topic_id, "GROUPS")}, limit)

    @_read
    def timeline(self, start: str, end: str, cue_id: str | None, limit: int) -> list[EventRecord]:
        if limit <= 0:
            return []
        allowed = None if cue_id is None else self._out_set(cue_id, "CUE_OF")
        if allowed is not None and len(allowed) < 64:
            # a narrow cue: checking its few episodes beats walking the range
            hits = {e for e in allowed if self._overlaps(e, start, end)}
            return self._events_by_date(hits, limit)
        ids = set(self._index.timeline().query(start, end, allowed, limit))
        # by the mention's days, not the episode's: every match, then the first by date
        ids.update(self._index.mention_timeline().query(start, end, allowed, sys.maxsize))
        return self._events_by_date(ids, limit)

    def _overlaps(self, episode_id: str, start: str, end: str) -> bool:
        """The episode's day is in [start, end], or a turn of it mentions a date reaching it."""
        a = self._nodes[episode_id]
        if a[LABEL] != "Episode":
            return False
        date = a.get("date")
        return (isinstance(date, str) and bool(date) and start <= date <= end) or any(
            str(m.get("start")) <= end and str(m.get("end")) >= start
            for t, _ in self._out(episode_id, "FROM_TURN") for m in self._mentions(t))

    @_read
    def search_events(self, weights: Mapping[str, float], limit: int) -> list[EventRecord]:
        return [self._event(n, s) for n, s in self._ranked("Episode", weights, limit)]

    @_read
    def vector_events(self, vector: Sequence[float], model: str,
                      limit: int) -> list[EventRecord]:
        found = self._index.vectors(self.ns).top(vector, model, limit)
        return [self._event(n, s) for n, s in found]

    @_read
    def embedding_models(self) -> list[EmbeddingCount]:
        models = self._index.vectors(self.ns).models
        return [EmbeddingCount(m, n) for m, n in models.items()]

    @_read
    def get_events(self, event_ids: Sequence[str]) -> list[EventRecord]:
        return [self._event(e) for e in event_ids if self._is(e, "Episode")]
