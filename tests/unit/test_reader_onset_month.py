"""A beginning asked for with no date told (onset_month, reader.when): "When did she start
reading it?" - "I'm reading it now." - a beginning told with no date is told some day after it
(a thing going on began before), so the answer is that day's month, not the day; a date told,
or a question asking no beginning, answers as before."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

OFF = frozenset({"onset_month"})
DAY = "2023-05-17"  # a Wednesday


def test_a_start_told_without_a_date_is_its_month() -> None:
    """Four shapes: "I'm" + -ing, "I've been" + -ing, "we're" + -ing, a bare past."""
    cases = [
        ("When did Nora start reading the sailing memoir?",
         "I'm reading a sailing memoir at the moment, it's gripping."),
        ("When did Omar begin his Spanish lessons?",
         "I've been taking Spanish lessons with a tutor from the village!"),
        ("When did Zofia start building the treehouse?",
         "We're building a treehouse in the garden, the kids love it."),
        ("When did Omar start his Spanish lessons?",
         "I began Spanish lessons with a tutor from the village!"),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == "May 2023", question
        assert _answer(question, turns, OFF)[0] == "17 May 2023", question


def test_a_start_told_with_a_date_or_no_start_asked_keeps_the_day() -> None:
    """A day told answers as told; a question asking no beginning keeps the day it was said."""
    cases = [
        ("When did Nora start the yoga course?",
         "I started the yoga course last Tuesday, I'm so sore.", "the Tuesday before 17 May 2023"),
        ("When did Omar start his new job?",
         "I started my new job today, wish me luck!", "17 May 2023"),
        ("When did Zofia adopt the rabbit?",
         "We adopted a rabbit from the shelter, he's called Bun.", "17 May 2023"),
    ]
    for question, text, expected in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == expected, question


def test_a_start_ahead_is_no_start_told() -> None:
    """A question about what is ahead ("is going to start", "will begin") asks no beginning
    already made: the rule leaves it to the "when" rules (the same answer as with it off)."""
    cases = [
        ("When is Nora going to start her new job?", "I start my new job soon, so nervous!"),
        ("When will Omar begin the pottery course?", "I'm signing up for a pottery course."),
        ("When is Zofia starting her internship?", "My internship starts after the exams."),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == _answer(question, turns, OFF)[0] != "May 2023", \
            question
