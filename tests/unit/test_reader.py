"""The reader answers what was asked from the evidence a policy kept: a phrase, yes or no, a
span of time; the asked person's own words first; never a question; a fitted confidence."""

from __future__ import annotations

from mrgraph.eval.metrics import expected_calibration_error, reliability
from mrgraph.policies.base import Budget, State
from mrgraph.reader import confidence
from mrgraph.reader.forms import duration, frequency, negated
from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse
from mrgraph.text import tokenize
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.walked import read

SPEAKERS = ("Zofia", "Omar")


def state(question: str, turns: list[tuple[str, str, str]]) -> State:
    """A state whose evidence is `turns` (dia_id, speaker, text) of one episode."""
    s = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    s.evidence.events["e1"] = {"id": "e1", "summary": "", "dia_ids": [t[0] for t in turns],
                               "relevance": 0.5, "date": "2023-05-07"}
    s.evidence.add_turns([{"dia_id": d, "speaker": who, "text": text, "event_id": "e1",
                           "date": "2023-05-07T10:00:00"} for d, who, text in turns], "c1", 0.5)
    return s


def test_the_phrase_is_the_object_of_the_verb_asked_about() -> None:
    q = analyse("What did Zofia donate to the library?", SPEAKERS)
    said, _ = phrase("Last week I donated my old bicycle to the library.", q)
    assert said == "old bicycle"
    q = analyse("Which workshop did Omar attend?", SPEAKERS)
    assert phrase("I went to a woodworking workshop on Friday.", q)[0] == "woodworking workshop"


def test_small_readers() -> None:
    assert duration("We've been together for 9 years now.") == "9 years"
    assert duration("I've been knitting since 2009.") == "since 2009"
    # as the speaker said it: in words or in digits
    assert duration("Nine years now, and I still love it.") == "nine years"
    assert duration("We met 12 weeks ago at the market.") == "12 weeks ago"
    assert duration("I got it a few years ago.") == "a few years ago"
    # numbers in words past twelve, and minutes
    assert duration("Fifty two minutes, and the water was freezing.") == "fifty two minutes"
    assert duration("The drive took twenty-five minutes.") == "twenty-five minutes"
    assert duration("We stayed fifteen days in the mountains.") == "fifteen days"
    assert duration("I ran it in 45 minutes flat.") == "45 minutes"
    assert negated("I never tried it.") and negated("We didn't go.")
    assert not negated("I tried it last year.")


@needs_wordnet
def test_a_thing_of_the_kind_asked_for_is_the_phrase() -> None:
    q = analyse("What country is Omar's aunt from?", SPEAKERS)
    assert phrase("My aunt sent this scarf from her home country, Peru.", q)[0] == "Peru"
    assert phrase("My aunt grew up in Norway and moved here later.", q)[0] == "Norway"


def test_how_and_why_are_answered_by_what_the_person_says_next() -> None:
    s = state("How did Zofia's knee recover after the fall?", [
        ("D1:1", "Zofia", "I had a bad fall on my knee while hiking last month."),
        ("D1:2", "Omar", "Oh no, how is it now?"),
        ("D1:3", "Zofia", "Much better, the swelling is gone and I can walk again.")])
    reading = read(s)
    assert reading.answer == "Much better, the swelling is gone and I can walk again."
    assert reading.supports == ("D1:3",)
    s = state("Why did Omar adopt a dog?", [
        ("D1:1", "Omar", "I adopted a dog last week. I wanted company on my long walks.")])
    assert read(s).answer == "I wanted company on my long walks."


def test_what_follows_skips_a_sentence_that_says_nothing() -> None:
    s = state("How did Zofia's knee recover after the fall?", [
        ("D1:1", "Zofia", "I had a bad fall on my knee while hiking last month. Omar! "
                          "It healed slowly over the summer.")])
    assert read(s).answer == "It healed slowly over the summer."


def test_how_long_ago_is_answered_by_the_span_said() -> None:
    s = state("How long ago did Omar move to the coast?", [
        ("D1:1", "Omar", "I moved to the coast ten years ago and never looked back.")])
    assert read(s).answer == "ten years ago"


def test_how_often_is_answered_by_a_frequency() -> None:
    assert frequency("We don't go often, usually only once or twice a year.") == \
        "only once or twice a year"
    assert frequency("We train three times a week at the gym.") == "three times a week"
    assert frequency("I walk there every other weekend.") == "every other weekend"
    assert frequency("I once went there.") is None
    s = state("How often does Omar swim with his kids?", [
        ("D1:1", "Omar", "Swimming with my kids is the best part of my week."),
        ("D1:2", "Zofia", "That sounds lovely, Omar!"),
        ("D1:3", "Omar", "We go to the pool at least twice a week.")])
    reading = read(s)
    assert reading.answer == "at least twice a week"
    assert reading.supports == ("D1:3",)


