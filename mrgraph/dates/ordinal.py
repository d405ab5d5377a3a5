"""A day of the month said without its month: "the plumber comes on the 18th", "the gig is
Saturday the 9th", "the 4th of next month". A rule for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* "the" and an ordinal ("the 18th", not "18" nor "my 40th"), followed by the end of the
  sentence, a stop or a word of `_FOLLOWERS` (prepositions, conjunctions, pronouns: "on the
  18th at noon"), not by a month (then it is mrgraph.dates.days's "the 3rd of June"), nor by
  another day of a month said after ("the 5th and 6th of May": which month is the later
  rule's), nor by "of the / every month" (a habit), nor by a noun it counts ("the 3rd floor",
  "the 5th time", "the 4th to leave").
* Two days in a row joined by "and" ("the 9th and 10th", "the 30th and 31st of next month")
  are the run of both, in the month the first day's reading gives; a second day further on
  ("the 9th and 12th") is left out, as before pairs were read.
* With "of this / next / last month", that month's day; that month itself when it has no such
  day ("the 31st of next month" said in March). Otherwise the month is read from the
  sentence's tense as a day with its month is (mrgraph.dates.days.schedule_looks): ahead, the
  first such day from the session's day on; in the past, the last one before it; neither, the
  nearer of the two. A weekday said with it ("Friday the 6th") keeps only the months where
  the day is that weekday. A month without the day ("the 30th" in February) is passed over.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from mrgraph.dates.days import schedule_looks
from mrgraph.dates.resolved import SHIFT, Resolved, Resolver, a_day, a_month, tensed_entry
from mrgraph.dates.timestamps import MONTH_WORDS
from mrgraph.dates.value import Source
from mrgraph.dates.weekday import WEEKDAYS

_REACH = 15  # months searched either way for the day ("Friday the 13th": up to 14 apart)
# what may follow a day: the end, a stop, or one of these ("on the 18th for a week", "the 22nd
# at noon"); another word is what the ordinal counts ("the 3rd floor", "the 5th time", "the
# 4th to leave", "the 2nd in line")
_FOLLOWERS = ("for", "at", "on", "and", "or", "but", "so", "then", "until", "till", "when",
              "if", "because", "as", "with", "after", "before", "by", "around", "anyway",
              "instead", "onwards", "too", "i", "we", "you", "he", "she", "they", "is", "was",
              "will", "works", "suits", "sounds")
_AFTER = r"(?=\s*(?:$|[^\w\s]|(?:" + "|".join(_FOLLOWERS) + r")\b))"
# a day of a month said after it, whose month it shares; a habit's "of the month"
_NOT_SHARED = (r"(?!(?:\s*,|\s+(?:and|or|to)|\s*[-–])\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+"
               r"(?:of\s+)?" + MONTH_WORDS + r"\b)(?!\s+of\s+(?:the|every|each)\s+month\b)")


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
    named_day, day, which = match.group(1), int(match.group(2)), match.group(4)
    if not 1 <= day <= 31:
        return None
    if which is not None:  # a weekday said with it does not change which month was said
        month = anchor.replace(day=1) + relativedelta(months=SHIFT[which.lower()])
        valid = day <= calendar.monthrange(month.year, month.month)[1]
        return _with_next(month.replace(day=day), match.group(3)) if valid else a_month(month)
    weekday = WEEKDAYS.index(named_day.lower()) if named_day else None
    days = _candidates(anchor, day, weekday)
    ahead = next((d for d in days if d >= anchor), None)
    back = next((d for d in reversed(days) if d < anchor), None)
    if looks == "future" or back is None:
        chosen = ahead
    elif looks == "past" or ahead is None:
        chosen = back
    else:
        chosen = ahead if ahead - anchor < anchor - back else back
    return _with_next(chosen, match.group(3)) if chosen is not None else None


def _with_next(day: date, second: str | None) -> Resolved:
    """`day`, or the run of it and the next when the second day said is the next ("the 9th
    and 10th"); a second day further on is left out, as it was before pairs were read."""
    after = day + timedelta(days=1)
    if second is not None and int(second) == day.day + 1 and after.month == day.month:
        return Resolved(day, after, "range")
    return a_day(day)


ORDINAL = tensed_entry()
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:(" + "|".join(WEEKDAYS) + r"),?\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b"
     r"(?!\s+(?:of\s+)?" + MONTH_WORDS + r"\b)"
     r"(?:\s+and\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?" + MONTH_WORDS +
     r"\b))?"
     r"(?:\s+of\s+(this|next|last)\s+month\b)?" + _NOT_SHARED + _AFTER, ORDINAL, "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    ORDINAL: _day_of_month}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {ORDINAL: schedule_looks}
