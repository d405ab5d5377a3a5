"""The answer to a "when" question: which date the evidence gives for what was asked.

The dates are the turns' own (reader.dates: as ingestion stored them, with their precision
and the clause each belongs to); the evidence's sentences are ranked by reader.evidence.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from mrgraph.dates import DateValue
from mrgraph.found import Found
from mrgraph.reader.dates import agrees, ahead, stated, told, turn_dates, when
from mrgraph.reader.evidence import Sentence, content_share, is_question, split_sentences
from mrgraph.reader.question import Question

REACH = 8  # the best sentences whose turns' dates compete
DATED_SHARE = 0.7  # how good a sentence stating a date must be, beside the best one


def answer_when(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]]:
    """The date `date_of` gives, as precisely as it was said; else the day its sentence was
    said (its session's: an episode is dated by its session)."""
    value, said, sentence = date_of(state, question, found)
    return when(value, said) or sentence.text, (sentence.dia_id,)


def date_of(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[DateValue | None, str, Sentence]:
    """The date the answer rests on (reader.dates), the day it was said and its sentence: of
    the dates the turns of the best REACH sentences mention, the one whose clause holds most of
    the question, when the person asked about said it and its clause holds at least as much as
    the best sentence; else, of the best sentence's turn, the one whose clause holds most of it
    (reader.dates.told); with none, one the same speaker told just before, when the other only
    asked in between ("Something happened yesterday..." - "What happened?" - "I had a car
    accident."); else the date a nearly as good sentence states (`_dated_near`); else None
    (the best sentence's day)."""
    best = found[0]
    fit = functools.partial(content_share, state, question)
    future = ahead(question.text)
    clause = _best_clause(question, found[:REACH], fit, future)
    if clause is not None and clause[0] >= best.q:
        return clause[1], clause[2].said, clause[2]
    said = best.said or (str(best.event["date"]) if best.event is not None else "")
    value = told(best.text, best.turn, said, fit, future)
    if value is None and (before := _asked_between(state, best)) is not None:
        value = told("", before, said, fit, future)
    if value is None and (dated := _dated_near(question, best, found[1:REACH], fit, future)):
        return dated[0], dated[1].said, dated[1]
    return value, said, best


def _dated_near(question: Question, best: Sentence, found: list[Sentence],
                fit: Callable[[str], float], future: bool | None) -> \
        tuple[DateValue, Sentence] | None:
    """The first sentence nearly as good as the best (DATED_SHARE of its score), by the person
    asked about, that states a date itself (reader.dates.stated): a "when" question asks for a
    date, and the best sentence's turn gives none ("I volunteer at the shelter." - "I started
    there about a year ago.")."""
    for sentence in found:
        if sentence.score < DATED_SHARE * best.score or \
                (question.person is not None and sentence.speaker != question.person):
            continue
        value = stated(sentence.text, sentence.turn, sentence.said, fit, future)
        if value is not None:
            return value, sentence
    return None


def _best_clause(question: Question, found: list[Sentence], fit: Callable[[str], float],
                 future: bool | None) -> tuple[float, DateValue, Sentence] | None:
    """Of the dates the sentences' turns mention, the one whose clause holds most of the
    question (ties: on the side it asks about, then the better sentence), said by the person
    asked about (or anyone, when the question names nobody); None when no clause holds any."""
    scored = []
    for rank, sentence in enumerate(found):
        if question.person is not None and sentence.speaker != question.person:
            continue
        for value in turn_dates(sentence.turn or sentence.text, sentence.said):
            if future is not True or agrees(value, future):
                scored.append((fit(value.statement), agrees(value, future), -rank, value,
                               sentence))
    best = max(scored, key=lambda s: s[:3], default=None)
    return (best[0], best[3], best[4]) if best is not None and best[0] > 0 else None


def _asked_between(state: Found, sentence: Sentence) -> str | None:
    """The text of the turn the sentence's speaker said two turns before its own, when the
    other speaker's turn in between asks a question (and nothing more about the date)."""
    turn = next((t for t in state.evidence.turns.values()
                 if t["dia_id"] == sentence.dia_id and t["text"] == sentence.turn), None)
    session, _, number = sentence.dia_id.partition(":")
    if turn is None or not number.isdigit() or int(number) < 3:
        return None
    key = f"{turn.get('conversation', '')}/{session}:"
    asked = state.evidence.turns.get(key + str(int(number) - 1))
    before = state.evidence.turns.get(key + str(int(number) - 2))
    if asked is None or before is None or asked["speaker"] == sentence.speaker or \
            before["speaker"] != sentence.speaker or \
            not any(is_question(p) for p in split_sentences(str(asked["text"]))):
        return None
    return str(before["text"])


