"""A date asked of a person: the other speaker's praise that names the thing ("Your first
employee! The shop is an empire.") does not make the evidence theirs when the person dates the
act themselves ("I opened it in 2019"; reader.whose.wrong_person, family wp_dated)."""

from __future__ import annotations

from tests.unit.test_reader_when import _answer

OFF = frozenset({"wp_dated"})
DAY = "2024-03-12"


def test_the_others_praise_is_not_theirs() -> None:
    """The other names the thing asked about in praise; the person dates it."""
    cases = [
        ("Which year did Omar open Blue Lantern Books?",
         [("D1:1", "Zofia", "Your first employee! Blue Lantern Books is officially an empire.",
           DAY),
          ("D1:2", "Omar", "A small one. It's been five years since I opened it in 2019.", DAY)],
         "2019"),
        ("When did Zofia finish the Harbour Bridge mural?",
         [("D1:1", "Omar", "Wow, the Harbour Bridge mural looks amazing, congrats!", DAY),
          ("D1:2", "Zofia", "Thanks! I finished it last Sunday, my arms still hurt.", DAY)],
         "the Sunday before 12 March 2024"),
        ("When did Omar adopt Pepper the greyhound?",
         [("D1:1", "Zofia", "Pepper the greyhound is adorable, look at those ears!", DAY),
          ("D1:2", "Omar", "Right? I adopted her in January from a rescue.", DAY)],
         "January 2024"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, OFF)[0] == "Not mentioned in the conversation", question


def test_the_others_own_story_still_counts() -> None:
    """The other telling of themselves ("I opened ...") still makes the evidence theirs: an
    adversarial question swaps the person."""
    turns = [("D1:1", "Zofia", "I opened Blue Lantern Books in 2019, my pride and joy.", DAY),
             ("D1:2", "Omar", "That's great, I love the shop.", DAY)]
    assert _answer("Which year did Omar open Blue Lantern Books?", turns)[0] == \
        "Not mentioned in the conversation"
