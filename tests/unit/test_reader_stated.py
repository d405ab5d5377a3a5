"""Answers a sentence states in a set form (a favorite, a plan), and the person's own words
said of them in the third person."""

from __future__ import annotations

from mrgraph.reader.forms import done_for
from mrgraph.reader.lists import enumerated
from mrgraph.reader.question import analyse
from mrgraph.reader.read import REACH
from mrgraph.reader.stated import done_to, favorite, glad, most, off_to, stated
from mrgraph.reader.words import superlative
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read, sentences

SPEAKERS = ("Priya", "Omar")


def test_the_phrase_said_to_be_the_favorite() -> None:
    assert favorite("I like every season, but autumn is my top choice.") == "autumn"
    assert favorite("Honestly, the blue one is definitely my favorite.") == "blue one"
    assert favorite("My favorite spot has to be the little bakery on the corner!") == \
        "the little bakery on the corner"
    # a verb or a subject ends the phrase: "I think" is not the favorite
    assert favorite("I think tennis is my favourite.") == "tennis"
    assert favorite("I like autumn a lot.") is None


def test_a_favorite_question_is_answered_by_the_sentence_that_says_so() -> None:
    s = state("What is Omar's favorite kind of music?", [
        ("D1:1", "Omar", "Music keeps me going every day."),
        ("D1:2", "Omar", "I play a bit of every kind of music, but jazz is still my top pick."),
        ("D1:3", "Priya", "I prefer folk myself.")])
    assert read(s).answer == "jazz"


def test_what_the_person_is_off_to_do_answers_a_plan() -> None:
    assert off_to("Right, I'm off to collect a parcel at the post office. See you!") == \
        "collect a parcel at the post office"
    assert off_to("I was off work today.") is None
    s = state("What did Priya plan to do after the meeting?", [
        ("D2:1", "Priya", "The meeting went well and everyone agreed on the budget. "
                          "Now I'm off to pick up the kids from school!"),
        ("D2:2", "Omar", "Have a good afternoon, Priya.")])
    # "Priya" is not the question's pronoun: the first person stays as said
    assert read(s).answer == "pick up the kids from school"


def test_the_persons_own_words_are_said_of_them_with_the_questions_pronoun() -> None:
    s = state("How does Omar keep calm before his exams?", [
        ("D3:1", "Omar", "Before exams I keep calm by picturing myself on my last holiday.")])
    assert read(s).answer == "by picturing himself on his last holiday"
    s = state("How does Priya keep calm before her exams?", [
        ("D3:1", "Priya", "Before exams I keep calm by picturing myself on my last holiday.")])
    assert read(s).answer == "by picturing herself on her last holiday"
    # no pronoun in the question: as said
    s = state("How does Priya keep calm before exams?", [
        ("D3:1", "Priya", "Before exams I keep calm by picturing myself on my last holiday.")])
    assert read(s).answer == "by picturing myself on my last holiday"


def test_a_sentence_said_as_i_keeps_its_first_person() -> None:
    s = state("Why did Omar sell his car?", [
        ("D4:1", "Omar", "I sold my car last week. I sold it because I wanted my garage back.")])
    assert read(s).answer == "I wanted my garage back"
    assert analyse("Why did Omar sell his car?", SPEAKERS).person == "Omar"


def test_what_happened_to_a_thing_is_the_verb_after_it() -> None:
    assert done_to("We panicked when my bike was stolen at the station.", "bike") == \
        "was stolen at the station"
    assert done_to("Luckily my bike's fine.", "bike") is None
    assert done_to("I rode my bike to work.", "bike") is None
    s = state("What happened to Omar's laptop during the trip?", [
        ("D5:1", "Omar", "The trip was long. Halfway there my laptop fell off the train seat!"),
        ("D5:2", "Priya", "Oh no, that sounds awful.")])
    assert read(s).answer == "fell off the train seat"


