"""A day of the month said without its month: "I'm coming on the 29th", "my last shift is
Friday the 6th", "the 12th of next month". A rule for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* "the" and an ordinal ("the 29th", not "29" nor "my 40th"), not followed by a month (then
  it is mrgraph.dates.days's "the 3rd of June") nor by a noun it counts ("the 3rd floor", "the
  5th time", "the 21st century").
* With "of this / next / last month", that month's day. Otherwise the month is read from the
  sentence's tense as a day with its month is (mrgraph.dates.days.schedule_looks): ahead, the
  first such day from the session's day on; in the past, the last one before it; neither, the
  nearer of the two. A weekday said with it ("Friday the 6th") keeps only the months where
  the day is that weekday. A month without the day ("the 30th" in February) is passed over.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date

from dateutil.relativedelta import relativedelta

from mrgraph.dates.days import schedule_looks
from mrgraph.dates.resolved import Resolved, Resolver, a_day, tensed_entry
from mrgraph.dates.timestamps import MONTH_WORDS
from mrgraph.dates.value import Source
from mrgraph.text import STOPWORDS

_WEEKDAYS = tuple(name.lower() for name in calendar.day_name)
_STEP = {"last": -1, "this": 0, "next": 1}
_REACH = 12  # months searched either way for the day
# what may follow a day: the end, a stop, or a function word ("on the 29th for a week", "the
# 22nd at 2pm"); a noun after an ordinal is what it counts ("the 3rd floor", "the 5th time")
_FOLLOWERS = "|".join(sorted(STOPWORDS | {"till", "onwards"}))
_AFTER = r"(?=\s*(?:$|[^\w\s]|(?:" + _FOLLOWERS + r")\b))"


def _candidates(anchor: date, day: int, weekday: int | None) -> list[date]:
    """The days `day` of the months around the anchor's (`_REACH` each way) that have it,
    on `weekday` when one is said, in order."""
    first = anchor.replace(day=1)
    found = []
    for step in range(-_REACH, _REACH + 1):
        month = first + relativedelta(months=step)
        if day <= calendar.monthrange(month.year, month.month)[1]:
            found.append(month.replace(day=day))
    return [d for d in found if weekday is None or d.weekday() == weekday]


def _day_of_month(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """The day the ordinal names (see the module docstring); None when it names none."""
    written, day, which = match.group(1), int(match.group(2)), match.group(3)
    if not 1 <= day <= 31:
        return None
    if which is not None:
        month = anchor.replace(day=1) + relativedelta(months=_STEP[which.lower()])
        valid = day <= calendar.monthrange(month.year, month.month)[1]
        return a_day(month.replace(day=day)) if valid else None
    weekday = _WEEKDAYS.index(written.lower()) if written else None
    days = _candidates(anchor, day, weekday)
    ahead = next((d for d in days if d >= anchor), None)
    back = next((d for d in reversed(days) if d < anchor), None)
    if looks == "future" or back is None:
        chosen = ahead
    elif looks == "past" or ahead is None:
        chosen = back
    else:
        chosen = ahead if ahead - anchor < anchor - back else back
    return a_day(chosen) if chosen is not None else None


ORDINAL = tensed_entry()
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:(" + "|".join(_WEEKDAYS) + r"),?\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b"
     r"(?!\s+(?:of\s+)?" + MONTH_WORDS + r"\b)"
     r"(?:\s+of\s+(this|next|last)\s+month\b)?" + _AFTER, ORDINAL, "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    ORDINAL: _day_of_month}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {ORDINAL: schedule_looks}
