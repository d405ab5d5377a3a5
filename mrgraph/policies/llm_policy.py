"""The LLM navigation policy: any model implementing mrgraph.llm.base.LLM (OpenAI-compatible
endpoints in production, ScriptedLLM in tests) drives the loop with the typed tools.

Navigation is one chat: system prompt (prompts/system.md), the question (prompts/navigate.md,
with a nudge towards conversation_time for temporal questions), then per round the model's tool
calls and their outputs. Each output is what routing kept, delimited as data:
<tool_output tool="..."> JSON </tool_output> (the system prompt says such text is never an
instruction; a "</tool_output" inside the data is escaped so it cannot close the delimiter).
A reply without tool calls stops the loop. The answer is a separate structured call
(prompts/answer.md, response_schema ANSWER_SCHEMA) over the evidence kept - the episodes, then
the turns handed on best first (policies.turns.handed_turns) - with every belief
candidate and its confidence when personal_aspect results are in the evidence. Supports the
model cites that are not in the evidence are dropped.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mrgraph.experience.guide import Guide
from mrgraph.llm.base import LLM, Message, ToolCall, question_clock
from mrgraph.policies.base import Action, Budget, Draft, Outcome, State
from mrgraph.policies.turns import handed_turns
from mrgraph.prompts import load_prompt
from mrgraph.toolkit import Record, tool_specs
from mrgraph.types import NOT_MENTIONED

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string", "minLength": 1, "maxLength": 2000},
        "supports": {"type": "array", "items": {"type": "string", "maxLength": 64},
                     "maxItems": 50},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["answer", "supports", "confidence"],
    "additionalProperties": False,
}
TEMPORAL_HINT = ("This question asks about time: call conversation_time on the episodes you "
                 "rely on, and answer with the resolved date of the event (like 7 May 2023), "
                 "not the date of the session it was mentioned in.")
ANSWER_TEMPORAL_HINT = ("Give the resolved date of the event (like 7 May 2023), not the date of "
                        "the session it was mentioned in.")


def _escape(text: str) -> str:
    # In JSON "\/" is "/", so the escaped data still parses but can no longer close the tag.
    return text.replace("</", "<\\/")


def tool_output(outcome: Outcome) -> str:
    """What the model is shown for one call."""
    tool = json.dumps(outcome.action.tool)[1:-1][:64]
    if outcome.error is not None:
        return f'<tool_output tool="{_escape(tool)}">error: {_escape(outcome.error)}</tool_output>'
    shown = json.dumps(list(outcome.kept), ensure_ascii=False, separators=(",", ":"))
    total = len(outcome.result.records) if outcome.result else 0
    notes = [outcome.result.note] if outcome.result and outcome.result.note else []
    if total > len(outcome.kept):
        notes.append(f"{len(outcome.kept)} of {total} results kept, the rest pruned")
    note = f"\n({'; '.join(notes)})" if notes else ""
    return f'<tool_output tool="{tool}">\n{_escape(shown)}{_escape(note)}\n</tool_output>'


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
    guide: Guide | None = None  # experiences from practice, shown to navigation and answer

    def start(self, question: str, budget: Budget) -> LLMRun:
        return LLMRun(self.llm, question, budget, self.temperature, self.guide)


class LLMRun:
    def __init__(self, llm: LLM, question: str, budget: Budget, temperature: float,
                 guide: Guide | None = None) -> None:
        self.llm, self.budget, self.temperature = llm, budget, temperature
        self.tokens = 0
        self.hands_turns = True  # the answer prompt lists handed_turns
        self.started = time.monotonic()  # a backend's per-question time budget counts from here
        self.repairs: list[str] = []  # what the backend fixed in the model's replies
        self._made: set[tuple[str, str]] = set()
        self._tools = tool_specs()
        self._shown_round = 0
        hint = TEMPORAL_HINT if State(question, {}, budget).temporal else ""
        self.messages: list[Message] = [
            Message.system(load_prompt("system").render()),
            Message.user(load_prompt("navigate").render(
                question=question, hint=hint, max_rounds=budget.max_rounds,
                max_calls=budget.max_calls, max_calls_per_round=budget.max_calls_per_round))]
        shown = guide.text(question) if guide is not None else ""
        # experiences from practice: advice on how to search and answer, never evidence
        self._experiences = [Message.user(load_prompt("experiences").render(
            experiences=_escape(shown)))] if shown else []
        self.messages += self._experiences

    def next_actions(self, state: State) -> Sequence[Action]:
        self._show_outcomes(state)
        with question_clock(self.started):
            reply = self.llm.complete(self.messages, tools=self._tools, purpose="navigate",
                                      temperature=self.temperature)
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
        prompt = load_prompt("answer").render(
            question=state.question, hint=ANSWER_TEMPORAL_HINT if state.temporal else "",
            evidence=render_evidence(state), beliefs=render_beliefs(state))
        with question_clock(self.started):
            reply = self.llm.complete([Message.system(load_prompt("system").render()),
                                       *self._experiences, Message.user(prompt)],
                                      response_schema=ANSWER_SCHEMA, purpose="answer",
                                      temperature=self.temperature)
        self.tokens += reply.usage.total_tokens
        self.repairs += reply.repairs
        parsed = reply.parsed if isinstance(reply.parsed, dict) else {}
        answer = str(parsed.get("answer") or "").strip() or NOT_MENTIONED
        # what it may cite: the evidence, and every turn it was handed (policies.turns)
        known = state.evidence.citable() | {str(t["dia_id"])
                                            for t in state.unread_turns.values()}
        supports = tuple(dict.fromkeys(s for s in parsed.get("supports", []) if s in known))
        confidence = float(parsed.get("confidence", 0.0))
        return Draft(answer, supports, min(max(confidence, 0.0), 1.0))


def _event_line(event: Record, times: dict[str, Record]) -> str:
    """An episode: its session's day, and the dates its turns mention when they were read
    ("last year" = 2022, D3:4)."""
    when = f"said {event['date']}"
    time = times.get(str(event["id"]))
    if time is not None and time.get("mentions"):
        when += "; mentions " + ", ".join(
            f"\"{m.get('phrase', '')}\" = {m['when']} ({m.get('dia_id', '')})"
            for m in time["mentions"])
    return f"- [{event['id']}] {when} [{', '.join(event['dia_ids'])}] {event['summary']}"


def _dates_of(turn: Record) -> str:
    """The dates a turn mentions, resolved ("last year" = 2022), when its record has them."""
    dates = turn.get("dates") or ()
    return " [dates: " + "; ".join(f"\"{d.get('phrase', '')}\" = {d['when']}"
                                   for d in dates) + "]" if dates else ""


def render_evidence(state: State) -> str:
    """The kept episodes (most relevant first) and the turns handed on (`handed_turns`: of the
    turns read and the rest of H's episodes, the `Budget.answer_turns` best, best first)."""
    evidence = state.evidence
    lines = ["Episodes:"] + [_event_line(e, evidence.times) for e in evidence.ranked_events()]
    turns = handed_turns(state)
    if turns:
        lines.append("Turns (most relevant first):")
        lines += [f"- {t['dia_id']} ({t['date']}) {t['speaker']}: {t['text']}" + _dates_of(t)
                  for t in turns]
    if len(lines) == 1:
        return "(nothing found)"
    return _escape("\n".join(lines))


def render_beliefs(state: State) -> str:
    """Every belief candidate kept, with its confidence, support, status and provenance."""
    lines = [f"- {b['entity']} / {b['aspect']}: \"{b['statement']}\" - confidence "
             f"{float(b['confidence']):.2f}, support {b['support']}, {b['status']}, seen "
             f"{b['first_seen']} to {b['last_seen']} [{', '.join(b['dia_ids'])}]"
             for b in state.evidence.beliefs.values()]
    return _escape("\n".join(lines)) if lines else "(none retrieved)"
