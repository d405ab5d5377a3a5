"""Everyday relative phrases: the weekend a sentence's tense names, parts of a day said
without a date, fortnights, "back" for "ago", and rough amounts ("a week or so ago"). Rules for
mrgraph.dates.rules's scan.

Conventions (see mrgraph.dates.rules for the others):

* "over / during / at / on the weekend" takes its direction from the sentence's tense, as "on
  Tuesday" does: with a past verb, the latest weekend begun by the session's day ("We went
  camping over the weekend", said on a Wednesday: the Saturday-Sunday just gone; said on a
  Sunday: that one); with a future form, the weekend of the session's week; neither or both,
  no date ("I work on the weekend" is a habit). "this weekend" with a past verb ("I went
  hiking this weekend", said on a Monday) is likewise the weekend just gone; otherwise the
  weekend of the session's week, as before. A sentence that plans or asks ("I was thinking
  we could go this weekend", "... if you're free over the weekend"), or a weekend something
  is for ("I booked a table for this weekend"), has no past reading.
  "the past weekend" is "this past weekend".
* "last evening" is yesterday, "the night before last" the day before it (precision day);
  "the other day / night / evening / morning / afternoon" is anchor-7 ... anchor-1
  (approximate, precision range).
* "a week ago today" is the day 7 days back ("two weeks ago yesterday": 15), not a week and
  a day; likewise "a month / year ago today". "a year ago this week" is the ISO week holding
  the day a year back, "ten years ago this month" that month ten years back (one period, not
  "ten years ago" and this month).
* A fortnight is two weeks: "a fortnight ago" is the ISO week holding the day 14 days back.
* "the week / weekend after next" is two weeks on (an ISO week; a Saturday-Sunday), "...
  before last" two weeks back ("week before last", "the week before last week" too); "the
  month / year before last" two calendar months / years back ("... after next": on); not
  before a named day or season ("the week before last Christmas" is before that Christmas);
  "the Monday before last" the Monday before last Monday (precision day).
* "a week last Tuesday" (British) is the Tuesday a week before last Tuesday; "a week today",
  "two weeks tomorrow", "a fortnight today" that many weeks after today / tomorrow, and before
  today in a sentence about the past or of how long it has been ("I've been here a week
  today"); not today itself.
* "a decade ago" is the year ten years back, approximate (precision year).
* "N units back" is "N units ago" ("three days back", "a couple of weeks back", "about three
  weeks back"; "a few / several weeks back" the same vague range as "a few weeks ago"); not after a
  possessive or "those" ("I want my two days back"), nor before "to" / "from" / "home" (a
  journey: "we drove two days back to Ohio").
* "a week or so ago" is "about a week ago" (approximate, the unit's precision); "a day or two
  ago" / "two or three weeks ago" is the approximate range from the farther to the nearer
  amount, in whole units ("2023-W17/2023-W18").
* "half a year ago", "a year and a half ago", "two and a half months ago": the amount back,
  approximate, at the next finer precision (years -> month, months -> week, weeks -> day).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Callable

from dateutil.relativedelta import relativedelta

from mrgraph.dates.resolved import (FINER, QUANTITY, STEP, VAGUE, Resolved, Resolver, a_day,
                                    a_week, a_weekend, a_year, count_of, in_unit, norm,
                                    units_back, week_of)
from mrgraph.dates.tense import clause_looks, own_clause
from mrgraph.dates.tense import sentence as text_sentence
from mrgraph.dates.tense import tense
from mrgraph.dates.value import Source

TRIGGERS = ("fortnight", "decade")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_COUNT = r"(\d{1,2}|an|a|one|two|three|four|five|six|seven|eight|nine|ten)"
_UNIT = r"(day|week|month|year)"
# "back" after these is a return, not a time: "I want my two days back"
NOT_BACK = "".join(f"(?<!{w} )" for w in ("my", "our", "your", "his", "their", "its",
                                           "those", "these", "the", "extra"))


def _count(word: str) -> int:
    """The count of a quantity the rule's pattern lets through only when it counts (_COUNT).
    A word that does not count raises ValueError, which the scan takes for no date
    (dates.rules.find_dates) rather than a guess of one."""
    count = count_of(word)
    if count is None:
        raise ValueError(f"not a count: {word!r}")
    return count


def _weekend_begun(anchor: date) -> Resolved:
    """The latest weekend whose Saturday is the anchor or before it."""
    saturday = anchor - timedelta(days=(anchor.weekday() - 5) % 7)
    return a_weekend(saturday - timedelta(days=5))


def _the_weekend(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"over the weekend": the sentence's tense decides (module docstring)."""
    if looks == "past":
        return _weekend_begun(anchor)
    if looks == "future":
        return a_weekend(week_of(anchor)[0])
    return None


