"""A thing told going on began by the day it was told (begun_by, reader.when): for "When did
he start expanding the shop?", "I'm expanding my shop ... We host a fair next month." - the
later date is another story's (a plan told beside it), so the answer is the telling's month;
a date the sentence states itself, a past date, or a question asking no beginning answer as
before."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

OFF = frozenset({"begun_by"})
DAY = "2023-04-05"  # a Wednesday


def test_a_plan_beside_a_thing_going_on_does_not_date_its_start() -> None:
    """Three shapes: "I'm" + -ing, "we're" + -ing, "I've been" + -ing; the plan "next month",
    "in June", "next week"."""
    cases = [
        ("When did Nora start expanding her bakery's catering service?",
         "I'm expanding my bakery's catering service to offices. We also host a tasting "
         "evening next month for the regulars."),
        ("When did Omar start renovating the old barn?",
         "We're renovating the old barn on the farm. The roofers come in June to finish "
         "the job."),
        ("When did Priya begin training the new volunteers?",
         "I've been training the new volunteers at the food bank. The charity gala is "
         "next week."),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == "April 2023", question
        assert _answer(question, turns, OFF)[0] != "April 2023", question


def test_a_date_of_its_own_or_a_past_one_still_answers() -> None:
    """The sentence's own date, or a past one beside it, answers as before."""
    cases = [
        ("When did Nora start expanding her bakery's catering service?",
         "I'm expanding my bakery's catering service next month, to offices.", "May 2023"),
        ("When did Omar start renovating the old barn?",
         "We're renovating the old barn on the farm. We began last week.",
         "the week before 5 April 2023"),
        ("When did Priya begin training the new volunteers?",
         "I've been training the new volunteers at the food bank. I began in March.",
         "March 2023"),
    ]
    for question, text, expected in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert expected in _answer(question, turns)[0], question
        assert _answer(question, turns)[0] == _answer(question, turns, OFF)[0], question


def test_no_beginning_asked_or_no_thing_going_on_keeps_the_plan() -> None:
    """A question asking no beginning, or a sentence telling no thing going on, is left to
    the other "when" rules (the same answer as with the rule off)."""
    cases = [
        ("When did Nora host the tasting evening?",
         "I'm expanding my bakery's catering service. We host a tasting evening next month."),
        ("When did Omar start the barn roof?",
         "We fixed the old barn's walls. The roofers come in June to start the roof."),
        ("When did Priya start her charity walk?",
         "I signed up for a charity walk. It starts next week from the park."),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == _answer(question, turns, OFF)[0], question
