"""Reader, sixth pass: a question asking how someone felt or describes a thing is answered
with the words of feeling or description said (reader.feelings)."""

from __future__ import annotations

from mrgraph.reader.feelings import asks_feeling, described, felt
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import state
from tests.unit.walked import read


def test_which_questions_ask_for_a_feeling() -> None:
    assert asks_feeling("How did Omar feel after the regatta?")
    assert asks_feeling("How does Zofia describe the lighthouse?")
    assert asks_feeling("What emotions did Omar feel at the ferry?")
    assert asks_feeling("What did Zofia want her guests to feel in her orchard?")
    # "feel closer", "feel passionate about": a goal or a cause, not a feeling asked for
    assert not asks_feeling("What did Zofia do to feel closer to her quilting group?")
    assert not asks_feeling("What causes does Omar feel passionate about?")
    assert not asks_feeling("What did Omar bring to the regatta?")


@needs_wordnet
def test_the_feeling_is_the_adjective_said_as_a_predicate() -> None:
    assert described("The glacier walk made me feel gleeful and rested.") == "gleeful and rested"
    assert described("It was a really jubilant and sleepy evening.") == "jubilant and sleepy"
    assert described("I'm so excited about the kayak!") == "excited"
    # a thing's quality ("the ferry was slow") is nobody's feeling; nor "hard to" do something
    assert described("The ferry was slow, so we sat in the orchard.") == ""
    assert described("It's hard to pick one kayak, but I love the red one.") == ""
    # a verb's past form after "is" is a passive, not a feeling; "like" says no quality
    assert described("It was wanted by the lighthouse keeper.") == ""
    assert described("It looks like a quilt.") == ""


def test_what_follows_felt_when_no_adjective_does() -> None:
    assert felt("We rowed all night and felt at peace with the glacier.") == \
        "at peace with the glacier"
    assert felt("The regatta starts at noon.") == ""


@needs_wordnet
def test_how_someone_felt_is_answered_with_the_feeling() -> None:
    question = "How did Omar feel after the regatta?"
    s = state(question, [("D1:1", "Omar", "The regatta finished late on Sunday."),
                         ("D1:2", "Zofia", "Oh, how was it?"),
                         ("D1:3", "Omar", "After the regatta I was so gleeful and sleepy.")])
    reading = read(s)
    assert reading.answer == "gleeful and sleepy" and reading.supports == ("D1:3",)


def test_a_belief_gives_no_reason_nor_manner() -> None:
    """A belief is a state ("likes rowing"): it never speaks to "why" or "how"."""
    question = "Why did Omar join the rowing club?"
    s = state(question, [("D1:1", "Omar", "I joined the rowing club because my brother "
                                          "rows there every Sunday.")])
    s.evidence.beliefs["b1"] = {"id": "b1", "entity": "Omar", "aspect": "rowing club",
                                "statement": "likes rowing club join", "confidence": 0.9,
                                "dia_ids": ["D1:1"]}
    # the reason the sentence marks (reader.reasons, family why_clause)
    assert read(s).answer == "my brother rows there every Sunday"
    assert read(s).features.believed == 0.0  # not even its confidence: no reason in a belief
    s.question = "What did Omar join?"
    reading = read(s)  # the turn answers; the belief stating it gives its confidence
    assert reading.answer == "rowing club" and reading.confidence == 0.9
