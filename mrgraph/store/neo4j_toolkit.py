"""Neo4jStore's toolkit reads (the operators the navigator calls), one cypher file each.

Same rules as neo4j_read.py: the query finds the rows, Python computes the exact scores and the
final order of base.py, so the results equal the embedded store's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

import numpy as np

from mrgraph.store.base import (CueHit, EmbeddingCount, EventRecord, KeywordRecord, TagCount,
                                TimeRecord, TopicHit, TurnRecord, date_values, window_range)
from mrgraph.store.neo4j_read import (Query, Row, Runner, drive, event_record, events_by_date,
                                      rows, search_rows, text_of, top_rows)
from mrgraph.text import normalize_key


# Each read comes in two forms: `x_query(asked)` answers a list of calls (argument tuples)
# as a Query (neo4j_read: it yields its requests, so a step's kinds share one statement,
# neo4j_read.run_step), and `x(tx, ns, ...)` drives it for one call, so every path runs the
# same query and the same shaping.


def search_cues(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[CueHit]:
    return drive(tx, ns, search_cues_query([(weights, limit)]))[0]


def search_cues_query(asked: Sequence[tuple[Mapping[str, float], int]]
                      ) -> Query[list[list[CueHit]]]:
    out = []
    for (_, limit), found in zip(asked, (yield from search_rows("search_cues", asked))):
        best = top_rows(found, limit, lambda r: text_of(r, "name"), lambda r: str(r["id"]))
        out.append([CueHit(r["id"], text_of(r, "name"), text_of(r, "kind"), r["score"],
                           int(r["episodes"])) for r in best])
    return out


def find_cues(tx: Runner, ns: str, key: str) -> list[CueHit]:
    return drive(tx, ns, find_cues_query([(key,)]))[0]


def find_cues_query(asked: Sequence[tuple[str]]) -> Query[list[list[CueHit]]]:
    [got] = yield [("find_cues", [{"key": normalize_key(key)} for key, in asked])]
    return [sorted((CueHit(r["id"], text_of(r, "name"), text_of(r, "kind"), 1.0,
                           int(r["episodes"])) for r in found), key=lambda h: (h.name, h.id))
            for found in got]


def cue_tags(tx: Runner, ns: str, cue_id: str, limit: int) -> list[TagCount]:
    return drive(tx, ns, cue_tags_query([(cue_id, limit)]))[0]


def cue_tags_query(asked: Sequence[tuple[str, int]]) -> Query[list[list[TagCount]]]:
    out = []
    [found] = yield [("cue_tags", [{"cue_id": cue_id} for cue_id, _ in asked])]
    for (_, limit), got in zip(asked, found):
        counts: Counter[str] = Counter()
        for r in got:
            counts[str(r["tag"])] += int(r["count"])
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        out.append([TagCount(tag, n) for tag, n in ranked[:max(limit, 0)]])
    return out


def _limited(names: Sequence[str], calls: Sequence[Sequence[dict[str, Any]]]
             ) -> Query[list[list[list[EventRecord]]]]:
    """Episode reads taking a `limit`, the calls of each file of `names`: a call asking for
    none sends nothing."""
    found = yield [(name, [c for c in cs if c["limit"] > 0]) for name, cs in zip(names, calls)]
    out = []
    for cs, got in zip(calls, found):
        answers = iter(got)
        out.append([events_by_date(next(answers)) if c["limit"] > 0 else [] for c in cs])
    return out


def tag_events(tx: Runner, ns: str, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
    return drive(tx, ns, tag_events_query([(cue_id, tag, limit)]))[0]


def tag_events_query(asked: Sequence[tuple[str, str, int]]) -> Query[list[list[EventRecord]]]:
    [found] = yield from _limited(["tag_events"], [[
        {"cue_id": cue_id, "tag": tag, "limit": limit} for cue_id, tag, limit in asked]])
    return found


def event_keywords(tx: Runner, ns: str, event_id: str) -> list[KeywordRecord]:
    return drive(tx, ns, event_keywords_query([(event_id,)]))[0]


def event_keywords_query(asked: Sequence[tuple[str]]) -> Query[list[list[KeywordRecord]]]:
    [found] = yield [("event_keywords", [{"event_id": e} for e, in asked])]
    return [sorted((KeywordRecord(r["cue_id"], text_of(r, "name"), text_of(r, "kind"),
                                  text_of(r, "tag")) for r in got),
                   key=lambda k: (k.kind, k.name, k.cue_id)) for got in found]


def event_context(tx: Runner, ns: str, event_id: str, window: int) -> list[TurnRecord]:
    return drive(tx, ns, event_context_query([(event_id, window)]))[0]


def event_context_query(asked: Sequence[tuple[str, int]]) -> Query[list[list[TurnRecord]]]:
    [found] = yield [("event_context", [{"event_id": e, "window": w} for e, w in asked])]
    return [_window(got, window) for (_, window), got in zip(asked, found)]


def _window(found: list[Row], window: int) -> list[TurnRecord]:
    turns = sorted((int(r["turn"].get("index") or 0), str(r["id"]), r) for r in found)
    indexes = [i for i, _, r in turns if r["in_event"]]
    if not indexes:
        return []
    kept = window_range(indexes, window)
    return [_turn(r) for i, _, r in turns if i in kept]


def _turn(r: Row) -> TurnRecord:
    a = r["turn"]
    session_date = "" if r["session_date"] is None else str(r["session_date"])
    return TurnRecord(
        dia_id=text_of(a, "dia_id"), speaker=text_of(a, "speaker"), text=text_of(a, "text"),
        session=int(a.get("session") or 0), index=int(a.get("index") or 0),
        date=session_date or text_of(a, "date"), in_event=bool(r["in_event"]),
        caption=text_of(a, "blip_caption"), conversation_id=text_of(a, "conversation_id"),
        dates=date_values(r["dates"] or ()),
    )


def conversation_time(tx: Runner, ns: str, event_id: str) -> TimeRecord | None:
    return drive(tx, ns, conversation_time_query([(event_id,)]))[0]


def conversation_time_query(asked: Sequence[tuple[str]]) -> Query[list[TimeRecord | None]]:
    [found] = yield [("conversation_time", [{"event_id": e} for e, in asked])]
    return [_time(event_id, got[0]) if got else None for (event_id,), got in zip(asked, found)]


def _time(event_id: str, r: Row) -> TimeRecord:
    return TimeRecord(event_id, text_of(r, "started_at"), text_of(r, "date"),
                      date_values(r["mentions"] or ()))


def search_topics(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
    return drive(tx, ns, search_topics_query([(weights, limit)]))[0]


def search_topics_query(asked: Sequence[tuple[Mapping[str, float], int]]
                        ) -> Query[list[list[TopicHit]]]:
    out = []
    for (_, limit), found in zip(asked, (yield from search_rows("search_topics", asked))):
        best = top_rows(found, limit, lambda r: text_of(r, "label"), lambda r: str(r["id"]))
        out.append([TopicHit(r["id"], text_of(r, "label"), text_of(r, "summary"), r["score"],
                             int(r["episodes"])) for r in best])
    return out


def topic_events(tx: Runner, ns: str, topic_id: str, limit: int) -> list[EventRecord]:
    return drive(tx, ns, topic_events_query([(topic_id, limit)]))[0]


def topic_events_query(asked: Sequence[tuple[str, int]]) -> Query[list[list[EventRecord]]]:
    [found] = yield from _limited(["topic_events"], [[
        {"topic_id": topic_id, "limit": limit} for topic_id, limit in asked]])
    return found


def timeline(tx: Runner, ns: str, start: str, end: str, cue_id: str | None,
             limit: int) -> list[EventRecord]:
    return drive(tx, ns, timeline_query([(start, end, cue_id, limit)]))[0]


def timeline_query(asked: Sequence[tuple[str, str, str | None, int]]
                   ) -> Query[list[list[EventRecord]]]:
    """Calls without a cue run timeline.cypher (from the date index), with one
    timeline_of_cue.cypher (from the cue)."""
    plain = [n for n, a in enumerate(asked) if a[2] is None]
    of_cue = [n for n, a in enumerate(asked) if a[2] is not None]
    out: list[list[EventRecord]] = [[] for _ in asked]
    by_date, by_cue = yield from _limited(["timeline", "timeline_of_cue"], [
        [{"start": asked[n][0], "end": asked[n][1], "limit": asked[n][3]} for n in plain],
        [{"start": asked[n][0], "end": asked[n][1], "cue_id": asked[n][2], "limit": asked[n][3]}
         for n in of_cue]])
    for positions, found in ((plain, by_date), (of_cue, by_cue)):
        for n, events in zip(positions, found):
            out[n] = events
    return out


def search_events(tx: Runner, ns: str, weights: Mapping[str, float],
                  limit: int) -> list[EventRecord]:
    return drive(tx, ns, search_events_query([(weights, limit)]))[0]


def search_events_query(asked: Sequence[tuple[Mapping[str, float], int]]
                        ) -> Query[list[list[EventRecord]]]:
    out = []
    for (_, limit), found in zip(asked, (yield from search_rows("search_events", asked))):
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
