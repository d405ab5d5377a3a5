"""The reply to the other speaker's question: a question that asks some of ours, for what ours
asks, asks it of what the other just told (reader.evidence, family "context")."""

from __future__ import annotations

import pytest

from mrgraph.reader.evidence import asks_for
from mrgraph.reader.question import analyse
from tests.unit.test_reader import SPEAKERS, state
from tests.unit.walked import sentences

OFF = frozenset({"context"})


def _first(question: str, turns: list[tuple[str, str, str]],
           off: frozenset[str] = frozenset()) -> str:
    return sentences(state(question, turns), analyse(question, SPEAKERS, off))[0].dia_id


@pytest.mark.parametrize(("sentence", "asks"), [
    ("What are you singing?", "what"), ("Which one did you pick?", "what"),
    ("How's it going?", "what"), ("Have you noticed any changes?", "what"),
    ("Where in Croatia was it?", "where"), ("Who came along?", "who"),
    ("How many did you buy?", "count"), ("How long did it take?", "when"),
    ("Why did you quit?", "why"), ("Fourteen plants in a flat?", None)])
def test_what_a_question_asks_for(sentence: str, asks: str | None) -> None:
    assert asks_for(sentence) == asks


def test_the_reply_to_a_question_about_what_was_told_comes_first() -> None:
    """Three shapes: "what" asked back, "what" asked of someone else, a yes/no form; the reply
    says none of the question's words, the statement before it most of them."""
    cases = [
        ("What did Zofia sing at the spring concert?",
         [("D1:1", "Zofia", "Our spring concert is on Friday and I got a solo."),
          ("D1:2", "Omar", "A solo! What are you singing?"),
          ("D1:3", "Zofia", "An old folk lullaby.")]),
        ("What will Omar's son study at college?",
         [("D1:1", "Omar", "My son got into college in Sheffield."),
          ("D1:2", "Zofia", "Congrats! What will he study?"),
          ("D1:3", "Omar", "Marine biology.")]),
        ("What difference has Zofia noticed since joining the rowing club?",
         [("D1:1", "Zofia", "I joined the rowing club last month."),
          ("D1:2", "Omar", "Nice. Have you noticed any difference?"),
          ("D1:3", "Zofia", "More energy and better sleep.")]),
    ]
    for question, turns in cases:
        assert _first(question, turns) == "D1:3"
        assert _first(question, turns, OFF) == "D1:1"  # the rule's


def test_a_question_asking_for_something_else_lends_nothing() -> None:
    """Three shapes: a place asked, a person asked, what was said asked back; the statement
    that says what was asked stays first."""
    cases = [
        ("What did Zofia paint after her trip to Croatia?",
         [("D1:1", "Zofia", "I painted a mural of the coast after my trip to Croatia."),
          ("D1:2", "Omar", "Lovely! Where in Croatia did you go?"),
          ("D1:3", "Zofia", "Mostly the old town of Porto.")]),
        ("What did Zofia cook for the party?",
         [("D1:1", "Zofia", "I cooked a big curry for the party."),
          ("D1:2", "Omar", "Who came to the party?"),
          ("D1:3", "Zofia", "Mostly my neighbours and their kids.")]),
        ("How many plants did Omar buy for his flat?",
         [("D1:1", "Omar", "I bought way too many plants for my flat. Fourteen."),
          ("D1:2", "Zofia", "Fourteen plants in a flat?"),
          ("D1:3", "Omar", "It's a jungle now.")]),
    ]
    for question, turns in cases:
        assert _first(question, turns) == "D1:1"
