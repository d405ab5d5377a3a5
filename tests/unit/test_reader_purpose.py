""""What did X do to <purpose>?": the answer says what was done, without the purpose the
question states already ("I bought a lamp *to brighten the hall*"; reader.forms.unpurposed,
family did_purpose): the question's purpose verb after a noun, wherever it comes; "to" that
is no purpose stays ("had to take", "look forward to it"), and so does the infinitive of an
object's doing ("asked my brother to help") or one completing "nothing" / "time"."""

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
    ("What did Zofia do to brighten the hall?", "bought a brass lamp to brighten the hall",
     "bought a brass lamp"),
    ("What has Omar done to get fitter?", "joined a rowing club to get fitter this year",
     "joined a rowing club"),
    ("What does Zofia do to calm down after work?",
     "light a candle in order to calm down after work", "light a candle"),
    # not the question's purpose, or no purpose
    ("What did Omar do to relax?", "bought a kite to fly with my nephew",
     "bought a kite to fly with my nephew"),
    ("What did Zofia do to take a break?", "really had to take a break",
     "really had to take a break"),
    ("What did Omar do to relax?", "always look forward to it",
     "always look forward to it")])
def test_the_purpose_asked_is_not_repeated(question: str, said: str, done: str) -> None:
    assert unpurposed(said, analyse(question, SPEAKERS)) == done


@needs_wordnet
@pytest.mark.parametrize(("question", "said", "done"), [
    # the purpose after another "to": each is read
    ("What did Zofia do to get fitter?", "cycled to the pool every morning to get fitter",
     "cycled to the pool every morning"),
    ("What did Omar do to unwind?", "took the dog to the hills to unwind",
     "took the dog to the hills"),
    ("What did Zofia do to cope with the noise?",
     "moved my desk to the attic to cope with the noise", "moved my desk to the attic"),
    # an object's doing, not the subject's purpose
    ("What did Omar do to move the sofa?", "asked my uncle to help me move the sofa",
     "asked my uncle to help me move the sofa"),
    ("What did Zofia do to fix the fence?", "persuaded a neighbour to fix the fence",
     "persuaded a neighbour to fix the fence"),
    ("What did Omar do to paint the shed?", "invited his cousins to paint the shed",
     "invited his cousins to paint the shed"),
    # an object the infinitive completes
    ("What did Zofia do to prepare for the quiz?", "had nothing to prepare for the quiz",
     "had nothing to prepare for the quiz"),
    ("What did Omar do to rest?", "found no time to rest", "found no time to rest")])
def test_every_to_is_read_and_an_objects_doing_is_no_purpose(question: str, said: str,
                                                             done: str) -> None:
    assert unpurposed(said, analyse(question, SPEAKERS)) == done


@needs_wordnet
def test_the_answer_to_do_to_a_purpose() -> None:
    question = "What did Zofia do to brighten the hall?"
    turns = [("D1:1", "Zofia", "Last week I bought a brass lamp to brighten the hall.")]
    state_ = found(state(question, turns), False)
    assert read(state_).answer == "bought a brass lamp"
    assert "brighten" in read(state_, off=frozenset({"did_purpose"})).answer  # the rule's


@needs_wordnet
def test_asking_someone_to_help_is_the_answer_whole() -> None:
    question = "What did Omar do to move the sofa?"
    turns = [("D1:1", "Omar", "On Sunday I asked my uncle to help me move the sofa.")]
    said = read(found(state(question, turns), False)).answer
    assert "uncle" in said and "move" in said, said
