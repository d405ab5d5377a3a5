"""Which sentences the reader answers from: the turns of a dialogue that answer the question,
and whose they are (reader.evidence)."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.types import NOT_MENTIONED
from tests.unit.test_reader import state
from tests.unit.walked import read, wrong_person

SPEAKERS = ("Priya", "Omar")


def test_what_someone_did_is_not_judged_on_the_verb_do() -> None:
    # Omar says "do", but only of something else; what was done after the concert is Priya's
    s = state("What did Omar do after the concert to unwind?", [
        ("D1:1", "Priya", "After the concert I soaked in a hot bath for an hour to unwind."),
        ("D1:2", "Omar", "I do enjoy a loud concert with my brothers!")])
    q = analyse(s.question, SPEAKERS)
    assert wrong_person(s, q)
    assert read(s).answer == NOT_MENTIONED
