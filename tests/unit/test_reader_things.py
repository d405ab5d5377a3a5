"""Reader, fifth pass: a phrase that names a thing, a copula that ends a noun phrase
(reader.phrases, reader.words); "how long" below the best sentence (reader.read); the person's
whole turn in the wrong-person test (reader.evidence)."""

from __future__ import annotations

import pytest

from mrgraph.reader.evidence import content_share, split_sentences
from mrgraph.reader.whose import TURN
from mrgraph.reader.phrases import phrase
from mrgraph.reader.tokens import tokens
from mrgraph.reader.question import analyse
from mrgraph.reader.ranker import candidates
from mrgraph.reader.words import kind_of, noun_like
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read, sentences, wrong_person

SPEAKERS = ("Zofia", "Omar")


@needs_wordnet
def test_a_kind_too_broad_lists_no_members() -> None:
    assert not kind_of("event")


@needs_wordnet
def test_a_phrase_ends_with_a_noun_not_a_verb() -> None:
    assert noun_like("tornado") and noun_like("reunion") and noun_like("Lisbon")
    assert not noun_like("came") and not noun_like("hit") and not noun_like("get")
    assert not noun_like("cozy")  # mostly an adjective


@needs_wordnet
def test_the_thing_found_beats_the_verb_next_to_the_question_word() -> None:
    question = "What did Zofia find in the woods during her jog?"
    # "came" follows the question's "woods"; the thing found is the noun phrase
    s = state(question, [("D1:1", "Zofia", "I was out jogging in the woods when I stumbled on "
                                          "this cool rusty lantern for the hikers."),
                         ("D1:2", "Omar", "Wow!")])
    assert read(s).answer == "rusty lantern"  # "cool": praise, trimmed


def test_a_copula_ends_the_noun_phrase() -> None:
    q = analyse("What did the book fair raise money for?", SPEAKERS)
    said, _ = phrase("The book fair raised money for the village library, which is so "
                     "lovely.", q)
    assert said == "village library"
    q = analyse("What did Omar's swim raise money for?", SPEAKERS)
    said, _ = phrase("My swim raised money for a brass band is really lovely.", q)
    assert said == "brass band"


def test_how_long_takes_the_span_of_a_sentence_below_the_best() -> None:
    question = "How long has Omar been playing the cello?"
    s = state(question, [("D1:1", "Omar", "Playing the cello makes me so happy, I play it "
                                          "every evening."),
                         ("D1:2", "Omar", "Nine years now, and the cello still surprises me.")])
    reading = read(s)
    assert reading.answer == "nine years, since 2014" and reading.supports == ("D1:2",)


def test_the_persons_turn_that_says_it_over_several_sentences_is_about_them() -> None:
    question = "What is Omar's view on baking rye bread for neighbours on Sundays?"
    turns = [("D1:1", "Zofia", "Baking rye bread on Sundays is my favourite."),
             ("D1:2", "Omar", "Baking rye is lovely. My view: bread on Sundays is best. "
                              "My neighbours love it.")]
    s = state(question, turns)
    q = analyse(question, SPEAKERS)
    # no one sentence of Omar's holds as much of the question as Zofia's does; his turn does
    assert max(content_share(s, q, p) for p in split_sentences(turns[1][2])) < \
        content_share(s, q, turns[0][2]) < TURN * content_share(s, q, turns[1][2])
    assert not wrong_person(s, q)
    assert read(s).answer != NOT_MENTIONED


def test_a_word_in_another_script_stays_one_word() -> None:
    said = [t.text for t in tokens("We're learning a Welsh song, Nos Dâl, and I sing it.")]
    assert "Dâl" in said and "D" not in said
    said_, _ = phrase("I finally met Zoë at the café near the station.",
                      analyse("Who did Omar meet at the café?", SPEAKERS))
    assert said_ == "Zoë"


@pytest.mark.parametrize("between, reply, candidate", [
    ("That's huge! What is he going to study there?", ("D1:3", "Omar"), True),
    ("Aw, good for him.", ("D1:3", "Omar"), False),  # nobody asked: a new topic may start
    ("What is he going to study there?", ("D1:3", "Zofia"), False),  # not the speaker's
])
def test_the_reply_after_the_others_question_is_a_candidate(
        between: str, reply: tuple[str, str], candidate: bool) -> None:
    """A turn sets the scene, the other asks, the speaker answers: the reply's first sentence
    is a candidate, as the next sentence of a turn is (reader.ranker)."""
    question = "What is Omar's son going to study?"
    s = state(question, [
        ("D1:1", "Omar", "My son got into the college up north, he leaves in the autumn."),
        ("D1:2", "Zofia", between), (*reply, "Marine biology. He has wanted it since he was six.")])
    # the scene first: the rule of family "context" puts the reply first (test_reader_context)
    asked = analyse(question, SPEAKERS, frozenset({"context"}))
    found = sentences(s, asked)
    assert found[0].dia_id == "D1:1"
    offered = {(c.text, c.dia_id) for c in candidates(asked, found[:1])}
    assert (("Marine biology", "D1:3") in offered) is candidate


def test_the_reply_answers_when_the_scene_names_nothing_asked() -> None:
    reading = read(state("Which dessert did Zofia bake for the party?", [
        ("D1:1", "Zofia", "I baked a dessert for the party, it took me all afternoon."),
        ("D1:2", "Omar", "Ooh, which one?"),
        ("D1:3", "Zofia", "A lemon tart with fresh raspberries. It vanished in minutes.")]))
    assert reading.answer == "lemon tart" and reading.supports == ("D1:3",)


