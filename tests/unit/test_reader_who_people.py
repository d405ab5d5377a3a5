""""Who" asks for people: a list answer to it keeps the items naming people, cut to their
names ("called Marcus" -> "Marcus"), and "Who have been / are the <plural noun>?" asks for
several (reader.question.asks_people, reader.whowhere.people_only; family who_people)."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.question import analyse, asks_people
from mrgraph.reader.read import read
from mrgraph.reader.whowhere import people_only
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS, state

OFF = frozenset({"who_people"})


@needs_wordnet
@pytest.mark.parametrize(("question", "several"), [
    ("Who have been the coaches of Zofia's team?", True),
    ("Who are Omar's neighbours?", True),
    ("Who were the guests at the wedding?", True),
    ("Who has been Omar's best friend?", False),  # one person
    ("Who gave Zofia the tickets?", False),  # no "be"
    ("Who is Omar's favourite singer?", False),
    ("Who are Omar's children?", True),  # plurals without an -s
    ("Who are the people Zofia sings with?", True),
    ("Who were the men at the door?", True)])
def test_who_be_a_plural_noun_asks_for_several_people(question: str, several: bool) -> None:
    assert asks_people(analyse(question, SPEAKERS)) is several


@needs_wordnet
def test_a_list_answer_to_who_keeps_the_people() -> None:
    """Three shapes: a name after "called", a relation, a name among things said."""
    assert people_only("Dana, twenty, called Ruslan") == "Dana, Ruslan"
    assert people_only("lovely weekend, my aunt, bus ride") == "my aunt"
    assert people_only("Please come, Tomasz, jazz era") == "Tomasz"
    assert people_only("jazz era, lock screen") == "jazz era, lock screen"  # none: as it was


@needs_wordnet
def test_common_words_capitalised_are_names_and_a_title_keeps_its_name() -> None:
    """Three shapes: names that are common words ("Grace", "Mark", "Bill"), a title and its
    name, a name joined to another by "and"; a month and a lowercase phrase still go."""
    assert people_only("Grace, Mark, twenty") == "Grace, Mark"
    assert people_only("Bill, a big hug, July") == "Bill"
    assert people_only("Mrs Lee, my aunt") == "Mrs Lee, my aunt"
    assert people_only("Dr. Okafor, lovely day") == "Dr. Okafor"
    assert people_only("met Frank and Bill, new shoes") == "Frank and Bill"


@needs_wordnet
def test_who_have_been_the_coaches_is_answered_with_each() -> None:
    question = "Who have been the coaches of Zofia's team?"
    turns = [("D1:1", "Zofia", "Our team coach Dana is strict, she makes us run laps for ages."),
             ("D1:2", "Zofia", "She has coached us for twenty years."),
             ("D2:1", "Zofia", "Big news: Dana retired, and we have a new coach called Ruslan.")]
    said = read(found(state(question, turns), False)).answer
    assert "Dana" in said and "Ruslan" in said and "twenty" not in said, said
    alone = read(found(state(question, turns), False), off=OFF).answer
    assert not ("Dana" in alone and "Ruslan" in alone), alone  # the rule's


@needs_wordnet
def test_a_common_first_name_stays_in_the_list() -> None:
    question = "Who have been the coaches of Zofia's team?"
    turns = [("D1:1", "Zofia", "Our first coach was Tom, he was very strict with us."),
             ("D2:1", "Zofia", "Big news: Tom retired, and we have a new coach called Ruslan.")]
    said = read(found(state(question, turns), False)).answer
    assert "Tom" in said and "Ruslan" in said and "called" not in said, said
