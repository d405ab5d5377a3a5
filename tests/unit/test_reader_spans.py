"""Where the answer phrase stands in a sentence: a list after the verb, praise that is no
phrase; spans, weekdays, frequencies; whose the evidence is."""

from __future__ import annotations

from mrgraph.reader.forms import complement
from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse
from mrgraph.reader.words import lemma
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Zofia", "Omar")


def test_a_comma_list_is_one_phrase_only_when_it_ends_with_and() -> None:
    q = analyse("What did Zofia plant in the garden?", SPEAKERS)
    assert phrase("I planted tomatoes, basil and mint in the garden.", q)[0] == \
        "tomatoes, basil and mint"
    # no "and": the runs are not a list, the first is the object
    assert phrase("I planted tomatoes, which grew well in the garden.", q)[0] == "tomatoes"


def test_praise_alone_is_not_the_phrase() -> None:
    q = analyse("What exciting news did Omar share?", SPEAKERS)
    # "great news" only restates what was asked; what follows the dash is the news
    said, _ = phrase("I got some great news to share - I adopted a puppy from the shelter!", q)
    assert said == "adopted a puppy"
    q = analyse("What cause did the bake sale support?", SPEAKERS)
    assert phrase("It was all for a good cause - to help out the local library.", q)[0] == \
        "help out the local library"


def test_a_weekday_said_is_answered_as_that_weekday_before_the_day_it_was_said() -> None:
    s = state("When did Omar go to the concert?", [
        ("D1:1", "Omar", "I went to a jazz concert last Friday with my sister.")])
    assert read(s).answer == "the Friday before 7 May 2023"  # the session is Sunday 7 May


def test_a_date_question_is_answered_when_the_others_cover_it_only_a_little_better() -> None:
    s = state("When did Omar paint the old garden fence?", [
        ("D1:1", "Omar", "I painted the old fence last Saturday. The garden looks better now."),
        ("D1:2", "Zofia", "Nice, I painted my old garden fence in May.")])
    # Zofia's sentence holds all four words, Omar's three: a date rests on the episode
    assert read(s).answer == "the Saturday before 7 May 2023"


def test_a_follow_up_thanking_the_listener_is_still_the_persons_own() -> None:
    # "thank you", "you know" address no one; a follow-up in the first person is the speaker's
    turns = [("D1:1", "Omar", "I started running every morning last spring."),
             ("D1:2", "Zofia", "How is it going?"),
             ("D1:3", "Omar", "It is going well. Thank you for asking, my energy is much "
                              "better now.")]
    assert read(state("How is Omar's running going?", turns)).answer != NOT_MENTIONED


@needs_wordnet
def test_a_capital_that_opens_a_sentence_is_not_a_name_of_the_kind() -> None:
    # "Reading" is a town too, but here it only opens Zofia's sentence
    turns = [("D1:1", "Omar", "I visited so many cities this year, the cities of Spain most."),
             ("D1:2", "Zofia", "Reading helps me relax after work.")]
    assert read(state("Which cities has Zofia visited?", turns)).answer == NOT_MENTIONED


def test_a_question_word_written_with_a_plus_is_not_repeated_as_the_phrase() -> None:
    q = analyse("What was taught in the C++ evening course?", SPEAKERS)
    said, _ = phrase("Last week I went to a C++ evening course and it was really enlightening.", q)
    assert said != "C++"


def test_how_often_reaches_past_the_best_sentences_for_the_persons_frequency() -> None:
    chatter = [(f"D1:{i}", "Omar", f"My kids loved the swim lesson number {i} at the lake.")
               for i in range(1, 10)]
    s = state("How often does Omar swim with his kids?", [
        *chatter, ("D1:10", "Zofia", "How often do you all go?"),
        ("D1:11", "Omar", "Twice a month; it keeps us fit.")])
    reading = read(s)
    assert reading.answer == "Twice a month"
    assert reading.supports == ("D1:11",)


def test_the_verb_what_is_the_subject_of_is_no_head_noun() -> None:
    # a verb, not the thing asked for
    assert analyse("According to Zofia, what makes Omar a patient teacher?", SPEAKERS).head \
        is None
    assert analyse("What inspired Omar's quilt?", SPEAKERS).head is None
    assert analyse("What instruments does Omar play?", SPEAKERS).head == "instruments"


def test_a_reply_to_the_others_question_about_it_is_the_persons_own_fact() -> None:
    s = state("How often does Omar walk his ferret by the canal?", [
        ("D1:1", "Zofia", "My ferret loves the canal path."),
        ("D1:2", "Zofia", "Do you walk your ferret by the canal often?"),
        ("D1:3", "Omar", "Yeah, about twice a week. It clears my head.")])
    reading = read(s)
    assert reading.answer == "about twice a week"


def test_a_contracted_question_word_is_not_repeated_in_the_phrase() -> None:
    q = analyse("What is the name of Omar's new gecko?", SPEAKERS)
    said, _ = phrase("Her name's Pebble and she is tiny.", q)
    assert said == "Pebble"


def test_a_verb_of_thought_takes_a_clause() -> None:
    """"What did X realize/learn/decide?" is answered by the clause the verb takes (three
    shapes: "that ...", "to ...", a bare clause), not by a thing in the sentence."""
    assert complement("Honestly, I realized that rest matters more than speed.",
                      lemma("realize")) == "rest matters more than speed"
    assert complement("The hike taught me a lot; I learned to slow down.", lemma("learn")) == \
        "slow down"
    assert complement("After the storm we decided we would rebuild the shed, but later.",
                      lemma("decide")) == "we would rebuild the shed"
    assert complement("I know!", lemma("know")) is None
    assert complement("We went hiking in the hills.", lemma("realize")) is None
    question = "What did Zofia realize after the long hike?"
    reading = read(state(question, [
        ("D1:1", "Zofia", "The long hike was brutal. I realized that my boots were too small."),
        ("D1:2", "Omar", "Ouch, new boots then!")]))
    assert reading.answer == "my boots were too small" and reading.supports == ("D1:1",)
