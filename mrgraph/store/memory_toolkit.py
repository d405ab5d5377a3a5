"""The embedded store's toolkit reads: cues, tags, episodes, their time, beliefs, topics, the
timeline, and the token and vector searches.

Kept apart from `memory_reads.py` (adjacency helpers and inspection) so each module stays
readable. Orders and scores follow `mrgraph.store.base` to the letter: the Neo4j store must
return the same records in the same order (tests/contract).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping, Sequence

from mrgraph.store.base import (BeliefEdge, CueHit, EmbeddingCount, EventRecord, KeywordRecord,
                                TagCount, TimeRecord, TopicHit, TurnRecord, date_values,
                                window_range)
from mrgraph.store.memory_reads import Attrs, GraphReads, _read, _str
from mrgraph.store.persist import LABEL
from mrgraph.text import normalize_key


class ToolkitReads(GraphReads):
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
        kept = window_range(indexes, window)
        return [self._turn(t, session, t in own) for i, t in turns if i in kept]

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
        # and those a turn's mention reaches: the first `limit` of each, by the episode's day
        ids.update(self._index.mention_timeline().first(start, end, allowed, limit))
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
