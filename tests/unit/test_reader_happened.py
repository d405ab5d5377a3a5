"""Reader: "What happened to Y?" is answered by the clause of the best sentence naming Y
(reader.happened, family happened)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.happened import befell, clause_of
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from tests.unit.test_reader import SPEAKERS, state


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
    # a result clause opened by ", so" starts after the "so"
    assert clause_of("The chain snapped, so my bicycle went into the repair shop.", about) == \
        "my bicycle went into the repair shop"
    assert clause_of("I took the bus all week.", about) is None  # it names no bicycle
    assert befell(analyse("What did Omar do last week?", SPEAKERS)) is None


def test_the_time_the_question_adds_is_no_part_of_what_befell() -> None:
    """A date or season after Y says when, not what: its clause is not the answer."""
    about = befell(analyse("What happened to Omar's van last winter?", SPEAKERS))
    assert about is not None and "winter" not in about
    assert clause_of("Last winter was rough, and then the van broke down on the hill.",
                     about) == "then the van broke down on the hill"
    about = befell(analyse("What happened to Omar's bike in March?", SPEAKERS))
    assert about is not None and "march" not in about
    assert clause_of("In March we moved house, and my bike got left at the old flat.",
                     about) == "my bike got left at the old flat"
    about = befell(analyse("What happened to the bakery on Friday?", SPEAKERS))
    assert clause_of("On Friday it rained; the bakery flooded overnight.", about or
                     frozenset()) == "the bakery flooded overnight"


def test_the_reader_tells_what_happened() -> None:
    question = "What happened to Zofia's greenhouse?"
    turns = [("D1:1", "Zofia", "We were gutted when the greenhouse blew over in the storm.")]
    walked = found(state(question, turns), False)
    assert read(walked).answer == "the greenhouse blew over in the storm"
    assert read(walked, off=frozenset({"happened"})).answer != \
        "the greenhouse blew over in the storm"
