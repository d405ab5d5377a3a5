"""Question analysis: the kind of answer asked for, and whom the question is about."""

from __future__ import annotations

import pytest

from mrgraph.errors import UserError
from mrgraph.reader.question import analyse, named_people

SPEAKERS = ("Zofia", "Omar Hale")


@pytest.mark.parametrize(("question", "kind"), [
    ("When did Zofia move to the coast?", "when"),
    ("How long ago did Omar sell his boat?", "when"),
    # a time noun asked for, after "what" / "which" or in the question's own words
    ("During which season does Zofia swim outdoors?", "when"),
    ("Which week did Omar start his new job?", "when"),
    ("What weekend did Zofia visit her sister?", "when"),
    ("In which decade did Omar's parents marry?", "when"),
    ("What was the date when Zofia's flat flooded?", "when"),
    ("How long has Zofia been playing chess?", "duration"),
    ("How many dogs does Omar have?", "count"),
    ("How much did Zofia pay for the bike?", "count"),
    ("Who gave Zofia the old map?", "who"),
    ("Where did Omar grow up?", "where"),
    ("Why did Zofia quit her job?", "why"),
    ("How did Omar feel after the race?", "how"),
    ("Did Zofia finish the marathon?", "yes_no"),
    ("Has Omar ever been to a concert?", "yes_no"),
    ("Does Omar prefer tea or coffee?", "choice"),
    ("Would Zofia enjoy a jazz festival?", "would"),
    ("Would Zofia rather visit a water park or a sculpture garden?", "choice"),
    ("Would Omar like the film or not?", "would"),
    ("Is Omar likely to move abroad?", "would"),
    ("What instruments does Zofia play?", "list"),
    ("Which cities has Omar visited?", "list"),
    ("What are some hobbies Zofia has picked up?", "list"),
    ("What kinds of books does Omar read?", "list"),
    ("What snacks does Omar bring to regattas?", "list"),
    ("What did Zofia buy at the market?", "what"),
    ("Which song did Omar learn first?", "what"),
    ("What kind of car does Zofia drive?", "what"),
    ("What is Omar's relationship status?", "what"),
])
def test_the_kind_of_answer_asked_for(question: str, kind: str) -> None:
    assert analyse(question, SPEAKERS).kind == kind


def test_the_person_asked_about_is_the_one_speaker_named() -> None:
    assert analyse("What did Zofia buy?", SPEAKERS).person == "Zofia"
    assert analyse("Where does Omar's sister live?", SPEAKERS).person == "Omar Hale"
    both = analyse("Did Zofia and Omar both go hiking?", SPEAKERS)
    assert both.person is None and set(both.people) == {"Zofia", "Omar Hale"}
    assert analyse("Who won the cup final?", SPEAKERS).person is None
    assert named_people("What does Tomas like?", SPEAKERS) == ()  # a word, not a prefix


def test_head_noun_and_verb() -> None:
    q = analyse("What instruments does Zofia play?", SPEAKERS)
    assert (q.head, q.verb) == ("instruments", "play")
    assert analyse("What kind of car does Zofia drive?", SPEAKERS).head == "car"
    assert analyse("Which classical composers does Omar enjoy?", SPEAKERS).head == "composers"
    assert analyse("How many dogs does Omar have?", SPEAKERS).head == "dogs"
    assert analyse("What did Zofia donate to the library?", SPEAKERS).verb == "donate"
    assert analyse("Would Omar likely visit a museum?", SPEAKERS).verb == "visit"
    assert analyse("What have Zofia and her kids baked?", SPEAKERS).verb == "baked"
    assert analyse("Did Zofia and Omar both enter the race?", SPEAKERS).verb == "enter"
    # "need to / want to / try to <verb>": the verb after "to" is what was done
    assert analyse("Why did Omar need to sell his kayak?", SPEAKERS).verb == "sell"
    assert analyse("What did Zofia try to knit?", SPEAKERS).verb == "knit"


@pytest.mark.parametrize("question, verb", [
    ("What does Omar's bakery sell?", "sell"),  # a possessive subject
    ("What did the nurse at work recommend for Zofia's back?", "recommend"),  # "at work"
    ("What do tulips represent to Zofia?", "represent"),  # a subject that is no speaker
    ("What did the poetry reading raise money for?", "raise"),  # "reading": no base form
    ("What activity did Omar's colleague, Ravi, invite him to?", "invite"),  # a name
    ("Which song does the choir sing?", "sing"),  # a base form ending in -ing
    ("What did the man Zofia met at the gym recommend?", "recommend"),  # "met": no base form
])
def test_the_verb_after_a_subject_that_names_no_speaker(question: str, verb: str) -> None:
    assert analyse(question, SPEAKERS).verb == verb
    assert analyse(question, SPEAKERS, frozenset({"subject"})).verb != verb  # the rule's own


def test_stems_leave_out_names_and_auxiliaries() -> None:
    q = analyse("What might Zofia's degree be in?", SPEAKERS)
    assert q.stems == frozenset({"degre"})


def test_the_head_noun_ends_at_the_verb_or_the_person() -> None:
    assert analyse("What natural disaster flooded Omar's town?", ("Omar", "Zofia")).head == "disaster"
    assert analyse("What old song moved Zofia to tears?", ("Omar", "Zofia")).head == "song"
    assert analyse("What classical musicians does Zofia like?", ("Zofia",)).head == "musicians"


@pytest.mark.parametrize("question", [
    "What happened two days after Omar got back?",  # a number after the verb
    "What happened the week before the wedding?",  # a determiner
    "What changed after Zofia's move?",  # a preposition
])
def test_what_as_the_subject_of_a_verb_asks_no_noun(question: str) -> None:
    """"What *happened* two days after ...": "what" is the verb's subject, and the time
    counted after it ("two days") is no thing asked for (family caused_by)."""
    asked = analyse(question, SPEAKERS)
    assert (asked.kind, asked.head) == ("what", None)


def test_switching_off_a_family_that_does_not_exist_is_refused() -> None:
    with pytest.raises(UserError, match="unknown reader families: gone_family"):
        analyse("When did Zofia move?", ["Zofia"], off=frozenset({"gone_family", "timed"}))
    assert analyse("When did Zofia move?", ["Zofia"], off=frozenset({"timed"})).kind == "when"
