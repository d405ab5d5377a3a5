"""A running count (reader.tally): "how many X had she done by <date>" by the total said so
far, or by the ordinal of the latest one."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.reader.tally import (asks_so_far, counted_noun, ordinal_of, running_count,
                                  total_of)
from tests.unit.test_reader import state
from tests.unit.walked import read, sentences

SPEAKERS = ("Omar", "Zofia")


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_the_noun_counted() -> None:
    assert counted_noun(analyse("How many sewing classes had Zofia taken by May?",
                                SPEAKERS)) == "class"
    assert counted_noun(analyse("How many guided walks has Omar led?", SPEAKERS)) == "walk"
    assert counted_noun(analyse("How many times did Omar swim?", SPEAKERS)) == "time"


def test_a_total_so_far_answers() -> None:
    turns = [("D1:1", "Omar", "I lead canal walks now, ninety minutes each, Fridays."),
             ("D1:2", "Omar", "I've done five so far and nobody got lost.")]
    assert _answer("How many canal walks had Omar led by 9 May 2023?", turns) == "five"
    turns = [("D1:1", "Zofia", "The shelter is great, I've fostered 3 puppies in total.")]
    assert _answer("How many puppies had Zofia fostered by May 2023?", turns) == "three"
    turns = [("D1:1", "Omar", "Marathons are my thing: two altogether, both in the rain.")]
    assert _answer("How many marathons had Omar run by 2023?", turns) == "two"


def test_only_a_total_up_to_a_point_is_a_running_count() -> None:
    assert asks_so_far(analyse("How many kites had Omar built by July 2023?", SPEAKERS))
    assert asks_so_far(analyse("How many races has Zofia won so far?", SPEAKERS))
    assert asks_so_far(analyse("How many quilts had Zofia sewn by the end of March?", SPEAKERS))
    assert not asks_so_far(analyse("How many kids does Zofia have?", SPEAKERS))
    assert not asks_so_far(analyse("How many kites did Omar build by the river?", SPEAKERS))
    # the date follows the bound word: "by <an author> in 2022" bounds nothing
    assert not asks_so_far(analyse("How many novels did Zofia read by Ada Quill in 2022?",
                                   SPEAKERS))
    assert not asks_so_far(analyse("How many songs did Omar play by ear in May?", SPEAKERS))
    assert asks_so_far(analyse("How many pies had Omar baked by 3 May 2023?", SPEAKERS))
    assert asks_so_far(analyse("How many hikes had Zofia done until mid-June?", SPEAKERS))
    assert asks_so_far(analyse("How many books had Zofia read by last Friday?", SPEAKERS))
    turns = [("D1:1", "Zofia", "I have two kids and a very loud parrot."),
             ("D1:2", "Zofia", "This is the best drawing one so far.")]
    assert _answer("How many kids does Zofia have?", turns) == "two kids"


def test_the_total_is_of_the_thing_counted() -> None:
    assert total_of("I've built five so far.", "kite") == "five"
    assert total_of("That makes 4 box kites in total!", "kite") == "four"
    assert total_of("Two of them altogether, both red.", "kite") == "two"
    assert total_of("I've lost 10 pounds so far.", "kite") is None  # another amount
    assert total_of("We raised 500 dollars in total.", "kite") is None
    assert total_of("This is the best one so far.", "kite") is None  # a pronoun
    assert total_of("I've only flown one so far.", "kite") == "one"
    turns = [("D1:1", "Omar", "Kites are my new hobby, they take ages."),
             ("D1:2", "Omar", "We sold 300 tickets in total for the festival."),
             ("D1:3", "Omar", "Three of them so far, the last one is huge.")]
    assert _answer("How many kites had Omar built by June 2023?", turns) == "three"
    # a bare number counts what was just named, not what another session is about
    turns = [("D1:1", "Omar", "I've built kites all spring, the big ones are hard."),
             ("D2:1", "Omar", "The garden is coming on: I've planted six so far.")]
    asked = analyse("How many kites had Omar built by June 2023?", SPEAKERS)
    assert running_count(asked, sentences(state(asked.text, turns), asked)) is None


def test_the_ordinal_of_the_latest_counts() -> None:
    assert ordinal_of("That was our third sewing class together!", "class") == 3
    assert ordinal_of("My second trip abroad this year.", "trip") == 2
    assert ordinal_of("My first trip abroad this year.", "trip") is None  # a first time
    assert ordinal_of("The second half was better.", "class") is None
    turns = [("D1:1", "Zofia", "Our fourth dance workshop, and the best one yet!")]
    assert _answer("How many dance workshops had Zofia and Omar done by June 2023?",
                   turns) == "four"
