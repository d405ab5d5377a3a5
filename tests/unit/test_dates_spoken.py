"""Everyday relative phrases (mrgraph.dates.spoken) and bare parts of a month.

Expected values worked out by hand from a calendar: Wed 2023-05-10 (its ISO week 19 runs 8-14
May; the weekend before it 6-7 May), Mon 2023-05-15 (week 20: 15-21 May), Sun 2023-05-14.
"""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates, render
from mrgraph.dates.spoken import _count

WED = date(2023, 5, 10)
MON = date(2023, 5, 15)
SUN = date(2023, 5, 14)


def _dates(text: str, anchor: date = WED) -> list[tuple[str, str, str]]:
    return [(m.text, m.value.value, m.value.precision) for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, anchor, phrase, value", [
    ("We went camping over the weekend.", WED, "over the weekend", "2023-05-06/2023-05-07"),
    ("Did you get up to anything over the weekend?", MON, "over the weekend",
     "2023-05-13/2023-05-14"),
    ("During the weekend my brother fixed the gate.", WED, "During the weekend",
     "2023-05-06/2023-05-07"),
    ("We were painting the hallway at the weekend.", SUN, "at the weekend",
     "2023-05-13/2023-05-14"),  # said on its Sunday: this one
    ("I'll finish the quilt over the weekend.", WED, "over the weekend", "2023-05-13/2023-05-14"),
    ("We're driving to the coast over the weekend.", MON, "over the weekend",
     "2023-05-20/2023-05-21"),
])
def test_the_weekend_follows_the_tense(text: str, anchor: date, phrase: str, value: str) -> None:
    assert _dates(text, anchor) == [(phrase, value, "range")]


@pytest.mark.parametrize("text", [
    "I usually sleep in on the weekend.",  # a habit: no tense decides
    "I wanted to ask if you're free over the weekend.",  # a plan, though "wanted" is past
    "Weekends are quiet; over the weekend nobody calls.",
])
def test_the_weekend_without_a_tense_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, anchor, value", [
    ("I went hiking this weekend with my uncle.", MON, "2023-05-13/2023-05-14"),
    ("This weekend was the best in ages.", WED, "2023-05-06/2023-05-07"),
    ("We finally cleared out the garage this weekend.", SUN, "2023-05-13/2023-05-14"),
    ("I'm going hiking this weekend.", MON, "2023-05-20/2023-05-21"),  # ahead: as before
    ("I was thinking we could try that bakery this weekend.", MON, "2023-05-20/2023-05-21"),
    ("I booked a table for this weekend.", MON, "2023-05-20/2023-05-21"),
    ("I told Ana we'd visit this weekend.", WED, "2023-05-13/2023-05-14"),
    ("This weekend is my sister's birthday.", WED, "2023-05-13/2023-05-14"),
])
def test_this_weekend_in_the_past_is_the_one_just_gone(text: str, anchor: date,
                                                        value: str) -> None:
    assert [v for _, v, _ in _dates(text, anchor)] == [value]


@pytest.mark.parametrize("text, phrase", [
    ("My aunt came by the past weekend.", "the past weekend"),
    ("Over the past weekend we built a treehouse.", "Over the past weekend"),
    ("The past weekend flew by.", "The past weekend"),
])
def test_the_past_weekend_is_last_weekend(text: str, phrase: str) -> None:
    assert _dates(text) == [(phrase, "2023-05-06/2023-05-07", "range")]


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("I made soup last evening.", "last evening", "2023-05-09", "day"),
    ("Last evening the power went out twice.", "Last evening", "2023-05-09", "day"),
    ("The night before last I barely slept.", "The night before last", "2023-05-08", "day"),
    ("We saw a fox the night before last, near the bins.", "the night before last",
     "2023-05-08", "day"),
    ("I bumped into Sam the other night.", "the other night", "2023-05-03/2023-05-09", "range"),
    ("The other evening we played cards until two.", "The other evening",
     "2023-05-03/2023-05-09", "range"),
    ("I heard that song on the radio the other morning.", "the other morning",
     "2023-05-03/2023-05-09", "range"),
])
def test_parts_of_a_day(text: str, phrase: str, value: str, precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision)]


def test_the_other_night_is_vague_and_renders_so() -> None:
    found = find_dates("I bumped into Sam the other night.", WED)[0].value
    assert found.approximate and render(found) == "a few days before 10 May 2023"


@pytest.mark.parametrize("text, phrase, value, approximate", [
    ("We moved in a fortnight ago.", "a fortnight ago", "2023-W17", False),  # 26 April
    ("Two fortnights ago I started running.", "Two fortnights ago", "2023-W15", False),
    ("It arrived about a fortnight ago.", "about a fortnight ago", "2023-W17", True),
])
def test_a_fortnight_is_two_weeks(text: str, phrase: str, value: str, approximate: bool) -> None:
    found = find_dates(text, WED)
    assert [(m.text, m.value.value, m.value.precision, m.approximate) for m in found] == \
        [(phrase, value, "week", approximate)]


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("I saw her three days back.", "three days back", "2023-05-07", "day"),
    ("We adopted the puppy a couple of weeks back.", "a couple of weeks back", "2023-W17", "week"),
    ("Two years back, I couldn't swim at all.", "Two years back", "2021", "year"),
    ("A month back we had snow.", "A month back", "2023-04", "month"),
])
def test_back_is_ago(text: str, phrase: str, value: str, precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision)]


