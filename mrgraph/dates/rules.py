"""Time expressions in a text, resolved against the session's day, each with its precision.

Conventions (natural language is ambiguous; these are the choices, applied consistently):

* Weeks run Monday to Sunday. "last/this/next week" is the previous/current/following ISO week
  (precision week); "the week before last" the one before the previous.
* "last/this/next weekend" is Saturday-Sunday of the previous/current/following week
  ("this past weekend" = "last weekend"); "two weekends ago" is the weekend a week before
  last weekend (precision range: two days).
* "last Saturday" (or "last Sat") is the most recent Saturday strictly before the anchor;
  "two Saturdays ago" is 7 days before that. "this Saturday" is the Saturday of the anchor's
  week (past or future); "next Friday" is the Friday of the following week; "this coming
  Friday" the first Friday after the anchor (precision day).
* "last/this/next month" and "last/this/next year" are that calendar month / year (precision
  month / year, never their first day; "early next year" too). "last May" is the latest May
  before the anchor's month, "next May" the first after it.
* Seasons are meteorological (northern hemisphere): spring March-May, summer June-August,
  autumn (fall) September-November, winter December-February, named by the year they start in.
  "this summer" is the summer holding the anchor, else one that ended at most three months
  before it ("this winter was hard", said on 1 March), else the coming one; "last summer" is
  the latest summer that ended before the anchor; "next summer" the one after "this summer".
* "N days ago" (or "N nights ago") is a day, "N weeks ago" the ISO week holding the day N weeks
  back, "N months ago" that calendar month, "N years ago" that year: the precision of the unit
  said.
  "about / around / over ... N units ago" is the same value marked approximate.
* Vague quantities are approximate ranges: "a few" / "several" days ago is anchor-5 ...
  anchor-2 (weeks: 5 ... 2 weeks back; months, years likewise); "a couple of" means exactly
  two; "the other day" is anchor-7 ... anchor-1.
* "yesterday"/"last night" = anchor-1, "today"/"tonight"/"this morning" = anchor,
  "tomorrow" = anchor+1 (precision day).
* Stated dates: "May 7, 2023", "7 May 2023", "7th of May", "2023-05-07" (a day; without a year,
  the year mrgraph.dates.days reads from the sentence), a run of days ("8-10 October":
  mrgraph.dates.days), "May 2023" (a month), "the summer of 2022" (a season), "in / since 2022"
  (a year), "the first week of August" (the ISO week holding 1 August; "the last week": the one
  holding its last day) and "the first weekend of August" (its first Saturday-Sunday).
* "on Tuesday" (no "last"/"next") takes its direction from the sentence's tense: with a verb
  in the past ("I adopted her on Tuesday") the most recent Tuesday strictly before the anchor,
  with a future form ("we'll go on Tuesday", "I'm flying out on Tuesday") the first one after
  it, and with neither or both no date (a future told in the past is both: "she said she
  would come on Tuesday") - but where a sentence joins clauses of both, a day is read by its
  own clause: a plain past of it, or a future of its own with no past ("We'll hike on
  Saturday because the storm passed on Thursday": both dated; not the day of a thing named
  before it, "I'll tell you about the wedding on Saturday", nor one recalled and commented on,
  "I'll always remember the walk on Tuesday, it was magical"); "on Tuesdays" is a habit, not a
  date. With neither, a plain
  present of one day is a plan, ahead ("I fly out on Sunday", "On Sunday I fly out", "My
  brother arrives on Sunday", "Leaving on Sunday.", also in a clause joined after a past:
  "The plumber came on Monday and comes back on Sunday", and in a report told in the present
  after a past verb of telling, "Tom said the match is on Sunday"; mrgraph.dates.present; not
  with "usually", "always", "don't"...; not with a verb whose past is spelled as its present,
  "I read it on Sunday", but a past after "he" / "she" or a singular noun or name, whose
  present takes -s: "she read it on Sunday", "Dad put the tree up on Sunday", also beside
  another clause's future: "She hurt her knee on Sunday, so she'll miss the match"), and a
  verbless fragment ("I won! On Tuesday.") takes the tense of the sentence before it, or,
  opening its turn, of the first sentence after it with a tense ("Thursday! I came second.")
  (mrgraph.dates.tense.day_tense); a clause of a past habit ("we used to meet on Friday") is
  none. A weekday said bare ("Collected the sofa Thursday.", "the quiz is Friday") is read the
  same way: mrgraph.dates.weekday. "since Tuesday" is the last Tuesday strictly before the
  anchor, whatever the tense ("I've been ill since Tuesday"; not a "since" that gives a reason:
  "Since Tuesday is a holiday, ..."). A past is a verb's -ed, or another past form WordNet knows
  in the day's own clause ("I rode", "we agreed"; mrgraph.dates.tense).
* A day of the month without its month ("on the 18th", "Saturday the 9th", "the 4th of next
  month") is read by the sentence's tense as a day with its month is: mrgraph.dates.ordinal.
* "in June" / "in early June" (no year, no day) is the first June from the anchor's month on in
  a sentence about what is ahead, else the nearer of that one and the latest June up to the
  anchor's month (a past verb does not decide it: "I signed up for a race in June", said in
  March, is this June); "back in June" is the past one, but ahead after a verb of going back that
  looks ahead ("I'll be back in June", "we fly back in June"); lowercase "may" and
  "march" are a verb and a walk, not months.
* "(it feels) like yesterday" is an idiom, not a day.
* Days and months named within another period ("since October last year", "Tuesday last
  week", "in early 2021") and holidays ("Christmas 2022", "last Christmas", "for Thanksgiving"):
  mrgraph.dates.named, whose rules take part in the same scan.
* Everyday phrases ("over the weekend", "this weekend" in the past tense, "last evening", "the
  other night", "a fortnight ago", "three days back", "a week or so ago", "half a year ago"):
  mrgraph.dates.spoken, likewise; the recent past said without a count back ("the past few
  days", "the previous weekend", "earlier in the week", "a few weekends ago", "the other
  week"): mrgraph.dates.recent; counted ahead ("in two weeks", "in a fortnight", said of what
  is ahead; "in three days' time" also with no tense), "by
  the end of the month", "this time last year": mrgraph.dates.ahead. A part of a month said
  bare ("mid-March", "late June", "at the end of April") is the month, as "in mid-March" is.
* An expression whose date would fall before year 1 or after 9999 is not resolved.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from functools import cache, lru_cache
from typing import Callable

from dateutil.relativedelta import relativedelta

from mrgraph.dates import ahead, around, days, named, ordinal, present, recent, spoken, weekday
from mrgraph.dates.resolved import (QUANTITY, SHIFT, STEP, VAGUE, WHICH, Resolved, Resolver, a_day,
                                    a_month, a_season, a_week, a_weekend, a_year, count_of,
                                    in_unit, month_of, norm, tensed_entry, units_back, week_of)
from mrgraph.dates.tense import day_tense, month_looks, tense
from mrgraph.dates.timestamps import MONTH_WORDS, MONTHS, month_number
from mrgraph.dates.value import SEASONS, DateMention, DateValue, Source, canonical
from mrgraph.dates.weekday import last_weekday, next_weekday, tensed_weekday

_WEEKDAYS = weekday.DAY_NUMBERS
_FULL_WEEKDAYS = frozenset(weekday.WEEKDAYS)
_SEASON_NAMES = {**{s: s for s in SEASONS}, "fall": "autumn"}


_ABOUT = r"(?:(about|around|roughly|nearly|almost|approximately|over|more than|less than)\s+)?"
_DAY = (r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|weds|wed|"
        r"thurs|thur|thu|fri|sat|sun)")
_FULL_DAY = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTH = f"({MONTH_WORDS})"
_FULL_MONTH = (r"(january|february|march|april|may|june|july|august|september|october|"
               r"november|december)")
_SEASON = r"(spring|summer|autumn|fall|winter)"
_YEAR = r"((?:19|20)\d\d)"

# A cheap pre-filter (substring tests): most turns mention no time at all and skip the rules.
# Every rule needs a digit or one of these words.
_DIGIT = re.compile(r"\d")
_TRIGGER_WORDS = ("day", "night", "week", "month", "year", "ago", "tomorrow", "morning",
                  "afternoon", "evening", "last", "this", "next", "spring", "summer", "autumn",
                  "fall", "winter", *(m.lower() for m in calendar.month_name[1:]),
                  *named.TRIGGERS, *spoken.TRIGGERS)
_NAME_AFTER = re.compile(r"\s+(?!I\b)[A-Z]")  # a capitalised word right after: a name goes on
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3}
# "it feels like yesterday": an idiom, not a day (matched on the text before "yesterday")
_LIKE_YESTERDAY = re.compile(r"\blike\s+(?:it\s+(?:was|is|were)\s+)?(?:just\s+|only\s+)?$",
                             re.I)
SEASON_AFTER = 92  # days after a season ends that "this <season>" still names it


def _fixed(match: re.Match[str], anchor: date) -> Resolved:
    offsets = {"the day before yesterday": -2, "yesterday": -1, "last night": -1, "today": 0,
               "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
               "tomorrow": 1, "the day after tomorrow": 2}
    return a_day(anchor + timedelta(days=offsets[norm(match.group(0))]))


def _rel_period(match: re.Match[str], anchor: date) -> Resolved:
    shift, unit = SHIFT[norm(match.group(1))], match.group(2).lower()
    if unit == "week":
        return a_week(anchor + timedelta(weeks=shift))
    if unit == "weekend":
        return a_weekend(week_of(anchor + timedelta(weeks=shift))[0])
    if unit == "month":
        return a_month(anchor + relativedelta(months=shift))
    return a_year(anchor.year + shift)


def _rel_season(match: re.Match[str], anchor: date) -> Resolved:
    which, name = norm(match.group(1)), _SEASON_NAMES[match.group(2).lower()]
    this = _this_season(name, anchor)
    if SHIFT[which] > 0:
        return a_season(name, this.start.year + 1)
    if SHIFT[which] < 0:  # the latest one that ended before the anchor
        return this if this.end < anchor else a_season(name, this.start.year - 1)
    return this


def _this_season(name: str, anchor: date) -> Resolved:
    """"this summer": the one holding the anchor; else the one that ended at most
    SEASON_AFTER days before it ("this winter was hard", said on 1 March); else the next."""
    seasons = [a_season(name, year) for year in (anchor.year - 1, anchor.year, anchor.year + 1)]
    for found in seasons:
        if found.start <= anchor <= found.end + timedelta(days=SEASON_AFTER):
            return found
    return next(found for found in seasons if found.start > anchor)


def _season_year(match: re.Match[str], anchor: date) -> Resolved:
    return a_season(_SEASON_NAMES[match.group(1).lower()], int(match.group(2)))


def _rel_weekday(match: re.Match[str], anchor: date) -> Resolved | None:
    name = match.group(2)
    if name.lower() not in _FULL_WEEKDAYS and not name[:1].isupper():
        return None  # an abbreviation is a name only capitalised: "last Fri", not "last sat"
    which, day = norm(match.group(1)), _WEEKDAYS[name.lower()]
    if SHIFT[which] < 0:  # the most recent such day strictly before the anchor
        return a_day(last_weekday(anchor, day))
    if which == "this coming":  # the first such day strictly after the anchor
        return a_day(next_weekday(anchor, day))
    monday = week_of(anchor)[0] + timedelta(weeks=SHIFT[which])
    return a_day(monday + timedelta(days=day))


def _on_weekday(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"on Tuesday": `tensed_weekday`."""
    day = tensed_weekday(anchor, _WEEKDAYS[match.group(1).lower()], looks)
    return a_day(day) if day is not None else None


