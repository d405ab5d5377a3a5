"""The reader's dates: the date of the clause that says what was asked, on the side of its
saying the question asks about, as precisely as it was said; else the day it was said.

The sessions of these states are Sunday 7 May 2023 (tests.unit.test_reader.state)."""

from __future__ import annotations

from mrgraph.policies.base import Budget, State
from mrgraph.reader.dates import agrees, ahead, told, turn_dates, when
from mrgraph.text import tokenize
from tests.unit.walked import read
from tests.unit.test_reader import state

SAID = "2023-05-07"


def _answer(question: str, turns: list[tuple[str, str, str]]) -> tuple[str, tuple[str, ...]]:
    reading = read(state(question, turns))
    return reading.answer, reading.supports


def test_the_date_of_the_clause_that_says_it() -> None:
    turns = [("D1:1", "Zofia", "I ran a marathon last Saturday - it was brutal. We fly to the "
                               "coast next month, the kids are thrilled.")]
    assert _answer("When did Zofia run a marathon?", turns)[0] == \
        "the Saturday before 7 May 2023"
    assert _answer("When is Zofia going to fly to the coast?", turns)[0] == "June 2023"


def test_a_turn_tells_one_story() -> None:
    """The date is in one sentence, what was asked in the next: still that date."""
    turns = [("D1:1", "Omar", "Guess what, I got a kitten two weeks ago! Her name is Pip and "
                              "she chews everything.")]
    assert _answer("When did Omar get Pip?", turns)[0] == "two weeks before 7 May 2023"


def test_no_date_said_is_the_day_it_was_said() -> None:
    turns = [("D1:1", "Omar", "Big news: I joined a rowing club, the mornings are cold.")]
    assert _answer("When did Omar join a rowing club?", turns)[0] == "7 May 2023"


def test_a_year_is_a_year() -> None:
    turns = [("D1:1", "Zofia", "That quilt? I finished it last year, after the move.")]
    assert _answer("When did Zofia finish the quilt?", turns)[0] == "2022"


def test_a_date_told_just_before_a_question_dates_the_reply() -> None:
    turns = [("D1:1", "Zofia", "Something awful happened yesterday..."),
             ("D1:2", "Omar", "Oh no, what happened?"),
             ("D1:3", "Zofia", "I crashed my bike on the hill road.")]
    answer, supports = _answer("When did Zofia crash her bike?", turns)
    assert (answer, supports) == ("6 May 2023", ("D1:3",))


def test_the_person_asked_about_says_it() -> None:
    turns = [("D1:1", "Omar", "I painted the fence last week."),
             ("D1:2", "Zofia", "Lovely! I painted our fence yesterday, so tiring.")]
    assert _answer("When did Zofia paint the fence?", turns) == ("6 May 2023", ("D1:2",))


def test_which_side_a_question_asks_about() -> None:
    assert ahead("When is Omar going to move?") is True
    assert ahead("When will they marry?") is True
    assert ahead("When did Omar move?") is False
    assert ahead("When is Omar's birthday?") is None
    [plan] = turn_dates("We fly next month.", SAID)
    [memory] = turn_dates("We flew last month.", SAID)
    assert agrees(plan, True) and not agrees(memory, True)
    assert agrees(memory, False) and not agrees(plan, False)
    assert agrees(plan, None) and agrees(memory, None)


def test_told_prefers_the_clause_then_the_side() -> None:
    turn = "We moved last year. We marry next spring!"
    def fit(clause: str) -> float:
        return 1.0 if "marry" in clause else 0.0
    value = told("We moved last year.", turn, SAID, fit)
    assert value is not None and value.value == "2024-spring"
    nothing = told("We moved last year.", turn, SAID, lambda _: 0.0, future=True)
    assert nothing is not None and nothing.value == "2024-spring"  # ahead: never the past one
    assert told("x", "no dates here", SAID, fit) is None
    assert when(None, SAID) == "7 May 2023" and when(None, "") is None


