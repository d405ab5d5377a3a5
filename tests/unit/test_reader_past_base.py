"""A "when" question asks with its verb's base after "did" ("When did she see ...?"), the
evidence tells it in the past; an irregular past the search token keeps as it is, being a
noun or adjective too ("saw", "sent", "won"), is its verb's (reader.words.past_bases,
family `past_base`). Invented turns."""

from __future__ import annotations

import pytest

from mrgraph.reader.words import past_bases
from tests.unit.test_reader_when import _answer


def test_past_bases_are_the_verbs_of_pasts_kept_as_they_are() -> None:
    assert past_bases("Saw the dentist, sent the form and won the raffle.") == \
        frozenset({"see", "send", "win"})
    assert past_bases("We went and took a train.") == frozenset()  # their tokens are go, take
    assert past_bases("It might rain; I ate early.") == frozenset()  # no verb "may"; "at"


# the past holds as much of the question as the other dated turn only with its verb's base
@pytest.mark.parametrize("question,told,other,expected", [
    ("When did Ilse see the surgeon about her wrist?",
     "Saw the surgeon about my wrist on Tuesday.",
     "The surgeon's letter about my wrist came last month.", "the Tuesday before 8 May 2024"),
    ("When did Ilse send off her visa application?",
     "I sent the visa application on Monday, fingers crossed.",
     "The visa application form arrived last month.", "the Monday before 8 May 2024"),
    ("When did Ilse win the chess tournament?",
     "I won the chess tournament on Saturday!",
     "The chess tournament was announced last month.", "the Saturday before 8 May 2024"),
])
def test_a_when_question_reaches_the_irregular_past_that_tells_it(
        question: str, told: str, other: str, expected: str) -> None:
    turns = [("D1:1", "Ilse", other, "2024-04-01"), ("D2:1", "Ilse", told, "2024-05-08")]
    assert _answer(question, turns) == (expected, ("D2:1",))
    assert _answer(question, turns, frozenset({"past_base"})) == ("March 2024", ("D1:1",))
