"""What a date rule resolves an expression to, and the spans it is built from.

A rule (mrgraph.dates.rules, mrgraph.dates.named) turns the words it matched and the session's
day into a `Resolved`: the first and last day covered, the precision, whether the amount was
vague, and the season's name for a season. Weeks run Monday to Sunday; a weekend is that week's
Saturday and Sunday.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from typing import Callable, NamedTuple

from dateutil.relativedelta import relativedelta

from mrgraph.dates.value import SEASONS, Precision, canonical


class Resolved(NamedTuple):
    start: date
    end: date
    precision: Precision
    approximate: bool = False
    season: str = ""
    value: str = ""  # the canonical value when it is not the precision's own (vague ranges)
    # the part of the match that says it, when not all of it (offsets in the match): "10
    # November" of "3 and 10 November", two days apart (mrgraph.dates.days)
    said: tuple[int, int] | None = None


Resolver = Callable[[re.Match[str], date], Resolved | None]
# "last / this / next" and their longer forms: periods back or ahead of the session's
SHIFT = {"last": -1, "this": 0, "next": 1, "this past": -1, "this coming": 1}
WHICH = r"(this past|this coming|last|this|next)"  # SHIFT's words as a rule reads them
# an amount said but not counted: "a few weeks ago" (read as an approximate range)
VAGUE = ("a few", "few", "several")
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "a couple of": 2, "a couple": 2, "couple of": 2, "couple": 2}


# an amount as the rules read it, counted (`count_of`) or vague (VAGUE): "three", "12", "a
# couple of", "a few"; the longer forms first
QUANTITY = (r"(\d{1,3}|a\s+couple\s+of|a\s+couple|couple\s+of|couple|a\s+few|few|several|an|a|"
            r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)")


def norm(text: str) -> str:
    """Lowercase, runs of blanks as one space: the form the rules' tables are keyed by."""
    return " ".join(text.lower().split())


def count_of(quantity: str) -> int | None:
    """The count a quantity says, in digits or words ("3", "three", "a couple of": 2); None
    for a vague amount (VAGUE) or a word that counts nothing."""
    said = norm(quantity)
    return int(said) if said.isdigit() else _COUNTS.get(said)


def week_of(day: date) -> tuple[date, date]:
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=6)


def month_of(day: date) -> tuple[date, date]:
    last = calendar.monthrange(day.year, day.month)[1]
    return day.replace(day=1), day.replace(day=last)


def a_day(day: date) -> Resolved:
    return Resolved(day, day, "day")


def a_week(day: date) -> Resolved:
    return Resolved(*week_of(day), "week")


def a_month(day: date, approximate: bool = False) -> Resolved:
    return Resolved(*month_of(day), "month", approximate)


def a_year(year: int, approximate: bool = False) -> Resolved:
    return Resolved(date(year, 1, 1), date(year, 12, 31), "year", approximate)


def a_season(name: str, year: int) -> Resolved:
    first = date(year, SEASONS[name], 1)
    last = first + relativedelta(months=3) - timedelta(days=1)
    return Resolved(first, last, "season", season=name)


def a_weekend(monday: date) -> Resolved:
    """The weekend of the week starting on `monday`."""
    return Resolved(monday + timedelta(days=5), monday + timedelta(days=6), "range")


def in_unit(unit: str, day: date, approximate: bool = False) -> Resolved:
    """The day, ISO week, month or year holding `day`."""
    if unit == "day":
        return Resolved(day, day, "day", approximate)
    if unit == "week":
        return Resolved(*week_of(day), "week", approximate)
    if unit == "month":
        return a_month(day, approximate)
    return a_year(day.year, approximate)


# the next finer unit: what "half a year ago" or "this time last month" is said at
FINER = {"year": "month", "month": "week", "week": "day", "day": "day"}
# one unit of each kind a count of them steps back by ("three weeks ago")
STEP = {"day": relativedelta(days=1), "week": relativedelta(weeks=1),
        "month": relativedelta(months=1), "year": relativedelta(years=1)}


def units_back(unit: str, near: int, far: int, anchor: date) -> Resolved:
    """The approximate range from `far` to `near` units before `anchor`, in whole units ("a
    few weeks ago": 5 ... 2 weeks back)."""
    return units_range(unit, -far, -near, anchor)


def units_range(unit: str, first: int, last: int, anchor: date) -> Resolved:
    """The approximate range from the unit `first` units from `anchor` to the one `last` units
    from it (negative: back), in whole units ("in a few weeks": 2 ... 5 weeks on)."""
    begin, end = (in_unit(unit, anchor + STEP[unit] * n) for n in (first, last))
    value = f"{canonical(begin.precision, begin.start, begin.end)}/" \
            f"{canonical(end.precision, end.start, end.end)}"
    return Resolved(begin.start, end.end, "range", True, value=value)


def year_of(month: int, day: int, anchor: date, looks: str | None) -> int:
    """The year of a day of the year said without one ("on 2 December", "8-10 October"), by its
    sentence's tense (`looks`): ahead, the first such day from the anchor on; in the past,
    this year's when it is not after the anchor, else the nearer of this year's and last
    year's (a past verb of another act: "we signed up for a race on 24 August", said on 3
    August); neither, the nearer of the next one and the latest before the anchor.
    ValueError for a day no year has ("30 February")."""
    date(2000, month, day)  # a leap year: a day that is in no year raises here
    ahead = next(y for y in range(anchor.year, anchor.year + 9)
                 if _valid(y, month, day) and date(y, month, day) >= anchor)
    back = next(y for y in range(anchor.year, anchor.year - 9, -1)
                if _valid(y, month, day) and date(y, month, day) < anchor)
    if looks == "future" or (looks == "past" and ahead != anchor.year):
        return ahead if looks == "future" else back
    nearer = (date(ahead, month, day) - anchor) < (anchor - date(back, month, day))
    return ahead if nearer else back


def _valid(year: int, month: int, day: int) -> bool:
    return day <= calendar.monthrange(year, month)[1]


def tensed_entry() -> Resolver:
    """A rule's entry of its own in mrgraph.dates.rules's table for a rule whose sentence's
    tense decides (its module's TENSED is keyed by the entry): on its own it resolves nothing."""
    def entry(match: re.Match[str], anchor: date) -> Resolved | None:
        return None
    return entry
