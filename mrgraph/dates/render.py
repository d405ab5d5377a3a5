"""Dates as people say them, never more precise than they were said.

    day      "7 May 2023"; a weekday said relatively: "the Friday before 15 July 2023"
    week     "the week before 9 June 2023", "the week of 23 August 2023",
             "two weeks before 11 August 2023", "the week after 1 May 2023"
    weekend  "the weekend before 17 July 2023", "two weekends before 17 July 2023"; one ahead:
             "the weekend of 14 January 2023" (its Saturday)
    part of a month, as said: "the first week of September 2024", "the last weekend of May 2023"
    month    "May 2023"          season  "the summer of 2022"          year  "2022"
    vague    "a few years before 2023", "a few days before 8 May 2023" (ahead: "after")
    approximate (about ... ago): "around 2022", "around August 2022"

A week, a weekend or a weekday said relatively ("last week") is said relative to the day it
was said on: that is what the speaker fixed, and the ISO days stay in the value's start/end.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from mrgraph.dates.value import DateValue, value_bounds

_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten"}
_WEEKDAY_WORD = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.IGNORECASE)
_VAGUE_UNIT = re.compile(r"\b(day|weekend|week|month|year)s?\b", re.IGNORECASE)
_MONTH_NAMES = tuple(m.lower() for m in calendar.month_name[1:])
_PART_OF_MONTH = re.compile(rf"\b(first|second|third|fourth|last)\s+(week|weekend)\s+(?:of|in)"
                            rf"\s+({'|'.join(_MONTH_NAMES)})\b", re.IGNORECASE)
_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def format_day(iso: str) -> str:
    """"2023-05-07" -> "7 May 2023" (text that is not an ISO day is returned unchanged)."""
    try:
        day = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    return f"{day.day} {day.strftime('%B')} {day.year}"


def format_month(iso: str) -> str:
    """"2023-05-07" (or "2023-05") -> "May 2023"."""
    try:
        day = date.fromisoformat(iso[:7] + "-01")
    except ValueError:
        return iso
    return f"{day.strftime('%B')} {day.year}"


def render(value: DateValue) -> str:
    """`value` as people say it (see the module docstring)."""
    if value.approximate and value.precision == "range" and value.source == "relative":
        return _vague(value)  # "a few days before 8 May 2023"; one stated is its days
    if value.precision == "day":
        return _weekday_said(value) or format_day(value.start)
    if value.precision in ("week", "range") and (part := _part_of_month(value)):
        return part
    if value.precision == "week":
        text = _weeks_said(value) or f"the week of {format_day(value.start)}"
    elif value.precision == "range":
        return _weekend_said(value) or render_span(value.start, value.end)
    elif value.precision == "month":
        text = format_month(value.start)
    elif value.precision == "season":
        text = f"the {_season_word(value)} of {value.start[:4]}"
    else:
        text = value.start[:4]
    return f"around {text}" if value.approximate else text


def _season_word(value: DateValue) -> str:
    """The season's name as the speaker said it: "fall" where they said "fall", else the
    canonical name ("autumn")."""
    season = value.value.partition("-")[2]
    return "fall" if season == "autumn" and re.search(r"\bfall\b", value.phrase, re.I) \
        else season


def render_value(text: str) -> str:
    """A canonical value alone (an episode's `mentions`: "2023-W18", "2023-summer", "2022")
    at its precision, in few words: a week as its days ("1-7 May 2023", "29 May-4 June
    2023"), "the summer of 2023", "May 2023", "2022"; text that is no canonical value is
    returned unchanged."""
    bounds = value_bounds(text)
    if bounds is None:
        return text
    if "-W" in text:
        first, last = (date.fromisoformat(b) for b in bounds)
        if first.month == last.month:  # said as any days of one month are: "1-7 May 2023"
            return render_span(*bounds)
        head = format_day(bounds[0]).rsplit(" ", 1)[0] if first.year == last.year \
            else format_day(bounds[0])
        return f"{head}-{format_day(bounds[1])}"
    season = text.partition("-")[2]
    if season.isalpha():
        return f"the {season} of {text[:4]}"
    return render_span(*bounds)


def render_span(start: str, end: str) -> str:
    """An inclusive range of ISO days: a day, a whole year ("2022"), a whole month ("May
    2023"), months ("May 2023 to June 2023"), days of one month ("1-9 May 2023"), else "28 April
    2023 to 9 May 2023"."""
    try:
        first, last = date.fromisoformat(start[:10]), date.fromisoformat(end[:10])
    except ValueError:
        return start if start == end else f"{start} to {end}"
    if first == last:
        return format_day(start)
    whole = first.day == 1 and (last + timedelta(days=1)).day == 1
    if whole and (first.month, last.month, first.year) == (1, 12, last.year):
        return str(first.year)
    if whole and (first.year, first.month) == (last.year, last.month):
        return format_month(start)
    if whole:
        return f"{format_month(start)} to {format_month(end)}"
    if (first.year, first.month) == (last.year, last.month):  # as a week is said: "1-9 May"
        return f"{first.day}-{format_day(end)}"
    return f"{format_day(start)} to {format_day(end)}"


def _said(value: DateValue) -> date | None:
    if value.source != "relative" or not value.said:
        return None
    try:
        return date.fromisoformat(value.said)
    except ValueError:
        return None


def _counted(count: int, unit: str) -> str:
    """"the week" for 1, "two weeks" for 2, "11 weeks" past ten."""
    return f"the {unit}" if count == 1 else f"{_COUNT.get(count, str(count))} {unit}s"


def _weekday_said(value: DateValue) -> str | None:
    """"the Friday before 15 July 2023" for a weekday said relatively ("last Fri")."""
    said = _said(value)
    if said is None or not _WEEKDAY_WORD.search(value.phrase):
        return None
    day = date.fromisoformat(value.start)
    name = _WEEKDAY_NAMES[day.weekday()]
    gap = (said - day).days
    if gap <= 0:  # today or ahead ("next Friday"): the day itself is clearer
        return None
    return f"{_counted((gap - 1) // 7 + 1, name)} before {format_day(said.isoformat())}"


# beyond this a week is said by its Monday, not counted back from the day it was said
MAX_WEEKS_COUNTED = 8


def _weeks_said(value: DateValue) -> str | None:
    said = _said(value)
    if said is None:
        return None
    weeks = ((said - timedelta(days=said.weekday())) - date.fromisoformat(value.start)).days // 7
    if weeks == 0:
        return f"the week of {format_day(said.isoformat())}"
    if abs(weeks) > MAX_WEEKS_COUNTED:  # "a year ago this week": not "52 weeks before ..."
        return f"the week of {format_day(value.start)}"
    where = "before" if weeks > 0 else "after"
    return f"{_counted(abs(weeks), 'week')} {where} {format_day(said.isoformat())}"


def _part_of_month(value: DateValue) -> str | None:
    """A week or weekend said as a part of a month, as said, with its year ("the first week of
    September 2024"): its ISO days may begin in August, which "the week of 26 August 2024"
    would wrongly suggest."""
    said = _PART_OF_MONTH.search(value.phrase)
    if said is None:
        return None
    month = _MONTH_NAMES.index(said.group(3).lower()) + 1
    first, last = date.fromisoformat(value.start), date.fromisoformat(value.end)
    year = first.year if first.month == month else last.year
    part, unit, name = (said.group(k).lower() for k in (1, 2, 3))
    return f"the {part} {unit} of {name.title()} {year}"


def _weekend_said(value: DateValue) -> str | None:
    """A Saturday-Sunday: relative to the day it was said when said so ("the weekend before
    17 July 2023"), else (or ahead) by its Saturday ("the weekend of 5 August 2023")."""
    first, last = date.fromisoformat(value.start), date.fromisoformat(value.end)
    if first.weekday() != 5 or (last - first).days != 1:
        return None
    said = _said(value)
    if said is None:
        return f"the weekend of {format_day(value.start)}"
    if first <= said <= last:
        return f"the weekend of {format_day(said.isoformat())}"
    if first > said:  # ahead: the weekend itself is clearer
        return f"the weekend of {format_day(value.start)}"
    gap = (said - last).days
    return f"{_counted((gap - 1) // 7 + 1, 'weekend')} before {format_day(said.isoformat())}"


def _vague(value: DateValue) -> str:
    """"a few years before 2023": the quantity and unit said, before the day it was said
    (for months, its month; for years, its year)."""
    said = value.said or value.end
    unit_match = _VAGUE_UNIT.search(value.phrase)
    unit = unit_match.group(1).lower() if unit_match else "day"
    quantity = "several" if "several" in value.phrase.lower() else "a few"
    anchor = {"month": format_month(said), "year": said[:4]}.get(unit, format_day(said))
    where = "after" if value.start > said else "before"  # "in a few weeks": ahead
    return f"{quantity} {unit}s {where} {anchor}"