def _in_month(match: re.Match[str], anchor: date, looks: str | None) -> Resolved | None:
    """"in June" (no year): the first June from the anchor's month on in a sentence about what
    is ahead (`looks`), else the nearer of that one and the latest up to the anchor's month
    (the latter when they are as near); "back in June" is the past one (tense.month_looks). Not
    the past one for a past verb alone: the verb may be said of another thing than the month
    ("I registered for a race in June"); ahead after a verb of going back that looks ahead
    ("I'll be back in June")."""
    name = match.group(2)
    if name in ("may", "march"):  # lowercase: the verb ("in may be"), a walk ("in march")
        return None
    month = MONTHS[name.lower()]
    back, ahead = (anchor.month - month) % 12, (month - anchor.month) % 12
    if looks != "back" and (looks == "future" or ahead < back):
        return a_month(date(anchor.year + (month < anchor.month), month, 1))
    return a_month(date(anchor.year - (month > anchor.month), month, 1))


# the table's entries of `_on_weekday` and `_in_month`: the sentence's tense decides (`_found`
# calls the rule of `_TENSED` with it)
_on_weekday_rule, _in_month_rule = tensed_entry(), tensed_entry()


# the rules of a weekday, whose past may come before the sentence's earlier day
_DAY_RULES = (_on_weekday_rule, weekday.BARE)
# how each tensed rule reads its sentence's tense (others: `tense`)
_LOOKS: dict[Resolver, Callable[[str, int, int], str | None]] = {
    _on_weekday_rule: day_tense, _in_month_rule: month_looks,
    **spoken.LOOKS, **recent.LOOKS, **ahead.LOOKS,
    **weekday.LOOKS, **days.LOOKS, **ordinal.LOOKS}
