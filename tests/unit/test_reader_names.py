"""A question asking several names ("What are Omar's cats' names?", "What are the names of
...", "What are her goats called?") is answered with the names its person said on several
occasions, each a name and nothing else (family `names`). Sessions: Sunday 7 May 2023
(tests.unit.test_reader.state)."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.persons import names_in
from mrgraph.reader.question import analyse, asks_names
from mrgraph.reader.read import read
from mrgraph.reader.tokens import tokens
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state


def _answer(question: str, turns: list[tuple[str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return read(found(state(question, turns), False), off=off).answer


@pytest.mark.parametrize(("question", "asks"), [
    ("What are Omar's cats' names?", True), ("What are the names of Zofia's children?", True),
    ("What are Zofia's goats called?", True), ("What is Omar's cat's name?", False),
    ("What is Zofia's goat called?", False), ("How many names did Omar suggest?", False),
    ("What are Omar's plans for June?", False),
    ("What does Omar think about his kids' names?", False),  # asks a thought of the names
    ("What were Omar's kids called to do at school?", False),  # "called" a verb
    ("What do the names of Omar's cats mean?", False)])
def test_a_question_asks_several_names(question: str, asks: bool) -> None:
    assert asks_names(analyse(question, ("Omar", "Zofia"))) is asks


@needs_wordnet
@pytest.mark.parametrize(("sentence", "names"), [
    ("Her name is Pip and she sleeps on the sofa.", ["Pip"]),
    ("Tansy and Rue!", ["Tansy", "Rue"]),  # opening the sentence, joined to a name
    ("Thanks, Omar! My kids love it.", []),  # a speaker
    ("Sunday was fun.", []),
    ("WE WON THE CUP, Pip!", ["Pip"]),  # a shout is no name
    ("Unfortunately, I lost one of my cats.", []),  # joined to "I": no name
    ("I told Mom about Pip.", ["Pip"]),  # a relation is no name
    ("Christmas, Pip got a new bed.", ["Pip"]),  # a date's word is no name
    ("Thanks, Zoë, Pip says hi.", ["Pip"]),  # a speaker's name with a letter outside a-z
])
def test_the_names_of_a_sentence(sentence: str, names: list[str]) -> None:
    assert names_in(tokens(sentence), {"omar", "zo"}) == names


@needs_wordnet
@pytest.mark.parametrize(("question", "turns", "said"), [
    ("What are Omar's cats' names?",  # "<person>'s <things>' names"
     [("D1:1", "Omar", "Her name is Pip and she sleeps on my cats' blanket."),
      ("D2:1", "Omar", "My cats love the garden, they chase the birds."),
      ("D3:1", "Omar", "We adopted one more cat and named her Tansy!")], "Pip, Tansy"),
    ("What are the names of Zofia's children?",  # "the names of <person>'s <things>"
     [("D1:1", "Zofia", "My children are at camp this week, I miss them."),
      ("D2:1", "Zofia", "Edda and Bram, my children, love the beach!"),
      ("D3:1", "Zofia", "My children started school, so Bram cried all morning.")],
     "Edda, Bram"),
    ("What are Zofia's goats called?",  # "<things> called"
     [("D1:1", "Zofia", "The goats are called Clover and Fig, they eat everything."),
      ("D2:1", "Zofia", "My new goat, called Juniper, arrived from the farm.")],
     "Clover, Fig, Juniper"),
])
def test_several_names_are_the_names_said(question: str, turns: list[tuple[str, str, str]],
                                          said: str) -> None:
    """In each shape a sentence of the person's that names no one gives no item."""
    assert _answer(question, turns) == said
    assert _answer(question, turns, frozenset({"names"})) != said  # the rule's
