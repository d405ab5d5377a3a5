"""Where on a date (reader.whowhere): "where was X <on a date>?" by the places said; the
wrong-person test spares a question that holds nothing but its date (reader.whose)."""

from __future__ import annotations

from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Omar", "Zofia")


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_where_on_a_date_gives_the_places_said() -> None:
    turns = [("D1:1", "Zofia", "It's 4-6 October, I'm nervous already."),
             ("D1:2", "Zofia", "My boss wants me to give a talk at a robotics fair in Derby "
                               "in October.")]
    assert _answer("Where was Zofia from 4 to 6 October 2023?", turns) == \
        "robotics fair, Derby"
    turns = [("D1:1", "Omar", "My knee has recovered from the fall, finally."),
             ("D1:2", "Omar", "I'll be at my brother's place in Cork that weekend.")]
    assert _answer("Where was Omar on the weekend of 9 June 2023?", turns) == \
        "brother's place, Cork"
    turns = [("D1:1", "Omar", "Flying to Lisbon for Easter, back on the Tuesday.")]
    assert _answer("Where did Omar spend Easter 2023?", turns) == "Lisbon"


def test_where_reads_what_was_not_denied_and_the_best_sentences_place() -> None:
    from mrgraph.reader.question import analyse as asked
    from mrgraph.reader.whowhere import said_places
    question = asked("Where was Zofia in June 2023?", SPEAKERS)
    assert said_places("In June I didn't go to Paris after all, I went to the lake "
                       "instead.", question) == ["lake"]
    assert said_places("I didn't make it to Oslo.", question) == []
    assert said_places("I recovered from the flu at my aunt's farm.", question) == \
        ["aunt's farm"]  # "from the flu": a cause, no place
    assert said_places("Just got back from Genoa.", question) == ["Genoa"]
    # a denial after the place leaves it said; "from" after a word of coming back is a place
    assert said_places("I flew to Oslo and didn't see a single cloud.", question) == ["Oslo"]
    assert said_places("We camped at the quarry with no signal.", question) == ["quarry"]
    assert said_places("Just got back from the dunes yesterday.", question) == ["dunes"]
    assert said_places("I came home from the clinic at last.", question) == ["clinic"]
    assert said_places("We drove back from the coast.", question) == ["coast"]
    assert said_places("I caught it from the kids.", question) == []
    turns = [("D1:1", "Zofia", "In June I stayed at home with the kids."),
             ("D1:2", "Zofia", "My sister moved to Boston in June.")]
    assert _answer("Where was Zofia in June 2023?", turns) == "home"
    turns = [("D1:1", "Zofia", "In June I didn't fly to Oslo, I went to the lake instead.")]
    assert _answer("Where was Zofia in June 2023?", turns) == "lake"


def test_a_question_holding_only_a_date_is_nobody_elses() -> None:
    turns = [("D1:1", "Zofia", "My recital is on 9 June and I'm singing first!"),
             ("D1:2", "Omar", "Sorry I'll miss it, I'll be in Cork that weekend.")]
    assert _answer("Where was Omar on the weekend of 9 June 2023?", turns) == "Cork"
    # a question holding more than its date still weighs whose it is
    turns = [("D1:1", "Zofia", "I ran the city marathon on 9 June in Cork!")]
    assert _answer("Where did Omar run a marathon in June 2023?", turns) == \
        "Not mentioned in the conversation"


def test_a_date_is_named_by_its_calendar_word() -> None:
    from mrgraph.reader.words import dates_named
    assert dates_named("Where was Omar on New Year's Day 2024?") == ["New Year's Day", "2024"]
    assert dates_named("Where was Zofia the weekend of 9 June?") == ["weekend", "June"]
    assert dates_named("Where did Omar march?") == []  # the verb, not the month
    assert dates_named("What may Zofia bring on friday?") == ["friday"]


def test_a_verb_like_a_month_keeps_the_whose_test() -> None:
    turns = [("D1:1", "Zofia", "I marched through the old town with the climate group."),
             ("D1:2", "Omar", "Good for you, I stayed in.")]
    assert _answer("Where did Omar march?", turns) == "Not mentioned in the conversation"
    # a feast of several words is all date: the other's news that day is not the person's act
    turns = [("D1:1", "Zofia", "I threw a party on New Year's Day."),
             ("D1:2", "Omar", "I was in Galway then, sadly.")]
    assert _answer("Where was Omar on New Year's Day 2024?", turns) == "Galway"
