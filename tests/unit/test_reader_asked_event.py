"""The event a "when" question asks about (reader.asked_event, reader.when): of two statements
holding the question's nouns, the one holding its verb tells the event asked ("I present a
poster at the conference in June." - "I leave for the conference on Sunday."), and a sentence
holding only the question's names ("We're Low Tide!") tells no event (event_verb,
names_only)."""

from __future__ import annotations

from mrgraph.reader import asked_event, evidence
from mrgraph.reader.asked_event import event_verb, holds_unnamed, names_only, tells, told_verb
from mrgraph.reader.question import analyse
from mrgraph.reader.words import LIGHT_VERBS, lemma
from tests.unit.test_reader_when import _answer

EVENT = frozenset({"event_verb"})
NAMES = frozenset({"names_only"})


def test_the_event_verb_of_a_question() -> None:
    """The verb after the person; after a light verb, its participle or -ing form; none for a
    light verb's object, nor for a name taken for a verb."""
    cases = [
        ("When did Nora leave for the book fair?", "leave"),
        ("When did Omar get promoted at the bank?", "promote"),
        ("When did Priya go sailing with her uncle?", "sail"),
        ("When did Nora have her garden party?", None),
        ("When did Omar take the driving test?", None),
        ("When did Nora and Omar get married?", "marry"),
    ]
    for question, verb in cases:
        assert event_verb(analyse(question, ["Nora", "Omar", "Priya"])) == verb, question
    assert tells("I left for the fair at dawn.", "leave")
    assert tells("We're leaving on Monday.", "leave") and not tells("The leaves fell.", "marry")


def test_the_event_verb_a_sentence_tells() -> None:
    """The question's event verb when the sentence holds it (the best's neighbours must hold it
    too: reader.when), else None; None with the family off."""
    question = "When did Nora get hired for the museum job?"
    asked = analyse(question, ["Nora", "Omar"])
    assert told_verb(asked, "Big news, I just got hired!") == "hire"
    assert told_verb(asked, "I had an interview for the museum job.") is None
    assert told_verb(analyse(question, ["Nora", "Omar"], EVENT), "I got hired!") is None


def test_the_dated_statement_holding_the_verb_tells_the_event() -> None:
    """Three shapes: a plan holding the nouns told first, then the statement holding the
    verb; a later statement holding the nouns but another verb; a past visit, then the plan
    holding the verb (the event asked beats the side the question's tense asks about)."""
    cases = [
        ("When did Nora leave for the Porto conference?",
         [("D1:1", "Nora", "My boss wants me to give a talk at a conference in Porto in June.",
           "2024-05-02"),
          ("D2:1", "Nora", "I leave for Porto on Friday, bags are packed.", "2024-06-11")],
         ("14 June 2024", ("D2:1",)), "June 2024"),
        ("When did Omar sell his old van?",
         [("D1:1", "Omar", "I sold the van last Saturday, finally!", "2024-03-12"),
          ("D2:1", "Omar", "My old van was towed to the garage last week, what a mess.",
           "2024-02-20")],
         ("the Saturday before 12 March 2024", ("D1:1",)), "the week before 20 February 2024"),
        ("When did Priya move into the flat on Elm Road?",
         [("D1:1", "Priya", "We looked round a flat on Elm Road in March, it's lovely.",
           "2024-04-02"),
          ("D2:1", "Priya", "We move into the Elm Road flat on Saturday!", "2024-05-14")],
         ("18 May 2024", ("D2:1",)), "March 2024"),
    ]
    for question, turns, expected, without in cases:
        assert _answer(question, turns) == expected, question
        assert _answer(question, turns, EVENT)[0] == without, question


