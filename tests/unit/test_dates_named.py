"""Days and months named within another period, and holidays (mrgraph.dates.named).

Expected values worked out by hand from a calendar: Sat 2023-07-08 (its ISO week runs 3-9 July),
Thanksgiving 2023 is Thursday 23 November (1 November was a Wednesday), Easter 2023 was 9 April,
Christmas 2022 a Sunday.
"""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates

SAT = date(2023, 7, 8)
DEC = date(2023, 12, 2)


def _dates(text: str, anchor: date = SAT) -> list[tuple[str, str, str]]:
    return [(m.text, m.value.value, m.value.precision) for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, phrase, value", [
    ("I've volunteered there every Tuesday since November last year.", "since November last year",
     "2022-11"),
    ("We moved to Denver back in March of last year.", "back in March of last year", "2022-03"),
    ("November last year was the coldest I remember.", "November last year", "2022-11"),
    ("The library reopens in early January next year.", "in early January next year", "2024-01"),
    ("It finally sold in June this year.", "in June this year", "2023-06"),
])
def test_a_month_of_a_named_year_is_that_month(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "month")]


def test_may_and_march_lowercase_stay_a_verb_and_a_walk() -> None:
    assert _dates("It may last year after year if you oil it.") == [("last year", "2022", "year")]
    assert _dates("We will march next year again.") == [("next year", "2024", "year")]


@pytest.mark.parametrize("text, phrase, value", [
    ("I ran into my old coach on Tuesday last week.", "Tuesday last week", "2023-06-27"),
    ("We have the dentist Friday next week.", "Friday next week", "2023-07-14"),
    ("Monday of this week was a blur.", "Monday of this week", "2023-07-03"),
])
def test_a_weekday_of_a_named_week_is_that_day(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "day")]


@pytest.mark.parametrize("text, phrase, value", [
    ("The shop opened in early 2021.", "in early 2021", "2021"),
    ("We've been here since mid-2019.", "since mid-2019", "2019"),
    ("They'll finish it by late 2025.", "by late 2025", "2025"),
])
def test_a_part_of_a_year_is_the_year(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "year")]


@pytest.mark.parametrize("text, anchor, phrase, value", [
    ("We spent Christmas 2022 at my aunt's farm.", SAT, "Christmas 2022", "2022-12-25"),
    ("Christmas Eve 2021 was when the power went out.", SAT, "Christmas Eve 2021", "2021-12-24"),
    ("Last Christmas we drove up to the mountains.", SAT, "Last Christmas", "2022-12-25"),
    ("We'll spend next Christmas in Lisbon.", SAT, "next Christmas", "2023-12-25"),
    ("We went to my parents' place for Thanksgiving.", DEC, "for Thanksgiving", "2023-11-23"),
    ("I'll be home over Thanksgiving, finally.", SAT, "over Thanksgiving", "2023-11-23"),
    ("My daughter dressed up as a pumpkin for Halloween.", DEC, "for Halloween", "2023-10-31"),
    ("We got engaged on Valentine's Day.", SAT, "on Valentine's Day", "2023-02-14"),
    ("On Easter we went to church with grandma.", SAT, "On Easter", "2023-04-09"),
    ("We're hosting a party on New Year’s Eve.", SAT, "on New Year’s Eve", "2023-12-31"),
])
def test_a_holiday_is_its_day(text: str, anchor: date, phrase: str, value: str) -> None:
    assert _dates(text, anchor) == [(phrase, value, "day")]


@pytest.mark.parametrize("text", [
    "We always go to my parents for Christmas.",  # a habit: no tense decides
    "I love Halloween more than any other holiday.",  # no preposition: the holiday, no day
    "See you at Thanksgiving?",  # neither past nor future
])
def test_a_holiday_without_a_time_of_its_own_is_no_date(text: str) -> None:
    assert _dates(text) == []


def test_a_holiday_with_its_year_after_a_preposition_is_the_stated_day() -> None:
    assert _dates("We met on Christmas Eve 2019.") == [("Christmas Eve 2019", "2019-12-24",
                                                         "day")]
