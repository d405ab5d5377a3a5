"""A weekday said bare, without "on", "last" or "next": "Picked it up Wednesday.", "your
birthday is Friday", "Sunday! I cried at the finish line." A rule for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* A full weekday name, capitalised, takes its direction from its sentence's tense as "on
  Tuesday" does (mrgraph.dates.tense.day_tense): with a verb in the past the latest such day
  strictly before the session's day, with a future form or a schedule's present ("the fair is
  Friday") the first one after it; a verbless fragment ("Sunday morning.") looks the way the
  sentence next to it in the turn does. Neither: no date.
* Not a name or a habit: not after a word that makes the day part of a name or a span ("Good
  Friday", "Cyber Monday", "every Sunday", "a Sunday", "the Friday", "that Monday", "happy
  Friday", "by Friday", "until Monday", "since Sunday", "my Sunday thing"), nor before
  "mornings" (a habit), "school", a stated date ("Sunday, 7 May": its own rule) or "of last
  week" (mrgraph.dates.named); lowercase "sunday" is left alone (a bare name is read only
  when written as one).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from mrgraph.dates.resolved import Resolved, Resolver, a_day
from mrgraph.dates.tense import day_tense
from mrgraph.dates.value import Source

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|"
          r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)")
# the words before a weekday that make it a name, a habit, a span's edge or a day already read
_NOT_AFTER = ("on", "last", "next", "this", "that", "coming", "past", "previous", "following",
              "every", "each", "a", "an", "the", "one", "of", "by", "until", "till", "since",
              "from", "good", "black", "cyber", "easter", "palm", "ash", "holy", "maundy",
              "shrove", "bowl", "happy", "girl", "man", "per", "my", "your", "his", "her",
              "our", "their", "its")
_NOT_BEFORE_IT = "".join(f"(?<!{w} )" for w in _NOT_AFTER)


def tensed_weekday(anchor: date, weekday: int, looks: str | None) -> date | None:
    """The day a weekday (0 = Monday) said without "last" / "next" names: the last one before
    the anchor in a sentence about the past, the next one after it in a sentence about what
    is ahead (`looks`: its tense), else None."""
    if looks == "past":
        return anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)
    if looks == "future":
        return anchor + timedelta(days=(weekday - anchor.weekday() - 1) % 7 + 1)
    return None


def _bare_weekday_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_bare_weekday`: the tense decides (TENSED), alone nothing."""
    return None


def _bare_weekday(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """A capitalised weekday, resolved by its sentence's tense (`looks`)."""
    written = match.group(1)
    if not written[:1].isupper():
        return None
    day = tensed_weekday(anchor, _WEEKDAYS.index(written.lower()), looks)
    return a_day(day) if day is not None else None


RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (_NOT_BEFORE_IT + r"(" + "|".join(_WEEKDAYS) + r")"
     r"(?!\s+(?:mornings|afternoons|evenings|nights|school)\b)"
     r"(?!\s+(?:of\s+)?(?:last|this|next)\s+week\b)"
     r"(?!,?\s+(?:the\s+)?(?:\d|" + _MONTH + r"\b))", _bare_weekday_entry, "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _bare_weekday_entry: _bare_weekday}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {_bare_weekday_entry: day_tense}
