"""What mrgraph believes and the answer read from the turns (reader.read, reader.evidence): a
belief never answers itself, its confidence is the answer's when it states the answer, and a
sentence saying what an active belief states comes first among equals. Invented dialogues."""

from __future__ import annotations

from typing import Any

import pytest

from mrgraph.policies.base import State
from mrgraph.reader import confidence
from mrgraph.reader.question import analyse
from mrgraph.types import NOT_MENTIONED
from tests.unit.test_reader import state
from tests.unit.walked import read, sentences


def believe(s: State, key: str, entity: str, statement: str, score: float,
            status: str = "active", aspect: str = "") -> State:
    belief: dict[str, Any] = {"id": key, "entity": entity, "aspect": aspect or "about",
                              "statement": statement, "confidence": score, "status": status,
                              "dia_ids": ["D1:1"]}
    s.evidence.beliefs[key] = belief
    return s


def test_a_belief_never_answers_the_turns_do() -> None:
    s = believe(state("What does Omar collect?", [
        ("D1:1", "Omar", "I collect old maps of the harbour.")]),
        "b1", "Omar", "Omar likes collect sailing boats", 0.9, aspect="collects")
    reading = read(s)
    assert reading.answer.startswith("old maps") and reading.supports == ("D1:1",)
    assert "sailing" not in reading.answer and reading.features.believed == 0.0


def test_the_confidence_is_the_beliefs_when_it_states_the_answer() -> None:
    cases = [  # three shapes: where someone lives, what they teach, whom they work for
        ("Where does Zofia live now?", "I live in Lisbon now, right by the river!",
         "Zofia lives in Lisbon", 0.8, "location"),
        ("What subject does Omar teach?", "These days I teach chemistry at the night school.",
         "Omar teaches chemistry", 0.7, "job"),
        ("Who does Zofia work for?", "I work for a small bakery on the corner.",
         "Zofia works for a small bakery", 0.85, "job")]
    for question, said, statement, score, aspect in cases:
        person = "Zofia" if "Zofia" in question else "Omar"
        s = state(question, [("D1:1", person, said)])
        plain = read(s)
        believed = read(believe(s, "b1", person, statement, score, aspect=aspect))
        assert believed.answer == plain.answer, question
        assert believed.confidence == max(plain.confidence, score), question
        assert believed.features.believed == score


def test_no_lift_from_a_superseded_a_denied_or_another_persons_belief() -> None:
    turns = [("D1:1", "Zofia", "I live in Lisbon now, right by the river!")]
    plain = read(state("Where does Zofia live now?", turns)).confidence
    for entity, statement, status in (("Zofia", "Zofia lives in Lisbon", "superseded"),
                                      ("Zofia", "Zofia no longer lives in Lisbon", "active"),
                                      ("Omar", "Omar lives in Lisbon", "active")):
        s = believe(state("Where does Zofia live now?", turns), "b1", entity, statement, 0.9,
                    status, "location")
        reading = read(s)
        assert reading.features.believed == 0.0 and reading.confidence == plain, statement
    assert plain < confidence.CEILING


def test_among_equal_sentences_the_one_an_active_belief_states_comes_first() -> None:
    turns = [("D1:1", "Zofia", "I live in Lyon with my aunt."),
             ("D2:1", "Zofia", "Big change: I live in Oslo now!")]
    # the same words of the question in both: the earlier said comes first
    assert read(state("Where does Zofia live?", turns)).answer == "Lyon"
    s = state("Where does Zofia live?", turns)
    believe(s, "b1", "Zofia", "Zofia lives in Lyon", 0.25, "superseded", "location")
    believe(s, "b2", "Zofia", "Zofia lives in Oslo", 0.8, "active", "location")
    reading = read(s)
    assert reading.answer == "Oslo" and reading.confidence >= 0.8


@pytest.mark.parametrize(("question", "person", "other", "said", "statement", "aspect"), [
    ("What is Zofia's job in town?", "Zofia", "I walked around town with my aunt.",
     "These days I teach chemistry at the night school.", "Zofia teaches chemistry", "job"),
    ("What sport does Omar play at weekends?", "Omar", "At weekends I visit my aunt.",
     "Most mornings I row on the lake with my club.", "Omar rows on the lake", "sport"),
    ("What is Zofia's hometown by the sea?", "Zofia", "I love the sea in winter.",
     "I grew up in Porto, by the river.", "Zofia grew up in Porto", "hometown")])
def test_a_sentence_saying_an_active_belief_holds_the_question_as_the_belief_does(
        question: str, person: str, other: str, said: str, statement: str,
        aspect: str) -> None:
    # the other sentence holds one word of the question ("town"); the one saying what the
    # belief states holds none, but the belief's aspect holds another ("job"): as much
    turns = [("D1:1", person, other), ("D2:1", person, said)]
    asked = analyse(question, (person,))
    assert sentences(state(question, turns), asked)[0].dia_id == "D1:1"  # transcript order
    s = believe(state(question, turns), "b1", person, statement, 0.8, aspect=aspect)
    first = sentences(s, asked)[0]
    assert first.dia_id == "D2:1" and first.q == 0.0
    assert read(s).answer != NOT_MENTIONED
    # an earlier state is not what is believed now
    past = question.replace(" is ", " was ").replace(" does ", " did ").replace("?", " first?")
    s = believe(state(past, turns), "b1", person, statement, 0.8, aspect=aspect)
    assert sentences(s, analyse(past, (person,)))[0].dia_id == "D1:1"
    assert read(s).features.believed == 0.0
