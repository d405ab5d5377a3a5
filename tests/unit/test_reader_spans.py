"""Where the answer phrase stands in a sentence: the verb of a subject that is not a speaker,
a list after the verb, the object of the preposition a question ends with."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase, segments
from mrgraph.reader.question import analyse
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Priya", "Omar")


@needs_wordnet
def test_the_verb_of_a_thing_points_at_the_phrase_but_is_not_the_persons_verb() -> None:
    q = analyse("What does Omar's ring symbolize?", SPEAKERS)
    assert q.verb is None  # whom the evidence is about is not judged on it
    assert q.action == "symbolize"
    # "stands for" is filed with "symbolize"; the comma after "hope" does not cut it off
    said, _ = phrase("It was my father's, and it stands for hope, patience and courage.", q)
    assert said == "hope, patience and courage"


def test_a_comma_list_is_one_phrase_only_when_it_ends_with_and() -> None:
    q = analyse("What did Priya plant in the garden?", SPEAKERS)
    assert phrase("I planted tomatoes, basil and mint in the garden.", q)[0] == \
        "tomatoes, basil and mint"
    # no "and": the runs are not a list, the first is the object
    assert phrase("I planted tomatoes, which grew well in the garden.", q)[0] == "tomatoes"


def test_the_object_of_the_preposition_the_question_ends_with_answers() -> None:
    q = analyse("What did the bake sale raise money for?", SPEAKERS)
    said, _ = phrase("The bake sale was lovely, and we raised money for the animal shelter.", q)
    assert said == "animal shelter"


def test_praise_alone_is_not_the_phrase() -> None:
    q = analyse("What exciting news did Omar share?", SPEAKERS)
    # "great news" only restates what was asked; what follows the dash is the news
    said, _ = phrase("I got some great news to share - I adopted a puppy from the shelter!", q)
    assert said == "adopted a puppy"
    q = analyse("What cause did the bake sale support?", SPEAKERS)
    assert phrase("It was all for a good cause - to help out the local library.", q)[0] == \
        "help out the local library"


@needs_wordnet
def test_a_list_gathers_every_thing_of_the_kind_the_person_names() -> None:
    s = state("Which cities has Omar visited?", [
        ("D1:1", "Omar", "Last spring I visited Lisbon with my brother."),
        ("D1:2", "Priya", "I visited Vienna once, it was lovely."),
        ("D1:3", "Omar", "After that we visited friends and took a train to Madrid."),
        ("D1:4", "Omar", "I visited the library for some reading in the cities too.")])
    reading = read(s)
    assert reading.kind == "list"
    # the person's own cities, not the other speaker's; names, not "reading" (a town too)
    assert sorted(reading.answer.split(", ")) == ["Lisbon", "Madrid"]


def test_a_how_question_is_not_answered_with_what_the_person_says_of_the_listener() -> None:
    turns = [("D1:1", "Omar", "We had a bad fall on the ice this weekend."),
             ("D1:2", "Priya",
              "Oh no, sorry about the fall! That must have been a scary shock for you."),
             ("D1:3", "Omar", "It did, but I felt lucky afterwards.")]
    # Priya's words after the fall are about Omar: how *she* felt is not said
    assert read(state("How did Priya feel after the fall?", turns)).answer == NOT_MENTIONED
    omar = read(state("How did Omar feel after the fall?", turns))
    assert omar.answer != NOT_MENTIONED


def test_a_weekday_said_is_answered_as_that_weekday_before_the_day_it_was_said() -> None:
    s = state("When did Omar go to the concert?", [
        ("D1:1", "Omar", "I went to a jazz concert last Friday with my sister.")])
    assert read(s).answer == "the Friday before 7 May 2023"  # the session is Sunday 7 May


def test_how_is_answered_by_the_means_when_the_sentence_says_one() -> None:
    s = state("How does Priya stay calm before exams?", [
        ("D1:1", "Priya", "I stay calm before exams by reading poetry and walking the dog.")])
    assert read(s).answer == "by reading poetry and walking the dog"


def test_a_date_question_is_answered_when_the_others_cover_it_only_a_little_better() -> None:
    s = state("When did Omar paint the old garden fence?", [
        ("D1:1", "Omar", "I painted the old fence last Saturday. The garden looks better now."),
        ("D1:2", "Priya", "Nice, I painted my old garden fence in May.")])
    # Priya's sentence holds all four words, Omar's three: a date rests on the episode
    assert read(s).answer == "the Saturday before 7 May 2023"


@needs_wordnet
def test_a_list_question_is_answered_when_the_person_names_things_of_its_kind() -> None:
    turns = [("D1:1", "Omar", "I visited so many cities this year, the cities of Spain most."),
             ("D1:2", "Omar", "I visited cities like Seville and Granada."),
             ("D1:3", "Priya", "I only went to Lisbon, on a work trip.")]
    # Omar's turns hold more of the question, but Priya names a city of her own
    assert read(state("Which cities has Priya visited?", turns)).answer == "Lisbon"
    # nothing of the kind said by the person: the evidence is about someone else
    other = [("D1:1", "Omar", "I visited so many cities this year, the cities of Spain most."),
             ("D1:2", "Priya", "I stayed home and painted the kitchen.")]
    assert read(state("Which cities has Priya visited?", other)).answer == NOT_MENTIONED


def test_a_follow_up_thanking_the_listener_is_still_the_persons_own() -> None:
    # "thank you", "you know" address no one; a follow-up in the first person is the speaker's
    turns = [("D1:1", "Omar", "I started running every morning last spring."),
             ("D1:2", "Priya", "How is it going?"),
             ("D1:3", "Omar", "It is going well. Thank you for asking, my energy is much "
                              "better now.")]
    assert read(state("How is Omar's running going?", turns)).answer != NOT_MENTIONED


@needs_wordnet
def test_the_means_is_a_verbs_ing_not_a_noun_that_ends_so() -> None:
    s = state("How does Priya get to work in winter?", [
        ("D1:1", "Priya", "In winter I get to work by everything but the bike, mostly the bus.")])
    assert not read(s).answer.startswith("by everything")
    s = state("How does Priya get to work in winter?", [
        ("D1:1", "Priya", "In winter I get to work by taking the bus from the corner.")])
    assert read(s).answer == "by taking the bus from the corner"


@needs_wordnet
def test_a_capital_that_opens_a_sentence_is_not_a_name_of_the_kind() -> None:
    # "Reading" is a town too, but here it only opens Priya's sentence
    turns = [("D1:1", "Omar", "I visited so many cities this year, the cities of Spain most."),
             ("D1:2", "Priya", "Reading helps me relax after work.")]
    assert read(state("Which cities has Priya visited?", turns)).answer == NOT_MENTIONED


def test_a_choice_answers_with_the_option_the_evidence_holds() -> None:
    # the options' own words decide ("national" against "theme"), and the whole option answers
    s = state("Would Priya rather visit a national park or a theme park?", [
        ("D1:1", "Priya", "I love the quiet of a national forest, hiking all day outdoors."),
        ("D1:2", "Priya", "Next summer I want to camp in a national park again.")])
    assert read(s).answer == "national park"
    s = state("Does Omar live close to a beach or the mountains?", [
        ("D1:1", "Omar", "From my flat I can walk to the mountains in ten minutes.")])
    assert read(s).answer == "mountains"



@needs_wordnet
def test_where_scores_the_place_right_after_the_preposition_not_an_infinitive() -> None:
    q = analyse("Where did Omar find the recipe for the plum cake?", SPEAKERS)
    # "to" right before the place counts as "from that" before the trip does
    scored = {s.words: s.score for s in segments("I found the recipe from that trip to Lisbon.", q)}
    assert scored[("Lisbon",)] >= scored[("trip",)]
    # "got to *feed*" is an infinitive, not a place
    scored = {s.words: s.score for s in segments("I got to feed a goat a turnip in class.", q)}
    assert scored[("feed", "a", "goat", "a", "turnip")] < scored[("class",)]


def test_a_question_word_written_with_a_plus_is_not_repeated_as_the_phrase() -> None:
    q = analyse("What was taught in the C++ evening course?", SPEAKERS)
    said, _ = phrase("Last week I went to a C++ evening course and it was really enlightening.", q)
    assert said != "C++"


def test_how_often_reaches_past_the_best_sentences_for_the_persons_frequency() -> None:
    chatter = [(f"D1:{i}", "Omar", f"My kids loved the swim lesson number {i} at the lake.")
               for i in range(1, 10)]
    s = state("How often does Omar swim with his kids?", [
        *chatter, ("D1:10", "Priya", "How often do you all go?"),
        ("D1:11", "Omar", "Twice a month; it keeps us fit.")])
    reading = read(s)
    assert reading.answer == "Twice a month"
    assert reading.supports == ("D1:11",)


@needs_wordnet
def test_a_sentence_below_the_best_three_naming_a_thing_of_the_kind_asked_competes() -> None:
    s = state("What instrument does Omar practise every evening?", [
        ("D1:1", "Omar", "I practise every evening after dinner, it calms me."),
        ("D1:2", "Omar", "Practising every evening is my way to unwind."),
        ("D1:3", "Omar", "Every evening I lose track of time when I practise."),
        ("D1:4", "Omar", "Lately it has been the oboe, it sounds so warm.")])
    assert read(s).answer == "oboe"


def test_what_as_the_subject_of_a_verb_answers_with_that_verbs_subject() -> None:
    q = analyse("According to Priya, what makes Omar a patient teacher?", SPEAKERS)
    assert q.caused_by == "makes" and q.head is None  # a verb, not the thing asked for
    said, _ = phrase("Your calm voice and kindness will really make the pupils adore you.", q)
    assert said == "calm voice and kindness"
    q = analyse("What inspired Omar's quilt?", SPEAKERS)
    assert q.caused_by == "inspired"
    assert analyse("What instruments does Omar play?", SPEAKERS).caused_by is None


def test_whose_is_answered_by_the_owner_named_before_the_noun() -> None:
    s = state("Whose anniversary did Omar celebrate last week?", [
        ("D1:1", "Omar", "Last week was lovely!"),
        ("D1:2", "Omar", "We celebrated my uncle's anniversary at a lakeside cafe.")])
    reading = read(s)
    assert reading.answer == "Omar's uncle"  # "my" said by Omar
    assert reading.supports == ("D1:2",)


def test_a_reply_to_the_others_question_about_it_is_the_persons_own_fact() -> None:
    s = state("How often does Omar walk his ferret by the canal?", [
        ("D1:1", "Priya", "My ferret loves the canal path."),
        ("D1:2", "Priya", "Do you walk your ferret by the canal often?"),
        ("D1:3", "Omar", "Yeah, about twice a week. It clears my head.")])
    reading = read(s)
    assert reading.answer == "about twice a week"


def test_where_looks_below_the_best_three_for_a_named_place() -> None:
    s = state("Where did Omar trek on his spring holiday?", [
        ("D1:1", "Omar", "I so love to trek in spring!"),
        ("D1:2", "Omar", "Spring treks are simply wonderful."),
        ("D1:3", "Omar", "Trekking every spring keeps me going."),
        ("D1:4", "Omar", "On holiday we went up in the Tatra mountains for three days.")])
    assert "Tatra" in read(s).answer


def test_a_place_ends_where_and_starts_a_new_clause() -> None:
    q = analyse("Where did Omar trek last spring?", SPEAKERS)
    said, _ = phrase("We trekked up in the Tatra Mountains and rowed on a fjord.", q)
    assert said == "Tatra Mountains"
    # for a thing, "A and B" stays one phrase
    q = analyse("What is Omar offering to the pupils?", SPEAKERS)
    assert "and" in phrase("I'm offering one-on-one tutoring and coaching.", q)[0]


def test_a_contracted_question_word_is_not_repeated_in_the_phrase() -> None:
    q = analyse("What is the name of Omar's new gecko?", SPEAKERS)
    said, _ = phrase("Her name's Pebble and she is tiny.", q)
    assert said == "Pebble"


def test_what_someone_realized_is_the_clause_after_the_verb_and_that() -> None:
    s = state("What did Omar realize after the regatta?", [
        ("D1:1", "Omar", "I sailed in the regatta on Sunday, it was windy."),
        ("D1:2", "Omar", "I'm starting to realize that slow sailing is underrated.")])
    reading = read(s)
    assert reading.answer == "slow sailing is underrated"
    assert reading.supports == ("D1:2",)


def test_the_phrase_before_the_questions_closing_phrase_answers() -> None:
    s = state("What did Priya receive from a chess club?", [
        ("D1:1", "Priya", "Chess keeps me sharp, I play every evening."),
        ("D1:2", "Priya", "Look, one of my medals from a chess club, hard work paid off.")])
    reading = read(s)
    assert reading.answer == "medals"
    assert reading.supports == ("D1:2",)


def test_a_dash_describing_the_subject_as_the_owned_noun_names_it() -> None:
    s = state("What was Omar's uncle's gift to him?", [
        ("D1:1", "Omar", "This compass means everything to me - a gift from my uncle in the fjords."),
        ("D1:2", "Omar", "He handed it to me on a foggy pier.")])
    reading = read(s)
    assert reading.answer == "compass"
    assert reading.supports == ("D1:1",)


@needs_wordnet
def test_adjectives_parted_by_a_comma_before_the_head_noun_stay_one_phrase() -> None:
    q = analyse("What kind of cabin does Omar want to build?", SPEAKERS)
    said, _ = phrase("I want to build an airy, snug cabin by the fjord.", q)
    assert said == "airy snug cabin"


def test_a_thing_joined_to_a_how_to_clause_is_one_phrase() -> None:
    q = analyse("What was covered at the rigging drill?", SPEAKERS)
    said, _ = phrase("They covered splice knots and how to coil a halyard.", q)
    assert said == "splice knots and how to coil a halyard"


@needs_wordnet
def test_an_activity_said_as_one_gerund_goes_on_with_where_it_is_done() -> None:
    q = analyse("What new hobby did Omar take up?", SPEAKERS)
    said, _ = phrase("I took up weaving at the loom barn on Sundays.", q)
    assert said == "weaving at the loom barn on Sundays"
