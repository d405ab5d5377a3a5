"""Neo4jStore's toolkit reads (the operators the navigator calls), one cypher file each.

Same rules as neo4j_read.py: the query finds the rows, Python computes the exact scores and the
final order of base.py, so the results equal the embedded store's.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

import numpy as np

from mrgraph.store.base import (CueHit, EmbeddingCount, EventRecord, KeywordRecord, TagCount,
                                TimeRecord, TopicHit, TurnRecord)
from mrgraph.store.neo4j_read import (Row, Runner, event_record, events_by_date, rows, search_rows,
                                      text_of, top_rows)
from mrgraph.text import normalize_key


def search_cues(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[CueHit]:
    found = search_rows(tx, "search_cues", ns, weights, limit)
    best = top_rows(found, limit, lambda r: text_of(r, "name"), lambda r: str(r["id"]))
    return [CueHit(r["id"], text_of(r, "name"), text_of(r, "kind"), r["score"], int(r["episodes"]))
            for r in best]


def find_cues(tx: Runner, ns: str, key: str) -> list[CueHit]:
    found = rows(tx, "find_cues", ns=ns, key=normalize_key(key))
    hits = [CueHit(r["id"], text_of(r, "name"), text_of(r, "kind"), 1.0, int(r["episodes"]))
            for r in found]
    return sorted(hits, key=lambda h: (h.name, h.id))


def cue_tags(tx: Runner, ns: str, cue_id: str, limit: int) -> list[TagCount]:
    counts: Counter[str] = Counter()
    for r in rows(tx, "cue_tags", ns=ns, cue_id=cue_id):
        counts[str(r["tag"])] += int(r["count"])
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [TagCount(tag, n) for tag, n in ranked[:max(limit, 0)]]


def tag_events(tx: Runner, ns: str, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
    if limit <= 0:
        return []
    return events_by_date(rows(tx, "tag_events", ns=ns, cue_id=cue_id, tag=tag, limit=limit))


def event_keywords(tx: Runner, ns: str, event_id: str) -> list[KeywordRecord]:
    found = [KeywordRecord(r["cue_id"], text_of(r, "name"), text_of(r, "kind"), text_of(r, "tag"))
             for r in rows(tx, "event_keywords", ns=ns, event_id=event_id)]
    return sorted(found, key=lambda k: (k.kind, k.name, k.cue_id))


def event_context(tx: Runner, ns: str, event_id: str, window: int) -> list[TurnRecord]:
    found = rows(tx, "event_context", ns=ns, event_id=event_id)
    turns = sorted((int(r["turn"].get("index") or 0), str(r["id"]), r) for r in found)
    indexes = [i for i, _, r in turns if r["in_event"]]
    if not indexes:
        return []
    lo, hi = min(indexes) - max(window, 0), max(indexes) + max(window, 0)
    return [_turn(r) for i, _, r in turns if lo <= i <= hi]


def _turn(r: Row) -> TurnRecord:
    a = r["turn"]
    session_date = "" if r["session_date"] is None else str(r["session_date"])
    return TurnRecord(
        dia_id=text_of(a, "dia_id"), speaker=text_of(a, "speaker"), text=text_of(a, "text"),
        session=int(a.get("session") or 0), index=int(a.get("index") or 0),
        date=session_date or text_of(a, "date"), in_event=bool(r["in_event"]),
    )


def conversation_time(tx: Runner, ns: str, event_id: str) -> TimeRecord | None:
    found = rows(tx, "conversation_time", ns=ns, event_id=event_id)
    if not found:
        return None
    r = found[0]
    date_end = r["date_end"]
    return TimeRecord(event_id, text_of(r, "started_at"), text_of(r, "date"),
                      None if date_end is None else str(date_end),
                      tuple(str(d) for d in r["dates"] or ()))


def search_topics(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
    found = search_rows(tx, "search_topics", ns, weights, limit)
    best = top_rows(found, limit, lambda r: text_of(r, "label"), lambda r: str(r["id"]))
    return [TopicHit(r["id"], text_of(r, "label"), text_of(r, "summary"), r["score"],
                     int(r["episodes"])) for r in best]


def topic_events(tx: Runner, ns: str, topic_id: str, limit: int) -> list[EventRecord]:
    if limit <= 0:
        return []
    return events_by_date(rows(tx, "topic_events", ns=ns, topic_id=topic_id, limit=limit))


def timeline(tx: Runner, ns: str, start: str, end: str, cue_id: str | None,
             limit: int) -> list[EventRecord]:
    if limit <= 0:
        return []
    if cue_id is None:
        found = rows(tx, "timeline", ns=ns, start=start, end=end, limit=limit)
    else:
        found = rows(tx, "timeline_of_cue", ns=ns, start=start, end=end, cue_id=cue_id,
                     limit=limit)
    return events_by_date(found)


def search_events(tx: Runner, ns: str, weights: Mapping[str, float],
                  limit: int) -> list[EventRecord]:
    found = search_rows(tx, "search_events", ns, weights, limit)
    best = top_rows(found, limit, lambda r: text_of(r["episode"], "date"),
                lambda r: str(r["episode"]["id"]))
    return [event_record(r["episode"], r["score"]) for r in best]


def vector_events(tx: Runner, ns: str, vector: Sequence[float], model: str,
                  limit: int) -> list[EventRecord]:
    """Exact cosine, computed here in float64 as the embedded store does (mrgraph.store.
    vector_index): rows @ query / (row norms * query norm), over the candidates among the
    episodes `model` embedded."""
    query = np.asarray([float(x) for x in vector], dtype=np.float64)
    norm = float(np.linalg.norm(query)) if query.size else 0.0
    if limit <= 0 or norm == 0.0:
        return []
    found = rows(tx, "vector_events", ns=ns, vector=[float(x) for x in vector], model=model,
                 limit=limit)
    if not found:
        return []
    matrix = np.array([[float(x) for x in r["embedding"]] for r in found], dtype=np.float64)
    cosine = (matrix @ query) / (np.linalg.norm(matrix, axis=1) * norm)
    ranked = sorted((-round(float(c), 6), text_of(r["episode"], "date"), str(r["episode"]["id"]), i)
                    for i, (c, r) in enumerate(zip(cosine, found)))
    return [event_record(found[i]["episode"], -score + 0.0) for score, _, _, i in ranked[:limit]]


def embedding_models(tx: Runner, ns: str) -> list[EmbeddingCount]:
    counts = {str(r["model"]): int(r["episodes"]) for r in rows(tx, "embedding_models", ns=ns)}
    return [EmbeddingCount(m, n) for m, n in sorted(counts.items())]


def get_events(tx: Runner, ns: str, event_ids: Sequence[str]) -> list[EventRecord]:
    wanted = list(dict.fromkeys(event_ids))
    if not wanted:
        return []
    found = {r["episode"]["id"]: event_record(r["episode"])
             for r in rows(tx, "get_events", ns=ns, ids=wanted)}
    return [found[e] for e in event_ids if e in found]
