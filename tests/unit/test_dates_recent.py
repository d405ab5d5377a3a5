"""The recent past without a count back (mrgraph.dates.recent) and "the week / month / year
before last" (mrgraph.dates.spoken).

Expected values worked out by hand from a calendar: Wed 2023-05-10 (its ISO week 19 runs 8-14
May; the weekends before it: 6-7 May, 29-30 April, 22-23 April, 15-16 April, 8-9 April).
"""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates, render

WED = date(2023, 5, 10)


def _dates(text: str, anchor: date = WED) -> list[tuple[str, str, str, bool]]:
    return [(m.text, m.value.value, m.value.precision, m.approximate)
            for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, phrase, value, approximate", [
    ("I've been sick the past three days.", "the past three days", "2023-05-07/2023-05-10",
     False),
    ("It rained the last couple of days, so the garden is soaked.",
     "the last couple of days", "2023-05-08/2023-05-10", False),
    ("These past two weeks were the busiest of my life.", "These past two weeks",
     "2023-04-26/2023-05-10", False),
    ("Over the past few days we barely slept.", "the past few days", "2023-05-05/2023-05-10",
     True),  # "a few": from five back, as "a few days ago"
    ("I've been running a lot the last few weeks.", "the last few weeks", "2023-W14/2023-W19",
     True),
    ("I've been busy the past week.", "the past week", "2023-05-03/2023-05-10", False),
    ("The past couple weeks flew by.", "The past couple weeks", "2023-04-26/2023-05-10", False),
])
def test_the_past_days_reach_up_to_the_session(text: str, phrase: str, value: str,
                                               approximate: bool) -> None:
    assert _dates(text) == [(phrase, value, "range", approximate)]


@pytest.mark.parametrize("text", [
    "The last two days of the trip were rainy.",  # of a thing: not up to now
    "My last few weeks at work were calm.",  # no "the": one's own last weeks
    "I cried the last three days before the exam.",
    # a long span up to now says how long, not when
    "I've volunteered there for the past two years.",
    "These past few months have been a rollercoaster.",
    "In the past year I learned to cook.",
])
def test_last_days_of_something_are_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("We went to the coast the previous weekend.", "the previous weekend",
     "2023-05-06/2023-05-07", "range"),
    ("The previous week was chaos at the office.", "The previous week", "2023-W18", "week"),
    ("I changed teams the previous month and loved it.", "the previous month", "2023-04",
     "month"),
    ("The previous year we lived by the sea.", "The previous year", "2022", "year"),
])
def test_the_previous_period_said_of_the_past_is_the_last_one(text: str, phrase: str,
                                                              value: str,
                                                              precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision, False)]


@pytest.mark.parametrize("text", [
    "I'll look at the previous week's figures.",  # a thing of that week
    "I will check the previous month tomorrow.",  # ahead: no past to count from
    "The previous year is always on the second tab.",  # present: no time said
])
def test_the_previous_period_otherwise_is_no_date(text: str) -> None:
    assert [d for d in _dates(text) if "previous" in d[0].lower()] == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("I saw her earlier in the week, at the market.", "earlier in the week", "2023-W19",
     "week"),
    ("Later in the week we're getting the car fixed.", "Later in the week", "2023-W19", "week"),
    ("Earlier in the month the river flooded.", "Earlier in the month", "2023-05", "month"),
    ("Earlier in the day I ran five miles.", "Earlier in the day", "2023-05-10", "day"),
])
def test_earlier_in_the_week_is_the_sessions_week(text: str, phrase: str, value: str,
                                                  precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision, False)]


@pytest.mark.parametrize("text, only", [
    ("Last week was wild: earlier in the week my car broke down.", ("Last week", "2023-W18")),
    ("On Friday we hiked; earlier in the day we ate pancakes.", ("On Friday", "2023-05-05")),
    ("That month was odd. Later in the month the rent went up.", None),
])
def test_earlier_in_a_period_named_before_is_not_this_one(text: str,
                                                          only: tuple[str, str] | None) -> None:
    assert [(p, v) for p, v, _, _ in _dates(text)] == ([only] if only else [])


@pytest.mark.parametrize("text, phrase, value, approximate", [
    ("We went camping a few weekends ago.", "a few weekends ago", "2023-04-08/2023-04-30",
     True),
    ("Several weekends back we painted the fence.", "Several weekends back",
     "2023-04-08/2023-04-30", True),
    ("A couple of weekends back we finally saw the show.", "A couple of weekends back",
     "2023-04-29/2023-04-30", False),  # as "two weekends ago"
    ("My cousins came three weekends back.", "three weekends back", "2023-04-22/2023-04-23",
     False),
])
def test_weekends_counted_vaguely_or_back(text: str, phrase: str, value: str,
                                          approximate: bool) -> None:
    assert _dates(text) == [(phrase, value, "range", approximate)]


