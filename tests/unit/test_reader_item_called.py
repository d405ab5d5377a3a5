"""A list answer leaves out a word that only calls out: a speaker's name said to them ("Thanks,
Zofia!"), an adverb or an interjection opening a sentence ("Seriously, ..."), a function word
("That's ...") - reader.items.called_out, family item_called; a gerund or a name of a thing
stays."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.items import called_out
from mrgraph.reader.read import read
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state

OFF = frozenset({"item_called"})


def _answer(question: str, turns: list[tuple[str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return read(found(state(question, turns), False), off=off).answer


@needs_wordnet
@pytest.mark.parametrize(("phrase", "out"), [
    ("Zofia", True), ("Zof", True), ("Seriously", True), ("Maybe", True), ("That's", True),
    ("You'll", True), ("Bless", True),
    ("Hiking", False), ("Pottery", False), ("Lisbon", False), ("Mochi", False),
    ("board games", False), ("seriously", False)])
def test_a_word_that_calls_out(phrase: str, out: bool) -> None:
    assert called_out(phrase, frozenset({"zofia", "omar"})) is out


@needs_wordnet
def test_a_list_leaves_out_what_only_calls_out() -> None:
    """Three shapes: a speaker's name said to them, an adverb opening a sentence, a
    contraction of a function word; each left out, the things kept."""
    cases = [
        ("What sports has Omar tried?",
         [("D1:1", "Omar", "I tried rowing at the lake."),
          ("D2:1", "Omar", "Thanks for asking about the sports, Zofia!"),
          ("D2:2", "Zofia", "I tried sports too, but only once."),
          ("D3:1", "Omar", "I tried fencing at the club.")], "Zofia", "rowing, fencing"),
        ("Which board games has Omar played?",
         [("D1:1", "Omar", "I played chess with my uncle."),
          ("D2:1", "Omar", "Seriously, board games I played all night."),
          ("D3:1", "Omar", "I played backgammon at the cafe.")], "Seriously", "backgammon"),
        ("What snacks has Zofia baked?",
         [("D1:1", "Zofia", "I baked flapjacks for the office."),
          ("D2:1", "Zofia", "That's the snacks I baked, done."),
          ("D3:1", "Zofia", "I baked scones on Sunday.")], "That's", "flapjacks, scones"),
    ]
    for question, turns, left_out, kept in cases:
        assert _answer(question, turns) == kept
        assert left_out in _answer(question, turns, OFF)  # the rule's
