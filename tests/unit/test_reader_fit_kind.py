"""A noun of the question the sentence names a kind of counts as held, in part ("a *pal* of
mine" holds "friend"; "a *sprain*" holds "injury"): mrgraph.kind_fit, family fit_kind; only
downwards (a "dog" said holds no "puppy" asked), never by a name, never for a very general
noun. Sessions: Sunday 7 May 2023 (tests.unit.test_reader.state)."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.evidence import content_share, token_set
from mrgraph.kind_fit import KIND_FIT, asked_nouns, kind_held
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from mrgraph.text import stem
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS, state

OFF = frozenset({"fit_kind"})


def _held(question: str, sentence: str, noun: str) -> float:
    """What `sentence` holds of the question noun `noun` (weight 1) by naming a kind of it."""
    q = analyse(question, SPEAKERS)
    weights = {stem(noun): 1.0}
    return kind_held(weights, token_set(sentence), question, q.verb, sentence)


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "noun"), [
    # the subject, a noun with "of" after it
    ("When did Zofia's friend move abroad?", "A pal of mine moved to Lisbon last spring.",
     "friend"),
    # the object, last in the sentence, after an adjective
    ("What injuries did Omar have?", "The nurse called it a bad sprain.", "injuries"),
    # two nouns joined by "and", after a preposition
    ("How does Zofia describe the feeling?", "Honestly it filled me with joy and pride.",
     "feeling"),
    # a plural after a noun of quantity
    ("What fruit did Omar bring to the picnic?", "I brought a bag of apples along.", "fruit"),
])
def test_a_kind_of_the_asked_noun_holds_part_of_its_weight(question: str, sentence: str,
                                                           noun: str) -> None:
    assert _held(question, sentence, noun) == pytest.approx(KIND_FIT)


@needs_wordnet
@pytest.mark.parametrize(("question", "sentence", "noun"), [
    # upwards: the sentence says less than the question asks
    ("When did Zofia get a puppy?", "We finally got a dog from the shelter.", "puppy"),
    ("When did Omar buy a car?", "He bought a new vehicle in spring.", "car"),
    # a name is no kind: WordNet's senses of a name are some famous bearer's
    ("When did Omar meet his friend?", "I met Max at the bakery on the corner.", "friend"),
    # a noun too general: every sentence names a kind of it
    ("When did Omar go to the event?", "The concert was loud but fun.", "event"),
    ("What activity did Zofia do on Sunday?", "I went for a long swim.", "activity"),
])
def test_no_kind_upwards_nor_by_a_name_nor_of_a_general_noun(question: str, sentence: str,
                                                             noun: str) -> None:
    assert _held(question, sentence, noun) == 0.0


@needs_wordnet
def test_what_the_question_asks_by_a_name_or_its_verb_is_no_noun() -> None:
    # a capitalised word of the question names a place or a person, not a kind
    assert stem("jordan") not in asked_nouns("When did Zofia visit Jordan?")
    # the verb asked about, though WordNet knows "run" as a noun too
    q = analyse("When did Omar run a race?", SPEAKERS)
    assert set(asked_nouns(q.text, q.verb)) == {stem("race")}


@needs_wordnet
def test_the_share_counts_the_kind_and_not_with_the_family_off() -> None:
    turns = [("D1:1", "Omar", "A pal of mine opened a bakery last year.")]
    s = found(state("When did Omar's friend open a bakery?", turns), False)
    sentence = turns[0][2]
    on = content_share(s, analyse(s.question, SPEAKERS), sentence)
    off = content_share(s, analyse(s.question, SPEAKERS, OFF), sentence)
    weights = {t: w for t, w in s.weights.items() if t in analyse(s.question, SPEAKERS).stems}
    assert on - off == pytest.approx(KIND_FIT * weights["friend"] / sum(weights.values()))


@needs_wordnet
@pytest.mark.parametrize(("question", "turns", "date"), [
    # the kind in the subject: the friend who opened it, not the cousin
    ("When did Omar's friend open a bakery?",
     [("D1:1", "Omar", "My cousin opened a bakery in 2019."),
      ("D1:2", "Omar", "A pal of mine opened a bakery last year.")], "2022"),
    # the kind as the object
    ("When did Zofia get a dog?",
     [("D1:1", "Zofia", "We got a cat in 2019."),
      ("D1:2", "Zofia", "We got a puppy last year.")], "2022"),
])
def test_a_when_question_dates_the_sentence_naming_a_kind_of_what_it_asks(
        question: str, turns: list[tuple[str, str, str]], date: str) -> None:
    assert read(found(state(question, turns), False)).answer == date
    assert read(found(state(question, turns), False), off=OFF).answer == "2019"  # the rule's
