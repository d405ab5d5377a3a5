"""Dates as people say them: "7 May 2023", "June 2023", "the week before 9 June 2023"."""

from __future__ import annotations

from datetime import date, timedelta


def format_date(iso: str) -> str:
    """"2023-05-07" -> "7 May 2023" (text that is not an ISO date is returned unchanged)."""
    try:
        day = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    return f"{day.day} {day.strftime('%B')} {day.year}"


def format_span(start: str, end: str | None) -> str:
    if not end or end == start:
        return format_date(start)
    return f"{format_date(start)} - {format_date(end)}"


def format_range(start: str, end: str | None, said: str | None = None) -> str:
    """A resolved date or range as people say it: a whole year "2022", a whole month
    "June 2023", a week or weekend relative to `said` (the day it was said: "the week before
    9 June 2023"), else a day or a span."""
    try:
        first, last = date.fromisoformat(start[:10]), date.fromisoformat((end or start)[:10])
        spoken = date.fromisoformat(said[:10]) if said else None
    except ValueError:
        return format_span(start, end)
    if first == last:
        return format_date(start)
    if (first.month, first.day, last.month, last.day) == (1, 1, 12, 31) and \
            first.year == last.year:
        return str(first.year)
    if first.day == 1 and (last + timedelta(days=1)).day == 1 and \
            (first.year, first.month) == (last.year, last.month):
        return f"{first.strftime('%B')} {first.year}"
    span = (last - first).days
    if spoken is not None and span in (1, 6) and first < spoken:
        unit = "weekend" if span == 1 else "week"
        if last < spoken:
            return f"the {unit} before {format_date(spoken.isoformat())}"
        return f"the {unit} of {format_date(spoken.isoformat())}"
    return format_span(start, end)


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def weekday_before(day: str, said: str, expression: str) -> str | None:
    """"the Friday before 15 July 2023" when `expression` names the weekday of `day` ("last
    Friday") and `day` is in the week before `said`, the day it was said; else None."""
    try:
        first, spoken = date.fromisoformat(day[:10]), date.fromisoformat(said[:10])
    except ValueError:
        return None
    name = _WEEKDAYS[first.weekday()]
    if not 1 <= (spoken - first).days <= 7 or name not in expression.lower():
        return None
    return f"the {name.capitalize()} before {format_date(spoken.isoformat())}"
