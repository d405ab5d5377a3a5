"""A date as a value: what it is, how precise it is, and where it comes from.

A date is never a bare ISO day. "Last year" said on 8 July 2023 is the year 2022 (precision
year), not 1 January 2022; "a few years ago" is a vague range with no day at all. Each value
keeps the ISO days it covers (`start`, `end`: what range queries compare) and, when it was
found in a turn, the phrase, the session day it was resolved against, the turn and its speaker,
and the clause that said it (the statement the date belongs to).

Canonical `value` per precision:
    day     "2023-05-07"          week   "2023-W23" (ISO 8601 week, Monday to Sunday)
    month   "2023-05"             season "2022-summer" (a winter is named by its December)
    year    "2022"                range  "2023-06-03/2023-06-04" (ISO 8601 interval of days)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from datetime import date, timedelta
from typing import Literal, Mapping, get_args

Precision = Literal["day", "week", "month", "season", "year", "range"]
Source = Literal["session", "stated", "relative"]
PRECISIONS: tuple[Precision, ...] = get_args(Precision)
SOURCES: tuple[Source, ...] = get_args(Source)
# Meteorological seasons of the northern hemisphere: the month each starts in, 3 months long.
SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "winter": 12}


@dataclass(frozen=True)
class DateValue:
    """A date with its precision and source (see the module docstring)."""

    value: str
    precision: Precision
    source: Source
    start: str  # ISO day: the first day the value covers
    end: str  # ISO day: the last day it covers
    phrase: str = ""  # as written ("last year"); "" for a session date
    said: str = ""  # ISO day of the session it was said in: the anchor of a relative phrase
    approximate: bool = False  # a vague quantity: "a few years ago", "about a year ago"
    dia_id: str = ""  # the turn that said it, where known
    speaker: str = ""
    statement: str = ""  # the clause of the turn that holds the phrase

    def overlaps(self, start: str, end: str) -> bool:
        """Whether the days covered meet the inclusive ISO range [start, end]."""
        return self.start <= end and self.end >= start


@dataclass(frozen=True)
class DateMention:
    """A date found in a text: the value and the phrase's offsets in the text."""

    value: DateValue
    span: tuple[int, int]

    @property
    def text(self) -> str:
        return self.value.phrase

    @property
    def start(self) -> str:
        return self.value.start

    @property
    def end(self) -> str:
        return self.value.end

    @property
    def approximate(self) -> bool:
        return self.value.approximate

    @property
    def iso(self) -> str:
        """"2023-05-07", or the ISO interval "2023-05-01/2023-05-07" of the days covered."""
        return self.start if self.start == self.end else f"{self.start}/{self.end}"


def canonical(precision: Precision, start: date, end: date, season: str = "") -> str:
    """The canonical `value` of a date of `precision` covering [start, end]."""
    if precision == "day":
        return start.isoformat()
    if precision == "week":
        year, week, _ = start.isocalendar()
        return f"{year}-W{week:02d}"
    if precision == "month":
        return f"{start.year:04d}-{start.month:02d}"
    if precision == "season":
        return f"{start.year:04d}-{season}"
    if precision == "year":
        return f"{start.year:04d}"
    return f"{start.isoformat()}/{end.isoformat()}"


def session_value(started_at: str) -> DateValue:
    """The day of a session (its ISO timestamp): precision day, source session."""
    day = started_at[:10]
    date.fromisoformat(day)  # a malformed timestamp is an error here, not a wrong date later
    return DateValue(day, "day", "session", day, day, said=day)


# ------------------------------------------------------------------ stored form

# The properties a DateMention node holds for a value (Neo4j: primitives only); `when` (the
# rendering) is added by the writer, for Browser captions.
_STORED = tuple(f.name for f in fields(DateValue))


def to_props(value: DateValue) -> dict[str, str | bool]:
    """The value's stored properties (every field; empty strings kept: both stores alike)."""
    return {name: getattr(value, name) for name in _STORED}


def from_props(props: Mapping[str, object]) -> DateValue | None:
    """A value read back from stored properties (a DateMention node, a record); None when
    they do not hold one (a precision or source this version does not know)."""
    precision, source = props.get("precision"), props.get("source")
    if precision not in PRECISIONS or source not in SOURCES:
        return None
    text = {name: str(props.get(name) or "") for name in _STORED
            if name not in ("precision", "source", "approximate")}
    return DateValue(precision=precision, source=source,
                     approximate=bool(props.get("approximate")), **text)


# ------------------------------------------------------------------ reading a value back

_VALUE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?|-W(\d{2})|-(spring|summer|autumn|winter))?")


def value_bounds(text: str) -> tuple[str, str] | None:
    """The ISO days [start, end] a canonical value covers ("2022" -> 2022-01-01..2022-12-31,
    "2023-W23", "2023-05", "2022-summer", "2023-05-07", or an interval "A/B" of those); None
    for anything else."""
    first, _, last = text.partition("/")
    head, tail = _bounds(first), _bounds(last) if last else _bounds(first)
    if head is None or tail is None or head[0] > tail[1]:
        return None
    return head[0], tail[1]


def _bounds(part: str) -> tuple[str, str] | None:
    match = _VALUE.fullmatch(part.strip())
    if match is None:
        return None
    year, month, day, week, season = match.groups()
    try:
        if day:
            one = date(int(year), int(month), int(day))
            return one.isoformat(), one.isoformat()
        if month:
            first = date(int(year), int(month), 1)
            last = (first + timedelta(days=31)).replace(day=1) - timedelta(days=1)
        elif week:
            first = date.fromisocalendar(int(year), int(week), 1)
            last = first + timedelta(days=6)
        elif season:
            first = date(int(year), SEASONS[season], 1)
            last = (first + timedelta(days=92)).replace(day=1) - timedelta(days=1)
        else:
            first, last = date(int(year), 1, 1), date(int(year), 12, 31)
    except (ValueError, OverflowError):
        return None
    return first.isoformat(), last.isoformat()
