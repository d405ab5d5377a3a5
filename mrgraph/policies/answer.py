"""Extractive answering: the answer is a span of the evidence, never generated text.

Used by the heuristic policy and by the passive baselines, so every offline mode answers the
same way and differs only in the evidence it found.

  1. candidates: the turns read (event_context), else the kept episodes' summaries;
  2. score = q(candidate) + EPISODE_WEIGHT * relevance of its episode (see policies.base);
  3. the best candidate's best sentence (most question weight; ties: the first) is the answer;
     for temporal questions ("when", "what date", "how long ago") the episode's resolved date
     instead, formatted like "7 May 2023" (a range: "1 May 2023 - 7 May 2023");
  4. confidence = min(0.99, max(q(candidate), relevance of its episode)); below `threshold`
     the answer is NOT_MENTIONED with no supports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from mrgraph.policies.base import Draft, State, dia_order, record_text
from mrgraph.text import tokenize
from mrgraph.toolkit import Record
from mrgraph.types import NOT_MENTIONED

EPISODE_WEIGHT = 0.5
DEFAULT_THRESHOLD = 0.2
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class _Candidate:
    text: str
    dia_ids: tuple[str, ...]
    event: Record | None
    score: float
    q: float


def format_date(iso: str) -> str:
    """"2023-05-07" -> "7 May 2023" (text that is not an ISO date is returned unchanged)."""
    try:
        day = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    return f"{day.day} {day.strftime('%B')} {day.year}"


def format_span(start: str, end: str | None) -> str:
    if not end or end == start:
        return format_date(start)
    return f"{format_date(start)} - {format_date(end)}"


def _candidates(state: State) -> list[_Candidate]:
    events = state.evidence.events
    found: list[_Candidate] = []
    for turn in state.evidence.turns.values():
        event = events.get(str(turn.get("event_id")))
        q = state.q_share(tokenize(str(turn["text"])))
        rel = float(event["relevance"]) if event else float(turn.get("relevance", 0.0))
        found.append(_Candidate(str(turn["text"]), (str(turn["dia_id"]),), event,
                                q + EPISODE_WEIGHT * rel, q))
    if not found:  # nothing read: answer from the episodes' own summaries
        for event in events.values():
            q = state.q_share(tokenize(record_text(event)))
            found.append(_Candidate(str(event["summary"]), tuple(event["dia_ids"]), event,
                                    q + EPISODE_WEIGHT * float(event["relevance"]), q))
    # best score first; ties broken by transcript order so the result is deterministic
    found.sort(key=lambda c: dia_order(c.dia_ids[0]) if c.dia_ids else (0,))
    found.sort(key=lambda c: -c.score)
    return found


def best_sentence(state: State, text: str) -> str:
    sentences = [s.strip() for s in _SENTENCE_END.split(text) if s.strip()] or [text.strip()]
    scores = [state.q_share(tokenize(s)) for s in sentences]
    return sentences[scores.index(max(scores))]


def _when(state: State, event: Record | None) -> str | None:
    if event is None:
        return None
    time = state.evidence.times.get(str(event["id"]))
    if time is not None:
        return format_span(str(time["date"]), time.get("date_end"))
    return format_span(str(event["date"]), event.get("date_end"))


def extractive_answer(state: State, threshold: float = DEFAULT_THRESHOLD) -> Draft:
    """The best span of the evidence in `state` (see the module docstring)."""
    candidates = _candidates(state)
    if not candidates:
        return Draft(NOT_MENTIONED, (), 0.0)
    best = candidates[0]
    rel = float(best.event["relevance"]) if best.event else 0.0
    confidence = min(0.99, max(best.q, rel))
    if confidence < threshold:
        return Draft(NOT_MENTIONED, (), round(confidence, 4))
    answer = (_when(state, best.event) if state.temporal else None) or \
        best_sentence(state, best.text)
    return Draft(answer, best.dia_ids, round(confidence, 4))
