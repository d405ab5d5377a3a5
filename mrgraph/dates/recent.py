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
  "the"/"these"). Months and years are not read so: "for the past two years" says how long a
  state has lasted, not when something happened (tried: a temporal answer was lost to it).
* "the previous weekend / week / month / year" in a sentence about the past is "last weekend /
  week / ..." (in a plan or a present sentence it names nothing: "the previous week's notes"
  is not said of a time, "the previous year" in a story needs its story).
* "earlier / later in the week" (or the day, month, year) is the session's week (day, month,
  year): "earlier this week" already is. Not when the turn has named another such period before
  it ("Last week was wild: earlier in the week my car broke down").
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

from mrgraph.dates.resolved import (STEP, Resolved, Resolver, a_weekend, count_of, in_unit, norm,
                                    units_back, week_of)
from mrgraph.dates.spoken import NOT_BACK
from mrgraph.dates.value import Source

_QUANTITY = (r"(a\s+couple\s+of|a\s+couple|couple\s+of|couple|a\s+few|few|several|\d{1,2}|two|"
             r"three|four|five|six|seven|eight|nine|ten)")
_UNIT = r"(day|week|month|year)"
_SHORT = r"(day|week)"  # spans up to now that date what happened in them (module docstring)
# "the last two days of the trip", "the past few weeks before the exam": not up to now
_NOT_NOW = r"(?!\s+(?:of|before|after|in|at|on|until|till|prior|leading)\b)(?!['’])"


def _past_units(match: re.Match[str], anchor: date) -> Resolved | None:
    """"the past three days": from three days back up to the session's day."""
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


def _this_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_earlier_in` (as `_previous_entry`)."""
    return None


# a period of the same kind named before in the turn: "earlier in the week" is of that one
_OTHER_PERIOD = {unit: re.compile(rf"\b(?:last|that|next|previous|following|same)\s+{unit}\b"
                                  rf"|\b{unit}\s+before\b")
                 for unit in ("week", "month", "year")}
# "the day" of a story: a day named before it ("On Friday we hiked; earlier in the day ...")
_OTHER_PERIOD["day"] = re.compile(r"\b(?:on|that|last|the)\s+\w+day\b")


def own_period(text: str, start: int, end: int) -> str | None:
    """"this" unless the turn names another period of the phrase's unit before it."""
    unit = norm(text[start:end]).rsplit(" ", 1)[-1]
    before = text[:start].lower()
    return None if _OTHER_PERIOD[unit].search(before) else "this"


def _earlier_in(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"earlier in the week": the session's week (day, month, year)."""
    return in_unit(match.group(1).lower(), anchor) if looks == "this" else None


def _weekends_back(match: re.Match[str], anchor: date) -> Resolved | None:
    """"a few weekends ago": weekends five to two weeks back, approximate; "two weekends
    back": the weekend two weeks back."""
    monday = week_of(anchor)[0]
    count = count_of(match.group(1) or match.group(2))
    if count is None:
        return Resolved(a_weekend(monday - timedelta(weeks=5)).start,
                        a_weekend(monday - timedelta(weeks=2)).end, "range", True)
    return a_weekend(monday - timedelta(weeks=count)) if count >= 1 else None


def _other_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_the_other` (as `_previous_entry`)."""
    return None


# "one week at the coast and the other week at home": the second of two, not a time
_ONE_OF_TWO = re.compile(r"\b(?:one|a|first|this|that)\s+week(?:end)?\b")


def other_of_two(text: str, start: int, end: int) -> str | None:
    """None where "the other week" is the second of two weeks said before it."""
    left = max(text.rfind(c, 0, start) for c in ".!?") + 1  # its sentence's start
    return None if _ONE_OF_TWO.search(text[left:start].lower()) else "recent"


def _the_other(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"the other week": one to three weeks back; "the other weekend": those weekends."""
    if looks != "recent":
        return None
    if match.group(1).lower() == "week":
        return units_back("week", 1, 3, anchor)
    monday = week_of(anchor)[0]
    return Resolved(a_weekend(monday - timedelta(weeks=3)).start,
                    a_weekend(monday - timedelta(weeks=1)).end, "range", True)


RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:the|these)\s+(?:past|last)\s+" + _QUANTITY + r"\s+" + _SHORT + r"s" + _NOT_NOW,
     _past_units, "relative"),
    (r"(?:the|these)\s+past\s+week" + _NOT_NOW, _past_one, "relative"),
    (r"the\s+previous\s+(weekend|week|month|year)" + _NOT_NOW + r"(?!\s+(?:to|than)\b)",
     _previous_entry, "relative"),
    (r"(?:earlier|later)\s+in\s+the\s+" + _UNIT, _this_entry, "relative"),
    (NOT_BACK + r"(a\s+few|few|several)\s+weekends\s+ago|" + NOT_BACK + _QUANTITY
     + r"\s+weekends?\s+back(?!\s+(?:to|from|home|then|when)\b)", _weekends_back, "relative"),
    (r"the\s+other\s+(week|weekend)", _other_entry, "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _previous_entry: _previous, _this_entry: _earlier_in, _other_entry: _the_other}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {
    _this_entry: own_period, _other_entry: other_of_two}
