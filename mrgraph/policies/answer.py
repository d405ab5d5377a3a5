"""The offline answer step, one for every mode: the heuristic policy and the passive baselines
answer with `extractive_answer`, so they differ only in the evidence they found.

It is the reader (mrgraph.reader): what was asked (kind, person), the answer phrase rather than
the sentence, lists, yes/no, counts and dates, a fitted confidence (see mrgraph.reader.read).
The dates are said as precisely as they were said (mrgraph.dates.render, mrgraph.reader.dates).
"""

from __future__ import annotations

from mrgraph.policies.base import Draft, State
from mrgraph.reader.read import DEFAULT_THRESHOLD, read


def extractive_answer(state: State, threshold: float = DEFAULT_THRESHOLD) -> Draft:
    """The reader's answer to `state.question` from the evidence in `state`."""
    reading = read(state, threshold)
    return Draft(reading.answer, reading.supports, reading.confidence)


__all__ = ["DEFAULT_THRESHOLD", "extractive_answer"]
