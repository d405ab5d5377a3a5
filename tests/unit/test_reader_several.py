"""Questions that ask for several things without a plural noun: the present perfect ("What has
X painted?") asks what has been so over time, answered by a list of the things said in
several sessions (reader.question.over_time). Sessions: Sunday 7 May 2023
(tests.unit.test_reader.state)."""

from __future__ import annotations

import pytest

from mrgraph.policies.turns import found
from mrgraph.reader.items import thing_of
from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse, over_time
from mrgraph.reader.read import read
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS, state

OFF_PERFECT = frozenset({"perfect"})


def _answer(question: str, turns: list[tuple[str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    return read(found(state(question, turns), False), off=off).answer


@needs_wordnet
@pytest.mark.parametrize(("question", "several"), [
    ("What has Zofia painted?", True), ("Where have Omar and his kids camped?", True),
    ("Who has taught Omar to swim?", True), ("What things has Zofia grown this year?", True),
    ("What has Omar been up to?", False),  # "been": a state now, not things done
    ("Which city have both Zofia and Omar visited?", False),  # one thing they share
    ("What did Zofia paint?", False), ("What does Omar grow?", False),
    ("What had Zofia made before the fair?", False)])
def test_the_present_perfect_asks_for_several_things(question: str, several: bool) -> None:
    assert over_time(analyse(question, SPEAKERS)) is several


@needs_wordnet
def test_a_present_perfect_question_is_answered_with_a_list() -> None:
    """Three shapes: what, where, who; each thing said in a session of its own."""
    cases = [
        ("What has Zofia painted?",
         [("D1:1", "Zofia", "I painted a lighthouse last week."),
          ("D2:1", "Zofia", "I painted a small fox for my nephew.")],
         ("lighthouse", "fox")),
        ("Where has Omar camped?",
         [("D1:1", "Omar", "We camped in the desert over the holidays."),
          ("D2:1", "Omar", "We camped by the lake with the kids.")],
         ("desert", "lake")),
        ("Who has taught Zofia to cook?",
         [("D1:1", "Zofia", "My aunt Leila taught me to cook rice."),
          ("D2:1", "Zofia", "My neighbour Sunil taught me to cook dal.")],
         ("Leila", "Sunil")),
    ]
    for question, turns, things in cases:
        said = _answer(question, turns)
        assert all(t in said for t in things), said
        alone = _answer(question, turns, OFF_PERFECT)  # the rule's: one phrase without it
        assert not all(t in alone for t in things), alone


@needs_wordnet
def test_an_item_joining_two_things_is_two_items() -> None:
    """Three shapes of "X and Y" in a list: two names, two instruments, two dishes."""
    cases = [
        ("Which cities has Zofia visited?",
         [("D1:1", "Zofia", "I visited Lisbon in May."),
          ("D2:1", "Zofia", "Last year my sister and I visited Genoa and Paris by train.")],
         {"Genoa", "Paris"}),
        ("What instruments does Zofia play?",
         [("D1:1", "Zofia", "I play the cello these days."),
          ("D2:1", "Zofia", "I also play the harp and the flute.")], {"harp", "the flute"}),
        ("What dishes has Omar cooked?",
         [("D1:1", "Omar", "I cooked a lamb stew on Sunday."),
          ("D2:1", "Omar", "For the party I cooked dal and rice.")], {"dal", "rice"}),
    ]
    for question, turns, parts in cases:
        said = _answer(question, turns)
        assert parts <= set(said.split(", ")), said
        assert not parts <= set(_answer(question, turns, frozenset({"item_split"})).split(", "))


@needs_wordnet
def test_the_present_perfect_reaches_further_for_its_items() -> None:
    """A question in the present perfect asks what has been so over time: an item whose
    sentence holds half of the question (PERFECT_SHARE) joins the best one; in the simple
    present it does not (ITEM_SHARE). Three shapes: what, which, where."""
    cases = [
        ("What sports has Omar played?", "What sports does Omar play?",
         [("D1:1", "Omar", "The sport I played most was rowing."),
          ("D2:1", "Omar", "I played squash with Ali last week.")], {"rowing", "squash"}),
        ("Which cities has Zofia visited?", "Which cities does Zofia visit?",
         [("D1:1", "Zofia", "The city I visited last spring was Porto."),
          ("D2:1", "Zofia", "I visited Ghent over the holidays.")], {"Porto", "Ghent"}),
        ("Where has Omar camped with his kids?", "Where does Omar camp with his kids?",
         [("D1:1", "Omar", "I camped with my kids by the lake."),
          ("D2:1", "Omar", "We camped in the desert once.")], {"lake", "desert"}),
    ]
    for perfect, present, turns, both in cases:
        assert both <= set(_answer(perfect, turns).split(", "))
        assert not both <= set(_answer(perfect, turns, frozenset({"perfect_share"})).split(", "))
        assert not both <= set(_answer(present, turns).split(", "))


@needs_wordnet
def test_the_present_perfect_takes_an_item_of_each_sentence() -> None:
    """What has been so over time may be told twice in one turn: each sentence gives an item.
    Three shapes: what, where, which."""
    cases = [
        ("What has Omar cooked?",
         [("D1:1", "Omar", "I cooked a lamb stew on Sunday. I also cooked a lentil soup."),
          ("D2:1", "Omar", "Last week I cooked paella.")], "lentil soup"),
        ("Where has Zofia travelled?",
         [("D1:1", "Zofia", "I travelled to Oslo in March. Then I travelled to Bergen by train."),
          ("D2:1", "Zofia", "We travelled to Cairo last winter.")], "Bergen"),
        ("Which sports has Omar played?",
         [("D1:1", "Omar", "I played rugby at school. Later I played cricket for the village."),
          ("D2:1", "Omar", "This summer I played tennis.")], "cricket"),
    ]
    for question, turns, second in cases:
        assert second in _answer(question, turns)
        assert second not in _answer(question, turns, frozenset({"item_sentences"}))  # the rule's


@needs_wordnet
def test_an_item_keeps_the_questions_nouns_up_to_its_head() -> None:
    """A list item joins the question's own nouns that lead to the head noun ("a *live music
    event*" for "What music events..."), not numbers; not for one thing asked ("What music
    event..."). Three shapes: events, classes, sports."""
    cases = [("What music events has Omar attended?",
              "Last week we had a blast at a live music event.", "live music event"),
             ("Which art classes does Zofia take?",
              "On Mondays I take a watercolour art class.", "watercolour art class"),
             ("What water sports has Zofia tried?",
              "In June I tried a fun new kayak water sport.", "new kayak water sport")]
    for question, sentence, item in cases:
        assert phrase(sentence, analyse(question, SPEAKERS))[0] == item
        off = analyse(question, SPEAKERS, frozenset({"ph_head_run"}))
        assert phrase(sentence, off)[0] != item  # the rule's
    one = analyse("What music event did Omar attend?", SPEAKERS)
    assert phrase("Last week we had a blast at a live music event.", one)[0] != "live music event"


@needs_wordnet
def test_a_list_said_in_one_phrase_is_split_into_items() -> None:
    """A list question answered by one phrase that lists things: each is an item. Three
    shapes: two things with articles, two names, a comma list ending in "and"."""
    cases = [("What instruments does Zofia play?", "I play the cello and the harp.",
              "cello, the harp"),
             ("Which classical composers does Omar enjoy?", "I enjoy Haydn and Brahms most.",
              "Haydn, Brahms"),
             ("What values does Zofia want to teach her students?",
              "I want to teach my students kindness, honesty and patience.",
              "kindness, honesty, patience")]
    for question, sentence, said in cases:
        turns = [("D1:1", "Zofia" if "Zofia" in question else "Omar", sentence)]
        assert _answer(question, turns) == said
        assert _answer(question, turns, frozenset({"item_split"})) != said  # the rule's


@needs_wordnet
@pytest.mark.parametrize(("phrase", "thing"), [
    ("joined a rowing club", "rowing club"), ("took my nephews", "nephews"),
    ("failed the driving theory test", "driving theory test"), ("got a pup", "pup"),
    ("went camping", "went camping"),  # no object
    ("bake bread", "bake bread"),  # a base form: not something done
    ("playing my cello", "playing my cello"),  # an activity itself
    ("started harp lessons", "started harp lessons"),  # no determiner: maybe no object
    ("a pottery class", "a pottery class"), ("need a break", "need a break")])
def test_a_verb_done_and_its_object_name_the_object(phrase: str, thing: str) -> None:
    assert thing_of(phrase) == thing


@needs_wordnet
def test_a_list_item_of_a_verb_done_is_its_object() -> None:
    """Three shapes: activities, events, animals; each said in a session of its own."""
    cases = [
        ("What activities has Zofia done this year?",
         [("D1:1", "Zofia", "In March I joined a rowing club by the river."),
          ("D2:1", "Zofia", "I finished a pottery course with my sister.")],
         "rowing club, pottery course"),
        ("Which events has Zofia taken part in?",
         [("D1:1", "Zofia", "Last week I organised a charity bake sale at work."),
          ("D2:1", "Zofia", "We attended the city marathon in May.")],
         "charity bake sale, city marathon"),
        ("What animals has Omar looked after?",
         [("D1:1", "Omar", "Last year we adopted a grey kitten."),
          ("D2:1", "Omar", "In May we rescued an old beagle.")], "grey kitten, old beagle"),
    ]
    for question, turns, said in cases:
        assert _answer(question, turns) == said
        assert _answer(question, turns, frozenset({"item_object"})) != said  # the rule's


@needs_wordnet
def test_the_others_news_echoed_is_not_the_persons() -> None:
    """A list question: the person only echoes what the other read ("Your book sounds great, I
    should read it"): the evidence is the other's."""
    echoed = [("D1:1", "Omar", "I read a book about whales and loved it."),
              ("D2:1", "Zofia", "Your book sounds great, I should read it.")]
    assert _answer("What books has Zofia read?", echoed) == NOT_MENTIONED