@pytest.mark.parametrize("question", [
    "What did Omar take a trip to Lisbon for?",  # a place nobody mentioned
    "Where is Zofia's HR internship?",  # a capitalised thing
    "Why did Omar leave the Harbour Choir?",  # a name of two words, one unsaid
])
def test_a_name_no_turn_read_says_is_not_answered(question: str) -> None:
    """The question holds a name no turn read says: what was asked about is not in the
    evidence (an adversarial question swapping a detail), whatever else fits."""
    turns = [("D1:1", "Zofia", "I start a design internship on Monday, so nervous!"),
             ("D1:2", "Omar", "Took a quick trip to Genoa last week to rest my head."),
             ("D1:3", "Omar", "I left the Harbour Band because rehearsals clashed with work.")]
    assert read(state(question, turns)).answer == NOT_MENTIONED


def test_a_name_the_turns_say_or_a_date_asked_is_answered() -> None:
    turns = [("D1:2", "Omar", "Took a quick trip to Ghent in June to rest my head.")]
    assert read(state("What did Omar take a trip to Ghent for?", turns)).answer != NOT_MENTIONED
    # a date is answered in part by a nearby turn: no abstention for "when"
    assert read(state("When did Omar take a trip to Lisbon?", turns)).answer != NOT_MENTIONED


@pytest.mark.parametrize("question, turns, expected", [
    ("Why did Zofia sign up for glassblowing?",
     [("D1:1", "Omar", "Why did you sign up for glassblowing, of all things?"),
      ("D1:2", "Zofia", "My doctor said I needed a calm hobby that uses my hands. "
                        "Turns out glass is hot.")],
     "My doctor said I needed a calm hobby that uses my hands."),
    ("How does Omar get his dog to take the pills?",
     [("D1:1", "Zofia", "How do you get your dog to take the pills?"),
      ("D1:2", "Omar", "Only when they're tucked in a slice of ham. He's no fool.")],
     "Only when they're tucked in a slice of ham."),
    ("Why does Omar walk to work?",
     [("D1:1", "Zofia", "Why do you walk to work every day?"),
      ("D1:2", "Omar", "It clears my head before long meetings. Also the bus is slow.")],
     "It clears my head before long meetings."),
])
def test_the_reply_to_the_question_asked_answers_why_and_how(
        question: str, turns: list[tuple[str, str, str]], expected: str) -> None:
    """The first sentence of the reply to the other's question asking ours answers it; what
    the speaker says next answers only when the best sentence sets a scene."""
    assert read(state(question, turns)).answer == expected


def test_no_name_is_unseen_when_no_turn_was_read_or_the_speaker_is_quoted() -> None:
    """Without turns read the summaries answer, and a speaker a kept summary quotes is no
    unseen name (nor is a name with letters beyond ASCII that the turns say)."""
    s = state("What did Zofia bake for the party?", [])
    s.evidence.events["e1"]["summary"] = "Zofia baked a lemon tart for the party."
    assert read(s).answer != NOT_MENTIONED
    turns = [("D1:1", "Zofia", "I baked a lemon tart for Zoë's party, it vanished.")]
    assert read(state("What did Zofia bake for Zoë's party?", turns)).answer != NOT_MENTIONED
    s = state("What did Omar give Zofia for the party?",
              [("D1:1", "Zofia", "Omar gave me a lemon tart for the party!")])
    s.evidence.events["e1"]["summary"] = "Omar: happy birthday! Zofia: thanks for the tart."
    assert read(s).answer != NOT_MENTIONED


def test_an_exclamation_opening_the_reply_is_no_answer_to_why() -> None:
    reading = read(state("Why does Omar walk to work?", [
        ("D1:1", "Zofia", "Why do you walk to work every day?"),
        ("D1:2", "Omar", "Ha, I get that a lot from people. It clears my head before "
                         "long meetings.")]))
    assert reading.answer == "It clears my head before long meetings."


def test_a_question_in_the_reply_is_no_candidate() -> None:
    question = "What is Omar's son going to study?"
    s = state(question, [
        ("D1:1", "Omar", "My son got into the college up north, he leaves in the autumn."),
        ("D1:2", "Zofia", "That's huge! What is he going to study there?"),
        ("D1:3", "Omar", "Would you believe marine biology? He loves the sea.")])
    found = sentences(s, analyse(question, SPEAKERS))
    offered = {c.text for c in candidates(analyse(question, SPEAKERS), found[:1])}
    assert "believe marine biology" not in offered and "loves the sea" in offered
    off = analyse(question, SPEAKERS, frozenset({"reply"}))
    assert "loves the sea" not in {c.text for c in candidates(off, sentences(s, off)[:1])}


@pytest.mark.parametrize(("question", "sentence", "expected"), [
    ("What did Zofia receive from the chess club?",
     "They gave me a silver medal from the chess club, which was lovely.", "silver medal"),
    ("What did Omar bring to the book swap?",
     "I brought my old atlases to the book swap, nobody wanted them.", "old atlases"),
    ("What did Zofia buy at the flea market?",
     "So I found a brass lamp at the flea market, a real bargain.", "brass lamp"),
])
def test_the_phrase_before_the_questions_own_prepositional_phrase(question: str, sentence: str,
                                                                    expected: str) -> None:
    """The thing asked for stands right before the question's own prepositional phrase (the
    same preposition and word after it), even without the question's verb; "of" excluded."""
    said, _ = phrase(sentence, analyse(question, SPEAKERS))
    assert said == expected
