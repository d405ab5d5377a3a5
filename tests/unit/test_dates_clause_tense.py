"""A sentence of two clauses, one about the past and one about what is ahead: each date takes
the tense of its own clause (mrgraph.dates.tense), unless that clause arranges what is ahead;
a verbless fragment takes the tense of the sentence before the fragments it follows.
Invented sentences."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates

MON = date(2023, 5, 8)  # a Monday


def _found(text: str) -> list[tuple[str, str]]:
    return [(m.text, m.value.value) for m in find_dates(text, MON)]


@pytest.mark.parametrize("text,expected", [
    # a second clause with its own subject, after "and"
    ("Saw the dentist on Tuesday and she's booking me in for a filling.",
     [("on Tuesday", "2023-05-02")]),
    ("Rang the landlord on Thursday and he's coming round to fix it.",
     [("on Thursday", "2023-05-04")]),
    ("I passed the driving test on Monday and I'm on the road from next week.",
     [("on Monday", "2023-05-01"), ("next week", "2023-W20")]),
    # what was said, and what the complement "that" says: each its own tense
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
    assert _found(text) == expected


@pytest.mark.parametrize("text", [
    "I was going to call you on Friday but forgot.",  # past and ahead in the day's own clause
    "I told him I'll call on Friday.",  # no "that": which clause the day is of is not said
    # a past that arranges what is ahead: the day may be the arranged thing's
    "I booked a table on Friday and we'll bring the kids.",
    "We bought tickets for Saturday and we're going to drive.",
    "Ines organised a picnic on Sunday and I'll bake the bread.",
])
def test_both_tenses_and_no_clause_of_its_own_is_no_date(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize("text,expected", [
    ("Big news! Tomas proposed. On the pier. On Sunday.", [("On Sunday", "2023-05-07")]),
    ("We're moving. To Leeds. On Friday.", [("On Friday", "2023-05-12")]),
    ("I finally finished it. Phew. Thursday.", [("Thursday", "2023-05-04")]),
])
def test_a_fragment_after_fragments_looks_the_way_the_last_sentence_with_a_tense_does(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


def test_fragments_with_no_tense_before_them_give_no_date() -> None:
    assert _found("Great news. Really. On Friday.") == []
