"""Reader: "how does X <verb>" is answered by the manner said ("by <doing>"), "how is X's Y
doing" by the clause saying how it goes (reader.manner)."""

from __future__ import annotations

from mrgraph.reader.manner import by_doing, doing
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read


@needs_wordnet
def test_the_manner_is_the_by_clause() -> None:
    assert by_doing("I unwind by painting at night, mostly seascapes.") == "by painting at night"
    assert by_doing("We keep fit by simply rowing twice a week.") == \
        "by simply rowing twice a week"
    # a noun ending in -ing is no manner: a time, a thing
    assert by_doing("The kayak will be ready by morning.") is None
    assert by_doing("We stood by the wedding arch.") is None


@needs_wordnet
def test_how_someone_does_a_thing_is_their_by_clause() -> None:
    question = "How does Priya stay calm before a regatta?"
    s = state(question, [("D1:1", "Priya", "Regattas used to make me nervous, staying calm "
                                            "is hard."),
                         ("D1:2", "Omar", "I stay calm by listening to the radio."),
                         ("D1:3", "Priya", "Now I stay calm by breathing slowly and counting "
                                           "the buoys.")])
    reading = read(s)  # hers, not what the other does
    assert reading.answer == "by breathing slowly and counting the buoys"
    assert reading.supports == ("D1:3",)


@needs_wordnet
def test_how_something_is_doing_is_the_clause_saying_it() -> None:
    question = "How is Omar's bakery doing?"
    s = state(question, [("D1:1", "Omar", "Opening the bakery was scary and exciting."),
                         ("D1:2", "Omar", "Oh, the bakery's doing great, we hired two bakers.")])
    assert read(s).answer == "the bakery's doing great"
    question = "How are Priya's tomatoes coming along?"
    s = state(question, [("D1:1", "Priya", "The tomatoes are coming along slowly, but the "
                                           "basil died.")])
    assert read(s).answer == "The tomatoes are coming along slowly"


@needs_wordnet
def test_doing_a_thing_says_no_state() -> None:
    assert doing("I have been doing rowing drills every morning.") is None
    assert doing("Sales are going well - better than last year.") == "Sales are going well"
    assert doing("We're doing so much better now.") == "We're doing so much better now"
