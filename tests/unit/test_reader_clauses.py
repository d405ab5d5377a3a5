"""Reader: where a phrase's clause starts (reader.phrases) - a subject pronoun opens a new
clause, so the words before it say nothing of the phrase after it."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

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
