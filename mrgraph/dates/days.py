"""A day of the year said with its month: alone ("7 May", "May 7th, 2023", "the 3rd of June")
or as a run of days said as one ("from 17 to 19 June", "17-19 June 2024", "between 3 and 5
May", "June 17-19"). Rules for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* A run is one value of precision range, its first day to its last ("2024-06-17/2024-06-19"),
  not its last day alone: what was said covers every day of it ("Where was she from 17 to 19
  June?" asks about all three). A run over two months ("from 28 June to 2 July") is two days.
* The year is the one said; without one, in a sentence about what is ahead (a future form, or
  "be" right before the day: "my exam is on 20 November") the first such day from the
  session's day on, else the nearer of that one and the latest before it ("I went on
  2 December", said in May 2024, is 2 December 2023; "the fair is 17-19 June" is this June), as
  "in June" is read (mrgraph.dates.resolved.year_of).
* Not a date: lowercase "may" (the verb: "we may 2 ..."), a day the month does not have ("31
  February", "30-31 February"), a run whose first day is not before its last, numbers no month
  follows ("10-12 people").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from mrgraph.dates.resolved import Resolved, Resolver, a_day, year_of
from mrgraph.dates.tense import tense
from mrgraph.dates.timestamps import MONTHS
from mrgraph.dates.value import Source

_MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_ORD = r"(?:st|nd|rd|th)?"
_DAY = r"(?:the\s+)?(\d{1,2})" + _ORD
_YEAR = r"(?:,?\s+((?:19|20)\d\d))?"
_TO = r"\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b)\s*"
# "be" right before the day: a schedule, ahead ("my exam is on 20 November", "the fair's 4-6
# October")
_BE_BEFORE = re.compile(r"(?:\bis|\bare|'s|'re)\s+(?:on\s+|from\s+)?$", re.IGNORECASE)


def _days(first: str, last: str, month: str, year: str | None, anchor: date,
          looks: str | None) -> Resolved | None:
    """Day `first` to day `last` (the same for one day) of `month` (a name as written), in
    `year` or the one `year_of` gives; None when that is no day or run of the month."""
    if month == "may":  # lowercase "may" is the verb ("we may 2 ...")
        return None
    name = month.lower()
    number = MONTHS[name[:4] if name.startswith("sept") else name]
    try:
        said = int(year) if year else year_of(number, int(first), anchor, looks)
        start, end = date(said, number, int(first)), date(said, number, int(last))
    except ValueError:  # "31 February": not a date, so not a mention
        return None
    if start == end:
        return a_day(start)
    return Resolved(start, end, "range") if start < end else None


def _entry() -> Resolver:
    """A table entry of its own for each rule (TENSED is keyed by it): the sentence's tense
    decides, so on its own it resolves nothing."""
    def entry(match: re.Match[str], anchor: date) -> Resolved | None:
        return None
    return entry


_DAY_MONTH, _DAY_RUN, _MONTH_DAY, _MONTH_RUN = (_entry() for _ in range(4))


def _day_month(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"7 May", "7th of May 2023"."""
    return _days(match.group(1), match.group(1), match.group(2), match.group(3), anchor, looks)


def _day_run(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"from 17 to 19 June (2024)", "17-19 June", "between 3 and 5 May"."""
    return _days(match.group(1), match.group(2), match.group(3), match.group(4), anchor, looks)


def _month_day(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"May 7", "May 7th, 2023"."""
    return _days(match.group(2), match.group(2), match.group(1), match.group(3), anchor, looks)


def _month_run(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"June 17-19 (, 2024)", "from June 17 to 19"."""
    return _days(match.group(2), match.group(3), match.group(1), match.group(4), anchor, looks)


def _looks(text: str, start: int, end: int) -> str | None:
    """The sentence's tense (mrgraph.dates.tense), else ahead when "be" comes right before
    the day: a schedule."""
    looks = tense(text, start, end)
    return looks if looks is not None or not _BE_BEFORE.search(text, 0, start) else "future"


# a run before its last day alone; each form with its year before the form without
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:from\s+)?" + _DAY + _TO + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _DAY_RUN, "stated"),
    (r"between\s+" + _DAY + r"\s+and\s+" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _DAY_RUN, "stated"),
    (r"(?:from\s+)?" + _MONTH + r"\s+" + _DAY + _TO + _DAY + r"\b" + _YEAR, _MONTH_RUN,
     "stated"),
    (r"(\d{1,2})" + _ORD + r"\s+(?:of\s+)?" + _MONTH + _YEAR, _DAY_MONTH, "stated"),
    (_MONTH + r"\s+(\d{1,2})" + _ORD + _YEAR, _MONTH_DAY, "stated"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _DAY_MONTH: _day_month, _DAY_RUN: _day_run, _MONTH_DAY: _month_day, _MONTH_RUN: _month_run}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = dict.fromkeys(TENSED, _looks)