def _this_weekend(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"this weekend": the one just gone with a past verb, else the session week's."""
    return _weekend_begun(anchor) if looks == "past" else a_weekend(week_of(anchor)[0])


# a sentence that makes a plan or asks, though a verb in it is past ("I was thinking we could
# go hiking this weekend", "I wanted to ask if you're free over the weekend", "I told her we'd
# go"): not the past one
_PLANNING = re.compile(r"\b(?:could|would|should|might|wanted to|want to|if you|(?:was|were)\s+"
                       r"(?:thinking|wondering|hoping|planning))\b|'d\b")
# ... nor a weekend something is for ("I booked a table for this weekend")
_FOR = re.compile(r"\b(?:for|until|till|by)\s+$", re.I)


def weekend_tense(text: str, start: int, end: int) -> str | None:
    """`tense` for a weekend a rule of TENSED reads, a plan's past verb left aside."""
    looks = tense(text, start, end)
    if looks == "past" and (_PLANNING.search(text_sentence(text, start, end))
                            or _FOR.search(text, 0, start)):
        return None
    return looks


def _over_weekend_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_the_weekend`: the tense decides (TENSED), alone nothing."""
    return None


def _this_weekend_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_this_weekend` (as `_over_weekend_entry`)."""
    return None


def _weeks_ago_today(match: re.Match[str], anchor: date) -> Resolved:
    """"a week ago today" / "two weeks ago yesterday" / "a year ago today": that day; "a
    year ago this week / month": that week / month."""
    unit, which = next((match.group(i).lower(), " ".join(match.group(i + 1).lower().split()))
                       for i in (2, 4, 6) if match.group(i))
    back = anchor - STEP[unit] * _count(match.group(1))
    if which.startswith("this"):
        return in_unit(which.split()[1], back)
    return a_day(back - timedelta(days=which == "yesterday"))


def _weeks_today_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_weeks_today`: the sentence decides (TENSED), alone nothing."""
    return None


def _weeks_today(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"a week today", "two weeks tomorrow", "a fortnight today" (British): that many weeks
    after today / tomorrow; looking back (`weeks_today_looks`: "It was a week today", "I've
    been here two weeks today"), that many weeks before; none where it says neither."""
    if looks is None:
        return None
    weeks = _count(match.group(1)) * (2 if match.group(2).lower() == "fortnight" else 1)
    back = -1 if looks == "past" else 1
    return a_day(anchor + timedelta(weeks=back * weeks, days=match.group(3).lower() == "tomorrow"))


# how long it has been, as of today: "I've been here two weeks today", "It's a week today
# since ..."; an age or a streak said of a person ("I'm 20 weeks today", "we're a fortnight
# today"); what was reported, said or heard, in its own time
_HAS_BEEN = re.compile(r"\b(?:been|since)\b")
_OF_A_PERSON = re.compile(r"\b(?:i'm|i am|we're|we are|he's|he is|she's|she is|they're|"
                          r"they are)\s+$")
_REPORTED = re.compile(r"\b(?:said|told|heard|asked|texted|wrote|mentioned|found out)\b")


def weeks_today_looks(text: str, start: int, end: int) -> str | None:
    """Which way "a week today" looks, by the rest of its own clause (dates.tense.own_clause):
    back with "been" / "since" or a person's "be" before it (how long it has been, an age),
    ahead with a future form, a plan or a present "be" ("The wedding's a week today"), back
    with a past verb, unless it was reported (then no date: "She said the results come out a
    week today"), ahead with neither ("Two weeks today, in Whitby.")."""
    before, clause = own_clause(text, start, end)
    rest = before + " " + clause[len(before) + end - start:]  # not its own "tomorrow"
    if _HAS_BEEN.search(rest) or _OF_A_PERSON.search(before):
        return "past"
    looks = clause_looks(rest)
    if looks == "past" and _REPORTED.search(rest):
        return None
    return looks or "future"


def _past_weekend(match: re.Match[str], anchor: date) -> Resolved:
    return a_weekend(week_of(anchor)[0] - timedelta(weeks=1))


def _day_part(match: re.Match[str], anchor: date) -> Resolved:
    back = 2 if "before last" in match.group(0).lower() else 1
    return a_day(anchor - timedelta(days=back))


def _other_part(match: re.Match[str], anchor: date) -> Resolved:
    """"the other day / night": anchor-7 ... anchor-1, approximate."""
    return Resolved(anchor - timedelta(days=7), anchor - timedelta(days=1), "range", True)


def _fortnights(match: re.Match[str], anchor: date) -> Resolved:
    back = anchor - timedelta(weeks=2 * _count(match.group(2)))
    return Resolved(*week_of(back), "week", match.group(1) is not None)


def _back(match: re.Match[str], anchor: date) -> Resolved | None:
    """"three days back": "three days ago"; "a couple of weeks back": two weeks; "a few /
    several weeks back": 5 ... 2 weeks back, as "a few weeks ago"."""
    about, unit = match.group(1), match.group(3).lower()
    quantity = norm(match.group(2))
    if quantity in VAGUE:
        return _vague_range(unit, 2, 5, anchor)
    return in_unit(unit, anchor - STEP[unit] * _count(quantity), about is not None)


def _or_so(match: re.Match[str], anchor: date) -> Resolved:
    unit = match.group(2).lower()
    return in_unit(unit, anchor - STEP[unit] * _count(match.group(1)), True)


def _vague_range(unit: str, near: int, far: int, anchor: date) -> Resolved | None:
    """The approximate range from `far` to `near` units back, in whole units."""
    if far <= near:
        return None
    return units_back(unit, near, far, anchor)


def _or_more(match: re.Match[str], anchor: date) -> Resolved | None:
    """"two or three weeks ago"."""
    return _vague_range(match.group(3).lower(), _count(match.group(1)), _count(match.group(2)),
                        anchor)


def _unit_or_more(match: re.Match[str], anchor: date) -> Resolved | None:
    """"a day or two ago", "a week or two weeks ago"."""
    return _vague_range(match.group(2).lower(), _count(match.group(1)), _count(match.group(3)),
                        anchor)


_HALF = re.compile(r"(?:(\w+)\s+and\s+a\s+half\s+|half\s+an?\s+|(?:an?|one)\s+)"
                   r"(day|week|month|year)", re.I)


def _and_a_half(match: re.Match[str], anchor: date) -> Resolved:
    """"half a year ago", "a year and a half ago", "two and a half months ago": the amount
    back, at the next finer precision."""
    said = _HALF.match(match.group(0))
    assert said is not None  # the rule's own words
    whole = 0 if match.group(0).lower().startswith("half") else _count(said.group(1) or "a")
    unit = said.group(2).lower()
    if unit in ("day", "week"):  # whole days back
        back = anchor - timedelta(days=round((whole + 0.5) * (7 if unit == "week" else 1)))
    elif unit == "month":
        back = anchor - relativedelta(months=whole, days=15)
    else:
        back = anchor - relativedelta(years=whole, months=6)
    return in_unit(FINER[unit], back, True)


def _two_weeks_entry(match: re.Match[str], anchor: date) -> Resolved | None:
    """The table's entry for `_two_weeks`: what follows the phrase decides (`two_back_said`)."""
    return None


# a month's name after "... before last" is that month's ("the week before last May"); said
# with its capital, as "may" and "march" are verbs too ("the week before last may have been")
_MONTH_AFTER = re.compile(r"\s+(?:January|February|March|April|May|June|July|August|September|"
                          r"October|November|December)\b")
_CLAUSE_END = re.compile(r"\s*(?:[.,;:!?)\]]|$|(?:and|but|so|when|because|or)\b)")


def two_back_said(text: str, start: int, end: int) -> str | None:
    """None where "... before last" is before a named month ("the week before last May"), or,
    without "the", does not end its clause ("a month before last semester ended": before the
    last semester; "the flat week before last." is two weeks back)."""
    if _MONTH_AFTER.match(text, end):
        return None
    if not text[start:end].lower().startswith("the") and not _CLAUSE_END.match(text, end):
        return None
    return "said"


def _two_weeks(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"the week / weekend / month / year before last" (two back), "... after next" (two on);
    "the week before last week" too, not "the week before last year" (another unit)."""
    after = match.group(3)
    if looks is None or (after is not None and after.lower() != match.group(1).lower()):
        return None
    shift, unit = (-2 if "last" in match.group(2).lower() else 2), match.group(1).lower()
    if unit in ("month", "year"):
        return in_unit(unit, anchor + STEP[unit] * shift)
    monday = week_of(anchor)[0] + timedelta(weeks=shift)
    return a_weekend(monday) if unit == "weekend" else a_week(monday)


def _weekday_before_last(match: re.Match[str], anchor: date) -> Resolved:
    """"the Monday before last": the one before the latest Monday strictly before the anchor."""
    weekday = _WEEKDAYS.index(match.group(1).lower())
    last = anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)
    return a_day(last - timedelta(weeks=1))


def _week_last(match: re.Match[str], anchor: date) -> Resolved:
    """"a week last Tuesday": a week before last Tuesday (the latest strictly before)."""
    weekday = _WEEKDAYS.index(match.group(1).lower())
    last = anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)
    return a_day(last - timedelta(weeks=1))


def _decades(match: re.Match[str], anchor: date) -> Resolved:
    """"a decade ago": the year ten years back, approximate (a decade is a round number)."""
    return a_year(anchor.year - 10 * _count(match.group(1)), True)


_AGO = r"\s+ago"
# "the week before last Christmas / last Friday" is before that day, not two weeks back
# (the months: `two_back_said`, by their capital; "last year's wedding" is last year's)
_NOT_NAMED = (r"(?!\s+(?:" + "|".join(_WEEKDAYS) + r"|christmas|easter|thanksgiving|halloween|"
              r"new\s+year|valentine|spring|summer|autumn|fall|winter|time|night|"
              r"(?:week|weekend|month|year)['’]s)\b)")
# (pattern, resolver, source), in the order they take part in mrgraph.dates.rules's scan
RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:over|during|at|on)\s+the\s+weekend(?!\s+(?:of|before|after)\b)", _over_weekend_entry,
     "relative"),
    (r"this\s+weekend(?!\s+(?:of|before|after)\b)", _this_weekend_entry, "relative"),
    (r"(?:over\s+)?the\s+past\s+weekend", _past_weekend, "relative"),
    (r"last\s+evening|the\s+night\s+before\s+last", _day_part, "relative"),
    (r"(?:the\s+)?(week|weekend|month|year)\s+(before\s+last|after\s+next)"
     r"(?:\s+(week|weekend|month|year)(?!['’]s))?" + _NOT_NAMED, _two_weeks_entry, "relative"),
    (r"(?:the\s+)?(" + "|".join(_WEEKDAYS) + r")\s+before\s+last", _weekday_before_last,
     "relative"),
    (r"a\s+week\s+last\s+(" + "|".join(_WEEKDAYS) + r")", _week_last, "relative"),
    (r"(?:(?:about|around|over|nearly|almost)\s+)?" + _COUNT + r"\s+decades?" + _AGO, _decades,
     "relative"),

    (r"the\s+other\s+(?:day|night|evening|morning|afternoon)", _other_part, "relative"),
    (_COUNT + r"\s+(?:(week)s?" + _AGO + r"\s+(today|yesterday)|(?:(month)s?" + _AGO
     + r"\s+(today|yesterday|this\s+week)|(year)s?" + _AGO
     + r"\s+(today|yesterday|this\s+week|this\s+month)))", _weeks_ago_today, "relative"),
    (r"(?<!\bfor )" + _COUNT + r"\s+(week|fortnight)s?\s+(today|tomorrow)\b", _weeks_today_entry,
     "relative"),
    (r"(about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?" + _COUNT + r"\s+fortnights?" + _AGO,
     _fortnights, "relative"),
    (NOT_BACK + r"(about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?" + QUANTITY + r"\s+"
     + _UNIT + r"s?\s+back(?!\s+(?:to|from|home|then|when)\b)", _back, "relative"),
    (_COUNT + r"\s+" + _UNIT + r"s?\s+or\s+so" + _AGO, _or_so, "relative"),
    (_COUNT + r"\s+or\s+" + _COUNT + r"\s+" + _UNIT + r"s?" + _AGO, _or_more, "relative"),
    (_COUNT + r"\s+" + _UNIT + r"\s+or\s+" + _COUNT + r"(?:\s+(?:day|week|month|year)s)?" + _AGO,
     _unit_or_more, "relative"),
    (r"(?:half\s+an?\s+" + _UNIT + r"|" + _COUNT + r"\s+and\s+a\s+half\s+" + _UNIT + r"s?|"
     r"(?:an?|one)\s+" + _UNIT + r"\s+and\s+a\s+half)" + _AGO, _and_a_half, "relative"),
)
TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _over_weekend_entry: _the_weekend, _this_weekend_entry: _this_weekend,
    _two_weeks_entry: _two_weeks, _weeks_today_entry: _weeks_today}
LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {
    _over_weekend_entry: weekend_tense, _this_weekend_entry: weekend_tense,
    _two_weeks_entry: two_back_said, _weeks_today_entry: weeks_today_looks}
