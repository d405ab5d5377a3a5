"""A question asking for a year or a month ("Which year did ...?", "In what month ...?"):
the year or the month of the date the evidence gives, not the day (reader.when); a year is
also told as a span counted back from the day it was said."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

OFF = frozenset({"year_month"})
SPRING = "2023-05-07"  # a Sunday


def test_a_year_is_asked_of_a_day_said() -> None:
    """A day said answers "which year" as its year, "which month" as its month."""
    cases = [
        ("Which year did Omar buy the boat?",
         [("D1:1", "Omar", "I bought the boat last Saturday, it's bright red!", SPRING)],
         "2023", "the Saturday before 7 May 2023"),
        ("Which month did Zofia move to Sheffield?",
         [("D1:1", "Zofia", "I moved to Sheffield last Saturday, the flat is tiny.", "2023-06-01")],
         "May 2023", "the Saturday before 1 June 2023"),
        ("In what month is Omar's wedding?",
         [("D1:1", "Omar", "The wedding is on 12 August, at the lake.", SPRING)],
         "August 2023", "12 August 2023"),
    ]
    for question, turns, expected, without in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, OFF)[0] == without, question


def test_a_year_is_a_span_of_years_counted_back() -> None:
    """"It's been twelve years since ..." said in 2023 answers "which year" with 2011; a
    year said answers as it was said, before a later sentence's day."""
    cases = [
        ("Which year did Omar learn to sail?",
         [("D1:1", "Omar", "It's been twelve years since I learned to sail on the lake.",
           SPRING)], "2011"),
        ("What year did Zofia start at the bakery?",
         [("D1:1", "Zofia", "I started at the bakery 3 years ago and I still love it.", SPRING)],
         "2020"),
        ("Which year did Zofia join the choir?",
         [("D1:1", "Zofia", "I joined the choir in 2018, I sing alto.", SPRING),
          ("D2:1", "Zofia", "The choir sang at the fair yesterday.", "2023-06-14")],
         "2018"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question


def test_a_question_asking_no_unit_keeps_the_day() -> None:
    """"When did ...?" and "how long" keep the date as it was said."""
    turns = [("D1:1", "Omar", "I bought the boat last Saturday, it's bright red!", SPRING)]
    assert _answer("When did Omar buy the boat?", turns)[0] == "the Saturday before 7 May 2023"