def test_what_the_person_is_excited_about_follows_a_word_of_that_feeling() -> None:
    excited = ("excited", "thrilled", "stoked")
    assert glad("I'm so thrilled to finally open my own bakery, it's a dream.", excited) == \
        "finally open my own bakery"
    # another feeling is not what was asked
    assert glad("I'm nervous about the opening day.", excited) is None
    s = state("What is Omar excited about with the new job?", [
        ("D6:1", "Omar", "The new job starts Monday. I'm stoked to lead a team of my own!"),
        ("D6:2", "Priya", "That's wonderful news.")])
    assert read(s).answer == "lead a team of my own"


def test_why_is_answered_by_what_it_was_done_for() -> None:
    assert done_for("Selling the boat stung, so we did that for our daughter's tuition.") == \
        "for our daughter's tuition"
    assert done_for("I did the dishes for an hour.") is None
    s = state("Why did Priya sell her piano?", [
        ("D7:1", "Priya", "I finally sold my piano last spring; I mostly did it for my studies.")])
    # the reason, in the question's pronoun for her
    assert read(s).answer == "for her studies"


def test_the_items_listed_after_the_head_noun_and_a_dash() -> None:
    assert enumerated("We keep a shelf of board games - chess, mahjong, word games, you name it.",
                      "games") == ["chess", "mahjong", "word games"]
    assert enumerated("I tried pottery - the craft, it is fun.", "pottery") == []
    assert enumerated("My games: chess.", "games") == []
    s = state("What kind of plants does Priya grow on her balcony?", [
        ("D8:1", "Priya", "These days my balcony holds plants- ferns, wild strawberries, "
                          "tiny lemon trees and so on."),
        ("D8:2", "Omar", "Sounds lovely.")])
    # each item whole, not the words of the plant kind alone ("strawberries", "trees")
    assert read(s).answer == "ferns, wild strawberries, tiny lemon trees"


@needs_wordnet
def test_what_a_superlative_is_said_to_be() -> None:
    assert [w for w in ("biggest", "happiest", "worst", "forest", "interest", "honest")
            if superlative(w)] == ["biggest", "happiest", "worst"]
    assert most("So many delays... but the hardest part was the waiting.") == "the waiting"
    assert most("The best thing is it's free.") == "it's free"
    assert most("The forest was quiet and the interest is high.") is None
    s = state("What was the toughest part of Priya's move abroad?", [
        ("D9:1", "Priya", "Moving abroad was a lot - new job, new flat, new language. "
                          "Honestly the scariest bit was leaving my grandmother behind."),
        ("D9:2", "Omar", "Quite a change for you.")])
    assert read(s).answer == "leaving my grandmother behind"


def test_a_favorite_of_another_thing_does_not_answer() -> None:
    s = state("What is Omar's favorite kind of film?", [
        ("D2:1", "Omar", "I play plenty of sports, and squash is still my top choice."),
        ("D2:2", "Omar", "I watch a film every weekend, mostly old westerns.")])
    assert read(s).answer == "old westerns"


def test_a_set_form_the_person_states_is_theirs_whoever_says_more() -> None:
    s = state("What did Priya plan to do after the evening class?", [
        ("D1:1", "Omar", "After the evening class I usually plan the next class, as I do every "
                         "evening."),
        ("D1:2", "Priya", "Good to hear. Okay, I'm off to grab dinner with my cousin."),
        ("D1:3", "Omar", "The evening class plan worked out, I do love it.")])
    # the other speaker covers more of the question, but the plan is Priya's own
    assert read(s).answer == "grab dinner with my cousin"
    # another speaker's first-person plan is not the person's, though it is said to her
    said = "Priya, after the evening class I'm off to the gym."
    s = state("What did Priya plan to do after the evening class?", [("D1:1", "Omar", said)])
    q = analyse(s.question, SPEAKERS)
    assert off_to(said) == "the gym" and sentences(s, q)
    assert stated(q, sentences(s, q), REACH) is None
