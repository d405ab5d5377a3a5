"""No phrase is read from a question that follows the sentence in its turn. Sessions: Sunday
7 May 2023 (tests.unit.test_reader.state)."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.read import read
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
