"""Session timestamps to ISO, and relative time expressions resolved against the session.

Every relative expression is resolved against the session's timestamp (the *anchor*), never the
wall clock, so re-ingesting a transcript years later gives the same dates.

Conventions (natural language is ambiguous; these are the choices, applied consistently):

* Weeks run Monday to Sunday. "last/this/next week" is the previous/current/following Mon–Sun.
* "last/this/next weekend" is Saturday–Sunday of the previous/current/following week
  ("this past weekend" = "last weekend").
* "last Saturday" is the most recent Saturday strictly before the anchor; "two Saturdays ago" is
  7 days before that. "this Saturday" is the Saturday of the anchor's week (past or future);
  "next Friday" is the Friday of the following week.
* "last/this/next month" and "last/this/next year" are calendar ranges.
* "N days/weeks/months/years ago" is one day: the anchor minus N units.
* Vague quantities are approximate ranges (`approximate=True`): "a few" / "several" days ago is
  anchor−5 … anchor−2; weeks: 5 … 2 weeks back; months: 5 … 2 months back; years likewise.
  "a couple of" means exactly two. "the other day" is anchor−7 … anchor−1.
* "yesterday"/"last night" = anchor−1, "today"/"tonight"/"this morning" = anchor,
  "tomorrow" = anchor+1.
* An expression whose date would fall before year 1 or after 9999 is not resolved.
* Session timestamps written all in numbers with day and month both 12 or under
  ("03/04/2023") are read month first (March 4, 2023), as dateutil and US usage do; the loaders warn about every such date (mrgraph.ingest.formats.common.warn_ambiguous).
* Explicit dates ("May 7, 2023", "7 May 2023", "7th of May", "2023-05-07") without a year take
  the anchor's year; "in 2022" is that calendar year; "May 2023" that month.
"""

from __future__ import annotations

import calendar
import re
import warnings
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Callable

from dateutil import parser as dateutil_parser
from dateutil.relativedelta import relativedelta


@dataclass(frozen=True)
class DateMention:
    """A time expression found in a turn, resolved to an ISO date or an inclusive ISO range."""

    text: str  # the expression as written
    start: str  # ISO date (YYYY-MM-DD)
    end: str  # ISO date; equal to `start` for a single day
    span: tuple[int, int]  # character offsets of `text` in the turn
    approximate: bool = False  # vague quantities ("a few days ago")

    @property
    def is_range(self) -> bool:
        return self.start != self.end

    @property
    def iso(self) -> str:
        """"2023-05-07", or an ISO 8601 interval "2023-05-01/2023-05-07" for a range."""
        return f"{self.start}/{self.end}" if self.is_range else self.start


# ---------------------------------------------------------------- session timestamps

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}

# LoCoMo's own form, parsed directly because it is by far the most common input.
_LOCOMO_TS = re.compile(
    r"\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*", re.I)
# Two different defaults: a component that dateutil filled from the default differs between them.
_DEFAULTS = (datetime(2000, 1, 1), datetime(2004, 2, 2))


def parse_timestamp(text: str) -> datetime:
    """A naive datetime from "1:56 pm on 8 May, 2023", ISO 8601, or another full date.

    Raises ValueError if the text is not a date or lacks a year, month or day (never filled in
    from the wall clock). Time zones are dropped: the wall time as written is what people meant.
    """
    match = _LOCOMO_TS.fullmatch(text)
    if match:
        return _from_locomo(match)
    try:
        return datetime.fromisoformat(text.strip()).replace(tzinfo=None)
    except ValueError:
        pass
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
    month = _MONTHS.get(month_name.lower())
    if month is None:
        raise ValueError(f"unknown month {month_name!r}")
    hour_24 = int(hour) % 12 + (12 if half.lower() == "p" else 0)
    return datetime(int(year), month, int(day), hour_24, int(minute))


def session_iso(text: str) -> str:
    """The ISO datetime ("2023-05-08T13:56:00") of a session timestamp; ValueError if bad."""
    return parse_timestamp(text).isoformat(timespec="seconds")


# ---------------------------------------------------------------- relative expressions

