"""Everyday phrases for the recent past that name no count of units back from the session's
day the way "three weeks ago" does: periods up to now, "the previous ...", "earlier in the
week", weekends counted vaguely, "the other week". Rules for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules and mrgraph.dates.spoken for the others):

* "the past / last N days" (also "these past ...", "a couple of", weeks) is the span from N
  units before the session's day up to that day (precision range: "I've been ill the past
  three days", said on the 10th: 7-10); "the past few / several days" the same span from five
  units back, approximate, in whole units ("2023-W14/2023-W19"), as "a few weeks ago" reaches
  five back; "the past week" a week back up to the day. Not "the last two days of the trip"
  (of / before / after / in / at a thing: not up to now), nor "my last few weeks at work" (no
  "the"/"these"). "the last ..." also means "the final ..." of a time spoken of: not when the
  turn names a time before it ("Last summer we toured Italy; the last few days were rainy")
  nor in a sentence about what is ahead ("I'll spend the last two days packing"). Months and
  years are not read so: "for the past two years" says how long a state has lasted, not when
  something happened (tried: a temporal answer was lost to it).
* "the previous weekend / week / month / year" in a sentence about the past is "last weekend /
  week / ..." (in a plan or a present sentence it names nothing: "the previous week's notes"
  is not said of a time); not when the turn names a time before it, which it is counted from
  ("In 2015 we moved. The previous year I was in Paris."), nor in the past perfect ("She told
  me the previous week had been the worst": counted from her telling).
* "earlier / later in the week" (or the day, month, year) is the session's week (day, month,
  year): "earlier this week" already is. Not when the turn names a time before it ("Last week
  was wild: earlier in the week my car broke down", "We moved in March. Later in the month
  ...", "Yesterday was crazy: earlier in the day ...").
* "a few / several weekends ago" (or "back") is the approximate range from the weekend five
  weeks back to the one two weeks back, as "a few weeks ago"; "two / a couple of weekends
  back" is "two weekends ago".
* "the other week / weekend" is, as "the other day" is for days, a recent one not this one:
  one to three weeks back, approximate ("2023-W16/2023-W18"); not "one week ... the other
  week" (the second of two).
* "not long ago", "a while ago", "recently": no date (no amount said; no rule here).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Callable

from mrgraph.dates.clauses import sentence_start
from mrgraph.dates.resolved import (QUANTITY, STEP, Resolved, Resolver, a_weekend, count_of,
                                    in_unit, units_back, week_of)
from mrgraph.dates.spoken import NOT_BACK
from mrgraph.dates.tense import sentence as tense_sentence
from mrgraph.dates.tense import tense
from mrgraph.dates.value import Source

_UNIT = r"(day|week|month|year)"
_SHORT = r"(day|week)"  # spans up to now that date what happened in them (module docstring)
# "the last two days of the trip", "the past few weeks before the exam": not up to now
_NOT_NOW = r"(?!\s+(?:of|before|after|in|at|on|until|till|prior|leading)\b)(?!['’])"


def _past_units_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_past_units`: `last_units_said` decides."""
    return None


