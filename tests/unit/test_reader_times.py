""""How many times ...?": a count of times said ("I've been three times now"), not a
frequency ("twice a week") nor another number of the sentence (reader.read, forms.times)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.forms import times
from mrgraph.reader.read import read as reader_read
from tests.unit.test_reader import state
from tests.unit.walked import read


def _answer(question: str, turns: list[tuple[str, str, str]], off: bool = False) -> str:
    if off:
        return reader_read(found(state(question, turns), False),
                           off=frozenset({"times"})).answer
    return read(state(question, turns)).answer


def test_a_count_of_times_said_answers() -> None:
    cases = [
        ("How many times has Omar been to Berlin for work?",
         [("D1:1", "Omar", "Work sent me to Berlin again on 3 March; I've been three times now.")],
         "three times"),
        ("How many times did Zofia climb Ben Nevis?",
         [("D1:1", "Zofia", "I climbed Ben Nevis twice in 2022, both in the rain.")], "twice"),
        ("How many times has Omar watched the film?",
         [("D1:1", "Omar", "We watched the film for the 4 hours of the marathon night."),
          ("D1:2", "Omar", "Honestly I've watched the film 5 times, it never gets old.")],
         "5 times"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question
        assert _answer(question, turns, off=True) != expected, question


def test_a_frequency_is_no_count_of_times() -> None:
    assert times("We go swimming twice a week.") is None
    assert times("I go three times every month, at least.") is None
    assert times("I've been there once, years ago.") == "once"