_NUM_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "a couple": 2, "couple of": 2,
}
_VAGUE = ("a few", "few", "several")
_NUM = (r"(\d{1,3}|a couple of|a couple|couple of|a few|few|several|an|a|one|two|three|four|"
        r"five|six|seven|eight|nine|ten|eleven|twelve)")
_DAY = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d\d)"

# A cheap pre-filter (substring tests): most turns mention no time at all and skip the rules.
# Every rule needs a digit or one of these words.
_DIGIT = re.compile(r"\d")
_TRIGGER_WORDS = ("day", "night", "week", "month", "year", "ago", "tomorrow", "morning",
                  "afternoon", "evening")

Resolver = Callable[[re.Match[str], date], tuple[date, date, bool] | None]


def _single(day: date) -> tuple[date, date, bool]:
    return day, day, False


def _week_of(day: date) -> tuple[date, date]:
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=6)


def _month_range(day: date) -> tuple[date, date]:
    last = calendar.monthrange(day.year, day.month)[1]
    return day.replace(day=1), day.replace(day=last)


_SHIFT = {"last": -1, "this": 0, "next": 1, "this past": -1, "this coming": 1}


def _fixed(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    offsets = {"the day before yesterday": -2, "yesterday": -1, "last night": -1, "today": 0,
               "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
               "tomorrow": 1, "the day after tomorrow": 2}
    return _single(anchor + timedelta(days=offsets[_norm(match.group(0))]))


def _other_day(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    return anchor - timedelta(days=7), anchor - timedelta(days=1), True


def _rel_period(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    shift, unit = _SHIFT[_norm(match.group(1))], match.group(2).lower()
    if unit == "week":
        return (*_week_of(anchor + timedelta(weeks=shift)), False)
    if unit == "weekend":
        monday = _week_of(anchor + timedelta(weeks=shift))[0]
        return monday + timedelta(days=5), monday + timedelta(days=6), False
    if unit == "month":
        return (*_month_range(anchor + relativedelta(months=shift)), False)
    year = anchor.year + shift
    return date(year, 1, 1), date(year, 12, 31), False


def _rel_weekday(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    which, weekday = _norm(match.group(1)), _WEEKDAYS[match.group(2).lower()]
    if _SHIFT[which] < 0:  # the most recent such day strictly before the anchor
        back = (anchor.weekday() - weekday - 1) % 7 + 1
        return _single(anchor - timedelta(days=back))
    if which == "this coming":  # the first such day strictly after the anchor
        return _single(anchor + timedelta(days=(weekday - anchor.weekday() - 1) % 7 + 1))
    monday = _week_of(anchor)[0] + timedelta(weeks=_SHIFT[which])
    return _single(monday + timedelta(days=weekday))


def _weekdays_ago(match: re.Match[str], anchor: date) -> tuple[date, date, bool] | None:
    count = _count(match.group(1))
    if count is None:
        return None
    weekday = _WEEKDAYS[match.group(2).lower()]
    last = anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)
    return _single(last - timedelta(weeks=count - 1))


def _ago(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    quantity, unit = _norm(match.group(1)), match.group(2).lower()
    step = {"day": relativedelta(days=1), "week": relativedelta(weeks=1),
            "month": relativedelta(months=1), "year": relativedelta(years=1)}[unit]
    if quantity in _VAGUE:  # approximate: between 2 and 5 units back (weeks: 2 to 5 weeks)
        return anchor - step * 5, anchor - step * 2, True
    return _single(anchor - step * (_count(quantity) or 1))


def _in_year(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    year = int(match.group(1))
    return date(year, 1, 1), date(year, 12, 31), False


def _month_year(match: re.Match[str], anchor: date) -> tuple[date, date, bool]:
    month = _month_number(match.group(1))
    return (*_month_range(date(int(match.group(2)), month, 1)), False)


def _day_month(match: re.Match[str], anchor: date) -> tuple[date, date, bool] | None:
    return _explicit(match.group(3), match.group(2), match.group(1), anchor)


def _month_day(match: re.Match[str], anchor: date) -> tuple[date, date, bool] | None:
    return _explicit(match.group(3), match.group(1), match.group(2), anchor)


def _iso_day(match: re.Match[str], anchor: date) -> tuple[date, date, bool] | None:
    try:
        return _single(date.fromisoformat(match.group(0)))
    except ValueError:
        return None


def _explicit(year: str | None, month: str, day: str, anchor: date
              ) -> tuple[date, date, bool] | None:
    if month == "may":  # lowercase "may" is the verb ("we may 2 ...")
        return None
    try:
        return _single(date(int(year) if year else anchor.year, _month_number(month), int(day)))
    except ValueError:  # "31 February": not a date, so not a mention
        return None


def _month_number(name: str) -> int:
    return _MONTHS[name.lower()[:4] if name.lower().startswith("sept") else name.lower()]


def _count(quantity: str) -> int | None:
    quantity = _norm(quantity)
    if quantity.isdigit():
        return int(quantity)
    return _NUM_WORDS.get(quantity)


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


# Rule order matters where two rules match at the same place: the first wins, so the longer
# forms come first ("May 7, 2023" before "May 2023").
_RULE_SOURCES: tuple[tuple[str, Resolver], ...] = (
    (r"(\d{1,2})" + _ORD + r"\s+(?:of\s+)?" + _MONTH + r"(?:,?\s+" + _YEAR + ")?", _day_month),
    (_MONTH + r"\s+(\d{1,2})" + _ORD + r"(?:,?\s+" + _YEAR + ")?", _month_day),
    (_MONTH + r",?\s+" + _YEAR, _month_year),
    (r"\d{4}-\d{2}-\d{2}", _iso_day),
    (r"the day before yesterday|the day after tomorrow|yesterday|last night|today|tonight"
     r"|this morning|this afternoon|this evening|tomorrow", _fixed),
    (r"the other day", _other_day),
    (r"(this past|this coming|last|this|next)\s+(weekend|week|month|year)", _rel_period),
    (r"(this past|this coming|last|this|next)\s+" + _DAY, _rel_weekday),
    (_NUM + r"\s+" + _DAY + r"s\s+ago", _weekdays_ago),
    (_NUM + r"\s+(day|week|month|year)s?\s+ago", _ago),
    (r"(?:in|during|since)\s+" + _YEAR, _in_year),
)
_EDGE_BEFORE, _EDGE_AFTER = r"(?<![\w-])", r"(?![\w-])"
_RULES = tuple((re.compile(_EDGE_BEFORE + source + _EDGE_AFTER, re.I), resolve)
               for source, resolve in _RULE_SOURCES)
# One pass over the text finds every expression; the matching rule then re-reads it for groups.
# (Case-sensitive on lowercased text: twice as fast as re.I.)
_ANY_SOURCE = _EDGE_BEFORE + "(?:" + "|".join(
    f"(?P<r{i}>{source})" for i, (source, _) in enumerate(_RULE_SOURCES)) + ")" + _EDGE_AFTER
_ANY_RULE, _ANY_RULE_I = re.compile(_ANY_SOURCE), re.compile(_ANY_SOURCE, re.I)


def find_dates(text: str, anchor: date) -> list[DateMention]:
    """Every time expression in `text` resolved against `anchor`, in order, never overlapping."""
    lowered = text.lower()
    if not _DIGIT.search(text) and not any(word in lowered for word in _TRIGGER_WORDS):
        return []
    # Lowercasing keeps offsets for almost all text; where it does not ("İ"), match with re.I.
    scan = _ANY_RULE.finditer(lowered) if len(lowered) == len(text) else _ANY_RULE_I.finditer(text)
    found: list[DateMention] = []
    for match in scan:
        pattern, resolve = _RULES[int(str(match.lastgroup)[1:])]
        written = text[match.start():match.end()]
        groups = pattern.fullmatch(written)
        try:
            resolved = resolve(groups, anchor) if groups else None
        except (ValueError, OverflowError):  # lands before year 1 or after 9999: no date
            resolved = None
        if resolved is not None:
            start, end, approx = resolved
            found.append(DateMention(written, start.isoformat(), end.isoformat(), match.span(),
                                     approx))
    return found


def anchor_date(started_at: str) -> date:
    """The date of a session's ISO timestamp: the anchor of every relative expression in it."""
    return datetime.fromisoformat(started_at).date()
