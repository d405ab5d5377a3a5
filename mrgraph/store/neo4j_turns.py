"""Neo4jStore's turn reads and listings for agents (search_turns, replies, turns_around,
session_turns, cue_events, speakers, namespaces), one cypher file each.

Same rules as neo4j_read.py: the query finds the rows, Python computes the exact scores, checks
what Cypher cannot check as Python does (quoted phrases) and sorts as base.py says, so the
results equal the embedded store's (mrgraph.store.memory_turns).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from mrgraph.store.base import (EventRecord, NamespaceCount, SpeakerRecord, TurnRecord,
                                date_values)
from mrgraph.store.neo4j_read import (Row, Runner, events_by_date, lucene_queries, rows, score,
                                      text_of)
from mrgraph.text import phrase_held, token_set

_WHITESPACE = re.compile(r"\s")


def search_turns(tx: Runner, ns: str, weights: Mapping[str, float], limit: int,
                 speakers: Sequence[str] | None, phrases: Sequence[str],
                 said: tuple[str, str] | None = None) -> list[TurnRecord]:
    holdable = {t: float(w) for t, w in weights.items() if t and not _WHITESPACE.search(t)}
    if limit <= 0 or not holdable:
        return []
    required = sorted({t for phrase in phrases for t in token_set(phrase)})
    start, end = said if said is not None else (None, None)
    found = rows(tx, "search_turns", ns=ns, queries=lucene_queries(holdable), weights=holdable,
                 required=required, speakers=None if speakers is None else list(speakers),
                 said_start=start, said_end=end, limit=limit, cut=not phrases)
    ranked = []
    for r in found:
        turn = r["turn"]
        if phrases and not phrase_held(f"{text_of(turn, 'text')} "
                                       f"{text_of(turn, 'blip_caption')}", phrases):
            continue
        hit = score(weights, turn.get("tokens"))
        ranked.append((-hit, text_of(turn, "date"), str(turn["id"]), hit, r))
    ranked.sort(key=lambda item: item[:3])
    return [_turn(r, True, hit) for _, _, _, hit, r in ranked[:limit]]


def replies(tx: Runner, ns: str, turn_ids: Sequence[str], ahead: int) -> dict[str, TurnRecord]:
    ids = list(dict.fromkeys(turn_ids))
    if not ids or ahead <= 0:
        return {}
    found = {str(r["asked"]): _turn(r, False) for r in rows(tx, "replies", ns=ns, ids=ids,
                                                            ahead=ahead)}
    return {i: found[i] for i in ids if i in found}


def turns_around(tx: Runner, ns: str, turn_ids: Sequence[str], window: int) -> list[TurnRecord]:
    ids = list(dict.fromkeys(turn_ids))
    if not ids:
        return []
    own: dict[str, tuple[bool, Row]] = {}
    for r in rows(tx, "turns_around", ns=ns, ids=ids, window=window):
        turn_id = str(r["turn"]["id"])
        if turn_id not in own or (r["own"] and not own[turn_id][0]):
            own[turn_id] = (bool(r["own"]), r)
    return sorted((_turn(r, mine) for mine, r in own.values()), key=turn_order)


def session_turns(tx: Runner, ns: str, conversation_id: str, session: int, first: int,
                  last: int) -> list[TurnRecord]:
    found = rows(tx, "session_turns", ns=ns, conversation_id=conversation_id, session=session,
                 first=first, last=last)
    return sorted((_turn(r, True) for r in found), key=turn_order)


def cue_events(tx: Runner, ns: str, cue_id: str, limit: int) -> list[EventRecord]:
    if limit <= 0:
        return []
    return events_by_date(rows(tx, "cue_events", ns=ns, cue_id=cue_id, limit=limit))


def speakers(tx: Runner, ns: str) -> list[SpeakerRecord]:
    found = [(text_of(r, "conversation_id"), n, str(s)) for r in rows(tx, "speakers", ns=ns)
             for n, s in enumerate(r["speakers"] or ())]
    return [SpeakerRecord(cid, speaker) for cid, _, speaker in sorted(found)]


def namespaces(tx: Runner) -> list[NamespaceCount]:
    found = [NamespaceCount(str(r["ns"]), int(r["conversations"]), int(r["episodes"]),
                            int(r["turns"])) for r in rows(tx, "namespaces")]
    return sorted(found, key=lambda c: c.ns)


def turn_order(t: TurnRecord) -> tuple[str, int, int, str]:
    return t.conversation_id, t.session, t.index, t.dia_id


def _turn(r: Row, in_event: bool, hit: float = 0.0) -> TurnRecord:
    a: Mapping[str, Any] = r["turn"]
    session_date = "" if r["session_date"] is None else str(r["session_date"])
    return TurnRecord(
        dia_id=text_of(a, "dia_id"), speaker=text_of(a, "speaker"), text=text_of(a, "text"),
        session=int(a.get("session") or 0), index=int(a.get("index") or 0),
        date=session_date or text_of(a, "date"), in_event=in_event,
        caption=text_of(a, "blip_caption"), conversation_id=text_of(a, "conversation_id"),
        event_id="" if r["event_id"] is None else str(r["event_id"]), score=hit,
        dates=date_values(r["dates"] or ()))
