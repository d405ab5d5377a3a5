"""Reader phrases (reader.phrases): a subject pronoun opens a new clause, so the words before it
say nothing of the phrase after it; "how many" is answered by a number; a relation answers
"who" but is no name; "what did X do" is answered by what they say they did (reader.forms)."""

from __future__ import annotations

from mrgraph.reader.forms import predicate
from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Priya", "Omar")


def test_a_question_word_before_a_new_clause_does_not_lift_its_verb() -> None:
    # "niece and *we* played": "niece" is the question's, but "we" starts another clause
    q = analyse("What gift did Priya get for her niece?", SPEAKERS)
    assert phrase("The gift was a wooden doll, and I took it to my niece and we played "
                  "charades.", q)[0] == "wooden doll"
    q = analyse("What dessert was there at Omar's dinner?", SPEAKERS)
    assert phrase("Dessert was a chocolate cake, and after dinner they played cards.",
                  q)[0] == "chocolate cake"
    q = analyse("What snack did Omar pack for the hike?", SPEAKERS)
    assert phrase("Oat cookies, and on the hike we shared apples.", q)[0] == "Oat cookies"


def test_how_many_or_how_much_is_answered_by_the_number_said() -> None:
    q = analyse("How much did Omar pay for the bike?", SPEAKERS)
    assert phrase("I paid 1,250 dollars for the bike, which hurt.", q)[0] == "1,250 dollars"
    q = analyse("How much did Priya charge for each mug?", SPEAKERS)
    assert phrase("I charged 25 each and used the money to buy glazes.", q)[0] == "25"
    q = analyse("How many rooms does Omar's new flat have?", SPEAKERS)
    assert phrase("The new flat has three rooms, a tiny kitchen and a view.", q)[0] == \
        "three rooms"
    q = analyse("What score did Priya get on the exam?", SPEAKERS)  # a percent is one word
    assert phrase("I got 91% on the exam!", q)[0] == "91%"


def test_a_relation_answers_who_in_any_form_but_is_no_name() -> None:
    q = analyse("What is the name of Priya's cat?", SPEAKERS)  # a name, not "my sister"
    assert phrase("My sister found a stray kitten; Pepper is her name now.", q)[0] == "Pepper"
    q = analyse("Whose wedding did Omar go to last month?", SPEAKERS)
    assert phrase("Last month we danced at my cousin's wedding in a lovely old barn.",
                  q)[0] == "cousin's"
    q = analyse("Who did Priya go hiking with?", SPEAKERS)
    assert phrase("I went hiking through dense forest with my cousins.", q)[0] == "cousins"


def test_what_someone_did_is_what_they_say_they_did() -> None:
    assert predicate("Last week, we had a great time at the lake and then slept.") == \
        "had a great time at the lake"
    assert predicate("I've done weight training for years!") == "weight training"
    assert predicate("My sister and I painted the garden fence yesterday.") == \
        "painted the garden fence"
    assert predicate("I bought a lamp - it glows.") == "bought a lamp"
    assert predicate("I know.") is None and predicate("The fence is green.") is None
    turns = [("D1:1", "Omar", "Last Sunday we repainted the old shed behind the house."),
             ("D1:2", "Priya", "Nice!")]
    assert read(state("What did Omar do last Sunday?", turns)).answer == \
        "repainted the old shed behind the house"
    # a clause that only says the question back is no answer
    turns = [("D1:1", "Priya", "I wanted to feel calmer at work, so I took up knitting.")]
    assert read(state("What did Priya do to feel calmer at work?", turns)).answer != \
        "wanted to feel calmer at work"
