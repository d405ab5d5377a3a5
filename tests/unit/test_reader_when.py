"""A "when" question over several sessions: which of the turns told at different times the
date rests on (reader.when). Sessions on the days each turn gives; the question's words
weigh 1 each (tests.unit.test_reader.state)."""

from __future__ import annotations

from mrgraph.policies.base import Budget, State
from mrgraph.policies.turns import found
from mrgraph.reader.dates import ahead, turn_dates
from mrgraph.reader.read import read as reader_read
from mrgraph.text import tokenize
from tests.unit.walked import read


def sessions(question: str, turns: list[tuple[str, str, str, str]]) -> State:
    """A state whose evidence is `turns` (dia_id, speaker, text, ISO day), one episode a
    session (the dia_id's "D<n>")."""
    s = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    for dia, who, text, day in turns:
        event = "e" + dia.partition(":")[0]
        held = s.evidence.events.setdefault(event, {"id": event, "summary": "", "dia_ids": [],
                                                    "relevance": 0.5, "date": day})
        held["dia_ids"].append(dia)
        s.evidence.add_turns([{"dia_id": dia, "speaker": who, "text": text, "event_id": event,
                               "date": f"{day}T10:00:00"}], "c1", 0.5)
    return s


def _answer(question: str, turns: list[tuple[str, str, str, str]],
            off: frozenset[str] = frozenset()) -> tuple[str, tuple[str, ...]]:
    state = sessions(question, turns)
    reading = reader_read(found(state, False), off=off) if off else read(state)
    return reading.answer, reading.supports


# the plan told in May, how it went told in June (Wednesday 14 June 2023)
PLAN_DAY, TOLD_DAY = "2023-05-07", "2023-06-14"


def test_a_plan_then_the_reply_that_it_happened() -> None:
    """A question about the past, first answered by a plan ("... in June"): the later reply,
    by the same speaker, to the other's question about it, dated inside the plan's period."""
    cases = [
        ("When did Omar's dad have his hip operation?",
         [("D1:1", "Omar", "My dad is having his hip operation in June, so I'm staying home.",
           PLAN_DAY),
          ("D2:1", "Zofia", "How is your dad? Wasn't the hip operation this month?", TOLD_DAY),
          ("D2:2", "Omar", "It was on Monday. He's home and grumpy already.", TOLD_DAY)],
         ("the Monday before 14 June 2023", ("D2:2",))),
        ("When did Zofia's sister move out of the flat?",
         [("D1:1", "Zofia", "My sister is moving out of the flat next month, to the city.",
           PLAN_DAY),
          ("D2:1", "Omar", "Did your sister move out?", TOLD_DAY),
          ("D2:2", "Zofia", "Yeah, last weekend. The flat is so quiet now.", TOLD_DAY)],
         ("the weekend before 14 June 2023", ("D2:2",))),
        ("When did Omar paint the garden shed?",
         [("D1:1", "Omar", "We're painting the garden shed in June, green this time.",
           PLAN_DAY),
          ("D2:1", "Zofia", "So, did you paint the shed?", TOLD_DAY),
          ("D2:2", "Omar", "We did, yesterday! Took all day.", TOLD_DAY)],
         ("13 June 2023", ("D2:2",))),
    ]
    for question, turns, expected in cases:
        assert _answer(question, turns) == expected, question
        # without the rule the plan answers
        assert _answer(question, turns, frozenset({"told_later"}))[1] == ("D1:1",), question


def test_a_reply_dated_outside_the_plan_is_another_story() -> None:
    """The reply's date is not in the planned period: the plan still answers."""
    turns = [("D1:1", "Omar", "My dad is having his hip operation in June, so I'm staying home.",
              PLAN_DAY),
             ("D2:1", "Zofia", "How is your dad? And his hip?", TOLD_DAY),
             ("D2:2", "Omar", "He hurt it in March last year, and it's finally fixed.", TOLD_DAY)]
    assert _answer("When did Omar's dad have his hip operation?", turns) == \
        ("June 2023", ("D1:1",))


def test_what_was_arranged_is_asked_about_ahead() -> None:
    """"due / supposed / scheduled to": a plan, though asked in the past tense; "due to" a
    cause is not."""
    assert ahead("When was Omar due to start at the bakery?") is True
    assert ahead("When was the concert supposed to take place?") is True
    assert ahead("When were Zofia's parents scheduled to fly out?") is True
    assert ahead("When did Omar cancel the trip due to the rain?") is False
    assert ahead("When was Omar due to start at the bakery?", due=False) is False
    turns = [("D1:1", "Zofia", "I applied to the clinic last week, fingers crossed.", PLAN_DAY),
             ("D2:1", "Omar", "You got the clinic job?! When do you start?", "2023-05-20"),
             ("D2:2", "Zofia", "The first week of June. I finish at the shop in May.",
              "2023-05-20")]
    assert _answer("When was Zofia due to start at the clinic?", turns) == \
        ("the first week of June 2023", ("D2:2",))
    assert _answer("When was Zofia due to start at the clinic?", turns,
                   frozenset({"due"}))[1] != ("D2:2",)


def test_a_weekday_said_alone() -> None:
    """"Picked it up Wednesday." / "Sunday morning." / "I'll call them Friday.": a weekday
    ending its clause, dated as "on <day>" would be (the clause's tense, else the turn's); not
    a habit, a bound or a holiday."""
    [picked] = turn_dates("Got a new bike. Picked it up Wednesday.", PLAN_DAY, bare=True)
    assert (picked.phrase, picked.start) == ("Wednesday", "2023-05-03")
    [fragment] = turn_dates("Sunday morning. The lake was freezing, we swam anyway.", TOLD_DAY,
                            bare=True)
    assert (fragment.phrase, fragment.start) == ("Sunday morning", "2023-06-11")
    [ahead_] = turn_dates("I'll call the plumber Friday.", PLAN_DAY, bare=True)
    assert ahead_.start == "2023-05-12"
    for none in ("We swim every Monday.", "It was Palm Sunday.", "Send it by Friday.",
                 "See you Friday!", "Sunday school was fun."):
        assert turn_dates(none, PLAN_DAY, bare=True) == (), none
    assert turn_dates("Got a new bike. Picked it up Wednesday.", PLAN_DAY, bare=False) == ()
    turns = [("D1:1", "Omar", "I got a new bike! Picked it up Wednesday.", PLAN_DAY)]
    assert _answer("When did Omar pick up the new bike?", turns)[0] == \
        "the Wednesday before 7 May 2023"
    assert _answer("When did Omar pick up the new bike?", turns, frozenset({"bare_day"}))[0] == \
        "7 May 2023"

