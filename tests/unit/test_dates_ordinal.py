"""A day of the month said without its month (mrgraph.dates.ordinal): "on the 18th", "Saturday
the 9th", "the 4th of next month". Expected values worked out by hand from a calendar."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates


def _dates(text: str, anchor: date) -> list[tuple[str, str, str]]:
    return [(m.text, m.value.value, m.value.precision) for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, said, phrase, value", [
    # ahead: the first such day from the day it is said
    ("The plumber comes on the 18th, hopefully early.", date(2024, 6, 15), "the 18th",
     "2024-06-18"),
    ("I'll pay you back on the 3rd.", date(2024, 6, 15), "the 3rd", "2024-07-03"),
    # the past: the last one before it; a month without the day is passed over
    ("We had the party on the 3rd.", date(2024, 8, 20), "the 3rd", "2024-08-03"),
    ("I signed the lease on the 30th.", date(2024, 3, 2), "the 30th", "2024-01-30"),
    # neither: the nearer
    ("The 12th, by the old pier.", date(2024, 3, 10), "The 12th", "2024-03-12"),
    # a weekday with it keeps only the months where the day is that weekday (9 Nov 2024: Sat)
    ("The gig is Saturday the 9th.", date(2024, 10, 30), "Saturday the 9th", "2024-11-09"),
    # "of next / last month"
    ("The vet moved us to the 4th of next month.", date(2024, 2, 20), "the 4th of next month",
     "2024-03-04"),
    ("It was the 2nd of last month, I think.", date(2024, 1, 20), "the 2nd of last month",
     "2023-12-02"),
])
def test_a_day_of_the_month_alone(text: str, said: date, phrase: str, value: str) -> None:
    assert _dates(text, said) == [(phrase, value, "day")]


def test_a_month_without_the_day_is_still_that_month() -> None:
    assert _dates("The bill is due the 31st of next month.", date(2024, 3, 31)) == \
        [("the 31st of next month", "2024-04", "month")]


@pytest.mark.parametrize("text", [
    "She lives on the 3rd floor.",  # a word after it: what it counts
    "I failed the test for the 5th time.",
    "Art of the 21st century bores me.",
    "He is the 4th to leave the team.",
    "She was the 2nd in line.",
    "Her 40th birthday was fun.",  # no "the": an age
    "I get paid on the 1st of the month.",  # a habit
])
def test_an_ordinal_that_counts_is_no_day(text: str) -> None:
    assert _dates(text, date(2024, 3, 2)) == []


def test_a_day_that_shares_a_later_month_is_left_to_the_month() -> None:
    # two days in a row are the run of both (mrgraph.dates.days); apart, the day with the month
    assert _dates("We went on the 5th and 6th of May.", date(2024, 6, 15)) == \
        [("the 5th and 6th of May", "2024-05-05/2024-05-06", "range")]
    assert _dates("We went on the 5th and 9th of May.", date(2024, 6, 15)) == \
        [("9th of May", "2024-05-09", "day")]


def test_a_day_with_its_month_is_the_other_rule() -> None:
    assert _dates("We leave on the 14th of May.", date(2024, 3, 2)) == \
        [("14th of May", "2024-05-14", "day")]


@pytest.mark.parametrize("text, said, phrase, value, precision", [
    # two days in a row without their month: the run of both, the month read as for one day
    ("We went camping on the 9th and 10th.", date(2024, 6, 20), "the 9th and 10th",
     "2024-06-09/2024-06-10", "range"),
    ("I'm off on the 9th and 10th of next month.", date(2024, 2, 20),
     "the 9th and 10th of next month", "2024-03-09/2024-03-10", "range"),
    ("The fair is on the 30th and 31st, come along.", date(2024, 8, 2), "the 30th and 31st",
     "2024-08-30/2024-08-31", "range"),
    # two days apart: the first, as before pairs were read
    ("We met on the 9th and 12th.", date(2024, 6, 20), "the 9th and 12th", "2024-06-09", "day"),
])
def test_two_days_in_a_row_are_one_run(text: str, said: date, phrase: str, value: str,
                                       precision: str) -> None:
    assert _dates(text, said) == [(phrase, value, precision)]