def _past_units(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"the past three days": from three days back up to the session's day."""
    if looks is None:
        return None
    unit = match.group(2).lower()
    count = count_of(match.group(1))
    if count is None:  # "the past few weeks": five back up to now, in whole units
        return units_back(unit, 0, 5, anchor)
    if count < 1:
        return None
    return Resolved(anchor - STEP[unit] * count, anchor, "range")


def _past_one(match: re.Match[str], anchor: date) -> Resolved:
    """"the past week": a week back up to the session's day."""
    return Resolved(anchor - timedelta(weeks=1), anchor, "range")


def _previous_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_previous`: the tense decides (TENSED), alone nothing."""
    return None


def _previous(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"the previous week" said of the past: last week (and weekend, month, year)."""
    if looks != "past":
        return None
    unit = match.group(1).lower()
    if unit == "weekend":
        return a_weekend(week_of(anchor)[0] - timedelta(weeks=1))
    return in_unit(unit, anchor - STEP[unit])


def _earlier_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_earlier_in` (as `_previous_entry`)."""
    return None


# a time named before in the turn, which "earlier in the week", "the previous year" or "the
# last few days" may be counted from: a month by its capital ("may" is a verb), a year, a
# weekday, a holiday, "yesterday", "... ago", "last / next / that <unit>", "<unit> before",
# a stay's length ("We stayed for a month; the last two weeks were rainy")
_TIME_NAMED = re.compile(
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|(?:19|20)\d\d|(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"yesterday|christmas|easter|thanksgiving|halloween|ago|"
    r"(?:last|next|that|previous|following|same)\s+(?:day|night|week|weekend|month|year|"
    r"summer|winter|spring|autumn|fall)|(?:day|week|weekend|month|year)\s+before|"
    r"for\s+(?:a|an|one|two|three|four|five|six|\d+|a\s+few|several)\s+"
    r"(?:day|week|month|year)s?))\b")
# the past perfect: counted from the time of the story, not from the session
_PAST_PERFECT = re.compile(r"\bhad\s+(?:\w+\s+)?(?:been|\w+ed)\b", re.IGNORECASE)


def named_before(text: str, start: int) -> bool:
    """Whether the turn names a time before `start` (`_TIME_NAMED`)."""
    return _TIME_NAMED.search(text, 0, start) is not None


def own_period(text: str, start: int, end: int) -> str | None:
    """"this" unless the turn names a time before the phrase (`_TIME_NAMED`)."""
    return None if named_before(text, start) else "this"


def previous_said(text: str, start: int, end: int) -> str | None:
    """The sentence's tense (mrgraph.dates.tense), unless the turn names a time before the
    phrase or the sentence is in the past perfect: then what it is counted from is no session."""
    if named_before(text, start) or _PAST_PERFECT.search(tense_sentence(text, start, end)):
        return None
    return tense(text, start, end)


def last_units_said(text: str, start: int, end: int) -> str | None:
    """"the past N days" is up to now ("up"); "the last N days" only when the turn names no time
    before it and the sentence is not about what is ahead (else "the final N days" of it)."""
    if text[start:end].lower().split()[1] == "past":
        return "up"
    if named_before(text, start) or tense(text, start, end) == "future":
        return None
    return "up"


def _earlier_in(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"earlier in the week": the session's week (day, month, year)."""
    return in_unit(match.group(1).lower(), anchor) if looks == "this" else None


def _weekends_between(far: int, near: int, monday: date) -> Resolved:
    """From the weekend `far` weeks before the week of `monday` to the one `near` weeks before
    it, approximate."""
    return Resolved(a_weekend(monday - timedelta(weeks=far)).start,
                    a_weekend(monday - timedelta(weeks=near)).end, "range", True)


def _weekends_back(match: re.Match[str], anchor: date) -> Resolved | None:
    """"a few weekends ago": weekends five to two weeks back, approximate; "two weekends
    back": the weekend two weeks back."""
    monday = week_of(anchor)[0]
    count = count_of(match.group(1) or match.group(2))
    if count is None:
        return _weekends_between(5, 2, monday)
    return a_weekend(monday - timedelta(weeks=count)) if count >= 1 else None


def _other_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_the_other` (as `_previous_entry`)."""
    return None


# "one week at the coast and the other week at home": the second of two, not a time
_ONE_OF_TWO = re.compile(r"\b(?:one|a|first|this|that)\s+week(?:end)?\b")


def other_of_two(text: str, start: int, end: int) -> str | None:
    """None where "the other week" is the second of two weeks said before it."""
    left = sentence_start(text, start)
    return None if _ONE_OF_TWO.search(text[left:start].lower()) else "recent"


def _the_other(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"the other week": one to three weeks back; "the other weekend": those weekends."""
    if looks != "recent":
        return None
    if match.group(1).lower() == "week":
        return units_back("week", 1, 3, anchor)
    monday = week_of(anchor)[0]
    return _weekends_between(3, 1, monday)


RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:the|these)\s+(?:past|last)\s+" + QUANTITY + r"\s+" + _SHORT + r"s" + _NOT_NOW,
     _past_units_entry, "relative"),
    (r"(?:the|these)\s+past\s+week" + _NOT_NOW, _past_one, "relative"),
    (r"the\s+previous\s+(weekend|week|month|year)" + _NOT_NOW + r"(?!\s+(?:to|than)\b)",
     _previous_entry, "relative"),
    (r"(?:earlier|later)\s+in\s+the\s+" + _UNIT, _earlier_entry, "relative"),
    (NOT_BACK + r"(a\s+few|few|several)\s+weekends\s+ago|" + NOT_BACK + QUANTITY
     + r"\s+weekends?\s+back(?!\s+(?:to|from|home|then|when)\b)", _weekends_back, "relative"),
    (r"the\s+other\s+(week|weekend)", _other_entry, "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _previous_entry: _previous, _earlier_entry: _earlier_in, _other_entry: _the_other,
    _past_units_entry: _past_units}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {
    _earlier_entry: own_period, _other_entry: other_of_two, _previous_entry: previous_said,
    _past_units_entry: last_units_said}
