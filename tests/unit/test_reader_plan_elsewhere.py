"""A plan told in another sentence of the turn does not date a thing done (plan_elsewhere,
reader.dates.told): "I'm taking a pottery class. We host a bake sale next month." - the class
is dated by the day it was said, not by the bake sale's month."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

OFF = frozenset({"plan_elsewhere"})
DAY = "2023-05-07"  # a Sunday


def test_a_plan_in_another_sentence_is_another_story() -> None:
    """Three shapes: a past tense, a present perfect, a past with a clause beside a plan
    ("next month", "next week", "on 20 June") told in the turn's other sentence."""
    cases = [
        ("When did Nora sign up for the pottery class?",
         "I signed up for a pottery class and I love it. We're also hosting a bake sale at the "
         "market next month.", "June 2023"),
        ("When did Omar restore the old bike?",
         "I've restored an old bike from the flea market. My brother's wedding is next "
         "week, so I'm busy!", "the week after 7 May 2023"),
        ("When did Priya join the library choir?",
         "I joined the library choir, it's so much fun. Our first concert is on 20 June!",
         "20 June 2023"),
    ]
    for question, text, plan in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == "7 May 2023", question
        assert _answer(question, turns, OFF)[0] == plan, question


def test_a_plan_the_sentence_itself_tells_still_answers() -> None:
    """The plan the best sentence says, or one whose clause holds the question, dates it as
    before ("We host the contest next month" answers "When did they host the contest?")."""
    cases = [
        ("When did Nora host the baking contest?",
         "Guess what! We host the baking contest next month.", "June 2023"),
        ("When did Omar visit the lighthouse?",
         "Work is busy. I visit the lighthouse next week with my dad.",
         "the week after 7 May 2023"),
    ]
    for question, text, expected in cases:
        turns = [("D1:1", question.split()[2], text, DAY)]
        assert _answer(question, turns)[0] == expected, question
