"""The reader's dates: which date a sentence states, and the answer to a "when" question.

A turn's dates are the ones ingestion stored for it (`mrgraph.dates.mentions`: resolved against
its session's day, each with its precision and the clause that says it), found again from the
turn's text and session day, so every turn read has them whether or not its record carries them.
A sentence states the dates whose phrase it holds; of several, the one whose clause holds most
of the question is the one the question is about ("I ran a race last Saturday and we fly out
next month"). The answer says it as precisely as it was said ("2022", "the week before 9 June
2023"); a sentence that states no date answers with the day it was said, its session's.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import lru_cache

from mrgraph.dates import DateValue, format_day, mentions, render


@lru_cache(maxsize=20_000)
def turn_dates(text: str, said: str) -> tuple[DateValue, ...]:
    """The dates a turn's `text` mentions, resolved against `said` (its session's ISO day or
    timestamp); none without a session day."""
    try:
        anchor = date.fromisoformat(said[:10])
    except ValueError:
        return ()
    return tuple(mentions(text, anchor))


def stated(sentence: str, turn: str, said: str, fit: Callable[[str], float]) -> DateValue | None:
    """The date `sentence` (of the turn whose text is `turn`) states, if any: of the turn's
    dates whose phrase it holds, the one whose clause `fit` scores highest (ties: the first)."""
    held = [v for v in turn_dates(turn or sentence, said) if v.phrase in sentence]
    if len(held) < 2:
        return held[0] if held else None
    return max(held, key=lambda v: fit(v.statement))  # max keeps the first of equals


def told(sentence: str, turn: str, said: str, fit: Callable[[str], float]) -> DateValue | None:
    """The date of what `sentence` tells, of all the dates its turn mentions: the one whose
    clause holds most of the question (`fit`), one the sentence states winning ties, then the
    first. A turn tells one story more often than two ("I got a puppy two weeks ago! Her name's
    Coco."): when no clause holds any of the question, its first date is the story's."""
    dates = turn_dates(turn or sentence, said)
    if not dates:
        return None
    return max(dates, key=lambda v: (fit(v.statement), v.phrase in sentence))


def when(value: DateValue | None, said: str) -> str | None:
    """A "when" answer: the date stated, as precisely as it was said; else the day it was said
    (`said`, the session's); None without either."""
    if value is not None:
        return render(value)
    return format_day(said) if said else None
