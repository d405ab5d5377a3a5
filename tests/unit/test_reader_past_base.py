"""A "when" question asks with its verb's base after "did" ("When did she see ...?"), the
evidence tells it in the past; an irregular past the search token keeps as it is, being a
noun or adjective too ("saw", "sent", "won"), used as a verb, is the question's verb
(reader.words.says_past, family `past_base`). Invented turns."""

from __future__ import annotations

import pytest

from mrgraph.reader.words import says_past
from tests.unit.test_reader_when import _answer


@pytest.mark.parametrize("text,verb", [
    ("Saw the dentist on Monday.", "see"),  # opening its clause
    ("I sent the form, then we won the raffle.", "win"),  # after its subject
    ("Mia left early.", "leav"),  # after a name
    ("I've lost my keys.", "lose"),  # a perfect
    ("I first saw him in Rome.", "see"),  # after an adverb
])
def test_an_irregular_past_used_as_a_verb_is_its_verb(text: str, verb: str) -> None:
    assert says_past(text, verb)


@pytest.mark.parametrize("text,verb", [
    ("I was fed up with it.", "feed"),  # an adjective
    ("Turned left at the lights.", "leav"),  # a direction
    ("We had a week of holiday left.", "leav"),
    ("We went and took a train.", "go"),  # their own tokens are go, take: nothing to bridge
    ("It might rain; I ate early.", "mai"),  # no verb "may"
    ("I saw the film.", "send"),  # another verb than the question's
    ("Nothing left to do.", "leav"),  # a capitalised word that is no name
    ("The sent items folder is full.", "send"),
    ("I felt so lost.", "lose"),
])
def test_other_uses_and_other_verbs_are_not(text: str, verb: str) -> None:
    assert not says_past(text, verb)


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
