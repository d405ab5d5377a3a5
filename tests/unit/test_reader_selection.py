"""Which sentences the reader answers from: the turns of a dialogue that answer the question,
and whose they are (reader.evidence)."""

from __future__ import annotations

import pytest

from mrgraph.reader.question import analyse
from mrgraph.types import NOT_MENTIONED
from tests.unit.test_reader import state
from tests.unit.walked import read, wrong_person

SPEAKERS = ("Zofia", "Omar")


def test_what_someone_did_is_not_judged_on_the_verb_do() -> None:
    # Omar says "do", but only of something else; what was done after the concert is Zofia's
    s = state("What did Omar do after the concert to unwind?", [
        ("D1:1", "Zofia", "After the concert I soaked in a hot bath for an hour to unwind."),
        ("D1:2", "Omar", "I do enjoy a loud concert with my brothers!")])
    q = analyse(s.question, SPEAKERS)
    assert wrong_person(s, q)
    assert read(s).answer == NOT_MENTIONED


@pytest.mark.parametrize("question, theirs, others", [
    # the person's best only echoes the other's news
    ("What did Omar do during his weaving break?",
     ("Omar", "Weaving is relaxing, so a break must be tough."),
     ("Zofia", "I had to take a break from weaving last month.")),
    # the person's best is said to him ("your"); the other speaks of herself
    ("What kind of garden is Omar looking for?",
     ("Zofia", "Omar, your garden is looking lovely!"),
     ("Zofia", "I'm looking for a garden with old roses.")),
    # the person's best is advice to the other
    ("How does Omar use the clipboard?",
     ("Omar", "Just use the clipboard for lesson plans."),
     ("Zofia", "I'm using the clipboard to stay organised.")),
])
def test_on_a_tie_the_others_own_statement_makes_it_theirs(
        question: str, theirs: tuple[str, str], others: tuple[str, str]) -> None:
    s = state(question, [("D1:1", *others), ("D1:2", *theirs), ("D1:3", "Omar", "Thanks!")])
    q = analyse(question, SPEAKERS)
    assert wrong_person(s, q)
    assert not wrong_person(s, analyse(question, SPEAKERS, frozenset({"wp_tie"})))


@pytest.mark.parametrize("question, theirs, others", [
    # the person says "I" too: both speak of themselves
    ("What did Omar sign up for at the weaving studio?",
     ("Omar", "I signed up for a loom class at the weaving studio."),
     ("Zofia", "I signed up for dyeing at the weaving studio.")),
    # several things asked for: one tied sentence says little of them
    ("What are Omar's dogs' names?",
     ("Omar", "Her name is Noodle, the older one."),
     ("Zofia", "My nephew's name is Arlo.")),
    # an inference: nobody said it
    ("Would Omar be considered a gardener?",
     ("Omar", "It's nice to see a gardener at work."),
     ("Zofia", "I'm a gardener at heart.")),
    # the "other" sentence is the person's own, to the listener
    ("What did Omar bake for the fair?",
     ("Omar", "Baking for the fair is such fun."),
     ("Omar", "I'm proud of you for what you bake for the fair.")),
])
def test_a_tie_is_not_the_others_when_the_person_speaks_or_asks_for_several(
        question: str, theirs: tuple[str, str], others: tuple[str, str]) -> None:
    s = state(question, [("D1:1", *others), ("D1:2", *theirs)])
    assert not wrong_person(s, analyse(question, SPEAKERS))
