"""What a thing stands for (reader.meaning): the question that asks it, the clause that says it,
and the sentence of the turn about the thing asked."""

from __future__ import annotations

import pytest

from mrgraph.reader.meaning import asks_meaning, stands_for
from tests.unit.test_reader import state
from tests.unit.walked import read


@pytest.mark.parametrize("question, asks", [
    ("What does Omar's ring symbolize?", True),
    ("What do the lanterns represent according to Priya?", True),
    ("According to Omar, what does the red thread mean?", True),
    ("What is Priya's old compass a reminder of?", True),
    ("What does the painting stand for to Omar?", True),
    ("What did Priya buy to remind her of the trip?", False),  # asks what she bought
    ("What does Omar's job mean he can't do?", False),  # the verb is not what is asked
    ("What does Priya's garden make her feel?", False),
])
def test_a_question_asks_what_a_thing_stands_for_only_with_the_verb_last(
        question: str, asks: bool) -> None:
    assert asks_meaning(question) is asks


@pytest.mark.parametrize("sentence, said", [
    ("My uncle gave it to me, and it stands for courage and patience.", "courage and patience"),
    ("Lanterns mean hope and a safe way home, right?", "hope and a safe way home"),
    ("The pattern reminds me of summers at the lake - we went every year.",
     "summers at the lake"),
    ("To us it's a symbol of a fresh start; we hung it on day one.", "a fresh start"),
    ("That means a lot to me.", None),  # how much, not what
    ("I mean, the ring was cheap.", None),  # a filler
    ("I didn't mean to lose it.", None),
])
def test_what_a_sentence_says_a_thing_stands_for_ends_with_its_clause(
        sentence: str, said: str | None) -> None:
    assert stands_for(sentence) == said


def test_the_turn_about_the_thing_asked_gives_its_meaning() -> None:
    turns = [("D1:1", "Omar", "The flag on my wall symbolizes pride and hope for my town."),
             ("D1:2", "Priya", "That's beautiful, Omar!"),
             ("D1:3", "Omar", "And this ring is special to me - my grandfather's. It stands for "
                              "patience and loyalty, he always said.")]
    assert read(state("What does Omar's ring symbolize?", turns)).answer == \
        "patience and loyalty"
    # no turn holds the thing asked about: no meaning is read (the flag's is not the ring's)
    assert read(state("What does Omar's ring symbolize?", turns[:2])).answer != \
        "pride and hope for my town"
