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
    ("What are Omar's plans for June?", False)])
def test_a_question_asks_several_names(question: str, asks: bool) -> None:
    assert asks_names(analyse(question, ("Omar", "Zofia"))) is asks


@needs_wordnet
def test_the_names_of_a_sentence() -> None:
    """A capitalised word that does not open its sentence, one that does when "and" joins it
    to a name; not a speaker's."""
    assert names_in(tokens("We got another cat named Pip last week."), {"omar"}) == ["Pip"]
    assert names_in(tokens("Moss and Rue!"), set()) == ["Moss", "Rue"]
    assert names_in(tokens("Thanks, Omar! My kids love it."), {"omar"}) == []
    assert names_in(tokens("Sunday was fun."), set()) == []
    assert names_in(tokens("WE WON THE CUP, Pip!"), set()) == ["Pip"]


@needs_wordnet
def test_several_names_are_the_names_said() -> None:
    """Three shapes: "<person>'s <things>' names", "the names of <person>'s <things>", "<things>
    called"; in each, a sentence of the person's that names no one gives no item."""
    cases = [
        ("What are Omar's cats' names?",
         [("D1:1", "Omar", "Her name is Pip and she sleeps on my cats' blanket."),
          ("D2:1", "Omar", "My cats love the garden, they chase the birds."),
          ("D3:1", "Omar", "We adopted another cat named Moss!")], "Pip, Moss"),
        ("What are the names of Zofia's children?",
         [("D1:1", "Zofia", "My children are at camp this week, I miss them."),
          ("D2:1", "Zofia", "Tamsin and Bram, my children, love the beach!"),
          ("D3:1", "Zofia", "My children started school, so Bram cried all morning.")],
         "Tamsin, Bram"),
        ("What are Zofia's goats called?",
         [("D1:1", "Zofia", "The goats are called Clover and Fig, they eat everything."),
          ("D2:1", "Zofia", "My new goat, called Juniper, arrived from the farm.")],
         "Clover, Fig, Juniper"),
        ("Which songs of Blue Harbour are mentioned by name?",  # the band asked of is no song
         [("D1:1", "Omar", "Blue Harbour played \"Salt Road\" first, then \"Kestrel\"."),
          ("D2:1", "Omar", "My favourite song of Blue Harbour is \"Tin Lantern\".")],
         "Tin Lantern, Salt Road, Kestrel"),
    ]
    for question, turns, said in cases:
        assert _answer(question, turns) == said
        assert _answer(question, turns, frozenset({"names"})) != said  # the rule's
