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

import re
from collections.abc import Callable
from datetime import date
from functools import lru_cache

from mrgraph.dates import DateValue, format_day, mentions, render
from mrgraph.reader.words import mostly_verb


@lru_cache(maxsize=20_000)
def turn_dates(text: str, said: str) -> tuple[DateValue, ...]:
    """The dates a turn's `text` mentions, resolved against `said` (its session's ISO day or
    timestamp); none without a session day."""
    try:
        anchor = date.fromisoformat(said[:10])
    except ValueError:
        return ()
    return tuple(mentions(text, anchor))


# A question about what is ahead ("When is she going to ...?"), or what is past ("When did
# ...?"): the dates that answer it lie on that side of the day they were said.
_AHEAD = re.compile(r"\b(will|going to|gonna|plan(?:s|ning)? (?:on|to)|planning|intends?|"
                    r"upcoming|next)\b", re.IGNORECASE)
_PAST = re.compile(r"\b(did|was|were|had|ago)\b", re.IGNORECASE)
# what was arranged, asked in the past tense, is still a plan when it was said ("When was she
# due to start?"); not "due to the rain", which gives a cause
_DUE = re.compile(r"\b(?:due|supposed|scheduled|expected) to ([a-z]+)", re.IGNORECASE)


def ahead(question: str, due: bool = True) -> bool | None:
    """True for a question about what is ahead - with `due`, about what was arranged - False
    for one about the past, None when it says neither."""
    arranged = _DUE.search(question) if due else None
    # a verb follows what was arranged ("due to start"); a cause does not ("due to rain")
    if _AHEAD.search(question) or (arranged and mostly_verb(arranged.group(1))):
        return True
    return False if _PAST.search(question) else None


def agrees(value: DateValue, future: bool | None) -> bool:
    """Whether a date lies on the side of its saying that the question asks about: a plan
    ("next month") does not say when something past happened, nor a memory when a plan is."""
    if future is None or not value.said:
        return True
    return value.end >= value.said if future else value.start <= value.said


def stated(sentence: str, turn: str, said: str, fit: Callable[[str], float],
           future: bool | None = None) -> DateValue | None:
    """The date `sentence` (of the turn whose text is `turn`) states, if any: of the turn's
    dates whose phrase it holds and that lie on the side the question asks about (`future`:
    `ahead`), the one whose clause `fit` scores highest (ties: the first)."""
    held = [v for v in turn_dates(turn or sentence, said)
            if v.phrase in sentence and agrees(v, future)]
    if len(held) < 2:
        return held[0] if held else None
    return max(held, key=lambda v: fit(v.statement))  # max keeps the first of equals


def told(sentence: str, turn: str, said: str, fit: Callable[[str], float],
         future: bool | None = None) -> DateValue | None:
    """The date of what `sentence` tells, of all the dates its turn mentions: the one whose
    clause holds most of the question (`fit`), then one on the side the question asks about,
    then one the sentence states, then the first. A turn tells one story more often than two
    ("I got a kitten two weeks ago! Her name's Pip."): when no clause holds any of the
    question, its first date is the story's. A question about what is ahead never takes a
    past date; one about the past may take a plan ("We host a contest next month" answers
    "When did they host the contest?", asked later)."""
    dates = [v for v in turn_dates(turn or sentence, said) if future is not True or
             agrees(v, future)]
    if not dates:
        return None
    return max(dates, key=lambda v: (fit(v.statement), agrees(v, future), v.phrase in sentence))


def when(value: DateValue | None, said: str) -> str | None:
    """A "when" answer: the date stated, as precisely as it was said; else the day it was said
    (`said`, the session's); None without either."""
    if value is not None:
        return render(value)
    return format_day(said) if said else None
