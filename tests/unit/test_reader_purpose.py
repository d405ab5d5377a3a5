""""What did X do to <purpose>?": the answer says what was done, without the purpose the
question states already ("I bought a lamp *to brighten the hall*"; reader.forms.unpurposed,
family did_purpose); "to" that is no purpose stays ("had to take", "look forward to it")."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.question import analyse
from mrgraph.reader.forms import unpurposed
from mrgraph.reader.read import read
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS, state


@needs_wordnet
@pytest.mark.parametrize(("question", "said", "done"), [
    ("What did Priya do to brighten the hall?", "bought a brass lamp to brighten the hall",
     "bought a brass lamp"),
    ("What has Omar done to get fitter?", "joined a rowing club to get fitter this year",
     "joined a rowing club"),
    ("What does Priya do to calm down after work?",
     "light a candle in order to calm down after work", "light a candle"),
    # not the question's purpose, or no purpose
    ("What did Omar do to relax?", "bought a kite to fly with my nephew",
     "bought a kite to fly with my nephew"),
    ("What did Priya do to relax?", "had to take a break to relax", "had to take a break to relax"),
    ("What did Omar do to relax?", "always look forward to our trips to relax",
     "always look forward to our trips to relax")])
def test_the_purpose_asked_is_not_repeated(question: str, said: str, done: str) -> None:
    assert unpurposed(said, analyse(question, SPEAKERS).stems) == done


@needs_wordnet
def test_the_answer_to_do_to_a_purpose() -> None:
    question = "What did Priya do to brighten the hall?"
    turns = [("D1:1", "Priya", "Last week I bought a brass lamp to brighten the hall.")]
    state_ = found(state(question, turns), False)
    assert read(state_).answer == "bought a brass lamp"
    assert "brighten" in read(state_, off=frozenset({"did_purpose"})).answer  # the rule's