_TENSED: dict[Resolver, Callable[[re.Match[str], date, str | None], Resolved | None]] = {
    _on_weekday_rule: _on_weekday, _in_month_rule: _in_month, **named.TENSED, **spoken.TENSED,
    **recent.TENSED, **ahead.TENSED, **weekday.TENSED, **days.TENSED, **ordinal.TENSED}


def _rel_month(match: re.Match[str], anchor: date) -> Resolved | None:
    if match.group(2) == "may":  # lowercase "may" is the verb ("last may be")
        return None
    which, month = norm(match.group(1)), MONTHS[match.group(2).lower()]
    year = anchor.year
    if SHIFT[which] < 0 and month >= anchor.month:
        year -= 1
    elif SHIFT[which] > 0 and month <= anchor.month:
        year += 1
    return a_month(date(year, month, 1))


def _part_of_month(match: re.Match[str], anchor: date) -> Resolved | None:
    """"the first week of August [2023]": the ISO week holding the month's first day (then the
    next ones; "last": the one holding its last day); a weekend: its first Saturday-Sunday
    (then the next ones; "last": its last Saturday)."""
    if match.group(3) == "may":
        return None
    which, unit = match.group(1).lower(), match.group(2).lower()
    first, last = month_of(date(int(match.group(4) or anchor.year),
                                 month_number(match.group(3)), 1))
    if unit == "week":
        day = last if which == "last" else first + timedelta(weeks=_ORDINALS[which])
        return a_week(day) if day <= last else None
    saturday = first + timedelta(days=(5 - first.weekday()) % 7)
    if which == "last":
        saturday = last - timedelta(days=(last.weekday() - 5) % 7)
    else:
        saturday += timedelta(weeks=_ORDINALS[which])
    return a_weekend(saturday - timedelta(days=5)) if saturday <= last else None


