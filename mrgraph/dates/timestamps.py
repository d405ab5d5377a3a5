"""Session timestamps: the text a transcript gives for when a session was held, to ISO.

Every relative expression of a session is resolved against the session's day (the *anchor*),
never the wall clock, so re-ingesting a transcript years later gives the same dates.

* Time zones are dropped: the wall time as written is what people meant.
* A timestamp must hold a year, a month and a day; none is ever filled in from the wall clock.
* Timestamps written all in numbers with day and month both 12 or under ("03/04/2023") are
  read month first (March 4, 2023), as dateutil and US usage do; the loaders warn about every
  such date (mrgraph.ingest.formats.common.warn_ambiguous).
"""

from __future__ import annotations

import calendar
import re
import warnings
from datetime import date, datetime

MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9
# a month's name or abbreviation as the date rules read it (lowercased text): "sep", "sept" and
# "september", not "sepember" (which is "sep" and more letters: never a name MONTHS lacks)
MONTH_WORDS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
               r"aug(?:ust)?|sep(?:tember|t)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")


def month_number(name: str) -> int:
    """1-12 for a month's name or abbreviation as MONTH_WORDS reads it ("Sept", "june")."""
    return MONTHS[name.lower()]

# LoCoMo's own form, parsed directly because it is by far the most common input.
_LOCOMO_TS = re.compile(
    r"\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*", re.I)
# Two different defaults: a component that dateutil filled from the default differs between them.
_DEFAULTS = (datetime(2000, 1, 1), datetime(2004, 2, 2))


def parse_timestamp(text: str) -> datetime:
    """A naive datetime from "1:56 pm on 8 May, 2023", ISO 8601, or another full date.

    Raises ValueError if the text is not a date or lacks a year, month or day.
    """
    match = _LOCOMO_TS.fullmatch(text)
    if match:
        return _from_locomo(match)
    try:
        return datetime.fromisoformat(text.strip()).replace(tzinfo=None)
    except ValueError:
        pass
    # imported here, for the forms the two above do not read: it costs ~10 ms, and an ask
    # parses no timestamp
    from dateutil import parser as dateutil_parser
    try:
        with warnings.catch_warnings():  # an unknown zone name ("13:56 F"): zones are dropped
            warnings.simplefilter("ignore", dateutil_parser.UnknownTimezoneWarning)
            first, second = [dateutil_parser.parse(text, default=d) for d in _DEFAULTS]
    except (ValueError, OverflowError) as exc:
        raise ValueError(f"not a date: {text!r}") from exc
    for part in ("year", "month", "day"):
        if getattr(first, part) != getattr(second, part):
            raise ValueError(f"date {text!r} has no {part}")
    return first.replace(tzinfo=None)


# Day and month both written as numbers up to 12, in either order: 03/04/2023.
_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/.-])")


def ambiguous_reading(text: str) -> str | None:
    """For a numeric date whose day and month could be swapped ("03/04/2023"), how it is read:
    month first, as dateutil and US usage do ("2023-03-04"); None when the text is not such a
    date. A first number over 12 can only be a day ("13/04/2023" is 13 April) and is not
    ambiguous, nor is a date with the year first or the same day and month."""
    match = _NUMERIC_DATE.search(text)
    if match is None:
        return None
    first, second = int(match.group(1)), int(match.group(2))
    if not (1 <= first <= 12 and 1 <= second <= 12) or first == second:
        return None
    try:
        return parse_timestamp(text).date().isoformat()
    except ValueError:
        return None


def _from_locomo(match: re.Match[str]) -> datetime:
    hour, minute, half, day, month_name, year = match.groups()
    month = MONTHS.get(month_name.lower())
    if month is None:
        raise ValueError(f"unknown month {month_name!r}")
    hour_24 = int(hour) % 12 + (12 if half.lower() == "p" else 0)
    return datetime(int(year), month, int(day), hour_24, int(minute))


def session_iso(text: str) -> str:
    """The ISO datetime ("2023-05-08T13:56:00") of a session timestamp; ValueError if bad."""
    return parse_timestamp(text).isoformat(timespec="seconds")


def anchor_date(started_at: str) -> date:
    """The date of a session's ISO timestamp: the anchor of every relative expression in it."""
    return datetime.fromisoformat(started_at).date()
