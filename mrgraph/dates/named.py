"""Days and months named within another period, and holidays (rules for mrgraph.dates.rules).

Conventions (see mrgraph.dates.rules for the others):

* "<month> last / this / next year" ("since November last year", "back in March of last
  year", "in early May next year") is that month of that year (precision month); lowercase
  "may" and "march" are a verb and a walk, as everywhere, except after a part of the month
  ("mid-march last year").
* "<weekday> last / this / next week" ("Tuesday last week") is that day of that ISO week.
* "in early / mid / late 2022" is the year 2022 (precision year): a part of a year is not a
  day of it.
* Holidays by their date: Christmas Eve 24 December, Christmas (Day) 25 December, Boxing Day
  26 December ("boxing day after day" is the sport), New Year's Eve 31 December, New Year's
  Day 1 January, Valentine's Day 14 February, the Fourth of July, Halloween 31 October;
  Thanksgiving is the United States' (the fourth Thursday of November), Easter the Western
  Easter Sunday. "Christmas 2024" is stated (a day); "last Christmas" is
  the latest strictly before the session's day, "next Christmas" the first strictly after it,
  "this Christmas" the nearest; "Christmas last year" that year's; after a preposition ("on Christmas Eve",
  "for Halloween", "over Thanksgiving") the sentence's tense decides, as for "on Tuesday": a
  past verb, the latest up to the session's day; a future form, the first from it on; neither
  or both, no date ("We always go to my parents for Christmas" is a habit), nor for a past verb
  within SOON days before the holiday ("I bought her a scarf for Christmas": for the coming one). A holiday named
  alone ("I love Halloween") is no date.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from typing import Callable

from dateutil.easter import easter

from mrgraph.dates.resolved import (SHIFT, WHICH, Resolved, Resolver, a_day, a_month, a_year,
                                    week_of)
from mrgraph.dates.timestamps import MONTHS
from mrgraph.dates.value import Source
from mrgraph.dates.weekday import DAY_NUMBERS, WEEKDAYS

_MONTHS = [name.lower() for name in calendar.month_name if name]
_MONTH = "(" + "|".join(_MONTHS) + ")"
_MONTH_NOT_VERB = "(" + "|".join(m for m in _MONTHS if m not in ("may", "march")) + ")"
_WEEKDAY = "(" + "|".join(WEEKDAYS) + ")"
_YEAR = r"((?:19|20)\d\d)"
_APOSTROPHE = r"['’]?"


def _nth_weekday(year: int, month: int, weekday: int, nth: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))


# each holiday's pattern (lowercase, as the rules' scan reads) and its day in a given year
_HOLIDAYS: tuple[tuple[str, Callable[[int], date]], ...] = (
    (r"christmas eve", lambda y: date(y, 12, 24)),
    (r"christmas(?: day)?", lambda y: date(y, 12, 25)),
    (r"new years? eve|new year" + _APOSTROPHE + r"s eve", lambda y: date(y, 12, 31)),
    (r"new years? day|new year" + _APOSTROPHE + r"s day", lambda y: date(y, 1, 1)),
    (r"valentines? day|valentine" + _APOSTROPHE + r"s day", lambda y: date(y, 2, 14)),
    (r"(?:the )?fourth of july", lambda y: date(y, 7, 4)),
    (r"boxing day(?!\s+(?:after|by|to|and|in|out)\b)", lambda y: date(y, 12, 26)),
    (r"halloween", lambda y: date(y, 10, 31)),
    (r"thanksgiving(?: day)?", lambda y: _nth_weekday(y, 11, 3, 4)),
    (r"easter(?: sunday)?", easter),
)
_HOLIDAY = "(" + "|".join(p for p, _ in _HOLIDAYS) + ")"
SOON = 60  # days before a holiday that a past verb may be preparing for it ("bought ... for")
TRIGGERS = ("christmas", "halloween", "thanksgiving", "easter", "valentine", "fourth of july")
_PREPOSITIONS = r"(?:on|at|for|over|during|since|before|after|until|till|by|from)\s+"


def _holiday_on(name: str, year: int) -> date:
    for pattern, day in _HOLIDAYS:
        if re.fullmatch(pattern, name.lower().replace("’", "'")):
            return day(year)
    raise ValueError(name)  # the pattern matched one of them: unreachable


_PART = re.compile(r"(?:early|late|mid)[-\s]+$", re.I)


def _month_of_year(match: re.Match[str], anchor: date) -> Resolved | None:
    name, which = match.group(1), " ".join(match.group(2).lower().split())
    part = _PART.search(match.string, match.start(), match.start(1))
    if name in ("may", "march") and part is None:  # lowercase: the verb, the walk; not after
        return None  # a part of it ("mid-march last year")
    return a_month(date(anchor.year + SHIFT[which], MONTHS[name.lower()], 1))


def _weekday_of_week(match: re.Match[str], anchor: date) -> Resolved | None:
    weekday, which = DAY_NUMBERS[match.group(1).lower()], " ".join(match.group(2).lower().split())
    monday = week_of(anchor)[0] + timedelta(weeks=SHIFT[which])
    return a_day(monday + timedelta(days=weekday))


def _part_of_year(match: re.Match[str], anchor: date) -> Resolved | None:
    return a_year(int(match.group(1)))


def _holiday_year(match: re.Match[str], anchor: date) -> Resolved | None:
    return a_day(_holiday_on(match.group(1), int(match.group(2))))


def _rel_holiday(match: re.Match[str], anchor: date) -> Resolved | None:
    which, name = " ".join(match.group(1).lower().split()), match.group(2)
    shift = SHIFT[which]
    if shift == 0:  # the nearest one: "this Christmas was quiet" said on 3 January
        days = (_holiday_on(name, anchor.year + n) for n in (-1, 0, 1))
        return a_day(min(days, key=lambda d: (abs((d - anchor).days), d)))
    day = _holiday_on(name, anchor.year)
    if shift < 0:
        return a_day(day if day < anchor else _holiday_on(name, anchor.year - 1))
    return a_day(day if day > anchor else _holiday_on(name, anchor.year + 1))


def _on_holiday(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"on Christmas Eve", "for Halloween": the tense decides (see the module docstring)."""
    name = match.group(1)
    this = _holiday_on(name, anchor.year)
    if looks == "past":
        if anchor < this <= anchor + timedelta(days=SOON):
            return None  # "I bought her a scarf for Christmas" on 10 December: this one's
        return a_day(this if this <= anchor else _holiday_on(name, anchor.year - 1))
    if looks == "future":
        return a_day(this if this >= anchor else _holiday_on(name, anchor.year + 1))
    return None


