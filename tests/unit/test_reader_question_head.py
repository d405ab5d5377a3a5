"""Question analysis: the head noun ends where its verb begins (family head_verb)."""

from __future__ import annotations

import pytest

from mrgraph.reader.question import analyse

SPEAKERS = ("Zofia", "Omar Hale")


@pytest.mark.parametrize(("question", "head"), [
    ("What animals hide under the porch?", "animals"),          # plural noun + base verb
    ("Which tune cheers Omar up on Mondays?", "tune"),         # singular noun + -s verb
    ("What storms hit the coast last winter?", "storms"),      # irregular past
    ("What garden tools broke during the move?", "tools"),     # adjective noun, past
])
def test_the_head_ends_where_its_verb_begins(question: str, head: str) -> None:
    assert analyse(question, SPEAKERS).head == head
    assert analyse(question, SPEAKERS, frozenset({"head_verb"})).head != head


@pytest.mark.parametrize(("question", "head"), [
    ("What quilt fair did Zofia go to?", "fair"),      # an auxiliary follows: a noun
    ("Which dance class does Omar teach?", "class"),
    ("What boat race Zofia saw was the best?", "race"),  # no agreement: a noun, a name
])
def test_a_noun_that_could_be_a_verb_stays_in_the_head(question: str, head: str) -> None:
    assert analyse(question, SPEAKERS).head == head
