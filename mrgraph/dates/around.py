"""A time said around a stated day: "the week before 9 June 2023", "two days after May 5,
2023", "the Friday before 15 July 2023", "a few days before 8 May 2023" - the forms
mrgraph.dates.render writes a relative date in, read back as the same time whatever day they
are said on, and the way people date one thing by another ("the weekend before the 3rd of
August 2023"). Each is the relative phrase said on that day: "the week before D" is "last week"
said on D, "the week of D" the week holding D, "two weeks before D" is "two weeks ago" said on
D, "the Friday before D" the latest Friday before D, "the day after D" the next day; "a few" /
"several" units, the approximate range "a few units ago" is. The day must be stated with its
year: "the week before Friday" is a weekday's rule.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from mrgraph.dates.resolved import (QUANTITY, STEP, VAGUE, Resolved, Resolver, a_day, a_weekend,
                                    count_of, in_unit, norm, units_range)
from mrgraph.dates.timestamps import MONTH_WORDS, month_number
from mrgraph.dates.value import Source
from mrgraph.dates.weekday import DAY_NUMBERS, WEEKDAYS, last_weekday, next_weekday

_UNIT = r"(day|night|week|weekend|month|" + "|".join(WEEKDAYS) + r")s?"
_ORDINAL = r"(\d{1,2})(?:st|nd|rd|th)?"
# the stated day: "9 June 2023", "the 3rd of August, 2023", "May 5, 2023"
_DAY = (r"(?:the\s+)?(?:" + _ORDINAL + r"\s+(?:of\s+)?(" + MONTH_WORDS + r")|(" + MONTH_WORDS +
        r")\s+" + _ORDINAL + r"),?\s+((?:19|20)\d\d)")


def _around(match: re.Match[str], anchor: date) -> Resolved | None:
    """The time `match` says around its stated day (the module docstring); `anchor` unused: a
    stated day is the same said on any day."""
    the, quantity, unit, side, day_1, month_1, month_2, day_2, year = match.groups()
    month = month_number(month_1 or month_2)
    day = date(int(year), month, int(day_1 or day_2))
    unit, side = unit.lower(), side.lower()  # as written: "the Friday before ..."
    unit = "day" if unit == "night" else unit
    if side == "of":  # "the week of 23 August 2023": the week holding it
        return in_unit(unit, day) if the and unit in ("week", "month") else None
    sign = -1 if side == "before" else 1
    if the:
        return _the(unit, sign, day)
    quantity = norm(quantity)
    if quantity in VAGUE:  # "a few days before": 5 ... 2 units away, approximate
        near, far = (-5, -2) if sign < 0 else (2, 5)
        return units_range(unit, near, far, day) if unit in STEP else None
    count = count_of(quantity)
    if not count:
        return None
    if unit in DAY_NUMBERS:  # "two Saturdays before": the latest one, then a week apart
        first = _the(unit, sign, day)
        return a_day(first.start + timedelta(weeks=sign * (count - 1))) if first else None
    if unit == "weekend":
        first = _the(unit, sign, day)
        return a_weekend(first.start - timedelta(days=5) + timedelta(weeks=sign * (count - 1))) \
            if first else None
    return in_unit(unit, day + STEP[unit] * (sign * count)) if unit in STEP else None


def _the(unit: str, sign: int, day: date) -> Resolved | None:
    """"the <unit> before / after" the day: the day, week, month or weekend next to it, or
    the nearest such weekday strictly before or after it."""
    if unit in DAY_NUMBERS:
        weekday = DAY_NUMBERS[unit]
        return a_day(last_weekday(day, weekday) if sign < 0 else next_weekday(day, weekday))
    if unit == "weekend":  # the weekend of the week before (after) the day's own
        monday = day - timedelta(days=day.weekday())
        return a_weekend(monday + timedelta(weeks=sign))
    return in_unit(unit, day + STEP[unit] * sign) if unit in STEP else None


RULES: tuple[tuple[str, Resolver, Source], ...] = (
    (r"(?:(the)|" + QUANTITY + r")\s+" + _UNIT + r"\s+(before|after|of)\s+" + _DAY, _around,
     "stated"),
)
