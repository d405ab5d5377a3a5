"""A thing told done in the present perfect with no date (perfect_month, reader.when): "I have
developed a video course" tells it done some time up to the day it was told, so a "when"
question is answered with that day's month; a simple past, "just", "been" + -ing or "have got"
keep the day it was told."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

OFF = frozenset({"perfect_month"})
DAY = "2023-05-17"


def test_the_present_perfect_without_a_date_is_its_month() -> None:
    """Three shapes: "I have" + -ed, "we've finally" + -ed, "she has" + an irregular one."""
    cases = [
        ("When did Nora develop the video course on knitting?",
         "I have developed a video course on knitting for beginners."),
        ("When did Omar finish the garden shed?",
         "We've finally finished the garden shed, it has a green roof."),
        ("When did Priya write the two songs for the choir?",
         "My daughter? She has written two songs for the choir."),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == "May 2023", question
        assert _answer(question, turns, OFF)[0] == "17 May 2023", question


def test_a_simple_past_just_or_have_got_keeps_the_day() -> None:
    """"I launched it", "I've just launched it" and "I've got a puppy" tell that day."""
    cases = [
        ("When did Nora launch her bakery website?",
         "I launched my bakery website, so proud!"),
        ("When did Omar launch the podcast?",
         "I've just launched the podcast, first episode is up."),
        ("When did Priya get a puppy?",
         "I've got a puppy, she's called Biscuit!"),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == "17 May 2023", question
