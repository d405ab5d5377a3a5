"""The LLM answer step: one structured call (prompts/answer.md, response_schema ANSWER_SCHEMA)
over what the walk found (mrgraph.found.Found): the kept episodes, most relevant first, then the
turns handed on, best first (policies.turns.handed_turns), with every belief candidate read and
its confidence. Supports the model cites that are in neither the evidence nor the turns it was
handed are dropped. The LLM policy answers with it, and so do the passive baselines given an
LLM (retrieve-then-reason: the same prompt over what they retrieved).

Evidence is data, never instructions: a "</" inside it is escaped (`escape`) so it cannot
close the prompt's delimiters, and each record is flattened to one line (`_one_line`) so a
newline in a turn, a summary or a belief cannot start a fake evidence line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mrgraph.found import Found
from mrgraph.llm.base import LLM, Message, question_clock, scrubbed
from mrgraph.policies.answer import reader_answer
from mrgraph.policies.base import Draft
from mrgraph.policies.final_answer import abstains, non_answer
from mrgraph.prompts import load_prompt
from mrgraph.toolkit import Record
from mrgraph.toolview import said
from mrgraph.types import NOT_MENTIONED, Step

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
# an event's date as precise as it was said: "last year" is a year, never a day of it
ANSWER_TEMPORAL_HINT = ("Give the resolved date of the event, as precise as it was said (a day "
                        "like 7 May 2023, a month like May 2023, a year like 2022, or 'the week "
                        "before 9 June 2023'), not the date of the session it was mentioned in.")


@dataclass(frozen=True)
class Replied:
    """The model's answer and what the call cost: its tokens, what the backend repaired."""

    draft: Draft
    tokens: int
    repairs: tuple[str, ...]
    refused: str = ""  # why the model's answer was not one, twice: the reader's is the draft


def escape(text: str) -> str:
    # In JSON "\/" is "/", so the escaped data still parses but can no longer close the tag.
    return text.replace("</", "<\\/")


def _one_line(line: str) -> str:
    # JSONL and LoCoMo keep newlines in text; the prompt's lines are its records
    return " ".join(line.split())


def llm_answer(llm: LLM, found: Found, *, started: float, shown: Sequence[Message] = (),
               temperature: float = 0.0) -> Replied:
    """The model's answer to `found.question` from `found`; `shown`: the experiences it is
    shown (after the system prompt); `started`: when the question started (question_clock).

    A reply that is not an answer (a placeholder such as "The answer to the question", the
    question repeated, nothing: policies.final_answer) is sent back once with the reason, like
    an invalid reply; a second one is replaced by the offline reader's answer from the same
    evidence, with `refused` saying why (the caller puts it in the trace: `refused_step`)."""
    prompt = load_prompt("answer").render(
        question=found.question, hint=ANSWER_TEMPORAL_HINT if found.temporal else "",
        evidence=render_evidence(found), beliefs=render_beliefs(found))
    messages = [Message.system(load_prompt("system").render()), *shown, Message.user(prompt)]
    spent = _Spent()
    parsed, text = spent.ask(llm, messages, started, temperature)
    problem = non_answer(str(parsed.get("answer") or ""), found.question)
    if problem:
        messages += [Message.assistant(text, ()), Message.user(
            f"That is not an answer: {problem}. Answer the question itself from the evidence, "
            f"in a few words, or \"{NOT_MENTIONED}\". Reply with the same JSON.")]
        parsed, _ = spent.ask(llm, messages, started, temperature)
        again = non_answer(str(parsed.get("answer") or ""), found.question)
        if again:
            return Replied(reader_answer(found), spent.tokens, tuple(spent.repairs),
                           refused=again)
    answer = str(parsed.get("answer") or "").strip() or NOT_MENTIONED
    if abstains(answer):  # "The answer is not mentioned ... The evidence is mixed. The next"
        answer = NOT_MENTIONED
    # what it may cite: the evidence, and every turn it was handed (policies.turns)
    known = found.evidence.citable() | {str(t["dia_id"]) for t in found.unread_turns.values()}
    supports = tuple(dict.fromkeys(s for s in parsed.get("supports", []) if s in known))
    confidence = float(parsed.get("confidence", 0.0))
    return Replied(Draft(answer, supports, min(max(confidence, 0.0), 1.0)),
                   spent.tokens, tuple(spent.repairs))


@dataclass
class _Spent:
    """The answer calls of one question: their tokens and the backend's repairs."""

    tokens: int = 0
    repairs: list[str] = field(default_factory=list)

    def ask(self, llm: LLM, messages: Sequence[Message], started: float,
            temperature: float) -> tuple[dict[str, Any], str]:
        with question_clock(started):
            reply = scrubbed(llm.complete(messages, response_schema=ANSWER_SCHEMA,
                                          purpose="answer", temperature=temperature))
        self.tokens += reply.usage.total_tokens
        self.repairs += reply.repairs
        parsed = reply.parsed if isinstance(reply.parsed, dict) else {}
        return parsed, reply.text or json.dumps(parsed, ensure_ascii=False)


def refused_step(round_: int, replied: Replied) -> Step:
    """The trace's step saying the offline reader answered, and why."""
    return Step(round=round_, tool="answer",
                arguments={"answered_by": "offline reader",
                           "reason": f"the model's answer twice: {replied.refused}"},
                result_ids=(), kept_ids=replied.draft.supports,
                error=f"model answer refused: {replied.refused}")


def _event_line(event: Record, times: Mapping[str, Record]) -> str:
    """An episode: its session's day, and the dates its turns mention when they were read
    ("last year" = 2022, D3:4)."""
    when = f"said {event['date']}"
    time = times.get(str(event["id"]))
    if time is not None and time.get("mentions"):
        when += "; mentions " + ", ".join(
            f"\"{m.get('phrase', '')}\" = {m['when']} ({m.get('dia_id', '')})"
            for m in time["mentions"])
    return _one_line(f"- [{event['id']}] {when} [{', '.join(event['dia_ids'])}] "
                     f"{event['summary']}")


def _dates_of(turn: Record) -> str:
    """The dates a turn mentions, resolved ("last year" = 2022), when its record has them."""
    dates = turn.get("dates") or ()
    return " [dates: " + "; ".join(f"\"{d.get('phrase', '')}\" = {d['when']}"
                                   for d in dates) + "]" if dates else ""


def render_evidence(found: Found) -> str:
    """The kept episodes (most relevant first) and the turns handed on (`Found.handed`: of the
    turns read and the rest of H's episodes, the `Budget.answer_turns` best, best first)."""
    evidence = found.evidence
    lines = ["Episodes:"] + [_event_line(e, evidence.times) for e in evidence.ranked_events()]
    if found.handed:
        lines.append("Turns (most relevant first):")
        lines += [_one_line(f"- {t['dia_id']} ({t['date']}) {said(t)}{_dates_of(t)}")
                  for t in found.handed]
    if len(lines) == 1:
        return "(nothing found)"
    return escape("\n".join(lines))


def render_beliefs(found: Found) -> str:
    """Every belief candidate kept, with its confidence, support, status and provenance."""
    lines = [_one_line(f"- {b['entity']} / {b['aspect']}: \"{b['statement']}\" - confidence "
                       f"{float(b['confidence']):.2f}, support {b['support']}, {b['status']}, "
                       f"seen {b['first_seen']} to {b['last_seen']} [{', '.join(b['dia_ids'])}]")
             for b in found.evidence.beliefs.values()]
    return escape("\n".join(lines)) if lines else "(none retrieved)"
