"""A name set off by commas after a determiner's noun phrase is in apposition to it: the two are
one thing, and the name is the phrase ("this retired nurse, *Odette*,", "our home town, *Port
Ellery*,", "a folk song, *Blue Harrow*,"; reader.apposition, family ph_apposed); so is a name
"called" / "named" gives after a noun or "be" ("a band called *Paper Moths*"; ph_called)."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.apposition import apposed
from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from mrgraph.reader.tokens import tokens
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS, state

OFF = frozenset({"ph_apposed"})


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "said"), [
    # a person: a list of people asks for names
    ("What people has Zofia met at the market?",
     "I met this retired nurse, Odette, at the market last week.", "Odette"),
    # a place: the subject, the head noun asked about
    ("What town was flooded?", "Our home town, Port Ellery, was flooded in March.",
     "Port Ellery"),
    # a title: after the question's verb
    ("What songs has Omar's choir learned?",
     "We're learning a folk song, Blue Harrow, for the spring concert.", "Blue Harrow"),
])
def test_a_name_in_apposition_is_the_phrase(question: str, sentence: str, said: str) -> None:
    assert phrase(sentence, analyse(question, SPEAKERS))[0] == said
    assert phrase(sentence, analyse(question, SPEAKERS, OFF))[0] != said  # the rule's


@pytest.mark.parametrize(("sentence", "noun"), [
    ("That was a great tip, Sam.", "tip"),  # at the sentence's end: the person spoken to
    ("Thanks, Omar, I found the keys.", "Thanks"),  # no determiner's noun phrase before it
    ("We bought a tent, and Omar carried it.", "tent"),  # no second comma: a clause follows
    ("I met a nurse, Odette and Paul at the market.", "nurse"),  # a list, not one name
])
def test_no_name_in_apposition(sentence: str, noun: str) -> None:
    toks = tokens(sentence)
    last = next(i for i, t in enumerate(toks) if t.text == noun)
    assert apposed(last, toks) == []


@needs_wordnet
def test_a_list_takes_the_name_in_apposition() -> None:
    """Two people met, in two sessions, one of them said by name in apposition."""
    question = "What people has Zofia met at the market?"
    turns = [("D1:1", "Zofia", "I met this retired nurse, Odette, at the market last week."),
             ("D2:1", "Zofia", "At the market I met a beekeeper called Ruth.")]
    said = read(found(state(question, turns), False)).answer
    assert "Odette" in said, said
    alone = read(found(state(question, turns), False), off=OFF).answer
    assert "Odette" not in alone, alone


OFF_CALLED = frozenset({"ph_called"})


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "said"), [
    # after the question's head noun
    ("What is the name of Omar's band?", "He's in a band called Paper Moths now.",
     "Paper Moths"),
    # after a place's noun, the name joined by "and" / "the"
    ("Where did Omar have dinner?", "We had dinner at a pub called The Rose and Crown.",
     "The Rose and Crown"),
    # after a form of "be": the passive names
    ("What is the name of Zofia's choir?", "It's a community choir, they're called Tidewater.",
     "Tidewater"),
])
def test_a_name_given_by_called_is_the_phrase(question: str, sentence: str, said: str) -> None:
    assert phrase(sentence, analyse(question, SPEAKERS))[0] == said
    assert phrase(sentence, analyse(question, SPEAKERS, OFF_CALLED))[0] != said  # the rule's


@needs_wordnet
def test_a_call_made_names_nothing() -> None:
    """After a subject "called" is a call made: the phrase keeps the verb."""
    assert phrase("I called Mum and then went out.",
                  analyse("What did Omar do?", SPEAKERS))[0] == "called Mum"
