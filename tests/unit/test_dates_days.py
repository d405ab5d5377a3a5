"""A run of days said as one (mrgraph.dates.days): one value of precision range, its first
day to its last, rendered as the days of one month are ("17-19 June 2024")."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates, render

SAID = date(2024, 5, 15)


@pytest.mark.parametrize("text, phrase, value", [
    ("I'll be in Leeds from 17 to 19 June.", "from 17 to 19 June", "2024-06-17/2024-06-19"),
    ("The fair runs 17-19 June, come by.", "17-19 June", "2024-06-17/2024-06-19"),
    ("We were away 3–13 August 2023.", "3–13 August 2023", "2023-08-03/2023-08-13"),
    ("I'm off between 3 and 5 May.", "between 3 and 5 May", "2024-05-03/2024-05-05"),
    ("We camped June 17-19, 2022.", "June 17-19, 2022", "2022-06-17/2022-06-19"),
    ("We stayed from the 3rd to the 5th of May.", "from the 3rd to the 5th of May",
     "2024-05-03/2024-05-05"),
])
def test_a_run_of_days_is_one_range(text: str, phrase: str, value: str) -> None:
    found = find_dates(text, SAID)
    assert [(m.text, m.value.value, m.value.precision, m.value.source) for m in found] == \
        [(phrase, value, "range", "stated")]


def test_a_run_is_said_as_the_days_of_its_month() -> None:
    found, = find_dates("I'll be in Leeds from 17 to 19 June.", SAID)
    assert render(found.value) == "17-19 June 2024"


@pytest.mark.parametrize("text", [
    "The cabin sleeps 10-12 people.",  # no month follows: a count
    "From 3 to 5 may be enough.",  # lowercase "may": the verb
    "The deadline moved 30-31 February, a joke.",  # no such days
])
def test_numbers_that_are_no_run_of_days_are_no_date(text: str) -> None:
    assert find_dates(text, SAID) == []


def test_a_run_over_two_months_is_two_days() -> None:
    found = find_dates("The course is from 28 June to 2 July.", SAID)
    assert [(m.value.value, m.value.precision) for m in found] == \
        [("2024-06-28", "day"), ("2024-07-02", "day")]


@pytest.mark.parametrize("text, value", [
    ("I went to the coast on 2 December.", "2023-12-02"),  # the nearer: last December
    ("It was a quiet day, 2 December.", "2023-12-02"),
    ("I signed up for a race on 30 May.", "2024-05-30"),  # a past verb of another act: nearer
    ("My exam is on 20 November.", "2024-11-20"),  # "be" right before it: a schedule, ahead
    ("I'll fly out on 20 November.", "2024-11-20"),  # a future form: ahead
    ("We met on 13 August 2021.", "2021-08-13"),  # a year said is the year
])
def test_a_day_without_a_year_is_the_nearer_or_the_one_ahead(text: str, value: str) -> None:
    assert [m.value.value for m in find_dates(text, SAID)] == [value]