@pytest.mark.parametrize("text, phrase, value, precision, approximate", [
    ("I started a few days back.", "a few days back", "2023-05-05/2023-05-08", "range", True),
    ("Several weeks back the bridge was shut.", "Several weeks back", "2023-W14/2023-W17",
     "range", True),
    ("We spoke about three weeks back.", "about three weeks back", "2023-W16", "week", True),
])
def test_vague_and_about_back_are_as_ago(text: str, phrase: str, value: str, precision: str,
                                         approximate: bool) -> None:
    found = find_dates(text, WED)
    assert [(m.text, m.value.value, m.value.precision, m.approximate) for m in found] == \
        [(phrase, value, precision, approximate)]


@pytest.mark.parametrize("text", [
    "I want my two days back.",
    "Give me those three weeks back and I'd do it differently.",
    "We drove two days back to Ohio.",
])
def test_back_as_a_return_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("We got the keys a week or so ago.", "a week or so ago", "2023-W18", "week"),
    ("The roof started leaking a month or so ago.", "a month or so ago", "2023-04", "month"),
    ("I dropped my phone a day or two ago.", "a day or two ago", "2023-05-08/2023-05-09",
     "range"),
    ("I learned to knit a year or two ago.", "a year or two ago", "2021/2022", "range"),
    ("Two or three weeks ago the heating broke.", "Two or three weeks ago",
     "2023-W16/2023-W17", "range"),
])
def test_rough_amounts_are_approximate(text: str, phrase: str, value: str,
                                       precision: str) -> None:
    found = find_dates(text, WED)
    assert [(m.text, m.value.value, m.value.precision) for m in found] == \
        [(phrase, value, precision)]
    assert found[0].approximate


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("I quit sugar half a year ago.", "half a year ago", "2022-11", "month"),
    ("We moved here a year and a half ago.", "a year and a half ago", "2021-11", "month"),
    ("Two and a half years ago I opened the shop.", "Two and a half years ago", "2020-11",
     "month"),
    ("The tiles went down a month and a half ago.", "a month and a half ago", "2023-W12",
     "week"),  # 25 March
    ("She called a week and a half ago.", "a week and a half ago", "2023-04-30", "day"),
])
def test_a_half_is_the_next_finer_unit(text: str, phrase: str, value: str,
                                       precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision)]  # never "a year ago": 2022


@pytest.mark.parametrize("text, phrase, value", [
    ("We signed the papers a week ago today.", "a week ago today", "2023-05-03"),
    ("Two weeks ago yesterday the bridge closed.", "Two weeks ago yesterday", "2023-04-25"),
    ("It was a week ago yesterday, I think.", "a week ago yesterday", "2023-05-02"),
])
def test_weeks_ago_today_is_that_day(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "day")]


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("A year ago today I handed in my notice.", "A year ago today", "2022-05-10", "day"),
    ("Two months ago yesterday the roof caved in.", "Two months ago yesterday", "2023-03-09",
     "day"),
    ("It's a year ago this week that we moved.", "a year ago this week", "2022-W19", "week"),
    ("A month ago this week my niece was born.", "A month ago this week", "2023-W15",
     "week"),  # 10 April, a Monday
    ("We got engaged five years ago this month.", "five years ago this month", "2018-05",
     "month"),
])
def test_ago_this_week_is_that_week_back(text: str, phrase: str, value: str,
                                         precision: str) -> None:
    """One period: not "a year ago" (a year) and this week (the session's)."""
    assert _dates(text) == [(phrase, value, precision)]


@pytest.mark.parametrize("text, phrase, value", [
    ("The new bakery opened mid-March.", "mid-March", "2023-03"),
    ("I started the job early March.", "early March", "2023-03"),
    ("Our lease runs out late June.", "late June", "2023-06"),
    ("They shut the pool at the end of June.", "at the end of June", "2023-06"),
    ("Towards the end of April the rain stopped.", "Towards the end of April", "2023-04"),
    ("The beginning of February was freezing.", "The beginning of February", "2023-02"),
])
def test_a_bare_part_of_a_month_is_the_month(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "month")]


@pytest.mark.parametrize("text", [
    "We may go early may be late.",  # lowercase "may": the verb
    "At the end of march the band played on.",  # lowercase "march": a walk
    "The early bird gets the worm.",
])
def test_a_part_of_may_or_march_lowercase_is_no_date(text: str) -> None:
    assert _dates(text) == []


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("We fly out the week after next.", "the week after next", "2023-W21", "week"),
    ("The week after next is half term.", "The week after next", "2023-W21", "week"),
    ("Can you come the weekend after next?", "the weekend after next", "2023-05-27/2023-05-28",
     "range"),
])
def test_after_next_is_two_on(text: str, phrase: str, value: str, precision: str) -> None:
    assert _dates(text) == [(phrase, value, precision)]


