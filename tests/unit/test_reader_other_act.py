"""A turn's date told of another act (other_act, reader.when): when the best sentence names
the thing asked but states no date ("Me, nursing a broken toe and bored stiff."), a
date in another sentence of its turn whose clause tells an act of its own ("We booked a
ferry for the 20th") is not its date; and a question asking for the story itself hands it
back across a longer reaction (asks_on, reader.told_on: "Two months on crutches! What
happened? You said you slipped." - "I fell off the wall last Friday.")."""

from __future__ import annotations

from mrgraph.reader.asked_event import verbs
from tests.unit.test_reader_when import _answer

SAID = "2023-06-14"  # a Wednesday


def test_another_acts_date_in_the_turn_does_not_date_the_thing() -> None:
    """Three shapes: a participle before a noun, a noun, a participle after a determiner."""
    cases = [
        ("When did Nora break her toe?",
         "Me, nursing a broken toe and bored stiff. We booked a ferry for June 25th."),
        ("When did Omar bruise his knee?",
         "The bruise on my knee is healing slowly. My sister moved house on Sunday, I watched."),
        ("When did Zofia injure her shoulder?",
         "Still sore from the injured shoulder. We booked a cabin in the woods for next month."),
    ]
    for question, text in cases:
        turns = [("D1:1", question.split()[2], text, SAID)]
        assert _answer(question, turns)[0] == "14 June 2023", question
        assert _answer(question, turns, frozenset({"other_act"}))[0] != "14 June 2023", question


def test_a_date_of_the_same_act_or_of_no_act_still_dates_it() -> None:
    """The date's clause holding the verb asked, or telling no act, dates it as before."""
    cases = [
        ("When did Nora break her toe?",
         "Me, nursing a broken toe and bored stiff. I broke it on Sunday at the pool.",
         "the Sunday before 14 June 2023"),
        ("When did Omar bruise his knee?",
         "The bruise on my knee is healing slowly. That was last Friday.",
         "the Friday before 14 June 2023"),
        ("When did Zofia adopt the puppy?",
         "I adopted a puppy! It was two weeks ago, she's tiny.",
         "two weeks before 14 June 2023"),
    ]
    for question, text, expected in cases:
        turns = [("D1:1", question.split()[2], text, SAID)]
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, frozenset({"other_act"}))[0] == expected, question


def test_a_question_asking_for_the_story_hands_it_back() -> None:
    """Three shapes of the other's turn: "What happened exactly?", "How come?", "When was
    that?", each with more than a few words beside it."""
    reactions = [
        "Two months on crutches! What happened exactly? At dinner you only said you slipped.",
        "Oh no, that sounds awful for you. How come? You're always so careful.",
        "Wow, I never knew any of this about you. When was that? Tell me everything.",
    ]
    for reaction in reactions:
        turns = [("D1:1", "Omar", "The doctor says it's a bad sprain of the ankle.", SAID),
                 ("D1:2", "Zofia", reaction, SAID),
                 ("D1:3", "Omar", "I slipped off the climbing wall last Friday.", SAID)]
        question = "When did Omar sprain his ankle?"
        assert _answer(question, turns)[0] == "the Friday before 14 June 2023", reaction
        assert _answer(question, turns, frozenset({"asks_on"}))[0] == "14 June 2023", reaction


def test_a_light_verb_in_any_form_is_no_act() -> None:
    """"going", "gets", "starting" are the light verbs "go", "get", "start": no act."""
    assert verbs("I am going to the dentist on Friday.") == frozenset()
    assert verbs("We are starting lessons soon.") == frozenset()
    assert verbs("She keeps getting lost.") == frozenset({"lose"})
