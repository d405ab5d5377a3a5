"""How long a thing lasted, said another way than "for three days": the period of a
frequency is no span ("twice a week", family span_freq); a run of days said by its first and
last day is one ("June 17-19", family day_range); said in the speaker's next turn, after the
other's reply, when none of the best sentences says one (family next_turn)."""

from __future__ import annotations

from mrgraph.reader.forms import duration
from mrgraph.reader.lengths import day_range
from mrgraph.policies.turns import found
from mrgraph.reader.read import read as reader_read
from tests.unit.test_reader_when import _answer, sessions

DAY = "2024-05-18"
# a turn of many sentences: the next turn's lie beyond the best few read for a span
CHAT = " ".join(f"The {w} was fine." for w in
                "bus lab cat rain tea cake bike lock park desk".split())


def test_the_period_of_a_frequency_is_no_span() -> None:
    """"twice a week" says how often; a span elsewhere in the sentence still counts."""
    assert duration("Twice a week, I'm doing V3s now.", often=False) is None
    assert duration("I go three times a month to the pool.", often=False) is None
    assert duration("Once a week for two years now.", often=False) == "two years"
    assert duration("Twice a week.") == "a week"  # the family off: as before


def test_a_run_of_days_is_how_many_days() -> None:
    """Both ends are counted: a conference "June 17-19" lasts three days."""
    assert day_range("Noted. It's June 17-19, I'm stressed.") == "three days"
    assert day_range("We're away from 3 to 10 August.") == "eight days"
    assert day_range("The fair runs 12th-14th of July.") == "three days"
    assert day_range("I waited 2-3 weeks.") is None  # no month: not a run of days
    assert day_range("The shop is on 5th Avenue.") is None


def test_the_length_said_in_the_next_turn() -> None:
    """A thing is told, the other answers, the length follows in the speaker's next turn."""
    cases = [
        ("How long did Zofia's conference in Lisbon last?",
         [("D1:1", "Zofia", f"{CHAT} Also, I'm presenting at a conference in Lisbon in June.",
           DAY),
          ("D1:2", "Omar", "Lisbon! Eat all the custard tarts.", DAY),
          ("D1:3", "Zofia", "Noted. It's June 17-19, I'm already nervous.", DAY)],
         "three days", "June 2024"),
        ("How long did Omar's festival in Leeds run?",
         [("D1:1", "Omar", f"{CHAT} Our band got a slot at the festival in Leeds next month.",
           DAY),
          ("D1:2", "Zofia", "That's huge, congrats!", DAY),
          ("D1:3", "Omar", "Thanks! It's from 12 to 14 July, we play on the last night.", DAY)],
         "three days", None),
        ("How long did Zofia's trip to Rome last?",
         [("D1:1", "Zofia", f"{CHAT} We booked the trip to Rome for the spring, finally.",
           DAY),
          ("D1:2", "Omar", "You deserve it.", DAY),
          ("D1:3", "Zofia", "We'll be there for ten days, pasta every night.", DAY)],
         "ten days", "18 May 2024"),
    ]
    for question, turns, expected, without in cases:
        assert _answer(question, turns)[0] == expected, question
        if without is not None:  # the run said in the best few already needs no next turn
            assert _answer(question, turns, frozenset({"next_turn"}))[0] == without, question


def _ranked(question: str, turns: list[tuple[str, str, str, str]],
            off: frozenset[str] = frozenset()) -> str:
    """The answer when the first session's episode is the most relevant by far: its
    sentences rank first whatever they hold."""
    state = sessions(question, turns)
    state.evidence.events["eD1"]["relevance"] = 3.0
    return reader_read(found(state, False), off=off).answer


def test_a_span_is_told_in_a_turn_about_what_was_asked() -> None:
    """A span in a turn holding none of the question tells another thing (span_told)."""
    cases = [
        ("How long has Omar worked at Brightwave?",
         [("D1:1", "Omar", "Hey! It's been a few weeks since we talked, so much news.", DAY),
          ("D2:1", "Omar", "I manage a team at Brightwave now. I've been there since 2019.",
           DAY)], "since 2019"),
        ("How long has Zofia been playing the cello?",
         [("D1:1", "Zofia", "I left my old job in 2014, ten years this summer.", DAY),
          ("D2:1", "Zofia", "The cello keeps me sane. I've played it for six years.", DAY)],
         "six years, since 2018"),
        ("How long did Omar's pottery course run?",
         [("D1:1", "Omar", "Hey there! It's been two months since our last chat.", DAY),
          ("D2:1", "Omar", "I started a pottery course on Tuesday. Six weeks, every Tuesday.",
           DAY)], "six weeks"),
    ]
    for question, turns, expected in cases:
        assert _ranked(question, turns) == expected, question
        assert _ranked(question, turns, frozenset({"span_told"})) != expected, question
