"""An activity asked for and said as a gerund a verb of going, beginning or liking takes
("we went *camping*", "I've started *running*", "took up *knitting*") is the item
(reader.activities, family ph_activity). Sessions: Sunday 7 May 2023
(tests.unit.test_reader.state)."""

from __future__ import annotations

import pytest

from mrgraph.reader.activities import names_activity
from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS

OFF = frozenset({"ph_activity"})


@needs_wordnet
@pytest.mark.parametrize(("head", "asked"), [
    ("activities", True), ("hobbies", True), ("sports", True), ("pastimes", True),
    ("events", False), ("classes", False), ("instruments", False), ("skills", False)])
def test_which_head_nouns_name_an_activity(head: str, asked: bool) -> None:
    assert names_activity(head) is asked


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "said"), [
    # going: "go" + gerund, in a clause after a time and before a companion
    ("What activities does Zofia do?",
     "Last month we went sailing with my brother-in-law's old crew two towns over.", "sailing"),
    # beginning, the present perfect
    ("What hobbies has Omar picked up?",
     "My knee is better, so I've started cycling with the neighbours on Saturdays.", "cycling"),
    # a phrasal verb whose particle stands between
    ("What sports does Zofia play?",
     "At fifty I took up fencing, of all things, at a club near the old mill.", "fencing"),
    # liking
    ("What activities does Omar do for fun?",
     "Honestly I enjoy gardening more than most things in my sister's tiny flat.", "gardening"),
    # liking, the plainest verb of it
    ("What hobbies does Zofia have?", "I really like hiking in the hills.", "hiking"),
])
def test_a_gerund_after_a_verb_of_going_or_beginning_is_the_activity(
        question: str, sentence: str, said: str) -> None:
    q = analyse(question, SPEAKERS)
    assert phrase(sentence, q)[0] == said
    assert phrase(sentence, analyse(question, SPEAKERS, OFF))[0] != said  # the rule's


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "said"), [
    # a light verb's -ing form names no activity ("keep going")
    ("What activities does Zofia do?", "I just keep going with the old routine.", "going"),
    # no activity asked: "events" is not one
    ("What events has Omar attended?", "We went dancing after the charity gala.", "dancing"),
    # an -ing form no verb of going or beginning takes: the describing adjective
    ("What hobbies does Omar have?", "The lecture was interesting for the whole group.",
     "interesting"),
])
def test_no_activity_gerund_otherwise(question: str, sentence: str, said: str) -> None:
    assert phrase(sentence, analyse(question, SPEAKERS))[0] != said


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "said"), [
    # a pronoun in -thing stands for an activity unnamed: the one named is the item
    ("What activities does Zofia do?",
     "I tried something different this week, a pottery class.", "pottery class"),
    ("What hobbies has Omar picked up?",
     "He started something new this year: a woodcarving course.", "woodcarving course"),
])
def test_a_pronoun_in_thing_is_no_activity(question: str, sentence: str, said: str) -> None:
    assert phrase(sentence, analyse(question, SPEAKERS))[0] == said
    assert phrase("I enjoy nothing more than that.", analyse(question, SPEAKERS))[0] != "nothing"
