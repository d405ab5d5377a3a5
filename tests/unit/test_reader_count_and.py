"""count_and: "How much ..., and for what?" asks two things joined by "and"; the second asks
for the phrase of its preposition, said right after the amount ("*£900* for the animal
shelter"), so both answer."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.forms import also_asked
from mrgraph.reader.read import read
from tests.unit.test_reader import state


def test_the_phrase_of_the_preposition_asked_follows_the_amount() -> None:
    assert also_asked("How much did the bake sale raise, and for what?",
                      "We raised £900 for the lifeboat station, amazing.", "£900") == \
        "£900 for the lifeboat station"
    assert also_asked("How many chairs did Omar buy, and from where?",
                      "I bought six chairs from a flea market and painted them.", "six chairs") \
        == "six chairs from a flea market"
    assert also_asked("How much did Zofia pay and to whom?",
                      "I paid $40 to the plumber, he fixed it.", "$40") == "$40 to the plumber"


def test_nothing_more_without_a_second_question_or_its_phrase() -> None:
    assert also_asked("How much did the bake sale raise?",
                      "We raised £900 for the lifeboat station.", "£900") is None
    assert also_asked("How much did the bake sale raise, and for what?",
                      "We raised £900 in one afternoon.", "£900") is None


def test_read_answers_both_unless_switched_off() -> None:
    turns = [("D1:1", "Zofia", "The bake sale was on Saturday and we raised £900 for the "
                               "lifeboat station.")]
    question = "How much did Zofia's bake sale raise, and for what?"
    assert read(found(state(question, turns), False)).answer == "£900 for the lifeboat station"
    assert read(found(state(question, turns), False), off=frozenset({"count_and"})).answer \
        == "£900"
