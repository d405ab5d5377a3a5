"""Extractive answering: the answer is a span of the evidence, never generated text.

Used by the heuristic policy and by the passive baselines, so every offline mode answers the
same way and differs only in the evidence it found.

  1. candidates: the turns read (event_context), else the kept episodes' summaries;
  2. score = q(candidate) + EPISODE_WEIGHT * relevance of its episode (see policies.base);
  3. the best candidate's best sentence (most question weight; ties: the first) is the answer;
     for temporal questions ("when", "what date", "how long ago") the date instead: the one
     the turn states (its resolved time expression, preferred by TIMED in the score), else
     its episode's, formatted like "7 May 2023"; a range the way people say it (`format_range`:
     "2022", "June 2023", "the week before 9 June 2023", "the weekend before ...");
  4. evidence strength = max(q(candidate), relevance of its episode); below `threshold` the
     answer is NOT_MENTIONED with no supports; the confidence reported is q(candidate) alone
     (the share of the question's weighted words the supporting turn holds, at most 0.99):
     episode relevance adds hop and context bonuses and saturates, which says little to a user;
  5. a belief read from the semantic layer (personal_aspect) is the answer instead when it
     covers the question (its aspect and statement) at least as well as the best turn: the
     most confident candidate of the distribution - what mrgraph currently believes, e.g.
     where someone lives *now* - with its confidence, supported by the turn (of those read)
     where the person says it, else by all its provenance turns;
     never for temporal questions or questions about an earlier state ("before", "used to");
  6. wrong person: when the question names one speaker of the conversation and what the
     other speakers said in the turns read covers the question's other words better than
     anything that speaker said, the answer is NOT_MENTIONED too (`wrong_person`): the
     evidence is about someone else (LoCoMo's adversarial questions swap the person).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from mrgraph.beliefs import is_negative
from mrgraph.ingest.dates import DateMention, find_dates
from mrgraph.policies.base import Draft, State, dia_order, record_text
from mrgraph.text import tokenize, words
from mrgraph.toolkit import Record
from mrgraph.types import NOT_MENTIONED

EPISODE_WEIGHT = 0.5
DEFAULT_THRESHOLD = 0.2
TIMED = 0.3  # for a "when" question, a turn that says when (a resolved date) is preferred
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# a question about an earlier state is not answered by the current belief
_PAST = re.compile(r"\b(before|used to|previous(?:ly)?|earlier|first|originally|formerly|former|"
                   r"past|until|ago|back then|at first|in the beginning)\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Candidate:
    text: str
    dia_ids: tuple[str, ...]
    event: Record | None
    score: float
    q: float
    stated: DateMention | None = None  # the time the turn states, resolved on its session date
    said: str = ""  # the session date of the turn


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


def format_range(start: str, end: str | None, said: str | None = None) -> str:
    """A resolved date or range as people say it: a whole year "2022", a whole month
    "June 2023", a week or weekend relative to `said` (the day it was said: "the week before
    9 June 2023"), else a day or a span."""
    try:
        first, last = date.fromisoformat(start[:10]), date.fromisoformat((end or start)[:10])
        spoken = date.fromisoformat(said[:10]) if said else None
    except ValueError:
        return format_span(start, end)
    if first == last:
        return format_date(start)
    if (first.month, first.day, last.month, last.day) == (1, 1, 12, 31) and \
            first.year == last.year:
        return str(first.year)
    if first.day == 1 and (last + timedelta(days=1)).day == 1 and \
            (first.year, first.month) == (last.year, last.month):
        return f"{first.strftime('%B')} {first.year}"
    span = (last - first).days
    if spoken is not None and span in (1, 6) and first < spoken:
        unit = "weekend" if span == 1 else "week"
        if last < spoken:
            return f"the {unit} before {format_date(spoken.isoformat())}"
        return f"the {unit} of {format_date(spoken.isoformat())}"
    return format_span(start, end)


def _candidates(state: State) -> list[_Candidate]:
    events = state.evidence.events
    found: list[_Candidate] = []
    for turn in state.evidence.turns.values():
        event = events.get(str(turn.get("event_id")))
        q = state.q_share(tokenize(str(turn["text"])))
        rel = float(event["relevance"]) if event else float(turn.get("relevance", 0.0))
        said = str(turn.get("date", ""))
        stated = _stated(str(turn["text"]), said) if state.temporal else None
        found.append(_Candidate(str(turn["text"]), (str(turn["dia_id"]),), event,
                                q + EPISODE_WEIGHT * rel + (TIMED if stated else 0.0), q,
                                stated, said))
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


def _stated(text: str, said: str) -> DateMention | None:
    """The first time expression of a turn, resolved against its session's date (as ingestion
    resolved it); None without one or without a session date."""
    try:
        anchor = date.fromisoformat(said[:10])
    except ValueError:
        return None
    return next((m for m in find_dates(text, anchor) if not m.approximate), None)


def _when(state: State, best: _Candidate) -> str | None:
    """The date the answer rests on: the one its turn states, else its episode's."""
    if best.stated is not None:
        return format_range(best.stated.start, best.stated.end, best.said or None)
    event = best.event
    if event is None:
        return None
    time = state.evidence.times.get(str(event["id"]))
    if time is not None:
        return format_range(str(time["date"]), time.get("date_end"),
                            str(time["session_started_at"]))
    return format_range(str(event["date"]), event.get("date_end"))


def wrong_person(state: State) -> bool:
    """The question names one speaker, but the other speakers' turns read cover the rest of
    the question (its words other than speaker names) better than any of that speaker's."""
    turns = list(state.evidence.turns.values())
    speakers = {str(t["speaker"]) for t in turns}
    asked = set(words(state.question))
    named = [p for p in speakers if p and set(words(p)) <= asked]
    if len(named) != 1:
        return False
    names = {t for p in speakers for t in tokenize(p)}
    content = {t: w for t, w in state.weights.items() if t not in names}
    total = sum(content.values())
    if total <= 0:
        return False

    def cover(text: str) -> float:
        held = set(tokenize(text))
        return sum(w for t, w in content.items() if t in held) / total

    theirs = max((cover(str(t["text"])) for t in turns if t["speaker"] == named[0]), default=0.0)
    others = max((cover(str(t["text"])) for t in turns if t["speaker"] != named[0]), default=0.0)
    return theirs < others


def _belief(state: State) -> _Candidate | None:
    """The belief to answer with, of those read (personal_aspect): the most confident (ties:
    the one covering more of the question, then an affirmation over a denial, then the
    first), covering the question - its aspect and statement - at least as well as the best
    turn (policies.semantic reads only aspects the question is about)."""
    if state.temporal or not state.evidence.beliefs or _PAST.search(state.question):
        return None
    scored = [(float(b["confidence"]), state.q_share(tokenize(f"{b['aspect']} {b['statement']}")),
               not is_negative(str(b["statement"])), -i, b)
              for i, b in enumerate(state.evidence.beliefs.values())]
    confidence, q, _, _, best = max(scored, key=lambda s: s[:4])
    return _Candidate(str(best["statement"]), _belief_supports(state, best), None, confidence, q)


def _belief_supports(state: State, belief: Record) -> tuple[str, ...]:
    """The turn of the belief's episodes, read, where its person says most of its statement;
    all of the episodes' turns when none of them was read."""
    words = set(tokenize(str(belief["statement"])))
    said = [(len(words & set(tokenize(str(t["text"])))), t) for t in state.evidence.turns.values()
            if t["dia_id"] in belief["dia_ids"] and t["speaker"] == belief["entity"]]
    best = max(said, key=lambda s: s[0], default=(0, None))
    return (str(best[1]["dia_id"]),) if best[1] is not None and best[0] > 0 \
        else tuple(belief["dia_ids"])


def extractive_answer(state: State, threshold: float = DEFAULT_THRESHOLD) -> Draft:
    """The best span of the evidence in `state` (see the module docstring)."""
    candidates = _candidates(state)
    belief = _belief(state)
    if belief is not None and (not candidates or belief.q >= candidates[0].q):
        return Draft(belief.text, belief.dia_ids, round(min(0.99, belief.score), 4))
    if not candidates:
        return Draft(NOT_MENTIONED, (), 0.0)
    best = candidates[0]
    rel = float(best.event["relevance"]) if best.event else 0.0
    strength = max(best.q, rel)
    confidence = round(min(0.99, best.q), 4)
    if strength < threshold or wrong_person(state):
        return Draft(NOT_MENTIONED, (), confidence)
    answer = (_when(state, best) if state.temporal else None) or \
        best_sentence(state, best.text)
    return Draft(answer, best.dia_ids, confidence)