def test_a_sentence_without_the_verb_is_not_its_first_telling() -> None:
    """Three shapes: the interview before the hiring, the viewing before the buying, the
    audition before the casting: each told first and dated, but another event."""
    cases = [
        ("When did Nora get hired for the museum job?",
         [("D1:1", "Nora", "Oh, I had an interview for the museum job yesterday!",
           "2024-04-03"),
          ("D2:1", "Nora", "Big news, I just got hired for the museum job!", "2024-04-20")],
         "20 April 2024"),
        ("When did Omar buy the cottage by the lake?",
         [("D1:1", "Omar", "We viewed a cottage by the lake on Saturday, so pretty.",
           "2024-07-09"),
          ("D2:1", "Omar", "We bought the cottage by the lake, can you believe it!",
           "2024-08-01")],
         "1 August 2024"),
        ("When did Priya get chosen for the choir?",
         [("D1:1", "Priya", "I auditioned for the choir last week, fingers crossed.",
           "2024-02-14"),
          ("D2:1", "Priya", "I got chosen for the choir, as a soloist!", "2024-03-01")],
         "1 March 2024"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question
        assert _answer(question, turns, EVENT)[0] != expected, question


def test_names_only() -> None:
    """The question's names alone ("the Anchor", "Low Tide") are held by a sentence naming who
    it is about; any other word of the question is the event's."""
    question = analyse("When was Low Tide's first gig at the Anchor?", ["Nora", "Omar"])
    assert names_only(question, "We're Low Tide, by the way.")
    assert not names_only(question, "Our gig at the Anchor is on Friday.")
    assert holds_unnamed(question, "Our gig at the Anchor is on Friday.")
    assert not holds_unnamed(question, "The Anchor is a pub.")


def test_a_sentence_naming_only_who_yields_to_the_dated_event() -> None:
    """Three shapes: a band's name ("We're ..."), a theatre's name ("... is my obsession"),
    a dog's name ("... says hi"), each the best fit alone in a turn with no date, the event
    dated in the next one, another telling dated later (the first two pick that one without
    the rule)."""
    cases = [
        ("When was Low Tide Parade's first gig at the Anchor?",
         [("D1:1", "Omar", "We're Low Tide Parade, by the way.", "2024-03-09"),
          ("D1:3", "Omar", "Our first gig is at the Anchor on April 13th.", "2024-03-09"),
          ("D2:1", "Nora", "Sorry I missed your Anchor show on Saturday.", "2024-06-11")],
         "13 April 2024", "the Saturday before 11 June 2024"),
        ("When did Tiny Oak Theatre stage its first play in Redbridge?",
         [("D1:1", "Nora", "Tiny Oak Theatre is my new obsession.", "2024-03-09"),
          ("D1:3", "Nora", "Their first play is in Redbridge on 20 April.", "2024-03-09"),
          ("D2:1", "Omar", "Saw your Redbridge posters on Monday.", "2024-07-02")],
         "20 April 2024", "the Monday before 2 July 2024"),
        ("When did Captain Biscuit have his first trim at the groomer?",
         [("D1:1", "Nora", "Captain Biscuit says hi, he's snoring.", "2024-03-09"),
          ("D1:3", "Nora", "His first trim at the groomer is on 20 April.", "2024-03-09"),
          ("D2:1", "Omar", "Saw your groomer's van on Monday.", "2024-07-02")],
         "20 April 2024", None),
    ]
    for question, turns, expected, without in cases:
        assert _answer(question, turns)[0] == expected, question
        if without is not None:
            assert _answer(question, turns, NAMES)[0] == without, question


def test_a_verb_of_a_phase_names_the_event() -> None:
    """"start", "finish", "stop" + an -ing form ask for that phase of the activity: a dated
    statement holding only the activity tells another phase, or another time it was done,
    so the activity is no event verb and the answer is the phase told."""
    people = ["Nora", "Omar", "Priya"]
    for question in ("When did Priya start playing the violin?",
                     "When did Nora finish writing her thesis?",
                     "When did Omar stop running marathons?"):
        assert event_verb(analyse(question, people)) is None, question
    cases = [
        ("When did Nora finish writing her thesis?",
         [("D1:1", "Nora", "My thesis is finished, I handed it in last Friday!", "2024-06-10"),
          ("D2:1", "Nora", "I started writing my thesis in January.", "2024-07-01")],
         "the Friday before 10 June 2024"),
        ("When did Omar stop running marathons?",
         [("D1:1", "Omar", "I stopped doing marathons after my knee injury in 2019.",
           "2024-03-31"),
          ("D2:1", "Omar", "I ran my first marathon in 2012, in Berlin.", "2024-04-02")],
         "2019"),
        ("When did Priya start playing the violin?",
         [("D1:1", "Priya", "I started the violin at eight, in 2001.", "2024-03-31"),
          ("D2:1", "Priya", "I played the violin at a wedding last Saturday.", "2024-04-02")],
         "2001"),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns)[0] == expected, question


def test_the_light_verbs_are_the_readers() -> None:
    """One list of the verbs naming no act of their own (reader.words.LIGHT_VERBS) serves the
    evidence's restating sentences and the event asked; a phase verb is light here too."""
    assert LIGHT_VERBS | asked_event.PHASE <= asked_event.LIGHT
    assert evidence._LIGHT == {lemma(w) for w in LIGHT_VERBS}
