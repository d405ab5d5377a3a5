"""Times counted forward from the session's day (mrgraph.dates.ahead).

Expected values worked out by hand from a calendar: Wed 2023-05-10 (its ISO week 19 runs 8-14
May; 24 May is in week 21, 14 June in week 24).
"""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates, render

WED = date(2023, 5, 10)


def _dates(text: str, anchor: date = WED) -> list[tuple[str, str, str, bool]]:
    return [(m.text, m.value.value, m.value.precision, m.approximate)
            for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("We'll move in two weeks.", "in two weeks", "2023-W21", "week"),
    ("I'm flying out in three days, so I'm packing.", "in three days", "2023-05-13", "day"),
    ("The results will come out in two weeks' time.", "in two weeks' time", "2023-W21", "week"),
    ("We're getting married in a couple of years.", "in a couple of years", "2025", "year"),
    ("In a month I'll be lying on a beach.", "In a month", "2023-06", "month"),
    # the amounts every rule reads (dates.resolved.QUANTITY): "couple" without "a", over ten
    ("I'll move in couple weeks.", "in couple weeks", "2023-W21", "week"),
    ("I'll be done in 100 days.", "in 100 days", "2023-08-18", "day"),
])
def test_in_units_ahead_is_that_many_on(text: str, phrase: str, value: str,
                                        precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision, False)]


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("My exam is in three days.", "in three days", "2023-05-13", "day"),
    # a past verb elsewhere in the sentence does not undo it
    ("The wedding's in two weeks, and we finally sent the invitations.", "in two weeks",
     "2023-W21", "week"),
    ("The recitals are in a month.", "in a month", "2023-06", "month"),
    ("Our move’s in a couple of years, we decided.", "in a couple of years", "2025", "year"),
])
def test_in_units_after_be_is_ahead(text: str, phrase: str, value: str, precision: str) -> None:
    """"be" takes no span of time to do a thing in: "X is in two weeks" is when X happens."""
    assert _dates(text) == [(phrase, value, precision, False)]


def test_in_a_few_weeks_is_a_vague_range_ahead() -> None:
    found = find_dates("I'll know more in a few weeks.", WED)
    assert [(m.text, m.value.value, m.value.precision, m.approximate) for m in found] == \
        [("in a few weeks", "2023-W21/2023-W24", "range", True)]
    assert render(found[0].value) == "a few weeks after 10 May 2023"


@pytest.mark.parametrize("text", [
    "I lost five kilos in two months.",  # past: how long it took
    "I can knit a scarf in two days.",  # no future form: how long
    "I'll call you in a day or two.",  # a rough amount
    "It starts in two weeks, right after the exam.",  # no future form: left alone
    "It was in two weeks that I learned to swim.",  # "be" in the past: how long it took
])
def test_in_units_otherwise_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("We should hear back by the end of the month.", "by the end of the month", "2023-05",
     "month"),
    ("I'll finish the quilt by the end of the week.", "by the end of the week", "2023-W19",
     "week"),
    ("We'll repaint the shed towards the end of the year.", "towards the end of the year",
     "2023", "year"),
])
def test_the_end_of_the_month_ahead_is_the_sessions(text: str, phrase: str, value: str,
                                                    precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision, False)]


@pytest.mark.parametrize("text", [
    "At the end of the month we moved to Sheffield.",  # which month's end: not said
    "Rent is due at the end of the month.",  # a habit
    "Before the end of the week they had left.",
])
def test_the_end_of_the_month_otherwise_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("This time last year I was living in Spain.", "This time last year", "2022-05", "month"),
    ("Around this time last month we bought the car.", "Around this time last month",
     "2023-W15", "week"),  # 10 April, a Monday
    ("This time last week I was on a beach.", "This time last week", "2023-05-03", "day"),
])
def test_this_time_last_year_is_the_month_a_year_back(text: str, phrase: str, value: str,
                                                      precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision, True)]


@pytest.mark.parametrize("text, phrase, value, precision", [
    # a fortnight counted ahead is two weeks ("a fortnight ago" is dates.spoken's)
    ("I'm seeing her in a fortnight.", "in a fortnight", "2023-W21", "week"),
    ("We'll know in a fortnight's time.", "in a fortnight's time", "2023-W21", "week"),
    ("Two fortnights from now we fly to Oslo.", "Two fortnights from now", "2023-W23", "week"),
    ("We'll be back in a few fortnights.", "in a few fortnights", "2023-W23/2023-W29",
     "range"),
])
def test_a_fortnight_ahead_is_two_weeks(text: str, phrase: str, value: str,
                                        precision: str) -> None:
    assert [d[:3] for d in _dates(text)] == [(phrase, value, precision)]


@pytest.mark.parametrize("text, found", [
    # "' time" names a point ahead when the sentence has no tense of its own
    ("I'm off in three days' time.", [("in three days' time", "2023-05-13", "day")]),
    ("The results come out in a month's time.", [("in a month's time", "2023-06", "month")]),
    ("We move in a fortnight's time.", [("in a fortnight's time", "2023-W21", "week")]),
    # a past keeps it a span ("in three weeks' time he walked again"); no "time": a span too
    ("He was walking again in three weeks' time.", []),
    ("I knitted it in a fortnight.", []),
    ("We moved in a fortnight ago.", [("a fortnight ago", "2023-W17", "week")]),
    # a noun's "is" and a verb's -ing arrange it, ahead ("is amazing" is no verb)
    ("Grandad's coming to stay in a fortnight.", [("in a fortnight", "2023-W21", "week")]),
    ("The plumber is coming in two weeks.", [("in two weeks", "2023-W21", "week")]),
    ("My parents are flying in in three days.", [("in three days", "2023-05-13", "day")]),
    ("The view is amazing in two weeks.", []),
])
def test_an_amount_ahead_with_time_or_an_arrangement_and_no_tense(
        text: str, found: list[tuple[str, str, str]]) -> None:
    assert [d[:3] for d in _dates(text)] == found
