"""The time a question is about, when it says so: "on May 3, 2023", "in December 2023",
"in 2022", "in August".

Only what the question fixes by itself counts. A question has no session to anchor relative
expressions ("last week", "yesterday", "May 3" without a year), so every expression is resolved
against two anchors years apart and kept only where both agree. A month alone ("in August",
"during June") is kept as a month of any year: which year, the episodes found decide.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from mrgraph.dates import find_dates

# Two anchors far apart: an expression that resolves the same against both is absolute.
_ANCHORS = (date(2001, 6, 15), date(2011, 2, 3))
_MONTH_NAMES = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTH_ONLY = re.compile(r"\b(?:in|during|of|last|this|early|late|mid)[\s-]+(january|february|"
                         r"march|april|may|june|july|august|september|october|november|"
                         r"december)\b(?![\s,]+\d)", re.IGNORECASE)


TOLD = 14  # days after a session that a question may still name for it


def _later(iso: str, days: int) -> str:
    try:
        return (date.fromisoformat(iso) + timedelta(days=days)).isoformat()
    except ValueError:
        return iso


@dataclass(frozen=True)
class QuestionTime:
    """Absolute ISO ranges (start, end inclusive) and months of any year a question names."""

    ranges: tuple[tuple[str, str], ...] = ()
    months: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.ranges or self.months)

    def fits(self, start: str, end: str | None = None) -> bool:
        """Whether the days [start, end] (an episode's session day) overlap what the question
        names, allowing TOLD days after `end`: a question may name a day a little after the
        session it was said in ("what did Petra do on 16 June" of a session of 10 June)."""
        if not start:
            return False
        last = end or start
        told = _later(last[:10], TOLD)
        if any(s <= told and start[:10] <= e for s, e in self.ranges):
            return True
        return _month(start) in self.months or _month(last) in self.months

    def holds(self, start: str, end: str) -> bool:
        """Whether the days [start, end] lie within what the question names: a date a turn
        mentions counts only when it is at least as precise as the question ("last week" for
        "in June 2023", not "last month" for "on 16 June 2023")."""
        if any(s <= start[:10] and end[:10] <= e for s, e in self.ranges):
            return True
        return start[:7] == end[:7] and _month(start) in self.months


def question_time(question: str) -> QuestionTime:
    """What `question` says about when (see the module docstring)."""
    first, second = (find_dates(question, anchor) for anchor in _ANCHORS)
    ranges = tuple(sorted({(a.start, a.end) for a in first for b in second
                           if a.span == b.span and (a.start, a.end) == (b.start, b.end)}))
    months = frozenset(_MONTH_NAMES[m.group(1).lower()] for m in _MONTH_ONLY.finditer(question))
    return QuestionTime(ranges, months)


def _month(iso: str) -> int:
    try:
        return int(iso[5:7])
    except ValueError:
        return 0
