"""Counter-examples a review of the session's rules found, each kept as a test: the rule must
not fire on them (reader.when, reader.dates, reader.phrases, reader.evidence, reader.whose,
reader.forms, reader.manner, reader.read)."""

from __future__ import annotations

from mrgraph.reader.dates import ahead
from mrgraph.reader.forms import times
from mrgraph.reader.manner import by_doing
from tests.unit.test_reader import state
from tests.unit.walked import read


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_which_year_takes_the_date_stated_before_a_span_of_other_years() -> None:
    turns = [("D1:1", "Omar", "I moved to Sheffield in March 2019, best decision."),
             ("D1:2", "Omar", "I've had my dog for three years now.")]
    assert _answer("Which year did Omar move to Sheffield?", turns) == "2019"


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
                   [("D1:1", "Omar", "I'm off to Umbria next week, can't wait.")]) == \
        "Umbria"


def test_a_manner_is_no_time_of_day() -> None:
    assert by_doing("By evening I was calm.") is None
    assert by_doing("I stay calm by breathing slowly.") == "by breathing slowly"


def test_a_scene_giving_its_place_gives_its_fit_too() -> None:
    turns = [("D1:1", "Zofia", "I went to the zoning hearing. There was a huge crowd of "
                               "angry farmers.")]
    assert _answer("What did Zofia see at the zoning hearing?", turns) == \
        "huge crowd of angry farmers"


def test_an_hour_is_no_amount_of_the_persons() -> None:
    turns = [("D1:1", "Omar", "I have three kids, they keep me busy."),
             ("D1:2", "Zofia", "Your kids are lovely! See you at 5 on Friday.")]
    assert _answer("How many kids does Zofia have?", turns) != "5"


def test_times_compared_is_no_count_of_times() -> None:
    assert times("Genoa is ten times better than Paris.") is None
    assert times("She is twice my age.") is None
    assert times("I have been three times now.") == "three times"


def test_an_adverb_in_s_is_no_plural_thing_asked_for() -> None:
    from mrgraph.reader.question import analyse, asks_several
    for question in ("What does Omar always cook?", "What does Omar sometimes cook?"):
        assert not asks_several(analyse(question, {"Omar", "Zofia"})), question
    assert asks_several(analyse("What are Omar's dogs' names?", {"Omar", "Zofia"}))


# --- the second review (3e7a741..1708a80): each counter-example the rule must not fire on ---

def test_a_length_whose_event_has_no_day_is_no_crash() -> None:
    from tests.unit.test_reader_when import _answer as dated
    turns = [("D1:1", "Omar", "I started building the boat, a small wooden boat.", ""),
             ("D1:2", "Zofia", "Wow, good luck!", ""),
             ("D5:1", "Omar", "The boat is finished!", "2023-08-10"),
             ("D5:2", "Zofia", "Congrats!", "2023-08-10")]
    assert dated("How long did it take Omar to build the wooden boat?", turns)[0]


def test_a_date_of_my_mothers_act_is_not_the_persons() -> None:
    from tests.unit.test_reader_when import _answer as dated
    turns = [("D1:1", "Zofia", "Pepper the greyhound is adorable!", "2024-03-12"),
             ("D1:2", "Omar", "Right? My mom adopted her in January from a rescue.",
              "2024-03-12")]
    assert dated("When did Omar adopt Pepper the greyhound?", turns)[0] == \
        "Not mentioned in the conversation"


def test_a_holiday_of_a_named_year_or_prepared_for_or_beside_another_day() -> None:
    from datetime import date

    from mrgraph.dates import find_dates

    def said(text: str, on: date) -> list[tuple[str, str]]:
        return [(m.text, m.value.value) for m in find_dates(text, on)]
    assert said("I met him on Christmas Eve last year", date(2023, 12, 28)) == \
        [("on Christmas Eve last year", "2022-12-24")]
    assert said("We went skiing for Thanksgiving last year.", date(2023, 12, 1)) == \
        [("for Thanksgiving last year", "2022-11-24")]
    for text, on in (("I bought her a scarf for Christmas.", date(2023, 12, 10)),
                     ("I made a costume for Halloween!", date(2023, 10, 20)),
                     ("We met on Easter Monday.", date(2023, 7, 8))):
        assert said(text, on) == [], text
    assert said("This Christmas was quiet.", date(2024, 1, 3)) == \
        [("This Christmas", "2023-12-25")]


def test_a_be_later_in_the_question_is_no_habit() -> None:
    from mrgraph.reader.lengths import _STORY_ASKED
    assert _STORY_ASKED.search("How long did it take Omar to build the boat, which is wooden?")
    assert not _STORY_ASKED.search("How long does her drive take?")
    assert not _STORY_ASKED.search("How many days a week is she in the office?")
