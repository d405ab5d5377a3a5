""""When did she *first* ...?" asks for the earliest occasion told: of the person's sentences
holding as much of the question as the best one, the one said first answers, though a later
episode fits better (reader.when, family `first_asked`). Invented turns."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.read import read
from tests.unit.test_reader_when import sessions


def _answer(question: str, turns: list[tuple[str, str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    state = sessions(question, turns)
    state.evidence.events["eD2"]["relevance"] = 1.0  # the later episode fits better
    return read(found(state, False), off=off).answer


@pytest.mark.parametrize("question,earlier,later", [
    ("When did Ilse first go to the climbing gym?",
     "Went to the climbing gym yesterday, my arms are jelly.",
     "The climbing gym was packed on Saturday."),
    ("When did Ilse play the cello in public for the first time?",
     "I played the cello in public last night!",
     "I played the cello in public again on Friday."),
    ("When did Ilse first meet Teodor?",
     "I met Teodor last weekend, he's lovely.",
     "Teodor and I met for coffee on Sunday."),
])
def test_the_earliest_telling_answers_a_first(question: str, earlier: str, later: str) -> None:
    turns = [("D1:1", "Ilse", earlier, "2024-03-06"), ("D2:1", "Ilse", later, "2024-05-08")]
    first = _answer(question, turns)
    assert "March 2024" in first, first
    assert "March" not in _answer(question, turns, frozenset({"first_asked"}))


def test_without_first_the_better_episode_answers() -> None:
    turns = [("D1:1", "Ilse", "Went to the climbing gym yesterday, my arms are jelly.",
              "2024-03-06"),
             ("D2:1", "Ilse", "The climbing gym was packed on Saturday.", "2024-05-08")]
    assert "May 2024" in _answer("When did Ilse go to the climbing gym?", turns)
