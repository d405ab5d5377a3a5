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

Routing (policies.routing) keeps the relevant part of each result in H and Z.
Unknown tools and bad arguments are returned to the policy as errors and count against the
budget; calls beyond the budget are refused (not run, not counted) with an error saying so.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.errors import MrGraphError, ToolArgumentError, UserError
from mrgraph.hybrid import ToolContext
from mrgraph.llm.base import LLM, Embedder
from mrgraph.policies import make_policy
from mrgraph.policies.base import Action, Budget, Outcome, Policy, PolicyRun, State
from mrgraph.policies.routing import route
from mrgraph.policies.turns import fetch_unread
from mrgraph.store.base import GraphStore, ReadAhead
from mrgraph.store.question import QuestionView
from mrgraph.toolkit import Record, ToolParams, ToolResult, parse_params, run_params
from mrgraph.types import Answer, PropValue, Step

__all__ = ["Budget", "ask", "reconstruct"]


# ------------------------------------------------------------------ the loop


def reconstruct(store: GraphStore, question: str, policy: Policy,
                budget: Budget | None = None, *, context: ToolContext | None = None,
                advice: Advice = NO_ADVICE) -> Answer:
    """Answer `question` by active reconstruction driven by `policy`. `context` (e.g. an
    embedder for hybrid search_events) reaches the tools; its tokens count in the answer's.
    `advice`: the experiences from practice that apply to the question, handed to the policy."""
    budget = budget or Budget()
    context = context or ToolContext()
    started = time.perf_counter()
    # token counts read once per question, reads ahead kept (each a step less on Neo4j)
    store = QuestionView(store)
    state = State.start(store, question, budget)
    run = policy.start(question, budget, advice)
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
    trace += getattr(run, "answer_steps", [])  # e.g. an LLM's answer replaced by the reader's
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
    # starting threads each round cost ~9% of an embedded ask (RESULTS.md@c29e350 section 43)
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


# ------------------------------------------------------------------ the entry point


def ask(store: GraphStore, question: str, mode: str = "active", *, llm: LLM | None = None,
        policy: str | Policy | None = None, budget: Budget | None = None,
        embedder: Embedder | None = None, advice: Advice = NO_ADVICE) -> Answer:
    """Answer `question` from `store`.

    mode "active": the reconstruction loop with `policy` ("heuristic", the default without an
    `llm`; "llm" (alias "openai", "scripted"), the default with one; or a Policy object).
    mode "topk" / "graph": the passive baselines with the same budget (retrieve, then the
    `llm` answers from what they retrieved; extractive answers without one).
    `embedder`: episode searches become hybrid (lexical + vector, mrgraph.hybrid) when the store
    holds embeddings; None keeps them lexical. `advice`: the experiences from practice that
    apply to the question (mrgraph.experience.guide.Guide.advice), handed to an active policy."""
    if not question.strip():
        raise UserError("the question is empty")
    budget = budget or Budget()
    context = ToolContext(embedder)
    if mode in ("topk", "graph"):
        from mrgraph import baselines  # the passive modes only (BM25 over every episode)
        passive = baselines.topk if mode == "topk" else baselines.graph_expand
        return passive(store, question, budget, context=context, llm=llm)
    if mode != "active":
        raise UserError(f"unknown mode {mode!r} (choose active, topk or graph)")
    chosen = policy if policy is not None and not isinstance(policy, str) else \
        make_policy(policy or ("llm" if llm is not None else "heuristic"), llm)
    return reconstruct(store, question, chosen, budget, context=context, advice=advice)

