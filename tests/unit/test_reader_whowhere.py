"""Who and where on a date (reader.whowhere): "who ... with?" by the object of "with", a "who"
answer keeps its people, "where was X <on a date>?" by the places said; the wrong-person test
spares a question that holds nothing but its date (reader.whose)."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.reader.whowhere import asks_with, persons, with_whom
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Omar", "Zofia")


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_a_stranded_with_asks_for_the_company() -> None:
    assert asks_with(analyse("Who did Omar go sailing with on 3 May 2023?", SPEAKERS))
    assert asks_with(analyse("Who did Zofia have lunch with?", SPEAKERS))
    assert asks_with(analyse("Who was Omar with during the storm?", SPEAKERS))
    assert not asks_with(analyse("Who went with Omar to the fair?", SPEAKERS))
    assert not asks_with(analyse("Where did Omar go with Zofia?", SPEAKERS))
    # "with" before its own object is not stranded: "help with *the move*"
    assert asks_with(analyse("Who did Zofia go camping with this weekend?", SPEAKERS))
    assert not asks_with(analyse("Who did Omar help with the move?", SPEAKERS))
    assert not asks_with(analyse("Who did Zofia help with this project?", SPEAKERS))
    # "the" before a time starts the question's time, as "this" / "that" do
    assert asks_with(analyse("Who did Zofia go camping with the weekend before 3 May 2023?",
                             SPEAKERS))
    assert asks_with(analyse("Who was Omar with the night of the storm?", SPEAKERS))
    assert asks_with(analyse("Who did Omar eat with the day after the race?", SPEAKERS))
    assert not asks_with(analyse("Who did Omar walk with the dog?", SPEAKERS))
    turns = [("D1:1", "Omar", "I helped Jane with the move last weekend, so many boxes."),
             ("D1:2", "Omar", "Then I had pizza with friends.")]
    assert _answer("Who did Omar help with the move?", turns) == "Jane"


def test_the_object_of_with_names_people() -> None:
    assert with_whom("Went out on the lake with Dana and two guys from work.") == \
        "Dana and two guys from work"
    assert with_whom("We stayed with my aunt Rosa, who cooked every night.") == "my aunt Rosa"
    assert with_whom("I spent the day with a group of friends at the fair.") == \
        "a group of friends"
    assert with_whom("She greeted me with a smile.") is None
    assert with_whom("I painted it with watercolours.") is None
    # a denied clause names nobody's company; an adverb ends the object
    assert with_whom("I didn't go hiking with Tomas in the end.") is None
    assert with_whom("We never went with Tomas, I went with Lena instead.") == "Lena"
    assert with_whom("Had dinner with Sarah afterwards.") == "Sarah"
    assert with_whom("Went kayaking with my cousin Ben yesterday at noon.") == "my cousin Ben"
    assert with_whom("Went out with my family recently.") == "my family"
    # a denial covers what follows it up to a subject of its own, not the whole sentence
    assert with_whom("We went rowing with Tomas and it never got cold at all.") == "Tomas"
    assert with_whom("I can't believe we went with Lena!") == "Lena"
    assert with_whom("Went with Anouk and could not stop laughing.") == "Anouk"
    assert with_whom("No, I went with Lena.") == "Lena"
    assert with_whom("Never went with Tomas.") is None


def test_who_with_answers_by_the_company() -> None:
    turns = [("D1:1", "Omar", "Look at this photo of the boat."),
             ("D1:2", "Omar", "Sailed on Sunday with Dana and her two cousins. Freezing!")]
    assert _answer("Who did Omar go sailing with on Sunday?", turns) == \
        "Dana and her two cousins"


def test_a_who_answer_keeps_its_people() -> None:
    assert persons("plum tart and Dana") == "Dana"
    assert persons("two pies and my cousin") == "my cousin"
    assert persons("Dana and Lee") == "Dana and Lee"
    assert persons("a bottle of wine") == "a bottle of wine"


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
    assert said_places("Just got back from Rome.", question) == ["Rome"]
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


def test_a_place_answers_no_who() -> None:
    from mrgraph.reader.whowhere import placed
    from tests.unit.walked import sentences
    turns = [("D1:1", "Omar", "We're off to the Dordogne on 2 July for a week."),
             ("D1:2", "Omar", "The cat will stay with my brother Sami, he adores her.")]
    asked = "Who looked after Omar's cat while he was away in July 2023?"
    found = sentences(state(asked, turns), analyse(asked, SPEAKERS))
    assert placed(analyse(asked, SPEAKERS), found, "Dordogne")
    assert not placed(analyse(asked, SPEAKERS), found, "brother Sami")
    assert _answer(asked, turns).endswith("brother Sami")
    turns = [("D1:1", "Omar", "In July I flew to Lisbon and the dog had a holiday too."),
             ("D1:2", "Omar", "The dog stayed with my neighbour Kofi all month.")]
    assert _answer("Who walked Omar's dog in July 2023?", turns) == "Omar's neighbour Kofi"
    turns = [("D1:1", "Zofia", "In May I went to Seville, the cat was fed."),
             ("D1:2", "Zofia", "She stayed with Lee and his kids.")]
    assert _answer("Who fed Zofia's cat while she was away in May?", turns) == \
        "Lee and his kids"
    turns = [("D1:1", "Omar", "My June trip to Crete was great, the parrot too."),
             ("D1:2", "Omar", "The parrot stayed with my aunt Rosa.")]
    assert _answer("Who kept Omar's parrot during his trip in June 2023?", turns) == \
        "Omar's aunt Rosa"


def test_my_in_the_company_is_the_speakers() -> None:
    turns = [("D1:1", "Zofia", "Went to the fair on Sunday with my cousin Lee.")]
    assert _answer("Who did Zofia go to the fair with on Sunday?", turns) == "Zofia's cousin Lee"
    turns = [("D1:1", "Omar", "I climbed it with a bunch of friends from the gym.")]
    assert _answer("Who did Omar climb with in May?", turns) == \
        "a bunch of friends from the gym"
    # every "my" of the company is the speaker's, not only the first word's
    turns = [("D1:1", "Zofia", "Went to the fair on Sunday with Dana and my cousin Lee.")]
    assert _answer("Who did Zofia go to the fair with on Sunday?", turns) == \
        "Dana and Zofia's cousin Lee"


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
