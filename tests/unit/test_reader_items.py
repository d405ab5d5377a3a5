"""A list answer joins things: a phrase that names none (a shout, a time, a verb or adverb
alone) is no item of it; and no phrase is read from a question that follows the sentence in
its turn. Sessions: Sunday 7 May 2023 (tests.unit.test_reader.state)."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.items import is_item
from mrgraph.reader.read import read
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state


def _answer(question: str, turns: list[tuple[str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return read(found(state(question, turns), False), off=off).answer


def test_no_phrase_is_read_from_a_question_after_the_sentence() -> None:
    """Three shapes: one thing asked; a list; the question after a statement with no phrase
    of its own (the answer falls back on the sentence, never on the question)."""
    cases = [
        ("What did Omar bake for the party?",
         [("D1:1", "Omar", "Sure, I baked for the party. How is your marathon training going?")],
         "marathon"),
        ("What did Omar buy at the market?",
         [("D1:1", "Omar", "I bought a few things at the market. Do you like fresh figs?")],
         "figs"),
        ("What hobbies does Omar have?",
         [("D1:1", "Omar", "I have plenty of hobbies. Want to join my chess club?"),
          ("D2:1", "Omar", "I love my hobbies. Do you still go fishing?")],
         "chess"),
    ]
    for question, turns, asked in cases:
        assert asked not in _answer(question, turns)
        assert asked in _answer(question, turns, frozenset({"after_question"}))  # the rule's


@needs_wordnet
@pytest.mark.parametrize(("phrase", "item"), [
    ("GOT A PUPPY", False), ("end of February", False), ("July", False), ("nearly ten", False),
    ("away", False), ("ate", False), ("brings us together", False), ("think", False),
    ("pottery workshop", True), ("went camping", True), ("Dune", True), ("EP", True),
    ("bowls", True), ("need help", True), ("2015 Telecaster", True), ("parkrun", True)])
def test_an_item_names_a_thing(phrase: str, item: bool) -> None:
    assert is_item(phrase) is item


@needs_wordnet
def test_a_list_leaves_out_what_names_no_thing() -> None:
    """Three shapes: a shout, a time, a verb alone; each left out, the things kept."""
    cases = [
        ("What pets does Omar have?",
         [("D1:1", "Omar", "YOU GOT A PUPPY."),
          ("D2:3", "Omar", "My cat Mochi sleeps on my desk all day.")], "GOT", "cat"),
        ("Which books has Zofia read?",
         [("D1:1", "Zofia", "I read Dune on holiday."),
          ("D2:1", "Zofia", "I read until the end of February."),
          ("D3:1", "Zofia", "I read Circe twice.")], "February", "Dune, Circe"),
        ("What sports has Omar tried?",
         [("D1:1", "Omar", "I tried rowing at the lake."),
          ("D2:1", "Omar", "I tried and ate too much after."),
          ("D3:1", "Omar", "I tried fencing at the club.")], "ate", "rowing, fencing"),
    ]
    for question, turns, left_out, kept in cases:
        assert _answer(question, turns) == kept
        # the rule's ("GOT A PUPPY" whole: item_object would cut it to its object)
        assert left_out in _answer(question, turns, frozenset({"item_kind", "item_object"}))