def _weekdays_ago(match: re.Match[str], anchor: date) -> Resolved | None:
    count = count_of(match.group(1))
    if count is None:
        return None
    unit = match.group(2).lower()
    if unit == "weekend":
        return a_weekend(week_of(anchor)[0] - timedelta(weeks=count))
    return a_day(last_weekday(anchor, _WEEKDAYS[unit]) - timedelta(weeks=count - 1))


def _ago(match: re.Match[str], anchor: date) -> Resolved:
    about, quantity, unit = match.group(1), norm(match.group(2)), match.group(3).lower()
    unit = "day" if unit == "night" else unit  # "two nights ago": the evening of a day
    if quantity in VAGUE:  # approximate: between 2 and 5 units back, in whole units
        return units_back(unit, 2, 5, anchor)
    return in_unit(unit, anchor - STEP[unit] * (count_of(quantity) or 1), about is not None)


def _in_year(match: re.Match[str], anchor: date) -> Resolved:
    return a_year(int(match.group(1)))


def _month_year(match: re.Match[str], anchor: date) -> Resolved:
    return a_month(date(int(match.group(2)), month_number(match.group(1)), 1))


def _iso_day(match: re.Match[str], anchor: date) -> Resolved | None:
    try:
        return a_day(date.fromisoformat(match.group(0)))
    except ValueError:
        return None


