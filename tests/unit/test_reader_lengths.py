"""A length of time asked for: the span said, without "ago" unless asked "how long ago";
worked out from two dates when nobody said it (reader.lengths). Sessions: Sunday 7 May 2023
(tests.unit.test_reader.state)."""

from __future__ import annotations

from tests.unit.test_reader import state
from tests.unit.walked import read


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_a_length_said_is_no_date_and_ago_only_places_it() -> None:
    said = [("D1:1", "Priya", "I got my bike three weeks ago and ride it every day.")]
    assert _answer("How long has Priya had her bike?", said) == "3 weeks"
    assert _answer("How many weeks has Priya had her bike?", said) == "3 weeks"
    assert _answer("How long ago did Priya get her bike?", said) == "3 weeks ago"


def test_how_long_between_two_dated_things() -> None:
    turns = [("D1:1", "Omar", "We moved to the coast in January 2023, what a winter."),
             ("D1:2", "Omar", "The wedding was in April 2023, right after the thaw.")]
    assert _answer("How many months passed between Omar moving to the coast and the "
                   "wedding?", turns) == "3 months"
    assert _answer("How long between Omar's move to the coast and the wedding?", turns) == \
        "3 months"


def test_how_long_has_someone_been_doing_it_from_when_they_started() -> None:
    turns = [("D1:1", "Priya", "I started learning the cello in 2019, best decision ever.")]
    assert _answer("How long has Priya been learning the cello?", turns) == "4 years"
    turns = [("D1:1", "Omar", "I began volunteering at the shelter last month, it's humbling.")]
    assert _answer("How long has Omar been volunteering at the shelter?", turns) == "5 weeks"


def test_no_length_without_the_dates() -> None:
    """A question that names two things only one of which was dated: the date answers."""
    turns = [("D1:1", "Omar", "We moved to the coast in January 2023, what a winter.")]
    answer = _answer("How many months passed between Omar moving to the coast and the "
                     "harvest festival?", turns)
    assert not answer.endswith(("month", "months")), answer  # no length made up
