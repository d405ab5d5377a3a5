"""Which sentences the reader answers from: the turns of a dialogue that answer the question,
and whose they are (reader.evidence)."""

from __future__ import annotations

from mrgraph.reader.evidence import sentences, wrong_person
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from tests.unit.test_reader import state

SPEAKERS = ("Priya", "Omar")


def test_a_question_asked_back_is_answered_by_the_reply_after_it() -> None:
    # Omar asks; Priya answers for herself and asks the same back in other words; Omar's
    # reply answers Omar's own question, about himself
    s = state("How long has Omar been sewing quilts?", [
        ("D1:1", "Omar", "Wow, Priya, that looks lovely! How long have you been sewing quilts?"),
        ("D1:2", "Priya", "Since I was twelve or so. Sewing quilts calms me and I sew most "
                          "evenings. How long have you been into it?"),
        ("D1:3", "Omar", "Nine years now, and I still love it.")])
    q = analyse(s.question, SPEAKERS)
    assert not wrong_person(s, q)
    assert sentences(s, q)[0].dia_id == "D1:3"
    assert read(s).answer == "9 years"
