"""Routing: what the reconstruction loop (mrgraph.reconstruct) keeps of each tool result in H
and Z, and how it ranks it (see mrgraph.policies.base for the relevance formula).

  * episodes (search_events, tag_events, topic_events, timeline, cue_events): the
    `keep_per_call` best of each result join H (and the candidates) and become leads, picked
    by relevance discounted by SAME_SESSION per episode of the same session already kept or
    picked; H holds at most `max_evidence` episodes, the lowest so discounted is evicted first
    (ties: the latest kept goes). A search by the question's words also teaches q
    (State.note_search);
  * cues (search_cues, event_keywords): the `keep_per_call` most relevant cues not seen before
    become leads (date cues become date leads: the timeline around them); an event_keywords
    result also re-ranks its episode by what its cues say it is about (State.note_about) and
    brings it back into H if it had been evicted and now ranks above the least kept;
  * tags (cue_tags): the `keep_per_call` most relevant (cue, tag) pairs become leads, sized by
    their episode count;
  * turns (event_context, search_turns with the replies its hits carry, read_turns), times
    (conversation_time; their dates become leads) and beliefs (personal_aspect: the whole
    distribution) are kept whole: they are small and bounded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mrgraph.dates import value_bounds
from mrgraph.policies.base import SAME_SESSION, Action, Lead, State
from mrgraph.text import tokenize
from mrgraph.toolkit import Record, ToolResult

EVENT_TOOLS = frozenset({"search_events", "tag_events", "topic_events", "timeline", "cue_events"})
TURN_TOOLS = frozenset({"search_turns", "read_turns"})  # turns naming their own conversation
_KIND_ORDER = {"entity": 0, "date": 1, "attribute": 2, "keyword": 3, "tag": 4}


def route(state: State, action: Action, result: ToolResult) -> tuple[Record, ...]:
    """Keep the relevant part of `result` in H / Z; returns what was kept."""
    inherited = state.inherited(action)
    tool = result.tool
    if tool == "search_events":
        state.note_search(str(action.arguments.get("text", "")), result.records)
    if tool in EVENT_TOOLS:
        return _route_events(state, result.records, inherited)
    if tool == "event_keywords":
        _route_about(state, str(action.arguments.get("event_id", "")), result.records)
    if tool in ("search_cues", "event_keywords"):
        return _route_cues(state, result.records, inherited)
    if tool == "cue_tags":
        return _route_tags(state, result.records, inherited)
    if tool == "event_context":
        event_id = str(action.arguments.get("event_id", ""))
        event = state.evidence.events.get(event_id) or state.candidates.get(event_id) or {}
        state.evidence.add_turns(result.records, str(event.get("conversation", "")), inherited)
        return result.records
    if tool in TURN_TOOLS:
        for turn in result.records:  # a search hit's reply is a turn read too
            for read in (turn, turn.get("reply")):
                if read:
                    state.evidence.add_turns([{k: v for k, v in read.items() if k != "reply"}],
                                             str(read.get("conversation", "")), inherited)
        return result.records
    if tool == "conversation_time":
        return _route_times(state, result.records, inherited)
    if tool == "personal_aspect":
        return _route_beliefs(state, result.records, inherited)
    return result.records[: state.budget.keep_per_call]  # aspect lists, topics: shown only


def _top(state: State, records: Sequence[Record], inherited: float,
         order: Callable[[Record], Any] = lambda r: 0) -> list[tuple[float, Record]]:
    context = state.context_tokens()
    scored = [(state.relevance(r, inherited, context), i, r) for i, r in enumerate(records)]
    scored.sort(key=lambda s: (-s[0], order(s[2]), s[1]))
    return [(score, r) for score, _, r in scored[: state.budget.keep_per_call]]


def _diverse_top(state: State, records: Sequence[Record],
                 inherited: float) -> list[tuple[float, Record]]:
    """The `keep_per_call` best episodes, each ranked at its relevance times SAME_SESSION per
    episode of its session already kept or picked (equally relevant episodes from sessions
    not yet in H go first)."""
    context = state.context_tokens()
    seen: dict[Any, int] = {}
    for kept in state.evidence.events.values():
        session = (kept.get("conversation"), kept.get("session"))
        seen[session] = seen.get(session, 0) + 1
    pool = [(state.relevance(r, inherited, context), i, r) for i, r in enumerate(records)]
    picked: list[tuple[float, Record]] = []
    while pool and len(picked) < state.budget.keep_per_call:
        best = max(pool, key=lambda p: (p[0] * SAME_SESSION ** seen.get(
            (p[2].get("conversation"), p[2].get("session")), 0), -p[1]))
        pool.remove(best)
        session = (best[2].get("conversation"), best[2].get("session"))
        seen[session] = seen.get(session, 0) + 1
        picked.append((best[0], best[2]))
    return picked


def _route_events(state: State, records: Sequence[Record], inherited: float) -> tuple[Record, ...]:
    events = state.evidence.events
    for score, record in _diverse_top(state, records, inherited):
        if record["id"] in events and events[record["id"]]["relevance"] >= score:
            continue
        events[record["id"]] = {**record, "relevance": score}
        state.candidates[record["id"]] = {**record, "relevance": score}
        key = f"event:{record['id']}"
        state.leads.setdefault(key, Lead(key, "event", record["id"],
                                         state.base(record, inherited)))
    _evict(state)
    return tuple(events[r["id"]] for r in records if r["id"] in events)


def _route_beliefs(state: State, records: Sequence[Record],
                   inherited: float) -> tuple[Record, ...]:
    """Every candidate is kept (the whole distribution); the episodes they rest on compete for
    H like any others, ranked by what the belief says they are about (State.note_belief)."""
    for belief in records:
        state.evidence.beliefs[belief["fact_id"]] = belief
        share = state.q_share(tokenize(f"{belief['aspect']} {belief['statement']}"))
        for event in belief.get("episodes", ()):
            state.note_belief(str(event["id"]), share)
        _route_events(state, list(belief.get("episodes", ())), inherited)
    return tuple(records)


def _route_about(state: State, event_id: str, keywords: Sequence[Record]) -> None:
    """The reverse hop tells what an episode is about: re-rank it, and bring it back into H
    if it had been evicted and now ranks above the least of H."""
    state.note_about(event_id, keywords)
    candidate = state.candidates.get(event_id)
    if candidate is not None and event_id not in state.evidence.events:
        state.evidence.events[event_id] = dict(candidate)
        _evict(state)


def _evict(state: State) -> None:
    events = state.evidence.events
    while len(events) > state.budget.max_evidence:
        rank = _diverse_rank(events)
        # reversed: among equally ranked episodes the latest kept leaves first
        del events[min(reversed(list(events)), key=rank.__getitem__)]


def _diverse_rank(events: dict[str, Record]) -> dict[str, float]:
    """Relevance times SAME_SESSION per more relevant kept episode of the same session."""
    seen: dict[Any, int] = {}
    rank: dict[str, float] = {}
    for key in sorted(events, key=lambda k: -float(events[k]["relevance"])):
        session = (events[key].get("conversation"), events[key].get("session"))
        rank[key] = float(events[key]["relevance"]) * SAME_SESSION ** seen.get(session, 0)
        seen[session] = seen.get(session, 0) + 1
    return rank


def _route_cues(state: State, records: Sequence[Record], inherited: float) -> tuple[Record, ...]:
    for record in records:
        if "event_id" in record:  # a keyword: its (cue, tag) reaches this episode
            state.known.setdefault((record["id"], record["tag"]), set()).add(record["event_id"])
    fresh = [r for r in records if r["id"] not in state.evidence.cues and r["kind"] != "tag"]
    kept = _top(state, fresh, inherited, lambda r: _KIND_ORDER.get(r["kind"], 9))
    for _, record in kept:
        state.evidence.cues[record["id"]] = record
        base = state.base(record, inherited)
        # a date cue is named by its canonical value (mrgraph.dates): its days
        days = value_bounds(str(record["name"])) if record["kind"] == "date" else None
        if days:
            _add_date_lead(state, *days, base)
        else:
            key = f"cue:{record['id']}"
            state.leads.setdefault(key, Lead(key, "cue", record["id"], base,
                                             size=int(record.get("episodes", 0))))
    return tuple(r for _, r in kept)


def _add_date_lead(state: State, start: str, end: str, base: float) -> None:
    key = f"date:{start}/{end}"
    state.leads.setdefault(key, Lead(key, "date", start, base, end=end))


def _route_tags(state: State, records: Sequence[Record], inherited: float) -> tuple[Record, ...]:
    # What the cue's relevance passes on to its tags depends on how many episodes it reaches
    # (a lower bound when cut by the limit): a speaker's tags inherit little.
    reach = sum(int(r["count"]) for r in records)
    inherited *= state.specificity(reach)
    # a tag whose episodes are all known and kept would only fetch them again; one known but
    # not kept (found by a weak search hit) is worth the hop: it inherits the cue's relevance
    kept_ids = state.evidence.events.keys()
    new = [r for r in records
           if int(r["count"]) > len(state.known.get((r["cue"], r["tag"]), set()) & kept_ids)]
    kept = _top(state, new, inherited)
    for _, record in kept:
        key = f"tag:{record['cue']}\t{record['tag']}"
        state.leads.setdefault(key, Lead(key, "tag", record["tag"],
                                         state.base(record, inherited), cue=record["cue"],
                                         size=int(record["count"])))
    return tuple(r for _, r in kept)


def _route_times(state: State, records: Sequence[Record], inherited: float) -> tuple[Record, ...]:
    for record in records:
        state.evidence.times[record["event_id"]] = record
        session_day = str(record["session_started_at"])[:10]
        for mentioned in record["mentions"]:
            if mentioned["start"] != session_day:
                _add_date_lead(state, str(mentioned["start"]), str(mentioned["end"]), inherited)
    return tuple(records)
