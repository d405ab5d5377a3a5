"""A weekday said bare, without "on", "last" or "next" (mrgraph.dates.weekday): the sentence's
tense decides, as for "on Tuesday"; a verbless fragment opening its turn looks the way the
sentence after it does (mrgraph.dates.tense.day_tense).

Expected values worked out by hand from a calendar: Wed 2023-05-10 (the Monday before it is
8 May, the Friday before 5 May, the Sunday before 7 May; the Friday after 12 May, the
Tuesday after 16 May, the Wednesday after 17 May).
"""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates, render

WED = date(2023, 5, 10)


def _dates(text: str, anchor: date = WED) -> list[tuple[str, str, str]]:
    return [(m.text, m.value.value, m.value.precision) for m in find_dates(text, anchor)]


@pytest.mark.parametrize("text, phrase, value", [
    # a past verb: the last such day before the day it was said
    ("Fixed the fence Monday, finally.", "Monday", "2023-05-08"),
    ("We drove up to the lake Friday and swam.", "Friday", "2023-05-05"),
    ("Sunday's game was a disaster for us.", "Sunday", "2023-05-07"),
    # a future form, or a schedule's present: the next one
    ("I'll bring the ladder Friday after lunch.", "Friday", "2023-05-12"),
    ("Her recital is Friday, can you come?", "Friday", "2023-05-12"),
    ("We're painting the shed Friday.", "Friday", "2023-05-12"),
    ("The plumber is coming Friday.", "Friday", "2023-05-12"),  # "is" + a verb's -ing
    ("We're going to drive up to Loch Brenna Tuesday.", "Tuesday", "2023-05-16"),  # "...na "
    ("We're finally moving the piano. Wednesday, probably.", "Wednesday", "2023-05-17"),
])
def test_a_bare_weekday_follows_the_tense(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "day")]


@pytest.mark.parametrize("text, phrase, value", [
    ("Sunday? Three laps, and I came second.", "Sunday", "2023-05-07"),
    ("Monday evening. Long shift. The bus broke down twice.", "Monday", "2023-05-08"),
    ("Friday. We'll meet at the gate.", "Friday", "2023-05-12"),
])
def test_a_fragment_opening_the_turn_looks_the_way_the_next_sentence_does(
        text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value, "day")]


@pytest.mark.parametrize("text", [
    "Every Sunday we bake bread.",  # a habit
    "We baked hot cross buns on Good Friday.",  # a holiday's name
    "I bought a kettle on Cyber Monday.",
    "Roast dinner became her Sunday ritual.",
    "I went to Sunday school as a kid.",
    "I work Mondays and it was fine.",  # plural: a habit
    "Friday is my favourite day.",  # neither tense: no one day
    "Happy Friday! We did it.",  # a greeting: today, no day back
    "The Friday before was calm.",
    "I rested until Friday.",
    "I was sick sunday.",  # not written as a name
    "We binged Friday Night Lights again.",  # a title goes on after it
    "I read it in the Sunday Times.",
    "I worked Monday through Friday.",  # a span of days
    "I work Monday to Friday.",
    "The shop is open Monday-Friday.",
    "It's Friday! Finally.",  # the day it is said
    "It is Monday again, ugh.",
])
def test_a_name_habit_or_span_is_no_bare_weekday(text: str) -> None:
    assert not [d for d in _dates(text) if d[2] == "day"]


def test_a_bare_weekday_is_said_back_from_the_day() -> None:
    """Rendered as "on Friday" is: relative to the day it was said."""
    found = find_dates("Collected the sofa Wednesday.", date(2023, 5, 13))
    assert [render(m.value) for m in found] == ["the Wednesday before 13 May 2023"]


def test_on_a_weekday_in_an_opening_fragment_too() -> None:
    """The fragment rule is day_tense's: "On Tuesday!" opening its turn as well."""
    assert _dates("On Tuesday! We signed the papers.") == [("On Tuesday", "2023-05-09", "day")]


@pytest.mark.parametrize("text, found", [
    # "since" a day: the latest such day before the day it was said, whatever the tense
    ("I've been ill since Friday.", [("since Friday", "2023-05-05", "day")]),
    ("She has been away since Monday morning.", [("since Monday", "2023-05-08", "day")]),
    ("Nothing from the landlord since Sunday.", [("since Sunday", "2023-05-07", "day")]),
    ("It's been hectic since Wednesday.", [("since Wednesday", "2023-05-03", "day")]),
    ("I've been here since Tuesday as well.", [("since Tuesday", "2023-05-09", "day")]),
    ("Nothing since Friday thanks to the strike.", [("since Friday", "2023-05-05", "day")]),
    # a "since" that gives a reason, the day its subject: no date
    ("Since Friday is a holiday, we're going away.", []),
    ("Since Friday's a holiday, we're off.", []),
    ("Since Tuesday works for everyone, let's book it.", []),
    ("Since Saturday suits, I'll book.", []),
    ("Since Friday should be quiet, let's go then.", []),
])
def test_since_a_weekday_is_the_last_one(text: str, found: list[tuple[str, str, str]]) -> None:
    assert _dates(text) == found
