"""Dates: session timestamps, and relative expressions resolved against the session's date.

The table's expected values were worked out by hand from a calendar (weeks run Monday-Sunday).
Anchors: Mon 2023-05-08, Sun 2023-05-14, Wed 2023-01-04 (a year boundary), Sat 2024-03-02
(a leap year).
"""

from __future__ import annotations

from datetime import date, datetime

import pytest

from mrgraph.ingest.dates import DateMention, anchor_date, find_dates, parse_timestamp, session_iso

MON = date(2023, 5, 8)
SUN = date(2023, 5, 14)
WED = date(2023, 1, 4)
SAT = date(2024, 3, 2)

TABLE: list[tuple[str, date, str]] = [
    ("yesterday", MON, "2023-05-07"),
    ("yesterday", WED, "2023-01-03"),
    ("yesterday", SAT, "2024-03-01"),
    ("today", MON, "2023-05-08"),
    ("tonight", SUN, "2023-05-14"),
    ("last night", WED, "2023-01-03"),
    ("the day before yesterday", MON, "2023-05-06"),
    ("tomorrow", WED, "2023-01-05"),
    ("last week", MON, "2023-05-01/2023-05-07"),
    ("last week", SUN, "2023-05-01/2023-05-07"),
    ("last week", WED, "2022-12-26/2023-01-01"),
    ("last week", SAT, "2024-02-19/2024-02-25"),
    ("this week", MON, "2023-05-08/2023-05-14"),
    ("this week", SAT, "2024-02-26/2024-03-03"),
    ("next week", MON, "2023-05-15/2023-05-21"),
    ("next week", WED, "2023-01-09/2023-01-15"),
    ("last month", MON, "2023-04-01/2023-04-30"),
    ("last month", WED, "2022-12-01/2022-12-31"),
    ("last month", SAT, "2024-02-01/2024-02-29"),
    ("next month", MON, "2023-06-01/2023-06-30"),
    ("next month", WED, "2023-02-01/2023-02-28"),
    ("last year", MON, "2022-01-01/2022-12-31"),
    ("two days ago", MON, "2023-05-06"),
    ("two days ago", SAT, "2024-02-29"),
    ("3 weeks ago", MON, "2023-04-17"),
    ("a couple of weeks ago", MON, "2023-04-24"),
    ("a month ago", MON, "2023-04-08"),
    ("2 months ago", WED, "2022-11-04"),
    ("a year ago", SAT, "2023-03-02"),
    ("a few days ago", MON, "2023-05-03/2023-05-06"),
    ("the other day", MON, "2023-05-01/2023-05-07"),
    ("last Saturday", MON, "2023-05-06"),
    ("last Saturday", SUN, "2023-05-13"),
    ("last Saturday", SAT, "2024-02-24"),  # strictly before the session's own Saturday
    ("this past Sunday", MON, "2023-05-07"),
    ("this Saturday", MON, "2023-05-13"),
    ("this Saturday", SAT, "2024-03-02"),
    ("next Friday", MON, "2023-05-19"),
    ("next Friday", SUN, "2023-05-19"),
    ("next Friday", SAT, "2024-03-08"),
    ("this coming Friday", MON, "2023-05-12"),
    ("this coming Friday", SUN, "2023-05-19"),
    ("two Saturdays ago", MON, "2023-04-29"),
    ("two Saturdays ago", SAT, "2024-02-17"),
    ("this weekend", MON, "2023-05-13/2023-05-14"),
    ("this weekend", SUN, "2023-05-13/2023-05-14"),
    ("last weekend", MON, "2023-05-06/2023-05-07"),
    ("last weekend", SAT, "2024-02-24/2024-02-25"),
    ("next weekend", WED, "2023-01-14/2023-01-15"),
    ("in 2022", MON, "2022-01-01/2022-12-31"),
    ("May 7, 2023", WED, "2023-05-07"),
    ("7 May 2023", SAT, "2023-05-07"),
    ("the 7th of May", WED, "2023-05-07"),  # no year: the session's
    ("May 2023", SAT, "2023-05-01/2023-05-31"),
    ("2023-04-01", MON, "2023-04-01"),
]


@pytest.mark.parametrize(("expression", "anchor", "expected"), TABLE)
def test_expression_table(expression: str, anchor: date, expected: str) -> None:
    [mention] = find_dates(f"It was {expression}, I think.", anchor)
    assert mention.iso == expected
    assert mention.text in expression


def test_mention_fields() -> None:
    text = "I went to a support group yesterday and we meet again next week."
    first, second = find_dates(text, MON)
    assert first == DateMention("yesterday", "2023-05-07", "2023-05-07", (26, 35))
    assert text[slice(*second.span)] == "next week"
    assert (second.start, second.end, second.is_range) == ("2023-05-15", "2023-05-21", True)
    assert not first.is_range and first.iso == "2023-05-07"


def test_vague_quantities_are_marked_approximate() -> None:
    [few] = find_dates("a few weeks ago", MON)
    assert few.approximate and few.iso == "2023-04-03/2023-04-24"
    [exact] = find_dates("two weeks ago", MON)
    assert not exact.approximate


@pytest.mark.parametrize("text", [
    "we may 2 go there", "I have 2 dogs", "See you on Friday", "Saturdays are fun",
    "the weekly meeting", "31 February 2023", "a dayglo shirt", "",
])
def test_no_false_mentions(text: str) -> None:
    assert find_dates(text, MON) == []


def test_longest_expression_wins() -> None:
    [mention] = find_dates("Back on May 7, 2023 we met.", MON)
    assert mention.text == "May 7, 2023"


def test_case_and_unicode_do_not_shift_spans() -> None:
    text = "İstanbul trip LAST WEEK was great"
    [mention] = find_dates(text, MON)
    assert text[slice(*mention.span)] == "LAST WEEK"
    assert mention.iso == "2023-05-01/2023-05-07"


@pytest.mark.parametrize(("raw", "expected"), [
    ("1:56 pm on 8 May, 2023", "2023-05-08T13:56:00"),
    ("12:09 am on 13 September, 2023", "2023-09-13T00:09:00"),
    ("12:30 pm on 1 January, 2024", "2024-01-01T12:30:00"),
    ("2023-05-08T13:56:00", "2023-05-08T13:56:00"),
    ("2023-05-08 13:56", "2023-05-08T13:56:00"),
    ("2023-05-08T13:56:00+02:00", "2023-05-08T13:56:00"),  # the wall time as written
    ("2023-05-08T13:56:00Z", "2023-05-08T13:56:00"),
    ("8 May 2023", "2023-05-08T00:00:00"),
    ("May 8, 2023 1:56 pm", "2023-05-08T13:56:00"),
])
def test_session_timestamps(raw: str, expected: str) -> None:
    assert session_iso(raw) == expected


@pytest.mark.parametrize(("raw", "message"), [
    ("8 May", "has no year"), ("May 2023", "has no day"), ("hello", "not a date"),
    ("", "not a date"),
    ("1:56 pm on 8 Maybe, 2023", "unknown month"),
])
def test_bad_timestamps(raw: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_timestamp(raw)


def test_anchor_date() -> None:
    assert anchor_date("2023-05-08T13:56:00") == MON
    assert parse_timestamp("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56)
