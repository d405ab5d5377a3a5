"""A day of the year with its month (mrgraph.dates.days): a run of days said as one is one
value of precision range, its first day to its last, rendered as the days of one month are
("8-10 October 2024"); a day said without its year takes the year its sentence's tense gives.

Expected values worked out by hand from a calendar (said on Wed 15 May 2024 unless given)."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates, render

SAID = date(2024, 5, 15)


@pytest.mark.parametrize("text, phrase, value", [
    ("I'll be in Tolvern from 8 to 10 October.", "from 8 to 10 October", "2024-10-08/2024-10-10"),
    ("The fair runs 8-10 October, come by.", "8-10 October", "2024-10-08/2024-10-10"),
    ("We were away 3–13 August 2023.", "3–13 August 2023", "2023-08-03/2023-08-13"),
    ("I'm off between 3 and 5 May.", "between 3 and 5 May", "2024-05-03/2024-05-05"),
    ("We camped October 8-10, 2022.", "October 8-10, 2022", "2022-10-08/2022-10-10"),
    ("We stayed from the 3rd to the 5th of May.", "from the 3rd to the 5th of May",
     "2024-05-03/2024-05-05"),
])
def test_a_run_of_days_is_one_range(text: str, phrase: str, value: str) -> None:
    found = find_dates(text, SAID)
    assert [(m.text, m.value.value, m.value.precision, m.value.source) for m in found] == \
        [(phrase, value, "range", "stated")]


def test_a_run_is_said_as_the_days_of_its_month() -> None:
    found, = find_dates("I'll be in Tolvern from 8 to 10 October.", SAID)
    assert render(found.value) == "8-10 October 2024"


@pytest.mark.parametrize("text", [
    "The cabin sleeps 10-12 people.",  # no month follows: a count
    "From 3 to 5 may be enough.",  # lowercase "may": the verb
    "The deadline moved 30-31 February, a joke.",  # no such days
])
def test_numbers_that_are_no_run_of_days_are_no_date(text: str) -> None:
    assert find_dates(text, SAID) == []


@pytest.mark.parametrize("text, value", [
    ("The course is from 28 June to 2 July.", "2024-06-28/2024-07-02"),
    ("We travelled from 28 June to 2 July 2023.", "2023-06-28/2023-07-02"),  # the year: both
    ("I stayed 30 May-2 June 2023.", "2023-05-30/2023-06-02"),
    ("We were away June 28 - July 2, 2023.", "2023-06-28/2023-07-02"),
    ("We're off from 28 December to 2 January 2025.", "2024-12-28/2025-01-02"),  # new year
])
def test_a_run_over_two_months_is_one_range(text: str, value: str) -> None:
    assert [(m.value.value, m.value.precision) for m in find_dates(text, SAID)] == \
        [(value, "range")]


@pytest.mark.parametrize("text, phrase, value", [
    ("We were at my sister's on 9 and 10 March.", "9 and 10 March", "2024-03-09/2024-03-10"),
    ("We camped there on the 5th and 6th of April.", "the 5th and 6th of April",
     "2024-04-05/2024-04-06"),
    ("The craft fair is on November 17th and 18th.", "November 17th and 18th",
     "2024-11-17/2024-11-18"),
    ("The workshops were on 3 and 4 March 2023.", "3 and 4 March 2023", "2023-03-03/2023-03-04"),
    ("We were in Tolvern 9, 10 and 11 March.", "9, 10 and 11 March", "2024-03-09/2024-03-11"),
    ("We camped on the 9th, 10th and 11th of April.", "the 9th, 10th and 11th of April",
     "2024-04-09/2024-04-11"),
    ("We met on May 9 and 10, 2023.", "May 9 and 10, 2023", "2023-05-09/2023-05-10"),
])
def test_days_in_a_row_joined_by_and_are_one_range(text: str, phrase: str,
                                                        value: str) -> None:
    found = find_dates(text, SAID)
    assert [(m.text, m.value.value, m.value.precision) for m in found] == \
        [(phrase, value, "range")]


def test_a_list_holds_seven_days_at_most() -> None:
    # six days listed before the last: a week; more are no list the scan follows back (a long
    # run of numbers stays cheap to scan), so the run is read from the sixth day before the last
    week = "We were away 1, 2, 3, 4, 5, 6 and 7 March."
    assert [m.value.value for m in find_dates(week, SAID)] == ["2024-03-01/2024-03-07"]
    longer = "We were away 1, 2, 3, 4, 5, 6, 7 and 8 March."
    assert [m.value.value for m in find_dates(longer, SAID)] == ["2024-03-02/2024-03-08"]


@pytest.mark.parametrize("text, phrase, value", [
    # not a run: the day said with the month, and only its words
    ("I'm working on 3 and 10 November.", "10 November", "2024-11-10"),
    ("We have tickets for June 5th and 9th, 2025.", "June 5th", "2025-06-05"),
    ("We were there 2, 9 and 16 March.", "16 March", "2024-03-16"),
    ("We flew 10 and 9 November.", "9 November", "2024-11-09"),  # said backwards: no run
    ("It was May 9 and 10 people came.", "May 9", "2024-05-09"),  # "10 people": no day
])
def test_days_apart_are_the_day_said_with_the_month(text: str, phrase: str,
                                                    value: str) -> None:
    assert [(m.text, m.value.value, m.value.precision) for m in find_dates(text, SAID)] == \
        [(phrase, value, "day")]


def test_a_run_said_backwards_is_its_last_day() -> None:
    assert [m.value.value for m in find_dates("We meet 9 to 5 May.", SAID)] == ["2024-05-05"]


def test_a_misspelt_month_is_no_date_and_no_error() -> None:
    """"Sepember" is "Sep" and more letters, no month's name (it raised a KeyError before)."""
    assert find_dates("We met on 3 Sepember 2023.", SAID) == []


@pytest.mark.parametrize("text, value", [
    ("I went to the coast on 2 December.", "2023-12-02"),  # past, later this year: nearer
    ("We got back on 10 January.", "2024-01-10"),  # past, earlier this year: this year's
    ("It was a quiet day, 2 December.", "2023-12-02"),
    ("I signed up for a race on 30 May.", "2024-05-30"),  # a past verb of another act: nearer
    ("My exam is on 20 November.", "2024-11-20"),  # "be" right before it: a schedule, ahead
    ("I'll fly out on 20 November.", "2024-11-20"),  # a future form: ahead
    ("We met on 13 August 2021.", "2021-08-13"),  # a year said is the year
])
def test_a_day_without_a_year_is_the_nearer_or_the_one_ahead(text: str, value: str) -> None:
    assert [m.value.value for m in find_dates(text, SAID)] == [value]
