"""Belief edges as toolkit records: the whole candidate distribution, as of a date, and the
BeliefMem retrieval ranking of a person's aspects."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, cast

from mrgraph import beliefs
from mrgraph.store.base import BeliefEdge, EventRecord, GraphStore

Record = dict[str, Any]
MAX_LATER_EVENTS = 50  # tau counts at most this many later episodes: enough to decay to ~0


def belief_record(edge: BeliefEdge, as_of: str | None) -> Record | None:
    """A belief candidate with its history; with `as_of`, as it stood then (None: not yet)."""
    history = beliefs.history_from_json(edge.history) if edge.history else ()
    state = beliefs.BeliefState(
        entity=edge.entity, aspect=edge.aspect, statement=edge.statement, fact_id=edge.fact_id,
        confidence=edge.confidence, support=edge.support, first_seen=edge.first_seen,
        last_seen=edge.last_seen, status=cast(beliefs.Status, edge.status),
        history=history, provenance=edge.episode_ids)
    seen = beliefs.state_as_of(state, as_of) if as_of else state
    if seen is None:
        return None
    return {"entity": edge.entity, "aspect": edge.aspect, "fact_id": edge.fact_id,
            "statement": edge.statement, "confidence": round(seen.confidence, 4),
            "support": seen.support, "status": seen.status, "first_seen": seen.first_seen,
            "last_seen": seen.last_seen, "episode_ids": list(seen.provenance),
            "dia_ids": list(edge.dia_ids),
            "history": [dataclasses.asdict(v) for v in seen.history]}


def rank_aspects(store: GraphStore, cue_id: str | None, entity: str, query: str,
                 records: list[Record], by_aspect: Mapping[str, list[BeliefEdge]]) -> list[Record]:
    """BeliefMem's retrieval score alpha = sim(query, attribute) * lambda ** tau, tau = the
    person's sessions since the attribute's last update. Ranking only: confidences unchanged."""
    name = re.compile(re.escape(entity), re.I)  # every candidate names the person: no signal
    question = name.sub(" ", query)
    lasts = [max(e.last_seen for e in by_aspect[str(r["aspect"])]) for r in records]
    # the episodes after each aspect's last update, read all at once (one step on Neo4j)
    laters = store.run_calls([functools.partial(_later, cue_id, last) for last in lasts], 1) \
        if cue_id else [[] for _ in records]
    for record, later in zip(records, laters):
        edges = by_aspect[str(record["aspect"])]
        sim = max(beliefs.similarity(question, name.sub(" ", f"{e.aspect} {e.statement}"))
                  for e in edges)
        tau = len({(e.conversation_id, e.session) for e in later})
        record["score"] = round(beliefs.score(sim, tau), 6)
        record["staleness"] = tau
    return sorted(records, key=lambda r: (-cast(float, r["score"]), str(r["aspect"])))


def _later(cue_id: str, last: str, store: GraphStore) -> list[EventRecord]:
    return store.timeline(next_day(last), "9999-12-31", cue_id, MAX_LATER_EVENTS)


def next_day(iso: str) -> str:
    return (date.fromisoformat(iso[:10]) + timedelta(days=1)).isoformat()
