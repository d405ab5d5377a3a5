"""where_within: the other asking "Where in <it>?" / "Whereabouts?" / "Which part?" right after
a place is told asks for a place inside it, and the reply opens with its name: both answer,
the narrower first; a reply opening with no name ("Yes.", "Not sure yet.") adds nothing."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.read import read
from tests.unit.test_reader import state


def _answer(question: str, turns: list[tuple[str, str, str]], off: frozenset[str] = frozenset()) \
        -> str:
    return read(found(state(question, turns), False), off=off).answer


def test_the_place_named_in_reply_to_where_in_comes_first() -> None:
    turns = [("D1:1", "Omar", "We're off to Sicily for Easter, back on the Tuesday."),
             ("D1:2", "Zofia", "Oh nice! Where in Sicily?"),
             ("D1:3", "Omar", "Cefalu. My aunt has a flat by the harbour.")]
    assert _answer("Where did Omar spend Easter 2023?", turns) == "Cefalu, Sicily"
    turns = [("D1:1", "Zofia", "I'll be in Scotland for the whole first week of June."),
             ("D1:2", "Omar", "Whereabouts?"),
             ("D1:3", "Zofia", "Near Fort William, hiking with my sister.")]
    assert _answer("Where was Zofia in the first week of June 2023?", turns) == \
        "Fort William, Scotland"
    turns = [("D1:1", "Omar", "I spent the long weekend in Wales with my cousins."),
             ("D1:2", "Zofia", "Which part?"),
             ("D1:3", "Omar", "Tenby, right on the coast.")]
    assert _answer("Where did Omar spend the long weekend in May 2023?", turns) == \
        "Tenby, Wales"


def test_no_name_opening_the_reply_or_another_question_adds_nothing() -> None:
    turns = [("D1:1", "Omar", "We're off to Sicily for Easter, back on the Tuesday."),
             ("D1:2", "Zofia", "Oh nice! Where in Sicily?"),
             ("D1:3", "Omar", "Not sure yet, we'll drive around.")]
    assert _answer("Where did Omar spend Easter 2023?", turns) == "Sicily"
    turns = [("D1:1", "Omar", "We're off to Sicily for Easter, back on the Tuesday."),
             ("D1:2", "Zofia", "Oh nice! Who is going?"),
             ("D1:3", "Omar", "Lena and Marco.")]
    assert _answer("Where did Omar spend Easter 2023?", turns) == "Sicily"


def test_a_part_of_what_was_done_is_no_place_inside() -> None:
    """"Which part did you like best?" asks for a part of the stay, not a place in it."""
    told = ("D1:1", "Omar", "I spent the long weekend in Wales with my cousins.")
    question = "Where did Omar spend the long weekend in May 2023?"
    assert _answer(question, [told, ("D1:2", "Zofia", "Lovely! Which part did you like best?"),
                              ("D1:3", "Omar", "Swimming, obviously.")]) == "Wales"
    assert _answer(question, [told, ("D1:2", "Zofia", "What part of the trip was best?"),
                              ("D1:3", "Omar", "Kayaking, no contest.")]) == "Wales"
    assert _answer(question, [told, ("D1:2", "Zofia", "Oh, which part of Wales?"),
                              ("D1:3", "Omar", "Tenby, right on the coast.")]) == "Tenby, Wales"


def test_switched_off_the_place_told_answers_alone() -> None:
    turns = [("D1:1", "Omar", "We're off to Sicily for Easter, back on the Tuesday."),
             ("D1:2", "Zofia", "Oh nice! Where in Sicily?"),
             ("D1:3", "Omar", "Cefalu. My aunt has a flat by the harbour.")]
    assert _answer("Where did Omar spend Easter 2023?", turns,
                   frozenset({"where_within"})) == "Sicily"
