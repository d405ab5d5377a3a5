"""Reader phrases (reader.phrases): a subject pronoun opens a new clause, so the words before it
say nothing of the phrase after it; "how many" is answered by a number; a relation answers
"who" but is no name; "what did X do" is answered by what they say they did (reader.forms),
without its time adjuncts and the adverb it opens with (forms.untimed)."""

from __future__ import annotations

import pytest

from mrgraph.reader.forms import predicate, untimed
from mrgraph.reader.phrases import phrase, segments
from mrgraph.reader.tally import counted
from mrgraph.reader.question import analyse
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Zofia", "Omar")


@pytest.mark.parametrize("question, sentence, expected", [
    # a subject pronoun starts another clause: "niece and *we* played" lifts nothing after it
    ("What gift did Zofia get for her niece?",
     "The gift was a wooden doll, and I took it to my niece and we played charades.",
     "wooden doll"),
    ("What dessert was there at Omar's dinner?",
     "Dessert was a chocolate cake, and after dinner they played cards.", "chocolate cake"),
    ("What snack did Omar pack for the hike?",
     "Oat cookies, and on the hike we shared apples.", "Oat cookies"),
    # "how many" / "how much" is answered by the number said
    ("How much did Omar pay for the bike?",
     "I paid 1,250 dollars for the bike, which hurt.", "1,250 dollars"),
    ("How much did Zofia charge for each vase?",
     "I charged 25 each and used the money to buy glazes.", "25"),
    ("How many rooms does Omar's new flat have?",
     "The new flat has three rooms, a tiny kitchen and a view.", "three rooms"),
    ("What score did Zofia get on the exam?", "I got 91% on the exam!", "91%"),  # one word
    # a currency sign stays with its number; a day beside a month and a year are no count
    ("How much did the spring fair raise?", "On 15 June we raised £1,200 for the shelter.",
     "£1,200"),
    ("How much did Omar pay for the bass?", "Paid $650 for it in 2021, case included.", "$650"),
    ("How many mugs did Zofia sell at the market?",
     "At the June 3 market I sold nineteen mugs, a record.", "nineteen mugs"),
    ("How many followers does Omar have now?",
     "Only 12 posts so far, but 2000 followers now.", "2000 followers"),  # no year: a count
    # "where": "to" after a verb of going; a time or a state after "at" / "in" is no place
    ("Where did Zofia move?", "I moved to Denver in the spring, near my sister.", "Denver"),
    ("Where did Omar go with his cousin?",
     "We drove to the lake at dawn, in a hurry.", "lake"),
    # a relation answers "who" in any form, but is no name
    ("What is the name of Zofia's cat?",
     "My sister found a stray kitten; Pepper is her name now.", "Pepper"),
    ("Whose wedding did Omar go to last month?",
     "Last month we danced at my cousin's wedding in a lovely old barn.", "cousin's"),
    ("Who did Zofia go hiking with?",
     "I went hiking through dense forest with my cousins.", "cousins"),
    # "where" asks for a place: what a preposition of place introduces (with it, for a common
    # noun: family where_prep), never a time
    ("Where did Omar propose?",
     "He proposed to Lena at the herb garden on Saturday.", "at the herb garden"),
    ("Where are Zofia and Omar going for their anniversary?",
     "We booked a trip to Lake Orta in May.", "Lake Orta"),
    ("Where is Zofia staying this summer?",
     "I'm staying in June with my aunt, in a cottage near the harbour.", "in a cottage"),
])
def test_the_phrase_a_clause_a_number_or_a_relation_gives(question: str, sentence: str,
                                                          expected: str) -> None:
    assert phrase(sentence, analyse(question, SPEAKERS))[0] == expected


