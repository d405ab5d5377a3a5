"""A weekday said bare, without "on", "last" or "next": "Collected the sofa Thursday.", "the
quiz is Friday", "Thursday! I beat my best time."; and "since Tuesday". Rules for
mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* A full weekday name, capitalised, takes its direction from its sentence's tense as "on
  Tuesday" does (mrgraph.dates.tense.day_tense): with a verb in the past the latest such day
  strictly before the session's day, with a future form or a schedule's present ("the quiz
  is Friday") the first one after it; a verbless fragment ("Tuesday evening.") looks the way
  the sentence next to it in the turn does. Neither: no date.
* Not a name, a habit, a span or today: not after a word that makes the day part of a name or
  a span ("Good Friday", "Cyber Monday", "every Sunday", "a Sunday", "the Friday", "that
  Monday", "happy Friday", "by Friday", "until Monday", "since Sunday" (the rule below),
  "her Sunday lunch"), nor after "it's" / "today is" (the day it is said: "It's Friday!");
  not one end of a span of days ("Monday to Friday", "Monday-Friday"); not before a
  capitalised word (a name or title goes on: "Friday Night Lights"), "mornings" (a habit),
  "school", a stated date ("Sunday, 7 May": its own rule) or "of last week"
  (mrgraph.dates.named); lowercase "sunday" is left alone (a bare name is read only when
  written as one). The name test is mrgraph.dates.rules's (`_NAME_AFTER`), on the text as
  written.
* "since Tuesday" is the last Tuesday strictly before the session's day, whatever the tense
  ("I've been ill since Tuesday"); not a "since" that gives a reason, the day the subject of
  the verb after it ("Since Tuesday is a holiday, ...", "Since Tuesday works for everyone").
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

from mrgraph.dates.resolved import Resolved, Resolver, a_day, tensed_entry
from mrgraph.dates.tense import day_tense
from mrgraph.dates.timestamps import MONTH_WORDS
from mrgraph.dates.value import Source

WEEKDAYS = tuple(name.lower() for name in calendar.day_name)  # Monday first, as date.weekday()
# a weekday's number (0 = Monday) by its name or a short form ("tue", "thurs")
DAY_NUMBERS = {**{name: i for i, name in enumerate(WEEKDAYS)},
               "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3,
               "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
_ANY_DAY = "(?:" + "|".join(WEEKDAYS) + ")"
# what another rule reads when it follows a weekday: "Tuesday (of) last week"
# (mrgraph.dates.named), "Sunday, 7 May" (a stated date); shared with "on Tuesday"
NOT_ANOTHER_RULES = (r"(?!\s+(?:of\s+)?(?:last|this|next)\s+week\b)"
                     r"(?!,?\s+(?:the\s+)?(?:\d|" + MONTH_WORDS + r"\b))")
# the words before a weekday that make it a name, a habit, a span's edge, today, or a day
# another rule reads
_NOT_AFTER = ("on", "last", "next", "this", "that", "past", "previous", "following",
              "every", "each", "a", "an", "the", "one", "of", "by", "until", "till", "since",
              "from", "to", "through", "thru", "good", "black", "cyber", "easter", "palm", "ash",
              "holy", "maundy", "shrove", "bowl", "happy", "girl", "man", "per", "my", "your",
              "his", "her", "our", "their", "its", "it's", "it’s", "it is", "today is",
              "today's", "today’s")
# each a whole word ("(?<!\ba )": not "Loch Brenna Tuesday"); nor a span's dash before it
_NOT_BEFORE_IT = "".join(rf"(?<!\b{re.escape(w)} )" for w in _NOT_AFTER) + r"(?<!-)(?<!–)(?<!—)"
_SPAN_ON = r"(?!\s*(?:-|–|—|\bto\b|\bthrough\b|\bthru\b|\btill\b|\buntil\b)\s*" + _ANY_DAY + ")"


def tensed_weekday(anchor: date, weekday: int, looks: str | None) -> date | None:
    """The day a weekday (0 = Monday) said without "last" / "next" names: the last one before
    the anchor in a sentence about the past, the next one after it in a sentence about what
    is ahead (`looks`: its tense), else None."""
    if looks == "past":
        return last_weekday(anchor, weekday)
    if looks == "future":
        return next_weekday(anchor, weekday)
    return None


def last_weekday(anchor: date, weekday: int) -> date:
    """The latest such weekday (0 = Monday) strictly before the anchor."""
    return anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)


def next_weekday(anchor: date, weekday: int) -> date:
    """The first such weekday (0 = Monday) strictly after the anchor."""
    return anchor + timedelta(days=(weekday - anchor.weekday() - 1) % 7 + 1)


def _bare_weekday(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """A capitalised weekday, resolved by its sentence's tense (`looks`)."""
    written = match.group(1)
    if not written[:1].isupper():
        return None
    day = tensed_weekday(anchor, WEEKDAYS.index(written.lower()), looks)
    return a_day(day) if day is not None else None


def _since(match: re.Match[str], anchor: date) -> Resolved:
    """"since Friday": the latest such day strictly before the anchor, whatever the tense
    ("I've been ill since Friday": what has gone on since began then)."""
    return a_day(last_weekday(anchor, DAY_NUMBERS[match.group(1).lower()]))


BARE = tensed_entry()  # the rule's entry: mrgraph.dates.rules tests the name after it
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    # not a "since" that gives a reason, the day the subject of its verb ("Since Friday is a
    # holiday", "Since Tuesday works for everyone", "Since Monday's off")
    (r"since\s+(" + "|".join(WEEKDAYS) + r")(?!\s+(?:is|was|will|would|can|could|should|"
     r"might|must|may|has|had|does|did|(?!(?:as|us|its|his|this|plus|thanks|besides)\b)"
     r"[a-z]+s)\b|['’]s\b)" + NOT_ANOTHER_RULES, _since, "relative"),
    (_NOT_BEFORE_IT + r"(" + "|".join(WEEKDAYS) + r")" + _SPAN_ON +
     r"(?!\s+(?:mornings|afternoons|evenings|nights|school)\b)" + NOT_ANOTHER_RULES, BARE,
     "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    BARE: _bare_weekday}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {BARE: day_tense}
