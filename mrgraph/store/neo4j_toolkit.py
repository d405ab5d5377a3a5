"""Neo4jStore's toolkit reads (the operators the navigator calls), one cypher file each.

Same rules as neo4j_read.py: the query finds the rows, Python computes the exact scores and the
final order of base.py, so the results equal the embedded store's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

import numpy as np

from mrgraph.store.base import (CueHit, EmbeddingCount, EventRecord, KeywordRecord, TagCount,
                                TimeRecord, TopicHit, TurnRecord)
from mrgraph.store.neo4j_read import (Row, Runner, event_record, events_by_date, grouped, rows,
                                      search_rows, text_of, top_rows)
from mrgraph.text import normalize_key


# Each read comes in two forms: `x_many(tx, ns, asked)` answers a list of calls (argument
# tuples) with one statement (a round of the loop, mrgraph.store.neo4j_batch), and `x(tx, ns,
# ...)` is the one-call case of it, so both paths run the same query and the same shaping.


def search_cues(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[CueHit]:
    return search_cues_many(tx, ns, [(weights, limit)])[0]


def search_cues_many(tx: Runner, ns: str,
                     asked: Sequence[tuple[Mapping[str, float], int]]) -> list[list[CueHit]]:
    out = []
    for (_, limit), found in zip(asked, search_rows(tx, "search_cues", ns, asked)):
        best = top_rows(found, limit, lambda r: text_of(r, "name"), lambda r: str(r["id"]))
        out.append([CueHit(r["id"], text_of(r, "name"), text_of(r, "kind"), r["score"],
                           int(r["episodes"])) for r in best])
    return out


def find_cues(tx: Runner, ns: str, key: str) -> list[CueHit]:
    return find_cues_many(tx, ns, [(key,)])[0]


def find_cues_many(tx: Runner, ns: str, asked: Sequence[tuple[str]]) -> list[list[CueHit]]:
    calls = [{"key": normalize_key(key)} for key, in asked]
    return [sorted((CueHit(r["id"], text_of(r, "name"), text_of(r, "kind"), 1.0,
                           int(r["episodes"])) for r in found), key=lambda h: (h.name, h.id))
            for found in grouped(tx, "find_cues", ns, calls)]


def cue_tags(tx: Runner, ns: str, cue_id: str, limit: int) -> list[TagCount]:
    return cue_tags_many(tx, ns, [(cue_id, limit)])[0]


def cue_tags_many(tx: Runner, ns: str, asked: Sequence[tuple[str, int]]) -> list[list[TagCount]]:
    out = []
    found = grouped(tx, "cue_tags", ns, [{"cue_id": cue_id} for cue_id, _ in asked])
    for (_, limit), got in zip(asked, found):
        counts: Counter[str] = Counter()
        for r in got:
            counts[str(r["tag"])] += int(r["count"])
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        out.append([TagCount(tag, n) for tag, n in ranked[:max(limit, 0)]])
    return out


def _limited(tx: Runner, name: str, ns: str,
             calls: Sequence[dict[str, Any]]) -> list[list[EventRecord]]:
    """Episode reads taking a `limit`: a call asking for none sends nothing."""
    asked = [c for c in calls if c["limit"] > 0]
    answers = iter(grouped(tx, name, ns, asked))
    return [events_by_date(next(answers)) if c["limit"] > 0 else [] for c in calls]


def tag_events(tx: Runner, ns: str, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
    return tag_events_many(tx, ns, [(cue_id, tag, limit)])[0]


def tag_events_many(tx: Runner, ns: str,
                    asked: Sequence[tuple[str, str, int]]) -> list[list[EventRecord]]:
    return _limited(tx, "tag_events", ns, [{"cue_id": cue_id, "tag": tag, "limit": limit}
                                           for cue_id, tag, limit in asked])


def event_keywords(tx: Runner, ns: str, event_id: str) -> list[KeywordRecord]:
    return event_keywords_many(tx, ns, [(event_id,)])[0]


def event_keywords_many(tx: Runner, ns: str,
                        asked: Sequence[tuple[str]]) -> list[list[KeywordRecord]]:
    found = grouped(tx, "event_keywords", ns, [{"event_id": e} for e, in asked])
    return [sorted((KeywordRecord(r["cue_id"], text_of(r, "name"), text_of(r, "kind"),
                                  text_of(r, "tag")) for r in got),
                   key=lambda k: (k.kind, k.name, k.cue_id)) for got in found]


def event_context(tx: Runner, ns: str, event_id: str, window: int) -> list[TurnRecord]:
    return event_context_many(tx, ns, [(event_id, window)])[0]


def event_context_many(tx: Runner, ns: str,
                       asked: Sequence[tuple[str, int]]) -> list[list[TurnRecord]]:
    found = grouped(tx, "event_context", ns, [{"event_id": e, "window": w} for e, w in asked])
    return [_window(got, window) for (_, window), got in zip(asked, found)]


def _window(found: list[Row], window: int) -> list[TurnRecord]:
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
    return conversation_time_many(tx, ns, [(event_id,)])[0]


def conversation_time_many(tx: Runner, ns: str,
                           asked: Sequence[tuple[str]]) -> list[TimeRecord | None]:
    found = grouped(tx, "conversation_time", ns, [{"event_id": e} for e, in asked])
    return [_time(event_id, got[0]) if got else None for (event_id,), got in zip(asked, found)]


def _time(event_id: str, r: Row) -> TimeRecord:
    date_end = r["date_end"]
    return TimeRecord(event_id, text_of(r, "started_at"), text_of(r, "date"),
                      None if date_end is None else str(date_end),
                      tuple(str(d) for d in r["dates"] or ()))


def search_topics(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
    return search_topics_many(tx, ns, [(weights, limit)])[0]


def search_topics_many(tx: Runner, ns: str,
                       asked: Sequence[tuple[Mapping[str, float], int]]) -> list[list[TopicHit]]:
    out = []
    for (_, limit), found in zip(asked, search_rows(tx, "search_topics", ns, asked)):
        best = top_rows(found, limit, lambda r: text_of(r, "label"), lambda r: str(r["id"]))
        out.append([TopicHit(r["id"], text_of(r, "label"), text_of(r, "summary"), r["score"],
                             int(r["episodes"])) for r in best])
    return out


def topic_events(tx: Runner, ns: str, topic_id: str, limit: int) -> list[EventRecord]:
    return topic_events_many(tx, ns, [(topic_id, limit)])[0]


def topic_events_many(tx: Runner, ns: str,
                      asked: Sequence[tuple[str, int]]) -> list[list[EventRecord]]:
    return _limited(tx, "topic_events", ns, [{"topic_id": topic_id, "limit": limit}
                                             for topic_id, limit in asked])


def timeline(tx: Runner, ns: str, start: str, end: str, cue_id: str | None,
             limit: int) -> list[EventRecord]:
    return timeline_many(tx, ns, [(start, end, cue_id, limit)])[0]


def timeline_many(tx: Runner, ns: str, asked: Sequence[tuple[str, str, str | None, int]]
                  ) -> list[list[EventRecord]]:
    """Calls without a cue run timeline.cypher (from the date index), with one
    timeline_of_cue.cypher (from the cue)."""
    plain = [n for n, a in enumerate(asked) if a[2] is None]
    of_cue = [n for n, a in enumerate(asked) if a[2] is not None]
    out: list[list[EventRecord]] = [[] for _ in asked]
    for n, found in zip(plain, _limited(tx, "timeline", ns, [
            {"start": asked[n][0], "end": asked[n][1], "limit": asked[n][3]} for n in plain])):
        out[n] = found
    for n, found in zip(of_cue, _limited(tx, "timeline_of_cue", ns, [
            {"start": asked[n][0], "end": asked[n][1], "cue_id": asked[n][2],
             "limit": asked[n][3]} for n in of_cue])):
        out[n] = found
    return out


def search_events(tx: Runner, ns: str, weights: Mapping[str, float],
                  limit: int) -> list[EventRecord]:
    return search_events_many(tx, ns, [(weights, limit)])[0]


def search_events_many(tx: Runner, ns: str, asked: Sequence[tuple[Mapping[str, float], int]]
                       ) -> list[list[EventRecord]]:
    out = []
    for (_, limit), found in zip(asked, search_rows(tx, "search_events", ns, asked)):
        best = top_rows(found, limit, lambda r: text_of(r["episode"], "date"),
                        lambda r: str(r["episode"]["id"]))
        out.append([event_record(r["episode"], r["score"]) for r in best])
    return out


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
    return get_events_many(tx, ns, [(event_ids,)])[0]


def get_events_many(tx: Runner, ns: str,
                    asked: Sequence[tuple[Sequence[str]]]) -> list[list[EventRecord]]:
    """One statement for the union of the calls' ids; each call gets its own, in its order."""
    wanted = list(dict.fromkeys(e for ids, in asked for e in ids))
    found = {r["episode"]["id"]: event_record(r["episode"])
             for r in rows(tx, "get_events", ns=ns, ids=wanted)} if wanted else {}
    return [[found[e] for e in ids if e in found] for ids, in asked]
