"""Reader: "What did X say / think about Y?" is answered by what the sentence says after
naming Y (reader.said_about, family said_about)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from mrgraph.reader.said_about import befell, clause_of, said_of, topic
from tests.unit.test_reader import SPEAKERS, state


def _topic(question: str) -> frozenset[str]:
    about = topic(analyse(question, SPEAKERS))
    assert about is not None
    return about


def test_what_is_said_follows_the_topic() -> None:
    about = _topic("What did Omar say about baking sourdough at home?")
    assert said_of("Baking sourdough at home is a lesson in patience and flour everywhere.",
                   about) == "a lesson in patience and flour everywhere"
    about = _topic("What does Priya think of the new ferry timetable?")
    assert said_of("Honestly the new timetable was a total mess, buses too.", about) == \
        "a total mess, buses too"
    about = _topic("What did Omar mention regarding his allotment?")
    assert said_of("My allotment finally gave us enough beans for winter.", about) == \
        "finally gave us enough beans for winter"


def test_no_clause_after_the_topic_says_nothing_of_it() -> None:
    about = _topic("What did Priya say about the regatta?")
    assert said_of("Can't wait for the regatta!", about) is None  # named last
    assert said_of("We rowed all morning.", about) is None  # not named
    assert topic(analyse("What did Priya say to Omar?", SPEAKERS)) is None  # no topic asked


def test_the_reader_answers_with_what_was_said() -> None:
    question = "What did Omar say about the village fete?"
    turns = [("D1:1", "Omar", "The village fete is the best day of the summer for us.")]
    walked = found(state(question, turns), False)
    assert read(walked).answer == "the best day of the summer for us"
    assert read(walked, off=frozenset({"said_about"})).answer != \
        "the best day of the summer for us"


def test_what_happened_is_the_clause_naming_it() -> None:
    """Family happened: "What happened to Y?" - the clause naming Y, from its start."""
    about = befell(analyse("What happened to Omar's bicycle last week?", SPEAKERS))
    assert about is not None
    assert clause_of("We were stunned when my bicycle got stolen outside the gym.", about) == \
        "my bicycle got stolen outside the gym"
    assert clause_of("Someone stole my bicycle, and the police never called.", about) == \
        "Someone stole my bicycle"
    assert clause_of("The old bicycle finally fell apart - the frame snapped!", about) == \
        "The old bicycle finally fell apart"
    assert clause_of("I took the bus all week.", about) is None  # it names no bicycle
    assert befell(analyse("What did Omar do last week?", SPEAKERS)) is None


def test_the_reader_tells_what_happened() -> None:
    question = "What happened to Priya's greenhouse?"
    turns = [("D1:1", "Priya", "We were gutted when the greenhouse blew over in the storm.")]
    walked = found(state(question, turns), False)
    assert read(walked).answer == "the greenhouse blew over in the storm"
    assert read(walked, off=frozenset({"happened"})).answer != \
        "the greenhouse blew over in the storm"
