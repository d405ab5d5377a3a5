"""The reconstruction loop: navigate the graph round by round, route what comes back, answer.

Each round the policy picks tool calls from (question, H, Z) (`PolicyRun.next_actions`); the
valid ones go to the store together (`GraphStore.run_calls`: embedded, in a small thread pool;
Neo4j, their reads in few transactions), results kept in call order so runs are deterministic;
routing
keeps the relevant part of each result and prunes the rest; H grows and Z gets new leads. The
policy stops by asking for nothing, or the budget stops it. Then, for an answer step that is
handed turns (an LLM's; the offline reader's for a question asking for several things),
the turns of H's episodes not read are fetched in one read
(policies.turns.fetch_unread, handed_turns), and the policy answers from H.

Routing (see mrgraph.policies.base for the relevance formula):
  * episodes (search_events, tag_events, topic_events, timeline): the `keep_per_call` best of
    each result join H (and the candidates) and become leads, picked by relevance discounted by
    SAME_SESSION per episode of the same session already kept or picked; H holds at most
    `max_evidence` episodes, the lowest so discounted is evicted first (ties: the latest kept
    goes). A search by the question's words also teaches q (State.note_search);
  * cues (search_cues, event_keywords): the `keep_per_call` most relevant cues not seen before
    become leads (date cues become date leads: the timeline around them); an event_keywords
    result also re-ranks its episode by what its cues say it is about (State.note_about) and
    brings it back into H if it had been evicted and now ranks above the least kept;
  * tags (cue_tags): the `keep_per_call` most relevant (cue, tag) pairs become leads, sized by
    their episode count;
  * turns (event_context), times (conversation_time; their dates become leads) and beliefs
    (personal_aspect: the whole distribution) are kept whole: they are small and bounded.
Unknown tools and bad arguments are returned to the policy as errors and count against the
budget; calls beyond the budget are refused (not run, not counted) with an error saying so.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from mrgraph import baselines
from mrgraph.dates import value_bounds
from mrgraph.errors import MrGraphError, ToolArgumentError, UserError
from mrgraph.hybrid import ToolContext
from mrgraph.llm.base import LLM, Embedder
from mrgraph.policies import make_policy
from mrgraph.policies.base import (SAME_SESSION, Action, Budget, Lead, Outcome, Policy, PolicyRun,
                                   State)
from mrgraph.policies.turns import fetch_unread
from mrgraph.store.base import GraphStore, ReadAhead
from mrgraph.store.question import QuestionView
from mrgraph.text import tokenize
from mrgraph.toolkit import Record, ToolParams, ToolResult, parse_params, run_params
from mrgraph.types import Answer, PropValue, Step

EVENT_TOOLS = frozenset({"search_events", "tag_events", "topic_events", "timeline"})
_KIND_ORDER = {"entity": 0, "date": 1, "attribute": 2, "keyword": 3, "tag": 4}

__all__ = ["Budget", "ask", "reconstruct"]


# ------------------------------------------------------------------ the loop


def reconstruct(store: GraphStore, question: str, policy: Policy,
                budget: Budget | None = None, *, context: ToolContext | None = None) -> Answer:
    """Answer `question` by active reconstruction driven by `policy`. `context` (e.g. an
    embedder for hybrid search_events) reaches the tools; its tokens count in the answer's."""
    budget = budget or Budget()
    context = context or ToolContext()
    started = time.perf_counter()
    # token counts read once per question, reads ahead kept (each a step less on Neo4j)
    store = QuestionView(store)
    state = State.start(store, question, budget)
    run = policy.start(question, budget)
    trace: list[Step] = []
    while state.round < budget.max_rounds and state.calls < budget.max_calls:
        spent = run.tokens
        actions = list(run.next_actions(state))
        if not actions:
            break
        ahead = _ahead(store, run, state)  # as things stand after next_actions
        state.round += 1
        outcomes = _run_round(store, state, actions, context, ahead)
        trace.extend(_steps(outcomes, run.tokens - spent))
    # the answer step is handed the best turns of all of H (a run of a policy written before
    # PolicyRun.hands_turns hands none)
    if getattr(run, "hands_turns", False):
        fetch_unread(store, state, getattr(run, "hands_reached", True))
    draft = run.answer(state)
    return Answer(answer=draft.answer, supports=draft.supports,
                  confidence=round(draft.confidence, 4), rounds=state.round,
                  tool_calls=state.calls, tokens=run.tokens + context.tokens,
                  latency_ms=round((time.perf_counter() - started) * 1000, 3),
                  trace=tuple(trace), evidence=state.evidence.dia_ids(),
                  sources=state.evidence.sources(draft.supports))


Timed = tuple[ToolResult | None, str | None, float]


def _ahead(store: GraphStore, run: PolicyRun, state: State) -> list[ToolParams]:
    """The calls the policy expects to make later (PolicyRun.prefetch), on a store where a
    step of reads costs a round trip (GraphStore.prefetches); a call it cannot parse is left
    to the round that makes it."""
    expect = getattr(run, "prefetch", None)
    if expect is None or not store.prefetches:
        return []
    ahead: list[ToolParams] = []
    for action in expect(state):
        try:
            params = parse_params(action.tool, action.arguments)
        except ToolArgumentError:
            continue
        if params not in ahead:
            ahead.append(params)
    return ahead


