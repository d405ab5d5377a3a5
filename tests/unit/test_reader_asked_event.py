"""A sentence holding only the question's names ("We're Tin Lantern Parade!") tells no event:
a dated statement holding the question's other words answers (reader.asked_event,
reader.when; family names_only)."""

from __future__ import annotations

from mrgraph.reader.asked_event import holds_unnamed, names_only
from mrgraph.reader.question import analyse
from tests.unit.test_reader_when import _answer

NAMES = frozenset({"names_only"})


def test_names_only() -> None:
    """The question's names alone ("the Mossgrove", "Tin Lantern Parade") are held by a
    sentence naming who it is about; any other word of the question is the event's."""
    question = analyse("When was Tin Lantern Parade's first gig at the Mossgrove?",
                       ["Nora", "Omar"])
    assert names_only(question, "We're Tin Lantern Parade, by the way.")
    assert not names_only(question, "Our gig at the Mossgrove is on Friday.")
    assert holds_unnamed(question, "Our gig at the Mossgrove is on Friday.")
    assert not holds_unnamed(question, "Tin Lantern Parade rocks.")


def test_a_named_thing_asked_of_is_no_name_of_whom() -> None:
    """A name after a determiner or a preposition is what is asked about, not whom: three
    shapes (an event after "the", a venue after "at the", a capitalised "The")."""
    for question, told in [
        ("When did Ilse run the Harbour Half Marathon?", "The Harbour Half Marathon was brutal!"),
        ("When was Tin Lantern Parade's first gig at the Mossgrove?", "The Mossgrove is a pub."),
        ("When did Omar first play at The Rusty Anchor?", "The Rusty Anchor is tiny."),
    ]:
        asked = analyse(question, ["Ilse", "Omar", "Nora"])
        assert not names_only(asked, told), question
        assert holds_unnamed(asked, told), question


def test_a_sentence_naming_only_who_yields_to_the_dated_event() -> None:
    """Three shapes: a band's name ("We're ..."), a theatre's name ("... is my obsession"),
    a dog's name ("... says hi"), each the best fit alone in a turn with no date, the event
    dated in the next one, another telling dated later (the first two pick that one without
    the rule)."""
    cases = [
        ("When was Tin Lantern Parade's first gig at the Mossgrove?",
         [("D1:1", "Omar", "We're Tin Lantern Parade, by the way.", "2024-03-09"),
          ("D1:3", "Omar", "Our first gig is at the Mossgrove on April 13th.", "2024-03-09"),
          ("D2:1", "Nora", "Sorry I missed your Mossgrove show on Saturday.", "2024-06-11")],
         "13 April 2024", "the Saturday before 11 June 2024"),
        ("When did Tiny Oak Theatre stage its first play in Redbridge?",
         [("D1:1", "Nora", "Tiny Oak Theatre is my new obsession.", "2024-03-09"),
          ("D1:3", "Nora", "Their first play is in Redbridge on 20 April.", "2024-03-09"),
          ("D2:1", "Omar", "Saw your Redbridge posters on Monday.", "2024-07-02")],
         "20 April 2024", "the Monday before 2 July 2024"),
        ("When did Captain Pickle have his first trim at the groomer?",
         [("D1:1", "Nora", "Captain Pickle says hi, he's snoring.", "2024-03-09"),
          ("D1:3", "Nora", "His first trim at the groomer is on 20 April.", "2024-03-09"),
          ("D2:1", "Omar", "Saw your groomer's van on Monday.", "2024-07-02")],
         "20 April 2024", None),
    ]
    for question, turns, expected, without in cases:
        assert _answer(question, turns)[0] == expected, question
        if without is not None:
            assert _answer(question, turns, NAMES)[0] == without, question


def test_a_name_after_with_is_a_companion_of_whom() -> None:
    """"with" takes a companion, one whom the question is about: a sentence naming only them
    yields to the dated event (as it did before names after prepositions were taken for
    things asked of). Three shapes: a coach, a friend, a singer."""
    cases = [
        ("When did Omar have his first lesson with Coach Rafferty?",
         [("D1:1", "Omar", "Coach Rafferty is a legend, honestly.", "2024-03-09"),
          ("D1:3", "Omar", "My first lesson is on 20 April.", "2024-03-09"),
          ("D2:1", "Nora", "Saw your lesson photos on Monday.", "2024-07-02")]),
        ("When did Nora go camping with Jonah Pike?",
         [("D1:1", "Nora", "Jonah Pike is the funniest guy I know.", "2024-03-09"),
          ("D1:3", "Nora", "We go camping on 20 April, just us two.", "2024-03-09"),
          ("D2:1", "Omar", "Saw your camping pictures on Monday.", "2024-07-02")]),
        ("When did Omar sing a duet with Lila Moss?",
         [("D1:1", "Omar", "Lila Moss says hi, she's next to me.", "2024-03-09"),
          ("D1:3", "Omar", "Our duet is on 20 April at the festival.", "2024-03-09"),
          ("D2:1", "Nora", "Heard your duet on the radio on Monday.", "2024-07-02")]),
    ]
    for question, turns in cases:
        assert _answer(question, turns)[0] == "20 April 2024", question
