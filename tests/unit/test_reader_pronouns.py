"""The person's own first-person words said with the question's pronoun for them, and left as
said when the question's pronoun may mean someone else (reader/pronouns.py)."""

from __future__ import annotations

import pytest

from tests.unit.test_reader import state
from tests.unit.walked import read


@pytest.mark.parametrize(("question", "said"), [
    ("How did Omar keep his bakery open in the winter?", "by lending his van to the bakery"),
    ("How did Omar keep the shop open by himself?", "by lending his van to the bakery"),
])
def test_the_persons_pronoun_turns_their_first_person(question: str, said: str) -> None:
    s = state(question, [("D1:1", "Omar", "I kept it going by lending my van to the bakery.")])
    assert read(s).answer == said


@pytest.mark.parametrize("question", [
    "How did Omar help her keep the shop open?",  # "her": an object, someone else
    "How did Omar keep the shop open for her?",
    "How did Omar keep the shop open with Lena's help?",  # another name: whose is "her"?
    "How did Omar keep his shop open when Lena left her job?",
    "How did Omar keep the shop open?",  # no pronoun for him at all
])
def test_a_pronoun_that_may_mean_someone_else_leaves_the_words_as_said(question: str) -> None:
    s = state(question, [("D1:1", "Omar", "I kept it going by lending my van to the bakery.")])
    assert read(s).answer == "by lending my van to the bakery"
