"""A day of the year said with its month: alone ("7 May", "May 7th, 2023", "the 3rd of June")
or as a run of days said as one ("from 8 to 10 March", "8-10 March 2024", "between 3 and 5
May", "March 8-10", "from 28 June to 2 July 2023"). Rules for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* A run is one value of precision range, its first day to its last ("2024-03-08/2024-03-10"),
  not its last day alone: what was said covers every day of it ("Where was she from 8 to 10
  March?" asks about all three). A year said at its end is the whole run's ("from 28 December
  to 2 January 2024" begins in 2023).
* The year is the one said; without one, the one mrgraph.dates.resolved.year_of reads from the
  sentence's tense: ahead (a future form, or "be" right before the day: "my exam is on 20
  November") the first such day from the session's day on; in the past this year's when it is
  not later than the session's day, else the nearer of this year's and last year's ("I went on 2
  December", said in May, is last December); neither, the nearer such day.
* Days listed under one month, the last after "and" ("9 and 10 November", "the 5th and 6th of
  May", "9, 10 and 11 November", "November 9th and 10th", "May 9 and 10, 2023"; a last day
  without "th" only before a stop or a year: not "May 9 and 10 people"): each the day after
  the one before, the run of them all; else the day said with the month alone, its words the
  phrase ("3 and 10 November" is "10 November", "May 5th and 9th, 2023" "May 5th" of 2023), as
  each was read before lists were (days apart are no run: 3 to 10 would hold days nobody
  said).
* Not a date: lowercase "may" (the verb: "we may 2 ..."), a day the month does not have ("31
  February"), numbers no month follows ("10-12 people"). A run whose first day is not before
  its last ("from 9 to 5 May") is its last day, as a single day would be read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from mrgraph.dates.resolved import Resolved, Resolver, a_day, tensed_entry, year_of
from mrgraph.dates.tense import tense
from mrgraph.dates.timestamps import MONTH_WORDS, month_number
from mrgraph.dates.value import Source

_MONTH = f"({MONTH_WORDS})"
_DAY = r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+((?:19|20)\d\d))?"
_TO = r"\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b)\s*"
# "be" right before the day: a schedule, ahead ("my exam is on 20 November", "the fair's 4-6
# October")
_BE_BEFORE = re.compile(r"(?:\bis|\bare|'s|'re)\s+(?:on\s+|from\s+)?$", re.IGNORECASE)
Day = tuple[str, str]  # (day of the month, the month's name as written)


def _run(first: Day, last: Day, year: str | None, anchor: date,
         looks: str | None) -> Resolved | None:
    """The days from `first` to `last` (the same for one day), in `year` (the last day's;
    the first's is a year earlier when its month comes later) or the one `year_of` gives the
    first; None when that is no day of the year."""
    if first[1] == "may" or last[1] == "may":  # lowercase "may" is the verb ("we may 2 ...")
        return None
    months = month_number(first[1]), month_number(last[1])
    turns = months[0] > months[1]  # "28 December to 2 January": over the new year
    try:
        said = int(year) - turns if year else year_of(months[0], int(first[0]), anchor, looks)
        start = date(said, months[0], int(first[0]))
        end = date(said + turns, months[1], int(last[0]))
    except ValueError:  # "31 February": not a date, so not a mention
        return None
    if start >= end:  # one day, or a run said backwards: its last day, as before runs were read
        return a_day(end)
    return Resolved(start, end, "range")


_DAY_MONTH, _DAY_RUN, _MONTH_DAY, _MONTH_RUN, _SPAN, _MONTH_SPAN, _DAY_LIST, _MONTH_LIST = \
    (tensed_entry() for _ in range(8))
_READS: dict[Resolver, Callable[[re.Match[str]], tuple[Day, Day, str | None]]] = {
    # "7 May", "7th of May 2023"
    _DAY_MONTH: lambda m: ((m[1], m[2]), (m[1], m[2]), m[3]),
    # "from 8 to 10 March (2024)", "8-10 March", "between 3 and 5 May"
    _DAY_RUN: lambda m: ((m[1], m[3]), (m[2], m[3]), m[4]),
    # "May 7", "May 7th, 2023"
    _MONTH_DAY: lambda m: ((m[2], m[1]), (m[2], m[1]), m[3]),
    # "March 8-10(, 2024)", "from March 8 to 10"
    _MONTH_RUN: lambda m: ((m[2], m[1]), (m[3], m[1]), m[4]),
    # "from 28 June to 2 July 2023", "30 May-2 June"
    _SPAN: lambda m: ((m[1], m[2]), (m[3], m[4]), m[5]),
    # "June 28 - July 2, 2023"
    _MONTH_SPAN: lambda m: ((m[2], m[1]), (m[4], m[3]), m[5]),
}
# a day listed before the last: ", 10", ", the 10th"; five at most, so that a long run of
# numbers is no work for the scan
_LISTED = r"(?:\s*,\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?){0,5}"
_NUMBER = re.compile(r"(?<!\d)\d{1,2}(?!\d)")
_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)?")


def _listed(match: re.Match[str], anchor: date, looks: str | None, month: str,
            month_first: bool) -> Resolved | None:
    """Days listed under one month (the module docstring): their run when each is the day
    after the one before, else the day said with the month (group 2 of either rule) alone,
    its words the phrase (Resolved.said)."""
    year = match[4]
    said = match.string[match.start():match.start(4) if year else match.end()]
    days = [int(n) for n in _NUMBER.findall(said)]
    if days == list(range(days[0], days[0] + len(days))):
        return _run((str(days[0]), month), (str(days[-1]), month), year, anchor, looks)
    alone = _run((match[2], month), (match[2], month), year, anchor, looks)
    if alone is None:
        return None
    if month_first:  # "May 5th" of "May 5th and 9th"
        ordinal = _ORDINAL.match(match.string, match.start(2))
        return alone._replace(said=(0, (ordinal.end() if ordinal else match.end(2))
                                    - match.start()))
    return alone._replace(said=(match.start(2) - match.start(), match.end() - match.start()))


def _day_list(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """ "9, 10 and 11 November (2023)": the first day, the last, the month, the year."""
    return _listed(match, anchor, looks, match[3], month_first=False)


def _month_list(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """ "November 9th and 10th(, 2023)": the month, the first day, the last, the year."""
    return _listed(match, anchor, looks, match[1], month_first=True)


def _days(entry: Resolver) -> Callable[[re.Match[str], date, str | None], Resolved | None]:
    """The tensed resolver of a rule: its days as `_READS` finds them, then `_run`."""
    def resolve(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
        return _run(*_READS[entry](match), anchor, looks)
    return resolve


def schedule_looks(text: str, start: int, end: int) -> str | None:
    """The sentence's tense (mrgraph.dates.tense), else ahead when "be" comes right before
    the day: a schedule."""
    looks = tense(text, start, end)
    return looks if looks is not None or not _BE_BEFORE.search(text, 0, start) else "future"


# runs before a day alone (at the same place the first rule wins); a run over two months first
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:from\s+)?" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _TO + _DAY +
     r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR, _SPAN, "stated"),
    (r"(?:from\s+)?" + _MONTH + r"\s+" + _DAY + _TO + _MONTH + r"\s+" + _DAY + r"\b" + _YEAR,
     _MONTH_SPAN, "stated"),
    (r"(?:from\s+)?" + _DAY + _TO + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _DAY_RUN, "stated"),
    (r"between\s+" + _DAY + r"\s+and\s+" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _DAY_RUN, "stated"),
    (r"(?:from\s+)?" + _MONTH + r"\s+" + _DAY + _TO + _DAY + r"\b" + _YEAR, _MONTH_RUN,
     "stated"),
    (_DAY + _LISTED + r",?\s+and\s+" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR,
     _DAY_LIST, "stated"),
    (_MONTH + r"\s+" + _DAY + _LISTED + r",?\s+and\s+(?:the\s+)?(\d{1,2})"
     r"(?:(?:st|nd|rd|th)\b|(?=\s*(?:[.,;:!?)]|$)))" + _YEAR, _MONTH_LIST, "stated"),
    (r"(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + _YEAR, _DAY_MONTH, "stated"),
    (_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?" + _YEAR, _MONTH_DAY, "stated"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    **{entry: _days(entry) for entry in _READS}, _DAY_LIST: _day_list, _MONTH_LIST: _month_list}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = dict.fromkeys(
    TENSED, schedule_looks)
