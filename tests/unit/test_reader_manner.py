"""Reader: "how does X <verb>" is answered by the manner said ("by <doing>"; reader.manner)."""

from __future__ import annotations

from mrgraph.reader.manner import by_doing
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
    question = "How does Zofia stay calm before a regatta?"
    s = state(question, [("D1:1", "Zofia", "Regattas used to make me nervous, staying calm "
                                            "is hard."),
                         ("D1:2", "Omar", "I stay calm by listening to the radio."),
                         ("D1:3", "Zofia", "Now I stay calm by breathing slowly and counting "
                                           "the buoys.")])
    reading = read(s)  # hers, not what the other does
    assert reading.answer == "by breathing slowly and counting the buoys"
    assert reading.supports == ("D1:3",)