def _holiday_of_year(match: re.Match[str], anchor: date) -> Resolved | None:
    which = " ".join(match.group(2).lower().split())
    return a_day(_holiday_on(match.group(1), anchor.year + SHIFT[which]))


def _on_holiday_rule(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_on_holiday`: the tense decides, so alone it resolves nothing."""
    return None


# (pattern, resolver, source), in the order they take part in mrgraph.dates.rules's scan
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:back\s+)?(?:in|during|since|by)\s+(?:(?:early|late|mid)[-\s]+)?" + _MONTH +
     r"\s+(?:of\s+)?(last|this|next)\s+year", _month_of_year, "relative"),
    # without a preposition, not "may" / "march": "it may last year after year"
    (r"(?:(?:early|late|mid)[-\s]+)?" + _MONTH_NOT_VERB + r"\s+(?:of\s+)?(last|this|next)\s+year",
     _month_of_year, "relative"),
    # ... but after a part of it ("mid-March last year", "early may next year") they are months
    (r"(?:early|late|mid)[-\s]+" + _MONTH + r"\s+(?:of\s+)?(last|this|next)\s+year",
     _month_of_year, "relative"),
    (_WEEKDAY + r"\s+(?:of\s+)?(last|this|next)\s+week", _weekday_of_week, "relative"),
    (r"(?:in|during|since|by)\s+(?:early|late|mid)[-\s]+" + _YEAR, _part_of_year, "stated"),
    (_HOLIDAY + r",?\s+(?:of\s+)?" + _YEAR, _holiday_year, "stated"),
    (WHICH + r"\s+" + _HOLIDAY, _rel_holiday, "relative"),
    (r"(?:" + _PREPOSITIONS + r")?" + _HOLIDAY + r"\s+(?:of\s+)?(last|this|next)\s+year",
     _holiday_of_year, "relative"),
    # not a holiday with its year ("on Christmas Eve 2019"), nor a shorter name of a longer
    # one ("on Christmas" of "on Christmas Eve 2019", once the year fails the longer), nor a
    # day beside it ("on Easter Monday", "over Easter weekend")
    (_PREPOSITIONS + _HOLIDAY + r"(?!,?\s+(?:of\s+)?(?:19|20)\d\d)(?!\s+(?:eve|day|sunday|"
     r"monday|weekend|week|break|holidays?|morning|night|party)\b)", _on_holiday_rule,
     "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _on_holiday_rule: _on_holiday}
