"""Neo4jStore's toolkit reads (the operators the navigator calls), one cypher file each.

Same rules as neo4j_read.py: the query finds the rows, Python computes the exact scores and the
final order of base.py, so the results equal the embedded store's.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from mrgraph.store.base import (CueHit, EventRecord, KeywordRecord, TagCount, TimeRecord,
                                TopicHit, TurnRecord)
from mrgraph.store.neo4j_read import Row, Runner, _event, _events_by_date, _search, _str, _top, rows
from mrgraph.text import normalize_key


def search_cues(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[CueHit]:
    found = _search(tx, "search_cues", ns, weights, limit)
    best = _top(found, limit, lambda r: _str(r, "name"), lambda r: str(r["id"]))
    return [CueHit(r["id"], _str(r, "name"), _str(r, "kind"), r["score"], int(r["episodes"]))
            for r in best]


def find_cues(tx: Runner, ns: str, key: str) -> list[CueHit]:
    found = rows(tx, "find_cues", ns=ns, key=normalize_key(key))
    hits = [CueHit(r["id"], _str(r, "name"), _str(r, "kind"), 1.0, int(r["episodes"]))
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
    return _events_by_date(rows(tx, "tag_events", ns=ns, cue_id=cue_id, tag=tag, limit=limit))


def event_keywords(tx: Runner, ns: str, event_id: str) -> list[KeywordRecord]:
    found = [KeywordRecord(r["cue_id"], _str(r, "name"), _str(r, "kind"), _str(r, "tag"))
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
        dia_id=_str(a, "dia_id"), speaker=_str(a, "speaker"), text=_str(a, "text"),
        session=int(a.get("session") or 0), index=int(a.get("index") or 0),
        date=session_date or _str(a, "date"), in_event=bool(r["in_event"]),
    )


def conversation_time(tx: Runner, ns: str, event_id: str) -> TimeRecord | None:
    found = rows(tx, "conversation_time", ns=ns, event_id=event_id)
    if not found:
        return None
    r = found[0]
    date_end = r["date_end"]
    return TimeRecord(event_id, _str(r, "started_at"), _str(r, "date"),
                      None if date_end is None else str(date_end),
                      tuple(str(d) for d in r["dates"] or ()))


def search_topics(tx: Runner, ns: str, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
    found = _search(tx, "search_topics", ns, weights, limit)
    best = _top(found, limit, lambda r: _str(r, "label"), lambda r: str(r["id"]))
    return [TopicHit(r["id"], _str(r, "label"), _str(r, "summary"), r["score"],
                     int(r["episodes"])) for r in best]


def topic_events(tx: Runner, ns: str, topic_id: str, limit: int) -> list[EventRecord]:
    if limit <= 0:
        return []
    return _events_by_date(rows(tx, "topic_events", ns=ns, topic_id=topic_id, limit=limit))


def timeline(tx: Runner, ns: str, start: str, end: str, cue_id: str | None,
             limit: int) -> list[EventRecord]:
    if limit <= 0:
        return []
    if cue_id is None:
        found = rows(tx, "timeline", ns=ns, start=start, end=end, limit=limit)
    else:
        found = rows(tx, "timeline_of_cue", ns=ns, start=start, end=end, cue_id=cue_id,
                     limit=limit)
    return _events_by_date(found)


def search_events(tx: Runner, ns: str, weights: Mapping[str, float],
                  limit: int) -> list[EventRecord]:
    found = _search(tx, "search_events", ns, weights, limit)
    best = _top(found, limit, lambda r: _str(r["episode"], "date"),
                lambda r: str(r["episode"]["id"]))
    return [_event(r["episode"], r["score"]) for r in best]


def get_events(tx: Runner, ns: str, event_ids: Sequence[str]) -> list[EventRecord]:
    wanted = list(dict.fromkeys(event_ids))
    if not wanted:
        return []
    found = {r["episode"]["id"]: _event(r["episode"])
             for r in rows(tx, "get_events", ns=ns, ids=wanted)}
    return [found[e] for e in event_ids if e in found]