# Rule order matters where two rules match at the same place: the first wins, so the longer
# forms come first ("May 7, 2023" before "May 2023"). Each rule's source: stated or relative.
_RULE_SOURCES: tuple[tuple[str, Resolver, Source], ...] = (
    *around.RULES,  # "the week before 9 June 2023", "two days after May 5, 2023"
    *named.RULES,  # "since October last year", "Tuesday last week", holidays
    *spoken.RULES,  # "over the weekend", "a fortnight ago", "three days back"
    *recent.RULES,  # "the past few days", "the previous weekend", "the other week"
    *ahead.RULES,  # "in two weeks", "in a few days"
    *days.RULES,  # a day with its month ("7 May", "May 7, 2023"), a run of them ("8-10 October")
    *ordinal.RULES,  # a day of the month without it ("on the 29th", "Friday the 6th")
    (r"(?:the\s+)?" + _SEASON + r"\s+(?:of\s+)?" + _YEAR, _season_year, "stated"),
    (_MONTH + r",?\s+" + _YEAR, _month_year, "stated"),
    (r"\d{4}-\d{2}-\d{2}", _iso_day, "stated"),
    (r"the day before yesterday|the day after tomorrow|yesterday|last night|today|tonight"
     r"|this morning|this afternoon|this evening|tomorrow", _fixed, "relative"),
    # before _rel_period: "last week of August" is a week of August, not last week
    (r"(?:the\s+)?(first|second|third|fourth|last)\s+(week|weekend)\s+(?:of|in)\s+" + _MONTH
     + r"(?:,?\s+" + _YEAR + ")?", _part_of_month, "stated"),
    (WHICH + r"\s+(weekend|week|month|year)", _rel_period, "relative"),
    # a part of it said before is the period ("early next year"); not "late last week of August"
    (r"(?:early|late|mid)[-\s]+" + WHICH + r"\s+(weekend|week|month|year)(?!\s+(?:of|in)\b)",
     _rel_period, "relative"),
    (WHICH + r"\s+" + _SEASON, _rel_season, "relative"),
    (WHICH + r"\s+" + _DAY, _rel_weekday, "relative"),
    # not a habit ("on Monday evenings") nor a day a stated date names ("on Monday, May 1")
    (r"on\s+" + _FULL_DAY + r"(?!\s+(?:mornings|afternoons|evenings|nights)\b)" +
     weekday.NOT_ANOTHER_RULES, _on_weekday_rule, "relative"),
    *weekday.RULES,  # "since Tuesday"; a weekday said bare: "Collected the sofa Thursday."
    # a month without a year or day ("in June", "back in early June"); not "in June 2022" /
    # "of 2022" / "'22" / "last year", a name ("in June's kitchen"), a habit ("in May every year")
    # a part of it said bare ("mid-March", "the end of April") is the month too
    (r"(back\s+)?(?:(?:in|during)\s+(?:early\s+|late\s+|mid[-\s]?)?|(?:early|late|mid)[-\s]|"
     r"(?:(?:in|at|by|towards?|until|till)\s+)?the\s+(?:start|beginning|middle|end)\s+of\s+)"
     + _FULL_MONTH +
     r"(?!['’]s\b)(?!,?\s+(?:\d|'\d|of\s+\d|(?:last|this|next)\s+year\b|every\b|each\b))",
     _in_month_rule, "relative"),
    (r"(last|this|next)\s+" + _FULL_MONTH, _rel_month, "relative"),
    (QUANTITY + r"\s+(weekend|" + _FULL_DAY[1:-1] + r")s\s+ago", _weekdays_ago, "relative"),
    (_ABOUT + QUANTITY + r"\s+(day|night|week|month|year)s?\s+ago", _ago, "relative"),
    (r"(?:in|during|since)\s+" + _YEAR, _in_year, "stated"),
)
_EDGE_BEFORE, _EDGE_AFTER = r"(?<![\w-])", r"(?![\w-])"
# One pass over the text finds every expression; the matching rule then re-reads it for groups.
# (Case-sensitive on lowercased text: twice as fast as re.I.)
_ANY_SOURCE = _EDGE_BEFORE + "(?:" + "|".join(
    f"(?P<r{i}>{pattern})" for i, (pattern, _, _) in enumerate(_RULE_SOURCES)) + ")" + _EDGE_AFTER


