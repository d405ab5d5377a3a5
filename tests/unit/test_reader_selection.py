"""Which sentences the reader answers from: the turns of a dialogue that answer the question,
and whose they are (reader.evidence)."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.types import NOT_MENTIONED
from tests.unit.test_reader import state
from tests.unit.walked import read, sentences, wrong_person

SPEAKERS = ("Priya", "Omar")


def test_a_question_asked_back_is_answered_by_the_reply_after_it() -> None:
    # Omar asks; Priya answers for herself and asks the same back in other words; Omar's
    # reply answers Omar's own question, about himself
    s = state("How long has Omar been carving wooden spoons?", [
        ("D1:1", "Omar", "Neat, Priya, is that one new? How long have you been carving wooden "
                         "spoons?"),
        ("D1:2", "Priya", "Ever since my first winter in the city. Carving spoons keeps my hands "
                          "busy on slow weekends. How long have you been at it?"),
        ("D1:3", "Omar", "Four years, give or take, and my spoons are still lopsided.")])
    q = analyse(s.question, SPEAKERS)
    assert not wrong_person(s, q)
    assert sentences(s, q)[0].dia_id == "D1:3"
    assert read(s).answer == "4 years"


def test_what_someone_did_is_not_judged_on_the_verb_do() -> None:
    # Omar says "do", but only of something else; what was done after the concert is Priya's
    s = state("What did Omar do after the concert to unwind?", [
        ("D1:1", "Priya", "After the concert I soaked in a hot bath for an hour to unwind."),
        ("D1:2", "Omar", "I do enjoy a loud concert with my brothers!")])
    q = analyse(s.question, SPEAKERS)
    assert wrong_person(s, q)
    assert read(s).answer == NOT_MENTIONED
