"""Runs of days said as one: "from 17 to 19 June", "17-19 June 2024", "between 3 and 5 May",
"June 17-19". Rules for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* The run is one value of precision range, its first day to its last ("2024-06-17/2024-06-19"),
  not its last day alone: what was said covers every day of it ("Where was she from 17 to 19
  June?" asks about all three).
* Its year is the one said, else the session's, as for a single day ("19 June").
* Not a run: a first day after the last ("from 19 to 17 June"), a day the month does not have
  ("30-31 February"), numbers that count something else ("2-3 June flights" is read, "10-12
  people" is not: a month must follow). A run over two months ("from 28 June to 2 July") is
  two stated days, the single-day rule's.
"""

from __future__ import annotations

import re
from datetime import date

from mrgraph.dates.resolved import Resolved, Resolver
from mrgraph.dates.timestamps import MONTHS
from mrgraph.dates.value import Source

_MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DAY = r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+((?:19|20)\d\d))?"
_TO = r"\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b)\s*"


def _days(first: str, last: str, month: str, year: str | None, anchor: date) -> Resolved | None:
    """The run from day `first` to day `last` of `month` (a name as written), in `year` or
    the anchor's; None when it is no run of that month."""
    if month == "may":  # lowercase "may" is the verb ("from 3 to 5 may be enough")
        return None
    name = month.lower()
    number = MONTHS[name[:4] if name.startswith("sept") else name]
    try:
        start = date(int(year) if year else anchor.year, number, int(first))
        end = date(int(year) if year else anchor.year, number, int(last))
    except ValueError:  # "30-31 February": no such days
        return None
    return Resolved(start, end, "range") if start < end else None


def _day_first(match: re.Match[str], anchor: date) -> Resolved | None:
    """"from 17 to 19 June (2024)", "17-19 June", "between 3 and 5 May"."""
    return _days(match.group(1), match.group(2), match.group(3), match.group(4), anchor)


def _month_first(match: re.Match[str], anchor: date) -> Resolved | None:
    """"June 17-19 (, 2024)", "from June 17 to 19"."""
    return _days(match.group(2), match.group(3), match.group(1), match.group(4), anchor)


RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:from\s+)?" + _DAY + _TO + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _day_first, "stated"),
    (r"between\s+" + _DAY + r"\s+and\s+" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _day_first, "stated"),
    (r"(?:from\s+)?" + _MONTH + r"\s+" + _DAY + _TO + _DAY + r"\b" + _YEAR, _month_first,
     "stated"),
)
