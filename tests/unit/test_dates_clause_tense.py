"""A sentence of two clauses, one about the past and one about what is ahead: a day takes the
past of its own clause when that clause is a plain past said of that day, and no date
otherwise (mrgraph.dates.tense); a verbless phrase of place or manner after another takes
the tense of the sentence before them. Invented sentences."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates
from mrgraph.dates.clauses import sentence_start

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
    # what was said, before the complement "that" says what is ahead (that clause's own
    # future: ahead)
    ("We promised Olek on Saturday that we'll visit on Sunday.",
     [("on Saturday", "2023-05-06"), ("on Sunday", "2023-05-14")]),
    # clauses joined by "but" / "because": each day by its own clause
    ("I'm flying to Oslo on Friday, but I packed on Sunday.",
     [("on Friday", "2023-05-12"), ("on Sunday", "2023-05-07")]),
    ("We'll hike on Saturday because the storm passed on Thursday.",
     [("on Saturday", "2023-05-13"), ("on Thursday", "2023-05-04")]),
    ("We met on Monday and we're meeting again on Friday.",
     [("on Monday", "2023-05-01"), ("on Friday", "2023-05-12")]),
    ("We'll be at the lake on Sunday, we got the boat fixed on Monday.",
     [("on Sunday", "2023-05-14"), ("on Monday", "2023-05-01")]),
    # an unjoined past after it, with no verb of recalling: still ahead
    ("We're moving on Saturday, it took ages to find a van.", [("on Saturday", "2023-05-13")]),
    ("I'll pay you back on Friday, I left my wallet at home.", [("on Friday", "2023-05-12")]),
    # the same day said twice: each by its own place in the sentence
    ("I called on Friday about the party on Friday, we'll go.", [("on Friday", "2023-05-05")]),
])
def test_each_clause_of_two_tenses_dates_its_own_day(text: str,
                                                      expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", [
    "I was going to call you on Friday but forgot.",  # past and ahead in the day's own clause
    "I told him I'll call on Friday.",  # no "that": which clause the day is of is not said
    # a past that plans or wishes: the day may be the planned thing's
    "I booked a table on Friday and we'll bring the kids.",
    "Ines organised a picnic on Sunday and I'll bake the bread.",
    "I was thinking we could meet on Friday, I'll bring snacks.",
    "I promised to help on Saturday and I'll bring my tools.",
    "I told her we'd go on Saturday, she'll love it.",
    # the day of a thing the clause names, not of its verb
    "We bought tickets for the show on Saturday and we're going to drive.",
    "I got picked for the match on Saturday and I'm going to play!",
    "I'll tell you about the wedding on Saturday, it was beautiful.",
    "I'm recovering from the party on Saturday, we danced all night.",
    # after a verb of recalling, a past said after it, unjoined and with no time of its own:
    # a comment on the day's thing, which may be past
    "I'll always remember the walk on Tuesday, it was magical.",
    "I'll remember the match on Saturday forever, we won 3-0.",
    "Hopefully he'll apologise for shouting on Monday, it was so rude.",
    # a day chosen
    "We settled on Saturday, so we'll drive up then.",
    # another verb after the past: the day may be its
])
def test_both_tenses_without_a_plain_past_of_the_day_is_no_date(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize("text,expected", [
    # a report in the present after a past telling, beside a future: still ahead
    ("Tom said the match is on Saturday, we'll watch it at the pub.",
     [("on Saturday", "2023-05-13")]),
    ("I heard the shop opens on Sunday and I'll go early.", [("on Sunday", "2023-05-14")]),
    ("Sam said they arrive on Sunday, I'll cook.", [("on Sunday", "2023-05-14")]),
    ("Mum reminded me the bins go out on Thursday, I'll do it.",
     [("on Thursday", "2023-05-11")]),
    ("I found out Mia starts work on Monday, she'll be great.", [("on Monday", "2023-05-15")]),
])
def test_a_report_in_the_present_beside_a_future_is_ahead(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("Big news! Tomas proposed. On the pier. On Sunday.", [("On Sunday", "2023-05-07")]),
    ("We're moving. To Leeds. On Friday.", [("On Friday", "2023-05-12")]),
    ("She called. From the airport. On Tuesday.", [("On Tuesday", "2023-05-02")]),
])
def test_a_fragment_after_a_phrase_of_place_looks_the_way_the_sentence_before_does(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", [
    "Great news. Really. On Friday.",  # no tense before the fragments
    "Where were we? Oh right. Friday.",  # not across a question
    "I finally finished it. Phew. Thursday.",  # nor an interjection
    "I booked it. At the Ritz. On Friday.",  # a plan told in the past: the day may be its
    "I asked her out. To dinner. On Friday.",
])
def test_fragments_give_no_date_across_no_tense_a_question_or_an_interjection(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize("text, at, reach, expected", [
    ("We met on Monday. I fly on Friday", 30, None, 17),  # right after the last end
    ("I fly on Friday", 8, None, 0),  # none before it: the text's start
    ("Wow! Really? Yes, on Friday", 21, None, 12),  # "!" and "?" end sentences too
    ("x" * 500 + " on Friday", 504, 400, 104),  # a run-on: at most `reach` back
    ("Hi. " + "x" * 50 + " on Friday", 58, 400, 3),  # an end within reach is where it starts
])
def test_sentence_start_finds_where_the_sentence_of_an_offset_begins(
        text: str, at: int, reach: int | None, expected: int) -> None:
    assert sentence_start(text, at, reach) == expected