def test_yes_no_follows_affirmation_or_negation() -> None:
    s = state("Did Zofia try kayaking?",
              [("D1:1", "Zofia", "I never tried kayaking, it scares me.")])
    assert read(s).answer == "No"
    s = state("Did Zofia try kayaking?",
              [("D1:1", "Zofia", "I tried kayaking last month with my cousin.")])
    assert read(s).answer == "Yes"


def test_an_inference_is_answered_yes_or_no() -> None:
    """"Would X ...?" (three shapes) is answered as "did X ...?" is: "No" when it is denied."""
    cases = [
        ("Would Zofia enjoy a kayaking trip?",
         [("D1:1", "Zofia", "I tried kayaking last month and loved every minute.")], "Yes"),
        ("Would Omar want to move back to the city soon?",
         [("D1:1", "Omar", "I would never move back to the city, the coast is home.")], "No"),
        ("Would Zofia likely read a book about sailing?",
         [("D1:1", "Zofia", "Sailing books are my favourite thing to read on the train.")],
         "Yes"),
        ("Did Zofia try kayaking?",
         [("D1:1", "Zofia", "I tried kayaking last month with my cousin.")], "Yes"),
    ]
    for question, turns, expected in cases:
        assert read(state(question, turns)).answer == expected, question


def test_never_answers_with_a_question_and_prefers_the_person_asked_about() -> None:
    s = state("What did Zofia bake for the party?", [
        ("D1:1", "Omar", "What did you bake for the party?"),
        ("D1:2", "Zofia", "I baked a lemon cake for the party.")])
    reading = read(s)
    assert "?" not in reading.answer and reading.supports == ("D1:2",)
    assert "lemon cake" in reading.answer


def test_the_other_speaker_counts_when_they_state_it_to_the_person() -> None:
    s = state("What job did Zofia get?", [
        ("D1:1", "Omar", "Congrats on the new job at the city museum, Zofia!"),
        ("D1:2", "Zofia", "Thanks so much!")])
    reading = read(s)
    assert reading.answer != NOT_MENTIONED and reading.supports == ("D1:1",)


def test_evidence_about_someone_else_is_not_mentioned() -> None:
    s = state("What did Omar bake for the party?", [
        ("D1:1", "Zofia", "I baked a lemon cake for the party."),
        ("D1:2", "Omar", "Sounds lovely.")])
    assert read(s).answer == NOT_MENTIONED


def test_confidence_is_a_fitted_probability_never_certain() -> None:
    s = state("What did Zofia bake for the party?",
              [("D1:2", "Zofia", "I baked a lemon cake for the party.")])
    reading = read(s)
    assert confidence.FLOOR <= reading.confidence <= confidence.CEILING < 0.99
    params = confidence.parameters()
    assert set(params) == set(confidence.names()) and any(params.values())  # a fit shipped
    assert reading.confidence == confidence.calibrated(reading.features)


def test_reliability_and_expected_calibration_error() -> None:
    pairs = [(0.9, True), (0.9, False), (0.15, False), (0.15, False)]
    bins = reliability(pairs)
    assert [(b["low"], b["n"], b["correct"]) for b in bins] == [(0.1, 2.0, 0.0), (0.9, 2.0, 0.5)]
    assert abs(expected_calibration_error(pairs) - (0.5 * 0.4 + 0.5 * 0.15)) < 1e-9
    assert expected_calibration_error([]) == 0.0



def test_a_question_naming_its_time_prefers_a_sentence_mentioning_a_day_of_it() -> None:
    """Said on 7 May 2023: "last month" is April, "yesterday" May; the question names April."""
    from mrgraph.policies.turns import found
    from mrgraph.reader.evidence import mentions_within, named_time
    from mrgraph.reader.read import read as read_found
    turns = [("D1:1", "Omar", "I painted a big mural for the school yesterday."),
             ("D1:2", "Omar", "I painted a lake at dawn last month.")]
    s = state("What did Omar paint in April 2023?", turns)
    assert "lake" in read(s).answer
    # without the rule the first of two sentences holding as much answers
    off = read_found(found(s, False), off=frozenset({"on_the_day"}))
    assert "lake" not in off.answer and "mural" in off.answer
    assert named_time(analyse("What did Omar paint in April 2023?", SPEAKERS)) == \
        ("2023-04-01", "2023-04-30")
    # a time broader than a month, a "when" or a list question: no time to prefer
    assert named_time(analyse("What did Omar paint in 2023?", SPEAKERS)) is None
    assert named_time(analyse("When did Omar paint in April 2023?", SPEAKERS)) is None
    # a mention as broad as a year is no day of the month
    assert not mentions_within("I painted a lot last year.", "2024-01-10",
                               ("2023-04-01", "2023-04-30"))
    assert mentions_within("So we're going to record an EP in November.", "2024-09-19",
                           ("2024-11-10", "2024-11-10"))