def _run_round(store: GraphStore, state: State, actions: Sequence[Action],
               context: ToolContext, ahead: Sequence[ToolParams] = ()) -> list[Outcome]:
    """Validate the round's calls, then hand the valid ones to the store in one go
    (store.run_calls: on Neo4j their reads travel together), with the calls read `ahead`
    (their answers kept by the question's view of the store, the calls' results dropped)."""
    allowed = min(state.budget.max_calls_per_round, state.calls_left)
    checked = [_check(state, action, index < allowed) for index, action in enumerate(actions)]
    valid = [c for c in checked if not isinstance(c, Outcome)]
    calls: list[Callable[[GraphStore], Timed | None]] = [
        functools.partial(_timed, functools.partial(run_params, params, context=context))
        for params in valid]
    calls += [ReadAhead(functools.partial(_read_ahead, functools.partial(
        run_params, params, context=context))) for params in ahead if valid and params not in valid]
    # threads only help a call waiting on the embedder: the store's own reads hold the GIL, and
    # starting threads each round cost ~9% of an embedded ask (benchmarks/RESULTS.md 43)
    workers = state.budget.workers if context.embedder is not None else 1
    done = iter(cast("list[Timed]", store.run_calls(calls, workers)[:len(valid)]))
    outcomes: list[Outcome] = []
    for action, item in zip(actions, checked):  # call order
        if isinstance(item, Outcome):
            outcomes.append(item)
            continue
        result, error, ms = next(done)
        kept = route(state, action, result) if result is not None else ()
        outcomes.append(Outcome(state.round, action, result, kept, _ids(kept), error, ms))
    state.outcomes.extend(outcomes)
    return outcomes


def _check(state: State, action: Action, allowed: bool) -> ToolParams | Outcome:
    """The validated params of one call; a refused or invalid call is an Outcome at once."""
    if not allowed:
        refused = (f"not run: at most {state.budget.max_calls_per_round} calls per round "
                   f"and {state.budget.max_calls} in all")
        return Outcome(state.round, action, None, (), (), refused, 0.0, counted=False)
    state.calls += 1  # counted even when invalid: a bad call costs the model its budget
    if action.origin:
        state.done.add(action.origin)
    try:
        if action.error:
            raise ToolArgumentError(action.error)
        return parse_params(action.tool, action.arguments)
    except ToolArgumentError as err:
        return Outcome(state.round, action, None, (), (), str(err), 0.0)


def _read_ahead(run: Callable[[GraphStore], ToolResult], store: GraphStore) -> None:
    """A call read ahead: only its reads count (the view keeps them). Its error is left to
    the round that makes the call, which reads again what was not kept."""
    try:
        run(store)
    except MrGraphError:
        pass


def _timed(run: Callable[[GraphStore], ToolResult], store: GraphStore) -> Timed:
    started = time.perf_counter()
    error: str | None = None
    try:
        result: ToolResult | None = run(store)
    except UserError as err:  # e.g. a timeline with start after end, an unknown node
        result, error = None, str(err)
    return result, error, round((time.perf_counter() - started) * 1000, 3)


def _ids(records: Sequence[Record]) -> tuple[str, ...]:
    return tuple(str(r.get("id") or r.get("dia_id") or r.get("fact_id") or r.get("event_id")
                     or r.get("tag") or r.get("aspect") or "") for r in records)


def _plain(value: Any) -> PropValue:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


def _steps(outcomes: Sequence[Outcome], tokens: int) -> list[Step]:
    # The model's tokens for a round are charged to the round's first call.
    return [Step(round=o.round, tool=o.action.tool,
                 arguments={k: _plain(v) for k, v in o.action.arguments.items()},
                 result_ids=o.result.ids if o.result else (), kept_ids=o.kept_ids,
                 error=o.error, tokens=tokens if i == 0 else 0, ms=o.ms)
            for i, o in enumerate(outcomes)]


# ------------------------------------------------------------------ routing


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


# ------------------------------------------------------------------ the entry point


def ask(store: GraphStore, question: str, mode: str = "active", *, llm: LLM | None = None,
        policy: str | Policy | None = None, budget: Budget | None = None,
        embedder: Embedder | None = None) -> Answer:
    """Answer `question` from `store`.

    mode "active": the reconstruction loop with `policy` ("heuristic", the default without an
    `llm`; "llm" (alias "openai", "scripted"), the default with one; or a Policy object).
    mode "topk" / "graph": the passive baselines with the same budget (retrieve, then the
    `llm` answers from what they retrieved; extractive answers without one).
    `embedder`: episode searches become hybrid (lexical + vector, mrgraph.hybrid) when the store
    holds embeddings; None keeps them lexical."""
    if not question.strip():
        raise UserError("the question is empty")
    budget = budget or Budget()
    context = ToolContext(embedder)
    if mode == "topk":
        return baselines.topk(store, question, budget, context=context, llm=llm)
    if mode == "graph":
        return baselines.graph_expand(store, question, budget, context=context, llm=llm)
    if mode != "active":
        raise UserError(f"unknown mode {mode!r} (choose active, topk or graph)")
    chosen = policy if policy is not None and not isinstance(policy, str) else \
        make_policy(policy or ("llm" if llm is not None else "heuristic"), llm)
    return reconstruct(store, question, chosen, budget, context=context)

