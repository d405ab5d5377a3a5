"""A day of the month said without its month (mrgraph.dates.ordinal): "on the 29th", "Friday
the 6th", "the 12th of next month". Expected values worked out by hand from a calendar."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates


def _dates(text: str, anchor: date) -> list[tuple[str, str, str]]:
    return [(m.text, m.value.value, m.value.precision) for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, said, phrase, value", [
    # ahead: the first such day from the day it is said
    ("I'm flying over on the 29th for a week.", date(2024, 6, 15), "the 29th", "2024-06-29"),
    ("I'll pay you back on the 3rd.", date(2024, 6, 15), "the 3rd", "2024-07-03"),
    # the past: the last one before it; a month without the day is passed over
    ("We had the party on the 3rd.", date(2024, 8, 20), "the 3rd", "2024-08-03"),
    ("I moved in on the 30th.", date(2024, 3, 2), "the 30th", "2024-01-30"),
    # neither: the nearer
    ("The 12th, at the old pier.", date(2024, 3, 10), "The 12th", "2024-03-12"),
    # a weekday with it keeps only the months where the day is that weekday (6 Sep 2024: Fri)
    ("My last shift is Friday the 6th.", date(2024, 8, 28), "Friday the 6th", "2024-09-06"),
    # "of next / this / last month"
    ("The scan is the 12th of next month.", date(2024, 5, 26), "the 12th of next month",
     "2024-06-12"),
    ("It was the 2nd of last month, I think.", date(2024, 1, 20), "the 2nd of last month",
     "2023-12-02"),
])
def test_a_day_of_the_month_alone(text: str, said: date, phrase: str, value: str) -> None:
    assert _dates(text, said) == [(phrase, value, "day")]


@pytest.mark.parametrize("text", [
    "She lives on the 3rd floor.",  # a noun after it: what it counts
    "I failed the test for the 5th time.",
    "Art of the 21st century bores me.",
    "Her 40th birthday was fun.",  # no "the": an age
    "I finished in the 32nd minute.",
])
def test_an_ordinal_that_counts_is_no_day(text: str) -> None:
    assert _dates(text, date(2024, 3, 2)) == []


def test_a_day_with_its_month_is_the_other_rule() -> None:
    assert _dates("We leave on the 14th of May.", date(2024, 3, 2)) == \
        [("14th of May", "2024-05-14", "day")]
