"""Quotation marks set titles apart: when a list answer's item is a title a sentence quotes,
the other titles it quotes are items too (reader.lists, family item_titles)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.read import read
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state

OFF = frozenset({"item_titles"})


def _answer(question: str, turns: list[tuple[str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return read(found(state(question, turns), False), off=off).answer


@needs_wordnet
def test_titles_quoted_together_are_items_together() -> None:
    """Three shapes: two titles apart in one sentence, curly quotes in a comma list, titles
    each followed by a relative clause."""
    cases = [
        ("Which songs has Omar's choir sung?",
         [("D1:1", "Omar", 'Our choir sang "Blue Harbour" last night, and "Salt Road" as an '
                           'encore.'),
          ("D2:1", "Omar", 'The choir sang "Winter Lamps" at the fair.')], "Blue Harbour"),
        ("What films has Zofia watched?",
         [("D1:1", "Zofia", "I watched “Quiet Ferry”, then “Glass Orchard”, both in one night."),
          ("D2:1", "Zofia", "I watched “Paper Moons” on the train.")], "Quiet Ferry"),
        ("Which poems has Omar written?",
         [("D1:1", "Omar", 'I wrote "Ash Tree", which my sister loves, and "Small Hours", '
                           'which nobody reads.'),
          ("D3:1", "Omar", 'Last month I wrote "Iron Gate" for the open mic.')], "Ash Tree"),
    ]
    for question, turns, other in cases:
        assert other in _answer(question, turns)
        assert other not in _answer(question, turns, OFF)  # the rule's


@needs_wordnet
def test_an_unquoted_item_brings_no_title() -> None:
    """The item is no quoted title: the sentence's quoted words are not added."""
    turns = [("D1:1", "Zofia", 'I baked scones and my gran called them "a triumph".'),
             ("D2:1", "Zofia", "I baked flapjacks for the office.")]
    assert "triumph" not in _answer("What snacks has Zofia baked?", turns)