def test_a_sentence_stating_the_date_beside_a_best_one_that_states_none() -> None:
    """A "when" question asks for a date: when the best sentence's turn states none, a nearly
    as good sentence of the person's that states one answers (three shapes: about a year
    ago, last month, last Thursday)."""
    cases = [
        ("When did Zofia start volunteering at the food bank?",
         [("D1:1", "Zofia", "Volunteering at the food bank is what I started doing lately."),
          ("D1:5", "Zofia", "I started volunteering there about a year ago, after the flood.")],
         ("around 2022", ("D1:5",))),
        ("When did Omar join the choir at church?",
         [("D1:1", "Omar", "Joining the choir at church was the best thing I did."),
          ("D1:4", "Omar", "Last month I finally joined the choir, no regrets.")],
         ("April 2023", ("D1:4",))),
        ("When did Zofia repaint the old kitchen?",
         [("D1:1", "Zofia", "We repainted the old kitchen a bright yellow."),
          ("D1:3", "Zofia", "We repainted it last Thursday, it still smells.")],
         ("the Thursday before 7 May 2023", ("D1:3",))),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question



def _sessions(question: str, turns: list[tuple[str, str, str, str]]) -> State:
    """Turns (dia_id, speaker, text, session day) of one episode per session day."""
    s = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    for day in sorted({t[3] for t in turns}):
        s.evidence.events[day] = {"id": day, "summary": "", "relevance": 0.5, "date": day,
                                  "dia_ids": [t[0] for t in turns if t[3] == day]}
    s.evidence.add_turns([{"dia_id": d, "speaker": who, "text": text, "event_id": day,
                           "date": f"{day}T10:00:00"} for d, who, text, day in turns],
                         "c1", 0.5)
    return s


def test_of_nearly_equal_sentences_the_one_told_first_dates_a_past_thing() -> None:
    """A thing that happened is told when it happened and recalled later in nearly the same
    words: the first telling dates it (three shapes: an exclamation, a start, a plain past);
    a plan's latest word holds."""
    cases = [
        ("When did Zofia adopt the tiny grey kitten with white paws from the animal shelter "
         "downtown?",
         [("D2:3", "Zofia", "We adopted the tiny grey kitten with white paws from the animal "
                            "shelter!", "2023-03-14"),
          ("D6:1", "Zofia", "Adopting the tiny grey kitten with white paws from the animal "
                            "shelter downtown was the best call.", "2023-08-02")],
         "14 March 2023"),
        ("When did Omar start teaching the beginners' evening pottery class at the old "
         "community center?",
         [("D1:5", "Omar", "I started teaching the evening pottery class at the old community "
                           "center!", "2023-02-01"),
          ("D4:2", "Omar", "Teaching the beginners' evening pottery class at the old community "
                           "center is a joy since I started.", "2023-06-11")],
         "February 2023"),  # a beginning told with no date: its month (onset_month)
        ("When did Omar paint the old red barn behind his grandparents' farm house?",
         [("D2:3", "Omar", "Painted the old red barn behind the farm house, whew.",
           "2023-03-14"),
          ("D6:1", "Omar", "Painting the old red barn behind my grandparents' farm house was "
                           "fun.", "2023-08-02")],
         "14 March 2023"),
    ]
    for question, turns, expected in cases:
        assert read(_sessions(question, turns)).answer == expected, question
    plan = [("D2:3", "Omar", "Going to paint the old red barn behind the farm house, whew.",
             "2023-03-14"),
            ("D6:1", "Omar", "Going to paint the old red barn behind my grandparents' farm "
                             "house, fun.", "2023-08-02")]
    assert read(_sessions("When is Omar going to paint the old red barn behind his "
                          "grandparents' farm house?", plan)).answer == "2 August 2023"


def test_a_plan_yields_to_a_later_telling_that_it_was_done() -> None:
    """A past question: "I'll do it in January" fits it best, "I did it on Tuesday" said later
    dates it (three shapes: a month, a weekday, a week)."""
    cases = [
        ("When did Zofia run the blank sample the referee asked for?",
         [("D1:3", "Zofia", "One referee wants one more blank sample, I'll run it in June.",
           "2023-05-07"),
          ("D2:4", "Zofia", "Oh, and I ran the blank sample on Tuesday.", "2023-06-18")],
         "the Tuesday before 18 June 2023"),
        ("When did Omar repaint the blue boat shed by the lake?",
         [("D1:2", "Omar", "I'm going to repaint the blue boat shed by the lake next month.",
           "2023-05-07"),
          ("D3:1", "Omar", "Repainted the boat shed by the lake last week, finally.",
           "2023-07-02")],
         "the week before 2 July 2023"),
        ("When did Zofia move the old piano to her sister's flat?",
         [("D1:1", "Zofia", "We'll move the old piano to my sister's flat in August.",
           "2023-05-07"),
          ("D2:2", "Zofia", "We moved the old piano to her flat in early September.",
           "2023-09-20")],
         "September 2023"),
    ]
    for question, turns, expected in cases:
        assert read(_sessions(question, turns)).answer == expected, question
    question, (plan, _), _ = cases[0]
    other = ("D2:4", "Zofia", "Oh, and I ran on Tuesday.", "2023-06-18")  # too little of it
    assert read(_sessions(question, [plan, other])).answer == "June 2023"


def test_a_near_sentence_sharing_nothing_with_the_question_gives_no_date() -> None:
    """The best sentence states no date and the next dated one is about something else: the
    best sentence's own day, not the other one's date."""
    turns = [("D1:1", "Omar", "First swim of the year in the cold lake, brr.", "2023-04-09"),
             ("D2:1", "Omar", "My landlord said last week he wants to sell.", "2023-06-20")]
    assert read(_sessions("When did Omar take his first swim of the year?", turns)).answer \
        == "9 April 2023"