def test_a_few_weekends_renders_as_weekends() -> None:
    found = find_dates("We went camping a few weekends ago.", WED)[0].value
    assert render(found) == "a few weekends before 10 May 2023"


@pytest.mark.parametrize("text", [
    "I want my two weekends back.",  # a return, not a time
    "We drove two weekends back to the farm in a row.",
    "Those few weekends back home were lovely.",
])
def test_weekends_back_as_a_return_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value", [
    ("I met him the other week at the gym.", "the other week", "2023-W16/2023-W18"),
    ("The other week a fox got into the bins.", "The other week", "2023-W16/2023-W18"),
    ("We tried that new ramen place the other weekend.", "the other weekend",
     "2023-04-22/2023-05-07"),
])
def test_the_other_week_is_a_recent_one(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "range", True)]


@pytest.mark.parametrize("text", [
    "We spent one week at the coast and the other week at home.",  # the second of two
    "I visit my gran every other week.",  # a habit
    "The first weekend was sunny, the other weekend it poured.",
])
def test_the_other_of_two_weeks_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("I was there week before last.", "week before last", "2023-W17", "week"),
    ("We had the party the week before last week.", "the week before last week", "2023-W17",
     "week"),
    ("We moved house the month before last.", "the month before last", "2023-03", "month"),
    ("The year before last I lived in Sheffield.", "The year before last", "2021", "year"),
    ("The year after next I retire.", "The year after next", "2025", "year"),
    ("My lease ends the month after next.", "the month after next", "2023-07", "month"),
])
def test_two_periods_back_or_on(text: str, phrase: str, value: str, precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision, False)]


@pytest.mark.parametrize("text, phrase, value", [
    ("We met the week before last Christmas.", "last Christmas", "2022-12-25"),
    ("The weekend before last Friday we hiked.", "last Friday", "2023-05-05"),
    ("I left the week before last summer ended.", "last summer", "2022-summer"),
])
def test_before_a_named_last_is_that_day_not_two_weeks(text: str, phrase: str,
                                                        value: str) -> None:
    assert [(p, v) for p, v, _, _ in _dates(text)] == [(phrase, value)]


@pytest.mark.parametrize("text, kept", [
    # a time named before in the turn: what the phrase is counted from is no session
    ("We moved in March. Later in the month we got a dog.", ["in March"]),
    ("In 2019 we moved to Sheffield; later in the year we got married.", ["In 2019"]),
    ("Yesterday was crazy: earlier in the day I lost my keys.", ["Yesterday"]),
    ("Two weeks ago was a mess; earlier in the week my car broke down.", ["Two weeks ago"]),
    ("In 2015 we moved to Berlin. The previous year I had been in Paris.", ["In 2015"]),
    ("My brother visited in June, and the previous weekend my parents came.", ["in June"]),
    ("Last summer we toured Italy; the last few days were rainy.", ["Last summer"]),
    ("We stayed for a month; the last two weeks were rainy.", []),
    # the past perfect is counted from the story; "the last" of what is ahead is its final days
    ("She told me the previous week had been the worst.", []),
    ("I'll spend the last two days packing.", []),
    ("The last two weeks will be the hardest.", []),
])
def test_a_period_counted_from_a_time_named_before_is_no_date(text: str,
                                                              kept: list[str]) -> None:
    assert [m.text for m in find_dates(text, WED)] == kept


@pytest.mark.parametrize("text, phrase, value", [
    ("It rained the last three days.", "the last three days", "2023-05-07/2023-05-10"),
    ("I've been ill the last three days.", "the last three days", "2023-05-07/2023-05-10"),
    ("Earlier in the week I finally fixed the bike.", "Earlier in the week", "2023-W19"),
])
def test_with_no_time_named_before_the_session_counts(text: str, phrase: str,
                                                      value: str) -> None:
    assert [(m.text, m.value.value) for m in find_dates(text, WED)] == [(phrase, value)]


@pytest.mark.parametrize("text, found", [
    ("The week before last may have been my busiest.", [("The week before last", "2023-W17")]),
    ("I met him a week before last year's wedding.", [("last year", "2022")]),
    ("We broke up a month before last semester ended.", []),
    ("I moved a year before last election.", []),
    ("It was the week before last May.", []),
    ("We moved into the flat week before last.", [("week before last", "2023-W17")]),
    ("I saw him the week before last week.", [("the week before last week", "2023-W17")]),
])
def test_before_last_by_what_follows(text: str, found: list[tuple[str, str]]) -> None:
    assert [(m.text, m.value.value) for m in find_dates(text, WED)] == found


def test_a_week_a_year_back_is_said_by_its_monday() -> None:
    # not "52 weeks before 10 May 2023"
    [year] = find_dates("It's a year ago this week that we moved.", WED)
    assert render(year.value) == "the week of 9 May 2022"
    [three] = find_dates("We met three weeks ago.", WED)
    assert render(three.value) == "three weeks before 10 May 2023"
