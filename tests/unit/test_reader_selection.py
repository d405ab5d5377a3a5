"""Which sentences the reader answers from: the turns of a dialogue that answer the question,
and whose they are (reader.evidence)."""

from __future__ import annotations

import pytest

from mrgraph.reader.question import analyse
from mrgraph.types import NOT_MENTIONED
from tests.unit.test_reader import state
from tests.unit.walked import read, wrong_person

SPEAKERS = ("Zofia", "Omar")


def test_what_someone_did_is_not_judged_on_the_verb_do() -> None:
    # Omar says "do", but only of something else; what was done after the concert is Zofia's
    s = state("What did Omar do after the concert to unwind?", [
        ("D1:1", "Zofia", "After the concert I soaked in a hot bath for an hour to unwind."),
        ("D1:2", "Omar", "I do enjoy a loud concert with my brothers!")])
    q = analyse(s.question, SPEAKERS)
    assert wrong_person(s, q)
    assert read(s).answer == NOT_MENTIONED


@pytest.mark.parametrize("question, theirs, others", [
    # the person's best only echoes the other's news
    ("What did Omar do during his pottery break?",
     ("Omar", "Pottery is relaxing, so a break must be tough."),
     ("Zofia", "I had to take a break from pottery last month.")),
    # the person's best is said to him ("your"); the other speaks of herself
    ("What kind of garden is Omar looking for?",
     ("Zofia", "Omar, your garden is looking lovely!"),
     ("Zofia", "I'm looking for a garden with old roses.")),
    # the person's best is advice to the other
    ("How does Omar use the clipboard?",
     ("Omar", "Just use the clipboard for lesson plans."),
     ("Zofia", "I'm using the clipboard to stay organised.")),
])
def test_on_a_tie_the_others_own_statement_makes_it_theirs(
        question: str, theirs: tuple[str, str], others: tuple[str, str]) -> None:
    s = state(question, [("D1:1", *others), ("D1:2", *theirs), ("D1:3", "Omar", "Thanks!")])
    q = analyse(question, SPEAKERS)
    assert wrong_person(s, q)
    assert not wrong_person(s, analyse(question, SPEAKERS, frozenset({"wp_tie"})))


@pytest.mark.parametrize("question, theirs, others", [
    # the person says "I" too: both speak of themselves
    ("What did Omar sign up for at the pottery studio?",
     ("Omar", "I signed up for a wheel class at the pottery studio."),
     ("Zofia", "I signed up for glazing at the pottery studio.")),
    # several things asked for: one tied sentence says little of them
    ("What are Omar's dogs' names?",
     ("Omar", "Her name is Biscuit, the older one."),
     ("Zofia", "My nephew's name is Arlo.")),
    # an inference: nobody said it
    ("Would Omar be considered a gardener?",
     ("Omar", "It's nice to see a gardener at work."),
     ("Zofia", "I'm a gardener at heart.")),
    # the "other" sentence is the person's own, to the listener
    ("What did Omar bake for the fair?",
     ("Omar", "Baking for the fair is such fun."),
     ("Omar", "I'm proud of you for what you bake for the fair.")),
])
def test_a_tie_is_not_the_others_when_the_person_speaks_or_asks_for_several(
        question: str, theirs: tuple[str, str], others: tuple[str, str]) -> None:
    s = state(question, [("D1:1", *others), ("D1:2", *theirs)])
    assert not wrong_person(s, analyse(question, SPEAKERS))


@pytest.mark.parametrize("question, hers, his", [
    ("How much did Omar pay for the cello?", "I pay rent on Fridays.",
     "An old cello from a neighbour. $400, with the bow. Picked it up Friday."),
    ("How many jars of jam did Omar make?", "I make bread on Sundays.",
     "Plum jam this time. Twelve jars, all gone by noon."),
    ("How many kittens did Omar foster?", "I foster dogs sometimes.",
     "The kittens are my thing now. We took in 5."),
])
def test_a_count_the_persons_own_turn_states_is_theirs(question: str, hers: str,
                                                        his: str) -> None:
    # only Zofia says the verb asked about; Omar states the amount without it
    s = state(question, [("D1:1", "Zofia", hers), ("D1:2", "Omar", his)])
    assert not wrong_person(s, analyse(question, SPEAKERS))
    assert wrong_person(s, analyse(question, SPEAKERS, frozenset({"wp_amount"})))


def test_a_count_no_turn_of_the_persons_states_stays_the_others() -> None:
    question = "How much did Omar pay for the cello?"
    s = state(question, [("D1:1", "Zofia", "I paid $400 for the cello, with the bow."),
                         ("D1:2", "Omar", "An old cello! Lovely, and what a bow.")])
    assert wrong_person(s, analyse(question, SPEAKERS))


@pytest.mark.parametrize("question, others, theirs", [
    # the other names the shop; the person says "it", with the act and its year
    ("Which year did Omar open Fern & Flour?",
     ("Zofia", "Fern & Flour is the best bakery in Leeds, everyone says so."),
     ("Omar", "Thanks! I opened it in 2018 with my savings.")),
    # the other names the school; the person left it, in words of their own
    ("When did Omar leave Hillcrest Academy?",
     ("Zofia", "Hillcrest Academy still talks about your science fair."),
     ("Omar", "Ha, I left in 2015 and never looked back.")),
    # a relative date: the person's own act, last month
    ("When did Omar sell the Harbour Street flat?",
     ("Zofia", "The Harbour Street flat had such a view of the harbour street lights!"),
     ("Omar", "I sold it last month, finally.")),
])
def test_the_persons_own_dated_act_is_theirs(question: str, others: tuple[str, str],
                                              theirs: tuple[str, str]) -> None:
    s = state(question, [("D1:1", *others), ("D1:2", *theirs)])
    assert not wrong_person(s, analyse(question, SPEAKERS))
    assert wrong_person(s, analyse(question, SPEAKERS, frozenset({"wp_dated"})))


@pytest.mark.parametrize("question, turns", [
    # the person's date is of another act ("moved", not "open")
    ("Which year did Omar open Fern & Flour?",
     [("D1:1", "Zofia", "I opened Fern & Flour in 2018 with my savings."),
      ("D1:2", "Omar", "I moved to Leeds in 2019.")]),
    # "we": the other may be the one who did it
    ("When did Omar adopt the puppy?",
     [("D1:1", "Zofia", "I adopted the puppy, the cutest puppy, from the shelter on Friday."),
      ("D1:2", "Omar", "We adopted a cat in 2020, remember?")]),
    # a light verb dates nothing of the person's own
    ("When did Omar have the surgery on his knee?",
     [("D1:1", "Zofia", "My knee surgery went well, the surgery on my knee was on Monday."),
      ("D1:2", "Omar", "I had a cold last week.")]),
])
def test_a_date_of_the_persons_that_is_not_their_act_stays_the_others(
        question: str, turns: list[tuple[str, str, str]]) -> None:
    s = state(question, turns)
    assert wrong_person(s, analyse(question, SPEAKERS))
