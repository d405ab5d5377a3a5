"""Counter-examples a review of the session's rules found, each kept as a test: the rule must
not fire on them (reader.when, reader.dates, reader.phrases, reader.evidence, reader.whose,
reader.forms, reader.manner, reader.read)."""

from __future__ import annotations

from mrgraph.reader.dates import ahead, turn_dates
from mrgraph.reader.forms import times
from mrgraph.reader.manner import by_doing, doing
from mrgraph.reader.read import _OPINION
from tests.unit.test_reader import state
from tests.unit.walked import read


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_which_year_takes_the_date_stated_before_a_span_of_other_years() -> None:
    turns = [("D1:1", "Omar", "I moved to Leeds in March 2019, best decision."),
             ("D1:2", "Omar", "I've had my dog for three years now.")]
    assert _answer("Which year did Omar move to Leeds?", turns) == "2019"


def test_due_to_a_cause_is_no_plan() -> None:
    for question in ("When was the game cancelled due to rain?",
                     "When was the trip cancelled due to illness?",
                     "When was the party called off due to bad weather?"):
        assert ahead(question) is not True, question
    assert ahead("When was she expected to arrive?") is True


def test_a_particle_before_to_is_a_place_only_after_going_or_being() -> None:
    said = [("D1:1", "Omar", "In June I went camping by the lake and paid the loan back to "
                             "my brother.")]
    assert _answer("Where did Omar go in June?", said) != "brother"
    assert _answer("Where is Omar going next week?",
                   [("D1:1", "Omar", "I'm off to the Algarve next week, can't wait.")]) == \
        "Algarve"


def test_manner_and_state_are_no_direction_or_time_of_day() -> None:
    assert doing("We're going back to the garden centre tomorrow.") is None
    assert doing("Honestly it was rough in May, but now the shop's doing great, really.") == \
        "but now the shop's doing great"
    assert by_doing("By evening I was calm.") is None
    assert by_doing("I stay calm by breathing slowly.") == "by breathing slowly"


def test_a_scene_giving_its_place_gives_its_fit_too() -> None:
    turns = [("D1:1", "Priya", "I went to the council meeting. There was a huge crowd of "
                               "angry farmers.")]
    assert _answer("What did Priya see at the council meeting?", turns) == \
        "huge crowd of angry farmers"


def test_an_hour_is_no_amount_of_the_persons() -> None:
    turns = [("D1:1", "Omar", "I have three kids, they keep me busy."),
             ("D1:2", "Priya", "Your kids are lovely! See you at 5 on Friday.")]
    assert _answer("How many kids does Priya have?", turns) != "5"


def test_a_weekday_before_a_stated_date_is_that_date() -> None:
    found = turn_dates("The gig was Friday, 28 April.", "2023-05-07", bare=True)
    assert [v.start for v in found] == ["2023-04-28"]
    assert turn_dates("Picked it up Wednesday.", "2023-05-07") == ()  # bare days: asked for


def test_times_compared_is_no_count_of_times() -> None:
    assert times("Rome is ten times better than Paris.") is None
    assert times("She is twice my age.") is None
    assert times("I have been three times now.") == "three times"


def test_an_opinion_is_asked_of_the_whole_question() -> None:
    assert not _OPINION.search("What name did Priya think of for her puppy?")
    assert _OPINION.search("What did Omar say about the new library?")


def test_an_adverb_in_s_is_no_plural_thing_asked_for() -> None:
    from mrgraph.reader.question import analyse, asks_several
    for question in ("What does Omar always cook?", "What does Omar sometimes cook?"):
        assert not asks_several(analyse(question, {"Omar", "Priya"})), question
    assert asks_several(analyse("What are Omar's dogs' names?", {"Omar", "Priya"}))