def test_what_someone_did_is_what_they_say_they_did() -> None:
    assert predicate("Last week, we had a great time at the lake and then slept.") == \
        "had a great time at the lake"
    assert predicate("I've done rock climbing for years!") == "rock climbing"
    assert predicate("My sister and I painted the garden fence yesterday.") == \
        "painted the garden fence"
    assert predicate("I bought a lamp - it glows.") == "bought a lamp"
    assert predicate("I know.") is None and predicate("The fence is green.") is None
    # a number's comma or point and a currency sign are no punctuation ending the clause
    assert predicate("I raised 1,200 dollars for the shelter.") == \
        "raised 1,200 dollars for the shelter"
    assert predicate("We ran 3.5 miles, then ate.") == "ran 3.5 miles"
    assert predicate("I saved £40 on the bike.") == "saved £40 on the bike"
    turns = [("D1:1", "Omar", "Last Sunday we repainted the old shed behind the house."),
             ("D1:2", "Zofia", "Nice!")]
    assert read(state("What did Omar do last Sunday?", turns)).answer == \
        "repainted the old shed behind the house"
    # a clause that only says the question back is no answer
    turns = [("D1:1", "Zofia", "I wanted to feel calmer at work, so I took up knitting.")]
    assert read(state("What did Zofia do to feel calmer at work?", turns)).answer != \
        "wanted to feel calmer at work"


def test_what_was_done_without_its_time() -> None:
    assert untimed("drove up to the coast on Friday and swam for an hour") == \
        "drove up to the coast and swam"
    assert untimed("went fishing last weekend with my kids") == "went fishing with my kids"
    assert untimed("saw a play in June 12 at the Globe") == "saw a play at the Globe"
    assert untimed("left yesterday") == "left yesterday"  # nothing left but the verb
    # the determiner goes with its time; a time that is the verb's object stays
    assert untimed("visited the lake the next day") == "visited the lake"
    assert untimed("spent the last year painting") == "spent the last year painting"
    assert untimed("took the next day off work") == "took the next day off work"
    assert untimed("spent this weekend gardening") == "spent this weekend gardening"
    # a time that owns a noun or is part of one is no adjunct
    assert untimed("planned the next day's climb") == "planned the next day's climb"
    assert untimed("skipped the last week of practice") == "skipped the last week of practice"
    assert untimed("loved tonight's show") == "loved tonight's show"
    assert untimed("cleaned the shed on Saturday") == "cleaned the shed"
    # a day said after "on", in any form the date scanner reads, as a run of days too
    assert untimed("moved into the flat on 14 September 2024 with Jakub") == \
        "moved into the flat with Jakub"
    assert untimed("played a gig on the 5th of May at the pub") == "played a gig at the pub"
    assert untimed("recorded two songs on November 9th and 10th") == "recorded two songs"
    assert untimed("went hiking on 9 and 10 March") == "went hiking"
    # a time that is the verb's object stays after a day is dropped before it
    assert untimed("spent the day on 9 November painting and took the next day off") == \
        "spent the day painting and took the next day off"
    turns = [("D1:1", "Omar", "My niece was born on Monday!"),
             ("D1:2", "Omar", "I took the train on Tuesday and held her for about two hours.")]
    assert read(state("What did Omar do the day after his niece was born?", turns)).answer == \
        "took the train and held her"


def test_what_was_done_without_its_opening_adverb() -> None:
    assert untimed("finally repainted the kitchen") == "repainted the kitchen"
    assert untimed("actually just signed up for a sewing course") == \
        "signed up for a sewing course"
    assert untimed("finally left") == "finally left"  # the act alone stays whole
    turns = [("D1:1", "Omar", "Yesterday I finally repainted the kitchen, took all day.")]
    assert read(state("What did Omar do on 6 May 2023?", turns)).answer == "repainted the kitchen"


def test_a_count_is_no_days_number_nor_a_year_alone() -> None:
    assert counted(["in", "2019", "I", "ran", "3", "races"]) == slice(4, 6)
    assert counted(["15", "June", "we", "sold", "40", "mugs"]) == slice(4, 6)
    assert counted(["2000", "followers"]) == slice(0, 2)


@pytest.mark.parametrize(("question", "sentence"), [
    ("Who helped Zofia move house on 14 September 2024?",
     "My brother came over on the 14th and carried every box."),
    ("What did Omar cook on 9 and 10 May?", "We made dumplings on May 9th and 10th."),
    ("Who did Zofia meet on 6 June?", "On Friday the 6th I met my old coach."),
])
def test_a_day_the_question_names_is_no_answer_phrase(question: str, sentence: str) -> None:
    # the question's "14" is its "14th": a word the question holds, which no phrase repeats
    said = [" ".join(s.words) for s in segments(sentence, analyse(question, ("Zofia", "Omar")))]
    assert said and not any(w.endswith(("th", "st", "nd", "rd")) and w[0].isdigit()
                            for phrase_ in said for w in phrase_.split()), said
