"""Times counted forward from the session's day ("in two weeks"), the end of the session's
month, the same time a year back. Rules for mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* "in three days / two weeks / a month / a year" in a sentence about what is ahead ("We'll
  move in two weeks", "I'm flying out in three days") is that many units after the session's
  day, at the unit's precision, as "three days ago" is before it: a day, the ISO week holding
  it, its month, its year; "in a couple of weeks" two; "in a few / several weeks" the
  approximate range two to five weeks ahead, in whole units; a fortnight is two weeks ("in a
  fortnight", "two fortnights from now"). "' time" after the amount names a point ahead in a
  sentence with no tense of its own ("I'm off in three days' time", "The results come out in
  a month's time"); with a past, a span ("he was walking again in three weeks' time"). Not
  in a sentence about the past or with no future form: "I lost five kilos in two months",
  "I can knit a scarf in two days" say how long, not when; but "be" right before it puts the
  event ahead whatever the sentence's other verbs ("My exam is in three days", "the
  wedding's in two weeks, and we finally sent the invitations"): "be" takes no span of time
  to do a thing in. "three weeks
  from now" is ahead whatever the tense.
* "by the end of the week / month / year" is the session's week / month / year (its end is
  ahead of any day in it); "at / towards / before / until / till the end of the month"
  likewise in a sentence about what is ahead; in one about the past, no date (the end of which
  month?).
* "this time last year" is the month a year before the session's day, approximate ("this
  time last month": the week a month back; "this time last week": the day a week back).
* A season said without "last / this / next" ("in the fall") is left alone: tried with the
  tense deciding, as for "in June", and dropped (an invented answer was lost through the walk).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Callable

from mrgraph.dates.resolved import (FINER, QUANTITY, STEP, VAGUE, Resolved, Resolver, count_of,
                                    in_unit, norm, units_range)
from mrgraph.dates.arranged import arranged
from mrgraph.dates.tense import sentence, tense
from mrgraph.dates.verbs import WORD
from mrgraph.dates.value import Source

# a present "be" ending right before the phrase: "is", "are", "'s", "'re"
_BE_BEFORE = re.compile(r"(?:\b(?:is|are)|['’](?:s|re))\s+$", re.I)
_TIME = re.compile(r"\btime$", re.I)  # "in three days' time", "in a fortnight's time"


def _in_units_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_in_units`: the tense decides (TENSED), alone nothing."""
    return None


def _in_units(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"in two weeks", said of what is ahead: the week holding the day two weeks on."""
    return _counted_on(match, anchor) if looks == "future" else None


def _counted_on(match: re.Match[str], anchor: date) -> Resolved | None:
    """The quantity of units (groups 1, 2) on from `anchor`; a fortnight is two weeks."""
    quantity, unit = norm(match.group(1)), match.group(2).lower()
    times = 2 if unit == "fortnight" else 1
    unit = "week" if unit == "fortnight" else unit
    if quantity in VAGUE:
        return units_range(unit, 2 * times, 5 * times, anchor)
    count = count_of(quantity)
    return in_unit(unit, anchor + STEP[unit] * (count * times)) if count else None


def _in_units_looks(text: str, start: int, end: int) -> str | None:
    """Which way "in two weeks" looks: ahead after a present "be" ("The move is in two weeks",
    where "be" takes no span to do a thing in); else the sentence's tense (dates.tense), and
    ahead when it has none and the phrase says "time" ("I'm off in three days' time": a point
    in time, not a span to do a thing in) or a noun's "is" and a verb's -ing arrange it
    ("Grandad's coming to stay in a fortnight": dates.arranged.arranged)."""
    if _BE_BEFORE.search(text, max(0, start - 6), start):
        return "future"
    looks = tense(text, start, end)
    if looks is None and (_TIME.search(text, start, end) or
                          arranged(WORD.findall(sentence(text, start, end)))):
        return "future"  # "Grandad's coming to stay in a fortnight": an arrangement
    return looks


def _from_now(match: re.Match[str], anchor: date) -> Resolved | None:
    """"three weeks from now": ahead whatever the tense, as "in three weeks" is in a sentence
    about what is ahead."""
    return _counted_on(match, anchor)


def _end_of_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_end_of` (as `_in_units_entry`)."""
    return None


def _end_of(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"by the end of the month": the session's month (a deadline ahead)."""
    if looks == "past" or (looks is None and not match.group(0).lower().startswith("by")):
        return None
    return in_unit(match.group(1).lower(), anchor)


def _this_time_last(match: re.Match[str], anchor: date) -> Resolved:
    """"this time last year": the month a year back, approximate."""
    unit = match.group(1).lower()
    return in_unit(FINER[unit], anchor - STEP[unit], True)


RULES: tuple[tuple[str, Resolver, Source], ...] = (
    # not "in a day or two" (a rough amount), "in two days' time" is the same as "in two days"
    (r"in\s+" + QUANTITY + r"\s+(day|week|fortnight|month|year)s?(?:(?:['’]s?)?\s+time)?"
     r"(?!\s+(?:or|and|of|before|after|later|ago|back)\b)", _in_units_entry, "relative"),
    (QUANTITY + r"\s+(day|week|fortnight|month|year)s?\s+from\s+(?:now|today)(?!['’])",
     _from_now, "relative"),
    (r"(?:by|at|towards?|before|until|till)\s+the\s+end\s+of\s+the\s+(week|month|year)",
     _end_of_entry, "relative"),
    (r"(?:(?:around|about)\s+)?this\s+time\s+last\s+(year|month|week)", _this_time_last,
     "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _in_units_entry: _in_units, _end_of_entry: _end_of}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {_in_units_entry: _in_units_looks}