# The patterns are compiled on first use (~10 ms all together): a command that reads no date
# expression, or only a few kinds, does not pay for them all.
@cache
def _any_rule(ignore_case: bool) -> re.Pattern[str]:
    return re.compile(_ANY_SOURCE, re.I if ignore_case else 0)


@cache
def _rule(index: int) -> re.Pattern[str]:
    return re.compile(_EDGE_BEFORE + _RULE_SOURCES[index][0] + _EDGE_AFTER, re.I)


def find_dates(text: str, anchor: date) -> list[DateMention]:
    """Every time expression in `text` resolved against `anchor` (the session's day), in
    order, never overlapping (see the module docstring)."""
    return list(_found(text, anchor))


# An ingest reads each turn's dates twice (rewriting, then the DateMention nodes): the second
# is a look-up. The values are frozen, so sharing them is safe.
@lru_cache(maxsize=4096)
def _found(text: str, anchor: date) -> tuple[DateMention, ...]:
    lowered = text.lower()
    if not _DIGIT.search(text) and not any(word in lowered for word in _TRIGGER_WORDS):
        return ()
    # Lowercasing keeps offsets for almost all text; where it does not ("İ"), match with re.I.
    same = len(lowered) == len(text)
    scan = _any_rule(False).finditer(lowered) if same else _any_rule(True).finditer(text)
    found: list[DateMention] = []
    said = anchor.isoformat()
    for match in scan:
        index = int(str(match.lastgroup)[1:])
        _, resolve, source = _RULE_SOURCES[index]
        written = text[match.start():match.end()]
        if written.lower() == "yesterday" and _LIKE_YESTERDAY.search(text, 0, match.start()):
            continue
        if resolve in (_in_month_rule, weekday.BARE) and _NAME_AFTER.match(text, match.end()):
            continue  # a word that begins a name: "in May Sarton's poems", "Friday Night Lights"
        groups = _rule(index).fullmatch(written)
        try:
            if (tensed := _TENSED.get(resolve)) is not None and groups:
                looks = _LOOKS.get(resolve, tense)(text, *match.span())
                got = tensed(groups, anchor, looks)
                # "... on Tuesday and she flies home on Thursday": a past Thursday before that
                # Tuesday would tell them backwards
                if looks == "past" and got is not None and resolve in _DAY_RULES and \
                        present.goes_on_ahead(text, match.start(), got.start, found):
                    got = tensed(groups, anchor, "future")
            else:
                got = resolve(groups, anchor) if groups else None
        except (ValueError, OverflowError):  # lands before year 1 or after 9999: no date
            got = None
        if got is None:
            continue
        span = match.span()
        if got.said is not None:  # a part of the match says it: that part is the phrase
            span = (match.start() + got.said[0], match.start() + got.said[1])
            written = text[span[0]:span[1]]
        value = DateValue(got.value or canonical(got.precision, got.start, got.end, got.season),
                          got.precision, source, got.start.isoformat(), got.end.isoformat(),
                          written, said, got.approximate)
        found.append(DateMention(value, span))
    return tuple(found)
