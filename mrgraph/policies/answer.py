"""The offline answer step, one for every mode: the heuristic policy and the passive baselines
answer with `extractive_answer`, so they differ only in the evidence they found.

It is the reader (mrgraph.reader), handed what the walk found as a frozen value
(mrgraph.found.Found): the one way from the policies to the reader. The reader finds what was
asked (kind, person), the answer phrase rather than the sentence, lists, yes/no, counts and
dates, and a fitted confidence (see mrgraph.reader.read).
The dates are said as precisely as they were said (mrgraph.dates.render, mrgraph.reader.when).
"""

from __future__ import annotations

from mrgraph.found import Found
from mrgraph.policies.base import Draft, State
from mrgraph.policies.turns import found
from mrgraph.reader.question import over_time
from mrgraph.reader.read import DEFAULT_THRESHOLD, read


def extractive_answer(state: State, threshold: float = DEFAULT_THRESHOLD) -> Draft:
    """The reader's answer to `state.question` from what the walk found (`found`: with the
    turns handed on when the loop fetched unread ones)."""
    return reader_answer(found(state, bool(state.unread_turns)), threshold)


def reads_reached(question: str) -> bool:
    """Whether the answer step takes the things of a list from the turns of every episode the
    walk reached: a question in the present perfect ("What has X painted?",
    mrgraph.reader.question.over_time), whose things are said on many occasions."""
    return over_time(question)


def reader_answer(walked: Found, threshold: float = DEFAULT_THRESHOLD) -> Draft:
    """The reader's answer from a walk's findings (the LLM answer step falls back on it)."""
    reading = read(walked, threshold)
    return Draft(reading.answer, reading.supports, reading.confidence)


__all__ = ["DEFAULT_THRESHOLD", "extractive_answer", "reader_answer", "reads_reached"]