@pytest.mark.parametrize("text, anchor, phrase, value", [
    ("We had the inspection the Monday before last.", WED, "the Monday before last",
     "2023-05-01"),
    ("Wednesday before last I lost my keys.", WED, "Wednesday before last", "2023-04-26"),
    ("It rained the Sunday before last, all day.", MON, "the Sunday before last", "2023-05-07"),
])
def test_a_weekday_before_last(text: str, anchor: date, phrase: str, value: str) -> None:
    assert _dates(text, anchor) == [(phrase, value, "day")]


@pytest.mark.parametrize("text, phrase, value", [
    ("I moved here a decade ago.", "a decade ago", "2013"),
    ("Two decades ago this was all fields.", "Two decades ago", "2003"),
    ("We met over a decade ago, at school.", "over a decade ago", "2013"),
])
def test_a_decade_ago_is_an_approximate_year(text: str, phrase: str, value: str) -> None:
    found = find_dates(text, WED)
    assert [(m.text, m.value.value, m.value.precision) for m in found] == \
        [(phrase, value, "year")]
    assert found[0].approximate


@pytest.mark.parametrize("text, phrase, value", [
    ("It opened mid-March last year.", "mid-March last year", "2022-03"),
    ("We'll know by early May next year.", "by early May next year", "2024-05"),
    ("The roof went in mid-march last year.", "in mid-march last year", "2022-03"),
])
def test_a_part_of_may_or_march_of_a_named_year_is_the_month(text: str, phrase: str,
                                                             value: str) -> None:
    assert _dates(text) == [(phrase, value, "month")]


@pytest.mark.parametrize("text, phrase, value", [
    ("I saw it a week last Tuesday.", "a week last Tuesday", "2023-05-02"),
    ("A week last Friday we lost power.", "A week last Friday", "2023-04-28"),
    ("She rang a week last Sunday, late.", "a week last Sunday", "2023-04-30"),
])
def test_a_week_last_weekday(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "day")]


@pytest.mark.parametrize("text, phrase, value", [
    ("I saw her couple weeks ago.", "couple weeks ago", "2023-W17"),
    ("Couple days ago my bike got a flat.", "Couple days ago", "2023-05-08"),
    ("We met up couple months ago for lunch.", "couple months ago", "2023-03"),
])
def test_couple_without_a_is_two(text: str, phrase: str, value: str) -> None:
    assert [v for _, v, _ in _dates(text)] == [value]



def test_a_word_that_does_not_count_is_no_count() -> None:
    """The patterns pass only counting words; one that slipped through would have counted as
    one (a date one unit back): it raises, and the scan gives no date."""
    assert _count("three") == 3
    with pytest.raises(ValueError):
        _count("several")


@pytest.mark.parametrize("text,phrase,value", [
    ("The christening is a week today.", "a week today", "2023-05-22"),
    ("Two weeks today, at the town hall.", "Two weeks today", "2023-05-29"),
    ("We fly out a week tomorrow.", "a week tomorrow", "2023-05-23"),
    ("Our move is a fortnight today!", "a fortnight today", "2023-05-29"),
    # the past, or how long it has been as of today: that many weeks back
    ("Grandad passed away a week today.", "a week today", "2023-05-08"),
    ("I've been in the new flat two weeks today.", "two weeks today", "2023-05-01"),
    ("It's a fortnight today since the storm.", "a fortnight today", "2023-05-01"),
    ("We're a fortnight today, how time flies.", "a fortnight today", "2023-05-01"),  # a streak
    # by its own clause: what another clause says of the past does not turn it
    ("I got the job and I start a week today!", "a week today", "2023-05-22"),
    ("We've been planning this since March and the party is a week today.", "a week today",
     "2023-05-22"),
    ("Jo asked if I'm free a week today.", "a week today", "2023-05-22"),
])
def test_weeks_today_are_counted_from_today_not_today(text: str, phrase: str,
                                                       value: str) -> None:
    assert [(m.text, m.value.value) for m in find_dates(text, MON)] == [(phrase, value)]


def test_weeks_today_reported_is_no_date() -> None:
    """What was reported is said in its own time: no date, not today."""
    assert find_dates("She said the results come out a week today.", MON) == []


@pytest.mark.parametrize("text,phrase,value", [
    ("I'm off for a week today.", "today", "2023-05-15"),  # a length from today
    ("He died a week tomorrow.", "a week tomorrow", "2023-05-09"),  # its own "tomorrow" no plan
    ("The party? It's a week today!", "a week today", "2023-05-22"),  # "it" is no person
])
def test_weeks_today_after_for_and_with_its_own_tomorrow(text: str, phrase: str,
                                                        value: str) -> None:
    assert [(m.text, m.value.value) for m in find_dates(text, MON)] == [(phrase, value)]
