"""A sentence of two clauses, one about the past and one about what is ahead: each date takes
the tense of its own clause (mrgraph.dates.tense). Invented sentences."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates

MON = date(2023, 5, 8)  # a Monday


@pytest.mark.parametrize("text,expected", [
    # a second clause with its own subject, after "and"
    ("Saw the dentist on Tuesday and she's booking me in for a filling.",
     [("on Tuesday", "2023-05-02")]),
    ("Rang the landlord on Thursday and he's coming round to fix it.",
     [("on Thursday", "2023-05-04")]),
    # what was said, and the complement "that" says: each its own tense
    ("I told my manager on Friday that I'll be leaving in June.",
     [("on Friday", "2023-05-05"), ("in June", "2023-06")]),
    ("We promised Olek on Saturday that we'll visit on Sunday.",
     [("on Saturday", "2023-05-06"), ("on Sunday", "2023-05-14")]),
    # clauses joined by "but" / "because"
    ("I'm flying to Oslo on Friday, but I packed on Sunday.",
     [("on Friday", "2023-05-12"), ("on Sunday", "2023-05-07")]),
    ("We'll hike on Saturday because the storm passed on Thursday.",
     [("on Saturday", "2023-05-13"), ("on Thursday", "2023-05-04")]),
])
def test_each_clause_dates_its_own_weekday(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(m.text, m.value.value) for m in find_dates(text, MON)] == expected


@pytest.mark.parametrize("text", [
    "I was going to call you on Friday but forgot.",  # past and ahead in the day's own clause
    "I told him I'll call on Friday.",  # no "that": which clause the day is of is not said
])
def test_both_tenses_in_the_days_own_clause_is_no_date(text: str) -> None:
    assert find_dates(text, MON) == []
