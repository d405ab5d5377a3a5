"""Reader: "why" is answered by the reason a sentence marks (reader.reasons): the clause after
"because", before a result's "so" or a ", which", or a purpose infinitive."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.read import read
from mrgraph.reader.reasons import purpose, reason
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state


def test_the_reason_follows_because() -> None:
    assert reason("I sold the kayak because the rent on the boathouse went up.") == \
        "the rent on the boathouse went up"
    assert reason("We moved the party indoors 'cause of the storm warning.") == \
        "the storm warning"
    assert reason("Honestly, I quit cuz my shifts kept changing; it was chaos.") == \
        "my shifts kept changing"


@needs_wordnet
def test_the_reason_comes_before_a_result() -> None:
    assert reason("The bakery closed at noon, so we baked our own bread.") == \
        "The bakery closed at noon"
    assert reason("My knee was sore so I skipped the hike.") == "My knee was sore"
    assert reason("The ferry was late, which made us miss the concert.") == \
        "The ferry was late"
    # "so" before an adjective is an adverb, no conjunction
    assert reason("She seemed so tired after the night shift.") is None
    # after a form of "be", "so" before a subject word intensifies: no result follows
    assert reason("Honestly, that band was so my thing back then.") is None
    assert reason("It's so the old me, always rushing.") is None
    assert reason("He was late so we left without him.") == "He was late"


@needs_wordnet
def test_a_purpose_answers_why() -> None:
    assert reason("I left the office early so I could catch the ferry.") == \
        "I could catch the ferry"
    # the result says what it was done for: that purpose is the reason
    assert reason("I love bright glazes, so I painted the mug to cheer my sister up.") == \
        "to cheer my sister up"
    assert reason("I joined a rowing club to meet new people.") == "to meet new people"
    assert purpose("We wanted to stay busy in the village.") == \
        "to stay busy in the village"
    # an obligation, a place one goes to: no purpose
    assert purpose("I have to finish the report tonight.") is None
    assert purpose("We went to bed early.") is None
    assert reason("I went to the market on Sunday.") is None


@needs_wordnet
def test_why_is_answered_by_the_reason_clause() -> None:
    turns = [("D1:1", "Zofia", "I sold my kayak because the rent on the boathouse went up.")]
    walked = found(state("Why did Zofia sell her kayak?", turns), False)
    assert read(walked).answer == "the rent on the boathouse went up"
    assert read(walked, off=frozenset({"why_clause"})).answer == turns[0][2]


def test_a_denied_reason_is_not_the_reason() -> None:
    """"not because X (but) because Y": Y is the reason; a reason only denied gives none."""
    assert reason("I quit not because of the pay but because the hours were long.") == \
        "the hours were long"
    assert reason("It wasn't because I was bored, it was because the rent doubled.") == \
        "the rent doubled"
    assert reason("It wasn't just because of the view; the price was fair too.") is None
    # a negated act keeps its reason: "didn't go *because I was ill*"
    assert reason("I didn't go to the fair because I was ill.") == "I was ill"


def test_which_on_a_noun_gives_no_reason() -> None:
    """", which" and a subject is a relative on the noun, not an effect of the clause."""
    assert reason("I bought a bike, which I ride to the office daily.") is None
    assert reason("I adopted a ferret, which we named Tofu.") is None
    assert reason("I lost my job, which made me rethink everything.") == "I lost my job"
