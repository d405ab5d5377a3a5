"""The LLM navigation policy: any model implementing mrgraph.llm.base.LLM (OpenAI-compatible
endpoints in production, ScriptedLLM in tests) drives the loop with the typed tools.

Navigation is one chat: system prompt (prompts/system.md), the question (prompts/navigate.md,
with a nudge towards conversation_time for temporal questions), then per round the model's tool
calls and their outputs. Each output is what routing kept, delimited as data:
<tool_output tool="..."> JSON </tool_output> (the system prompt says such text is never an
instruction; a "</tool_output" inside the data is escaped so it cannot close the delimiter).
Each output's records are compact (mrgraph.toolview: what an outside agent reads too). A reply
without tool calls stops the loop. The answer is a separate structured call over what the walk
found, the LLM answer step (policies.llm_answer: the episodes, then the turns handed on best
first, with every belief candidate and its confidence; supports the model cites that are not in
the evidence are dropped; an answer that is not one is asked again, then the reader answers,
and `answer_steps` holds the trace's step saying so).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.found import is_temporal
from mrgraph.llm.base import LLM, Message, ToolCall, question_clock, scrubbed
from mrgraph.policies.base import Action, Budget, Draft, Outcome, State
from mrgraph.policies.llm_answer import escape, llm_answer, refused_step
from mrgraph.policies.turns import found
from mrgraph.prompts import load_prompt
from mrgraph.toolkit import tool_specs
from mrgraph.toolview import compact
from mrgraph.types import Step

TEMPORAL_HINT = ("This question asks about time: call conversation_time on the episodes you "
                 "rely on, and answer with the resolved date of the event, as precise as it "
                 "was said (7 May 2023, May 2023, 2022), not the date of the session it was "
                 "mentioned in.")


def tool_output(outcome: Outcome) -> str:
    """What the model is shown for one call."""
    tool = json.dumps(outcome.action.tool)[1:-1][:64]
    if outcome.error is not None:
        return f'<tool_output tool="{escape(tool)}">error: {escape(outcome.error)}</tool_output>'
    shown = json.dumps(compact(outcome.action.tool, outcome.kept), ensure_ascii=False,
                       separators=(",", ":"))
    total = len(outcome.result.records) if outcome.result else 0
    notes = [outcome.result.note] if outcome.result and outcome.result.note else []
    if total > len(outcome.kept):
        notes.append(f"{len(outcome.kept)} of {total} results kept, the rest pruned")
    note = f"\n({'; '.join(notes)})" if notes else ""
    return f'<tool_output tool="{tool}">\n{escape(shown)}{escape(note)}\n</tool_output>'


def _action(call: ToolCall) -> Action:
    try:
        arguments = json.loads(call.arguments or "{}")
    except json.JSONDecodeError as err:
        return Action(call.name, {}, call.id, error=f"arguments are not valid JSON: {err.msg}")
    if not isinstance(arguments, dict):
        return Action(call.name, {}, call.id, error="arguments must be a JSON object")
    return Action(call.name, arguments, call.id)


@dataclass(frozen=True)
class LLMPolicy:
    llm: LLM
    temperature: float = 0.0
    name: str = "llm"

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> LLMRun:
        """`advice`: the experiences from practice shown to navigation and answer."""
        return LLMRun(self.llm, question, budget, self.temperature, advice)


class LLMRun:
    def __init__(self, llm: LLM, question: str, budget: Budget, temperature: float,
                 advice: Advice = NO_ADVICE) -> None:
        self.llm, self.budget, self.temperature = llm, budget, temperature
        self.tokens = 0
        self.hands_turns = True  # the answer prompt lists handed_turns
        self.started = time.monotonic()  # a backend's per-question time budget counts from here
        self.repairs: list[str] = []  # what the backend fixed in the model's replies
        self.answer_steps: list[Step] = []  # the answer step's own, for the trace (a fallback)
        self._made: set[tuple[str, str]] = set()
        self._tools = tool_specs()
        self._shown_round = 0
        hint = TEMPORAL_HINT if is_temporal(question) else ""
        self.messages: list[Message] = [
            Message.system(load_prompt("system").render()),
            Message.user(load_prompt("navigate").render(
                question=question, hint=hint, max_rounds=budget.max_rounds,
                max_calls=budget.max_calls, max_calls_per_round=budget.max_calls_per_round))]
        # experiences from practice: advice on how to search and answer, never evidence
        self._experiences = [Message.user(load_prompt("experiences").render(
            experiences=escape(advice.shown)))] if advice.shown else []
        self.messages += self._experiences

    def next_actions(self, state: State) -> Sequence[Action]:
        self._show_outcomes(state)
        with question_clock(self.started):
            reply = scrubbed(self.llm.complete(self.messages, tools=self._tools,
                                               purpose="navigate", temperature=self.temperature))
        self.tokens += reply.usage.total_tokens
        self.repairs += reply.repairs
        calls = self._new_calls(reply.tool_calls)
        self.messages.append(Message.assistant(reply.text, calls))
        return [_action(call) for call in calls]

    def _new_calls(self, calls: Sequence[ToolCall]) -> tuple[ToolCall, ...]:
        """`calls` less those already made: a repeated call returns what the model has seen,
        so a reply of repeats only (small models loop on one call) ends the navigation."""
        fresh = []
        for call in calls:
            key = (call.name, call.arguments)
            if key not in self._made:
                self._made.add(key)
                fresh.append(call)
        return tuple(fresh)

    def _show_outcomes(self, state: State) -> None:
        if state.round == self._shown_round:
            return
        self._shown_round = state.round
        for outcome in state.last_round:
            self.messages.append(Message.tool(outcome.action.call_id or outcome.action.tool,
                                              tool_output(outcome), name=outcome.action.tool))
        self.messages.append(Message.user(
            f"Budget left: {self.budget.max_rounds - state.round} rounds, "
            f"{state.calls_left} tool calls. Call more tools, or reply without a tool call "
            "when the evidence suffices."))

    def answer(self, state: State) -> Draft:
        replied = llm_answer(self.llm, found(state, True), shown=self._experiences,
                             temperature=self.temperature, started=self.started)
        self.tokens += replied.tokens
        self.repairs += replied.repairs
        if replied.refused:  # the reader answered instead: the trace's last step says why
            self.answer_steps.append(refused_step(state.round, replied))
        return replied.draft
